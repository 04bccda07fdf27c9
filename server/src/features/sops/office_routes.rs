//! A document's Office source (issue 28, "Office files"): command (the document management
//! permission, for documents their level reaches) attaches a `.docx` or `.pptx`, replaces it
//! and removes it; readers the document's level reaches download it; with the document editor
//! (OnlyOffice Docs) configured it opens there, in edit mode for managers, and the editor's
//! save callback stores the edited file as the next version. Every version is kept
//! (`office_store`); the bytes live in the media store under `documents/<agency>/`, which
//! `/media` never serves.

use std::sync::OnceLock;

use axum::{
    body::{Body, Bytes},
    extract::{multipart::MultipartError, DefaultBodyLimit, Multipart},
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use bytes::BytesMut;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    access::{
        guard::{nav_item, require_any_nav, require_nav, Guard, NavItem},
        viewer::viewer_for,
        Viewer,
    },
    error::{bad_request, forbidden, not_found, AppError, AppResult},
    extract::{MultipartBody, PathParams, QueryParams, Services},
    features::sops::{
        editor::{EditorAnswer, EditorConfig, EditorDocument, EditorPermissions, EditorSettings},
        editor::{EditorUser, NOT_CONFIGURED},
        model::{Document, NOT_FOUND},
        office::{self, OfficeKind, MAX_SOURCE_BYTES, NOT_OFFICE, NO_FILE, NO_SOURCE, TOO_LARGE},
        office_store::{self, NewSource, SourceRow},
        routes::{agency_levels, reached_document, DocumentId},
        store,
    },
    identity::users,
    shared::{
        audit::{self, Event},
        catalogue::ScopeQuery,
        Portal,
    },
};

/// What the audit log names changes of documents' Office sources by.
pub const SOURCE_KIND: &str = "document_source";

/// The source routes.
pub fn routes<S: Portal>() -> OpenApiRouter<S> {
    OpenApiRouter::new()
        .routes(routes!(attach, remove))
        .layer(DefaultBodyLimit::max(MAX_SOURCE_BYTES + 64 * 1024))
        .routes(routes!(sources))
        .routes(routes!(versions))
        .routes(routes!(download))
        .routes(routes!(editor_file))
        .routes(routes!(open))
        .routes(routes!(callback))
}

/// A document's current Office source.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceInfo {
    pub document_id: String,
    pub file_name: String,
    pub kind: OfficeKind,
    /// Bytes.
    pub size: i64,
    pub version: i32,
    pub updated_at: DateTime<Utc>,
    /// Who stored this version (managers only).
    pub updated_by: Option<String>,
}

/// `GET /api/sops/sources`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceList {
    pub sources: Vec<SourceInfo>,
    /// Whether sources open in the document editor (else they download).
    pub editor_enabled: bool,
}

/// One version of a document's source.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceVersion {
    pub version: i32,
    pub file_name: String,
    pub kind: OfficeKind,
    pub size: i64,
    pub author: String,
    pub created_at: DateTime<Utc>,
    /// Set on the version that was current when the source was removed.
    pub removed_at: Option<DateTime<Utc>>,
    pub removed_by: Option<String>,
    /// Stored by the document editor's save (not an upload).
    pub from_editor: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceHistory {
    pub document_id: String,
    pub versions: Vec<SourceVersion>,
}

fn kind_of(row: &SourceRow) -> OfficeKind {
    OfficeKind::parse(&row.kind).unwrap_or(OfficeKind::Docx)
}

fn info(row: SourceRow, manager: bool) -> SourceInfo {
    SourceInfo {
        kind: kind_of(&row),
        document_id: row.document_id,
        file_name: row.file_name,
        size: row.size_bytes,
        version: row.version,
        updated_at: row.created_at,
        updated_by: manager.then_some(row.author),
    }
}

/// Whether the viewer reads documents (the SOPs page) or manages them.
async fn require_reader(viewer: &Viewer) -> AppResult<()> {
    require_any_nav(viewer, &[nav_item::Sops::ID, nav_item::SopManagement::ID]).await
}

