//! Parts every incident report shares (use of force, arrests, tickets): the officers, witnesses
//! and evidence rows and their checks, and the store of filed reports: numbers allocated by
//! the server, lists, one report with its history, and reviews through a `review::Flow`.

use std::marker::PhantomData;

use chrono::{DateTime, Days, NaiveDate, NaiveDateTime, Utc};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use sqlx::{types::Json, PgExecutor};
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::{guard::require_nav, viewer::Actor, Viewer},
    error::{bad_request, conflict, forbidden, not_found, AppResult, OnConstraint},
    shared::{
        paging::Paged,
        review::{record, Flow, Request},
    },
    tenancy::pools::AgencyConnection,
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

/// The person a report is about: an arrest's suspect, a ticket's violator.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
#[schema(as = ReportSubject)]
pub struct Subject {
    #[schema(max_length = 120)]
    pub name: String,
    #[schema(max_length = 500)]
    pub address: String,
    #[schema(max_length = 1000)]
    pub description: String,
}

impl Subject {
    /// The subject trimmed and bounded, named in refusals as `who` ('The suspect'); a blank
    /// name is refused with `name_required`.
    pub fn checked(&self, who: &str, name_required: &str) -> Result<Self, String> {
        let subject = Self {
            name: text(&format!("{who}'s name"), &self.name, limits::NAME)?,
            address: text(&format!("{who}'s address"), &self.address, limits::DESCRIPTION)?,
            description: text(&format!("{who}'s description"), &self.description, limits::NOTE)?,
        };
        if subject.name.is_empty() {
            return Err(name_required.into());
        }
        Ok(subject)
    }
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

/// The largest number a filer may give a report (nine digits).
pub const MAX_NUMBER: i64 = 999_999_999;

/// A report number as a filer typed it (`field` names it in the refusal): blank is `None`
/// (the server allocates the next one), otherwise a whole number from 1 to [`MAX_NUMBER`],
/// kept without leading zeros so that "007" and "7" are one number.
pub fn report_number(field: &str, raw: &str) -> Result<Option<String>, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    let digits = raw.trim_start_matches('0');
    let in_range = raw.bytes().all(|b| b.is_ascii_digit())
        && (1..=9).contains(&digits.len())
        && digits.parse::<i64>().is_ok_and(|n| (1..=MAX_NUMBER).contains(&n));
    if !in_range {
        return Err(format!("{field} must be a whole number from 1 to {MAX_NUMBER}."));
    }
    Ok(Some(digits.to_owned()))
}

/// The earliest date a report may carry.
pub const EARLIEST_DATE: NaiveDate = match NaiveDate::from_ymd_opt(2000, 1, 1) {
    Some(date) => date,
    None => panic!("a valid date"),
};

/// A report's date as the form sends it (`2026-11-20`, `2026-11-20T21:30`, with seconds, or
/// RFC 3339), trimmed: a real date from [`EARLIEST_DATE`] to the day after `today` (a filer
/// ahead of UTC may already be there). `None` when blank; `field` names it in the refusal.
pub fn report_date(field: &str, raw: &str, today: NaiveDate) -> Result<Option<String>, String> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    let date = NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .ok()
        .or_else(|| NaiveDateTime::parse_from_str(raw, "%Y-%m-%dT%H:%M").ok().map(|d| d.date()))
        .or_else(|| NaiveDateTime::parse_from_str(raw, "%Y-%m-%dT%H:%M:%S").ok().map(|d| d.date()))
        .or_else(|| DateTime::parse_from_rfc3339(raw).ok().map(|d| d.date_naive()));
    let latest = today.checked_add_days(Days::new(1)).unwrap_or(today);
    match date {
        Some(date) if (EARLIEST_DATE..=latest).contains(&date) => Ok(Some(raw.to_owned())),
        Some(_) => Err(format!("{field} must be between {EARLIEST_DATE} and today.")),
        None => Err(format!("{field} must be a date such as 2026-11-20 or 2026-11-20T21:30.")),
    }
}

/// What a report body says about the people on it: the officers it lists (the issuing officer
/// of a ticket), so that nobody reviews a report they took part in.
pub trait ReportBody {
    fn officers(&self) -> &[Officer];
}

pub const OWN_REPORT: &str = "You cannot review your own report.";

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

