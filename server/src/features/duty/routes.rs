//! `/api/duty`: clocking in and out (members from the portal, the game server through an API
//! token), who is on duty, corrections, hours, and the agency's limits.

use axum::{http::StatusCode, Extension, Json};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use crate::{
    access::{
        cache::NothingCached,
        guard::{nav_item, page, ApiService, Authenticated, Guard, HighCommand},
        member::RosterEntry,
        scope, Viewer,
    },
    error::{bad_request, conflict, forbidden, not_found, AppResult},
    extract::{JsonBody, PathParams, QueryParams},
    features::duty::{
        model::{
            ClockInInput, CorrectionInput, DutySettings, DutySettingsInput, GameClockAnswer,
            GameClockInput, MyDuty, OnDuty, RosterHours, Shift, ShiftDetail, ShiftStart, BENCHED,
            NOT_ON_DUTY, NOT_ON_ROSTER, ON_LEAVE, OWN_SHIFT, SHIFT_NOT_FOUND,
        },
        store::{self, Starter},
    },
    shared::{
        audit::{self, Event},
        discord_store,
    },
    tenancy::pools::AgencyConnection,
};

/// The audit log's kind of duty shifts.
pub const SHIFT_KIND: &str = "duty_shift";

/// What the audit log compares of a shift.
pub fn audited(shift: &Shift) -> serde_json::Value {
    json!({"startedAt": shift.started_at, "endedAt": shift.ended_at, "unit": shift.unit,
           "callsign": shift.callsign, "source": shift.source, "autoClosed": shift.auto_closed})
}

fn title(shift: &Shift) -> String {
    format!("{}, {}", shift.member, shift.started_at.format("%-d %b %Y %H:%M UTC"))
}

/// A shift's answer that leaves the agency's caches alone (`access::cache::NothingCached`).
type Quiet<T> = (Extension<NothingCached>, T);

fn quiet<T>(answer: T) -> Quiet<T> {
    (Extension(NothingCached), answer)
}

/// Refuses members who may not go on duty: on leave, suspended or inactive.
fn require_on_active_duty(entry: &RosterEntry) -> AppResult<()> {
    match entry.status.as_str() {
        "LOA" => Err(forbidden(ON_LEAVE)),
        "Suspended" | "Inactive" => Err(forbidden(BENCHED)),
        _ => Ok(()),
    }
}

/// Locks the member for a clock and answers their open shift. A forgotten one (past the
/// agency's limit) is closed first, audited as the limit's, and none is open after it.
async fn take_member(conn: &mut AgencyConnection, roster_id: i64) -> AppResult<Option<Shift>> {
    match store::lock_with_open(conn, roster_id).await? {
        Some(open) if open.forgotten => {
            for shift in store::close_forgotten(conn, Some(roster_id)).await? {
                record_auto_close(conn, &shift).await?;
            }
            Ok(None)
        }
        open => Ok(open.map(|open| open.shift)),
    }
}

/// The audit row of a shift the limit closed.
pub async fn record_auto_close(conn: &mut AgencyConnection, shift: &Shift) -> sqlx::Result<()> {
    let open = Shift { ended_at: None, auto_closed: false, ..shift.clone() };
    let event = Event {
        action: "auto_closed".into(),
        ..Event::updated(SHIFT_KIND, shift.id, &title(shift), &audited(&open), &audited(shift))
    };
    audit::record(conn, &crate::access::viewer::Actor::system(store::AUTO_CLOSER), &event).await
}

/// Begins a shift of `entry` (whose row the caller locked) and audits it.
async fn begin(
    conn: &mut AgencyConnection,
    viewer: &Viewer,
    entry: &RosterEntry,
    start: &ShiftStart,
    source: &str,
    key: Option<&str>,
) -> AppResult<Shift> {
    let actor = viewer.actor();
    let starter = Starter { source, by: &actor.display, key };
    let shift = store::start(conn, entry.id, start, &starter).await?;
    let event = Event {
        action: "clocked_in".into(),
        ..Event::created(SHIFT_KIND, shift.id, &title(&shift), &audited(&shift))
    };
    audit::record(conn, &actor, &event).await?;
    Ok(shift)
}

