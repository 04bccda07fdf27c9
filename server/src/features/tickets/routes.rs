//! `GET|POST /api/tickets`, `GET /api/tickets/next-number`, `GET /api/tickets/{id}`.

use axum::{http::StatusCode, Json};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::guard::{nav_item, Guard},
    error::{bad_request, AppResult},
    extract::JsonBody,
    features::tickets::{
        model::{check_ticket, IssuedTicket, Ticket, TicketDraft},
        store::TICKETS,
    },
    shared::penal_code,
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextCitationNumber {
    pub citation_number: String,
}

/// Issues a ticket as the viewer: violations from the agency's penal code catalogue, each
/// fined within its range; a blank citation number gets the next one.
#[utoipa::path(post, operation_id = "issue_ticket", path = "/api/tickets", tag = "tickets",
    request_body = TicketDraft,
    responses((status = 201, body = IssuedTicket), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn issue(
    Guard(viewer, _): Guard<nav_item::TicketReport>,
    JsonBody(draft): JsonBody<TicketDraft>,
) -> AppResult<(StatusCode, Json<IssuedTicket>)> {
    let catalogue = penal_code::load(viewer.pool()).await?;
    let ticket = check_ticket(draft, &catalogue.items, chrono::Utc::now().date_naive())
        .map_err(bad_request)?;
    let (id, citation_number) = TICKETS.file(&viewer, &ticket.filing()).await?;
    Ok((StatusCode::CREATED, Json(IssuedTicket { id, citation_number })))
}

// The reads every report kind has (the list, one report, the number the form suggests).
crate::report_reads! {
    kind: TICKETS, answer: Ticket, tag: "tickets";
    /// Tickets, newest first, a page at a time (500 unless `limit` asks for fewer; `Link` names the next page): all for supervisors, the viewer's own otherwise (and
    /// for supervisors with `?mine=true`). A ticket's one status is `issued`.
    list "list_tickets" "/api/tickets";
    /// One ticket, for supervisors and for whoever issued it.
    detail "get_ticket" "/api/tickets/{id}";
    /// The citation number the form suggests.
    next_number "next_ticket_number" "/api/tickets/next-number", nav_item::TicketReport => NextCitationNumber { citation_number };
}
