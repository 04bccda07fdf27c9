//! Analytics (issue 25): the figures command looks at, for any period of up to 366 days and
//! optionally one department: strength (members by rank and department, hires, departures,
//! promotions), reports (per week, use of force by type and outcome, review turnaround, the
//! returned-for-correction rate), training (sessions, completion time, qualifications granted
//! and expiring) and duty (hours by week and department, on duty by hour of day, inactive
//! members). Computed by Postgres (`store`), each answer cached per agency until its next
//! write (`access::cache::AccessCache::agency_json_keyed`); a commander scoped to their
//! department sees its figures only (`access::scope`). The root's High Command sees every
//! agency's headline figures on one page.

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use axum::routing::get;
use utoipa_axum::{router::OpenApiRouter, routes};

/// The analytics routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::strength))
        .routes(routes!(routes::reports))
        .routes(routes!(routes::training))
        .routes(routes!(routes::duty))
        .routes(routes!(routes::agencies))
        .route("/api/analytics/{section}", get(routes::unknown))
}
