//! Tickets live in the shared report store (`shared::report`), as the `ticket` kind: issued,
//! never reviewed. Supervisors (who review arrests) read every ticket; members their own.

use crate::{
    access::guard::{nav_item, NavItem},
    features::tickets::model::{TicketBody, DUPLICATE_NUMBER, NOT_FOUND},
    shared::{
        report::{KindSpec, ReportKind},
        review::TICKET,
    },
};

pub const TICKETS: ReportKind<TicketBody> = ReportKind::new(KindSpec {
    flow: &TICKET,
    duplicate: DUPLICATE_NUMBER,
    readers: &[nav_item::ArrestReview::ID, nav_item::TicketReport::ID],
    review_nav: nav_item::ArrestReview::ID,
    not_found: NOT_FOUND,
});
