//! Arrest reports (member-portal §2.11, §3 "Arrest report", §5): the form a member files, the
//! report as reviewers read it, and the checks the server makes of what the form checks.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::report::{
        evidence, officers, report_date, report_number, text, witnesses, Evidence, NewReport,
        Officer, ReportBody, ReviewState, StoredReport, Subject, Witness,
    },
    validate::limits,
};

pub const DATE_REQUIRED: &str = "Arrest date is required.";
pub const LOCATION_REQUIRED: &str = "Location is required.";
pub const SUSPECT_REQUIRED: &str = "Suspect name is required.";
pub const CHARGE_REQUIRED: &str = "Add at least one charge.";
pub const CHARGE_NAMED: &str = "Each charge needs a statute or a charge.";
pub const COUNT_AT_LEAST_ONE: &str = "Each charge needs a count of at least 1.";
pub const TIME_AND_BOND: &str = "Time and bond must be whole numbers from 0.";
pub const DUPLICATE_NUMBER: &str = "Another arrest report already has this case number.";
pub const NOT_FOUND: &str = "Report not found";
pub const NOT_RETURNED: &str = "Only a report returned for correction can be resubmitted.";

/// The largest custody (months) and bond (dollars) one charge may carry.
pub const MAX_TIME: i64 = 12_000;
pub const MAX_BOND: i64 = 100_000_000;

/// One charge: a count of an offence, with its custody (months) and bond (dollars) each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Charge {
    #[schema(max_length = 32)]
    pub statute: String,
    #[schema(max_length = 120)]
    pub charge: String,
    pub count: i64,
    pub time: i64,
    pub bond: i64,
}

/// Everything of the form but the case number, date and place.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ArrestBody {
    #[schema(max_length = 60)]
    pub arrest_type: String,
    pub officers: Vec<Officer>,
    pub suspect: Subject,
    pub charges: Vec<Charge>,
    pub witnesses: Vec<Witness>,
    pub evidence: Vec<Evidence>,
    #[schema(max_length = 20000)]
    pub narrative: String,
}

impl ReportBody for ArrestBody {
    fn officers(&self) -> &[Officer] {
        &self.officers
    }
}

/// A case number as the form sends it: a number or text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum CaseNumber {
    Number(i64),
    Text(String),
}

/// `POST /api/arrests` (and the resubmission of a returned one): the form. A missing case
/// number is allocated by the server; `incidentNumber` is always the case number.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ArrestDraft {
    pub case_number: Option<CaseNumber>,
    /// Ignored: the incident number is the case number.
    pub incident_number: Option<CaseNumber>,
    #[schema(max_length = 40)]
    pub arrest_date: String,
    #[schema(max_length = 500)]
    pub location: String,
    #[serde(flatten)]
    pub body: ArrestBody,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedArrest {
    pub case_number: Option<String>,
    pub arrest_date: String,
    pub location: String,
    pub body: ArrestBody,
}

impl CheckedArrest {
    /// The arrest as the report store files it.
    pub fn filing(&self) -> NewReport<'_, ArrestBody> {
        NewReport {
            number: self.case_number.as_deref(),
            incident_date: &self.arrest_date,
            location: &self.location,
            body: &self.body,
        }
    }
}

/// The server's checks of what the form checks (member-portal §5 "Arrest report"), on
/// `today` (arrest dates reach at most the next day).
pub fn check_arrest(draft: ArrestDraft, today: NaiveDate) -> Result<CheckedArrest, String> {
    let case_number = match draft.case_number {
        Some(CaseNumber::Number(n)) => report_number("Case number", &n.to_string())?,
        Some(CaseNumber::Text(t)) => report_number("Case number", &t)?,
        None => None,
    };
    let arrest_date =
        report_date("Arrest date", &draft.arrest_date, today)?.ok_or(DATE_REQUIRED)?;
    let location = text("A location", &draft.location, limits::DESCRIPTION)?;
    if location.is_empty() {
        return Err(LOCATION_REQUIRED.into());
    }
    let b = draft.body;
    let suspect = b.suspect.checked("The suspect", SUSPECT_REQUIRED)?;
    if b.charges.len() > crate::shared::report::MAX_ROWS {
        return Err(format!("A report lists at most {} charges.", crate::shared::report::MAX_ROWS));
    }
    let mut charges = Vec::with_capacity(b.charges.len());
    for c in b.charges {
        let charge = Charge {
            statute: text("A statute", &c.statute, 32)?,
            charge: text("A charge", &c.charge, limits::NAME)?,
            ..c
        };
        if charge.statute.is_empty() && charge.charge.is_empty() {
            return Err(CHARGE_NAMED.into());
        }
        if !(1..=1000).contains(&charge.count) {
            return Err(COUNT_AT_LEAST_ONE.into());
        }
        if !(0..=MAX_TIME).contains(&charge.time) || !(0..=MAX_BOND).contains(&charge.bond) {
            return Err(TIME_AND_BOND.into());
        }
        charges.push(charge);
    }
    if charges.is_empty() {
        return Err(CHARGE_REQUIRED.into());
    }
    Ok(CheckedArrest {
        case_number,
        arrest_date,
        location,
        body: ArrestBody {
            arrest_type: text("An arrest type", &b.arrest_type, limits::SHORT_TEXT)?,
            officers: officers(b.officers)?,
            suspect,
            charges,
            witnesses: witnesses(b.witnesses)?,
            evidence: evidence(b.evidence)?,
            narrative: text("The narrative", &b.narrative, 20_000)?,
        },
    })
}

