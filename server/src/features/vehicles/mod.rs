//! The vehicle catalogue: vehicles, their variants and liveries, each limited to ranks
//! (member-portal §2.7; command-and-reports §2 "Vehicle access control", §5).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The vehicle routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new().routes(routes!(routes::list, routes::save))
}