/// Whether the viewer may change documents now: the management permission, not on leave,
/// and signed in as a member (never through an API token, even one acting as a member: the
/// editor's save link would outlive the token's checks).
async fn may_manage(viewer: &Viewer) -> AppResult<bool> {
    if !viewer.is_authenticated() || viewer.api_token.is_some() || !viewer.can_manage {
        return Ok(false);
    }
    match require_nav(viewer, nav_item::SopManagement::ID).await {
        Ok(()) => Ok(true),
        Err(AppError::Forbidden(_) | AppError::Unauthorized(_)) => Ok(false),
        Err(other) => Err(other),
    }
}

/// The current source of every document the viewer's level reaches; `?scope=manage` (for
/// managers) adds who stored each.
#[utoipa::path(get, operation_id = "list_document_sources", path = "/api/sops/sources", tag = "sops",
    params(ScopeQuery),
    responses((status = 200, body = SourceList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn sources<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    QueryParams(query): QueryParams<ScopeQuery>,
) -> AppResult<Json<SourceList>> {
    let manage = query.manage()?;
    require_nav(&viewer, if manage { nav_item::SopManagement::ID } else { nav_item::Sops::ID })
        .await?;
    let levels = agency_levels(&viewer);
    let documents = store::load(viewer.pool()).await?.items;
    let reached: Vec<&str> = documents
        .iter()
        .filter(|d| d.reached_by(&levels, viewer.level.as_deref()))
        .map(|d| d.id.as_str())
        .collect();
    let sources = office_store::all_current(viewer.pool())
        .await?
        .into_iter()
        .filter(|row| reached.contains(&row.document_id.as_str()))
        .map(|row| info(row, manage))
        .collect();
    Ok(Json(SourceList { sources, editor_enabled: state.config().onlyoffice.is_some() }))
}

fn multipart_error(err: MultipartError) -> AppError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge(TOO_LARGE.into())
    } else {
        bad_request(format!("Invalid upload: {}", err.body_text()))
    }
}

/// The field `file` of an upload, within [`MAX_SOURCE_BYTES`], and the name it was sent as.
async fn read_upload(mut multipart: Multipart) -> AppResult<(Bytes, Option<String>)> {
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() != Some("file") {
            continue;
        }
        let name = field.file_name().map(str::to_owned);
        let mut buffer = BytesMut::new();
        while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
            if buffer.len() + chunk.len() > MAX_SOURCE_BYTES {
                return Err(AppError::PayloadTooLarge(TOO_LARGE.into()));
            }
            buffer.extend_from_slice(&chunk);
        }
        if buffer.is_empty() {
            break;
        }
        return Ok((buffer.freeze(), name));
    }
    Err(bad_request(NO_FILE))
}

/// What `bytes` are, checked off the request threads (reading a zip's directory is CPU work).
async fn sniffed(bytes: Bytes) -> AppResult<Option<OfficeKind>> {
    tokio::task::spawn_blocking(move || office::sniff(&bytes))
        .await
        .map_err(|err| AppError::Other(err.into()))
}

/// A source as the audit log compares it.
fn audited(row: &SourceRow) -> Value {
    serde_json::json!({
        "fileName": row.file_name,
        "version": row.version,
        "size": row.size_bytes,
    })
}

/// Who stores a version, and how.
struct Storing<'a> {
    display: &'a str,
    user_id: Option<&'a str>,
    file_name: &'a str,
    editor_key: Option<&'a str>,
    saved_status: Option<i16>,
    /// The editor callback's token ([`office::SignedCallback::digest`]).
    callback_digest: Option<&'a [u8]>,
    /// The version the change was made from (the callback saves over this one only).
    over: Option<i32>,
    action: String,
}

/// What a refused store says: the agency's Office files would outgrow their quota.
fn quota_full(state: &impl Portal) -> AppError {
    AppError::PayloadTooLarge(format!(
        "This agency's Office files have reached their storage limit ({} MB): nothing was stored.",
        state.config().document_files_max_bytes >> 20
    ))
}

/// Whether `adding` more bytes keep the agency's Office files within their quota.
async fn within_quota(
    state: &impl Portal,
    db: impl sqlx::PgExecutor<'_>,
    adding: usize,
) -> AppResult<bool> {
    let stored = u64::try_from(office_store::stored_bytes(db).await?).unwrap_or(0);
    Ok(stored.saturating_add(adding as u64) <= state.config().document_files_max_bytes)
}

