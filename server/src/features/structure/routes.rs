//! `/api/structure`: read, create, edit, delete and reorder departments, ranks, sub-departments
//! and roles. Writes need the department-management page (command-and-reports §2, §5, §7).

use axum::{http::StatusCode, Json};

use crate::{
    access::{
        guard::{nav_item, require_nav, Guard},
        rank_access::{check_rank_edit, check_rank_level},
        scope, Viewer,
    },
    error::{bad_request, conflict, forbidden, not_found, AppError, AppResult},
    extract::Services,
    extract::{JsonBody, PathParams},
    features::structure::{
        model::{
            check_reorder, data_text, department_id_from_name, duplicate_rank_name,
            insignia_file_name, new_id, new_ranks, not_an_insignia, required_name, short_reference,
            valid_insignia, valid_level, ReorderRequest, Structure, StructureCreate,
            StructurePatch, DEPARTMENT_NAME_REQUIRED, NAME_REQUIRED, SUB_NAME_REQUIRED,
        },
        store::{self, Kind, RankChange},
    },
    shared::organisation::{self, joined, FieldChange},
    shared::Portal,
    tenancy::pools::AgencyConnection,
};

pub const SUBS_DISABLED: &str = "Sub-departments are disabled for this agency.";

/// Structure is read by the roster and by department management.
pub async fn require_structure_reader(viewer: &Viewer) -> AppResult<()> {
    if require_nav(viewer, "roster").await.is_ok() {
        return Ok(());
    }
    require_nav(viewer, "command_department_management").await
}

async fn describe(viewer: &Viewer) -> AppResult<Structure> {
    let mut conn = viewer.pool().acquire().await?;
    Ok(Structure { departments: store::load(&mut conn).await? })
}

/// Departments with their ranks, roles and sub-departments, in their stored order.
#[utoipa::path(get, operation_id = "get_structure", path = "/api/structure", tag = "structure",
    responses((status = 200, body = Structure), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn get_structure(viewer: Viewer) -> AppResult<Json<Structure>> {
    require_structure_reader(&viewer).await?;
    Ok(Json(describe(&viewer).await?))
}

/// Creates a department, ranks (several at once), a sub-department or a role; answers the
/// whole structure.
#[utoipa::path(post, operation_id = "create_structure_item", path = "/api/structure", tag = "structure", request_body = StructureCreate,
    responses((status = 201, body = Structure), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn create<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
    JsonBody(request): JsonBody<StructureCreate>,
) -> AppResult<(StatusCode, Json<Structure>)> {
    let flags = &viewer.agency.flags;
    for key in ["roleId", "discordRoleId"] {
        short_reference(key, data_text(&request.data, key).as_deref()).map_err(bad_request)?;
    }
    let scope = scope::of(&viewer).await?;
    let mut tx = viewer.pool().begin().await?;
    let before = organisation::audit_view(&organisation::load(&mut tx).await?);
    let parent = || async {
        let id = request.parent_id.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let id = id.ok_or_else(|| bad_request("parentId must name the department."))?;
        Ok::<_, AppError>(id.to_owned())
    };
    match request.kind.as_str() {
        "department" => {
            scope.require_agency(scope::CREATE_DEPARTMENT)?;
            let name = required_name(
                data_text(&request.data, "name").as_deref(),
                DEPARTMENT_NAME_REQUIRED,
            )
            .map_err(bad_request)?;
            let id = store::free_department_id(&mut tx, &department_id_from_name(&name)).await?;
            store::insert_department(
                &mut tx,
                &id,
                &name,
                data_text(&request.data, "roleId").as_deref(),
            )
            .await?;
        }
        kind @ ("ranks" | "sub" | "role") => {
            let department = parent().await?;
            if !store::department_exists(&mut *tx, &department).await? {
                return Err(not_found(format!("Unknown department '{department}'")));
            }
            scope.require(&[Some(&department)])?;
            match kind {
                "ranks" => {
                    let ranks = new_ranks(&request.data, &flags.levels, &viewer.agency.slug)
                        .map_err(bad_request)?;
                    let (levels, editor) = viewer.editor();
                    for rank in &ranks {
                        check_rank_level(levels, editor, None, &rank.level).map_err(forbidden)?;
                    }
                    for rank in &ranks {
                        require_stored_insignia(&state, rank.insignia.as_deref()).await?;
                    }
                    let names: Vec<&str> = ranks.iter().map(|r| r.name.as_str()).collect();
                    refuse_duplicate_rank(&mut tx, &department, None, &names).await?;
                    let with_ids: Vec<_> = ranks.into_iter().map(|r| (new_id("rk"), r)).collect();
                    store::insert_ranks(&mut tx, &department, &with_ids).await?;
                }
                "sub" => {
                    if flags.disable_sub_departments {
                        return Err(bad_request(SUBS_DISABLED));
                    }
                    let name = required_name(
                        data_text(&request.data, "name").as_deref(),
                        SUB_NAME_REQUIRED,
                    )
                    .map_err(bad_request)?;
                    let role = data_text(&request.data, "roleId");
                    let id = new_id("sd");
                    store::insert_named(
                        &mut tx,
                        Kind::Sub,
                        &id,
                        &department,
                        &name,
                        role.as_deref(),
                    )
                    .await?;
                }
                _ => {
                    let name =
                        required_name(data_text(&request.data, "name").as_deref(), NAME_REQUIRED)
                            .map_err(bad_request)?;
                    let discord = data_text(&request.data, "discordRoleId");
                    let id = new_id("dr");
                    store::insert_named(
                        &mut tx,
                        Kind::Role,
                        &id,
                        &department,
                        &name,
                        discord.as_deref(),
                    )
                    .await?;
                }
            }
        }
        other => {
            return Err(bad_request(format!(
                "Unknown structure type '{other}': use department, ranks, sub or role."
            )))
        }
    }
    let subject = request.parent_id.as_deref().unwrap_or(&request.kind);
    organisation::record_structure_change(&mut tx, &viewer.actor(), "created", subject, &before)
        .await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(describe(&viewer).await?)))
}

