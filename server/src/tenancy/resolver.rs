//! The tenant router: which agency a request is for.
//!
//! Order (first that names something wins): header `X-Agency-Slug` > query `agency` > the
//! request's host equal to an agency's domain > cookie `agencySlug` > the root agency.
//! Handlers name the [`CurrentAgency`] or [`Tenant`] extractor; an unknown slug answers
//! 404 `{"error": "Unknown agency '<slug>'"}`.

use std::sync::Arc;

use axum::{extract::FromRequestParts, http::request::Parts};
use axum_extra::extract::cookie::CookieJar;

use sqlx::PgPool;

use crate::{
    config::Config,
    error::{not_found, AppError},
    tenancy::{
        pools::{PoolCache, TenantDb},
        provision::Provisioner,
        Agency, Registry, ROOT_SLUG,
    },
};

pub const AGENCY_HEADER: &str = "x-agency-slug";
pub const AGENCY_QUERY: &str = "agency";
pub const AGENCY_COOKIE: &str = "agencySlug";

/// The answer (503 with `Retry-After`) to a write while the agency moves to another Postgres
/// server (issue 27); reads go on.
pub const MOVING: &str = "This agency is being moved to another server; changes are paused for a moment. Try again shortly.";

/// Where the agency of a request came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Header,
    Query,
    Host,
    Cookie,
    Default,
}

/// The raw candidates found on a request.
#[derive(Debug, Default, Clone, Copy)]
pub struct Candidates<'a> {
    pub header: Option<&'a str>,
    pub query: Option<&'a str>,
    pub host: Option<&'a str>,
    pub cookie: Option<&'a str>,
}

/// Picks the agency slug of a request. `domain_slug` maps a host (port removed) to the slug
/// of the agency whose domain it is.
pub fn resolve_slug<'d>(
    candidates: Candidates<'_>,
    domain_slug: impl Fn(&str) -> Option<&'d str>,
) -> (String, Source) {
    let clean = |v: Option<&str>| v.map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
    if let Some(slug) = clean(candidates.header) {
        return (slug, Source::Header);
    }
    if let Some(slug) = clean(candidates.query) {
        return (slug, Source::Query);
    }
    if let Some(host) = candidates.host.map(strip_port) {
        if let Some(slug) = domain_slug(&host.to_lowercase()) {
            return (slug.to_owned(), Source::Host);
        }
    }
    if let Some(slug) = clean(candidates.cookie) {
        return (slug, Source::Cookie);
    }
    (ROOT_SLUG.to_owned(), Source::Default)
}

/// `example.org:8080` → `example.org`; `[::1]:80` → `[::1]`.
fn strip_port(host: &str) -> &str {
    match host.rfind(':') {
        Some(i) if !host[i..].contains(']') => &host[..i],
        _ => host,
    }
}

fn query_value(parts: &Parts, key: &str) -> Option<String> {
    let query = parts.uri.query()?;
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
}

/// What the layers above need of the application's state that tenancy owns: the settings,
/// the control database, the agency registry, the agencies' pools and the provisioner. The
/// state itself (`state::AppState`) is assembled at the top, beside the router, and implements
/// this and the narrower traits of the layers above (`access::AccessState`,
/// `identity::IdentityState`, `media::MediaState`, `web::WebState`).
pub trait TenancyState: Send + Sync {
    fn config(&self) -> &Config;
    /// The control database (registry, accounts, sessions).
    fn control(&self) -> &PgPool;
    fn registry(&self) -> &Registry;
    fn pools(&self) -> &PoolCache;
    fn provisioner(&self) -> &Provisioner;
}

/// The agency a request is for.
#[derive(Debug, Clone)]
pub struct CurrentAgency(pub Arc<Agency>);

