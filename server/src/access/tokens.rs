//! Agency API tokens (issue 24): a request with `Authorization: Bearer <token>` acts for the
//! agency whose token it is, under the token's scopes only. [`bearer`] runs before every
//! route: it finds the token among the agency's (only a SHA-256 of each secret is stored, and
//! the list is cached with the agency's other access entries, so a revocation reaches every
//! instance at once), refuses one past its rate, and lets through only the requests its scopes
//! name ([`scope_for`]), as a viewer that carries the token. `reports:write` files as a member
//! the game server names (`X-Portal-Member: <Discord id>`), with that member's own rights.

use std::{num::NonZeroU32, sync::Arc, time::Duration};

use axum::{
    extract::{FromRequestParts, Request},
    http::{header, request::Parts, HeaderMap, Method},
    middleware::Next,
    response::{IntoResponse, Response},
};
use governor::{clock::Clock, DefaultKeyedRateLimiter, Quota, RateLimiter};
use moka::future::Cache;
use sha2::{Digest, Sha256};

use crate::{
    access::{store, viewer::viewer_for, AccessState, Viewer},
    error::{forbidden, AppError},
    extract::Services,
    identity::users::{self, User},
    tenancy::{pools::TenantDb, Tenant},
};

/// What a token may be allowed, and what the screens call it.
pub const SCOPES: [(&str, &str); 4] = [
    (DUTY_WRITE, "Clock members in and out"),
    (ROSTER_READ, "Read the roster"),
    (PENAL_CODES_READ, "Read the penal codes"),
    (REPORTS_WRITE, "File reports as a member"),
];
pub const DUTY_WRITE: &str = "duty:write";
pub const ROSTER_READ: &str = "roster:read";
pub const PENAL_CODES_READ: &str = "penal_codes:read";
pub const REPORTS_WRITE: &str = "reports:write";

/// Every token starts with this, so a leaked one is recognisable (secret scanners).
pub const PREFIX: &str = "apt_";
/// The header that names the member a `reports:write` request files as.
pub const MEMBER_HEADER: &str = "x-portal-member";

pub const INVALID: &str = "This API token is not valid for this agency, or was revoked.";
pub const NOT_FOR_TOKENS: &str = "API tokens cannot be used for this request.";
pub const MEMBER_REQUIRED: &str =
    "Name the member the report is filed as: the X-Portal-Member header with their Discord id.";

/// The sentence for a token that lacks `scope`.
pub fn lacks(scope: &str) -> String {
    format!("This token may not do that: it needs the {scope} scope.")
}

/// The scope a request needs, or `None` when tokens may not make it at all.
pub fn scope_for(method: &Method, path: &str) -> Option<&'static str> {
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').skip(1).collect();
    match (method, parts.as_slice()) {
        (&Method::POST, ["api", "duty", "clock"]) => Some(DUTY_WRITE),
        (&Method::GET, ["api", "roster"] | ["api", "duty", "hours"]) => Some(ROSTER_READ),
        (&Method::GET, ["api", "penal-codes"]) => Some(PENAL_CODES_READ),
        (&Method::POST, ["api", "uof" | "arrests" | "tickets"])
        | (&Method::GET, ["api", "uof" | "arrests" | "tickets", "next-number"]) => {
            Some(REPORTS_WRITE)
        }
        _ => None,
    }
}

/// A token as requests are checked against it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ActiveToken {
    pub id: i64,
    pub name: String,
    pub scopes: Vec<String>,
    pub secret_hash: Vec<u8>,
}

/// The token a request came with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiCaller {
    pub id: i64,
    pub name: String,
    pub scopes: Vec<String>,
}

/// The SHA-256 of a token's secret, as stored. Tokens are 30 random bytes: a fast hash is
/// enough, as for any high-entropy secret (a slow one protects guessable passwords).
pub fn hash(secret: &str) -> Vec<u8> {
    Sha256::digest(secret.as_bytes()).to_vec()
}

/// Per-token rates, and when each token's last use was written (at most once a minute).
pub struct TokenGate {
    limiter: DefaultKeyedRateLimiter<(i64, i64)>,
    clock: governor::clock::DefaultClock,
    touched: Cache<(i64, i64), ()>,
}