/// The rows of a repeated section (witnesses, evidence): at most [`MAX_ROWS`], each checked by
/// `check`, which answers `None` for a blank row (dropped).
fn kept_rows<T>(
    what: &str,
    list: Vec<T>,
    check: impl Fn(T) -> Result<Option<T>, String>,
) -> Result<Vec<T>, String> {
    rows(what, &list)?;
    list.into_iter().filter_map(|row| check(row).transpose()).collect()
}

/// Witnesses: empty rows dropped.
pub fn witnesses(list: Vec<Witness>) -> Result<Vec<Witness>, String> {
    kept_rows("witnesses", list, |w| {
        let w = Witness {
            name: text("A witness's name", &w.name, limits::NAME)?,
            contact: text("A witness's contact", &w.contact, limits::NOTE)?,
        };
        Ok((!w.name.is_empty() || !w.contact.is_empty()).then_some(w))
    })
}

/// Evidence: empty rows dropped; every link http(s).
pub fn evidence(list: Vec<Evidence>) -> Result<Vec<Evidence>, String> {
    kept_rows("evidence links", list, |e| {
        let e = Evidence {
            label: text("An evidence label", &e.label, limits::NAME)?,
            url: text("An evidence link", &e.url, limits::URL)?,
        };
        if e.label.is_empty() && e.url.is_empty() {
            return Ok(None);
        }
        let web = url::Url::parse(&e.url).is_ok_and(|u| matches!(u.scheme(), "http" | "https"));
        if !web || !valid_link(&e.url) {
            return Err(EVIDENCE_URL.into());
        }
        Ok(Some(e))
    })
}

/// The path of one report: `…/{id}`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct ReportId {
    pub id: i64,
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
    /// Only reports older than this one (its id): the next page, as the answer's
    /// `Link: <…>; rel="next"` header names it.
    pub before: Option<i64>,
    /// At most this many reports (1 to 500; default 500, more is read as 500).
    pub limit: Option<i64>,
}

impl ReportFilter {
    /// The page size asked for, within 1 to [`LIST_LIMIT`].
    pub fn page_size(&self) -> i64 {
        self.limit.unwrap_or(LIST_LIMIT).clamp(1, LIST_LIMIT)
    }
}

/// One page of a report list, newest first, and the id the next page starts below (none on
/// the last page).
pub struct ReportPage<B> {
    pub reports: Vec<StoredReport<B>>,
    pub next_before: Option<i64>,
}

impl<B> ReportPage<B> {
    /// The page of the first `size` of `rows` (read one past the page to know whether another
    /// follows).
    fn of(mut rows: Vec<StoredReport<B>>, size: i64) -> Self {
        let more = rows.len() as i64 > size;
        rows.truncate(size as usize);
        let next_before = if more { rows.last().map(|r| r.id) } else { None };
        Self { reports: rows, next_before }
    }

    /// The page with each report made into what the API answers.
    pub fn answer<T>(self, convert: impl FnMut(StoredReport<B>) -> T) -> Paged<T> {
        Paged {
            items: self.reports.into_iter().map(convert).collect(),
            next_before: self.next_before,
        }
    }
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
#[tracing::instrument(level = "debug", skip_all)]
async fn list_scope(viewer: &Viewer, review_nav: &str, mine: bool) -> Option<String> {
    if !mine && require_nav(viewer, review_nav).await.is_ok() {
        None
    } else {
        Some(viewer.user.as_ref().map(|u| u.discord_id.clone()).unwrap_or_default())
    }
}

/// Refuses, as if it did not exist (404 `missing`), a report that `viewer` neither filed nor
/// reviews (sees the review page `review_nav`).
#[tracing::instrument(level = "debug", skip_all)]
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

/// The review side of a filed report as the API answers it, the same for every kind that is
/// reviewed (arrests, use of force): the status and the supervisor's decision and signature, who
/// filed it and when, its history, and whether it is the viewer's own.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewState {
    /// pending, under_review, then the kind's decisions (approved or returned; in_policy or
    /// out_of_policy).
    pub status: String,
    pub supervisor: Option<String>,
    pub supervisor_notes: Option<String>,
    pub supervisor_signed_by: Option<String>,
    pub supervisor_signed_at: Option<DateTime<Utc>>,
    pub filed_by: String,
    pub created_at: DateTime<Utc>,
    /// Status changes, oldest first (the detail only; lists leave it empty).
    pub history: Vec<HistoryEntry>,
    /// The viewer filed this report or is listed on it: they may read it, never review it.
    pub own_report: bool,
}

