//! Navigation permissions: who sees each page (command-and-reports §2 Permissions, §4, §6).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The permission routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new().routes(routes!(routes::get_permissions, routes::put_permissions))
}
