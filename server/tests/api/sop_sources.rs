//! Documents' Office sources (issue 28, "Office files"): command attaches, replaces and
//! removes a .docx or .pptx within their level and agency, every version is kept, readers the
//! document's level reaches download it, and the document editor's save callback (driven by
//! a stand-in for OnlyOffice Docs on loopback that serves the edited file and signs its
//! callback as the real one does) stores a new version only when everything checks out.

use std::{
    collections::HashMap,
    io::{Cursor, Write},
    sync::{Arc, Mutex},
};

use axum::{extract::Path, extract::State, http::StatusCode, routing::get as route_get, Router};
use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
use reqwest::{multipart, Client, Method};
use serde_json::{json, Value};

use crate::{
    helpers::{json, post_multipart, send, Persona, TestApp},
    support::{agency_db, audit_rows, get, refused, sop, two_sops, BCSO, LSPD, NO_PERMISSION},
};

const MANAGE: &str = "/api/sops?scope=manage";
const SECRET: &str = "the-editors-secret-of-some-length";
const ABOVE_LEVEL: &str = "You can only edit and publish documents for your own level or below.";
const NOT_OFFICE: &str =
    "Only Word documents (.docx) and PowerPoint presentations (.pptx) can be attached.";
const NOT_FOUND: &str = "Document not found";
const DOCX: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/// A small Office file of `kind` (`docx` or `pptx`) whose body says `text`.
fn office_file(kind: &str, text: &str) -> Vec<u8> {
    let (main, part) = match kind {
        "docx" => (
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
            "word/document.xml",
        ),
        _ => (
            "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
            "ppt/presentation.xml",
        ),
    };
    let types = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/{part}" ContentType="{main}"/></Types>"#
    );
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    out.start_file("[Content_Types].xml", options).unwrap();
    out.write_all(types.as_bytes()).unwrap();
    out.start_file(part, options).unwrap();
    out.write_all(format!("<body>{text}</body>").as_bytes()).unwrap();
    out.finish().unwrap().into_inner()
}

/// A deputies' document and a High Command one, saved by High Command: their ids.
async fn two_documents(app: &TestApp, agency: &str) -> (String, String) {
    two_sops(app, agency, |title| format!("<p>{title} content</p>")).await
}

async fn upload(
    app: &TestApp,
    client: &Client,
    agency: &str,
    id: &str,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = multipart::Form::new()
        .part("file", multipart::Part::bytes(bytes).file_name(name.to_owned()));
    post_multipart(app, client, &format!("/api/sops/{id}/source"), agency, form).await
}

/// What `client` downloads of document `id`'s source in `agency`.
async fn download(app: &TestApp, client: &Client, agency: &str, id: &str) -> reqwest::Response {
    send(app, client, Method::GET, &format!("/api/sops/{id}/source/download"), agency, None).await
}

async fn versions(app: &TestApp, client: &Client, id: &str) -> Vec<Value> {
    let path = format!("/api/sops/{id}/source/versions");
    get(app, client, &path, BCSO).await["versions"].as_array().unwrap().clone()
}

