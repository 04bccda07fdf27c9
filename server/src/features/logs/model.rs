//! Log items as the API answers them.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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

/// One write to the agency, as `GET /api/audit` lists it.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: i64,
    pub at: DateTime<Utc>,
    #[sqlx(flatten)]
    pub actor: LogActor,
    /// What kind of thing was written (`vehicles`, `arrest`, `use_of_force`, `roster`…).
    pub kind: String,
    /// `saved`, `filed`, `opened`, `approve`, `return`, `resubmitted`…
    pub action: String,
    pub subject_id: String,
    pub title: String,
    #[schema(value_type = crate::shared::audit::Diff)]
    pub diff: sqlx::types::Json<crate::shared::audit::Diff>,
}

/// A page of the audit log, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub items: Vec<AuditEntry>,
    /// More rows match after this page.
    pub has_more: bool,
}

/// How long the agency keeps its audit log, and whether the viewer may change it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditSettings {
    /// Changes older than this many days are deleted (default 365).
    pub retention_days: i32,
    /// The viewer is High Command and may change it.
    pub can_edit: bool,
}

/// `PUT /api/audit/settings`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditSettingsInput {
    /// From 30 to 3650.
    #[schema(minimum = 30, maximum = 3650)]
    pub retention_days: i64,
}

pub const RETENTION_DAYS: std::ops::RangeInclusive<i64> = 30..=3650;
pub const BAD_RETENTION: &str = "Keep changes for 30 to 3650 days.";

impl AuditSettingsInput {
    /// The retention in days, or the sentence that refuses it.
    pub fn validate(&self) -> Result<i32, &'static str> {
        if RETENTION_DAYS.contains(&self.retention_days) {
            Ok(self.retention_days as i32)
        } else {
            Err(BAD_RETENTION)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retention_is_thirty_days_to_ten_years() {
        let days = |retention_days| AuditSettingsInput { retention_days }.validate();
        assert_eq!(days(30), Ok(30));
        assert_eq!(days(3650), Ok(3650));
        assert_eq!(days(29), Err(BAD_RETENTION));
        assert_eq!(days(3651), Err(BAD_RETENTION));
        assert_eq!(days(-1), Err(BAD_RETENTION));
    }
}
