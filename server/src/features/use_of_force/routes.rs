//! `GET|POST /api/uof`, `GET /api/uof/next-number`, `GET|PATCH /api/uof/{id}`.

use axum::{http::StatusCode, Json};

use crate::{
    access::guard::{nav_item, Guard},
    error::{bad_request, AppResult},
    extract::{JsonBody, PathParams},
    features::use_of_force::{
        model::{check_draft, Filed, NextNumber, UofDraft, UofReport, UofReview},
        store::REPORTS,
    },
    shared::{report::ReportId, review::Request},
};

/// Files a report as the viewer. A blank incident number gets the next one, allocated in the
/// transaction; a number already used answers 409.
#[utoipa::path(post, operation_id = "file_uof", path = "/api/uof", tag = "use-of-force",
    request_body = UofDraft,
    responses((status = 201, body = Filed), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn file(
    Guard(viewer, _): Guard<nav_item::UseOfForceReport>,
    JsonBody(draft): JsonBody<UofDraft>,
) -> AppResult<(StatusCode, Json<Filed>)> {
    let draft = check_draft(draft, chrono::Utc::now().date_naive()).map_err(bad_request)?;
    let (id, incident_number) = REPORTS.file(&viewer, &draft.filing()).await?;
    Ok((StatusCode::CREATED, Json(Filed { id, incident_number })))
}

/// A supervisor's review (command-and-reports §4): opening a pending report moves it to
/// under review; `approve` signs it in policy, `deny` out of policy; a chosen outcome is saved
/// as it is (a report set back to pending or under review loses its signature). The reviewer
/// and signer are the viewer, whatever the body says; every status change is kept in the
/// report's history.
#[utoipa::path(patch, operation_id = "review_uof", path = "/api/uof/{id}", tag = "use-of-force",
    params(ReportId), request_body = UofReview,
    responses((status = 200, body = UofReport), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn review(
    Guard(viewer, _): Guard<nav_item::UseOfForceReview>,
    PathParams(ReportId { id }): PathParams<ReportId>,
    JsonBody(body): JsonBody<UofReview>,
) -> AppResult<Json<UofReport>> {
    let request =
        match (body.action.as_deref().map(str::trim), body.status.as_deref().map(str::trim)) {
            (Some("open"), _) => Request::Open,
            (Some(action), _) => Request::Act(action),
            (None, status) => Request::Save(status.filter(|s| !s.is_empty())),
        };
    let notes = body.supervisor_notes.as_deref();
    Ok(Json(REPORTS.review_by(&viewer, id, request, notes).await?.into()))
}

// The reads every report kind has (the list, one report, the number the form suggests).
crate::report_reads! {
    kind: REPORTS, answer: UofReport, tag: "use-of-force";
    /// Reports, newest first, a page at a time (500 unless `limit` asks for fewer; `Link` names the next page): every report for reviewers, the viewer's own for the
    /// members who file them (and for reviewers with `?mine=true`). Statuses: pending,
    /// under_review, in_policy, out_of_policy.
    list "list_uof" "/api/uof";
    /// One report with its history, for reviewers and for whoever filed it.
    detail "get_uof" "/api/uof/{id}";
    /// The incident number the form suggests: one more than the highest so far.
    next_number "next_uof_number" "/api/uof/next-number", nav_item::UseOfForceReport => NextNumber { incident_number };
}
