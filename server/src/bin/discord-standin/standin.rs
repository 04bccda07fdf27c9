//! A small stand-in for Discord's OAuth2 and HTTP API, for tests only (Discord cannot be
//! reached from the test machines). It speaks the endpoints the portal uses:
//!
//! - `GET  /oauth2/authorize`   a consent page listing the known accounts
//! - `GET  /oauth2/approve`     the account chosen: redirects back with `code` and `state`
//! - `POST /api/v10/oauth2/token`                     code + PKCE verifier → access token
//! - `GET  /api/v10/users/@me`                        the token's account
//! - `GET  /api/v10/users/@me/guilds/{guild}/member`  membership (404 when not a member)
//! - `GET  /api/v10/guilds/{guild}/roles`             guild roles (bot token)
//! - `GET  /api/v10/users/{id}`                       any account (bot token)
//! - `GET  /avatars/{id}/{hash}.png`                   an account's avatar (the image service,
//!   `cdn.discordapp.com`): a small PNG in a colour of its own
//!
//! Codes are single-use and bound to the PKCE challenge and redirect URI, as at Discord.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use axum::{
    extract::{Path, Query, State},
    http::{header, HeaderMap, StatusCode},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
    Form, Json, Router,
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use serde::Deserialize;
use serde_json::json;
use sha2::{Digest, Sha256};

#[derive(Debug, Clone)]
pub struct Account {
    pub id: String,
    pub username: String,
    pub discriminator: String,
    pub avatar: Option<String>,
    /// `None`: not a member of the guild. `Some(roles)`: a member holding these role ids.
    pub member_roles: Option<Vec<String>>,
}

impl Account {
    pub fn member(id: &str, username: &str, roles: &[&str]) -> Self {
        Self {
            id: id.into(),
            username: username.into(),
            discriminator: "0".into(),
            avatar: None,
            member_roles: Some(roles.iter().map(|r| r.to_string()).collect()),
        }
    }

    pub fn outsider(id: &str, username: &str) -> Self {
        Self { member_roles: None, ..Self::member(id, username, &[]) }
    }

    /// The same account with an avatar, whose hash is made from its id.
    pub fn with_avatar(self) -> Self {
        let digest = Sha256::digest(self.id.as_bytes());
        let hash: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
        Self { avatar: Some(hash), ..self }
    }

    fn json(&self) -> serde_json::Value {
        json!({"id": self.id, "username": self.username, "discriminator": self.discriminator,
               "avatar": self.avatar, "global_name": self.username})
    }
}

struct Grant {
    account: String,
    challenge: String,
    redirect_uri: String,
    used: bool,
}

#[derive(Default)]
struct Inner {
    accounts: Vec<Account>,
    roles: Vec<(String, String)>,
    grants: HashMap<String, Grant>,
    tokens: HashMap<String, String>,
    /// Answer the next N API calls with 429.
    rate_limited: u32,
    /// Requests the image service answered.
    avatar_requests: u32,
    counter: u64,
}

#[derive(Clone)]
pub struct Standin {
    pub client_id: String,
    pub client_secret: String,
    pub guild_id: String,
    pub bot_token: String,
    inner: Arc<Mutex<Inner>>,
}

impl Standin {
    pub fn new(accounts: Vec<Account>, roles: Vec<(String, String)>) -> Self {
        Self {
            client_id: "standin-client".into(),
            client_secret: "standin-secret".into(),
            guild_id: "900000000000000001".into(),
            bot_token: "standin-bot-token".into(),
            inner: Arc::new(Mutex::new(Inner { accounts, roles, ..Default::default() })),
        }
    }

    pub fn add_account(&self, account: Account) {
        self.inner.lock().unwrap().accounts.push(account);
    }

    /// How many avatar requests the image service has had.
    pub fn avatar_requests(&self) -> u32 {
        self.inner.lock().unwrap().avatar_requests
    }

    /// The next `n` API calls answer 429 with a short `Retry-After`.
    pub fn rate_limit_next(&self, n: u32) {
        self.inner.lock().unwrap().rate_limited = n;
    }

    pub fn router(&self) -> Router {
        Router::new()
            .route("/oauth2/authorize", get(authorize))
            .route("/oauth2/approve", get(approve))
            .route("/api/v10/oauth2/token", post(token))
            .route("/api/v10/users/@me", get(me))
            .route("/api/v10/users/@me/guilds/{guild}/member", get(member))
            .route("/api/v10/guilds/{guild}/roles", get(roles))
            .route("/api/v10/users/{id}", get(user))
            .route("/avatars/{id}/{file}", get(avatar))
            .with_state(self.clone())
    }

    /// Serves on `listener` until the process ends.
    pub async fn serve(self, listener: tokio::net::TcpListener) {
        axum::serve(listener, self.router()).await.expect("stand-in server");
    }

    fn next_secret(&self, prefix: &str) -> String {
        let mut inner = self.inner.lock().unwrap();
        inner.counter += 1;
        format!("{prefix}-{}-{:016x}", inner.counter, rand_u64())
    }
}

fn rand_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
            as u64,
    );
    h.finish()
}

