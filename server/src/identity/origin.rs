//! State-changing requests must come from the portal's own pages: a browser's `Origin` (or
//! `Referer`) must name the host the request was sent to, or `PUBLIC_URL`. Requests without
//! either header (command-line clients) pass; SameSite=Lax keeps the session cookie off
//! cross-site posts in any case.

use axum::{
    extract::{Request, State},
    http::{header, Method},
    middleware::Next,
    response::{IntoResponse, Response},
};
use url::Url;

use crate::{error::forbidden, state::AppState};

pub const CROSS_SITE_REFUSED: &str = "Cross-site requests are not allowed.";

/// Whether a write may proceed: safe methods always; otherwise the browser's `Origin` (or
/// `Referer`) must be the same origin (scheme, host and port) as the page the request was
/// sent to, or as `PUBLIC_URL`. The request's own scheme is `PUBLIC_URL`'s: agency domains
/// are served the way the public address is.
pub fn allowed(method: &Method, origin: Option<&str>, host: Option<&str>, public: &Url) -> bool {
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
    let requested = host
        .and_then(|h| Url::parse(&format!("{}://{h}", public.scheme())).ok())
        .map(|u| u.origin());
    requested.is_some_and(|r| r == origin)
}

pub async fn same_origin(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    // `Origin: null` (sandboxed frames, some redirects) names no origin: it is refused, as
    // is a value that is not text.
    let origin = headers
        .get(header::ORIGIN)
        .or_else(|| headers.get(header::REFERER))
        .map(|v| v.to_str().unwrap_or("null"));
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    if allowed(request.method(), origin, host, &state.config.public_url) {
        next.run(request).await
    } else {
        forbidden(CROSS_SITE_REFUSED).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }
}
