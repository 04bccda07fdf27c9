//! Qualifications (issue 23): the agency's catalogue (Command → Qualifications), what each
//! member holds (granted by hand or by a completed training session, revoked with a reason,
//! expiring on their day), and the list of those about to expire. The holdings' rules live in
//! `shared::qualifications`, which the training feature and the catalogues call too.

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The qualification routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::create))
        .routes(routes!(routes::update, routes::delete))
        .routes(routes!(routes::expiring))
        .routes(routes!(routes::held, routes::grant))
        .routes(routes!(routes::revoke))
}
