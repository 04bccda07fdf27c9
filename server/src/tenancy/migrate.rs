//! Migrations: the control schema, then every agency schema, several at a time.
//!
//! sqlx's migrator takes one advisory lock per database, which would serialise every agency.
//! The tenant migrator runs with its locking off and each agency schema is guarded by an
//! advisory lock of its own, so different schemas migrate in parallel while two processes
//! never migrate the same schema at once.
//!
//! Before any of that, one catalog read per Postgres server (a statement per 200 schemas,
//! shared out over the migrations' connections)
//! finds the agencies whose applied migrations are exactly the migrator's, same versions, same
//! checksums, none failed: those are already current and are not visited at all (no
//! connection of their own, no lock, no grants), so `portal migrate` with nothing pending
//! costs a few statements however many agencies there are (issue 29). Every other agency (one
//! behind, a schema without the bookkeeping table, a checksum that differs) goes through the
//! migrator as before, which applies what is missing or reports what is wrong.

use std::collections::{HashMap, HashSet};

use futures::{stream, StreamExt};
use sqlx::{
    migrate::Migrator, postgres::PgConnectOptions, Connection, Executor, PgConnection, PgPool, Row,
};

use crate::tenancy::{
    pools::{server_options, unsupported_server},
    provision::applied_version,
    registry, Agency,
};

pub static CONTROL_MIGRATOR: Migrator = sqlx::migrate!("../control-migrations");

/// The tenant migrations, ready for parallel use (locking off).
pub fn tenant_migrator() -> Migrator {
    let mut migrator = sqlx::migrate!("../tenant-migrations");
    migrator.set_locking(false);
    migrator
}

/// How migrating one agency went.
#[derive(Debug)]
pub struct TenantOutcome {
    pub slug: String,
    pub result: Result<i64, String>,
    /// Whether the agency's schema was visited (connection, lock, migrator); `false` when the
    /// catalog read showed it current.
    pub visited: bool,
}

/// Migrates the control schema, first refusing a server older than the portal runs on
/// ([`unsupported_server`]) with a sentence rather than failing on every agency's connection.
pub async fn migrate_control(db: &PgPool) -> anyhow::Result<()> {
    if let Some(refusal) = unsupported_server(&mut *db.acquire().await?).await? {
        anyhow::bail!(refusal);
    }
    CONTROL_MIGRATOR.run(db).await?;
    Ok(())
}

/// Migrates every agency schema that is behind, `parallel` at a time; agencies already at
/// the migrator's version (one catalog read per server) are reported current without being
/// visited. A failure is reported with the agency's slug and does not stop the others. A
/// schema that reaches a new version gets its registry row updated, which tells every
/// instance to rebuild that agency's pool.
pub async fn migrate_tenants(
    control_db: &PgPool,
    control: &PgConnectOptions,
    migrator: &Migrator,
    parallel: usize,
) -> anyhow::Result<Vec<TenantOutcome>> {
    let agencies = registry::fetch_all(control_db).await?;
    let latest = latest_version(migrator);
    let mut current = current_agencies(control, migrator, &agencies, parallel.max(1)).await;
    // Schemas that are current under a registry row that says otherwise: one update for all.
    let relabel: Vec<i64> = agencies
        .iter()
        .filter(|a| current.contains(&a.id) && a.schema_version != latest)
        .map(|a| a.id)
        .collect();
    if !relabel.is_empty() {
        let updated = sqlx::query("UPDATE agencies SET schema_version = $1 WHERE id = ANY($2)")
            .bind(latest)
            .bind(&relabel)
            .execute(control_db)
            .await;
        if let Err(error) = updated {
            tracing::warn!(%error, "registry versions not updated; visiting those agencies");
            current.retain(|id| !relabel.contains(id));
        }
    }
    let (skipped, behind): (Vec<Agency>, Vec<Agency>) =
        agencies.into_iter().partition(|a| current.contains(&a.id));
    let mut outcomes: Vec<TenantOutcome> = skipped
        .into_iter()
        .map(|a| TenantOutcome { slug: a.slug, result: Ok(latest), visited: false })
        .collect();
    let visited = stream::iter(behind)
        .map(|agency| async move {
            let result = migrate_one(control, migrator, &agency).await.map_err(|e| e.to_string());
            if let Ok(version) = &result {
                if *version != agency.schema_version {
                    if let Err(err) =
                        sqlx::query("UPDATE agencies SET schema_version = $2 WHERE id = $1")
                            .bind(agency.id)
                            .bind(version)
                            .execute(control_db)
                            .await
                    {
                        return TenantOutcome {
                            slug: agency.slug,
                            result: Err(err.to_string()),
                            visited: true,
                        };
                    }
                }
            }
            TenantOutcome { slug: agency.slug, result, visited: true }
        })
        .buffer_unordered(parallel.max(1))
        .collect::<Vec<_>>()
        .await;
    outcomes.extend(visited);
    Ok(outcomes)
}

