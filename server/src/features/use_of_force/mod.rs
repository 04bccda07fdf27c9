//! Use-of-force reports: members file them, supervisors review and sign them through the
//! shared review state machine (command-and-reports §2 "Use-of-force report form",
//! "Use-of-force review", §4, §7).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The use-of-force routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::file))
        .routes(routes!(routes::next_number))
        .routes(routes!(routes::detail, routes::review))
}
