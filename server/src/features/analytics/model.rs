//! Analytics answers as the API gives them, the period they are asked for and its checks, and
//! the series they are laid out on (every week or month of the period, empty ones included).

use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    shared::review::{Flow, ARREST, USE_OF_FORCE},
    validate::{date_in_range, limits, max_len},
};

pub const BAD_FROM: &str = "From must be a date such as 2026-11-20.";
pub const BAD_TO: &str = "To must be a date such as 2026-11-20.";
pub const ENDS_BEFORE: &str = "To must be on or after From.";
pub const TOO_LONG: &str = "A period spans at most 366 days.";

/// The most days one period spans (a leap year, both ends included).
pub const MAX_DAYS: i64 = 366;
/// The days of the period when none is given (today and the 29 before it).
pub const DEFAULT_DAYS: i64 = 30;
/// How far past the period's last day qualifications count as expiring.
pub const EXPIRING_DAYS: i64 = 30;

/// What each section says when its sources hold nothing in the period.
pub const NO_REPORTS: &str = "No reports in this period";
pub const NO_ROSTER_CHANGES: &str = "No roster changes in this period";
pub const NO_TRAINING: &str = "No training in this period";
pub const NO_DUTY: &str = "No duty in this period";

/// The sentence refusing a department outside a scoped commander's own.
pub fn outside_scope(own: &str) -> String {
    format!("You command {own} only; analytics show its figures and no other department's.")
}

pub fn unknown_department(id: &str) -> String {
    format!("There is no department '{id}'.")
}

pub fn unknown_section(name: &str) -> String {
    format!("There is no analytics section '{name}'; use strength, reports, training or duty.")
}

/// The sections of the dashboard (`/api/analytics/{section}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    Strength,
    Reports,
    Training,
    Duty,
}

impl Section {
    pub fn name(self) -> &'static str {
        match self {
            Self::Strength => "strength",
            Self::Reports => "reports",
            Self::Training => "training",
            Self::Duty => "duty",
        }
    }
}

/// `?from=&to=&department=` of every section.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PeriodQuery {
    /// The period's first day (`2026-11-01`); by default 29 days before `to`.
    pub from: Option<String>,
    /// Its last day, included (`2026-11-30`); by default today (UTC), or 29 days after `from`
    /// when only `from` is given (never past today). At most 366 days after `from`.
    pub to: Option<String>,
    /// One department's figures (its id). A commander scoped to their department sees theirs
    /// whatever is asked.
    #[param(max_length = 60)]
    pub department: Option<String>,
}

/// A checked period: both days included, at most [`MAX_DAYS`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub department: Option<String>,
}

fn day(raw: Option<&str>, refusal: &str) -> Result<Option<NaiveDate>, String> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(text) => {
            NaiveDate::parse_from_str(text, "%Y-%m-%d").map(Some).map_err(|_| refusal.to_owned())
        }
    }
}

impl PeriodQuery {
    /// The period asked for, as of `today` (UTC).
    pub fn validate(&self, today: NaiveDate) -> Result<Period, String> {
        let from = day(self.from.as_deref(), BAD_FROM)?;
        let to = day(self.to.as_deref(), BAD_TO)?;
        let span = Duration::days(DEFAULT_DAYS - 1);
        let (from, to) = match (from, to) {
            (Some(from), Some(to)) => (from, to),
            (Some(from), None) => (from, (from + span).min(today).max(from)),
            (None, Some(to)) => (to - span, to),
            (None, None) => (today - span, today),
        };
        date_in_range("From", from)?;
        date_in_range("To", to)?;
        if to < from {
            return Err(ENDS_BEFORE.into());
        }
        if (to - from).num_days() + 1 > MAX_DAYS {
            return Err(TOO_LONG.into());
        }
        let department =
            self.department.as_deref().map(str::trim).filter(|d| !d.is_empty()).map(str::to_owned);
        max_len("Department", department.as_deref().unwrap_or_default(), limits::SHORT_TEXT)?;
        Ok(Period { from, to, department })
    }
}

