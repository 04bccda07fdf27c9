//! The organisation as both the structure and the roster read and change it: the structure's
//! read model (departments with their ranks, roles and sub-departments) and its one read, the
//! starter department every agency begins with, the roster's links to the structure (who holds
//! a sub-department or role, taken off when it goes), and the change log of roster fields. The
//! `structure` and `roster` features each call these; neither imports the other.

use std::collections::HashMap;

use serde::Serialize;
use serde_json::{json, Map, Value};
use utoipa::ToSchema;

use crate::{
    access::{
        member::RosterEntry,
        store::{ENTRY_COLUMNS, ENTRY_FROM},
        viewer::Actor,
    },
    shared::audit::{self, Diff, Event},
    tenancy::pools::AgencyConnection,
};

// ---------------------------------------------------------------------------------------
// The structure's read model.

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Rank {
    pub id: String,
    #[serde(skip)]
    pub department_id: String,
    pub name: String,
    pub role_id: Option<String>,
    pub level: String,
    pub insignia: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SubDepartment {
    pub id: String,
    #[serde(skip)]
    pub department_id: String,
    pub name: String,
    pub role_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct DepartmentRole {
    pub id: String,
    #[serde(skip)]
    pub department_id: String,
    pub name: String,
    pub discord_role_id: Option<String>,
    /// Whoever holds it commands the whole agency, whatever their department.
    pub grants_agency_command: bool,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Department {
    pub id: String,
    pub name: String,
    pub role_id: Option<String>,
    pub ranks: Vec<Rank>,
    pub roles: Vec<DepartmentRole>,
    pub sub_departments: Vec<SubDepartment>,
}

#[derive(sqlx::FromRow)]
struct DepartmentRow {
    id: String,
    name: String,
    role_id: Option<String>,
}

/// The structure as the audit log compares it: departments, and in each its ranks,
/// sub-departments and roles, keyed by id with their position, so a diff names the one thing
/// that changed (`patrol.ranks.rk1.level`).
pub fn audit_view(departments: &[Department]) -> Value {
    fn keyed<T: Serialize>(items: &[T], id: impl Fn(&T) -> &str) -> Value {
        let mut map = Map::new();
        for (position, item) in items.iter().enumerate() {
            let mut value = serde_json::to_value(item).unwrap_or(Value::Null);
            if let Some(fields) = value.as_object_mut() {
                fields.remove("id");
                fields.insert("position".into(), json!(position));
            }
            map.insert(id(item).to_owned(), value);
        }
        Value::Object(map)
    }
    let mut map = Map::new();
    for (position, d) in departments.iter().enumerate() {
        map.insert(
            d.id.clone(),
            json!({
                "name": d.name,
                "roleId": d.role_id,
                "position": position,
                "ranks": keyed(&d.ranks, |r| &r.id),
                "subDepartments": keyed(&d.sub_departments, |s| &s.id),
                "roles": keyed(&d.roles, |r| &r.id),
            }),
        );
    }
    Value::Object(map)
}

/// Records a structure write (`action` on `subject`) as the change from `before` (an
/// [`audit_view`]) to the structure as it is now on `conn`; titled with the departments it
/// touched. Nothing is recorded when nothing changed.
#[tracing::instrument(level = "debug", skip_all, fields(action))]
pub async fn record_structure_change(
    conn: &mut AgencyConnection,
    actor: &Actor,
    action: &str,
    subject: &str,
    before: &Value,
) -> sqlx::Result<()> {
    let now = load(&mut *conn).await?;
    let diff = Diff::fields(before, &audit_view(&now));
    if diff.is_empty() {
        return Ok(());
    }
    let mut touched: Vec<String> = Vec::new();
    for change in &diff.fields {
        let id = change.field.split('.').next().unwrap_or_default();
        let name = now
            .iter()
            .find(|d| d.id == id)
            .map(|d| d.name.clone())
            .or_else(|| before[id]["name"].as_str().map(str::to_owned))
            .unwrap_or_else(|| id.to_owned());
        if !touched.contains(&name) {
            touched.push(name);
        }
    }
    let event = Event {
        kind: "structure",
        action: action.to_owned(),
        subject_id: subject.to_owned(),
        title: format!("Structure: {}", touched.join(", ")),
        diff,
    };
    audit::record(conn, actor, &event).await
}

/// Every department with its ranks, roles and sub-departments, in their stored order.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn load(conn: &mut AgencyConnection) -> sqlx::Result<Vec<Department>> {
    let departments: Vec<DepartmentRow> =
        sqlx::query_as("SELECT id, name, role_id FROM departments ORDER BY position, name")
            .fetch_all(&mut *conn)
            .await?;
    let ranks: Vec<Rank> = sqlx::query_as(
        "SELECT id, department_id, name, role_id, level, insignia FROM ranks ORDER BY position, name",
    )
    .fetch_all(&mut *conn)
    .await?;
    let subs: Vec<SubDepartment> = sqlx::query_as(
        "SELECT id, department_id, name, role_id FROM sub_departments ORDER BY position, name",
    )
    .fetch_all(&mut *conn)
    .await?;
    let roles: Vec<DepartmentRole> = sqlx::query_as(
        "SELECT id, department_id, name, discord_role_id, grants_agency_command
           FROM department_roles ORDER BY position, name",
    )
    .fetch_all(&mut *conn)
    .await?;

    let mut by_id: HashMap<String, Department> = HashMap::new();
    let order: Vec<String> = departments.iter().map(|d| d.id.clone()).collect();
    for DepartmentRow { id, name, role_id } in departments {
        by_id.insert(
            id.clone(),
            Department { id, name, role_id, ranks: vec![], roles: vec![], sub_departments: vec![] },
        );
    }
    for rank in ranks {
        if let Some(d) = by_id.get_mut(&rank.department_id) {
            d.ranks.push(rank);
        }
    }
    for sub in subs {
        if let Some(d) = by_id.get_mut(&sub.department_id) {
            d.sub_departments.push(sub);
        }
    }
    for role in roles {
        if let Some(d) = by_id.get_mut(&role.department_id) {
            d.roles.push(role);
        }
    }
    Ok(order.into_iter().filter_map(|id| by_id.remove(&id)).collect())
}

// ---------------------------------------------------------------------------------------
// The starter department.

pub const STARTER_DEPARTMENT_ID: &str = "headquarters";
pub const STARTER_DEPARTMENT_NAME: &str = "Headquarters";

pub fn starter_rank_id(level: &str) -> String {
    format!("{STARTER_DEPARTMENT_ID}-{}", level.replace('_', "-"))
}

// ---------------------------------------------------------------------------------------
// Roster fields as changes are logged.

/// One changed field of a roster edit, as logged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldChange {
    pub field: &'static str,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// A list as one logged value: `a, b`, or nothing when empty.
pub fn joined(list: &[String]) -> Option<String> {
    if list.is_empty() {
        None
    } else {
        Some(list.join(", "))
    }
}

/// `query` with who a roster log row is about and who made the change bound next, as the
/// change log and the hire log both record them: the entry's id, name, callsign and rank, then
/// the actor's name and user id.
pub fn with_logged<'q>(
    query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    entry: &'q RosterEntry,
    actor: &'q Actor,
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    query
        .bind(entry.id)
        .bind(&entry.name)
        .bind(&entry.callsign)
        .bind(&entry.rank)
        .bind(&actor.display)
        .bind(&actor.user_id)
}

/// One row per changed field, sharing one change id.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn log_changes(
    conn: &mut AgencyConnection,
    entry: &RosterEntry,
    changes: &[FieldChange],
    actor: &Actor,
) -> sqlx::Result<()> {
    let change_id = uuid::Uuid::new_v4();
    for change in changes {
        let insert = sqlx::query(
            "INSERT INTO rank_logs (change_id, roster_id, roster_name, roster_callsign, roster_rank,
                                    actor_display, actor_user_id, field, before_value, after_value)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(change_id);
        with_logged(insert, entry, actor)
            .bind(change.field)
            .bind(&change.before)
            .bind(&change.after)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Who holds a part of the structure.

/// Entries holding a sub-department (`sub`) or a department role, locked for an edit.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn holding(
    conn: &mut AgencyConnection,
    sub: bool,
    id: &str,
) -> sqlx::Result<Vec<RosterEntry>> {
    let condition = if sub { "r.sub_dept_id = $1" } else { "$1 = ANY(r.roles)" };
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE {condition} ORDER BY r.id FOR UPDATE OF r"
    );
    sqlx::query_as(&sql).bind(id).fetch_all(conn).await
}

/// Takes a sub-department off a person (the caller logs it).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn clear_sub_department(conn: &mut AgencyConnection, roster_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE roster SET sub_dept_id = NULL, updated_at = now(), version = version + 1 WHERE id = $1",
    )
    .bind(roster_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes a department role off a person (the caller logs it).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn remove_role(
    conn: &mut AgencyConnection,
    roster_id: i64,
    role: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE roster SET roles = array_remove(roles, $2), updated_at = now(), version = version + 1
         WHERE id = $1",
    )
    .bind(roster_id)
    .bind(role)
    .execute(conn)
    .await?;
    Ok(())
}

/// Locks a member's roster row for the transaction: one member's time records (shifts, leave
/// requests) are checked and changed one request at a time.
#[tracing::instrument(level = "debug", skip_all, fields(roster_id))]
pub async fn lock_member(conn: &mut AgencyConnection, roster_id: i64) -> sqlx::Result<()> {
    sqlx::query("SELECT 1 FROM roster WHERE id = $1 FOR UPDATE")
        .bind(roster_id)
        .execute(conn)
        .await?;
    Ok(())
}