/// Stores `bytes` as the next version of `document`'s source, with an audit entry. `None`
/// (and nothing kept) when the current version is no longer `storing.over`.
async fn store_version<S: Portal>(
    state: &S,
    viewer: &Viewer,
    document: &Document,
    kind: OfficeKind,
    bytes: Bytes,
    storing: Storing<'_>,
) -> AppResult<Option<SourceRow>> {
    // Weighed before the bytes go to the store, and again, held, before they count.
    if !within_quota(state, viewer.pool(), bytes.len()).await? {
        return Err(quota_full(state));
    }
    let adding = bytes.len();
    let size = i64::try_from(adding).unwrap_or(i64::MAX);
    let key = format!(
        "documents/{}/{}.{}",
        viewer.agency.slug,
        uuid::Uuid::new_v4().simple(),
        kind.extension()
    );
    state.media().put(&key, bytes).await.map_err(AppError::Other)?;
    let stored = async {
        let mut tx = viewer.pool().begin().await?;
        // The list first, as a list save holds it: the document cannot be removed meanwhile
        // (a version stored for a removed document would outlive it).
        let list = store::load_for_update(&mut tx).await?;
        if !list.items.iter().any(|d| d.id == document.id) {
            return Err(not_found(NOT_FOUND));
        }
        office_store::lock_all(&mut tx).await?;
        office_store::lock(&mut tx, &document.id).await?;
        if !within_quota(state, &mut *tx, adding).await? {
            return Err(quota_full(state));
        }
        let before = office_store::current(&mut *tx, &document.id).await?;
        if let Some(over) = storing.over {
            if before.as_ref().map(|b| b.version) != Some(over) {
                return Ok::<_, AppError>(None);
            }
        }
        let new = NewSource {
            document_id: &document.id,
            kind: kind.extension(),
            file_name: storing.file_name,
            storage_key: &key,
            size_bytes: size,
            author: storing.display,
            author_id: storing.user_id,
            editor_key: storing.editor_key,
            saved_status: storing.saved_status,
            callback_digest: storing.callback_digest,
        };
        let row = office_store::add(&mut tx, &new).await?;
        let event = match &before {
            Some(before) => Event::updated(
                SOURCE_KIND,
                &document.id,
                &document.title,
                &audited(before),
                &audited(&row),
            ),
            None => Event::created(SOURCE_KIND, &document.id, &document.title, &audited(&row)),
        };
        let event = Event { action: storing.action.clone(), ..event };
        let actor = crate::access::viewer::Actor {
            display: storing.display.to_owned(),
            user_id: storing.user_id.map(str::to_owned),
        };
        audit::record(&mut tx, &actor, &event).await?;
        tx.commit().await?;
        Ok(Some(row))
    }
    .await;
    if !matches!(stored, Ok(Some(_))) {
        // Nothing refers to the object: it goes.
        if let Err(err) = state.media().delete(&key).await {
            tracing::warn!(error = %err, "an unused document source was not deleted");
        }
    }
    stored
}

/// Attaches a `.docx` or `.pptx` (field `file`, at most 20 MB, checked by content) as the
/// document's source, or replaces the current one: it becomes the next version.
#[utoipa::path(post, operation_id = "attach_document_source", path = "/api/sops/{id}/source", tag = "sops",
    params(DocumentId),
    request_body(content_type = "multipart/form-data", description = "Field `file`"),
    responses((status = 200, body = SourceInfo), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 413, body = crate::error::ErrorBody),
              (status = 415, body = crate::error::ErrorBody)))]
pub async fn attach<S: Portal>(
    Services(state): Services<S>,
    // Extracted before the body: only document managers upload anything here.
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
    MultipartBody(multipart): MultipartBody,
) -> AppResult<Json<SourceInfo>> {
    let document = reached_document(&viewer, &id, true).await?;
    let (bytes, name) = read_upload(multipart).await?;
    let kind = sniffed(bytes.clone())
        .await?
        .ok_or_else(|| AppError::UnsupportedMediaType(NOT_OFFICE.into()))?;
    let file_name = office::file_name(name.as_deref(), kind);
    let actor = viewer.actor();
    let storing = Storing {
        display: &actor.display,
        user_id: actor.user_id.as_deref(),
        file_name: &file_name,
        editor_key: None,
        saved_status: None,
        callback_digest: None,
        over: None,
        action: "uploaded".into(),
    };
    let row = store_version(&state, &viewer, &document, kind, bytes, storing).await?;
    let row = row.ok_or_else(|| AppError::Other(anyhow::anyhow!("an upload was not stored")))?;
    Ok(Json(info(row, true)))
}

