//! Discord avatars served by the portal (issue 21, defect 4): an offline or firewalled
//! install must not send every page to Discord's image service. `/avatars/{user}/{hash}.png`
//! (or `.gif`) is fetched once from `DISCORD_CDN_URL` at size 512 (member-portal §7, the
//! chat platform's public image service), kept in the media store under the same name (an
//! avatar hash never names other pixels) and served from there. Members without an avatar
//! get one of five default images made here (`/avatars/default/{n}`, n = discriminator mod 5),
//! and so does anyone whose avatar cannot be fetched: the answer then is not cached for long,
//! and while the image service is unreachable nobody waits for it.

use std::{
    sync::Mutex,
    time::{Duration, Instant},
};

use axum::{
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use url::Url;

use crate::{
    error::{not_found, AppResult},
    extract::{PathParams, Services},
    media::MediaState,
};

/// How long one fetch from the image service may take.
const FETCH_TIMEOUT: Duration = Duration::from_secs(4);
/// After a failure to reach the image service, how long avatars are not asked of it.
const UNREACHABLE_FOR: Duration = Duration::from_secs(60);
/// How long an avatar the image service does not have is not asked for again.
const MISSING_FOR: Duration = Duration::from_secs(600);
/// Avatars are small; anything larger than this is not one.
const MAX_AVATAR_BYTES: usize = 2 * 1024 * 1024;
/// How long a browser keeps a default image handed out in place of an avatar.
const STANDIN_CACHE: &str = "public, max-age=300";

/// The image service, and what the portal knows of it.
pub struct Avatars {
    cdn: Url,
    http: reqwest::Client,
    unreachable_until: Mutex<Option<Instant>>,
    missing: moka::future::Cache<String, ()>,
}

impl Avatars {
    pub fn new(cdn: Url) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(FETCH_TIMEOUT)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        let missing =
            moka::future::Cache::builder().max_capacity(10_000).time_to_live(MISSING_FOR).build();
        Ok(Self { cdn, http, unreachable_until: Mutex::new(None), missing })
    }

    fn reachable(&self) -> bool {
        let until = self.unreachable_until.lock().map(|u| *u).unwrap_or(None);
        until.is_none_or(|until| Instant::now() >= until)
    }

    fn mark_unreachable(&self) {
        if let Ok(mut until) = self.unreachable_until.lock() {
            *until = Some(Instant::now() + UNREACHABLE_FOR);
        }
    }

    /// The avatar's bytes from the image service, or `None` when it has none, is
    /// unreachable, or answers with anything but an image.
    async fn fetch(&self, file: &AvatarFile) -> Option<Bytes> {
        let key = file.key();
        if !self.reachable() || self.missing.contains_key(&key) {
            return None;
        }
        let mut url = self.cdn.clone();
        url.set_path(&format!(
            "{}/avatars/{}/{}",
            self.cdn.path().trim_end_matches('/'),
            file.user,
            file.name
        ));
        url.set_query(Some("size=512"));
        let response = match self.http.get(url).send().await {
            Ok(response) => response,
            Err(error) => {
                tracing::warn!(%error, "Discord's image service is unreachable; default avatars for a minute");
                self.mark_unreachable();
                return None;
            }
        };
        let is_image = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("image/"));
        if !response.status().is_success() || !is_image {
            self.missing.insert(key, ()).await;
            return None;
        }
        match response.bytes().await {
            Ok(bytes) if bytes.len() <= MAX_AVATAR_BYTES => Some(bytes),
            _ => {
                self.missing.insert(key, ()).await;
                None
            }
        }
    }
}

/// `{hash}.png` or `{hash}.gif` of a user: the only names the portal asks the image service
/// for, so it fetches nothing but avatars.
struct AvatarFile {
    user: String,
    name: String,
}

impl AvatarFile {
    fn parse(user: &str, name: &str) -> Option<Self> {
        let user_ok = (5..=20).contains(&user.len()) && user.bytes().all(|b| b.is_ascii_digit());
        let (hash, extension) = name.rsplit_once('.')?;
        let plain = hash.strip_prefix("a_").unwrap_or(hash);
        let hash_ok = plain.len() == 32 && plain.bytes().all(|b| b.is_ascii_hexdigit());
        let extension_ok = match extension {
            "gif" => hash.starts_with("a_"),
            "png" => true,
            _ => false,
        };
        (user_ok && hash_ok && extension_ok)
            .then(|| Self { user: user.to_owned(), name: name.to_ascii_lowercase() })
    }

    fn key(&self) -> String {
        format!("avatars/{}/{}", self.user, self.name)
    }
}

