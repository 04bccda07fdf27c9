//! Parts every incident report shares (use of force, arrests, tickets): the officers, witnesses
//! and evidence rows and their checks, and the store of filed reports: numbers allocated by
//! the server, lists, one report with its history, and reviews through a `review::Flow`.

use std::marker::PhantomData;

use chrono::{DateTime, Utc};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use sqlx::{types::Json, PgConnection, PgExecutor};
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::{guard::require_nav, viewer::Actor, Viewer},
    error::{bad_request, conflict, not_found, AppResult, OnConstraint},
    shared::review::{record, Flow, Request},
    validate::{limits, max_len, valid_link},
};

/// An officer on a report (member-portal §3 "Arrest report", command-and-reports §3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Officer {
    #[schema(max_length = 120)]
    pub name: String,
    #[schema(max_length = 120)]
    pub rank: String,
    #[schema(max_length = 16)]
    pub callsign: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Witness {
    #[schema(max_length = 120)]
    pub name: String,
    /// A phone number, an address, or what they said.
    #[schema(max_length = 1000)]
    pub contact: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Evidence {
    #[schema(max_length = 120)]
    pub label: String,
    /// An http(s) link.
    #[schema(max_length = 2048)]
    pub url: String,
}

pub const OFFICER_REQUIRED: &str = "Add at least one officer with a name.";
pub const EVIDENCE_URL: &str = "Evidence links must be http(s) URLs.";
/// The most rows of one list on a report.
pub const MAX_ROWS: usize = 50;

fn rows<T>(what: &str, list: &[T]) -> Result<(), String> {
    if list.len() > MAX_ROWS {
        return Err(format!("A report lists at most {MAX_ROWS} {what}."));
    }
    Ok(())
}

/// Trimmed text within `max` characters.
pub fn text(field: &str, value: &str, max: usize) -> Result<String, String> {
    let value = value.trim();
    max_len(field, value, max)?;
    Ok(value.to_owned())
}

/// A callsign as typed: spaces and dashes stripped, upper-cased (the screens show it as
/// letters, a dash and at least two digits).
pub fn callsign_input(raw: &str) -> String {
    raw.chars().filter(|c| !c.is_whitespace() && *c != '-').collect::<String>().to_uppercase()
}

/// Officers: rows without a name dropped, at least one left.
pub fn officers(list: Vec<Officer>) -> Result<Vec<Officer>, String> {
    rows("officers", &list)?;
    let mut out = Vec::with_capacity(list.len());
    for officer in list {
        let name = text("An officer's name", &officer.name, limits::NAME)?;
        if name.is_empty() {
            continue;
        }
        let callsign = callsign_input(&officer.callsign);
        max_len("A callsign", &callsign, limits::CALLSIGN)?;
        out.push(Officer { name, rank: text("A rank", &officer.rank, limits::NAME)?, callsign });
    }
    if out.is_empty() {
        return Err(OFFICER_REQUIRED.into());
    }
    Ok(out)
}

/// Witnesses: empty rows dropped.
pub fn witnesses(list: Vec<Witness>) -> Result<Vec<Witness>, String> {
    rows("witnesses", &list)?;
    let mut out = Vec::with_capacity(list.len());
    for w in list {
        let w = Witness {
            name: text("A witness's name", &w.name, limits::NAME)?,
            contact: text("A witness's contact", &w.contact, limits::NOTE)?,
        };
        if !w.name.is_empty() || !w.contact.is_empty() {
            out.push(w);
        }
    }
    Ok(out)
}

/// Evidence: empty rows dropped; every link http(s).
pub fn evidence(list: Vec<Evidence>) -> Result<Vec<Evidence>, String> {
    rows("evidence links", &list)?;
    let mut out = Vec::with_capacity(list.len());
    for e in list {
        let e = Evidence {
            label: text("An evidence label", &e.label, limits::NAME)?,
            url: text("An evidence link", &e.url, limits::URL)?,
        };
        if e.label.is_empty() && e.url.is_empty() {
            continue;
        }
        let web = url::Url::parse(&e.url).is_ok_and(|u| matches!(u.scheme(), "http" | "https"));
        if !web || !valid_link(&e.url) {
            return Err(EVIDENCE_URL.into());
        }
        out.push(e);
    }
    Ok(out)
}

/// The filters of a report list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportFilter {
    /// One of the kind's statuses (blank: every status).
    pub status: Option<String>,
    /// Only the reports the viewer filed (their profile), even for a reviewer.
    #[serde(default)]
    pub mine: bool,
}

