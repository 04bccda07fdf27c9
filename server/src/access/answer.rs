//! A cached answer kept ready to send (issue 29): its JSON, a gzip copy of it, and an `ETag`,
//! all made once when the value is cached, so a cached read neither serialises nor compresses
//! anything, and a client that already holds the value gets `304 Not Modified` without a body.
//!
//! The `ETag` is weak (`W/"…"`: the identity and gzip copies are the same value) and names the
//! agency as well as a digest of the JSON, so one agency's tag never matches another's answer.
//! Answers are private to the signed-in viewer (`Cache-Control: private, no-cache`): browsers
//! keep them and ask again every time with `If-None-Match`, shared caches never keep them.

use std::io::Write;

use axum::{
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
};
use bytes::Bytes;
use sha2::{Digest, Sha256};

use crate::shared::bundle::hex;

/// Below this many bytes a gzip copy is not worth its header (the compression layer does the
/// same for uncached answers).
const GZIP_FROM: usize = 1024;

const CACHE_CONTROL: HeaderValue = HeaderValue::from_static("private, no-cache");
const JSON: HeaderValue = HeaderValue::from_static("application/json");
const GZIP: HeaderValue = HeaderValue::from_static("gzip");
const VARY: HeaderValue = HeaderValue::from_static("accept-encoding");

/// An answer of one agency, ready to send.
#[derive(Debug)]
pub struct JsonAnswer {
    body: Bytes,
    gzip: Option<Bytes>,
    etag: HeaderValue,
}

impl JsonAnswer {
    /// Prepares `body` (JSON) of agency `agency_id`: the digest and the gzip copy are made here,
    /// once.
    pub fn new(agency_id: i64, body: Bytes) -> Self {
        let digest = hex(&Sha256::digest(&body)[..12]);
        Self::tagged(body, &format!("a{agency_id}-{digest}"))
    }

    /// Prepares `body` under the weak `ETag` `W/"{tag}"` (`tag`: digits, letters and `-`).
    fn tagged(body: Bytes, tag: &str) -> Self {
        let etag = HeaderValue::from_str(&format!("W/\"{tag}\""))
            .expect("an ETag of digits, hex and dashes is a valid header value");
        let gzip = (body.len() >= GZIP_FROM).then(|| gzip(&body)).flatten();
        Self { body, gzip, etag }
    }

    pub fn etag(&self) -> &HeaderValue {
        &self.etag
    }

    /// The JSON itself.
    pub fn body(&self) -> &Bytes {
        &self.body
    }

    /// Bytes kept (the cache's weigher).
    pub fn weight(&self) -> usize {
        self.body.len() + self.gzip.as_ref().map_or(0, Bytes::len)
    }

    /// `304` when the request's `If-None-Match` names this value, else `200` with the gzip
    /// copy when the client takes gzip, else the JSON.
    pub fn respond(&self, request: &HeaderMap) -> Response {
        if self.matches(request) {
            let mut response = StatusCode::NOT_MODIFIED.into_response();
            let headers = response.headers_mut();
            headers.insert(header::ETAG, self.etag.clone());
            headers.insert(header::CACHE_CONTROL, CACHE_CONTROL);
            headers.insert(header::VARY, VARY);
            return response;
        }
        let (body, encoded) = match &self.gzip {
            Some(gzip) if accepts_gzip(request) => (gzip.clone(), true),
            _ => (self.body.clone(), false),
        };
        let mut response = body.into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, JSON);
        headers.insert(header::ETAG, self.etag.clone());
        headers.insert(header::CACHE_CONTROL, CACHE_CONTROL);
        headers.insert(header::VARY, VARY);
        if encoded {
            // The compression layer leaves an answer that already has an encoding alone.
            headers.insert(header::CONTENT_ENCODING, GZIP);
        }
        response
    }

    /// Weak comparison (RFC 9110 §13.1.2): any listed tag, weak or strong, or `*`.
    fn matches(&self, request: &HeaderMap) -> bool {
        let ours = opaque(self.etag.to_str().unwrap_or_default());
        request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.split(',').map(str::trim).any(|tag| tag == "*" || opaque(tag) == ours))
    }
}

