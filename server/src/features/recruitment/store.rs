//! Recruitment SQL: forms and their stages, applications, notes and votes.

use sqlx::{postgres::PgArguments, types::Json, Arguments, PgExecutor};

use crate::{
    access::{
        member::RosterEntry,
        store::{ENTRY_COLUMNS, ENTRY_FROM},
    },
    features::recruitment::model::{
        Answer, ApplicationDetail, ApplicationExtra, ApplicationSummary, CheckedForm, CheckedStage,
        Form, MyApplication, Note, PublicForm, Stage, Vote,
    },
    tenancy::pools::AgencyConnection,
};

const FORM_COLUMNS: &str = "id, title, description, is_open, questions, reviewer_levels,
        reviewer_roles, version, created_by, created_at, updated_by, updated_at";

/// Every form, by title (bounded).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn forms(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<Form>> {
    sqlx::query_as(&format!(
        "SELECT {FORM_COLUMNS} FROM application_forms ORDER BY lower(title), id LIMIT 500"
    ))
    .fetch_all(db)
    .await
}

/// One form; `lock` takes its row for an edit.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn form(conn: &mut AgencyConnection, id: i64, lock: bool) -> sqlx::Result<Option<Form>> {
    let lock = if lock { "FOR UPDATE" } else { "" };
    sqlx::query_as(&format!("SELECT {FORM_COLUMNS} FROM application_forms WHERE id = $1 {lock}"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

#[derive(sqlx::FromRow)]
struct StageRow {
    form_id: i64,
    #[sqlx(flatten)]
    stage: Stage,
}

/// The stages of `forms`, in order, with how many applications each holds: by form id.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn stages(db: impl PgExecutor<'_>, forms: &[i64]) -> sqlx::Result<Vec<(i64, Stage)>> {
    let rows: Vec<StageRow> = sqlx::query_as(
        "SELECT s.form_id, s.id, s.name, s.kind,
                (SELECT count(*) FROM applications a WHERE a.stage_id = s.id) AS applications
           FROM application_stages s WHERE s.form_id = ANY($1) ORDER BY s.form_id, s.position, s.id",
    )
    .bind(forms)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| (r.form_id, r.stage)).collect())
}

/// The ids of the agency's department roles (reviewers a form may name).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn role_ids(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT id FROM department_roles ORDER BY id").fetch_all(db).await
}

/// A form's fields and its author as `$1` to `$7`, in the order the insert and the update
/// name them, then the form's id as `$8` when one is given.
fn form_arguments(f: &CheckedForm, by: &str, id: Option<i64>) -> sqlx::Result<PgArguments> {
    let mut args = PgArguments::default();
    args.add(&f.title).map_err(sqlx::Error::Encode)?;
    args.add(&f.description).map_err(sqlx::Error::Encode)?;
    args.add(f.is_open).map_err(sqlx::Error::Encode)?;
    args.add(Json(&f.questions)).map_err(sqlx::Error::Encode)?;
    args.add(&f.reviewer_levels).map_err(sqlx::Error::Encode)?;
    args.add(&f.reviewer_roles).map_err(sqlx::Error::Encode)?;
    args.add(by).map_err(sqlx::Error::Encode)?;
    if let Some(id) = id {
        args.add(id).map_err(sqlx::Error::Encode)?;
    }
    Ok(args)
}

#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert_form(
    conn: &mut AgencyConnection,
    f: &CheckedForm,
    by: &str,
) -> sqlx::Result<i64> {
    sqlx::query_scalar_with(
        "INSERT INTO application_forms (title, description, is_open, questions, reviewer_levels,
                                        reviewer_roles, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
        form_arguments(f, by, None)?,
    )
    .fetch_one(conn)
    .await
}

