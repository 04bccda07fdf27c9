//! Whether a request reached the portal over https, and `Secure` session cookies when it did.
//!
//! The portal listens on plain http behind a reverse proxy that ends TLS. With
//! `PORTAL_TRUSTED_PROXIES` set, a request is https when it comes from one of those proxies
//! and their `X-Forwarded-Proto` says so (a header from anyone else is ignored: it would let
//! a client claim https). Without it, every request is taken to use `PUBLIC_URL`'s scheme.

use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, Request},
    http::{header, HeaderValue},
    middleware::Next,
    response::Response,
};
use tower_sessions::cookie::Cookie;

use crate::{
    config::Config,
    extract::Services,
    identity::IdentityState,
    identity::{handoff::NONCE_COOKIE, session::SESSION_COOKIE},
};

/// The scheme of a request (`https` or `http`), as the layer found it; in the request's
/// extensions for the handlers that build addresses or check origins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Scheme(pub &'static str);

impl Scheme {
    pub fn is_https(self) -> bool {
        self.0 == "https"
    }
}

/// The scheme of a request from `peer` carrying `X-Forwarded-Proto: forwarded_proto`.
pub fn scheme_of(config: &Config, peer: Option<IpAddr>, forwarded_proto: Option<&str>) -> Scheme {
    if config.trusted_proxies.is_empty() {
        return Scheme(if config.public_url.scheme() == "https" { "https" } else { "http" });
    }
    let trusted = peer.is_some_and(|ip| config.trusted_proxies.iter().any(|net| net.contains(&ip)));
    // A proxy chain appends: the first value is what the browser used.
    let https = trusted
        && forwarded_proto
            .and_then(|p| p.split(',').next())
            .is_some_and(|p| p.trim().eq_ignore_ascii_case("https"));
    Scheme(if https { "https" } else { "http" })
}

/// Records the request's [`Scheme`] and marks the session cookie `Secure` on https answers.
pub async fn layer<S: IdentityState>(
    Services(state): Services<S>,
    mut request: Request,
    next: Next,
) -> Response {
    let peer = request.extensions().get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let proto = request.headers().get("x-forwarded-proto").and_then(|v| v.to_str().ok());
    let scheme = scheme_of(state.config(), peer, proto);
    request.extensions_mut().insert(scheme);
    let mut response = next.run(request).await;
    if scheme.is_https() {
        secure_session_cookie(&mut response);
    }
    response
}

fn secure_session_cookie(response: &mut Response) {
    let headers = response.headers_mut();
    let cookies: Vec<HeaderValue> = headers.get_all(header::SET_COOKIE).iter().cloned().collect();
    if cookies.is_empty() {
        return;
    }
    headers.remove(header::SET_COOKIE);
    for value in cookies {
        let secured = value
            .to_str()
            .ok()
            .and_then(|text| Cookie::parse(text.to_owned()).ok())
            .filter(|cookie| [SESSION_COOKIE, NONCE_COOKIE].contains(&cookie.name()))
            .and_then(|mut cookie| {
                cookie.set_secure(true);
                HeaderValue::from_str(&cookie.to_string()).ok()
            });
        headers.append(header::SET_COOKIE, secured.unwrap_or(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(public: &str, proxies: &str) -> Config {
        let vars = [
            ("DATABASE_URL", "postgres://portal@127.0.0.1/portal"),
            ("PUBLIC_URL", public),
            ("PORTAL_TRUSTED_PROXIES", proxies),
        ];
        Config::from_lookup(|k| vars.iter().find(|(key, _)| *key == k).map(|(_, v)| v.to_string()))
            .unwrap()
    }

    #[test]
    fn only_a_trusted_proxy_says_https() {
        let proxy: IpAddr = "10.0.0.5".parse().unwrap();
        let stranger: IpAddr = "203.0.113.9".parse().unwrap();
        let behind = config("https://portal.example.org", "10.0.0.0/24");
        assert_eq!(scheme_of(&behind, Some(proxy), Some("https")), Scheme("https"));
        assert_eq!(scheme_of(&behind, Some(proxy), Some("HTTPS, http")), Scheme("https"));
        assert_eq!(scheme_of(&behind, Some(proxy), Some("http")), Scheme("http"));
        assert_eq!(scheme_of(&behind, Some(proxy), None), Scheme("http"));
        assert_eq!(scheme_of(&behind, Some(stranger), Some("https")), Scheme("http"), "spoofed");
        assert_eq!(scheme_of(&behind, None, Some("https")), Scheme("http"));
        // Without trusted proxies, PUBLIC_URL's scheme, whatever a header says.
        let plain = config("https://portal.example.org", "");
        assert_eq!(scheme_of(&plain, Some(stranger), Some("http")), Scheme("https"));
        let local = config("http://127.0.0.1:8080", "");
        assert_eq!(scheme_of(&local, Some(proxy), Some("https")), Scheme("http"));
    }

    #[test]
    fn only_the_session_and_hand_off_cookies_become_secure() {
        let mut response = Response::new(axum::body::Body::empty());
        let headers = response.headers_mut();
        headers.append(
            header::SET_COOKIE,
            HeaderValue::from_static("portal_session=abc; HttpOnly; SameSite=Lax; Path=/"),
        );
        headers.append(header::SET_COOKIE, HeaderValue::from_static("agencySlug=bcso; Path=/"));
        headers.append(
            header::SET_COOKIE,
            HeaderValue::from_static("portal_handoff=n; HttpOnly; Path=/auth/handoff"),
        );
        secure_session_cookie(&mut response);
        let set: Vec<&str> = response
            .headers()
            .get_all(header::SET_COOKIE)
            .iter()
            .map(|v| v.to_str().unwrap())
            .collect();
        assert_eq!(set.len(), 3);
        assert!(
            set[0].starts_with("portal_session=abc") && set[0].contains("Secure"),
            "{}",
            set[0]
        );
        assert!(set[0].contains("HttpOnly") && set[0].contains("SameSite=Lax"), "{}", set[0]);
        assert_eq!(set[1], "agencySlug=bcso; Path=/");
        assert!(set[2].starts_with("portal_handoff=n") && set[2].contains("Secure"), "{}", set[2]);
    }
}