impl<S: TenancyState> FromRequestParts<S> for CurrentAgency {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        if let Some(found) = parts.extensions.get::<CurrentAgency>() {
            return Ok(found.clone());
        }
        let snapshot = state.registry().snapshot().await?;
        let query = query_value(parts, AGENCY_QUERY);
        let jar = CookieJar::from_headers(&parts.headers);
        let host = parts
            .headers
            .get(http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .or_else(|| parts.uri.host());
        let candidates = Candidates {
            header: parts.headers.get(AGENCY_HEADER).and_then(|h| h.to_str().ok()),
            query: query.as_deref(),
            host,
            cookie: jar.get(AGENCY_COOKIE).map(|c| c.value()),
        };
        let (slug, _) = resolve_slug(candidates, |h| snapshot.slug_for_domain(h));
        let agency = snapshot
            .by_slug(&slug)
            .cloned()
            .ok_or_else(|| not_found(format!("Unknown agency '{slug}'")))?;
        // Every span of the request (the stores' among them) carries the agency.
        tracing::Span::current().record("agency", agency.slug.as_str());
        let found = CurrentAgency(agency);
        parts.extensions.insert(found.clone());
        Ok(found)
    }
}

/// The agency of a request together with its connections (search path = its schema).
pub struct Tenant {
    pub agency: Arc<Agency>,
    pub db: Arc<TenantDb>,
}

impl Tenant {
    pub fn pool(&self) -> &TenantDb {
        &self.db
    }
}

impl<S: TenancyState> FromRequestParts<S> for Tenant {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let CurrentAgency(agency) = CurrentAgency::from_request_parts(parts, state).await?;
        let reads =
            matches!(parts.method, http::Method::GET | http::Method::HEAD | http::Method::OPTIONS);
        if agency.read_only_since.is_some() && !reads {
            return Err(AppError::Unavailable(MOVING.into()));
        }
        let db = state.pools().get(&agency).await?;
        Ok(Self { agency, db })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn domains(host: &str) -> Option<&'static str> {
        match host {
            "bcso.example.org" => Some("bcso"),
            "lspd.example.org" => Some("lspd"),
            _ => None,
        }
    }

    fn resolve(c: Candidates<'_>) -> (String, Source) {
        resolve_slug(c, domains)
    }

    #[test]
    fn each_source_alone() {
        let none = Candidates::default();
        assert_eq!(resolve(none), ("rawlife".into(), Source::Default));
        assert_eq!(
            resolve(Candidates { header: Some("LSPD"), ..none }),
            ("lspd".into(), Source::Header)
        );
        assert_eq!(
            resolve(Candidates { query: Some("bcso"), ..none }),
            ("bcso".into(), Source::Query)
        );
        assert_eq!(
            resolve(Candidates { host: Some("BCSO.example.org:8080"), ..none }),
            ("bcso".into(), Source::Host)
        );
        assert_eq!(
            resolve(Candidates { cookie: Some("lspd"), ..none }),
            ("lspd".into(), Source::Cookie)
        );
    }

    #[test]
    fn conflicts_follow_the_order() {
        let all = Candidates {
            header: Some("a"),
            query: Some("b"),
            host: Some("lspd.example.org"),
            cookie: Some("d"),
        };
        assert_eq!(resolve(all).1, Source::Header);
        assert_eq!(resolve(Candidates { header: None, ..all }), ("b".into(), Source::Query));
        assert_eq!(
            resolve(Candidates { header: None, query: None, ..all }),
            ("lspd".into(), Source::Host)
        );
        assert_eq!(
            resolve(Candidates { header: Some("  "), query: None, host: Some("other.org"), ..all }),
            ("d".into(), Source::Cookie)
        );
    }

    #[test]
    fn ports_are_ignored_when_matching_domains() {
        assert_eq!(strip_port("example.org:8080"), "example.org");
        assert_eq!(strip_port("example.org"), "example.org");
        assert_eq!(strip_port("[::1]:8080"), "[::1]");
        assert_eq!(strip_port("[::1]"), "[::1]");
    }
}
