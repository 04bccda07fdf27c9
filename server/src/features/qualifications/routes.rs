//! `/api/qualifications` (the catalogue), `/api/qualifications/expiring`, and
//! `/api/roster/{id}/qualifications` (what a member holds).

use axum::{http::StatusCode, Json};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    access::{
        guard::{nav_item, require_can_manage, require_roster_manager, Guard},
        scope, Viewer,
    },
    error::{bad_request, conflict, forbidden, not_found, AppResult},
    extract::{JsonBody, PathParams, QueryParams},
    features::qualifications::{
        model::{
            Expiring, ExpiringList, Fields, GrantInput, MemberQualifications, Qualification,
            QualificationInput, RevokeInput, ALREADY_REVOKED, BAD_DAYS, HOLDING_NOT_FOUND,
            NOT_FOUND, NOT_OWN, REASON_REQUIRED,
        },
        store,
    },
    shared::{
        audit::{self, Event},
        discord_store,
        qualifications::{self as holdings, Grant, QUALIFICATION_KIND},
    },
    validate::{limits, max_len},
};

/// The audit log's kind of the catalogue.
const CATALOGUE_KIND: &str = "qualifications";

fn fields(q: &Qualification) -> Fields {
    Fields {
        name: q.name.clone(),
        description: q.description.clone(),
        validity_days: q.validity_days,
        badge: q.badge.clone(),
        template_id: q.template_id,
    }
}

fn audited(f: &Fields) -> serde_json::Value {
    serde_json::json!({"name": f.name, "description": f.description, "validityDays": f.validity_days,
                       "badge": f.badge, "templateId": f.template_id})
}

fn duplicate(name: &str) -> crate::error::AppError {
    conflict(format!("A qualification named '{name}' exists already."))
}

/// The agency's qualifications (anyone who sees the roster: it shows them).
#[utoipa::path(get, operation_id = "list_qualifications", path = "/api/qualifications", tag = "qualifications",
    responses((status = 200, body = Vec<Qualification>), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    Guard(viewer, _): Guard<nav_item::Roster>,
) -> AppResult<Json<Vec<Qualification>>> {
    Ok(Json(store::list(viewer.pool()).await?))
}

async fn check_template(viewer: &Viewer, f: &Fields) -> AppResult<()> {
    if let Some(id) = f.template_id {
        if !store::template_exists(viewer.pool(), id).await? {
            return Err(bad_request(format!("Unknown training template {id}.")));
        }
    }
    Ok(())
}

