//! Application forms, applications and their reviews as the API answers and takes them, and
//! their checks: a form's questions, stages and reviewers, an applicant's answers (per kind,
//! required, options, lengths), moves, notes, votes and the hire.

use std::collections::{BTreeMap, HashSet};

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use utoipa::ToSchema;

use crate::{
    access::{
        member::RosterEntry,
        nav::{can_see, NavRule},
        Viewer,
    },
    validate::{date_in_range, limits, max_len},
};

pub const FORM_NOT_FOUND: &str = "Application form not found";
pub const NOT_FOUND: &str = "Application not found";
pub const STALE_FORM: &str =
    "Someone else saved this form since you opened it. Review their changes and save again.";
pub const VERSION_REQUIRED: &str = "Send the version of the form you edited.";
pub const TITLE_REQUIRED: &str = "Give the form a title.";
pub const NO_QUESTIONS: &str = "Add at least one question.";
pub const LABEL_REQUIRED: &str = "Every question needs its text.";
pub const BAD_QUESTION_ID: &str =
    "A question's id is letters, digits, - and _ (at most 40 characters).";
pub const STAGE_NAME_REQUIRED: &str = "Every stage needs a name.";
pub const STAGE_KINDS_NEEDED: &str =
    "A form needs at least one open stage, one accepted stage and one denied stage.";
pub const ON_ROSTER: &str =
    "You are on this agency's roster already; applications are for people who are not.";
pub const OWN_APPLICATION: &str = "You cannot review your own application.";
pub const NOT_A_REVIEWER: &str = "You do not review applications to this form.";
pub const ALREADY_HIRED_STAYS: &str =
    "This applicant was hired; the application stays where it is.";
pub const NOT_ACCEPTED: &str =
    "Only an accepted application can be hired: move it to an accepted stage first.";
pub const REASON_ONLY_WHEN_DENIED: &str = "A reason is given only when an application is denied.";
pub const NOTE_REQUIRED: &str = "Write the note.";
pub const BAD_VOTE: &str = "Vote \"for\" or \"against\", or \"none\" to take your vote back.";

/// Answers of a short text question, and of a long one, are at most this long.
pub const SHORT_ANSWER: usize = 200;
pub const LONG_ANSWER: usize = limits::LONG_TEXT;
pub const QUESTION_LABEL: usize = 300;
pub const QUESTION_HELP: usize = limits::DESCRIPTION;
pub const OPTION_TEXT: usize = limits::LABEL;
pub const STAGE_NAME: usize = limits::SHORT_TEXT;
pub const MAX_QUESTIONS: usize = 50;
pub const MAX_OPTIONS: usize = 25;
pub const MAX_STAGES: usize = 12;
pub const MAX_REVIEWERS: usize = 50;

/// What a question asks for.
pub const QUESTION_KINDS: [&str; 7] =
    ["short_text", "long_text", "choice", "multiple_choice", "yes_no", "number", "date"];
/// What a stage means, whatever it is called.
pub const STAGE_KINDS: [&str; 3] = [OPEN, ACCEPTED, DENIED];
pub const OPEN: &str = "open";
pub const ACCEPTED: &str = "accepted";
pub const DENIED: &str = "denied";

/// One question of a form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Question {
    /// Kept by the answers (`q1`, `why`); the server makes one when blank.
    #[serde(default)]
    #[schema(max_length = 40)]
    pub id: String,
    #[schema(max_length = 300)]
    pub label: String,
    /// A line under the question.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub help: String,
    /// `short_text`, `long_text`, `choice`, `multiple_choice`, `yes_no`, `number` or `date`.
    pub kind: String,
    #[serde(default)]
    pub required: bool,
    /// The choices of `choice` and `multiple_choice` (2 to 25); empty for the other kinds.
    #[serde(default)]
    pub options: Vec<String>,
}

/// A stage of a form.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Stage {
    pub id: i64,
    pub name: String,
    /// `open`, `accepted` (may be hired) or `denied` (the applicant may apply again).
    pub kind: String,
    /// Applications in it now.
    pub applications: i64,
}

/// A form as its managers see it.
// Its row reads into it with the stages left empty: they come from their own table
// (`with_stages`).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Form {
    pub id: i64,
    pub title: String,
    pub description: String,
    pub is_open: bool,
    #[sqlx(json)]
    pub questions: Vec<Question>,
    #[sqlx(skip)]
    pub stages: Vec<Stage>,
    /// Levels (at or above) that review its applications.
    pub reviewer_levels: Vec<String>,
    /// Department roles whose holders review its applications.
    pub reviewer_roles: Vec<String>,
    pub version: i32,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub updated_by: String,
    pub updated_at: DateTime<Utc>,
}

