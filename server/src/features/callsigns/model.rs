//! Callsign rules (member-portal §2.6, command-and-reports §3 "Callsign pools", §5, §9).

pub use crate::shared::callsign_pools::{
    display_callsign, free_callsigns, in_pools, pool_callsigns, Pool,
};

pub const MAX_POOL_SIZE: i64 = 10_000;
/// Pools one rank may have.
pub const MAX_POOLS: usize = 20;
/// Free callsigns one answer lists by default, and at most.
pub const DEFAULT_PAGE: usize = 200;
pub const MAX_PAGE: usize = 1_000;
pub const MAX_NUMBER: i64 = 99_999;

/// Checks and normalises pools: at most [`MAX_POOLS`], numeric only, prefix letters
/// (uppercased), 0 ≤ start ≤ end, at most [`MAX_POOL_SIZE`] numbers each, no two overlapping.
pub fn validate_pools(pools: Vec<Pool>) -> Result<Vec<Pool>, String> {
    if pools.len() > MAX_POOLS {
        return Err(format!("A rank may have at most {MAX_POOLS} callsign pools."));
    }
    let pools = validate_each(pools)?;
    for (i, a) in pools.iter().enumerate() {
        for b in &pools[i + 1..] {
            if a.prefix == b.prefix && a.start <= b.end && b.start <= a.end {
                return Err(format!(
                    "Pools {} and {} overlap.",
                    describe_pool(a),
                    describe_pool(b)
                ));
            }
        }
    }
    Ok(pools)
}

fn describe_pool(p: &Pool) -> String {
    format!("{}{}–{}", p.prefix, p.start, p.end)
}

fn validate_each(pools: Vec<Pool>) -> Result<Vec<Pool>, String> {
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
    fn pools_are_bounded_and_never_overlap() {
        let many = vec![Pool::default(); MAX_POOLS + 1];
        assert_eq!(validate_pools(many).unwrap_err(), "A rank may have at most 20 callsign pools.");
        let a = Pool { prefix: "A".into(), start: 100, end: 199, ..Pool::default() };
        let overlapping = Pool { start: 150, end: 250, ..a.clone() };
        assert_eq!(
            validate_pools(vec![a.clone(), overlapping]).unwrap_err(),
            "Pools A100–199 and A150–250 overlap."
        );
        let other_prefix = Pool { prefix: "B".into(), ..a.clone() };
        assert!(validate_pools(vec![a, other_prefix]).is_ok());
    }

    #[test]
    fn free_callsigns_come_a_page_at_a_time_with_their_total() {
        let pools = vec![
            Pool { prefix: "A".into(), start: 1, end: 5, ..Pool::default() },
            Pool { prefix: String::new(), start: 0, end: 9_999, ..Pool::default() },
        ];
        let held: std::collections::HashSet<String> =
            ["A-02", "A-04", "07", "B-01", "ZZ"].map(String::from).into();
        let (page, total) = free_callsigns(&pools, &held, 0, 4);
        assert_eq!(page, vec!["A-01", "A-03", "A-05", "00"]);
        assert_eq!(total, 5 + 10_000 - 3, "B-01 and ZZ lie outside every pool");
        let (page, _) = free_callsigns(&pools, &held, 4, 5);
        assert_eq!(page, vec!["01", "02", "03", "04", "05"]);
        let (page, _) = free_callsigns(&pools, &held, 6, 2);
        assert_eq!(page, vec!["03", "04"]);
        let (page, _) = free_callsigns(&pools, &held, 20_000, 10);
        assert!(page.is_empty());
    }

    #[test]
    fn a_callsign_is_in_the_pools_whatever_its_typing() {
        let pools = vec![
            Pool { prefix: "B".into(), start: 300, end: 349, ..Pool::default() },
            Pool { prefix: String::new(), start: 1, end: 20, ..Pool::default() },
        ];
        assert!(in_pools(&pools, "B-300"));
        assert!(in_pools(&pools, " b349 "));
        assert!(in_pools(&pools, "7"));
        assert!(!in_pools(&pools, "B-208"), "a Corporal's callsign under a Sergeant's pools");
        assert!(!in_pools(&pools, "B-350"));
        assert!(!in_pools(&pools, "C-300"));
        assert!(!in_pools(&pools, "K9-UNIT"));
        assert!(!in_pools(&[], "B-300"));
    }

    #[test]
    fn pools_list_their_callsigns() {
        let pools = vec![Pool { prefix: "A".into(), start: 8, end: 10, ..Pool::default() }];
        assert_eq!(pool_callsigns(&pools).collect::<Vec<_>>(), vec!["A-08", "A-09", "A-10"]);
    }
}
