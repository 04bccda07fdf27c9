//! The rank-access rule of catalogues (vehicles, liveries, equipment, uniforms): an item's
//! allowed list names rank ids, or `All` (command-and-reports §3, §5, §7). The web app ports
//! it (`webapp/src/lib/rank-list.ts`); both are tested against `cases/rank_list.json`.

use std::collections::HashSet;

/// The stored value that means every rank.
pub const ALL: &str = "All";

/// `All`, `all`, `*` (any case, trimmed) mean every rank.
pub fn is_all(value: &str) -> bool {
    let value = value.trim();
    value == "*" || value.eq_ignore_ascii_case("all")
}

/// Whether a viewer holding `rank_id` may use an item allowed to `allowed`: an empty list or
/// one holding All admits everyone; otherwise the rank id must be listed.
pub fn allows(allowed: &[String], rank_id: Option<&str>) -> bool {
    if allowed.is_empty() || allowed.iter().any(|a| is_all(a)) {
        return true;
    }
    rank_id.is_some_and(|rank| allowed.iter().any(|a| a.trim() == rank))
}

/// Normalises an allowed list as saves do (command-and-reports §5): trimmed, blanks dropped,
/// de-duplicated in order, and any list holding All collapses to `["All"]`. Ids that are not
/// in `known` are answered, each once, in order.
pub fn normalize(list: &[String], known: &HashSet<&str>) -> Result<Vec<String>, Vec<String>> {
    let mut out: Vec<String> = Vec::new();
    let mut unknown: Vec<String> = Vec::new();
    for value in list.iter().map(|v| v.trim()).filter(|v| !v.is_empty()) {
        if is_all(value) {
            out = vec![ALL.to_owned()];
            break;
        }
        if !known.contains(value) {
            if !unknown.iter().any(|u| u == value) {
                unknown.push(value.to_owned());
            }
        } else if !out.iter().any(|o| o == value) {
            out.push(value.to_owned());
        }
    }
    if out.first().is_some_and(|o| o == ALL) {
        return Ok(out);
    }
    if unknown.is_empty() {
        Ok(out)
    } else {
        Err(unknown)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn strings(v: &Value) -> Vec<String> {
        v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_owned()).collect()
    }

    #[test]
    fn the_shared_cases() {
        let cases: Value = serde_json::from_str(include_str!("cases/rank_list.json")).unwrap();
        for case in cases["allows"].as_array().unwrap() {
            let got = allows(&strings(&case["allowed"]), case["rank"].as_str());
            assert_eq!(got, case["expected"].as_bool().unwrap(), "{}", case["why"]);
        }
        let known: HashSet<&str> = ["rk_a", "rk_b"].into();
        for case in cases["normalize"].as_array().unwrap() {
            let got = normalize(&strings(&case["input"]), &known);
            match case.get("unknown") {
                Some(unknown) => assert_eq!(got, Err(strings(unknown)), "{}", case["why"]),
                None => assert_eq!(got, Ok(strings(&case["expected"])), "{}", case["why"]),
            }
        }
    }
}
