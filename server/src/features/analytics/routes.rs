//! `/api/analytics`: the dashboard's sections for a period (members of Command → Analytics,
//! a scoped commander's own department only), each answer cached per agency until the agency's
//! next write (`access::cache`), and every agency's figures for the root's High Command.

use std::{future::Future, time::Duration};

use axum::{
    http::header,
    response::{IntoResponse, Response},
    Json,
};
use chrono::Utc;
use futures::{stream, StreamExt};
use serde::Serialize;

use crate::{
    access::{
        guard::{nav_item, Guard, RootHighCommand},
        scope::{self, Scope},
        Viewer,
    },
    error::{bad_request, forbidden, not_found, AppError, AppResult},
    extract::{PathParams, QueryParams, Services},
    features::analytics::{
        model::{
            outside_scope, unknown_department, unknown_section, AgenciesOverview, AgencyLine,
            AnalyticsPeriod, DutyAnswer, Period, PeriodQuery, ReportsAnswer, Section,
            StrengthAnswer, TrainingAnswer,
        },
        store,
    },
    shared::Portal,
    tenancy::{Agency, TenancyState},
};

/// The name analytics answers are cached under (with the section, period and department).
const CACHED_AS: &str = "analytics";
/// Agencies the overview reads at once.
pub const OVERVIEW_PARALLEL: usize = 8;
/// How long the overview waits for one agency before listing it as not read.
pub const OVERVIEW_TIMEOUT: Duration = Duration::from_secs(2);
pub const TIMED_OUT: &str = "Not read: the agency did not answer within 2 seconds.";
pub const NOT_READ: &str = "Not read: the agency's database could not be reached.";

/// The period asked for, limited to the viewer's department when their command is scoped to
/// it (`access::scope`), with the department's name.
async fn period_for(viewer: &Viewer, query: &PeriodQuery) -> AppResult<(Period, Option<String>)> {
    let mut period = query.validate(Utc::now().date_naive()).map_err(bad_request)?;
    let scope = scope::of(viewer).await?;
    if let Scope::Department { id, name } = &scope {
        match period.department.as_deref() {
            None => period.department = Some(id.clone()),
            Some(asked) if !scope.reaches(Some(asked)) => {
                return Err(forbidden(outside_scope(name)))
            }
            Some(_) => {}
        }
    }
    let name = match period.department.as_deref() {
        None => None,
        Some(id) => {
            let mut conn = viewer.pool().acquire().await?;
            let name = store::department_name(&mut conn, id).await?;
            Some(name.ok_or_else(|| bad_request(unknown_department(id)))?)
        }
    };
    Ok((period, name))
}

/// The section's answer from the agency's cache, or `load`'s (kept until the agency's next
/// write, a minute at most).
async fn answer<T, F>(
    viewer: &Viewer,
    section: Section,
    period: &Period,
    load: F,
) -> AppResult<Response>
where
    T: Serialize,
    F: Future<Output = sqlx::Result<T>>,
{
    let key = period.cache_key(section);
    let answer = viewer.access.agency_json_keyed(&viewer.agency, CACHED_AS, key, load).await?;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer.body().clone()).into_response())
}

