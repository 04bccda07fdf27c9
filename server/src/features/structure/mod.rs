//! Department structure: departments with their ranks, sub-departments and roles
//! (command-and-reports §2 Department management, §3, §5, §7).

use crate::shared::Portal;

pub mod command_scope;
pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The structure routes (the insignia upload is routed with its body limit by the router).
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::get_structure, routes::create))
        .routes(routes!(routes::update, routes::delete))
        .routes(routes!(routes::reorder))
        .routes(routes!(command_scope::read, command_scope::save))
}
