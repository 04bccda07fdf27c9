//! Bundles (issue 27): an agency's export, its backups and their settings, and importing a
//! bundle as a new agency (root High Command). The format and the work live in
//! `shared::bundle`, which the command line and the worker use too.

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The bundle routes (import and back-up-now are mounted by the router without the request
/// timeout: they take as long as the agency is large).
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::export_agency))
        .routes(routes!(routes::list_backups))
        .routes(routes!(routes::download_backup))
        .routes(routes!(routes::backup_settings, routes::save_backup_settings))
}
