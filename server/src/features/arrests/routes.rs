//! `GET|POST /api/arrests`, `GET /api/arrests/next-number`, `GET|PATCH|PUT /api/arrests/{id}`.

use axum::{http::StatusCode, Json};

use crate::{
    access::guard::{nav_item, Guard},
    error::{bad_request, AppResult},
    extract::{JsonBody, PathParams},
    features::arrests::{
        model::{
            check_arrest, ArrestDraft, ArrestReport, ArrestReview, FiledArrest, NextCaseNumber,
            NOT_RETURNED,
        },
        store::ARRESTS,
    },
    shared::{report::ReportId, review::Request},
};

/// Files an arrest report as the viewer; a missing case number gets the next one, allocated
/// in the transaction, and one already used answers 409.
#[utoipa::path(post, operation_id = "file_arrest", path = "/api/arrests", tag = "arrests",
    request_body = ArrestDraft,
    responses((status = 201, body = FiledArrest), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn file(
    Guard(viewer, _): Guard<nav_item::ArrestReport>,
    JsonBody(draft): JsonBody<ArrestDraft>,
) -> AppResult<(StatusCode, Json<FiledArrest>)> {
    let arrest = check_arrest(draft, chrono::Utc::now().date_naive()).map_err(bad_request)?;
    let (id, case_number) = ARRESTS.file(&viewer, &arrest.filing()).await?;
    Ok((StatusCode::CREATED, Json(FiledArrest { id, case_number })))
}

/// A supervisor's review: `open` (pending → under review), `approve` (signs), `return`
/// (needs notes saying what to correct). The reviewer and signer are the viewer.
#[utoipa::path(patch, operation_id = "review_arrest", path = "/api/arrests/{id}", tag = "arrests",
    params(ReportId), request_body = ArrestReview,
    responses((status = 200, body = ArrestReport), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn review(
    Guard(viewer, _): Guard<nav_item::ArrestReview>,
    PathParams(ReportId { id }): PathParams<ReportId>,
    JsonBody(body): JsonBody<ArrestReview>,
) -> AppResult<Json<ArrestReport>> {
    let request = match body.action.trim() {
        "open" => Request::Open,
        // Refiling is the filer's, through PUT.
        "refile" => return Err(bad_request("Unknown review action 'refile'.")),
        action => Request::Act(action),
    };
    let notes = body.supervisor_notes.as_deref();
    Ok(Json(ARRESTS.review_by(&viewer, id, request, notes).await?.into()))
}

/// The filer's correction of a report returned to them: the form is replaced (the case
/// number stays) and the report is pending review again.
#[utoipa::path(put, operation_id = "resubmit_arrest", path = "/api/arrests/{id}", tag = "arrests",
    params(ReportId), request_body = ArrestDraft,
    responses((status = 200, body = ArrestReport), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn resubmit(
    Guard(viewer, _): Guard<nav_item::ArrestReport>,
    PathParams(ReportId { id }): PathParams<ReportId>,
    JsonBody(draft): JsonBody<ArrestDraft>,
) -> AppResult<Json<ArrestReport>> {
    let arrest = check_arrest(draft, chrono::Utc::now().date_naive()).map_err(bad_request)?;
    let refile = ("returned", "refile", NOT_RETURNED);
    Ok(Json(ARRESTS.resubmit(&viewer, id, &arrest.filing(), refile).await?.into()))
}

// The reads every report kind has (the list, one report, the number the form suggests).
crate::report_reads! {
    kind: ARRESTS, answer: ArrestReport, tag: "arrests";
    /// Arrest reports, newest first, a page at a time (500 unless `limit` asks for fewer; `Link` names the next page): all for reviewers, the viewer's own for the
    /// members who file them (and for reviewers with `?mine=true`). Statuses: pending,
    /// under_review, approved, returned.
    list "list_arrests" "/api/arrests";
    /// One report with its history, for reviewers and for whoever filed it.
    detail "get_arrest" "/api/arrests/{id}";
    /// The case number the form suggests: one more than the highest so far.
    next_number "next_arrest_number" "/api/arrests/next-number", nav_item::ArrestReport => NextCaseNumber { case_number };
}
