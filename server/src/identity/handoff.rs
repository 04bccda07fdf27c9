//! Signing in on an agency's own domain (issue 12).
//!
//! Discord sends every member back to `PUBLIC_URL`'s callback (the one redirect URI
//! registered with Discord), and a cookie belongs to one host. So a sign-in started on an
//! agency domain goes to the public host first, naming that domain (`for`); after the callback
//! the public host hands the signed-in identity back with a one-time token that is bound to
//! that domain, valid for [`TTL_SECONDS`] and deleted when used. The agency domain then sets
//! its own session cookie. Switching agencies passes through the public host the same way, so
//! a signed-in member stays signed in without a new Discord round trip.
//!
//! A token is also bound to the browser that asked for it (login CSRF, issue 19): the agency
//! host sets a random nonce in a cookie of its own ([`NONCE_COOKIE`]) when that browser starts
//! the sign-in (or a switch to it, which starts there too), the public host binds the token to
//! the nonce's hash, and the agency host redeems the token only with the same cookie. A token
//! minted by someone else's browser therefore signs nobody in.

use axum::{
    http::{header, HeaderMap, StatusCode},
    response::{IntoResponse, Redirect, Response},
};
use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use tower_sessions::Session;
use url::Url;

use crate::{
    error::AppResult,
    extract::QueryParams,
    extract::Services,
    identity::IdentityState,
    identity::{
        oauth::safe_return_to,
        pages::{escape, page},
        session, SignedIn,
    },
    tenancy::{registry::Snapshot, resolver::AGENCY_COOKIE, CurrentAgency},
};

pub const HANDOFF_PATH: &str = "/auth/handoff";
pub const SWITCH_PATH: &str = "/auth/switch";
/// How long a hand-off token may wait to be used.
pub const TTL_SECONDS: i64 = 60;
pub const HANDOFF_FAILED: &str = "This sign-in link has expired, was already used, or was meant for another site. Please sign in again.";
/// The agency host's cookie holding the nonce a hand-off to it must be bound to.
pub const NONCE_COOKIE: &str = "portal_handoff";
/// How long a started sign-in may take (Discord's consent page included).
pub const NONCE_MAX_AGE_MINUTES: i64 = 15;

/// A new random nonce for a browser starting a sign-in on an agency host.
pub fn new_nonce() -> String {
    URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>())
}

/// The cookie that keeps `nonce` in the browser, sent back to the hand-off path only.
pub fn nonce_cookie(nonce: String) -> Cookie<'static> {
    Cookie::build((NONCE_COOKIE, nonce))
        .path(HANDOFF_PATH)
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(time::Duration::minutes(NONCE_MAX_AGE_MINUTES))
        .build()
}

/// Where a sign-in is handed: an agency host, and the nonce its browser holds there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub host: String,
    pub nonce: String,
}

/// The hand-off a sign-in on the public host was asked for: `for` a registered agency host,
/// with the nonce that host gave the browser (none without both).
pub fn target(
    public: &Url,
    registry: &Snapshot,
    for_host: Option<&str>,
    nonce: Option<&str>,
) -> Option<Target> {
    let host = agency_host(public, registry, for_host?.trim())?;
    let nonce = nonce.map(str::trim).filter(|n| !n.is_empty() && n.len() <= 64)?;
    Some(Target { host, nonce: nonce.to_owned() })
}

/// `host[:port]` as a browser sends it in `Host` (the port left out when it is the scheme's
/// default), lower-case.
pub fn authority(url: &Url) -> String {
    let host = url.host_str().unwrap_or_default().to_lowercase();
    match url.port() {
        Some(port) => format!("{host}:{port}"),
        None => host,
    }
}

