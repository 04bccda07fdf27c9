//! Liveness and readiness.

pub mod store;

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    error::{AppError, AppResult},
    extract::Services,
    shared::Portal,
    tenancy::resolver::{CurrentAgency, AGENCY_HEADER, AGENCY_QUERY},
};

#[derive(Serialize, ToSchema)]
pub struct Health {
    pub status: &'static str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgencyReadiness {
    pub slug: String,
    /// Newest tenant migration applied in the agency's schema.
    pub schema_version: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Readiness {
    pub status: &'static str,
    /// Present when the request names an agency (header or `?agency=`): its own database
    /// was reached through its pool.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agency: Option<AgencyReadiness>,
}

/// The health routes.
pub fn routes<S: Portal>() -> utoipa_axum::router::OpenApiRouter<S> {
    use utoipa_axum::routes;
    utoipa_axum::router::OpenApiRouter::new().routes(routes!(healthz)).routes(routes!(readyz))
}

/// The process is up.
#[utoipa::path(get, path = "/healthz", tag = "health", responses((status = 200, body = Health)))]
pub async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}

/// The control database answers; with an agency named, that agency's database answers too.
#[utoipa::path(get, path = "/readyz", tag = "health",
    params(("agency" = Option<String>, Query, description = "Also check this agency's database")),
    responses((status = 200, body = Readiness),
              (status = 404, description = "Unknown agency", body = crate::error::ErrorBody),
              (status = 503, description = "A database does not answer", body = crate::error::ErrorBody)))]
pub async fn readyz<S: Portal>(
    Services(state): Services<S>,
    request: axum::extract::Request,
) -> AppResult<Json<Readiness>> {
    store::ping(state.control())
        .await
        .map_err(|e| AppError::Unavailable(format!("Control database unavailable: {e}")))?;
    let (mut parts, _) = request.into_parts();
    let names_agency = parts.headers.contains_key(AGENCY_HEADER)
        || parts.uri.query().is_some_and(|q| {
            url::form_urlencoded::parse(q.as_bytes()).any(|(k, _)| k == AGENCY_QUERY)
        });
    if !names_agency {
        return Ok(Json(Readiness { status: "ready", agency: None }));
    }
    use axum::extract::FromRequestParts;
    let CurrentAgency(agency) = CurrentAgency::from_request_parts(&mut parts, &state).await?;
    let pool = state.pools().get(&agency).await?;
    let version = store::schema_version(&*pool)
        .await
        .map_err(|e| AppError::Unavailable(format!("Agency database unavailable: {e}")))?;
    Ok(Json(Readiness {
        status: "ready",
        agency: Some(AgencyReadiness { slug: agency.slug.clone(), schema_version: version }),
    }))
}
