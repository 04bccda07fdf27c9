//! `GET|POST /api/tickets`, `GET /api/tickets/next-number`, `GET /api/tickets/{id}`.

use axum::{extract::OriginalUri, http::StatusCode, response::Response, Json};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::{
        guard::{nav_item, Guard},
        Viewer,
    },
    error::{bad_request, AppResult},
    extract::{JsonBody, PathParams, QueryParams},
    features::tickets::{
        model::{check_ticket, IssuedTicket, Ticket, TicketDraft},
        store::TICKETS,
    },
    shared::{penal_code, report::ReportFilter},
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct TicketId {
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NextCitationNumber {
    pub citation_number: String,
}

/// Tickets, newest first, a page at a time (500 unless `limit` asks for fewer; `Link` names the next page): all for supervisors, the viewer's own otherwise (and
/// for supervisors with `?mine=true`). A ticket's one status is `issued`.
#[utoipa::path(get, operation_id = "list_tickets", path = "/api/tickets", tag = "tickets",
    params(ReportFilter),
    responses((status = 400, body = crate::error::ErrorBody), (status = 200, body = Vec<Ticket>, headers(("Link" = String, description = "<…?before={id}>; rel=\"next\" when older reports follow"))), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    viewer: Viewer,
    OriginalUri(uri): OriginalUri,
    QueryParams(filter): QueryParams<ReportFilter>,
) -> AppResult<Response> {
    let page = TICKETS.list_for(&viewer, &filter).await?;
    Ok(page.answer(Ticket::from).respond(&uri))
}

/// The citation number the form suggests.
#[utoipa::path(get, operation_id = "next_ticket_number", path = "/api/tickets/next-number", tag = "tickets",
    responses((status = 200, body = NextCitationNumber), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn next_number(
    Guard(viewer, _): Guard<nav_item::TicketReport>,
) -> AppResult<Json<NextCitationNumber>> {
    let next = TICKETS.next_number(&viewer).await?;
    Ok(Json(NextCitationNumber { citation_number: next.to_string() }))
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

/// One ticket, for supervisors and for whoever issued it.
#[utoipa::path(get, operation_id = "get_ticket", path = "/api/tickets/{id}", tag = "tickets",
    params(TicketId),
    responses((status = 200, body = Ticket), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn detail(
    viewer: Viewer,
    PathParams(TicketId { id }): PathParams<TicketId>,
) -> AppResult<Json<Ticket>> {
    Ok(Json(TICKETS.detail_for(&viewer, id).await?.into()))
}
