//! Discord OAuth2: authorization code with PKCE and a state bound to the browser's session.

use axum::{
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Redirect, Response},
};
use axum_extra::extract::cookie::CookieJar;
use oauth2::{
    basic::BasicClient, AuthUrl, AuthorizationCode, ClientId, ClientSecret, CsrfToken,
    EndpointNotSet, EndpointSet, PkceCodeChallenge, PkceCodeVerifier, RedirectUrl, Scope,
    TokenResponse, TokenUrl,
};
use serde::Deserialize;
use tower_sessions::Session;
use url::Url;

use crate::{
    access::cache::{self, Change},
    config::DiscordSettings,
    error::AppResult,
    extract::QueryParams,
    extract::Services,
    identity::IdentityState,
    identity::{
        discord::DiscordError,
        handoff,
        pages::{page, sign_in_failed},
        session::{self, PendingLogin},
        users, SignedIn,
    },
    tenancy::CurrentAgency,
};

pub const SCOPES: [&str; 2] = ["identify", "guilds.members.read"];
pub const CALLBACK_PATH: &str = "/auth/discord/callback";

type DiscordClient =
    BasicClient<EndpointSet, EndpointNotSet, EndpointNotSet, EndpointNotSet, EndpointSet>;

fn client(settings: &DiscordSettings, public_url: &Url) -> anyhow::Result<DiscordClient> {
    let token_url = format!("{}/oauth2/token", settings.api_url.as_str().trim_end_matches('/'));
    let redirect = public_url.join(CALLBACK_PATH)?;
    Ok(BasicClient::new(ClientId::new(settings.client_id.clone()))
        .set_client_secret(ClientSecret::new(settings.client_secret.clone()))
        .set_auth_uri(AuthUrl::new(settings.authorize_url.to_string())?)
        .set_token_uri(TokenUrl::new(token_url)?)
        .set_redirect_uri(RedirectUrl::from_url(redirect)))
}

#[derive(Debug, Deserialize)]
pub struct StartQuery {
    #[serde(rename = "returnTo")]
    pub return_to: Option<String>,
    /// On the public host: the agency domain the sign-in began on, to hand it back to.
    #[serde(rename = "for")]
    pub for_host: Option<String>,
    /// With `for`: the nonce that domain set in the browser's cookie (`handoff`).
    pub nonce: Option<String>,
}

/// Only a path of this site, as a browser would resolve it, may be returned to (no open
/// redirect); sign-in pages themselves send the person home.
pub fn safe_return_to(raw: Option<&str>) -> String {
    match raw.and_then(crate::validate::local_path) {
        Some(path) if !path.starts_with("/auth/") => path,
        _ => "/".into(),
    }
}

/// Where the person came from: `?returnTo=`, else the same-host `Referer`, else home.
fn return_to(query: &StartQuery, headers: &HeaderMap) -> String {
    if query.return_to.is_some() {
        return safe_return_to(query.return_to.as_deref());
    }
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let referer =
        headers.get(header::REFERER).and_then(|h| h.to_str().ok()).and_then(|r| Url::parse(r).ok());
    match (referer, host) {
        (Some(url), Some(host)) if url.authority() == host => {
            let path = match url.query() {
                Some(q) => format!("{}?{q}", url.path()),
                None => url.path().to_owned(),
            };
            safe_return_to(Some(&path))
        }
        _ => "/".into(),
    }
}

/// `GET /auth/discord`: starts sign-in (or opens the demo sign-in page in demo mode). Sign-in
/// happens on the public address, where Discord sends people back: on an agency domain this
/// goes there first, naming the domain (`for`) to hand the sign-in back to (`handoff`); a
/// member already signed in there is handed back at once.
pub async fn start<S: IdentityState>(
    Services(state): Services<S>,
    session: Session,
    SignedIn(user): SignedIn,
    QueryParams(query): QueryParams<StartQuery>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let back = return_to(&query, &headers);
    let public = &state.config().public_url;
    let registry = state.registry().snapshot().await?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default();
    if !handoff::is_public_host(public, host) {
        let mut to = public.join("/auth/discord").map_err(anyhow::Error::from)?;
        to.query_pairs_mut().append_pair("returnTo", &back);
        let Some(agency_host) = handoff::agency_host(public, &registry, host) else {
            return Ok(Redirect::to(to.as_str()).into_response());
        };
        // This browser, and only it, may redeem the hand-off back to this host.
        let nonce = handoff::new_nonce();
        to.query_pairs_mut().append_pair("for", &agency_host).append_pair("nonce", &nonce);
        let jar = CookieJar::new().add(handoff::nonce_cookie(nonce));
        return Ok((jar, Redirect::to(to.as_str())).into_response());
    }
    let hand_off =
        handoff::target(public, &registry, query.for_host.as_deref(), query.nonce.as_deref());
    if let (Some(to), Some(user)) = (&hand_off, &user) {
        return handoff::hand_off(&state, &user.discord_id, to, &back).await;
    }
    if state.config().demo_sign_in() {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        query.append_pair("returnTo", &back);
        if let Some(to) = &hand_off {
            query.append_pair("for", &to.host).append_pair("nonce", &to.nonce);
        }
        return Ok(Redirect::to(&format!("/auth/demo?{}", query.finish())).into_response());
    }
    let Some(discord) = state.discord() else {
        return Ok(page(
            StatusCode::SERVICE_UNAVAILABLE,
            "Sign-in unavailable",
            "<p>Discord sign-in is not configured on this portal (DISCORD_CLIENT_ID).</p><p><a href=\"/\">Back to the portal</a></p>",
        ));
    };
    let client = client(discord.settings(), &state.config().public_url)?;
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (url, csrf) = client
        .authorize_url(CsrfToken::new_random)
        .add_scopes(SCOPES.map(|s| Scope::new(s.into())))
        .set_pkce_challenge(challenge)
        .url();
    session::begin_login(
        &session,
        PendingLogin {
            csrf_state: csrf.secret().clone(),
            pkce_verifier: verifier.secret().clone(),
            return_to: back,
            hand_off_nonce: hand_off.as_ref().map(|t| t.nonce.clone()),
            hand_off: hand_off.map(|t| t.host),
        },
    )
    .await?;
    Ok(Redirect::to(url.as_str()).into_response())
}

