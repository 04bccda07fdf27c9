//! The equipment catalogue: kits with sections of items, each limited to ranks
//! (member-portal §2.8; command-and-reports §2 "Equipment management", §5).

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The equipment routes.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(routes::list, routes::save))
}
