//! Callsign pools per rank, and the callsigns still free in them.

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The callsign routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::get_pools, routes::save_pools))
        .routes(routes!(routes::available))
}
