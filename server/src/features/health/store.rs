//! Readiness SQL: the control database answers; an agency's schema version.

use sqlx::PgExecutor;

#[tracing::instrument(level = "debug", skip_all)]
pub async fn ping(db: impl PgExecutor<'_>) -> sqlx::Result<()> {
    sqlx::query("SELECT 1").execute(db).await?;
    Ok(())
}

/// The newest tenant migration applied in the agency's schema (0 before any).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn schema_version(db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
    let version: Option<i64> =
        sqlx::query_scalar("SELECT max(version) FROM _sqlx_migrations WHERE success")
            .fetch_one(db)
            .await?;
    Ok(version.unwrap_or(0))
}
