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
//! - `GET  /api/v10/guilds/{guild}/members?limit&after`           the guild's members (bot token)
//! - `GET  /api/v10/guilds/{guild}/members/{user}`                one member (404 when not one)
//! - `PUT|DELETE /api/v10/guilds/{guild}/members/{user}/roles/{role}`  give or take a role; the
//!   role routes share a bucket of [`ROLE_BUCKET`] calls a second (`X-RateLimit-*` headers,
//!   429 with `retry_after` beyond it)
//! - `POST /api/webhooks/{id}/{token}`                 a webhook post (recorded)
//!
//! Every guild and role call is recorded (`calls()`), every webhook post too (`webhook_posts()`).
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

/// Role changes the stand-in's bucket allows a second.
pub const ROLE_BUCKET: u32 = 5;

#[derive(Default)]
struct Inner {
    /// Further bot tokens the stand-in accepts (agencies' own bots).
    bot_tokens: Vec<String>,
    /// Guild calls made: `PUT /guilds/{g}/members/{u}/roles/{r}`, …
    calls: Vec<String>,
    /// Webhook posts: the webhook's path and the body.
    webhook_posts: Vec<(String, serde_json::Value)>,
    /// Answer the next N webhook posts with 500.
    failing_webhooks: u32,
    /// The role bucket: calls in the current second, and when it began.
    bucket: (u32, Option<std::time::Instant>),
    /// Role calls answered 429 because the bucket was empty.
    limited_calls: u32,
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

    /// Accepts `token` as a bot token too (an agency's own bot).
    pub fn add_bot_token(&self, token: &str) {
        self.inner.lock().unwrap().bot_tokens.push(token.into());
    }

    /// The guild calls made so far (`PUT /guilds/{g}/members/{u}/roles/{r}`, …), in order.
    pub fn calls(&self) -> Vec<String> {
        self.inner.lock().unwrap().calls.clone()
    }

    /// Forgets the calls made so far.
    pub fn clear_calls(&self) {
        self.inner.lock().unwrap().calls.clear();
    }

    /// Role calls refused with 429 because the bucket was empty.
    pub fn limited_calls(&self) -> u32 {
        self.inner.lock().unwrap().limited_calls
    }

    /// The webhook posts so far: the webhook's path and the body.
    pub fn webhook_posts(&self) -> Vec<(String, serde_json::Value)> {
        self.inner.lock().unwrap().webhook_posts.clone()
    }

    /// The next `n` webhook posts answer 500.
    pub fn fail_webhooks(&self, n: u32) {
        self.inner.lock().unwrap().failing_webhooks = n;
    }

    /// The roles `id` holds in the guild (`None`: not a member).
    pub fn roles_of(&self, id: &str) -> Option<Vec<String>> {
        let inner = self.inner.lock().unwrap();
        inner.accounts.iter().find(|a| a.id == id).and_then(|a| a.member_roles.clone())
    }