#[tokio::test]
async fn command_attaches_replaces_and_removes_a_source_and_every_version_is_kept() {
    let app = crate::support::app().await;
    let (id, hidden) = two_documents(&app, BCSO).await;
    let command = app.as_persona(BCSO, Persona::Command).await;

    let first = office_file("docx", "Pursuits");
    let attached =
        json(upload(&app, &command, BCSO, &id, "Pursuit policy.docx", first.clone()).await, 200)
            .await;
    assert_eq!(attached["documentId"], id.as_str());
    assert_eq!(attached["fileName"], "Pursuit policy.docx");
    assert_eq!((attached["kind"].clone(), attached["version"].clone()), (json!("docx"), json!(1)));
    assert_eq!(attached["size"], first.len());
    assert_eq!(attached["updatedBy"], Persona::Command.name(BCSO));

    // Replaced by a presentation: version 2.
    let deck = office_file("pptx", "Slides");
    let replaced =
        json(upload(&app, &command, BCSO, &id, "deck.pptx", deck.clone()).await, 200).await;
    assert_eq!((replaced["kind"].clone(), replaced["version"].clone()), (json!("pptx"), json!(2)));
    let listed = get(&app, &command, "/api/sops/sources?scope=manage", BCSO).await;
    assert_eq!(listed["sources"].as_array().unwrap().len(), 1);
    assert_eq!(listed["sources"][0]["fileName"], "deck.pptx");
    assert_eq!(listed["editorEnabled"], false);

    // Removed: the history stays, a new attachment continues the numbering.
    let path = format!("/api/sops/{id}/source");
    assert_eq!(send(&app, &command, Method::DELETE, &path, BCSO, None).await.status(), 204);
    let listed = get(&app, &command, "/api/sops/sources?scope=manage", BCSO).await;
    assert_eq!(listed["sources"], json!([]));
    refused(
        send(&app, &command, Method::DELETE, &path, BCSO, None).await,
        404,
        "This document has no Office file.",
    )
    .await;
    refused(download(&app, &command, BCSO, &id).await, 404, "This document has no Office file.")
        .await;
    let again = json(upload(&app, &command, BCSO, &id, "v3.docx", first).await, 200).await;
    assert_eq!(again["version"], 3);
    let history = versions(&app, &command, &id).await;
    let numbers: Vec<_> = history.iter().map(|v| v["version"].clone()).collect();
    assert_eq!(numbers, vec![json!(3), json!(2), json!(1)]);
    assert!(history[1]["removedAt"].is_string() && history[0]["removedAt"].is_null());
    assert_eq!(history[2]["author"], Persona::Command.name(BCSO));
    assert_eq!(history[2]["size"], attached["size"]);
    let audit: Vec<String> =
        audit_rows(&app, BCSO, "document_source").await.into_iter().map(|r| r.0).collect();
    assert_eq!(audit, ["uploaded", "uploaded", "deleted", "uploaded"]);

    // Refusals: what is no Office file, too large, or missing.
    let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    refused(upload(&app, &command, BCSO, &id, "x.docx", png).await, 415, NOT_OFFICE).await;
    let mut renamed_zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    renamed_zip.start_file("notes.txt", zip::write::SimpleFileOptions::default()).unwrap();
    renamed_zip.write_all(b"hello").unwrap();
    let renamed_zip = renamed_zip.finish().unwrap().into_inner();
    refused(upload(&app, &command, BCSO, &id, "x.docx", renamed_zip).await, 415, NOT_OFFICE).await;
    let mut huge = office_file("docx", "big");
    huge.resize(21 * 1024 * 1024, 0);
    refused(
        upload(&app, &command, BCSO, &id, "big.docx", huge).await,
        413,
        "File too large (max 20 MB)",
    )
    .await;
    let empty = multipart::Form::new().text("other", "x");
    let response = post_multipart(&app, &command, &path, BCSO, empty).await;
    refused(response, 400, "No file provided").await;

    // Who may not: a deputy; a manager above their level; another agency's manager, in their
    // own agency (the id is not theirs) and in this one (not their agency).
    let file = || office_file("docx", "x");
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    refused(upload(&app, &deputy, BCSO, &id, "x.docx", file()).await, 403, NO_PERMISSION).await;
    refused(send(&app, &deputy, Method::DELETE, &path, BCSO, None).await, 403, NO_PERMISSION).await;
    refused(upload(&app, &command, BCSO, &hidden, "x.docx", file()).await, 403, ABOVE_LEVEL).await;
    let hidden_path = format!("/api/sops/{hidden}/source");
    refused(send(&app, &command, Method::DELETE, &hidden_path, BCSO, None).await, 403, ABOVE_LEVEL)
        .await;
    let versions_path = format!("/api/sops/{hidden}/source/versions");
    refused(send(&app, &command, Method::GET, &versions_path, BCSO, None).await, 404, NOT_FOUND)
        .await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    refused(upload(&app, &lspd, LSPD, &id, "x.docx", file()).await, 404, NOT_FOUND).await;
    refused(send(&app, &lspd, Method::DELETE, &path, LSPD, None).await, 404, NOT_FOUND).await;
    refused(upload(&app, &lspd, BCSO, &id, "x.docx", file()).await, 403, NO_PERMISSION).await;
    refused(send(&app, &lspd, Method::DELETE, &path, BCSO, None).await, 403, NO_PERMISSION).await;
    assert_eq!(versions(&app, &command, &id).await.len(), 3, "nothing else was kept");
}

