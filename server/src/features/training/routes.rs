//! `GET|POST /api/trainings`, `PATCH|DELETE /api/trainings/{id}`,
//! `GET /api/trainings/assignments`, `GET|PATCH|DELETE /api/trainings/assignments/{id}`,
//! `POST /api/trainings/assign`.
//!
//! Who may do what (the specification leaves it open): everyone who sees either training page
//! reads templates and sessions; training managers (`fto_training_management`) keep templates
//! and create, change and delete sessions; an FTO listed on a session may also tick its
//! checklist and change its fields.

use axum::{http::StatusCode, Json};
use chrono::Utc;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    access::{
        guard::{nav_item, require_any_nav, require_can_manage, require_nav, Guard, NavItem},
        viewer::Actor,
        Viewer,
    },
    error::{bad_request, forbidden, not_found, AppResult},
    extract::{JsonBody, PathParams, QueryParams},
    features::training::{
        model::{
            check_status, check_template, distinct_roles, people, tick, Assignment, Person,
            Session, SessionPatch, Template, TemplateDraft, Ticker, MANAGERS_ONLY, OWN_STEPS,
            SESSION_NEEDS_TRAINEE, SESSION_NOT_FOUND, TEMPLATE_NOT_FOUND, TEMPLATE_REQUIRED,
            TRAINEE_REQUIRED,
        },
        store::{self, NewSession},
    },
    shared::{
        audit::{self, Event},
        qualifications,
        report::text,
    },
    tenancy::pools::AgencyConnection,
    validate::limits,
};

