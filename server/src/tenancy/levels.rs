//! Rank levels of an agency (member-portal §3 "Level", §5 "Level lists").

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

/// A rank level: a lowercased id and the label shown to people.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Level {
    pub id: String,
    pub label: String,
}

/// The special navigation level that any signed-in member with a roster entry satisfies.
pub const NO_LEVEL: &str = "no_level";

pub const DEFAULT_LEVEL_IDS: [&str; 4] = ["deputy", "supervisor", "command", "high_command"];

pub fn default_levels() -> Vec<Level> {
    DEFAULT_LEVEL_IDS.iter().map(|id| Level { id: (*id).into(), label: title_case(id) }).collect()
}

/// Normalises a stored level list: entries may be strings or objects (`id` or `value`,
/// `label`); ids are trimmed and lowercased; duplicates and empty ids are dropped; a missing
/// label is the id title-cased. An empty result falls back to the default four levels.
pub fn normalize_levels(raw: Option<&Value>) -> Vec<Level> {
    let mut levels: Vec<Level> = Vec::new();
    for entry in raw.and_then(Value::as_array).into_iter().flatten() {
        let (id, label) = match entry {
            Value::String(s) => (s.as_str(), None),
            Value::Object(map) => {
                let id = map.get("id").or_else(|| map.get("value")).and_then(Value::as_str);
                (id.unwrap_or(""), map.get("label").and_then(Value::as_str))
            }
            _ => continue,
        };
        let id = id.trim().to_lowercase();
        if id.is_empty() || levels.iter().any(|l| l.id == id) {
            continue;
        }
        let label = label.map(str::trim).filter(|l| !l.is_empty()).map(str::to_owned);
        let label = label.unwrap_or_else(|| title_case(&id));
        levels.push(Level { id, label });
    }
    if levels.is_empty() {
        default_levels()
    } else {
        levels
    }
}

/// Turns free text ("Cadet, Senior Deputy\nCommand") into level ids as the agency create form
/// does: split on commas and new lines, lowercase, non-alphanumerics become underscores,
/// duplicates dropped.
pub fn level_ids_from_text(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for part in text.split([',', '\n']) {
        let id: String = part
            .trim()
            .to_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        if !id.is_empty() && !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// Levels typed as text: ids from [`level_ids_from_text`], labels as typed. An empty result
/// falls back to the default four.
pub fn levels_from_text(text: &str) -> Vec<Level> {
    let mut levels: Vec<Level> = Vec::new();
    for part in text.split([',', '\n']).map(str::trim).filter(|p| !p.is_empty()) {
        if let Some(id) = level_ids_from_text(part).into_iter().next() {
            if !levels.iter().any(|l| l.id == id) {
                levels.push(Level { id, label: part.to_owned() });
            }
        }
    }
    if levels.is_empty() {
        default_levels()
    } else {
        levels
    }
}

/// `high_command` → `High Command`.
pub fn title_case(id: &str) -> String {
    id.split(|c: char| c == '_' || c == '-' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Maps one of the four default level ids onto an agency's custom list: the same id when it
/// exists, else the level at the same relative height (lowest, second, second highest, top).
pub fn map_default_level(default_id: &str, levels: &[Level]) -> String {
    if let Some(level) = levels.iter().find(|l| l.id == default_id) {
        return level.id.clone();
    }
    let last = levels.len().saturating_sub(1);
    let index = match default_id {
        "deputy" => 0,
        "supervisor" => 1.min(last),
        "command" => last.saturating_sub(1),
        _ => last,
    };
    levels.get(index).map(|l| l.id.clone()).unwrap_or_else(|| default_id.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn ids(levels: &[Level]) -> Vec<&str> {
        levels.iter().map(|l| l.id.as_str()).collect()
    }

    #[test]
    fn missing_or_empty_lists_fall_back_to_the_default_four() {
        for raw in [None, Some(json!([])), Some(json!(["", "  "])), Some(json!("deputy"))] {
            let levels = normalize_levels(raw.as_ref());
            assert_eq!(ids(&levels), DEFAULT_LEVEL_IDS);
        }
        assert_eq!(default_levels()[3].label, "High Command");
    }

    #[test]
    fn strings_and_objects_are_trimmed_lowercased_and_deduplicated() {
        let raw = json!([
            " Cadet ",
            {"value": "DEPUTY", "label": "Deputy Sheriff"},
            {"id": "cadet", "label": "dup"},
            {"id": "senior_deputy"},
            {"label": "no id"},
            42
        ]);
        let levels = normalize_levels(Some(&raw));
        assert_eq!(
            levels,
            vec![
                Level { id: "cadet".into(), label: "Cadet".into() },
                Level { id: "deputy".into(), label: "Deputy Sheriff".into() },
                Level { id: "senior_deputy".into(), label: "Senior Deputy".into() },
            ]
        );
    }

    #[test]
    fn level_text_becomes_ids() {
        assert_eq!(
            level_ids_from_text("Cadet, Senior Deputy\nCommand!,cadet,,"),
            vec!["cadet", "senior_deputy", "command_"]
        );
    }

    #[test]
    fn default_levels_map_onto_custom_lists() {
        assert_eq!(map_default_level("command", &default_levels()), "command");
        let custom =
            normalize_levels(Some(&json!(["cadet", "officer", "sergeant", "lieutenant", "chief"])));
        assert_eq!(map_default_level("deputy", &custom), "cadet");
        assert_eq!(map_default_level("supervisor", &custom), "officer");
        assert_eq!(map_default_level("command", &custom), "lieutenant");
        assert_eq!(map_default_level("high_command", &custom), "chief");
        let single = normalize_levels(Some(&json!(["member"])));
        assert_eq!(map_default_level("command", &single), "member");
    }
}