/// A list's status filter (`?status=`): none when blank, else one of `flow`'s statuses.
fn status_filter(flow: &Flow, raw: Option<&str>) -> AppResult<Option<&'static str>> {
    match raw.map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(status) => flow.parse_status(status).map(Some).map_err(bad_request),
    }
}

/// Whose reports `viewer` lists: everyone's (`None`) when they see the review page
/// `review_nav` and did not ask for their own, otherwise their own (their Discord id; a
/// signed-out visitor's matches nobody).
async fn list_scope(viewer: &Viewer, review_nav: &str, mine: bool) -> Option<String> {
    if !mine && require_nav(viewer, review_nav).await.is_ok() {
        None
    } else {
        Some(viewer.user.as_ref().map(|u| u.discord_id.clone()).unwrap_or_default())
    }
}

/// Refuses, as if it did not exist (404 `missing`), a report that `viewer` neither filed nor
/// reviews (sees the review page `review_nav`).
pub async fn require_readable<B>(
    viewer: &Viewer,
    report: &StoredReport<B>,
    review_nav: &str,
    missing: &str,
) -> AppResult<()> {
    if report.filed_by(viewer) || require_nav(viewer, review_nav).await.is_ok() {
        Ok(())
    } else {
        Err(not_found(missing))
    }
}

/// A report as stored, its form body of type `B`.
pub struct StoredReport<B> {
    pub id: i64,
    pub number: String,
    pub incident_date: String,
    pub location: String,
    pub body: B,
    pub status: String,
    pub supervisor: Option<String>,
    pub supervisor_notes: Option<String>,
    pub supervisor_signed_by: Option<String>,
    pub supervisor_signed_at: Option<DateTime<Utc>>,
    pub filed_by: String,
    pub filed_by_id: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Status changes, oldest first (filled by [`find`] only).
    pub history: Vec<HistoryEntry>,
}

impl<B> StoredReport<B> {
    /// Whether `viewer` filed it.
    pub fn filed_by(&self, viewer: &Viewer) -> bool {
        self.filed_by_id.is_some()
            && self.filed_by_id.as_deref() == viewer.user.as_ref().map(|u| u.discord_id.as_str())
    }
}

/// One change of a report's status, as its history shows it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    pub from_status: Option<String>,
    pub to_status: String,
    pub actor: String,
    pub notes: Option<String>,
    pub at: DateTime<Utc>,
}

#[derive(sqlx::FromRow)]
struct Row<B> {
    id: i64,
    number: String,
    incident_date: String,
    location: String,
    body: Json<B>,
    status: String,
    supervisor: Option<String>,
    supervisor_notes: Option<String>,
    supervisor_signed_by: Option<String>,
    supervisor_signed_at: Option<DateTime<Utc>>,
    filed_by: String,
    filed_by_id: Option<String>,
    created_at: DateTime<Utc>,
}

impl<B> From<Row<B>> for StoredReport<B> {
    fn from(r: Row<B>) -> Self {
        Self {
            id: r.id,
            number: r.number,
            incident_date: r.incident_date,
            location: r.location,
            body: r.body.0,
            status: r.status,
            supervisor: r.supervisor,
            supervisor_notes: r.supervisor_notes,
            supervisor_signed_by: r.supervisor_signed_by,
            supervisor_signed_at: r.supervisor_signed_at,
            filed_by: r.filed_by,
            filed_by_id: r.filed_by_id,
            created_at: r.created_at,
            history: vec![],
        }
    }
}

const COLUMNS: &str =
    "id, number, incident_date, location, body, status, supervisor, supervisor_notes, \
    supervisor_signed_by, supervisor_signed_at, filed_by, filed_by_id, created_at";

/// The most reports one list answers (newest first).
pub const LIST_LIMIT: i64 = 500;

/// A filing: the number given (`None`: the next one), where and when, and the form.
#[derive(Clone, Copy)]
pub struct NewReport<'a, B> {
    pub number: Option<&'a str>,
    pub incident_date: &'a str,
    pub location: &'a str,
    pub body: &'a B,
}

const NEXT_NUMBER: &str = "SELECT COALESCE(MAX(NULLIF(regexp_replace(number, '\\D', '', 'g'), '')::numeric), 0)::bigint + 1 \
     FROM reports WHERE kind = $1";

