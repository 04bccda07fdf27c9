//! The built web app: embedded in the binary at build time, or read from `PORTAL_WEB_DIR`.
//! Hashed files under `/assets/` are cached for a year; every other path that is not an API
//! path gets `index.html`, so deep links work.

use std::{borrow::Cow, path::PathBuf};

use axum::{
    http::{header, HeaderValue, Method, StatusCode, Uri},
    response::{IntoResponse, Response},
};
use rust_embed::RustEmbed;

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
