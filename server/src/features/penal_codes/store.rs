//! Penal code SQL: the catalogue is one whole list (`shared::whole_list`), seeded for every
//! new agency from the default catalogue.

use futures::future::BoxFuture;
use sqlx::PgConnection;

use crate::{
    access::viewer::Actor,
    error::AppError,
    features::penal_codes::model::PenalCode,
    shared::whole_list::{self, Versioned},
    tenancy::{pools::AgencyConnection, provision::Seed},
};

pub use crate::shared::penal_code::{load, LIST};

/// The catalogue every new agency starts with (written for this portal).
pub const DEFAULT_CATALOGUE: &str = include_str!("default_catalogue.json");

#[tracing::instrument(level = "debug", skip_all)]
pub async fn replace(
    conn: &mut AgencyConnection,
    items: &[PenalCode],
    base_version: i32,
    actor: &Actor,
) -> Result<Versioned<PenalCode>, AppError> {
    whole_list::replace(conn, LIST, items, base_version, actor).await
}

/// A new agency's default catalogue (provisioning's seeding hook); migration 0009 gives the
/// same catalogue to agencies that existed before it, so a catalogue already there is kept.
pub fn seed<'a>(
    conn: &'a mut PgConnection,
    _seed: &'a Seed<'a>,
) -> BoxFuture<'a, sqlx::Result<()>> {
    Box::pin(async move {
        sqlx::query(
            "INSERT INTO whole_lists (name, items, version, updated_at, updated_by)
             VALUES ($1, $2::jsonb, 1, now(), 'system')
             ON CONFLICT (name) DO NOTHING",
        )
        .bind(LIST)
        .bind(DEFAULT_CATALOGUE)
        .execute(conn)
        .await?;
        Ok(())
    })
}