/// One kind of report in the shared store (`reports`, keyed by the kind of its review flow),
/// with forms of type `B`: every report feature declares one and files, lists, reads,
/// corrects and reviews through it.
pub struct ReportKind<B> {
    pub flow: &'static Flow,
    /// The 409 message of a number already used.
    duplicate: &'static str,
    body: PhantomData<fn() -> B>,
}

impl<B> ReportKind<B> {
    pub const fn new(flow: &'static Flow, duplicate: &'static str) -> Self {
        Self { flow, duplicate, body: PhantomData }
    }

    fn kind(&self) -> &'static str {
        self.flow.kind
    }
}

impl<B: Serialize + DeserializeOwned + Send + Sync + Unpin + 'static> ReportKind<B> {
    /// Files a report in the flow's first status as `filer`. A blank number gets one more than
    /// the highest digits so far, under a transaction-scoped lock so two filings never get the
    /// same one; a number already used answers 409.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn insert(
        &self,
        conn: &mut PgConnection,
        new: &NewReport<'_, B>,
        filer: &Actor,
    ) -> AppResult<(i64, String)> {
        let number = match new.number {
            Some(number) => number.to_owned(),
            None => {
                sqlx::query("SELECT pg_advisory_xact_lock(hashtext($1))")
                    .bind(format!("report-number:{}", self.kind()))
                    .execute(&mut *conn)
                    .await?;
                let next: i64 =
                    sqlx::query_scalar(NEXT_NUMBER).bind(self.kind()).fetch_one(&mut *conn).await?;
                next.to_string()
            }
        };
        let id: i64 = sqlx::query_scalar(
            "INSERT INTO reports (kind, number, incident_date, location, body, status, filed_by, filed_by_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(self.kind())
        .bind(&number)
        .bind(new.incident_date)
        .bind(new.location)
        .bind(Json(new.body))
        .bind(self.flow.initial)
        .bind(&filer.display)
        .bind(filer.user_id.as_deref())
        .fetch_one(conn)
        .await
        .on_constraint("reports_number_key", || conflict(self.duplicate))?;
        Ok((id, number))
    }

    /// The number a form suggests (the filing allocates its own under a lock).
    pub async fn suggested_number(&self, db: impl PgExecutor<'_>) -> sqlx::Result<i64> {
        sqlx::query_scalar(NEXT_NUMBER).bind(self.kind()).fetch_one(db).await
    }

    /// The reports `viewer` may list through `filter`, newest first: every one for those who
    /// see the review page `review_nav`, their own for everyone else.
    pub async fn list_visible(
        &self,
        viewer: &Viewer,
        review_nav: &str,
        filter: &ReportFilter,
    ) -> AppResult<Vec<StoredReport<B>>> {
        let status = status_filter(self.flow, filter.status.as_deref())?;
        let own = list_scope(viewer, review_nav, filter.mine).await;
        Ok(self.list(viewer.pool(), status, own.as_deref()).await?)
    }

    /// Reports, newest first (at most [`LIST_LIMIT`]): all, or of one status, or one filer's.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn list(
        &self,
        db: impl PgExecutor<'_>,
        status: Option<&str>,
        filed_by_id: Option<&str>,
    ) -> sqlx::Result<Vec<StoredReport<B>>> {
        let rows: Vec<Row<B>> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM reports
             WHERE kind = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR filed_by_id = $3)
             ORDER BY id DESC LIMIT $4"
        ))
        .bind(self.kind())
        .bind(status)
        .bind(filed_by_id)
        .bind(LIST_LIMIT)
        .fetch_all(db)
        .await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// One report with its history, locked for the caller's transaction when `for_update`.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn find(
        &self,
        conn: &mut PgConnection,
        id: i64,
        for_update: bool,
    ) -> sqlx::Result<Option<StoredReport<B>>> {
        let lock = if for_update { " FOR UPDATE" } else { "" };
        let row: Option<Row<B>> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM reports WHERE kind = $1 AND id = $2{lock}"
        ))
        .bind(self.kind())
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
        let Some(mut found) = row.map(StoredReport::from) else { return Ok(None) };
        found.history = sqlx::query_as(
            "SELECT from_status, to_status, actor, notes, at FROM review_history
             WHERE report_kind = $1 AND report_id = $2 ORDER BY id",
        )
        .bind(self.kind())
        .bind(id)
        .fetch_all(conn)
        .await?;
        Ok(Some(found))
    }

    /// Replaces the form of report `id` (a filer's correction); its number stays.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn replace_form(
        &self,
        conn: &mut PgConnection,
        id: i64,
        new: &NewReport<'_, B>,
    ) -> sqlx::Result<()> {
        sqlx::query(
            "UPDATE reports SET incident_date = $3, location = $4, body = $5, updated_at = now()
             WHERE kind = $1 AND id = $2",
        )
        .bind(self.kind())
        .bind(id)
        .bind(new.incident_date)
        .bind(new.location)
        .bind(Json(new.body))
        .execute(conn)
        .await?;
        Ok(())
    }

    /// Applies a review to report `id` (already locked by [`Self::find`] with `for_update`)
    /// of status `current`, through the kind's flow: the reviewer is `actor` (also the signer
    /// when the change signs, whatever a body says), a report moved back to the flow's
    /// unsigned statuses loses its signature, and a status change is recorded in the history.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn review(
        &self,
        conn: &mut PgConnection,
        id: i64,
        current: &str,
        review: &ReviewRequest<'_>,
        actor: &Actor,
    ) -> AppResult<()> {
        let flow = self.flow;
        let notes = review.notes.map(str::trim);
        if let Some(notes) = notes {
            max_len("Review notes", notes, limits::LONG_TEXT).map_err(bad_request)?;
        }
        let change = flow.decide(current, review.request, notes).map_err(bad_request)?;
        let status = change.map_or(current, |c| c.to);
        let signer =
            change.filter(|c| c.signs).map(|_| (actor.display.as_str(), actor.user_id.as_deref()));
        let reviewing = review.by_reviewer && !matches!(review.request, Request::Open);
        let unsigned = flow.unsigned.contains(&status);
        sqlx::query(
            "UPDATE reports SET status = $2,
                 supervisor = CASE WHEN $3 THEN $4 ELSE supervisor END,
                 supervisor_notes = CASE WHEN $3 AND $5::text IS NOT NULL THEN $5 ELSE supervisor_notes END,
                 supervisor_signed_by = CASE WHEN $6::text IS NOT NULL THEN $6 WHEN $8 THEN NULL ELSE supervisor_signed_by END,
                 supervisor_signed_by_id = CASE WHEN $6::text IS NOT NULL THEN $7 WHEN $8 THEN NULL ELSE supervisor_signed_by_id END,
                 supervisor_signed_at = CASE WHEN $6::text IS NOT NULL THEN now() WHEN $8 THEN NULL ELSE supervisor_signed_at END,
                 updated_at = now()
             WHERE id = $1",
        )
        .bind(id)
        .bind(status)
        .bind(reviewing)
        .bind(&actor.display)
        .bind(notes)
        .bind(signer.map(|s| s.0))
        .bind(signer.and_then(|s| s.1))
        .bind(unsigned)
        .execute(&mut *conn)
        .await?;
        if let Some(change) = change {
            record(conn, flow, id, &change, &actor.display, actor.user_id.as_deref(), notes)
                .await?;
        }
        Ok(())
    }
}

