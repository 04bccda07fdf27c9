//! Leave of absence on the roster (issue 23): while an approved leave runs, the member's roster
//! status is LOA, and when it ends (or is cancelled) the status it replaced comes back. A job
//! does this for every agency ([`apply`]); each leave's start and end are taken under a row
//! lock with `SKIP LOCKED`, so several instances never apply one twice, and the state lives in
//! the database, so a restart loses nothing. Each change is logged on the roster and audited as
//! the portal's own (*Leave of absence*). The roster feature shows a running leave's end.

use chrono::NaiveDate;

use crate::{
    access::{
        member::RosterEntry,
        store::{ENTRY_COLUMNS, ENTRY_FROM},
        viewer::Actor,
    },
    shared::{
        audit::{self, Event},
        organisation::{log_changes, FieldChange},
    },
    tenancy::pools::{AgencyConnection, TenantDb},
};

/// Who the roster log names for the changes leave makes.
pub const LEAVE_ACTOR: &str = "Leave of absence";

/// "1 Dec to 5 Dec 2026": how a leave is titled in the audit log, alerts and the file.
pub fn period(starts_on: NaiveDate, ends_on: NaiveDate) -> String {
    if starts_on == ends_on {
        return starts_on.format("%-d %b %Y").to_string();
    }
    format!("{} to {}", starts_on.format("%-d %b"), ends_on.format("%-d %b %Y"))
}

/// Today, as the database counts it (one clock for every date).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn today(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<NaiveDate> {
    sqlx::query_scalar("SELECT CURRENT_DATE").fetch_one(db).await
}

/// What one run of [`apply`] did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Applied {
    pub started: usize,
    pub ended: usize,
}

#[derive(sqlx::FromRow)]
struct Due {
    id: i64,
    roster_id: i64,
    previous_status: Option<String>,
}

/// The approved leaves that start as of `$today` (an SQL date), as [`apply`] takes them and
/// the calendar (`shared::personnel_calendar`) looks for them.
macro_rules! starting {
    ($today:literal) => {
        concat!("status = 'approved' AND started_at IS NULL AND starts_on <= ", $today)
    };
}
/// The running leaves that end as of `$today`: past their last day, or cancelled.
macro_rules! ending {
    ($today:literal) => {
        concat!(
            "started_at IS NOT NULL AND ended_at IS NULL AND (ends_on < ",
            $today,
            " OR status = 'cancelled')"
        )
    };
}
pub(crate) use {ending, starting};

/// Starts the approved leaves whose first day has come (and not passed their last), and ends
/// the running ones whose last day has passed or that were cancelled, as of `today`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn apply(db: &TenantDb, today: NaiveDate) -> sqlx::Result<Applied> {
    let mut applied = Applied::default();
    let mut tx = db.begin().await?;
    let starting: Vec<Due> = sqlx::query_as(concat!(
        "SELECT id, roster_id, previous_status FROM leave_requests WHERE ",
        starting!("$1"),
        " ORDER BY starts_on, id LIMIT 200 FOR UPDATE SKIP LOCKED"
    ))
    .bind(today)
    .fetch_all(&mut *tx)
    .await?;
    for due in starting {
        let entry = entry(&mut tx, due.roster_id).await?;
        let ends_on: NaiveDate =
            sqlx::query_scalar("SELECT ends_on FROM leave_requests WHERE id = $1")
                .bind(due.id)
                .fetch_one(&mut *tx)
                .await?;
        let Some(entry) = entry.filter(|_| ends_on >= today) else {
            // Approved too late to run (or the member is gone): over before it began.
            sqlx::query(
                "UPDATE leave_requests SET started_at = now(), ended_at = now() WHERE id = $1",
            )
            .bind(due.id)
            .execute(&mut *tx)
            .await?;
            continue;
        };
        sqlx::query(
            "UPDATE leave_requests SET started_at = now(), previous_status = $2 WHERE id = $1",
        )
        .bind(due.id)
        .bind(&entry.status)
        .execute(&mut *tx)
        .await?;
        if entry.status != "LOA" {
            set_status(&mut tx, &entry, "LOA").await?;
        }
        applied.started += 1;
    }
    let ending: Vec<Due> = sqlx::query_as(concat!(
        "SELECT id, roster_id, previous_status FROM leave_requests WHERE ",
        ending!("$1"),
        " ORDER BY ends_on, id LIMIT 200 FOR UPDATE SKIP LOCKED"
    ))
    .bind(today)
    .fetch_all(&mut *tx)
    .await?;
    for due in ending {
        sqlx::query("UPDATE leave_requests SET ended_at = now() WHERE id = $1")
            .bind(due.id)
            .execute(&mut *tx)
            .await?;
        let Some(entry) = entry(&mut tx, due.roster_id).await? else { continue };
        // Command may have changed the status meanwhile: only LOA the leave put there goes.
        let back = due.previous_status.unwrap_or_else(|| "Active".into());
        if entry.status == "LOA" && back != "LOA" {
            set_status(&mut tx, &entry, &back).await?;
        }
        applied.ended += 1;
    }
    tx.commit().await?;
    Ok(applied)
}

#[tracing::instrument(level = "debug", skip_all)]
async fn entry(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<Option<RosterEntry>> {
    let sql = format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE r.id = $1 FOR UPDATE OF r");
    sqlx::query_as(&sql).bind(id).fetch_optional(conn).await
}

/// Sets a member's status as leave does: logged and audited as the portal's own change.
#[tracing::instrument(level = "debug", skip_all)]
async fn set_status(
    conn: &mut AgencyConnection,
    entry: &RosterEntry,
    status: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE roster SET status = $2, version = version + 1, updated_at = now() WHERE id = $1",
    )
    .bind(entry.id)
    .bind(status)
    .execute(&mut *conn)
    .await?;
    let actor = Actor::system(LEAVE_ACTOR);
    let change = FieldChange {
        field: "status",
        before: Some(entry.status.clone()),
        after: Some(status.into()),
    };
    log_changes(&mut *conn, entry, &[change], &actor).await?;
    let event = Event::updated(
        "roster",
        entry.id,
        &entry.name,
        &serde_json::json!({"status": entry.status}),
        &serde_json::json!({"status": status}),
    );
    audit::record(conn, &actor, &event).await
}