fn error(status: StatusCode, body: serde_json::Value) -> Response {
    (status, Json(body)).into_response()
}

#[derive(Debug, Deserialize, Clone)]
struct AuthorizeQuery {
    response_type: Option<String>,
    client_id: Option<String>,
    redirect_uri: Option<String>,
    scope: Option<String>,
    state: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
    user: Option<String>,
}

fn check_authorize(s: &Standin, q: &AuthorizeQuery) -> Result<(), String> {
    if q.response_type.as_deref() != Some("code") {
        return Err("response_type must be code".into());
    }
    if q.client_id.as_deref() != Some(&s.client_id) {
        return Err("unknown client_id".into());
    }
    let scopes: Vec<&str> = q.scope.as_deref().unwrap_or("").split(' ').collect();
    if !scopes.contains(&"identify") || !scopes.contains(&"guilds.members.read") {
        return Err("scope must include identify and guilds.members.read".into());
    }
    if q.code_challenge_method.as_deref() != Some("S256") || q.code_challenge.is_none() {
        return Err("PKCE (S256) is required".into());
    }
    if q.redirect_uri.is_none() || q.state.is_none() {
        return Err("redirect_uri and state are required".into());
    }
    Ok(())
}

/// The consent page: one "Authorize" link per known account.
async fn authorize(
    State(s): State<Standin>,
    Query(q): Query<AuthorizeQuery>,
    uri: axum::http::Uri,
) -> Response {
    if let Err(e) = check_authorize(&s, &q) {
        return error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_request", "error_description": e}),
        );
    }
    let query = uri.query().unwrap_or_default();
    let accounts = s.inner.lock().unwrap().accounts.clone();
    let links: String = accounts
        .iter()
        .map(|a| {
            format!(
                r#"<li><a href="/oauth2/approve?{query}&user={id}">Authorize as {name}</a></li>"#,
                id = a.id,
                name = a.username
            )
        })
        .collect();
    Html(format!(
        "<!doctype html><title>Discord stand-in</title><h1>Discord stand-in</h1><ul>{links}</ul>"
    ))
    .into_response()
}

async fn approve(State(s): State<Standin>, Query(q): Query<AuthorizeQuery>) -> Response {
    if let Err(e) = check_authorize(&s, &q) {
        return error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_request", "error_description": e}),
        );
    }
    let Some(account) = q.user.clone() else {
        return error(StatusCode::BAD_REQUEST, json!({"error": "no user chosen"}));
    };
    let code = s.next_secret("code");
    let redirect_uri = q.redirect_uri.clone().unwrap_or_default();
    s.inner.lock().unwrap().grants.insert(
        code.clone(),
        Grant {
            account,
            challenge: q.code_challenge.clone().unwrap_or_default(),
            redirect_uri: redirect_uri.clone(),
            used: false,
        },
    );
    let state = url::form_urlencoded::byte_serialize(q.state.unwrap_or_default().as_bytes())
        .collect::<String>();
    Redirect::to(&format!("{redirect_uri}?code={code}&state={state}")).into_response()
}

#[derive(Debug, Deserialize)]
struct TokenForm {
    grant_type: String,
    code: String,
    redirect_uri: Option<String>,
    code_verifier: Option<String>,
    client_id: Option<String>,
    client_secret: Option<String>,
}

fn basic_credentials(headers: &HeaderMap) -> Option<(String, String)> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let encoded = value.strip_prefix("Basic ")?;
    let decoded =
        String::from_utf8(base64::engine::general_purpose::STANDARD.decode(encoded).ok()?).ok()?;
    let (id, secret) = decoded.split_once(':')?;
    let unescape = |s: &str| {
        url::form_urlencoded::parse(format!("x={s}").as_bytes()).next().map(|(_, v)| v.into_owned())
    };
    Some((unescape(id)?, unescape(secret)?))
}

async fn token(
    State(s): State<Standin>,
    headers: HeaderMap,
    Form(form): Form<TokenForm>,
) -> Response {
    let credentials =
        basic_credentials(&headers).or(form.client_id.clone().zip(form.client_secret.clone()));
    if credentials != Some((s.client_id.clone(), s.client_secret.clone())) {
        return error(StatusCode::UNAUTHORIZED, json!({"error": "invalid_client"}));
    }
    if form.grant_type != "authorization_code" {
        return error(StatusCode::BAD_REQUEST, json!({"error": "unsupported_grant_type"}));
    }
    let mut inner = s.inner.lock().unwrap();
    let Some(grant) = inner.grants.get_mut(&form.code) else {
        return error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_grant", "error_description": "Invalid \"code\" in request."}),
        );
    };
    if grant.used {
        return error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_grant", "error_description": "Code already used."}),
        );
    }
    grant.used = true;
    if form.redirect_uri.as_deref() != Some(grant.redirect_uri.as_str()) {
        return error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_grant", "error_description": "Mismatched redirect_uri."}),
        );
    }
    let verifier = form.code_verifier.unwrap_or_default();
    if URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) != grant.challenge {
        return error(
            StatusCode::BAD_REQUEST,
            json!({"error": "invalid_grant", "error_description": "Invalid code verifier."}),
        );
    }
    let account = grant.account.clone();
    inner.counter += 1;
    let access = format!("access-{}-{:016x}", inner.counter, rand_u64());
    inner.tokens.insert(access.clone(), account);
    Json(json!({"access_token": access, "token_type": "Bearer", "expires_in": 604800,
                "refresh_token": "unused", "scope": "identify guilds.members.read"}))
    .into_response()
}

