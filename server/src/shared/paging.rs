//! Lists answered a page at a time: the page's items as a JSON array (the shape the
//! specification's list calls answer) and, when another page follows, a `Link` header
//! (RFC 8288) naming it with `rel="next"`, as GitHub's API does. A client that never asks for
//! a page gets the first one and no reason to change.
//!
//! Two kinds: keyset pages read from Postgres ([`Paged`], `?before={id}`: report lists), and
//! pages cut from a list kept whole in the access cache ([`PageQuery`] over
//! [`JsonPages`], `?page={n}&of={token}`: the roster), whose links also name the last page, so
//! a client can fetch the rest at once.

use std::num::NonZeroUsize;

use axum::{
    http::{header, HeaderMap, HeaderValue, Uri},
    response::{IntoResponse, Response},
    Json,
};
use serde::{Deserialize, Serialize};
use utoipa::IntoParams;

use crate::{
    access::answer::JsonPages,
    error::{conflict, not_found, AppResult},
};

/// The query parameter a keyset page continues from.
pub const BEFORE: &str = "before";
/// The query parameters of a page cut from a list kept whole.
pub const PAGE: &str = "page";
pub const OF: &str = "of";

/// A page asked for with the token of a list that changed since (`409`).
pub const LIST_CHANGED: &str =
    "The list changed while its pages were being read. Read it again from the first page.";

/// A page past the last (`404`).
pub fn no_such_page(page: usize, count: usize) -> String {
    let pages = if count == 1 { "1 page" } else { &format!("{count} pages") };
    format!("There is no page {page}: the list has {pages}.")
}

/// Which page of a list kept whole ([`JsonPages`]) a request asks for.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// The page, from 1 (default 1), as the answer's `Link` header names the next and the
    /// last: `<…?page={n}&of={token}>; rel="next"`, `…; rel="last"`.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<NonZeroUsize>,
    /// The token the links carry. A page of a list that changed since that token's reading is
    /// refused with `409`, so the pages a client gathers are of one list.
    pub of: Option<String>,
}

impl PageQuery {
    /// The page asked for, ready to send (`304` when `If-None-Match` names it), with links to
    /// the next page (when one follows) and to the last.
    pub fn respond(
        &self,
        pages: &JsonPages,
        uri: &Uri,
        request: &HeaderMap,
    ) -> AppResult<Response> {
        if self.of.as_deref().is_some_and(|of| of != pages.token()) {
            return Err(conflict(LIST_CHANGED));
        }
        let number = self.page.map_or(1, NonZeroUsize::get);
        let answer =
            pages.page(number).ok_or_else(|| not_found(no_such_page(number, pages.count())))?;
        let mut response = answer.respond(request);
        let token = pages.token();
        let to = |page: usize, rel: &str| {
            format!("{}; rel=\"{rel}\"", target(uri, &[(PAGE, &page.to_string()), (OF, token)]))
        };
        let mut links = Vec::with_capacity(2);
        if number < pages.count() {
            links.push(to(number + 1, "next"));
        }
        links.push(to(pages.count(), "last"));
        insert_link(&mut response, &links.join(", "));
        Ok(response)
    }
}

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
        let mut response = Json(self.items).into_response();
        if let Some(before) = self.next_before {
            insert_link(&mut response, &next_link(uri, before));
        }
        response
    }
}

fn insert_link(response: &mut Response, link: &str) {
    match HeaderValue::from_str(link) {
        Ok(link) => {
            response.headers_mut().insert(header::LINK, link);
        }
        // The link is form-encoded ASCII, so this cannot happen; were it to, the client would
        // take this page for the last, so it is logged.
        Err(_) => tracing::error!(?link, "a page link is not a valid header"),
    }
}

/// `<path?query>; rel="next"` for `uri` with its `before` parameter replaced by `before`, every
/// other parameter kept as sent (re-encoded).
pub fn next_link(uri: &Uri, before: i64) -> String {
    format!("{}; rel=\"next\"", target(uri, &[(BEFORE, &before.to_string())]))
}

/// `<path?query>` for `uri` with the parameters named in `set` replaced by their values
/// (appended in that order), every other parameter kept as sent (re-encoded).
fn target(uri: &Uri, set: &[(&str, &str)]) -> String {
    let kept = url::form_urlencoded::parse(uri.query().unwrap_or_default().as_bytes())
        .filter(|(name, _)| set.iter().all(|(replaced, _)| name != replaced));
    let query = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(kept)
        .extend_pairs(set.iter().copied())
        .finish();
    format!("<{}?{query}>", uri.path())
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

    fn list(agency: i64, items: &[u32]) -> JsonPages {
        JsonPages::new(agency, items, 2).unwrap()
    }

    fn ask(page: usize, of: Option<&str>) -> PageQuery {
        PageQuery { page: NonZeroUsize::new(page), of: of.map(str::to_owned) }
    }

    #[test]
    fn a_page_links_the_next_and_the_last_with_the_lists_token() {
        let pages = list(1, &[1, 2, 3, 4, 5]);
        let t = pages.token().to_owned();
        let uri: Uri = "/api/roster?x=1&page=1".parse().unwrap();
        let first = ask(1, None).respond(&pages, &uri, &HeaderMap::new()).unwrap();
        assert_eq!(
            first.headers()[header::LINK],
            format!("</api/roster?x=1&page=2&of={t}>; rel=\"next\", </api/roster?x=1&page=3&of={t}>; rel=\"last\"")
        );
        let last = ask(3, Some(&t)).respond(&pages, &uri, &HeaderMap::new()).unwrap();
        assert_eq!(
            last.headers()[header::LINK],
            format!("</api/roster?x=1&page=3&of={t}>; rel=\"last\"")
        );
        // A revalidated page carries its links as well.
        let mut again = HeaderMap::new();
        again.insert(header::IF_NONE_MATCH, pages.page(1).unwrap().etag().clone());
        let revalidated = PageQuery::default().respond(&pages, &uri, &again).unwrap();
        assert_eq!(revalidated.status(), axum::http::StatusCode::NOT_MODIFIED);
        assert_eq!(revalidated.headers()[header::LINK], first.headers()[header::LINK]);
    }

    #[test]
    fn a_page_of_a_changed_list_or_past_the_last_is_refused_with_a_sentence() {
        let before = list(1, &[1, 2, 3]);
        let after = list(1, &[1, 2, 4]);
        let uri: Uri = "/api/roster".parse().unwrap();
        let stale =
            ask(2, Some(before.token())).respond(&after, &uri, &HeaderMap::new()).unwrap_err();
        assert_eq!((stale.status().as_u16(), stale.to_string()), (409, LIST_CHANGED.to_owned()));
        let past = ask(3, None).respond(&after, &uri, &HeaderMap::new()).unwrap_err();
        assert_eq!((past.status().as_u16(), past.to_string()), (404, no_such_page(3, 2)));
        assert_eq!(no_such_page(3, 2), "There is no page 3: the list has 2 pages.");
        assert_eq!(no_such_page(2, 1), "There is no page 2: the list has 1 page.");
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
