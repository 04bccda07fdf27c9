//! Uniform SQL: the catalogue is one whole list (`shared::whole_list`, read and saved through
//! `shared::catalogue`); new agencies start with none.

use sqlx::PgExecutor;

use crate::{
    features::uniforms::model::Uniform,
    shared::{
        catalogue::CatalogueItem,
        whole_list::{self, Versioned},
    },
};

/// The list's name in `whole_lists`.
pub const LIST: &str = Uniform::LIST;

#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(db: impl PgExecutor<'_>) -> sqlx::Result<Versioned<Uniform>> {
    whole_list::load(db, LIST).await
}