impl Form {
    pub fn with_stages(self, stages: Vec<Stage>) -> Form {
        Form { stages, ..self }
    }
}

/// The form as the audit log compares it: its fields, its stages keyed by id, and its
/// questions as a list of items (each named by its text).
pub fn audited_form(form: &Form) -> (Value, Vec<Value>) {
    let stages: serde_json::Map<String, Value> = form
        .stages
        .iter()
        .enumerate()
        .map(|(position, s)| {
            (s.id.to_string(), json!({"name": s.name, "kind": s.kind, "position": position}))
        })
        .collect();
    let fields = json!({
        "title": form.title, "description": form.description, "isOpen": form.is_open,
        "reviewerLevels": form.reviewer_levels, "reviewerRoles": form.reviewer_roles,
        "stages": stages,
    });
    let questions = form
        .questions
        .iter()
        .enumerate()
        .map(|(position, q)| {
            json!({"id": q.id, "name": q.label, "help": q.help, "kind": q.kind,
                   "required": q.required, "options": q.options, "position": position})
        })
        .collect();
    (fields, questions)
}

/// A stage as a save sends it: an existing stage by its id, a new one without.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageInput {
    pub id: Option<i64>,
    #[schema(max_length = 60)]
    pub name: String,
    /// `open`, `accepted` or `denied`.
    pub kind: String,
}

/// `POST /api/applications/forms` and `PUT /api/applications/forms/{id}`: the whole form. Its
/// questions and stages are saved as whole ordered lists; `stages` left out keeps them (a new
/// form starts with Submitted, Interview, Accepted and Denied).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormInput {
    #[schema(max_length = 120)]
    pub title: String,
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub description: String,
    #[serde(default)]
    pub is_open: bool,
    #[serde(default)]
    pub questions: Vec<Question>,
    pub stages: Option<Vec<StageInput>>,
    #[serde(default)]
    pub reviewer_levels: Vec<String>,
    #[serde(default)]
    pub reviewer_roles: Vec<String>,
    /// The version edited (`PUT` only).
    pub version: Option<i32>,
}

/// A stage, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedStage {
    pub id: Option<i64>,
    pub name: String,
    pub kind: &'static str,
}

/// A form, checked.
#[derive(Debug, Clone, PartialEq)]
pub struct CheckedForm {
    pub title: String,
    pub description: String,
    pub is_open: bool,
    pub questions: Vec<Question>,
    pub stages: Option<Vec<CheckedStage>>,
    pub reviewer_levels: Vec<String>,
    pub reviewer_roles: Vec<String>,
}

/// The stages a new form starts with.
pub fn default_stages() -> Vec<CheckedStage> {
    [("Submitted", OPEN), ("Interview", OPEN), ("Accepted", ACCEPTED), ("Denied", DENIED)]
        .into_iter()
        .map(|(name, kind)| CheckedStage { id: None, name: name.into(), kind })
        .collect()
}

fn stage_kind(raw: &str) -> Option<&'static str> {
    STAGE_KINDS.into_iter().find(|k| *k == raw.trim())
}

fn is_choice(kind: &str) -> bool {
    kind == "choice" || kind == "multiple_choice"
}

/// A fresh question id: `q` and eight hex digits.
fn new_question_id() -> String {
    let id = uuid::Uuid::new_v4().simple().to_string();
    format!("q{}", &id[..8])
}

/// The agency's level ids and department role ids a form's reviewers may name.
pub struct Known<'a> {
    pub levels: &'a [String],
    pub roles: &'a [String],
}

impl FormInput {
    /// The form checked against the agency's levels and roles.
    pub fn validate(self, known: &Known<'_>) -> Result<CheckedForm, String> {
        let title = self.title.trim().to_owned();
        if title.is_empty() {
            return Err(TITLE_REQUIRED.into());
        }
        max_len("A title", &title, limits::NAME)?;
        let description = self.description.trim().to_owned();
        max_len("A description", &description, limits::LONG_TEXT)?;
        let questions = check_questions(self.questions)?;
        let stages = self.stages.map(check_stages).transpose()?;
        let reviewer_levels = known_ids(self.reviewer_levels, known.levels, "level")?;
        let reviewer_roles = known_ids(self.reviewer_roles, known.roles, "department role")?;
        Ok(CheckedForm {
            title,
            description,
            is_open: self.is_open,
            questions,
            stages,
            reviewer_levels,
            reviewer_roles,
        })
    }
}

