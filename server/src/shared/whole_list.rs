//! Lists saved whole: a catalogue is read as one list and replaced as one list, atomically,
//! under a version check. A save that started from an older version is refused with 409 and
//! the list as it is now, so nobody overwrites a change they have not seen.

use chrono::{DateTime, Utc};
use serde::{de::DeserializeOwned, Serialize};
use sqlx::{types::Json, PgExecutor};
use utoipa::ToSchema;

use crate::{
    access::viewer::Actor,
    error::AppError,
    shared::audit::{self, Diff, Event},
    tenancy::pools::AgencyConnection,
};

pub const STALE_LIST: &str =
    "Someone else saved this list since you opened it. Review their changes and save again.";

/// A list as stored: its items and the version a save must start from.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Versioned<T> {
    pub items: Vec<T>,
    /// 0 until the first save.
    pub version: i32,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row<T> {
    items: Json<Vec<T>>,
    version: i32,
    updated_at: Option<DateTime<Utc>>,
    updated_by: Option<String>,
}

fn versioned<T>(row: Row<T>) -> Versioned<T> {
    let Row { items: Json(items), version, updated_at, updated_by } = row;
    Versioned { items, version, updated_at, updated_by }
}

/// The list `name` (empty at version 0 when never saved).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn load<T: DeserializeOwned + Send + Unpin + 'static>(
    db: impl PgExecutor<'_>,
    name: &str,
) -> sqlx::Result<Versioned<T>> {
    let row: Option<Row<T>> = sqlx::query_as(
        "SELECT items, version, updated_at, updated_by FROM whole_lists WHERE name = $1",
    )
    .bind(name)
    .fetch_optional(db)
    .await?;
    Ok(row.map(versioned).unwrap_or(Versioned {
        items: vec![],
        version: 0,
        updated_at: None,
        updated_by: None,
    }))
}

/// The item of list `name` whose `id` is `id` (`None`: no such item), picked out by Postgres:
/// the other items are neither sent nor decoded (a document list holds every document's
/// content).
#[tracing::instrument(level = "debug", skip(db), fields(list = name))]
pub async fn item<T: DeserializeOwned + Send + Unpin + 'static>(
    db: impl PgExecutor<'_>,
    name: &str,
    id: &str,
) -> sqlx::Result<Option<T>> {
    let found: Option<Json<T>> = sqlx::query_scalar(
        "SELECT i FROM whole_lists l, jsonb_array_elements(l.items) i
         WHERE l.name = $1 AND i->>'id' = $2
         LIMIT 1",
    )
    .bind(name)
    .bind(id)
    .fetch_optional(db)
    .await?;
    Ok(found.map(|Json(item)| item))
}

/// The list `name` locked until the caller's transaction ends (for saves that merge the
/// stored list with what was sent).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn load_for_update<T: DeserializeOwned + Send + Unpin + 'static>(
    conn: &mut AgencyConnection,
    name: &str,
) -> sqlx::Result<Versioned<T>> {
    sqlx::query("INSERT INTO whole_lists (name) VALUES ($1) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .execute(&mut *conn)
        .await?;
    let row: Row<T> = sqlx::query_as(
        "SELECT items, version, updated_at, updated_by FROM whole_lists WHERE name = $1 FOR UPDATE",
    )
    .bind(name)
    .fetch_one(conn)
    .await?;
    Ok(versioned(row))
}

/// Replaces list `name` with `items` if it is still at `base_version`; answers the saved list,
/// or [`AppError::Stale`] with the current one. Run it inside the caller's transaction: the
/// save's audit row (kind `name`, the items added, removed and changed) is written on it.
#[tracing::instrument(level = "debug", skip_all, fields(list = name))]
pub async fn replace<T: Serialize + DeserializeOwned + Send + Sync + Unpin + 'static>(
    conn: &mut AgencyConnection,
    name: &'static str,
    items: &[T],
    base_version: i32,
    actor: &Actor,
) -> Result<Versioned<T>, AppError> {
    sqlx::query("INSERT INTO whole_lists (name) VALUES ($1) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .execute(&mut *conn)
        .await?;
    let current: Row<T> = sqlx::query_as(
        "SELECT items, version, updated_at, updated_by FROM whole_lists WHERE name = $1 FOR UPDATE",
    )
    .bind(name)
    .fetch_one(&mut *conn)
    .await?;
    if current.version != base_version {
        let current = serde_json::to_value(versioned(current)).map_err(anyhow::Error::from)?;
        return Err(AppError::Stale { message: STALE_LIST.into(), current });
    }
    let saved: Row<T> = sqlx::query_as(
        "UPDATE whole_lists SET items = $2, version = version + 1, updated_at = now(), updated_by = $3
         WHERE name = $1 RETURNING items, version, updated_at, updated_by",
    )
    .bind(name)
    .bind(Json(items))
    .bind(&actor.display)
    .fetch_one(&mut *conn)
    .await?;
    let diff = Diff {
        fields: vec![],
        items: audit::item_changes(&values(&current.items.0)?, &values(items)?),
    };
    let event = Event {
        kind: name,
        action: "saved".into(),
        subject_id: name.into(),
        title: list_title(name),
        diff,
    };
    audit::record(conn, actor, &event).await?;
    Ok(versioned(saved))
}

fn values<T: Serialize>(items: &[T]) -> Result<Vec<serde_json::Value>, AppError> {
    items
        .iter()
        .map(|item| serde_json::to_value(item).map_err(|e| AppError::Other(e.into())))
        .collect()
}

/// `penal_codes` → "Penal codes".
fn list_title(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
