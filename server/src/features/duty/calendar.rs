//! What the clock does to duty (a job, every five minutes, each agency): open shifts past the
//! agency's limit are closed at the limit and flagged, and members without duty for the
//! agency's "inactive after" days are announced once (`member.inactive`; nobody is demoted).
//! Safe on several instances at once: shifts are taken with `SKIP LOCKED`, and a notice is
//! written once per quiet spell (going on duty clears it).
//!
//! Nearly every agency has nothing due in nearly every round, so one statement sent as text
//! first asks whether anything is (as `shared::personnel_calendar` does, and why): the
//! transaction that takes rows is opened only where something is.

use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::{Executor, Row};

use crate::{
    access::viewer::Actor,
    features::duty::{
        routes::record_auto_close,
        store::{self, forgotten},
    },
    shared::audit::{self, Event},
    tenancy::pools::TenantDb,
};

/// The audit log's kind and action of a member announced inactive.
pub const ACTIVITY_KIND: &str = "member_activity";

/// What one round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    pub closed: usize,
    pub inactive: usize,
}

/// The active members `r` of an agency `a` (its `agency_settings`) that counts inactivity,
/// without duty (`l.last`, their last shift's end, or now while it is open) for its days and
/// not announced yet: `FROM` and `WHERE` of the candidates [`run`] announces.
macro_rules! quiet {
    () => {
        "roster r CROSS JOIN agency_settings a
         LEFT JOIN LATERAL (SELECT COALESCE(s.ended_at, now()) AS last FROM duty_shifts s
                             WHERE s.roster_id = r.id ORDER BY s.started_at DESC LIMIT 1) l ON TRUE
         WHERE a.inactive_after_days IS NOT NULL AND r.status = 'Active'
           AND COALESCE(l.last, r.hire_date::timestamptz) < now() - make_interval(days => a.inactive_after_days)
           AND NOT EXISTS (SELECT 1 FROM inactivity_notices n WHERE n.roster_id = r.id)"
    };
}

/// Whether a round has anything to do in the agency: a forgotten shift, or a member to announce.
async fn anything_due(db: &TenantDb) -> sqlx::Result<bool> {
    let due = db
        .fetch_one(concat!(
            "SELECT EXISTS (SELECT 1 FROM duty_shifts s, agency_settings a WHERE ",
            forgotten!(),
            ") OR EXISTS (SELECT 1 FROM ",
            quiet!(),
            ") AS due"
        ))
        .await?;
    due.try_get("due")
}

/// Closes forgotten shifts and announces newly inactive members of one agency.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn run(db: &TenantDb) -> sqlx::Result<Round> {
    if !anything_due(db).await? {
        return Ok(Round::default());
    }
    let mut tx = db.begin().await?;
    let closed = store::close_forgotten(&mut tx, None).await?;
    for shift in &closed {
        record_auto_close(&mut tx, shift).await?;
    }
    let quiet: Vec<(i64, String, DateTime<Utc>, i32)> = sqlx::query_as(concat!(
        "WITH candidates AS (
             SELECT r.id, r.name, COALESCE(l.last, r.hire_date::timestamptz) AS last_active,
                    a.inactive_after_days FROM ",
        quiet!(),
        " ORDER BY r.id LIMIT 500),
         written AS (
             INSERT INTO inactivity_notices (roster_id, last_active)
             SELECT id, last_active FROM candidates ON CONFLICT DO NOTHING RETURNING roster_id)
         SELECT c.id, c.name, c.last_active, c.inactive_after_days
           FROM candidates c JOIN written w ON w.roster_id = c.id ORDER BY c.id"
    ))
    .fetch_all(&mut *tx)
    .await?;
    let actor = Actor::system("Duty time");
    for (id, name, last_active, days) in &quiet {
        let event = Event {
            action: "inactive".into(),
            ..Event::updated(
                ACTIVITY_KIND,
                id,
                name,
                &json!({}),
                &json!({"lastDuty": last_active.date_naive(), "inactiveAfterDays": days}),
            )
        };
        audit::record(&mut tx, &actor, &event).await?;
    }
    tx.commit().await?;
    Ok(Round { closed: closed.len(), inactive: quiet.len() })
}