#[derive(Debug, Deserialize)]
pub struct CallbackQuery {
    pub code: Option<String>,
    pub state: Option<String>,
    pub error: Option<String>,
}

pub const EXPIRED: &str =
    "This sign-in was not started in this browser, or it has expired or was already used. Please try again.";
pub const CODE_REFUSED: &str = "Discord did not accept the sign-in code. Please try again.";
pub const NOT_A_MEMBER: &str =
    "Your Discord account is not a member of the community's Discord server, so it cannot sign in here.";
pub const DISCORD_UNREACHABLE: &str = "Discord could not be reached. Please try again in a moment.";

/// `GET /auth/discord/callback`: checks the state, exchanges the code, reads the user and
/// their membership of the community server, then signs them in with a new session id.
pub async fn callback<S: IdentityState>(
    Services(state): Services<S>,
    CurrentAgency(agency): CurrentAgency,
    session: Session,
    QueryParams(query): QueryParams<CallbackQuery>,
) -> AppResult<Response> {
    let pending = session::take_login(&session).await?;
    let Some(discord) = state.discord() else {
        return Ok(sign_in_failed(
            StatusCode::SERVICE_UNAVAILABLE,
            "Discord sign-in is not configured on this portal.",
        ));
    };
    if query.error.is_some() {
        return Ok(sign_in_failed(StatusCode::BAD_REQUEST, "Sign-in was cancelled on Discord."));
    }
    let (Some(pending), Some(code), Some(returned_state)) = (pending, query.code, query.state)
    else {
        return Ok(sign_in_failed(StatusCode::BAD_REQUEST, EXPIRED));
    };
    if returned_state != pending.csrf_state {
        return Ok(sign_in_failed(StatusCode::BAD_REQUEST, EXPIRED));
    }
    let client = client(discord.settings(), &state.config().public_url)?;
    let token = match client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier))
        .request_async(discord.http())
        .await
    {
        Ok(token) => token,
        Err(err) => {
            tracing::warn!(error = %err, "Discord refused the authorization code");
            return Ok(sign_in_failed(StatusCode::BAD_REQUEST, CODE_REFUSED));
        }
    };
    let access = token.access_token().secret();
    let user = match discord.current_user(access).await {
        Ok(user) => user,
        Err(err) => {
            tracing::warn!(error = %err, "cannot read the Discord user");
            return Ok(sign_in_failed(StatusCode::BAD_GATEWAY, DISCORD_UNREACHABLE));
        }
    };
    let member = match discord.current_member(access).await {
        Ok(member) => member,
        Err(DiscordError::NotFound) => {
            return Ok(sign_in_failed(StatusCode::FORBIDDEN, NOT_A_MEMBER))
        }
        Err(err) => {
            tracing::warn!(error = %err, "cannot read the guild member");
            return Ok(sign_in_failed(StatusCode::BAD_GATEWAY, DISCORD_UNREACHABLE));
        }
    };
    users::record_sign_in(state.control(), &user, &member.roles, member.nick.as_deref()).await?;
    // The account's Discord roles were refreshed: every instance rereads them.
    cache::announce(&state, Change::User(user.id.clone())).await;
    session::sign_in(&session, &user.id).await?;
    tracing::info!(user = %user.id, "signed in");
    match (pending.hand_off, pending.hand_off_nonce) {
        (Some(host), Some(nonce)) => {
            // The agency domain's hand-off is the sign-in there (and follows Discord there).
            let to = handoff::Target { host, nonce };
            handoff::hand_off(&state, &user.id, &to, &pending.return_to).await
        }
        _ => {
            crate::shared::integrations::after_sign_in(&state, &agency, &user.id).await;
            Ok(Redirect::to(&pending.return_to).into_response())
        }
    }
}

/// `POST /auth/logout` (the user menu's Logout): ends the session and goes home. The
/// same-origin check keeps other sites from signing people out.
pub async fn logout(session: Session) -> AppResult<Response> {
    session::sign_out(&session).await?;
    Ok(Redirect::to("/").into_response())
}

/// `GET /auth/logout`: a link cannot sign anyone out; this page asks first.
pub async fn logout_page() -> Response {
    page(
        StatusCode::OK,
        "Log out?",
        r#"<p>You are about to sign out of the portal on this device.</p>
<form method="post" action="/auth/logout"><button type="submit">Log out</button>
&nbsp; <a class="quiet" href="/">Stay signed in</a></form>"#,
    )
}

#[cfg(test)]
mod tests {
    use super::safe_return_to;

    #[test]
    fn only_local_paths_are_returned_to() {
        assert_eq!(safe_return_to(Some("/roster?page=2")), "/roster?page=2");
        for bad in [
            "https://evil.example",
            "//evil.example",
            "/\\evil.example",
            "/\t/evil.example",
            "roster",
            "/auth/logout",
        ] {
            assert_eq!(safe_return_to(Some(bad)), "/", "{bad}");
        }
        assert_eq!(safe_return_to(None), "/");
    }
}
