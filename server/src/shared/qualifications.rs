//! Qualifications members hold (issue 23), as several features need them: the training
//! feature grants the qualification of a completed session's template, the catalogues admit an
//! item only to members holding what it requires, the roster and the personnel file show them.
//! A grant lasts the qualification's validity (or for ever) and is renewed in place by a new
//! grant; a revoked one keeps its reason; an expired one is shown as expired, never removed.

use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgExecutor;
use utoipa::ToSchema;

use crate::{
    access::viewer::Actor,
    shared::audit::{self, Event},
    tenancy::pools::AgencyConnection,
};

/// One qualification a member holds (or held).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Holding {
    pub id: i64,
    pub roster_id: i64,
    pub qualification_id: i64,
    pub name: String,
    pub badge: Option<String>,
    pub granted_on: NaiveDate,
    pub expires_on: Option<NaiveDate>,
    /// `active`, `expired` (past its expiry date) or `revoked`.
    pub state: String,
    pub granted_by: String,
    /// `training` (a completed session) or `command` (by hand).
    pub source: String,
    pub session_id: Option<i64>,
    pub note: String,
    pub revoked_at: Option<DateTime<Utc>>,
    pub revoked_by: Option<String>,
    pub revoke_reason: Option<String>,
}

const HOLDING: &str =
    "SELECT h.id, h.roster_id, h.qualification_id, q.name, q.badge, h.granted_on, h.expires_on,
        CASE WHEN h.revoked_at IS NOT NULL THEN 'revoked'
             WHEN h.expires_on IS NOT NULL AND h.expires_on < CURRENT_DATE THEN 'expired'
             ELSE 'active' END AS state,
        h.granted_by, h.source, h.session_id, h.note, h.revoked_at, h.revoked_by, h.revoke_reason
   FROM member_qualifications h JOIN qualifications q ON q.id = h.qualification_id";

/// Everything `roster_id` holds or held, current first, then by name.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn of_member(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<Holding>> {
    sqlx::query_as(&format!(
        "{HOLDING} WHERE h.roster_id = $1 ORDER BY (h.revoked_at IS NULL) DESC, q.name, h.id DESC"
    ))
    .bind(roster_id)
    .fetch_all(db)
    .await
}

/// Holding `id` of `roster_id`, locked for a change.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn holding(
    conn: &mut AgencyConnection,
    roster_id: i64,
    id: i64,
) -> sqlx::Result<Option<Holding>> {
    sqlx::query_as(&format!("{HOLDING} WHERE h.id = $1 AND h.roster_id = $2 FOR UPDATE OF h"))
        .bind(id)
        .bind(roster_id)
        .fetch_optional(conn)
        .await
}

/// The ids of the qualifications `roster_id` holds now (granted, not revoked, not expired), as
/// the catalogues name them.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn held_now(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT qualification_id::text FROM member_qualifications
          WHERE roster_id = $1 AND revoked_at IS NULL
            AND (expires_on IS NULL OR expires_on >= CURRENT_DATE)",
    )
    .bind(roster_id)
    .fetch_all(db)
    .await
}

/// A grant of a qualification.
pub struct Grant<'a> {
    pub roster_id: i64,
    pub qualification_id: i64,
    /// `training` or `command`.
    pub source: &'a str,
    pub session_id: Option<i64>,
    pub note: &'a str,
    pub by: &'a Actor,
    /// The member's name, for the audit row's title.
    pub member: &'a str,
}

/// Grants (or renews) a qualification from today for its validity; audited as `qualification`
/// `granted`. Answers the holding.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id = grant.roster_id, qualification = grant.qualification_id))]
pub async fn grant(conn: &mut AgencyConnection, grant: &Grant<'_>) -> sqlx::Result<Holding> {
    let before = sqlx::query_as::<_, Holding>(&format!(
        "{HOLDING} WHERE h.roster_id = $1 AND h.qualification_id = $2 AND h.revoked_at IS NULL FOR UPDATE OF h"
    ))
    .bind(grant.roster_id)
    .bind(grant.qualification_id)
    .fetch_optional(&mut *conn)
    .await?;
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO member_qualifications
             (roster_id, qualification_id, granted_on, expires_on, granted_by, granted_by_id, source, session_id, note)
         SELECT $1, q.id, CURRENT_DATE, CURRENT_DATE + q.validity_days, $3, $4, $5, $6, $7
           FROM qualifications q WHERE q.id = $2
         ON CONFLICT (roster_id, qualification_id) WHERE revoked_at IS NULL DO UPDATE
            SET granted_on = EXCLUDED.granted_on, expires_on = EXCLUDED.expires_on,
                granted_by = EXCLUDED.granted_by, granted_by_id = EXCLUDED.granted_by_id,
                source = EXCLUDED.source, session_id = EXCLUDED.session_id, note = EXCLUDED.note,
                expiry_notified_on = NULL
         RETURNING id",
    )
    .bind(grant.roster_id)
    .bind(grant.qualification_id)
    .bind(&grant.by.display)
    .bind(&grant.by.user_id)
    .bind(grant.source)
    .bind(grant.session_id)
    .bind(grant.note)
    .fetch_one(&mut *conn)
    .await?;
    let after = sqlx::query_as::<_, Holding>(&format!("{HOLDING} WHERE h.id = $1"))
        .bind(id)
        .fetch_one(&mut *conn)
        .await?;
    let title = format!("{}: {}", grant.member, after.name);
    let event = Event {
        action: if before.is_some() { "renewed".into() } else { "granted".into() },
        ..Event::updated(
            QUALIFICATION_KIND,
            grant.roster_id,
            &title,
            &audited(before.as_ref()),
            &audited(Some(&after)),
        )
    };
    audit::record(conn, grant.by, &event).await?;
    Ok(after)
}