/// Removes the document's source (its versions stay in the history).
#[utoipa::path(delete, operation_id = "remove_document_source", path = "/api/sops/{id}/source", tag = "sops",
    params(DocumentId),
    responses((status = 204, description = "Removed"), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn remove(
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
) -> AppResult<StatusCode> {
    let document = reached_document(&viewer, &id, true).await?;
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    office_store::lock(&mut tx, &id).await?;
    let removed = office_store::remove(&mut tx, &id, &actor.display)
        .await?
        .ok_or_else(|| not_found(NO_SOURCE))?;
    let event = Event::deleted(SOURCE_KIND, &id, &document.title, &audited(&removed));
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Every version of the document's source, newest first.
#[utoipa::path(get, operation_id = "list_document_source_versions", path = "/api/sops/{id}/source/versions", tag = "sops",
    params(DocumentId),
    responses((status = 200, body = SourceHistory), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn versions(
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
) -> AppResult<Json<SourceHistory>> {
    reached_document(&viewer, &id, false).await?;
    let versions = office_store::versions(viewer.pool(), &id)
        .await?
        .into_iter()
        .map(|row| SourceVersion {
            kind: kind_of(&row),
            version: row.version,
            file_name: row.file_name,
            size: row.size_bytes,
            author: row.author,
            created_at: row.created_at,
            removed_at: row.removed_at,
            removed_by: row.removed_by,
            from_editor: row.saved_status.is_some(),
        })
        .collect();
    Ok(Json(SourceHistory { document_id: id, versions }))
}

/// `filename*=UTF-8''…` for a `Content-Disposition`.
fn attachment(file_name: &str) -> HeaderValue {
    let ascii: String = file_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || ".-_ ".contains(c) { c } else { '_' })
        .collect();
    let encoded: String = url::form_urlencoded::byte_serialize(file_name.as_bytes())
        .collect::<String>()
        .replace('+', "%20");
    HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

/// The stored file of `row`, streamed, as a download.
async fn serve(state: &impl Portal, row: &SourceRow) -> AppResult<Response> {
    let (size, stream) = state
        .media()
        .get_stream(&row.storage_key)
        .await
        .map_err(AppError::Other)?
        .ok_or_else(|| not_found(NO_SOURCE))?;
    let mut response = Body::from_stream(stream).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind_of(row).mime()));
    h.insert(header::CONTENT_LENGTH, HeaderValue::from(size));
    h.insert(header::CONTENT_DISPOSITION, attachment(&row.file_name));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    // Sent as stored: the compression layer leaves it alone.
    h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("identity"));
    Ok(response)
}