fn known_ids(ids: Vec<String>, known: &[String], what: &str) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for id in ids.into_iter().map(|i| i.trim().to_owned()).filter(|i| !i.is_empty()) {
        if !known.contains(&id) {
            return Err(format!("Unknown {what} '{id}'."));
        }
        if !out.contains(&id) {
            out.push(id);
        }
    }
    if out.len() > MAX_REVIEWERS {
        return Err(format!("Name at most {MAX_REVIEWERS} reviewer {what}s."));
    }
    Ok(out)
}

fn check_questions(questions: Vec<Question>) -> Result<Vec<Question>, String> {
    if questions.is_empty() {
        return Err(NO_QUESTIONS.into());
    }
    if questions.len() > MAX_QUESTIONS {
        return Err(format!("A form has at most {MAX_QUESTIONS} questions."));
    }
    let mut seen_ids = HashSet::new();
    let mut out = Vec::with_capacity(questions.len());
    for q in questions {
        let label = q.label.trim().to_owned();
        if label.is_empty() {
            return Err(LABEL_REQUIRED.into());
        }
        max_len("A question", &label, QUESTION_LABEL)?;
        let help = q.help.trim().to_owned();
        max_len(&format!("The help of \"{label}\""), &help, QUESTION_HELP)?;
        let kind = q.kind.trim().to_owned();
        if !QUESTION_KINDS.contains(&kind.as_str()) {
            return Err(format!(
                "Question \"{label}\" has an unknown kind '{kind}': use short_text, long_text, choice, multiple_choice, yes_no, number or date."
            ));
        }
        let id = match q.id.trim() {
            "" => new_question_id(),
            id => id.to_owned(),
        };
        let well_formed =
            id.len() <= 40 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        if !well_formed {
            return Err(BAD_QUESTION_ID.into());
        }
        if !seen_ids.insert(id.clone()) {
            return Err(format!("Two questions share the id '{id}'."));
        }
        let options = if is_choice(&kind) { check_options(&label, q.options)? } else { vec![] };
        out.push(Question { id, label, help, kind, required: q.required, options });
    }
    Ok(out)
}

fn check_options(label: &str, options: Vec<String>) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for option in options.into_iter().map(|o| o.trim().to_owned()).filter(|o| !o.is_empty()) {
        max_len(&format!("An option of \"{label}\""), &option, OPTION_TEXT)?;
        if out.iter().any(|o| o.eq_ignore_ascii_case(&option)) {
            return Err(format!("Question \"{label}\" lists \"{option}\" twice."));
        }
        out.push(option);
    }
    if out.len() < 2 {
        return Err(format!("Question \"{label}\" needs at least two options."));
    }
    if out.len() > MAX_OPTIONS {
        return Err(format!("Question \"{label}\" has more than {MAX_OPTIONS} options."));
    }
    Ok(out)
}

fn check_stages(stages: Vec<StageInput>) -> Result<Vec<CheckedStage>, String> {
    if stages.len() > MAX_STAGES {
        return Err(format!("A form has at most {MAX_STAGES} stages."));
    }
    let mut out: Vec<CheckedStage> = Vec::new();
    for s in stages {
        let name = s.name.trim().to_owned();
        if name.is_empty() {
            return Err(STAGE_NAME_REQUIRED.into());
        }
        max_len("A stage's name", &name, STAGE_NAME)?;
        let kind = stage_kind(&s.kind).ok_or_else(|| {
            format!("Stage {name} has an unknown kind '{}': use open, accepted or denied.", s.kind)
        })?;
        if out.iter().any(|o| o.name.eq_ignore_ascii_case(&name)) {
            return Err(format!("Two stages are called {name}."));
        }
        if s.id.is_some() && out.iter().any(|o| o.id == s.id) {
            return Err(format!("Stage {name} is listed twice."));
        }
        out.push(CheckedStage { id: s.id, name, kind });
    }
    if STAGE_KINDS.iter().any(|k| !out.iter().any(|s| s.kind == *k)) {
        return Err(STAGE_KINDS_NEEDED.into());
    }
    Ok(out)
}