const READERS: [&str; 2] = [nav_item::Training::ID, nav_item::TrainingManagement::ID];

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct Id {
    pub id: i64,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SessionQuery {
    /// `me`: only the sessions that list the viewer as a trainee (their profile).
    pub trainee: Option<String>,
}

/// The templates, by title.
#[utoipa::path(get, operation_id = "list_training_templates", path = "/api/trainings", tag = "training",
    responses((status = 200, body = Vec<Template>), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn templates(viewer: Viewer) -> AppResult<Json<Vec<Template>>> {
    require_any_nav(&viewer, &READERS).await?;
    Ok(Json(store::templates(viewer.pool()).await?))
}

/// Creates a template (title required; empty steps dropped).
#[utoipa::path(post, operation_id = "create_training_template", path = "/api/trainings", tag = "training",
    request_body = TemplateDraft,
    responses((status = 201, body = Template), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn create_template(
    Guard(viewer, _): Guard<nav_item::TrainingManagement>,
    JsonBody(draft): JsonBody<TemplateDraft>,
) -> AppResult<(StatusCode, Json<Template>)> {
    let draft = check_template(draft).map_err(bad_request)?;
    let mut tx = viewer.pool().begin().await?;
    let created = store::insert_template(&mut *tx, &draft).await?;
    let event = Event::created(TEMPLATE_KIND, created.id, &created.title, &created);
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// Replaces a template's title, description and steps.
#[utoipa::path(patch, operation_id = "update_training_template", path = "/api/trainings/{id}", tag = "training",
    params(Id), request_body = TemplateDraft,
    responses((status = 200, body = Template), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn update_template(
    Guard(viewer, _): Guard<nav_item::TrainingManagement>,
    PathParams(Id { id }): PathParams<Id>,
    JsonBody(draft): JsonBody<TemplateDraft>,
) -> AppResult<Json<Template>> {
    let draft = check_template(draft).map_err(bad_request)?;
    let mut tx = viewer.pool().begin().await?;
    let before =
        store::template(&mut *tx, id).await?.ok_or_else(|| not_found(TEMPLATE_NOT_FOUND))?;
    let updated = store::update_template(&mut *tx, id, &draft)
        .await?
        .ok_or_else(|| not_found(TEMPLATE_NOT_FOUND))?;
    let event = Event::updated(TEMPLATE_KIND, id, &updated.title, &before, &updated);
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(Json(updated))
}

/// Deletes a template; sessions made from it keep their checklist.
#[utoipa::path(delete, operation_id = "delete_training_template", path = "/api/trainings/{id}", tag = "training",
    params(Id),
    responses((status = 204), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn delete_template(
    Guard(viewer, _): Guard<nav_item::TrainingManagement>,
    PathParams(Id { id }): PathParams<Id>,
) -> AppResult<StatusCode> {
    let mut tx = viewer.pool().begin().await?;
    let before =
        store::template(&mut *tx, id).await?.ok_or_else(|| not_found(TEMPLATE_NOT_FOUND))?;
    if !store::delete_template(&mut *tx, id).await? {
        return Err(not_found(TEMPLATE_NOT_FOUND));
    }
    let event = Event::deleted(TEMPLATE_KIND, id, &before.title, &before);
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Sessions, newest first (at most 500); `?trainee=me` for the viewer's own training.
#[utoipa::path(get, operation_id = "list_training_sessions", path = "/api/trainings/assignments", tag = "training",
    params(SessionQuery),
    responses((status = 200, body = Vec<Session>), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn sessions(
    viewer: Viewer,
    QueryParams(query): QueryParams<SessionQuery>,
) -> AppResult<Json<Vec<Session>>> {
    match query.trainee.as_deref().map(str::trim) {
        None | Some("") => {
            require_any_nav(&viewer, &READERS).await?;
            Ok(Json(store::sessions(viewer.pool(), None).await?))
        }
        // A member's own training: readable with a roster entry, whatever the pages allow.
        Some("me") => match viewer.roster() {
            Some(entry) => {
                Ok(Json(store::sessions(viewer.pool(), Some(&entry.id.to_string())).await?))
            }
            None if viewer.is_authenticated() => Ok(Json(vec![])),
            None => Err(crate::error::AppError::Unauthorized(
                crate::access::guard::SIGN_IN_REQUIRED.into(),
            )),
        },
        Some(other) => Err(bad_request(format!("Unknown trainee '{other}' (use 'me')."))),
    }
}

/// One session.
#[utoipa::path(get, operation_id = "get_training_session", path = "/api/trainings/assignments/{id}", tag = "training",
    params(Id),
    responses((status = 200, body = Session), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn session(
    viewer: Viewer,
    PathParams(Id { id }): PathParams<Id>,
) -> AppResult<Json<Session>> {
    require_any_nav(&viewer, &READERS).await?;
    let mut conn = viewer.pool().acquire().await?;
    let found = store::session(&mut conn, id, false).await?;
    Ok(Json(found.ok_or_else(|| not_found(SESSION_NOT_FOUND))?))
}

/// Creates a session from a template (required) for at least one trainee.
#[utoipa::path(post, operation_id = "assign_training", path = "/api/trainings/assign", tag = "training",
    request_body = Assignment,
    responses((status = 201, body = Session), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn assign(
    Guard(viewer, _): Guard<nav_item::TrainingManagement>,
    JsonBody(assignment): JsonBody<Assignment>,
) -> AppResult<(StatusCode, Json<Session>)> {
    let template_id = assignment.template_id.ok_or_else(|| bad_request(TEMPLATE_REQUIRED))?;
    let template = store::template(viewer.pool(), template_id)
        .await?
        .ok_or_else(|| bad_request(TEMPLATE_REQUIRED))?;
    let trainees = people(assignment.trainees).map_err(bad_request)?;
    if trainees.is_empty() {
        return Err(bad_request(TRAINEE_REQUIRED));
    }
    let ftos = people(assignment.ftos).map_err(bad_request)?;
    distinct_roles(&ftos, &trainees).map_err(bad_request)?;
    let session_name =
        text("A session name", &assignment.session_name, limits::NAME).map_err(bad_request)?;
    let notes = text("Notes", &assignment.notes, limits::LONG_TEXT).map_err(bad_request)?;
    let created_by = viewer.display_name();
    let new = NewSession {
        template: &template,
        session_name: &session_name,
        scheduled_at: assignment.scheduled_at,
        notes: &notes,
        ftos: &ftos,
        trainees: &trainees,
        created_by: &created_by,
    };
    let mut tx = viewer.pool().begin().await?;
    let created = store::insert_session(&mut *tx, &new).await?;
    let event = Event::created(SESSION_KIND, created.id, &session_title(&created), &created);
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(created)))
}

/// The audit log's kinds of training writes.
const TEMPLATE_KIND: &str = "training_template";
const SESSION_KIND: &str = "training_session";

/// A session as the audit log titles it: its name, else its template's title.
fn session_title(session: &Session) -> String {
    if session.session_name.is_empty() {
        session.template_title.clone()
    } else {
        session.session_name.clone()
    }
}

/// Whether one of the viewer's roster entries is among `people`.
fn lists_viewer(viewer: &Viewer, people: &[Person]) -> bool {
    viewer.matches.iter().any(|entry| {
        let me = Person { id: entry.id.to_string(), name: entry.name.clone() };
        people.iter().any(|p| p.is(&me))
    })
}

/// Changes a session's fields (it keeps at least one trainee, and nobody is both FTO and
/// trainee), or ticks one checklist item (`updateItem`; the server records the viewer and the
/// time). Training managers change everything; an FTO of the session who is not one ticks
/// steps and changes notes and status only; a trainee never ticks their own steps.
#[utoipa::path(patch, operation_id = "update_training_session", path = "/api/trainings/assignments/{id}", tag = "training",
    params(Id), request_body = SessionPatch,
    responses((status = 200, body = Session), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn update_session(
    viewer: Viewer,
    PathParams(Id { id }): PathParams<Id>,
    JsonBody(patch): JsonBody<SessionPatch>,
) -> AppResult<Json<Session>> {
    require_any_nav(&viewer, &READERS).await?;
    require_can_manage(&viewer)?;
    // Read before the transaction, which holds one of the agency's connections.
    let manager = require_nav(&viewer, nav_item::TrainingManagement::ID).await.is_ok();
    let mut tx = viewer.pool().begin().await?;
    let mut session =
        store::session(&mut tx, id, true).await?.ok_or_else(|| not_found(SESSION_NOT_FOUND))?;
    let stored = session.clone();
    if !manager && !lists_viewer(&viewer, &session.ftos) {
        return Err(forbidden(crate::access::guard::NO_PERMISSION));
    }
    if patch.update_item.is_some() && lists_viewer(&viewer, &session.trainees) {
        return Err(forbidden(OWN_STEPS));
    }
    if let Some(update) = &patch.update_item {
        let name = viewer.display_name();
        let roster_id = viewer.roster().map(|r| r.id.to_string());
        let ticker = Ticker { name: &name, id: roster_id.as_deref() };
        tick(&mut session.checklist, update, &ticker, Utc::now()).map_err(bad_request)?;
        // The first step done starts a scheduled session (issue 21); a status sent wins.
        if update.done && session.status == "scheduled" {
            session.status = "in_progress".into();
        }
    }
    let before = (session.session_name.clone(), session.scheduled_at);
    let people_before = (session.ftos.clone(), session.trainees.clone());
    if let Some(name) = patch.session_name {
        session.session_name = text("A session name", &name, limits::NAME).map_err(bad_request)?;
    }
    if let Some(scheduled_at) = patch.scheduled_at {
        session.scheduled_at = scheduled_at;
    }
    if let Some(notes) = patch.notes {
        session.notes = text("Notes", &notes, limits::LONG_TEXT).map_err(bad_request)?;
    }
    if let Some(status) = patch.status {
        session.status = check_status(&status).map_err(bad_request)?;
    }
    if let Some(ftos) = patch.ftos {
        session.ftos = people(ftos).map_err(bad_request)?;
    }
    if let Some(trainees) = patch.trainees {
        session.trainees = people(trainees).map_err(bad_request)?;
        if session.trainees.is_empty() {
            return Err(bad_request(SESSION_NEEDS_TRAINEE));
        }
    }
    // What an FTO sends back unchanged (the Manage dialog sends the whole session) is no change.
    let changed = before != (session.session_name.clone(), session.scheduled_at)
        || people_before != (session.ftos.clone(), session.trainees.clone());
    if changed && !manager {
        return Err(forbidden(MANAGERS_ONLY));
    }
    distinct_roles(&session.ftos, &session.trainees).map_err(bad_request)?;
    let saved = store::save_session(&mut tx, &session).await?;
    let event = Event::updated(SESSION_KIND, id, &session_title(&saved), &stored, &saved);
    if !event.diff.is_empty() {
        audit::record(&mut tx, &viewer.actor(), &event).await?;
    }
    if stored.status != "completed" && saved.status == "completed" {
        grant_qualifications(&mut tx, &saved).await?;
    }
    tx.commit().await?;
    Ok(Json(saved))
}

/// A completed session gives each trainee on the roster the qualifications its template grants
/// (issue 23), recorded as granted by the session's FTO.
async fn grant_qualifications(conn: &mut AgencyConnection, session: &Session) -> AppResult<()> {
    let Some(template) = session.template_id else { return Ok(()) };
    let granted = qualifications::granted_by_template(&mut *conn, template).await?;
    if granted.is_empty() {
        return Ok(());
    }
    let fto =
        session.ftos.first().map(|f| f.name.clone()).unwrap_or_else(|| session.created_by.clone());
    let by = Actor::system(&fto);
    for trainee in &session.trainees {
        let Ok(roster_id) = trainee.id.parse::<i64>() else { continue };
        let Some(member) = qualifications::member_name(&mut *conn, roster_id).await? else {
            continue;
        };
        for qualification_id in &granted {
            let grant = qualifications::Grant {
                roster_id,
                qualification_id: *qualification_id,
                source: "training",
                session_id: Some(session.id),
                note: &format!("Completed {}", session_title(session)),
                by: &by,
                member: &member,
            };
            qualifications::grant(conn, &grant).await?;
        }
    }
    Ok(())
}

/// Deletes a session.
#[utoipa::path(delete, operation_id = "delete_training_session", path = "/api/trainings/assignments/{id}", tag = "training",
    params(Id),
    responses((status = 204), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn delete_session(
    Guard(viewer, _): Guard<nav_item::TrainingManagement>,
    PathParams(Id { id }): PathParams<Id>,
) -> AppResult<StatusCode> {
    let mut tx = viewer.pool().begin().await?;
    let before =
        store::session(&mut tx, id, true).await?.ok_or_else(|| not_found(SESSION_NOT_FOUND))?;
    store::delete_session(&mut *tx, id).await?;
    let event = Event::deleted(SESSION_KIND, id, &session_title(&before), &before);
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
