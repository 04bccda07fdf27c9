//! The penal code catalogue: offences with fines and custody ranges, read by the arrest and
//! ticket reports and kept by command staff (member-portal §3; command-and-reports §2).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The penal code routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::get_catalogue, routes::save_catalogue))
        .routes(routes!(routes::export_catalogue))
}
