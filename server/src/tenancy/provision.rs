//! Creating an agency: registry row, Postgres role, schema, every tenant migration and the
//! default data, all in one transaction (ARCHITECTURE.md §3 "Provisioning").

use std::sync::Arc;

use futures::future::BoxFuture;
use serde_json::Value;
use sqlx::{
    migrate::{Migration, Migrator},
    postgres::PgConnectOptions,
    Connection, Executor, PgConnection, PgPool,
};
use tokio::sync::Semaphore;

use crate::{
    error::{conflict, AppError, AppResult, OnConstraint},
    tenancy::levels::{normalize_levels, Level},
    tenancy::{
        pools::unsupported_server,
        registry,
        spares::{self, Spares},
        Agency,
    },
};

/// What a new agency is made of. Slug, domain and texts are already validated.
#[derive(Debug, Clone, Default)]
pub struct NewAgency {
    pub slug: String,
    pub name: String,
    pub short_name: Option<String>,
    pub domain: Option<String>,
    pub description: Option<String>,
    pub long_description: Option<String>,
    pub flags: Value,
    pub theme: Value,
    pub links: Value,
    /// Another Postgres server for this agency's schema; `None` is the control server.
    pub database_url: Option<String>,
    /// A first High Command member, placed at the top rank of the starter department.
    pub owner: Option<Owner>,
    /// Who creates it, as the new agency's audit log names them (`None`: the portal itself,
    /// from the command line or at first start).
    pub created_by: Option<Creator>,
}

/// Who creates an agency: a name and, for a signed-in member, their Discord id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Creator {
    pub name: String,
    pub discord_id: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Owner {
    pub discord_id: String,
    pub name: String,
}

/// Everything provisioning and migrations need; cheap to clone.
#[derive(Clone)]
pub struct Provisioner {
    pub control: PgConnectOptions,
    /// The control database's pool: provisioning on the control server runs its transaction on
    /// one of its connections instead of connecting anew (issue 29).
    pub control_pool: PgPool,
    pub migrator: Arc<Migrator>,
    /// Bounds how many agencies are provisioned at once, and the short-lived connections of
    /// migrations, moves and provisioning on another server.
    pub maintenance: Arc<Semaphore>,
    /// Every feature's default data for a new agency, in order.
    pub seeders: Arc<[Seeder]>,
    /// The schemas built ahead that provisioning on the control server takes (issue 29).
    pub spares: Spares,
}

impl Provisioner {
    /// Creates the agency in one transaction on a connection of the control pool (a failure
    /// rolls everything back: no registry row, role or schema is left) and returns its row.
    #[tracing::instrument(skip_all, fields(slug = %new.slug))]
    pub async fn provision(&self, new: NewAgency) -> AppResult<Agency> {
        let _slot = self.maintenance.acquire().await.map_err(|e| AppError::Other(e.into()))?;
        let mut control = self.control_pool.acquire().await?;
        self.provision_on(&mut control, &new).await
    }

    async fn provision_on(&self, control: &mut PgConnection, new: &NewAgency) -> AppResult<Agency> {
        let mut tx = control.begin().await?;
        let (id, schema, role) = insert_registry_row(&mut tx, new).await?;

        let levels = normalize_levels(new.flags.get("levels"));
        let seed = Seed { levels: &levels, owner: new.owner.as_ref(), agency: new };
        let mut took_spare = false;
        let version = match &new.database_url {
            None => {
                let latest = super::migrate::latest_version(&self.migrator);
                match spares::take(&mut tx, latest, &schema, &role).await? {
                    Some(control_path) => {
                        took_spare = true;
                        seed_and_finish(&mut tx, &role, &self.seeders, &seed, control_path).await?
                    }
                    None => {
                        create_tenant_schema(
                            &mut tx,
                            &schema,
                            &role,
                            &self.migrator,
                            &self.seeders,
                            &seed,
                        )
                        .await?
                    }
                }
            }
            Some(url) => {
                // The schema lives on another server: create it there in its own transaction,
                // commit it only once the registry row is in place, and undo it if the
                // registry commit then fails.
                let mut remote = connect_server(url).await?;
                let mut remote_tx = remote.begin().await?;
                let version = create_tenant_schema(
                    &mut remote_tx,
                    &schema,
                    &role,
                    &self.migrator,
                    &self.seeders,
                    &seed,
                )
                .await?;
                let agency = registry::set_version_returning(&mut *tx, id, version).await?;
                remote_tx.commit().await?;
                if let Err(err) = tx.commit().await {
                    let _ = drop_tenant_schema(&mut remote, &schema, &role).await;
                    return Err(err.into());
                }
                let _ = remote.close().await;
                return Ok(agency);
            }
        };
        let agency = registry::set_version_returning(&mut *tx, id, version).await?;
        tx.commit().await?;
        if took_spare {
            // The keeper builds the next one, off this request.
            self.spares.taken.notify_one();
        }
        Ok(agency)
    }

