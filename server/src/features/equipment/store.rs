//! Equipment SQL: the catalogue is one whole list (`shared::whole_list`, read and saved
//! through `shared::catalogue`); new agencies start with none.

use sqlx::PgExecutor;

use crate::{
    features::equipment::model::Equipment,
    shared::{
        catalogue::CatalogueItem,
        whole_list::{self, Versioned},
    },
};

/// The list's name in `whole_lists`.
pub const LIST: &str = Equipment::LIST;

#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(db: impl PgExecutor<'_>) -> sqlx::Result<Versioned<Equipment>> {
    whole_list::load(db, LIST).await
}