/// A report as stored, its form body of type `B`.
pub struct StoredReport<B> {
    pub id: i64,
    pub number: String,
    pub incident_date: String,
    pub location: String,
    pub body: B,
    pub filed_by_id: Option<String>,
    /// Its status, decision, filer, history (filled by [`find`] only) and whether it is the
    /// viewer's own (set by [`ReportKind::list_visible`] and [`StoredReport::for_viewer`]).
    pub review: ReviewState,
}

impl<B> StoredReport<B> {
    /// Whether `viewer` filed it.
    pub fn filed_by(&self, viewer: &Viewer) -> bool {
        self.filed_by_id.is_some()
            && self.filed_by_id.as_deref() == viewer.user.as_ref().map(|u| u.discord_id.as_str())
    }
}

impl<B: ReportBody> StoredReport<B> {
    /// Whether `viewer` filed it or is one of the officers it lists (by the name or the
    /// callsign of one of their roster entries): such a report is theirs, not theirs to review.
    pub fn involves(&self, viewer: &Viewer) -> bool {
        self.filed_by(viewer)
            || self.body.officers().iter().any(|officer| {
                viewer.matches.iter().any(|entry| {
                    let named = !officer.name.is_empty()
                        && officer.name.trim().eq_ignore_ascii_case(entry.name.trim());
                    let callsign = entry.callsign.as_deref().map(callsign_input);
                    let called = !officer.callsign.is_empty()
                        && callsign.is_some_and(|c| callsign_input(&officer.callsign) == c);
                    named || called
                })
            })
    }

    /// The report marked for `viewer` ([`Self::own`]).
    pub fn for_viewer(mut self, viewer: &Viewer) -> Self {
        self.review.own_report = self.involves(viewer);
        self
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
            filed_by_id: r.filed_by_id,
            review: ReviewState {
                status: r.status,
                supervisor: r.supervisor,
                supervisor_notes: r.supervisor_notes,
                supervisor_signed_by: r.supervisor_signed_by,
                supervisor_signed_at: r.supervisor_signed_at,
                filed_by: r.filed_by,
                created_at: r.created_at,
                history: vec![],
                own_report: false,
            },
        }
    }
}

const COLUMNS: &str =
    "id, number, incident_date, location, body, status, supervisor, supervisor_notes, \
    supervisor_signed_by, supervisor_signed_at, filed_by, filed_by_id, created_at";

/// The most reports one page of a list answers (newest first), and the page size when none
/// is asked for.
pub const LIST_LIMIT: i64 = 500;

/// A filing: the number given (`None`: the next one), where and when, and the form.
#[derive(Clone, Copy)]
pub struct NewReport<'a, B> {
    pub number: Option<&'a str>,
    pub incident_date: &'a str,
    pub location: &'a str,
    pub body: &'a B,
}

/// One more than the highest number in range (1 to 9 digits without a leading zero, as the
/// partial index `reports_number_value` holds them): numbers stored before the rule, whatever
/// they are, are never read as numbers.
const NEXT_NUMBER: &str = "SELECT COALESCE(MAX(number::integer), 0)::bigint + 1 FROM reports \
     WHERE kind = $1 AND number ~ '^[1-9][0-9]{0,8}$'";

/// The lowest free number in range, for the day the highest one is taken.
const LOWEST_FREE_NUMBER: &str = "SELECT n::bigint FROM (SELECT 1 AS n UNION ALL \
       SELECT number::integer + 1 FROM reports WHERE kind = $1 AND number ~ '^[1-9][0-9]{0,8}$') c \
     WHERE n <= 999999999 \
       AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.kind = $1 AND r.number = c.n::text) \
     ORDER BY n LIMIT 1";

pub const NUMBERS_EXHAUSTED: &str = "Every report number is taken; type one that is free.";

/// The next free number of `kind`: one more than the highest, or the lowest free one once the
/// highest is [`MAX_NUMBER`].
#[tracing::instrument(level = "debug", skip_all)]
async fn next_number(conn: &mut AgencyConnection, kind: &str) -> AppResult<i64> {
    let next: i64 = sqlx::query_scalar(NEXT_NUMBER).bind(kind).fetch_one(&mut *conn).await?;
    if next <= MAX_NUMBER {
        return Ok(next);
    }
    let free: Option<i64> =
        sqlx::query_scalar(LOWEST_FREE_NUMBER).bind(kind).fetch_optional(&mut *conn).await?;
    free.ok_or_else(|| conflict(NUMBERS_EXHAUSTED))
}

