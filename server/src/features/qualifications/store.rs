//! Qualification catalogue SQL.

use sqlx::PgExecutor;

use crate::features::qualifications::model::{Expiring, Fields, Qualification};
use crate::tenancy::pools::AgencyConnection;

const COLUMNS: &str = "q.id, q.name, q.description, q.validity_days, q.badge, q.template_id,
        t.title AS template_title, q.updated_at,
        (SELECT count(*) FROM member_qualifications h WHERE h.qualification_id = q.id AND h.revoked_at IS NULL) AS holders
   FROM qualifications q LEFT JOIN training_templates t ON t.id = q.template_id";

#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Qualification>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} ORDER BY lower(q.name), q.id LIMIT 500"))
        .fetch_all(db)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn get(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<Qualification>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} WHERE q.id = $1")).bind(id).fetch_optional(db).await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert(conn: &mut AgencyConnection, f: &Fields) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO qualifications (name, description, validity_days, badge, template_id)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(&f.name)
    .bind(&f.description)
    .bind(f.validity_days)
    .bind(&f.badge)
    .bind(f.template_id)
    .fetch_one(conn)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(conn: &mut AgencyConnection, id: i64, f: &Fields) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE qualifications SET name = $2, description = $3, validity_days = $4, badge = $5,
                template_id = $6, updated_at = now() WHERE id = $1",
    )
    .bind(id)
    .bind(&f.name)
    .bind(&f.description)
    .bind(f.validity_days)
    .bind(&f.badge)
    .bind(f.template_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes a qualification (the caller made sure nobody holds or held it).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn delete(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM qualifications WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// How many grants (held, expired or revoked) name qualification `id`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn grants_of(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM member_qualifications WHERE qualification_id = $1")
        .bind(id)
        .fetch_one(db)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn template_exists(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM training_templates WHERE id = $1)")
        .bind(id)
        .fetch_one(db)
        .await
}

/// Marks a holding revoked.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn revoke(
    conn: &mut AgencyConnection,
    id: i64,
    by: &str,
    reason: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE member_qualifications SET revoked_at = now(), revoked_by = $2, revoke_reason = $3 WHERE id = $1",
    )
    .bind(id)
    .bind(by)
    .bind(reason)
    .execute(conn)
    .await?;
    Ok(())
}

/// Holdings expiring within `days` days (or expired in the last `days`), soonest first;
/// `department` limits them to one department.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn expiring(
    db: impl PgExecutor<'_>,
    days: i32,
    department: Option<&str>,
) -> sqlx::Result<Vec<Expiring>> {
    sqlx::query_as(
        "SELECT h.id AS holding_id, r.id AS roster_id, r.name AS member, d.name AS department_name,
                q.id AS qualification_id, q.name AS qualification, h.expires_on,
                (h.expires_on - CURRENT_DATE)::int AS days_left
           FROM member_qualifications h
           JOIN qualifications q ON q.id = h.qualification_id
           JOIN roster r ON r.id = h.roster_id
           LEFT JOIN departments d ON d.id = r.department_id
          WHERE h.revoked_at IS NULL AND h.expires_on IS NOT NULL
            AND h.expires_on BETWEEN CURRENT_DATE AND CURRENT_DATE + $1
            AND ($2::text IS NULL OR r.department_id = $2)
          ORDER BY h.expires_on, r.name LIMIT 500",
    )
    .bind(days)
    .bind(department)
    .fetch_all(db)
    .await
}
