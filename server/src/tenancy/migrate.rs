//! Migrations: the control schema, then every agency schema, several at a time.
//!
//! sqlx's migrator takes one advisory lock per database, which would serialise every agency.
//! The tenant migrator runs with its locking off and each agency schema is guarded by an
//! advisory lock of its own, so different schemas migrate in parallel while two processes
//! never migrate the same schema at once.

use futures::{stream, StreamExt};
use sqlx::{
    migrate::Migrator, postgres::PgConnectOptions, Connection, Executor, PgConnection, PgPool,
};

use crate::tenancy::{pools::server_options, provision::applied_version, registry, Agency};

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
}

pub async fn migrate_control(db: &PgPool) -> anyhow::Result<()> {
    CONTROL_MIGRATOR.run(db).await?;
    Ok(())
}

/// Migrates every agency schema, `parallel` at a time. A failure is reported with the
/// agency's slug and does not stop the others. A schema that reaches a new version gets its
/// registry row updated, which tells every instance to rebuild that agency's pool.
pub async fn migrate_tenants(
    control_db: &PgPool,
    control: &PgConnectOptions,
    migrator: &Migrator,
    parallel: usize,
) -> anyhow::Result<Vec<TenantOutcome>> {
    let agencies = registry::fetch_all(control_db).await?;
    let outcomes = stream::iter(agencies)
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
                        return TenantOutcome { slug: agency.slug, result: Err(err.to_string()) };
                    }
                }
            }
            TenantOutcome { slug: agency.slug, result }
        })
        .buffer_unordered(parallel.max(1))
        .collect::<Vec<_>>()
        .await;
    Ok(outcomes)
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
        // Tables created by older migrations before default privileges existed, if any.
        let grants = format!(
            r#"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{schema}" TO "{role}";
               GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA "{schema}" TO "{role}";
               REVOKE INSERT, UPDATE, DELETE ON _sqlx_migrations FROM "{role}";"#,
            schema = agency.schema_name,
            role = agency.db_role
        );
        conn.execute(grants.as_str()).await?;
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
