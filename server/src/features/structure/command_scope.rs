//! `GET|PUT /api/command-scope` (issue 23): which levels command their own department only
//! (High Command sets it on the department page), and what the viewer's command reaches.

use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use crate::{
    access::{
        guard::{nav_item, page, Guard, HighCommand},
        levels::Level,
        scope::{self, Scope},
        Viewer,
    },
    error::{bad_request, AppResult},
    extract::JsonBody,
    features::structure::store,
    shared::audit::{self, Event},
};

pub const TOP_LEVEL: &str = "High Command always commands the whole agency.";

/// The agency's command scope, and the viewer's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommandScope {
    /// Levels whose members manage their own department only (unless a department role they
    /// hold grants agency-wide command).
    pub scoped_levels: Vec<String>,
    /// The agency's levels, lowest first (the top one, High Command, is never scoped).
    pub levels: Vec<Level>,
    /// What the viewer's own command reaches.
    pub viewer: Scope,
    /// The viewer is High Command and may change it.
    pub can_edit: bool,
}

/// `PUT /api/command-scope`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommandScopeInput {
    pub scoped_levels: Vec<String>,
}

async fn answer(viewer: &Viewer) -> AppResult<CommandScope> {
    Ok(CommandScope {
        scoped_levels: store::scoped_levels(viewer.pool()).await?,
        levels: viewer.agency.flags.levels.clone(),
        viewer: scope::of(viewer).await?,
        can_edit: viewer.is_high_command,
    })
}

/// The agency's command scope and the viewer's (members of the department page).
#[utoipa::path(get, operation_id = "get_command_scope", path = "/api/command-scope", tag = "structure",
    responses((status = 200, body = CommandScope), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn read(
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
) -> AppResult<Json<CommandScope>> {
    Ok(Json(answer(&viewer).await?))
}

/// Sets which levels command their own department only (High Command).
#[utoipa::path(put, operation_id = "save_command_scope", path = "/api/command-scope", tag = "structure", request_body = CommandScopeInput,
    responses((status = 200, body = CommandScope), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn save(
    HighCommand(viewer, _): HighCommand<page::CommandScope>,
    JsonBody(input): JsonBody<CommandScopeInput>,
) -> AppResult<Json<CommandScope>> {
    let levels = &viewer.agency.flags.levels;
    let top = levels.last().map(|l| l.id.as_str());
    let mut scoped: Vec<String> = Vec::new();
    for level in input.scoped_levels.iter().map(|l| l.trim().to_lowercase()) {
        if Some(level.as_str()) == top {
            return Err(bad_request(TOP_LEVEL));
        }
        if !levels.iter().any(|l| l.id == level) {
            return Err(bad_request(format!("Unknown level '{level}'.")));
        }
        if !scoped.contains(&level) {
            scoped.push(level);
        }
    }
    let mut tx = viewer.pool().begin().await?;
    let before = store::set_scoped_levels(&mut tx, &scoped).await?;
    let event = Event::updated(
        "command_scope",
        "command_scope",
        "Command scope",
        &json!({"scopedLevels": before}),
        &json!({"scopedLevels": scoped}),
    );
    if !event.diff.is_empty() {
        audit::record(&mut tx, &viewer.actor(), &event).await?;
    }
    tx.commit().await?;
    Ok(Json(answer(&viewer).await?))
}
