//! Structure SQL (agency schema). Reads are one query per table, never one per department.

use futures::future::BoxFuture;
use sea_query::{Expr, ExprTrait, PostgresQueryBuilder, Query};
use sea_query_sqlx::SqlxBinder;
use sqlx::{PgConnection, PgExecutor};

use crate::tenancy::pools::AgencyConnection;
use crate::tenancy::provision::Seed;

use crate::features::structure::model::NewRank;
pub use crate::shared::organisation::{
    load, starter_rank_id, STARTER_DEPARTMENT_ID, STARTER_DEPARTMENT_NAME,
};

/// What an id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Department,
    Rank,
    Sub,
    Role,
}

impl Kind {
    pub fn table(self) -> &'static str {
        match self {
            Self::Department => "departments",
            Self::Rank => "ranks",
            Self::Sub => "sub_departments",
            Self::Role => "department_roles",
        }
    }
}

/// Finds which kind of structure item `id` is, and its department.
/// The levels of a rank (`Rank` id) or of every rank of a department (`Department` id).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn rank_levels(
    conn: &mut AgencyConnection,
    kind: Kind,
    id: &str,
) -> sqlx::Result<Vec<String>> {
    let column = if kind == Kind::Department { "department_id" } else { "id" };
    sqlx::query_scalar(&format!("SELECT level FROM ranks WHERE {column} = $1"))
        .bind(id)
        .fetch_all(conn)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn find(
    conn: &mut AgencyConnection,
    id: &str,
) -> sqlx::Result<Option<(Kind, String, String)>> {
    #[derive(sqlx::FromRow)]
    struct Found {
        kind: String,
        department: String,
        name: String,
    }
    let row: Option<Found> = sqlx::query_as(
        "SELECT 'department' AS kind, id AS department, name FROM departments WHERE id = $1
         UNION ALL SELECT 'rank', department_id, name FROM ranks WHERE id = $1
         UNION ALL SELECT 'sub', department_id, name FROM sub_departments WHERE id = $1
         UNION ALL SELECT 'role', department_id, name FROM department_roles WHERE id = $1
         LIMIT 1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|Found { kind, department, name }| {
        let kind = match kind.as_str() {
            "department" => Kind::Department,
            "rank" => Kind::Rank,
            "sub" => Kind::Sub,
            _ => Kind::Role,
        };
        (kind, department, name)
    }))
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn department_exists(db: impl PgExecutor<'_>, id: &str) -> sqlx::Result<bool> {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM departments WHERE id = $1)")
        .bind(id)
        .fetch_one(db)
        .await
}

/// A free department id based on `wanted` (`patrol`, `patrol-2`, …).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn free_department_id(conn: &mut AgencyConnection, wanted: &str) -> sqlx::Result<String> {
    let taken: Vec<String> =
        sqlx::query_scalar("SELECT id FROM departments WHERE id = $1 OR id LIKE $1 || '-%'")
            .bind(wanted)
            .fetch_all(conn)
            .await?;
    if !taken.iter().any(|t| t == wanted) {
        return Ok(wanted.to_owned());
    }
    Ok((2..)
        .map(|n| format!("{wanted}-{n}"))
        .find(|c| !taken.contains(c))
        .expect("an unbounded range has a free id"))
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert_department(
    conn: &mut AgencyConnection,
    id: &str,
    name: &str,
    role_id: Option<&str>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO departments (id, name, role_id, position)
         VALUES ($1, $2, $3, (SELECT COALESCE(max(position) + 1, 0) FROM departments))",
    )
    .bind(id)
    .bind(name)
    .bind(role_id)
    .execute(conn)
    .await?;
    Ok(())
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert_ranks(
    conn: &mut AgencyConnection,
    department: &str,
    ranks: &[(String, NewRank)],
) -> sqlx::Result<()> {
    for (id, rank) in ranks {
        sqlx::query(
            "INSERT INTO ranks (id, department_id, name, role_id, level, insignia, position)
             VALUES ($1, $2, $3, $4, $5, $6, (SELECT COALESCE(max(position) + 1, 0) FROM ranks WHERE department_id = $2))",
        )
        .bind(id)
        .bind(department)
        .bind(&rank.name)
        .bind(&rank.role_id)
        .bind(&rank.level)
        .bind(&rank.insignia)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Adds a sub-department or role at the end of its department's list, with its linked role
/// (`role_id` of a sub-department, `discord_role_id` of a role).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert_named(
    conn: &mut AgencyConnection,
    kind: Kind,
    id: &str,
    department: &str,
    name: &str,
    role: Option<&str>,
) -> sqlx::Result<()> {
    let (table, column) =
        (kind.table(), if kind == Kind::Role { "discord_role_id" } else { "role_id" });
    let sql = format!(
        "INSERT INTO {table} (id, department_id, name, {column}, position)
         VALUES ($1, $2, $3, $4, (SELECT COALESCE(max(position) + 1, 0) FROM {table} WHERE department_id = $2))"
    );
    sqlx::query(&sql).bind(id).bind(department).bind(name).bind(role).execute(conn).await?;
    Ok(())
}

/// Renames a rank and moves its callsign pools along (pools are keyed by rank name).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn rename_rank_pools(
    conn: &mut AgencyConnection,
    from: &str,
    to: &str,
) -> sqlx::Result<()> {
    if from == to {
        return Ok(());
    }
    sqlx::query(
        "UPDATE callsign_pools SET rank_name = $2 WHERE rank_name = $1
           AND NOT EXISTS (SELECT 1 FROM callsign_pools WHERE rank_name = $2)
           AND NOT EXISTS (SELECT 1 FROM ranks WHERE name = $1)",
    )
    .bind(from)
    .bind(to)
    .execute(&mut *conn)
    .await?;
    // The new name already had a pool: that one applies, and the old one has no rank left.
    sqlx::query("DELETE FROM callsign_pools WHERE rank_name = $1 AND NOT EXISTS (SELECT 1 FROM ranks WHERE name = $1)")
        .bind(from)
        .execute(conn)
        .await?;
    Ok(())
}

/// How many roster entries hold a department or rank.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn holders(conn: &mut AgencyConnection, kind: Kind, id: &str) -> sqlx::Result<i64> {
    let column = match kind {
        Kind::Department => "department_id",
        Kind::Rank => "rank_id",
        Kind::Sub => "sub_dept_id",
        Kind::Role => {
            return sqlx::query_scalar("SELECT count(*) FROM roster WHERE $1 = ANY(roles)")
                .bind(id)
                .fetch_one(conn)
                .await
        }
    };
    sqlx::query_scalar(&format!("SELECT count(*) FROM roster WHERE {column} = $1"))
        .bind(id)
        .fetch_one(conn)
        .await
}