/// One kind of report in the shared store (`reports`, keyed by the kind of its review flow),
/// with forms of type `B`: every report feature declares one and files, lists, reads,
/// corrects and reviews through it.
pub struct ReportKind<B> {
    pub flow: &'static Flow,
    /// The 409 message of a number already used.
    duplicate: &'static str,
    /// The pages whose members read reports of this kind (those who file them and those who
    /// review them).
    pub readers: &'static [&'static str],
    /// The page of those who read every report of this kind (and review it, where it is
    /// reviewed); everyone else reads their own.
    pub review_nav: &'static str,
    /// The 404 of a report that does not exist, or that the viewer may not read.
    pub not_found: &'static str,
    body: PhantomData<fn() -> B>,
}

/// What a report feature declares of its kind (see [`ReportKind`]).
pub struct KindSpec {
    pub flow: &'static Flow,
    pub duplicate: &'static str,
    pub readers: &'static [&'static str],
    pub review_nav: &'static str,
    pub not_found: &'static str,
}

impl<B> ReportKind<B> {
    pub const fn new(spec: KindSpec) -> Self {
        let KindSpec { flow, duplicate, readers, review_nav, not_found } = spec;
        Self { flow, duplicate, readers, review_nav, not_found, body: PhantomData }
    }

    fn kind(&self) -> &'static str {
        self.flow.kind
    }
}

