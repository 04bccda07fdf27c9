//! Duty shift SQL. Shifts last at most 48 hours, so the ones that overlap a window are found
//! through `duty_shifts_started` from 48 hours before it.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::{
    access::{
        member::RosterEntry,
        store::{ENTRY_COLUMNS, ENTRY_FROM},
    },
    features::duty::model::{
        CheckedCorrection, Correction, MemberHours, Shift, ShiftStart, WeekHours,
    },
    tenancy::pools::AgencyConnection,
};

/// A shift's fields, of its row `s` and of `r` and `d` that [`shift_joins!`] adds.
macro_rules! shift_fields {
    () => {
        "s.id, s.roster_id, r.name AS member, r.department_id, d.name AS department_name,
        s.unit, s.callsign, s.started_at, s.ended_at, s.source, s.started_by, s.ended_by,
        s.auto_closed, s.corrected,
        round((EXTRACT(EPOCH FROM GREATEST(COALESCE(s.ended_at, now()) - s.started_at, interval '0')) / 3600)::numeric, 2)::float8 AS hours"
    };
}

/// The member `r` and department `d` of shift `s`.
macro_rules! shift_joins {
    () => {
        " JOIN roster r ON r.id = s.roster_id LEFT JOIN departments d ON d.id = r.department_id"
    };
}

/// The open shifts `s` past the agency's limit (`a`, its `agency_settings`), as
/// [`close_forgotten`] takes them and the duty calendar looks for them.
macro_rules! forgotten {
    () => {
        "s.ended_at IS NULL AND s.started_at < now() - make_interval(hours => a.duty_auto_close_hours)"
    };
}
pub(crate) use forgotten;

/// Shifts as [`Shift`] reads them, for a `SELECT` to go on with `WHERE`.
const SHIFT: &str = concat!(shift_fields!(), " FROM duty_shifts s", shift_joins!());

/// Seconds of `s`'s shifts inside the last `days` days, to now.
fn seconds_within(days: u32) -> String {
    format!(
        "EXTRACT(EPOCH FROM COALESCE(s.ended_at, now()) - GREATEST(s.started_at, now() - interval '{days} days'))"
    )
}

/// Shifts that overlap the last `days` days (an index range on `started_at`).
fn overlapping_last(days: u32) -> String {
    format!(
        "s.started_at > now() - interval '{days} days' - interval '48 hours'
         AND COALESCE(s.ended_at, now()) > now() - interval '{days} days'"
    )
}

/// The agency's limits: hours after which a shift closes itself, days without duty after
/// which a member is inactive.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn settings(db: impl PgExecutor<'_>) -> sqlx::Result<(i32, Option<i32>)> {
    sqlx::query_as("SELECT duty_auto_close_hours, inactive_after_days FROM agency_settings")
        .fetch_one(db)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn save_settings(
    conn: &mut AgencyConnection,
    auto_close_hours: i32,
    inactive_after_days: Option<i32>,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE agency_settings SET duty_auto_close_hours = $1, inactive_after_days = $2")
        .bind(auto_close_hours)
        .bind(inactive_after_days)
        .execute(conn)
        .await?;
    Ok(())
}

/// A member's open shift, and whether it is past the agency's limit (forgotten).
#[derive(sqlx::FromRow)]
pub struct Open {
    #[sqlx(flatten)]
    pub shift: Shift,
    pub forgotten: bool,
}

/// Locks a member's roster row, then answers their open shift and whether it is past the
/// agency's limit. Two statements: the read after the lock sees what the transaction that held
/// the lock wrote (one statement would read from before the wait).
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn lock_with_open(
    conn: &mut AgencyConnection,
    roster_id: i64,
) -> sqlx::Result<Option<Open>> {
    crate::shared::organisation::lock_member(&mut *conn, roster_id).await?;
    sqlx::query_as(concat!(
        "SELECT ",
        shift_fields!(),
        ", s.started_at < now() - make_interval(hours => a.duty_auto_close_hours) AS forgotten
           FROM duty_shifts s",
        shift_joins!(),
        " CROSS JOIN agency_settings a
          WHERE s.roster_id = $1 AND s.ended_at IS NULL"
    ))
    .bind(roster_id)
    .fetch_optional(conn)
    .await
}

