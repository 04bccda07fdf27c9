//! Office source SQL (`document_sources`, tenant migration 0021): every version of every
//! document's Office file, numbered per document; the current source is a document's newest
//! version unless that one was removed.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::tenancy::pools::AgencyConnection;

/// One stored version of a document's source.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SourceRow {
    pub document_id: String,
    pub version: i32,
    pub kind: String,
    pub file_name: String,
    pub storage_key: String,
    pub size_bytes: i64,
    pub author: String,
    pub author_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub removed_at: Option<DateTime<Utc>>,
    pub removed_by: Option<String>,
    pub editor_key: Option<String>,
    pub saved_status: Option<i16>,
    /// SHA-256 of the editor callback's token this version came from.
    pub callback_digest: Option<Vec<u8>>,
}

const COLUMNS: &str = "document_id, version, kind, file_name, storage_key, size_bytes, author, \
                       author_id, created_at, removed_at, removed_by, editor_key, saved_status, \
                       callback_digest";

/// A version about to be stored.
pub struct NewSource<'a> {
    pub document_id: &'a str,
    pub kind: &'a str,
    pub file_name: &'a str,
    pub storage_key: &'a str,
    pub size_bytes: i64,
    pub author: &'a str,
    pub author_id: Option<&'a str>,
    pub editor_key: Option<&'a str>,
    pub saved_status: Option<i16>,
    /// SHA-256 of the editor callback's token the version came from (tenant migration 0022).
    pub callback_digest: Option<&'a [u8]>,
}

/// The current source of document `id`, if it has one.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn current(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Option<SourceRow>> {
    let newest: Option<SourceRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM document_sources WHERE document_id = $1 ORDER BY version DESC LIMIT 1"
    ))
    .bind(id)
    .fetch_optional(db)
    .await?;
    Ok(newest.filter(|row| row.removed_at.is_none()))
}

/// The current source among a document's `history` (its [`versions`], newest first): the newest
/// version, unless it was removed. What [`current`] reads, without reading it again.
pub fn current_of(history: &[SourceRow]) -> Option<&SourceRow> {
    history.first().filter(|row| row.removed_at.is_none())
}

/// The current sources of every document that has one.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn all_current(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<SourceRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM (SELECT DISTINCT ON (document_id) {COLUMNS} FROM document_sources
                                ORDER BY document_id, version DESC) newest
         WHERE removed_at IS NULL ORDER BY document_id"
    ))
    .fetch_all(db)
    .await
}

/// Every version of document `id`'s source, newest first.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn versions(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Vec<SourceRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM document_sources WHERE document_id = $1 ORDER BY version DESC"
    ))
    .bind(id)
    .fetch_all(db)
    .await
}

/// Holds document `id`'s sources until the transaction ends: one change at a time, so two
/// saves never both become the next version. (Advisory locks are the database's, not the
/// schema's: the key names the agency's schema, so agencies never wait for each other.)
#[tracing::instrument(level = "debug", skip_all)]
pub async fn lock(conn: &mut AgencyConnection, id: &str) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || '.document_sources:' || $1, 0))")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Bytes the agency's sources take in the media store: every version of every document,
/// removed ones too (their bytes are kept).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn stored_bytes(db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COALESCE(SUM(size_bytes), 0)::BIGINT FROM document_sources")
        .fetch_one(db)
        .await
}

/// Holds every document's sources of the agency until the transaction ends, for a change that
/// weighs the agency's total (the quota) before it stores.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn lock_all(conn: &mut AgencyConnection) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtextextended(current_schema() || '.document_sources', 0))")
        .execute(conn)
        .await?;
    Ok(())
}

/// Stores `new` as the document's next version.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn add(conn: &mut AgencyConnection, new: &NewSource<'_>) -> sqlx::Result<SourceRow> {
    sqlx::query_as(&format!(
        "INSERT INTO document_sources
             (document_id, version, kind, file_name, storage_key, size_bytes, author, author_id,
              editor_key, saved_status, callback_digest)
         SELECT $1, COALESCE(MAX(version), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10
         FROM document_sources WHERE document_id = $1
         RETURNING {COLUMNS}"
    ))
    .bind(new.document_id)
    .bind(new.kind)
    .bind(new.file_name)
    .bind(new.storage_key)
    .bind(new.size_bytes)
    .bind(new.author)
    .bind(new.author_id)
    .bind(new.editor_key)
    .bind(new.saved_status)
    .bind(new.callback_digest)
    .fetch_one(conn)
    .await
}

/// Marks the current source of document `id` removed (its versions stay); `None` when it has
/// none.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove(
    conn: &mut AgencyConnection,
    id: &str,
    by: &str,
) -> sqlx::Result<Option<SourceRow>> {
    sqlx::query_as(&format!(
        "UPDATE document_sources SET removed_at = now(), removed_by = $2
         WHERE document_id = $1 AND removed_at IS NULL
           AND version = (SELECT MAX(version) FROM document_sources WHERE document_id = $1)
         RETURNING {COLUMNS}"
    ))
    .bind(id)
    .bind(by)
    .fetch_optional(conn)
    .await
}
