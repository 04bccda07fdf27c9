//! The SQL of bundles, backups and moves: catalogue reads of an agency's schema (run as the
//! login role, which owns the agency's tables), and the control tables of backups and the
//! read-only flag. Names put into SQL text are the portal's own (`agency_<id>` and the
//! table, column and constraint names Postgres lists for that schema), always quoted.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::{Executor, PgConnection, PgExecutor};

use super::SequenceEntry;

/// The agency's tables (the migration history aside), by name.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn tables(conn: &mut PgConnection, schema: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relkind = 'r' AND c.relname <> '_sqlx_migrations'
         ORDER BY c.relname",
    )
    .bind(schema)
    .fetch_all(conn)
    .await
}

/// A table's columns as COPY lists them (no dropped or generated ones), in order.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn columns(
    conn: &mut PgConnection,
    schema: &str,
    table: &str,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT a.attname::text FROM pg_attribute a
         JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
           AND a.attgenerated = ''
         ORDER BY a.attnum",
    )
    .bind(schema)
    .bind(table)
    .fetch_all(conn)
    .await
}

/// `"schema"."a", "schema"."b"`: the tables named in SQL (names the portal made itself).
fn qualified(schema: &str, tables: &[String]) -> String {
    let list: Vec<String> = tables.iter().map(|t| format!(r#""{schema}"."{t}""#)).collect();
    list.join(", ")
}

/// Waits for every write in flight on the agency's tables and keeps new ones waiting until
/// the caller's transaction ends (SHARE locks; a move takes them before its snapshot).
#[tracing::instrument(level = "debug", skip(conn, tables))]
pub async fn lock_tables(
    conn: &mut PgConnection,
    schema: &str,
    tables: &[String],
) -> sqlx::Result<()> {
    if tables.is_empty() {
        return Ok(());
    }
    conn.execute(format!("LOCK TABLE {} IN SHARE MODE", qualified(schema, tables)).as_str())
        .await?;
    Ok(())
}

/// The newest tenant migration applied to `schema`.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn schema_version(conn: &mut PgConnection, schema: &str) -> sqlx::Result<i64> {
    let sql = format!(r#"SELECT max(version) FROM "{schema}"._sqlx_migrations WHERE success"#);
    let version: Option<i64> = sqlx::query_scalar(&sql).fetch_one(conn).await?;
    Ok(version.unwrap_or(0))
}

/// Every sequence of the schema with its value.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn sequences(conn: &mut PgConnection, schema: &str) -> sqlx::Result<Vec<SequenceEntry>> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relkind = 'S' ORDER BY c.relname",
    )
    .bind(schema)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for name in names {
        let sql = format!(r#"SELECT last_value, is_called FROM "{schema}"."{name}""#);
        let (last_value, is_called): (i64, bool) =
            sqlx::query_as(&sql).fetch_one(&mut *conn).await?;
        out.push(SequenceEntry { name, last_value, is_called });
    }
    Ok(out)
}

/// Sets a sequence of the schema, if it has one of that name.
#[tracing::instrument(level = "debug", skip(conn, sequence), fields(sequence = %sequence.name))]
pub async fn set_sequence(
    conn: &mut PgConnection,
    schema: &str,
    sequence: &SequenceEntry,
) -> sqlx::Result<()> {
    sqlx::query(
        "SELECT setval(format('%I.%I', n.nspname, c.relname)::regclass, $3, $4)
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind = 'S'",
    )
    .bind(schema)
    .bind(&sequence.name)
    .bind(sequence.last_value)
    .bind(sequence.is_called)
    .execute(conn)
    .await?;
    Ok(())
}

/// Renames the agency's media folder `<folder>/<from>/` to `<folder>/<to>/` in `column` of
/// `table` (a column of media keys, [`super::MEDIA_KEY_COLUMNS`]), for an agency imported under
/// a new slug.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn rename_media_keys(
    conn: &mut PgConnection,
    schema: &str,
    table: &str,
    column: &str,
    from: &str,
    to: &str,
) -> sqlx::Result<()> {
    // One statement for every media folder: each key starts with at most one of them.
    let (old, new): (Vec<String>, Vec<String>) = super::MEDIA_FOLDERS
        .iter()
        .map(|folder| (format!("{folder}/{from}/"), format!("{folder}/{to}/")))
        .unzip();
    sqlx::query(&format!(
        r#"UPDATE "{schema}"."{table}" SET "{column}" = f.new || substr("{column}", length(f.old) + 1)
             FROM unnest($1::text[], $2::text[]) AS f (old, new)
            WHERE starts_with("{column}", f.old)"#
    ))
    .bind(old)
    .bind(new)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// An agency's sealed bot token, and its webhooks' ids with their sealed addresses.
pub type SealedSecrets = (Option<Vec<u8>>, Vec<(i64, Vec<u8>)>);

/// The sealed bot token and webhook addresses.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn sealed_secrets(conn: &mut PgConnection, schema: &str) -> sqlx::Result<SealedSecrets> {
    let token: Option<Option<Vec<u8>>> = sqlx::query_scalar(&format!(
        r#"SELECT bot_token_sealed FROM "{schema}".discord_settings LIMIT 1"#
    ))
    .fetch_optional(&mut *conn)
    .await?;
    let hooks: Vec<(i64, Vec<u8>)> =
        sqlx::query_as(&format!(r#"SELECT id, url_sealed FROM "{schema}".webhooks ORDER BY id"#))
            .fetch_all(&mut *conn)
            .await?;
    Ok((token.flatten(), hooks))
}

/// Seals a bundle's secrets into an imported agency (sealed for its new id).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn put_secrets(
    conn: &mut PgConnection,
    schema: &str,
    bot_token: Option<Vec<u8>>,
    webhooks: &[(i64, Vec<u8>)],
) -> sqlx::Result<()> {
    if let Some(token) = bot_token {
        sqlx::query(&format!(r#"UPDATE "{schema}".discord_settings SET bot_token_sealed = $1"#))
            .bind(token)
            .execute(&mut *conn)
            .await?;
    }
    for (id, url) in webhooks {
        sqlx::query(&format!(r#"UPDATE "{schema}".webhooks SET url_sealed = $2 WHERE id = $1"#))
            .bind(id)
            .bind(url)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// A foreign key of the schema: `(qualified table, name, definition)`.
pub type ForeignKey = (String, String, String);

/// Drops every foreign key of the schema (a bundle's tables load in any order) and returns
/// them, to be added back (and so checked) once every row is in.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn take_foreign_keys(
    conn: &mut PgConnection,
    schema: &str,
) -> sqlx::Result<Vec<ForeignKey>> {
    let keys: Vec<ForeignKey> = sqlx::query_as(
        "SELECT format('%I.%I', n.nspname, c.relname), k.conname::text, pg_get_constraintdef(k.oid)
         FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE k.contype = 'f' AND n.nspname = $1 ORDER BY 1, 2",
    )
    .bind(schema)
    .fetch_all(&mut *conn)
    .await?;
    for (table, name, _) in &keys {
        conn.execute(format!(r#"ALTER TABLE {table} DROP CONSTRAINT "{name}""#).as_str()).await?;
    }
    Ok(keys)
}

/// Adds back what [`take_foreign_keys`] took; every row is checked.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn restore_foreign_keys(
    conn: &mut PgConnection,
    keys: &[ForeignKey],
) -> sqlx::Result<()> {
    for (table, name, definition) in keys {
        conn.execute(
            format!(r#"ALTER TABLE {table} ADD CONSTRAINT "{name}" {definition}"#).as_str(),
        )
        .await?;
    }
    Ok(())
}

/// Empties the tables (the default rows migrations add make way for the bundle's).
#[tracing::instrument(level = "debug", skip(conn, tables))]
pub async fn truncate(
    conn: &mut PgConnection,
    schema: &str,
    tables: &[String],
) -> sqlx::Result<()> {
    if tables.is_empty() {
        return Ok(());
    }
    conn.execute(format!("TRUNCATE {}", qualified(schema, tables)).as_str()).await?;
    Ok(())
}

/// Rows in a table.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn count(conn: &mut PgConnection, schema: &str, table: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar(&format!(r#"SELECT count(*) FROM "{schema}"."{table}""#))
        .fetch_one(conn)
        .await
}

/// Each table's rows and an order-free fingerprint of their text (the same on every server
/// for the same rows), to compare a moved agency with its source.
#[tracing::instrument(level = "debug", skip(conn, tables))]
pub async fn fingerprints(
    conn: &mut PgConnection,
    schema: &str,
    tables: &[String],
) -> sqlx::Result<BTreeMap<String, (i64, String)>> {
    conn.execute("SET timezone = 'UTC'; SET datestyle = 'ISO, YMD'; SET extra_float_digits = 1")
        .await?;
    let mut out = BTreeMap::new();
    for table in tables {
        let sql = format!(
            r#"SELECT count(*), coalesce(sum(hashtextextended(t::text, 0)::numeric), 0)::text
               FROM "{schema}"."{table}" AS t"#
        );
        let found: (i64, String) = sqlx::query_as(&sql).fetch_one(&mut *conn).await?;
        out.insert(table.clone(), found);
    }
    Ok(out)
}

/// Whether another agency uses `domain`.
#[tracing::instrument(level = "debug", skip(control))]
pub async fn domain_taken(control: impl PgExecutor<'_>, domain: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM agencies WHERE lower(domain) = lower($1))")
        .bind(domain)
        .fetch_one(control)
        .await
}

/// Marks the agency read-only (a move) or writable again. Every instance hears of it.
#[tracing::instrument(level = "debug", skip(control))]
pub async fn set_read_only(
    control: impl PgExecutor<'_>,
    agency_id: i64,
    read_only: bool,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE agencies SET read_only_since = CASE WHEN $2 THEN now() END, updated_at = now()
         WHERE id = $1",
    )
    .bind(agency_id)
    .bind(read_only)
    .execute(control)
    .await?;
    Ok(())
}

/// Points the registry at the agency's new server and makes it writable again, in one
/// statement.
#[tracing::instrument(level = "debug", skip(control, database_url))]
pub async fn switch_server(
    control: impl PgExecutor<'_>,
    agency_id: i64,
    database_url: &str,
    schema_version: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE agencies SET database_url = $2, schema_version = $3, read_only_since = NULL,
             updated_at = now()
         WHERE id = $1",
    )
    .bind(agency_id)
    .bind(database_url)
    .bind(schema_version)
    .execute(control)
    .await?;
    Ok(())
}

/// Takes writing away from the agency's role (a move): a write that slipped past the
/// read-only flag fails instead of landing in the copy being left.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn revoke_writes(conn: &mut PgConnection, schema: &str, role: &str) -> sqlx::Result<()> {
    conn.execute(
        format!(
            r#"REVOKE INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{schema}" FROM "{role}""#
        )
        .as_str(),
    )
    .await?;
    Ok(())
}

/// Drops a moved agency's old schema, then its role there (which fails, and is left, when
/// the role still holds rights elsewhere on that server). Returns whether the role went too.
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn drop_old_schema(
    conn: &mut PgConnection,
    schema: &str,
    role: &str,
) -> sqlx::Result<bool> {
    conn.execute(format!(r#"DROP SCHEMA IF EXISTS "{schema}" CASCADE"#).as_str()).await?;
    let role_dropped = conn
        .execute(format!(r#"DROP OWNED BY "{role}"; DROP ROLE IF EXISTS "{role}""#).as_str())
        .await;
    if let Err(error) = &role_dropped {
        tracing::warn!(%error, role, "the old role of a moved agency was kept");
    }
    Ok(role_dropped.is_ok())
}

/// Gives writing back (a move that did not finish).
#[tracing::instrument(level = "debug", skip(conn))]
pub async fn grant_writes(conn: &mut PgConnection, schema: &str, role: &str) -> sqlx::Result<()> {
    conn.execute(
        format!(
            r#"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "{schema}" TO "{role}";
               REVOKE INSERT, UPDATE, DELETE ON "{schema}"._sqlx_migrations FROM "{role}";"#
        )
        .as_str(),
    )
    .await?;
    Ok(())
}

/// An agency's scheduled backups: `None` when it follows the deployment's defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredBackupSettings {
    pub every_hours: Option<i32>,
    pub keep: i32,
}

#[tracing::instrument(level = "debug", skip(control))]
pub async fn backup_settings(
    control: impl PgExecutor<'_>,
    agency_id: i64,
) -> sqlx::Result<Option<StoredBackupSettings>> {
    sqlx::query_as("SELECT every_hours, keep FROM agency_backup_settings WHERE agency_id = $1")
        .bind(agency_id)
        .fetch_optional(control)
        .await
}

#[tracing::instrument(level = "debug", skip(control, updated_by))]
pub async fn save_backup_settings(
    control: impl PgExecutor<'_>,
    agency_id: i64,
    settings: StoredBackupSettings,
    updated_by: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO agency_backup_settings (agency_id, every_hours, keep, updated_by)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (agency_id) DO UPDATE SET every_hours = $2, keep = $3, updated_by = $4,
             updated_at = now()",
    )
    .bind(agency_id)
    .bind(settings.every_hours)
    .bind(settings.keep)
    .bind(updated_by)
    .execute(control)
    .await?;
    Ok(())
}

/// A backup written to the media store.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoredBackup {
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub size_bytes: i64,
    pub counts: Value,
}

#[tracing::instrument(level = "debug", skip(control))]
pub async fn backups(
    control: impl PgExecutor<'_>,
    agency_id: i64,
) -> sqlx::Result<Vec<StoredBackup>> {
    sqlx::query_as(
        "SELECT name, created_at, size_bytes, counts FROM agency_backups
         WHERE agency_id = $1 ORDER BY created_at DESC, name DESC",
    )
    .bind(agency_id)
    .fetch_all(control)
    .await
}

#[tracing::instrument(level = "debug", skip(control, counts))]
pub async fn add_backup(
    control: impl PgExecutor<'_>,
    agency_id: i64,
    name: &str,
    created_at: DateTime<Utc>,
    size_bytes: i64,
    counts: &Value,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO agency_backups (agency_id, name, created_at, size_bytes, counts)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(agency_id)
    .bind(name)
    .bind(created_at)
    .bind(size_bytes)
    .bind(counts)
    .execute(control)
    .await?;
    Ok(())
}

/// Forgets the backups past the newest `keep`; returns their names (their objects go next).
#[tracing::instrument(level = "debug", skip(control))]
pub async fn prune_backups(
    control: impl PgExecutor<'_>,
    agency_id: i64,
    keep: i64,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "DELETE FROM agency_backups WHERE agency_id = $1 AND name IN (
             SELECT name FROM agency_backups WHERE agency_id = $1
             ORDER BY created_at DESC, name DESC OFFSET $2)
         RETURNING name",
    )
    .bind(agency_id)
    .bind(keep)
    .fetch_all(control)
    .await
}

/// When each agency last got a backup (agencies without one are absent).
#[tracing::instrument(level = "debug", skip(control))]
pub async fn last_backups(
    control: impl PgExecutor<'_>,
) -> sqlx::Result<BTreeMap<i64, DateTime<Utc>>> {
    let rows: Vec<(i64, DateTime<Utc>)> =
        sqlx::query_as("SELECT agency_id, max(created_at) FROM agency_backups GROUP BY agency_id")
            .fetch_all(control)
            .await?;
    Ok(rows.into_iter().collect())
}

/// Every agency's own backup settings.
#[tracing::instrument(level = "debug", skip(control))]
pub async fn all_backup_settings(
    control: impl PgExecutor<'_>,
) -> sqlx::Result<BTreeMap<i64, StoredBackupSettings>> {
    let rows: Vec<(i64, Option<i32>, i32)> =
        sqlx::query_as("SELECT agency_id, every_hours, keep FROM agency_backup_settings")
            .fetch_all(control)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(id, every_hours, keep)| (id, StoredBackupSettings { every_hours, keep }))
        .collect())
}
