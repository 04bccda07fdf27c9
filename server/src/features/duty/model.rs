//! Duty shifts as the API answers and takes them, and their checks.

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::validate::{limits, max_len};

pub const NOT_ON_ROSTER: &str = "Only members on the roster go on duty.";
pub const ON_LEAVE: &str = "Members on leave of absence cannot go on duty.";
pub const BENCHED: &str = "Suspended and inactive members cannot go on duty.";
pub const NOT_ON_DUTY: &str = "You are not on duty.";
pub const SHIFT_NOT_FOUND: &str = "Shift not found";
pub const OWN_SHIFT: &str = "You cannot correct your own shifts.";
pub const REASON_REQUIRED: &str = "Say why the shift is corrected.";
pub const ENDS_BEFORE: &str = "A shift ends after it begins.";
pub const IN_THE_FUTURE: &str = "A shift cannot begin or end in the future.";
pub const TOO_LONG: &str = "A shift lasts at most 48 hours.";
pub const STILL_OPEN: &str =
    "Give the end of a shift that is over; only the open shift may stay open.";
pub const BAD_AUTO_CLOSE: &str = "Shifts close themselves after 1 to 48 hours.";
pub const BAD_INACTIVE: &str = "Members are inactive after 1 to 365 days without duty, or never.";
pub const BAD_ACTION: &str = "Say \"in\" or \"out\".";
pub const DISCORD_ID_REQUIRED: &str = "Give the member's Discord id.";
pub const BAD_REQUEST_ID: &str = "A request id is 1 to 100 letters, digits, '-' or '_'.";

/// The longest shift, in hours (the database's check says the same).
pub const MAX_SHIFT_HOURS: i64 = 48;

/// One shift.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Shift {
    pub id: i64,
    pub roster_id: i64,
    pub member: String,
    pub department_id: Option<String>,
    pub department_name: Option<String>,
    /// The department or unit named when going on duty.
    pub unit: String,
    /// The callsign named when going on duty (the member's roster callsign by default).
    pub callsign: String,
    pub started_at: DateTime<Utc>,
    /// `null` while on duty.
    pub ended_at: Option<DateTime<Utc>>,
    /// `portal`, `game` (the game server, through an API token) or `command`.
    pub source: String,
    pub started_by: String,
    pub ended_by: Option<String>,
    /// Closed by the portal after the agency's limit: the member did not clock out.
    pub auto_closed: bool,
    /// A supervisor corrected it (the corrections are kept).
    pub corrected: bool,
    /// Hours on duty (to now while open), two decimals.
    pub hours: f64,
}

/// A correction of a shift.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Correction {
    pub id: i64,
    pub started_before: DateTime<Utc>,
    pub ended_before: Option<DateTime<Utc>>,
    pub started_after: DateTime<Utc>,
    pub ended_after: Option<DateTime<Utc>>,
    pub reason: String,
    pub corrected_by: String,
    pub created_at: DateTime<Utc>,
}

/// A shift with its corrections, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShiftDetail {
    #[serde(flatten)]
    pub shift: Shift,
    pub corrections: Vec<Correction>,
}

/// Hours on duty in one week (Monday to Sunday).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct WeekHours {
    /// The Monday the week begins.
    pub week: NaiveDate,
    pub hours: f64,
}

/// The viewer's own duty: the open shift, hours, the last eight weeks and recent shifts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyDuty {
    pub open: Option<Shift>,
    /// Hours in the last 7 days and the last 30 days (to now).
    pub hours_week: f64,
    pub hours_30_days: f64,
    /// The last eight weeks, oldest first (this week included).
    pub weeks: Vec<WeekHours>,
    /// The last 20 shifts, newest first.
    pub recent: Vec<Shift>,
    /// After how many hours an open shift closes itself.
    pub auto_close_hours: i32,
}

/// One member's hours, as the roster shows them.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MemberHours {
    pub roster_id: i64,
    /// Hours in the last 7 and 30 days (to the moment of the answer).
    pub hours_week: f64,
    pub hours_30_days: f64,
    /// The end of the member's last shift (now while on duty); `null`: never on duty.
    pub last_duty_at: Option<DateTime<Utc>>,
    /// When the open shift began; `null`: off duty.
    pub on_duty_since: Option<DateTime<Utc>>,
    /// No duty for the agency's "inactive after" days (active members only; never when the
    /// agency sets no such limit).
    pub inactive: bool,
}

/// `GET /api/duty/hours`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RosterHours {
    /// Days without duty after which a member counts as inactive; `null`: never.
    pub inactive_after_days: Option<i32>,
    /// Members with any duty, and the inactive ones.
    pub members: Vec<MemberHours>,
}

