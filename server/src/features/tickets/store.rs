//! Ticket SQL: reports of kind `ticket` in the shared report store (`shared::report`); a
//! ticket is issued, never reviewed.

use crate::{
    features::tickets::model::{TicketBody, DUPLICATE_NUMBER},
    shared::{report::ReportKind, review::TICKET},
};

pub const TICKETS: ReportKind<TicketBody> = ReportKind::new(&TICKET, DUPLICATE_NUMBER);
