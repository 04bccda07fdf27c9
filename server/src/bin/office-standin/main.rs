//! `office-standin`: a stand-in for OnlyOffice Docs (the document server), for the browser
//! tests only: the real one cannot run on the test machines. It does, on loopback, what the
//! portal and its web app need of the real one:
//!
//! - `GET /web-apps/apps/api/documents/api.js`: the script the web app's `DocumentEditor`
//!   (`@onlyoffice/document-editor-react`) loads from the configured server (`api.js` beside
//!   this file). It defines `window.DocsAPI.DocEditor(placeholderId, config)`, which replaces
//!   the placeholder with a small editor (the file's title, the mode, the member's name and, in
//!   edit mode, *Save*), calls the configuration's `events.onAppReady`, then `onDocumentReady`
//!   once this server has opened the document (or `onError`), and returns an object whose
//!   `destroyEditor()` puts an empty placeholder back, as the real one does.
//! - `POST /standin/open` `{token}`: opening, as the document server does it: the
//!   configuration's `token` must verify (HS256 with the shared secret), and the document is
//!   downloaded from the `document.url` it signs (the portal's five-minute file link).
//! - `POST /standin/save` `{token}`: the end of an editing session: the same checks, the signed
//!   configuration must be in edit mode with a `callbackUrl`; the file is downloaded again and
//!   served as the edited file from this server's own address (`/cache/files/…`, unchanged: the
//!   stand-in edits nothing), and the save callback goes to `editorConfig.callbackUrl` as
//!   OnlyOffice sends it: status 2, `key`, `url`, `users` (the editor's user id), signed in an
//!   `Authorization: Bearer` JWT whose `payload` is the body, with `iat` and `exp` (five
//!   minutes). The page gets the portal's answer (`{"portal": {"error": 0}}`) or why the
//!   stand-in could not get one (`{"error": …}`).
//! - `GET /cache/files/{name}`: an edited file, while its callback is under way.
//!
//! Only what the token signs counts, as in the real server. The two `POST`s answer the page's
//! origin (CORS), since the page calls them from the portal's address.
//!
//! Usage: `office-standin --port 0 --secret SECRET`; prints `listening on http://127.0.0.1:PORT`
//! once ready (that address is the portal's `ONLYOFFICE_URL`).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use axum::{
    body::Bytes,
    extract::{Path, Request, State},
    http::{header, HeaderValue, Method, StatusCode},
    middleware::{self, Next},
    response::{IntoResponse, Response},
    routing::{get, post},
    Json, Router,
};
use jsonwebtoken::{decode, encode, Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::Deserialize;
use serde_json::{json, Value};

/// The editor script the web app loads.
const API_JS: &str = include_str!("api.js");
/// The largest document the stand-in downloads (the portal keeps files of up to 20 MB).
const MAX_DOCUMENT_BYTES: usize = 25 * 1024 * 1024;
/// How long a callback's JWT is valid, as the real server signs it.
const CALLBACK_JWT_SECONDS: i64 = 300;

#[derive(Clone)]
struct Standin {
    /// This server's own address (`http://127.0.0.1:PORT`): where edited files are served.
    origin: String,
    secret: String,
    http: reqwest::Client,
    /// Edited files being handed to the portal, by name.
    files: Arc<Mutex<HashMap<String, Bytes>>>,
}

/// What the page sends: the configuration's token (nothing else of the page is trusted).
#[derive(Deserialize)]
struct FromPage {
    token: Option<String>,
}

/// What the document server acts on, read from the signed configuration.
struct Session {
    key: String,
    url: String,
    title: String,
    file_type: String,
    edit: bool,
    callback_url: Option<String>,
    user_id: String,
}

fn refuse(status: StatusCode, message: impl Into<String>) -> Response {
    let message = message.into();
    println!("refused ({status}): {message}");
    (status, Json(json!({ "error": message }))).into_response()
}

impl Standin {
    /// The session `token` signs, if it verifies with the secret.
    #[allow(clippy::result_large_err)] // a test stand-in: the error is the response itself
    fn session(&self, token: Option<&str>) -> Result<Session, Response> {
        let token = token
            .filter(|t| !t.is_empty())
            .ok_or_else(|| refuse(StatusCode::FORBIDDEN, "The configuration carries no token."))?;
        let mut validation = Validation::new(Algorithm::HS256);
        validation.required_spec_claims.clear();
        validation.validate_aud = false;
        let key = DecodingKey::from_secret(self.secret.as_bytes());
        let claims = decode::<Value>(token, &key, &validation)
            .map_err(|_| {
                refuse(
                    StatusCode::FORBIDDEN,
                    "The configuration's token is not signed with the document server's secret.",
                )
            })?
            .claims;
        let text =
            |pointer: &str| claims.pointer(pointer).and_then(Value::as_str).map(str::to_owned);
        let (Some(key), Some(url)) = (text("/document/key"), text("/document/url")) else {
            return Err(refuse(
                StatusCode::BAD_REQUEST,
                "The signed configuration names no document key or URL.",
            ));
        };
        Ok(Session {
            key,
            url,
            title: text("/document/title").unwrap_or_default(),
            file_type: text("/document/fileType").unwrap_or_default(),
            edit: text("/editorConfig/mode").as_deref() == Some("edit"),
            callback_url: text("/editorConfig/callbackUrl"),
            user_id: text("/editorConfig/user/id").unwrap_or_default(),
        })
    }

    /// The document at `url` (the portal's file link), as the document server fetches it.
    #[allow(clippy::result_large_err)]
    async fn download(&self, url: &str) -> Result<Bytes, Response> {
        let failed = |why: String| {
            refuse(
                StatusCode::BAD_GATEWAY,
                format!("The document could not be downloaded from the portal ({why})."),
            )
        };
        let response = self.http.get(url).send().await.map_err(|err| failed(err.to_string()))?;
        if !response.status().is_success() {
            return Err(failed(format!("HTTP {}", response.status().as_u16())));
        }
        let bytes = response.bytes().await.map_err(|err| failed(err.to_string()))?;
        if bytes.len() > MAX_DOCUMENT_BYTES {
            return Err(failed("larger than 25 MB".into()));
        }
        Ok(bytes)
    }
}

async fn api_js() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "application/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        API_JS,
    )
}