/// The five colours of the default images, in the order of `discriminator mod 5`.
const DEFAULT_COLOURS: [&str; 5] = ["#5865f2", "#757e8a", "#3ba55c", "#faa61a", "#ed4245"];

/// A default avatar: a light figure on a coloured disc (SVG).
fn default_avatar(index: usize) -> String {
    let colour = DEFAULT_COLOURS[index % DEFAULT_COLOURS.len()];
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="512" height="512"><circle cx="64" cy="64" r="64" fill="{colour}"/><circle cx="64" cy="50" r="22" fill="#ffffff"/><path d="M24 108c6-22 22-32 40-32s34 10 40 32" fill="#ffffff"/></svg>"##
    )
}

fn default_response(index: usize, cache: &'static str) -> Response {
    let mut response = default_avatar(index).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    h.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static("default-src 'none'"));
    response
}

/// One of the five default avatars (member-portal §7: a member without an avatar hash gets the
/// default chosen by discriminator modulo 5).
#[utoipa::path(get, path = "/avatars/default/{index}", tag = "media",
    params(("index" = u8, Path, description = "0 to 4")),
    responses((status = 200, description = "The image", content_type = "image/svg+xml"),
              (status = 404, description = "No such image", body = crate::error::ErrorBody)))]
pub async fn default_image(PathParams(index): PathParams<String>) -> AppResult<Response> {
    let index: usize = index
        .strip_suffix(".svg")
        .unwrap_or(&index)
        .parse()
        .ok()
        .filter(|i| *i < DEFAULT_COLOURS.len())
        .ok_or_else(|| not_found("Not found"))?;
    Ok(default_response(index, super::routes::IMMUTABLE))
}

/// A member's Discord avatar, from the portal's copy (fetched from Discord's image service the
/// first time); a default image when it cannot be had.
#[utoipa::path(get, path = "/avatars/{user}/{file}", tag = "media",
    params(("user" = String, Path, description = "Discord user id"),
           ("file" = String, Path, description = "`{avatar hash}.png`, or `.gif` for an animated one")),
    responses((status = 200, description = "The avatar, or a default image", content_type = "image/png"),
              (status = 304, description = "Unchanged"),
              (status = 404, description = "Not an avatar's name", body = crate::error::ErrorBody)))]
pub async fn avatar<S: MediaState>(
    Services(state): Services<S>,
    PathParams((user, name)): PathParams<(String, String)>,
    headers: axum::http::HeaderMap,
) -> AppResult<Response> {
    let file = AvatarFile::parse(&user, &name).ok_or_else(|| not_found("Not found"))?;
    let key = file.key();
    if state.media().e_tag(&key).await?.is_none() {
        match state.avatars().fetch(&file).await {
            Some(bytes) => {
                state.media().put(&key, bytes).await.map_err(crate::error::AppError::Other)?
            }
            None => return Ok(default_response(0, STANDIN_CACHE)),
        }
    }
    super::routes::serve(&state, &key, &headers).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_avatar_names_are_asked_for() {
        let hash = "0123456789abcdef0123456789abcdef";
        assert!(AvatarFile::parse("100000000000000001", &format!("{hash}.png")).is_some());
        assert!(AvatarFile::parse("100000000000000001", &format!("a_{hash}.gif")).is_some());
        assert!(AvatarFile::parse("100000000000000001", &format!("a_{hash}.png")).is_some());
        assert!(
            AvatarFile::parse("100000000000000001", &format!("{hash}.gif")).is_none(),
            "gif is for animated hashes"
        );
        assert!(AvatarFile::parse("100000000000000001", &format!("{hash}.svg")).is_none());
        assert!(AvatarFile::parse("100000000000000001", "../../etc/passwd").is_none());
        assert!(AvatarFile::parse("100000000000000001", &format!("{}.png", &hash[1..])).is_none());
        assert!(AvatarFile::parse("1234", &format!("{hash}.png")).is_none());
        assert!(AvatarFile::parse("12345678901234567890123", &format!("{hash}.png")).is_none());
        assert!(AvatarFile::parse("1000000000000000x1", &format!("{hash}.png")).is_none());
        let file = AvatarFile::parse("100000000000000001", &format!("{}.png", hash.to_uppercase()))
            .unwrap();
        assert_eq!(file.key(), format!("avatars/100000000000000001/{hash}.png"));
    }

    #[test]
    fn the_five_defaults_differ_by_colour() {
        let images: Vec<String> = (0..5).map(default_avatar).collect();
        for (i, image) in images.iter().enumerate() {
            assert!(image.starts_with("<svg") && image.contains(DEFAULT_COLOURS[i]));
        }
        assert_eq!(default_avatar(5), images[0]);
    }
}