/// Common checks of API calls: rate limiting and the Authorization header.
#[allow(clippy::result_large_err)] // a test stand-in: the error is the response itself
fn api_caller(s: &Standin, headers: &HeaderMap) -> Result<Option<Account>, Response> {
    let mut inner = s.inner.lock().unwrap();
    if inner.rate_limited > 0 {
        inner.rate_limited -= 1;
        return Err((
            StatusCode::TOO_MANY_REQUESTS,
            [(header::RETRY_AFTER, "0.05")],
            Json(json!({"message": "You are being rate limited.", "retry_after": 0.05, "global": false})),
        )
            .into_response());
    }
    let auth = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).unwrap_or_default();
    if let Some(token) = auth.strip_prefix("Bearer ") {
        let account = inner
            .tokens
            .get(token)
            .and_then(|id| inner.accounts.iter().find(|a| &a.id == id))
            .cloned();
        return match account {
            Some(a) => Ok(Some(a)),
            None => Err(error(
                StatusCode::UNAUTHORIZED,
                json!({"message": "401: Unauthorized", "code": 0}),
            )),
        };
    }
    if auth == format!("Bot {}", s.bot_token) {
        return Ok(None);
    }
    Err(error(StatusCode::UNAUTHORIZED, json!({"message": "401: Unauthorized", "code": 0})))
}

async fn me(State(s): State<Standin>, headers: HeaderMap) -> Response {
    match api_caller(&s, &headers) {
        Ok(Some(account)) => Json(account.json()).into_response(),
        Ok(None) => error(StatusCode::UNAUTHORIZED, json!({"message": "bots have no @me here"})),
        Err(r) => r,
    }
}

async fn member(
    State(s): State<Standin>,
    headers: HeaderMap,
    Path(guild): Path<String>,
) -> Response {
    let account = match api_caller(&s, &headers) {
        Ok(Some(a)) => a,
        Ok(None) => {
            return error(StatusCode::UNAUTHORIZED, json!({"message": "user token required"}))
        }
        Err(r) => return r,
    };
    match (guild == s.guild_id, account.member_roles.clone()) {
        (true, Some(roles)) => {
            Json(json!({"roles": roles, "nick": null, "user": account.json()})).into_response()
        }
        _ => error(StatusCode::NOT_FOUND, json!({"message": "Unknown Guild", "code": 10004})),
    }
}

async fn roles(
    State(s): State<Standin>,
    headers: HeaderMap,
    Path(guild): Path<String>,
) -> Response {
    match api_caller(&s, &headers) {
        Ok(None) if guild == s.guild_id => {
            let roles = s.inner.lock().unwrap().roles.clone();
            Json(
                roles
                    .into_iter()
                    .map(|(id, name)| json!({"id": id, "name": name}))
                    .collect::<Vec<_>>(),
            )
            .into_response()
        }
        Ok(_) => error(StatusCode::NOT_FOUND, json!({"message": "Unknown Guild", "code": 10004})),
        Err(r) => r,
    }
}

async fn user(State(s): State<Standin>, headers: HeaderMap, Path(id): Path<String>) -> Response {
    match api_caller(&s, &headers) {
        Ok(None) => {
            let account = s.inner.lock().unwrap().accounts.iter().find(|a| a.id == id).cloned();
            match account {
                Some(a) => Json(a.json()).into_response(),
                None => {
                    error(StatusCode::NOT_FOUND, json!({"message": "Unknown User", "code": 10013}))
                }
            }
        }
        Ok(Some(_)) => error(StatusCode::FORBIDDEN, json!({"message": "bot token required"})),
        Err(r) => r,
    }
}

/// An account's avatar as the image service serves it (`{hash}.png`): a PNG filled with a
/// colour taken from the hash; 404 for anything else.
async fn avatar(State(s): State<Standin>, Path((id, file)): Path<(String, String)>) -> Response {
    let mut inner = s.inner.lock().unwrap();
    inner.avatar_requests += 1;
    let hash = inner
        .accounts
        .iter()
        .find(|a| a.id == id)
        .and_then(|a| a.avatar.clone())
        .filter(|hash| file == format!("{hash}.png"));
    drop(inner);
    let Some(hash) = hash else {
        return error(StatusCode::NOT_FOUND, json!({"message": "Not found"}));
    };
    let colour = |i: usize| u8::from_str_radix(&hash[i..i + 2], 16).unwrap_or(128);
    let pixels = image::RgbImage::from_pixel(64, 64, image::Rgb([colour(0), colour(2), colour(4)]));
    let mut png = std::io::Cursor::new(Vec::new());
    pixels.write_to(&mut png, image::ImageFormat::Png).expect("encode a PNG");
    ([(header::CONTENT_TYPE, "image/png")], png.into_inner()).into_response()
}