/// Opens the document of a configuration: what the editor shows once it has it.
async fn open(State(standin): State<Standin>, Json(page): Json<FromPage>) -> Response {
    let session = match standin.session(page.token.as_deref()) {
        Ok(session) => session,
        Err(refused) => return refused,
    };
    match standin.download(&session.url).await {
        Ok(bytes) => {
            println!("opened {} ({} bytes, key {})", session.title, bytes.len(), session.key);
            Json(json!({
                "title": session.title,
                "bytes": bytes.len(),
                "mode": if session.edit { "edit" } else { "view" },
            }))
            .into_response()
        }
        Err(refused) => refused,
    }
}

/// Ends an editing session with a save: the file goes back to the portal through its
/// callback, and the page gets the portal's answer.
async fn save(State(standin): State<Standin>, Json(page): Json<FromPage>) -> Response {
    let session = match standin.session(page.token.as_deref()) {
        Ok(session) => session,
        Err(refused) => return refused,
    };
    let Some(callback) = session.callback_url.clone().filter(|_| session.edit) else {
        return refuse(
            StatusCode::FORBIDDEN,
            "This configuration opens the document for viewing only: there is nothing to save.",
        );
    };
    let bytes = match standin.download(&session.url).await {
        Ok(bytes) => bytes,
        Err(refused) => return refused,
    };
    let extension: String =
        session.file_type.chars().filter(char::is_ascii_alphanumeric).take(8).collect();
    let name = format!("{}.{extension}", uuid::Uuid::new_v4().simple());
    standin.files.lock().unwrap().insert(name.clone(), bytes);
    let body = json!({
        "key": session.key,
        "status": 2,
        "url": format!("{}/cache/files/{name}", standin.origin),
        "users": [session.user_id],
        "filetype": session.file_type,
    });
    let now = chrono::Utc::now().timestamp();
    let claims = json!({ "payload": body, "iat": now, "exp": now + CALLBACK_JWT_SECONDS });
    let key = EncodingKey::from_secret(standin.secret.as_bytes());
    let answer = match encode(&Header::new(Algorithm::HS256), &claims, &key) {
        Ok(jwt) => standin.http.post(&callback).bearer_auth(jwt).json(&body).send().await,
        Err(err) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, err.to_string()),
    };
    // The portal fetched the file while handling the callback: it is no longer needed.
    standin.files.lock().unwrap().remove(&name);
    let answer = match answer {
        Ok(answer) if answer.status().is_success() => answer.json::<Value>().await,
        Ok(answer) => {
            let status = answer.status().as_u16();
            return refuse(
                StatusCode::BAD_GATEWAY,
                format!("The portal's callback answered HTTP {status}."),
            );
        }
        Err(err) => {
            return refuse(
                StatusCode::BAD_GATEWAY,
                format!("The portal's callback could not be reached ({err})."),
            )
        }
    };
    match answer {
        Ok(reply) => {
            println!("saved {} (key {}): the portal answered {reply}", session.title, session.key);
            Json(json!({ "portal": reply })).into_response()
        }
        Err(err) => refuse(
            StatusCode::BAD_GATEWAY,
            format!("The portal's callback answer is not JSON ({err})."),
        ),
    }
}

