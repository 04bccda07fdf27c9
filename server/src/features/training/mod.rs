//! Field training: templates (training managers) and sessions with a checklist that FTOs tick
//! (command-and-reports §2 "Training templates", "Training sessions", §4, §5, §7).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The training routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::templates, routes::create_template))
        .routes(routes!(routes::update_template, routes::delete_template))
        .routes(routes!(routes::sessions))
        .routes(routes!(routes::session, routes::update_session, routes::delete_session))
        .routes(routes!(routes::assign))
}
