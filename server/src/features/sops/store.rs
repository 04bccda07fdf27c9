//! Document SQL: SOPs and presentations are one whole list (`shared::whole_list`) holding
//! the published content readers see; new agencies start with none. Each document's draft
//! (`document_drafts`) and its published versions (`document_versions`) are rows of their own
//! (issue 28, tenant migration 0019).

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;

use crate::{
    access::viewer::Actor,
    error::AppError,
    features::sops::model::{Document, DraftState, VersionSummary},
    shared::whole_list::{self, Versioned},
    tenancy::pools::{AgencyConnection, TenantDb},
};

/// The list's name in `whole_lists`.
pub const LIST: &str = "documents";

#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(db: impl PgExecutor<'_>) -> sqlx::Result<Versioned<Document>> {
    whole_list::load(db, LIST).await
}

/// Document `id` alone (`None`: no such document), without reading the rest of the list.
#[tracing::instrument(level = "debug", skip(db))]
pub async fn document(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Option<Document>> {
    whole_list::item(db, LIST, id).await
}

/// The list as it is, locked until the transaction ends (a save merges into it).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn load_for_update(conn: &mut AgencyConnection) -> sqlx::Result<Versioned<Document>> {
    whole_list::load_for_update(conn, LIST).await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn replace(
    conn: &mut AgencyConnection,
    documents: &[Document],
    base_version: i32,
    actor: &Actor,
) -> Result<Versioned<Document>, AppError> {
    whole_list::replace(conn, LIST, documents, base_version, actor).await
}

/// One document's title and minimum level, read without the rest of the list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Heading {
    pub title: String,
    pub min_level: String,
}

/// The title and minimum level of document `id` of the agency of `db` (`None`: no such
/// document): what the live editor's re-check and its audit entry need, without sending the
/// list (every document's content) over.
#[tracing::instrument(level = "debug", skip(db), fields(agency = db.agency_id()))]
pub async fn heading(db: &TenantDb, id: &str) -> sqlx::Result<Option<Heading>> {
    sqlx::query_as(
        "SELECT COALESCE(d->>'title', '') AS title, COALESCE(d->>'minLevel', '') AS min_level
         FROM whole_lists l, jsonb_array_elements(l.items) d
         WHERE l.name = $1 AND d->>'id' = $2
         LIMIT 1",
    )
    .bind(LIST)
    .bind(id)
    .fetch_optional(db)
    .await
}

/// A draft as stored (issue 28).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DraftRow {
    pub content: String,
    pub revision: i32,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
}

/// A published version as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VersionRow {
    pub version: i32,
    pub author: String,
    pub published_at: DateTime<Utc>,
    pub content: String,
    /// Who wrote the draft it was published from (empty for content saved with the list).
    pub contributors: Vec<String>,
}

/// Each document's latest published version and whether its draft differs from it.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn draft_states(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<DraftState>> {
    sqlx::query_as(
        "SELECT v.document_id AS id, v.version AS published_version,
                COALESCE(d.content <> v.content, false) AS unpublished
         FROM (SELECT DISTINCT ON (document_id) document_id, version, content
               FROM document_versions ORDER BY document_id, version DESC) v
         LEFT JOIN document_drafts d USING (document_id)
         ORDER BY v.document_id",
    )
    .fetch_all(db)
    .await
}