/// Why a form's stages cannot be saved as sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StageRefusal {
    /// The request names a stage the form does not have (400).
    Unknown(String),
    /// A stage holds applications (409).
    Holds(String),
}

/// The stages a save removes (by id), after checking that no stage that holds applications
/// is removed or changes its kind (renaming and reordering it is fine).
pub fn removed_stages(
    current: &[Stage],
    wanted: &[CheckedStage],
) -> Result<Vec<i64>, StageRefusal> {
    for w in wanted {
        let Some(id) = w.id else { continue };
        let Some(now) = current.iter().find(|c| c.id == id) else {
            return Err(StageRefusal::Unknown(format!("This form has no stage {id}.")));
        };
        if now.kind != w.kind && now.applications > 0 {
            return Err(StageRefusal::Holds(format!(
                "Stage {} holds applications: rename it if you like, but keep its kind.",
                now.name
            )));
        }
    }
    let mut removed = Vec::new();
    for c in current.iter().filter(|c| !wanted.iter().any(|w| w.id == Some(c.id))) {
        if c.applications > 0 {
            return Err(StageRefusal::Holds(format!(
                "Stage {} holds {} application{}: move {} to another stage first.",
                c.name,
                c.applications,
                if c.applications == 1 { "" } else { "s" },
                if c.applications == 1 { "it" } else { "them" },
            )));
        }
        removed.push(c.id);
    }
    Ok(removed)
}

/// Whether `viewer` reviews the applications to a form with these reviewers: High Command
/// always; the named levels (at or above) and role holders, by the navigation rule; a form
/// that names nobody, whoever sees the Applications page.
pub fn reviews(viewer: &Viewer, levels: &[String], roles: &[String]) -> bool {
    if viewer.is_high_command || (levels.is_empty() && roles.is_empty()) {
        return true;
    }
    let rule = NavRule { public: false, levels: levels.to_vec(), roles: roles.to_vec() };
    can_see(Some(&rule), &viewer.facts(), &viewer.level_order())
}

/// An open form as anyone may read it (`GET /api/apply/forms`).
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct PublicForm {
    pub id: i64,
    pub title: String,
    pub description: String,
    #[sqlx(json)]
    pub questions: Vec<Question>,
}

/// `POST /api/apply/forms/{id}`: the answers by question id (text, a chosen option, a list of
/// chosen options, `true`/`false`, a number, or a date such as `2026-12-01`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyInput {
    #[serde(default)]
    pub answers: BTreeMap<String, Value>,
}

/// One answer as kept: the question as it was asked, and the answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    pub question_id: String,
    pub label: String,
    pub kind: String,
    pub value: Value,
}

fn blank(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(s) => s.trim().is_empty(),
        Value::Array(a) => a.is_empty(),
        _ => false,
    }
}

/// One answer checked against its question (`value` is not blank).
fn check_answer(q: &Question, value: &Value) -> Result<Value, String> {
    let label = &q.label;
    let text = || match value {
        Value::String(s) => Ok(s.trim().to_owned()),
        _ => Err(format!("\"{label}\" must be text.")),
    };
    match q.kind.as_str() {
        "short_text" | "long_text" => {
            let text = text()?;
            let max = if q.kind == "short_text" { SHORT_ANSWER } else { LONG_ANSWER };
            max_len(&format!("\"{label}\""), &text, max)?;
            Ok(Value::String(text))
        }
        "choice" => {
            let chosen = text().ok().and_then(|t| q.options.iter().find(|o| **o == t));
            chosen
                .map(|o| Value::String(o.clone()))
                .ok_or_else(|| format!("Choose one of the options of \"{label}\"."))
        }
        "multiple_choice" => {
            let refused = || format!("Choose among the options of \"{label}\".");
            let Value::Array(items) = value else { return Err(refused()) };
            let mut chosen: Vec<&String> = Vec::new();
            for item in items {
                let option = item
                    .as_str()
                    .and_then(|t| q.options.iter().find(|o| o.as_str() == t.trim()))
                    .ok_or_else(refused)?;
                if !chosen.contains(&option) {
                    chosen.push(option);
                }
            }
            // In the form's order, whatever order they came in.
            Ok(json!(q.options.iter().filter(|o| chosen.contains(o)).collect::<Vec<_>>()))
        }
        "yes_no" => match value {
            Value::Bool(b) => Ok(Value::Bool(*b)),
            _ => Err(format!("Answer \"{label}\" with yes or no.")),
        },
        "number" => {
            let number = match value {
                Value::Number(n) => n.as_f64(),
                Value::String(s) => s.trim().parse::<f64>().ok(),
                _ => None,
            };
            number
                .filter(|n| n.is_finite() && n.abs() < 1e15)
                .and_then(serde_json::Number::from_f64)
                .map(|n| match n.as_f64() {
                    Some(f) if f.fract() == 0.0 => json!(f as i64),
                    _ => Value::Number(n),
                })
                .ok_or_else(|| format!("\"{label}\" must be a number."))
        }
        "date" => {
            let day = text()
                .ok()
                .and_then(|t| NaiveDate::parse_from_str(&t, "%Y-%m-%d").ok())
                .ok_or_else(|| format!("\"{label}\" must be a date such as 2026-12-01."))?;
            date_in_range(&format!("\"{label}\""), day)?;
            Ok(Value::String(day.format("%Y-%m-%d").to_string()))
        }
        other => Err(format!("Question \"{label}\" has an unknown kind '{other}'.")),
    }
}

