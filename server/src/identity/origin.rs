//! State-changing requests must come from the portal's own pages: a browser's `Origin` (or
//! `Referer`) must be `PUBLIC_URL` or the page's own origin, and the page's host must be one
//! of the portal's (the public address or a registered agency domain: a name rebound to this
//! server by someone else is not). Requests without either header (command-line clients)
//! pass; SameSite=Lax keeps the session cookie off cross-site posts in any case.

use axum::{
    extract::Request,
    http::{header, Method},
    middleware::Next,
    response::{IntoResponse, Response},
};
use url::Url;

use crate::{
    error::forbidden,
    extract::Services,
    identity::IdentityState,
    identity::{handoff, transport::Scheme},
};

pub const CROSS_SITE_REFUSED: &str = "Cross-site requests are not allowed.";

/// Whether a write may proceed: safe methods always; otherwise the browser's `Origin` (or
/// `Referer`) must be the same origin as `PUBLIC_URL`, or as the page the request was sent
/// to (`scheme://host`) when `known_host` says that host is the portal's.
pub fn allowed(
    method: &Method,
    origin: Option<&str>,
    host: Option<&str>,
    scheme: Scheme,
    public: &Url,
    known_host: impl Fn(&str) -> bool,
) -> bool {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return true;
    }
    let Some(origin) = origin else { return true };
    let Some(origin) = Url::parse(origin).ok().map(|u| u.origin()).filter(|o| o.is_tuple()) else {
        return false;
    };
    if origin == public.origin() {
        return true;
    }
    let Some(host) = host.filter(|h| known_host(h)) else { return false };
    Url::parse(&format!("{}://{host}", scheme.0)).is_ok_and(|u| u.origin() == origin)
}

pub async fn same_origin<S: IdentityState>(
    Services(state): Services<S>,
    request: Request,
    next: Next,
) -> Response {
    let headers = request.headers();
    // `Origin: null` (sandboxed frames, some redirects) names no origin: it is refused, as
    // is a value that is not text.
    let origin = headers
        .get(header::ORIGIN)
        .or_else(|| headers.get(header::REFERER))
        .map(|v| v.to_str().unwrap_or("null"));
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let scheme = request.extensions().get::<Scheme>().copied().unwrap_or(Scheme("http"));
    let public = &state.config().public_url;
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    let registry = match (safe, origin) {
        (false, Some(_)) => match state.registry().snapshot().await {
            Ok(snapshot) => Some(snapshot),
            Err(err) => return crate::error::AppError::from(err).into_response(),
        },
        _ => None,
    };
    let known = |h: &str| registry.as_ref().is_some_and(|r| handoff::known_host(public, r, h));
    if allowed(request.method(), origin, host, scheme, public, known) {
        next.run(request).await
    } else {
        forbidden(CROSS_SITE_REFUSED).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `allowed` for a page served over `public`'s scheme, where bcso's domains are the
    /// portal's.
    fn allowed(method: &Method, origin: Option<&str>, host: Option<&str>, public: &Url) -> bool {
        let known = |h: &str| h.starts_with("bcso.") || h.starts_with("portal.");
        let scheme = Scheme(if public.scheme() == "https" { "https" } else { "http" });
        super::allowed(method, origin, host, scheme, public, known)
    }

    #[test]
    fn writes_must_come_from_the_same_host_or_the_public_url() {
        let public = Url::parse("https://portal.example.org").unwrap();
        let post = Method::POST;
        let host = Some("bcso.example.org");
        assert!(allowed(&Method::GET, Some("https://evil.example"), host, &public));
        assert!(allowed(&post, None, host, &public));
        assert!(allowed(&post, Some("https://bcso.example.org"), host, &public));
        assert!(allowed(&post, Some("https://bcso.example.org/roster?x=1"), host, &public));
        assert!(allowed(&post, Some("https://portal.example.org"), host, &public));
        assert!(!allowed(&post, Some("https://evil.example"), host, &public));
        assert!(!allowed(&post, Some("garbage"), host, &public));
        assert!(!allowed(&post, Some("null"), host, &public));
        assert!(!allowed(&post, Some("http://bcso.example.org"), host, &public), "scheme differs");
        assert!(!allowed(&post, Some("ftp://bcso.example.org"), host, &public));
        assert!(!allowed(&post, Some("https://bcso.example.org:8443"), host, &public), "port");
        assert!(!allowed(&post, Some("ftp://portal.example.org"), host, &public));
        assert!(allowed(&post, Some("https://portal.example.org:443/x"), host, &public));
        let local = Url::parse("http://127.0.0.1:8080").unwrap();
        let bcso = Some("bcso.localhost:8080");
        assert!(allowed(&post, Some("http://bcso.localhost:8080"), bcso, &local));
        assert!(!allowed(&post, Some("http://bcso.localhost:9090"), bcso, &local));
        assert!(!allowed(&post, Some("https://127.0.0.1:8080"), bcso, &local));
        assert!(!allowed(
            &Method::DELETE,
            Some("http://bcso.example.org.evil.example"),
            host,
            &public
        ));
        // A name rebound to this server (DNS rebinding) is not the portal's own host.
        let rebound = Some("rebound.evil.example");
        assert!(!allowed(&post, Some("https://rebound.evil.example"), rebound, &public));
        assert!(allowed(&post, Some("https://portal.example.org"), rebound, &public));
        // Behind a proxy that says the page was http, an https origin does not match.
        let http = Scheme("http");
        let any = |_: &str| true;
        let origin = Some("https://bcso.example.org");
        assert!(!super::allowed(&post, origin, host, http, &public, any));
        assert!(super::allowed(&post, Some("http://bcso.example.org"), host, http, &public, any));
    }
}
