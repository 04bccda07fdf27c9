//! Alert SQL (issue 22): the agency's webhooks, the outbox of writes waiting to become alerts
//! and role syncs, and the deliveries of each alert to each webhook.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::{types::Json, PgExecutor};
use utoipa::ToSchema;

use crate::shared::{audit::Diff, retry_queue::Queue};
use crate::tenancy::pools::AgencyConnection;

/// A webhook as the screens see it (never its address).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    pub id: i64,
    pub name: String,
    /// The webhook's host and id; its token is never shown.
    pub url_hint: String,
    pub events: Vec<String>,
    pub enabled: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const WEBHOOK_COLUMNS: &str = "id, name, url_hint, events, enabled, created_at, updated_at";

#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Webhook>> {
    sqlx::query_as(&format!("SELECT {WEBHOOK_COLUMNS} FROM webhooks ORDER BY name, id LIMIT 100"))
        .fetch_all(db)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn get(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<Webhook>> {
    sqlx::query_as(&format!("SELECT {WEBHOOK_COLUMNS} FROM webhooks WHERE id = $1 FOR UPDATE"))
        .bind(id)
        .fetch_optional(db)
        .await
}

/// A webhook's sealed address.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn sealed_url(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar("SELECT url_sealed FROM webhooks WHERE id = $1")
        .bind(id)
        .fetch_optional(db)
        .await
}

/// How many webhooks the agency has.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn count(db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM webhooks").fetch_one(db).await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert(
    conn: &mut AgencyConnection,
    name: &str,
    sealed: &[u8],
    hint: &str,
    events: &[String],
    enabled: bool,
) -> sqlx::Result<Webhook> {
    sqlx::query_as(&format!(
        "INSERT INTO webhooks (name, url_sealed, url_hint, events, enabled) VALUES ($1, $2, $3, $4, $5)
         RETURNING {WEBHOOK_COLUMNS}"
    ))
    .bind(name)
    .bind(sealed)
    .bind(hint)
    .bind(events)
    .bind(enabled)
    .fetch_one(conn)
    .await
}

/// Writes a webhook's name, events and state, and its address when `sealed` is given.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    conn: &mut AgencyConnection,
    hook: &Webhook,
    sealed: Option<&[u8]>,
) -> sqlx::Result<Webhook> {
    sqlx::query_as(&format!(
        "UPDATE webhooks SET name = $2, url_hint = $3, events = $4, enabled = $5,
                url_sealed = COALESCE($6, url_sealed), updated_at = now()
          WHERE id = $1 RETURNING {WEBHOOK_COLUMNS}"
    ))
    .bind(hook.id)
    .bind(&hook.name)
    .bind(&hook.url_hint)
    .bind(&hook.events)
    .bind(hook.enabled)
    .bind(sealed)
    .fetch_one(conn)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn delete(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM webhooks WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// The enabled webhooks that receive `event`: their ids.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn receiving(db: impl PgExecutor<'_>, event: &str) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT id FROM webhooks WHERE enabled AND $1 = ANY(events) ORDER BY id")
        .bind(event)
        .fetch_all(db)
        .await
}

// ---------------------------------------------------------------------------------------
// The outbox of writes.

/// A write waiting in the outbox, with its audit row.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Waiting {
    pub outbox_id: i64,
    pub audit_id: i64,
    pub at: DateTime<Utc>,
    pub actor_name: String,
    pub actor_id: Option<String>,
    pub kind: String,
    pub action: String,
    pub subject_id: String,
    pub title: String,
    pub diff: Json<Diff>,
}

/// Takes up to `limit` waiting writes, oldest first, locked until the caller's transaction
/// ends (other workers skip them).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn take_waiting(conn: &mut AgencyConnection, limit: i64) -> sqlx::Result<Vec<Waiting>> {
    sqlx::query_as(
        "SELECT o.id AS outbox_id, a.id AS audit_id, a.at, a.actor_name, a.actor_id, a.kind, a.action,
                a.subject_id, a.title, a.diff
           FROM (SELECT id, audit_id FROM event_outbox ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) o
           JOIN audit_events a ON a.id = o.audit_id
          ORDER BY o.id",
    )
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Forgets writes taken from the outbox (in the transaction that queued their work).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn forget_waiting(conn: &mut AgencyConnection, ids: &[i64]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM event_outbox WHERE id = ANY($1)").bind(ids).execute(conn).await?;
    Ok(())
}

