//! SOPs and presentations (member-portal §2.10, §3 "Document"; command-and-reports §2
//! "Document management", §3, §5): the document type, who reaches a document, and the rules
//! of a document list save.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    access::document_level::reaches,
    features::sops::content::{is_blank, sanitise, unchanged, DiffPart},
    shared::catalogue::text,
    validate::{limits, max_len},
};

pub const TITLE_REQUIRED: &str = "Title is required";
pub const CONTENT_REQUIRED: &str = "Content is required";
pub const BAD_TYPE: &str = "Document type must be sop or presentation.";
pub const ABOVE_OWN_LEVEL: &str = "You can only publish documents for your own level or below.";
pub const NOT_FOUND: &str = "Document not found";
/// Issue 28: drafts, publishing and the history.
pub const STALE_DRAFT: &str =
    "Someone else saved this draft since you opened it. Review their changes and save again.";
pub const NOTHING_TO_PUBLISH: &str = "The draft is the same as the published version.";
pub const VERSION_NOT_FOUND: &str = "Version not found";
/// A manager asked to change the draft of a document above their level (which they never see).
pub const ABOVE_OWN_LEVEL_DRAFT: &str =
    "You can only edit and publish documents for your own level or below.";

pub const TYPES: [&str; 2] = ["sop", "presentation"];
/// member-portal §9: the default minimum level.
pub const DEFAULT_MIN_LEVEL: &str = "deputy";
pub const MAX_DOCUMENTS: usize = 300;
pub const MAX_CONTENT: usize = 100_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    /// Stable id; a blank one gets a new id on save.
    #[serde(default)]
    #[schema(max_length = 40)]
    pub id: String,
    #[schema(max_length = 120)]
    pub title: String,
    /// `sop` or `presentation` (any case; blank is `sop`).
    #[serde(rename = "type", default)]
    pub kind: String,
    /// A level id of the agency: the document is for that level and every level above.
    #[serde(default)]
    pub min_level: String,
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub summary: String,
    #[schema(max_length = 100000)]
    pub content: String,
    /// Set by the server.
    #[serde(default)]
    pub created_at: Option<DateTime<Utc>>,
    /// Set by the server when the document changes.
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
}

impl Document {
    /// Whether a viewer at `level` (none: signed out or without a level) reaches it.
    pub fn reached_by(&self, levels: &[String], level: Option<&str>) -> bool {
        reaches(levels, level, &self.min_level)
    }

    fn same_text(&self, other: &Document) -> bool {
        (&self.title, &self.kind, &self.min_level, &self.summary, &self.content)
            == (&other.title, &other.kind, &other.min_level, &other.summary, &other.content)
    }
}

/// Who saves: the agency's levels (lowest first) and the saver's level.
pub struct Saver<'a> {
    pub levels: &'a [String],
    pub level: Option<&'a str>,
}

