//! `GET|POST /api/roster/{id}/file`.

use axum::{http::StatusCode, Json};
use chrono::NaiveTime;
use serde_json::json;

use crate::{
    access::{
        guard::{require_can_manage, require_roster_manager, Authenticated},
        scope, Viewer,
    },
    error::{bad_request, forbidden, not_found, AppResult},
    extract::{JsonBody, PathParams},
    features::personnel_file::{
        model::{
            finish, log_lines, EntryInput, FileMember, PersonnelFile, TimelineItem,
            CORRECTS_UNKNOWN, NOT_YOURS, OWN_FILE,
        },
        store,
    },
    shared::{
        audit::{self, Event},
        discord_store, leave, qualifications,
    },
};

/// Whether the viewer commands member `entry`'s department and may read everything in their
/// file and write in it (never their own).
async fn commands(viewer: &Viewer, entry: &crate::access::member::RosterEntry) -> AppResult<bool> {
    if require_roster_manager(viewer).is_err() || viewer.matches.iter().any(|m| m.id == entry.id) {
        return Ok(false);
    }
    Ok(scope::of(viewer).await?.reaches(entry.department_id.as_deref()))
}

/// Member `id`'s file: their own (what they may see), or any member's for the command that
/// manages them (everything).
#[utoipa::path(get, operation_id = "get_personnel_file", path = "/api/roster/{id}/file", tag = "personnel",
    params(("id" = i64, Path, description = "Roster entry id")),
    responses((status = 200, body = PersonnelFile), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn file(
    Authenticated(viewer): Authenticated,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<PersonnelFile>> {
    let entry = discord_store::entry(viewer.pool(), id)
        .await?
        .ok_or_else(|| not_found(format!("No roster entry {id}")))?;
    let own = viewer.matches.iter().any(|m| m.id == id);
    let command = commands(&viewer, &entry).await?;
    if !own && !command {
        return Err(forbidden(NOT_YOURS));
    }
    let db = viewer.pool();
    let levels: Vec<String> = viewer.agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    let (rank_levels, departments) = store::structure_names(db).await?;
    let mut items = log_lines(&store::log_rows(db, id).await?, &rank_levels, &levels, &departments);
    for hire in store::hires(db, id).await? {
        let title = match &hire.roster_rank {
            Some(rank) => format!("Hired as {rank}"),
            None => "Hired".into(),
        };
        items.push(TimelineItem {
            at: hire.ts,
            by: Some(hire.actor_display),
            ..TimelineItem::on_day(hire.ts.date_naive(), "hired", title)
        });
    }
    let today = leave::today(db).await?;
    for h in qualifications::of_member(db, id).await? {
        let detail = match h.expires_on {
            Some(day) => Some(format!("Valid until {day}")),
            None => Some("Does not expire".into()),
        };
        items.push(TimelineItem {
            by: Some(h.granted_by.clone()),
            detail: if h.note.is_empty() {
                detail
            } else {
                Some(format!("{} · {}", detail.unwrap_or_default(), h.note))
            },
            ..TimelineItem::on_day(
                h.granted_on,
                "qualification_granted",
                format!("Qualified: {}", h.name),
            )
        });
        if let (Some(at), Some(by)) = (h.revoked_at, &h.revoked_by) {
            items.push(TimelineItem {
                at,
                by: Some(by.clone()),
                detail: h.revoke_reason.clone(),
                ..TimelineItem::on_day(
                    at.date_naive(),
                    "qualification_revoked",
                    format!("Qualification revoked: {}", h.name),
                )
            });
        } else if let Some(day) = h.expires_on.filter(|d| *d < today) {
            items.push(TimelineItem::on_day(
                day,
                "qualification_expired",
                format!("Qualification expired: {}", h.name),
            ));
        }
    }
    for t in store::completed_training(db, id).await? {
        items.push(TimelineItem {
            at: t.at,
            by: t.ftos,
            ..TimelineItem::on_day(
                t.at.date_naive(),
                "training_completed",
                format!("Completed training: {}", t.title),
            )
        });
    }
    for l in store::leave(db, id).await? {
        let period = leave::period(l.starts_on, l.ends_on);
        let at = l.decided_at.unwrap_or(l.created_at);
        items.push(TimelineItem {
            at: if l.status == "approved" {
                l.starts_on.and_time(NaiveTime::MIN).and_utc()
            } else {
                at
            },
            by: l.decided_by,
            detail: l.decision_note,
            ..TimelineItem::on_day(
                at.date_naive(),
                "leave",
                format!("Leave {period} ({})", l.status),
            )
        });
    }
    for e in store::entries(db, id).await? {
        items.push(TimelineItem {
            // On its day, in the order written.
            at: e.happened_on.and_time(e.created_at.time()).and_utc(),
            by: Some(e.author),
            detail: Some(e.text),
            visibility: e.visibility,
            entry_id: Some(e.id),
            corrects_id: e.corrects_id,
            ..TimelineItem::on_day(e.happened_on, &e.kind, entry_title(&e.kind))
        });
    }
    let member = FileMember {
        id,
        name: entry.name.clone(),
        rank: entry.rank.clone(),
        department_name: entry.department_name.clone(),
        status: entry.status.clone(),
    };
    Ok(Json(PersonnelFile {
        member,
        items: finish(items, !command),
        can_write: command && viewer.can_manage,
    }))
}

fn entry_title(kind: &str) -> String {
    match kind {
        "commendation" => "Commendation",
        "counselling" => "Counselling",
        "written_warning" => "Written warning",
        "suspension" => "Suspension",
        _ => "Correction",
    }
    .into()
}

/// Writes an entry in member `id`'s file (the command that manages them; never one's own). A
/// correction names the entry it corrects; nothing is ever changed in place.
#[utoipa::path(post, operation_id = "write_personnel_file_entry", path = "/api/roster/{id}/file", tag = "personnel", request_body = EntryInput,
    params(("id" = i64, Path, description = "Roster entry id")),
    responses((status = 201, body = PersonnelFile), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn write(
    Authenticated(viewer): Authenticated,
    PathParams(id): PathParams<i64>,
    JsonBody(input): JsonBody<EntryInput>,
) -> AppResult<(StatusCode, Json<PersonnelFile>)> {
    let entry = discord_store::entry(viewer.pool(), id)
        .await?
        .ok_or_else(|| not_found(format!("No roster entry {id}")))?;
    if viewer.matches.iter().any(|m| m.id == id) {
        return Err(forbidden(OWN_FILE));
    }
    require_roster_manager(&viewer)?;
    require_can_manage(&viewer)?;
    scope::of(&viewer).await?.require(&[entry.department_id.as_deref()])?;
    let today = leave::today(viewer.pool()).await?;
    let checked = input.validate(today).map_err(bad_request)?;
    if let Some(corrects) = checked.corrects_id {
        if !store::entry_in_file(viewer.pool(), id, corrects).await? {
            return Err(bad_request(CORRECTS_UNKNOWN));
        }
    }
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let entry_id =
        store::insert(&mut tx, id, &checked, &actor.display, actor.user_id.as_deref()).await?;
    let written = json!({"kind": checked.kind, "happenedOn": checked.happened_on, "text": checked.text,
                         "visibility": checked.visibility, "correctsId": checked.corrects_id});
    let title = format!("{}: {}", entry.name, entry_title(&checked.kind));
    audit::record(&mut tx, &actor, &Event::created("personnel_file", entry_id, &title, &written))
        .await?;
    tx.commit().await?;
    let Json(file) = file(Authenticated(viewer), PathParams(id)).await?;
    Ok((StatusCode::CREATED, Json(file)))
}
