//! `GET/PUT /api/penal-codes` and `GET /api/penal-codes/export` (member-portal §3, §7; the
//! editing and the JSON import and export are what the specification leaves out and
//! command staff need).

use axum::{
    http::{header, HeaderValue},
    response::{IntoResponse, Response},
    Json,
};

use crate::{
    access::{
        guard::{nav_item, require_any_nav, Guard},
        Viewer,
    },
    error::{bad_request, AppResult},
    extract::JsonBody,
    features::penal_codes::{
        model::{categories, validate_catalogue, PenalCatalogue, PenalCatalogueSave},
        store,
    },
    shared::whole_list::Versioned,
};

/// The pages that read the catalogue: the arrest and ticket reports, and its management.
pub const READERS: [&str; 3] =
    ["reports_arrest_report", "reports_ticket_report", "command_penal_codes"];

fn catalogue(list: Versioned<crate::features::penal_codes::model::PenalCode>) -> PenalCatalogue {
    PenalCatalogue {
        categories: categories(&list.items),
        items: list.items,
        version: list.version,
        updated_at: list.updated_at,
        updated_by: list.updated_by,
    }
}

/// The agency's penal code catalogue and its categories.
#[utoipa::path(get, operation_id = "get_penal_codes", path = "/api/penal-codes", tag = "penal-codes",
    responses((status = 200, body = PenalCatalogue), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn get_catalogue(viewer: Viewer) -> AppResult<Json<PenalCatalogue>> {
    require_any_nav(&viewer, &READERS).await?;
    Ok(Json(catalogue(store::load(viewer.pool()).await?)))
}

/// Replaces the whole catalogue (command staff); also how an exported file is imported.
/// `version` must be the version read: a newer one answers 409 with the current catalogue.
#[utoipa::path(put, operation_id = "save_penal_codes", path = "/api/penal-codes", tag = "penal-codes",
    request_body = PenalCatalogueSave,
    responses((status = 200, body = PenalCatalogue), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::StaleBody)))]
pub async fn save_catalogue(
    Guard(viewer, _): Guard<nav_item::PenalCodes>,
    JsonBody(save): JsonBody<PenalCatalogueSave>,
) -> AppResult<Json<PenalCatalogue>> {
    let items = validate_catalogue(save.items).map_err(bad_request)?;
    let mut tx = viewer.pool().begin().await?;
    let saved = store::replace(&mut tx, &items, save.version, &viewer.actor()).await?;
    tx.commit().await?;
    Ok(Json(catalogue(saved)))
}

/// The catalogue as a JSON file to keep or to import into another agency (`PUT` takes it).
#[utoipa::path(get, operation_id = "export_penal_codes", path = "/api/penal-codes/export", tag = "penal-codes",
    responses((status = 200, body = PenalCatalogue, description = "A JSON file (attachment)"),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn export_catalogue(
    Guard(viewer, _): Guard<nav_item::PenalCodes>,
) -> AppResult<Response> {
    let body = catalogue(store::load(viewer.pool()).await?);
    let file = format!("attachment; filename=\"penal-codes-{}.json\"", viewer.agency.slug);
    let mut response = Json(body).into_response();
    if let Ok(value) = HeaderValue::from_str(&file) {
        response.headers_mut().insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
