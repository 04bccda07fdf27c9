//! What the rank-limited catalogues (vehicles, equipment, uniforms) share: the ranks a
//! manager picks from, how a viewer's rank reaches items, and the checks of a whole-list save
//! (command-and-reports §5). Each catalogue describes its items through [`CatalogueItem`];
//! reads, saves and the version check are these functions, never a copy per catalogue.

use std::collections::HashSet;

use serde::{de::DeserializeOwned, Deserialize, Serialize};
use sqlx::PgExecutor;
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::{
        guard::{require_can_manage, require_nav},
        rank_list, Viewer,
    },
    error::{bad_request, AppError, AppResult},
    shared::whole_list::{self, Versioned},
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
    /// What the rank may use; no rank reaches only items open to every rank.
    Rank(Option<&'a str>),
}

impl Reach<'_> {
    /// The catalogue rank rule (`access::rank_list`).
    pub fn allows(&self, allowed: &[String]) -> bool {
        match self {
            Self::Everything => true,
            Self::Rank(rank) => rank_list::allows(allowed, *rank),
        }
    }

    /// How `viewer` reaches a catalogue; `visitors_see_all` for the vehicle page, where
    /// signed-out visitors see everything and are asked to sign in to filter.
    pub fn of(viewer: &Viewer, visitors_see_all: bool) -> Reach<'_> {
        if visitors_see_all && !viewer.is_authenticated() {
            Reach::Everything
        } else {
            Reach::Rank(viewer.rank_id())
        }
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
}

impl Entry {
    /// Whether `reach` may see the item (the catalogue rank rule).
    pub fn reached_by(&self, reach: Reach<'_>) -> bool {
        reach.allows(&self.allowed_ranks)
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
    ids: HashSet<String>,
    unknown_ranks: Vec<String>,
    unknown_departments: Vec<String>,
}

impl<'a> SaveCheck<'a> {
    pub fn new(ranks: &'a [RankOption], departments: &'a [String]) -> Self {
        Self {
            ranks: ranks.iter().map(|r| r.id.as_str()).collect(),
            departments: departments.iter().map(String::as_str).collect(),
            ids: HashSet::new(),
            unknown_ranks: vec![],
            unknown_departments: vec![],
        }
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
        let mut out: Vec<String> = Vec::new();
        for id in list.iter().map(|d| d.trim()).filter(|d| !d.is_empty()) {
            if !self.departments.contains(id) {
                if !self.unknown_departments.iter().any(|u| u == id) {
                    self.unknown_departments.push(id.to_owned());
                }
            } else if !out.iter().any(|o| o == id) {
                out.push(id.to_owned());
            }
        }
        out
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

/// Checks and normalises a whole list.
pub fn normalise_all<T: CatalogueItem>(
    items: Vec<T>,
    ranks: &[RankOption],
    departments: &[String],
) -> Result<Vec<T>, String> {
    if items.len() > MAX_ITEMS {
        return Err(format!("A catalogue holds at most {MAX_ITEMS} entries."));
    }
    let mut check = SaveCheck::new(ranks, departments);
    let items =
        items.into_iter().map(|item| item.normalise(&mut check)).collect::<Result<_, _>>()?;
    check.finish()?;
    Ok(items)
}

/// A catalogue as one reader may see it.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn read<T: CatalogueItem>(viewer: &Viewer, reach: Reach<'_>) -> AppResult<Versioned<T>> {
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
    let mut tx = viewer.pool().begin().await?;
    let ranks = rank_options(&mut *tx).await?;
    let departments = department_ids(&mut *tx).await?;
    let items = normalise_all(items, &ranks, &departments).map_err(bad_request)?;
    let saved = whole_list::replace(&mut tx, T::LIST, &items, version, &viewer.actor()).await?;
    tx.commit().await?;
    Ok((saved, ranks))
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
