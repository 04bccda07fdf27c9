//! Discord role sync SQL (issue 22): the agency's Discord settings, the structure's role
//! mappings, the members they apply to, the queue of member syncs and the runs of "Sync now".

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{types::Json, PgExecutor};
use utoipa::ToSchema;

use crate::{
    access::{
        member::RosterEntry,
        store::{ENTRY_COLUMNS, ENTRY_FROM},
    },
    shared::{
        discord_roles::{Mapping, MemberSync},
        retry_queue::Queue,
    },
    tenancy::pools::AgencyConnection,
};

/// The agency's Discord settings as stored (the token sealed).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredSettings {
    pub guild_id: Option<String>,
    pub bot_token_sealed: Option<Vec<u8>>,
    pub sync_enabled: bool,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn settings(db: impl PgExecutor<'_>) -> sqlx::Result<StoredSettings> {
    sqlx::query_as(
        "SELECT guild_id, bot_token_sealed, sync_enabled, updated_at, updated_by FROM discord_settings",
    )
    .fetch_one(db)
    .await
}

/// Locks the settings for a change and answers them as they are.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn settings_for_update(conn: &mut AgencyConnection) -> sqlx::Result<StoredSettings> {
    sqlx::query_as(
        "SELECT guild_id, bot_token_sealed, sync_enabled, updated_at, updated_by
           FROM discord_settings FOR UPDATE",
    )
    .fetch_one(conn)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn save_settings(
    conn: &mut AgencyConnection,
    settings: &StoredSettings,
    by: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE discord_settings SET guild_id = $1, bot_token_sealed = $2, sync_enabled = $3,
                updated_at = now(), updated_by = $4",
    )
    .bind(&settings.guild_id)
    .bind(&settings.bot_token_sealed)
    .bind(settings.sync_enabled)
    .bind(by)
    .execute(conn)
    .await?;
    Ok(())
}

/// Every part of the structure linked to a Discord role, department by department.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn mappings(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Mapping>> {
    sqlx::query_as(
        "SELECT m.kind, m.item_id, m.name, d.id AS department_id, d.name AS department_name,
                btrim(m.discord_role_id) AS discord_role_id, m.direction
           FROM (
                SELECT 'department' AS kind, id AS item_id, name, id AS department_id,
                       role_id AS discord_role_id, 'to_discord' AS direction, 0 AS sort, position
                  FROM departments
                UNION ALL
                SELECT 'rank', id, name, department_id, role_id, 'to_discord', 1, position FROM ranks
                UNION ALL
                SELECT 'sub_department', id, name, department_id, role_id, 'to_discord', 2, position
                  FROM sub_departments
                UNION ALL
                SELECT 'role', id, name, department_id, discord_role_id, discord_direction, 3, position
                  FROM department_roles
           ) m
           JOIN departments d ON d.id = m.department_id
          WHERE btrim(COALESCE(m.discord_role_id, '')) <> ''
          ORDER BY d.position, d.id, m.sort, m.position, m.item_id",
    )
    .fetch_all(db)
    .await
}

/// Sets which way each named department role goes; answers the roles changed.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_directions(
    conn: &mut AgencyConnection,
    directions: &[(String, String)],
) -> sqlx::Result<u64> {
    let ids: Vec<&str> = directions.iter().map(|(id, _)| id.as_str()).collect();
    let values: Vec<&str> = directions.iter().map(|(_, d)| d.as_str()).collect();
    let done = sqlx::query(
        "UPDATE department_roles r SET discord_direction = v.direction
           FROM UNNEST($1::text[], $2::text[]) AS v(id, direction)
          WHERE r.id = v.id AND r.discord_direction <> v.direction",
    )
    .bind(&ids)
    .bind(&values)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// The roster entry of a Discord account, if any.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn entry_of(
    db: impl PgExecutor<'_>,
    discord_id: &str,
) -> sqlx::Result<Option<RosterEntry>> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE btrim(r.discord_id) = $1 ORDER BY r.id LIMIT 1"
    );
    sqlx::query_as(&sql).bind(discord_id).fetch_optional(db).await
}

/// The roster entry `id`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn entry(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<RosterEntry>> {
    let sql = format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE r.id = $1");
    sqlx::query_as(&sql).bind(id).fetch_optional(db).await
}

/// Everyone on the roster with a Discord id (bounded like the roster).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn entries_with_discord(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<RosterEntry>> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM}
          WHERE btrim(r.discord_id) ~ '^[0-9]{{17,20}}$' ORDER BY r.name, r.id LIMIT 5000"
    );
    sqlx::query_as(&sql).fetch_all(db).await
}

/// Sets a roster entry's department roles as Discord decided them (the caller logs it).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_roster_roles(
    conn: &mut AgencyConnection,
    id: i64,
    roles: &[String],
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE roster SET roles = $2, version = version + 1, updated_at = now() WHERE id = $1",
    )
    .bind(id)
    .bind(roles)
    .execute(conn)
    .await?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The queue of member syncs.

/// Queues a sync of `discord_id`'s roles (once: a member already waiting outside a run is not
/// queued again). Answers whether a job was added.
#[tracing::instrument(level = "debug", skip_all, fields(reason))]
pub async fn enqueue(
    db: impl PgExecutor<'_>,
    discord_id: &str,
    reason: &str,
    run_id: Option<i64>,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO discord_sync_jobs (discord_id, reason, run_id) VALUES ($1, $2, $3)
         ON CONFLICT (discord_id) WHERE status = 'pending' AND run_id IS NULL DO NOTHING",
    )
    .bind(discord_id)
    .bind(reason)
    .bind(run_id)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A member sync taken by a worker.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Job {
    pub id: i64,
    pub discord_id: String,
    pub run_id: Option<i64>,
    pub attempts: i32,
}

