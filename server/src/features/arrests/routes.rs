//! `GET|POST /api/arrests`, `GET /api/arrests/next-number`, `GET|PATCH|PUT /api/arrests/{id}`.

use axum::{extract::OriginalUri, http::StatusCode, response::Response, Json};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    access::{
        guard::{nav_item, Guard},
        Viewer,
    },
    error::{bad_request, AppResult},
    extract::{JsonBody, PathParams, QueryParams},
    features::arrests::{
        model::{
            check_arrest, ArrestDraft, ArrestReport, ArrestReview, FiledArrest, NextCaseNumber,
            NOT_RETURNED,
        },
        store::ARRESTS,
    },
    shared::{report::ReportFilter, review::Request},
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct ReportId {
    pub id: i64,
}

/// Arrest reports, newest first, a page at a time (500 unless `limit` asks for fewer; `Link` names the next page): all for reviewers, the viewer's own for the
/// members who file them (and for reviewers with `?mine=true`). Statuses: pending,
/// under_review, approved, returned.
#[utoipa::path(get, operation_id = "list_arrests", path = "/api/arrests", tag = "arrests",
    params(ReportFilter),
    responses((status = 200, body = Vec<ArrestReport>, headers(("Link" = String, description = "<…?before={id}>; rel=\"next\" when older reports follow"))), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(
    viewer: Viewer,
    OriginalUri(uri): OriginalUri,
    QueryParams(filter): QueryParams<ReportFilter>,
) -> AppResult<Response> {
    let page = ARRESTS.list_for(&viewer, &filter).await?;
    Ok(page.answer(ArrestReport::from).respond(&uri))
}

/// The case number the form suggests: one more than the highest so far.
#[utoipa::path(get, operation_id = "next_arrest_number", path = "/api/arrests/next-number", tag = "arrests",
    responses((status = 200, body = NextCaseNumber), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn next_number(
    Guard(viewer, _): Guard<nav_item::ArrestReport>,
) -> AppResult<Json<NextCaseNumber>> {
    let next = ARRESTS.next_number(&viewer).await?;
    Ok(Json(NextCaseNumber { case_number: next.to_string() }))
}

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

/// One report with its history, for reviewers and for whoever filed it.
#[utoipa::path(get, operation_id = "get_arrest", path = "/api/arrests/{id}", tag = "arrests",
    params(ReportId),
    responses((status = 200, body = ArrestReport), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn detail(
    viewer: Viewer,
    PathParams(ReportId { id }): PathParams<ReportId>,
) -> AppResult<Json<ArrestReport>> {
    Ok(Json(ARRESTS.detail_for(&viewer, id).await?.into()))
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
