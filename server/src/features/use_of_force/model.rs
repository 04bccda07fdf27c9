//! Use-of-force reports (command-and-reports §3, §4, §5, §9): the form a member files, the
//! report as reviewers read it, and the review request.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::report::{
        evidence, officers, report_date, report_number, text, witnesses, Evidence, NewReport,
        Officer, ReportBody, ReviewState, StoredReport, Witness,
    },
    validate::limits,
};

/// command-and-reports §9.
pub const FORCE_TYPES: [&str; 8] =
    ["Verbal Commands", "Control Holds", "OC Spray", "Taser", "Baton", "Firearm", "K9", "Other"];

pub const DATE_REQUIRED: &str = "Date and time are required.";
pub const LOCATION_REQUIRED: &str = "Location is required.";
pub const FORCE_REQUIRED: &str = "Select at least one type of force used.";
pub const NARRATIVE_REQUIRED: &str = "Narrative is required.";
pub const DUPLICATE_NUMBER: &str = "Another report already has this incident number.";
pub const NOT_FOUND: &str = "Report not found";

/// The parts of a report kept together (everything but the number, date, location and the
/// review).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UofBody {
    #[schema(max_length = 120)]
    pub weather: String,
    #[schema(max_length = 120)]
    pub jurisdiction: String,
    pub officers: Vec<Officer>,
    #[schema(max_length = 120)]
    pub subject_name: String,
    #[schema(max_length = 1000)]
    pub subject_description: String,
    #[schema(max_length = 500)]
    pub subject_address: String,
    /// Among the force types of command-and-reports §9.
    pub force_types: Vec<String>,
    #[schema(max_length = 4000)]
    pub force_details: String,
    #[schema(max_length = 1000)]
    pub subject_weapons: String,
    #[schema(max_length = 1000)]
    pub officer_weapons: String,
    #[schema(max_length = 1000)]
    pub subject_injuries: String,
    #[schema(max_length = 1000)]
    pub officer_injuries: String,
    #[schema(max_length = 1000)]
    pub medical_provided: String,
    pub witnesses: Vec<Witness>,
    pub evidence: Vec<Evidence>,
    #[schema(max_length = 20000)]
    pub narrative: String,
}

/// `POST /api/uof`: the form. A blank incident number is allocated by the server.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UofDraft {
    #[schema(max_length = 40)]
    pub incident_number: String,
    /// As the form's date-time field gives it (e.g. `2026-11-20T21:30`).
    #[schema(max_length = 40)]
    pub incident_date: String,
    #[schema(max_length = 500)]
    pub location: String,
    #[serde(flatten)]
    pub body: UofBody,
}

/// A draft as stored: checked and trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedDraft {
    /// `None`: allocate the next number.
    pub incident_number: Option<String>,
    pub incident_date: String,
    pub location: String,
    pub body: UofBody,
}

impl CheckedDraft {
    /// The report as the report store files it.
    pub fn filing(&self) -> NewReport<'_, UofBody> {
        NewReport {
            number: self.incident_number.as_deref(),
            incident_date: &self.incident_date,
            location: &self.location,
            body: &self.body,
        }
    }
}

impl ReportBody for UofBody {
    fn officers(&self) -> &[Officer] {
        &self.officers
    }
}

/// The checks of a filing on `today` (the specification leaves the server's validation open;
/// these are what a reviewer needs to be able to read the report).
pub fn check_draft(draft: UofDraft, today: NaiveDate) -> Result<CheckedDraft, String> {
    let number = report_number("Incident number", &draft.incident_number)?;
    let incident_date =
        report_date("Incident date", &draft.incident_date, today)?.ok_or(DATE_REQUIRED)?;
    let location = text("A location", &draft.location, limits::DESCRIPTION)?;
    if location.is_empty() {
        return Err(LOCATION_REQUIRED.into());
    }
    let b = draft.body;
    let mut force_types: Vec<String> = Vec::new();
    for raw in &b.force_types {
        let known = FORCE_TYPES
            .iter()
            .find(|t| t.eq_ignore_ascii_case(raw.trim()))
            .ok_or_else(|| format!("Unknown type of force '{}'.", raw.trim()))?;
        if !force_types.iter().any(|t| t == known) {
            force_types.push((*known).to_owned());
        }
    }
    if force_types.is_empty() {
        return Err(FORCE_REQUIRED.into());
    }
    let narrative = text("The narrative", &b.narrative, 20_000)?;
    if narrative.is_empty() {
        return Err(NARRATIVE_REQUIRED.into());
    }
    let body = UofBody {
        weather: text("Weather", &b.weather, limits::NAME)?,
        jurisdiction: text("Jurisdiction", &b.jurisdiction, limits::NAME)?,
        officers: officers(b.officers)?,
        subject_name: text("The subject's name", &b.subject_name, limits::NAME)?,
        subject_description: text(
            "The subject's description",
            &b.subject_description,
            limits::NOTE,
        )?,
        subject_address: text("The subject's address", &b.subject_address, limits::DESCRIPTION)?,
        force_types,
        force_details: text("Force details", &b.force_details, limits::LONG_TEXT)?,
        subject_weapons: text("Subject weapons", &b.subject_weapons, limits::NOTE)?,
        officer_weapons: text("Officer weapons", &b.officer_weapons, limits::NOTE)?,
        subject_injuries: text("Subject injuries", &b.subject_injuries, limits::NOTE)?,
        officer_injuries: text("Officer injuries", &b.officer_injuries, limits::NOTE)?,
        medical_provided: text("Medical aid", &b.medical_provided, limits::NOTE)?,
        witnesses: witnesses(b.witnesses)?,
        evidence: evidence(b.evidence)?,
        narrative,
    };
    Ok(CheckedDraft { incident_number: number, incident_date, location, body })
}