impl<B: ReportBody + Serialize + DeserializeOwned + Send + Sync + Unpin + 'static> ReportKind<B> {
    /// Files a report in the flow's first status as `filer`. A blank number gets one more than
    /// the highest digits so far, under a transaction-scoped lock so two filings never get the
    /// same one; a number already used answers 409.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn insert(
        &self,
        conn: &mut AgencyConnection,
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
                next_number(conn, self.kind()).await?.to_string()
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
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn suggested_number(&self, conn: &mut AgencyConnection) -> AppResult<i64> {
        next_number(conn, self.kind()).await
    }

    /// One page of the reports `viewer` may list through `filter`, newest first: every one for
    /// those who see the kind's review page, their own for everyone else.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn list_visible(
        &self,
        viewer: &Viewer,
        filter: &ReportFilter,
    ) -> AppResult<ReportPage<B>> {
        let status = status_filter(self.flow, filter.status.as_deref())?;
        let own = list_scope(viewer, self.review_nav, filter.mine).await;
        let size = filter.page_size();
        let rows =
            self.list(viewer.pool(), status, own.as_deref(), filter.before, size + 1).await?;
        let rows = rows.into_iter().map(|r| r.for_viewer(viewer)).collect();
        Ok(ReportPage::of(rows, size))
    }

    /// Reports, newest first (at most `limit`, below the id `before` when given): all, or of one
    /// status, or one filer's. The id orders them (a keyset: a page costs the same however
    /// deep it is).
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind(), before = before, limit = limit))]
    pub async fn list(
        &self,
        db: impl PgExecutor<'_>,
        status: Option<&str>,
        filed_by_id: Option<&str>,
        before: Option<i64>,
        limit: i64,
    ) -> sqlx::Result<Vec<StoredReport<B>>> {
        let rows: Vec<Row<B>> = sqlx::query_as(&format!(
            "SELECT {COLUMNS} FROM reports
             WHERE kind = $1 AND ($2::text IS NULL OR status = $2) AND ($3::text IS NULL OR filed_by_id = $3)
               AND id < $5
             ORDER BY id DESC LIMIT $4"
        ))
        .bind(self.kind())
        .bind(status)
        .bind(filed_by_id)
        .bind(limit)
        // A plain bound (no `IS NULL OR`), so a generic plan still scans the index from it.
        .bind(before.unwrap_or(i64::MAX))
        .fetch_all(db)
        .await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// One report with its history, locked for the caller's transaction when `for_update`.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind(), id = id))]
    pub async fn find(
        &self,
        conn: &mut AgencyConnection,
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
        found.review.history = sqlx::query_as(
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
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind(), id = id))]
    pub async fn replace_form(
        &self,
        conn: &mut AgencyConnection,
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

    /// Applies a review to `report` (found by [`Self::find`] with `for_update`) through the
    /// kind's flow, as `viewer`: the reviewer is the viewer (also the signer when the change
    /// signs, whatever a body says), who may not review a report they filed or are listed on
    /// (403); a decision always carries its signer and time, a signed outcome changes only
    /// through a new signed decision (409 otherwise), and every status change or new signature
    /// is recorded in the history.
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind()))]
    pub async fn review(
        &self,
        conn: &mut AgencyConnection,
        report: &StoredReport<B>,
        review: &ReviewRequest<'_>,
        viewer: &Viewer,
    ) -> AppResult<()> {
        if review.by_reviewer && report.involves(viewer) {
            return Err(forbidden(OWN_REPORT));
        }
        self.apply_review(conn, report, review, &viewer.actor()).await
    }

    /// [`Self::review`] as `actor`, without the viewer's own-report check: for the demo
    /// seeder, which acts for named members; handlers call [`Self::review`].
    #[tracing::instrument(level = "debug", skip_all, fields(kind = self.kind(), id = report.id))]
    pub async fn apply_review(
        &self,
        conn: &mut AgencyConnection,
        report: &StoredReport<B>,
        review: &ReviewRequest<'_>,
        actor: &Actor,
    ) -> AppResult<()> {
        let flow = self.flow;
        let notes = review.notes.map(str::trim);
        if let Some(notes) = notes {
            max_len("Review notes", notes, limits::LONG_TEXT).map_err(bad_request)?;
        }
        let notes_change = review.by_reviewer
            && notes.is_some_and(|n| {
                Some(n) != report.review.supervisor_notes.as_deref().map(str::trim)
            });
        let change = flow.decide(&report.review.status, review.request, notes, notes_change)?;
        let Some(change) = change else {
            // Nothing changes but, before a decision, the reviewer's name and notes.
            if review.by_reviewer && notes_change {
                sqlx::query(
                    "UPDATE reports SET supervisor = $2, supervisor_notes = $3, updated_at = now()
                     WHERE id = $1",
                )
                .bind(report.id)
                .bind(&actor.display)
                .bind(notes)
                .execute(&mut *conn)
                .await?;
            }
            return Ok(());
        };
        let signer = change.signs.then_some((actor.display.as_str(), actor.user_id.as_deref()));
        let reviewing = review.by_reviewer && !matches!(review.request, Request::Open);
        let unsigned = flow.unsigned.contains(&change.to);
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
        .bind(report.id)
        .bind(change.to)
        .bind(reviewing)
        .bind(&actor.display)
        .bind(notes)
        .bind(signer.map(|s| s.0))
        .bind(signer.and_then(|s| s.1))
        .bind(unsigned)
        .execute(&mut *conn)
        .await?;
        record(conn, flow, report.id, &change, &actor.display, actor.user_id.as_deref(), notes)
            .await?;
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

    #[test]
    fn a_typed_number_is_one_to_nine_digits() {
        let msg = "Case number must be a whole number from 1 to 999999999.";
        assert_eq!(report_number("Case number", " "), Ok(None));
        assert_eq!(report_number("Case number", " 0042 "), Ok(Some("42".into())));
        assert_eq!(report_number("Case number", "999999999"), Ok(Some("999999999".into())));
        for bad in ["0", "000", "1000000000", "9223372036854775807", "-1", "+1", "1e3", "4 2", "٤"]
        {
            assert_eq!(report_number("Case number", bad), Err(msg.into()), "{bad}");
        }
    }

    #[test]
    fn a_report_date_is_real_and_in_range() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
        let date = |raw: &str| report_date("Arrest date", raw, today);
        assert_eq!(date(""), Ok(None));
        for good in
            ["2026-11-24", "2026-11-25T01:00", "2000-01-01T00:00:00", "2026-11-20T21:30:00+02:00"]
        {
            assert_eq!(date(good), Ok(Some(good.into())));
        }
        let range = Err("Arrest date must be between 2000-01-01 and today.".to_owned());
        assert_eq!(date("2026-11-26"), range);
        assert_eq!(date("1999-12-31T23:59"), range);
        let shape =
            Err("Arrest date must be a date such as 2026-11-20 or 2026-11-20T21:30.".to_owned());
        for bad in ["2026-02-29", "2026-11-20 21:30", "11/20/2026", "now"] {
            assert_eq!(date(bad), shape, "{bad}");
        }
    }
}
