//! Structure types and their rules.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::access::levels::Level;
pub use crate::shared::organisation::{Department, DepartmentRole, Rank, SubDepartment};

#[derive(Debug, Serialize, ToSchema)]
pub struct Structure {
    pub departments: Vec<Department>,
}

/// `POST /api/structure`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StructureCreate {
    /// `department`, `ranks`, `sub` or `role`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The department the new ranks, sub-department or role belong to (null for a department).
    pub parent_id: Option<String>,
    #[schema(value_type = StructureData)]
    pub data: Value,
}

/// What a structure create carries, by type (command-and-reports §7); read as a JSON object
/// by `routes::create`, described here for the OpenAPI description and the web app's types.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum StructureData {
    /// `department` and `sub`.
    Named {
        #[schema(max_length = 120)]
        name: String,
        #[serde(rename = "roleId")]
        role_id: Option<String>,
    },
    /// `role`.
    Role {
        #[schema(max_length = 120)]
        name: String,
        #[serde(rename = "discordRoleId")]
        discord_role_id: Option<String>,
    },
    /// `ranks`.
    Ranks { ranks: Vec<NewRankInput> },
}

/// A rank of a `ranks` create.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewRankInput {
    #[schema(max_length = 120)]
    pub name: String,
    /// A level id of the agency.
    pub level: String,
    pub role_id: Option<String>,
    /// An uploaded insignia's file name.
    pub insignia: Option<String>,
}

/// `PATCH /api/structure/{id}`: the fields of whatever the id names. A field left out keeps
/// its value; `null` (or blank) clears an optional one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StructurePatch {
    #[schema(max_length = 120)]
    pub name: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>)]
    pub role_id: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>)]
    pub discord_role_id: Option<Option<String>>,
    pub level: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<String>)]
    pub insignia: Option<Option<String>>,
    /// A department role only: whoever holds it commands the whole agency (High Command).
    pub grants_agency_command: Option<bool>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReorderRequest {
    pub department_id: String,
    /// `ranks` or `subs`.
    #[serde(rename = "type")]
    pub kind: String,
    pub ordered_ids: Vec<String>,
}

pub const DEPARTMENT_NAME_REQUIRED: &str = "Department name required";
pub const SUB_NAME_REQUIRED: &str = "Sub-department name required";
pub const NAME_REQUIRED: &str = "Name required";

pub const MAX_RANKS_AT_ONCE: usize = 50;

/// A rank to create, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRank {
    pub name: String,
    pub role_id: Option<String>,
    pub level: String,
    pub insignia: Option<String>,
}

use crate::validate::{limits, max_len, max_len_opt};

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(String::from)
}

/// The name as entered, trimmed; `message` when blank; at most [`limits::NAME`] characters.
pub fn required_name(raw: Option<&str>, message: &str) -> Result<String, String> {
    let name = raw
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(String::from)
        .ok_or_else(|| message.to_owned())?;
    max_len("Name", &name, limits::NAME)?;
    Ok(name)
}

/// A Discord role id (or other short reference) as sent, at most [`limits::SHORT_TEXT`].
pub fn short_reference(field: &str, value: Option<&str>) -> Result<(), String> {
    max_len_opt(field, value, limits::SHORT_TEXT)
}

/// A level id of the agency (lowercased), or a sentence listing the valid ones.
pub fn valid_level(raw: &str, levels: &[Level]) -> Result<String, String> {
    let id = raw.trim().to_lowercase();
    if levels.iter().any(|l| l.id == id) {
        Ok(id)
    } else {
        let names: Vec<&str> = levels.iter().map(|l| l.id.as_str()).collect();
        Err(format!("Unknown level '{}'. Use one of: {}.", raw.trim(), names.join(", ")))
    }
}

/// An insignia file name as the upload returned it to this agency (`<slug>-<32 hex>.png`,
/// the slug matched exactly, so `bcso` cannot use `bcso-annex-….png`), or a shared demo
/// insignia (`demo-<letters and dashes>.png`). Whether the file exists is checked by the
/// caller.
pub fn valid_insignia(raw: Option<String>, agency_slug: &str) -> Result<Option<String>, String> {
    let Some(name) = raw.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let stem = name.strip_suffix(".png").unwrap_or_default();
    let is_upload_id = |id: &str| {
        id.len() == 32 && id.chars().all(|c| c.is_ascii_digit() || ('a'..='f').contains(&c))
    };
    let uploaded_here = stem
        .strip_prefix(agency_slug)
        .and_then(|rest| rest.strip_prefix('-'))
        .is_some_and(is_upload_id);
    let demo = stem.strip_prefix("demo-").is_some_and(|rest| {
        !rest.is_empty()
            && rest.len() <= 40
            && !is_upload_id(rest)
            && rest.chars().all(|c| c.is_ascii_lowercase() || c == '-')
    });
    if uploaded_here || demo {
        Ok(Some(name))
    } else {
        Err(not_an_insignia(&name))
    }
}

pub fn not_an_insignia(name: &str) -> String {
    format!("'{name}' is not an insignia uploaded for this agency.")
}

/// The insignia file name an upload gets in an agency.
pub fn insignia_file_name(agency_slug: &str) -> String {
    format!("{agency_slug}-{}.png", uuid::Uuid::new_v4().simple())
}

/// Two ranks of one department may not share a name (case-insensitive).
pub fn duplicate_rank_name<'a>(
    existing: impl IntoIterator<Item = &'a str>,
    new: &[&str],
) -> Option<String> {
    let mut seen: Vec<String> = existing.into_iter().map(str::to_lowercase).collect();
    for name in new {
        let lower = name.to_lowercase();
        if seen.contains(&lower) {
            return Some((*name).to_owned());
        }
        seen.push(lower);
    }
    None
}

