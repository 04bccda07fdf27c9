//! Analytics SQL: every figure is an aggregate computed by Postgres over the period's rows,
//! found through an index range (`tenant-migrations/0018_analytics.sql`), never a list of rows
//! brought to the server. The statements are fixed text: the period and the department are bound
//! parameters (`$1` the first day, `$2` the last, both included; `$3` the department or NULL),
//! and the series' empty weeks and months are filled in by the model. Each statement starts
//! with `/* analytics */`, which is how `scripts/bench` finds them in Postgres' log to run the
//! same SQL through pgbench. Days and hours are UTC.

use sqlx::{postgres::PgArguments, query::QueryAs, FromRow, Postgres};

use crate::{
    features::analytics::model::{
        decided_statuses, open_statuses, returned_status, AgencyFigures, CompletionTime,
        DepartmentStrength, DutyTotals, ForceTypeCount, HourOfDay, InactiveMembers, MonthChanges,
        OutcomeCount, Period, QualificationCount, RankStrength, ReportWeek, ReturnedRate,
        ReviewerTurnaround, TrainingWeek, WeekDepartmentHours, OVERVIEW_DAYS, REVIEWED,
    },
    shared::review::{self, ARREST, TICKET, USE_OF_FORCE},
    tenancy::pools::AgencyConnection,
};

/// `sql` with the period bound as the module's statements expect it: `$1` its first day, `$2`
/// its last, `$3` the department or NULL; any further parameters are bound after.
fn in_period<'q, O>(sql: &'q str, period: &'q Period) -> QueryAs<'q, Postgres, O, PgArguments>
where
    O: for<'r> FromRow<'r, sqlx::postgres::PgRow>,
{
    sqlx::query_as(sql).bind(period.from).bind(period.to).bind(period.department.as_deref())
}

/// The period's first instant and the instant after its last day (UTC).
const START: &str = "(($1::date)::timestamp AT TIME ZONE 'UTC')";
const END: &str = "(($2::date + 1)::timestamp AT TIME ZONE 'UTC')";

/// A report (`r`) filed by a member of the department `$3`, as the roster says now (the
/// filer's Discord id), or any report when `$3` is NULL.
const REPORT_IN_DEPARTMENT: &str = "($3::text IS NULL OR EXISTS (
        SELECT 1 FROM roster m WHERE lower(btrim(m.discord_id)) = lower(btrim(r.filed_by_id))
           AND m.department_id = $3))";

/// A roster entry (by `{column}`, which must not be of an alias `m`) of the department `$3`, or
/// anyone when `$3` is NULL.
fn member_in_department(column: &str) -> String {
    format!(
        "($3::text IS NULL OR EXISTS (SELECT 1 FROM roster m WHERE m.id = {column} AND m.department_id = $3))"
    )
}

/// A training session (`s`) with a trainee of the department `$3`.
const SESSION_IN_DEPARTMENT: &str = "($3::text IS NULL OR EXISTS (
        SELECT 1 FROM jsonb_array_elements(s.trainees) t JOIN roster m ON m.id::text = t->>'id'
         WHERE m.department_id = $3))";

/// Hours of an interval, two decimals.
fn hours(seconds: &str) -> String {
    format!("round(({seconds} / 3600)::numeric, 2)::float8")
}

/// The name of a department, if there is one with this id.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn department_name(
    conn: &mut AgencyConnection,
    id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT name FROM departments WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await
}

// ---------------------------------------------------------------------------------------
// Strength

