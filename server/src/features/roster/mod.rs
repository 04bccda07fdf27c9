//! The roster: people of an agency with their department, rank, callsign and status.

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The roster routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::create))
        .routes(routes!(routes::update))
}
