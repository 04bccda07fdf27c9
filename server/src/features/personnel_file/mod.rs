//! The personnel file (issue 23): one member's story as a timeline — hire, promotions,
//! demotions, moves and status changes (from the roster logs), qualifications, completed
//! training, leave, and the entries command writes (commendation, counselling, written warning,
//! suspension), each visible to command only or to the member too. Entries are never changed:
//! a correction is a new entry pointing at the one it corrects (the table refuses updates).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The personnel file routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new().routes(routes!(routes::file, routes::write))
}
