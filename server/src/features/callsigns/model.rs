//! Callsign rules (member-portal §2.6, command-and-reports §3 "Callsign pools", §5, §9).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A range of numeric callsigns: `prefix-start` … `prefix-end`, inclusive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Pool {
    #[serde(rename = "type", default = "numeric")]
    pub kind: String,
    #[serde(default)]
    pub prefix: String,
    pub start: i64,
    pub end: i64,
}

fn numeric() -> String {
    "numeric".into()
}

impl Default for Pool {
    /// A new pool: numeric, no prefix, 100 to 199.
    fn default() -> Self {
        Self { kind: numeric(), prefix: String::new(), start: 100, end: 199 }
    }
}

pub const MAX_POOL_SIZE: i64 = 10_000;
pub const MAX_NUMBER: i64 = 99_999;

/// Checks and normalises pools: numeric only, prefix letters (uppercased), 0 ≤ start ≤ end.
pub fn validate_pools(pools: Vec<Pool>) -> Result<Vec<Pool>, String> {
    pools
        .into_iter()
        .map(|p| {
            if p.kind != "numeric" {
                return Err("Only numeric pools are supported.".to_owned());
            }
            let prefix = p.prefix.trim().to_uppercase();
            if prefix.len() > 6 || !prefix.chars().all(|c| c.is_ascii_alphabetic()) {
                return Err(format!(
                    "Pool prefix '{}' must be up to six letters.",
                    p.prefix.trim()
                ));
            }
            if p.start < 0 || p.end > MAX_NUMBER {
                return Err(format!("Pool numbers must be between 0 and {MAX_NUMBER}."));
            }
            if p.start > p.end {
                return Err(format!(
                    "Pool start ({}) must not be greater than its end ({}).",
                    p.start, p.end
                ));
            }
            if p.end - p.start + 1 > MAX_POOL_SIZE {
                return Err(format!("A pool may hold at most {MAX_POOL_SIZE} callsigns."));
            }
            Ok(Pool { kind: p.kind, prefix, start: p.start, end: p.end })
        })
        .collect()
}

/// Display form: letters, a dash, digits with at least two digits (`a5` → `A-05`, `7` → `07`).
/// Anything that is not letters-then-digits is kept as typed, uppercased, without spaces.
pub fn display_callsign(raw: &str) -> String {
    let compact: String =
        raw.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_uppercase();
    let split = compact.find(|c: char| c.is_ascii_digit()).unwrap_or(compact.len());
    let (letters, digits) = compact.split_at(split);
    let well_formed = !digits.is_empty()
        && letters.chars().all(|c| c.is_ascii_alphabetic())
        && digits.chars().all(|c| c.is_ascii_digit());
    if !well_formed {
        return compact;
    }
    let number: String = {
        let trimmed = digits.trim_start_matches('0');
        let n = if trimmed.is_empty() { "0" } else { trimmed };
        format!("{n:0>2}")
    };
    if letters.is_empty() {
        number
    } else {
        format!("{letters}-{number}")
    }
}

/// Every callsign of the pools, in pool order, as displayed.
pub fn pool_callsigns(pools: &[Pool]) -> impl Iterator<Item = String> + '_ {
    pools
        .iter()
        .flat_map(|p| (p.start..=p.end).map(move |n| display_callsign(&format!("{}{n}", p.prefix))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn callsigns_display_as_letters_dash_two_digits() {
        assert_eq!(display_callsign("a5"), "A-05");
        assert_eq!(display_callsign(" bc - 123 "), "BC-123");
        assert_eq!(display_callsign("7"), "07");
        assert_eq!(display_callsign("007"), "07");
        assert_eq!(display_callsign("K9-unit"), "K9UNIT");
        assert_eq!(display_callsign(""), "");
    }

    #[test]
    fn pools_are_checked() {
        let ok = validate_pools(vec![Pool { prefix: " a ".into(), ..Pool::default() }]).unwrap();
        assert_eq!(
            ok,
            vec![Pool { kind: "numeric".into(), prefix: "A".into(), start: 100, end: 199 }]
        );
        let bad = |p: Pool| validate_pools(vec![p]).unwrap_err();
        assert_eq!(
            bad(Pool { kind: "list".into(), ..Pool::default() }),
            "Only numeric pools are supported."
        );
        assert_eq!(
            bad(Pool { start: 5, end: 4, ..Pool::default() }),
            "Pool start (5) must not be greater than its end (4)."
        );
        assert!(bad(Pool { prefix: "A1".into(), ..Pool::default() }).contains("letters"));
        assert!(bad(Pool { start: 0, end: 20_000, ..Pool::default() }).contains("at most"));
    }

    #[test]
    fn pools_list_their_callsigns() {
        let pools = vec![Pool { prefix: "A".into(), start: 8, end: 10, ..Pool::default() }];
        assert_eq!(pool_callsigns(&pools).collect::<Vec<_>>(), vec!["A-08", "A-09", "A-10"]);
    }
}