/// One shift.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn get(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<Shift>> {
    sqlx::query_as(&format!("SELECT {SHIFT} WHERE s.id = $1")).bind(id).fetch_optional(db).await
}

/// The member's open shift.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn open_of(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Option<Shift>> {
    sqlx::query_as(&format!("SELECT {SHIFT} WHERE s.roster_id = $1 AND s.ended_at IS NULL"))
        .bind(roster_id)
        .fetch_optional(db)
        .await
}

/// The member's latest shift.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn latest_of(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Option<Shift>> {
    sqlx::query_as(&format!(
        "SELECT {SHIFT} WHERE s.roster_id = $1 ORDER BY s.started_at DESC, s.id DESC LIMIT 1"
    ))
    .bind(roster_id)
    .fetch_optional(db)
    .await
}

/// The shift a game server call with key `key` began (`column` `in_key`) or ended (`out_key`).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn by_key(
    db: impl PgExecutor<'_>,
    clock_in: bool,
    key: &str,
) -> sqlx::Result<Option<Shift>> {
    let column = if clock_in { "in_key" } else { "out_key" };
    sqlx::query_as(&format!("SELECT {SHIFT} WHERE s.{column} = $1"))
        .bind(key)
        .fetch_optional(db)
        .await
}

/// Who begins a shift, from where.
pub struct Starter<'a> {
    /// `portal`, `game` or `command`.
    pub source: &'a str,
    pub by: &'a str,
    /// The game server's key of the call.
    pub key: Option<&'a str>,
}

/// Begins a shift of the member now: the unit and callsign given, else the member's
/// department and roster callsign. Answers it, read in the same statement. "Now" is the
/// statement's time, not the transaction's: transactions that waited for the member's lock run
/// after the one before them, so a shift never ends before it began.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn start(
    conn: &mut AgencyConnection,
    roster_id: i64,
    start: &ShiftStart,
    starter: &Starter<'_>,
) -> sqlx::Result<Shift> {
    // Going on duty also ends the member's inactivity notice (the next quiet spell is announced).
    sqlx::query_as(concat!(
        "WITH active AS (DELETE FROM inactivity_notices WHERE roster_id = $1),
         s AS (INSERT INTO duty_shifts (roster_id, started_at, unit, callsign, source, started_by, in_key)
               SELECT r.id, statement_timestamp(), COALESCE($2, d.name, ''), COALESCE($3, r.callsign, ''), $4, $5, $6
                 FROM roster r LEFT JOIN departments d ON d.id = r.department_id WHERE r.id = $1
               RETURNING *)
         SELECT ",
        shift_fields!(),
        " FROM s",
        shift_joins!()
    ))
    .bind(roster_id)
    .bind(start.unit.as_deref())
    .bind(start.callsign.as_deref())
    .bind(starter.source)
    .bind(starter.by)
    .bind(starter.key)
    .fetch_one(conn)
    .await
}

/// Ends an open shift now; answers it, read in the same statement (none if it was not open).
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn end(
    conn: &mut AgencyConnection,
    id: i64,
    by: &str,
    key: Option<&str>,
) -> sqlx::Result<Option<Shift>> {
    sqlx::query_as(concat!(
        "WITH s AS (UPDATE duty_shifts SET ended_at = statement_timestamp(), ended_by = $2, out_key = $3
                     WHERE id = $1 AND ended_at IS NULL RETURNING *)
         SELECT ",
        shift_fields!(),
        " FROM s",
        shift_joins!()
    ))
    .bind(id)
    .bind(by)
    .bind(key)
    .fetch_optional(conn)
    .await
}