    pub async fn fetch_created(&self, control: &mut PgConnection, slug: &str) -> AppResult<Agency> {
        registry::fetch_by_slug(control, slug).await?.ok_or_else(|| {
            AppError::Other(anyhow::anyhow!("agency '{slug}' vanished after creation"))
        })
    }
}

/// Options for `url`, another Postgres server; a bad one is the caller's mistake.
pub fn parse_database_url(url: &str) -> AppResult<PgConnectOptions> {
    url.parse().map_err(|e| AppError::BadRequest(format!("Invalid database URL: {e}")))
}

/// A connection to `url`, another Postgres server an agency is to live on. A bad URL, or a
/// server older than the portal runs on ([`unsupported_server`]), is the caller's mistake.
pub async fn connect_server(url: &str) -> AppResult<PgConnection> {
    let mut conn = PgConnection::connect_with(&parse_database_url(url)?).await?;
    if let Some(refusal) = unsupported_server(&mut conn).await? {
        let _ = conn.close().await;
        return Err(AppError::BadRequest(refusal));
    }
    Ok(conn)
}

/// Inserts a new agency's registry row on the caller's control transaction and returns its
/// id, schema and role names. A taken slug or domain answers 409 with a sentence.
#[tracing::instrument(level = "debug", skip_all, fields(slug = %new.slug))]
pub async fn insert_registry_row(
    tx: &mut PgConnection,
    new: &NewAgency,
) -> AppResult<(i64, String, String)> {
    let (id, prefix): (i64, String) = sqlx::query_as(
        "SELECT nextval(pg_get_serial_sequence('agencies', 'id')), \
                'p' || substr(md5(current_database()), 1, 8)",
    )
    .fetch_one(&mut *tx)
    .await?;
    let schema = format!("agency_{id}");
    let role = format!("{prefix}_agency_{id}");

    let inserted = sqlx::query(
        "INSERT INTO agencies (id, slug, name, short_name, domain, description, \
             long_description, flags, theme, links, schema_name, db_role, database_url) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(id)
    .bind(&new.slug)
    .bind(&new.name)
    .bind(&new.short_name)
    .bind(&new.domain)
    .bind(&new.description)
    .bind(&new.long_description)
    .bind(&new.flags)
    .bind(&new.theme)
    .bind(&new.links)
    .bind(&schema)
    .bind(&role)
    .bind(&new.database_url)
    .execute(&mut *tx)
    .await;
    inserted
        .on_constraint("agencies_slug_key", || {
            conflict(format!("An agency with the slug '{}' already exists.", new.slug))
        })
        .on_constraint("agencies_domain_lower", || {
            conflict(format!(
                "The domain '{}' is already used by another agency.",
                new.domain.as_deref().unwrap_or_default()
            ))
        })?;
    Ok((id, schema, role))
}

pub async fn set_schema_version(
    conn: &mut PgConnection,
    id: i64,
    version: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE agencies SET schema_version = $2 WHERE id = $1")
        .bind(id)
        .bind(version)
        .execute(conn)
        .await?;
    Ok(())
}

/// The migrator's own bookkeeping table (sqlx's layout), so `portal migrate` later finds a
/// new schema's migrations applied.
const MIGRATIONS_TABLE: &str = "CREATE TABLE IF NOT EXISTS _sqlx_migrations (
    version BIGINT PRIMARY KEY,
    description TEXT NOT NULL,
    installed_on TIMESTAMPTZ NOT NULL DEFAULT now(),
    success BOOLEAN NOT NULL,
    checksum BYTEA NOT NULL,
    execution_time BIGINT NOT NULL
);\n";

