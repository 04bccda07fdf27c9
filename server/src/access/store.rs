//! Access SQL: the stored rule of a navigation item, and the department roles linked to a
//! member's Discord roles.

use sqlx::PgExecutor;

use crate::access::nav::NavRule;

/// The stored rule of one navigation item in the agency.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn nav_rule(db: impl PgExecutor<'_>, nav_id: &str) -> sqlx::Result<Option<NavRule>> {
    let row: Option<(bool, Vec<String>, Vec<String>)> =
        sqlx::query_as("SELECT is_public, levels, roles FROM nav_permissions WHERE nav_id = $1")
            .bind(nav_id)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(public, levels, roles)| NavRule { public, levels, roles }))
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
