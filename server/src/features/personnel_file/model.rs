//! A personnel file as the API answers it, the entry command writes, and how the timeline is
//! put together from the records (pure, unit-tested).

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::validate::{limits, max_len};

pub const BAD_KIND: &str =
    "Choose a commendation, counselling, written warning, suspension or correction.";
pub const TEXT_REQUIRED: &str = "Write what happened.";
pub const BAD_DAY: &str = "Give the day it happened, such as 2026-11-20, not in the future.";
pub const BAD_VISIBILITY: &str = "An entry is for command only, or for the member too.";
pub const CORRECTS_REQUIRED: &str = "Say which entry this corrects.";
pub const CORRECTS_UNKNOWN: &str = "That entry is not in this member's file.";
pub const NOT_YOURS: &str =
    "You can read your own file; command reads the files of the people it manages.";
pub const OWN_FILE: &str = "You cannot write in your own file.";

/// Kinds of entries command writes.
pub const ENTRY_KINDS: [&str; 5] =
    ["commendation", "counselling", "written_warning", "suspension", "correction"];

/// One line of the timeline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimelineItem {
    pub at: DateTime<Utc>,
    /// `hired`, `promotion`, `demotion`, `rank_change`, `move`, `status`,
    /// `qualification_granted`, `qualification_revoked`, `qualification_expired`,
    /// `training_completed`, `leave`, or an entry's kind.
    pub kind: String,
    pub title: String,
    pub detail: Option<String>,
    pub by: Option<String>,
    /// `member` (the member sees it) or `command`.
    pub visibility: String,
    /// A written entry's id (corrections point at one).
    pub entry_id: Option<i64>,
    pub corrects_id: Option<i64>,
    /// A later entry corrects this one.
    pub corrected: bool,
}

impl TimelineItem {
    pub fn on_day(day: NaiveDate, kind: &str, title: String) -> Self {
        Self {
            at: day.and_time(NaiveTime::MIN).and_utc(),
            kind: kind.into(),
            title,
            detail: None,
            by: None,
            visibility: "member".into(),
            entry_id: None,
            corrects_id: None,
            corrected: false,
        }
    }
}

/// The member a file is about.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileMember {
    pub id: i64,
    pub name: String,
    pub rank: Option<String>,
    pub department_name: Option<String>,
    pub status: String,
}

/// `GET /api/roster/{id}/file`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonnelFile {
    pub member: FileMember,
    /// Newest first; a member reading their own file sees no command-only entry.
    pub items: Vec<TimelineItem>,
    /// The viewer may write entries here.
    pub can_write: bool,
}

/// `POST /api/roster/{id}/file`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntryInput {
    pub kind: String,
    /// The day it happened (`2026-11-20`).
    #[schema(max_length = 10)]
    pub happened_on: String,
    #[schema(max_length = 4000)]
    pub text: String,
    /// `command` or `member`.
    pub visibility: String,
    /// The entry a correction corrects.
    pub corrects_id: Option<i64>,
}

/// An entry, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedEntry {
    pub kind: String,
    pub happened_on: NaiveDate,
    pub text: String,
    pub visibility: String,
    pub corrects_id: Option<i64>,
}

impl EntryInput {
    pub fn validate(&self, today: NaiveDate) -> Result<CheckedEntry, String> {
        if !ENTRY_KINDS.contains(&self.kind.as_str()) {
            return Err(BAD_KIND.into());
        }
        let happened_on = NaiveDate::parse_from_str(self.happened_on.trim(), "%Y-%m-%d")
            .ok()
            .filter(|d| *d <= today)
            .ok_or(BAD_DAY)?;
        let text = self.text.trim();
        if text.is_empty() {
            return Err(TEXT_REQUIRED.into());
        }
        max_len("The entry", text, limits::LONG_TEXT)?;
        if !["command", "member"].contains(&self.visibility.as_str()) {
            return Err(BAD_VISIBILITY.into());
        }
        if self.kind == "correction" && self.corrects_id.is_none() {
            return Err(CORRECTS_REQUIRED.into());
        }
        Ok(CheckedEntry {
            kind: self.kind.clone(),
            happened_on,
            text: text.to_owned(),
            visibility: self.visibility.clone(),
            corrects_id: self.corrects_id,
        })
    }
}