/// Whether anything waits: writes in the outbox, or deliveries due.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn any_waiting(db: impl PgExecutor<'_>) -> sqlx::Result<bool> {
    let sql = format!("SELECT EXISTS (SELECT 1 FROM event_outbox) OR {}", DELIVERIES.any_due_sql());
    sqlx::query_scalar(&sql).fetch_one(db).await
}

// ---------------------------------------------------------------------------------------
// Deliveries.

/// Queues `payload` for `webhook`.
#[tracing::instrument(level = "debug", skip_all, fields(event))]
pub async fn queue_delivery(
    conn: &mut AgencyConnection,
    webhook: i64,
    event: &str,
    title: &str,
    payload: &Value,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO webhook_deliveries (webhook_id, event, title, payload) VALUES ($1, $2, $3, $4)
         RETURNING id",
    )
    .bind(webhook)
    .bind(event)
    .bind(title)
    .bind(Json(payload))
    .fetch_one(conn)
    .await
}

/// The queue of deliveries.
const DELIVERIES: Queue =
    Queue { table: "webhook_deliveries", error_column: "last_error", closed_at_column: None };

/// How long a worker holds a delivery it took before another may take it.
const CLAIM_SECONDS: f64 = 120.0;

/// A delivery taken by a worker.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Delivery {
    pub id: i64,
    pub webhook_id: i64,
    pub payload: Json<Value>,
    pub attempts: i32,
}

/// Takes up to `limit` due deliveries for this worker (no other worker takes them until they
/// are sent or failed, or the claim runs out).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn claim_deliveries(db: impl PgExecutor<'_>, limit: i64) -> sqlx::Result<Vec<Delivery>> {
    // Oldest first: a channel reads its alerts in the order the writes happened.
    sqlx::query_as(&DELIVERIES.claim_sql("webhook_id, payload"))
        .bind(limit)
        .bind(CLAIM_SECONDS)
        .fetch_all(db)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn delivered(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE webhook_deliveries SET status = 'sent', sent_at = now(), last_error = NULL,
                claimed_until = NULL WHERE id = $1",
    )
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}

/// A delivery that failed: tried again after `retry_in` seconds, or failed for good (`None`).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn not_delivered(
    db: impl PgExecutor<'_>,
    id: i64,
    error: &str,
    retry_in: Option<f64>,
) -> sqlx::Result<()> {
    sqlx::query(&DELIVERIES.retry_or_fail_sql())
        .bind(id)
        .bind(error)
        .bind(retry_in)
        .execute(db)
        .await?;
    Ok(())
}

/// Logs a message "Send test" posted at once: one try, sent or failed with `error`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn log_test(
    conn: &mut AgencyConnection,
    webhook: i64,
    title: &str,
    payload: &Value,
    error: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO webhook_deliveries (webhook_id, event, title, payload, status, attempts, last_error, sent_at)
         VALUES ($1, 'test', $2, $3, CASE WHEN $4::text IS NULL THEN 'sent' ELSE 'failed' END, 1, $4,
                 CASE WHEN $4::text IS NULL THEN now() END)",
    )
    .bind(webhook)
    .bind(title)
    .bind(Json(payload))
    .bind(error)
    .execute(conn)
    .await?;
    Ok(())
}

/// One line of the delivery log.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LoggedDelivery {
    pub id: i64,
    pub webhook_id: i64,
    pub webhook_name: String,
    pub event: String,
    pub title: String,
    /// `pending`, `sent` or `failed`.
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// The last `limit` deliveries, newest first.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn recent(db: impl PgExecutor<'_>, limit: i64) -> sqlx::Result<Vec<LoggedDelivery>> {
    sqlx::query_as(
        "SELECT d.id, d.webhook_id, w.name AS webhook_name, d.event, d.title, d.status, d.attempts,
                d.last_error, d.created_at, d.sent_at
           FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
          ORDER BY d.created_at DESC, d.id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Deletes deliveries past the newest `keep` (the log shows the last hundred).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn prune_deliveries(db: impl PgExecutor<'_>, keep: i64) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "DELETE FROM webhook_deliveries WHERE status <> 'pending' AND id < (
             SELECT min(id) FROM (SELECT id FROM webhook_deliveries ORDER BY id DESC LIMIT $1) newest)",
    )
    .bind(keep)
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}
