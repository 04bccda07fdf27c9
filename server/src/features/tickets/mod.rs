//! Tickets: citations for offences of the penal code catalogue (the specification lists the
//! menu item only; designed like the other reports, without a review).

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

/// The ticket routes.
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::issue))
        .routes(routes!(routes::next_number))
        .routes(routes!(routes::detail))
}
