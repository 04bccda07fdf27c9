//! Agency read API: the visible agencies and one agency's configuration.

use axum::{extract::FromRequestParts, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::levels::Level,
    error::{not_found, AppResult},
    extract::Services,
    extract::{PathParams, QueryParams},
    features::agencies::model::{AgencyFlags, AgencyLinks, Theme},
    shared::Portal,
    tenancy::{Agency, AgencyTexts, CurrentAgency},
};

/// An agency as listed by `GET /api/agencies`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Agency)]
#[serde(rename_all = "camelCase")]
pub struct AgencySummary {
    pub id: i64,
    #[serde(flatten)]
    pub texts: AgencyTexts,
    pub flags: AgencyFlags,
    pub theme: Theme,
    pub links: AgencyLinks,
    pub created_at: chrono::DateTime<chrono::Utc>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AgencyList {
    pub agencies: Vec<AgencySummary>,
}

/// What the web app needs to render an agency: texts, theme (defaults filled), flags and
/// its normalised level list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgencyConfig {
    #[serde(flatten)]
    pub texts: AgencyTexts,
    pub theme: Theme,
    pub flags: AgencyFlags,
    pub levels: Vec<Level>,
    pub links: AgencyLinks,
}

impl From<&Agency> for AgencySummary {
    fn from(a: &Agency) -> Self {
        Self {
            id: a.id,
            texts: AgencyTexts::from(a),
            flags: a.flags.clone(),
            theme: a.theme.clone(),
            links: a.links.clone(),
            created_at: a.created_at,
            updated_at: a.updated_at,
        }
    }
}

impl From<&Agency> for AgencyConfig {
    fn from(a: &Agency) -> Self {
        Self {
            texts: AgencyTexts::from(a),
            theme: a.theme.clone(),
            levels: a.flags.levels.clone(),
            flags: a.flags.clone(),
            links: a.links.clone(),
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    /// `1` lists hidden agencies too (High Command of the root agency only).
    #[serde(rename = "includeHidden")]
    pub include_hidden: Option<String>,
}

/// The agencies shown in the agency switcher (hidden ones left out unless `includeHidden=1`).
#[utoipa::path(get, path = "/api/agencies", tag = "agencies", params(ListQuery),
    responses((status = 200, body = AgencyList), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn list_agencies<S: Portal>(
    Services(state): Services<S>,
    QueryParams(query): QueryParams<ListQuery>,
    request: axum::extract::Request,
) -> AppResult<Json<AgencyList>> {
    let include_hidden = matches!(query.include_hidden.as_deref(), Some("1") | Some("true"));
    if include_hidden {
        // Only now is the request's agency resolved: the plain list must work with any cookie.
        let (mut parts, _) = request.into_parts();
        crate::access::guard::RootHighCommand::from_request_parts(&mut parts, &state).await?;
    }
    let snapshot = state.registry().snapshot().await?;
    let agencies = snapshot
        .all()
        .iter()
        .filter(|a| include_hidden || !a.flags.hidden)
        .map(|a| AgencySummary::from(a.as_ref()))
        .collect();
    Ok(Json(AgencyList { agencies }))
}

/// One agency's configuration (theme defaults filled in, levels normalised).
#[utoipa::path(get, path = "/api/agencies/{slug}/config", tag = "agencies",
    params(("slug" = String, Path, description = "Agency slug")),
    responses((status = 200, body = AgencyConfig),
              (status = 404, description = "Unknown agency", body = crate::error::ErrorBody)))]
pub async fn agency_config<S: Portal>(
    Services(state): Services<S>,
    PathParams(slug): PathParams<String>,
) -> AppResult<Json<AgencyConfig>> {
    let slug = slug.trim().to_lowercase();
    let agency = state
        .registry()
        .by_slug(&slug)
        .await?
        .ok_or_else(|| not_found(format!("Unknown agency '{slug}'")))?;
    Ok(Json(AgencyConfig::from(agency.as_ref())))
}

/// The configuration of the agency this request resolves to (header `X-Agency-Slug` >
/// `?agency=` > host = agency domain > cookie `agencySlug` > the root agency).
#[utoipa::path(get, path = "/api/agency", tag = "agencies",
    params(("agency" = Option<String>, Query, description = "Agency slug (else header, host, cookie)")),
    responses((status = 200, body = AgencyConfig),
              (status = 404, description = "Unknown agency", body = crate::error::ErrorBody)))]
pub async fn current_agency(CurrentAgency(agency): CurrentAgency) -> Json<AgencyConfig> {
    Json(AgencyConfig::from(agency.as_ref()))
}