/// Current ids of one ordered list of a department.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list_ids(
    conn: &mut AgencyConnection,
    kind: Kind,
    department: &str,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(&format!(
        "SELECT id FROM {} WHERE department_id = $1 FOR UPDATE",
        kind.table()
    ))
    .bind(department)
    .fetch_all(conn)
    .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_order(
    conn: &mut AgencyConnection,
    kind: Kind,
    ordered: &[String],
) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "UPDATE {} AS t SET position = o.ord - 1 FROM unnest($1::text[]) WITH ORDINALITY AS o(id, ord) WHERE t.id = o.id",
        kind.table()
    ))
    .bind(ordered)
    .execute(conn)
    .await?;
    Ok(())
}

/// Names of a department's ranks, but `except_rank`.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn rank_names(
    conn: &mut AgencyConnection,
    department: &str,
    except_rank: Option<&str>,
) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT name FROM ranks WHERE department_id = $1 AND id <> $2")
        .bind(department)
        .bind(except_rank.unwrap_or(""))
        .fetch_all(conn)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn department_name(conn: &mut AgencyConnection, id: &str) -> sqlx::Result<String> {
    sqlx::query_scalar("SELECT name FROM departments WHERE id = $1").bind(id).fetch_one(conn).await
}

/// Renames a department, sub-department or role, and sets its linked role (`role_id`, or
/// `discord_role_id` for a role) when `role_sent`: only the columns sent are written.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update_named(
    conn: &mut AgencyConnection,
    kind: Kind,
    id: &str,
    name: &str,
    role_sent: bool,
    role: Option<&str>,
) -> sqlx::Result<()> {
    let column = if kind == Kind::Role { "discord_role_id" } else { "role_id" };
    let mut update = Query::update();
    update.table(kind.table()).value("name", name).and_where(Expr::col("id").eq(id));
    if role_sent {
        update.value(column, role);
    }
    let (sql, values) = update.build_sqlx(PostgresQueryBuilder);
    sqlx::query_with(&sql, values).execute(conn).await?;
    Ok(())
}

/// Whether a department role grants agency-wide command to whoever holds it.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_grants_agency_command(
    conn: &mut AgencyConnection,
    id: &str,
    grants: bool,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE department_roles SET grants_agency_command = $2 WHERE id = $1")
        .bind(id)
        .bind(grants)
        .execute(conn)
        .await?;
    Ok(())
}