/// The queue of member syncs; a job that fails for good is done then too.
const JOBS: Queue =
    Queue { table: "discord_sync_jobs", error_column: "error", closed_at_column: Some("done_at") };

/// How long a worker holds a job it took before another may take it.
const CLAIM_SECONDS: f64 = 120.0;

/// Takes up to `limit` due jobs for this worker (no other worker takes them until they are
/// finished or the claim runs out).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn claim(db: impl PgExecutor<'_>, limit: i64) -> sqlx::Result<Vec<Job>> {
    sqlx::query_as(&JOBS.claim_sql("discord_id, run_id"))
        .bind(limit)
        .bind(CLAIM_SECONDS)
        .fetch_all(db)
        .await
}

/// A job done, with what it did.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn finish(db: impl PgExecutor<'_>, id: i64, result: &MemberSync) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE discord_sync_jobs SET status = 'done', result = $2, error = NULL, done_at = now(),
                claimed_until = NULL WHERE id = $1",
    )
    .bind(id)
    .bind(Json(result))
    .execute(db)
    .await?;
    Ok(())
}

/// A job that failed: tried again after `retry_in` seconds, or failed for good (`None`).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn fail(
    db: impl PgExecutor<'_>,
    id: i64,
    error: &str,
    retry_in: Option<f64>,
) -> sqlx::Result<()> {
    sqlx::query(&JOBS.retry_or_fail_sql()).bind(id).bind(error).bind(retry_in).execute(db).await?;
    Ok(())
}

/// Whether any job is due (a quick look before a worker takes any).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn any_due(db: impl PgExecutor<'_>) -> sqlx::Result<bool> {
    sqlx::query_scalar(&format!("SELECT {}", JOBS.any_due_sql())).fetch_one(db).await
}

// ---------------------------------------------------------------------------------------
// Runs of "Sync now".

/// A run of "Sync now" and how far it got.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    pub id: i64,
    pub started_at: DateTime<Utc>,
    pub started_by: String,
    pub total: i32,
    pub done: i64,
    pub failed: i64,
    pub finished_at: Option<DateTime<Utc>>,
    /// What was done for each member who needed anything, and why any failed.
    #[sqlx(json)]
    pub results: Vec<RunResult>,
}

/// One member of a run that needed anything, or failed.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunResult {
    pub discord_id: String,
    /// Their roster name, when they are on the roster.
    pub name: Option<String>,
    /// `done` or `failed`.
    pub status: String,
    pub result: Option<MemberSync>,
    pub error: Option<String>,
}

/// Starts a run over `discord_ids`, one job each.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn start_run(
    conn: &mut AgencyConnection,
    started_by: &str,
    discord_ids: &[String],
) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO discord_sync_runs (started_by, total) VALUES ($1, $2) RETURNING id",
    )
    .bind(started_by)
    .bind(discord_ids.len() as i32)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query(
        "INSERT INTO discord_sync_jobs (discord_id, reason, run_id)
         SELECT d, 'Sync now', $1 FROM UNNEST($2::text[]) AS d",
    )
    .bind(id)
    .bind(discord_ids)
    .execute(&mut *conn)
    .await?;
    if discord_ids.is_empty() {
        sqlx::query("UPDATE discord_sync_runs SET finished_at = now() WHERE id = $1")
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(id)
}

/// Marks run `id` finished once none of its jobs waits.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn close_run_if_done(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE discord_sync_runs SET finished_at = now()
          WHERE id = $1 AND finished_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM discord_sync_jobs WHERE run_id = $1 AND status = 'pending')",
    )
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

const RUN_VIEW: &str = "SELECT r.id, r.started_at, r.started_by, r.total, r.finished_at,
        (SELECT count(*) FROM discord_sync_jobs j WHERE j.run_id = r.id AND j.status = 'done') AS done,
        (SELECT count(*) FROM discord_sync_jobs j WHERE j.run_id = r.id AND j.status = 'failed') AS failed,
        COALESCE((SELECT jsonb_agg(jsonb_build_object('discordId', j.discord_id, 'status', j.status,
                                                      'result', j.result, 'error', j.error,
                                                      'name', (SELECT m.name FROM roster m
                                                                WHERE btrim(m.discord_id) = j.discord_id
                                                                ORDER BY m.id LIMIT 1)) ORDER BY j.id)
                    FROM discord_sync_jobs j
                   WHERE j.run_id = r.id AND (j.status = 'failed' OR j.result->>'changed' = 'true')),
                 '[]'::jsonb) AS results
   FROM discord_sync_runs r";

/// Run `id` with its progress.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn run(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<Run>> {
    sqlx::query_as(&format!("{RUN_VIEW} WHERE r.id = $1")).bind(id).fetch_optional(db).await
}

/// The latest run.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn last_run(db: impl PgExecutor<'_>) -> sqlx::Result<Option<Run>> {
    sqlx::query_as(&format!("{RUN_VIEW} ORDER BY r.id DESC LIMIT 1")).fetch_optional(db).await
}
