//! Arrest reports: members file them with charges from the penal code catalogue; supervisors
//! review them (approve and sign, or return for correction) through the shared review state
//! machine; a returned report is corrected and resubmitted by its filer (member-portal §2.11;
//! the arrest review the specification lists only as a menu item is designed like the
//! use-of-force review).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The arrest routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::file))
        .routes(routes!(routes::next_number))
        .routes(routes!(routes::detail, routes::review, routes::resubmit))
}
