//! Access SQL: the roster entries that belong to a Discord account, the stored rule of a
//! navigation item, and the department roles linked to a member's Discord roles.

use sqlx::PgExecutor;

use crate::access::{member::RosterEntry, nav::NavRule};

/// Columns of [`RosterEntry`], from `roster r` joined to its rank `k` and department `d`.
pub const ENTRY_COLUMNS: &str = "r.id, r.name, r.callsign, r.region, r.status, r.discord_id, \
     r.department_id, d.name AS department_name, r.rank_id, k.name AS rank, k.level, k.insignia, \
     r.sub_dept_id, r.roles, r.hire_date, r.rank_change_date, \
     GREATEST(CURRENT_DATE - COALESCE(r.rank_change_date, r.hire_date), 0)::int AS time_in_grade_days, \
     r.last_action AS action, r.last_reason AS reason, r.version";

pub const ENTRY_FROM: &str = "roster r LEFT JOIN ranks k ON k.id = r.rank_id \
     LEFT JOIN departments d ON d.id = r.department_id";

/// Roster entries that belong to a Discord account (member-portal §5): an entry holding a
/// numeric id (five digits or more) matches that id only; an entry holding a tag matches
/// the tag; an entry with neither matches by name. Best matches first.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn matches_for(
    db: impl PgExecutor<'_>,
    discord_id: &str,
    tag: &str,
    names: &[String],
) -> sqlx::Result<Vec<RosterEntry>> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM (
             SELECT r.*, CASE
                 WHEN btrim(r.discord_id) ~ '^[0-9]{{5,}}$' THEN
                     CASE WHEN btrim(r.discord_id) = $1 THEN 1 END
                 WHEN COALESCE(btrim(r.discord_id), '') !~ '^[0-9]*$' THEN
                     CASE WHEN lower(btrim(r.discord_id)) = lower($2) THEN 2 END
                 ELSE CASE WHEN lower(btrim(r.name)) = ANY($3) THEN 3 END
             END AS priority
             FROM roster r
             WHERE lower(btrim(r.discord_id)) IN (lower($1), lower($2))
                OR lower(btrim(r.name)) = ANY($3)
         ) r
         LEFT JOIN ranks k ON k.id = r.rank_id
         LEFT JOIN departments d ON d.id = r.department_id
         WHERE r.priority IS NOT NULL
         ORDER BY r.priority, (r.status = 'Active') DESC, r.id
         LIMIT 10"
    );
    sqlx::query_as(&sql).bind(discord_id).bind(tag).bind(names).fetch_all(db).await
}

/// People who can sign in on the demo page: everyone with a Discord id, highest ranks first.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn with_discord_ids(
    db: impl PgExecutor<'_>,
    limit: i64,
) -> sqlx::Result<Vec<RosterEntry>> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM}
         WHERE btrim(r.discord_id) ~ '^[0-9]{{5,}}$' AND r.status = 'Active'
         ORDER BY k.position NULLS LAST, r.name LIMIT $1"
    );
    sqlx::query_as(&sql).bind(limit).fetch_all(db).await
}

/// The stored rule of one navigation item in the agency.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn nav_rule(db: impl PgExecutor<'_>, nav_id: &str) -> sqlx::Result<Option<NavRule>> {
    sqlx::query_as(
        "SELECT is_public AS public, levels, roles FROM nav_permissions WHERE nav_id = $1",
    )
    .bind(nav_id)
    .fetch_optional(db)
    .await
}

/// Ids of the department roles linked to any of these Discord roles.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn linked_roles(
    db: impl PgExecutor<'_>,
    discord_roles: &[String],
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT id FROM department_roles WHERE discord_role_id = ANY($1)")
        .bind(discord_roles)
        .fetch_all(db)
        .await
}

/// The agency's API tokens that are not revoked (`access::tokens`).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn active_tokens(
    db: impl PgExecutor<'_>,
) -> sqlx::Result<Vec<crate::access::tokens::ActiveToken>> {
    sqlx::query_as(
        "SELECT id, name, scopes, secret_hash FROM api_tokens WHERE revoked_at IS NULL ORDER BY id",
    )
    .fetch_all(db)
    .await
}

/// Records that a token was used now.
#[tracing::instrument(level = "debug", skip_all, fields(token_id))]
pub async fn token_used(db: impl PgExecutor<'_>, token_id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE api_tokens SET last_used_at = now() WHERE id = $1")
        .bind(token_id)
        .execute(db)
        .await?;
    Ok(())
}
