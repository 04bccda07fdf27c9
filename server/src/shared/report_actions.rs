//! What every report kind's API does, once: file, list, read one, review, and correct a
//! returned report, each through the kind's [`ReportKind`] (its flow, pages and messages).
//! A report feature's handlers name their guard and their types and call these; record kinds
//! still to come (applications, leave requests) plug in the same way.

use serde::{de::DeserializeOwned, Serialize};

use crate::{
    access::{guard::require_any_nav, Viewer},
    error::{conflict, not_found, AppResult},
    shared::{
        report::{
            require_readable, NewReport, ReportBody, ReportFilter, ReportKind, ReviewRequest,
            StoredReport,
        },
        review::Request,
    },
};

impl<B: ReportBody + Serialize + DeserializeOwned + Send + Sync + Unpin + 'static> ReportKind<B> {
    /// Files `new` as the viewer (the handler's guard is the filing page): its number, or the
    /// next one, and the new report's id.
    pub async fn file(&self, viewer: &Viewer, new: &NewReport<'_, B>) -> AppResult<(i64, String)> {
        let mut tx = viewer.pool().begin().await?;
        let filed = self.insert(&mut tx, new, &viewer.actor()).await?;
        tx.commit().await?;
        Ok(filed)
    }

    /// The number the kind's form suggests.
    pub async fn next_number(&self, viewer: &Viewer) -> AppResult<i64> {
        self.suggested_number(&mut *viewer.pool().acquire().await?).await
    }

    /// The reports the viewer may list through `filter` (members of the readers' pages only):
    /// every one on the review page, their own elsewhere.
    pub async fn list_for(
        &self,
        viewer: &Viewer,
        filter: &ReportFilter,
    ) -> AppResult<Vec<StoredReport<B>>> {
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
        if found.status != from {
            return Err(conflict(not_returned));
        }
        self.replace_form(&mut tx, id, new).await?;
        let refile =
            ReviewRequest { request: Request::Act(action), notes: None, by_reviewer: false };
        self.review(&mut tx, &found, &refile, viewer).await?;
        let updated =
            self.find(&mut tx, id, false).await?.ok_or_else(|| not_found(self.not_found))?;
        tx.commit().await?;
        Ok(updated.for_viewer(viewer))
    }
}
