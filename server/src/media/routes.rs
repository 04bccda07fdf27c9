//! Serving media: `/media/{path}` and `/insignia/{file}`, with content types and long-lived
//! cache headers (stored names are never reused for other content).

use axum::{
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};

use axum_extra::headers::{ETag, HeaderMapExt, IfNoneMatch};

use crate::{
    error::{not_found, AppResult},
    extract::PathParams,
    extract::Services,
    media::MediaState,
};

pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The object key of an insignia file.
pub fn insignia_key(file: &str) -> String {
    format!("insignia/{file}")
}

/// An uploaded media file.
#[utoipa::path(get, path = "/media/{path}", tag = "media",
    params(("path" = String, Path, description = "Key of the stored file")),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"),
              (status = 304, description = "Unchanged"),
              (status = 404, description = "No such file", body = crate::error::ErrorBody)))]
pub async fn media<S: MediaState>(
    Services(state): Services<S>,
    PathParams(path): PathParams<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    serve(&state, &path, &headers).await
}

/// A rank insignia (PNG).
#[utoipa::path(get, path = "/insignia/{file}", tag = "media",
    params(("file" = String, Path, description = "Insignia file name")),
    responses((status = 200, description = "The PNG", content_type = "image/png"),
              (status = 304, description = "Unchanged"),
              (status = 404, description = "No such file", body = crate::error::ErrorBody)))]
pub async fn insignia<S: MediaState>(
    Services(state): Services<S>,
    PathParams(file): PathParams<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    if file.contains('/') {
        return Err(not_found("Not found"));
    }
    serve(&state, &insignia_key(&file), &headers).await
}

/// Longest stored name and key we ever create; anything longer cannot exist (and a file
/// system would refuse to look it up).
const MAX_NAME: usize = 200;
const MAX_KEY: usize = 512;

/// Objects kept in the media store that `/media` never serves: documents' Office sources
/// (served by their own routes, to readers of their document) and agency backups.
pub const PRIVATE_PREFIXES: [&str; 2] = ["documents/", "backups/"];

/// A key `/media` may look up: no empty segment (the store would read `/backups/…` or
/// `a//b` as `backups/…` and `a/b`, past the prefix check), none too long, and none under
/// the private prefixes.
fn plausible_key(key: &str) -> bool {
    key.len() <= MAX_KEY
        && key.split('/').all(|part| !part.is_empty() && part.len() <= MAX_NAME)
        && !PRIVATE_PREFIXES.iter().any(|prefix| key.starts_with(prefix))
}

/// Serves the stored object `key` with its type, long-lived cache headers and entity tag (304
/// when the browser has it).
pub(crate) async fn serve(
    state: &impl MediaState,
    key: &str,
    headers: &HeaderMap,
) -> AppResult<Response> {
    if !plausible_key(key) {
        return Err(not_found("Not found"));
    }
    // Revalidation asks the store for metadata only; the bytes are read for a 200 alone.
    let stored_tag = state.media().e_tag(key).await?.ok_or_else(|| not_found("Not found"))?;
    let etag = stored_tag.as_deref().and_then(|t| quoted(t).parse::<ETag>().ok());
    let unchanged = match (&etag, headers.typed_get::<IfNoneMatch>()) {
        (Some(tag), Some(condition)) => !condition.precondition_passes(tag),
        _ => false,
    };
    let mut response = if unchanged {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let object = state.media().get(key).await?.ok_or_else(|| not_found("Not found"))?;
        object.bytes.into_response()
    };
    let mime = mime_guess::from_path(key).first_or_octet_stream();
    let h = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(mime.as_ref()) {
        h.insert(header::CONTENT_TYPE, value);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; sandbox"),
    );
    // Served as stored: the strong entity tag describes these exact bytes, so the
    // compression layer must leave them alone.
    h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("identity"));
    if let Some(tag) = etag {
        h.typed_insert(tag);
    }
    Ok(response)
}

/// Stores differ in whether their entity tags carry quotes; HTTP wants them quoted.
fn quoted(tag: &str) -> String {
    if tag.starts_with('"') || tag.starts_with("W/") {
        tag.to_owned()
    } else {
        format!("\"{tag}\"")
    }
}

#[cfg(test)]
mod tests {
    use super::plausible_key;

    #[test]
    fn private_objects_are_never_media_however_the_key_is_spelled() {
        assert!(plausible_key("agencies/bcso/badge.png"));
        for key in [
            "backups/1/bcso-2026.agency.tar.gz",
            "/backups/1/bcso-2026.agency.tar.gz",
            "//backups/1/x",
            "documents/bcso/a.docx",
            "/documents/bcso/a.docx",
            "agencies//bcso/badge.png",
            "agencies/bcso/",
            "",
        ] {
            assert!(!plausible_key(key), "{key}");
        }
    }
}
