//! Permission entries and their rules.

use std::collections::{BTreeMap, HashSet};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access::{
    levels::{Level, NO_LEVEL},
    nav::{is_nav_id, NavRule},
    viewer::ViewerInfo,
};

/// Who may see one navigation item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct NavEntry {
    pub public: bool,
    #[serde(default)]
    pub levels: Vec<String>,
    #[serde(default)]
    pub roles: Vec<String>,
}

impl From<NavEntry> for NavRule {
    fn from(e: NavEntry) -> Self {
        NavRule { public: e.public, levels: e.levels, roles: e.roles }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RoleOption {
    pub id: String,
    pub name: String,
    pub department_name: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermissionsMetadata {
    /// The agency's levels, then `no_level` ('No level').
    pub levels: Vec<Level>,
    pub level_order: Vec<String>,
    pub roles: Vec<RoleOption>,
    /// Items the root agency has locked for this agency.
    pub locked: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NavPermissions {
    /// Keyed by navigation id.
    pub items: BTreeMap<String, NavEntry>,
    pub metadata: PermissionsMetadata,
    pub viewer: ViewerInfo,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NavPermissionsUpdate {
    #[serde(default)]
    pub items: BTreeMap<String, NavEntry>,
    /// With `?target=`: the items to lock in that agency. Without: must equal the current
    /// locks when sent (an agency cannot unlock itself).
    #[serde(default)]
    pub locked: Option<Vec<String>>,
    /// The `updatedAt` the editor started from; a newer one on the server is a conflict.
    #[serde(default)]
    pub base_updated_at: Option<DateTime<Utc>>,
}

/// Checks and normalises submitted entries: known navigation ids, known levels and roles;
/// levels de-duplicated and sorted in level order; `no_level` excludes every other level.
pub fn normalize_entries(
    items: BTreeMap<String, NavEntry>,
    level_order: &[String],
    known_roles: &HashSet<String>,
) -> Result<BTreeMap<String, NavEntry>, String> {
    let mut out = BTreeMap::new();
    for (id, entry) in items {
        if !is_nav_id(&id) {
            return Err(format!("Unknown navigation item '{id}'."));
        }
        let mut levels: Vec<String> = Vec::new();
        for level in entry.levels {
            let level = level.trim().to_lowercase();
            if !level_order.contains(&level) {
                return Err(format!("Unknown level '{level}' for '{id}'."));
            }
            if !levels.contains(&level) {
                levels.push(level);
            }
        }
        if levels.iter().any(|l| l == NO_LEVEL) {
            levels = vec![NO_LEVEL.to_owned()];
        }
        levels.sort_by_key(|l| level_order.iter().position(|o| o == l));
        let mut roles: Vec<String> = Vec::new();
        for role in entry.roles {
            if !known_roles.contains(&role) {
                return Err(format!("Unknown role '{role}' for '{id}'."));
            }
            if !roles.contains(&role) {
                roles.push(role);
            }
        }
        if !entry.public && levels.is_empty() && roles.is_empty() {
            return Err(format!(
                "'{id}' is restricted but names no level or role, so nobody could see it."
            ));
        }
        out.insert(id, NavEntry { public: entry.public, levels, roles });
    }
    Ok(out)
}

pub fn normalize_locked(locked: Vec<String>) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for id in locked {
        if !is_nav_id(&id) {
            return Err(format!("Unknown navigation item '{id}'."));
        }
        if !out.contains(&id) {
            out.push(id);
        }
    }
    out.sort();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order() -> Vec<String> {
        ["deputy", "supervisor", "command", "high_command", "no_level"].map(String::from).to_vec()
    }

    fn entry(levels: &[&str], roles: &[&str]) -> NavEntry {
        NavEntry {
            public: false,
            levels: levels.iter().map(|s| s.to_string()).collect(),
            roles: roles.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn levels_are_deduplicated_sorted_and_no_level_is_exclusive() {
        let roles = HashSet::from(["fto".to_string()]);
        let items = BTreeMap::from([
            ("roster".to_string(), entry(&["command", "Deputy", "command"], &["fto", "fto"])),
            ("sops".to_string(), entry(&["command", "no_level"], &[])),
        ]);
        let out = normalize_entries(items, &order(), &roles).unwrap();
        assert_eq!(out["roster"], entry(&["deputy", "command"], &["fto"]));
        assert_eq!(out["sops"], entry(&["no_level"], &[]));
    }

    #[test]
    fn unknown_ids_levels_and_roles_are_refused() {
        let roles = HashSet::new();
        let bad = |id: &str, e: NavEntry| {
            normalize_entries(BTreeMap::from([(id.to_string(), e)]), &order(), &roles)
        };
        assert_eq!(bad("nope", entry(&[], &[])).unwrap_err(), "Unknown navigation item 'nope'.");
        assert_eq!(
            bad("sops", entry(&[], &[])).unwrap_err(),
            "'sops' is restricted but names no level or role, so nobody could see it."
        );
        assert_eq!(
            bad("roster", entry(&["chief"], &[])).unwrap_err(),
            "Unknown level 'chief' for 'roster'."
        );
        assert_eq!(
            bad("roster", entry(&[], &["x"])).unwrap_err(),
            "Unknown role 'x' for 'roster'."
        );
        assert_eq!(normalize_locked(vec!["x".into()]).unwrap_err(), "Unknown navigation item 'x'.");
        assert_eq!(
            normalize_locked(vec!["sops".into(), "home".into(), "sops".into()]).unwrap(),
            vec!["home", "sops"]
        );
    }
}