/// Strength: members by rank and by department now; hires, departures, promotions and
/// demotions per month of the period.
#[utoipa::path(get, operation_id = "get_strength_analytics", path = "/api/analytics/strength",
    tag = "analytics", params(PeriodQuery),
    responses((status = 200, body = StrengthAnswer), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn strength(
    Guard(viewer, _): Guard<nav_item::Analytics>,
    QueryParams(query): QueryParams<PeriodQuery>,
) -> AppResult<Response> {
    let (period, name) = period_for(&viewer, &query).await?;
    let levels: Vec<String> = viewer.agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    let load = async {
        let mut conn = viewer.pool().acquire().await?;
        let department = period.department.as_deref();
        let by_rank = store::members_by_rank(&mut conn, department).await?;
        let by_department = store::members_by_department(&mut conn, department).await?;
        let months = store::changes_by_month(&mut conn, &period, &levels).await?;
        let shown = AnalyticsPeriod::new(&period, name);
        Ok(StrengthAnswer::new(shown, &period, by_rank, by_department, months))
    };
    answer(&viewer, Section::Strength, &period, load).await
}

/// Reports: arrests, tickets and use of force per ISO week (by incident day); use of force by
/// type of force and by outcome; each reviewer's turnaround (median and 90th percentile hours
/// from filing to decision); the share of arrest decisions that returned the report.
#[utoipa::path(get, operation_id = "get_reports_analytics", path = "/api/analytics/reports",
    tag = "analytics", params(PeriodQuery),
    responses((status = 200, body = ReportsAnswer), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn reports(
    Guard(viewer, _): Guard<nav_item::Analytics>,
    QueryParams(query): QueryParams<PeriodQuery>,
) -> AppResult<Response> {
    let (period, name) = period_for(&viewer, &query).await?;
    let load = async {
        let mut conn = viewer.pool().acquire().await?;
        let weeks = store::reports_by_week(&mut conn, &period).await?;
        let force_types = store::force_types(&mut conn, &period).await?;
        let outcomes = store::outcomes(&mut conn, &period).await?;
        let reviewers = store::turnaround(&mut conn, &period).await?;
        let returned = store::returned(&mut conn, &period).await?;
        let shown = AnalyticsPeriod::new(&period, name);
        Ok(ReportsAnswer::new(shown, &period, weeks, force_types, outcomes, reviewers, returned))
    };
    answer(&viewer, Section::Reports, &period, load).await
}

/// Training: sessions scheduled and completed and qualifications granted per ISO week, the
/// median completion time, and qualifications expiring within 30 days of the period's end.
#[utoipa::path(get, operation_id = "get_training_analytics", path = "/api/analytics/training",
    tag = "analytics", params(PeriodQuery),
    responses((status = 200, body = TrainingAnswer), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn training(
    Guard(viewer, _): Guard<nav_item::Analytics>,
    QueryParams(query): QueryParams<PeriodQuery>,
) -> AppResult<Response> {
    let (period, name) = period_for(&viewer, &query).await?;
    let load = async {
        let mut conn = viewer.pool().acquire().await?;
        let weeks = store::training_by_week(&mut conn, &period).await?;
        let completion = store::completion(&mut conn, &period).await?;
        let expiring = store::expiring(&mut conn, &period).await?;
        let shown = AnalyticsPeriod::new(&period, name);
        Ok(TrainingAnswer::new(shown, &period, weeks, completion, expiring))
    };
    answer(&viewer, Section::Training, &period, load).await
}

/// Duty: hours per ISO week by department, member-hours on duty by hour of the day (UTC), and
/// the members inactive now by the agency's setting.
#[utoipa::path(get, operation_id = "get_duty_analytics", path = "/api/analytics/duty",
    tag = "analytics", params(PeriodQuery),
    responses((status = 200, body = DutyAnswer), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn duty(
    Guard(viewer, _): Guard<nav_item::Analytics>,
    QueryParams(query): QueryParams<PeriodQuery>,
) -> AppResult<Response> {
    let (period, name) = period_for(&viewer, &query).await?;
    let load = async {
        let mut conn = viewer.pool().acquire().await?;
        let totals = store::duty_totals(&mut conn, &period).await?;
        let weeks = store::duty_by_week(&mut conn, &period).await?;
        let hours = store::duty_by_hour(&mut conn, &period).await?;
        let inactive = store::inactive(&mut conn, period.department.as_deref()).await?;
        let shown = AnalyticsPeriod::new(&period, name);
        Ok(DutyAnswer::new(shown, &period, totals, weeks, hours, inactive))
    };
    answer(&viewer, Section::Duty, &period, load).await
}

/// Any other section: 404 with the ones there are (after the page's own permission).
pub async fn unknown(
    Guard(_viewer, _): Guard<nav_item::Analytics>,
    PathParams(section): PathParams<String>,
) -> AppError {
    not_found(unknown_section(&section))
}

/// One agency's line, read through its own connection within [`OVERVIEW_TIMEOUT`].
async fn line(state: &impl TenancyState, agency: &Agency) -> AgencyLine {
    let timeout_ms = OVERVIEW_TIMEOUT.as_millis() as u64;
    let read = async {
        let db = state.pools().get(agency).await?;
        AppResult::Ok(store::agency_figures(&db, timeout_ms).await?)
    };
    // Postgres cancels the statement at the timeout; this one also bounds taking a connection.
    let outcome = tokio::time::timeout(OVERVIEW_TIMEOUT + Duration::from_secs(1), read).await;
    let mut line = AgencyLine {
        slug: agency.slug.clone(),
        name: agency.name.clone(),
        hidden: agency.flags.hidden,
        members: None,
        active_30_days: None,
        reports_30_days: None,
        pending_reviews: None,
        error: None,
    };
    match outcome {
        Ok(Ok(figures)) => {
            line.members = Some(figures.members);
            line.active_30_days = Some(figures.active_30_days);
            line.reports_30_days = Some(figures.reports_30_days);
            line.pending_reviews = Some(figures.pending_reviews);
        }
        Ok(Err(AppError::Database(sqlx::Error::Database(db))))
            if db.code().as_deref() == Some("57014") =>
        {
            line.error = Some(TIMED_OUT.into());
        }
        Ok(Err(AppError::Database(sqlx::Error::PoolTimedOut))) | Err(_) => {
            line.error = Some(TIMED_OUT.into());
        }
        Ok(Err(err)) => {
            tracing::warn!(agency = %agency.slug, error = %err, "analytics overview could not read an agency");
            line.error = Some(NOT_READ.into());
        }
    }
    line
}

/// Every agency on one page (High Command of the root agency): members, members active in
/// the last 30 days, reports of those days and reviews waiting. Each agency is read through
/// its own connection, eight at a time, within two seconds; one that does not answer is
/// listed with its error, not left out.
#[utoipa::path(get, operation_id = "get_agencies_analytics", path = "/api/analytics/agencies",
    tag = "analytics",
    responses((status = 200, body = AgenciesOverview), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn agencies<S: Portal>(
    RootHighCommand(_viewer): RootHighCommand,
    Services(state): Services<S>,
) -> AppResult<Json<AgenciesOverview>> {
    let snapshot = state.registry().snapshot().await?;
    let mut lines: Vec<(usize, AgencyLine)> = stream::iter(snapshot.all().to_vec())
        .enumerate()
        .map(|(i, agency)| {
            let state = state.clone();
            async move { (i, line(&state, &agency).await) }
        })
        .buffer_unordered(OVERVIEW_PARALLEL)
        .collect()
        .await;
    lines.sort_by_key(|(i, _)| *i);
    let agencies: Vec<AgencyLine> = lines.into_iter().map(|(_, line)| line).collect();
    let failed = agencies.iter().filter(|a| a.error.is_some()).count();
    Ok(Json(AgenciesOverview { agencies, failed }))
}
