//! What the rank-limited catalogues (vehicles, equipment, uniforms) share: the ranks a
//! manager picks from, how a viewer's rank reaches items, and the checks of a whole-list save
//! (command-and-reports §5). Each catalogue describes its items through [`CatalogueItem`];
//! reads, saves and the version check are these functions, never a copy per catalogue.

use std::collections::HashSet;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use sqlx::PgExecutor;
use utoipa::{IntoParams, ToSchema};

use serde_json::Value;

use crate::{
    access::{
        guard::{require_can_manage, require_nav},
        rank_list,
        scope::{self, Scope},
        Viewer,
    },
    error::{bad_request, forbidden, AppError, AppResult},
    shared::{
        qualifications,
        whole_list::{self, Versioned},
    },
    validate::{limits, max_len, valid_link},
};

/// A rank as the access pickers list it, grouped by department (command-and-reports §3
/// "Rank picker entry"), departments and ranks in their display order.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct RankOption {
    pub id: String,
    pub name: String,
    pub level: String,
    pub department_id: String,
    pub department_name: String,
}

/// Every rank of the agency for the pickers.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn rank_options(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<RankOption>> {
    sqlx::query_as(
        "SELECT r.id, r.name, r.level, d.id AS department_id, d.name AS department_name
         FROM ranks r JOIN departments d ON d.id = r.department_id
         ORDER BY d.position, d.id, r.position, r.id",
    )
    .fetch_all(db)
    .await
}

#[derive(sqlx::FromRow)]
struct IdRow {
    id: String,
}

/// The agency's department ids (a vehicle may name the departments it belongs to).
#[tracing::instrument(level = "debug", skip_all)]
async fn department_ids(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<String>> {
    let rows: Vec<IdRow> = sqlx::query_as("SELECT id FROM departments").fetch_all(db).await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

/// The agency's qualification ids (items may require them).
#[tracing::instrument(level = "debug", skip_all)]
async fn qualification_ids(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT id::text FROM qualifications").fetch_all(db).await
}

/// `?scope=manage` asks for the whole catalogue to edit (command staff); without it the
/// answer holds what the viewer's rank may use.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ScopeQuery {
    /// `manage` for the management screen.
    pub scope: Option<String>,
}

impl ScopeQuery {
    pub fn manage(&self) -> Result<bool, AppError> {
        match self.scope.as_deref().map(str::trim) {
            None | Some("") => Ok(false),
            Some("manage") => Ok(true),
            Some(other) => Err(bad_request(format!("Unknown scope '{other}' (use 'manage')."))),
        }
    }
}

/// Which items a reader reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach<'a> {
    /// Every item (visitors on the vehicle page, member-portal §6).
    Everything,
    /// What a member's rank may use (no rank: only items open to every rank), among the items
    /// whose required qualifications they hold now (issue 23).
    Member { rank: Option<&'a str>, qualifications: &'a [String] },
}

impl<'a> Reach<'a> {
    /// A member holding `rank` and no qualification.
    pub fn rank(rank: Option<&'a str>) -> Self {
        Self::Member { rank, qualifications: &[] }
    }

    /// The catalogue rank rule (`access::rank_list`).
    pub fn allows(&self, allowed: &[String]) -> bool {
        match self {
            Self::Everything => true,
            Self::Member { rank, .. } => rank_list::allows(allowed, *rank),
        }
    }

    /// Holds every qualification in `required`.
    pub fn qualified(&self, required: &[String]) -> bool {
        match self {
            Self::Everything => true,
            Self::Member { qualifications, .. } => {
                required.iter().all(|q| qualifications.contains(q))
            }
        }
    }
}

/// The qualifications a viewer holds now (none without a roster entry or a level).
#[tracing::instrument(level = "debug", skip_all)]
async fn held_by(viewer: &Viewer) -> AppResult<Vec<String>> {
    match (viewer.roster(), viewer.level.as_ref()) {
        (Some(entry), Some(_)) => Ok(qualifications::held_now(viewer.pool(), entry.id).await?),
        _ => Ok(vec![]),
    }
}

