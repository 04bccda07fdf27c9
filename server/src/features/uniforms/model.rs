//! Uniforms (command-and-reports §3 "Uniform") and the rules of a uniform save (§5).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::catalogue::{at_most, text, CatalogueItem, Entry, Reach, SaveCheck},
    validate::limits,
};

pub const NAME_REQUIRED: &str = "Uniform name is required";

/// The gear slots of a uniform (command-and-reports §9), multi-line text each; a slot left
/// blank is absent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Gear {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 1000)]
    pub helmet: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 1000)]
    pub eyewear: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 1000)]
    pub uniform: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 1000)]
    pub vest: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 1000)]
    pub backpack: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 1000)]
    pub notes: Option<String>,
}

fn slot(name: &str, value: Option<String>) -> Result<Option<String>, String> {
    let value = text(name, value.as_deref().unwrap_or_default(), limits::NOTE)?;
    Ok(Some(value).filter(|v| !v.is_empty()))
}

impl Gear {
    /// Trimmed, blank slots dropped.
    fn normalise(self) -> Result<Self, String> {
        Ok(Self {
            helmet: slot("Helmet", self.helmet)?,
            eyewear: slot("Eyewear", self.eyewear)?,
            uniform: slot("Uniform", self.uniform)?,
            vest: slot("Vest", self.vest)?,
            backpack: slot("Backpack", self.backpack)?,
            notes: slot("Gear notes", self.notes)?,
        })
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uniform {
    #[serde(flatten)]
    pub entry: Entry,
    #[serde(default)]
    pub gear: Gear,
    #[serde(default)]
    pub attachments: Vec<String>,
}

impl CatalogueItem for Uniform {
    const LIST: &'static str = "uniforms";
    const ID_PREFIX: &'static str = "uni";

    fn for_reach(self, reach: Reach<'_>) -> Option<Self> {
        self.entry.reached_by(reach).then_some(self)
    }

    /// Gear slots with blank text are dropped; attachments trimmed, blanks removed.
    fn normalise(self, check: &mut SaveCheck<'_>) -> Result<Self, String> {
        let entry =
            self.entry.normalise(check, Self::ID_PREFIX, "A uniform name", NAME_REQUIRED)?;
        at_most("attachments", &self.attachments)?;
        let attachments = self
            .attachments
            .iter()
            .map(|a| text("An attachment", a, limits::NAME))
            .filter(|a| !matches!(a, Ok(a) if a.is_empty()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Self { entry, gear: self.gear.normalise()?, attachments })
    }
}

crate::catalogue_lists!(
    UniformList "`GET /api/uniforms`: the uniforms (filtered by rank, or all with `?scope=manage`), the ranks to pick from in department order, and the version a save must start from.",
    UniformSave "`PUT /api/uniforms?scope=manage`: the whole list and the version it was read at.",
    Uniform,
    uniforms
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::catalogue::normalise_all;

    fn class_a() -> Uniform {
        Uniform {
            entry: Entry {
                name: " Class A ".into(),
                notes: " Dress ".into(),
                allowed_ranks: vec!["*".into()],
                ..Entry::default()
            },
            gear: Gear {
                helmet: Some("  ".into()),
                uniform: Some(" Shirt 12\nPants 4 ".into()),
                ..Gear::default()
            },
            attachments: vec![" Badge ".into(), " ".into()],
        }
    }

    #[test]
    fn saves_drop_blank_slots_and_attachments() {
        let saved = normalise_all(vec![class_a()], &[], &[], &[]).unwrap();
        let u = &saved[0];
        assert_eq!(u.entry.name, "Class A");
        assert_eq!(u.entry.notes, "Dress");
        assert_eq!(u.entry.allowed_ranks, vec!["All"]);
        assert_eq!(u.gear.helmet, None);
        assert_eq!(u.gear.uniform.as_deref(), Some("Shirt 12\nPants 4"));
        assert_eq!(u.attachments, vec!["Badge"]);
        let json = serde_json::to_value(&u.gear).unwrap();
        assert_eq!(json, serde_json::json!({"uniform": "Shirt 12\nPants 4"}), "blank slots absent");
        let mut blank = class_a();
        blank.entry.name = String::new();
        assert_eq!(normalise_all(vec![blank], &[], &[], &[]).unwrap_err(), NAME_REQUIRED);
    }

    #[test]
    fn a_rank_sees_what_it_may_use() {
        let mut limited = class_a();
        limited.entry.allowed_ranks = vec!["rk_sgt".into()];
        assert!(limited.clone().for_reach(Reach::rank(Some("rk_sgt"))).is_some());
        assert!(limited.for_reach(Reach::rank(Some("rk_dep"))).is_none());
    }
}