/// An edited file, as the document server's cache serves it.
async fn cached(State(standin): State<Standin>, Path(name): Path<String>) -> Response {
    match standin.files.lock().unwrap().get(&name).cloned() {
        Some(bytes) => {
            ([(header::CONTENT_TYPE, "application/octet-stream")], bytes).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The page calls the stand-in from the portal's address: its origin may (any origin may:
/// this runs on loopback for tests only).
async fn cors(request: Request, next: Next) -> Response {
    let origin = request.headers().get(header::ORIGIN).cloned();
    let mut response = if request.method() == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        next.run(request).await
    };
    if let Some(origin) = origin {
        let headers = response.headers_mut();
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        headers.insert(header::ACCESS_CONTROL_ALLOW_METHODS, HeaderValue::from_static("POST"));
        headers
            .insert(header::ACCESS_CONTROL_ALLOW_HEADERS, HeaderValue::from_static("content-type"));
        headers.insert(header::VARY, HeaderValue::from_static("origin"));
    }
    response
}

fn router(standin: Standin) -> Router {
    let calls = Router::new()
        .route("/standin/open", post(open))
        .route("/standin/save", post(save))
        .layer(middleware::from_fn(cors));
    Router::new()
        .route("/web-apps/apps/api/documents/api.js", get(api_js))
        .route("/cache/files/{name}", get(cached))
        .merge(calls)
        .with_state(standin)
}

#[tokio::main]
async fn main() {
    let mut port = 0u16;
    let mut secret = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--port" => port = args.next().and_then(|p| p.parse().ok()).expect("--port NUMBER"),
            "--secret" => secret = Some(args.next().expect("--secret SECRET")),
            other => panic!("unknown argument {other}"),
        }
    }
    let secret = secret.expect("--secret SECRET (the portal's ONLYOFFICE_JWT_SECRET)");
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("bind");
    let origin = format!("http://{}", listener.local_addr().expect("address"));
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .connect_timeout(Duration::from_secs(10))
        .timeout(Duration::from_secs(60))
        .build()
        .expect("HTTP client");
    println!("listening on {origin}");
    let standin = Standin { origin, secret, http, files: Arc::default() };
    axum::serve(listener, router(standin)).await.expect("office stand-in server");
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "the-shared-secret-of-some-length";

    fn sign(claims: &Value, secret: &str) -> String {
        encode(&Header::new(Algorithm::HS256), claims, &EncodingKey::from_secret(secret.as_bytes()))
            .unwrap()
    }

    /// Serves `router` on a free loopback port: its address.
    async fn serve(router: Router) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        url
    }

    async fn standin() -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let standin = Standin {
            origin: origin.clone(),
            secret: SECRET.into(),
            http: reqwest::Client::new(),
            files: Arc::default(),
        };
        tokio::spawn(async move { axum::serve(listener, router(standin)).await.unwrap() });
        origin
    }

    fn config(portal: &str, mode: &str) -> Value {
        let mut config = json!({
            "document": {"fileType": "docx", "key": "rawlife-doc-1-v1", "title": "Checklist.docx",
                         "url": format!("{portal}/file")},
            "documentType": "word",
            "editorConfig": {"mode": mode, "lang": "en", "user": {"id": "42", "name": "Jordan"}},
        });
        if mode == "edit" {
            config["editorConfig"]["callbackUrl"] = format!("{portal}/callback").into();
        }
        config
    }

    /// What the stand-in answers the page for `path` with `token`.
    async fn call(standin: &str, path: &str, token: Option<String>) -> (u16, Value) {
        let response = reqwest::Client::new()
            .post(format!("{standin}{path}"))
            .json(&json!({ "token": token }))
            .send()
            .await
            .unwrap();
        (response.status().as_u16(), response.json().await.unwrap())
    }

    /// The callbacks a portal received: its bearer JWT's claims, its body, and the edited file
    /// fetched from its `url`.
    type Seen = Arc<Mutex<Vec<(Value, Value, Vec<u8>)>>>;

    /// A portal in miniature: the document at `/file`, the save callback at `/callback`.
    async fn portal(seen: Seen) -> String {
        async fn callback(
            State(seen): State<Seen>,
            headers: axum::http::HeaderMap,
            Json(body): Json<Value>,
        ) -> Json<Value> {
            let jwt = headers[header::AUTHORIZATION].to_str().unwrap().strip_prefix("Bearer ");
            let mut validation = Validation::new(Algorithm::HS256);
            validation.required_spec_claims.clear();
            let key = DecodingKey::from_secret(SECRET.as_bytes());
            let claims = decode::<Value>(jwt.unwrap(), &key, &validation).unwrap().claims;
            let url = body["url"].as_str().unwrap().to_owned();
            let file = reqwest::get(url).await.unwrap().bytes().await.unwrap().to_vec();
            seen.lock().unwrap().push((claims, body, file));
            Json(json!({"error": 0}))
        }
        serve(
            Router::new()
                .route("/file", get(|| async { b"PK the document".to_vec() }))
                .route("/callback", post(callback))
                .with_state(seen),
        )
        .await
    }

    #[tokio::test]
    async fn only_a_configuration_signed_with_the_secret_opens() {
        let seen = Seen::default();
        let portal = portal(seen.clone()).await;
        let standin = standin().await;
        let config = config(&portal, "view");
        let (status, body) = call(&standin, "/standin/open", Some(sign(&config, SECRET))).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body, json!({"title": "Checklist.docx", "bytes": 15, "mode": "view"}));

        let other = sign(&config, "another-secret-of-some-length");
        for token in [Some(other), None, Some(String::new())] {
            let (status, _) = call(&standin, "/standin/open", token).await;
            assert_eq!(status, 403);
        }
        // View mode has nothing to save, whatever the page asks.
        let (status, _) = call(&standin, "/standin/save", Some(sign(&config, SECRET))).await;
        assert_eq!(status, 403);
        assert!(seen.lock().unwrap().is_empty());
    }

    #[tokio::test]
    async fn a_save_sends_the_signed_callback_onlyoffice_sends_and_answers_the_portals_reply() {
        let seen = Seen::default();
        let portal = portal(seen.clone()).await;
        let standin = standin().await;
        let token = sign(&config(&portal, "edit"), SECRET);
        let before = chrono::Utc::now().timestamp();
        let (status, body) = call(&standin, "/standin/save", Some(token)).await;
        assert_eq!((status, body), (200, json!({"portal": {"error": 0}})));

        let seen = seen.lock().unwrap();
        let (claims, body, file) = &seen[0];
        assert_eq!(body["key"], "rawlife-doc-1-v1");
        assert_eq!(body["status"], 2);
        assert_eq!(body["users"], json!(["42"]));
        assert!(body["url"].as_str().unwrap().starts_with(&format!("{standin}/cache/files/")));
        assert_eq!(file, b"PK the document", "the edited file is served from the stand-in");
        // The JWT signs the body as `payload`, with `iat` and an `exp` five minutes later.
        assert_eq!(&claims["payload"], body);
        let iat = claims["iat"].as_i64().unwrap();
        assert!(iat >= before && iat <= chrono::Utc::now().timestamp());
        assert_eq!(claims["exp"].as_i64(), Some(iat + 300));
    }

    #[tokio::test]
    async fn the_page_may_call_it_from_the_portals_origin() {
        let standin = standin().await;
        let response = reqwest::Client::new()
            .request(Method::OPTIONS, format!("{standin}/standin/save"))
            .header(header::ORIGIN, "http://127.0.0.1:8080")
            .header("access-control-request-method", "POST")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 204);
        let allowed = &response.headers()[header::ACCESS_CONTROL_ALLOW_ORIGIN];
        assert_eq!(allowed, "http://127.0.0.1:8080");
        let script =
            reqwest::get(format!("{standin}/web-apps/apps/api/documents/api.js?shardkey=k"))
                .await
                .unwrap();
        assert_eq!(script.status().as_u16(), 200);
        assert!(script.text().await.unwrap().contains("window.DocsAPI.DocEditor = DocEditor"));
    }
}