/// What every catalogue item has (command-and-reports §3: id, name, image, notes and the
/// ranks that may use it), flattened into each item's JSON; each catalogue adds its own parts.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CatalogueEntry)]
pub struct Entry {
    /// Stable id; a blank one gets a new id on save.
    #[serde(default)]
    #[schema(max_length = 40)]
    pub id: String,
    #[schema(max_length = 120)]
    pub name: String,
    /// A portal path (`/media/…`, from an upload) or an http(s) URL; blank for none.
    #[serde(default)]
    #[schema(max_length = 2048)]
    pub image: String,
    /// The summary shown on the card.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub notes: String,
    /// Rank ids, or `All`; empty means every rank.
    #[serde(default)]
    pub allowed_ranks: Vec<String>,
    /// Qualification ids a member must hold as well (issue 23); empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_qualifications: Vec<String>,
}

impl Entry {
    /// Whether `reach` may see the item: its rank may, and it holds what the item requires.
    pub fn reached_by(&self, reach: Reach<'_>) -> bool {
        reach.allows(&self.allowed_ranks) && reach.qualified(&self.required_qualifications)
    }

    /// The entry as a save stores it: an id (new when blank or repeated, beginning with
    /// `prefix`), the name trimmed and bounded (`name_field` names it in a refusal, a blank one
    /// is refused with `name_required`), the image checked, the notes bounded, the allowed
    /// ranks normalised.
    pub fn normalise(
        self,
        check: &mut SaveCheck<'_>,
        prefix: &str,
        name_field: &str,
        name_required: &str,
    ) -> Result<Self, String> {
        let name = text(name_field, &self.name, limits::NAME)?;
        if name.is_empty() {
            return Err(name_required.into());
        }
        Ok(Self {
            id: check.id(&self.id, prefix),
            name,
            image: image(&self.image)?,
            notes: text("Notes", &self.notes, limits::NOTE)?,
            allowed_ranks: check.ranks(&self.allowed_ranks),
            required_qualifications: check.qualifications(&self.required_qualifications),
        })
    }
}

