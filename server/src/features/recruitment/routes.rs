//! Forms (`/api/applications/forms`, Command → Recruitment), applying (`/api/apply/…`, anyone
//! signed in with Discord and not on the roster) and reviewing (`/api/applications`,
//! Supervisor → Applications), and the hire (`/api/applications/{id}/hire`, roster managers).

use std::collections::HashMap;

use axum::{http::StatusCode, Extension, Json};
use chrono::Utc;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::IntoParams;

use crate::{
    access::{
        cache::NothingCached,
        guard::{nav_item, require_roster_manager, Authenticated, Guard},
        rate::ClientAddress,
        viewer::Actor,
        Viewer,
    },
    error::{bad_request, conflict, forbidden, not_found, AppError, AppResult, OnConstraint},
    extract::{JsonBody, PathParams, QueryParams, Services},
    features::recruitment::{
        model::{
            account_created_at, audited_form, check_answers, default_stages, removed_stages,
            reviews, ApplicationDetail, ApplyInput, Board, BoardForm, Form, FormInput, HireInput,
            Hired, Known, MoveInput, MyApplication, NoteInput, PublicForm, Stage, StageRefusal,
            VoteInput, ACCEPTED, ALREADY_HIRED_STAYS, FORM_NOT_FOUND, NOT_ACCEPTED, NOT_A_REVIEWER,
            NOT_FOUND, ON_ROSTER, OWN_APPLICATION, STALE_FORM, VERSION_REQUIRED,
        },
        store::{self, Applicant},
    },
    shared::{
        audit::{self, item_changes, Diff, Event},
        hiring::{self, callsign_conflict, RosterInput},
        Portal,
    },
    tenancy::pools::{AgencyConnection, TenantTx},
};

/// The audit log's kinds: forms, and applications (their alerts: `application.received` and
/// `application.decided`).
const FORM_KIND: &str = "application_form";
const APPLICATION_KIND: &str = "application";

/// An answer that leaves the agency's caches alone (`access::cache::NothingCached`):
/// applications, moves, notes and votes change nothing the caches hold.
type Quiet<T> = (Extension<NothingCached>, T);

fn quiet<T>(answer: T) -> Quiet<T> {
    (Extension(NothingCached), answer)
}

/// The viewer's Discord id ("" for nobody: matches no applicant).
fn viewer_id(viewer: &Viewer) -> String {
    viewer.user.as_ref().map(|u| u.discord_id.clone()).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------
// Forms (Command → Recruitment).

/// Forms with their stages.
async fn with_stages(viewer: &Viewer, rows: Vec<Form>) -> AppResult<Vec<Form>> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut by_form: HashMap<i64, Vec<Stage>> = HashMap::new();
    for (form, stage) in store::stages(viewer.pool(), &ids).await? {
        by_form.entry(form).or_default().push(stage);
    }
    Ok(rows
        .into_iter()
        .map(|r| {
            let stages = by_form.remove(&r.id).unwrap_or_default();
            r.with_stages(stages)
        })
        .collect())
}

async fn one_form(conn: &mut AgencyConnection, id: i64) -> AppResult<Form> {
    let row = store::form(&mut *conn, id, false).await?.ok_or_else(|| not_found(FORM_NOT_FOUND))?;
    let stages = store::stages(&mut *conn, &[id]).await?.into_iter().map(|(_, s)| s).collect();
    Ok(row.with_stages(stages))
}

async fn known(
    viewer: &Viewer,
    conn: &mut AgencyConnection,
) -> AppResult<(Vec<String>, Vec<String>)> {
    let levels = viewer.agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    Ok((levels, store::role_ids(conn).await?))
}

