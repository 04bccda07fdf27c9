//! `GET /api/sops`, `GET|PUT /api/sops?scope=manage`, `POST /api/sops/{id}/onlyoffice` and
//! the editor's `GET /api/sops/{id}/file` (member-portal §2.10, §7; command-and-reports §2,
//! §7). A document above the viewer's level never leaves the server.

use axum::{
    http::header,
    response::{IntoResponse, Response},
    Json,
};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::{
        guard::{nav_item, require_nav, Guard, NavItem},
        Viewer,
    },
    error::{bad_request, forbidden, not_found, AppError, AppResult},
    extract::Services,
    extract::{JsonBody, PathParams, QueryParams},
    features::sops::{
        collab::{self, CollabState},
        content::{plain_text, word_diff},
        editor::{self, EditorAnswer, Opener, BAD_FILE_TOKEN},
        model::{
            draft_content, normalise_documents, Document, DocumentList, DocumentManagement,
            DocumentSave, DocumentViewer, Draft, DraftRevision, DraftSave, DraftState, Integration,
            Saver, VersionDetail, VersionList, ABOVE_OWN_LEVEL_DRAFT, NOTHING_TO_PUBLISH,
            NOT_FOUND, STALE_DRAFT, VERSION_NOT_FOUND,
        },
        office_routes,
        store::{self, DraftRow, VersionFrom, VersionRow},
    },
    shared::{
        audit::{self, Event},
        catalogue::ScopeQuery,
        whole_list::Versioned,
        Portal,
    },
    tenancy::pools::TenantTx,
};

/// The list for members, or for managers with `?scope=manage`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Documents {
    Manage(DocumentManagement),
    Read(DocumentList),
}

pub(super) fn agency_levels(viewer: &Viewer) -> Vec<String> {
    viewer.agency.flags.levels.iter().map(|l| l.id.clone()).collect()
}

fn integration(state: &impl Portal) -> Integration {
    let settings = state.config().onlyoffice.as_ref();
    Integration {
        enabled: settings.is_some(),
        server_url: settings.map(|s| s.url.to_string()),
        callback_url: None,
    }
}

/// What a manager is shown of a stored list: the documents their level reaches.
fn management(
    state: &impl Portal,
    viewer: &Viewer,
    list: Versioned<Document>,
    drafts: Vec<DraftState>,
) -> DocumentManagement {
    let levels = agency_levels(viewer);
    let documents: Vec<Document> =
        list.items.into_iter().filter(|d| d.reached_by(&levels, viewer.level.as_deref())).collect();
    DocumentManagement {
        drafts: drafts.into_iter().filter(|s| documents.iter().any(|d| d.id == s.id)).collect(),
        documents,
        integration: integration(state),
        version: list.version,
        updated_at: list.updated_at,
        updated_by: list.updated_by,
    }
}

/// The documents the viewer's level reaches (signed-out visitors of a public page: those of
/// the lowest level) and the viewer; with `?scope=manage` the documents to manage, the
/// editor integration and the list's version.
#[utoipa::path(get, operation_id = "list_documents", path = "/api/sops", tag = "sops",
    params(ScopeQuery),
    responses((status = 200, body = Documents), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn list<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    QueryParams(query): QueryParams<ScopeQuery>,
) -> AppResult<Json<Documents>> {
    let manage = query.manage()?;
    require_nav(&viewer, if manage { nav_item::SopManagement::ID } else { nav_item::Sops::ID })
        .await?;
    let list = store::load(viewer.pool()).await?;
    if manage {
        let drafts = store::draft_states(viewer.pool()).await?;
        return Ok(Json(Documents::Manage(management(&state, &viewer, list, drafts))));
    }
    let levels = agency_levels(&viewer);
    Ok(Json(Documents::Read(DocumentList {
        documents: list
            .items
            .into_iter()
            .filter(|d| d.reached_by(&levels, viewer.level.as_deref()))
            .collect(),
        viewer: DocumentViewer {
            is_authenticated: viewer.is_authenticated(),
            level: viewer.level.clone(),
        },
    })))
}

/// Replaces the documents the manager reaches (documents above their level stay as they
/// are); a save over a newer version answers 409 with the current list.
#[utoipa::path(put, operation_id = "save_documents", path = "/api/sops", tag = "sops",
    params(ScopeQuery), request_body = DocumentSave,
    responses((status = 200, body = DocumentManagement), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::StaleBody), (status = 413, body = crate::error::ErrorBody)))]
