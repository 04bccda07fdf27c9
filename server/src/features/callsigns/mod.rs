//! Callsign pools per rank, and the callsigns still free in them.

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The callsign routes.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::get_pools, routes::save_pools))
        .routes(routes!(routes::available))
}
