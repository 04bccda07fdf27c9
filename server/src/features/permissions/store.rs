//! Navigation permission SQL (agency schema).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use futures::future::BoxFuture;
use sqlx::{PgConnection, PgExecutor};

use crate::{
    access::nav::DEFAULT_NAV_PERMISSIONS,
    features::permissions::model::{NavEntry, RoleOption},
    tenancy::{levels::map_default_level, pools::AgencyConnection, provision::Seed},
};

pub struct Stored {
    pub items: BTreeMap<String, NavEntry>,
    pub locked: Vec<String>,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
}

#[derive(sqlx::FromRow)]
struct Row {
    nav_id: String,
    is_public: bool,
    levels: Vec<String>,
    roles: Vec<String>,
    locked: bool,
    updated_at: DateTime<Utc>,
    updated_by: Option<String>,
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(db: impl PgExecutor<'_>) -> sqlx::Result<Stored> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT nav_id, is_public, levels, roles, locked, updated_at, updated_by
         FROM nav_permissions ORDER BY nav_id",
    )
    .fetch_all(db)
    .await?;
    let newest = rows.iter().max_by_key(|r| r.updated_at);
    let (updated_at, updated_by) = match newest {
        Some(r) => (Some(r.updated_at), r.updated_by.clone()),
        None => (None, None),
    };
    let locked = rows.iter().filter(|r| r.locked).map(|r| r.nav_id.clone()).collect();
    let items = rows
        .into_iter()
        .map(|r| (r.nav_id, NavEntry { public: r.is_public, levels: r.levels, roles: r.roles }))
        .collect();
    Ok(Stored { items, locked, updated_at, updated_by })
}

/// Locks the permission rows for an edit and returns their newest change time.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn lock_for_update(conn: &mut AgencyConnection) -> sqlx::Result<Option<DateTime<Utc>>> {
    sqlx::query("SELECT 1 FROM nav_permissions FOR UPDATE").execute(&mut *conn).await?;
    sqlx::query_scalar("SELECT max(updated_at) FROM nav_permissions").fetch_one(conn).await
}

/// Writes the entries that changed, stamping who changed them.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn save_entries(
    conn: &mut AgencyConnection,
    items: &BTreeMap<String, NavEntry>,
    actor: &str,
) -> sqlx::Result<()> {
    for (id, entry) in items {
        sqlx::query(
            "INSERT INTO nav_permissions (nav_id, is_public, levels, roles, updated_by)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (nav_id) DO UPDATE SET
                 is_public = EXCLUDED.is_public, levels = EXCLUDED.levels, roles = EXCLUDED.roles,
                 updated_at = now(), updated_by = EXCLUDED.updated_by
             WHERE (nav_permissions.is_public, nav_permissions.levels, nav_permissions.roles)
                   IS DISTINCT FROM (EXCLUDED.is_public, EXCLUDED.levels, EXCLUDED.roles)",
        )
        .bind(id)
        .bind(entry.public)
        .bind(&entry.levels)
        .bind(&entry.roles)
        .bind(actor)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Sets exactly `locked` as the locked items. An item without an entry gets a public one,
/// which changes nothing about who sees it.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn save_locked(
    conn: &mut AgencyConnection,
    locked: &[String],
    actor: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO nav_permissions (nav_id, is_public, updated_by)
         SELECT id, true, $2 FROM unnest($1::text[]) AS id
         ON CONFLICT (nav_id) DO NOTHING",
    )
    .bind(locked)
    .bind(actor)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE nav_permissions SET locked = (nav_id = ANY($1)), updated_at = now(), updated_by = $2
         WHERE locked IS DISTINCT FROM (nav_id = ANY($1))",
    )
    .bind(locked)
    .bind(actor)
    .execute(conn)
    .await?;
    Ok(())
}

/// Department roles, for the role checkboxes.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn role_options(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<RoleOption>> {
    sqlx::query_as(
        "SELECT r.id, r.name, d.name AS department_name FROM department_roles r
         JOIN departments d ON d.id = r.department_id
         ORDER BY d.position, d.name, r.position, r.name",
    )
    .fetch_all(db)
    .await
}

/// A new agency's default navigation permissions, the default level names mapped onto its
/// own level list (provisioning's seeding hook).
pub fn seed<'a>(conn: &'a mut PgConnection, seed: &'a Seed<'a>) -> BoxFuture<'a, sqlx::Result<()>> {
    Box::pin(async move {
        // One statement for every item: levels as text, each split into its array.
        let ids: Vec<&str> = DEFAULT_NAV_PERMISSIONS.iter().map(|d| d.id).collect();
        let public: Vec<bool> = DEFAULT_NAV_PERMISSIONS.iter().map(|d| d.public).collect();
        let levels: Vec<String> = DEFAULT_NAV_PERMISSIONS
            .iter()
            .map(|d| d.level.map(|l| map_default_level(l, seed.levels)).unwrap_or_default())
            .collect();
        sqlx::query(
            "INSERT INTO nav_permissions (nav_id, is_public, levels, updated_by)
             SELECT id, public, CASE WHEN level = '' THEN '{}'::text[] ELSE ARRAY[level] END, 'system'
             FROM UNNEST($1::text[], $2::bool[], $3::text[]) AS d(id, public, level)",
        )
        .bind(&ids)
        .bind(&public)
        .bind(&levels)
        .execute(&mut *conn)
        .await?;
        Ok(())
    })
}