/// The newest up migration of `migrator` (0 when it has none).
pub fn latest_version(migrator: &Migrator) -> i64 {
    migrator
        .iter()
        .filter(|m| m.migration_type.is_up_migration())
        .map(|m| m.version)
        .max()
        .unwrap_or(0)
}

/// Schemas read by one catalog statement: enough to keep it quick to plan and its locks (one
/// per table read) well inside Postgres' lock table.
const SCHEMAS_PER_STATEMENT: usize = 200;

/// The agencies whose schema holds exactly the migrator's migrations (versions and checksums,
/// all successful), read per Postgres server in a few statements. A server that cannot be
/// read leaves its agencies out, so they are visited and any error is reported per agency.
async fn current_agencies(
    control: &PgConnectOptions,
    migrator: &Migrator,
    agencies: &[Agency],
    parallel: usize,
) -> HashSet<i64> {
    let mut ups: Vec<_> = migrator.iter().filter(|m| m.migration_type.is_up_migration()).collect();
    ups.sort_by_key(|m| m.version);
    let versions: Vec<i64> = ups.iter().map(|m| m.version).collect();
    let checksums: Vec<&[u8]> = ups.iter().map(|m| m.checksum.as_ref()).collect();
    let mut by_server: HashMap<Option<&str>, Vec<&Agency>> = HashMap::new();
    for agency in agencies {
        by_server.entry(agency.database_url.as_deref()).or_default().push(agency);
    }
    let mut current = HashSet::new();
    for group in by_server.into_values() {
        match current_on_server(control, group.as_slice(), &versions, &checksums, parallel).await {
            Ok(ids) => current.extend(ids),
            Err(error) => {
                tracing::warn!(%error, "schema versions not readable in one go; visiting each")
            }
        }
    }
    current
}

/// The current agencies of one server. The catalog statements are shared out over up to
/// `parallel` connections (the migrations' own share of the budget), in stripes.
async fn current_on_server(
    control: &PgConnectOptions,
    agencies: &[&Agency],
    versions: &[i64],
    checksums: &[&[u8]],
    parallel: usize,
) -> anyhow::Result<Vec<i64>> {
    let Some(first) = agencies.first() else { return Ok(vec![]) };
    let options = server_options(control, first)?;
    let mut conn = PgConnection::connect_with(&options).await?;
    let found = async {
        let names: Vec<&str> = agencies.iter().map(|a| a.schema_name.as_str()).collect();
        let with_table: HashSet<String> = sqlx::query_scalar(
            "SELECT n.nspname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
              WHERE c.relname = '_sqlx_migrations' AND c.relkind = 'r' AND n.nspname = ANY($1)",
        )
        .bind(&names)
        .fetch_all(&mut conn)
        .await?
        .into_iter()
        .collect();
        let readable: Vec<&Agency> =
            agencies.iter().copied().filter(|a| with_table.contains(&a.schema_name)).collect();
        let chunks: Vec<&[&Agency]> = readable.chunks(SCHEMAS_PER_STATEMENT).collect();
        let stripes = parallel.clamp(1, chunks.len().max(1));
        let stripe = |s: usize| chunks.iter().skip(s).step_by(stripes).copied();
        let others = (1..stripes).map(|s| {
            let (options, stripe) = (&options, &stripe);
            async move {
                let mut conn = PgConnection::connect_with(options).await?;
                let ids = read_chunks(&mut conn, stripe(s), versions, checksums).await;
                let _ = conn.close().await;
                ids
            }
        });
        let (ids, others) = futures::join!(
            read_chunks(&mut conn, stripe(0), versions, checksums),
            futures::future::try_join_all(others)
        );
        let mut ids = ids?;
        ids.extend(others?.into_iter().flatten());
        anyhow::Ok(ids)
    }
    .await;
    let _ = conn.close().await;
    found
}