    /// Gives or takes roles in Discord itself (as a community member with rights would).
    pub fn set_roles(&self, id: &str, roles: &[&str]) {
        let mut inner = self.inner.lock().unwrap();
        if let Some(account) = inner.accounts.iter_mut().find(|a| a.id == id) {
            account.member_roles = Some(roles.iter().map(|r| r.to_string()).collect());
        }
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
            .route("/api/v10/guilds/{guild}/members", get(guild_members))
            .route("/api/v10/guilds/{guild}/members/{user}", get(guild_member))
            .route(
                "/api/v10/guilds/{guild}/members/{user}/roles/{role}",
                axum::routing::put(give_role).delete(take_role),
            )
            .route("/api/webhooks/{id}/{token}", post(webhook))
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
    if auth == format!("Bot {}", s.bot_token)
        || inner.bot_tokens.iter().any(|t| auth == format!("Bot {t}"))
    {
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

/// A bot call on the stand-in's guild: the caller checked, the call recorded.
#[allow(clippy::result_large_err)] // a test stand-in: the error is the response itself
fn guild_call(s: &Standin, headers: &HeaderMap, guild: &str, call: String) -> Result<(), Response> {
    match api_caller(s, headers) {
        Ok(None) => {}
        Ok(Some(_)) => {
            return Err(error(StatusCode::FORBIDDEN, json!({"message": "bot token required"})))
        }
        Err(r) => return Err(r),
    }
    if guild != s.guild_id {
        return Err(error(
            StatusCode::NOT_FOUND,
            json!({"message": "Unknown Guild", "code": 10004}),
        ));
    }
    s.inner.lock().unwrap().calls.push(call);
    Ok(())
}

fn member_json(a: &Account) -> serde_json::Value {
    json!({"user": a.json(), "roles": a.member_roles.clone().unwrap_or_default(), "nick": null})
}

#[derive(Debug, Deserialize)]
struct MembersQuery {
    limit: Option<usize>,
    after: Option<String>,
}

async fn guild_members(
    State(s): State<Standin>,
    headers: HeaderMap,
    Path(guild): Path<String>,
    Query(q): Query<MembersQuery>,
) -> Response {
    if let Err(r) = guild_call(&s, &headers, &guild, format!("GET /guilds/{guild}/members")) {
        return r;
    }
    let after: u128 = q.after.as_deref().and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut members: Vec<Account> = s
        .inner
        .lock()
        .unwrap()
        .accounts
        .iter()
        .filter(|a| a.member_roles.is_some() && a.id.parse::<u128>().unwrap_or(0) > after)
        .cloned()
        .collect();
    members.sort_by_key(|a| a.id.parse::<u128>().unwrap_or(0));
    members.truncate(q.limit.unwrap_or(1).clamp(1, 1000));
    Json(members.iter().map(member_json).collect::<Vec<_>>()).into_response()
}

async fn guild_member(
    State(s): State<Standin>,
    headers: HeaderMap,
    Path((guild, user)): Path<(String, String)>,
) -> Response {
    if let Err(r) = guild_call(&s, &headers, &guild, format!("GET /guilds/{guild}/members/{user}"))
    {
        return r;
    }
    let account = s.inner.lock().unwrap().accounts.iter().find(|a| a.id == user).cloned();
    match account.filter(|a| a.member_roles.is_some()) {
        Some(a) => Json(member_json(&a)).into_response(),
        None => error(StatusCode::NOT_FOUND, json!({"message": "Unknown Member", "code": 10007})),
    }
}

/// A role change within the bucket: 204 with the bucket's headers, or 429 once it is empty.
fn role_change(
    s: &Standin,
    headers: &HeaderMap,
    guild: &str,
    user: &str,
    role: &str,
    give: bool,
) -> Response {
    let verb = if give { "PUT" } else { "DELETE" };
    {
        let mut inner = s.inner.lock().unwrap();
        let now = std::time::Instant::now();
        let (used, since) = inner.bucket;
        let fresh =
            since.is_none_or(|t| now.duration_since(t) >= std::time::Duration::from_secs(1));
        let (used, since) = if fresh { (0, now) } else { (used, since.unwrap_or(now)) };
        let reset_after = 1.0 - now.duration_since(since).as_secs_f64();
        if used >= ROLE_BUCKET && inner.rate_limited == 0 {
            inner.limited_calls += 1;
            return (
                StatusCode::TOO_MANY_REQUESTS,
                [("x-ratelimit-remaining", "0".to_owned()), ("x-ratelimit-reset-after", format!("{reset_after:.3}"))],
                Json(json!({"message": "You are being rate limited.", "retry_after": reset_after, "global": false})),
            )
                .into_response();
        }
        inner.bucket = (used + 1, Some(since));
    }
    if let Err(r) =
        guild_call(s, headers, guild, format!("{verb} /guilds/{guild}/members/{user}/roles/{role}"))
    {
        return r;
    }
    let mut inner = s.inner.lock().unwrap();
    let (used, since) = inner.bucket;
    let reset_after = 1.0 - since.map(|t| t.elapsed().as_secs_f64()).unwrap_or(0.0);
    let Some(roles) =
        inner.accounts.iter_mut().find(|a| a.id == user).and_then(|a| a.member_roles.as_mut())
    else {
        return error(StatusCode::NOT_FOUND, json!({"message": "Unknown Member", "code": 10007}));
    };
    if give && !roles.iter().any(|r| r == role) {
        roles.push(role.to_owned());
    }
    if !give {
        roles.retain(|r| r != role);
    }
    (
        StatusCode::NO_CONTENT,
        [
            ("x-ratelimit-remaining", ROLE_BUCKET.saturating_sub(used).to_string()),
            ("x-ratelimit-reset-after", format!("{:.3}", reset_after.max(0.0))),
        ],
    )
        .into_response()
}

async fn give_role(
    State(s): State<Standin>,
    headers: HeaderMap,
    Path((guild, user, role)): Path<(String, String, String)>,
) -> Response {
    role_change(&s, &headers, &guild, &user, &role, true)
}

async fn take_role(
    State(s): State<Standin>,
    headers: HeaderMap,
    Path((guild, user, role)): Path<(String, String, String)>,
) -> Response {
    role_change(&s, &headers, &guild, &user, &role, false)
}

async fn webhook(
    State(s): State<Standin>,
    Path((id, token)): Path<(String, String)>,
    Json(body): Json<serde_json::Value>,
) -> Response {
    let mut inner = s.inner.lock().unwrap();
    if inner.failing_webhooks > 0 {
        inner.failing_webhooks -= 1;
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            json!({"message": "Internal Server Error"}),
        );
    }
    inner.webhook_posts.push((format!("/api/webhooks/{id}/{token}"), body.clone()));
    Json(json!({"id": "1", "channel_id": "2", "content": "", "embeds": body["embeds"]}))
        .into_response()
}
