//! SOPs and presentations: documents for a minimum level and above, read by members and kept
//! by command staff, with an optional document editor (member-portal §2.10;
//! command-and-reports §2 "Document management", §5, §7).

use crate::shared::Portal;

pub mod content;
pub mod editor;
pub mod model;
pub mod office;
pub mod office_routes;
pub mod office_store;
pub mod routes;
pub mod store;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The largest document list save (a few hundred long documents).
pub const SAVE_LIMIT: usize = 8 * 1024 * 1024;

/// The document routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::save))
        .routes(routes!(routes::get_draft, routes::save_draft))
        .layer(DefaultBodyLimit::max(SAVE_LIMIT))
        .routes(routes!(routes::publish))
        .routes(routes!(routes::versions))
        .routes(routes!(routes::version))
        .routes(routes!(routes::restore))
        .routes(routes!(routes::editor_config))
        .routes(routes!(routes::file))
        .merge(office_routes::routes())
}