/// A rank's edit: the name always, the level when given, role and insignia when sent.
pub struct RankChange<'a> {
    pub name: &'a str,
    pub level: Option<&'a str>,
    pub role: Option<Option<&'a str>>,
    pub insignia: Option<Option<&'a str>>,
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn update_rank(
    conn: &mut AgencyConnection,
    id: &str,
    c: &RankChange<'_>,
) -> sqlx::Result<()> {
    let mut update = Query::update();
    update.table("ranks").value("name", c.name).and_where(Expr::col("id").eq(id));
    if let Some(level) = c.level {
        update.value("level", level);
    }
    if let Some(role) = c.role {
        update.value("role_id", role);
    }
    if let Some(insignia) = c.insignia {
        update.value("insignia", insignia);
    }
    let (sql, values) = update.build_sqlx(PostgresQueryBuilder);
    sqlx::query_with(&sql, values).execute(conn).await?;
    Ok(())
}

/// Deletes a department with its ranks, sub-departments and roles, and the callsign pools no
/// rank name uses any more.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn delete_department(conn: &mut AgencyConnection, id: &str) -> sqlx::Result<()> {
    let rank_names: Vec<String> =
        sqlx::query_scalar("SELECT name FROM ranks WHERE department_id = $1")
            .bind(id)
            .fetch_all(&mut *conn)
            .await?;
    for table in ["ranks", "sub_departments", "department_roles"] {
        sqlx::query(&format!("DELETE FROM {table} WHERE department_id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    delete_unused_pools(conn, &rank_names).await?;
    sqlx::query("DELETE FROM departments WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// Deletes a rank, sub-department or role (a rank's unused pool with it).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn delete_item(
    conn: &mut AgencyConnection,
    kind: Kind,
    id: &str,
    name: &str,
) -> sqlx::Result<()> {
    sqlx::query(&format!("DELETE FROM {} WHERE id = $1", kind.table()))
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if kind == Kind::Rank {
        delete_unused_pools(conn, &[name.to_owned()]).await?;
    }
    Ok(())
}

/// Pools are keyed by rank name: a pool goes when no rank of that name is left.
#[tracing::instrument(level = "debug", skip_all)]
async fn delete_unused_pools(conn: &mut AgencyConnection, names: &[String]) -> sqlx::Result<()> {
    sqlx::query(
        "DELETE FROM callsign_pools WHERE rank_name = ANY($1)
           AND NOT EXISTS (SELECT 1 FROM ranks WHERE ranks.name = callsign_pools.rank_name)",
    )
    .bind(names)
    .execute(conn)
    .await?;
    Ok(())
}

/// The department every new agency starts with: one rank per level, the highest first.
/// A new agency's starter department with one rank per level (provisioning's seeding hook).
pub fn seed<'a>(conn: &'a mut PgConnection, seed: &'a Seed<'a>) -> BoxFuture<'a, sqlx::Result<()>> {
    Box::pin(async move {
        // One statement: the department (a data-modifying WITH runs whether or not it is read;
        // the ranks' foreign key is checked at the statement's end), then its ranks in order,
        // position 0 the highest.
        let levels: Vec<_> = seed.levels.iter().rev().collect();
        let ids: Vec<String> = levels.iter().map(|l| starter_rank_id(&l.id)).collect();
        let names: Vec<&str> = levels.iter().map(|l| l.label.as_str()).collect();
        let level_ids: Vec<&str> = levels.iter().map(|l| l.id.as_str()).collect();
        sqlx::query(
            "WITH department AS (
                 INSERT INTO departments (id, name, position) VALUES ($1, $2, 0))
             INSERT INTO ranks (id, department_id, name, level, position)
             SELECT r.id, $1, r.name, r.level, (r.n - 1)::int
             FROM UNNEST($3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS r(id, name, level, n)",
        )
        .bind(STARTER_DEPARTMENT_ID)
        .bind(STARTER_DEPARTMENT_NAME)
        .bind(&ids)
        .bind(&names)
        .bind(&level_ids)
        .execute(&mut *conn)
        .await?;
        Ok(())
    })
}

/// Levels whose command reaches their own department only.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn scoped_levels(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT scoped_levels FROM agency_settings").fetch_one(db).await
}

/// Sets the scoped levels; answers what they were.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn set_scoped_levels(
    conn: &mut AgencyConnection,
    levels: &[String],
) -> sqlx::Result<Vec<String>> {
    let before: Vec<String> =
        sqlx::query_scalar("SELECT scoped_levels FROM agency_settings FOR UPDATE")
            .fetch_one(&mut *conn)
            .await?;
    sqlx::query("UPDATE agency_settings SET scoped_levels = $1")
        .bind(levels)
        .execute(&mut *conn)
        .await?;
    Ok(before)
}
