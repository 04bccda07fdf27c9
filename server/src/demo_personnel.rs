//! Demo personnel records (issue 23): a qualification catalogue (one granted by the *Traffic
//! enforcement* training), holdings across the roster at different ages, so some are about to
//! expire and one has expired; leave (a request waiting for a decision, one running, one over,
//! one denied); a few entries in the personnel files; and in BCSO, command scoped to its own
//! department, with a Headquarters role that grants agency-wide command. Seeded once per
//! agency, while it has no qualifications; before the catalogues, so the Buffalo can require
//! *Pursuit driver*.

use crate::{
    shared::leave,
    tenancy::{
        pools::{AgencyConnection, TenantDb},
        Agency,
    },
};

/// The demo qualifications: name, description, validity in days, training template title.
const QUALIFICATIONS: [(&str, &str, Option<i32>, Option<&str>); 4] = [
    (
        PURSUIT_DRIVER,
        "Cleared to drive pursuit-rated vehicles and to take part in a pursuit.",
        Some(365),
        None,
    ),
    ("Marksman", "Qualified on the patrol rifle at the range.", Some(180), None),
    ("Field training officer", "May train new members on patrol.", None, None),
    (
        "Traffic enforcement",
        "Radar, lidar and citations; granted by completing the training.",
        Some(730),
        Some("Traffic enforcement"),
    ),
];

/// The qualification the demo's pursuit vehicle requires.
pub const PURSUIT_DRIVER: &str = "Pursuit driver";

/// The demo sign-in members by name: (qualification, granted days ago).
const HOLDINGS: [(&str, &[(&str, i32)]); 4] = [
    ("Alex Mercer", &[(PURSUIT_DRIVER, 40), ("Field training officer", 400)]),
    ("Jordan Reyes", &[(PURSUIT_DRIVER, 300), ("Field training officer", 200)]),
    // Sam's Marksman runs out in ten days: inside the warning, so it shows as expiring.
    ("Sam Whitaker", &[(PURSUIT_DRIVER, 120), ("Marksman", 170)]),
    // Casey's Marksman ran out twenty days ago: shown as expired, never removed.
    ("Casey Nguyen", &[("Traffic enforcement", 20), ("Marksman", 200)]),
];

/// Seeds the demo personnel records of `agency` once (see the module's text).
pub async fn seed(db: &TenantDb, agency: &Agency) -> anyhow::Result<()> {
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM qualifications)").fetch_one(db).await?;
    if seeded {
        return Ok(());
    }
    let mut tx = db.begin().await?;
    for (name, description, validity, template) in QUALIFICATIONS {
        sqlx::query(
            "INSERT INTO qualifications (name, description, validity_days, template_id)
             VALUES ($1, $2, $3, (SELECT id FROM training_templates WHERE title = $4 LIMIT 1))",
        )
        .bind(name)
        .bind(description)
        .bind(validity)
        .bind(template)
        .execute(&mut *tx)
        .await?;
    }
    for (member, held) in HOLDINGS {
        for (qualification, days_ago) in held {
            hold(&mut tx, Pick::Named(member), qualification, *days_ago).await?;
        }
    }
    // The rest of the roster: every fourth a pursuit driver, every seventh a marksman, at
    // ages spread over the validity so the roster's filter and the expiry warning show.
    hold(&mut tx, Pick::Every(4), PURSUIT_DRIVER, 0).await?;
    hold(&mut tx, Pick::Every(7), "Marksman", 0).await?;
    hold(&mut tx, Pick::Every(9), "Field training officer", 0).await?;
    leave_requests(&mut tx).await?;
    file_entries(&mut tx).await?;
    if agency.slug == "bcso" {
        scoped_command(&mut tx).await?;
    }
    tx.commit().await?;
    // The running leave starts now (the calendar job would within 15 minutes).
    let today = leave::today(db).await?;
    leave::apply(db, today).await?;
    Ok(())
}

/// Whom a demo holding goes to.
enum Pick<'a> {
    /// The demo member of this name (granted `days_ago`).
    Named(&'a str),
    /// Every n-th other roster member, each granted a different number of days ago.
    Every(i64),
}

async fn hold(
    tx: &mut AgencyConnection,
    pick: Pick<'_>,
    qualification: &str,
    days_ago: i32,
) -> sqlx::Result<()> {
    const GRANT: &str = "INSERT INTO member_qualifications
             (roster_id, qualification_id, granted_on, expires_on, granted_by, source, session_id)
         SELECT r.id, q.id, CURRENT_DATE - r.age, CURRENT_DATE - r.age + q.validity_days,
                CASE WHEN q.template_id IS NULL THEN 'Demo data' ELSE 'Jordan Reyes' END,
                CASE WHEN q.template_id IS NULL THEN 'command' ELSE 'training' END, NULL
           FROM qualifications q, picked r
          WHERE q.name = $1
         ON CONFLICT DO NOTHING";
    match pick {
        Pick::Named(name) => {
            sqlx::query(&format!(
                "WITH picked AS (SELECT id, $3::int AS age FROM roster WHERE name = $2) {GRANT}"
            ))
            .bind(qualification)
            .bind(name)
            .bind(days_ago)
            .execute(tx)
            .await?;
        }
        Pick::Every(n) => {
            sqlx::query(&format!(
                "WITH picked AS (
                     SELECT id, ((n * 37) % 400)::int AS age
                       FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM roster
                              WHERE discord_id IS NULL) AS numbered
                      WHERE n % $2 = 0)
                 {GRANT}"
            ))
            .bind(qualification)
            .bind(n)
            .execute(tx)
            .await?;
        }
    }
    Ok(())
}