/// Ends `open` and audits it.
async fn finish(
    conn: &mut AgencyConnection,
    viewer: &Viewer,
    open: &Shift,
    key: Option<&str>,
) -> AppResult<Shift> {
    let actor = viewer.actor();
    // Not ended here only when the limit closed it first (its closer does not take the
    // member's lock): the answer is the shift as the limit left it, as before.
    let shift = match store::end(conn, open.id, &actor.display, key).await? {
        Some(ended) => ended,
        None => store::get(&mut *conn, open.id).await?.ok_or_else(|| not_found(SHIFT_NOT_FOUND))?,
    };
    let event = Event {
        action: "clocked_out".into(),
        ..Event::updated(SHIFT_KIND, open.id, &title(&shift), &audited(open), &audited(&shift))
    };
    audit::record(conn, &actor, &event).await?;
    Ok(shift)
}

/// The viewer's own duty: the open shift, hours, the last eight weeks and recent shifts.
#[utoipa::path(get, operation_id = "get_my_duty", path = "/api/duty/me", tag = "duty",
    responses((status = 200, body = MyDuty), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn mine(Authenticated(viewer): Authenticated) -> AppResult<Json<MyDuty>> {
    let me = viewer.roster().ok_or_else(|| forbidden(NOT_ON_ROSTER))?;
    let db = viewer.pool();
    let (hours_week, hours_30_days) = store::hours_of(db, me.id).await?;
    Ok(Json(MyDuty {
        open: store::open_of(db, me.id).await?,
        hours_week,
        hours_30_days,
        weeks: store::weeks_of(db, me.id).await?,
        recent: store::recent_of(db, me.id).await?,
        auto_close_hours: store::settings(db).await?.0,
    }))
}

/// Goes on duty (a member on the roster, active), optionally naming the unit and callsign.
/// One open shift at most; a forgotten one past the agency's limit is closed first.
#[utoipa::path(post, operation_id = "clock_in", path = "/api/duty/clock-in", tag = "duty", request_body = ClockInInput,
    responses((status = 201, body = Shift), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn clock_in(
    Authenticated(viewer): Authenticated,
    JsonBody(input): JsonBody<ClockInInput>,
) -> AppResult<Quiet<(StatusCode, Json<Shift>)>> {
    let me = viewer.roster().ok_or_else(|| forbidden(NOT_ON_ROSTER))?.clone();
    require_on_active_duty(&me)?;
    let start = input.validate().map_err(bad_request)?;
    let mut tx = viewer.pool().begin().await?;
    if let Some(open) = take_member(&mut tx, me.id).await? {
        return Err(conflict(format!(
            "You are on duty already, since {}.",
            open.started_at.format("%H:%M UTC")
        )));
    }
    let shift = begin(&mut tx, &viewer, &me, &start, "portal", None).await?;
    tx.commit().await?;
    Ok(quiet((StatusCode::CREATED, Json(shift))))
}

/// Goes off duty: ends the viewer's open shift.
#[utoipa::path(post, operation_id = "clock_out", path = "/api/duty/clock-out", tag = "duty",
    responses((status = 200, body = Shift), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn clock_out(Authenticated(viewer): Authenticated) -> AppResult<Quiet<Json<Shift>>> {
    let me = viewer.roster().ok_or_else(|| forbidden(NOT_ON_ROSTER))?.clone();
    let mut tx = viewer.pool().begin().await?;
    let open = take_member(&mut tx, me.id).await?.ok_or_else(|| conflict(NOT_ON_DUTY))?;
    let shift = finish(&mut tx, &viewer, &open, None).await?;
    tx.commit().await?;
    Ok(quiet(Json(shift)))
}

/// The game server clocks a member in or out by Discord id (an API token with the
/// `duty:write` scope). Idempotent: clocking in a member on duty, or out one off duty,
/// changes nothing, and a call repeated with the same `requestId` answers the shift it made.
#[utoipa::path(post, operation_id = "game_clock", path = "/api/duty/clock", tag = "duty", request_body = GameClockInput,
    responses((status = 200, body = GameClockAnswer), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 429, body = crate::error::ErrorBody)))]
