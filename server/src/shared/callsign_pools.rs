//! Callsign pools as the roster and the callsigns feature both read them: a pool of numeric
//! callsigns, the display form of a callsign, whether a callsign lies in a rank's pools, and
//! the reads of a rank's pools and of the callsigns held, and the free ones among them.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use sqlx::{types::Json, PgExecutor};
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

/// The pool number a displayed callsign stands for, if it is letters-dash-digits or digits.
pub fn pool_number(callsign: &str) -> Option<(&str, i64)> {
    let (prefix, digits) = callsign.split_once('-').unwrap_or(("", callsign));
    let number = digits.parse().ok().filter(|_| digits.chars().all(|c| c.is_ascii_digit()))?;
    Some((prefix, number))
}

/// Whether `callsign` (as typed or displayed) is one of the pools' callsigns.
pub fn in_pools(pools: &[Pool], callsign: &str) -> bool {
    let shown = display_callsign(callsign);
    pool_number(&shown).is_some_and(|(prefix, n)| {
        pools.iter().any(|p| p.prefix == prefix && (p.start..=p.end).contains(&n))
    })
}

/// Every callsign of the pools, in pool order, as displayed.
pub fn pool_callsigns(pools: &[Pool]) -> impl Iterator<Item = String> + '_ {
    pools
        .iter()
        .flat_map(|p| (p.start..=p.end).map(move |n| display_callsign(&format!("{}{n}", p.prefix))))
}

/// One page of the free callsigns of `pools` (those not in `held`, displayed), and how many
/// are free in all. Numbers are made only up to the end of the page; the total is counted
/// from the pools' sizes and the held callsigns that fall inside them (pools never overlap).
pub fn free_callsigns(
    pools: &[Pool],
    held: &HashSet<String>,
    offset: usize,
    limit: usize,
) -> (Vec<String>, usize) {
    let size: i64 = pools.iter().map(|p| p.end - p.start + 1).sum();
    let held_inside = held
        .iter()
        .filter_map(|c| pool_number(c))
        .filter(|(prefix, n)| {
            pools.iter().any(|p| p.prefix == *prefix && (p.start..=p.end).contains(n))
        })
        .count();
    let total = usize::try_from(size).unwrap_or(0).saturating_sub(held_inside);
    let page =
        pool_callsigns(pools).filter(|c| !held.contains(c)).skip(offset).take(limit).collect();
    (page, total)
}

/// The pools of a rank, named by its name or its id.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn pools_of(db: impl PgExecutor<'_>, rank: &str) -> sqlx::Result<Option<Vec<Pool>>> {
    let pools: Option<Json<Vec<Pool>>> = sqlx::query_scalar(
        "SELECT pools FROM callsign_pools
         WHERE rank_name = $1 OR rank_name = (SELECT name FROM ranks WHERE id = $1)
         LIMIT 1",
    )
    .bind(rank)
    .fetch_optional(db)
    .await?;
    Ok(pools.map(|Json(p)| p))
}

/// Every callsign someone in the agency holds, as stored.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn held(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT callsign FROM roster WHERE callsign IS NOT NULL AND callsign <> ''")
        .fetch_all(db)
        .await
}
