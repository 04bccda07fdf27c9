//! Tickets (the specification lists the menu item only; designed here): a citation for one or
//! more offences of the penal code catalogue, each fined within the entry's range.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::{
        penal_code::PenalCode,
        report::{
            callsign_input, evidence, report_date, report_number, text, Evidence, NewReport,
            Officer, ReportBody, StoredReport, Subject,
        },
    },
    validate::limits,
};

pub const DATE_REQUIRED: &str = "Date and time are required.";
pub const LOCATION_REQUIRED: &str = "Location is required.";
pub const VIOLATOR_REQUIRED: &str = "Violator name is required.";
pub const OFFICER_REQUIRED: &str = "The issuing officer needs a name.";
pub const VIOLATION_REQUIRED: &str = "Add at least one violation.";
pub const DUPLICATE_NUMBER: &str = "Another ticket already has this citation number.";
pub const NOT_FOUND: &str = "Ticket not found";

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TicketVehicle {
    #[schema(max_length = 16)]
    pub plate: String,
    #[schema(max_length = 120)]
    pub model: String,
    #[schema(max_length = 60)]
    pub colour: String,
}

/// An offence of the catalogue and its fine in whole dollars.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Violation {
    #[schema(max_length = 32)]
    pub statute: String,
    /// Filled from the catalogue.
    #[schema(max_length = 120)]
    pub title: String,
    pub fine: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TicketBody {
    pub officer: Officer,
    pub violator: Subject,
    pub vehicle: TicketVehicle,
    pub violations: Vec<Violation>,
    #[schema(max_length = 4000)]
    pub notes: String,
    pub evidence: Vec<Evidence>,
}

impl ReportBody for TicketBody {
    fn officers(&self) -> &[Officer] {
        std::slice::from_ref(&self.officer)
    }
}

/// `POST /api/tickets`: a blank citation number is allocated by the server.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TicketDraft {
    #[schema(max_length = 40)]
    pub citation_number: String,
    #[schema(max_length = 40)]
    pub issued_at: String,
    #[schema(max_length = 500)]
    pub location: String,
    #[serde(flatten)]
    pub body: TicketBody,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedTicket {
    pub citation_number: Option<String>,
    pub issued_at: String,
    pub location: String,
    pub body: TicketBody,
}

impl CheckedTicket {
    /// The ticket as the report store files it.
    pub fn filing(&self) -> NewReport<'_, TicketBody> {
        NewReport {
            number: self.citation_number.as_deref(),
            incident_date: &self.issued_at,
            location: &self.location,
            body: &self.body,
        }
    }
}

/// Checks a ticket against the agency's penal code `catalogue`: every violation names one of
/// its statutes (any case) and a fine within that entry's range.
pub fn check_ticket(
    draft: TicketDraft,
    catalogue: &[PenalCode],
    today: NaiveDate,
) -> Result<CheckedTicket, String> {
    let number = report_number("Citation number", &draft.citation_number)?;
    let issued_at = report_date("Ticket date", &draft.issued_at, today)?.ok_or(DATE_REQUIRED)?;
    let location = text("A location", &draft.location, limits::DESCRIPTION)?;
    if location.is_empty() {
        return Err(LOCATION_REQUIRED.into());
    }
    let b = draft.body;
    let officer = Officer {
        name: text("The officer's name", &b.officer.name, limits::NAME)?,
        rank: text("The officer's rank", &b.officer.rank, limits::NAME)?,
        callsign: callsign_input(&b.officer.callsign),
    };
    if officer.name.is_empty() {
        return Err(OFFICER_REQUIRED.into());
    }
    let violator = b.violator.checked("The violator", VIOLATOR_REQUIRED)?;
    if b.violations.len() > crate::shared::report::MAX_ROWS {
        return Err(format!(
            "A ticket lists at most {} violations.",
            crate::shared::report::MAX_ROWS
        ));
    }
    let mut violations = Vec::with_capacity(b.violations.len());
    for v in b.violations {
        let statute = v.statute.trim();
        let entry = catalogue
            .iter()
            .find(|c| c.statute.eq_ignore_ascii_case(statute))
            .ok_or_else(|| format!("'{statute}' is not in the penal code catalogue."))?;
        if !(entry.fine_min..=entry.fine_max).contains(&v.fine) {
            return Err(format!(
                "The fine for {} must be from ${} to ${}.",
                entry.statute, entry.fine_min, entry.fine_max
            ));
        }
        violations.push(Violation {
            statute: entry.statute.clone(),
            title: entry.title.clone(),
            fine: v.fine,
        });
    }
    if violations.is_empty() {
        return Err(VIOLATION_REQUIRED.into());
    }
    Ok(CheckedTicket {
        citation_number: number,
        issued_at,
        location,
        body: TicketBody {
            officer,
            violator,
            vehicle: TicketVehicle {
                plate: text("A plate", &b.vehicle.plate, 16)?.to_uppercase(),
                model: text("A vehicle model", &b.vehicle.model, limits::NAME)?,
                colour: text("A colour", &b.vehicle.colour, limits::SHORT_TEXT)?,
            },
            violations,
            notes: text("Notes", &b.notes, limits::LONG_TEXT)?,
            evidence: evidence(b.evidence)?,
        },
    })
}

