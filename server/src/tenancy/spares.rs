//! Spare agency schemas (issue 29). Creating an agency's schema is Postgres building some 220
//! relations (tables, indexes, sequences, TOAST tables), about nine tenths of provisioning's
//! time, whichever script names them. A serving instance builds a few schemas ahead
//! (`PORTAL_SPARE_SCHEMAS`, each with its role, every tenant migration applied, no data) and
//! records them in `spare_schemas`; provisioning on the control server takes one in its own
//! transaction and renames the schema and the role to the new agency's (`ALTER … RENAME`
//! keeps every grant and default privilege: they name the objects, not their names), then
//! seeds the agency's default data. The keeper builds another when one is taken.
//!
//! - A spare is taken only at the version the running binary's migrations reach, so an
//!   instance never hands out a schema older or newer than it knows. The keeper drops spares
//!   older than that (a deploy migrated the agencies), never newer ones (an instance of the next
//!   release may be running beside this one).
//! - Taking is `FOR UPDATE SKIP LOCKED`: two provisionings never share a spare, and one that
//!   fails rolls back with the spare untaken.
//! - One keeper builds at a time over every instance (a session advisory lock), one spare per
//!   turn of the maintenance budget, so provisioning and migrations are never starved by it.
//! - A spare's role has no rights outside its schema, like every agency's, and no connection
//!   ever switches to it before it is an agency's.

use std::{sync::Arc, time::Duration};

use sqlx::{migrate::Migrator, Executor, PgConnection, PgPool};
use tokio::sync::{Notify, Semaphore};

use crate::{
    error::AppResult,
    tenancy::provision::{create_tenant_schema, Seed},
};

/// The key of the advisory lock only one keeper holds at a time.
const KEEPER_LOCK: &str = "portal.spare_schemas";

/// How often the keeper looks even when no spare was taken (another instance took one, a
/// deploy changed the version).
pub const KEEPER_CHECK: Duration = Duration::from_secs(5 * 60);

/// Takes a spare at `version` in the caller's transaction (on the control server) and makes it
/// agency `schema`'s with role `role`; points the transaction's `search_path` at it and returns
/// the control `search_path` to go back to. `None` when no spare is ready.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn take(
    conn: &mut PgConnection,
    version: i64,
    schema: &str,
    role: &str,
) -> AppResult<Option<String>> {
    let spare: Option<(String, String)> = sqlx::query_as(
        "DELETE FROM spare_schemas WHERE name = (
             SELECT name FROM spare_schemas WHERE version = $1
              ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING name, role",
    )
    .bind(version)
    .fetch_optional(&mut *conn)
    .await?;
    let Some((spare, spare_role)) = spare else { return Ok(None) };
    let (control_path,): (String,) =
        sqlx::query_as("SELECT current_setting('search_path')").fetch_one(&mut *conn).await?;
    // Generated names (`spare_<hex>`, `agency_<id>` and their roles): plain identifiers.
    let rename = format!(
        r#"ALTER SCHEMA "{spare}" RENAME TO "{schema}";
           ALTER ROLE "{spare_role}" RENAME TO "{role}";
           SET LOCAL search_path TO "{schema}";"#
    );
    conn.execute(rename.as_str()).await?;
    Ok(Some(control_path))
}

/// Builds one spare at the version `migrator` reaches, in its own transaction.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn build_one(conn: &mut PgConnection, migrator: &Migrator) -> AppResult<String> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    // Role names are the cluster's: the database's prefix keeps two portals' apart, as agencies'.
    let (prefix, token): (String, String) = sqlx::query_as(
        "SELECT 'p' || substr(md5(current_database()), 1, 8), substr(md5(gen_random_uuid()::text), 1, 16)",
    )
    .fetch_one(&mut *tx)
    .await?;
    let (schema, role) = (format!("spare_{token}"), format!("{prefix}_spare_{token}"));
    let version =
        create_tenant_schema(&mut tx, &schema, &role, migrator, &[], &Seed::none()).await?;
    sqlx::query("INSERT INTO spare_schemas (name, role, version) VALUES ($1, $2, $3)")
        .bind(&schema)
        .bind(&role)
        .bind(version)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(schema)
}

/// Spares ready at `version`.
pub async fn ready(db: impl sqlx::PgExecutor<'_>, version: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM spare_schemas WHERE version = $1")
        .bind(version)
        .fetch_one(db)
        .await
}

/// Drops the spares older than `version`, each with its role, one transaction each.
async fn drop_older(conn: &mut PgConnection, version: i64) -> AppResult<usize> {
    let mut dropped = 0;
    loop {
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        let old: Option<(String, String)> = sqlx::query_as(
            "DELETE FROM spare_schemas WHERE name = (
                 SELECT name FROM spare_schemas WHERE version < $1 LIMIT 1 FOR UPDATE SKIP LOCKED)
             RETURNING name, role",
        )
        .bind(version)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((schema, role)) = old else { return Ok(dropped) };
        super::provision::drop_tenant_schema(&mut tx, &schema, &role).await?;
        tx.commit().await?;
        dropped += 1;
    }
}

/// How many spares the keeper keeps, and the bell a provisioning rings when it took one.
#[derive(Clone)]
pub struct Spares {
    pub target: usize,
    pub taken: Arc<Notify>,
}

impl Spares {
    pub fn new(target: usize) -> Self {
        Self { target, taken: Arc::new(Notify::new()) }
    }
}

/// One round of the keeper: drops spares older than this binary's version and builds up to
/// `target` at it, one per turn of `maintenance`. Does nothing while another keeper (on any
/// instance) holds the lock. Returns how many it built.
#[tracing::instrument(level = "debug", skip_all, fields(target = target))]
pub async fn refill(
    pool: &PgPool,
    migrator: &Migrator,
    maintenance: &Semaphore,
    target: usize,
) -> AppResult<usize> {
    let version = super::migrate::latest_version(migrator);
    let mut conn = pool.acquire().await?;
    let locked: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock(hashtextextended($1, 0))")
        .bind(KEEPER_LOCK)
        .fetch_one(&mut *conn)
        .await?;
    if !locked {
        return Ok(0);
    }
    let built = async {
        drop_older(&mut conn, version).await?;
        let mut built = 0;
        while (ready(&mut *conn, version).await? as usize) < target {
            let _turn =
                maintenance.acquire().await.map_err(|e| crate::error::AppError::Other(e.into()))?;
            build_one(&mut conn, migrator).await?;
            built += 1;
        }
        AppResult::Ok(built)
    }
    .await;
    let unlocked = sqlx::query("SELECT pg_advisory_unlock(hashtextextended($1, 0))")
        .bind(KEEPER_LOCK)
        .execute(&mut *conn)
        .await;
    if unlocked.is_err() {
        // Never hand a connection holding the lock back to the pool.
        conn.close_on_drop();
    }
    built
}

/// The keeper of a serving instance: a round at start, after every spare taken here, and every
/// [`KEEPER_CHECK`]. A failed round is logged and the next one tries again.
pub async fn keep(
    pool: PgPool,
    migrator: Arc<Migrator>,
    maintenance: Arc<Semaphore>,
    spares: Spares,
) {
    if spares.target == 0 {
        return;
    }
    loop {
        match refill(&pool, &migrator, &maintenance, spares.target).await {
            Ok(0) => {}
            Ok(built) => tracing::info!(built, "spare agency schemas built"),
            Err(error) => tracing::warn!(%error, "spare agency schemas could not be built"),
        }
        let _ = tokio::time::timeout(KEEPER_CHECK, spares.taken.notified()).await;
    }
}