/// Checks and normalises the documents a manager saves, and keeps the stored documents above
/// their level (which they never saw) as they are. Text is trimmed; the type lowercased
/// (blank: sop); the minimum level lowercased (blank: deputy, or the lowest level of agencies
/// without one) and within the saver's reach; unchanged documents keep their dates.
pub fn normalise_documents(
    drafts: Vec<Document>,
    stored: &[Document],
    saver: &Saver<'_>,
    now: DateTime<Utc>,
) -> Result<Vec<Document>, String> {
    if drafts.len() > MAX_DOCUMENTS {
        return Err(format!("At most {MAX_DOCUMENTS} documents can be published."));
    }
    let hidden: Vec<&Document> =
        stored.iter().filter(|d| !d.reached_by(saver.levels, saver.level)).collect();
    let default_level = if saver.levels.iter().any(|l| l == DEFAULT_MIN_LEVEL) {
        DEFAULT_MIN_LEVEL.to_owned()
    } else {
        saver.levels.first().cloned().unwrap_or_else(|| DEFAULT_MIN_LEVEL.to_owned())
    };
    let mut out: Vec<Document> = Vec::with_capacity(drafts.len() + hidden.len());
    for draft in drafts {
        let title = text("A title", &draft.title, limits::NAME)?;
        if title.is_empty() {
            return Err(TITLE_REQUIRED.into());
        }
        let stored_content = stored
            .iter()
            .find(|d| d.id == draft.id.trim() && d.reached_by(saver.levels, saver.level))
            .map(|d| d.content.as_str());
        let content = match stored_content {
            // Sent back as it is (or as the editor spells it): kept as stored, so a list save
            // never makes a version of a document it did not change, whatever its length.
            Some(stored) if unchanged(stored, &draft.content) => stored.to_owned(),
            _ => {
                max_len("Content", draft.content.trim(), MAX_CONTENT)?;
                let content = sanitise(&draft.content);
                if is_blank(&content) {
                    return Err(CONTENT_REQUIRED.into());
                }
                content
            }
        };
        let kind = match draft.kind.trim().to_lowercase() {
            k if k.is_empty() => "sop".to_owned(),
            k if TYPES.contains(&k.as_str()) => k,
            _ => return Err(BAD_TYPE.into()),
        };
        let min_level = match draft.min_level.trim().to_lowercase() {
            l if l.is_empty() => default_level.clone(),
            l if saver.levels.contains(&l) => l,
            l => return Err(format!("'{l}' is not one of this agency's levels.")),
        };
        let id = draft.id.trim();
        let taken = |id: &str| out.iter().any(|d| d.id == id) || hidden.iter().any(|d| d.id == id);
        let id = if id.is_empty() || id.len() > 40 || taken(id) {
            format!("doc-{}", &uuid::Uuid::new_v4().simple().to_string()[..12])
        } else {
            id.to_owned()
        };
        let mut document = Document {
            id,
            title,
            kind,
            min_level,
            summary: text("A summary", &draft.summary, limits::NOTE)?,
            content,
            created_at: None,
            updated_at: None,
        };
        if !document.reached_by(saver.levels, saver.level) {
            return Err(ABOVE_OWN_LEVEL.into());
        }
        let before = stored.iter().find(|d| d.id == document.id);
        document.created_at = Some(before.and_then(|d| d.created_at).unwrap_or(now));
        document.updated_at = match before {
            Some(before) if before.same_text(&document) => before.updated_at.or(Some(now)),
            _ => Some(now),
        };
        out.push(document);
    }
    out.extend(hidden.into_iter().cloned());
    Ok(out)
}

/// The document-editor integration as the management screen shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Integration {
    pub enabled: bool,
    pub server_url: Option<String>,
    /// Where the editor would send saved changes; documents open read-only, so none.
    pub callback_url: Option<String>,
}

/// The reader as `GET /api/sops` describes them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentViewer {
    pub is_authenticated: bool,
    pub level: Option<String>,
}

/// `GET /api/sops`: the documents the viewer's level reaches.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentList {
    pub documents: Vec<Document>,
    pub viewer: DocumentViewer,
}

/// `GET|PUT /api/sops?scope=manage`: the documents the manager reaches, the integration,
/// and the version a save must start from.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentManagement {
    pub documents: Vec<Document>,
    pub integration: Integration,
    pub version: i32,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
    /// The draft and published state of each document listed.
    pub drafts: Vec<DraftState>,
}

/// A document's draft and published state as the management list shows it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct DraftState {
    /// The document's id.
    pub id: String,
    /// The version readers see (1 for the first).
    pub published_version: i32,
    /// Whether the draft differs from the published version.
    pub unpublished: bool,
}

/// `GET|PUT /api/sops/{id}/draft`, and the answer of publish and restore: the draft a manager
/// edits, the revision a save must start from, and what is published.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    pub id: String,
    pub title: String,
    /// Cleaned HTML.
    pub content: String,
    /// 0 until the first save; a save must name the revision it edited.
    pub revision: i32,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
    /// The version readers see, none before the first publish.
    pub published_version: Option<i32>,
    pub published_at: Option<DateTime<Utc>>,
    pub published_by: Option<String>,
    /// Whether the draft differs from the published version.
    pub unpublished: bool,
}

/// `PUT /api/sops/{id}/draft`: the edited content and the revision it started from.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DraftSave {
    #[schema(max_length = 100000)]
    pub content: String,
    pub revision: i32,
}

