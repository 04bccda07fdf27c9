//! Leave request SQL.

use chrono::NaiveDate;
use sqlx::PgExecutor;

use crate::features::leave::model::{CheckedLeave, LeaveRequest};
use crate::tenancy::pools::AgencyConnection;

const COLUMNS: &str = "l.id, l.roster_id, r.name AS member, d.name AS department_name, l.starts_on,
        l.ends_on, l.reason, l.status, l.requested_by, l.decided_by, l.decided_at, l.decision_note,
        l.cancelled_at, (l.started_at IS NOT NULL AND l.ended_at IS NULL) AS running, l.created_at
   FROM leave_requests l JOIN roster r ON r.id = l.roster_id LEFT JOIN departments d ON d.id = r.department_id";

/// Requests of one member (`roster_id`), or of everyone (`None`), optionally of one status,
/// newest first (bounded).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    db: impl PgExecutor<'_>,
    roster_id: Option<i64>,
    status: Option<&str>,
) -> sqlx::Result<Vec<LeaveRequest>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS}
          WHERE ($1::bigint IS NULL OR l.roster_id = $1) AND ($2::text IS NULL OR l.status = $2)
          ORDER BY (l.status = 'pending') DESC, l.starts_on DESC, l.id DESC LIMIT 500"
    ))
    .bind(roster_id)
    .bind(status)
    .fetch_all(db)
    .await
}

/// One request, locked for a change.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<Option<LeaveRequest>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} WHERE l.id = $1 FOR UPDATE OF l"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// A pending or approved request of the member that shares a day with `from`..=`to`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn overlapping(
    conn: &mut AgencyConnection,
    roster_id: i64,
    from: NaiveDate,
    to: NaiveDate,
) -> sqlx::Result<Option<(NaiveDate, NaiveDate)>> {
    sqlx::query_as(
        "SELECT starts_on, ends_on FROM leave_requests
          WHERE roster_id = $1 AND status IN ('pending', 'approved')
            AND starts_on <= $3 AND ends_on >= $2
          ORDER BY starts_on LIMIT 1",
    )
    .bind(roster_id)
    .bind(from)
    .bind(to)
    .fetch_optional(conn)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert(
    conn: &mut AgencyConnection,
    roster_id: i64,
    leave: &CheckedLeave,
    by: &str,
    by_id: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO leave_requests (roster_id, starts_on, ends_on, reason, requested_by, requested_by_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(roster_id)
    .bind(leave.starts_on)
    .bind(leave.ends_on)
    .bind(&leave.reason)
    .bind(by)
    .bind(by_id)
    .fetch_one(conn)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn decide(
    conn: &mut AgencyConnection,
    id: i64,
    status: &str,
    note: Option<&str>,
    by: &str,
    by_id: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE leave_requests SET status = $2, decision_note = $3, decided_by = $4, decided_by_id = $5,
                decided_at = now() WHERE id = $1",
    )
    .bind(id)
    .bind(status)
    .bind(note)
    .bind(by)
    .bind(by_id)
    .execute(conn)
    .await?;
    Ok(())
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn cancel(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE leave_requests SET status = 'cancelled', cancelled_at = now() WHERE id = $1",
    )
    .bind(id)
    .execute(conn)
    .await?;
    Ok(())
}

pub use crate::shared::leave::today;