/// A request on a report's status and its notes: a reviewer's, or the filer's own (an
/// arrest refiled after correction), which leaves the review fields alone.
pub struct ReviewRequest<'a> {
    pub request: Request<'a>,
    pub notes: Option<&'a str>,
    pub by_reviewer: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_are_trimmed_and_checked() {
        let list = vec![
            Officer { name: " Dale ".into(), rank: " Deputy ".into(), callsign: " b-12 ".into() },
            Officer::default(),
        ];
        assert_eq!(
            officers(list).unwrap(),
            vec![Officer { name: "Dale".into(), rank: "Deputy".into(), callsign: "B12".into() }]
        );
        assert_eq!(officers(vec![Officer::default()]).unwrap_err(), OFFICER_REQUIRED);
        let blank = Witness::default();
        assert!(witnesses(vec![blank]).unwrap().is_empty());
        let link = Evidence { label: "Bodycam".into(), url: "https://video.example/1".into() };
        assert_eq!(evidence(vec![link.clone(), Evidence::default()]).unwrap(), vec![link]);
        let script = Evidence { label: "x".into(), url: "javascript:alert(1)".into() };
        assert_eq!(evidence(vec![script]).unwrap_err(), EVIDENCE_URL);
        let local = Evidence { label: "x".into(), url: "/media/x.png".into() };
        assert_eq!(evidence(vec![local]).unwrap_err(), EVIDENCE_URL);
    }
}
