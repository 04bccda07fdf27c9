//! Lists answered a page at a time: the page's items as a JSON array (the shape the
//! specification's list calls answer) and, when another page follows, a `Link` header
//! (RFC 8288) naming it with `rel="next"`, as GitHub's API does. A client that never asks for
//! a page gets the first one and no reason to change.

use axum::{
    http::{header, HeaderValue, Uri},
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;

/// The query parameter a keyset page continues from.
pub const BEFORE: &str = "before";

/// One page of a list: its items and the key the next page starts below (none on the last).
#[derive(Debug)]
pub struct Paged<T> {
    pub items: Vec<T>,
    pub next_before: Option<i64>,
}

impl<T: Serialize> Paged<T> {
    /// The page as answered to the request for `uri`: the items, and a link to the next page
    /// (the same path and query with `before` set to where this page ended).
    pub fn respond(self, uri: &Uri) -> Response {
        let link = self.next_before.map(|before| next_link(uri, before));
        let mut response = Json(self.items).into_response();
        match link.as_deref().map(HeaderValue::from_str) {
            Some(Ok(link)) => {
                response.headers_mut().insert(header::LINK, link);
            }
            // The link is form-encoded ASCII, so this cannot happen; were it to, the client
            // would take this page for the last, so it is logged.
            Some(Err(_)) => tracing::error!(?link, "a next-page link is not a valid header"),
            None => {}
        }
        response
    }
}

/// `<path?query>; rel="next"` for `uri` with its `before` parameter replaced by `before`, every
/// other parameter kept as sent (re-encoded).
pub fn next_link(uri: &Uri, before: i64) -> String {
    let kept = url::form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .filter(|(name, _)| name != BEFORE);
    let query = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(kept)
        .append_pair(BEFORE, &before.to_string())
        .finish();
    format!("<{}?{query}>; rel=\"next\"", uri.path())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_next_link_keeps_the_filters_and_replaces_the_cursor() {
        let uri: Uri = "/api/arrests?status=pending&before=90&limit=50".parse().unwrap();
        assert_eq!(
            next_link(&uri, 41),
            "</api/arrests?status=pending&limit=50&before=41>; rel=\"next\""
        );
        let bare: Uri = "/api/uof".parse().unwrap();
        assert_eq!(next_link(&bare, 7), "</api/uof?before=7>; rel=\"next\"");
    }

    #[test]
    fn the_next_link_encodes_what_it_keeps() {
        let uri: Uri = "/api/tickets?mine=true&x=a%20b%3E".parse().unwrap();
        // A `>` would end the link early; it stays encoded.
        assert_eq!(next_link(&uri, 3), "</api/tickets?mine=true&x=a+b%3E&before=3>; rel=\"next\"");
    }

    #[test]
    fn the_last_page_has_no_link() {
        let page = Paged { items: vec![1, 2], next_before: None };
        let response = page.respond(&"/api/uof".parse().unwrap());
        assert!(response.headers().get(header::LINK).is_none());
        let page = Paged { items: vec![1, 2], next_before: Some(5) };
        let response = page.respond(&"/api/uof?limit=2".parse().unwrap());
        assert_eq!(response.headers()[header::LINK], "</api/uof?limit=2&before=5>; rel=\"next\"");
    }
}
