//! `GET/POST /api/roster`, `PATCH /api/roster/{id}` (member-portal §2.6, §3, §5, §6).

use axum::{
    extract::OriginalUri,
    http::{HeaderMap, StatusCode},
    response::Response,
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::{
        guard::{nav_item, Guard},
        Viewer,
    },
    error::{bad_request, not_found, AppError, AppResult},
    extract::{JsonBody, PathParams, QueryParams},
    features::roster::{
        model::{changes, RosterEntry, RosterInput},
        store,
    },
    shared::{
        audit::{self, Event},
        callsign_pools::{in_pools, pools_of},
        hiring::{self, callsign_conflict, ROSTER_KIND},
        paging::PageQuery,
    },
};

pub use crate::access::guard::{require_roster_manager as require_manager, CANNOT_MANAGE};
pub const VERSION_REQUIRED: &str = "Send the version of the entry you edited.";

/// People on a page of the roster (issue 29: no answer is larger than a page).
pub const PAGE_SIZE: usize = 50;

/// Everyone on the roster of the agency, by name, 50 to a page: the `Link` header
/// names the next page (when one follows) and the last, each with the list's token (`of`),
/// so a client can fetch the rest at once and be told (`409`) if the roster changed between
/// pages. Every page is answered with an `ETag`; a request whose `If-None-Match` names the
/// current one gets `304` without a body.
#[utoipa::path(get, operation_id = "list_roster", path = "/api/roster", tag = "roster", params(PageQuery),
    responses((status = 200, body = Vec<crate::features::roster::model::RosterRow>,
               headers(("Link" = String, description = "<…?page={n}&of={token}>; rel=\"next\" when a page follows, and <…>; rel=\"last\""))),
              (status = 304, description = "Unchanged since the ETag sent in If-None-Match",
               headers(("Link" = String, description = "As on the page itself"))),
              (status = 400, body = crate::error::ErrorBody, description = "Invalid request"),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody, description = "No such page"),
              (status = 409, body = crate::error::ErrorBody, description = "The roster changed since the token's reading")))]
pub async fn list(
    Guard(viewer, _): Guard<nav_item::Roster>,
    QueryParams(page): QueryParams<PageQuery>,
    OriginalUri(uri): OriginalUri,
    request: HeaderMap,
) -> AppResult<Response> {
    // The same list for everyone who may see it (the guard has let this viewer in): cached per
    // agency, cut into pages ready to send (JSON, gzip copy, ETag) until anything in the
    // agency changes (`access::cache`), so the busiest read skips Postgres, serde and
    // compression.
    let roster =
        viewer.access.agency_pages(&viewer.agency, "roster", PAGE_SIZE, store::list(viewer.pool()));
    page.respond(&*roster.await?, &uri, &request)
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
    let person = hiring::check(&viewer, &mut tx, input, None).await?;
    let entry = match hiring::add(&mut tx, &person, &viewer.actor()).await {
        Ok(entry) => entry,
        Err(err) => {
            drop(tx);
            let mut conn = viewer.pool().acquire().await?;
            return Err(callsign_conflict(&mut conn, err, person.callsign.as_deref()).await);
        }
    };
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
    let person = hiring::check(&viewer, &mut tx, input.over(&current), Some(&current)).await?;
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
