//! The agency's penal code catalogue as the features that use it read it (tickets check their
//! violations against it; the penal codes feature keeps it): one offence, and the catalogue
//! as it is stored (one whole list, `shared::whole_list`).

use serde::{Deserialize, Serialize};
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::shared::whole_list::{self, Versioned};

/// The list's name in `whole_lists`.
pub const LIST: &str = "penal_codes";

/// One offence of the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PenalCode {
    /// Stable id; a blank one gets a new id on save.
    #[serde(default)]
    #[schema(max_length = 40)]
    pub id: String,
    /// The citation shown to users ("PC 101").
    #[schema(max_length = 32)]
    pub statute: String,
    #[schema(max_length = 120)]
    pub title: String,
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub description: String,
    #[serde(default)]
    #[schema(max_length = 60)]
    pub category: String,
    /// Infraction, Misdemeanor or Felony.
    pub classification: String,
    /// Whole US dollars.
    #[serde(default)]
    pub fine_min: i64,
    #[serde(default)]
    pub fine_max: i64,
    /// Whole months of custody.
    #[serde(default)]
    pub custody_min: i64,
    #[serde(default)]
    pub custody_max: i64,
}

/// The catalogue and its version.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(db: impl PgExecutor<'_>) -> sqlx::Result<Versioned<PenalCode>> {
    whole_list::load(db, LIST).await
}
