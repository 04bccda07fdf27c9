//! SOPs and presentations: documents for a minimum level and above, read by members and kept
//! by command staff, with an optional document editor (member-portal §2.10;
//! command-and-reports §2 "Document management", §5, §7).

use crate::{media::upload::IMAGE_LIMIT, shared::Portal};

pub mod collab;
pub mod content;
pub mod editor;
pub mod images;
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

/// The document routes, and the live editing socket (`collab`, not in the OpenAPI
/// description: it is a WebSocket).
pub fn routes<S: Portal + collab::CollabState>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .route("/api/sops/{id}/collab", axum::routing::get(collab::connect::<S>))
        .routes(routes!(routes::list, routes::save))
        .routes(routes!(routes::get_draft, routes::save_draft))
        .layer(DefaultBodyLimit::max(SAVE_LIMIT))
        .routes(routes!(routes::publish))
        .routes(routes!(routes::versions))
        .routes(routes!(routes::version))
        .routes(routes!(routes::restore))
        .routes(routes!(routes::editor_config))
        .routes(routes!(routes::file))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(images::upload))
                .layer(DefaultBodyLimit::max(IMAGE_LIMIT + 64 * 1024)),
        )
        .merge(office_routes::routes())
}
