//! `GET|POST /api/leave`, `PATCH /api/leave/{id}` and `POST /api/leave/{id}/cancel`.

use axum::{http::StatusCode, Json};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use crate::{
    access::{
        guard::{nav_item, require_nav, Authenticated, Guard, NavItem},
        Viewer,
    },
    error::{bad_request, conflict, forbidden, not_found, AppResult},
    extract::{JsonBody, PathParams, QueryParams},
    features::leave::{
        model::{
            period, LeaveDecision, LeaveInput, LeaveRequest, ALREADY_BEGUN, NOT_FOUND,
            NOT_ON_ROSTER, NOT_PENDING, NOT_YOURS, OWN_REQUEST,
        },
        store,
    },
    shared::{
        audit::{self, Event},
        leave,
    },
};

/// The audit log's kind of leave requests.
const LEAVE_KIND: &str = "leave";

fn audited(l: &LeaveRequest) -> serde_json::Value {
    json!({"startsOn": l.starts_on, "endsOn": l.ends_on, "reason": l.reason, "status": l.status,
           "decisionNote": l.decision_note})
}

fn title(l: &LeaveRequest) -> String {
    format!("{}, {}", l.member, period(l.starts_on, l.ends_on))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LeaveQuery {
    /// `true`: the viewer's own requests (anyone on the roster); otherwise every member's
    /// (reviewers of the Leave requests page).
    pub mine: Option<bool>,
    /// Only requests with this status (`pending`, `approved`, `denied`, `cancelled`).
    pub status: Option<String>,
}

/// Leave requests: the viewer's own (`mine=true`), or everyone's for the reviewers.
#[utoipa::path(get, operation_id = "list_leave", path = "/api/leave", tag = "leave", params(LeaveQuery),
    responses((status = 200, body = Vec<LeaveRequest>), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    Authenticated(viewer): Authenticated,
    QueryParams(query): QueryParams<LeaveQuery>,
) -> AppResult<Json<Vec<LeaveRequest>>> {
    let status = query.status.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if let Some(status) = status {
        if !["pending", "approved", "denied", "cancelled"].contains(&status) {
            return Err(bad_request(format!("Unknown status '{status}'.")));
        }
    }
    let member = if query.mine == Some(true) {
        Some(viewer.roster().ok_or_else(|| forbidden(NOT_ON_ROSTER))?.id)
    } else {
        require_nav(&viewer, nav_item::Leave::ID).await?;
        None
    };
    Ok(Json(store::list(viewer.pool(), member, status).await?))
}

/// Asks for leave (a member for themselves): from, to, reason. A request that shares a day
/// with a pending or approved one of theirs is refused.
#[utoipa::path(post, operation_id = "request_leave", path = "/api/leave", tag = "leave", request_body = LeaveInput,
    responses((status = 201, body = LeaveRequest), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn request(
    Authenticated(viewer): Authenticated,
    JsonBody(input): JsonBody<LeaveInput>,
) -> AppResult<(StatusCode, Json<LeaveRequest>)> {
    let me = viewer.roster().ok_or_else(|| forbidden(NOT_ON_ROSTER))?.clone();
    let today = store::today(viewer.pool()).await?;
    let leave = input.validate(today).map_err(bad_request)?;
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    crate::shared::organisation::lock_member(&mut tx, me.id).await?;
    if let Some((from, to)) =
        store::overlapping(&mut tx, me.id, leave.starts_on, leave.ends_on).await?
    {
        return Err(conflict(format!("You already have leave from {from} to {to}.")));
    }
    let id =
        store::insert(&mut tx, me.id, &leave, &actor.display, actor.user_id.as_deref()).await?;
    let made = store::get(&mut tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    let event = Event {
        action: "requested".into(),
        ..Event::created(LEAVE_KIND, id, &title(&made), &audited(&made))
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(made)))
}

/// Approves or denies a pending request, with a note (reviewers; never one's own). An
/// approved leave that starts today puts the member on LOA at once.
#[utoipa::path(patch, operation_id = "decide_leave", path = "/api/leave/{id}", tag = "leave", request_body = LeaveDecision,
    params(("id" = i64, Path, description = "Leave request id")),
    responses((status = 200, body = LeaveRequest), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn decide(
    Guard(viewer, _): Guard<nav_item::Leave>,
    PathParams(id): PathParams<i64>,
    JsonBody(decision): JsonBody<LeaveDecision>,
) -> AppResult<Json<LeaveRequest>> {
    let (status, note) = decision.validate().map_err(bad_request)?;
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let before = store::get(&mut tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    if viewer.matches.iter().any(|m| m.id == before.roster_id) {
        return Err(forbidden(OWN_REQUEST));
    }
    if before.status != "pending" {
        return Err(conflict(NOT_PENDING));
    }
    store::decide(&mut tx, id, status, note.as_deref(), &actor.display, actor.user_id.as_deref())
        .await?;
    let after = store::get(&mut tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    let event = Event {
        action: status.into(),
        ..Event::updated(LEAVE_KIND, id, &title(&after), &audited(&before), &audited(&after))
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    settle(&viewer).await?;
    let mut conn = viewer.pool().acquire().await?;
    Ok(Json(store::get(&mut conn, id).await?.ok_or_else(|| not_found(NOT_FOUND))?))
}

/// Cancels one's own request while it is pending, or approved and not yet begun.
#[utoipa::path(post, operation_id = "cancel_leave", path = "/api/leave/{id}/cancel", tag = "leave",
    params(("id" = i64, Path, description = "Leave request id")),
    responses((status = 200, body = LeaveRequest), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn cancel(
    Authenticated(viewer): Authenticated,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<LeaveRequest>> {
    let today = store::today(viewer.pool()).await?;
    let mut tx = viewer.pool().begin().await?;
    let before = store::get(&mut tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    if !viewer.matches.iter().any(|m| m.id == before.roster_id) {
        return Err(forbidden(NOT_YOURS));
    }
    let future = before.status == "approved" && before.starts_on > today && !before.running;
    if before.status != "pending" && !future {
        return Err(conflict(ALREADY_BEGUN));
    }
    store::cancel(&mut tx, id).await?;
    let after = store::get(&mut tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    let event = Event {
        action: "cancelled".into(),
        ..Event::updated(LEAVE_KIND, id, &title(&after), &audited(&before), &audited(&after))
    };
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(Json(after))
}

/// Puts today's leave changes on the roster now, rather than at the job's next round.
async fn settle(viewer: &Viewer) -> AppResult<()> {
    let today = store::today(viewer.pool()).await?;
    leave::apply(viewer.pool(), today).await?;
    Ok(())
}