/// One roster log row as the file reads it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LogRow {
    pub change_id: uuid::Uuid,
    pub ts: DateTime<Utc>,
    pub actor_display: String,
    pub field: String,
    pub before_value: Option<String>,
    pub after_value: Option<String>,
}

/// The timeline lines of the roster log: one per edit, as a promotion or demotion (by the
/// levels of the ranks, `rank_levels`, against `levels` lowest first), a rank change, a move
/// or a status change. `names` gives departments by id.
pub fn log_lines(
    rows: &[LogRow],
    rank_levels: &HashMap<String, String>,
    levels: &[String],
    names: &HashMap<String, String>,
) -> Vec<TimelineItem> {
    let mut edits: Vec<(uuid::Uuid, Vec<&LogRow>)> = Vec::new();
    for row in rows {
        match edits.iter_mut().find(|(id, _)| *id == row.change_id) {
            Some((_, list)) => list.push(row),
            None => edits.push((row.change_id, vec![row])),
        }
    }
    let mut out = Vec::new();
    for (_, edit) in edits {
        let field = |name: &str| edit.iter().find(|r| r.field == name).copied();
        let first = edit[0];
        let line = |kind: &str, title: String, detail: Option<String>| TimelineItem {
            at: first.ts,
            by: Some(first.actor_display.clone()),
            detail,
            ..TimelineItem::on_day(first.ts.date_naive(), kind, title)
        };
        let or_none = |v: &Option<String>| v.clone().unwrap_or_else(|| "none".into());
        if let Some(rank) = field("rank") {
            let position = |id: &Option<String>| {
                id.as_ref()
                    .and_then(|id| rank_levels.get(id))
                    .and_then(|l| levels.iter().position(|x| x == l))
            };
            let (kind, verb) = match field("rankId")
                .map(|r| (position(&r.before_value), position(&r.after_value)))
            {
                Some((Some(before), Some(after))) if after > before => ("promotion", "Promoted to"),
                Some((Some(before), Some(after))) if after < before => ("demotion", "Demoted to"),
                _ => ("rank_change", "Rank changed to"),
            };
            let detail =
                format!("{} → {}", or_none(&rank.before_value), or_none(&rank.after_value));
            out.push(line(kind, format!("{verb} {}", or_none(&rank.after_value)), Some(detail)));
        }
        if let Some(moved) = field("departmentId") {
            let name = |v: &Option<String>| {
                v.as_ref().map(|id| names.get(id).cloned().unwrap_or_else(|| id.clone()))
            };
            let detail = format!(
                "{} → {}",
                name(&moved.before_value).unwrap_or_else(|| "none".into()),
                name(&moved.after_value).unwrap_or_else(|| "none".into())
            );
            out.push(line(
                "move",
                format!(
                    "Moved to {}",
                    name(&moved.after_value).unwrap_or_else(|| "no department".into())
                ),
                Some(detail),
            ));
        }
        if let Some(status) = field("status") {
            let detail =
                format!("{} → {}", or_none(&status.before_value), or_none(&status.after_value));
            out.push(line(
                "status",
                format!("Status {}", or_none(&status.after_value)),
                Some(detail),
            ));
        }
    }
    out
}

