//! Agencies: the registry as the API answers it, and its administration (root High Command)
//! and branding (command-and-reports §2 Agencies, Branding).

use crate::shared::Portal;

pub mod admin;
pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The agency routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_agencies, admin::create_agency))
        .routes(routes!(admin::update_agency))
        .routes(routes!(routes::agency_config))
        .routes(routes!(routes::current_agency))
}