pub async fn game_clock(
    ApiService(viewer): ApiService,
    JsonBody(input): JsonBody<GameClockInput>,
) -> AppResult<Quiet<Json<GameClockAnswer>>> {
    let call = input.validate().map_err(bad_request)?;
    let token = viewer.api_token.as_ref().map(|t| t.id).unwrap_or_default();
    let key = call.request_id.as_ref().map(|id| format!("{token}:{id}"));
    // One connection for the whole call: the member is found in the transaction that clocks them.
    let mut tx = viewer.pool().begin().await?;
    let member =
        store::member_by_discord_id(&mut *tx, &call.discord_id).await?.ok_or_else(|| {
            not_found(format!("Nobody with Discord id {} is on the roster.", call.discord_id))
        })?;
    let open = take_member(&mut tx, member.id).await?;
    if let Some(key) = &key {
        if let Some(done) = store::by_key(&mut *tx, call.clock_in, key).await? {
            tx.commit().await?;
            return Ok(quiet(Json(GameClockAnswer { shift: Some(done), changed: false })));
        }
    }
    let answer = match (call.clock_in, open) {
        (true, Some(open)) => GameClockAnswer { shift: Some(open), changed: false },
        (true, None) => {
            require_on_active_duty(&member)?;
            let shift =
                begin(&mut tx, &viewer, &member, &call.start, "game", key.as_deref()).await?;
            GameClockAnswer { shift: Some(shift), changed: true }
        }
        (false, Some(open)) => {
            let shift = finish(&mut tx, &viewer, &open, key.as_deref()).await?;
            GameClockAnswer { shift: Some(shift), changed: true }
        }
        (false, None) => {
            GameClockAnswer { shift: store::latest_of(&mut *tx, member.id).await?, changed: false }
        }
    };
    tx.commit().await?;
    Ok(quiet(Json(answer)))
}

