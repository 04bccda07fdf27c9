//! What every report kind's API does, once: file, list, read one, review, and correct a
//! returned report, each through the kind's [`ReportKind`] (its flow, pages and messages).
//! A report feature's handlers name their guard and their types and call these; the reads,
//! alike in every kind but for names and words, are written once by [`report_reads!`]. Record
//! kinds still to come (applications, leave requests) plug in the same way.

use serde::{de::DeserializeOwned, Serialize};
use serde_json::{json, Value};

use crate::{
    access::{guard::require_any_nav, Viewer},
    error::{conflict, not_found, AppError, AppResult},
    shared::{
        audit::{self, Diff, Event},
        report::{
            require_readable, NewReport, ReportBody, ReportFilter, ReportKind, ReportPage,
            ReviewRequest, StoredReport,
        },
        review::Request,
    },
    tenancy::pools::AgencyConnection,
};

impl<B: ReportBody + Serialize + DeserializeOwned + Send + Sync + Unpin + 'static> ReportKind<B> {
    /// Files `new` as the viewer (the handler's guard is the filing page): its number, or the
    /// next one, and the new report's id.
    pub async fn file(&self, viewer: &Viewer, new: &NewReport<'_, B>) -> AppResult<(i64, String)> {
        let mut tx = viewer.pool().begin().await?;
        let filed = self.insert(&mut tx, new, &viewer.actor()).await?;
        let stored =
            self.find(&mut tx, filed.0, false).await?.ok_or_else(|| not_found(self.not_found))?;
        self.audit(&mut tx, viewer, "filed", None, &stored).await?;
        tx.commit().await?;
        Ok(filed)
    }

    /// The number the kind's form suggests.
    pub async fn next_number(&self, viewer: &Viewer) -> AppResult<i64> {
        self.suggested_number(&mut *viewer.pool().acquire().await?).await
    }

    /// One page of the reports the viewer may list through `filter` (members of the readers'
    /// pages only): every one on the review page, their own elsewhere.
    pub async fn list_for(
        &self,
        viewer: &Viewer,
        filter: &ReportFilter,
    ) -> AppResult<ReportPage<B>> {
        require_any_nav(viewer, self.readers).await?;
        self.list_visible(viewer, filter).await
    }

    /// One report with its history, for reviewers and for whoever filed it (404 for anyone
    /// else, as if it did not exist).
    pub async fn detail_for(&self, viewer: &Viewer, id: i64) -> AppResult<StoredReport<B>> {
        require_any_nav(viewer, self.readers).await?;
        // The connection goes back before the review rule is read (which may take another).
        let found = self.find(&mut *viewer.pool().acquire().await?, id, false).await?;
        let found = found.ok_or_else(|| not_found(self.not_found))?;
        require_readable(viewer, &found, self.review_nav, self.not_found).await?;
        Ok(found.for_viewer(viewer))
    }

    /// A reviewer's `request` on report `id` with `notes` (the handler's guard is the review
    /// page): the flow decides, the viewer reviews and signs, the history records it.
    pub async fn review_by(
        &self,
        viewer: &Viewer,
        id: i64,
        request: Request<'_>,
        notes: Option<&str>,
    ) -> AppResult<StoredReport<B>> {
        let review = ReviewRequest { request, notes, by_reviewer: true };
        let mut tx = viewer.pool().begin().await?;
        let found = self.find(&mut tx, id, true).await?.ok_or_else(|| not_found(self.not_found))?;
        self.review(&mut tx, &found, &review, viewer).await?;
        let updated =
            self.find(&mut tx, id, false).await?.ok_or_else(|| not_found(self.not_found))?;
        let action = match request {
            Request::Act(action) => action,
            Request::Open => "opened",
            Request::Save(_) => "reviewed",
        };
        self.audit(&mut tx, viewer, action, Some(&found), &updated).await?;
        tx.commit().await?;
        Ok(updated.for_viewer(viewer))
    }

    /// The filer's correction of report `id` once it is in `from` (returned to them; 409
    /// `not_returned` otherwise): the form is replaced (the number stays) and the flow's
    /// `action` moves it on (back to review).
    pub async fn resubmit(
        &self,
        viewer: &Viewer,
        id: i64,
        new: &NewReport<'_, B>,
        (from, action, not_returned): (&str, &str, &str),
    ) -> AppResult<StoredReport<B>> {
        let mut tx = viewer.pool().begin().await?;
        let found = self.find(&mut tx, id, true).await?.ok_or_else(|| not_found(self.not_found))?;
        if !found.filed_by(viewer) {
            return Err(not_found(self.not_found));
        }
        if found.review.status != from {
            return Err(conflict(not_returned));
        }
        self.replace_form(&mut tx, id, new).await?;
        let refile =
            ReviewRequest { request: Request::Act(action), notes: None, by_reviewer: false };
        self.review(&mut tx, &found, &refile, viewer).await?;
        let updated =
            self.find(&mut tx, id, false).await?.ok_or_else(|| not_found(self.not_found))?;
        self.audit(&mut tx, viewer, "resubmitted", Some(&found), &updated).await?;
        tx.commit().await?;
        Ok(updated.for_viewer(viewer))
    }

    /// The audit row of a write to a report: what the viewer did and what it changed (none
    /// when it changed nothing).
    async fn audit(
        &self,
        conn: &mut AgencyConnection,
        viewer: &Viewer,
        action: &str,
        before: Option<&StoredReport<B>>,
        after: &StoredReport<B>,
    ) -> AppResult<()> {
        let diff = match before {
            Some(report) => Diff::fields(&audit_view(report)?, &audit_view(after)?),
            None => Diff::fields(&Value::Object(Default::default()), &audit_view(after)?),
        };
        // Opening a report already in review, or saving what was there, changes nothing.
        if before.is_some() && diff.is_empty() {
            return Ok(());
        }
        let event = Event {
            kind: self.flow.kind,
            action: action.to_owned(),
            subject_id: after.id.to_string(),
            title: format!("{} #{}", self.flow.title, after.number),
            diff,
        };
        audit::record(conn, &viewer.actor(), &event).await?;
        Ok(())
    }
}

