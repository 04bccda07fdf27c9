//! Server-side sessions (tower-sessions, stored in the control schema) and the signed-in user.

use axum::{extract::FromRequestParts, http::request::Parts};
use serde::{Deserialize, Serialize};
use tower_sessions::{cookie::SameSite, Expiry, Session, SessionManagerLayer};
use tower_sessions_sqlx_store::PostgresStore;

use crate::{
    access::AccessState,
    error::{AppError, AppResult},
    identity::session_cache::CachedSessionStore,
    identity::users::{self, User},
};

pub const SESSION_COOKIE: &str = "portal_session";
const USER_KEY: &str = "userId";
const LOGIN_KEY: &str = "login";
/// The day (UTC) a signed-in session was last renewed: see [`renew_daily`].
const RENEWED_KEY: &str = "renewedOn";

/// How long a signed-in session lasts without use. tower-sessions moves a session's expiry on
/// only when it saves it, after a change; [`renew_daily`] changes it once a day of use.
pub const SIGNED_IN_FOR: time::Duration = time::Duration::days(30);
/// How long a visitor's session that only holds a sign-in in progress lasts without use: long
/// enough to finish signing in with Discord, short enough that starting sign-ins over and over
/// does not fill the table with month-long rows.
pub const SIGNING_IN_FOR: time::Duration = time::Duration::minutes(15);

/// A sign-in in progress: what the callback must see again, bound to this browser's session.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PendingLogin {
    pub csrf_state: String,
    pub pkce_verifier: String,
    pub return_to: String,
    /// The agency domain to hand the sign-in to afterwards (`handoff`), if it began there.
    #[serde(default)]
    pub hand_off: Option<String>,
    /// The nonce that domain gave the browser, which the hand-off is bound to.
    #[serde(default)]
    pub hand_off_nonce: Option<String>,
}

/// The session store: the control schema's `sessions` table, read through this instance's
/// cache (`session_cache`).
pub fn store(db: sqlx::PgPool) -> CachedSessionStore {
    let table = PostgresStore::new(db.clone())
        .with_schema_name("public")
        .and_then(|s| s.with_table_name("sessions"))
        .expect("valid session table name");
    CachedSessionStore::new(table, db)
}

/// HttpOnly, SameSite=Lax (the cookie must survive the redirect back from Discord), one per
/// host, expiring after 30 days without use ([`SIGNED_IN_FOR`]; a visitor's sign-in in
/// progress after [`SIGNING_IN_FOR`]). `Secure` is added per request by
/// `transport::layer` when the request came over https.
pub fn layer(store: CachedSessionStore) -> SessionManagerLayer<CachedSessionStore> {
    SessionManagerLayer::new(store)
        .with_name(SESSION_COOKIE)
        .with_http_only(true)
        .with_same_site(SameSite::Lax)
        .with_secure(false)
        .with_path("/")
        .with_expiry(Expiry::OnInactivity(SIGNED_IN_FOR))
}

fn session_error(err: tower_sessions::session::Error) -> AppError {
    // The store is the control database: failing to read or write it is an outage.
    tracing::warn!(error = %err, "session store");
    AppError::Unavailable(crate::error::DATABASE_UNAVAILABLE.into())
}

/// Keeps `pending` in the browser's session until the callback. A visitor's session lasts
/// [`SIGNING_IN_FOR`] until they are signed in; a signed-in member's keeps its own length.
pub async fn begin_login(session: &Session, pending: PendingLogin) -> AppResult<()> {
    let signed_in = session.get::<String>(USER_KEY).await.map_err(session_error)?.is_some();
    if !signed_in {
        session.set_expiry(Some(Expiry::OnInactivity(SIGNING_IN_FOR)));
    }
    session.insert(LOGIN_KEY, pending).await.map_err(session_error)
}

/// The pending sign-in, removed so a callback can use it once only.
pub async fn take_login(session: &Session) -> AppResult<Option<PendingLogin>> {
    session.remove(LOGIN_KEY).await.map_err(session_error)
}

/// Signs `discord_id` in: a new session id (no fixation), lasting [`SIGNED_IN_FOR`], then the
/// user.
pub async fn sign_in(session: &Session, discord_id: &str) -> AppResult<()> {
    session.cycle_id().await.map_err(session_error)?;
    session.set_expiry(Some(Expiry::OnInactivity(SIGNED_IN_FOR)));
    session.insert(RENEWED_KEY, today()).await.map_err(session_error)?;
    session.insert(USER_KEY, discord_id).await.map_err(session_error)
}

fn today() -> String {
    chrono::Utc::now().date_naive().to_string()
}

/// Renews a signed-in session on its first request of the day (UTC), so that it lasts
/// [`SIGNED_IN_FOR`] from its last day of use rather than from signing in: one write (and its
/// announcement to the other instances) per member and day, not one per request.
async fn renew_daily(session: &Session) -> AppResult<()> {
    let today = today();
    let renewed: Option<String> = session.get(RENEWED_KEY).await.map_err(session_error)?;
    if renewed.as_deref() != Some(today.as_str()) {
        session.insert(RENEWED_KEY, today).await.map_err(session_error)?;
    }
    Ok(())
}

pub async fn sign_out(session: &Session) -> AppResult<()> {
    session.flush().await.map_err(session_error)
}

/// The signed-in user of a request, if any. Extracting it never fails for a visitor.
#[derive(Debug, Clone)]
pub struct SignedIn(pub Option<User>);

impl<S: AccessState> FromRequestParts<S> for SignedIn {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        if let Some(found) = parts.extensions.get::<SignedIn>() {
            return Ok(found.clone());
        }
        let session = Session::from_request_parts(parts, state)
            .await
            .map_err(|(_, msg)| AppError::Other(anyhow::anyhow!("session layer missing: {msg}")))?;
        let user_id: Option<String> = session.get(USER_KEY).await.map_err(session_error)?;
        let user = match user_id {
            Some(id) => state.access_cache().user(&id, users::find(state.control(), &id)).await?,
            None => None,
        };
        if user.is_some() {
            renew_daily(&session).await?;
        }
        let found = SignedIn(user);
        parts.extensions.insert(found.clone());
        Ok(found)
    }
}

/// The user signed in to session `id` now (`None` once signed out or expired): for what
/// outlives its request, such as a collaborative editor's socket, which checks again.
pub async fn user_of_session<S: AccessState>(
    state: &S,
    id: tower_sessions::session::Id,
) -> AppResult<Option<User>> {
    use tower_sessions::SessionStore;
    let record = state.sessions().load(&id).await.map_err(|err| {
        tracing::warn!(error = %err, "session store");
        AppError::Unavailable(crate::error::DATABASE_UNAVAILABLE.into())
    })?;
    let user_id = record
        .and_then(|r| r.data.get(USER_KEY).cloned())
        .and_then(|v| v.as_str().map(str::to_owned));
    match user_id {
        Some(id) => Ok(state.access_cache().user(&id, users::find(state.control(), &id)).await?),
        None => Ok(None),
    }
}
