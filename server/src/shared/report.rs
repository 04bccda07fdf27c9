//! Parts every incident report shares (use of force, arrests, tickets): the officers, witnesses
//! and evidence rows and their checks, and the report numbers the server allocates.

use serde::{Deserialize, Serialize};
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::validate::{limits, max_len, valid_link};

/// An officer on a report (member-portal §3 "Arrest report", command-and-reports §3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Officer {
    #[schema(max_length = 120)]
    pub name: String,
    #[schema(max_length = 120)]
    pub rank: String,
    #[schema(max_length = 16)]
    pub callsign: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Witness {
    #[schema(max_length = 120)]
    pub name: String,
    /// A phone number, an address, or what they said.
    #[schema(max_length = 1000)]
    pub contact: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Evidence {
    #[schema(max_length = 120)]
    pub label: String,
    /// An http(s) link.
    #[schema(max_length = 2048)]
    pub url: String,
}

pub const OFFICER_REQUIRED: &str = "Add at least one officer with a name.";
pub const EVIDENCE_URL: &str = "Evidence links must be http(s) URLs.";
/// The most rows of one list on a report.
pub const MAX_ROWS: usize = 50;

fn rows<T>(what: &str, list: &[T]) -> Result<(), String> {
    if list.len() > MAX_ROWS {
        return Err(format!("A report lists at most {MAX_ROWS} {what}."));
    }
    Ok(())
}

/// Trimmed text within `max` characters.
pub fn text(field: &str, value: &str, max: usize) -> Result<String, String> {
    let value = value.trim();
    max_len(field, value, max)?;
    Ok(value.to_owned())
}

/// A callsign as typed: spaces and dashes stripped, upper-cased (the screens show it as
/// letters, a dash and at least two digits).
pub fn callsign_input(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_uppercase()
}

/// Officers: rows without a name dropped, at least one left.
pub fn officers(list: Vec<Officer>) -> Result<Vec<Officer>, String> {
    rows("officers", &list)?;
    let mut out = Vec::with_capacity(list.len());
    for officer in list {
        let name = text("An officer's name", &officer.name, limits::NAME)?;
        if name.is_empty() {
            continue;
        }
        let callsign = callsign_input(&officer.callsign);
        max_len("A callsign", &callsign, limits::CALLSIGN)?;
        out.push(Officer { name, rank: text("A rank", &officer.rank, limits::NAME)?, callsign });
    }
    if out.is_empty() {
        return Err(OFFICER_REQUIRED.into());
    }
    Ok(out)
}

/// Witnesses: empty rows dropped.
pub fn witnesses(list: Vec<Witness>) -> Result<Vec<Witness>, String> {
    rows("witnesses", &list)?;
    let mut out = Vec::with_capacity(list.len());
    for w in list {
        let w = Witness {
            name: text("A witness's name", &w.name, limits::NAME)?,
            contact: text("A witness's contact", &w.contact, limits::NOTE)?,
        };
        if !w.name.is_empty() || !w.contact.is_empty() {
            out.push(w);
        }
    }
    Ok(out)
}

/// Evidence: empty rows dropped; every link http(s).
pub fn evidence(list: Vec<Evidence>) -> Result<Vec<Evidence>, String> {
    rows("evidence links", &list)?;
    let mut out = Vec::with_capacity(list.len());
    for e in list {
        let e = Evidence {
            label: text("An evidence label", &e.label, limits::NAME)?,
            url: text("An evidence link", &e.url, limits::URL)?,
        };
        if e.label.is_empty() && e.url.is_empty() {
            continue;
        }
        let web = url::Url::parse(&e.url).is_ok_and(|u| matches!(u.scheme(), "http" | "https"));
        if !web || !valid_link(&e.url) {
            return Err(EVIDENCE_URL.into());
        }
        out.push(e);
    }
    Ok(out)
}

/// The next report number of `table` (one more than the highest digits of `column`, 1 for
/// the first), under a transaction-scoped lock so two filings never get the same number.
/// `table` and `column` are the caller's constants, never user input.
pub async fn next_number(
    conn: &mut PgConnection,
    table: &'static str,
    column: &'static str,
) -> sqlx::Result<i64> {
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
        .bind(format!("report-number:{table}"))
        .execute(&mut *conn)
        .await?;
    let sql = format!(
        "SELECT COALESCE(MAX(NULLIF(regexp_replace({column}, '\\D', '', 'g'), '')::numeric), 0)::bigint + 1 FROM {table}"
    );
    sqlx::query_scalar(&sql).fetch_one(conn).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_trimmed_and_checked() {
        let list = vec![
            Officer { name: " Dale ".into(), rank: " Deputy ".into(), callsign: " b-12 ".into() },
            Officer::default(),
        ];
        assert_eq!(
            officers(list).unwrap(),
            vec![Officer { name: "Dale".into(), rank: "Deputy".into(), callsign: "B12".into() }]
        );
        assert_eq!(officers(vec![Officer::default()]).unwrap_err(), OFFICER_REQUIRED);
        let blank = Witness::default();
        assert!(witnesses(vec![blank]).unwrap().is_empty());
        let link = Evidence { label: "Bodycam".into(), url: "https://video.example/1".into() };
        assert_eq!(evidence(vec![link.clone(), Evidence::default()]).unwrap(), vec![link]);
        let script = Evidence { label: "x".into(), url: "javascript:alert(1)".into() };
        assert_eq!(evidence(vec![script]).unwrap_err(), EVIDENCE_URL);
        let local = Evidence { label: "x".into(), url: "/media/x.png".into() };
        assert_eq!(evidence(vec![local]).unwrap_err(), EVIDENCE_URL);
    }
}
