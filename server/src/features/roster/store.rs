//! Roster SQL.

use futures::future::BoxFuture;
use sqlx::{PgConnection, PgExecutor};

use crate::{
    features::roster::model::{Person, RosterEntry, RosterRow},
    shared::organisation::{starter_rank_id, STARTER_DEPARTMENT_ID},
    tenancy::{pools::AgencyConnection, provision::Seed},
};

pub use crate::access::store::{matches_for, with_discord_ids, ENTRY_COLUMNS, ENTRY_FROM};
pub use crate::shared::hiring::{holder, insert, log_hire, with_person, Unique};
pub use crate::shared::organisation::{clear_sub_department, holding, log_changes, remove_role};

/// Everyone on the roster, by name (bounded), with the qualifications each holds (revoked
/// ones left out, expired ones marked) and the end of the leave running now (one that put
/// them on LOA and has not ended).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<RosterRow>> {
    let sql = format!(
        "SELECT {ENTRY_COLUMNS},
                COALESCE((SELECT json_agg(json_build_object(
                                 'id', h.qualification_id, 'name', q.name, 'expiresOn', h.expires_on,
                                 'expired', COALESCE(h.expires_on < CURRENT_DATE, false)) ORDER BY q.name)
                            FROM member_qualifications h JOIN qualifications q ON q.id = h.qualification_id
                           WHERE h.roster_id = r.id AND h.revoked_at IS NULL), '[]') AS qualifications,
                (SELECT max(l.ends_on) FROM leave_requests l
                  WHERE l.roster_id = r.id AND l.started_at IS NOT NULL AND l.ended_at IS NULL)
                    AS on_leave_until
           FROM {ENTRY_FROM} ORDER BY lower(r.name), r.id LIMIT 5000"
    );
    sqlx::query_as(&sql).fetch_all(db).await
}

/// One entry; `lock` takes a row lock for an edit.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn get(
    conn: &mut AgencyConnection,
    id: i64,
    lock: bool,
) -> sqlx::Result<Option<RosterEntry>> {
    let lock = if lock { "FOR UPDATE OF r" } else { "" };
    let sql = format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE r.id = $1 {lock}");
    sqlx::query_as(&sql).bind(id).fetch_optional(conn).await
}

/// Writes a new version of an entry; the rank change date moves when the rank changes.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    conn: &mut AgencyConnection,
    id: i64,
    p: &Person,
    rank_changed: bool,
) -> sqlx::Result<()> {
    let update = sqlx::query(
        "UPDATE roster SET name = $1, callsign = $2, region = $3, status = $4, discord_id = $5,
             department_id = $6, rank_id = $7, sub_dept_id = $8, roles = $9, hire_date = $10,
             rank_change_date = CASE WHEN $14 THEN CURRENT_DATE
                                     WHEN rank_change_date = hire_date THEN $10
                                     ELSE rank_change_date END,
             last_action = $11, last_reason = $12,
             version = version + 1, updated_at = now()
         WHERE id = $13",
    );
    with_person(update, p).bind(id).bind(rank_changed).execute(conn).await?;
    Ok(())
}

pub use crate::access::viewer::Actor;

/// The database's date: one clock for hire dates, rank changes and time in grade.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn today(db: impl PgExecutor<'_>) -> sqlx::Result<chrono::NaiveDate> {
    sqlx::query_scalar("SELECT CURRENT_DATE").fetch_one(db).await
}

/// A new agency's first High Command member, when one is named, at the starter department's
/// top rank (provisioning's seeding hook; runs after the structure's).
pub fn seed<'a>(conn: &'a mut PgConnection, seed: &'a Seed<'a>) -> BoxFuture<'a, sqlx::Result<()>> {
    Box::pin(async move {
        let (Some(owner), Some(top)) = (seed.owner, seed.levels.last()) else { return Ok(()) };
        sqlx::query(
            "INSERT INTO roster (name, discord_id, department_id, rank_id, rank_change_date)
             VALUES ($1, $2, $3, $4, CURRENT_DATE)",
        )
        .bind(owner.name.trim())
        .bind(owner.discord_id.trim())
        .bind(STARTER_DEPARTMENT_ID)
        .bind(starter_rank_id(&top.id))
        .execute(conn)
        .await?;
        Ok(())
    })
}
