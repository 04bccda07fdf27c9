//! Roster logs: rank changes and hires (command-and-reports §2 Command logs, §3), and the
//! audit log of every write to the agency (`shared::audit` records it; issue 21).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The log routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::roster_logs))
        .routes(routes!(routes::audit))
        .routes(routes!(routes::audit_settings, routes::put_audit_settings))
}
