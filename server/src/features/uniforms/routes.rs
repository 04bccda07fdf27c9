//! `GET /api/uniforms` and `GET|PUT /api/uniforms?scope=manage` (member-portal §2.9, §7;
//! command-and-reports §2, §7).

use axum::Json;

use crate::{
    access::{
        guard::{nav_item, require_nav, Guard, NavItem},
        Viewer,
    },
    error::AppResult,
    extract::{JsonBody, QueryParams},
    features::uniforms::model::{Uniform, UniformList, UniformSave},
    shared::catalogue::{self, rank_options, ScopeQuery},
};

/// The uniforms the viewer's rank may use; with `?scope=manage` the whole catalogue for
/// uniform management.
#[utoipa::path(get, operation_id = "list_uniforms", path = "/api/uniforms", tag = "uniforms",
    params(ScopeQuery),
    responses((status = 200, body = UniformList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    viewer: Viewer,
    QueryParams(query): QueryParams<ScopeQuery>,
) -> AppResult<Json<UniformList>> {
    if query.manage()? {
        let (list, ranks) =
            catalogue::read_for_manager::<Uniform>(&viewer, nav_item::UniformManagement::ID)
                .await?;
        return Ok(Json(UniformList::new(list, ranks)));
    }
    require_nav(&viewer, nav_item::Uniforms::ID).await?;
    let list = catalogue::read::<Uniform>(&viewer, false).await?;
    Ok(Json(UniformList::new(list, rank_options(viewer.pool()).await?)))
}

/// Replaces the whole uniform list (blank gear slots and attachments dropped, `All` collapsed); unknown rank
/// ids are refused by name, and a save over a newer version answers 409 with the current list.
#[utoipa::path(put, operation_id = "save.uniforms", path = "/api/uniforms", tag = "uniforms",
    params(ScopeQuery), request_body = UniformSave,
    responses((status = 200, body = UniformList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::StaleBody)))]
pub async fn save(
    Guard(viewer, _): Guard<nav_item::UniformManagement>,
    JsonBody(save): JsonBody<UniformSave>,
) -> AppResult<Json<UniformList>> {
    let (saved, ranks) = catalogue::save(&viewer, save.uniforms, save.version).await?;
    Ok(Json(UniformList::new(saved, ranks)))
}
