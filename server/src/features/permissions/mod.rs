//! Navigation permissions: who sees each page (command-and-reports §2 Permissions, §4, §6).

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The permission routes.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(routes::get_permissions, routes::put_permissions))
}