/// Totals of member-portal §5: time = Σ time × count; bond = Σ bond × count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    /// Months.
    pub time: i64,
    /// Dollars.
    pub bond: i64,
}

pub fn totals(charges: &[Charge]) -> Totals {
    Totals {
        time: charges.iter().map(|c| c.time * c.count).sum(),
        bond: charges.iter().map(|c| c.bond * c.count).sum(),
    }
}

/// A filed arrest report.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArrestReport {
    pub id: i64,
    pub case_number: String,
    /// Always the case number.
    pub incident_number: String,
    pub arrest_date: String,
    pub location: String,
    #[serde(flatten)]
    pub body: ArrestBody,
    pub totals: Totals,
    #[serde(flatten)]
    pub review: ReviewState,
}

impl From<StoredReport<ArrestBody>> for ArrestReport {
    fn from(r: StoredReport<ArrestBody>) -> Self {
        let review = r.review;
        Self {
            id: r.id,
            incident_number: r.number.clone(),
            case_number: r.number,
            arrest_date: r.incident_date,
            location: r.location,
            totals: totals(&r.body.charges),
            body: r.body,
            review,
        }
    }
}

/// `POST /api/arrests` → the new report's id and case number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FiledArrest {
    pub id: i64,
    pub case_number: String,
}

/// `GET /api/arrests/next-number`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextCaseNumber {
    pub case_number: String,
}

/// `PATCH /api/arrests/{id}`: a supervisor's `open`, `approve` (signs) or `return` (needs
/// notes). The signer is the viewer.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ArrestReview {
    pub action: String,
    #[schema(max_length = 4000)]
    pub supervisor_notes: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: NaiveDate = match NaiveDate::from_ymd_opt(2026, 11, 24) {
        Some(d) => d,
        None => panic!("a date"),
    };

    fn check_arrest(draft: ArrestDraft) -> Result<CheckedArrest, String> {
        super::check_arrest(draft, TODAY)
    }

    fn draft() -> ArrestDraft {
        ArrestDraft {
            case_number: None,
            incident_number: Some(CaseNumber::Text("ignored".into())),
            arrest_date: "2026-11-20".into(),
            location: "Vinewood".into(),
            body: ArrestBody {
                officers: vec![Officer { name: "Dale".into(), ..Officer::default() }],
                suspect: Subject { name: " John ".into(), ..Subject::default() },
                charges: vec![
                    Charge {
                        statute: "PC 1".into(),
                        charge: "Theft".into(),
                        count: 2,
                        time: 6,
                        bond: 500,
                    },
                    Charge {
                        statute: "PC 2".into(),
                        charge: String::new(),
                        count: 1,
                        time: 12,
                        bond: 0,
                    },
                ],
                ..ArrestBody::default()
            },
        }
    }

    #[test]
    fn arrests_are_checked_and_totalled() {
        let checked = check_arrest(draft()).unwrap();
        assert_eq!(checked.case_number, None);
        assert_eq!(checked.body.suspect.name, "John");
        assert_eq!(totals(&checked.body.charges), Totals { time: 24, bond: 1000 });
        let numbered = ArrestDraft { case_number: Some(CaseNumber::Number(7)), ..draft() };
        assert_eq!(check_arrest(numbered).unwrap().case_number.as_deref(), Some("7"));
        let with_charge = |charge: Charge| {
            let mut d = draft();
            d.body.charges = vec![charge];
            check_arrest(d).unwrap_err()
        };
        let base = Charge { statute: "PC 1".into(), count: 1, ..Charge::default() };
        assert_eq!(with_charge(Charge { count: 0, ..base.clone() }), COUNT_AT_LEAST_ONE);
        assert_eq!(with_charge(Charge { bond: -1, ..base.clone() }), TIME_AND_BOND);
        assert_eq!(with_charge(Charge { statute: " ".into(), ..base }), CHARGE_NAMED);
        let mut none = draft();
        none.body.charges.clear();
        assert_eq!(check_arrest(none).unwrap_err(), CHARGE_REQUIRED);
        let mut nameless = draft();
        nameless.body.suspect.name = " ".into();
        assert_eq!(check_arrest(nameless).unwrap_err(), SUSPECT_REQUIRED);
        assert_eq!(
            check_arrest(ArrestDraft { arrest_date: String::new(), ..draft() }).unwrap_err(),
            DATE_REQUIRED
        );
        assert_eq!(
            check_arrest(ArrestDraft { location: " ".into(), ..draft() }).unwrap_err(),
            LOCATION_REQUIRED
        );
    }
}
