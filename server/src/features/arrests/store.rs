//! Arrest SQL: reports of kind `arrest` in the shared report store (`shared::report`).

use sqlx::{PgConnection, PgExecutor};

use crate::{
    access::viewer::Actor,
    error::AppResult,
    features::arrests::model::{ArrestBody, CheckedArrest, DUPLICATE_NUMBER},
    shared::{
        report::{self, NewReport, ReviewRequest, StoredReport},
        review::ARREST,
    },
};

/// The kind of these reports in `reports` and `review_history`.
pub const KIND: &str = ARREST.kind;

pub type Stored = StoredReport<ArrestBody>;

pub async fn insert(
    conn: &mut PgConnection,
    arrest: &CheckedArrest,
    filer: &Actor,
) -> AppResult<(i64, String)> {
    let new = NewReport {
        number: arrest.case_number.as_deref(),
        incident_date: &arrest.arrest_date,
        location: &arrest.location,
        body: &arrest.body,
    };
    report::insert(conn, KIND, ARREST.initial, &new, filer, DUPLICATE_NUMBER).await
}

pub async fn suggested_number(db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
    report::suggested_number(db, KIND).await
}

pub async fn list(
    db: impl PgExecutor<'_>,
    status: Option<&str>,
    filed_by_id: Option<&str>,
) -> sqlx::Result<Vec<Stored>> {
    report::list(db, KIND, status, filed_by_id).await
}

pub async fn find(
    conn: &mut PgConnection,
    id: i64,
    for_update: bool,
) -> sqlx::Result<Option<Stored>> {
    report::find(conn, KIND, id, for_update).await
}

pub async fn replace_form(
    conn: &mut PgConnection,
    id: i64,
    arrest: &CheckedArrest,
) -> sqlx::Result<()> {
    report::replace_form(conn, KIND, id, &arrest.arrest_date, &arrest.location, &arrest.body).await
}

pub async fn review(
    conn: &mut PgConnection,
    id: i64,
    current: &str,
    review: &ReviewRequest<'_>,
    actor: &Actor,
) -> AppResult<()> {
    report::apply_review(conn, &ARREST, id, current, review, actor).await
}
