//! `GET /api/logs/roster` and `GET /api/audit`.

use axum::Json;
use chrono::{NaiveDate, NaiveTime};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    access::guard::{nav_item, Guard},
    error::{bad_request, AppResult},
    extract::QueryParams,
    features::logs::{
        model::{AuditPage, LogItem, LogPage},
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

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    /// Changes by this member (Discord id).
    pub actor: Option<String>,
    /// Changes of this kind (`vehicles`, `arrest`, `use_of_force`, `ticket`, `documents`…).
    pub kind: Option<String>,
    /// From this day on (`2026-11-20`).
    pub from: Option<String>,
    /// Up to and including this day.
    pub to: Option<String>,
    /// Words in the title or the member's name.
    pub q: Option<String>,
    /// Rows per page (default 50, at most 200).
    pub limit: Option<i64>,
    pub offset: Option<i64>,
}

pub const BAD_DAY: &str = "must be a date such as 2026-11-20.";

fn day(field: &str, raw: Option<&str>) -> AppResult<Option<NaiveDate>> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
            .map(Some)
            .map_err(|_| bad_request(format!("{field} {BAD_DAY}"))),
    }
}

fn given(raw: &Option<String>) -> Option<String> {
    raw.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(|s| s.chars().take(200).collect())
}

/// Every write to the agency, newest first: who, when, what and the fields that changed.
#[utoipa::path(get, path = "/api/audit", tag = "roster", params(AuditQuery),
    responses((status = 200, body = AuditPage), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn audit(
    Guard(viewer, _): Guard<nav_item::Logs>,
    QueryParams(query): QueryParams<AuditQuery>,
) -> AppResult<Json<AuditPage>> {
    let limit = query.limit.unwrap_or(DEFAULT_LIMIT).clamp(1, MAX_LIMIT);
    let offset = query.offset.unwrap_or(0).max(0);
    let start = |d: NaiveDate| d.and_time(NaiveTime::MIN).and_utc();
    let filter = store::AuditFilter {
        actor_id: given(&query.actor),
        kind: given(&query.kind),
        from: day("From", query.from.as_deref())?.map(start),
        until: day("To", query.to.as_deref())?.and_then(|d| d.succ_opt()).map(start),
        text: given(&query.q),
    };
    let mut items = store::audit_page(viewer.pool(), &filter, limit + 1, offset).await?;
    let has_more = items.len() as i64 > limit;
    items.truncate(limit as usize);
    Ok(Json(AuditPage { items, has_more }))
}