/// The document's current source as a download, for whoever may read the document (its
/// level); nobody else learns it exists (404).
#[utoipa::path(get, operation_id = "download_document_source", path = "/api/sops/{id}/source/download", tag = "sops",
    params(DocumentId),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn download<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
) -> AppResult<Response> {
    // Nobody else learns the file exists.
    require_reader(&viewer).await.map_err(|err| match err {
        AppError::Forbidden(_) | AppError::Unauthorized(_) => not_found(NOT_FOUND),
        other => other,
    })?;
    reached_document(&viewer, &id, false).await?;
    let row =
        office_store::current(viewer.pool(), &id).await?.ok_or_else(|| not_found(NO_SOURCE))?;
    serve(&state, &row).await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EditorToken {
    /// The token of the editor configuration's link.
    pub token: String,
}

/// The source file for the document editor, which calls with the token of the configuration
/// (one source version, five minutes) instead of a session.
#[utoipa::path(get, operation_id = "document_source_file", path = "/api/sops/{id}/source/file", tag = "sops",
    params(DocumentId, EditorToken),
    responses((status = 200, description = "The file", content_type = "application/octet-stream"),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn editor_file<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
    QueryParams(EditorToken { token }): QueryParams<EditorToken>,
) -> AppResult<Response> {
    let settings = state.config().onlyoffice.as_ref().ok_or_else(|| not_found(NOT_FOUND))?;
    let claims = office::verify(&settings.jwt_secret, office::FILE_PURPOSE, &token)
        .filter(|c| c.doc == id && c.agency == viewer.agency.slug)
        .ok_or_else(|| forbidden(super::editor::BAD_FILE_TOKEN))?;
    if store::document(viewer.pool(), &id).await?.is_none() {
        return Err(not_found(NOT_FOUND));
    }
    let row = office_store::current(viewer.pool(), &id)
        .await?
        .filter(|row| row.version == claims.ver && claims.names_object(&row.storage_key))
        .ok_or_else(|| forbidden(super::editor::BAD_FILE_TOKEN))?;
    serve(&state, &row).await
}

/// The editor configuration of `document`'s source for `viewer`, or `None` when it has none:
/// edit mode (with the save callback) for a manager who may change it now, view mode for
/// readers.
pub async fn source_editor<S: Portal>(
    state: &S,
    viewer: &Viewer,
    document: &Document,
) -> AppResult<Option<EditorAnswer>> {
    let Some(row) = office_store::current(viewer.pool(), &document.id).await? else {
        return Ok(None);
    };
    let Some(settings) = state.config().onlyoffice.as_ref() else {
        return Ok(Some(EditorAnswer {
            enabled: false,
            server_url: None,
            config: None,
            message: Some(NOT_CONFIGURED.into()),
        }));
    };
    let edit = may_manage(viewer).await?;
    let secret = &settings.jwt_secret;
    let agency = &viewer.agency.slug;
    let now = Utc::now().timestamp();
    let public = &state.config().public_url;
    let link = |path: &str, purpose: &str, seconds: i64| -> anyhow::Result<String> {
        let claims = office::SourceClaims {
            purpose: purpose.to_owned(),
            agency: agency.clone(),
            doc: document.id.clone(),
            ver: row.version,
            obj: Some(office::object_name(&row.storage_key).to_owned()),
            exp: now + seconds,
        };
        let token = office::sign(secret, &claims)?;
        let mut url = public.join(&format!(
            "/api/sops/{}/{path}",
            url::form_urlencoded::byte_serialize(document.id.as_bytes()).collect::<String>()
        ))?;
        url.query_pairs_mut().append_pair("agency", agency).append_pair("token", &token);
        Ok(url.to_string())
    };
    let file_url = link("source/file", office::FILE_PURPOSE, office::FILE_TOKEN_SECONDS)?;
    let callback_url = if edit {
        Some(link("onlyoffice/callback", office::CALLBACK_PURPOSE, office::CALLBACK_TOKEN_SECONDS)?)
    } else {
        None
    };
    let kind = kind_of(&row);
    let user_id = viewer.user.as_ref().map(|u| u.discord_id.clone()).unwrap_or_default();
    let mut config = EditorConfig {
        document: EditorDocument {
            file_type: kind.extension().into(),
            key: office::editor_key(agency, &document.id, row.version, &row.storage_key),
            title: row.file_name.clone(),
            url: file_url,
            permissions: EditorPermissions { edit, download: true, print: true },
        },
        document_type: kind.document_type().into(),
        editor_config: EditorSettings {
            mode: if edit { "edit" } else { "view" }.into(),
            lang: "en".into(),
            user: EditorUser { id: user_id, name: viewer.display_name() },
            callback_url,
        },
        token: None,
    };
    let key = jsonwebtoken::EncodingKey::from_secret(secret.as_bytes());
    let header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    config.token = Some(jsonwebtoken::encode(&header, &config, &key).map_err(anyhow::Error::from)?);
    Ok(Some(EditorAnswer {
        enabled: true,
        server_url: Some(settings.url.to_string()),
        config: Some(config),
        message: None,
    }))
}

/// The document editor's configuration for the document's Office source: edit mode for
/// managers who may change the document, view mode for readers its level reaches.
#[utoipa::path(post, operation_id = "document_source_editor_config", path = "/api/sops/{id}/source/onlyoffice", tag = "sops",
    params(DocumentId),
    responses((status = 200, body = EditorAnswer), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn open<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
) -> AppResult<Json<EditorAnswer>> {
    require_reader(&viewer).await?;
    let document = reached_document(&viewer, &id, false).await?;
    let answer = source_editor(&state, &viewer, &document).await?;
    Ok(Json(answer.ok_or_else(|| not_found(NO_SOURCE))?))
}

/// What the save callback answers: `error` 0 (done, or nothing to do) or 1 (refused), and
/// why for people reading the editor's logs.
#[derive(Debug, Serialize, ToSchema)]
pub struct CallbackAnswer {
    pub error: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

pub const BAD_CALLBACK_TOKEN: &str = "The callback link is invalid or has expired.";
pub const STALE_KEY: &str = "The callback is for another version of this document's source.";
pub const NOT_FROM_SERVER: &str = "The edited file is not on the configured document server.";
pub const NO_EDITOR: &str = "The callback names no editor.";
pub const EDITOR_REFUSED: &str =
    "An editor of this save may no longer change this document: nothing was kept.";
pub const DOWNLOAD_FAILED: &str = "The edited file could not be downloaded.";
pub const NOT_OFFICE_SAVE: &str = "The edited file is not the document's Office type.";
pub const TOO_LARGE_SAVE: &str = "The edited file is larger than 20 MB.";

fn refused(message: &str) -> Json<CallbackAnswer> {
    tracing::warn!(reason = message, "document editor callback refused");
    Json(CallbackAnswer { error: 1, message: Some(message.to_owned()) })
}

fn done() -> Json<CallbackAnswer> {
    Json(CallbackAnswer { error: 0, message: None })
}

/// The client edited files are fetched with: no redirects (a redirect could leave the
/// document server), bounded time.
fn client() -> &'static reqwest::Client {
    static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
    CLIENT.get_or_init(|| {
        reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .connect_timeout(std::time::Duration::from_secs(10))
            .timeout(std::time::Duration::from_secs(120))
            .build()
            .unwrap_or_default()
    })
}

/// The edited file at `url`, within [`MAX_SOURCE_BYTES`].
async fn fetch_edited(url: url::Url) -> Result<Bytes, &'static str> {
    let mut response = client().get(url).send().await.map_err(|_| DOWNLOAD_FAILED)?;
    if !response.status().is_success() {
        return Err(DOWNLOAD_FAILED);
    }
    if response.content_length().is_some_and(|n| n > MAX_SOURCE_BYTES as u64) {
        return Err(TOO_LARGE_SAVE);
    }
    let mut buffer = BytesMut::new();
    while let Some(chunk) = response.chunk().await.map_err(|_| DOWNLOAD_FAILED)? {
        if buffer.len() + chunk.len() > MAX_SOURCE_BYTES {
            return Err(TOO_LARGE_SAVE);
        }
        buffer.extend_from_slice(&chunk);
    }
    Ok(buffer.freeze())
}