/// A list answered a page at a time (issue 29: no answer is larger than a page), every page
/// ready to send. The pages are cut from one reading of the list, named by a token (a digest
/// of every page). Each page's `ETag` carries the token, so a page revalidates with `304` only
/// while the whole list is unchanged, and a client gathering the pages sends the token back
/// to learn whether the list changed between them (`shared::paging::PageQuery`).
#[derive(Debug)]
pub struct JsonPages {
    token: String,
    pages: Vec<JsonAnswer>,
}

impl JsonPages {
    /// `items` of agency `agency_id` in pages of `size` (at least one); no items is one empty
    /// page.
    pub fn new<T: serde::Serialize>(
        agency_id: i64,
        items: &[T],
        size: usize,
    ) -> serde_json::Result<Self> {
        let bodies: Vec<Bytes> = if items.is_empty() {
            vec![Bytes::from_static(b"[]")]
        } else {
            items
                .chunks(size.max(1))
                .map(|page| serde_json::to_vec(page).map(Bytes::from))
                .collect::<serde_json::Result<_>>()?
        };
        // The agency is in the token too: two agencies with the same list (two empty rosters)
        // still have tokens of their own.
        let mut digest = Sha256::new();
        digest.update(agency_id.to_le_bytes());
        for body in &bodies {
            digest.update((body.len() as u64).to_le_bytes());
            digest.update(body);
        }
        let token = hex(&digest.finalize()[..12]);
        let pages = (1..)
            .zip(bodies)
            .map(|(number, body)| {
                JsonAnswer::tagged(body, &format!("a{agency_id}-{token}-p{number}"))
            })
            .collect();
        Ok(Self { token, pages })
    }

    /// What names this reading of the list (24 hex digits).
    pub fn token(&self) -> &str {
        &self.token
    }

    /// How many pages there are (at least one).
    pub fn count(&self) -> usize {
        self.pages.len()
    }

    /// Page `number`, counted from 1.
    pub fn page(&self, number: usize) -> Option<&JsonAnswer> {
        self.pages.get(number.checked_sub(1)?)
    }

    /// Bytes kept (the cache's weigher).
    pub fn weight(&self) -> usize {
        self.pages.iter().map(JsonAnswer::weight).sum()
    }
}

fn opaque(tag: &str) -> &str {
    tag.strip_prefix("W/").unwrap_or(tag)
}

fn gzip(body: &[u8]) -> Option<Bytes> {
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::default(),
    );
    encoder.write_all(body).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// Whether `Accept-Encoding` takes gzip (`gzip` or `*` with a weight above zero).
