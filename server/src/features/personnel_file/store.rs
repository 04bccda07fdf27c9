//! Personnel file SQL: the records a member's timeline is made of, and the entries command
//! writes.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::PgExecutor;

use crate::features::personnel_file::model::{CheckedEntry, LogRow};
use crate::tenancy::pools::AgencyConnection;

/// The roster log rows that tell a member's story (rank, department and status changes).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn log_rows(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<LogRow>> {
    sqlx::query_as(
        "SELECT change_id, ts, actor_display, field, before_value, after_value FROM rank_logs
          WHERE roster_id = $1 AND field IN ('rank', 'rankId', 'departmentId', 'status')
          ORDER BY ts, id LIMIT 2000",
    )
    .bind(roster_id)
    .fetch_all(db)
    .await
}

/// Rank levels by rank id, and department names by id.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn structure_names(
    db: impl PgExecutor<'_> + Copy,
) -> sqlx::Result<(HashMap<String, String>, HashMap<String, String>)> {
    let ranks: Vec<(String, String)> =
        sqlx::query_as("SELECT id, level FROM ranks").fetch_all(db).await?;
    let departments: Vec<(String, String)> =
        sqlx::query_as("SELECT id, name FROM departments").fetch_all(db).await?;
    Ok((ranks.into_iter().collect(), departments.into_iter().collect()))
}

#[derive(Debug, sqlx::FromRow)]
pub struct Hire {
    pub ts: DateTime<Utc>,
    pub roster_rank: Option<String>,
    pub actor_display: String,
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn hires(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<Hire>> {
    sqlx::query_as("SELECT ts, roster_rank, actor_display FROM hire_logs WHERE roster_id = $1 ORDER BY ts LIMIT 10")
        .bind(roster_id)
        .fetch_all(db)
        .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct Completed {
    pub title: String,
    pub at: DateTime<Utc>,
    pub ftos: Option<String>,
}

/// Training sessions the member completed as a trainee.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn completed_training(
    db: impl PgExecutor<'_>,
    roster_id: i64,
) -> sqlx::Result<Vec<Completed>> {
    sqlx::query_as(
        "SELECT COALESCE(NULLIF(session_name, ''), template_title) AS title, updated_at AS at,
                (SELECT string_agg(f->>'name', ', ') FROM jsonb_array_elements(ftos) f) AS ftos
           FROM training_sessions
          WHERE status = 'completed' AND trainees @> jsonb_build_array(jsonb_build_object('id', $1::text))
          ORDER BY updated_at LIMIT 500",
    )
    .bind(roster_id)
    .fetch_all(db)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct Leave {
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub status: String,
    pub decided_by: Option<String>,
    pub decision_note: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// The member's leave that was decided or cancelled.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn leave(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<Leave>> {
    sqlx::query_as(
        "SELECT starts_on, ends_on, status, decided_by, decision_note, decided_at, created_at
           FROM leave_requests WHERE roster_id = $1 AND status <> 'pending' ORDER BY starts_on LIMIT 500",
    )
    .bind(roster_id)
    .fetch_all(db)
    .await
}

#[derive(Debug, sqlx::FromRow)]
pub struct Entry {
    pub id: i64,
    pub kind: String,
    pub happened_on: NaiveDate,
    pub text: String,
    pub visibility: String,
    pub author: String,
    pub corrects_id: Option<i64>,
    pub created_at: DateTime<Utc>,
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn entries(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<Entry>> {
    sqlx::query_as(
        "SELECT id, kind, happened_on, text, visibility, author, corrects_id, created_at
           FROM file_entries WHERE roster_id = $1 ORDER BY happened_on, id LIMIT 2000",
    )
    .bind(roster_id)
    .fetch_all(db)
    .await
}

/// Whether entry `id` is in member `roster_id`'s file.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn entry_in_file(db: impl PgExecutor<'_>, roster_id: i64, id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM file_entries WHERE id = $1 AND roster_id = $2)",
    )
    .bind(id)
    .bind(roster_id)
    .fetch_one(db)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert(
    conn: &mut AgencyConnection,
    roster_id: i64,
    entry: &CheckedEntry,
    author: &str,
    author_id: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO file_entries (roster_id, kind, happened_on, text, visibility, author, author_id, corrects_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(roster_id)
    .bind(&entry.kind)
    .bind(entry.happened_on)
    .bind(&entry.text)
    .bind(&entry.visibility)
    .bind(author)
    .bind(author_id)
    .bind(entry.corrects_id)
    .fetch_one(conn)
    .await
}
