//! The document-level rule (SOPs and presentations): a document is for its minimum level and
//! every level above it, in the agency's level order (command-and-reports §3 "Document").
//! The web app ports it (`webapp/src/lib/document-level.ts`); both are tested against
//! `cases/document_level.json`.

/// Whether a viewer at `viewer` (none: no level) reaches a document whose minimum level is
/// `min`, with `levels` lowest first. A blank minimum is the lowest level; an unknown one
/// counts as the top, so renaming levels never exposes a document. A viewer without a level
/// reaches only documents of the lowest level (the caller decides whether such a viewer sees
/// the page at all); an unknown viewer level reaches nothing.
pub fn reaches(levels: &[String], viewer: Option<&str>, min: &str) -> bool {
    let min = min.trim().to_lowercase();
    let needed = if min.is_empty() {
        0
    } else {
        levels.iter().position(|l| *l == min).unwrap_or(levels.len().saturating_sub(1))
    };
    match viewer {
        None => needed == 0,
        Some(level) => levels.iter().position(|l| l == level).is_some_and(|mine| mine >= needed),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    #[test]
    fn the_shared_cases() {
        let cases: Value = serde_json::from_str(include_str!("cases/document_level.json")).unwrap();
        let levels: Vec<String> = cases["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_owned())
            .collect();
        for case in cases["cases"].as_array().unwrap() {
            let got =
                super::reaches(&levels, case["viewer"].as_str(), case["min"].as_str().unwrap());
            assert_eq!(got, case["expected"].as_bool().unwrap(), "{}", case["why"]);
        }
    }
}
