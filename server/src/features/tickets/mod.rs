//! Tickets: citations for offences of the penal code catalogue (the specification lists the
//! menu item only; designed like the other reports, without a review).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The ticket routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::issue))
        .routes(routes!(routes::next_number))
        .routes(routes!(routes::detail))
}