/// Every application form, with its questions, stages and reviewers.
#[utoipa::path(get, operation_id = "list_application_forms", path = "/api/applications/forms", tag = "recruitment",
    responses((status = 200, body = Vec<Form>), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn list_forms(
    Guard(viewer, _): Guard<nav_item::Recruitment>,
) -> AppResult<Json<Vec<Form>>> {
    let rows = store::forms(viewer.pool()).await?;
    Ok(Json(with_stages(&viewer, rows).await?))
}

/// Creates a form (stages left out: Submitted, Interview, Accepted, Denied).
#[utoipa::path(post, operation_id = "create_application_form", path = "/api/applications/forms", tag = "recruitment",
    request_body = FormInput,
    responses((status = 201, body = Form), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn create_form(
    Guard(viewer, _): Guard<nav_item::Recruitment>,
    JsonBody(input): JsonBody<FormInput>,
) -> AppResult<(StatusCode, Json<Form>)> {
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let (levels, roles) = known(&viewer, &mut tx).await?;
    let form = input.validate(&Known { levels: &levels, roles: &roles }).map_err(bad_request)?;
    let id = store::insert_form(&mut tx, &form, &actor.display).await?;
    let stages = form.stages.clone().unwrap_or_else(default_stages);
    store::save_stages(&mut tx, id, &stages, &[]).await?;
    let made = one_form(&mut tx, id).await?;
    let (fields, questions) = audited_form(&made);
    let event = Event {
        diff: Diff { items: item_changes(&[], &questions), ..Diff::fields(&json!({}), &fields) },
        ..Event::created(FORM_KIND, id, &made.title, &json!({}))
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(made)))
}

/// One form.
#[utoipa::path(get, operation_id = "get_application_form", path = "/api/applications/forms/{id}", tag = "recruitment",
    params(("id" = i64, Path, description = "Form id")),
    responses((status = 200, body = Form), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_form(
    Guard(viewer, _): Guard<nav_item::Recruitment>,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<Form>> {
    let mut conn = viewer.pool().acquire().await?;
    Ok(Json(one_form(&mut conn, id).await?))
}

/// Saves a form whole: its fields, its questions and (when sent) its stages, as ordered
/// lists. `version` must be the version edited (409 with the form as it is now otherwise); a
/// stage that holds applications keeps its kind and cannot be removed.
#[utoipa::path(put, operation_id = "update_application_form", path = "/api/applications/forms/{id}", tag = "recruitment",
    request_body = FormInput, params(("id" = i64, Path, description = "Form id")),
    responses((status = 200, body = Form), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn update_form(
    Guard(viewer, _): Guard<nav_item::Recruitment>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<FormInput>,
) -> AppResult<Json<Form>> {
    let version = input.version.ok_or_else(|| bad_request(VERSION_REQUIRED))?;
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    store::form(&mut tx, id, true).await?.ok_or_else(|| not_found(FORM_NOT_FOUND))?;
    let before = one_form(&mut tx, id).await?;
    if before.version != version {
        return Err(AppError::stale(STALE_FORM, &before));
    }
    let (levels, roles) = known(&viewer, &mut tx).await?;
    let form = input.validate(&Known { levels: &levels, roles: &roles }).map_err(bad_request)?;
    if let Some(stages) = &form.stages {
        let removed = removed_stages(&before.stages, stages).map_err(|refusal| match refusal {
            StageRefusal::Unknown(message) => bad_request(message),
            StageRefusal::Holds(message) => conflict(message),
        })?;
        store::save_stages(&mut tx, id, stages, &removed).await?;
    }
    store::update_form(&mut tx, id, &form, &actor.display).await?;
    let after = one_form(&mut tx, id).await?;
    let ((fields_before, questions_before), (fields_after, questions_after)) =
        (audited_form(&before), audited_form(&after));
    let diff = Diff {
        items: item_changes(&questions_before, &questions_after),
        ..Diff::fields(&fields_before, &fields_after)
    };
    if !diff.is_empty() {
        let event = Event {
            kind: FORM_KIND,
            action: "updated".into(),
            subject_id: id.to_string(),
            title: after.title.clone(),
            diff,
        };
        audit::record(&mut tx, &actor, &event).await?;
    }
    tx.commit().await?;
    Ok(Json(after))
}

/// Deletes a form that never had an application (close one that has, to keep them).
#[utoipa::path(delete, operation_id = "delete_application_form", path = "/api/applications/forms/{id}", tag = "recruitment",
    params(("id" = i64, Path, description = "Form id")),
    responses((status = 204), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn delete_form(
    Guard(viewer, _): Guard<nav_item::Recruitment>,
    PathParams(id): PathParams<i64>,
) -> AppResult<StatusCode> {
    let mut tx = viewer.pool().begin().await?;
    store::form(&mut tx, id, true).await?.ok_or_else(|| not_found(FORM_NOT_FOUND))?;
    let form = one_form(&mut tx, id).await?;
    let count = store::application_count(&mut tx, id).await?;
    if count > 0 {
        return Err(conflict(format!(
            "{} has {count} application{}: close it instead, so {} kept.",
            form.title,
            if count == 1 { "" } else { "s" },
            if count == 1 { "it is" } else { "they are" },
        )));
    }
    store::delete_form(&mut tx, id).await?;
    let (fields, questions) = audited_form(&form);
    let event = Event {
        diff: Diff { items: item_changes(&questions, &[]), ..Diff::fields(&fields, &json!({})) },
        ..Event::deleted(FORM_KIND, id, &form.title, &json!({}))
    };
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

// ---------------------------------------------------------------------------------------
// Applying (anyone signed in with Discord who is not on the roster).

/// The agency's open forms, for anyone (visitors too): title, description and questions.
#[utoipa::path(get, operation_id = "list_open_application_forms", path = "/api/apply/forms", tag = "recruitment",
    responses((status = 200, body = Vec<PublicForm>)))]
pub async fn open_forms(viewer: Viewer) -> AppResult<Json<Vec<PublicForm>>> {
    Ok(Json(store::open_forms(viewer.pool()).await?))
}

/// "Casey (Deputy application)": how an application is titled in the audit log and alerts.
fn application_title(name: &str, form: &str) -> String {
    format!("{name} ({form})")
}

/// Sends an application to an open form (signed in with Discord; no roster entry needed, and
/// members on the roster are refused). One open application per form and person; answers
/// checked as the form says. Rate limited per Discord account and address (429 with
/// `Retry-After`).
#[utoipa::path(post, operation_id = "apply", path = "/api/apply/forms/{id}", tag = "recruitment",
    request_body = ApplyInput, params(("id" = i64, Path, description = "Form id")),
    responses((status = 201, body = MyApplication), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody),
              (status = 429, body = crate::error::ErrorBody)))]
pub async fn apply<S: Portal>(
    Services(state): Services<S>,
    ClientAddress(address): ClientAddress,
    Authenticated(viewer): Authenticated,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<ApplyInput>,
) -> AppResult<Quiet<(StatusCode, Json<MyApplication>)>> {
    let user = viewer.user.clone().ok_or_else(|| not_found(FORM_NOT_FOUND))?;
    state.apply_gate().admit(&user.discord_id, address)?;
    if !viewer.matches.is_empty() {
        return Err(forbidden(ON_ROSTER));
    }
    let mut tx = viewer.pool().begin().await?;
    let form = store::form(&mut tx, id, false).await?.ok_or_else(|| not_found(FORM_NOT_FOUND))?;
    if !form.is_open {
        return Err(conflict(format!("{} is not taking applications now.", form.title)));
    }
    let already = |stage: &str| {
        conflict(format!(
            "You have applied to {} already; your application is at {stage}.",
            form.title
        ))
    };
    if let Some(stage) = store::open_application_of(&mut tx, id, &user.discord_id).await? {
        return Err(already(&stage));
    }
    let answers = check_answers(&form.questions, &input.answers).map_err(bad_request)?;
    let (stage_id, stage) = store::first_open_stage(&mut tx, id)
        .await?
        .ok_or_else(|| conflict(format!("{} is not taking applications now.", form.title)))?;
    let display_name = user
        .global_name
        .clone()
        .or_else(|| user.guild_nick.clone())
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| user.username.clone());
    let applicant = Applicant {
        discord_id: &user.discord_id,
        discord_name: &user.tag(),
        display_name: &display_name,
        account_created_at: account_created_at(&user.discord_id).unwrap_or_else(Utc::now),
    };
    let made = store::insert_application(&mut tx, id, stage_id, &applicant, &answers)
        .await
        .on_constraint("applications_one_open", || already(&stage))?;
    let audited = json!({"form": form.title, "stage": stage, "stageKind": "open",
                         "discordId": user.discord_id, "discordName": applicant.discord_name});
    let event = Event {
        action: "submitted".into(),
        ..Event::created(
            APPLICATION_KIND,
            made,
            &application_title(&display_name, &form.title),
            &audited,
        )
    };
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    let mine = store::mine_one(&mut tx, made).await?;
    tx.commit().await?;
    Ok(quiet((StatusCode::CREATED, Json(mine))))
}