/// Members at each rank now, every rank of the structure listed (of the department, when
/// one is asked for), then members without a rank.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn members_by_rank(
    conn: &mut AgencyConnection,
    department: Option<&str>,
) -> sqlx::Result<Vec<RankStrength>> {
    sqlx::query_as(
        "/* analytics */ WITH members AS (
             SELECT rank_id, count(*) AS members, count(*) FILTER (WHERE status = 'Active') AS active
               FROM roster WHERE ($1::text IS NULL OR department_id = $1) GROUP BY rank_id)
         SELECT k.id AS rank_id, k.name AS rank, k.level, d.id AS department_id, d.name AS department,
                COALESCE(m.members, 0) AS members, COALESCE(m.active, 0) AS active,
                d.position AS department_position, k.position AS rank_position
           FROM ranks k JOIN departments d ON d.id = k.department_id
           LEFT JOIN members m ON m.rank_id = k.id
          WHERE ($1::text IS NULL OR k.department_id = $1)
         UNION ALL
         SELECT NULL, NULL, NULL, NULL, NULL, m.members, m.active, 2147483647, 0
           FROM members m WHERE m.rank_id IS NULL
          ORDER BY department_position, department, rank_position, rank",
    )
    .bind(department)
    .fetch_all(conn)
    .await
}

/// Members of each department now, then members without one.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn members_by_department(
    conn: &mut AgencyConnection,
    department: Option<&str>,
) -> sqlx::Result<Vec<DepartmentStrength>> {
    sqlx::query_as(
        "/* analytics */ WITH members AS (
             SELECT department_id, count(*) AS members, count(*) FILTER (WHERE status = 'Active') AS active
               FROM roster WHERE ($1::text IS NULL OR department_id = $1) GROUP BY department_id)
         SELECT d.id AS department_id, d.name AS department,
                COALESCE(m.members, 0) AS members, COALESCE(m.active, 0) AS active, d.position
           FROM departments d LEFT JOIN members m ON m.department_id = d.id
          WHERE ($1::text IS NULL OR d.id = $1)
         UNION ALL
         SELECT NULL, NULL, m.members, m.active, 2147483647 FROM members m WHERE m.department_id IS NULL
          ORDER BY position, department",
    )
    .bind(department)
    .fetch_all(conn)
    .await
}

/// Hires (by hire date), departures (status changes to Inactive) and promotions and demotions
/// (rank changes up or down `levels`, the agency's levels lowest first, by the levels the
/// ranks have now, as the personnel file reads them) of each month with any, from the roster
/// and its change log. A member's department is the one they are in now.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn changes_by_month(
    conn: &mut AgencyConnection,
    period: &Period,
    levels: &[String],
) -> sqlx::Result<Vec<MonthChanges>> {
    let in_department = member_in_department("l.roster_id");
    let sql = format!(
        "/* analytics */ WITH hires AS (
             SELECT date_trunc('month', r.hire_date::timestamp)::date AS month, count(*) AS hires
               FROM roster r
              WHERE r.hire_date BETWEEN $1::date AND $2::date
                AND ($3::text IS NULL OR r.department_id = $3)
              GROUP BY 1),
         logged AS (
             SELECT date_trunc('month', l.ts AT TIME ZONE 'UTC')::date AS month,
                    count(*) FILTER (WHERE l.field = 'status' AND l.after_value = 'Inactive') AS departures,
                    count(*) FILTER (WHERE array_position($4::text[], a.level) > array_position($4::text[], b.level)) AS promotions,
                    count(*) FILTER (WHERE array_position($4::text[], a.level) < array_position($4::text[], b.level)) AS demotions
               FROM rank_logs l
               LEFT JOIN ranks b ON l.field = 'rankId' AND b.id = l.before_value
               LEFT JOIN ranks a ON l.field = 'rankId' AND a.id = l.after_value
              WHERE l.ts >= {START} AND l.ts < {END} AND l.field IN ('status', 'rankId')
                AND {in_department}
              GROUP BY 1)
         SELECT COALESCE(h.month, g.month) AS month, COALESCE(h.hires, 0) AS hires,
                COALESCE(g.departures, 0) AS departures, COALESCE(g.promotions, 0) AS promotions,
                COALESCE(g.demotions, 0) AS demotions
           FROM hires h FULL JOIN logged g ON g.month = h.month
          ORDER BY 1"
    );
    in_period(&sql, period).bind(levels).fetch_all(conn).await
}

// ---------------------------------------------------------------------------------------
// Reports

