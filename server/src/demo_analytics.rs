//! Demo history for Command → Analytics (issue 25). The other demo modules make the agency as
//! it is today, so its roster log is empty and its reports and training were filed, reviewed
//! and completed in the same second. This adds a few months of roster changes (promotions of
//! members who now sit above their department's lowest rank, two demotions, the departures of
//! the members who are Inactive), files the demo reports an hour after their incident with reviews
//! hours later, and moves the completed training session into last week, so every figure of the
//! dashboard has something to show. Seeded once per agency (its roster log then holds rows by
//! *Demo data*).

use crate::tenancy::{pools::TenantDb, Agency};

/// Who the demo's roster log rows name.
const DEMO_ACTOR: &str = "Demo data";

/// Seeds the demo history of `agency` once (see the module's text).
pub async fn seed(db: &TenantDb, agency: &Agency) -> anyhow::Result<()> {
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM rank_logs WHERE actor_display = $1)")
            .bind(DEMO_ACTOR)
            .fetch_one(db)
            .await?;
    if seeded {
        return Ok(());
    }
    let levels: Vec<String> = agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    let mut tx = db.begin().await?;
    // Eight promotions and two demotions among the members without a Discord id (the demo's
    // crowd, not the members one signs in as), spread over the last four months: the rank
    // they hold now and the nearest rank of their department a level below (or above), logged
    // as a roster edit logs them (the rank's name and its id, one change).
    sqlx::query(
        "WITH levels AS (SELECT level, pos FROM unnest($1::text[]) WITH ORDINALITY AS l (level, pos)),
         ranked AS (SELECT k.id, k.name, k.department_id, l.pos FROM ranks k JOIN levels l ON l.level = k.level),
         members AS (
             SELECT p.id, p.name, p.callsign, k.id AS rank_id, k.name AS rank, k.department_id, k.pos,
                    row_number() OVER (ORDER BY p.id) AS n
               FROM roster p JOIN ranked k ON k.id = p.rank_id
              WHERE p.discord_id IS NULL AND p.status = 'Active'),
         changes AS (
             SELECT m.*, o.id AS other_id, o.name AS other, m.n % 5 = 4 AS demoted, gen_random_uuid() AS change_id,
                    now() - make_interval(days => (m.n * 9 % 120)::int, hours => (m.n * 5 % 24)::int) AS at
               FROM members m
               JOIN LATERAL (SELECT r.id, r.name FROM ranked r
                              WHERE r.department_id = m.department_id
                                AND CASE WHEN m.n % 5 = 4 THEN r.pos > m.pos ELSE r.pos < m.pos END
                              ORDER BY abs(r.pos - m.pos) LIMIT 1) o ON TRUE
              ORDER BY m.n LIMIT 10)
         INSERT INTO rank_logs (change_id, ts, roster_id, roster_name, roster_callsign, roster_rank,
                                actor_display, field, before_value, after_value)
         SELECT c.change_id, c.at, c.id, c.name, c.callsign, c.other, $2, f.field,
                CASE f.field WHEN 'rank' THEN c.other ELSE c.other_id END,
                CASE f.field WHEN 'rank' THEN c.rank ELSE c.rank_id END
           FROM changes c CROSS JOIN (VALUES ('rank'), ('rankId')) AS f (field)",
    )
    .bind(&levels)
    .bind(DEMO_ACTOR)
    .execute(&mut *tx)
    .await?;
    // The members who are Inactive left within the last five months.
    sqlx::query(
        "INSERT INTO rank_logs (change_id, ts, roster_id, roster_name, roster_callsign, roster_rank,
                                actor_display, field, before_value, after_value)
         SELECT gen_random_uuid(), now() - make_interval(days => (p.id * 7 % 150)::int), p.id, p.name,
                p.callsign, k.name, $1, 'status', 'Active', 'Inactive'
           FROM roster p LEFT JOIN ranks k ON k.id = p.rank_id WHERE p.status = 'Inactive'",
    )
    .bind(DEMO_ACTOR)
    .execute(&mut *tx)
    .await?;
    // The demo reports (the first ones filed, all in the same minute) were filed an hour after
    // their incident, and each review step came hours after the one before.
    let reports: Vec<i64> = sqlx::query_scalar(
        "SELECT id FROM reports WHERE incident_day IS NOT NULL
            AND created_at <= (SELECT min(created_at) FROM reports) + interval '1 minute'",
    )
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE reports
            SET created_at = LEAST(CASE WHEN incident_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}$'
                                        THEN incident_date::timestamp AT TIME ZONE 'UTC' + interval '1 hour'
                                        ELSE (incident_day + time '09:00') AT TIME ZONE 'UTC' END,
                                   now())
          WHERE id = ANY($1)",
    )
    .bind(&reports)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "WITH steps AS (
             SELECT h.id, r.created_at,
                    row_number() OVER (PARTITION BY h.report_kind, h.report_id ORDER BY h.id) AS step
               FROM review_history h JOIN reports r ON r.id = h.report_id AND r.kind = h.report_kind
              WHERE r.id = ANY($1))
         UPDATE review_history h
            SET at = LEAST(s.created_at + make_interval(hours => (s.step * (3 + h.report_id % 9))::int), now())
           FROM steps s WHERE s.id = h.id",
    )
    .bind(&reports)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE reports r SET supervisor_signed_at = h.at
           FROM (SELECT report_kind, report_id, max(at) AS at FROM review_history GROUP BY 1, 2) h
          WHERE h.report_kind = r.kind AND h.report_id = r.id AND r.supervisor_signed_at IS NOT NULL
            AND r.id = ANY($1)",
    )
    .bind(&reports)
    .execute(&mut *tx)
    .await?;
    // The demo's completed session (made with the others) was made ten days ago, held six
    // days ago and done three and a half hours after it was due.
    sqlx::query(
        "UPDATE training_sessions
            SET created_at = now() - interval '10 days',
                scheduled_at = date_trunc('day', now()) - interval '6 days' + interval '18 hours',
                completed_at = date_trunc('day', now()) - interval '6 days' + interval '21 hours 30 minutes'
          WHERE status = 'completed'
            AND created_at <= (SELECT min(created_at) FROM training_sessions) + interval '1 minute'",
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}
