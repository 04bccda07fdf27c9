//! Department structure: departments with their ranks, sub-departments and roles
//! (command-and-reports §2 Department management, §3, §5, §7).

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The structure routes (the insignia upload is routed with its body limit by the router).
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::get_structure, routes::create))
        .routes(routes!(routes::update, routes::delete))
        .routes(routes!(routes::reorder))
}