/// The answers to `questions`, checked: every required question answered, each answer as its
/// kind asks, nothing for questions the form does not have. Kept in the form's order.
pub fn check_answers(
    questions: &[Question],
    answers: &BTreeMap<String, Value>,
) -> Result<Vec<Answer>, String> {
    if let Some(unknown) = answers.keys().find(|id| !questions.iter().any(|q| &q.id == *id)) {
        return Err(format!(
            "This form has no question '{unknown}'; it may have changed: reload it."
        ));
    }
    let mut out = Vec::new();
    for q in questions {
        match answers.get(&q.id).filter(|v| !blank(v)) {
            None if q.required => return Err(format!("Answer \"{}\".", q.label)),
            None => {}
            Some(value) => out.push(Answer {
                question_id: q.id.clone(),
                label: q.label.clone(),
                kind: q.kind.clone(),
                value: check_answer(q, value)?,
            }),
        }
    }
    Ok(out)
}

/// When a Discord account was made, read from its id (a snowflake: milliseconds since the
/// start of 2015 in its top 42 bits).
pub fn account_created_at(discord_id: &str) -> Option<DateTime<Utc>> {
    const DISCORD_EPOCH_MS: i64 = 1_420_070_400_000;
    let id: u64 = discord_id.trim().parse().ok()?;
    let ms = i64::try_from(id >> 22).ok()? + DISCORD_EPOCH_MS;
    DateTime::from_timestamp_millis(ms)
}

/// An application on the reviewers' board.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationSummary {
    pub id: i64,
    pub form_id: i64,
    pub form_title: String,
    pub stage_id: i64,
    pub stage: String,
    /// `open`, `accepted` or `denied`.
    pub stage_kind: String,
    /// The applicant's Discord id, username (`name` or `name#1234`) and display name.
    pub discord_id: String,
    pub discord_name: String,
    pub display_name: String,
    pub account_created_at: DateTime<Utc>,
    /// Days since the Discord account was made, when the application came.
    pub account_age_days: i32,
    pub votes_for: i64,
    pub votes_against: i64,
    pub note_count: i64,
    pub hired_roster_id: Option<i64>,
    pub hired_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The viewer is the applicant: they may not review it.
    pub own: bool,
}

/// A reviewer's internal note.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub id: i64,
    pub body: String,
    pub author: String,
    pub created_at: DateTime<Utc>,
}

/// A reviewer's vote.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Vote {
    pub voter_id: String,
    pub voter_name: String,
    /// `for` or `against`.
    pub vote: String,
    pub updated_at: DateTime<Utc>,
}

/// One application as its reviewers read it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplicationDetail {
    #[serde(flatten)]
    pub summary: ApplicationSummary,
    pub answers: Vec<Answer>,
    /// Shown to the applicant while the application is denied.
    pub denial_reason: Option<String>,
    pub decided_by: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
    pub hired_by: Option<String>,
    /// Internal notes, oldest first.
    pub notes: Vec<Note>,
    pub votes: Vec<Vote>,
    /// The viewer's own vote.
    pub my_vote: Option<String>,
}

/// What an application row holds besides its summary.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ApplicationExtra {
    #[sqlx(json)]
    pub answers: Vec<Answer>,
    pub denial_reason: Option<String>,
    pub decided_by: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
    pub hired_by: Option<String>,
}

