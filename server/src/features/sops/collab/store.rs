//! The shared documents' SQL (tenant migration 0020): each document's compacted snapshot and
//! the updates appended since, whether the draft is behind them, and the NOTIFY that relays
//! each update to the other instances.

use sqlx::PgExecutor;

use crate::tenancy::pools::AgencyConnection;

/// A document's stored state: its snapshot and the updates after it (id, data).
pub struct Stored {
    pub snapshot: Vec<u8>,
    pub updates: Vec<(i64, Vec<u8>)>,
}

/// The snapshot, and the ids and data of the update rows since, in order.
type StoredRow = (Vec<u8>, Vec<i64>, Vec<Vec<u8>>);

/// The stored state of document `id`, if it has one.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn load(conn: &mut AgencyConnection, id: &str) -> sqlx::Result<Option<Stored>> {
    // One statement, so one view of the data: a compaction committing between two reads
    // could otherwise give the old snapshot without the rows it folded into the new one.
    let row: Option<StoredRow> = sqlx::query_as(
        "SELECT s.snapshot,
                COALESCE(array_agg(u.id ORDER BY u.id) FILTER (WHERE u.id IS NOT NULL), '{}'),
                COALESCE(array_agg(u.data ORDER BY u.id) FILTER (WHERE u.id IS NOT NULL), '{}')
         FROM document_collab_states s
         LEFT JOIN document_collab_updates u ON u.document_id = s.document_id
         WHERE s.document_id = $1
         GROUP BY s.document_id",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(snapshot, ids, data)| Stored {
        snapshot,
        updates: ids.into_iter().zip(data).collect(),
    }))
}

/// Stores the first snapshot of document `id`; false when another instance seeded it first.
#[tracing::instrument(level = "debug", skip(db, snapshot))]
pub async fn seed(db: impl PgExecutor<'_>, id: &str, snapshot: &[u8]) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO document_collab_states (document_id, snapshot) VALUES ($1, $2)
         ON CONFLICT (document_id) DO NOTHING",
    )
    .bind(id)
    .bind(snapshot)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Appends an update of document `id` of `agency` and announces it to the other instances. `author` is the member
/// whose edit it is (the draft is then behind, and written by them); `None` for the portal's
/// own replacement of the content (the draft already holds it).
#[tracing::instrument(level = "debug", skip(conn, data, author))]
pub async fn append(
    conn: &mut AgencyConnection,
    agency: i64,
    id: &str,
    data: &[u8],
    author: Option<&str>,
) -> sqlx::Result<i64> {
    // The author is one of the draft's writers until it is published (one round trip).
    let row: i64 = sqlx::query_scalar(
        "WITH noted AS (
             INSERT INTO document_draft_contributors (document_id, name)
             SELECT $1, $3 WHERE $3 IS NOT NULL ON CONFLICT DO NOTHING)
         INSERT INTO document_collab_updates (document_id, data, author) VALUES ($1, $2, $3)
         RETURNING id",
    )
    .bind(id)
    .bind(data)
    .bind(author)
    .fetch_one(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE document_collab_states
         SET dirty = $2 IS NOT NULL, dirty_by = COALESCE($2, dirty_by), updated_at = now()
         WHERE document_id = $1 AND (dirty <> ($2 IS NOT NULL) OR dirty_by IS DISTINCT FROM COALESCE($2, dirty_by))",
    )
    .bind(id)
    .bind(author)
    .execute(&mut *conn)
    .await?;
    notify(conn, agency, &format!("u {row} {id}")).await?;
    Ok(row)
}

/// Announces `payload` of `agency`'s documents to every instance (delivered when the
/// transaction commits) on the one channel all rooms of a database server share.
#[tracing::instrument(level = "debug", skip_all, fields(agency))]
pub async fn notify(conn: &mut AgencyConnection, agency: i64, payload: &str) -> sqlx::Result<()> {
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(format!("{agency} {payload}"))
        .execute(conn)
        .await?;
    Ok(())
}

/// The NOTIFY channel of collaborative editing: every payload starts with its agency's id
/// (`relay` reads it), so that one listener per database server serves all rooms.
pub const CHANNEL: &str = "document_collab";

/// One update of document `id` (gone once compacted).
#[tracing::instrument(level = "debug", skip(db))]
pub async fn update(db: impl PgExecutor<'_>, id: &str, row: i64) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar(
        "SELECT data FROM document_collab_updates WHERE id = $1 AND document_id = $2",
    )
    .bind(row)
    .bind(id)
    .fetch_optional(db)
    .await
}

/// Whether document `id`'s draft is behind its shared document (cheap, unlocked).
#[tracing::instrument(level = "debug", skip(db))]
pub async fn is_dirty(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<bool> {
    let dirty: Option<bool> =
        sqlx::query_scalar("SELECT dirty FROM document_collab_states WHERE document_id = $1")
            .bind(id)
            .fetch_optional(db)
            .await?;
    Ok(dirty.unwrap_or(false))
}

/// The documents whose drafts are behind their shared documents (cheap, unlocked).
#[tracing::instrument(level = "debug", skip(db))]
pub async fn dirty_documents(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT document_id FROM document_collab_states WHERE dirty")
        .fetch_all(db)
        .await
}

/// A state row: the snapshot, whether the draft is behind it, and whose edit it was.
pub type StateRow = (Vec<u8>, bool, Option<String>);

/// Document `id`'s state row locked until the transaction ends.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn lock_state(conn: &mut AgencyConnection, id: &str) -> sqlx::Result<Option<StateRow>> {
    sqlx::query_as(
        "SELECT snapshot, dirty, dirty_by FROM document_collab_states
         WHERE document_id = $1 FOR UPDATE",
    )
    .bind(id)
    .fetch_optional(conn)
    .await
}

/// The draft is as the shared document is.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn mark_written(conn: &mut AgencyConnection, id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE document_collab_states SET dirty = false WHERE document_id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Replaces the snapshot (with the state row locked) and drops the updates folded into it.
#[tracing::instrument(level = "debug", skip(conn, snapshot, folded))]
pub async fn compact(
    conn: &mut AgencyConnection,
    id: &str,
    snapshot: &[u8],
    folded: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("UPDATE document_collab_states SET snapshot = $2 WHERE document_id = $1")
        .bind(id)
        .bind(snapshot)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM document_collab_updates WHERE document_id = $1 AND id = ANY($2)")
        .bind(id)
        .bind(folded)
        .execute(conn)
        .await?;
    Ok(())
}

/// Forgets the shared documents of documents `ids` (removed from the list).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn forget(conn: &mut AgencyConnection, ids: &[String]) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM document_collab_updates WHERE document_id = ANY($1)")
        .bind(ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM document_collab_states WHERE document_id = ANY($1)")
        .bind(ids)
        .execute(conn)
        .await?;
    Ok(())
}