#[tokio::test]
async fn readers_download_the_source_of_documents_their_level_reaches() {
    let app = crate::support::app().await;
    let (id, hidden) = two_documents(&app, BCSO).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let file = office_file("docx", "Patrol");
    json(upload(&app, &hc, BCSO, &id, "Patrol basics.docx", file.clone()).await, 200).await;
    json(upload(&app, &hc, BCSO, &hidden, "IA.docx", office_file("docx", "IA")).await, 200).await;

    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let response = download(&app, &deputy, BCSO, &id).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], DOCX);
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"Patrol basics.docx\""),
        "{disposition}"
    );
    assert_eq!(response.headers()["cache-control"], "private, no-store");
    assert_eq!(response.bytes().await.unwrap().to_vec(), file);
    // The readers' list names the deputies' document only, and not who stored it.
    let listed = get(&app, &deputy, "/api/sops/sources", BCSO).await;
    let sources = listed["sources"].as_array().unwrap();
    assert_eq!(sources.len(), 1);
    assert_eq!(
        (sources[0]["documentId"].as_str(), sources[0]["updatedBy"].clone()),
        (Some(id.as_str()), Value::Null)
    );

    // Above the reader's level, signed out, another agency's member: as if it did not exist.
    refused(download(&app, &deputy, BCSO, &hidden).await, 404, NOT_FOUND).await;
    refused(download(&app, &app.browser(), BCSO, &id).await, 404, NOT_FOUND).await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    refused(download(&app, &lspd, BCSO, &id).await, 404, NOT_FOUND).await;
    refused(download(&app, &lspd, LSPD, &id).await, 404, NOT_FOUND).await;
    assert_eq!(
        get(&app, &hc, "/api/sops/sources?scope=manage", BCSO).await["sources"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    // The bytes are never served as public media.
    let key: String = sqlx::query_scalar("SELECT storage_key FROM document_sources LIMIT 1")
        .fetch_one(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    assert!(key.starts_with("documents/bcso/"), "{key}");
    assert_eq!(app.get(&format!("/media/{key}")).await.status(), 404);
    // Nor with the key spelled with a leading or doubled slash, which the store would read
    // as the same object.
    for spelled in [format!("/media//{key}"), format!("/media/%2F{key}"), key.replace('/', "//")] {
        let path =
            if spelled.starts_with("/media") { spelled } else { format!("/media/{spelled}") };
        assert_eq!(app.get(&path).await.status(), 404, "{path}");
    }
}

/// Removes every document of BCSO, then makes a deputies' one under the id `id` (ids may come
/// from the client).
async fn remake(app: &TestApp, hc: &Client, id: &str) {
    let current = get(app, hc, MANAGE, BCSO).await;
    let removed = json!({"documents": [], "version": current["version"]});
    let emptied = json(send(app, hc, Method::PUT, MANAGE, BCSO, Some(&removed)).await, 200).await;
    let mut again = sop("Open day", "deputy", "<p>Open day content</p>".into());
    again["id"] = json!(id);
    let body = json!({"documents": [again], "version": emptied["version"]});
    let remade = json(send(app, hc, Method::PUT, MANAGE, BCSO, Some(&body)).await, 200).await;
    assert_eq!(remade["documents"][0]["id"], json!(id));
}

#[tokio::test]
async fn a_removed_documents_file_never_reaches_a_document_made_later_under_its_id() {
    let app = crate::support::app().await;
    let (_, hidden) = two_documents(&app, BCSO).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    json(upload(&app, &hc, BCSO, &hidden, "IA.docx", office_file("docx", "IA")).await, 200).await;
    // High Command removes the High Command document, then makes a deputies' one with its id.
    remake(&app, &hc, &hidden).await;

    // The deputies' document has no file, and the removed one's history went with it.
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    assert_eq!(download(&app, &deputy, BCSO, &hidden).await.status(), 404);
    assert_eq!(get(&app, &deputy, "/api/sops/sources", BCSO).await["sources"], json!([]));
    assert_eq!(versions(&app, &hc, &hidden).await, Vec::<Value>::new());
}

/// The edited files the stand-in serves, by name.
type Files = Arc<Mutex<HashMap<String, Vec<u8>>>>;

/// A stand-in for OnlyOffice Docs: it serves edited files from its own address (as the
/// document server's cache does) and sends save callbacks signed with its secret.
#[derive(Clone)]
struct DocumentServer {
    url: String,
    files: Files,
    http: Client,
    /// The token of the last callback sent (to send it again, as a replay would).
    last: Arc<Mutex<Option<String>>>,
}

async fn cached(
    State(files): State<Files>,
    Path(name): Path<String>,
) -> Result<Vec<u8>, StatusCode> {
    files.lock().unwrap().get(&name).cloned().ok_or(StatusCode::NOT_FOUND)
}

/// Where the JWT goes.
#[derive(Clone, Copy)]
enum Signed<'a> {
    Header(&'a str),
    Body(&'a str),
    /// In the header, without an expiry (OnlyOffice Docs always sets one).
    Forever(&'a str),
    Nowhere,
}

/// Tokens signed so far: each callback's token differs, as the real server's do (each has the
/// time it was signed at).
static SIGNED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl DocumentServer {
    async fn start() -> Self {
        let files = Arc::new(Mutex::new(HashMap::new()));
        let router =
            Router::new().route("/cache/{name}", route_get(cached)).with_state(files.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        Self { url, files, http: Client::new(), last: Arc::default() }
    }

    /// Keeps `bytes` as an edited file: its address on this server.
    fn keep(&self, name: &str, bytes: Vec<u8>) -> String {
        self.files.lock().unwrap().insert(name.to_owned(), bytes);
        format!("{}/cache/{name}", self.url)
    }

    /// Opens `config` as the editor does: fetches the document from its link.
    async fn open(&self, config: &Value) -> Vec<u8> {
        let response =
            self.http.get(config["document"]["url"].as_str().unwrap()).send().await.unwrap();
        assert_eq!(response.status(), 200);
        response.bytes().await.unwrap().to_vec()
    }

    /// Sends `body` to `callback` signed as `signed` says: what the portal answers. Tokens
    /// carry `iat` and an `exp` five minutes on, as OnlyOffice Docs signs them by default.
    async fn call_back(&self, callback: &str, body: &Value, signed: Signed<'_>) -> Value {
        let sign = |secret: &str, mut claims: Value, expires: bool| {
            let now = chrono::Utc::now().timestamp();
            claims["iat"] = now.into();
            claims["n"] = SIGNED.fetch_add(1, std::sync::atomic::Ordering::Relaxed).into();
            if expires {
                claims["exp"] = (now + 300).into();
            }
            let key = EncodingKey::from_secret(secret.as_bytes());
            encode(&Header::new(Algorithm::HS256), &claims, &key).unwrap()
        };
        let mut request = self.http.post(callback);
        let mut body = body.clone();
        let token = match signed {
            Signed::Header(secret) => Some(sign(secret, json!({ "payload": body }), true)),
            Signed::Forever(secret) => Some(sign(secret, json!({ "payload": body }), false)),
            Signed::Body(secret) => {
                let token = sign(secret, body.clone(), true);
                body["token"] = token.clone().into();
                None
            }
            Signed::Nowhere => None,
        };
        if let Some(token) = &token {
            request = request.bearer_auth(token);
        }
        *self.last.lock().unwrap() = token.or_else(|| body["token"].as_str().map(str::to_owned));
        json(request.json(&body).send().await.unwrap(), 200).await
    }

    /// Sends the last callback's token again in the header, with `body`: a replay.
    async fn replay(&self, callback: &str, body: &Value) -> Value {
        let token = self.last.lock().unwrap().clone().unwrap();
        let request = self.http.post(callback).bearer_auth(token).json(body);
        json(request.send().await.unwrap(), 200).await
    }
}

/// The body OnlyOffice sends for `status`.
fn callback_body(config: &Value, status: i64, url: Option<&str>, users: &[String]) -> Value {
    let mut body = json!({"key": config["document"]["key"], "status": status, "users": users});
    if let Some(url) = url {
        body["url"] = url.into();
    }
    body
}

async fn editor_config(app: &TestApp, client: &Client, path: &str) -> Value {
    let answer = json(send(app, client, Method::POST, path, BCSO, None).await, 200).await;
    assert_eq!(answer["enabled"], true, "{answer}");
    answer["config"].clone()
}

async fn app_with(server: &DocumentServer) -> TestApp {
    TestApp::builder()
        .sheriff_and_police()
        .env("ONLYOFFICE_URL", &server.url)
        .env("ONLYOFFICE_JWT_SECRET", SECRET)
        .build()
        .await
}

fn refusal(message: &str) -> Value {
    json!({"error": 1, "message": message})
}

#[tokio::test]
async fn the_editors_save_callback_stores_the_next_version_by_the_editing_member() {
    let server = DocumentServer::start().await;
    let app = app_with(&server).await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let original = office_file("docx", "Pursuits");
    json(upload(&app, &command, BCSO, &id, "Pursuits.docx", original.clone()).await, 200).await;

    // Managers open the source for editing ("Open in OnlyOffice" of the management screen),
    // readers for viewing only.
    let config = editor_config(&app, &command, &format!("/api/sops/{id}/onlyoffice")).await;
    assert_eq!(
        (config["documentType"].as_str(), config["document"]["fileType"].as_str()),
        (Some("word"), Some("docx"))
    );
    assert_eq!(config["editorConfig"]["mode"], "edit");
    assert_eq!(config["document"]["permissions"]["edit"], true);
    assert_eq!(config["document"]["title"], "Pursuits.docx");
    let command_id = Persona::Command.discord_id(BCSO);
    assert_eq!(
        config["editorConfig"]["user"],
        json!({"id": command_id, "name": Persona::Command.name(BCSO)})
    );
    let callback = config["editorConfig"]["callbackUrl"].as_str().unwrap().to_owned();
    assert!(callback.contains(&format!("/api/sops/{id}/onlyoffice/callback?agency=bcso&token=")));
    let same = editor_config(&app, &command, &format!("/api/sops/{id}/source/onlyoffice")).await;
    assert_eq!(same["document"]["key"], config["document"]["key"]);
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let viewing = editor_config(&app, &deputy, &format!("/api/sops/{id}/source/onlyoffice")).await;
    assert_eq!(viewing["editorConfig"]["mode"], "view");
    assert_eq!(viewing["document"]["permissions"]["edit"], false);
    assert!(viewing["editorConfig"].get("callbackUrl").is_none());

    // The editor fetches the file with the configuration's link, without a session.
    assert_eq!(server.open(&config).await, original);

    // Editing (1) and closed without changes (4): nothing changes.
    let users = vec![command_id.clone()];
    for status in [1, 4] {
        let body = callback_body(&config, status, None, &users);
        assert_eq!(
            server.call_back(&callback, &body, Signed::Header(SECRET)).await,
            json!({"error": 0})
        );
    }
    assert_eq!(versions(&app, &command, &id).await.len(), 1);

    // Saved (2): the edited file becomes version 2 by the editing member.
    let edited = office_file("docx", "Pursuits, revised");
    let url = server.keep("edited.docx", edited.clone());
    let body = callback_body(&config, 2, Some(&url), &users);
    assert_eq!(
        server.call_back(&callback, &body, Signed::Header(SECRET)).await,
        json!({"error": 0})
    );
    let history = versions(&app, &command, &id).await;
    assert_eq!(history.len(), 2);
    assert_eq!(history[0]["version"], 2);
    assert_eq!(history[0]["author"], Persona::Command.name(BCSO));
    assert_eq!(history[0]["fromEditor"], true);
    assert_eq!(history[0]["fileName"], "Pursuits.docx");
    let downloaded = download(&app, &deputy, BCSO, &id).await.bytes().await.unwrap().to_vec();
    assert_eq!(downloaded, edited);
    let audit = audit_rows(&app, BCSO, "document_source").await;
    assert_eq!(
        audit.last().unwrap(),
        &("saved in the document editor".to_owned(), Persona::Command.name(BCSO))
    );

    // The same callback again: its key is no longer the current version's.
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal("The callback is for another version of this document's source."));
    // A new configuration has a new key; its session saves with the token in the body, then
    // a forced save (6) and the final save (2) of that same session both count.
    let config = editor_config(&app, &command, &format!("/api/sops/{id}/onlyoffice")).await;
    let callback = config["editorConfig"]["callbackUrl"].as_str().unwrap().to_owned();
    let forced = server.keep("forced.docx", office_file("docx", "forced"));
    let body = callback_body(&config, 6, Some(&forced), &users);
    assert_eq!(server.call_back(&callback, &body, Signed::Body(SECRET)).await, json!({"error": 0}));
    assert_eq!(versions(&app, &command, &id).await.len(), 3);
    // That forced save's token sent again (a replay, or the editor repeating itself after a
    // lost answer): done, and nothing more is stored.
    assert_eq!(server.replay(&callback, &body).await, json!({"error": 0}));
    assert_eq!(versions(&app, &command, &id).await.len(), 3, "the replay stored nothing");
    // Errors of the editor (3, 7) are only logged.
    for status in [3, 7] {
        let body = callback_body(&config, status, None, &users);
        let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
        assert_eq!(answer, json!({"error": 0}));
    }
    let body = callback_body(&config, 1, None, &users);
    assert_eq!(
        server.call_back(&callback, &body, Signed::Header(SECRET)).await,
        json!({"error": 0})
    );
    assert_eq!(versions(&app, &command, &id).await.len(), 3);
    let last = server.keep("last.docx", office_file("docx", "last"));
    let body = callback_body(&config, 2, Some(&last), &users);
    assert_eq!(server.call_back(&callback, &body, Signed::Body(SECRET)).await, json!({"error": 0}));
    assert_eq!(versions(&app, &command, &id).await.len(), 4);
    // After the final save the session is over: the same save again is refused.
    let answer = server.call_back(&callback, &body, Signed::Body(SECRET)).await;
    assert_eq!(answer, refusal("The callback is for another version of this document's source."));
    assert_eq!(versions(&app, &command, &id).await.len(), 4);
}

#[tokio::test]
async fn the_save_callback_refuses_what_it_cannot_trust_and_keeps_nothing() {
    let server = DocumentServer::start().await;
    let app = app_with(&server).await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    json(upload(&app, &command, BCSO, &id, "Pursuits.docx", office_file("docx", "a")).await, 200)
        .await;
    let config = editor_config(&app, &command, &format!("/api/sops/{id}/onlyoffice")).await;
    let callback = config["editorConfig"]["callbackUrl"].as_str().unwrap().to_owned();
    let users = vec![Persona::Command.discord_id(BCSO)];
    let url = server.keep("edited.docx", office_file("docx", "edited"));
    let good = callback_body(&config, 2, Some(&url), &users);
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let unchanged = || async { versions(&app, &hc, &id).await.len() };

    // No JWT, one signed with another secret, garbage.
    let answer = server.call_back(&callback, &good, Signed::Nowhere).await;
    assert_eq!(answer, refusal("The callback carries no token."));
    let not_signed = "The callback's token is not signed with the editor's secret.";
    let other = "another-secret-of-some-length";
    let answer = server.call_back(&callback, &good, Signed::Header(other)).await;
    assert_eq!(answer, refusal(not_signed));
    let answer = server.call_back(&callback, &good, Signed::Body(other)).await;
    assert_eq!(answer, refusal(not_signed));
    let garbage = server.http.post(&callback).bearer_auth("not.a.jwt").json(&good).send();
    assert_eq!(json(garbage.await.unwrap(), 200).await, refusal(not_signed));
    // Signed with the secret but with no expiry: it could be replayed for ever.
    let answer = server.call_back(&callback, &good, Signed::Forever(SECRET)).await;
    assert_eq!(answer, refusal("The callback's token has no expiry or has expired."));

    // A body that says more than what is signed: another file.
    let tampered_url = server.keep("evil.docx", office_file("docx", "evil"));
    let mut body = good.clone();
    let key = EncodingKey::from_secret(SECRET.as_bytes());
    let mut claims = good.clone();
    claims["exp"] = (chrono::Utc::now().timestamp() + 300).into();
    body["token"] = encode(&Header::new(Algorithm::HS256), &claims, &key).unwrap().into();
    body["url"] = tampered_url.into();
    let answer = json(server.http.post(&callback).json(&body).send().await.unwrap(), 200).await;
    assert_eq!(answer, refusal("The callback's body differs from what its token signs."));

    // A download address on another host (another name for the same loopback server is not
    // its origin), or the portal itself.
    let not_there = "The edited file is not on the configured document server.";
    let elsewhere = url.replace("127.0.0.1", "localhost");
    let body = callback_body(&config, 2, Some(&elsewhere), &users);
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal(not_there));
    let portal = app.url(&format!("/api/sops/{id}/source/download"));
    let body = callback_body(&config, 2, Some(&portal), &users);
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal(not_there));

    // An edited file that is no longer a Word document.
    let text = server.keep("notes.txt", b"plain text".to_vec());
    let body = callback_body(&config, 2, Some(&text), &users);
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal("The edited file is not the document's Office type."));

    // Editors who may not change the document: a deputy named as editor; no editor at all.
    let deputy = vec![Persona::Deputy.discord_id(BCSO)];
    let body = callback_body(&config, 2, Some(&url), &deputy);
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    let lost = "An editor of this save may no longer change this document: nothing was kept.";
    assert_eq!(answer, refusal(lost));
    let body = callback_body(&config, 2, Some(&url), &[]);
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal("The callback names no editor."));

    // This agency's callback link sent for another agency, another agency's link sent for
    // this one, a forged link.
    let bad_link = "The callback link is invalid or has expired.";
    let lspd_callback = callback.replace("agency=bcso", "agency=lspd");
    let answer = server.call_back(&lspd_callback, &good, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal(bad_link));
    let (lspd_id, _) = two_documents(&app, LSPD).await;
    let lspd = app.as_persona(LSPD, Persona::Command).await;
    json(upload(&app, &lspd, LSPD, &lspd_id, "Theirs.docx", office_file("docx", "b")).await, 200)
        .await;
    let path = format!("/api/sops/{lspd_id}/onlyoffice");
    let answer = json(send(&app, &lspd, Method::POST, &path, LSPD, None).await, 200).await;
    let theirs = answer["config"]["editorConfig"]["callbackUrl"].as_str().unwrap().to_owned();
    let crossed = theirs.replace("agency=lspd", "agency=bcso").replace(&lspd_id, &id);
    let answer = server.call_back(&crossed, &good, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal(bad_link));
    let forged = format!("{}?agency=bcso&token=forged", callback.split('?').next().unwrap());
    let answer = server.call_back(&forged, &good, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal(bad_link));
    assert_eq!(unchanged().await, 1, "nothing was kept");

    // A member who lost the permission since opening the editor: demoted to deputy.
    let db = agency_db(&app, BCSO).await;
    sqlx::query("UPDATE roster SET rank_id = $1 WHERE discord_id = $2")
        .bind(portal::shared::organisation::starter_rank_id("deputy"))
        .bind(Persona::Command.discord_id(BCSO))
        .execute(&*db)
        .await
        .unwrap();
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    portal::access::cache::announce(&app.state, portal::access::cache::Change::Agency(agency.id))
        .await;
    let answer = server.call_back(&callback, &good, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal(lost));
    assert_eq!(unchanged().await, 1, "nothing was kept");

    // A stale key: High Command replaced the file since the editor opened it.
    json(upload(&app, &hc, BCSO, &id, "Replaced.docx", office_file("docx", "c")).await, 200).await;
    let hc_id = vec![Persona::HighCommand.discord_id(BCSO)];
    let body = callback_body(&config, 2, Some(&url), &hc_id);
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal("The callback is for another version of this document's source."));
    assert_eq!(unchanged().await, 2, "only High Command's upload");
    let audit = audit_rows(&app, BCSO, "document_source").await;
    assert!(audit.iter().all(|(action, _)| action == "uploaded"), "{audit:?}");
}