/// A `Host` value split into its name and port (the public scheme's default when absent).
fn split_host(host: &str, public: &Url) -> Option<(String, u16)> {
    let url = Url::parse(&format!("{}://{}", public.scheme(), host.trim())).ok()?;
    if url.path() != "/" || url.username() != "" || url.query().is_some() {
        return None;
    }
    Some((url.host_str()?.to_lowercase(), url.port_or_known_default()?))
}

/// Whether `host` is `PUBLIC_URL`'s own.
pub fn is_public_host(public: &Url, host: &str) -> bool {
    split_host(host, public).is_some_and(|(name, port)| {
        Some(name.as_str()) == public.host_str().map(str::to_lowercase).as_deref()
            && Some(port) == public.port_or_known_default()
    })
}

/// `host` as a registered agency domain served like the public address (same port), in
/// [`authority`] form; `None` for any other name.
pub fn agency_host(public: &Url, registry: &Snapshot, host: &str) -> Option<String> {
    let (name, port) = split_host(host, public)?;
    registry.slug_for_domain(&name)?;
    if Some(port) != public.port_or_known_default() {
        return None;
    }
    domain_host(public, &name)
}

/// The host (in [`authority`] form) an agency `domain` is served on: the public address's
/// scheme and port.
pub fn domain_host(public: &Url, domain: &str) -> Option<String> {
    let mut url = public.clone();
    url.set_host(Some(domain.trim())).ok()?;
    Some(authority(&url))
}

/// Whether a request for `host` is for this portal: its public address or an agency domain.
pub fn known_host(public: &Url, registry: &Snapshot, host: &str) -> bool {
    is_public_host(public, host) || agency_host(public, registry, host).is_some()
}

/// The origin (`scheme://authority`) of a page on `host`, served the way the public address
/// is.
pub fn origin_of(public: &Url, host: &str) -> String {
    format!("{}://{host}", public.scheme())
}

fn hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

/// A token handing `discord_id` to `to` (bound to its host and its browser's nonce), landing
/// on `return_to`.
pub async fn issue(
    control: &PgPool,
    discord_id: &str,
    to: &Target,
    return_to: &str,
) -> sqlx::Result<String> {
    let token = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    sqlx::query("DELETE FROM sign_in_handoffs WHERE expires_at < now()").execute(control).await?;
    sqlx::query(
        "INSERT INTO sign_in_handoffs (token_hash, discord_id, host, return_to, expires_at, nonce_hash)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)",
    )
    .bind(hash(&token))
    .bind(discord_id)
    .bind(to.host.to_lowercase())
    .bind(return_to)
    .bind(TTL_SECONDS as f64)
    .bind(hash(&to.nonce))
    .execute(control)
    .await?;
    Ok(token)
}

/// Uses a token presented on `host` by a browser holding `nonce`: the person and the path to
/// land on, once; nothing for a token that is unknown, expired, already used, bound to another
/// host or minted for another browser.
pub async fn redeem(
    control: &PgPool,
    token: &str,
    host: &str,
    nonce: &str,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "DELETE FROM sign_in_handoffs
         WHERE token_hash = $1 AND host = $2 AND nonce_hash = $3 AND expires_at >= now()
         RETURNING discord_id, return_to",
    )
    .bind(hash(token))
    .bind(host.to_lowercase())
    .bind(hash(nonce))
    .fetch_optional(control)
    .await
}

/// Hands `discord_id` to `to`: the address of the hand-off on its host.
pub async fn hand_off(
    state: &impl IdentityState,
    discord_id: &str,
    to: &Target,
    return_to: &str,
) -> AppResult<Response> {
    let token = issue(state.control(), discord_id, to, return_to).await?;
    let public = &state.config().public_url;
    let registry = state.registry().snapshot().await?;
    let slug = split_host(&to.host, public).and_then(|(name, _)| registry.slug_for_domain(&name));
    let redirect = format!("{}{HANDOFF_PATH}?token={token}", origin_of(public, &to.host));
    Ok(remembering(Redirect::to(&redirect).into_response(), slug))
}