/// An item of a rank-limited catalogue.
pub trait CatalogueItem:
    Serialize + DeserializeOwned + Clone + Send + Sync + Unpin + 'static
{
    /// The list's name in `whole_lists`.
    const LIST: &'static str;
    /// How new ids begin (`veh`, `eq`, `uni`).
    const ID_PREFIX: &'static str;
    /// The item as `reach` may see it (vehicles keep only the liveries it may use), or
    /// `None` when it is not for that reader.
    fn for_reach(self, reach: Reach<'_>) -> Option<Self>;
    /// The item as a save stores it: trimmed, checked, allowed lists normalised.
    fn normalise(self, check: &mut SaveCheck<'_>) -> Result<Self, String>;
}

/// The most items one catalogue holds.
pub const MAX_ITEMS: usize = 500;
/// The most entries of a nested list (variants, liveries, sections, items, attachments).
pub const MAX_NESTED: usize = 100;

/// The checks of one whole-list save: ids made unique, text trimmed and bounded, images
/// local or http(s), rank and department ids known. Unknown ids are gathered and refused
/// together, naming each once.
pub struct SaveCheck<'a> {
    ranks: HashSet<&'a str>,
    departments: HashSet<&'a str>,
    qualifications: HashSet<&'a str>,
    ids: HashSet<String>,
    unknown_ranks: Vec<String>,
    unknown_departments: Vec<String>,
    unknown_qualifications: Vec<String>,
}

/// `list` trimmed, blanks and repeats dropped, each in `known`; unknown ones are added to
/// `unknown` (each once).
fn known_ids(list: &[String], known: &HashSet<&str>, unknown: &mut Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for id in list.iter().map(|d| d.trim()).filter(|d| !d.is_empty()) {
        if !known.contains(id) {
            if !unknown.iter().any(|u| u == id) {
                unknown.push(id.to_owned());
            }
        } else if !out.iter().any(|o| o == id) {
            out.push(id.to_owned());
        }
    }
    out
}

impl<'a> SaveCheck<'a> {
    pub fn new(
        ranks: &'a [RankOption],
        departments: &'a [String],
        qualifications: &'a [String],
    ) -> Self {
        Self {
            ranks: ranks.iter().map(|r| r.id.as_str()).collect(),
            departments: departments.iter().map(String::as_str).collect(),
            qualifications: qualifications.iter().map(String::as_str).collect(),
            ids: HashSet::new(),
            unknown_ranks: vec![],
            unknown_departments: vec![],
            unknown_qualifications: vec![],
        }
    }

    /// Qualification ids an item requires: trimmed, repeats dropped, each known.
    pub fn qualifications(&mut self, list: &[String]) -> Vec<String> {
        known_ids(list, &self.qualifications, &mut self.unknown_qualifications)
    }

    /// The item's id, or a new one when blank, too long or already used in this save.
    pub fn id(&mut self, raw: &str, prefix: &str) -> String {
        let raw = raw.trim();
        let id = if raw.is_empty() || raw.len() > 40 || self.ids.contains(raw) {
            format!("{prefix}-{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
        } else {
            raw.to_owned()
        };
        self.ids.insert(id.clone());
        id
    }

    /// An allowed-ranks list, normalised (trimmed, de-duplicated, `All` collapses).
    pub fn ranks(&mut self, list: &[String]) -> Vec<String> {
        match rank_list::normalize(list, &self.ranks) {
            Ok(list) => list,
            Err(unknown) => {
                for id in unknown {
                    if !self.unknown_ranks.contains(&id) {
                        self.unknown_ranks.push(id);
                    }
                }
                vec![]
            }
        }
    }

    /// Department ids: trimmed, blanks and repeats dropped, each known.
    pub fn departments(&mut self, list: &[String]) -> Vec<String> {
        known_ids(list, &self.departments, &mut self.unknown_departments)
    }

    /// Fails with the unknown rank and department ids of the whole save.
    pub fn finish(self) -> Result<(), String> {
        if !self.unknown_ranks.is_empty() {
            return Err(format!("Unknown rank ids: {}.", self.unknown_ranks.join(", ")));
        }
        if !self.unknown_departments.is_empty() {
            return Err(format!(
                "Unknown department ids: {}.",
                self.unknown_departments.join(", ")
            ));
        }
        if !self.unknown_qualifications.is_empty() {
            return Err(format!(
                "Unknown qualification ids: {}.",
                self.unknown_qualifications.join(", ")
            ));
        }
        Ok(())
    }
}

/// Trimmed text within `max` characters.
pub fn text(field: &str, value: &str, max: usize) -> Result<String, String> {
    let value = value.trim();
    max_len(field, value, max)?;
    Ok(value.to_owned())
}

/// A trimmed image address: blank, a path on this portal, or an http(s) URL.
pub fn image(value: &str) -> Result<String, String> {
    let value = text("An image URL", value, limits::URL)?;
    if !value.is_empty() && !valid_link(&value) {
        return Err(format!("'{value}' is not an image address (use http(s) or an upload)."));
    }
    Ok(value)
}

/// Refuses a nested list longer than [`MAX_NESTED`].
pub fn at_most<T>(what: &str, list: &[T]) -> Result<(), String> {
    if list.len() > MAX_NESTED {
        return Err(format!("An entry holds at most {MAX_NESTED} {what}."));
    }
    Ok(())
}

/// Checks and normalises a whole list against the agency's ranks, departments and
/// qualifications (ids).
pub fn normalise_all<T: CatalogueItem>(
    items: Vec<T>,
    ranks: &[RankOption],
    departments: &[String],
    qualifications: &[String],
) -> Result<Vec<T>, String> {
    if items.len() > MAX_ITEMS {
        return Err(format!("A catalogue holds at most {MAX_ITEMS} entries."));
    }
    let mut check = SaveCheck::new(ranks, departments, qualifications);
    let items =
        items.into_iter().map(|item| item.normalise(&mut check)).collect::<Result<_, _>>()?;
    check.finish()?;
    Ok(items)
}

/// A catalogue as one reader may see it: what their rank may use, among the items whose
/// qualifications they hold; signed-out visitors see everything when `visitors_see_all` (the
/// vehicle page, member-portal §6).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn read<T: CatalogueItem>(
    viewer: &Viewer,
    visitors_see_all: bool,
) -> AppResult<Versioned<T>> {
    let held = held_by(viewer).await?;
    let reach = if visitors_see_all && !viewer.is_authenticated() {
        Reach::Everything
    } else {
        Reach::Member { rank: viewer.rank_id(), qualifications: &held }
    };
    let list: Versioned<T> = whole_list::load(viewer.pool(), T::LIST).await?;
    Ok(Versioned {
        items: list.items.into_iter().filter_map(|item| item.for_reach(reach)).collect(),
        ..list
    })
}

/// The whole catalogue and the ranks to pick from, for a viewer who may see `manage_nav`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn read_for_manager<T: CatalogueItem>(
    viewer: &Viewer,
    manage_nav: &str,
) -> AppResult<(Versioned<T>, Vec<RankOption>)> {
    require_nav(viewer, manage_nav).await?;
    let list = whole_list::load(viewer.pool(), T::LIST).await?;
    Ok((list, rank_options(viewer.pool()).await?))
}