/// Brings a new, empty schema to the latest version: every tenant migration in one batch (one
/// round trip instead of the migrator's several per migration), recorded with the same
/// versions and checksums the migrator writes. Migrations that must run outside a transaction
/// fall back to the migrator.
async fn migrate_new_schema(conn: &mut PgConnection, migrator: &Migrator) -> AppResult<()> {
    migrate_range(conn, migrator, 0, i64::MAX).await
}

/// Records `migrations` as applied, as the migrator does (same versions and checksums).
#[tracing::instrument(level = "debug", skip_all, fields(count = migrations.len()))]
async fn record_applied(conn: &mut PgConnection, migrations: &[&Migration]) -> sqlx::Result<()> {
    let versions: Vec<i64> = migrations.iter().map(|m| m.version).collect();
    let descriptions: Vec<&str> = migrations.iter().map(|m| m.description.as_ref()).collect();
    let checksums: Vec<&[u8]> = migrations.iter().map(|m| m.checksum.as_ref()).collect();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time)
         SELECT version, description, true, checksum, 0
         FROM UNNEST($1::bigint[], $2::text[], $3::bytea[]) AS m(version, description, checksum)",
    )
    .bind(&versions)
    .bind(&descriptions)
    .bind(&checksums)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Runs the tenant migrations with versions in `after < version <= up_to` in the current
/// `search_path` schema, in one batch, and records them as the migrator does.
pub async fn migrate_range(
    conn: &mut PgConnection,
    migrator: &Migrator,
    after: i64,
    up_to: i64,
) -> AppResult<()> {
    let failed = |e: &dyn std::fmt::Display| {
        AppError::Other(anyhow::anyhow!("tenant migration failed: {e}"))
    };
    let ups: Vec<_> = migrator
        .iter()
        .filter(|m| m.migration_type.is_up_migration() && m.version > after && m.version <= up_to)
        .collect();
    if ups.is_empty() {
        return Ok(());
    }
    if after == 0 && up_to == i64::MAX && ups.iter().any(|m| m.no_tx) {
        return migrator.run_direct(&mut *conn).await.map_err(|e| failed(&e));
    }
    if ups.iter().any(|m| m.no_tx) {
        return Err(failed(&"a migration that runs outside a transaction"));
    }
    let mut script = String::from(MIGRATIONS_TABLE);
    for migration in &ups {
        script.push_str(&migration.sql);
        script.push_str(";\n");
    }
    conn.execute(script.as_str()).await.map_err(|e| failed(&e))?;
    record_applied(conn, &ups).await?;
    Ok(())
}

/// Creates the agency's role and its empty schema (the role may use it and read and write
/// what is made in it), and points the transaction's `search_path` at it. Returns the control
/// `search_path` to go back to.
async fn create_role_and_schema(
    conn: &mut PgConnection,
    schema: &str,
    role: &str,
) -> AppResult<String> {
    let (control_path,): (String,) =
        sqlx::query_as("SELECT current_setting('search_path')").fetch_one(&mut *conn).await?;
    let ddl = format!(
        r#"CREATE ROLE "{role}" NOLOGIN;
           GRANT "{role}" TO CURRENT_USER;
           CREATE SCHEMA "{schema}";
           GRANT USAGE ON SCHEMA "{schema}" TO "{role}";
           ALTER DEFAULT PRIVILEGES IN SCHEMA "{schema}"
               GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "{role}";
           ALTER DEFAULT PRIVILEGES IN SCHEMA "{schema}"
               GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO "{role}";
           SET LOCAL search_path TO "{schema}";"#
    );
    conn.execute(ddl.as_str()).await?;
    Ok(control_path)
}

/// Creates the role and schema, runs every tenant migration and seeds the defaults, inside
/// the caller's transaction. Returns the schema version reached.
#[tracing::instrument(level = "debug", skip_all, fields(schema = %schema))]
pub(super) async fn create_tenant_schema(
    conn: &mut PgConnection,
    schema: &str,
    role: &str,
    migrator: &Migrator,
    seeders: &[Seeder],
    seed: &Seed<'_>,
) -> AppResult<i64> {
    let control_path = create_role_and_schema(conn, schema, role).await?;
    migrate_new_schema(conn, migrator).await?;
    seed_and_finish(conn, role, seeders, seed, control_path).await
}

