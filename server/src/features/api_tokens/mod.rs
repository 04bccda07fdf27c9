//! Agency API tokens (issue 24; Command → API tokens, `command_api_tokens`, High Command by
//! default): named, scoped, shown once, stored as a hash, revocable, with their last use. How
//! requests with a token are admitted is `access::tokens`.

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The token routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::create))
        .routes(routes!(routes::revoke))
}