/// Writes a form's fields (its stages apart) as a new version.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn update_form(
    conn: &mut AgencyConnection,
    id: i64,
    f: &CheckedForm,
    by: &str,
) -> sqlx::Result<()> {
    sqlx::query_with(
        "UPDATE application_forms SET title = $1, description = $2, is_open = $3, questions = $4,
                reviewer_levels = $5, reviewer_roles = $6, updated_by = $7, updated_at = now(),
                version = version + 1
          WHERE id = $8",
        form_arguments(f, by, Some(id))?,
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// Saves a form's stages as `wanted`, in that order: `removed` go, the others are renamed and
/// moved in place, new ones are added. Names pass through a temporary one first, so two
/// stages may swap names.
#[tracing::instrument(level = "debug", skip_all, fields(form_id))]
pub async fn save_stages(
    conn: &mut AgencyConnection,
    form_id: i64,
    wanted: &[CheckedStage],
    removed: &[i64],
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM application_stages WHERE form_id = $1 AND id = ANY($2)")
        .bind(form_id)
        .bind(removed)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE application_stages SET name = chr(1) || id WHERE form_id = $1")
        .bind(form_id)
        .execute(&mut *conn)
        .await?;
    for (position, stage) in wanted.iter().enumerate() {
        let position = i32::try_from(position).unwrap_or(i32::MAX);
        match stage.id {
            Some(id) => {
                sqlx::query(
                    "UPDATE application_stages SET name = $3, kind = $4, position = $5
                      WHERE form_id = $1 AND id = $2",
                )
                .bind(form_id)
                .bind(id)
                .bind(&stage.name)
                .bind(stage.kind)
                .bind(position)
                .execute(&mut *conn)
                .await?;
            }
            None => {
                sqlx::query(
                    "INSERT INTO application_stages (form_id, name, kind, position)
                     VALUES ($1, $2, $3, $4)",
                )
                .bind(form_id)
                .bind(&stage.name)
                .bind(stage.kind)
                .bind(position)
                .execute(&mut *conn)
                .await?;
            }
        }
    }
    Ok(())
}

/// How many applications a form has.
#[tracing::instrument(level = "debug", skip_all, fields(form_id))]
pub async fn application_count(conn: &mut AgencyConnection, form_id: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT count(*) FROM applications WHERE form_id = $1")
        .bind(form_id)
        .fetch_one(conn)
        .await
}

#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn delete_form(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM application_forms WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// The open forms, as anyone may read them.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn open_forms(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<PublicForm>> {
    sqlx::query_as(
        "SELECT id, title, description, questions FROM application_forms
          WHERE is_open ORDER BY lower(title), id LIMIT 100",
    )
    .fetch_all(db)
    .await
}

/// The stage of a form where new applications land: its first open stage.
#[tracing::instrument(level = "debug", skip_all, fields(form_id))]
pub async fn first_open_stage(
    conn: &mut AgencyConnection,
    form_id: i64,
) -> sqlx::Result<Option<(i64, String)>> {
    sqlx::query_as(
        "SELECT id, name FROM application_stages WHERE form_id = $1 AND kind = 'open'
          ORDER BY position, id LIMIT 1",
    )
    .bind(form_id)
    .fetch_optional(conn)
    .await
}

/// One stage of a form: its id, name and kind.
#[tracing::instrument(level = "debug", skip_all, fields(form_id, stage_id))]
pub async fn stage(
    conn: &mut AgencyConnection,
    form_id: i64,
    stage_id: i64,
) -> sqlx::Result<Option<(i64, String, String)>> {
    sqlx::query_as("SELECT id, name, kind FROM application_stages WHERE form_id = $1 AND id = $2")
        .bind(form_id)
        .bind(stage_id)
        .fetch_optional(conn)
        .await
}

/// The stage of the applicant's application to a form that still counts (not denied, not
/// hired), if any.
#[tracing::instrument(level = "debug", skip_all, fields(form_id))]
pub async fn open_application_of(
    conn: &mut AgencyConnection,
    form_id: i64,
    applicant_id: &str,
) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar(
        "SELECT s.name FROM applications a JOIN application_stages s ON s.id = a.stage_id
          WHERE a.form_id = $1 AND a.applicant_id = $2 AND a.stage_kind <> 'denied'
            AND a.hired_at IS NULL
          LIMIT 1",
    )
    .bind(form_id)
    .bind(applicant_id)
    .fetch_optional(conn)
    .await
}

/// Who applies, as an application keeps them.
pub struct Applicant<'a> {
    pub discord_id: &'a str,
    pub discord_name: &'a str,
    pub display_name: &'a str,
    pub account_created_at: chrono::DateTime<chrono::Utc>,
}