/// Arrests, tickets and use-of-force reports of each ISO week with any, by incident day.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn reports_by_week(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<ReportWeek>> {
    let (arrest, ticket, uof) = (ARREST.kind, TICKET.kind, USE_OF_FORCE.kind);
    let sql = format!(
        "/* analytics */ SELECT date_trunc('week', r.incident_day::timestamp)::date AS week,
                count(*) FILTER (WHERE r.kind = '{arrest}') AS arrests,
                count(*) FILTER (WHERE r.kind = '{ticket}') AS tickets,
                count(*) FILTER (WHERE r.kind = '{uof}') AS use_of_force
           FROM reports r
          WHERE r.kind IN ('{arrest}', '{ticket}', '{uof}')
            AND r.incident_day BETWEEN $1::date AND $2::date AND {REPORT_IN_DEPARTMENT}
          GROUP BY 1 ORDER BY 1"
    );
    in_period(&sql, period).fetch_all(conn).await
}

/// Use-of-force reports of the period by the types of force they name, most named first.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn force_types(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<ForceTypeCount>> {
    let uof = USE_OF_FORCE.kind;
    let sql = format!(
        "/* analytics */ SELECT t.force_type, count(*) AS reports
           FROM reports r
          CROSS JOIN LATERAL jsonb_array_elements_text(
                CASE WHEN jsonb_typeof(r.body->'forceTypes') = 'array' THEN r.body->'forceTypes' ELSE '[]' END) AS t(force_type)
          WHERE r.kind = '{uof}' AND r.incident_day BETWEEN $1::date AND $2::date
            AND {REPORT_IN_DEPARTMENT}
          GROUP BY 1 ORDER BY 2 DESC, 1"
    );
    in_period(&sql, period).fetch_all(conn).await
}

/// Use-of-force reports of the period by review status.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn outcomes(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<OutcomeCount>> {
    let uof = USE_OF_FORCE.kind;
    let sql = format!(
        "/* analytics */ SELECT r.status, count(*) AS reports
           FROM reports r
          WHERE r.kind = '{uof}' AND r.incident_day BETWEEN $1::date AND $2::date
            AND {REPORT_IN_DEPARTMENT}
          GROUP BY 1"
    );
    in_period(&sql, period).fetch_all(conn).await
}

/// The review decisions made in the period (`h`, with its report `r`): a change of a
/// use-of-force or arrest report from a status awaiting a decision ($4) to a decided one ($5).
/// A decision that changes a decision (a signed outcome changed by a new signature) is not
/// one: it awaited nothing.
fn decisions(select: &str) -> String {
    format!(
        "{select}
           FROM review_history h
           JOIN reports r ON r.id = h.report_id AND r.kind = h.report_kind
          WHERE h.at >= {START} AND h.at < {END}
            AND h.from_status = ANY($4::text[]) AND h.to_status = ANY($5::text[])
            AND {REPORT_IN_DEPARTMENT}"
    )
}

/// The statuses `pick` names of every reviewed kind, each once.
fn statuses(pick: impl Fn(&'static review::Flow) -> Vec<&'static str>) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for flow in REVIEWED {
        for status in pick(flow) {
            if !out.iter().any(|s| s == status) {
                out.push(status.to_owned());
            }
        }
    }
    out
}