/// An issued ticket.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ticket {
    pub id: i64,
    pub citation_number: String,
    pub issued_at: String,
    pub location: String,
    #[serde(flatten)]
    pub body: TicketBody,
    /// Σ fines, in dollars.
    pub total_fine: i64,
    pub filed_by: String,
    pub created_at: DateTime<Utc>,
}

impl From<StoredReport<TicketBody>> for Ticket {
    fn from(r: StoredReport<TicketBody>) -> Self {
        Self {
            id: r.id,
            citation_number: r.number,
            issued_at: r.incident_date,
            location: r.location,
            total_fine: r.body.violations.iter().map(|v| v.fine).sum(),
            body: r.body,
            filed_by: r.review.filed_by,
            created_at: r.review.created_at,
        }
    }
}

/// `POST /api/tickets` → the new ticket's id and citation number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssuedTicket {
    pub id: i64,
    pub citation_number: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    const TODAY: NaiveDate = match NaiveDate::from_ymd_opt(2026, 11, 24) {
        Some(d) => d,
        None => panic!("a date"),
    };

    fn check_ticket(draft: TicketDraft, catalogue: &[PenalCode]) -> Result<CheckedTicket, String> {
        super::check_ticket(draft, catalogue, TODAY)
    }

    fn code(statute: &str, min: i64, max: i64) -> PenalCode {
        PenalCode {
            id: statute.into(),
            statute: statute.into(),
            title: format!("{statute} title"),
            description: String::new(),
            category: "Traffic".into(),
            classification: "Infraction".into(),
            fine_min: min,
            fine_max: max,
            custody_min: 0,
            custody_max: 0,
        }
    }

    fn draft(violations: Vec<Violation>) -> TicketDraft {
        TicketDraft {
            citation_number: String::new(),
            issued_at: "2026-11-20T10:00".into(),
            location: "Route 68".into(),
            body: TicketBody {
                officer: Officer { name: "Dale".into(), ..Officer::default() },
                violator: Subject { name: "Jo".into(), ..Subject::default() },
                vehicle: TicketVehicle { plate: " abc 123 ".into(), ..TicketVehicle::default() },
                violations,
                ..TicketBody::default()
            },
        }
    }

    #[test]
    fn fines_stay_within_the_catalogue_range() {
        let catalogue = [code("VC 1", 100, 300)];
        let v =
            |statute: &str, fine| Violation { statute: statute.into(), title: String::new(), fine };
        let ok = check_ticket(draft(vec![v("vc 1", 150)]), &catalogue).unwrap();
        assert_eq!(
            ok.body.violations[0],
            Violation { statute: "VC 1".into(), title: "VC 1 title".into(), fine: 150 }
        );
        assert_eq!(ok.body.vehicle.plate, "ABC 123");
        assert_eq!(
            check_ticket(draft(vec![v("VC 1", 301)]), &catalogue).unwrap_err(),
            "The fine for VC 1 must be from $100 to $300."
        );
        assert_eq!(
            check_ticket(draft(vec![v("VC 9", 100)]), &catalogue).unwrap_err(),
            "'VC 9' is not in the penal code catalogue."
        );
        assert_eq!(check_ticket(draft(vec![]), &catalogue).unwrap_err(), VIOLATION_REQUIRED);
    }
}