/// Replaces the catalogue with `items` (checked and normalised) if it is still at
/// `version`; the caller's guard has already admitted the viewer as a manager.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn save<T: CatalogueItem>(
    viewer: &Viewer,
    items: Vec<T>,
    version: i32,
) -> AppResult<(Versioned<T>, Vec<RankOption>)> {
    require_can_manage(viewer)?;
    let scope = scope::of(viewer).await?;
    let mut tx = viewer.pool().begin().await?;
    let ranks = rank_options(&mut *tx).await?;
    let departments = department_ids(&mut *tx).await?;
    let known = qualification_ids(&mut *tx).await?;
    let items = normalise_all(items, &ranks, &departments, &known).map_err(bad_request)?;
    if let Scope::Department { id, name } = &scope {
        // A department's commander decides which of its ranks may use an item, nothing more.
        let current: Versioned<T> = whole_list::load(&mut *tx, T::LIST).await?;
        let own: HashSet<&str> =
            ranks.iter().filter(|r| &r.department_id == id).map(|r| r.id.as_str()).collect();
        if !scoped_change(&current.items, &items, &own) {
            return Err(forbidden(scoped_refusal(name)));
        }
    }
    let saved = whole_list::replace(&mut tx, T::LIST, &items, version, &viewer.actor()).await?;
    tx.commit().await?;
    Ok((saved, ranks))
}

/// What a department's commander is told when a save goes beyond their ranks.
pub fn scoped_refusal(department: &str) -> String {
    format!("You manage {department} only: you may change which of its ranks may use an item, nothing else.")
}

/// Keys of a catalogue item that hold rank ids (an item's, a livery's).
const RANK_LISTS: [&str; 2] = ["allowedRanks", "rankIds"];

/// The item with its rank lists left out, and the rank lists by path.
fn split_ranks(value: &Value, path: &str, ranks: &mut Vec<(String, Vec<String>)>) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(key, v)| {
                    let here = format!("{path}.{key}");
                    if RANK_LISTS.contains(&key.as_str()) {
                        let list = v.as_array().into_iter().flatten().filter_map(Value::as_str);
                        ranks.push((here, list.map(str::to_owned).collect()));
                        (key.clone(), Value::Null)
                    } else {
                        (key.clone(), split_ranks(v, &here, ranks))
                    }
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| split_ranks(v, &format!("{path}[{i}]"), ranks))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Whether `after` differs from `before` only in rank lists, and there only by ranks in `own`
/// (never by "All").
pub fn scoped_change<T: Serialize>(before: &[T], after: &[T], own: &HashSet<&str>) -> bool {
    let (mut old_ranks, mut new_ranks) = (Vec::new(), Vec::new());
    let (Ok(before), Ok(after)) = (serde_json::to_value(before), serde_json::to_value(after))
    else {
        return false;
    };
    let old = split_ranks(&before, "", &mut old_ranks);
    let new = split_ranks(&after, "", &mut new_ranks);
    if old != new || old_ranks.len() != new_ranks.len() {
        return false;
    }
    old_ranks.iter().zip(&new_ranks).all(|((path, was), (other, is))| {
        let mut changed =
            was.iter().filter(|r| !is.contains(r)).chain(is.iter().filter(|r| !was.contains(r)));
        path == other && changed.all(|rank| own.contains(rank.as_str()))
    })
}

