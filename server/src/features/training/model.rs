//! Field training (command-and-reports §2 "Training templates", "Training sessions", §3, §4,
//! §5): templates with ordered steps, sessions with a checklist, and their rules.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{shared::report::text, validate::limits};

pub const TITLE_REQUIRED: &str = "Template title is required";
pub const TEMPLATE_REQUIRED: &str = "Select a training template";
pub const TRAINEE_REQUIRED: &str = "Add at least one trainee";
pub const SESSION_NEEDS_TRAINEE: &str = "A session must have at least one trainee";
pub const TEMPLATE_NOT_FOUND: &str = "Template not found";
pub const SESSION_NOT_FOUND: &str = "Session not found";
pub const ITEM_NOT_FOUND: &str = "Checklist item not found";
pub const BAD_STATUS: &str = "Status must be scheduled, in_progress or completed.";
pub const FTO_AND_TRAINEE: &str = "Nobody can be both an FTO and a trainee of one session.";
pub const MANAGERS_ONLY: &str =
    "Only training managers change a session's FTOs, trainees, name or time; FTOs tick steps and change notes and status.";
pub const OWN_STEPS: &str = "Trainees cannot tick their own training steps.";
/// What the checklist records when the viewer has no name (command-and-reports §4).
pub const DEFAULT_DONE_BY: &str = "FTO";

pub const STATUSES: [&str; 3] = ["scheduled", "in_progress", "completed"];
pub const MAX_STEPS: usize = 100;
pub const MAX_PEOPLE: usize = 50;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Step {
    /// Stable within the template; a blank one gets a new id.
    #[schema(max_length = 40)]
    pub id: String,
    #[schema(max_length = 1000)]
    pub text: String,
    pub required: bool,
}

/// `POST /api/trainings`, `PATCH /api/trainings/{id}`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct TemplateDraft {
    #[schema(max_length = 120)]
    pub title: String,
    #[schema(max_length = 4000)]
    pub description: String,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Template {
    pub id: i64,
    pub title: String,
    pub description: String,
    #[sqlx(json)]
    pub steps: Vec<Step>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A checked template: title required, description trimmed, steps trimmed with empty ones
/// dropped (order kept), ids unique.
pub fn check_template(draft: TemplateDraft) -> Result<TemplateDraft, String> {
    let title = text("A template title", &draft.title, limits::NAME)?;
    if title.is_empty() {
        return Err(TITLE_REQUIRED.into());
    }
    if draft.steps.len() > MAX_STEPS {
        return Err(format!("A template has at most {MAX_STEPS} steps."));
    }
    let mut steps: Vec<Step> = Vec::with_capacity(draft.steps.len());
    for step in draft.steps {
        let step_text = text("A step", &step.text, limits::NOTE)?;
        if step_text.is_empty() {
            continue;
        }
        let id = step.id.trim();
        let id = if id.is_empty() || id.len() > 40 || steps.iter().any(|s| s.id == id) {
            format!("step-{}", &uuid::Uuid::new_v4().simple().to_string()[..10])
        } else {
            id.to_owned()
        };
        steps.push(Step { id, text: step_text, required: step.required });
    }
    Ok(TemplateDraft {
        title,
        description: text("A description", &draft.description, limits::LONG_TEXT)?,
        steps,
    })
}

/// An FTO or a trainee: a roster id and a name.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Person {
    #[schema(max_length = 40)]
    pub id: String,
    #[schema(max_length = 120)]
    pub name: String,
}

/// People stored once: entries with neither id nor name ignored, a repeat (same id and
/// name) ignored (command-and-reports §5).
pub fn people(list: Vec<Person>) -> Result<Vec<Person>, String> {
    if list.len() > MAX_PEOPLE {
        return Err(format!("A session lists at most {MAX_PEOPLE} people of each kind."));
    }
    let mut out: Vec<Person> = Vec::with_capacity(list.len());
    for p in list {
        let p =
            Person { id: text("An id", &p.id, 40)?, name: text("A name", &p.name, limits::NAME)? };
        if (p.id.is_empty() && p.name.is_empty()) || out.contains(&p) {
            continue;
        }
        out.push(p);
    }
    Ok(out)
}

impl Person {
    /// The same person: the same roster id, or, where either has none, the same name (any
    /// case).
    pub fn is(&self, other: &Person) -> bool {
        if !self.id.is_empty() && !other.id.is_empty() {
            self.id == other.id
        } else {
            !self.name.is_empty() && self.name.eq_ignore_ascii_case(&other.name)
        }
    }
}

