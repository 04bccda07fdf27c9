//! The equipment catalogue: kits with sections of items, each limited to ranks
//! (member-portal §2.8; command-and-reports §2 "Equipment management", §5).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The equipment routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new().routes(routes!(routes::list, routes::save))
}