/// `POST /api/sops/{id}/publish` and `…/versions/{version}/restore`: the draft revision the
/// manager saw.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DraftRevision {
    pub revision: i32,
}

/// One published version, as the history lists it.
#[derive(Debug, Clone, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct VersionSummary {
    pub version: i32,
    /// Who published it (their name).
    pub author: String,
    pub published_at: DateTime<Utc>,
    /// Who wrote the draft it was published from, in the order they first wrote (typed live
    /// or saved); empty for content saved with the document list.
    pub contributors: Vec<String>,
}

/// `GET /api/sops/{id}/versions`: every published version, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionList {
    pub id: String,
    pub title: String,
    pub versions: Vec<VersionSummary>,
}

/// `GET /api/sops/{id}/versions/{version}`: one version's content and its word diff from the
/// version before it (all added for the first).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VersionDetail {
    pub version: i32,
    pub author: String,
    pub published_at: DateTime<Utc>,
    /// Cleaned HTML.
    pub content: String,
    /// The version compared with, none for the first.
    pub previous: Option<i32>,
    pub diff: Vec<DiffPart>,
    /// Who wrote the draft it was published from (as in the list of versions).
    pub contributors: Vec<String>,
}

/// A draft save's content: at most [`MAX_CONTENT`] characters, cleaned, not blank.
pub fn draft_content(content: &str) -> Result<String, String> {
    max_len("Content", content.trim(), MAX_CONTENT)?;
    let content = sanitise(content);
    if is_blank(&content) {
        return Err(CONTENT_REQUIRED.into());
    }
    Ok(content)
}