/// `GET /api/duty/now`: who is on duty, and the last week's shifts.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnDuty {
    /// Open shifts, longest first.
    pub open: Vec<Shift>,
    /// Shifts that began in the last 7 days and are over, newest first (at most 200).
    pub recent: Vec<Shift>,
    pub auto_close_hours: i32,
}

/// `POST /api/duty/clock-in` (all fields optional).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ClockInInput {
    /// The department or unit (free text; the member's department by default).
    #[schema(max_length = 120)]
    pub unit: Option<String>,
    /// The callsign on this shift (the member's roster callsign by default).
    #[schema(max_length = 16)]
    pub callsign: Option<String>,
}

/// What goes on a new shift besides its member.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShiftStart {
    pub unit: Option<String>,
    pub callsign: Option<String>,
}

fn optional(value: Option<&str>) -> Option<String> {
    value.map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned)
}

impl ClockInInput {
    pub fn validate(&self) -> Result<ShiftStart, String> {
        let unit = optional(self.unit.as_deref());
        let callsign = optional(self.callsign.as_deref());
        max_len("Unit", unit.as_deref().unwrap_or_default(), limits::NAME)?;
        max_len("Callsign", callsign.as_deref().unwrap_or_default(), limits::CALLSIGN)?;
        Ok(ShiftStart { unit, callsign })
    }
}

/// `POST /api/duty/clock`: the game server clocks a member in or out (API token with the
/// `duty:write` scope).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameClockInput {
    /// The member's Discord id.
    #[schema(max_length = 60)]
    pub discord_id: String,
    /// `in` or `out`.
    pub action: String,
    /// The game server's id of this call: a retry with the same id answers the same shift
    /// and never makes a second one.
    #[schema(max_length = 100)]
    pub request_id: Option<String>,
    #[schema(max_length = 120)]
    pub unit: Option<String>,
    #[schema(max_length = 16)]
    pub callsign: Option<String>,
}

/// A game server call, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameClock {
    pub discord_id: String,
    pub clock_in: bool,
    pub request_id: Option<String>,
    pub start: ShiftStart,
}

impl GameClockInput {
    pub fn validate(&self) -> Result<GameClock, String> {
        let discord_id = self.discord_id.trim();
        if discord_id.is_empty() {
            return Err(DISCORD_ID_REQUIRED.into());
        }
        max_len("Discord id", discord_id, limits::SHORT_TEXT)?;
        let clock_in = match self.action.trim() {
            "in" => true,
            "out" => false,
            _ => return Err(BAD_ACTION.into()),
        };
        let request_id = match optional(self.request_id.as_deref()) {
            Some(id)
                if id.len() > 100
                    || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') =>
            {
                return Err(BAD_REQUEST_ID.into())
            }
            other => other,
        };
        let start =
            ClockInInput { unit: self.unit.clone(), callsign: self.callsign.clone() }.validate()?;
        Ok(GameClock { discord_id: discord_id.to_owned(), clock_in, request_id, start })
    }
}

/// What a game server call did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GameClockAnswer {
    /// The shift begun or ended (or found open, or last ended, when nothing changed).
    pub shift: Option<Shift>,
    /// False when the member was already in the state asked for (or the call was a retry).
    pub changed: bool,
}

/// `PATCH /api/duty/shifts/{id}`: a supervisor's correction.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionInput {
    pub started_at: DateTime<Utc>,
    /// `null` keeps an open shift open.
    pub ended_at: Option<DateTime<Utc>>,
    #[schema(max_length = 1000)]
    pub reason: String,
}

/// A correction, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedCorrection {
    pub started_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    pub reason: String,
}

impl CorrectionInput {
    /// Checks the correction of a shift that is open (`open`) or over, as of `now`.
    pub fn validate(&self, open: bool, now: DateTime<Utc>) -> Result<CheckedCorrection, String> {
        let reason = self.reason.trim();
        if reason.is_empty() {
            return Err(REASON_REQUIRED.into());
        }
        max_len("Reason", reason, limits::NOTE)?;
        if self.started_at > now || self.ended_at.is_some_and(|end| end > now) {
            return Err(IN_THE_FUTURE.into());
        }
        match self.ended_at {
            None if !open => return Err(STILL_OPEN.into()),
            Some(end) if end < self.started_at => return Err(ENDS_BEFORE.into()),
            Some(end) if end - self.started_at > Duration::hours(MAX_SHIFT_HOURS) => {
                return Err(TOO_LONG.into())
            }
            None if now - self.started_at > Duration::hours(MAX_SHIFT_HOURS) => {
                return Err(TOO_LONG.into())
            }
            _ => {}
        }
        Ok(CheckedCorrection {
            started_at: self.started_at,
            ended_at: self.ended_at,
            reason: reason.to_owned(),
        })
    }
}

