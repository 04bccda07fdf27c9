//! Qualifications as the API answers and takes them, and their checks.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::{catalogue::image, qualifications::Holding},
    validate::{limits, max_len},
};

pub const NAME_REQUIRED: &str = "Qualification name is required.";
pub const BAD_VALIDITY: &str = "A qualification lasts 1 to 3650 days, or has no expiry.";
pub const NOT_FOUND: &str = "Qualification not found";
pub const HOLDING_NOT_FOUND: &str = "That member does not hold this qualification.";
pub const REASON_REQUIRED: &str = "Say why the qualification is revoked.";
pub const ALREADY_REVOKED: &str = "That qualification was revoked already.";
pub const NOT_OWN: &str = "You cannot grant or revoke your own qualifications.";
pub const BAD_DAYS: &str = "Days must be a whole number from 1 to 365.";

/// A qualification of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Qualification {
    pub id: i64,
    pub name: String,
    pub description: String,
    /// Days a grant lasts; `null`: it never expires.
    pub validity_days: Option<i32>,
    /// A badge image (a portal path or an http(s) URL).
    pub badge: Option<String>,
    /// The training template whose completed sessions grant it.
    pub template_id: Option<i64>,
    pub template_title: Option<String>,
    /// Members holding it now (expired ones included, revoked ones not).
    pub holders: i64,
    pub updated_at: DateTime<Utc>,
}

/// `POST /api/qualifications` and `PATCH /api/qualifications/{id}` (absent fields stay).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct QualificationInput {
    #[schema(max_length = 120)]
    pub name: Option<String>,
    #[schema(max_length = 1000)]
    pub description: Option<String>,
    /// Days a grant lasts (1 to 3650); `0` or `null` with `clearValidity`: no expiry.
    pub validity_days: Option<i32>,
    pub clear_validity: bool,
    #[schema(max_length = 2048)]
    pub badge: Option<String>,
    pub template_id: Option<i64>,
    pub clear_template: bool,
}

/// A qualification's fields, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fields {
    pub name: String,
    pub description: String,
    pub validity_days: Option<i32>,
    pub badge: Option<String>,
    pub template_id: Option<i64>,
}

impl QualificationInput {
    /// `current` changed by this input (a new one from nothing).
    pub fn apply(self, current: Option<&Fields>) -> Result<Fields, String> {
        let name = match (self.name, current) {
            (Some(name), _) => name.trim().to_owned(),
            (None, Some(c)) => c.name.clone(),
            (None, None) => String::new(),
        };
        if name.is_empty() {
            return Err(NAME_REQUIRED.into());
        }
        max_len("A qualification name", &name, limits::NAME)?;
        let description = self
            .description
            .map(|d| d.trim().to_owned())
            .or_else(|| current.map(|c| c.description.clone()))
            .unwrap_or_default();
        max_len("A description", &description, limits::NOTE)?;
        let validity_days = match (self.validity_days, self.clear_validity) {
            (_, true) | (Some(0), _) => None,
            (Some(days), false) if (1..=3650).contains(&days) => Some(days),
            (Some(_), false) => return Err(BAD_VALIDITY.into()),
            (None, false) => current.and_then(|c| c.validity_days),
        };
        let badge = match self.badge {
            Some(raw) => Some(image(&raw)?).filter(|b| !b.is_empty()),
            None => current.and_then(|c| c.badge.clone()),
        };
        let template_id = if self.clear_template {
            None
        } else {
            self.template_id.or_else(|| current.and_then(|c| c.template_id))
        };
        Ok(Fields { name, description, validity_days, badge, template_id })
    }
}

/// `POST /api/roster/{id}/qualifications`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantInput {
    pub qualification_id: i64,
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub note: String,
}

/// `POST /api/roster/{id}/qualifications/{holding}/revoke`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevokeInput {
    #[schema(max_length = 1000)]
    pub reason: String,
}

/// `GET /api/roster/{id}/qualifications`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberQualifications {
    pub holdings: Vec<Holding>,
    /// The viewer may grant and revoke them.
    pub can_manage: bool,
}

/// A holding about to expire, and whose it is.
#[derive(Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Expiring {
    pub holding_id: i64,
    pub roster_id: i64,
    pub member: String,
    pub department_name: Option<String>,
    pub qualification_id: i64,
    pub qualification: String,
    pub expires_on: NaiveDate,
    /// Days left (0: it expires today).
    pub days_left: i32,
}

/// `GET /api/qualifications/expiring`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExpiringList {
    pub days: i32,
    pub items: Vec<Expiring>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_checked_and_kept_when_left_out() {
        let new = |name: &str, days: Option<i32>| QualificationInput {
            name: Some(name.into()),
            validity_days: days,
            ..Default::default()
        };
        let made = new(" Pursuit driver ", Some(90)).apply(None).unwrap();
        assert_eq!((made.name.as_str(), made.validity_days), ("Pursuit driver", Some(90)));
        assert_eq!(new(" ", None).apply(None), Err(NAME_REQUIRED.into()));
        assert_eq!(new("X", Some(4000)).apply(None), Err(BAD_VALIDITY.into()));
        assert_eq!(new("X", Some(0)).apply(None).unwrap().validity_days, None);
        let kept = QualificationInput { description: Some("Fast".into()), ..Default::default() }
            .apply(Some(&made))
            .unwrap();
        assert_eq!(
            (kept.name.as_str(), kept.validity_days, kept.description.as_str()),
            ("Pursuit driver", Some(90), "Fast")
        );
        let cleared = QualificationInput { clear_validity: true, ..Default::default() }
            .apply(Some(&made))
            .unwrap();
        assert_eq!(cleared.validity_days, None);
        let bad_badge =
            QualificationInput { badge: Some("javascript:alert(1)".into()), ..new("X", None) };
        assert!(bad_badge.apply(None).is_err());
    }
}