/// What the audit log compares of a report: its form and its review.
fn audit_view<B: Serialize>(report: &StoredReport<B>) -> AppResult<Value> {
    let body = serde_json::to_value(&report.body).map_err(|e| AppError::Other(e.into()))?;
    let mut view = json!({
        "number": report.number,
        "incidentDate": report.incident_date,
        "location": report.location,
        "status": report.review.status,
        "supervisor": report.review.supervisor,
        "supervisorNotes": report.review.supervisor_notes,
        "supervisorSignedBy": report.review.supervisor_signed_by,
        "supervisorSignedAt": report.review.supervisor_signed_at,
    });
    if let (Some(view), Value::Object(body)) = (view.as_object_mut(), body) {
        view.extend(body);
    }
    Ok(view)
}

/// The reads every report kind's API has, as handlers with their OpenAPI description, written
/// once: `list` (`GET`, newest first, a page at a time), `detail` (`GET …/{id}`) and
/// `next_number` (the number the filing form suggests, for the filing page's members). A
/// kind's `routes.rs` names its [`ReportKind`], its answer type, its tag, each route's
/// operation id, path and description, its filing page, and the answer of its next number
/// (whose field the specification names per kind):
///
/// ```ignore
/// crate::report_reads! {
///     kind: REPORTS, answer: UofReport, tag: "use-of-force";
///     /// Reports, newest first, …
///     list "list_uof" "/api/uof";
///     /// One report with its history, …
///     detail "get_uof" "/api/uof/{id}";
///     /// The incident number the form suggests.
///     next_number "next_uof_number" "/api/uof/next-number", nav_item::UseOfForceReport => NextNumber { incident_number };
/// }
/// ```
///
/// The descriptions are the routes' doc comments, kept as written for the OpenAPI derive.
/// What a kind does on its own (filing and its checks, review, correction) stays in its
/// handlers.
#[macro_export]
macro_rules! report_reads {
    (
        kind: $kind:ident, answer: $answer:ident, tag: $tag:literal;
        $(#[doc = $list_doc:literal])*
        list $list_id:literal $list_path:literal;
        $(#[doc = $detail_doc:literal])*
        detail $detail_id:literal $detail_path:literal;
        $(#[doc = $next_doc:literal])*
        next_number $next_id:literal $next_path:literal, $($page:ident)::+ => $next:ident { $field:ident };
    ) => {
        $(#[doc = $list_doc])*
        #[utoipa::path(get, operation_id = $list_id, path = $list_path, tag = $tag,
            params($crate::shared::report::ReportFilter),
            responses((status = 200, body = Vec<$answer>, headers(("Link" = String, description = "<…?before={id}>; rel=\"next\" when older reports follow"))),
                      (status = 400, body = $crate::error::ErrorBody), (status = 401, body = $crate::error::ErrorBody),
                      (status = 403, body = $crate::error::ErrorBody)))]
        pub async fn list(
            viewer: $crate::access::Viewer,
            axum::extract::OriginalUri(uri): axum::extract::OriginalUri,
            $crate::extract::QueryParams(filter): $crate::extract::QueryParams<$crate::shared::report::ReportFilter>,
        ) -> $crate::error::AppResult<axum::response::Response> {
            let page = $kind.list_for(&viewer, &filter).await?;
            Ok(page.answer($answer::from).respond(&uri))
        }

        $(#[doc = $detail_doc])*
        #[utoipa::path(get, operation_id = $detail_id, path = $detail_path, tag = $tag,
            params($crate::shared::report::ReportId),
            responses((status = 200, body = $answer), (status = 401, body = $crate::error::ErrorBody),
                      (status = 403, body = $crate::error::ErrorBody), (status = 404, body = $crate::error::ErrorBody)))]
        pub async fn detail(
            viewer: $crate::access::Viewer,
            $crate::extract::PathParams($crate::shared::report::ReportId { id }): $crate::extract::PathParams<$crate::shared::report::ReportId>,
        ) -> $crate::error::AppResult<axum::Json<$answer>> {
            Ok(axum::Json($kind.detail_for(&viewer, id).await?.into()))
        }

        $(#[doc = $next_doc])*
        #[utoipa::path(get, operation_id = $next_id, path = $next_path, tag = $tag,
            responses((status = 200, body = $next), (status = 401, body = $crate::error::ErrorBody),
                      (status = 403, body = $crate::error::ErrorBody)))]
        pub async fn next_number(
            $crate::access::guard::Guard(viewer, _): $crate::access::guard::Guard<$($page)::+>,
        ) -> $crate::error::AppResult<axum::Json<$next>> {
            let next = $kind.next_number(&viewer).await?;
            Ok(axum::Json($next { $field: next.to_string() }))
        }
    };
}