/// Each reviewer's decisions of the period and the hours from the report's filing, or its
/// refiling after a return (the latest history row back to a first status, `$6`, before the
/// decision), to each decision: median and 90th percentile, most decisions first. The
/// decisions are taken once (materialised) and their refilings found in one join.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn turnaround(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<ReviewerTurnaround>> {
    let decided = decisions(
        "SELECT h.id, h.report_kind, h.report_id, h.actor, h.at, r.created_at AS filed_at",
    );
    let (median, p90) = (
        hours("percentile_cont(0.5) WITHIN GROUP (ORDER BY w.seconds)"),
        hours("percentile_cont(0.9) WITHIN GROUP (ORDER BY w.seconds)"),
    );
    let sql = format!(
        "/* analytics */ WITH decided AS MATERIALIZED ({decided}),
         refiled AS (
             SELECT d.id, max(p.at) AS at
               FROM decided d JOIN review_history p
                 ON p.report_kind = d.report_kind AND p.report_id = d.report_id AND p.id < d.id
                AND p.to_status = ANY($6::text[])
              GROUP BY d.id),
         waited AS (
             SELECT d.actor AS reviewer, EXTRACT(EPOCH FROM d.at - COALESCE(f.at, d.filed_at)) AS seconds
               FROM decided d LEFT JOIN refiled f ON f.id = d.id)
         SELECT w.reviewer, count(*) AS decisions, {median} AS median_hours, {p90} AS p90_hours
           FROM waited w
          GROUP BY w.reviewer ORDER BY decisions DESC, w.reviewer"
    );
    in_period(&sql, period)
        .bind(statuses(open_statuses))
        .bind(statuses(decided_statuses))
        .bind(statuses(|f| vec![f.initial]))
        .fetch_all(conn)
        .await
}

/// Arrest decisions of the period, and those that returned the report for correction.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn returned(conn: &mut AgencyConnection, period: &Period) -> sqlx::Result<ReturnedRate> {
    let arrest = ARREST.kind;
    let returned = returned_status();
    let sql = decisions(&format!(
        "/* analytics */ SELECT count(*) AS decisions, count(*) FILTER (WHERE h.to_status = '{returned}') AS returned"
    ));
    let sql = format!("{sql} AND h.report_kind = '{arrest}'");
    in_period(&sql, period)
        .bind(open_statuses(&ARREST))
        .bind(decided_statuses(&ARREST))
        .fetch_one(conn)
        .await
}

// ---------------------------------------------------------------------------------------
// Training

/// Sessions scheduled (by their scheduled time, else when they were made) and completed, and
/// qualifications granted, in each ISO week with any.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn training_by_week(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<TrainingWeek>> {
    let holder = member_in_department("q.roster_id");
    let sql = format!(
        "/* analytics */ WITH scheduled AS (
             SELECT date_trunc('week', COALESCE(s.scheduled_at, s.created_at) AT TIME ZONE 'UTC')::date AS week,
                    count(*) AS n
               FROM training_sessions s
              WHERE COALESCE(s.scheduled_at, s.created_at) >= {START}
                AND COALESCE(s.scheduled_at, s.created_at) < {END} AND {SESSION_IN_DEPARTMENT}
              GROUP BY 1),
         completed AS (
             SELECT date_trunc('week', s.completed_at AT TIME ZONE 'UTC')::date AS week, count(*) AS n
               FROM training_sessions s
              WHERE s.completed_at >= {START} AND s.completed_at < {END} AND {SESSION_IN_DEPARTMENT}
              GROUP BY 1),
         granted AS (
             SELECT date_trunc('week', q.granted_on::timestamp)::date AS week, count(*) AS n
               FROM member_qualifications q
              WHERE q.granted_on BETWEEN $1::date AND $2::date AND {holder}
              GROUP BY 1)
         SELECT COALESCE(sc.week, co.week, g.week) AS week, COALESCE(sc.n, 0) AS scheduled,
                COALESCE(co.n, 0) AS completed, COALESCE(g.n, 0) AS qualifications_granted
           FROM scheduled sc
           FULL JOIN completed co ON co.week = sc.week
           FULL JOIN granted g ON g.week = COALESCE(sc.week, co.week)
          ORDER BY 1"
    );
    in_period(&sql, period).fetch_all(conn).await
}

/// Sessions completed in the period and the median hours from their scheduled time (else
/// when they were made) to completion, none below 0.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn completion(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<CompletionTime> {
    let median = hours(
        "percentile_cont(0.5) WITHIN GROUP (ORDER BY GREATEST(EXTRACT(EPOCH FROM s.completed_at - COALESCE(s.scheduled_at, s.created_at)), 0))",
    );
    let sql = format!(
        "/* analytics */ SELECT count(*) AS sessions, {median} AS median_hours
           FROM training_sessions s
          WHERE s.completed_at >= {START} AND s.completed_at < {END} AND {SESSION_IN_DEPARTMENT}"
    );
    in_period(&sql, period).fetch_one(conn).await
}

