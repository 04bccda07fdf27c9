//! Leave requests as the API answers and takes them, and their checks.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::validate::{limits, max_len};

pub const NOT_ON_ROSTER: &str = "Only members on the roster can ask for leave.";
pub const BAD_DATES: &str = "Give the first and the last day of the leave, such as 2026-12-01.";
pub const IN_THE_PAST: &str = "A leave cannot begin in the past.";
pub const BACKWARDS: &str = "A leave ends on or after its first day.";
pub const TOO_LONG: &str = "A leave lasts at most 180 days.";
pub const REASON_REQUIRED: &str = "Say why you will be away.";
pub const NOT_FOUND: &str = "Leave request not found";
pub const NOT_PENDING: &str = "Only a pending request can be approved or denied.";
pub const OWN_REQUEST: &str = "You cannot decide your own leave request.";
pub const NOT_YOURS: &str = "Only the member who asked can cancel a leave request.";
pub const ALREADY_BEGUN: &str =
    "This leave has begun or is decided and over; it cannot be cancelled.";
pub const BAD_ACTION: &str = "Approve or deny a leave request.";
/// The longest leave, in days.
pub const MAX_DAYS: i64 = 180;

/// A leave request.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LeaveRequest {
    pub id: i64,
    pub roster_id: i64,
    pub member: String,
    pub department_name: Option<String>,
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub reason: String,
    /// `pending`, `approved`, `denied` or `cancelled`.
    pub status: String,
    pub requested_by: String,
    pub decided_by: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
    pub decision_note: Option<String>,
    pub cancelled_at: Option<DateTime<Utc>>,
    /// The leave runs now (the member is LOA).
    pub running: bool,
    pub created_at: DateTime<Utc>,
}

/// `POST /api/leave`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaveInput {
    /// The first day (`2026-12-01`).
    #[schema(max_length = 10)]
    pub starts_on: String,
    /// The last day.
    #[schema(max_length = 10)]
    pub ends_on: String,
    #[schema(max_length = 1000)]
    pub reason: String,
}

/// A request, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedLeave {
    pub starts_on: NaiveDate,
    pub ends_on: NaiveDate,
    pub reason: String,
}

impl LeaveInput {
    /// The request checked as of `today` (the database's day).
    pub fn validate(&self, today: NaiveDate) -> Result<CheckedLeave, String> {
        let day = |raw: &str| {
            NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| BAD_DATES.to_owned())
        };
        let (starts_on, ends_on) = (day(&self.starts_on)?, day(&self.ends_on)?);
        if starts_on < today {
            return Err(IN_THE_PAST.into());
        }
        if ends_on < starts_on {
            return Err(BACKWARDS.into());
        }
        if (ends_on - starts_on).num_days() + 1 > MAX_DAYS {
            return Err(TOO_LONG.into());
        }
        let reason = self.reason.trim();
        if reason.is_empty() {
            return Err(REASON_REQUIRED.into());
        }
        max_len("A reason", reason, limits::NOTE)?;
        Ok(CheckedLeave { starts_on, ends_on, reason: reason.to_owned() })
    }
}

/// `PATCH /api/leave/{id}`: `approve` or `deny`, with an optional note.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LeaveDecision {
    pub action: String,
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub note: String,
}

impl LeaveDecision {
    /// The status it leads to and the note (`None` when blank).
    pub fn validate(&self) -> Result<(&'static str, Option<String>), String> {
        let status = match self.action.as_str() {
            "approve" => "approved",
            "deny" => "denied",
            _ => return Err(BAD_ACTION.into()),
        };
        let note = self.note.trim();
        max_len("A note", note, limits::NOTE)?;
        Ok((status, Some(note.to_owned()).filter(|n| !n.is_empty())))
    }
}

pub use crate::shared::leave::period;

#[cfg(test)]
mod tests {
    use super::*;

    fn day(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn requests_are_checked_against_today() {
        let today = day("2026-11-25");
        let input = |from: &str, to: &str, reason: &str| LeaveInput {
            starts_on: from.into(),
            ends_on: to.into(),
            reason: reason.into(),
        };
        assert_eq!(
            input("2026-11-25", "2026-11-30", " Holiday ").validate(today),
            Ok(CheckedLeave {
                starts_on: today,
                ends_on: day("2026-11-30"),
                reason: "Holiday".into()
            })
        );
        assert_eq!(input("2026-11-24", "2026-11-30", "x").validate(today), Err(IN_THE_PAST.into()));
        assert_eq!(input("2026-11-30", "2026-11-29", "x").validate(today), Err(BACKWARDS.into()));
        assert_eq!(input("2026-12-01", "2027-06-01", "x").validate(today), Err(TOO_LONG.into()));
        assert_eq!(
            input("2026-12-01", "2026-12-02", " ").validate(today),
            Err(REASON_REQUIRED.into())
        );
        assert_eq!(input("soon", "2026-12-02", "x").validate(today), Err(BAD_DATES.into()));
        assert_eq!(period(day("2026-12-01"), day("2026-12-05")), "1 Dec to 5 Dec 2026");
        assert_eq!(period(day("2026-12-01"), day("2026-12-01")), "1 Dec 2026");
    }

    #[test]
    fn decisions_are_approve_or_deny() {
        let decide = |action: &str| LeaveDecision { action: action.into(), note: " ok ".into() };
        assert_eq!(decide("approve").validate(), Ok(("approved", Some("ok".into()))));
        assert_eq!(decide("deny").validate().unwrap().0, "denied");
        assert_eq!(decide("cancel").validate(), Err(BAD_ACTION.into()));
    }
}