/// Closes open shifts older than the agency's limit (of one member, or of everyone) at the
/// limit, flagged; answers them. Taken with `SKIP LOCKED`, so two instances never close one
/// shift twice.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn close_forgotten(
    conn: &mut AgencyConnection,
    roster_id: Option<i64>,
) -> sqlx::Result<Vec<Shift>> {
    let closed: Vec<i64> = sqlx::query_scalar(concat!(
        "WITH due AS (
             SELECT s.id FROM duty_shifts s, agency_settings a
              WHERE ($1::bigint IS NULL OR s.roster_id = $1) AND ",
        forgotten!(),
        " ORDER BY s.started_at LIMIT 500 FOR UPDATE OF s SKIP LOCKED)
         UPDATE duty_shifts s
            SET ended_at = s.started_at + make_interval(hours => a.duty_auto_close_hours),
                ended_by = $2, auto_closed = TRUE
           FROM due, agency_settings a WHERE s.id = due.id
         RETURNING s.id"
    ))
    .bind(roster_id)
    .bind(AUTO_CLOSER)
    .fetch_all(&mut *conn)
    .await?;
    if closed.is_empty() {
        return Ok(vec![]);
    }
    sqlx::query_as(&format!("SELECT {SHIFT} WHERE s.id = ANY($1) ORDER BY s.started_at"))
        .bind(&closed)
        .fetch_all(conn)
        .await
}

/// Who the shifts closed by the limit name as their closer.
pub const AUTO_CLOSER: &str = "Duty limit";

/// A member's last shifts, newest first.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn recent_of(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<Shift>> {
    sqlx::query_as(&format!(
        "SELECT {SHIFT} WHERE s.roster_id = $1 ORDER BY s.started_at DESC, s.id DESC LIMIT 20"
    ))
    .bind(roster_id)
    .fetch_all(db)
    .await
}

/// A member's hours in the last 7 and 30 days.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn hours_of(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<(f64, f64)> {
    let (week, month) = (seconds_within(7), seconds_within(30));
    sqlx::query_as(&format!(
        "SELECT round((COALESCE(sum({week}) FILTER (WHERE COALESCE(s.ended_at, now()) > now() - interval '7 days'), 0) / 3600)::numeric, 2)::float8,
                round((COALESCE(sum({month}), 0) / 3600)::numeric, 2)::float8
           FROM duty_shifts s WHERE s.roster_id = $1 AND {}",
        overlapping_last(30)
    ))
    .bind(roster_id)
    .fetch_one(db)
    .await
}

/// A member's hours in each of the last eight weeks (Monday to Sunday), oldest first; a
/// shift across midnight on Sunday counts in the week it began.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn weeks_of(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<WeekHours>> {
    sqlx::query_as(
        "SELECT w.week::date AS week,
                round((COALESCE(sum(EXTRACT(EPOCH FROM COALESCE(s.ended_at, now()) - s.started_at)), 0) / 3600)::numeric, 2)::float8 AS hours
           FROM generate_series(date_trunc('week', now()) - interval '7 weeks', date_trunc('week', now()), interval '1 week') AS w(week)
           LEFT JOIN duty_shifts s
             ON s.roster_id = $1 AND s.started_at >= w.week AND s.started_at < w.week + interval '1 week'
          GROUP BY w.week ORDER BY w.week",
    )
    .bind(roster_id)
    .fetch_all(db)
    .await
}

/// Every member's hours in the last 7 and 30 days, last duty, open shift, and whether they
/// count as inactive (`inactive_after_days`; active members only).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn roster_hours(
    db: impl PgExecutor<'_>,
    inactive_after_days: Option<i32>,
) -> sqlx::Result<Vec<MemberHours>> {
    let (week, month) = (seconds_within(7), seconds_within(30));
    sqlx::query_as(&format!(
        "WITH window_hours AS (
             SELECT s.roster_id,
                    sum({week}) FILTER (WHERE COALESCE(s.ended_at, now()) > now() - interval '7 days') AS week,
                    sum({month}) AS month
               FROM duty_shifts s WHERE {}
              GROUP BY s.roster_id)
         SELECT r.id AS roster_id,
                round((COALESCE(h.week, 0) / 3600)::numeric, 2)::float8 AS hours_week,
                round((COALESCE(h.month, 0) / 3600)::numeric, 2)::float8 AS hours_30_days,
                CASE WHEN l.started_at IS NOT NULL THEN COALESCE(l.ended_at, now()) END AS last_duty_at,
                CASE WHEN l.ended_at IS NULL THEN l.started_at END AS on_duty_since,
                ($1::int IS NOT NULL AND r.status = 'Active'
                 AND COALESCE(COALESCE(l.ended_at, CASE WHEN l.started_at IS NOT NULL THEN now() END),
                              r.hire_date::timestamptz) < now() - make_interval(days => $1)) AS inactive
           FROM roster r
           LEFT JOIN window_hours h ON h.roster_id = r.id
           LEFT JOIN LATERAL (SELECT s.started_at, s.ended_at FROM duty_shifts s
                               WHERE s.roster_id = r.id ORDER BY s.started_at DESC LIMIT 1) l ON TRUE
          ORDER BY r.id",
        overlapping_last(30)
    ))
    .bind(inactive_after_days)
    .fetch_all(db)
    .await
}