#[tokio::test]
async fn the_editors_links_name_the_stored_file_not_only_its_version_number() {
    let server = DocumentServer::start().await;
    let app = app_with(&server).await;
    let (id, _) = two_documents(&app, BCSO).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    json(upload(&app, &hc, BCSO, &id, "Old.docx", office_file("docx", "old")).await, 200).await;
    let old = editor_config(&app, &hc, &format!("/api/sops/{id}/onlyoffice")).await;
    let old_callback = old["editorConfig"]["callbackUrl"].as_str().unwrap().to_owned();

    // The document is removed and made again under its id, with a new file: version 1 again.
    remake(&app, &hc, &id).await;
    let new_file = office_file("docx", "new");
    json(upload(&app, &hc, BCSO, &id, "New.docx", new_file.clone()).await, 200).await;
    assert_eq!(versions(&app, &hc, &id).await[0]["version"], 1);

    // The old configuration's links reach nothing of it: not the file, not a save.
    let response = server.http.get(old["document"]["url"].as_str().unwrap()).send().await.unwrap();
    let answer = json(response, 403).await;
    assert_eq!(answer["error"], "This document link is invalid or has expired.");
    let url = server.keep("old-session.docx", office_file("docx", "old session"));
    let users = vec![Persona::HighCommand.discord_id(BCSO)];
    let body = callback_body(&old, 2, Some(&url), &users);
    let answer = server.call_back(&old_callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal("The callback is for another version of this document's source."));
    assert_eq!(versions(&app, &hc, &id).await.len(), 1);
    // The new configuration's link does.
    let new = editor_config(&app, &hc, &format!("/api/sops/{id}/onlyoffice")).await;
    assert_eq!(server.open(&new).await, new_file);
}

