//! Leave of absence (issue 23): a member asks for leave from their profile; supervisors or
//! command (the Supervisor menu's Leave requests, `supervisor_leave`) approve or deny it with a
//! note; the member may cancel one that is pending or not yet begun. While an approved leave
//! runs the member is LOA on the roster (`shared::leave`, applied by a job and at once when a
//! decision or cancellation touches today).

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The leave routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list, routes::request))
        .routes(routes!(routes::decide))
        .routes(routes!(routes::cancel))
}