/// The signed-in person's applications in this agency: form, stage name, denial reason (never
/// notes or votes).
#[utoipa::path(get, operation_id = "my_applications", path = "/api/apply/mine", tag = "recruitment",
    responses((status = 200, body = Vec<MyApplication>), (status = 401, body = crate::error::ErrorBody)))]
pub async fn mine(Authenticated(viewer): Authenticated) -> AppResult<Json<Vec<MyApplication>>> {
    Ok(Json(store::mine(viewer.pool(), &viewer_id(&viewer)).await?))
}

// ---------------------------------------------------------------------------------------
// Reviewing (Supervisor → Applications).

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// Only this form's applications.
    pub form_id: Option<i64>,
    /// Only those in this stage.
    pub stage_id: Option<i64>,
}

/// The forms the viewer reviews (their stages are the board's columns) and their
/// applications, newest first, with the applicant's Discord name and account age.
#[utoipa::path(get, operation_id = "list_applications", path = "/api/applications", tag = "recruitment",
    params(BoardQuery),
    responses((status = 200, body = Board), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn board(
    Guard(viewer, _): Guard<nav_item::Applications>,
    QueryParams(query): QueryParams<BoardQuery>,
) -> AppResult<Json<Board>> {
    let rows = store::forms(viewer.pool()).await?;
    let rows: Vec<Form> = rows
        .into_iter()
        .filter(|f| reviews(&viewer, &f.reviewer_levels, &f.reviewer_roles))
        .collect();
    let ids: Vec<i64> = rows.iter().map(|f| f.id).collect();
    let forms = with_stages(&viewer, rows)
        .await?
        .into_iter()
        .map(|f| BoardForm { id: f.id, title: f.title, is_open: f.is_open, stages: f.stages })
        .collect();
    let applications =
        store::board(viewer.pool(), &viewer_id(&viewer), &ids, query.form_id, query.stage_id)
            .await?;
    Ok(Json(Board { forms, applications }))
}

/// The application `id` for a review by the viewer: a reviewer of its form, and not the
/// applicant. `lock` holds its row until the transaction ends.
async fn for_review(
    viewer: &Viewer,
    conn: &mut AgencyConnection,
    id: i64,
    lock: bool,
) -> AppResult<crate::features::recruitment::model::ApplicationSummary> {
    let found = store::summary(&mut *conn, id, &viewer_id(viewer), lock)
        .await?
        .ok_or_else(|| not_found(NOT_FOUND))?;
    let form =
        store::form(&mut *conn, found.form_id, false).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    if !reviews(viewer, &form.reviewer_levels, &form.reviewer_roles) {
        return Err(forbidden(NOT_A_REVIEWER));
    }
    if found.own {
        return Err(forbidden(OWN_APPLICATION));
    }
    Ok(found)
}

async fn detail(
    viewer: &Viewer,
    conn: &mut AgencyConnection,
    id: i64,
) -> AppResult<ApplicationDetail> {
    store::detail(conn, id, &viewer_id(viewer)).await?.ok_or_else(|| not_found(NOT_FOUND))
}

/// What the audit log compares of an application.
fn audited(a: &ApplicationDetail) -> Value {
    json!({"stage": a.summary.stage, "stageKind": a.summary.stage_kind,
           "denialReason": a.denial_reason, "hiredRosterId": a.summary.hired_roster_id})
}

fn title_of(a: &ApplicationDetail) -> String {
    application_title(&a.summary.display_name, &a.summary.form_title)
}

/// Ends a change to application `id` (a move, a note, a vote, a hire): reads the application as
/// it is now, records the audit event `event` makes of it (none: nothing to log), commits and
/// answers it.
async fn commit_change(
    viewer: &Viewer,
    mut tx: TenantTx,
    actor: &Actor,
    id: i64,
    event: impl FnOnce(&ApplicationDetail) -> Option<Event>,
) -> AppResult<ApplicationDetail> {
    let after = detail(viewer, &mut tx, id).await?;
    if let Some(event) = event(&after) {
        audit::record(&mut tx, actor, &event).await?;
    }
    tx.commit().await?;
    Ok(after)
}

/// The audit event of `action` ("moved", "hired") taking an application from `before` to `after`.
fn changed(action: &str, id: i64, before: &ApplicationDetail, after: &ApplicationDetail) -> Event {
    Event {
        action: action.into(),
        ..Event::updated(APPLICATION_KIND, id, &title_of(after), &audited(before), &audited(after))
    }
}

/// One application: answers, internal notes and votes (reviewers of its form; never one's own).
#[utoipa::path(get, operation_id = "get_application", path = "/api/applications/{id}", tag = "recruitment",
    params(("id" = i64, Path, description = "Application id")),
    responses((status = 200, body = ApplicationDetail), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_application(
    Guard(viewer, _): Guard<nav_item::Applications>,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<ApplicationDetail>> {
    let mut conn = viewer.pool().acquire().await?;
    for_review(&viewer, &mut conn, id, false).await?;
    Ok(Json(detail(&viewer, &mut conn, id).await?))
}

/// Moves an application to a stage of its form (reviewers of the form; never one's own). A
/// denied stage takes an optional reason, shown to the applicant.
#[utoipa::path(post, operation_id = "move_application", path = "/api/applications/{id}/move", tag = "recruitment",
    request_body = MoveInput, params(("id" = i64, Path, description = "Application id")),
    responses((status = 200, body = ApplicationDetail), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn move_application(
    Guard(viewer, _): Guard<nav_item::Applications>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<MoveInput>,
) -> AppResult<Quiet<Json<ApplicationDetail>>> {
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let found = for_review(&viewer, &mut tx, id, true).await?;
    if found.hired_at.is_some() {
        return Err(conflict(ALREADY_HIRED_STAYS));
    }
    let (stage_id, _, kind) = store::stage(&mut tx, found.form_id, input.stage_id)
        .await?
        .ok_or_else(|| bad_request(format!("This form has no stage {}.", input.stage_id)))?;
    let reason = input.reason_for(&kind).map_err(bad_request)?;
    let before = detail(&viewer, &mut tx, id).await?;
    if stage_id == found.stage_id && reason == before.denial_reason {
        drop(tx);
        return Ok(quiet(Json(before)));
    }
    store::move_to(&mut tx, id, stage_id, &kind, reason.as_deref(), &actor.display)
        .await
        .on_constraint("applications_one_open", || {
            conflict(format!(
                "{} has another open application to {}; finish that one first.",
                found.display_name, found.form_title
            ))
        })?;
    let after =
        commit_change(&viewer, tx, &actor, id, |after| Some(changed("moved", id, &before, after)))
            .await?;
    Ok(quiet(Json(after)))
}

/// Adds an internal note (reviewers of the form; never on one's own application).
#[utoipa::path(post, operation_id = "add_application_note", path = "/api/applications/{id}/notes", tag = "recruitment",
    request_body = NoteInput, params(("id" = i64, Path, description = "Application id")),
    responses((status = 201, body = ApplicationDetail), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn add_note(
    Guard(viewer, _): Guard<nav_item::Applications>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<NoteInput>,
) -> AppResult<Quiet<(StatusCode, Json<ApplicationDetail>)>> {
    let body = input.validate().map_err(bad_request)?;
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    for_review(&viewer, &mut tx, id, true).await?;
    let note =
        store::add_note(&mut tx, id, &body, &actor.display, actor.user_id.as_deref()).await?;
    let after = commit_change(&viewer, tx, &actor, id, |after| {
        Some(Event {
            action: "noted".into(),
            ..Event::created(
                APPLICATION_KIND,
                id,
                &title_of(after),
                &json!({"note": body, "noteId": note}),
            )
        })
    })
    .await?;
    Ok(quiet((StatusCode::CREATED, Json(after))))
}

/// Sets the viewer's vote for or against (`none` takes it back); one vote per reviewer.
#[utoipa::path(put, operation_id = "vote_on_application", path = "/api/applications/{id}/vote", tag = "recruitment",
    request_body = VoteInput, params(("id" = i64, Path, description = "Application id")),
    responses((status = 200, body = ApplicationDetail), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn vote(
    Guard(viewer, _): Guard<nav_item::Applications>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<VoteInput>,
) -> AppResult<Quiet<Json<ApplicationDetail>>> {
    let vote = input.validate().map_err(bad_request)?;
    let actor = viewer.actor();
    let voter = viewer_id(&viewer);
    let mut tx = viewer.pool().begin().await?;
    for_review(&viewer, &mut tx, id, true).await?;
    let before = store::set_vote(&mut tx, id, &voter, &actor.display, vote).await?;
    let after = commit_change(&viewer, tx, &actor, id, |after| {
        (before.as_deref() != vote).then(|| Event {
            action: "voted".into(),
            ..Event::updated(
                APPLICATION_KIND,
                id,
                &title_of(after),
                &json!({"vote": before}),
                &json!({"vote": vote}),
            )
        })
    })
    .await?;
    Ok(quiet(Json(after)))
}

/// Hires an accepted applicant (roster managers, within their command): one roster entry at
/// the rank and department chosen, with the callsign given or the first free one of the
/// rank's pools, logged as a hire and audited (so Discord roles follow when role sync is on).
/// The application is locked meanwhile: a second hire answers 200 with the same entry and
/// `alreadyHired`.
#[utoipa::path(post, operation_id = "hire_applicant", path = "/api/applications/{id}/hire", tag = "recruitment",
    request_body = HireInput, params(("id" = i64, Path, description = "Application id")),
    responses((status = 201, body = Hired), (status = 200, body = Hired, description = "Hired already"),
              (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn hire(
    Guard(viewer, _): Guard<nav_item::Roster>,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<HireInput>,
) -> AppResult<(StatusCode, Json<Hired>)> {
    require_roster_manager(&viewer)?;
    let actor = viewer.actor();
    let me = viewer_id(&viewer);
    let mut tx = viewer.pool().begin().await?;
    let found =
        store::summary(&mut tx, id, &me, true).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    if let Some(roster_id) = found.hired_roster_id {
        let entry = store::roster_entry(&mut tx, roster_id).await?;
        let application = detail(&viewer, &mut tx, id).await?;
        drop(tx);
        let entry = entry.ok_or_else(|| {
            conflict("This applicant was hired already; their roster entry has been removed since.")
        })?;
        let hired = Hired { application, entry, callsign_from_pool: false, already_hired: true };
        return Ok((StatusCode::OK, Json(hired)));
    }
    if found.hired_at.is_some() {
        return Err(conflict(
            "This applicant was hired already; their roster entry has been removed since.",
        ));
    }
    if found.stage_kind != ACCEPTED {
        return Err(conflict(NOT_ACCEPTED));
    }
    let typed = input.callsign.as_deref().map(str::trim).filter(|c| !c.is_empty());
    let (callsign, from_pool) = match typed {
        Some(callsign) => (Some(callsign.to_owned()), false),
        None if viewer.agency.flags.disable_callsigns => (None, false),
        None => match hiring::free_callsign(&mut tx, input.rank_id.trim()).await? {
            Some(free) => (Some(free), true),
            None => {
                let rank =
                    store::rank_name(&mut tx, input.rank_id.trim()).await?.ok_or_else(|| {
                        bad_request(format!("Unknown rank '{}'.", input.rank_id.trim()))
                    })?;
                return Err(conflict(format!(
                    "Rank {rank} has no free callsign in its pools: give the new member one."
                )));
            }
        },
    };
    let name = input
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or(&found.display_name)
        .to_owned();
    let wanted = RosterInput {
        name: Some(name),
        callsign: Some(callsign),
        discord_id: Some(Some(found.discord_id.clone())),
        department_id: Some(input.department_id.clone()),
        rank_id: Some(input.rank_id.clone()),
        status: Some("Active".into()),
        action: Some(Some("Hired".into())),
        reason: Some(Some(format!("Application to {}", found.form_title))),
        ..RosterInput::default()
    };
    let person = hiring::check(&viewer, &mut tx, wanted, None).await?;
    let before = detail(&viewer, &mut tx, id).await?;
    let entry = match hiring::add(&mut tx, &person, &actor).await {
        Ok(entry) => entry,
        Err(err) => {
            drop(tx);
            let mut conn = viewer.pool().acquire().await?;
            return Err(callsign_conflict(&mut conn, err, person.callsign.as_deref()).await);
        }
    };
    store::mark_hired(&mut tx, id, entry.id, &actor.display).await?;
    let after =
        commit_change(&viewer, tx, &actor, id, |after| Some(changed("hired", id, &before, after)))
            .await?;
    let hired =
        Hired { application: after, entry, callsign_from_pool: from_pool, already_hired: false };
    Ok((StatusCode::CREATED, Json(hired)))
}
