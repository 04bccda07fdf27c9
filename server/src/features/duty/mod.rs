//! Duty time (issue 24): members clock in and out from the portal (the top bar's button) or
//! the game server (an agency API token with `duty:write`, by Discord id, idempotently); one
//! open shift at most; a shift left open closes itself after the agency's limit, flagged;
//! supervisors see who is on duty and correct shifts with a reason (kept); hours per member
//! feed the roster and the profile; members without duty for the agency's days are announced
//! inactive (`calendar`). Duty writes change nothing the agency's caches hold, so they do not
//! drop them (`access::cache::NothingCached`).

use crate::shared::Portal;

pub mod calendar;
pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The duty routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::mine))
        .routes(routes!(routes::clock_in))
        .routes(routes!(routes::clock_out))
        .routes(routes!(routes::game_clock))
        .routes(routes!(routes::now))
        .routes(routes!(routes::shifts))
        .routes(routes!(routes::shift, routes::correct))
        .routes(routes!(routes::hours))
        .routes(routes!(routes::settings, routes::save_settings))
}