pub async fn save<S: Portal + CollabState>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    JsonBody(save): JsonBody<DocumentSave>,
) -> AppResult<Json<DocumentManagement>> {
    let levels = agency_levels(&viewer);
    let saver = Saver { levels: &levels, level: viewer.level.as_deref() };
    // Live changes not yet written are written first (a content change follows the draft
    // only when it has nothing unpublished: that must be judged on the draft as it is).
    collab::write_all_pending(viewer.pool()).await?;
    let mut tx = viewer.pool().begin().await?;
    let stored = store::load_for_update(&mut tx).await?;
    if stored.version != save.version {
        // Answered as every stale save is, with only what this manager may see.
        let drafts = store::draft_states(&mut *tx).await?;
        let current = management(&state, &viewer, stored, drafts);
        return Err(AppError::stale(crate::shared::whole_list::STALE_LIST, &current));
    }
    let documents = normalise_documents(save.documents, &stored.items, &saver, Utc::now())
        .map_err(bad_request)?;
    let actor = viewer.actor();
    let saved = store::replace(&mut tx, &documents, save.version, &actor).await?;
    store::record_list_save(&mut tx, &stored.items, &documents, &actor).await?;
    let drafts = store::draft_states(&mut *tx).await?;
    tx.commit().await?;
    collab::list_saved(&state, viewer.pool(), &stored.items, &documents).await;
    Ok(Json(management(&state, &viewer, saved, drafts)))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct DocumentId {
    pub id: String,
}

/// The document-editor configuration for one document (signed for the editor), or
/// `enabled: false` and a message naming the two server settings when it is not set up.
#[utoipa::path(post, operation_id = "document_editor_config", path = "/api/sops/{id}/onlyoffice", tag = "sops",
    params(DocumentId),
    responses((status = 200, body = EditorAnswer), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn editor_config<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
) -> AppResult<Json<EditorAnswer>> {
    // Opening a document changes nothing: members on leave may preview too.
    require_nav(&viewer, nav_item::SopManagement::ID).await?;
    let document = reached_document(&viewer, &id, false).await?;
    // A document with an Office source opens that file (edit mode for managers).
    if let Some(answer) = office_routes::source_editor(&state, &viewer, &document).await? {
        return Ok(Json(answer));
    }
    let user_id = viewer.user.as_ref().map(|u| u.discord_id.clone()).unwrap_or_default();
    let name = viewer.display_name();
    let answer = editor::configure(
        state.config().onlyoffice.as_ref(),
        &state.config().public_url,
        &viewer.agency.slug,
        &document,
        &Opener { id: &user_id, name: &name },
        Utc::now(),
    )?;
    Ok(Json(answer))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FileToken {
    /// The token of the editor configuration's document URL.
    pub token: String,
}

/// The text of one document for the document editor, which calls with the token of the
/// configuration instead of a session.
#[utoipa::path(get, operation_id = "document_file", path = "/api/sops/{id}/file", tag = "sops",
    params(DocumentId, FileToken),
    responses((status = 200, content_type = "text/plain", body = String),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn file<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
    QueryParams(FileToken { token }): QueryParams<FileToken>,
) -> AppResult<Response> {
    let settings = state.config().onlyoffice.as_ref().ok_or_else(|| not_found(NOT_FOUND))?;
    let claims = editor::verify_file_token(&settings.jwt_secret, &token)
        .filter(|c| c.doc == id && c.agency == viewer.agency.slug)
        .ok_or_else(|| crate::error::forbidden(BAD_FILE_TOKEN))?;
    let document =
        store::document(viewer.pool(), &claims.doc).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    if editor::version(&document) != claims.ver {
        // The document changed since the link was made: the editor asks for a new one.
        return Err(crate::error::forbidden(BAD_FILE_TOKEN));
    }
    // The published content, as text: the editor opens it as a .txt document.
    let body = format!("{}\n\n{}\n", document.title, plain_text(&document.content));
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response())
}

// Drafts, publishing and the history (issue 28). Every route below is for document managers
// (the guard of the management screen) and only for documents their level reaches: reading
// one above it answers as a missing one does, changing one is refused with a sentence.

/// The document found, if the viewer's level reaches it. One above it answers as a missing one
/// does, unless the manager is about to change it (`write`): that is refused with a sentence.
pub(super) fn reached(
    viewer: &Viewer,
    found: Option<Document>,
    write: bool,
) -> AppResult<Document> {
    let document = found.ok_or_else(|| not_found(NOT_FOUND))?;
    if document.reached_by(&agency_levels(viewer), viewer.level.as_deref()) {
        Ok(document)
    } else if write {
        Err(forbidden(ABOVE_OWN_LEVEL_DRAFT))
    } else {
        Err(not_found(NOT_FOUND))
    }
}

/// Document `id`, read alone, if the viewer's level reaches it (see [`reached`]).
pub(super) async fn reached_document(
    viewer: &Viewer,
    id: &str,
    write: bool,
) -> AppResult<Document> {
    reached(viewer, store::document(viewer.pool(), id).await?, write)
}

/// The draft as answered: its row (none before the first save: the published content at
/// revision 0) and the latest published version.
fn draft_answer(
    document: &Document,
    row: Option<store::DraftRow>,
    published: Option<store::VersionRow>,
) -> Draft {
    let row = row.unwrap_or(store::DraftRow {
        content: document.content.clone(),
        revision: 0,
        updated_at: None,
        updated_by: None,
    });
    Draft {
        id: document.id.clone(),
        title: document.title.clone(),
        unpublished: row.content != document.content,
        content: row.content,
        revision: row.revision,
        updated_at: row.updated_at,
        updated_by: row.updated_by,
        published_version: published.as_ref().map(|v| v.version),
        published_at: published.as_ref().map(|v| v.published_at),
        published_by: published.map(|v| v.author),
    }
}

/// What the audit log names draft saves and restores by (a publish is a save of the list).
pub const DRAFT_KIND: &str = "document_draft";

/// A draft as the audit log compares it: its content.
fn audited(row: &DraftRow) -> serde_json::Value {
    serde_json::json!({ "content": row.content })
}

/// The start of every change to a draft: a transaction holding the document list (so that no
/// list save removes or changes the document until this one ends: no draft is left behind for
/// a removed document), the list, and the document as this manager may change it.
async fn hold_document(
    viewer: &Viewer,
    id: &str,
) -> AppResult<(TenantTx, Versioned<Document>, Document)> {
    let mut tx = viewer.pool().begin().await?;
    let list = store::load_for_update(&mut tx).await?;
    let document = reached(viewer, list.items.iter().find(|d| d.id == id).cloned(), true)?;
    Ok((tx, list, document))
}

/// The document's draft row, locked, and its latest published version, once the revision the
/// manager saw is the draft's (409 with the current draft otherwise).
async fn locked_draft(
    tx: &mut TenantTx,
    document: &Document,
    revision: i32,
) -> AppResult<(DraftRow, Option<VersionRow>)> {
    let row = store::lock_draft(tx, &document.id, &document.content).await?;
    let published = store::latest_version(&mut **tx, &document.id).await?;
    if row.revision != revision {
        return Err(AppError::stale(STALE_DRAFT, &draft_answer(document, Some(row), published)));
    }
    Ok((row, published))
}

/// The draft of one document, the revision a save must start from, and what is published.
#[utoipa::path(get, operation_id = "get_document_draft", path = "/api/sops/{id}/draft", tag = "sops",
    params(DocumentId),
    responses((status = 200, body = Draft), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_draft(
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
) -> AppResult<Json<Draft>> {
    let document = reached_document(&viewer, &id, false).await?;
    // Live changes not yet written are written first: the revision is the current one.
    collab::write_pending(viewer.pool(), &id).await?;
    let row = store::draft(viewer.pool(), &id).await?;
    let published = store::latest_version(viewer.pool(), &id).await?;
    Ok(Json(draft_answer(&document, row, published)))
}

/// Saves the draft (cleaned HTML); a save of an older revision answers 409 with the current
/// draft. Readers keep seeing the published version.
#[utoipa::path(put, operation_id = "save_document_draft", path = "/api/sops/{id}/draft", tag = "sops",
    params(DocumentId), request_body = DraftSave,
    responses((status = 200, body = Draft), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::StaleBody)))]
