//! Document SQL: SOPs and presentations are one whole list (`shared::whole_list`); new
//! agencies start with none.

use sqlx::{PgConnection, PgExecutor};

use crate::{
    access::viewer::Actor,
    error::AppError,
    features::sops::model::Document,
    shared::whole_list::{self, Versioned},
};

/// The list's name in `whole_lists`.
pub const LIST: &str = "documents";

#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(db: impl PgExecutor<'_>) -> sqlx::Result<Versioned<Document>> {
    whole_list::load(db, LIST).await
}

/// The list as it is, locked until the transaction ends (a save merges into it).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn load_for_update(conn: &mut PgConnection) -> sqlx::Result<Versioned<Document>> {
    whole_list::load_for_update(conn, LIST).await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn replace(
    conn: &mut PgConnection,
    documents: &[Document],
    base_version: i32,
    actor: &Actor,
) -> Result<Versioned<Document>, AppError> {
    whole_list::replace(conn, LIST, documents, base_version, actor).await
}
