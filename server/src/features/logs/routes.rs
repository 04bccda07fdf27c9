//! `GET /api/logs/roster`.

use axum::Json;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    access::guard::{nav_item, Guard},
    error::{bad_request, AppResult},
    extract::QueryParams,
    features::logs::{
        model::{LogItem, LogPage},
        store,
    },
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
        "rank" => store::rank_page(viewer.pool(), limit, offset)
            .await?
            .into_iter()
            .map(LogItem::Rank)
            .collect(),
        "hire" => store::hire_page(viewer.pool(), limit, offset)
            .await?
            .into_iter()
            .map(LogItem::Hire)
            .collect(),
        other => return Err(bad_request(format!("Unknown log type '{other}': use rank or hire."))),
    };
    Ok(Json(LogPage { items }))
}
