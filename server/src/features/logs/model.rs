//! Log items as the API answers them.

use chrono::{DateTime, Utc};
use serde::Serialize;
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