impl Period {
    /// Days in the period, both ends included.
    pub fn days(&self) -> i64 {
        (self.to - self.from).num_days() + 1
    }

    /// What the cache tells this answer by (with the agency and the section).
    pub fn cache_key(&self, section: Section) -> String {
        format!(
            "{}:{}:{}:{}",
            section.name(),
            self.from,
            self.to,
            self.department.as_deref().unwrap_or_default()
        )
    }

    /// The last day qualifications count as expiring.
    pub fn expiring_until(&self) -> NaiveDate {
        self.to + Duration::days(EXPIRING_DAYS)
    }
}

/// The period an answer covers, and the department it is limited to.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsPeriod {
    pub from: NaiveDate,
    /// Included.
    pub to: NaiveDate,
    pub days: i64,
    /// `null`: every department.
    pub department_id: Option<String>,
    pub department_name: Option<String>,
}

impl AnalyticsPeriod {
    pub fn new(period: &Period, department_name: Option<String>) -> Self {
        Self {
            from: period.from,
            to: period.to,
            days: period.days(),
            department_id: period.department.clone(),
            department_name,
        }
    }
}

/// An ISO week as charts label it (`2026-W47`).
pub fn iso_label(day: NaiveDate) -> String {
    let week = day.iso_week();
    format!("{}-W{:02}", week.year(), week.week())
}

/// The Monday of `day`'s ISO week.
pub fn monday(day: NaiveDate) -> NaiveDate {
    day - Duration::days(i64::from(day.weekday().num_days_from_monday()))
}

/// The Mondays of every ISO week the period touches (its first and last may be partial).
pub fn weeks(period: &Period) -> Vec<NaiveDate> {
    let mut out = Vec::new();
    let mut week = monday(period.from);
    while week <= period.to {
        out.push(week);
        week += Duration::days(7);
    }
    out
}

/// The first days of every month the period touches.
pub fn months(period: &Period) -> Vec<NaiveDate> {
    let mut out = Vec::new();
    let mut month = period.from.with_day(1).unwrap_or(period.from);
    while month <= period.to {
        out.push(month);
        month = month.checked_add_months(chrono::Months::new(1)).unwrap_or(NaiveDate::MAX);
    }
    out
}

// ---------------------------------------------------------------------------------------
// Strength

/// Members holding one rank now (`rankId` `null`: members without a rank).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RankStrength {
    pub rank_id: Option<String>,
    pub rank: Option<String>,
    pub level: Option<String>,
    pub department_id: Option<String>,
    pub department: Option<String>,
    /// Everyone on the roster at this rank, whatever their status.
    pub members: i64,
    /// Those whose status is Active.
    pub active: i64,
}

/// Members of one department now (`departmentId` `null`: members without one).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentStrength {
    pub department_id: Option<String>,
    pub department: Option<String>,
    pub members: i64,
    pub active: i64,
}

/// Roster changes of one month.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MonthChanges {
    /// The month's first day.
    pub month: NaiveDate,
    /// Members whose hire date falls in the month (and in the period).
    pub hires: i64,
    /// Status changes to Inactive (the roster keeps people; nobody is deleted).
    pub departures: i64,
    /// Rank changes to a rank of a higher level.
    pub promotions: i64,
    /// Rank changes to a rank of a lower level.
    pub demotions: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeTotals {
    pub hires: i64,
    pub departures: i64,
    pub promotions: i64,
    pub demotions: i64,
}

/// `GET /api/analytics/strength`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StrengthAnswer {
    pub period: AnalyticsPeriod,
    /// No roster changes in the period (the members now are answered all the same).
    pub empty: bool,
    /// "No roster changes in this period" when `empty`.
    pub empty_message: Option<String>,
    /// On the roster now (the department's, when one is asked for), and of those Active.
    pub members: i64,
    pub active: i64,
    /// Every rank of the structure (none held: 0), in the structure's order, then members
    /// without a rank.
    pub by_rank: Vec<RankStrength>,
    pub by_department: Vec<DepartmentStrength>,
    /// Every month the period touches, oldest first.
    pub months: Vec<MonthChanges>,
    pub totals: ChangeTotals,
}

