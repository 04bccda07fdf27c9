//! A member: a person on an agency's roster, as the viewer and the roster feature both know
//! them. The viewer is decided from these entries (ARCHITECTURE.md §4), so the type and the
//! query that matches a Discord account to them live in `access`; the roster feature manages
//! them.

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

/// A person on the roster, as answered by the API.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RosterEntry {
    pub id: i64,
    pub name: String,
    pub callsign: Option<String>,
    pub region: Option<String>,
    pub status: String,
    pub discord_id: Option<String>,
    pub department_id: Option<String>,
    pub department_name: Option<String>,
    pub rank_id: Option<String>,
    /// The rank's name.
    pub rank: Option<String>,
    /// The rank's level id.
    pub level: Option<String>,
    pub insignia: Option<String>,
    pub sub_dept_id: Option<String>,
    pub roles: Vec<String>,
    pub hire_date: NaiveDate,
    pub rank_change_date: Option<NaiveDate>,
    pub time_in_grade_days: Option<i32>,
    /// The last action recorded on this person (e.g. "Promotion") and its reason.
    pub action: Option<String>,
    pub reason: Option<String>,
    pub version: i32,
}