/// The members named by a save, as viewers of the agency; `None` when one of them may no
/// longer change `document` (the permission, not on leave, its level).
async fn editors<S: Portal>(
    state: &S,
    viewer: &Viewer,
    document: &Document,
    ids: &[String],
) -> AppResult<Option<Vec<Viewer>>> {
    let mut found = Vec::new();
    for id in ids {
        let Some(user) = users::find(state.control(), id).await? else { return Ok(None) };
        let member = viewer_for(
            viewer.agency.clone(),
            viewer.db.clone(),
            Some(user),
            &state.config().owner_discord_ids,
            state.access_cache().clone(),
        )
        .await?;
        let reached = document.reached_by(&agency_levels(&member), member.level.as_deref());
        if !reached || !may_manage(&member).await? {
            return Ok(None);
        }
        found.push(member);
    }
    Ok(Some(found))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackToken {
    /// The token of the configuration's `callbackUrl`.
    pub token: String,
}

/// The document editor's save callback (OnlyOffice's protocol): a JSON body with `key`,
/// `status`, `url` and `users`, signed with the editor's secret (the `Authorization: Bearer`
/// header or the body's `token`). The link's token names the agency, the document and the
/// source version the editor opened; status 2 (saved) and 6 (forced save) store the edited
/// file, fetched from the configured document server only, as the next version by the first
/// editor named, once every editor named may still change the document. 1 and 4 change
/// nothing; 3 and 7 (the editor failed to save) are logged.
#[utoipa::path(post, operation_id = "document_editor_callback", path = "/api/sops/{id}/onlyoffice/callback", tag = "sops",
    params(DocumentId, CallbackToken),
    request_body(content_type = "application/json", description = "The editor's callback"),
    responses((status = 200, body = CallbackAnswer)))]