/// A Word document of about `size` bytes that does not compress.
fn sized_office_file(size: usize) -> Vec<u8> {
    let mut state = 0x2545_f491_u64;
    let noise: String = (0..size)
        .map(|_| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            char::from(b'a' + ((state >> 33) % 26) as u8)
        })
        .collect();
    office_file("docx", &noise)
}

#[tokio::test]
async fn an_agencys_office_files_stay_within_its_quota_and_the_next_agency_has_its_own() {
    let server = DocumentServer::start().await;
    let app = TestApp::builder()
        .sheriff_and_police()
        .env("ONLYOFFICE_URL", &server.url)
        .env("ONLYOFFICE_JWT_SECRET", SECRET)
        .env("PORTAL_DOCUMENT_FILES_MAX_MB", "1")
        .build()
        .await;
    let (id, _) = two_documents(&app, BCSO).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let first = sized_office_file(900 * 1024);
    assert!(first.len() > 500 * 1024, "the noise does not compress: {}", first.len());
    json(upload(&app, &hc, BCSO, &id, "First.docx", first).await, 200).await;

    // A second one would pass the megabyte: refused with a sentence, nothing kept.
    let full =
        "This agency's Office files have reached their storage limit (1 MB): nothing was stored.";
    let response = upload(&app, &hc, BCSO, &id, "Second.docx", sized_office_file(900 * 1024)).await;
    assert_eq!(json(response, 413).await["error"], full);
    assert_eq!(versions(&app, &hc, &id).await.len(), 1);
    // Removing the file frees nothing: its versions are kept.
    let path = format!("/api/sops/{id}/source");
    assert_eq!(send(&app, &hc, Method::DELETE, &path, BCSO, None).await.status(), 204);
    let response = upload(&app, &hc, BCSO, &id, "Third.docx", sized_office_file(900 * 1024)).await;
    assert_eq!(json(response, 413).await["error"], full);
    // A small one still fits, and the editor's save past the limit is refused the same way.
    json(upload(&app, &hc, BCSO, &id, "Small.docx", office_file("docx", "small")).await, 200).await;
    let config = editor_config(&app, &hc, &format!("/api/sops/{id}/onlyoffice")).await;
    let callback = config["editorConfig"]["callbackUrl"].as_str().unwrap().to_owned();
    let url = server.keep("big.docx", sized_office_file(900 * 1024));
    let users = vec![Persona::HighCommand.discord_id(BCSO)];
    let body = callback_body(&config, 2, Some(&url), &users);
    let answer = server.call_back(&callback, &body, Signed::Header(SECRET)).await;
    assert_eq!(answer, refusal(full));
    assert_eq!(versions(&app, &hc, &id).await.len(), 2, "the first and the small one");

    // LSPD's quota is its own: BCSO's files do not count against it.
    let (lspd_id, _) = two_documents(&app, LSPD).await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let response =
        upload(&app, &lspd, LSPD, &lspd_id, "Theirs.docx", sized_office_file(900 * 1024));
    json(response.await, 200).await;
}
