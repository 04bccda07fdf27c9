//! `GET/POST /api/roster`, `PATCH /api/roster/{id}` (member-portal §2.6, §3, §5, §6).

use axum::{
    http::{header, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::{
        guard::{nav_item, Guard},
        rank_access::{check_roster_change, Held, Wanted},
        scope, Viewer,
    },
    error::{bad_request, conflict, forbidden, not_found, violated, AppError, AppResult},
    extract::{JsonBody, PathParams},
    features::roster::{
        model::{changes, Person, RosterEntry, RosterInput, Rules},
        store::{self, Unique},
    },
    shared::{
        audit::{self, Event},
        callsign_pools::{in_pools, pools_of},
        organisation,
    },
};

pub use crate::access::guard::{require_roster_manager as require_manager, CANNOT_MANAGE};
pub const VERSION_REQUIRED: &str = "Send the version of the entry you edited.";

/// Everyone on the roster of the agency.
#[utoipa::path(get, operation_id = "list_roster", path = "/api/roster", tag = "roster",
    responses((status = 200, body = Vec<crate::features::roster::model::RosterRow>), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(Guard(viewer, _): Guard<nav_item::Roster>) -> AppResult<Response> {
    // The same list for everyone who may see it: cached per agency as JSON until anything in
    // the agency changes (`access::cache`), so the busiest read skips Postgres and serde.
    let body = viewer.access.agency_json(viewer.agency.id, "roster", store::list(viewer.pool()));
    Ok(([(header::CONTENT_TYPE, "application/json")], body.await?).into_response())
}

/// A duplicate callsign answers who holds it.
async fn callsign_conflict(
    conn: &mut sqlx::PgConnection,
    err: sqlx::Error,
    callsign: Option<&str>,
) -> AppError {
    match (violated(&err), callsign) {
        (Some("roster_callsign_unique"), Some(c)) => {
            let holder = store::holder(conn, Unique::Callsign, c, None)
                .await
                .ok()
                .flatten()
                .unwrap_or_else(|| "someone else".into());
            conflict(format!("Callsign {c} is already assigned to {holder}"))
        }
        _ => err.into(),
    }
}

/// A person as saved, and whether their callsign lies outside their rank's callsign pools:
/// command may assign any free callsign by hand, and the screen says when it did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedPerson {
    #[serde(flatten)]
    pub entry: RosterEntry,
    /// The callsign is not one of the rank's pools (false when the rank has no pools, or
    /// callsigns are off).
    pub callsign_outside_pools: bool,
}

async fn saved(viewer: &Viewer, entry: RosterEntry) -> AppResult<SavedPerson> {
    let outside = match (&entry.callsign, &entry.rank_id) {
        (Some(callsign), Some(rank)) if !viewer.agency.flags.disable_callsigns => {
            pools_of(viewer.pool(), rank)
                .await?
                .is_some_and(|pools| !pools.is_empty() && !in_pools(&pools, callsign))
        }
        _ => false,
    };
    Ok(SavedPerson { entry, callsign_outside_pools: outside })
}

/// Validates a person and applies the rank rule: who the viewer may add, edit, promote or
/// demote (`current` is the entry before an edit).
async fn rules_and_check(
    viewer: &Viewer,
    conn: &mut sqlx::PgConnection,
    input: RosterInput,
    current: Option<&RosterEntry>,
) -> AppResult<Person> {
    let exclude = current.map(|c| c.id);
    let departments = organisation::load(conn).await?;
    // One clock for every date: the database's, as rank change dates and time in grade use it.
    let today = store::today(&mut *conn).await?;
    let flags = &viewer.agency.flags;
    let rules = Rules {
        departments: &departments,
        callsigns_disabled: flags.disable_callsigns,
        subs_disabled: flags.disable_sub_departments,
        today,
    };
    let person = input.validate(&rules).map_err(bad_request)?;
    let level = departments
        .iter()
        .flat_map(|d| d.ranks.iter())
        .find(|r| r.id == person.rank_id)
        .map(|r| r.level.as_str())
        .unwrap_or_default();
    let (levels, editor) = viewer.editor();
    let held = current.map(|c| Held {
        id: c.id,
        level: c.level.as_deref(),
        rank_id: c.rank_id.as_deref(),
        status: &c.status,
    });
    let wanted = Wanted { level, rank_id: &person.rank_id, status: &person.status };
    check_roster_change(levels, editor, held, wanted).map_err(forbidden)?;
    // A department's commander manages its people only: where they are and where they go.
    let from = current.and_then(|c| c.department_id.as_deref());
    let departments: Vec<Option<&str>> = match current {
        Some(_) => vec![from, Some(&person.department_id)],
        None => vec![Some(&person.department_id)],
    };
    scope::of(viewer).await?.require(&departments)?;
    let discord_changed = person.discord_id != current.and_then(|c| c.discord_id.clone());
    if let (Some(discord), true) = (&person.discord_id, discord_changed) {
        if let Some(name) = store::holder(conn, Unique::DiscordAccount, discord, exclude).await? {
            return Err(conflict(format!(
                "Discord account {discord} is already on the roster as {name}."
            )));
        }
    }
    if let (Some(callsign), false) = (&person.callsign, flags.disable_callsigns) {
        if let Some(name) = store::holder(conn, Unique::Callsign, callsign, exclude).await? {
            return Err(conflict(format!("Callsign {callsign} is already assigned to {name}")));
        }
    }
    Ok(person)
}

/// The audit log's kind of roster writes.
const ROSTER_KIND: &str = "roster";

/// Adds a person (roster managers). Logs the hire in the same transaction.
#[utoipa::path(post, operation_id = "create_roster_entry", path = "/api/roster", tag = "roster", request_body = RosterInput,
    responses((status = 201, body = SavedPerson), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn create(
    Guard(viewer, _): Guard<nav_item::Roster>,
    JsonBody(input): JsonBody<RosterInput>,
) -> AppResult<(StatusCode, Json<SavedPerson>)> {
    require_manager(&viewer)?;
    let mut tx = viewer.pool().begin().await?;
    let person = rules_and_check(&viewer, &mut tx, input, None).await?;
    let id = match store::insert(&mut tx, &person).await {
        Ok(id) => id,
        Err(err) => {
            drop(tx);
            let mut conn = viewer.pool().acquire().await?;
            return Err(callsign_conflict(&mut conn, err, person.callsign.as_deref()).await);
        }
    };
    let entry =
        store::get(&mut tx, id, false).await?.ok_or_else(|| not_found("Roster entry vanished"))?;
    store::log_hire(&mut tx, &entry, &viewer.actor()).await?;
    let event = Event::created(ROSTER_KIND, id, &entry.name, &entry);
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(saved(&viewer, entry).await?)))
}

