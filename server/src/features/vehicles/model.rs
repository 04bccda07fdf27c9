//! Vehicles (command-and-reports §3 "Vehicle") and the rules of a vehicle list save (§5).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::catalogue::{at_most, text, CatalogueItem, Entry, Reach, SaveCheck},
    validate::limits,
};

pub const NAME_REQUIRED: &str = "Vehicle name is required";
pub const VARIANT_NAME_REQUIRED: &str = "Each variant needs a name.";
pub const LIVERY_NAME_REQUIRED: &str = "Each livery needs a name.";

/// A paint scheme of a variant and the ranks that may use it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Livery {
    #[schema(max_length = 120)]
    pub name: String,
    /// Rank ids, or `All`; empty means every rank.
    #[serde(default)]
    pub rank_ids: Vec<String>,
    /// Qualification ids a member must hold as well (issue 23); empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_qualifications: Vec<String>,
}

/// A model or trim of a vehicle.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Variant {
    #[schema(max_length = 120)]
    pub name: String,
    #[serde(default)]
    pub liveries: Vec<Livery>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vehicle {
    #[serde(flatten)]
    pub entry: Entry,
    #[serde(default)]
    pub department_ids: Vec<String>,
    #[serde(default)]
    pub variants: Vec<Variant>,
}

impl CatalogueItem for Vehicle {
    const LIST: &'static str = "vehicles";
    const ID_PREFIX: &'static str = "veh";

    /// A vehicle its rank may use, with only the liveries it may use; a variant left
    /// without liveries stays listed ('Not available for your rank').
    fn for_reach(self, reach: Reach<'_>) -> Option<Self> {
        if !self.entry.reached_by(reach) {
            return None;
        }
        let variants = self
            .variants
            .into_iter()
            .map(|variant| Variant {
                liveries: variant
                    .liveries
                    .into_iter()
                    .filter(|livery| {
                        reach.allows(&livery.rank_ids)
                            && reach.qualified(&livery.required_qualifications)
                    })
                    .collect(),
                ..variant
            })
            .collect();
        Some(Self { variants, ..self })
    }

    fn normalise(self, check: &mut SaveCheck<'_>) -> Result<Self, String> {
        let entry =
            self.entry.normalise(check, Self::ID_PREFIX, "A vehicle name", NAME_REQUIRED)?;
        at_most("variants", &self.variants)?;
        let mut variants = Vec::with_capacity(self.variants.len());
        for variant in self.variants {
            let variant_name = text("A variant name", &variant.name, limits::NAME)?;
            if variant_name.is_empty() {
                return Err(VARIANT_NAME_REQUIRED.into());
            }
            at_most("liveries", &variant.liveries)?;
            let mut liveries = Vec::with_capacity(variant.liveries.len());
            for livery in variant.liveries {
                let livery_name = text("A livery name", &livery.name, limits::NAME)?;
                if livery_name.is_empty() {
                    return Err(LIVERY_NAME_REQUIRED.into());
                }
                liveries.push(Livery {
                    name: livery_name,
                    rank_ids: check.ranks(&livery.rank_ids),
                    required_qualifications: check.qualifications(&livery.required_qualifications),
                });
            }
            variants.push(Variant { name: variant_name, liveries });
        }
        Ok(Self { entry, department_ids: check.departments(&self.department_ids), variants })
    }
}