#[tracing::instrument(level = "debug", skip_all, fields(form_id, stage_id))]
pub async fn insert_application(
    conn: &mut AgencyConnection,
    form_id: i64,
    stage_id: i64,
    applicant: &Applicant<'_>,
    answers: &[Answer],
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO applications (form_id, stage_id, stage_kind, applicant_id, discord_name,
                                   display_name, account_created_at, answers)
         VALUES ($1, $2, 'open', $3, $4, $5, $6, $7) RETURNING id",
    )
    .bind(form_id)
    .bind(stage_id)
    .bind(applicant.discord_id)
    .bind(applicant.discord_name)
    .bind(applicant.display_name)
    .bind(applicant.account_created_at)
    .bind(Json(answers))
    .fetch_one(conn)
    .await
}

const MINE: &str = "SELECT a.id, a.form_id, f.title AS form_title, s.name AS stage, a.stage_kind,
        CASE WHEN a.stage_kind = 'denied' THEN a.denial_reason END AS denial_reason,
        a.hired_at IS NOT NULL AS hired, a.created_at, a.updated_at
   FROM applications a JOIN application_forms f ON f.id = a.form_id
   JOIN application_stages s ON s.id = a.stage_id";

/// The applications of one Discord account, newest first (bounded).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn mine(db: impl PgExecutor<'_>, applicant_id: &str) -> sqlx::Result<Vec<MyApplication>> {
    sqlx::query_as(&format!(
        "{MINE} WHERE a.applicant_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT 100"
    ))
    .bind(applicant_id)
    .fetch_all(db)
    .await
}

/// One application as its applicant reads it.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn mine_one(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<MyApplication> {
    sqlx::query_as(&format!("{MINE} WHERE a.id = $1")).bind(id).fetch_one(conn).await
}

/// The board's columns of an application; `$1` is the viewer's Discord id.
const SUMMARY: &str = "SELECT a.id, a.form_id, f.title AS form_title, a.stage_id, s.name AS stage,
        a.stage_kind, a.applicant_id AS discord_id, a.discord_name, a.display_name,
        a.account_created_at, (a.created_at::date - a.account_created_at::date) AS account_age_days,
        (SELECT count(*) FROM application_votes v WHERE v.application_id = a.id AND v.vote = 'for')
            AS votes_for,
        (SELECT count(*) FROM application_votes v WHERE v.application_id = a.id AND v.vote = 'against')
            AS votes_against,
        (SELECT count(*) FROM application_notes n WHERE n.application_id = a.id) AS note_count,
        a.hired_roster_id, a.hired_at, a.created_at, a.updated_at,
        COALESCE(a.applicant_id = $1, false) AS own
   FROM applications a JOIN application_forms f ON f.id = a.form_id
   JOIN application_stages s ON s.id = a.stage_id";

/// Applications of `forms` (optionally one form, one stage), newest first (bounded).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn board(
    db: impl PgExecutor<'_>,
    viewer_id: &str,
    forms: &[i64],
    form: Option<i64>,
    stage: Option<i64>,
) -> sqlx::Result<Vec<ApplicationSummary>> {
    sqlx::query_as(&format!(
        "{SUMMARY}
          WHERE a.form_id = ANY($2) AND ($3::bigint IS NULL OR a.form_id = $3)
            AND ($4::bigint IS NULL OR a.stage_id = $4)
          ORDER BY a.created_at DESC, a.id DESC LIMIT 1000"
    ))
    .bind(viewer_id)
    .bind(forms)
    .bind(form)
    .bind(stage)
    .fetch_all(db)
    .await
}