impl StrengthAnswer {
    pub fn new(
        period: AnalyticsPeriod,
        range: &Period,
        by_rank: Vec<RankStrength>,
        by_department: Vec<DepartmentStrength>,
        changed: Vec<MonthChanges>,
    ) -> Self {
        let found: BTreeMap<NaiveDate, MonthChanges> =
            changed.into_iter().map(|m| (m.month, m)).collect();
        let months: Vec<MonthChanges> = months(range)
            .into_iter()
            .map(|month| {
                found.get(&month).cloned().unwrap_or(MonthChanges { month, ..Default::default() })
            })
            .collect();
        let totals = ChangeTotals {
            hires: months.iter().map(|m| m.hires).sum(),
            departures: months.iter().map(|m| m.departures).sum(),
            promotions: months.iter().map(|m| m.promotions).sum(),
            demotions: months.iter().map(|m| m.demotions).sum(),
        };
        let empty = totals == ChangeTotals::default();
        Self {
            period,
            empty,
            empty_message: empty.then(|| NO_ROSTER_CHANGES.to_owned()),
            members: by_department.iter().map(|d| d.members).sum(),
            active: by_department.iter().map(|d| d.active).sum(),
            by_rank,
            by_department,
            months,
            totals,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Reports

/// Reports of one ISO week, by the day of the incident.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ReportWeek {
    /// The week's Monday.
    pub week: NaiveDate,
    /// `2026-W47`.
    #[sqlx(default)]
    pub iso_week: String,
    pub arrests: i64,
    pub tickets: i64,
    pub use_of_force: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportTotals {
    pub arrests: i64,
    pub tickets: i64,
    pub use_of_force: i64,
}

/// Use-of-force reports naming one type of force (a report naming two counts in both).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ForceTypeCount {
    pub force_type: String,
    pub reports: i64,
}

/// Use-of-force reports in one review status (pending, under_review, in_policy,
/// out_of_policy).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct OutcomeCount {
    pub status: String,
    pub reports: i64,
}

/// One reviewer's decisions in the period and the hours from filing (or refiling after a
/// return) to each decision.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ReviewerTurnaround {
    pub reviewer: String,
    pub decisions: i64,
    /// Two decimals; interpolated between the two middle decisions (`percentile_cont`).
    pub median_hours: f64,
    pub p90_hours: f64,
}

/// Arrest review decisions in the period, and how many returned the report for correction.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ReturnedRate {
    pub decisions: i64,
    pub returned: i64,
    /// `returned / decisions`, four decimals; `null` without decisions.
    #[sqlx(skip)]
    pub rate: Option<f64>,
}

/// `GET /api/analytics/reports`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportsAnswer {
    pub period: AnalyticsPeriod,
    /// No report of the period and no review decision in it.
    pub empty: bool,
    /// "No reports in this period" when `empty`.
    pub empty_message: Option<String>,
    pub totals: ReportTotals,
    /// Every ISO week the period touches, oldest first.
    pub weeks: Vec<ReportWeek>,
    /// Most named first.
    pub force_types: Vec<ForceTypeCount>,
    /// Every use-of-force status, in the review's order.
    pub outcomes: Vec<OutcomeCount>,
    /// Most decisions first.
    pub reviewers: Vec<ReviewerTurnaround>,
    pub returned: ReturnedRate,
}

/// The statuses of a reviewed kind that await a decision: the first, and the one opening a
/// report moves it to. A decision moves a report from one of them to any other status.
pub fn open_statuses(flow: &Flow) -> Vec<&'static str> {
    let mut open = vec![flow.initial];
    if let Some((_, opened)) = flow.on_open {
        open.push(opened);
    }
    open
}

/// The statuses a decision leads to (every status that is not open).
pub fn decided_statuses(flow: &Flow) -> Vec<&'static str> {
    let open = open_statuses(flow);
    flow.statuses.iter().copied().filter(|s| !open.contains(s)).collect()
}