/// Holdings not revoked that expire from the period's last day ($1) to 30 days after it
/// ($2), by qualification.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn expiring(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<QualificationCount>> {
    let holder = member_in_department("h.roster_id");
    sqlx::query_as(&format!(
        "/* analytics */ SELECT q.id AS qualification_id, q.name, count(*) AS members
           FROM member_qualifications h JOIN qualifications q ON q.id = h.qualification_id
          WHERE h.revoked_at IS NULL AND h.expires_on IS NOT NULL
            AND h.expires_on BETWEEN $1::date AND $2::date AND {holder}
          GROUP BY q.id, q.name ORDER BY members DESC, q.name"
    ))
    .bind(period.to)
    .bind(period.expiring_until())
    .bind(period.department.as_deref())
    .fetch_all(conn)
    .await
}

// ---------------------------------------------------------------------------------------
// Duty

/// The shifts that share time with the period, clipped to it (`a` to `z`; an open shift ends
/// now). A shift lasts at most 48 hours, so they are found through `duty_shifts_started`.
fn clipped() -> String {
    let in_department = member_in_department("s.roster_id");
    format!(
        "clipped AS (
             SELECT s.roster_id, GREATEST(s.started_at, {START}) AS a,
                    LEAST(COALESCE(s.ended_at, now()), {END}) AS z
               FROM duty_shifts s
              WHERE s.started_at >= {START} - interval '48 hours' AND s.started_at < {END}
                AND COALESCE(s.ended_at, now()) > {START} AND {in_department})"
    )
}

/// Hours, shifts and members on duty in the period.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn duty_totals(conn: &mut AgencyConnection, period: &Period) -> sqlx::Result<DutyTotals> {
    let total = hours("COALESCE(sum(EXTRACT(EPOCH FROM c.z - c.a)), 0)");
    let sql = format!(
        "/* analytics */ WITH {}
         SELECT {total} AS hours, count(*) AS shifts, count(DISTINCT c.roster_id) AS members
           FROM clipped c WHERE c.z > c.a",
        clipped()
    );
    in_period(&sql, period).fetch_one(conn).await
}

/// Hours on duty by ISO week (of the shift's start within the period) and by the member's
/// department now.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn duty_by_week(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<WeekDepartmentHours>> {
    let total = hours("sum(EXTRACT(EPOCH FROM c.z - c.a))");
    let sql = format!(
        "/* analytics */ WITH {}
         SELECT date_trunc('week', c.a AT TIME ZONE 'UTC')::date AS week, r.department_id,
                d.name AS department, {total} AS hours
           FROM clipped c JOIN roster r ON r.id = c.roster_id
           LEFT JOIN departments d ON d.id = r.department_id
          WHERE c.z > c.a
          GROUP BY 1, 2, 3 ORDER BY 1, 3",
        clipped()
    );
    in_period(&sql, period).fetch_all(conn).await
}

/// Member-hours on duty in each hour of the day (UTC) over the period: each shift counts the
/// part of every clock hour it overlaps.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn duty_by_hour(
    conn: &mut AgencyConnection,
    period: &Period,
) -> sqlx::Result<Vec<HourOfDay>> {
    let total = hours(
        "sum(EXTRACT(EPOCH FROM LEAST(c.z, slot + interval '1 hour') - GREATEST(c.a, slot)))",
    );
    let sql = format!(
        "/* analytics */ WITH {},
         utc AS (SELECT a AT TIME ZONE 'UTC' AS a, z AT TIME ZONE 'UTC' AS z FROM clipped WHERE z > a)
         SELECT extract(HOUR FROM slot)::int AS hour, {total} AS member_hours
           FROM utc c
          CROSS JOIN LATERAL generate_series(date_trunc('hour', c.a), c.z, interval '1 hour') AS slot
          WHERE slot < c.z
          GROUP BY 1 ORDER BY 1",
        clipped()
    );
    in_period(&sql, period).fetch_all(conn).await
}