/// Adds a qualification (Command → Qualifications).
#[utoipa::path(post, operation_id = "create_qualification", path = "/api/qualifications", tag = "qualifications", request_body = QualificationInput,
    responses((status = 201, body = Qualification), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn create(
    Guard(viewer, _): Guard<nav_item::Qualifications>,
    JsonBody(input): JsonBody<QualificationInput>,
) -> AppResult<(StatusCode, Json<Qualification>)> {
    let f = input.apply(None).map_err(bad_request)?;
    check_template(&viewer, &f).await?;
    let mut tx = viewer.pool().begin().await?;
    let id = match store::insert(&mut tx, &f).await {
        Ok(id) => id,
        Err(e) if crate::error::violated(&e) == Some("qualifications_name") => {
            return Err(duplicate(&f.name))
        }
        Err(e) => return Err(e.into()),
    };
    audit::record(
        &mut tx,
        &viewer.actor(),
        &Event::created(CATALOGUE_KIND, id, &f.name, &audited(&f)),
    )
    .await?;
    tx.commit().await?;
    let made = store::get(viewer.pool(), id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    Ok((StatusCode::CREATED, Json(made)))
}

/// Changes a qualification (a new validity applies to grants from now on).
#[utoipa::path(patch, operation_id = "update_qualification", path = "/api/qualifications/{id}", tag = "qualifications", request_body = QualificationInput,
    params(("id" = i64, Path, description = "Qualification id")),
    responses((status = 200, body = Qualification), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn update(
    Guard(viewer, _): Guard<nav_item::Qualifications>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<QualificationInput>,
) -> AppResult<Json<Qualification>> {
    let current = store::get(viewer.pool(), id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    let before = fields(&current);
    let after = input.apply(Some(&before)).map_err(bad_request)?;
    check_template(&viewer, &after).await?;
    let mut tx = viewer.pool().begin().await?;
    match store::update(&mut tx, id, &after).await {
        Err(e) if crate::error::violated(&e) == Some("qualifications_name") => {
            return Err(duplicate(&after.name))
        }
        other => other?,
    }
    let event =
        Event::updated(CATALOGUE_KIND, id, &after.name, &audited(&before), &audited(&after));
    if !event.diff.is_empty() {
        audit::record(&mut tx, &viewer.actor(), &event).await?;
    }
    tx.commit().await?;
    Ok(Json(store::get(viewer.pool(), id).await?.ok_or_else(|| not_found(NOT_FOUND))?))
}

/// Deletes a qualification nobody was ever granted (a granted one stays, for the members'
/// files; it can be renamed).
#[utoipa::path(delete, operation_id = "delete_qualification", path = "/api/qualifications/{id}", tag = "qualifications",
    params(("id" = i64, Path, description = "Qualification id")),
    responses((status = 204, description = "Deleted"), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn delete(
    Guard(viewer, _): Guard<nav_item::Qualifications>,
    PathParams(id): PathParams<i64>,
) -> AppResult<StatusCode> {
    let current = store::get(viewer.pool(), id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    let mut tx = viewer.pool().begin().await?;
    let grants = store::grants_of(&mut *tx, id).await?;
    if grants > 0 {
        let members = if grants == 1 { "1 grant".to_owned() } else { format!("{grants} grants") };
        return Err(conflict(format!(
            "{} has {members} in members' records, so it stays; rename it or stop granting it instead.",
            current.name
        )));
    }
    store::delete(&mut tx, id).await?;
    let event = Event::deleted(CATALOGUE_KIND, id, &current.name, &audited(&fields(&current)));
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DaysQuery {
    /// Within this many days (1 to 365; default the agency's warning, 14 unless changed).
    pub days: Option<i32>,
}

/// Held qualifications that expire within the next days, soonest first (a department's
/// commander sees their department's).
#[utoipa::path(get, operation_id = "list_expiring_qualifications", path = "/api/qualifications/expiring", tag = "qualifications", params(DaysQuery),
    responses((status = 200, body = ExpiringList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn expiring(
    Guard(viewer, _): Guard<nav_item::Qualifications>,
    QueryParams(query): QueryParams<DaysQuery>,
) -> AppResult<Json<ExpiringList>> {
    let days = match query.days {
        Some(days) if (1..=365).contains(&days) => days,
        Some(_) => return Err(bad_request(BAD_DAYS)),
        None => {
            sqlx::query_scalar("SELECT qualification_warning_days FROM agency_settings")
                .fetch_one(viewer.pool())
                .await?
        }
    };
    let scope = scope::of(&viewer).await?;
    let items: Vec<Expiring> = store::expiring(viewer.pool(), days, scope.department()).await?;
    Ok(Json(ExpiringList { days, items }))
}

/// The member `id` and the departments whose command may grant and revoke their
/// qualifications: roster managers within their scope, never for their own entry.
async fn manageable(viewer: &Viewer, id: i64) -> AppResult<crate::access::member::RosterEntry> {
    require_roster_manager(viewer)?;
    require_can_manage(viewer)?;
    let entry = discord_store::entry(viewer.pool(), id)
        .await?
        .ok_or_else(|| not_found(format!("No roster entry {id}")))?;
    if viewer.roster().is_some_and(|me| me.id == id) && !viewer.is_owner {
        return Err(forbidden(NOT_OWN));
    }
    scope::of(viewer).await?.require(&[entry.department_id.as_deref()])?;
    Ok(entry)
}

/// What member `id` holds and held: active, expired and revoked qualifications with their
/// dates (anyone who sees the roster).
#[utoipa::path(get, operation_id = "list_member_qualifications", path = "/api/roster/{id}/qualifications", tag = "qualifications",
    params(("id" = i64, Path, description = "Roster entry id")),
    responses((status = 200, body = MemberQualifications), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn held(
    Guard(viewer, _): Guard<nav_item::Roster>,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<MemberQualifications>> {
    if discord_store::entry(viewer.pool(), id).await?.is_none() {
        return Err(not_found(format!("No roster entry {id}")));
    }
    let holdings = holdings::of_member(viewer.pool(), id).await?;
    let can_manage = manageable(&viewer, id).await.is_ok();
    Ok(Json(MemberQualifications { holdings, can_manage }))
}

/// Grants (or renews) a qualification by hand, with a note (roster managers, within their
/// department when scoped, never their own).
#[utoipa::path(post, operation_id = "grant_qualification", path = "/api/roster/{id}/qualifications", tag = "qualifications", request_body = GrantInput,
    params(("id" = i64, Path, description = "Roster entry id")),
    responses((status = 201, body = crate::shared::qualifications::Holding), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn grant(
    Guard(viewer, _): Guard<nav_item::Roster>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<GrantInput>,
) -> AppResult<(StatusCode, Json<crate::shared::qualifications::Holding>)> {
    let entry = manageable(&viewer, id).await?;
    let note = input.note.trim();
    max_len("A note", note, limits::NOTE).map_err(bad_request)?;
    if store::get(viewer.pool(), input.qualification_id).await?.is_none() {
        return Err(not_found(NOT_FOUND));
    }
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let grant = Grant {
        roster_id: id,
        qualification_id: input.qualification_id,
        source: "command",
        session_id: None,
        note,
        by: &actor,
        member: &entry.name,
    };
    let holding = holdings::grant(&mut tx, &grant).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(holding)))
}

/// Revokes a held qualification with a reason (roster managers, as for a grant).
#[utoipa::path(post, operation_id = "revoke_qualification", path = "/api/roster/{id}/qualifications/{holding}/revoke", tag = "qualifications",
    request_body = RevokeInput,
    params(("id" = i64, Path, description = "Roster entry id"), ("holding" = i64, Path, description = "Holding id")),
    responses((status = 200, body = crate::shared::qualifications::Holding), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn revoke(
    Guard(viewer, _): Guard<nav_item::Roster>,
    PathParams((id, holding_id)): PathParams<(i64, i64)>,
    JsonBody(input): JsonBody<RevokeInput>,
) -> AppResult<Json<crate::shared::qualifications::Holding>> {
    let entry = manageable(&viewer, id).await?;
    let reason = input.reason.trim();
    if reason.is_empty() {
        return Err(bad_request(REASON_REQUIRED));
    }
    max_len("A reason", reason, limits::NOTE).map_err(bad_request)?;
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let before = holdings::holding(&mut tx, id, holding_id)
        .await?
        .ok_or_else(|| not_found(HOLDING_NOT_FOUND))?;
    if before.revoked_at.is_some() {
        return Err(conflict(ALREADY_REVOKED));
    }
    store::revoke(&mut tx, holding_id, &actor.display, reason).await?;
    let after = holdings::holding(&mut tx, id, holding_id)
        .await?
        .ok_or_else(|| not_found(HOLDING_NOT_FOUND))?;
    let title = format!("{}: {}", entry.name, after.name);
    let event = Event {
        action: "revoked".into(),
        ..Event::updated(
            QUALIFICATION_KIND,
            id,
            &title,
            &holdings::audited(Some(&before)),
            &holdings::audited(Some(&after)),
        )
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    Ok(Json(after))
}