/// The audit log's kind of a member's qualification.
pub const QUALIFICATION_KIND: &str = "qualification";

/// What the audit log compares of a holding.
pub fn audited(holding: Option<&Holding>) -> serde_json::Value {
    match holding {
        None => serde_json::json!({}),
        Some(h) => serde_json::json!({
            "qualification": h.name, "grantedOn": h.granted_on, "expiresOn": h.expires_on,
            "source": h.source, "note": h.note, "revokeReason": h.revoke_reason,
        }),
    }
}

/// The qualifications a completed session of `template_id` grants.
#[tracing::instrument(level = "debug", skip_all, fields(template_id))]
pub async fn granted_by_template(
    db: impl PgExecutor<'_>,
    template_id: i64,
) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT id FROM qualifications WHERE template_id = $1 ORDER BY id")
        .bind(template_id)
        .fetch_all(db)
        .await
}

/// A roster entry's name, if it exists.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn member_name(db: impl PgExecutor<'_>, roster_id: i64) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT name FROM roster WHERE id = $1")
        .bind(roster_id)
        .fetch_optional(db)
        .await
}

#[derive(sqlx::FromRow)]
struct Soon {
    id: i64,
    roster_id: i64,
    member: String,
    qualification: String,
    expires_on: NaiveDate,
}

/// The holdings `h` (of `member_qualifications`) that expire within the agency's warning days
/// and were not announced yet, as [`announce_expiring`] takes them and the calendar
/// (`shared::personnel_calendar`) looks for them.
macro_rules! expiring {
    () => {
        "h.revoked_at IS NULL AND h.expiry_notified_on IS NULL AND h.expires_on IS NOT NULL
           AND h.expires_on BETWEEN CURRENT_DATE
               AND CURRENT_DATE + (SELECT qualification_warning_days FROM agency_settings)"
    };
}
pub(crate) use expiring;

/// Says once of each held qualification that it expires within the agency's warning days
/// (`qualification_warning_days`, 14 unless changed): an audit row `qualification` `expiring`,
/// which alerts read. Several instances may run it: each holding is taken once.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn announce_expiring(db: &crate::tenancy::pools::TenantDb) -> sqlx::Result<usize> {
    let mut tx = db.begin().await?;
    let soon: Vec<Soon> = sqlx::query_as(concat!(
        "SELECT h.id, h.roster_id, r.name AS member, q.name AS qualification, h.expires_on
           FROM member_qualifications h
           JOIN qualifications q ON q.id = h.qualification_id
           JOIN roster r ON r.id = h.roster_id
          WHERE ",
        expiring!(),
        " ORDER BY h.expires_on, h.id LIMIT 200 FOR UPDATE OF h SKIP LOCKED"
    ))
    .fetch_all(&mut *tx)
    .await?;
    let actor = Actor::system("Agency Portal");
    for holding in &soon {
        let title = format!("{}: {}", holding.member, holding.qualification);
        let event = Event {
            action: "expiring".into(),
            ..Event::updated(
                QUALIFICATION_KIND,
                holding.roster_id,
                &title,
                &serde_json::json!({"expiresOn": null}),
                &serde_json::json!({"expiresOn": holding.expires_on}),
            )
        };
        audit::record(&mut tx, &actor, &event).await?;
        sqlx::query(
            "UPDATE member_qualifications SET expiry_notified_on = CURRENT_DATE WHERE id = $1",
        )
        .bind(holding.id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(soon.len())
}