/// Active members (of the department `$1`) without duty for the agency's "inactive after"
/// days, now: the roster's rule (`features/duty`): their last shift's end (now while on
/// duty), else their hire date, is older than that. `members` is NULL when the agency sets no
/// such limit.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn inactive(
    conn: &mut AgencyConnection,
    department: Option<&str>,
) -> sqlx::Result<InactiveMembers> {
    sqlx::query_as(
        "/* analytics */ SELECT a.inactive_after_days AS after_days,
                CASE WHEN a.inactive_after_days IS NOT NULL THEN (
                    SELECT count(*) FROM roster r
                      LEFT JOIN LATERAL (SELECT COALESCE(s.ended_at, now()) AS last FROM duty_shifts s
                                          WHERE s.roster_id = r.id ORDER BY s.started_at DESC LIMIT 1) l ON TRUE
                     WHERE r.status = 'Active' AND ($1::text IS NULL OR r.department_id = $1)
                       AND COALESCE(l.last, r.hire_date::timestamptz) < now() - make_interval(days => a.inactive_after_days))
                END AS members
           FROM agency_settings a",
    )
    .bind(department)
    .fetch_one(conn)
    .await
}

// ---------------------------------------------------------------------------------------
// Every agency

/// One agency's line of the overview, read on its own connection within `timeout_ms` (Postgres
/// cancels the statement past it, so the connection goes back clean): members, members active
/// in the last 30 days (on duty, or the filer of a report of an incident in them), those
/// reports, and the reports awaiting a decision.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn agency_figures(
    db: &crate::tenancy::pools::TenantDb,
    timeout_ms: u64,
) -> sqlx::Result<AgencyFigures> {
    let (arrest, ticket, uof) = (ARREST.kind, TICKET.kind, USE_OF_FORCE.kind);
    let reviewed: Vec<&str> = REVIEWED.iter().map(|f| f.kind).collect();
    let waiting = statuses(open_statuses);
    let mut tx = db.begin().await?;
    // Read once per agency now and then: neither statement is kept on the connection, where a
    // copy per agency (AgencyConnection) would push out the statements of busier paths.
    sqlx::query(&format!("SET LOCAL statement_timeout = {timeout_ms}"))
        .persistent(false)
        .execute(&mut *tx)
        .await?;
    let figures = sqlx::query_as(&format!(
        "/* analytics */ WITH since AS (
             SELECT (now() AT TIME ZONE 'UTC')::date - ($3::int - 1) AS day,
                    now() - make_interval(days => $3::int) AS at),
         recent AS (
             SELECT r.filed_by_id FROM reports r, since
              WHERE r.kind IN ('{arrest}', '{ticket}', '{uof}') AND r.incident_day >= since.day),
         active AS (
             SELECT s.roster_id AS id FROM duty_shifts s, since
              WHERE s.started_at >= since.at - interval '48 hours' AND COALESCE(s.ended_at, now()) > since.at
             UNION
             SELECT m.id FROM roster m
              WHERE m.discord_id IS NOT NULL
                AND lower(btrim(m.discord_id)) IN (SELECT lower(btrim(filed_by_id)) FROM recent))
         SELECT (SELECT count(*) FROM roster) AS members,
                (SELECT count(*) FROM active) AS active_30_days,
                (SELECT count(*) FROM recent) AS reports_30_days,
                (SELECT count(*) FROM reports WHERE kind = ANY($1::text[]) AND status = ANY($2::text[])) AS pending_reviews"
    ))
    .persistent(false)
    .bind(&reviewed)
    .bind(&waiting)
    .bind(OVERVIEW_DAYS)
    .fetch_one(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(figures)
}