/// The kinds whose reviews are timed: use of force and arrests.
pub const REVIEWED: [&Flow; 2] = [&USE_OF_FORCE, &ARREST];

/// The status of an arrest returned for correction.
pub fn returned_status() -> &'static str {
    ARREST.actions.iter().find(|a| a.name == "return").map_or("returned", |a| a.to)
}

impl ReportsAnswer {
    pub fn new(
        period: AnalyticsPeriod,
        range: &Period,
        counted: Vec<ReportWeek>,
        force_types: Vec<ForceTypeCount>,
        outcomes: Vec<OutcomeCount>,
        reviewers: Vec<ReviewerTurnaround>,
        mut returned: ReturnedRate,
    ) -> Self {
        let found: BTreeMap<NaiveDate, ReportWeek> =
            counted.into_iter().map(|w| (w.week, w)).collect();
        let weeks: Vec<ReportWeek> = weeks(range)
            .into_iter()
            .map(|week| ReportWeek {
                iso_week: iso_label(week),
                ..found.get(&week).cloned().unwrap_or(ReportWeek { week, ..Default::default() })
            })
            .collect();
        let totals = ReportTotals {
            arrests: weeks.iter().map(|w| w.arrests).sum(),
            tickets: weeks.iter().map(|w| w.tickets).sum(),
            use_of_force: weeks.iter().map(|w| w.use_of_force).sum(),
        };
        let outcomes = USE_OF_FORCE
            .statuses
            .iter()
            .map(|status| OutcomeCount {
                status: (*status).to_owned(),
                reports: outcomes.iter().find(|o| o.status == *status).map_or(0, |o| o.reports),
            })
            .collect();
        returned.rate = (returned.decisions > 0).then(|| {
            (returned.returned as f64 / returned.decisions as f64 * 10_000.0).round() / 10_000.0
        });
        let empty = totals == ReportTotals::default() && reviewers.is_empty();
        Self {
            period,
            empty,
            empty_message: empty.then(|| NO_REPORTS.to_owned()),
            totals,
            weeks,
            force_types,
            outcomes,
            reviewers,
            returned,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Training

/// Training of one ISO week.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TrainingWeek {
    pub week: NaiveDate,
    #[sqlx(default)]
    pub iso_week: String,
    /// Sessions scheduled in the week (by their scheduled time, else when they were made).
    pub scheduled: i64,
    /// Sessions completed in the week.
    pub completed: i64,
    /// Qualifications granted in the week (by the day of each holding's latest grant).
    pub qualifications_granted: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrainingTotals {
    pub scheduled: i64,
    pub completed: i64,
    pub qualifications_granted: i64,
}

/// How long sessions completed in the period took.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct CompletionTime {
    pub sessions: i64,
    /// Median hours from a session's scheduled time (when it was made, if it has none) to its
    /// completion; one completed before its scheduled time counts 0. `null` without sessions.
    pub median_hours: Option<f64>,
}

/// Members whose holding of one qualification expires soon.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct QualificationCount {
    pub qualification_id: i64,
    pub name: String,
    pub members: i64,
}

/// Holdings (not revoked) that expire from the period's last day to 30 days after it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpiringHoldings {
    pub from: NaiveDate,
    pub until: NaiveDate,
    pub total: i64,
    /// Most holdings first.
    pub by_qualification: Vec<QualificationCount>,
}

/// `GET /api/analytics/training`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrainingAnswer {
    pub period: AnalyticsPeriod,
    /// No session scheduled or completed and no qualification granted in the period.
    pub empty: bool,
    /// "No training in this period" when `empty`.
    pub empty_message: Option<String>,
    pub totals: TrainingTotals,
    pub weeks: Vec<TrainingWeek>,
    pub completion: CompletionTime,
    pub expiring: ExpiringHoldings,
}

