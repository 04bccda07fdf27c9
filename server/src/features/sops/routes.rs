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
    error::{bad_request, not_found, AppError, AppResult},
    extract::Services,
    extract::{JsonBody, PathParams, QueryParams},
    features::sops::{
        editor::{self, EditorAnswer, Opener, BAD_FILE_TOKEN},
        model::{
            normalise_documents, Document, DocumentList, DocumentManagement, DocumentSave,
            DocumentViewer, Integration, Saver, NOT_FOUND,
        },
        store,
    },
    shared::Portal,
    shared::{catalogue::ScopeQuery, whole_list::Versioned},
};

/// The list for members, or for managers with `?scope=manage`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum Documents {
    Manage(DocumentManagement),
    Read(DocumentList),
}

fn agency_levels(viewer: &Viewer) -> Vec<String> {
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
) -> DocumentManagement {
    let levels = agency_levels(viewer);
    DocumentManagement {
        documents: list
            .items
            .into_iter()
            .filter(|d| d.reached_by(&levels, viewer.level.as_deref()))
            .collect(),
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
        return Ok(Json(Documents::Manage(management(&state, &viewer, list))));
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
pub async fn save<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    JsonBody(save): JsonBody<DocumentSave>,
) -> AppResult<Json<DocumentManagement>> {
    let levels = agency_levels(&viewer);
    let saver = Saver { levels: &levels, level: viewer.level.as_deref() };
    let mut tx = viewer.pool().begin().await?;
    let stored = store::load_for_update(&mut tx).await?;
    if stored.version != save.version {
        // Answered as every stale save is, with only what this manager may see.
        let current = management(&state, &viewer, stored);
        return Err(AppError::stale(crate::shared::whole_list::STALE_LIST, &current));
    }
    let documents = normalise_documents(save.documents, &stored.items, &saver, Utc::now())
        .map_err(bad_request)?;
    let saved = store::replace(&mut tx, &documents, save.version, &viewer.actor()).await?;
    tx.commit().await?;
    Ok(Json(management(&state, &viewer, saved)))
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
    let levels = agency_levels(&viewer);
    let document = store::load(viewer.pool())
        .await?
        .items
        .into_iter()
        .find(|d| d.id == id && d.reached_by(&levels, viewer.level.as_deref()))
        .ok_or_else(|| not_found(NOT_FOUND))?;
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
    let document = store::load(viewer.pool())
        .await?
        .items
        .into_iter()
        .find(|d| d.id == claims.doc)
        .ok_or_else(|| not_found(NOT_FOUND))?;
    if editor::version(&document) != claims.ver {
        // The document changed since the link was made: the editor asks for a new one.
        return Err(crate::error::forbidden(BAD_FILE_TOKEN));
    }
    let body = format!("{}\n\n{}\n", document.title, document.content);
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response())
}
