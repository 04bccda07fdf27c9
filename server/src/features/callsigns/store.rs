//! Callsign SQL: pools per rank name, and the callsigns people hold.

use std::collections::BTreeMap;

use sqlx::{types::Json, PgExecutor};

use crate::tenancy::pools::AgencyConnection;
use crate::tenancy::pools::TenantDb;

use crate::features::callsigns::model::Pool;
pub use crate::shared::callsign_pools::{held, pools_of};

/// Every rank name's pools.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(db: impl PgExecutor<'_>) -> sqlx::Result<BTreeMap<String, Vec<Pool>>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        rank_name: String,
        pools: Json<Vec<Pool>>,
    }
    let rows: Vec<Row> =
        sqlx::query_as("SELECT rank_name, pools FROM callsign_pools ORDER BY rank_name")
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(|r| (r.rank_name, r.pools.0)).collect())
}

/// The stored name of the rank called `name` (any case).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn rank_name(db: &TenantDb, name: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT name FROM ranks WHERE lower(name) = lower($1) ORDER BY name LIMIT 1")
        .bind(name)
        .fetch_optional(db)
        .await
}

/// Replaces a rank name's pools (none: removes them).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn save(conn: &mut AgencyConnection, rank: &str, pools: &[Pool]) -> sqlx::Result<()> {
    if pools.is_empty() {
        sqlx::query("DELETE FROM callsign_pools WHERE rank_name = $1")
            .bind(rank)
            .execute(conn)
            .await?;
    } else {
        sqlx::query(
            "INSERT INTO callsign_pools (rank_name, pools) VALUES ($1, $2)
             ON CONFLICT (rank_name) DO UPDATE SET pools = EXCLUDED.pools, updated_at = now()",
        )
        .bind(rank)
        .bind(Json(pools))
        .execute(conn)
        .await?;
    }
    Ok(())
}

/// The departments that have a rank named `name`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn departments_of_rank_name(db: &TenantDb, name: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT DISTINCT department_id FROM ranks WHERE lower(name) = lower($1)")
        .bind(name)
        .fetch_all(db)
        .await
}