/// Creates the role and an empty schema, and runs the tenant migrations up to `up_to` (no
/// default data), inside the caller's transaction; leaves `search_path` on the new schema
/// (for the transaction) and returns the control `search_path` to go back to. A bundle's
/// tables are loaded into it next (issue 27).
pub async fn create_schema_up_to(
    conn: &mut PgConnection,
    schema: &str,
    role: &str,
    migrator: &Migrator,
    up_to: i64,
) -> AppResult<String> {
    let control_path = create_role_and_schema(conn, schema, role).await?;
    // The bookkeeping table exists even when no migration runs yet.
    conn.execute(MIGRATIONS_TABLE).await?;
    migrate_range(conn, migrator, 0, up_to).await?;
    Ok(control_path)
}

/// Runs the migrations after `after` on a schema made by [`create_schema_up_to`] (in its
/// `search_path`), closes the migration history to the agency's role and returns the
/// version reached; `search_path` goes back to `control_path`.
pub async fn finish_schema(
    conn: &mut PgConnection,
    role: &str,
    migrator: &Migrator,
    after: i64,
    control_path: String,
) -> AppResult<i64> {
    migrate_range(conn, migrator, after, i64::MAX).await?;
    seed_and_finish(conn, role, &[], &Seed::none(), control_path).await
}

#[tracing::instrument(level = "debug", skip_all)]
pub(super) async fn seed_and_finish(
    conn: &mut PgConnection,
    role: &str,
    seeders: &[Seeder],
    seed: &Seed<'_>,
    control_path: String,
) -> AppResult<i64> {
    for seeder in seeders {
        seeder(&mut *conn, seed).await?;
    }
    let version = applied_version(conn).await?;
    // The pool's role reads the version (readiness) but may not rewrite migration history.
    let revoke = format!(r#"REVOKE INSERT, UPDATE, DELETE ON _sqlx_migrations FROM "{role}";"#);
    conn.execute(revoke.as_str()).await?;
    // Back to the control schema for the rest of the caller's transaction.
    sqlx::query("SELECT set_config('search_path', $1, true)")
        .bind(control_path)
        .execute(&mut *conn)
        .await?;
    Ok(version)
}

/// The newest tenant migration applied in the current `search_path` schema.
pub async fn applied_version(conn: &mut PgConnection) -> sqlx::Result<i64> {
    let (version,): (Option<i64>,) =
        sqlx::query_as("SELECT max(version) FROM _sqlx_migrations WHERE success")
            .fetch_one(conn)
            .await?;
    Ok(version.unwrap_or(0))
}

/// Drops an agency's schema and role (an import or a move undone, the old copy of a moved
/// agency).
pub async fn drop_tenant_schema(
    conn: &mut PgConnection,
    schema: &str,
    role: &str,
) -> sqlx::Result<()> {
    let drop = format!(
        r#"DROP SCHEMA IF EXISTS "{schema}" CASCADE; DROP OWNED BY "{role}"; DROP ROLE IF EXISTS "{role}";"#
    );
    conn.execute(drop.as_str()).await?;
    Ok(())
}

/// What a new agency's default data depends on.
pub struct Seed<'a> {
    pub levels: &'a [Level],
    pub owner: Option<&'a Owner>,
    /// The agency being made (its registry row is written in the same transaction).
    pub agency: &'a NewAgency,
}

impl Seed<'static> {
    /// No default data (a schema filled from a bundle).
    pub fn none() -> Self {
        static EMPTY: std::sync::OnceLock<NewAgency> = std::sync::OnceLock::new();
        Seed { levels: &[], owner: None, agency: EMPTY.get_or_init(NewAgency::default) }
    }
}

/// A feature's default data for a new agency, written inside provisioning's transaction with
/// `search_path` set to the new schema. Features provide theirs (`features::seeders()`), in
/// the order they run; provisioning calls them and knows none of their tables.
pub type Seeder = for<'a> fn(&'a mut PgConnection, &'a Seed<'a>) -> BoxFuture<'a, sqlx::Result<()>>;
