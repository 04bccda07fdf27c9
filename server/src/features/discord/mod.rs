//! Command → Discord (issue 22): the agency's own Discord server and bot, which way each mapped
//! role goes, how the guild differs from the roster, and "Sync now". The rules and the queue
//! live in `shared::discord_roles`, `shared::discord_store` and `shared::integrations`, which
//! the integrations worker runs.

use crate::shared::Portal;

pub mod model;
pub mod routes;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The Discord routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::settings, routes::save_settings))
        .routes(routes!(routes::mappings, routes::save_mappings))
        .routes(routes!(routes::differences, routes::sync))
        .routes(routes!(routes::run))
}
