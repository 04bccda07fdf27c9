//! Equipment (command-and-reports §3 "Equipment") and the rules of an equipment save (§5).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::catalogue::{at_most, text, CatalogueItem, Entry, Reach, SaveCheck},
    validate::limits,
};

pub const NAME_REQUIRED: &str = "Equipment name is required";

/// A section of a kit ("categories" in the API; the screens say sections).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EquipmentSection {
    #[serde(default)]
    #[schema(max_length = 120)]
    pub name: String,
    #[serde(default)]
    pub items: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Equipment {
    #[serde(flatten)]
    pub entry: Entry,
    #[serde(default)]
    pub categories: Vec<EquipmentSection>,
}

impl CatalogueItem for Equipment {
    const LIST: &'static str = "equipment";
    const ID_PREFIX: &'static str = "eq";

    fn for_reach(self, reach: Reach<'_>) -> Option<Self> {
        self.entry.reached_by(reach).then_some(self)
    }

    /// Blank items are dropped; a section left with neither name nor items goes too.
    fn normalise(self, check: &mut SaveCheck<'_>) -> Result<Self, String> {
        let entry =
            self.entry.normalise(check, Self::ID_PREFIX, "An equipment name", NAME_REQUIRED)?;
        at_most("sections", &self.categories)?;
        let mut categories = Vec::with_capacity(self.categories.len());
        for section in self.categories {
            at_most("items", &section.items)?;
            let section_name = text("A section name", &section.name, limits::NAME)?;
            let items = section
                .items
                .iter()
                .map(|item| text("An item", item, limits::NAME))
                .filter(|item| !matches!(item, Ok(i) if i.is_empty()))
                .collect::<Result<Vec<_>, _>>()?;
            if !section_name.is_empty() || !items.is_empty() {
                categories.push(EquipmentSection { name: section_name, items });
            }
        }
        Ok(Self { entry, categories })
    }
}

crate::catalogue_lists!(
    EquipmentList "`GET /api/equipment`: the equipment (filtered by rank, or all with `?scope=manage`), the ranks to pick from in department order, and the version a save must start from.",
    EquipmentSave "`PUT /api/equipment?scope=manage`: the whole list and the version it was read at.",
    Equipment,
    equipment
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::catalogue::{normalise_all, test_rank as rank};

    /// `kit` with its entry changed by `change`.
    fn with(mut kit: Equipment, change: impl FnOnce(&mut Entry)) -> Equipment {
        change(&mut kit.entry);
        kit
    }

    fn kit() -> Equipment {
        Equipment {
            entry: Entry {
                name: " Patrol kit ".into(),
                allowed_ranks: vec!["rk_dep".into(), "ALL".into()],
                ..Entry::default()
            },
            categories: vec![
                EquipmentSection {
                    name: " Weapons ".into(),
                    items: vec![" Pistol ".into(), " ".into(), "Taser".into()],
                },
                EquipmentSection { name: " ".into(), items: vec![String::new()] },
            ],
        }
    }

    #[test]
    fn saves_drop_blank_items_and_empty_sections() {
        let saved = normalise_all(vec![kit()], &[rank("rk_dep")], &[], &[]).unwrap();
        let kit = &saved[0];
        assert_eq!(kit.entry.name, "Patrol kit");
        assert_eq!(kit.entry.allowed_ranks, vec!["All"]);
        assert_eq!(kit.categories.len(), 1);
        assert_eq!(kit.categories[0].name, "Weapons");
        assert_eq!(kit.categories[0].items, vec!["Pistol", "Taser"]);
        assert!(kit.entry.id.starts_with("eq-"));
        let blank = with(kit.clone(), |e| e.name = " ".into());
        assert_eq!(normalise_all(vec![blank], &[], &[], &[]).unwrap_err(), NAME_REQUIRED);
        let stranger = with(kit.clone(), |e| e.allowed_ranks = vec!["rk_x".into()]);
        assert_eq!(
            normalise_all(vec![stranger], &[], &[], &[]).unwrap_err(),
            "Unknown rank ids: rk_x."
        );
    }

    #[test]
    fn a_rank_sees_what_it_may_use() {
        let limited = with(kit(), |e| e.allowed_ranks = vec!["rk_sgt".into()]);
        assert!(limited.clone().for_reach(Reach::rank(Some("rk_sgt"))).is_some());
        assert!(limited.clone().for_reach(Reach::rank(Some("rk_dep"))).is_none());
        assert!(limited.for_reach(Reach::rank(None)).is_none());
        let open = with(kit(), |e| e.allowed_ranks = vec![]);
        assert!(open.for_reach(Reach::rank(None)).is_some());
    }
}
