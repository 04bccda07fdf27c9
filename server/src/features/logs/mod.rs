//! Roster logs: rank changes and hires (command-and-reports §2 Command logs, §3).

use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::guard::{nav_item, Guard},
    error::{bad_request, AppResult},
    extract::QueryParams,
};

pub const MAX_LIMIT: i64 = 200;
pub const DEFAULT_LIMIT: i64 = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogQuery {
    /// `rank` (default) or `hire`.
    #[serde(rename = "type")]
    pub kind: Option<String>,
    /// Rows per page (default 50, at most 200).
    pub limit: Option<i64>,
    pub offset: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LogActor {
    pub display: String,
    pub user_id: Option<String>,
}

/// One changed field of a roster edit; rows of one edit share `changeId`.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RankLogItem {
    pub log_id: i64,
    pub id: i64,
    pub change_id: uuid::Uuid,
    pub ts: DateTime<Utc>,
    pub roster_id: i64,
    pub roster_name: String,
    pub roster_callsign: Option<String>,
    pub roster_rank: Option<String>,
    #[sqlx(flatten)]
    pub actor: LogActor,
    pub field: String,
    pub before_value: Option<String>,
    pub after_value: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct HireEntry {
    pub roles: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct HireLogItem {
    pub id: i64,
    pub ts: DateTime<Utc>,
    pub roster_id: i64,
    pub roster_name: String,
    pub callsign: Option<String>,
    pub roster_rank: Option<String>,
    #[sqlx(flatten)]
    pub actor: LogActor,
    pub status: String,
    pub department_id: Option<String>,
    pub rank_id: Option<String>,
    pub sub_dept_id: Option<String>,
    #[sqlx(flatten)]
    pub entry: HireEntry,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LogItem {
    Rank(RankLogItem),
    Hire(HireLogItem),
}

#[derive(Debug, Serialize, ToSchema)]
pub struct LogPage {
    pub items: Vec<LogItem>,
}

/// Roster logs of the agency, newest first.
#[utoipa::path(get, path = "/api/logs/roster", tag = "roster", params(LogQuery),
    responses((status = 200, body = LogPage), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn roster_logs(
    Guard(viewer, _): Guard<nav_item::Logs>,
    QueryParams(query): QueryParams<LogQuery>,
) -> AppResult<Json<LogPage>> {
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let offset = query.offset.unwrap_or(0).max(0);
    let items = match query.kind.as_deref().unwrap_or("rank") {
        "rank" => sqlx::query_as::<_, RankLogItem>(
            "SELECT id AS log_id, id, change_id, ts, roster_id, roster_name, roster_callsign, roster_rank,
                    actor_display AS display, actor_user_id AS user_id, field, before_value, after_value
             FROM rank_logs ORDER BY ts DESC, id DESC LIMIT $1 OFFSET $2",
        )
        .bind(limit)
        .bind(offset)
        .fetch_all(viewer.pool())
        .await?
        .into_iter()
        .map(LogItem::Rank)
        .collect(),
        "hire" => sqlx::query_as::<_, HireLogItem>(
            "SELECT id, ts, roster_id, roster_name, callsign, roster_rank,
                    actor_display AS display, actor_user_id AS user_id,
                    status, department_id, rank_id, sub_dept_id, roles
             FROM hire_logs ORDER BY ts DESC, id DESC LIMIT $1 OFFSET $2",
        )
        .bind(limit)
        .bind(offset)
        .fetch_all(viewer.pool())
        .await?
        .into_iter()
        .map(LogItem::Hire)
        .collect(),
        other => return Err(bad_request(format!("Unknown log type '{other}': use rank or hire."))),
    };
    Ok(Json(LogPage { items }))
}