/// Who is on duty now, and the last week's shifts (Supervisor → On duty).
#[utoipa::path(get, operation_id = "get_on_duty", path = "/api/duty/now", tag = "duty",
    responses((status = 200, body = OnDuty), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn now(Guard(viewer, _): Guard<nav_item::Duty>) -> AppResult<Json<OnDuty>> {
    let db = viewer.pool();
    Ok(Json(OnDuty {
        open: store::open_all(db).await?,
        recent: store::closed_since(db, 7, None).await?,
        auto_close_hours: store::settings(db).await?.0,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShiftsQuery {
    /// One member's shifts (roster id).
    pub member: Option<i64>,
    /// Shifts begun in the last this many days (1 to 90; default 30).
    pub days: Option<i32>,
}

/// Shifts that are over, newest first (at most 200): one member's or everyone's.
#[utoipa::path(get, operation_id = "list_shifts", path = "/api/duty/shifts", tag = "duty", params(ShiftsQuery),
    responses((status = 200, body = Vec<Shift>), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn shifts(
    Guard(viewer, _): Guard<nav_item::Duty>,
    QueryParams(query): QueryParams<ShiftsQuery>,
) -> AppResult<Json<Vec<Shift>>> {
    let days = query.days.unwrap_or(30);
    if !(1..=90).contains(&days) {
        return Err(bad_request("Days must be a whole number from 1 to 90."));
    }
    Ok(Json(store::closed_since(viewer.pool(), days, query.member).await?))
}

/// One shift with its corrections.
#[utoipa::path(get, operation_id = "get_shift", path = "/api/duty/shifts/{id}", tag = "duty",
    params(("id" = i64, Path, description = "Shift id")),
    responses((status = 200, body = ShiftDetail), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn shift(
    Guard(viewer, _): Guard<nav_item::Duty>,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<ShiftDetail>> {
    let shift = store::get(viewer.pool(), id).await?.ok_or_else(|| not_found(SHIFT_NOT_FOUND))?;
    let corrections = store::corrections(viewer.pool(), id).await?;
    Ok(Json(ShiftDetail { shift, corrections }))
}

/// Corrects a shift's times with a reason (supervisors; never their own, and within their
/// department when their command is scoped to it). What it was is kept; an open shift given
/// an end is closed.
#[utoipa::path(patch, operation_id = "correct_shift", path = "/api/duty/shifts/{id}", tag = "duty",
    request_body = CorrectionInput, params(("id" = i64, Path, description = "Shift id")),
    responses((status = 200, body = ShiftDetail), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn correct(
    Guard(viewer, _): Guard<nav_item::Duty>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<CorrectionInput>,
) -> AppResult<Quiet<Json<ShiftDetail>>> {
    let found = store::get(viewer.pool(), id).await?.ok_or_else(|| not_found(SHIFT_NOT_FOUND))?;
    if viewer.matches.iter().any(|m| m.id == found.roster_id) {
        return Err(forbidden(OWN_SHIFT));
    }
    let member = discord_store::entry(viewer.pool(), found.roster_id)
        .await?
        .ok_or_else(|| not_found(SHIFT_NOT_FOUND))?;
    scope::of(&viewer).await?.require(&[member.department_id.as_deref()])?;
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    crate::shared::organisation::lock_member(&mut tx, found.roster_id).await?;
    let before = store::get(&mut *tx, id).await?.ok_or_else(|| not_found(SHIFT_NOT_FOUND))?;
    let checked = input.validate(before.ended_at.is_none(), Utc::now()).map_err(bad_request)?;
    if let Some(other) =
        store::overlapping(&mut tx, before.roster_id, id, checked.started_at, checked.ended_at)
            .await?
    {
        return Err(conflict(format!(
            "That overlaps {}'s shift from {}.",
            other.member,
            other.started_at.format("%-d %b %H:%M UTC")
        )));
    }
    store::correct(&mut tx, id, &checked, &actor.display, actor.user_id.as_deref()).await?;
    let after = store::get(&mut *tx, id).await?.ok_or_else(|| not_found(SHIFT_NOT_FOUND))?;
    let mut after_fields = audited(&after);
    after_fields["reason"] = json!(checked.reason);
    let event = Event {
        action: "corrected".into(),
        ..Event::updated(SHIFT_KIND, id, &title(&after), &audited(&before), &after_fields)
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    let corrections = store::corrections(viewer.pool(), id).await?;
    Ok(quiet(Json(ShiftDetail { shift: after, corrections })))
}

/// Every member's hours in the last 7 and 30 days, their last duty and whether they count as
/// inactive (the roster's column, sort and filter; an API token with `roster:read`).
#[utoipa::path(get, operation_id = "get_roster_hours", path = "/api/duty/hours", tag = "duty",
    responses((status = 200, body = RosterHours), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn hours(Guard(viewer, _): Guard<nav_item::Roster>) -> AppResult<Json<RosterHours>> {
    let (_, inactive_after_days) = store::settings(viewer.pool()).await?;
    let members = store::roster_hours(viewer.pool(), inactive_after_days).await?;
    Ok(Json(RosterHours { inactive_after_days, members }))
}

fn settings_of(
    viewer: &Viewer,
    (auto_close_hours, inactive_after_days): (i32, Option<i32>),
) -> DutySettings {
    DutySettings { auto_close_hours, inactive_after_days, can_edit: viewer.is_high_command }
}

/// When shifts close themselves and members count as inactive (anyone signed in reads them).
#[utoipa::path(get, operation_id = "get_duty_settings", path = "/api/duty/settings", tag = "duty",
    responses((status = 200, body = DutySettings), (status = 401, body = crate::error::ErrorBody)))]
pub async fn settings(Authenticated(viewer): Authenticated) -> AppResult<Json<DutySettings>> {
    let stored = store::settings(viewer.pool()).await?;
    Ok(Json(settings_of(&viewer, stored)))
}

/// Changes them (High Command).
#[utoipa::path(put, operation_id = "save_duty_settings", path = "/api/duty/settings", tag = "duty",
    request_body = DutySettingsInput,
    responses((status = 200, body = DutySettings), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn save_settings(
    HighCommand(viewer, _): HighCommand<page::DutySettings>,
    JsonBody(input): JsonBody<DutySettingsInput>,
) -> AppResult<Json<DutySettings>> {
    let (hours, days) = input.validate().map_err(bad_request)?;
    let mut tx = viewer.pool().begin().await?;
    let before = store::settings(&mut *tx).await?;
    store::save_settings(&mut tx, hours, days).await?;
    let fields = |(h, d): (i32, Option<i32>)| json!({"autoCloseHours": h, "inactiveAfterDays": d});
    let event = Event::updated(
        "duty_settings",
        "duty",
        "Duty settings",
        &fields(before),
        &fields((hours, days)),
    );
    if !event.diff.is_empty() {
        audit::record(&mut tx, &viewer.actor(), &event).await?;
    }
    tx.commit().await?;
    Ok(Json(settings_of(&viewer, (hours, days))))
}