fn accepts_gzip(request: &HeaderMap) -> bool {
    request
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let coding = parts.next().unwrap_or_default();
            let weight = parts
                .find_map(|p| p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            (coding.eq_ignore_ascii_case("gzip") || coding == "*") && weight > 0.0
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(name, HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn big() -> Bytes {
        Bytes::from(format!("[{}]", vec!["{\"name\":\"Deputy\"}"; 200].join(",")))
    }

    #[test]
    fn the_tag_names_the_agency_and_the_content() {
        let a = JsonAnswer::new(1, big());
        assert_eq!(a.etag(), JsonAnswer::new(1, big()).etag());
        assert_ne!(a.etag(), JsonAnswer::new(2, big()).etag(), "another agency, same bytes");
        assert_ne!(a.etag(), JsonAnswer::new(1, Bytes::from_static(b"[]")).etag());
        assert!(a.etag().to_str().unwrap().starts_with("W/\"a1-"));
    }

    #[test]
    fn if_none_match_gives_304_only_for_this_value() {
        let a = JsonAnswer::new(7, big());
        let tag = a.etag().to_str().unwrap().to_owned();
        let strong = tag.trim_start_matches("W/").to_owned();
        for matching in [tag.as_str(), strong.as_str(), "*", &format!("\"x\", {tag}")] {
            let r = a.respond(&headers(&[(header::IF_NONE_MATCH, matching)]));
            assert_eq!(r.status(), StatusCode::NOT_MODIFIED, "{matching}");
            assert_eq!(r.headers()[header::ETAG], tag);
        }
        let other = JsonAnswer::new(8, big());
        for stale in ["W/\"a7-000\"", other.etag().to_str().unwrap(), ""] {
            let r = a.respond(&headers(&[(header::IF_NONE_MATCH, stale)]));
            assert_eq!(r.status(), StatusCode::OK, "{stale}");
        }
    }

    #[test]
    fn gzip_is_sent_to_clients_that_take_it() {
        let a = JsonAnswer::new(1, big());
        for (accept, gzipped) in [
            ("gzip, deflate, br", true),
            ("br;q=1.0, gzip;q=0.5", true),
            ("*", true),
            ("gzip;q=0", false),
            ("br", false),
            ("", false),
        ] {
            let r = a.respond(&headers(&[(header::ACCEPT_ENCODING, accept)]));
            assert_eq!(r.headers().contains_key(header::CONTENT_ENCODING), gzipped, "{accept}");
            assert_eq!(r.headers()[header::CONTENT_TYPE], "application/json");
        }
        let mut plain = Vec::new();
        flate2::read::GzDecoder::new(&a.gzip.as_ref().unwrap()[..])
            .read_to_end(&mut plain)
            .unwrap();
        assert_eq!(plain, a.body().to_vec());
        // Small answers are not compressed at all.
        assert!(JsonAnswer::new(1, Bytes::from_static(b"[]")).gzip.is_none());
    }

    fn json(answer: &JsonAnswer) -> Vec<u32> {
        serde_json::from_slice(answer.body()).unwrap()
    }

    #[test]
    fn a_list_is_cut_into_pages_of_the_size_asked() {
        let items: Vec<u32> = (1..=7).collect();
        let pages = JsonPages::new(3, &items, 3).unwrap();
        assert_eq!(pages.count(), 3);
        assert_eq!(json(pages.page(1).unwrap()), [1, 2, 3]);
        assert_eq!(json(pages.page(3).unwrap()), [7]);
        assert!(pages.page(0).is_none() && pages.page(4).is_none());
        let empty = JsonPages::new::<u32>(3, &[], 3).unwrap();
        assert_eq!((empty.count(), json(empty.page(1).unwrap())), (1, vec![]));
    }

    #[test]
    fn every_page_tag_names_the_agency_the_whole_list_and_the_page() {
        let items: Vec<u32> = (1..=7).collect();
        let pages = JsonPages::new(3, &items, 3).unwrap();
        assert_eq!(pages.token().len(), 24);
        let tag = |p: &JsonPages, n| p.page(n).unwrap().etag().to_str().unwrap().to_owned();
        assert_eq!(tag(&pages, 2), format!("W/\"a3-{}-p2\"", pages.token()));
        assert_eq!(pages.token(), JsonPages::new(3, &items, 3).unwrap().token(), "same list");
        // A change on the last page changes the first page's tag too: a client revalidating
        // page 1 must not keep links that name the old list.
        let changed = JsonPages::new(3, &[1, 2, 3, 4, 5, 6, 8], 3).unwrap();
        assert_ne!(changed.token(), pages.token());
        assert_ne!(tag(&changed, 1), tag(&pages, 1));
        // Another page size is another reading, and another agency another tag.
        assert_ne!(JsonPages::new(3, &items, 4).unwrap().token(), pages.token());
        let elsewhere = JsonPages::new(4, &items, 3).unwrap();
        assert!(tag(&elsewhere, 1).starts_with("W/\"a4-"));
        assert_ne!(elsewhere.token(), pages.token(), "the same list in another agency");
    }
}
