//! Penal code entries (member-portal §3 "Penal code entry") and the rules of a catalogue save.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::validate::{limits, max_len};

pub use crate::shared::penal_code::PenalCode;

/// `GET /api/penal-codes`: the catalogue, its categories in order, and the version a save
/// must start from.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PenalCatalogue {
    pub items: Vec<PenalCode>,
    pub categories: Vec<String>,
    pub version: i32,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
}

/// `PUT /api/penal-codes`: the whole catalogue (also the format of an export), and the
/// version it was read at.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PenalCatalogueSave {
    pub items: Vec<PenalCode>,
    pub version: i32,
}

pub const CLASSIFICATIONS: [&str; 3] = ["Infraction", "Misdemeanor", "Felony"];
pub const MAX_ENTRIES: usize = 2000;
/// Largest fine (dollars) and custody (months) an entry may carry.
pub const MAX_FINE: i64 = 100_000_000;
pub const MAX_CUSTODY: i64 = 12_000;

pub const STATUTE_AND_TITLE: &str = "Each penal code needs a statute and a title.";
pub const BAD_CLASSIFICATION: &str = "Classification must be Infraction, Misdemeanor or Felony.";

/// Checks and normalises a catalogue save: text trimmed and within its limits, statutes
/// unique (any case), a known classification (any case), whole non-negative amounts with the
/// minimum not above the maximum, ids unique (blank or repeated ones made new).
pub fn validate_catalogue(items: Vec<PenalCode>) -> Result<Vec<PenalCode>, String> {
    if items.len() > MAX_ENTRIES {
        return Err(format!("A catalogue holds at most {MAX_ENTRIES} penal codes."));
    }
    let mut out: Vec<PenalCode> = Vec::with_capacity(items.len());
    for (index, item) in items.into_iter().enumerate() {
        let statute = item.statute.trim().to_owned();
        let title = item.title.trim().to_owned();
        if statute.is_empty() || title.is_empty() {
            return Err(STATUTE_AND_TITLE.into());
        }
        max_len("A statute", &statute, 32)?;
        max_len("A title", &title, limits::NAME)?;
        max_len("A description", item.description.trim(), limits::NOTE)?;
        max_len("A category", item.category.trim(), limits::SHORT_TEXT)?;
        if out.iter().any(|o| o.statute.eq_ignore_ascii_case(&statute)) {
            return Err(format!("Statute '{statute}' is listed twice."));
        }
        let classification = CLASSIFICATIONS
            .iter()
            .find(|c| c.eq_ignore_ascii_case(item.classification.trim()))
            .ok_or(BAD_CLASSIFICATION)?
            .to_string();
        let amounts_ok =
            |min: i64, max: i64, top: i64| (0..=top).contains(&min) && min <= max && max <= top;
        if !amounts_ok(item.fine_min, item.fine_max, MAX_FINE)
            || !amounts_ok(item.custody_min, item.custody_max, MAX_CUSTODY)
        {
            return Err(format!(
                "{statute}: fines and custody must be whole numbers from 0, the minimum not above the maximum."
            ));
        }
        let id = item.id.trim();
        let id = if id.is_empty() || id.len() > 40 || out.iter().any(|o| o.id == id) {
            format!("pc-{}-{}", index + 1, &uuid::Uuid::new_v4().simple().to_string()[..6])
        } else {
            id.to_owned()
        };
        out.push(PenalCode {
            id,
            statute,
            title,
            description: item.description.trim().to_owned(),
            category: item.category.trim().to_owned(),
            classification,
            ..item
        });
    }
    Ok(out)
}

/// The categories of a catalogue in order of first appearance (blank ones left out).
pub fn categories(items: &[PenalCode]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for item in items {
        if !item.category.is_empty() && !out.contains(&item.category) {
            out.push(item.category.clone());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(statute: &str, class: &str) -> PenalCode {
        PenalCode {
            id: String::new(),
            statute: statute.into(),
            title: "Trespassing".into(),
            description: " On posted land. ".into(),
            category: "Property".into(),
            classification: class.into(),
            fine_min: 100,
            fine_max: 500,
            custody_min: 0,
            custody_max: 6,
        }
    }

    #[test]
    fn saves_are_normalised_and_checked() {
        let saved = validate_catalogue(vec![code(" PC 1 ", "misdemeanor"), code("PC 2", "FELONY")])
            .unwrap();
        assert_eq!(saved[0].statute, "PC 1");
        assert_eq!(saved[0].classification, "Misdemeanor");
        assert_eq!(saved[1].classification, "Felony");
        assert_eq!(saved[0].description, "On posted land.");
        assert!(!saved[0].id.is_empty() && saved[0].id != saved[1].id, "new ids, unique");

        assert_eq!(
            validate_catalogue(vec![code("PC 1", "Felony"), code("pc 1", "Felony")]).unwrap_err(),
            "Statute 'pc 1' is listed twice."
        );
        assert_eq!(
            validate_catalogue(vec![code("PC 1", "Crime")]).unwrap_err(),
            BAD_CLASSIFICATION
        );
        assert_eq!(validate_catalogue(vec![code(" ", "Felony")]).unwrap_err(), STATUTE_AND_TITLE);
        let upside_down = PenalCode { fine_min: 600, ..code("PC 3", "Felony") };
        assert_eq!(
            validate_catalogue(vec![upside_down]).unwrap_err(),
            "PC 3: fines and custody must be whole numbers from 0, the minimum not above the maximum."
        );
        let negative = PenalCode { custody_min: -1, ..code("PC 4", "Felony") };
        assert!(validate_catalogue(vec![negative]).is_err());
        let kept = PenalCode { id: "pc-101".into(), ..code("PC 5", "Felony") };
        assert_eq!(validate_catalogue(vec![kept]).unwrap()[0].id, "pc-101");
    }

    #[test]
    fn categories_keep_their_first_order() {
        let mut a = code("PC 1", "Felony");
        a.category = "Persons".into();
        let b = code("PC 2", "Felony");
        let mut c = code("PC 3", "Felony");
        c.category = "Persons".into();
        assert_eq!(categories(&[a, b, c]), vec!["Persons", "Property"]);
    }

    #[test]
    fn the_default_catalogue_is_valid_and_large_enough() {
        let items: Vec<PenalCode> =
            serde_json::from_str(super::super::store::DEFAULT_CATALOGUE).unwrap();
        let count = items.len();
        let valid = validate_catalogue(items).unwrap();
        assert_eq!(valid.len(), count);
        assert!(count >= 60, "{count} entries");
        assert!(categories(&valid).len() >= 6);
    }
}