/// The list a catalogue's GET answers and the body its PUT takes. They differ per catalogue
/// only in the JSON key of the items (`equipment`, `uniforms`, `vehicles`), which serde takes
/// from the field's name, hence one macro rather than a generic struct:
///
/// `catalogue_lists!(EquipmentList "`GET /api/equipment`: …", EquipmentSave "`PUT …`: …", Equipment, equipment);`
/// (the descriptions are literals, not `concat!`, because the OpenAPI derive reads them as written).
#[macro_export]
macro_rules! catalogue_lists {
    ($list:ident $list_doc:literal, $save:ident $save_doc:literal, $item:ty, $key:ident) => {
        #[doc = $list_doc]
        #[derive(Debug, serde::Serialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $list {
            pub $key: Vec<$item>,
            pub ranks: Vec<$crate::shared::catalogue::RankOption>,
            pub version: i32,
            pub updated_at: Option<chrono::DateTime<chrono::Utc>>,
            pub updated_by: Option<String>,
        }

        impl $list {
            pub fn new(
                list: $crate::shared::whole_list::Versioned<$item>,
                ranks: Vec<$crate::shared::catalogue::RankOption>,
            ) -> Self {
                Self {
                    $key: list.items,
                    ranks,
                    version: list.version,
                    updated_at: list.updated_at,
                    updated_by: list.updated_by,
                }
            }
        }

        #[doc = $save_doc]
        #[derive(Debug, serde::Deserialize, utoipa::ToSchema)]
        #[serde(rename_all = "camelCase")]
        pub struct $save {
            pub $key: Vec<$item>,
            pub version: i32,
        }
    };
}

/// A rank named `id` in Patrol at Deputy level, for the catalogues' unit tests.
#[cfg(test)]
pub fn test_rank(id: &str) -> RankOption {
    RankOption {
        id: id.into(),
        name: id.into(),
        level: "deputy".into(),
        department_id: "patrol".into(),
        department_name: "Patrol".into(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_department_commander_changes_only_their_ranks_on_existing_items() {
        let own: HashSet<&str> = ["rk_dep", "rk_sgt"].into();
        let item = |ranks: Value, livery: Value| {
            json!({"id": "v1", "name": "Cruiser", "allowedRanks": ranks,
                   "variants": [{"name": "A", "liveries": [{"name": "Marked", "rankIds": livery}]}]})
        };
        let before = [item(json!(["rk_cpt"]), json!(["rk_cpt"]))];
        let ok = [item(json!(["rk_cpt", "rk_dep"]), json!(["rk_cpt", "rk_sgt"]))];
        assert!(scoped_change(&before, &ok, &own));
        let others = [item(json!([]), json!(["rk_cpt"]))];
        assert!(!scoped_change(&before, &others, &own), "another department's rank");
        let all = [item(json!(["rk_cpt", "All"]), json!(["rk_cpt"]))];
        assert!(!scoped_change(&before, &all, &own), "All is agency-wide");
        let mut renamed = ok[0].clone();
        renamed["name"] = json!("Interceptor");
        assert!(!scoped_change(&before, &[renamed], &own));
        assert!(!scoped_change(&before, &[], &own), "removing an item");
        let added =
            [before[0].clone(), json!({"id": "v2", "name": "Bike", "allowedRanks": ["rk_dep"]})];
        assert!(!scoped_change(&before, &added, &own), "adding an item");
    }
}