/// A form on the reviewers' board: its stages are the board's columns.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardForm {
    pub id: i64,
    pub title: String,
    pub is_open: bool,
    pub stages: Vec<Stage>,
}

/// `GET /api/applications`: the forms the viewer reviews and their applications.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Board {
    pub forms: Vec<BoardForm>,
    pub applications: Vec<ApplicationSummary>,
}

/// The applicant's own view of an application (`GET /api/apply/mine`): never notes or votes.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MyApplication {
    pub id: i64,
    pub form_id: i64,
    pub form_title: String,
    /// The stage's name (*Submitted*, *Interview*…).
    pub stage: String,
    /// `open`, `accepted` or `denied`.
    pub stage_kind: String,
    /// Why it was denied, when it was and the reviewer said.
    pub denial_reason: Option<String>,
    pub hired: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// `POST /api/applications/{id}/move`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveInput {
    /// A stage of the application's form.
    pub stage_id: i64,
    /// Why it was denied, shown to the applicant (denied stages only).
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub reason: Option<String>,
}

impl MoveInput {
    /// The reason to keep (blank: none), for a stage of `kind`.
    pub fn reason_for(&self, kind: &str) -> Result<Option<String>, String> {
        let reason = self.reason.as_deref().map(str::trim).filter(|r| !r.is_empty());
        match reason {
            Some(_) if kind != DENIED => Err(REASON_ONLY_WHEN_DENIED.into()),
            Some(r) => {
                max_len("A reason", r, limits::NOTE)?;
                Ok(Some(r.to_owned()))
            }
            None => Ok(None),
        }
    }
}

/// `POST /api/applications/{id}/notes`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteInput {
    #[schema(max_length = 4000)]
    pub body: String,
}

impl NoteInput {
    pub fn validate(&self) -> Result<String, String> {
        let body = self.body.trim();
        if body.is_empty() {
            return Err(NOTE_REQUIRED.into());
        }
        max_len("A note", body, limits::LONG_TEXT)?;
        Ok(body.to_owned())
    }
}

/// `PUT /api/applications/{id}/vote`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoteInput {
    /// `for`, `against`, or `none` (takes the vote back).
    pub vote: String,
}

impl VoteInput {
    /// The vote to keep (`None`: take it back).
    pub fn validate(&self) -> Result<Option<&'static str>, String> {
        match self.vote.trim() {
            "for" => Ok(Some("for")),
            "against" => Ok(Some("against")),
            "none" | "" => Ok(None),
            _ => Err(BAD_VOTE.into()),
        }
    }
}

/// `POST /api/applications/{id}/hire`: the roster entry to make.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HireInput {
    pub rank_id: String,
    pub department_id: String,
    /// A free callsign; left out, the first free one of the rank's pools.
    #[schema(max_length = 16)]
    pub callsign: Option<String>,
    /// The name on the roster; left out, the applicant's Discord display name.
    #[schema(max_length = 120)]
    pub name: Option<String>,
}