impl TokenGate {
    /// `per_second` requests a second per token, in bursts of ten times as many.
    pub fn new(per_second: u32) -> Self {
        let rate = NonZeroU32::new(per_second).unwrap_or(NonZeroU32::MIN);
        let burst = rate.saturating_mul(NonZeroU32::new(10).unwrap_or(NonZeroU32::MIN));
        Self {
            limiter: RateLimiter::keyed(Quota::per_second(rate).allow_burst(burst)),
            clock: governor::clock::DefaultClock::default(),
            touched: Cache::builder()
                .max_capacity(100_000)
                .time_to_live(Duration::from_secs(60))
                .build(),
        }
    }

    /// Refuses a request past the token's rate, saying when to come back.
    fn admit(&self, agency_id: i64, token_id: i64) -> Result<(), AppError> {
        self.limiter.check_key(&(agency_id, token_id)).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now()).as_secs().max(1);
            AppError::TooManyRequests {
                message: format!("Too many requests with this token; try again in {wait} s."),
                retry_after: wait,
            }
        })
    }

    /// Records the token's use, at most once a minute per token (off the request's path).
    async fn touch(&self, agency_id: i64, token_id: i64, db: Arc<TenantDb>) {
        if self.touched.contains_key(&(agency_id, token_id)) {
            return;
        }
        self.touched.insert((agency_id, token_id), ()).await;
        tokio::spawn(async move {
            if let Err(error) = store::token_used(db.as_ref(), token_id).await {
                tracing::warn!(%error, token_id, "the token's last use was not recorded");
            }
        });
    }
}

/// The document editor's save callback (`POST /api/sops/{id}/onlyoffice/callback`) comes
/// with the editor's own JWT as a bearer token, not an API token: that route checks it.
fn editor_callback(method: &Method, path: &str) -> bool {
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').skip(1).collect();
    *method == Method::POST
        && matches!(parts.as_slice(), ["api", "sops", _, "onlyoffice", "callback"])
}