/// Casey's request waits for a decision; one member is on leave now; Sam's leave is over; one
/// request was denied with a note.
async fn leave_requests(tx: &mut AgencyConnection) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO leave_requests (roster_id, starts_on, ends_on, reason, requested_by, requested_by_id)
         SELECT id, CURRENT_DATE + 5, CURRENT_DATE + 14, 'Family holiday out of state.', name, discord_id
           FROM roster WHERE name = 'Casey Nguyen'",
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO leave_requests
             (roster_id, starts_on, ends_on, reason, status, requested_by, decided_by, decided_at,
              started_at, ended_at, previous_status)
         SELECT id, CURRENT_DATE - 60, CURRENT_DATE - 50, 'Moving house.', 'approved', name,
                'Jordan Reyes', now() - interval '65 days', now() - interval '60 days',
                now() - interval '49 days', 'Active'
           FROM roster WHERE name = 'Sam Whitaker'",
    )
    .execute(&mut *tx)
    .await?;
    // Two members of the wider roster: one away now (approved, started by the calendar), one
    // refused for a week that clashed with the academy.
    let others: Vec<(i64, String)> = sqlx::query_as(
        "SELECT id, name FROM roster WHERE discord_id IS NULL AND status = 'Active' ORDER BY id LIMIT 2",
    )
    .fetch_all(&mut *tx)
    .await?;
    if let Some((id, name)) = others.first() {
        sqlx::query(
            "INSERT INTO leave_requests
                 (roster_id, starts_on, ends_on, reason, status, requested_by, decided_by, decided_at, decision_note)
             VALUES ($1, CURRENT_DATE - 3, CURRENT_DATE + 11, 'Exams at university.', 'approved', $2,
                     'Sam Whitaker', now() - interval '5 days', 'Good luck with the exams.')",
        )
        .bind(id)
        .bind(name)
        .execute(&mut *tx)
        .await?;
    }
    if let Some((id, name)) = others.get(1) {
        sqlx::query(
            "INSERT INTO leave_requests
                 (roster_id, starts_on, ends_on, reason, status, requested_by, decided_by, decided_at, decision_note)
             VALUES ($1, CURRENT_DATE + 20, CURRENT_DATE + 27, 'Travelling.', 'denied', $2,
                     'Sam Whitaker', now() - interval '1 day',
                     'That week is the academy; ask again for the week after.')",
        )
        .bind(id)
        .bind(name)
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// A commendation Casey can read, a counselling only command sees, and a correction of it.
async fn file_entries(tx: &mut AgencyConnection) -> sqlx::Result<()> {
    let entry = |kind: &'static str,
                 visibility: &'static str,
                 days_ago: i32,
                 text: &'static str| {
        sqlx::query_scalar::<_, i64>(
            "INSERT INTO file_entries (roster_id, kind, happened_on, text, visibility, author, corrects_id)
             SELECT id, $2, CURRENT_DATE - $3, $4, $5, 'Jordan Reyes', $6 FROM roster WHERE name = $1
             RETURNING id",
        )
        .bind("Casey Nguyen")
        .bind(kind)
        .bind(days_ago)
        .bind(text)
        .bind(visibility)
    };
    entry(
        "commendation",
        "member",
        12,
        "Calm handling of a pursuit on Route 68 that ended without injury.",
    )
    .bind(None::<i64>)
    .fetch_optional(&mut *tx)
    .await?;
    let counselling = entry(
        "counselling",
        "command",
        30,
        "Late to two briefings in a row; talked through shift planning.",
    )
    .bind(None::<i64>)
    .fetch_optional(&mut *tx)
    .await?;
    if let Some(id) = counselling {
        entry("correction", "command", 30, "The second briefing was excused: it was one, not two.")
            .bind(Some(id))
            .fetch_optional(&mut *tx)
            .await?;
    }
    Ok(())
}

/// BCSO's Command level manages its own department only; a Headquarters role grants the
/// agency-wide command back (nobody holds it: High Command hands it out).
async fn scoped_command(tx: &mut AgencyConnection) -> sqlx::Result<()> {
    sqlx::query("UPDATE agency_settings SET scoped_levels = ARRAY['command']")
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO department_roles (id, department_id, name, position, grants_agency_command)
         SELECT 'headquarters-agency-command', 'headquarters', 'Agency command',
                COALESCE(max(position) + 1, 0), TRUE
           FROM department_roles WHERE department_id = 'headquarters'
         ON CONFLICT DO NOTHING",
    )
    .execute(&mut *tx)
    .await?;
    Ok(())
}