/// Who is on duty now, longest first.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn open_all(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Shift>> {
    sqlx::query_as(&format!(
        "SELECT {SHIFT} WHERE s.ended_at IS NULL ORDER BY s.started_at LIMIT 1000"
    ))
    .fetch_all(db)
    .await
}

/// Shifts over that began in the last `days` days (of one member, or of everyone), newest
/// first (at most 200).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn closed_since(
    db: impl PgExecutor<'_>,
    days: i32,
    roster_id: Option<i64>,
) -> sqlx::Result<Vec<Shift>> {
    sqlx::query_as(&format!(
        "SELECT {SHIFT} WHERE s.ended_at IS NOT NULL
            AND s.started_at > now() - make_interval(days => $1)
            AND ($2::bigint IS NULL OR s.roster_id = $2)
          ORDER BY s.started_at DESC, s.id DESC LIMIT 200"
    ))
    .bind(days)
    .bind(roster_id)
    .fetch_all(db)
    .await
}

/// Another shift of the member that shares time with `from`..`to` (open: to now).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn overlapping(
    conn: &mut AgencyConnection,
    roster_id: i64,
    except: i64,
    from: DateTime<Utc>,
    to: Option<DateTime<Utc>>,
) -> sqlx::Result<Option<Shift>> {
    sqlx::query_as(&format!(
        "SELECT {SHIFT} WHERE s.roster_id = $1 AND s.id <> $2
            AND s.started_at > $3 - interval '48 hours'
            AND s.started_at < COALESCE($4, now()) AND COALESCE(s.ended_at, now()) > $3
          LIMIT 1"
    ))
    .bind(roster_id)
    .bind(except)
    .bind(from)
    .bind(to)
    .fetch_optional(conn)
    .await
}

/// Corrects a shift and keeps what it was.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn correct(
    conn: &mut AgencyConnection,
    id: i64,
    correction: &CheckedCorrection,
    by: &str,
    by_id: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO duty_corrections
             (shift_id, started_before, ended_before, started_after, ended_after, reason, corrected_by, corrected_by_id)
         SELECT id, started_at, ended_at, $2, $3, $4, $5, $6 FROM duty_shifts WHERE id = $1",
    )
    .bind(id)
    .bind(correction.started_at)
    .bind(correction.ended_at)
    .bind(&correction.reason)
    .bind(by)
    .bind(by_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE duty_shifts SET started_at = $2, ended_at = $3, corrected = TRUE,
                ended_by = CASE WHEN $3::timestamptz IS NULL THEN NULL
                                WHEN ended_at IS DISTINCT FROM $3 THEN $4 ELSE ended_by END
          WHERE id = $1",
    )
    .bind(id)
    .bind(correction.started_at)
    .bind(correction.ended_at)
    .bind(by)
    .execute(conn)
    .await?;
    Ok(())
}

/// A shift's corrections, oldest first.
#[tracing::instrument(level = "debug", skip_all, fields(shift_id))]
pub async fn corrections(db: impl PgExecutor<'_>, shift_id: i64) -> sqlx::Result<Vec<Correction>> {
    sqlx::query_as(
        "SELECT id, started_before, ended_before, started_after, ended_after, reason, corrected_by, created_at
           FROM duty_corrections WHERE shift_id = $1 ORDER BY id",
    )
    .bind(shift_id)
    .fetch_all(db)
    .await
}

/// The roster entry of a Discord id (the game server names members by it), through the
/// roster's Discord id index.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn member_by_discord_id(
    db: impl PgExecutor<'_>,
    discord_id: &str,
) -> sqlx::Result<Option<RosterEntry>> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM}
          WHERE lower(btrim(r.discord_id)) = lower(btrim($1)) ORDER BY r.id LIMIT 1"
    );
    sqlx::query_as(&sql).bind(discord_id).fetch_optional(db).await
}