/// The ids of the agencies of `chunks` whose schema is current, one statement per chunk.
async fn read_chunks<'a>(
    conn: &mut PgConnection,
    chunks: impl Iterator<Item = &'a [&'a Agency]>,
    versions: &[i64],
    checksums: &[&[u8]],
) -> anyhow::Result<Vec<i64>> {
    let mut ids = Vec::new();
    for chunk in chunks {
        // Schema names are the portal's own (`agency_<id>`), quoted all the same.
        let sql = chunk
            .iter()
            .enumerate()
            .map(|(i, a)| {
                format!(
                    "SELECT {i}::int4, COALESCE(array_agg(version ORDER BY version) = $1 \
                       AND array_agg(checksum ORDER BY version) = $2 AND bool_and(success), \
                       false) FROM \"{}\"._sqlx_migrations",
                    a.schema_name.replace('"', "\"\"")
                )
            })
            .collect::<Vec<_>>()
            .join("\nUNION ALL ");
        let rows = sqlx::query(&sql)
            .persistent(false)
            .bind(versions)
            .bind(checksums)
            .fetch_all(&mut *conn)
            .await?;
        for row in rows {
            let (index, current): (i32, bool) = (row.try_get(0)?, row.try_get(1)?);
            if current {
                if let Some(agency) = usize::try_from(index).ok().and_then(|i| chunk.get(i)) {
                    ids.push(agency.id);
                }
            }
        }
    }
    Ok(ids)
}

async fn migrate_one(
    control: &PgConnectOptions,
    migrator: &Migrator,
    agency: &Agency,
) -> anyhow::Result<i64> {
    let options =
        server_options(control, agency)?.options([("search_path", agency.schema_name.as_str())]);
    let mut conn = PgConnection::connect_with(&options).await?;
    let lock_key = format!("portal-migrate:{}", agency.schema_name);
    sqlx::query("SELECT pg_advisory_lock(hashtext($1))").bind(&lock_key).execute(&mut conn).await?;
    let outcome = async {
        migrator.run_direct(&mut conn).await?;
        // A schema made by provisioning or an import has default privileges for its role, so
        // what a migration creates is granted as it is made. `GRANT … ON ALL TABLES IN SCHEMA`
        // reads the whole of `pg_class` (no index finds a schema's relations), a cost that grows
        // with every agency (163 ms a schema at 1,000 agencies): it runs only for a schema
        // without default privileges (one made before they existed).
        let defaults: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM pg_default_acl WHERE defaclnamespace = to_regnamespace($1))",
        )
        .bind(format!("\"{}\"", agency.schema_name))
        .fetch_one(&mut conn)
        .await?;
        let grants = if defaults {
            String::new()
        } else {
            format!(
                r#"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{schema}" TO "{role}";
                   GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "{schema}" TO "{role}";"#,
                schema = agency.schema_name,
                role = agency.db_role
            )
        };
        let revoke = format!(
            r#"REVOKE INSERT, UPDATE, DELETE ON _sqlx_migrations FROM "{role}";"#,
            role = agency.db_role
        );
        conn.execute(format!("{grants}{revoke}").as_str()).await?;
        anyhow::Ok(applied_version(&mut conn).await?)
    }
    .await;
    let _ = sqlx::query("SELECT pg_advisory_unlock(hashtext($1))")
        .bind(&lock_key)
        .execute(&mut conn)
        .await;
    let _ = conn.close().await;
    outcome
}
