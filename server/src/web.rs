//! The built web app: embedded in the binary at build time, or read from `PORTAL_WEB_DIR`.
//! Hashed files under `/assets/` are cached for a year; every other path that is not an API
//! path gets `index.html`, so deep links work. Every answer carries [`security_headers`].

use std::{borrow::Cow, path::PathBuf};

use axum::{
    http::{header, HeaderName, HeaderValue, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
};
use rust_embed::RustEmbed;
use url::Url;

use crate::{error::not_found, extract::Services, media::routes::IMMUTABLE};

#[derive(RustEmbed)]
#[folder = "../webapp/dist"]
#[allow_missing = true]
struct Embedded;

/// What the web app's fallback needs of the application's state.
pub trait WebState: Send + Sync {
    fn web(&self) -> &WebAssets;
}

/// Where the web app's files come from.
#[derive(Debug, Clone)]
pub enum WebAssets {
    Embedded,
    Folder(PathBuf),
}

impl WebAssets {
    async fn file(&self, path: &str) -> Option<Cow<'static, [u8]>> {
        match self {
            Self::Embedded => Embedded::get(path).map(|f| f.data),
            Self::Folder(dir) => {
                if path.split('/').any(|part| part == ".." || part.is_empty()) {
                    return None;
                }
                tokio::fs::read(dir.join(path)).await.ok().map(Cow::Owned)
            }
        }
    }
}

/// Everything no route matched: a JSON 404 under `/api`, else a web app file or `index.html`.
pub async fn fallback<S: WebState>(
    Services(state): Services<S>,
    method: Method,
    uri: Uri,
) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return not_found(format!("No API route for {method} {path}")).into_response();
    }
    let file = path.trim_start_matches('/');
    if !file.is_empty() && file != "index.html" {
        if let Some(bytes) = state.web().file(file).await {
            let cache = if file.starts_with("assets/") { IMMUTABLE } else { "no-cache" };
            return asset(file, bytes, cache);
        }
        if file.starts_with("assets/") {
            return not_found("Not found").into_response();
        }
    }
    match state.web().file("index.html").await {
        Some(bytes) => asset("index.html", bytes, "no-cache"),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            "The web app is not built: run `npm run build` in webapp/ (scripts/run does this).",
        )
            .into_response(),
    }
}

fn asset(name: &str, bytes: Cow<'static, [u8]>, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let mut response = bytes.into_owned().into_response();
    let h = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        h.insert(header::CONTENT_TYPE, value);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// The headers every answer of the portal carries, unless a route set its own (media, avatars
/// and file downloads set a stricter policy, or none; `nosniff` they get from here):
///
/// - `Content-Security-Policy`: scripts only from the portal itself (and from the document
///   server's origin when `ONLYOFFICE_URL` is set: its `api.js` and the editor's frame; it is
///   named in `connect-src` too, which the real `api.js` does not need but the browser tests'
///   stand-in, which has no frame, does), no plug-ins, no `<base>` elsewhere, and no page of
///   the portal inside another site's frame.
///   Styles may be inline (Mantine writes its theme's variables in a `<style>` element and
///   places elements with `style` attributes). Pictures may come from anywhere on the web
///   (catalogue pictures and SOP pictures may be http(s) addresses) and from `data:`/`blob:`
///   (a picture shown before its upload ends). `connect-src` names `ws:`/`wss:` beside
///   `'self'` because older Safari does not count a WebSocket to the same host as `'self'`
///   (the live SOP editor); it lets a script open a WebSocket anywhere, but only the portal's
///   own scripts run.
/// - `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin` (a link or picture to
///   another site does not tell it which page of the portal it was on) and
///   `X-Frame-Options: DENY` (`frame-ancestors` for browsers without CSP 2).
pub fn security_headers(onlyoffice: Option<&Url>) -> Vec<(HeaderName, HeaderValue)> {
    let office = onlyoffice.map(|url| url.origin().ascii_serialization());
    let (beside_self, frames) = match office.as_deref() {
        Some(origin) => (format!(" {origin}"), origin.to_owned()),
        None => (String::new(), "'none'".to_owned()),
    };
    let policy = format!(
        "default-src 'self'; script-src 'self'{beside_self}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob: http: https:; font-src 'self' data:; \
         connect-src 'self' ws: wss:{beside_self}; frame-src {frames}; worker-src 'self' blob:; \
         object-src 'none'; base-uri 'self'; frame-ancestors 'none'"
    );
    vec![
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_str(&policy).expect("an origin is a valid header value"),
        ),
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::REFERRER_POLICY, HeaderValue::from_static("same-origin")),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy(onlyoffice: Option<&str>) -> String {
        let url = onlyoffice.map(|u| Url::parse(u).unwrap());
        let headers = security_headers(url.as_ref());
        let (_, value) =
            headers.iter().find(|(name, _)| name == header::CONTENT_SECURITY_POLICY).unwrap();
        value.to_str().unwrap().to_owned()
    }

    fn directive(policy: &str, name: &str) -> String {
        policy
            .split(';')
            .map(str::trim)
            .find_map(|d| d.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name} in {policy}"))
            .to_owned()
    }

    #[test]
    fn scripts_and_frames_come_from_the_portal_and_the_document_server_alone() {
        let without = policy(None);
        assert_eq!(directive(&without, "script-src"), "'self'");
        assert_eq!(directive(&without, "frame-src"), "'none'");
        assert_eq!(directive(&without, "frame-ancestors"), "'none'");
        assert_eq!(directive(&without, "object-src"), "'none'");
        assert!(!without.contains("unsafe-eval"));

        // The origin only: a path or port in ONLYOFFICE_URL does not widen or break it.
        let with = policy(Some("https://docs.example.org:8443/office/"));
        assert_eq!(directive(&with, "script-src"), "'self' https://docs.example.org:8443");
        assert_eq!(directive(&with, "frame-src"), "https://docs.example.org:8443");
        assert_eq!(
            directive(&with, "connect-src"),
            "'self' ws: wss: https://docs.example.org:8443"
        );
        assert_eq!(directive(&without, "connect-src"), "'self' ws: wss:");
    }

    #[test]
    fn every_answer_gets_the_other_headers() {
        let names: Vec<HeaderName> = security_headers(None).into_iter().map(|(n, _)| n).collect();
        for expected in
            [header::X_CONTENT_TYPE_OPTIONS, header::REFERRER_POLICY, header::X_FRAME_OPTIONS]
        {
            assert!(names.contains(&expected), "{expected} missing");
        }
    }
}