impl TrainingAnswer {
    pub fn new(
        period: AnalyticsPeriod,
        range: &Period,
        counted: Vec<TrainingWeek>,
        completion: CompletionTime,
        by_qualification: Vec<QualificationCount>,
    ) -> Self {
        let found: BTreeMap<NaiveDate, TrainingWeek> =
            counted.into_iter().map(|w| (w.week, w)).collect();
        let weeks: Vec<TrainingWeek> = weeks(range)
            .into_iter()
            .map(|week| TrainingWeek {
                iso_week: iso_label(week),
                ..found.get(&week).cloned().unwrap_or(TrainingWeek { week, ..Default::default() })
            })
            .collect();
        let totals = TrainingTotals {
            scheduled: weeks.iter().map(|w| w.scheduled).sum(),
            completed: weeks.iter().map(|w| w.completed).sum(),
            qualifications_granted: weeks.iter().map(|w| w.qualifications_granted).sum(),
        };
        let empty = totals == TrainingTotals::default();
        Self {
            period,
            empty,
            empty_message: empty.then(|| NO_TRAINING.to_owned()),
            totals,
            weeks,
            completion,
            expiring: ExpiringHoldings {
                from: range.to,
                until: range.expiring_until(),
                total: by_qualification.iter().map(|q| q.members).sum(),
                by_qualification,
            },
        }
    }
}

// ---------------------------------------------------------------------------------------
// Duty

/// Hours of one department in one week, as the store groups them.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct WeekDepartmentHours {
    pub week: NaiveDate,
    pub department_id: Option<String>,
    pub department: Option<String>,
    pub hours: f64,
}

/// Hours on duty of one department (`departmentId` `null`: members without one).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentHours {
    pub department_id: Option<String>,
    pub department: Option<String>,
    pub hours: f64,
}

/// Hours on duty in one ISO week (inside the period), by the week each shift began.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DutyWeek {
    pub week: NaiveDate,
    pub iso_week: String,
    pub hours: f64,
    /// Departments with hours that week, by name.
    pub departments: Vec<DepartmentHours>,
}

/// Time on duty in one hour of the day (UTC), summed over the period.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct HourOfDay {
    /// 0 to 23, UTC.
    pub hour: i32,
    /// Member-hours on duty in that hour over the period (two members for half an hour: 1).
    pub member_hours: f64,
    /// How many members were on duty in that hour on an average day of the period.
    #[sqlx(skip)]
    pub average_on_duty: f64,
}

/// Shifts that share time with the period (clipped to it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct DutyTotals {
    pub hours: f64,
    pub shifts: i64,
    /// Members with any duty in the period.
    pub members: i64,
}

/// Active members without duty for the agency's "inactive after" days, now.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct InactiveMembers {
    /// The agency's setting; `null`: nobody counts as inactive (and `members` is `null`).
    pub after_days: Option<i32>,
    pub members: Option<i64>,
}

/// `GET /api/analytics/duty`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DutyAnswer {
    pub period: AnalyticsPeriod,
    /// No shift shares time with the period.
    pub empty: bool,
    /// "No duty in this period" when `empty`.
    pub empty_message: Option<String>,
    pub totals: DutyTotals,
    pub weeks: Vec<DutyWeek>,
    /// 24 hours, 0 first.
    pub hours_of_day: Vec<HourOfDay>,
    pub inactive: InactiveMembers,
}