pub async fn save_draft<S: Portal + CollabState>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
    JsonBody(save): JsonBody<DraftSave>,
) -> AppResult<Json<Draft>> {
    // A save over live changes not yet written is stale.
    collab::write_pending(viewer.pool(), &id).await?;
    let (mut tx, _, document) = hold_document(&viewer, &id).await?;
    let content = draft_content(&save.content).map_err(bad_request)?;
    let (before, published) = locked_draft(&mut tx, &document, save.revision).await?;
    let actor = viewer.actor();
    let row = store::save_draft(&mut tx, &id, &content, &actor).await?;
    let event = Event::updated(DRAFT_KIND, &id, &document.title, &audited(&before), &audited(&row));
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    // Editors of the document get the saved content.
    collab::replace(&state, viewer.pool(), &id, &row.content).await;
    Ok(Json(draft_answer(&document, Some(row), published)))
}

/// Publishes the draft (at the revision the manager saw): readers see it from now on, and it
/// is kept in the history as the next version, with its author and time.
#[utoipa::path(post, operation_id = "publish_document", path = "/api/sops/{id}/publish", tag = "sops",
    params(DocumentId), request_body = DraftRevision,
    responses((status = 200, body = Draft), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 409, body = crate::error::StaleBody)))]
pub async fn publish(
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
    JsonBody(request): JsonBody<DraftRevision>,
) -> AppResult<Json<Draft>> {
    // What is published is the draft as written together up to now.
    collab::write_pending(viewer.pool(), &id).await?;
    let (mut tx, list, document) = hold_document(&viewer, &id).await?;
    let (row, _) = locked_draft(&mut tx, &document, request.revision).await?;
    if row.content == document.content {
        return Err(bad_request(NOTHING_TO_PUBLISH));
    }
    let now = Utc::now();
    let items: Vec<Document> = list
        .items
        .into_iter()
        .map(|d| {
            if d.id == id {
                Document { content: row.content.clone(), updated_at: Some(now), ..d }
            } else {
                d
            }
        })
        .collect();
    let actor = viewer.actor();
    store::replace(&mut tx, &items, list.version, &actor).await?;
    let version =
        store::add_version(&mut tx, &id, &row.content, &actor.display, VersionFrom::Draft).await?;
    tx.commit().await?;
    let published = Document { content: row.content.clone(), ..document };
    Ok(Json(draft_answer(&published, Some(row), Some(version))))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct VersionPath {
    pub id: String,
    pub version: i32,
}

/// Every published version of one document, newest first, with who published it and when.
#[utoipa::path(get, operation_id = "list_document_versions", path = "/api/sops/{id}/versions", tag = "sops",
    params(DocumentId),
    responses((status = 200, body = VersionList), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn versions(
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
) -> AppResult<Json<VersionList>> {
    let document = reached_document(&viewer, &id, false).await?;
    let versions = store::versions(viewer.pool(), &id).await?;
    Ok(Json(VersionList { id, title: document.title, versions }))
}

/// One published version and the word diff from the version before it.
#[utoipa::path(get, operation_id = "get_document_version", path = "/api/sops/{id}/versions/{version}", tag = "sops",
    params(VersionPath),
    responses((status = 200, body = VersionDetail), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn version(
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(VersionPath { id, version }): PathParams<VersionPath>,
) -> AppResult<Json<VersionDetail>> {
    reached_document(&viewer, &id, false).await?;
    let mut rows = store::version_and_previous(viewer.pool(), &id, version).await?.into_iter();
    let this = rows.next().filter(|v| v.version == version);
    let this = this.ok_or_else(|| not_found(VERSION_NOT_FOUND))?;
    let previous = rows.next();
    let diff = word_diff(previous.as_ref().map_or("", |p| p.content.as_str()), &this.content);
    Ok(Json(VersionDetail {
        version: this.version,
        author: this.author,
        published_at: this.published_at,
        content: this.content,
        previous: previous.map(|p| p.version),
        diff,
        contributors: this.contributors,
    }))
}

/// Makes an old version the draft again (at the revision the manager saw; 409 with the
/// current draft otherwise); publishing it is a step of its own.
#[utoipa::path(post, operation_id = "restore_document_version", path = "/api/sops/{id}/versions/{version}/restore", tag = "sops",
    params(VersionPath), request_body = DraftRevision,
    responses((status = 200, body = Draft), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::StaleBody)))]
pub async fn restore<S: Portal + CollabState>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(VersionPath { id, version }): PathParams<VersionPath>,
    JsonBody(request): JsonBody<DraftRevision>,
) -> AppResult<Json<Draft>> {
    collab::write_pending(viewer.pool(), &id).await?;
    let (mut tx, _, document) = hold_document(&viewer, &id).await?;
    let old = store::version_and_previous(&mut *tx, &id, version).await?.into_iter().next();
    let old = old.filter(|v| v.version == version).ok_or_else(|| not_found(VERSION_NOT_FOUND))?;
    let (before, published) = locked_draft(&mut tx, &document, request.revision).await?;
    let actor = viewer.actor();
    let row = store::save_draft(&mut tx, &id, &old.content, &actor).await?;
    let event = Event {
        action: format!("restored version {version}"),
        ..Event::updated(DRAFT_KIND, &id, &document.title, &audited(&before), &audited(&row))
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    collab::replace(&state, viewer.pool(), &id, &row.content).await;
    Ok(Json(draft_answer(&document, Some(row), published)))
}
