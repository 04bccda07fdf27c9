//! Demo duty time (issue 24): the last ten days of shifts for most active members (2 to 6
//! hours, some from the game server), one forgotten shift closed by the limit, one corrected
//! by a supervisor, a few members on duty now (Sam Whitaker among them), and "inactive after 21
//! days", so the roster shows hours, the quiet members and who is out there. Seeded once per
//! agency, while it has no shifts.

use crate::tenancy::pools::TenantDb;

/// Seeds the demo shifts of one agency once (see the module's text).
pub async fn seed(db: &TenantDb) -> anyhow::Result<()> {
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM duty_shifts)").fetch_one(db).await?;
    if seeded {
        return Ok(());
    }
    let mut tx = db.begin().await?;
    // Four in five active members served: on day d of the last ten, member n works when
    // (n + d) is not a multiple of 3, from a start hour and for a length both taken from n and d.
    sqlx::query(
        "INSERT INTO duty_shifts (roster_id, started_at, ended_at, unit, callsign, source, started_by, ended_by)
         SELECT r.id, s.start, s.start + make_interval(hours => (2 + (r.n * 7 + d) % 5)::int),
                COALESCE(dep.name, ''), COALESCE(r.callsign, ''),
                CASE WHEN (r.n + d) % 4 = 0 THEN 'game' ELSE 'portal' END,
                CASE WHEN (r.n + d) % 4 = 0 THEN 'API token Game server' ELSE r.name END,
                CASE WHEN (r.n + d) % 4 = 0 THEN 'API token Game server' ELSE r.name END
           FROM (SELECT id, name, callsign, department_id, row_number() OVER (ORDER BY id) AS n
                   FROM roster WHERE status = 'Active') AS r
           LEFT JOIN departments dep ON dep.id = r.department_id
          CROSS JOIN generate_series(1, 10) AS d
          CROSS JOIN LATERAL (SELECT date_trunc('day', now()) - make_interval(days => d::int)
                                     + make_interval(hours => (14 + (r.n * 3 + d) % 8)::int) AS start) AS s
          WHERE r.n % 5 <> 0 AND (r.n + d) % 3 <> 0",
    )
    .execute(&mut *tx)
    .await?;
    // One forgotten shift, closed by the limit; one corrected by a supervisor.
    sqlx::query(
        "UPDATE duty_shifts SET ended_at = started_at + interval '12 hours', ended_by = 'Duty limit',
                auto_closed = TRUE
          WHERE id = (SELECT min(id) FROM duty_shifts)",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "WITH s AS (SELECT id, started_at, ended_at FROM duty_shifts ORDER BY id LIMIT 1 OFFSET 1)
         INSERT INTO duty_corrections (shift_id, started_before, ended_before, started_after, ended_after, reason, corrected_by)
         SELECT id, started_at, ended_at + interval '5 hours', started_at, ended_at,
                'Stayed clocked in after the shift; ended when the last call was closed.', 'Sam Whitaker'
           FROM s",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE duty_shifts SET corrected = TRUE, ended_by = 'Sam Whitaker'
          WHERE id = (SELECT shift_id FROM duty_corrections ORDER BY id LIMIT 1)",
    )
    .execute(&mut *tx)
    .await?;
    // On duty now: Sam and every seventh member who served today.
    sqlx::query(
        "INSERT INTO duty_shifts (roster_id, started_at, unit, callsign, source, started_by)
         SELECT r.id, now() - make_interval(mins => 20 + (r.id % 150)::int), COALESCE(d.name, ''),
                COALESCE(r.callsign, ''), 'portal', r.name
           FROM roster r LEFT JOIN departments d ON d.id = r.department_id
          WHERE r.status = 'Active' AND (r.name = 'Sam Whitaker' OR (r.discord_id IS NULL AND r.id % 7 = 0))",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query("UPDATE agency_settings SET inactive_after_days = 21").execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(())
}
