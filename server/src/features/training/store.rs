//! Training SQL: templates and sessions (checklists kept with their session).

use chrono::{DateTime, Utc};
use sqlx::{types::Json, PgExecutor};

use crate::features::training::model::{
    ChecklistItem, Person, Session, Step, Template, TemplateDraft,
};
use crate::tenancy::pools::AgencyConnection;

/// The most templates and sessions one list answers.
pub const LIST_LIMIT: i64 = 500;

const TEMPLATE: &str = "id, title, description, steps, created_at, updated_at";
const SESSION: &str =
    "id, template_id, template_title, session_name, scheduled_at, notes, status, \
    ftos, trainees, checklist, created_by, updated_at";

#[tracing::instrument(level = "debug", skip_all)]
pub async fn templates(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Template>> {
    sqlx::query_as(&format!(
        "SELECT {TEMPLATE} FROM training_templates ORDER BY title, id LIMIT $1"
    ))
    .bind(LIST_LIMIT)
    .fetch_all(db)
    .await
}

#[tracing::instrument(level = "debug", skip_all, fields(id = id))]
pub async fn template(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<Option<Template>> {
    sqlx::query_as(&format!("SELECT {TEMPLATE} FROM training_templates WHERE id = $1"))
        .bind(id)
        .fetch_optional(db)
        .await
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert_template(
    db: impl PgExecutor<'_>,
    draft: &TemplateDraft,
) -> sqlx::Result<Template> {
    sqlx::query_as(&format!(
        "INSERT INTO training_templates (title, description, steps) VALUES ($1, $2, $3) RETURNING {TEMPLATE}"
    ))
    .bind(&draft.title)
    .bind(&draft.description)
    .bind(Json(&draft.steps))
    .fetch_one(db)
    .await
}

#[tracing::instrument(level = "debug", skip_all, fields(id = id))]
pub async fn update_template(
    db: impl PgExecutor<'_>,
    id: i64,
    draft: &TemplateDraft,
) -> sqlx::Result<Option<Template>> {
    sqlx::query_as(&format!(
        "UPDATE training_templates SET title = $2, description = $3, steps = $4, updated_at = now()
         WHERE id = $1 RETURNING {TEMPLATE}"
    ))
    .bind(id)
    .bind(&draft.title)
    .bind(&draft.description)
    .bind(Json(&draft.steps))
    .fetch_optional(db)
    .await
}

/// Deletes a template; sessions made from it keep their title and checklist.
#[tracing::instrument(level = "debug", skip_all, fields(id = id))]
pub async fn delete_template(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("DELETE FROM training_templates WHERE id = $1").bind(id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

/// Sessions, newest first; with `trainee`, only those that list that roster id as a trainee.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn sessions(
    db: impl PgExecutor<'_>,
    trainee: Option<&str>,
) -> sqlx::Result<Vec<Session>> {
    let filter = trainee.map(|id| Json(serde_json::json!([{ "id": id }])));
    sqlx::query_as(&format!(
        "SELECT {SESSION} FROM training_sessions WHERE ($1::jsonb IS NULL OR trainees @> $1)
         ORDER BY id DESC LIMIT $2"
    ))
    .bind(filter)
    .bind(LIST_LIMIT)
    .fetch_all(db)
    .await
}

#[tracing::instrument(level = "debug", skip_all, fields(id = id))]
pub async fn session(
    conn: &mut AgencyConnection,
    id: i64,
    for_update: bool,
) -> sqlx::Result<Option<Session>> {
    let lock = if for_update { " FOR UPDATE" } else { "" };
    sqlx::query_as(&format!("SELECT {SESSION} FROM training_sessions WHERE id = $1{lock}"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// A new session from `template`: its steps become the checklist.
pub struct NewSession<'a> {
    pub template: &'a Template,
    pub session_name: &'a str,
    pub scheduled_at: Option<DateTime<Utc>>,
    pub notes: &'a str,
    pub ftos: &'a [Person],
    pub trainees: &'a [Person],
    pub created_by: &'a str,
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert_session(
    db: impl PgExecutor<'_>,
    new: &NewSession<'_>,
) -> sqlx::Result<Session> {
    let checklist: Vec<ChecklistItem> =
        new.template.steps.iter().map(ChecklistItem::from).collect();
    sqlx::query_as(&format!(
        "INSERT INTO training_sessions (template_id, template_title, session_name, scheduled_at, notes, ftos, trainees, checklist, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING {SESSION}"
    ))
    .bind(new.template.id)
    .bind(&new.template.title)
    .bind(new.session_name)
    .bind(new.scheduled_at)
    .bind(new.notes)
    .bind(Json(new.ftos))
    .bind(Json(new.trainees))
    .bind(Json(&checklist))
    .bind(new.created_by)
    .fetch_one(db)
    .await
}

/// Writes a session's editable fields and checklist back; the time it becomes completed is
/// kept (analytics' completion time) until it leaves completed.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn save_session(conn: &mut AgencyConnection, s: &Session) -> sqlx::Result<Session> {
    sqlx::query_as(&format!(
        "UPDATE training_sessions SET session_name = $2, scheduled_at = $3, notes = $4, status = $5,
             ftos = $6, trainees = $7, checklist = $8, updated_at = now(),
             completed_at = CASE WHEN $5 = 'completed' THEN COALESCE(completed_at, now()) END
         WHERE id = $1 RETURNING {SESSION}"
    ))
    .bind(s.id)
    .bind(&s.session_name)
    .bind(s.scheduled_at)
    .bind(&s.notes)
    .bind(&s.status)
    .bind(Json(&s.ftos))
    .bind(Json(&s.trainees))
    .bind(Json(&s.checklist))
    .fetch_one(conn)
    .await
}

#[tracing::instrument(level = "debug", skip_all, fields(id = id))]
pub async fn delete_session(db: impl PgExecutor<'_>, id: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("DELETE FROM training_sessions WHERE id = $1").bind(id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

/// Steps of a template as stored (demo seeding).
pub fn steps(list: &[(&str, bool)]) -> Vec<Step> {
    list.iter()
        .enumerate()
        .map(|(i, (text, required))| Step {
            id: format!("s{}", i + 1),
            text: (*text).into(),
            required: *required,
        })
        .collect()
}