crate::catalogue_lists!(
    VehicleList "`GET /api/vehicles`: the vehicles (filtered by rank, or all with `?scope=manage`), the ranks to pick from in department order, and the version a save must start from.",
    VehicleSave "`PUT /api/vehicles`: the whole list and the version it was read at.",
    Vehicle,
    vehicles
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::catalogue::{normalise_all, test_rank as rank};

    /// `vehicle` with its entry changed by `change`.
    fn with(mut vehicle: Vehicle, change: impl FnOnce(&mut Entry)) -> Vehicle {
        change(&mut vehicle.entry);
        vehicle
    }

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn cruiser() -> Vehicle {
        Vehicle {
            entry: Entry {
                id: String::new(),
                name: "  Cruiser ".into(),
                image: " /media/catalogues/x/a.png ".into(),
                notes: " Patrol car ".into(),
                allowed_ranks: strings(&["rk_dep", " rk_dep", "rk_sgt"]),
                required_qualifications: vec![],
            },
            department_ids: strings(&[" patrol ", "", "patrol"]),
            variants: vec![Variant {
                name: " Interceptor ".into(),
                liveries: vec![
                    Livery {
                        name: " Marked ".into(),
                        rank_ids: strings(&["rk_dep", "*"]),
                        required_qualifications: vec![],
                    },
                    Livery {
                        name: "Slicktop".into(),
                        rank_ids: strings(&["rk_sgt"]),
                        required_qualifications: vec![],
                    },
                ],
            }],
        }
    }

    #[test]
    fn saves_trim_deduplicate_and_collapse_all() {
        let ranks = [rank("rk_dep"), rank("rk_sgt")];
        let saved = normalise_all(vec![cruiser()], &ranks, &strings(&["patrol"]), &[]).unwrap();
        let v = &saved[0];
        assert_eq!(v.entry.name, "Cruiser");
        assert_eq!(v.entry.image, "/media/catalogues/x/a.png");
        assert_eq!(v.entry.notes, "Patrol car");
        assert!(v.entry.id.starts_with("veh-"));
        assert_eq!(v.department_ids, strings(&["patrol"]));
        assert_eq!(v.entry.allowed_ranks, strings(&["rk_dep", "rk_sgt"]));
        assert_eq!(v.variants[0].name, "Interceptor");
        assert_eq!(v.variants[0].liveries[0].name, "Marked");
        assert_eq!(v.variants[0].liveries[0].rank_ids, strings(&["All"]));
    }

    #[test]
    fn saves_refuse_blank_names_and_unknown_ids() {
        let ranks = [rank("rk_dep")];
        let patrol = strings(&["patrol"]);
        let blank = with(cruiser(), |e| e.name = "  ".into());
        assert_eq!(normalise_all(vec![blank], &ranks, &patrol, &[]).unwrap_err(), NAME_REQUIRED);
        assert_eq!(
            normalise_all(vec![cruiser(), cruiser()], &ranks, &patrol, &[]).unwrap_err(),
            "Unknown rank ids: rk_sgt."
        );
        let mut unnamed = cruiser();
        unnamed.variants[0].liveries[1].name = " ".into();
        assert_eq!(
            normalise_all(vec![unnamed], &ranks, &patrol, &[]).unwrap_err(),
            LIVERY_NAME_REQUIRED
        );
        let mut no_variant_name = cruiser();
        no_variant_name.variants[0].name = String::new();
        assert_eq!(
            normalise_all(vec![no_variant_name], &ranks, &patrol, &[]).unwrap_err(),
            VARIANT_NAME_REQUIRED
        );
        let ranks = [rank("rk_dep"), rank("rk_sgt")];
        assert_eq!(
            normalise_all(vec![cruiser()], &ranks, &strings(&["traffic"]), &[]).unwrap_err(),
            "Unknown department ids: patrol."
        );
        let script = with(cruiser(), |e| e.image = "javascript:alert(1)".into());
        assert!(normalise_all(vec![script], &ranks, &patrol, &[]).is_err());
    }

    #[test]
    fn repeated_ids_are_made_new() {
        let ranks = [rank("rk_dep"), rank("rk_sgt")];
        let a = with(cruiser(), |e| e.id = "veh-1".into());
        let saved = normalise_all(vec![a.clone(), a], &ranks, &strings(&["patrol"]), &[]).unwrap();
        assert_eq!(saved[0].entry.id, "veh-1");
        assert_ne!(saved[1].entry.id, "veh-1");
    }

    #[test]
    fn a_rank_sees_its_vehicles_and_liveries() {
        let ranks = [rank("rk_dep"), rank("rk_sgt")];
        let saved = normalise_all(vec![cruiser()], &ranks, &strings(&["patrol"]), &[]).unwrap();
        let deputy = saved[0].clone().for_reach(Reach::rank(Some("rk_dep"))).unwrap();
        assert_eq!(deputy.variants[0].liveries.len(), 1, "only the livery open to all");
        let sergeant = saved[0].clone().for_reach(Reach::rank(Some("rk_sgt"))).unwrap();
        assert_eq!(sergeant.variants[0].liveries.len(), 2);
        assert!(saved[0].clone().for_reach(Reach::rank(Some("rk_cpt"))).is_none());
        assert!(saved[0].clone().for_reach(Reach::rank(None)).is_none());
        assert_eq!(saved[0].clone().for_reach(Reach::Everything).unwrap(), saved[0]);
    }
}