/// Refuses a session whose FTOs and trainees share someone.
pub fn distinct_roles(ftos: &[Person], trainees: &[Person]) -> Result<(), String> {
    if ftos.iter().any(|f| trainees.iter().any(|t| f.is(t))) {
        return Err(FTO_AND_TRAINEE.into());
    }
    Ok(())
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ChecklistItem {
    pub id: String,
    pub text: String,
    pub required: bool,
    pub done: bool,
    pub done_at: Option<DateTime<Utc>>,
    pub done_by: Option<String>,
    pub done_by_id: Option<String>,
}

impl From<&Step> for ChecklistItem {
    fn from(step: &Step) -> Self {
        Self {
            id: step.id.clone(),
            text: step.text.clone(),
            required: step.required,
            ..Self::default()
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub id: i64,
    pub template_id: Option<i64>,
    pub template_title: String,
    pub session_name: String,
    pub scheduled_at: Option<DateTime<Utc>>,
    pub notes: String,
    pub status: String,
    #[sqlx(json)]
    pub ftos: Vec<Person>,
    #[sqlx(json)]
    pub trainees: Vec<Person>,
    #[sqlx(json)]
    pub checklist: Vec<ChecklistItem>,
    pub created_by: String,
    pub updated_at: DateTime<Utc>,
}

/// `POST /api/trainings/assign`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct Assignment {
    pub template_id: Option<i64>,
    #[schema(max_length = 120)]
    pub session_name: String,
    #[schema(max_length = 4000)]
    pub notes: String,
    pub ftos: Vec<Person>,
    pub trainees: Vec<Person>,
    pub scheduled_at: Option<DateTime<Utc>>,
}

/// A checklist item marked done or not done. `doneBy` and `doneById` of a body are ignored:
/// the server records the viewer.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct ItemUpdate {
    pub id: String,
    pub done: bool,
    pub done_by: Option<String>,
    pub done_by_id: Option<String>,
}

/// `PATCH /api/trainings/assignments/{id}`: the session's fields, or `updateItem`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionPatch {
    #[schema(max_length = 120)]
    pub session_name: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    #[schema(value_type = Option<DateTime<Utc>>)]
    pub scheduled_at: Option<Option<DateTime<Utc>>>,
    #[schema(max_length = 4000)]
    pub notes: Option<String>,
    pub status: Option<String>,
    pub ftos: Option<Vec<Person>>,
    pub trainees: Option<Vec<Person>>,
    pub update_item: Option<ItemUpdate>,
}

/// Who ticks an item, as the checklist records them.
pub struct Ticker<'a> {
    pub name: &'a str,
    pub id: Option<&'a str>,
}

/// Marks an item done (recording who and when) or not done (clearing them).
pub fn tick(
    checklist: &mut [ChecklistItem],
    update: &ItemUpdate,
    by: &Ticker<'_>,
    now: DateTime<Utc>,
) -> Result<(), String> {
    let item = checklist.iter_mut().find(|i| i.id == update.id).ok_or(ITEM_NOT_FOUND)?;
    item.done = update.done;
    if update.done {
        let name = if by.name.trim().is_empty() { DEFAULT_DONE_BY } else { by.name };
        item.done_at = Some(now);
        item.done_by = Some(name.to_owned());
        item.done_by_id = by.id.map(str::to_owned);
    } else {
        item.done_at = None;
        item.done_by = None;
        item.done_by_id = None;
    }
    Ok(())
}

/// A status of the session: one of [`STATUSES`].
pub fn check_status(raw: &str) -> Result<String, String> {
    let status = raw.trim().to_lowercase();
    if STATUSES.contains(&status.as_str()) {
        Ok(status)
    } else {
        Err(BAD_STATUS.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_drop_empty_steps_and_need_a_title() {
        let draft = TemplateDraft {
            title: " Patrol basics ".into(),
            description: " Week one ".into(),
            steps: vec![
                Step { id: "a".into(), text: " Radio ".into(), required: true },
                Step { id: "b".into(), text: "  ".into(), required: true },
                Step { id: "a".into(), text: "Traffic stop".into(), required: false },
            ],
        };
        let checked = check_template(draft.clone()).unwrap();
        assert_eq!(checked.title, "Patrol basics");
        assert_eq!(checked.description, "Week one");
        assert_eq!(checked.steps.len(), 2);
        assert_eq!(checked.steps[0], Step { id: "a".into(), text: "Radio".into(), required: true });
        assert_ne!(checked.steps[1].id, "a", "a repeated id is made new");
        let untitled = TemplateDraft { title: " ".into(), ..draft };
        assert_eq!(check_template(untitled).unwrap_err(), TITLE_REQUIRED);
    }

    #[test]
    fn people_are_stored_once() {
        let p = |id: &str, name: &str| Person { id: id.into(), name: name.into() };
        let list = vec![p("1", "Ann"), p("", ""), p("1", "Ann"), p("1", "Ann B"), p("", "Walk-in")];
        assert_eq!(people(list).unwrap(), vec![p("1", "Ann"), p("1", "Ann B"), p("", "Walk-in")]);
    }

    #[test]
    fn ticking_records_who_and_unticking_clears() {
        let mut checklist =
            vec![ChecklistItem { id: "a".into(), text: "Radio".into(), ..Default::default() }];
        let now = Utc::now();
        let done = ItemUpdate {
            id: "a".into(),
            done: true,
            done_by: Some("Forged".into()),
            done_by_id: None,
        };
        tick(&mut checklist, &done, &Ticker { name: "Dale", id: Some("42") }, now).unwrap();
        assert_eq!(checklist[0].done_by.as_deref(), Some("Dale"));
        assert_eq!(checklist[0].done_by_id.as_deref(), Some("42"));
        assert_eq!(checklist[0].done_at, Some(now));
        tick(&mut checklist, &done, &Ticker { name: " ", id: None }, now).unwrap();
        assert_eq!(checklist[0].done_by.as_deref(), Some(DEFAULT_DONE_BY));
        let undone = ItemUpdate { done: false, ..done };
        tick(&mut checklist, &undone, &Ticker { name: "Dale", id: None }, now).unwrap();
        assert_eq!(
            (checklist[0].done, checklist[0].done_by.clone(), checklist[0].done_at),
            (false, None, None)
        );
        let missing = ItemUpdate { id: "zz".into(), ..undone };
        assert_eq!(
            tick(&mut checklist, &missing, &Ticker { name: "x", id: None }, now).unwrap_err(),
            ITEM_NOT_FOUND
        );
        assert_eq!(check_status(" In_Progress ").unwrap(), "in_progress");
        assert_eq!(check_status("done").unwrap_err(), BAD_STATUS);
    }
}
