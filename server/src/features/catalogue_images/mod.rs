//! Images of catalogue entries (vehicles, equipment, uniforms): every "Image URL" field also
//! takes an upload, stored through the agency media store as branding images are.

pub mod routes;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{media::upload::IMAGE_LIMIT, shared::Portal};

/// The catalogue image route.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::upload))
        .layer(DefaultBodyLimit::max(IMAGE_LIMIT + 64 * 1024))
}