/// `PUT /api/sops?scope=manage`: the documents (those the manager reaches) and the version
/// they were read at.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentSave {
    pub documents: Vec<Document>,
    pub version: i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels() -> Vec<String> {
        ["deputy", "supervisor", "command", "high_command"].map(String::from).to_vec()
    }

    fn doc(id: &str, min: &str) -> Document {
        Document {
            id: id.into(),
            title: format!(" {id} title "),
            kind: " SOP ".into(),
            min_level: min.into(),
            summary: " s ".into(),
            content: " body ".into(),
            created_at: None,
            updated_at: None,
        }
    }

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(seconds, 0).unwrap()
    }

    #[test]
    fn saves_trim_default_and_check() {
        let levels = levels();
        let saver = Saver { levels: &levels, level: Some("command") };
        let saved = normalise_documents(vec![doc("", "")], &[], &saver, at(10)).unwrap();
        let d = &saved[0];
        assert!(d.id.starts_with("doc-"));
        assert_eq!((d.title.as_str(), d.kind.as_str()), ("title", "sop"));
        assert_eq!(
            (d.min_level.as_str(), d.summary.as_str(), d.content.as_str()),
            ("deputy", "s", "body")
        );
        assert_eq!((d.created_at, d.updated_at), (Some(at(10)), Some(at(10))));

        let untitled = Document { title: " ".into(), ..doc("a", "") };
        assert_eq!(
            normalise_documents(vec![untitled], &[], &saver, at(1)).unwrap_err(),
            TITLE_REQUIRED
        );
        let empty = Document { content: "\n ".into(), ..doc("a", "") };
        assert_eq!(
            normalise_documents(vec![empty], &[], &saver, at(1)).unwrap_err(),
            CONTENT_REQUIRED
        );
        let memo = Document { kind: "memo".into(), ..doc("a", "") };
        assert_eq!(normalise_documents(vec![memo], &[], &saver, at(1)).unwrap_err(), BAD_TYPE);
        let presentation = Document { kind: "Presentation".into(), ..doc("a", "Supervisor") };
        let saved = normalise_documents(vec![presentation], &[], &saver, at(1)).unwrap();
        assert_eq!(
            (saved[0].kind.as_str(), saved[0].min_level.as_str()),
            ("presentation", "supervisor")
        );
        assert_eq!(
            normalise_documents(vec![doc("a", "chief")], &[], &saver, at(1)).unwrap_err(),
            "'chief' is not one of this agency's levels."
        );
        assert_eq!(
            normalise_documents(vec![doc("a", "high_command")], &[], &saver, at(1)).unwrap_err(),
            ABOVE_OWN_LEVEL
        );
    }

    #[test]
    fn unchanged_documents_keep_their_dates_and_hidden_ones_survive() {
        let levels = levels();
        let stored = normalise_documents(
            vec![doc("a", "deputy"), doc("b", "deputy"), doc("secret", "high_command")],
            &[],
            &Saver { levels: &levels, level: Some("high_command") },
            at(10),
        )
        .unwrap();
        let saver = Saver { levels: &levels, level: Some("command") };
        let mut changed = stored[1].clone();
        changed.content = "new body".into();
        // The manager saw a and b only; they send an edit of b and a new document that
        // happens to reuse the hidden document's id.
        let drafts = vec![stored[0].clone(), changed, doc("secret", "deputy")];
        let saved = normalise_documents(drafts, &stored, &saver, at(20)).unwrap();
        assert_eq!(saved.len(), 4);
        assert_eq!(saved[0].updated_at, Some(at(10)), "unchanged");
        assert_eq!((saved[1].created_at, saved[1].updated_at), (Some(at(10)), Some(at(20))));
        assert_ne!(saved[2].id, "secret", "a new id, the hidden one is kept");
        assert_eq!(saved[3], stored[2]);
    }

    #[test]
    fn content_sent_back_as_the_editor_spells_it_is_kept_as_stored() {
        let levels = levels();
        let saver = Saver { levels: &levels, level: Some("command") };
        // As migration 0019 left an old document: a no-break space written as itself, and
        // longer than a save may send once its markup is counted.
        let long = format!("<p>{}\u{a0}end</p>", "x".repeat(MAX_CONTENT));
        let mut stored =
            normalise_documents(vec![doc("a", "deputy")], &[], &saver, at(10)).unwrap();
        stored[0].content = long.clone();
        let sent =
            Document { content: long.replace('\u{a0}', "&nbsp;") + "<p></p>", ..stored[0].clone() };
        let saved = normalise_documents(vec![sent], &stored, &saver, at(20)).unwrap();
        assert_eq!(saved[0].content, long, "kept as stored");
        assert_eq!(saved[0].updated_at, Some(at(10)), "not changed");
        // A real change is still checked and cleaned.
        let changed = Document { content: format!("{long}<p>more</p>"), ..stored[0].clone() };
        assert!(normalise_documents(vec![changed], &stored, &saver, at(20)).is_err());
    }

    #[test]
    fn content_is_cleaned_on_every_write_and_blank_html_is_refused() {
        let levels = levels();
        let saver = Saver { levels: &levels, level: Some("command") };
        let hostile = Document {
            content: "<p onclick=\"x()\">Hi<script>alert(1)</script></p>".into(),
            ..doc("a", "")
        };
        let saved = normalise_documents(vec![hostile], &[], &saver, at(1)).unwrap();
        assert_eq!(saved[0].content, "<p>Hi</p>");
        let blank = Document { content: "<p> </p><script>x</script>".into(), ..doc("a", "") };
        assert_eq!(
            normalise_documents(vec![blank], &[], &saver, at(1)).unwrap_err(),
            CONTENT_REQUIRED
        );
        assert_eq!(draft_content("<h2>T</h2><img src=x onerror=y()>").unwrap(), "<h2>T</h2><img>");
        assert_eq!(draft_content("<p></p>").unwrap_err(), CONTENT_REQUIRED);
        assert_eq!(
            draft_content(&"x".repeat(MAX_CONTENT + 1)).unwrap_err(),
            "Content must be at most 100000 characters."
        );
    }

    #[test]
    fn agencies_without_a_deputy_level_default_to_their_lowest() {
        let levels = ["cadet", "officer"].map(String::from).to_vec();
        let saver = Saver { levels: &levels, level: Some("officer") };
        let saved = normalise_documents(vec![doc("a", "")], &[], &saver, at(1)).unwrap();
        assert_eq!(saved[0].min_level, "cadet");
    }
}
