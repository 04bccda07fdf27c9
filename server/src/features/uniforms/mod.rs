//! The uniform catalogue: uniforms with their gear slots and attachments, limited to ranks
//! (member-portal §2.9; command-and-reports §2 "Uniform management", §5).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The uniform routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new().routes(routes!(routes::list, routes::save))
}