/// `data.ranks` of a `ranks` create: each needs a name and a level of the agency.
pub fn new_ranks(
    data: &Value,
    levels: &[Level],
    agency_slug: &str,
) -> Result<Vec<NewRank>, String> {
    let list =
        data.get("ranks").and_then(Value::as_array).ok_or("data.ranks must be a list of ranks.")?;
    if list.is_empty() {
        return Err("Add at least one rank.".into());
    }
    if list.len() > MAX_RANKS_AT_ONCE {
        return Err(format!("Add at most {MAX_RANKS_AT_ONCE} ranks at once."));
    }
    list.iter()
        .map(|r| {
            let name = required_name(text(r, "name").as_deref(), NAME_REQUIRED)?;
            let level = valid_level(&text(r, "level").unwrap_or_default(), levels)?;
            let role_id = text(r, "roleId");
            short_reference("roleId", role_id.as_deref())?;
            Ok(NewRank {
                name,
                role_id,
                level,
                insignia: valid_insignia(text(r, "insignia"), agency_slug)?,
            })
        })
        .collect()
}

pub fn data_text(data: &Value, key: &str) -> Option<String> {
    text(data, key)
}

/// Checks a reorder: `ordered` must be exactly the ids of the list, each once.
pub fn check_reorder(current: &[String], ordered: &[String]) -> Result<(), String> {
    let mut a = current.to_vec();
    let mut b = ordered.to_vec();
    a.sort();
    b.sort();
    if a == b {
        Ok(())
    } else {
        Err("orderedIds must name every item of that list in that department exactly once.".into())
    }
}

/// A short random id with a prefix (`rk_…`, `sd_…`, `dr_…`).
pub fn new_id(prefix: &str) -> String {
    format!("{prefix}_{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
}

/// A department id from its name: `Patrol Division` → `patrol-division`.
pub fn department_id_from_name(name: &str) -> String {
    let slug = crate::tenancy::slug::slug_from_name(name);
    if slug.is_empty() {
        new_id("dept")
    } else {
        slug
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::access::levels::default_levels;
    use serde_json::json;

    #[test]
    fn ranks_need_a_name_and_a_known_level() {
        let levels = default_levels();
        let ok = new_ranks(
            &json!({"ranks": [{"name": " Sergeant ", "level": "Supervisor", "roleId": "9"}]}),
            &levels,
            "x",
        )
        .unwrap();
        assert_eq!(
            ok,
            vec![NewRank {
                name: "Sergeant".into(),
                role_id: Some("9".into()),
                level: "supervisor".into(),
                insignia: None
            }]
        );
        assert_eq!(
            new_ranks(&json!({"ranks": [{"name": "", "level": "deputy"}]}), &levels, "x")
                .unwrap_err(),
            "Name required"
        );
        assert_eq!(
            new_ranks(&json!({"ranks": [{"name": "X", "level": "chief"}]}), &levels, "x")
                .unwrap_err(),
            "Unknown level 'chief'. Use one of: deputy, supervisor, command, high_command."
        );
        assert!(new_ranks(&json!({"ranks": []}), &levels, "x").is_err());
        assert!(new_ranks(
            &json!({"ranks": [{"name": "X", "level": "deputy", "insignia": "../x.png"}]}),
            &levels,
            "x"
        )
        .is_err());
    }

    #[test]
    fn reorders_must_name_the_whole_list() {
        let current = vec!["a".to_string(), "b".into(), "c".into()];
        assert!(check_reorder(&current, &["c".into(), "a".into(), "b".into()]).is_ok());
        assert!(check_reorder(&current, &["a".into(), "b".into()]).is_err());
        assert!(check_reorder(&current, &["a".into(), "b".into(), "x".into()]).is_err());
        assert!(check_reorder(&current, &["a".into(), "a".into(), "b".into()]).is_err());
    }

    #[test]
    fn department_ids_come_from_names() {
        assert_eq!(department_id_from_name("Patrol Division"), "patrol-division");
        assert!(department_id_from_name("!!!").starts_with("dept_"));
        let upload = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            valid_insignia(Some(format!(" bcso-{upload}.png ")), "bcso").unwrap(),
            Some(format!("bcso-{upload}.png"))
        );
        assert!(
            valid_insignia(Some(format!("bcso-annex-{upload}.png")), "bcso").is_err(),
            "another agency whose slug starts with this one's"
        );
        assert!(valid_insignia(Some(format!("bcso-annex-{upload}.png")), "bcso-annex").is_ok());
        assert!(
            valid_insignia(Some(format!("demo-{upload}.png")), "bcso").is_err(),
            "an upload of an agency called demo is not a shared demo insignia"
        );
        assert!(valid_insignia(Some("bcso-1a2b.png".into()), "bcso").is_err());
        assert_eq!(
            valid_insignia(Some("demo-chief.png".into()), "bcso").unwrap(),
            Some("demo-chief.png".into())
        );
        assert!(
            valid_insignia(Some(format!("lspd-{upload}.png")), "bcso").is_err(),
            "another agency's upload"
        );
        assert_eq!(valid_insignia(Some(String::new()), "bcso").unwrap(), None);
        assert_eq!(duplicate_rank_name(["Deputy"], &["Sergeant", "deputy"]), Some("deputy".into()));
        assert_eq!(duplicate_rank_name([], &["A", "a"]), Some("a".into()));
        assert_eq!(duplicate_rank_name(["A"], &["B"]), None);
    }
}
