//! Log SQL: pages of the rank and hire logs and of the audit log, newest first.

use chrono::{DateTime, Utc};
use sea_query::{extension::postgres::PgExpr, Expr, ExprTrait, Order, PostgresQueryBuilder, Query};
use sea_query_sqlx::SqlxBinder;
use sqlx::PgExecutor;

use crate::features::logs::model::{AuditEntry, HireLogItem, RankLogItem};
use crate::tenancy::pools::AgencyConnection;

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

/// What a page of the audit log is filtered by (every part optional).
#[derive(Debug, Default)]
pub struct AuditFilter {
    pub actor_id: Option<String>,
    pub kind: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub until: Option<DateTime<Utc>>,
    /// Words in the title or the actor's name.
    pub text: Option<String>,
}

/// Up to `limit` rows matching `filter` from `offset`, newest first (built from parts with
/// sea-query; every filter is served by an index on the time, by kind or by actor).
#[tracing::instrument(level = "debug", skip_all, fields(limit, offset))]
pub async fn audit_page(
    db: impl PgExecutor<'_>,
    filter: &AuditFilter,
    limit: i64,
    offset: i64,
) -> sqlx::Result<Vec<AuditEntry>> {
    let mut query = Query::select();
    query
        .columns(["id", "at", "kind", "action", "subject_id", "title", "diff"])
        .expr_as(Expr::col("actor_name"), "display")
        .expr_as(Expr::col("actor_id"), "user_id")
        .from("audit_events");
    if let Some(actor) = &filter.actor_id {
        query.and_where(Expr::col("actor_id").eq(actor.as_str()));
    }
    if let Some(kind) = &filter.kind {
        query.and_where(Expr::col("kind").eq(kind.as_str()));
    }
    if let Some(from) = filter.from {
        query.and_where(Expr::col("at").gte(from));
    }
    if let Some(until) = filter.until {
        query.and_where(Expr::col("at").lt(until));
    }
    if let Some(text) = &filter.text {
        let pattern = format!("%{}%", like_escaped(text));
        query.and_where(
            Expr::col("title")
                .ilike(pattern.as_str())
                .or(Expr::col("actor_name").ilike(pattern.as_str())),
        );
    }
    query
        .order_by("at", Order::Desc)
        .order_by("id", Order::Desc)
        .limit(limit as u64)
        .offset(offset as u64);
    let (sql, values) = query.build_sqlx(PostgresQueryBuilder);
    sqlx::query_as_with(&sql, values).fetch_all(db).await
}

/// How many days the agency keeps its audit rows.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn retention_days(db: impl PgExecutor<'_>) -> sqlx::Result<i32> {
    sqlx::query_scalar("SELECT audit_retention_days FROM agency_settings").fetch_one(db).await
}

/// Sets the retention; answers what it was (the row is locked until the caller commits).
#[tracing::instrument(level = "debug", skip_all, fields(days))]
pub async fn set_retention_days(conn: &mut AgencyConnection, days: i32) -> sqlx::Result<i32> {
    let before: i32 =
        sqlx::query_scalar("SELECT audit_retention_days FROM agency_settings FOR UPDATE")
            .fetch_one(&mut *conn)
            .await?;
    sqlx::query("UPDATE agency_settings SET audit_retention_days = $1")
        .bind(days)
        .execute(&mut *conn)
        .await?;
    Ok(before)
}

/// `text` with LIKE's wildcards taken literally.
fn like_escaped(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}
