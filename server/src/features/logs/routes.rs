//! `GET /api/logs/roster` and `GET /api/audit`.

use axum::Json;
use chrono::{NaiveDate, NaiveTime};
use serde::Deserialize;
use utoipa::IntoParams;

use serde_json::json;

use crate::{
    access::guard::{nav_item, page, Guard, HighCommand},
    error::{bad_request, AppResult},
    extract::{JsonBody, QueryParams},
    features::logs::{
        model::{AuditPage, AuditSettings, AuditSettingsInput, LogItem, LogPage},
        store,
    },
    shared::audit::{self, Event},
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

/// How long the agency keeps its audit log (members of the Logs page).
#[utoipa::path(get, path = "/api/audit/settings", tag = "roster",
    responses((status = 200, body = AuditSettings), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn audit_settings(
    Guard(viewer, _): Guard<nav_item::Logs>,
) -> AppResult<Json<AuditSettings>> {
    let retention_days = store::retention_days(viewer.pool()).await?;
    Ok(Json(AuditSettings { retention_days, can_edit: viewer.is_high_command }))
}

/// Changes how long the agency keeps its audit log (High Command); the change is itself
/// recorded. The next pruning deletes what is older.
#[utoipa::path(put, path = "/api/audit/settings", tag = "roster", request_body = AuditSettingsInput,
    responses((status = 200, body = AuditSettings), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn put_audit_settings(
    HighCommand(viewer, _): HighCommand<page::AuditSettings>,
    JsonBody(input): JsonBody<AuditSettingsInput>,
) -> AppResult<Json<AuditSettings>> {
    let days = input.validate().map_err(bad_request)?;
    let mut tx = viewer.pool().begin().await?;
    let before = store::set_retention_days(&mut tx, days).await?;
    let event = Event::updated(
        "audit_settings",
        "audit_settings",
        "Audit log settings",
        &json!({"retentionDays": before}),
        &json!({"retentionDays": days}),
    );
    if !event.diff.is_empty() {
        audit::record(&mut tx, &viewer.actor(), &event).await?;
    }
    tx.commit().await?;
    Ok(Json(AuditSettings { retention_days: days, can_edit: true }))
}
