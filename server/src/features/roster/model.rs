//! Roster types and rules (member-portal §3 "Roster person", §5, §9).

use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

pub const STATUSES: [&str; 4] = ["Active", "Inactive", "Suspended", "LOA"];

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
    pub version: i32,
}

/// Days since the last rank change (or hire), never negative; `None` without a date.
pub fn time_in_grade_days(since: Option<NaiveDate>, today: NaiveDate) -> Option<i32> {
    since.map(|d| (today - d).num_days().max(0) as i32)
}

/// How a roster entry identifies its Discord account (member-portal §5 "Matching").
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiscordKey {
    /// A numeric Discord id (at least five digits).
    Id(String),
    /// A tag such as `name#1234` or a bare username.
    Tag(String),
    /// Nothing usable: the entry is matched by its name.
    None,
}

pub fn discord_key(raw: Option<&str>) -> DiscordKey {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => DiscordKey::None,
        Some(s) if s.len() >= 5 && s.chars().all(|c| c.is_ascii_digit()) => {
            DiscordKey::Id(s.into())
        }
        Some(s) if s.chars().all(|c| c.is_ascii_digit()) => DiscordKey::None,
        Some(s) => DiscordKey::Tag(s.to_lowercase()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn discord_keys() {
        assert_eq!(
            discord_key(Some(" 123456789012345678 ")),
            DiscordKey::Id("123456789012345678".into())
        );
        assert_eq!(discord_key(Some("1234")), DiscordKey::None);
        assert_eq!(discord_key(Some("Sam#0420")), DiscordKey::Tag("sam#0420".into()));
        assert_eq!(discord_key(Some("  ")), DiscordKey::None);
        assert_eq!(discord_key(None), DiscordKey::None);
    }

    #[test]
    fn time_in_grade() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert_eq!(time_in_grade_days(None, today), None);
        assert_eq!(time_in_grade_days(NaiveDate::from_ymd_opt(2026, 9, 23), today), Some(60));
        assert_eq!(time_in_grade_days(NaiveDate::from_ymd_opt(2026, 12, 1), today), Some(0));
    }
}
