//! Log SQL: pages of the rank and hire logs, newest first.

use sqlx::PgExecutor;

use crate::features::logs::model::{HireLogItem, RankLogItem};

#[tracing::instrument(level = "debug", skip_all)]
pub async fn rank_page(
    db: impl PgExecutor<'_>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<RankLogItem>> {
    sqlx::query_as(
        "SELECT id AS log_id, id, change_id, ts, roster_id, roster_name, roster_callsign, roster_rank,
                actor_display AS display, actor_user_id AS user_id, field, before_value, after_value
         FROM rank_logs ORDER BY ts DESC, id DESC LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn hire_page(
    db: impl PgExecutor<'_>,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<HireLogItem>> {
    sqlx::query_as(
        "SELECT id, ts, roster_id, roster_name, callsign, roster_rank,
                actor_display AS display, actor_user_id AS user_id,
                status, department_id, rank_id, sub_dept_id, roles
         FROM hire_logs ORDER BY ts DESC, id DESC LIMIT $1 OFFSET $2",
    )
    .bind(limit)
    .bind(offset)
    .fetch_all(db)
    .await
}