/// The bearer token of a request, if it has one.
fn bearer_of(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// Admits requests that carry an agency API token (see the module's text); others pass as
/// they are.
pub async fn bearer<S: AccessState + Clone + 'static>(
    Services(state): Services<S>,
    request: Request,
    next: Next,
) -> Response {
    let Some(secret) = bearer_of(request.headers()).map(str::to_owned) else {
        return next.run(request).await;
    };
    if editor_callback(request.method(), request.uri().path()) {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    match admit(&state, &mut parts, &secret).await {
        Ok(viewer) => {
            parts.extensions.insert(viewer);
            next.run(Request::from_parts(parts, body)).await
        }
        Err(refusal) => refusal.into_response(),
    }
}

async fn admit<S: AccessState>(
    state: &S,
    parts: &mut Parts,
    secret: &str,
) -> Result<Viewer, AppError> {
    let Tenant { agency, db } = Tenant::from_request_parts(parts, state).await?;
    let tokens = state
        .access_cache()
        .agency_value(&agency, "api_tokens", store::active_tokens(&*db))
        .await?;
    let digest = hash(secret);
    let token = tokens
        .iter()
        .find(|t| t.secret_hash == digest)
        .ok_or_else(|| AppError::Unauthorized(INVALID.into()))?;
    let gate = state.token_gate();
    gate.admit(agency.id, token.id)?;
    let needed =
        scope_for(&parts.method, parts.uri.path()).ok_or_else(|| forbidden(NOT_FOR_TOKENS))?;
    if !token.scopes.iter().any(|s| s == needed) {
        return Err(forbidden(lacks(needed)));
    }
    gate.touch(agency.id, token.id, db.clone()).await;
    let caller = Arc::new(ApiCaller {
        id: token.id,
        name: token.name.clone(),
        scopes: token.scopes.clone(),
    });
    let member = if needed == REPORTS_WRITE {
        let discord_id = parts
            .headers
            .get(MEMBER_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .ok_or_else(|| AppError::BadRequest(MEMBER_REQUIRED.into()))?;
        Some(member_account(state, discord_id).await?)
    } else {
        None
    };
    let owners = &state.config().owner_discord_ids;
    let mut viewer = viewer_for(agency, db, member, owners, state.access_cache().clone()).await?;
    if member_required(&viewer, needed) {
        return Err(forbidden(format!(
            "Nobody with that Discord id is on {}'s roster.",
            viewer.agency.name
        )));
    }
    viewer.api_token = Some(caller);
    Ok(viewer)
}

/// A `reports:write` request must name a member of the agency's roster.
fn member_required(viewer: &Viewer, needed: &str) -> bool {
    needed == REPORTS_WRITE && viewer.roster().is_none()
}

/// The account of the member a token acts as: their portal account when they ever signed in
/// (with the Discord roles it last saw), else one that only carries the Discord id.
async fn member_account<S: AccessState>(state: &S, discord_id: &str) -> sqlx::Result<User> {
    let found =
        state.access_cache().user(discord_id, users::find(state.control(), discord_id)).await?;
    Ok(found.unwrap_or_else(|| User {
        discord_id: discord_id.to_owned(),
        username: format!("discord-{discord_id}"),
        discriminator: "0".into(),
        global_name: None,
        avatar: None,
        guild_roles: vec![],
        guild_nick: None,
        last_login_at: chrono::DateTime::UNIX_EPOCH,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, StatusCode};

    #[test]
    fn the_editor_callback_alone_skips_api_tokens() {
        assert!(editor_callback(&Method::POST, "/api/sops/doc-1/onlyoffice/callback"));
        assert!(!editor_callback(&Method::GET, "/api/sops/doc-1/onlyoffice/callback"));
        assert!(!editor_callback(&Method::POST, "/api/sops/doc-1/onlyoffice"));
        assert!(!editor_callback(&Method::POST, "/api/roster/x/onlyoffice/callback"));
        assert!(!editor_callback(&Method::POST, "/api/sops/a/b/onlyoffice/callback"));
    }

    #[test]
    fn each_scope_opens_its_own_requests_only() {
        let post = Method::POST;
        let get = Method::GET;
        assert_eq!(scope_for(&post, "/api/duty/clock"), Some(DUTY_WRITE));
        assert_eq!(scope_for(&get, "/api/duty/clock"), None);
        assert_eq!(scope_for(&get, "/api/roster"), Some(ROSTER_READ));
        assert_eq!(scope_for(&get, "/api/roster/"), Some(ROSTER_READ));
        assert_eq!(scope_for(&get, "/api/duty/hours"), Some(ROSTER_READ));
        assert_eq!(scope_for(&post, "/api/roster"), None, "a token never hires");
        assert_eq!(scope_for(&get, "/api/roster/5/file"), None);
        assert_eq!(scope_for(&get, "/api/penal-codes"), Some(PENAL_CODES_READ));
        assert_eq!(scope_for(&get, "/api/penal-codes/export"), None);
        assert_eq!(scope_for(&post, "/api/arrests"), Some(REPORTS_WRITE));
        assert_eq!(scope_for(&get, "/api/tickets/next-number"), Some(REPORTS_WRITE));
        assert_eq!(scope_for(&get, "/api/arrests"), None, "filing is not reading others' reports");
        assert_eq!(scope_for(&Method::PATCH, "/api/uof/3"), None, "nor reviewing them");
        assert_eq!(scope_for(&get, "/api/tokens"), None);
        assert_eq!(scope_for(&post, "/api/duty/clock-in"), None);
    }

    #[test]
    fn a_bearer_header_names_its_token() {
        let mut headers = HeaderMap::new();
        assert_eq!(bearer_of(&headers), None);
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Bearer apt_abc "));
        assert_eq!(bearer_of(&headers), Some("apt_abc"));
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("bearer apt_x"));
        assert_eq!(bearer_of(&headers), Some("apt_x"));
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Basic dXNlcg=="));
        assert_eq!(bearer_of(&headers), None);
    }

    #[test]
    fn a_token_past_its_rate_waits() {
        let gate = TokenGate::new(1);
        for _ in 0..10 {
            assert!(gate.admit(1, 1).is_ok(), "a burst of ten is allowed");
        }
        let refused = gate.admit(1, 1).unwrap_err().into_response();
        assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
        assert!(refused.headers().contains_key(header::RETRY_AFTER));
        assert!(gate.admit(1, 2).is_ok(), "another token has its own rate");
        assert!(gate.admit(2, 1).is_ok(), "and another agency's token with the same id");
    }
}
