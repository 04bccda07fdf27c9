//! Use-of-force SQL: reports of kind `use_of_force` in the shared report store
//! (`shared::report`), numbered, listed, read and reviewed there.

use sqlx::{PgConnection, PgExecutor};

use crate::{
    access::viewer::Actor,
    error::AppResult,
    features::use_of_force::model::{CheckedDraft, UofBody, DUPLICATE_NUMBER},
    shared::{
        report::{self, NewReport, ReviewRequest, StoredReport},
        review::USE_OF_FORCE,
    },
};

/// The kind of these reports in `reports` and `review_history`.
pub const KIND: &str = USE_OF_FORCE.kind;

pub type Stored = StoredReport<UofBody>;

pub async fn insert(
    conn: &mut PgConnection,
    draft: &CheckedDraft,
    filer: &Actor,
) -> AppResult<(i64, String)> {
    let new = NewReport {
        number: draft.incident_number.as_deref(),
        incident_date: &draft.incident_date,
        location: &draft.location,
        body: &draft.body,
    };
    report::insert(conn, KIND, USE_OF_FORCE.initial, &new, filer, DUPLICATE_NUMBER).await
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

pub async fn review(
    conn: &mut PgConnection,
    id: i64,
    current: &str,
    review: &ReviewRequest<'_>,
    actor: &Actor,
) -> AppResult<()> {
    report::apply_review(conn, &USE_OF_FORCE, id, current, review, actor).await
}
