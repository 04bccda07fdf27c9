//! `GET/PUT /api/vehicles` (member-portal §2.7, §7; command-and-reports §2, §7).

use axum::Json;

use crate::{
    access::{
        guard::{nav_item, require_nav, Guard, NavItem},
        Viewer,
    },
    error::AppResult,
    extract::{JsonBody, QueryParams},
    features::vehicles::model::{Vehicle, VehicleList, VehicleSave},
    shared::catalogue::{self, rank_options, ScopeQuery},
};

/// The vehicles the viewer's rank may use, each with only the liveries it may use
/// (signed-out visitors of a public page see every vehicle); with `?scope=manage` the whole
/// catalogue for vehicle management.
#[utoipa::path(get, operation_id = "list_vehicles", path = "/api/vehicles", tag = "vehicles",
    params(ScopeQuery),
    responses((status = 200, body = VehicleList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    viewer: Viewer,
    QueryParams(query): QueryParams<ScopeQuery>,
) -> AppResult<Json<VehicleList>> {
    if query.manage()? {
        let (list, ranks) =
            catalogue::read_for_manager::<Vehicle>(&viewer, nav_item::VehicleManagement::ID)
                .await?;
        return Ok(Json(VehicleList::new(list, ranks)));
    }
    require_nav(&viewer, nav_item::Vehicles::ID).await?;
    let list = catalogue::read::<Vehicle>(&viewer, true).await?;
    Ok(Json(VehicleList::new(list, rank_options(viewer.pool()).await?)))
}

/// Replaces the whole vehicle list (trimmed, de-duplicated, `All` collapsed); unknown rank
/// ids are refused by name, and a save over a newer version answers 409 with the current list.
#[utoipa::path(put, operation_id = "save_vehicles", path = "/api/vehicles", tag = "vehicles",
    request_body = VehicleSave,
    responses((status = 200, body = VehicleList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::StaleBody)))]
pub async fn save(
    Guard(viewer, _): Guard<nav_item::VehicleManagement>,
    JsonBody(save): JsonBody<VehicleSave>,
) -> AppResult<Json<VehicleList>> {
    let (saved, ranks) = catalogue::save(&viewer, save.vehicles, save.version).await?;
    Ok(Json(VehicleList::new(saved, ranks)))
}
