//! Command → Alerts (issue 22): the agency's Discord webhooks, the events each receives, a
//! test message, and the log of deliveries. Alerts are raised from the audit log's rows by the
//! integrations worker (`shared::alerts`, `shared::integrations`).

use crate::shared::Portal;

pub mod model;
pub mod routes;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The alert routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::create))
        .routes(routes!(routes::update, routes::delete))
        .routes(routes!(routes::test))
        .routes(routes!(routes::deliveries))
}