impl DutyAnswer {
    pub fn new(
        period: AnalyticsPeriod,
        range: &Period,
        totals: DutyTotals,
        grouped: Vec<WeekDepartmentHours>,
        hours: Vec<HourOfDay>,
        inactive: InactiveMembers,
    ) -> Self {
        let weeks = weeks(range)
            .into_iter()
            .map(|week| {
                let departments: Vec<DepartmentHours> = grouped
                    .iter()
                    .filter(|g| g.week == week)
                    .map(|g| DepartmentHours {
                        department_id: g.department_id.clone(),
                        department: g.department.clone(),
                        hours: g.hours,
                    })
                    .collect();
                let total = departments.iter().fold(0.0, |sum, d| sum + d.hours);
                DutyWeek {
                    week,
                    iso_week: iso_label(week),
                    hours: (total * 100.0).round() / 100.0,
                    departments,
                }
            })
            .collect();
        let days = range.days() as f64;
        let hours_of_day = (0..24)
            .map(|hour| {
                let member_hours =
                    hours.iter().find(|h| h.hour == hour).map_or(0.0, |h| h.member_hours);
                HourOfDay {
                    hour,
                    member_hours,
                    average_on_duty: (member_hours / days * 100.0).round() / 100.0,
                }
            })
            .collect();
        let empty = totals.shifts == 0;
        Self {
            period,
            empty,
            empty_message: empty.then(|| NO_DUTY.to_owned()),
            totals,
            weeks,
            hours_of_day,
            inactive,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Every agency (the root's High Command)

/// The last days the overview counts.
pub const OVERVIEW_DAYS: i32 = 30;

/// One agency's figures as its own schema holds them.
#[derive(Debug, Clone, Default, PartialEq, sqlx::FromRow)]
pub struct AgencyFigures {
    pub members: i64,
    pub active_30_days: i64,
    pub reports_30_days: i64,
    pub pending_reviews: i64,
}

/// One line of the overview. Figures are `null` and `error` says why when the agency could not
/// be read in time.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgencyLine {
    pub slug: String,
    pub name: String,
    pub hidden: bool,
    /// On the roster, whatever their status.
    pub members: Option<i64>,
    /// Members on duty in the last 30 days or who filed a report of an incident in them.
    #[serde(rename = "active30Days")]
    pub active_30_days: Option<i64>,
    /// Reports (arrests, tickets, use of force) of incidents in the last 30 days, today
    /// included.
    #[serde(rename = "reports30Days")]
    pub reports_30_days: Option<i64>,
    /// Use-of-force and arrest reports awaiting a decision (pending or under review).
    pub pending_reviews: Option<i64>,
    pub error: Option<String>,
}

/// `GET /api/analytics/agencies`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgenciesOverview {
    /// Every agency, hidden ones too, in the registry's order.
    pub agencies: Vec<AgencyLine>,
    /// Agencies that could not be read (listed with their `error`).
    pub failed: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    fn query(from: Option<&str>, to: Option<&str>) -> PeriodQuery {
        PeriodQuery { from: from.map(Into::into), to: to.map(Into::into), department: None }
    }

    #[test]
    fn a_period_defaults_to_the_last_30_days_and_is_bounded() {
        let today = d("2026-11-30");
        let last_30 = query(None, None).validate(today).unwrap();
        assert_eq!((last_30.from, last_30.to, last_30.days()), (d("2026-11-01"), today, 30));
        let from_only = query(Some("2026-11-20"), None).validate(today).unwrap();
        assert_eq!((from_only.from, from_only.to), (d("2026-11-20"), today), "never past today");
        let to_only = query(None, Some("2026-06-30")).validate(today).unwrap();
        assert_eq!(to_only.from, d("2026-06-01"));
        let leap = query(Some("2024-01-01"), Some("2024-12-31")).validate(today).unwrap();
        assert_eq!(leap.days(), 366);
        let one = query(Some("2026-11-05"), Some("2026-11-05")).validate(today).unwrap();
        assert_eq!(one.days(), 1);

        let refused = |from, to| query(from, to).validate(today).unwrap_err();
        assert_eq!(refused(Some("2025-01-01"), Some("2026-01-02")), TOO_LONG);
        assert!(query(Some("2025-01-01"), Some("2026-01-01")).validate(today).is_ok(), "366 days");
        assert_eq!(refused(Some("2026-11-05"), Some("2026-11-04")), ENDS_BEFORE);
        assert_eq!(refused(Some("yesterday"), None), BAD_FROM);
        assert_eq!(refused(None, Some("2026-02-30")), BAD_TO);
        assert_eq!(
            refused(Some("1800-01-01"), Some("1800-01-02")),
            "From must be between 1900 and 2100."
        );
        let long = PeriodQuery { department: Some("x".repeat(61)), ..query(None, None) };
        assert_eq!(long.validate(today).unwrap_err(), "Department must be at most 60 characters.");
        let blank = PeriodQuery { department: Some("  ".into()), ..query(None, None) };
        assert_eq!(blank.validate(today).unwrap().department, None);
    }

    #[test]
    fn series_cover_every_week_and_month_the_period_touches() {
        let period = Period { from: d("2026-11-04"), to: d("2026-11-17"), department: None };
        assert_eq!(weeks(&period), [d("2026-11-02"), d("2026-11-09"), d("2026-11-16")]);
        assert_eq!(iso_label(d("2026-11-16")), "2026-W47");
        assert_eq!(iso_label(d("2026-12-28")), "2026-W53");
        assert_eq!(iso_label(d("2027-01-01")), "2026-W53", "ISO years begin on a Monday");
        let year = Period { from: d("2025-12-31"), to: d("2026-02-01"), department: None };
        assert_eq!(months(&year), [d("2025-12-01"), d("2026-01-01"), d("2026-02-01")]);
        assert_eq!(period.cache_key(Section::Duty), "duty:2026-11-04:2026-11-17:");
    }

    #[test]
    fn decisions_leave_the_statuses_that_await_one() {
        assert_eq!(open_statuses(&ARREST), ["pending", "under_review"]);
        assert_eq!(decided_statuses(&ARREST), ["approved", "returned"]);
        assert_eq!(decided_statuses(&USE_OF_FORCE), ["in_policy", "out_of_policy"]);
        assert_eq!(returned_status(), "returned");
    }

    fn period(from: &str, to: &str) -> (AnalyticsPeriod, Period) {
        let range = Period { from: d(from), to: d(to), department: None };
        (AnalyticsPeriod::new(&range, None), range)
    }

    #[test]
    fn answers_fill_empty_weeks_and_say_when_nothing_happened() {
        let (p, range) = period("2026-11-02", "2026-11-15");
        let counted = vec![ReportWeek {
            week: d("2026-11-09"),
            iso_week: String::new(),
            arrests: 2,
            tickets: 1,
            use_of_force: 0,
        }];
        let returned = ReturnedRate { decisions: 3, returned: 1, rate: None };
        let answer =
            ReportsAnswer::new(p.clone(), &range, counted, vec![], vec![], vec![], returned);
        assert_eq!(answer.weeks.len(), 2);
        assert_eq!((answer.weeks[0].arrests, answer.weeks[1].arrests), (0, 2));
        assert_eq!(answer.weeks[1].iso_week, "2026-W46");
        assert_eq!(answer.totals, ReportTotals { arrests: 2, tickets: 1, use_of_force: 0 });
        assert_eq!(answer.returned.rate, Some(0.3333));
        assert_eq!(answer.outcomes.len(), 4, "every status, 0 when none");
        assert!(!answer.empty);

        let none = ReportsAnswer::new(
            p.clone(),
            &range,
            vec![],
            vec![],
            vec![],
            vec![],
            ReturnedRate::default(),
        );
        assert!(none.empty);
        assert_eq!(none.empty_message.as_deref(), Some(NO_REPORTS));
        assert_eq!(none.returned.rate, None);

        let duty = DutyAnswer::new(
            p,
            &range,
            DutyTotals::default(),
            vec![],
            vec![],
            InactiveMembers::default(),
        );
        assert_eq!((duty.empty, duty.empty_message.as_deref()), (true, Some(NO_DUTY)));
        assert_eq!(duty.hours_of_day.len(), 24);
    }

    #[test]
    fn hours_of_day_are_averaged_over_the_days_of_the_period() {
        let (p, range) = period("2026-11-01", "2026-11-04");
        let hours = vec![HourOfDay { hour: 21, member_hours: 6.0, average_on_duty: 0.0 }];
        let totals = DutyTotals { hours: 6.0, shifts: 3, members: 2 };
        let answer = DutyAnswer::new(p, &range, totals, vec![], hours, InactiveMembers::default());
        assert_eq!(answer.hours_of_day[21].average_on_duty, 1.5);
        assert_eq!(answer.hours_of_day[20].member_hours, 0.0);
        assert!(!answer.empty);
    }
}