/// Marks the entries a later correction points at, and leaves out what a member may not see
/// (`member_view`), newest first.
pub fn finish(mut items: Vec<TimelineItem>, member_view: bool) -> Vec<TimelineItem> {
    let corrected: Vec<i64> = items.iter().filter_map(|i| i.corrects_id).collect();
    for item in &mut items {
        item.corrected = item.entry_id.is_some_and(|id| corrected.contains(&id));
    }
    items.retain(|i| !member_view || i.visibility == "member");
    items.sort_by(|a, b| b.at.cmp(&a.at).then(b.entry_id.cmp(&a.entry_id)));
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(change: u128, field: &str, before: Option<&str>, after: Option<&str>) -> LogRow {
        LogRow {
            change_id: uuid::Uuid::from_u128(change),
            ts: DateTime::from_timestamp(1_764_000_000 + change as i64, 0).unwrap(),
            actor_display: "Jordan".into(),
            field: field.into(),
            before_value: before.map(Into::into),
            after_value: after.map(Into::into),
        }
    }

    #[test]
    fn roster_edits_read_as_promotions_demotions_moves_and_status() {
        let levels = vec!["deputy".to_owned(), "supervisor".to_owned()];
        let rank_levels = HashMap::from([
            ("dep".to_owned(), "deputy".to_owned()),
            ("sgt".to_owned(), "supervisor".to_owned()),
        ]);
        let names = HashMap::from([("patrol".to_owned(), "Patrol Division".to_owned())]);
        let rows = vec![
            row(1, "rank", Some("Deputy"), Some("Sergeant")),
            row(1, "rankId", Some("dep"), Some("sgt")),
            row(2, "rank", Some("Sergeant"), Some("Deputy")),
            row(2, "rankId", Some("sgt"), Some("dep")),
            row(2, "departmentId", Some("hq"), Some("patrol")),
            row(3, "status", Some("Active"), Some("Suspended")),
            row(4, "callsign", Some("A-1"), Some("A-2")),
        ];
        let lines = log_lines(&rows, &rank_levels, &levels, &names);
        let summary: Vec<(&str, &str)> =
            lines.iter().map(|l| (l.kind.as_str(), l.title.as_str())).collect();
        assert_eq!(
            summary,
            [
                ("promotion", "Promoted to Sergeant"),
                ("demotion", "Demoted to Deputy"),
                ("move", "Moved to Patrol Division"),
                ("status", "Status Suspended"),
            ]
        );
        assert_eq!(lines[2].detail.as_deref(), Some("hq → Patrol Division"));
        assert_eq!(lines[0].by.as_deref(), Some("Jordan"));
    }

    #[test]
    fn corrections_mark_what_they_correct_and_members_see_only_theirs() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
        let entry = |id: i64, visibility: &str, corrects: Option<i64>| TimelineItem {
            entry_id: Some(id),
            corrects_id: corrects,
            visibility: visibility.into(),
            ..TimelineItem::on_day(day, "counselling", format!("Entry {id}"))
        };
        let items = finish(
            vec![entry(1, "member", None), entry(2, "command", None), entry(3, "member", Some(1))],
            false,
        );
        assert_eq!(items.iter().map(|i| i.entry_id.unwrap()).collect::<Vec<_>>(), [3, 2, 1]);
        assert!(items[2].corrected && !items[1].corrected);
        let member = finish(vec![entry(1, "member", None), entry(2, "command", None)], true);
        assert_eq!(member.len(), 1);
    }

    #[test]
    fn entries_are_checked() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 25).unwrap();
        let input = |kind: &str, day: &str, text: &str, visibility: &str, corrects: Option<i64>| {
            EntryInput {
                kind: kind.into(),
                happened_on: day.into(),
                text: text.into(),
                visibility: visibility.into(),
                corrects_id: corrects,
            }
        };
        assert!(input("commendation", "2026-11-20", "Great stop", "member", None)
            .validate(today)
            .is_ok());
        assert_eq!(
            input("praise", "2026-11-20", "x", "member", None).validate(today),
            Err(BAD_KIND.into())
        );
        assert_eq!(
            input("commendation", "2026-11-26", "x", "member", None).validate(today),
            Err(BAD_DAY.into())
        );
        assert_eq!(
            input("commendation", "2026-11-20", " ", "member", None).validate(today),
            Err(TEXT_REQUIRED.into())
        );
        assert_eq!(
            input("commendation", "2026-11-20", "x", "public", None).validate(today),
            Err(BAD_VISIBILITY.into())
        );
        assert_eq!(
            input("correction", "2026-11-20", "x", "command", None).validate(today),
            Err(CORRECTS_REQUIRED.into())
        );
    }
}