/// The 409 body of a stale edit (answered through [`AppError::Stale`]).
#[derive(Debug, Serialize, ToSchema)]
pub struct StaleEdit {
    pub error: String,
    /// The entry as it is now.
    pub current: RosterEntry,
}

pub const STALE_EDIT: &str =
    "Someone else changed this person since you opened them. Review their changes and save again.";

/// Edits a person (roster managers). `version` must be the version edited: a stale one gets
/// 409 with the current record. One log row per changed field, in the same transaction.
#[utoipa::path(patch, operation_id = "update_roster_entry", path = "/api/roster/{id}", tag = "roster", request_body = RosterInput,
    params(("id" = i64, Path, description = "Roster entry id")),
    responses((status = 200, body = SavedPerson), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = StaleEdit)))]
pub async fn update(
    Guard(viewer, _): Guard<nav_item::Roster>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<RosterInput>,
) -> AppResult<Json<SavedPerson>> {
    require_manager(&viewer)?;
    let version = input.version.ok_or_else(|| bad_request(VERSION_REQUIRED))?;
    let mut tx = viewer.pool().begin().await?;
    let current = store::get(&mut tx, id, true)
        .await?
        .ok_or_else(|| not_found(format!("No roster entry {id}")))?;
    if current.version != version {
        return Err(AppError::stale(STALE_EDIT, &current));
    }
    let person = rules_and_check(&viewer, &mut tx, input.over(&current), Some(&current)).await?;
    let changed = changes(&current, &person);
    let untouched = changed.is_empty()
        && person.name == current.name
        && person.region == current.region
        && person.discord_id == current.discord_id
        && person.hire_date == current.hire_date
        && person.action == current.action
        && person.reason == current.reason;
    if untouched {
        drop(tx);
        return Ok(Json(saved(&viewer, current).await?));
    }
    let rank_changed = changed.iter().any(|c| c.field == "rankId");
    if let Err(err) = store::update(&mut tx, id, &person, rank_changed).await {
        drop(tx);
        let mut conn = viewer.pool().acquire().await?;
        return Err(callsign_conflict(&mut conn, err, person.callsign.as_deref()).await);
    }
    let entry =
        store::get(&mut tx, id, false).await?.ok_or_else(|| not_found("Roster entry vanished"))?;
    store::log_changes(&mut tx, &entry, &changed, &viewer.actor()).await?;
    let event = Event::updated(ROSTER_KIND, id, &entry.name, &current, &entry);
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(Json(saved(&viewer, entry).await?))
}
