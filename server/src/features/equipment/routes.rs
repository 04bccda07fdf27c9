//! `GET /api/equipment` and `GET|PUT /api/equipment?scope=manage` (member-portal §2.8, §7;
//! command-and-reports §2, §7).

use axum::Json;

use crate::{
    access::{
        guard::{nav_item, require_nav, Guard, NavItem},
        Viewer,
    },
    error::AppResult,
    extract::{JsonBody, QueryParams},
    features::equipment::model::{Equipment, EquipmentList, EquipmentSave},
    shared::catalogue::{self, rank_options, ScopeQuery},
};

/// The equipment the viewer's rank may use; with `?scope=manage` the whole catalogue for
/// equipment management.
#[utoipa::path(get, operation_id = "list_equipment", path = "/api/equipment", tag = "equipment",
    params(ScopeQuery),
    responses((status = 200, body = EquipmentList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    viewer: Viewer,
    QueryParams(query): QueryParams<ScopeQuery>,
) -> AppResult<Json<EquipmentList>> {
    if query.manage()? {
        let (list, ranks) =
            catalogue::read_for_manager::<Equipment>(&viewer, nav_item::EquipmentManagement::ID)
                .await?;
        return Ok(Json(EquipmentList::new(list, ranks)));
    }
    require_nav(&viewer, nav_item::Equipment::ID).await?;
    let list = catalogue::read::<Equipment>(&viewer, false).await?;
    Ok(Json(EquipmentList::new(list, rank_options(viewer.pool()).await?)))
}

/// Replaces the whole equipment list (blank items dropped, `All` collapsed); unknown rank
/// ids are refused by name, and a save over a newer version answers 409 with the current list.
#[utoipa::path(put, operation_id = "save_equipment", path = "/api/equipment", tag = "equipment",
    params(ScopeQuery), request_body = EquipmentSave,
    responses((status = 200, body = EquipmentList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::StaleBody)))]
pub async fn save(
    Guard(viewer, _): Guard<nav_item::EquipmentManagement>,
    JsonBody(save): JsonBody<EquipmentSave>,
) -> AppResult<Json<EquipmentList>> {
    let (saved, ranks) = catalogue::save(&viewer, save.equipment, save.version).await?;
    Ok(Json(EquipmentList::new(saved, ranks)))
}