/// One application's board columns; `lock` takes its row until the transaction ends (moves
/// and hires of one application happen one at a time).
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn summary(
    conn: &mut AgencyConnection,
    id: i64,
    viewer_id: &str,
    lock: bool,
) -> sqlx::Result<Option<ApplicationSummary>> {
    let lock = if lock { "FOR UPDATE OF a" } else { "" };
    sqlx::query_as(&format!("{SUMMARY} WHERE a.id = $2 {lock}"))
        .bind(viewer_id)
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// One application with its answers, notes and votes.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn detail(
    conn: &mut AgencyConnection,
    id: i64,
    viewer_id: &str,
) -> sqlx::Result<Option<ApplicationDetail>> {
    let Some(summary) = summary(&mut *conn, id, viewer_id, false).await? else { return Ok(None) };
    let extra: ApplicationExtra = sqlx::query_as(
        "SELECT answers, denial_reason, decided_by, decided_at, hired_by FROM applications WHERE id = $1",
    )
    .bind(id)
    .fetch_one(&mut *conn)
    .await?;
    let notes: Vec<Note> = sqlx::query_as(
        "SELECT id, body, author, created_at FROM application_notes
          WHERE application_id = $1 ORDER BY id LIMIT 500",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let votes: Vec<Vote> = sqlx::query_as(
        "SELECT voter_id, voter_name, vote, updated_at FROM application_votes
          WHERE application_id = $1 ORDER BY updated_at, voter_id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let my_vote = votes.iter().find(|v| v.voter_id == viewer_id).map(|v| v.vote.clone());
    Ok(Some(ApplicationDetail {
        summary,
        answers: extra.answers,
        denial_reason: extra.denial_reason,
        decided_by: extra.decided_by,
        decided_at: extra.decided_at,
        hired_by: extra.hired_by,
        notes,
        votes,
        my_vote,
    }))
}

/// Puts an application in a stage (of `kind`), keeping the denial reason of a denied one and
/// who decided an accepted or denied one.
#[tracing::instrument(level = "debug", skip_all, fields(id, stage_id))]
pub async fn move_to(
    conn: &mut AgencyConnection,
    id: i64,
    stage_id: i64,
    kind: &str,
    reason: Option<&str>,
    by: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE applications SET stage_id = $2, stage_kind = $3, denial_reason = $4,
                decided_by = CASE WHEN $3 = 'open' THEN NULL ELSE $5 END,
                decided_at = CASE WHEN $3 = 'open' THEN NULL ELSE now() END,
                updated_at = now()
          WHERE id = $1",
    )
    .bind(id)
    .bind(stage_id)
    .bind(kind)
    .bind(reason)
    .bind(by)
    .execute(conn)
    .await?;
    Ok(())
}

#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn add_note(
    conn: &mut AgencyConnection,
    id: i64,
    body: &str,
    author: &str,
    author_id: Option<&str>,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO application_notes (application_id, body, author, author_id)
         VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(id)
    .bind(body)
    .bind(author)
    .bind(author_id)
    .fetch_one(conn)
    .await
}

/// Sets (or, with `None`, takes back) a reviewer's vote; answers the vote before.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn set_vote(
    conn: &mut AgencyConnection,
    id: i64,
    voter_id: &str,
    voter_name: &str,
    vote: Option<&str>,
) -> sqlx::Result<Option<String>> {
    let before: Option<String> = sqlx::query_scalar(
        "SELECT vote FROM application_votes WHERE application_id = $1 AND voter_id = $2 FOR UPDATE",
    )
    .bind(id)
    .bind(voter_id)
    .fetch_optional(&mut *conn)
    .await?;
    match vote {
        Some(vote) => {
            sqlx::query(
                "INSERT INTO application_votes (application_id, voter_id, voter_name, vote)
                 VALUES ($1, $2, $3, $4)
                 ON CONFLICT (application_id, voter_id)
                 DO UPDATE SET vote = EXCLUDED.vote, voter_name = EXCLUDED.voter_name, updated_at = now()",
            )
            .bind(id)
            .bind(voter_id)
            .bind(voter_name)
            .bind(vote)
            .execute(conn)
            .await?;
        }
        None => {
            sqlx::query(
                "DELETE FROM application_votes WHERE application_id = $1 AND voter_id = $2",
            )
            .bind(id)
            .bind(voter_id)
            .execute(conn)
            .await?;
        }
    }
    Ok(before)
}

/// Records the hire of an application.
#[tracing::instrument(level = "debug", skip_all, fields(id, roster_id))]
pub async fn mark_hired(
    conn: &mut AgencyConnection,
    id: i64,
    roster_id: i64,
    by: &str,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE applications SET hired_roster_id = $2, hired_by = $3, hired_at = now(), updated_at = now()
          WHERE id = $1",
    )
    .bind(id)
    .bind(roster_id)
    .bind(by)
    .execute(conn)
    .await?;
    Ok(())
}

/// A roster entry by id.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn roster_entry(
    conn: &mut AgencyConnection,
    id: i64,
) -> sqlx::Result<Option<RosterEntry>> {
    sqlx::query_as(&format!("SELECT {ENTRY_COLUMNS} FROM {ENTRY_FROM} WHERE r.id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// A rank's name, by its id.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn rank_name(conn: &mut AgencyConnection, rank_id: &str) -> sqlx::Result<Option<String>> {
    sqlx::query_scalar("SELECT name FROM ranks WHERE id = $1")
        .bind(rank_id)
        .fetch_optional(conn)
        .await
}