/// A filed report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UofReport {
    pub id: i64,
    pub incident_number: String,
    pub incident_date: String,
    pub location: String,
    #[serde(flatten)]
    pub body: UofBody,
    #[serde(flatten)]
    pub review: ReviewState,
}

impl From<StoredReport<UofBody>> for UofReport {
    fn from(r: StoredReport<UofBody>) -> Self {
        let review = r.review;
        Self {
            id: r.id,
            incident_number: r.number,
            incident_date: r.incident_date,
            location: r.location,
            body: r.body,
            review,
        }
    }
}

/// `POST /api/uof` → the new report's id and number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Filed {
    pub id: i64,
    pub incident_number: String,
}

/// `GET /api/uof/next-number`: the number the form suggests.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextNumber {
    pub incident_number: String,
}

/// `PATCH /api/uof/{id}` (command-and-reports §7): `{status}` alone (opening a pending report
/// moves it to under review), or the review panel's fields. `action` names the panel's button
/// (`approve` signs in policy, `deny` signs out of policy); without it a set `status` is the
/// chosen outcome. The signature is always the viewer's: `supervisorSignedBy` and
/// `supervisorSignedAt` in a body are ignored.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct UofReview {
    pub action: Option<String>,
    pub status: Option<String>,
    #[schema(max_length = 120)]
    pub supervisor: Option<String>,
    #[schema(max_length = 4000)]
    pub supervisor_notes: Option<String>,
    /// Ignored (the server signs as the viewer).
    pub supervisor_signed_by: Option<String>,
    /// Ignored (the server signs with its clock).
    pub supervisor_signed_at: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: NaiveDate = match NaiveDate::from_ymd_opt(2026, 11, 24) {
        Some(d) => d,
        None => panic!("a date"),
    };

    fn check_draft(draft: UofDraft) -> Result<CheckedDraft, String> {
        super::check_draft(draft, TODAY)
    }

    fn draft() -> UofDraft {
        UofDraft {
            incident_number: " ".into(),
            incident_date: "2026-11-20T21:30".into(),
            location: " Grove Street ".into(),
            body: UofBody {
                officers: vec![Officer { name: "Dale".into(), ..Officer::default() }],
                force_types: vec!["taser".into(), "Taser".into(), "OC Spray".into()],
                narrative: " Subject resisted. ".into(),
                ..UofBody::default()
            },
        }
    }

    #[test]
    fn a_filing_is_trimmed_and_checked() {
        let checked = check_draft(draft()).unwrap();
        assert_eq!(checked.incident_number, None, "allocated by the server");
        assert_eq!(checked.location, "Grove Street");
        assert_eq!(checked.body.force_types, vec!["Taser", "OC Spray"]);
        assert_eq!(checked.body.narrative, "Subject resisted.");
        let cases = [
            (UofDraft { incident_date: " ".into(), ..draft() }, DATE_REQUIRED.to_owned()),
            (UofDraft { location: String::new(), ..draft() }, LOCATION_REQUIRED.to_owned()),
        ];
        for (d, message) in cases {
            assert_eq!(check_draft(d).unwrap_err(), message);
        }
        let mut none = draft();
        none.body.force_types.clear();
        assert_eq!(check_draft(none).unwrap_err(), FORCE_REQUIRED);
        let mut odd = draft();
        odd.body.force_types = vec!["Sword".into()];
        assert_eq!(check_draft(odd).unwrap_err(), "Unknown type of force 'Sword'.");
        let mut silent = draft();
        silent.body.narrative = "  ".into();
        assert_eq!(check_draft(silent).unwrap_err(), NARRATIVE_REQUIRED);
    }
}