fn clean(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// An optional field of a PATCH: whether it was sent, and the value to store when it was
/// (`null` or blank clears it; a field left out keeps what is stored).
fn sent_field(field: Option<Option<String>>) -> (bool, Option<String>) {
    (field.is_some(), clean(field.flatten()))
}

/// An insignia a rank points at must have been uploaded.
async fn require_stored_insignia(state: &impl Portal, file: Option<&str>) -> AppResult<()> {
    let Some(file) = file else { return Ok(()) };
    match state
        .media()
        .e_tag(&crate::media::routes::insignia_key(file))
        .await
        .map_err(AppError::Other)?
    {
        Some(_) => Ok(()),
        None => Err(bad_request(not_an_insignia(file))),
    }
}

/// Two ranks of one department may not share a name.
async fn refuse_duplicate_rank(
    conn: &mut AgencyConnection,
    department: &str,
    except_rank: Option<&str>,
    names: &[&str],
) -> AppResult<()> {
    let existing = store::rank_names(conn, department, except_rank).await?;
    if let Some(name) = duplicate_rank_name(existing.iter().map(String::as_str), names) {
        let department_name = store::department_name(conn, department).await?;
        return Err(conflict(format!(
            "Department '{department_name}' already has a rank named '{name}'."
        )));
    }
    Ok(())
}

/// Edits a department, rank, sub-department or role: the fields of that kind.
#[utoipa::path(patch, operation_id = "update_structure_item", path = "/api/structure/{id}", tag = "structure", request_body = StructurePatch,
    params(("id" = String, Path, description = "Department, rank, sub-department or role id")),
    responses((status = 200, body = Structure), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn update<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
    PathParams(id): PathParams<String>,
    JsonBody(patch): JsonBody<StructurePatch>,
) -> AppResult<Json<Structure>> {
    let scope = scope::of(&viewer).await?;
    let mut tx = viewer.pool().begin().await?;
    let before = organisation::audit_view(&organisation::load(&mut tx).await?);
    let (kind, department, old_name) = store::find(&mut tx, &id)
        .await?
        .ok_or_else(|| not_found(format!("Unknown structure item '{id}'")))?;
    scope.require(&[Some(&department)])?;
    if let Some(grants) = patch.grants_agency_command {
        if kind != Kind::Role {
            return Err(bad_request("Only a department role can grant agency-wide command."));
        }
        if !viewer.is_high_command {
            return Err(forbidden(scope::GRANT_AGENCY_COMMAND));
        }
        store::set_grants_agency_command(&mut tx, &id, grants).await?;
    }
    let message = match kind {
        Kind::Department => DEPARTMENT_NAME_REQUIRED,
        Kind::Sub => SUB_NAME_REQUIRED,
        _ => NAME_REQUIRED,
    };
    let name = match patch.name.as_deref() {
        Some(raw) => required_name(Some(raw), message).map_err(bad_request)?,
        None => old_name.clone(),
    };
    match kind {
        Kind::Department | Kind::Sub | Kind::Role => {
            let (column, field) = match kind {
                Kind::Role => ("discord_role_id", patch.discord_role_id),
                _ => ("role_id", patch.role_id),
            };
            let (sent, value) = sent_field(field);
            short_reference(column, value.as_deref()).map_err(bad_request)?;
            store::update_named(&mut tx, kind, &id, &name, sent, value.as_deref()).await?;
        }
        Kind::Rank => {
            let level = match patch.level.as_deref() {
                Some(raw) => {
                    Some(valid_level(raw, &viewer.agency.flags.levels).map_err(bad_request)?)
                }
                None => None,
            };
            refuse_rank_change(&viewer, &mut tx, Kind::Rank, &id, level.as_deref()).await?;
            let insignia_sent = patch.insignia.is_some();
            let insignia = valid_insignia(patch.insignia.flatten(), &viewer.agency.slug)
                .map_err(bad_request)?;
            require_stored_insignia(&state, insignia.as_deref()).await?;
            let (role_sent, role) = sent_field(patch.role_id);
            short_reference("roleId", role.as_deref()).map_err(bad_request)?;
            refuse_duplicate_rank(&mut tx, &department, Some(&id), &[&name]).await?;
            let change = RankChange {
                name: &name,
                level: level.as_deref(),
                role: role_sent.then_some(role.as_deref()),
                insignia: insignia_sent.then_some(insignia.as_deref()),
            };
            store::update_rank(&mut tx, &id, &change).await?;
            store::rename_rank_pools(&mut tx, &old_name, &name).await?;
        }
    }
    organisation::record_structure_change(&mut tx, &viewer.actor(), "updated", &id, &before)
        .await?;
    tx.commit().await?;
    Ok(Json(describe(&viewer).await?))
}

/// Deletes an item. A department or rank that people hold is refused (409); deleting a rank
/// deletes its callsign pool; deleting a sub-department or role takes it off the people who
/// had it.
#[utoipa::path(delete, operation_id = "delete_structure_item", path = "/api/structure/{id}", tag = "structure",
    params(("id" = String, Path, description = "Department, rank, sub-department or role id")),
    responses((status = 200, body = Structure), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn delete(
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
    PathParams(id): PathParams<String>,
) -> AppResult<Json<Structure>> {
    let scope = scope::of(&viewer).await?;
    let mut tx = viewer.pool().begin().await?;
    let before = organisation::audit_view(&organisation::load(&mut tx).await?);
    let (kind, department, name) = store::find(&mut tx, &id)
        .await?
        .ok_or_else(|| not_found(format!("Unknown structure item '{id}'")))?;
    if kind == Kind::Department {
        scope.require_agency(scope::CREATE_DEPARTMENT)?;
    }
    scope.require(&[Some(&department)])?;
    let people = |n: i64| {
        if n == 1 {
            "1 person still holds it".to_owned()
        } else {
            format!("{n} people still hold it")
        }
    };
    if matches!(kind, Kind::Department | Kind::Rank) {
        refuse_rank_change(&viewer, &mut tx, kind, &id, None).await?;
    }
    match kind {
        Kind::Department => {
            let held = store::holders(&mut tx, Kind::Department, &id).await?;
            if held > 0 {
                return Err(conflict(format!(
                    "Cannot delete department '{name}': {}.",
                    people(held)
                )));
            }
            store::delete_department(&mut tx, &id).await?;
        }
        Kind::Rank => {
            let held = store::holders(&mut tx, Kind::Rank, &id).await?;
            if held > 0 {
                return Err(conflict(format!("Cannot delete rank '{name}': {}.", people(held))));
            }
            store::delete_item(&mut tx, Kind::Rank, &id, &name).await?;
        }
        Kind::Sub | Kind::Role => {
            // Take it off the people who had it, logging each change like a roster edit.
            let affected = organisation::holding(&mut tx, kind == Kind::Sub, &id).await?;
            let actor = viewer.actor();
            for before in affected {
                let change = if kind == Kind::Sub {
                    organisation::clear_sub_department(&mut tx, before.id).await?;
                    FieldChange {
                        field: "subDeptId",
                        before: before.sub_dept_id.clone(),
                        after: None,
                    }
                } else {
                    organisation::remove_role(&mut tx, before.id, &id).await?;
                    let after: Vec<String> =
                        before.roles.iter().filter(|r| **r != id).cloned().collect();
                    FieldChange {
                        field: "roles",
                        before: joined(&before.roles),
                        after: joined(&after),
                    }
                };
                organisation::log_changes(&mut tx, &before, &[change], &actor).await?;
            }
            store::delete_item(&mut tx, kind, &id, &name).await?;
        }
    }
    organisation::record_structure_change(&mut tx, &viewer.actor(), "deleted", &id, &before)
        .await?;
    tx.commit().await?;
    Ok(Json(describe(&viewer).await?))
}

/// The rank rule for editing or deleting a rank, or deleting a department with its ranks:
/// `level` is a rank's new level when it changes.
async fn refuse_rank_change(
    viewer: &Viewer,
    conn: &mut AgencyConnection,
    kind: Kind,
    id: &str,
    level: Option<&str>,
) -> AppResult<()> {
    let (levels, editor) = viewer.editor();
    for current in store::rank_levels(conn, kind, id).await? {
        check_rank_edit(levels, editor, &current, level).map_err(forbidden)?;
    }
    Ok(())
}

/// Reorders the ranks or sub-departments of one department.
#[utoipa::path(post, operation_id = "reorder_structure", path = "/api/structure/reorder", tag = "structure", request_body = ReorderRequest,
    responses((status = 200, body = Structure), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn reorder<S: Portal>(
    Services(_state): Services<S>,
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
    JsonBody(request): JsonBody<ReorderRequest>,
) -> AppResult<Json<Structure>> {
    let kind = match request.kind.as_str() {
        "ranks" => Kind::Rank,
        "subs" => Kind::Sub,
        other => return Err(bad_request(format!("Unknown list '{other}': use ranks or subs."))),
    };
    let scope = scope::of(&viewer).await?;
    let mut tx = viewer.pool().begin().await?;
    if !store::department_exists(&mut *tx, &request.department_id).await? {
        return Err(not_found(format!("Unknown department '{}'", request.department_id)));
    }
    scope.require(&[Some(&request.department_id)])?;
    let current = store::list_ids(&mut tx, kind, &request.department_id).await?;
    check_reorder(&current, &request.ordered_ids).map_err(bad_request)?;
    let before = organisation::audit_view(&organisation::load(&mut tx).await?);
    store::set_order(&mut tx, kind, &request.ordered_ids).await?;
    let actor = viewer.actor();
    organisation::record_structure_change(
        &mut tx,
        &actor,
        "reordered",
        &request.department_id,
        &before,
    )
    .await?;
    tx.commit().await?;
    Ok(Json(describe(&viewer).await?))
}

pub const INSIGNIA_LIMIT: usize = 1024 * 1024;

pub const INSIGNIA: crate::media::upload::UploadRules = crate::media::upload::UploadRules {
    field: "insignia",
    max_bytes: INSIGNIA_LIMIT,
    allowed: &[crate::media::upload::ImageKind::Png],
    missing: "No file provided",
    wrong_type: "Only PNG files allowed",
    too_large: "File too large (max 1MB)",
};

#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct UploadedInsignia {
    /// Served at `/insignia/{filename}`.
    pub filename: String,
}

/// Uploads a rank insignia: multipart field `insignia`, PNG by content, at most 1 MB.
#[utoipa::path(post, operation_id = "upload_insignia", path = "/api/uploads/insignia", tag = "structure",
    request_body(content_type = "multipart/form-data", description = "Field `insignia`"),
    responses((status = 200, body = UploadedInsignia), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 413, body = crate::error::ErrorBody), (status = 415, body = crate::error::ErrorBody)))]
pub async fn upload_insignia<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
    crate::extract::MultipartBody(multipart): crate::extract::MultipartBody,
) -> AppResult<Json<UploadedInsignia>> {
    let upload = crate::media::upload::read_image(multipart, &INSIGNIA).await?;
    let filename = insignia_file_name(&viewer.agency.slug);
    state
        .media()
        .put(&crate::media::routes::insignia_key(&filename), upload.bytes)
        .await
        .map_err(AppError::Other)?;
    Ok(Json(UploadedInsignia { filename }))
}