/// The answer of a hire.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Hired {
    pub application: ApplicationDetail,
    /// The new roster entry.
    pub entry: RosterEntry,
    /// The callsign was picked from the rank's pools.
    pub callsign_from_pool: bool,
    /// The applicant had been hired already (a second click): nothing was made this time.
    pub already_hired: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(id: &str, kind: &str, required: bool, options: &[&str]) -> Question {
        Question {
            id: id.into(),
            label: format!("Q {id}"),
            help: String::new(),
            kind: kind.into(),
            required,
            options: options.iter().map(|o| o.to_string()).collect(),
        }
    }

    fn levels() -> Vec<String> {
        ["deputy", "supervisor", "command", "high_command"].map(String::from).to_vec()
    }

    fn form(questions: Vec<Question>) -> FormInput {
        FormInput {
            title: " Deputy application ".into(),
            description: String::new(),
            is_open: true,
            questions,
            stages: None,
            reviewer_levels: vec!["supervisor".into()],
            reviewer_roles: vec![],
            version: None,
        }
    }

    #[test]
    fn forms_are_checked() {
        let levels = levels();
        let roles = vec!["dr_fto".to_string()];
        let known = Known { levels: &levels, roles: &roles };
        let ok = form(vec![q("", "choice", true, &[" A ", "B", ""])]).validate(&known).unwrap();
        assert_eq!(ok.title, "Deputy application");
        assert!(ok.questions[0].id.starts_with('q') && ok.questions[0].id.len() == 9);
        assert_eq!(ok.questions[0].options, ["A", "B"]);
        let text = form(vec![q("a", "short_text", false, &["x"])]).validate(&known).unwrap();
        assert!(text.questions[0].options.is_empty(), "options only for choices");
        let refused = |f: FormInput| f.validate(&known).unwrap_err();
        assert_eq!(refused(form(vec![])), NO_QUESTIONS);
        assert_eq!(refused(FormInput { title: " ".into(), ..form(vec![]) }), TITLE_REQUIRED);
        assert_eq!(
            refused(form(vec![q("a", "essay", false, &[])])),
            "Question \"Q a\" has an unknown kind 'essay': use short_text, long_text, choice, multiple_choice, yes_no, number or date."
        );
        assert_eq!(
            refused(form(vec![q("a", "choice", false, &["Yes"])])),
            "Question \"Q a\" needs at least two options."
        );
        assert_eq!(
            refused(form(vec![q("a", "choice", false, &["Yes", "yes"])])),
            "Question \"Q a\" lists \"yes\" twice."
        );
        assert_eq!(
            refused(form(vec![q("a", "date", false, &[]), q("a", "number", false, &[])])),
            "Two questions share the id 'a'."
        );
        assert_eq!(refused(form(vec![q("a b", "date", false, &[])])), BAD_QUESTION_ID);
        let unknown_level = FormInput {
            reviewer_levels: vec!["chief".into()],
            ..form(vec![q("a", "date", false, &[])])
        };
        assert_eq!(refused(unknown_level), "Unknown level 'chief'.");
        let unknown_role = FormInput {
            reviewer_roles: vec!["dr_x".into()],
            ..form(vec![q("a", "date", false, &[])])
        };
        assert_eq!(refused(unknown_role), "Unknown department role 'dr_x'.");
    }

    #[test]
    fn stages_need_one_of_each_kind_and_distinct_names() {
        let stage = |id: Option<i64>, name: &str, kind: &str| StageInput {
            id,
            name: name.into(),
            kind: kind.into(),
        };
        let ok = check_stages(vec![
            stage(Some(1), "New", "open"),
            stage(None, "Hired", "accepted"),
            stage(None, "No", "denied"),
        ])
        .unwrap();
        assert_eq!(ok.len(), 3);
        assert_eq!(
            check_stages(vec![stage(None, "New", "open"), stage(None, "No", "denied")]),
            Err(STAGE_KINDS_NEEDED.into())
        );
        assert_eq!(
            check_stages(vec![stage(None, "New", "open"), stage(None, "new", "accepted")]),
            Err("Two stages are called new.".into())
        );
        assert_eq!(
            check_stages(vec![stage(None, "New", "maybe")]),
            Err("Stage New has an unknown kind 'maybe': use open, accepted or denied.".into())
        );
        assert_eq!(default_stages().len(), 4);
    }

    #[test]
    fn answers_are_checked_per_kind_and_named_by_their_question() {
        let questions = vec![
            q("name", "short_text", true, &[]),
            q("why", "long_text", false, &[]),
            q("shift", "choice", true, &["Day", "Night"]),
            q("langs", "multiple_choice", false, &["English", "Spanish", "French"]),
            q("adult", "yes_no", true, &[]),
            q("age", "number", false, &[]),
            q("born", "date", false, &[]),
        ];
        let answers =
            |pairs: Value| -> BTreeMap<String, Value> { serde_json::from_value(pairs).unwrap() };
        let ok = check_answers(
            &questions,
            &answers(json!({"name": " Taylor ", "why": "", "shift": "Night",
                            "langs": ["French", "English", "French"], "adult": true, "age": "21",
                            "born": "2001-04-02"})),
        )
        .unwrap();
        let values: Vec<(&str, Value)> =
            ok.iter().map(|a| (a.question_id.as_str(), a.value.clone())).collect();
        assert_eq!(
            values,
            [
                ("name", json!("Taylor")),
                ("shift", json!("Night")),
                ("langs", json!(["English", "French"])),
                ("adult", json!(true)),
                ("age", json!(21)),
                ("born", json!("2001-04-02")),
            ]
        );
        let base = json!({"name": "T", "shift": "Day", "adult": false});
        let with = |key: &str, value: Value| {
            let mut a = base.clone();
            a[key] = value;
            check_answers(&questions, &answers(a)).unwrap_err()
        };
        assert_eq!(with("name", json!("  ")), "Answer \"Q name\".");
        assert_eq!(
            with("name", json!("x".repeat(201))),
            "\"Q name\" must be at most 200 characters."
        );
        assert_eq!(
            with("why", json!("x".repeat(4001))),
            "\"Q why\" must be at most 4000 characters."
        );
        assert_eq!(with("why", json!(3)), "\"Q why\" must be text.");
        assert_eq!(with("shift", json!("Evening")), "Choose one of the options of \"Q shift\".");
        assert_eq!(with("langs", json!(["German"])), "Choose among the options of \"Q langs\".");
        assert_eq!(with("adult", json!("yes")), "Answer \"Q adult\" with yes or no.");
        assert_eq!(with("age", json!("old")), "\"Q age\" must be a number.");
        assert_eq!(
            with("born", json!("02/04/2001")),
            "\"Q born\" must be a date such as 2026-12-01."
        );
        assert_eq!(with("born", json!("1800-01-01")), "\"Q born\" must be between 1900 and 2100.");
        assert_eq!(
            with("extra", json!("x")),
            "This form has no question 'extra'; it may have changed: reload it."
        );
        assert_eq!(
            check_answers(&questions, &answers(json!({"shift": "Day", "adult": true})))
                .unwrap_err(),
            "Answer \"Q name\"."
        );
    }

    #[test]
    fn an_account_is_as_old_as_its_snowflake() {
        // Discord's own example: 175928847299117063 was made on 2016-04-30.
        let made = account_created_at("175928847299117063").unwrap();
        assert_eq!(made.to_rfc3339(), "2016-04-30T11:18:25.796+00:00");
        assert_eq!(account_created_at("not a snowflake"), None);
    }

    #[test]
    fn stages_holding_applications_keep_their_kind_and_stay() {
        let stage = |id: i64, name: &str, kind: &str, applications: i64| Stage {
            id,
            name: name.into(),
            kind: kind.into(),
            applications,
        };
        let current = vec![
            stage(1, "Submitted", OPEN, 2),
            stage(2, "Interview", OPEN, 0),
            stage(3, "Accepted", ACCEPTED, 1),
            stage(4, "Denied", DENIED, 0),
        ];
        let keep = |id: i64, name: &str, kind: &'static str| CheckedStage {
            id: Some(id),
            name: name.into(),
            kind,
        };
        let renamed =
            vec![keep(1, "New", OPEN), keep(3, "Hired", ACCEPTED), keep(4, "Denied", DENIED)];
        assert_eq!(removed_stages(&current, &renamed), Ok(vec![2]));
        let without_accepted = vec![keep(1, "New", OPEN), keep(4, "Denied", DENIED)];
        assert_eq!(
            removed_stages(&current, &without_accepted),
            Err(StageRefusal::Holds(
                "Stage Accepted holds 1 application: move it to another stage first.".into()
            ))
        );
        let changed = vec![keep(1, "New", DENIED), keep(3, "Hired", ACCEPTED)];
        assert_eq!(
            removed_stages(&current, &changed),
            Err(StageRefusal::Holds(
                "Stage Submitted holds applications: rename it if you like, but keep its kind."
                    .into()
            ))
        );
        assert_eq!(
            removed_stages(&current, &[keep(9, "X", OPEN)]),
            Err(StageRefusal::Unknown("This form has no stage 9.".into()))
        );
    }

    #[test]
    fn moves_votes_and_notes_are_checked() {
        let mv = |reason: &str| MoveInput { stage_id: 1, reason: Some(reason.into()) };
        assert_eq!(mv(" Too new ").reason_for(DENIED), Ok(Some("Too new".into())));
        assert_eq!(mv(" ").reason_for(OPEN), Ok(None));
        assert_eq!(mv("x").reason_for(ACCEPTED), Err(REASON_ONLY_WHEN_DENIED.into()));
        assert_eq!(VoteInput { vote: "for".into() }.validate(), Ok(Some("for")));
        assert_eq!(VoteInput { vote: "none".into() }.validate(), Ok(None));
        assert_eq!(VoteInput { vote: "maybe".into() }.validate(), Err(BAD_VOTE.into()));
        assert_eq!(NoteInput { body: " ".into() }.validate(), Err(NOTE_REQUIRED.into()));
    }
}