pub async fn callback<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
    QueryParams(CallbackToken { token }): QueryParams<CallbackToken>,
    headers: HeaderMap,
    body: Bytes,
) -> AppResult<Json<CallbackAnswer>> {
    let Some(settings) = state.config().onlyoffice.as_ref() else {
        return Ok(refused(NOT_CONFIGURED));
    };
    let Some(claims) = office::verify(&settings.jwt_secret, office::CALLBACK_PURPOSE, &token)
        .filter(|c| c.doc == id && c.agency == viewer.agency.slug)
    else {
        return Ok(refused(BAD_CALLBACK_TOKEN));
    };
    let Ok(body) = serde_json::from_slice::<Value>(&body) else {
        return Ok(refused(office::BAD_CALLBACK));
    };
    let bearer = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim());
    let (signed, digest) = match office::signed_callback(&settings.jwt_secret, bearer, &body) {
        Ok(office::SignedCallback { callback, digest }) => (callback, digest),
        Err(reason) => return Ok(refused(reason)),
    };
    // The session's key: the version the link was made for, or one that session saved since
    // with a forced save (after its final save, the session is over).
    let Some(document) = store::document(viewer.pool(), &id).await? else {
        return Ok(refused(NOT_FOUND));
    };
    let history = office_store::versions(viewer.pool(), &id).await?;
    let key_of =
        |row: &SourceRow| office::editor_key(&claims.agency, &id, row.version, &row.storage_key);
    let opened = history
        .iter()
        .find(|row| row.version == claims.ver && claims.names_object(&row.storage_key));
    let current = office_store::current_of(&history);
    let same_session = match (opened, current) {
        (Some(opened), Some(current)) => {
            key_of(opened) == signed.key
                && (current.version == opened.version
                    || (current.saved_status == Some(6)
                        && current.editor_key.as_deref() == Some(signed.key.as_str())))
        }
        _ => false,
    };
    // This very callback stored its version already (sent again, or replayed): done.
    if history.iter().any(|row| row.callback_digest.as_deref() == Some(digest.as_slice())) {
        return Ok(done());
    }
    let Some(current) = current.filter(|_| same_session) else {
        return Ok(refused(STALE_KEY));
    };
    match signed.status {
        2 | 6 => {}
        3 | 7 => {
            tracing::warn!(status = signed.status, "the document editor failed to save a source");
            return Ok(done());
        }
        _ => return Ok(done()),
    }
    let Some(url) =
        signed.url.as_deref().and_then(|u| office::on_document_server(&settings.url, u))
    else {
        return Ok(refused(NOT_FROM_SERVER));
    };
    if signed.users.is_empty() {
        return Ok(refused(NO_EDITOR));
    }
    let Some(editors) = editors(&state, &viewer, &document, &signed.users).await? else {
        return Ok(refused(EDITOR_REFUSED));
    };
    let bytes = match fetch_edited(url).await {
        Ok(bytes) => bytes,
        Err(reason) => return Ok(refused(reason)),
    };
    let kind = kind_of(current);
    if sniffed(bytes.clone()).await? != Some(kind) {
        return Ok(refused(NOT_OFFICE_SAVE));
    }
    let author = editors[0].actor();
    let storing = Storing {
        display: &author.display,
        user_id: author.user_id.as_deref(),
        file_name: &current.file_name,
        editor_key: Some(&signed.key),
        saved_status: i16::try_from(signed.status).ok(),
        callback_digest: Some(&digest),
        over: Some(current.version),
        action: "saved in the document editor".into(),
    };
    match store_version(&state, &viewer, &document, kind, bytes, storing).await {
        Ok(Some(_)) => Ok(done()),
        Ok(None) => Ok(refused(STALE_KEY)),
        // The quota's sentence, as the editor's answer.
        Err(AppError::PayloadTooLarge(message)) => Ok(refused(&message)),
        Err(other) => Err(other),
    }
}