/// The public address remembers the agency it sends a member to (issue 21, defect 9): its
/// `agencySlug` cookie (the one the web app keeps the active agency in) names that agency, so
/// coming back to the public address shows the agency the member last went to, not the one
/// they left.
fn remembering(mut response: Response, slug: Option<&str>) -> Response {
    let Some(slug) = slug else { return response };
    let cookie = Cookie::build((AGENCY_COOKIE, slug.to_owned()))
        .path("/")
        .same_site(SameSite::Lax)
        .max_age(time::Duration::days(30))
        .build();
    if let Ok(value) = cookie.to_string().parse() {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}

fn request_host(headers: &HeaderMap) -> &str {
    headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or_default()
}

#[derive(Debug, Deserialize)]
pub struct HandoffQuery {
    pub token: Option<String>,
}

/// `GET /auth/handoff?token=` on an agency domain: signs the token's member in on this host
/// (a new session id) and lands them where they started.
pub async fn receive<S: IdentityState>(
    Services(state): Services<S>,
    CurrentAgency(agency): CurrentAgency,
    session: Session,
    headers: HeaderMap,
    jar: CookieJar,
    QueryParams(query): QueryParams<HandoffQuery>,
) -> AppResult<Response> {
    let host = request_host(&headers);
    let token = query.token.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let nonce = jar.get(NONCE_COOKIE).map(|c| c.value().to_owned());
    // The nonce serves one hand-off, whatever its outcome.
    let jar = jar.remove(Cookie::build(NONCE_COOKIE).path(HANDOFF_PATH));
    let redeemed = match (token, nonce.as_deref()) {
        (Some(token), Some(nonce)) => redeem(state.control(), token, host, nonce).await?,
        _ => None,
    };
    let Some((discord_id, return_to)) = redeemed else {
        tracing::info!(host, "sign-in hand-off refused");
        return Ok((jar, page(
            StatusCode::BAD_REQUEST,
            "Sign-in link not valid",
            &format!(
                r#"<p>{}</p><p><a href="/auth/discord">Sign in</a> &nbsp; <a class="quiet" href="/">Back to the portal</a></p>"#,
                escape(HANDOFF_FAILED)
            ),
        ))
            .into_response());
    };
    session::sign_in(&session, &discord_id).await?;
    tracing::info!(user = %discord_id, host, "signed in by hand-off");
    crate::shared::integrations::after_sign_in(&state, &agency, &discord_id).await;
    Ok((jar, Redirect::to(&safe_return_to(Some(&return_to)))).into_response())
}

#[derive(Debug, Deserialize)]
pub struct SwitchQuery {
    pub agency: Option<String>,
    #[serde(rename = "returnTo")]
    pub return_to: Option<String>,
}

/// `GET /auth/switch?agency=&returnTo=`: opens `returnTo` of another agency, on its own
/// domain when it has one (else on the public address), keeping the member signed in: from an
/// agency domain it goes through the public host, which sends the browser to the target's
/// sign-in start (setting the target's nonce there), whose hand-off the public session answers.
pub async fn switch<S: IdentityState>(
    Services(state): Services<S>,
    SignedIn(user): SignedIn,
    headers: HeaderMap,
    QueryParams(query): QueryParams<SwitchQuery>,
) -> AppResult<Response> {
    let public = &state.config().public_url;
    let back = safe_return_to(query.return_to.as_deref());
    let registry = state.registry().snapshot().await?;
    let slug = query.agency.as_deref().map(|s| s.trim().to_lowercase()).unwrap_or_default();
    let Some(target) = registry.by_slug(&slug) else {
        return Ok(page(
            StatusCode::NOT_FOUND,
            "Unknown agency",
            &format!(
                "<p>There is no agency '{}'.</p><p><a href=\"/\">Back to the portal</a></p>",
                escape(&slug)
            ),
        ));
    };
    let here = request_host(&headers);
    let target_host = target.domain.as_deref().and_then(|d| domain_host(public, d));
    let Some(target_host) = target_host else {
        // No domain of its own: the public address, naming the agency.
        let sep = if back.contains('?') { '&' } else { '?' };
        let to =
            format!("{}{back}{sep}agency={}", origin_of(public, &authority(public)), target.slug);
        return Ok(Redirect::to(&to).into_response());
    };
    if Some(&target_host) == agency_host(public, &registry, here).as_ref() {
        return Ok(Redirect::to(&back).into_response());
    }
    if !is_public_host(public, here) {
        // Only the public host's session can hand off.
        let mut to = public.join(SWITCH_PATH).map_err(anyhow::Error::from)?;
        to.query_pairs_mut().append_pair("agency", &target.slug).append_pair("returnTo", &back);
        return Ok(Redirect::to(to.as_str()).into_response());
    }
    let origin = origin_of(public, &target_host);
    let redirect = match user {
        Some(_) => {
            let mut to =
                Url::parse(&format!("{origin}/auth/discord")).map_err(anyhow::Error::from)?;
            to.query_pairs_mut().append_pair("returnTo", &back);
            Redirect::to(to.as_str()).into_response()
        }
        None => Redirect::to(&format!("{origin}{back}")).into_response(),
    };
    Ok(remembering(redirect, Some(&target.slug)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tenancy::Agency;

    fn agency(slug: &str, domain: Option<&str>) -> Agency {
        Agency { domain: domain.map(Into::into), ..Agency::for_tests(slug) }
    }

    fn registry() -> Snapshot {
        Snapshot::new(
            vec![
                agency("rawlife", None),
                agency("bcso", Some("bcso.example.org")),
                agency("lspd", Some("LSPD.example.org")),
            ],
            1,
        )
    }

    #[test]
    fn only_registered_domains_on_the_public_port_are_agency_hosts() {
        let public = Url::parse("https://portal.example.org").unwrap();
        let r = registry();
        assert_eq!(
            agency_host(&public, &r, "bcso.example.org").as_deref(),
            Some("bcso.example.org")
        );
        assert_eq!(
            agency_host(&public, &r, "BCSO.example.org:443").as_deref(),
            Some("bcso.example.org")
        );
        assert_eq!(
            agency_host(&public, &r, "lspd.example.org").as_deref(),
            Some("lspd.example.org")
        );
        assert_eq!(agency_host(&public, &r, "bcso.example.org:8443"), None, "another port");
        assert_eq!(agency_host(&public, &r, "evil.example"), None);
        assert_eq!(agency_host(&public, &r, "bcso.example.org.evil.example"), None);
        assert_eq!(agency_host(&public, &r, "bcso.example.org/path"), None);
        assert_eq!(agency_host(&public, &r, "user@bcso.example.org"), None);
        assert_eq!(agency_host(&public, &r, ""), None);
        assert!(is_public_host(&public, "portal.example.org"));
        assert!(is_public_host(&public, "Portal.Example.org:443"));
        assert!(!is_public_host(&public, "portal.example.org:80"));
        assert!(known_host(&public, &r, "bcso.example.org"));
        assert!(!known_host(&public, &r, "rebound.evil.example"));

        let local = Url::parse("http://127.0.0.1:8080").unwrap();
        let r = Snapshot::new(vec![agency("bcso", Some("bcso.localhost"))], 1);
        assert_eq!(
            agency_host(&local, &r, "bcso.localhost:8080").as_deref(),
            Some("bcso.localhost:8080")
        );
        assert_eq!(agency_host(&local, &r, "bcso.localhost:9090"), None);
        assert_eq!(agency_host(&local, &r, "bcso.localhost"), None, "port 80 is not the portal's");
        assert_eq!(authority(&local), "127.0.0.1:8080");
        assert_eq!(origin_of(&local, "bcso.localhost:8080"), "http://bcso.localhost:8080");
    }
}
