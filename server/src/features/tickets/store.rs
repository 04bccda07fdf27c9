//! Ticket SQL: reports of kind `ticket` in the shared report store (`shared::report`).

use sqlx::{PgConnection, PgExecutor};

use crate::{
    access::viewer::Actor,
    error::AppResult,
    features::tickets::model::{CheckedTicket, TicketBody, DUPLICATE_NUMBER, ISSUED, KIND},
    shared::report::{self, NewReport, StoredReport},
};

pub type Stored = StoredReport<TicketBody>;

pub async fn insert(
    conn: &mut PgConnection,
    ticket: &CheckedTicket,
    filer: &Actor,
) -> AppResult<(i64, String)> {
    let new = NewReport {
        number: ticket.citation_number.as_deref(),
        incident_date: &ticket.issued_at,
        location: &ticket.location,
        body: &ticket.body,
    };
    report::insert(conn, KIND, ISSUED, &new, filer, DUPLICATE_NUMBER).await
}

pub async fn suggested_number(db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
    report::suggested_number(db, KIND).await
}

pub async fn list(db: impl PgExecutor<'_>, filed_by_id: Option<&str>) -> sqlx::Result<Vec<Stored>> {
    report::list(db, KIND, None, filed_by_id).await
}

pub async fn find(conn: &mut PgConnection, id: i64) -> sqlx::Result<Option<Stored>> {
    report::find(conn, KIND, id, false).await
}
