//! Recruitment (issue 26): application forms with stages, from applicant to roster. Command
//! keeps the agency's forms (Command → Recruitment, `command_recruitment`): questions of seven
//! kinds in order, stages whose kind (open, accepted, denied) survives renames, and who reviews
//! them. Anyone signed in with Discord who is not on the roster applies to an open form (one
//! open application per form, rate limited per account and address) and follows it from a
//! status page that never shows notes or votes. Reviewers (Supervisor → Applications,
//! `supervisor_applications`) move applications through the stages, write internal notes and
//! vote, never on their own; roster managers hire an accepted applicant onto the roster with a
//! free callsign of the rank's pools (`shared::hiring`, the roster's own rules), once.

use crate::shared::Portal;

pub mod model;
pub mod routes;
pub mod store;

use utoipa_axum::{router::OpenApiRouter, routes};

/// The recruitment routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(routes::list_forms, routes::create_form))
        .routes(routes!(routes::get_form, routes::update_form, routes::delete_form))
        .routes(routes!(routes::open_forms))
        .routes(routes!(routes::apply))
        .routes(routes!(routes::mine))
        .routes(routes!(routes::board))
        .routes(routes!(routes::get_application))
        .routes(routes!(routes::move_application))
        .routes(routes!(routes::add_note))
        .routes(routes!(routes::vote))
        .routes(routes!(routes::hire))
}