/// The draft of document `id`, if one was ever saved.
#[tracing::instrument(level = "debug", skip(db))]
pub async fn draft(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Option<DraftRow>> {
    sqlx::query_as(
        "SELECT content, revision, updated_at, updated_by FROM document_drafts WHERE document_id = $1",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

/// The draft of document `id` locked until the transaction ends; a document without one gets
/// a draft of `published` content at revision 0.
#[tracing::instrument(level = "debug", skip(conn, published))]
pub async fn lock_draft(
    conn: &mut AgencyConnection,
    id: &str,
    published: &str,
) -> sqlx::Result<DraftRow> {
    sqlx::query(
        "INSERT INTO document_drafts (document_id, content) VALUES ($1, $2)
         ON CONFLICT (document_id) DO NOTHING",
    )
    .bind(id)
    .bind(published)
    .execute(&mut *conn)
    .await?;
    sqlx::query_as(
        "SELECT content, revision, updated_at, updated_by FROM document_drafts
         WHERE document_id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_one(conn)
    .await
}

/// Replaces the draft of document `id` (locked by [`lock_draft`]) and moves its revision on.
#[tracing::instrument(level = "debug", skip(conn, content, actor))]
pub async fn save_draft(
    conn: &mut AgencyConnection,
    id: &str,
    content: &str,
    actor: &Actor,
) -> sqlx::Result<DraftRow> {
    // The saver is one of the draft's writers until it is published.
    sqlx::query_as(
        "WITH saved AS (
             UPDATE document_drafts
             SET content = $2, revision = revision + 1, updated_at = now(), updated_by = $3
             WHERE document_id = $1
             RETURNING content, revision, updated_at, updated_by),
         noted AS (
             INSERT INTO document_draft_contributors (document_id, name)
             SELECT $1, $3 FROM saved ON CONFLICT DO NOTHING)
         SELECT content, revision, updated_at, updated_by FROM saved",
    )
    .bind(id)
    .bind(content)
    .bind(&actor.display)
    .fetch_one(conn)
    .await
}

/// The latest published version of document `id`.
#[tracing::instrument(level = "debug", skip(db))]
pub async fn latest_version(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Option<VersionRow>> {
    sqlx::query_as(
        "SELECT version, author, published_at, content, contributors FROM document_versions
         WHERE document_id = $1 ORDER BY version DESC LIMIT 1",
    )
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Version `version` of document `id` and the version before it.
#[tracing::instrument(level = "debug", skip(db))]
pub async fn version_and_previous(
    db: impl PgExecutor<'_>,
    id: &str,
    version: i32,
) -> sqlx::Result<Vec<VersionRow>> {
    sqlx::query_as(
        "SELECT version, author, published_at, content, contributors FROM document_versions
         WHERE document_id = $1 AND version <= $2 ORDER BY version DESC LIMIT 2",
    )
    .bind(id)
    .bind(version)
    .fetch_all(db)
    .await
}

/// Every published version of document `id`, newest first.
#[tracing::instrument(level = "debug", skip(db))]
pub async fn versions(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<Vec<VersionSummary>> {
    sqlx::query_as(
        "SELECT version, author, published_at, contributors FROM document_versions
         WHERE document_id = $1 ORDER BY version DESC",
    )
    .bind(id)
    .fetch_all(db)
    .await
}

/// Where a new version's content comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VersionFrom {
    /// A save of the document list (a new document, or new content): no contributors.
    ListSave,
    /// The shared draft being published: its writers since the last publish become the
    /// version's contributors, and are then forgotten (the next draft starts again).
    Draft,
}

/// Records `content` as the next published version of document `id`, by `author`. Callers
/// hold the document list's lock, so versions are numbered one after the other.
#[tracing::instrument(level = "debug", skip(conn, content, author))]
pub async fn add_version(
    conn: &mut AgencyConnection,
    id: &str,
    content: &str,
    author: &str,
    from: VersionFrom,
) -> sqlx::Result<VersionRow> {
    let sql = match from {
        VersionFrom::ListSave => {
            "INSERT INTO document_versions (document_id, version, content, author)
             SELECT $1, COALESCE(max(version), 0) + 1, $2, $3 FROM document_versions
             WHERE document_id = $1
             RETURNING version, author, published_at, content, contributors"
        }
        VersionFrom::Draft => {
            "WITH taken AS (
                 DELETE FROM document_draft_contributors WHERE document_id = $1
                 RETURNING name, first_at)
             INSERT INTO document_versions (document_id, version, content, author, contributors)
             SELECT $1, COALESCE(max(version), 0) + 1, $2, $3,
                    COALESCE((SELECT array_agg(name ORDER BY first_at, name) FROM taken), '{}')
             FROM document_versions WHERE document_id = $1
             RETURNING version, author, published_at, content, contributors"
        }
    };
    sqlx::query_as(sql).bind(id).bind(content).bind(author).fetch_one(conn).await
}

/// After a list save: a version for each new document and each changed content (a draft
/// that had nothing unpublished follows the new content), and the drafts and versions of
/// the documents removed go with them.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn record_list_save(
    conn: &mut AgencyConnection,
    before: &[Document],
    after: &[Document],
    actor: &Actor,
) -> sqlx::Result<()> {
    for document in after {
        let old = before.iter().find(|d| d.id == document.id);
        if old.is_some_and(|old| old.content == document.content) {
            continue;
        }
        add_version(conn, &document.id, &document.content, &actor.display, VersionFrom::ListSave)
            .await?;
        if let Some(old) = old {
            sqlx::query(
                "UPDATE document_drafts SET content = $3, revision = revision + 1
                 WHERE document_id = $1 AND content = $2",
            )
            .bind(&document.id)
            .bind(&old.content)
            .bind(&document.content)
            .execute(&mut *conn)
            .await?;
        }
    }
    let removed: Vec<&str> = before
        .iter()
        .filter(|d| !after.iter().any(|a| a.id == d.id))
        .map(|d| d.id.as_str())
        .collect();
    if !removed.is_empty() {
        // Their drafts, writers and versions go with them, and their Office files' history,
        // so that a document made later under the same id (ids may come from the client)
        // never shows any of it. One statement.
        sqlx::query(
            "WITH drafts AS (DELETE FROM document_drafts WHERE document_id = ANY($1)),
                  sources AS (DELETE FROM document_sources WHERE document_id = ANY($1)),
                  writers AS (DELETE FROM document_draft_contributors WHERE document_id = ANY($1))
             DELETE FROM document_versions WHERE document_id = ANY($1)",
        )
        .bind(&removed)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}