/// `GET|PUT /api/duty/settings`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DutySettings {
    /// An open shift closes itself after this many hours (flagged as closed by the portal).
    pub auto_close_hours: i32,
    /// A member is inactive after this many days without duty; `null`: never.
    pub inactive_after_days: Option<i32>,
    /// The viewer is High Command and may change them.
    pub can_edit: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DutySettingsInput {
    pub auto_close_hours: i32,
    pub inactive_after_days: Option<i32>,
}

impl DutySettingsInput {
    pub fn validate(&self) -> Result<(i32, Option<i32>), String> {
        if !(1..=48).contains(&self.auto_close_hours) {
            return Err(BAD_AUTO_CLOSE.into());
        }
        if self.inactive_after_days.is_some_and(|d| !(1..=365).contains(&d)) {
            return Err(BAD_INACTIVE.into());
        }
        Ok((self.auto_close_hours, self.inactive_after_days))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(hours_ago: i64) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-20T12:00:00Z").unwrap().with_timezone(&Utc)
            - Duration::hours(hours_ago)
    }

    fn correction(start: i64, end: Option<i64>, reason: &str) -> CorrectionInput {
        CorrectionInput { started_at: at(start), ended_at: end.map(at), reason: reason.into() }
    }

    #[test]
    fn a_correction_needs_a_reason_and_a_shift_that_could_have_happened() {
        let now = at(0);
        let ok = correction(5, Some(1), " Forgot to clock out ").validate(false, now).unwrap();
        assert_eq!((ok.reason.as_str(), ok.ended_at), ("Forgot to clock out", Some(at(1))));
        assert_eq!(correction(5, Some(1), "  ").validate(false, now).unwrap_err(), REASON_REQUIRED);
        assert_eq!(correction(1, Some(5), "x").validate(false, now).unwrap_err(), ENDS_BEFORE);
        assert_eq!(correction(5, Some(-1), "x").validate(false, now).unwrap_err(), IN_THE_FUTURE);
        assert_eq!(correction(50, Some(1), "x").validate(false, now).unwrap_err(), TOO_LONG);
        assert_eq!(correction(5, None, "x").validate(false, now).unwrap_err(), STILL_OPEN);
        assert!(
            correction(5, None, "x").validate(true, now).is_ok(),
            "the open shift may stay open"
        );
        assert_eq!(correction(49, None, "x").validate(true, now).unwrap_err(), TOO_LONG);
        // Exactly 48 hours is allowed; a shift of no time too.
        assert!(correction(48, Some(0), "x").validate(false, now).is_ok());
        assert!(correction(3, Some(3), "x").validate(false, now).is_ok());
    }

    #[test]
    fn a_game_server_call_says_in_or_out_for_one_member() {
        let call = |action: &str, request: Option<&str>| GameClockInput {
            discord_id: " 200000000000000004 ".into(),
            action: action.into(),
            request_id: request.map(Into::into),
            unit: Some(" ".into()),
            callsign: Some("B-12".into()),
        };
        let ok = call("in", Some("evt-1_a")).validate().unwrap();
        assert_eq!(ok.discord_id, "200000000000000004");
        assert!(ok.clock_in);
        assert_eq!(ok.start, ShiftStart { unit: None, callsign: Some("B-12".into()) });
        assert!(!call("out", None).validate().unwrap().clock_in);
        assert_eq!(call("toggle", None).validate().unwrap_err(), BAD_ACTION);
        assert_eq!(call("in", Some("no spaces")).validate().unwrap_err(), BAD_REQUEST_ID);
        assert_eq!(call("in", Some(&"x".repeat(101))).validate().unwrap_err(), BAD_REQUEST_ID);
        let nobody = GameClockInput { discord_id: " ".into(), ..call("in", None) };
        assert_eq!(nobody.validate().unwrap_err(), DISCORD_ID_REQUIRED);
    }

    #[test]
    fn settings_keep_to_their_ranges() {
        let s =
            |hours, days| DutySettingsInput { auto_close_hours: hours, inactive_after_days: days };
        assert_eq!(s(12, None).validate(), Ok((12, None)));
        assert_eq!(s(48, Some(365)).validate(), Ok((48, Some(365))));
        assert_eq!(s(0, None).validate().unwrap_err(), BAD_AUTO_CLOSE);
        assert_eq!(s(49, None).validate().unwrap_err(), BAD_AUTO_CLOSE);
        assert_eq!(s(12, Some(0)).validate().unwrap_err(), BAD_INACTIVE);
    }
}
