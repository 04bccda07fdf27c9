//! Use-of-force SQL: filings (numbered inside the transaction), lists, one report with its
//! history, and review updates.

use chrono::{DateTime, Utc};
use sqlx::{types::Json, PgConnection, PgExecutor};

use crate::{
    error::{conflict, AppResult, OnConstraint},
    features::use_of_force::model::{CheckedDraft, Filed, UofBody, UofReport, DUPLICATE_NUMBER},
    shared::{report::next_number, review::USE_OF_FORCE},
};

const TABLE: &str = "use_of_force_reports";
const NUMBER: &str = "incident_number";
/// The most reports one list answers (newest first).
pub const LIST_LIMIT: i64 = 500;

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    incident_number: String,
    incident_date: String,
    location: String,
    body: Json<UofBody>,
    status: String,
    supervisor: Option<String>,
    supervisor_notes: Option<String>,
    supervisor_signed_by: Option<String>,
    supervisor_signed_at: Option<DateTime<Utc>>,
    filed_by: String,
    filed_by_id: Option<String>,
    created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, incident_number, incident_date, location, body, status, supervisor, \
    supervisor_notes, supervisor_signed_by, supervisor_signed_at, filed_by, filed_by_id, created_at";

/// A stored report and the Discord id of whoever filed it.
pub struct Stored {
    pub report: UofReport,
    pub filed_by_id: Option<String>,
}

fn stored(row: Row) -> Stored {
    Stored {
        filed_by_id: row.filed_by_id,
        report: UofReport {
            id: row.id,
            incident_number: row.incident_number,
            incident_date: row.incident_date,
            location: row.location,
            body: row.body.0,
            status: row.status,
            supervisor: row.supervisor,
            supervisor_notes: row.supervisor_notes,
            supervisor_signed_by: row.supervisor_signed_by,
            supervisor_signed_at: row.supervisor_signed_at,
            filed_by: row.filed_by,
            created_at: row.created_at,
            history: vec![],
        },
    }
}

/// Files a report: the number given, or the next one (allocated under a lock).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert(
    conn: &mut PgConnection,
    draft: &CheckedDraft,
    filed_by: &str,
    filed_by_id: Option<&str>,
) -> AppResult<Filed> {
    let number = match &draft.incident_number {
        Some(number) => number.clone(),
        None => next_number(conn, TABLE, NUMBER).await?.to_string(),
    };
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO use_of_force_reports (incident_number, incident_date, location, body, status, filed_by, filed_by_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(&number)
    .bind(&draft.incident_date)
    .bind(&draft.location)
    .bind(Json(&draft.body))
    .bind(USE_OF_FORCE.initial)
    .bind(filed_by)
    .bind(filed_by_id)
    .fetch_one(conn)
    .await
    .on_constraint("use_of_force_incident_number_key", || conflict(DUPLICATE_NUMBER))?;
    Ok(Filed { id, incident_number: number })
}

/// The number the form suggests (the filing allocates its own under a lock).
pub async fn suggested_number(db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COALESCE(MAX(NULLIF(regexp_replace(incident_number, '\\D', '', 'g'), '')::numeric), 0)::bigint + 1
         FROM use_of_force_reports",
    )
    .fetch_one(db)
    .await
}

/// Reports, newest first: all of them, or one status, or one filer's.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(
    db: impl PgExecutor<'_>,
    status: Option<&str>,
    filed_by_id: Option<&str>,
) -> sqlx::Result<Vec<UofReport>> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM use_of_force_reports
         WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR filed_by_id = $2)
         ORDER BY id DESC LIMIT $3"
    ))
    .bind(status)
    .bind(filed_by_id)
    .bind(LIST_LIMIT)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| stored(r).report).collect())
}

/// One report, locked for the caller's transaction when `for_update`.
pub async fn find(
    conn: &mut PgConnection,
    id: i64,
    for_update: bool,
) -> sqlx::Result<Option<Stored>> {
    let lock = if for_update { " FOR UPDATE" } else { "" };
    let row: Option<Row> =
        sqlx::query_as(&format!("SELECT {COLUMNS} FROM use_of_force_reports WHERE id = $1{lock}"))
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    let Some(mut found) = row.map(stored) else { return Ok(None) };
    found.report.history = sqlx::query_as(
        "SELECT from_status, to_status, actor, notes, at FROM review_history
         WHERE report_kind = $1 AND report_id = $2 ORDER BY id",
    )
    .bind(USE_OF_FORCE.kind)
    .bind(id)
    .fetch_all(conn)
    .await?;
    Ok(Some(found))
}

/// The review fields after a review.
pub struct ReviewUpdate<'a> {
    pub status: &'a str,
    pub supervisor: Option<&'a str>,
    pub notes: Option<&'a str>,
    /// `Some`: signed now by this name and id; `None` with `clear_signature`: unsigned.
    pub signer: Option<(&'a str, Option<&'a str>)>,
    pub clear_signature: bool,
}

pub async fn review(
    conn: &mut PgConnection,
    id: i64,
    update: &ReviewUpdate<'_>,
) -> sqlx::Result<()> {
    let (signed_by, signed_by_id) = update.signer.unzip();
    sqlx::query(
        "UPDATE use_of_force_reports SET status = $2,
             supervisor = COALESCE($3, supervisor),
             supervisor_notes = COALESCE($4, supervisor_notes),
             supervisor_signed_by = CASE WHEN $5::text IS NOT NULL THEN $5 WHEN $7 THEN NULL ELSE supervisor_signed_by END,
             supervisor_signed_by_id = CASE WHEN $5::text IS NOT NULL THEN $6 WHEN $7 THEN NULL ELSE supervisor_signed_by_id END,
             supervisor_signed_at = CASE WHEN $5::text IS NOT NULL THEN now() WHEN $7 THEN NULL ELSE supervisor_signed_at END,
             updated_at = now()
         WHERE id = $1",
    )
    .bind(id)
    .bind(update.status)
    .bind(update.supervisor)
    .bind(update.notes)
    .bind(signed_by)
    .bind(signed_by_id.flatten())
    .bind(update.clear_signature)
    .execute(conn)
    .await?;
    Ok(())
}
