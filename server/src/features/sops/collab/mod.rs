//! Writing a document's draft together (issue 28, stage 2): `GET /api/sops/{id}/collab`
//! upgraded to a WebSocket speaking the y-websocket protocol (y-protocols sync and awareness,
//! binary frames; `yrs` on this side), so that the browser's `WebsocketProvider` works
//! unchanged. Who may connect is who may save the draft: a signed-in member of the agency of
//! the address, with the document management permission, not on leave, for a document
//! within their level (404 otherwise, as the draft routes answer), from the agency's own
//! pages (`Origin`). Refusals come before the upgrade as the usual JSON errors; afterwards
//! the member's access is checked again every few seconds (the agency's levels, the
//! member's standing and the one document's minimum level as they are then) and the socket
//! closed with 4403 and the reason when it is gone. Rooms (`session`, `rooms`), what bounds
//! them (`bounds`), the HTML encoding (`convert`), storage (`store`) and the relay between
//! instances (`relay`) are modules of their own.

pub mod bounds;
pub mod convert;
pub mod relay;
pub mod rooms;
pub mod session;
pub mod store;

use std::sync::Arc;

use axum::{
    extract::{ws::WebSocketUpgrade, FromRequestParts},
    http::{header, request::Parts, Method},
    response::Response,
};
use tower_sessions::Session;

use crate::{
    access::{
        document_level::reaches,
        guard::{nav_item, require_can_manage, require_nav, NavItem},
        viewer::viewer_for,
        Viewer,
    },
    error::{forbidden, not_found, AppError, AppResult},
    extract::{PathParams, Services},
    features::sops::{
        model::{Document, NOT_FOUND},
        routes::{agency_levels, DocumentId},
        store as documents,
    },
    identity::{handoff, origin, session::user_of_session, transport::Scheme, IdentityState},
    shared::Portal,
    tenancy::pools::TenantDb,
};

pub use session::{Hub, RoomKey, CLOSE_REFUSED, CLOSE_REMOVED};

/// What the collaboration routes need of the application's state: this instance's rooms.
pub trait CollabState {
    fn collab(&self) -> &Arc<Hub>;
}

/// A socket opened from another site's page (or without saying where from).
pub const FOREIGN_ORIGIN: &str = "Cross-site requests are not allowed.";
/// An API token cannot edit a document live.
pub const TOKENS_CANNOT_EDIT: &str = "Documents are edited live by signed-in members only.";

/// Whether `viewer` may edit drafts live at all: a signed-in member (no API token) with the
/// document management permission, not on leave.
async fn require_live_editor(viewer: &Viewer) -> AppResult<()> {
    if viewer.api_token.is_some() {
        return Err(forbidden(TOKENS_CANNOT_EDIT));
    }
    require_nav(viewer, nav_item::SopManagement::ID).await?;
    require_can_manage(viewer)
}

/// Refuses (as not found, as the draft routes do) a document whose minimum level `min_level`
/// is above `viewer`'s, by the agency's levels as the viewer was built with them.
fn require_reach(viewer: &Viewer, min_level: &str) -> AppResult<()> {
    if reaches(&agency_levels(viewer), viewer.level.as_deref(), min_level) {
        Ok(())
    } else {
        Err(not_found(NOT_FOUND))
    }
}

/// The document `id` if `viewer` may edit its draft live now; the refusal otherwise.
async fn may_edit(viewer: &Viewer, id: &str) -> AppResult<Document> {
    require_live_editor(viewer).await?;
    let document = documents::document(viewer.pool(), id).await?;
    let document = document.ok_or_else(|| not_found(NOT_FOUND))?;
    require_reach(viewer, &document.min_level)?;
    Ok(document)
}

/// The same-origin rule for the upgrade (a GET, which the rule for writes lets through): the
/// browser's `Origin` must be the portal's public address or the agency page's own.
async fn require_own_origin<S: IdentityState>(state: &S, parts: &Parts) -> AppResult<()> {
    let headers = &parts.headers;
    let Some(origin) = headers.get(header::ORIGIN).map(|v| v.to_str().unwrap_or("null")) else {
        return Err(forbidden(FOREIGN_ORIGIN));
    };
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let scheme = parts.extensions.get::<Scheme>().copied().unwrap_or(Scheme("http"));
    let public = &state.config().public_url;
    let registry = state.registry().snapshot().await?;
    let known = |h: &str| handoff::known_host(public, &registry, h);
    if origin::allowed(&Method::POST, Some(origin), host, scheme, public, known) {
        Ok(())
    } else {
        Err(forbidden(FOREIGN_ORIGIN))
    }
}

/// The request's parts the handler reads besides its extractors.
pub struct Upgrade(Parts);

impl<S: Send + Sync> FromRequestParts<S> for Upgrade {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, AppError> {
        Ok(Self(parts.clone()))
    }
}

/// `GET /api/sops/{id}/collab`: the live editing socket of one document's draft.
pub async fn connect<S: Portal + CollabState>(
    Services(state): Services<S>,
    Upgrade(parts): Upgrade,
    viewer: Viewer,
    session: Session,
    PathParams(DocumentId { id }): PathParams<DocumentId>,
    upgrade: WebSocketUpgrade,
) -> AppResult<Response> {
    require_own_origin(&state, &parts).await?;
    let document = may_edit(&viewer, &id).await?;
    let session_id = session
        .id()
        .ok_or_else(|| AppError::Unauthorized(crate::access::guard::SIGN_IN_REQUIRED.into()))?;
    let seed = match documents::draft(viewer.pool(), &id).await? {
        Some(draft) => draft.content,
        None => document.content.clone(),
    };
    let key = RoomKey { agency: viewer.agency.id, document: id.clone() };
    let agency = viewer.agency.id;
    let db = viewer.db.clone();
    let recheck_state = state.clone();
    let recheck_db = db.clone();
    let recheck: session::Recheck = Arc::new(move || {
        let state = recheck_state.clone();
        let db = recheck_db.clone();
        let id = id.clone();
        Box::pin(async move { still_may_edit(&state, agency, db, session_id, &id).await })
    });
    let editor = session::Editor {
        name: viewer.display_name(),
        actor: viewer.actor(),
        title: document.title.clone(),
        recheck,
    };
    let hub = state.collab().clone();
    // Taken before the upgrade, given back when the socket ends (or never opens).
    let seat = hub.seat(&session_id.to_string()).ok_or_else(|| AppError::TooManyRequests {
        message: session::TOO_MANY_SOCKETS.into(),
        retry_after: 5,
    })?;
    Ok(upgrade
        .max_message_size(session::MAX_MESSAGE)
        .max_frame_size(session::MAX_MESSAGE)
        .on_upgrade(move |socket| session::serve(hub, key, db, seed, editor, socket, seat)))
}

/// The check made again while connected: the session's member as they are now (their
/// account, their standing in the agency, both read through the access cache, which every
/// change drops), by the agency's levels as the registry holds them now, against the one
/// document's minimum level (not the whole list).
async fn still_may_edit<S: Portal>(
    state: &S,
    agency: i64,
    db: Arc<TenantDb>,
    session: tower_sessions::session::Id,
    id: &str,
) -> Result<(), String> {
    let answer = async {
        let user = user_of_session(state, session).await?;
        let registry = state.registry().snapshot().await?;
        let agency = registry
            .all()
            .iter()
            .find(|a| a.id == agency)
            .cloned()
            .ok_or_else(|| not_found(NOT_FOUND))?;
        let owners = &state.config().owner_discord_ids;
        let viewer = viewer_for(agency, db, user, owners, state.access_cache().clone()).await?;
        require_live_editor(&viewer).await?;
        let heading = documents::heading(viewer.pool(), id).await?;
        require_reach(&viewer, &heading.ok_or_else(|| not_found(NOT_FOUND))?.min_level)
    };
    match answer.await {
        Ok(()) => Ok(()),
        // An outage is not a refusal: the next check decides.
        Err(AppError::Unavailable(_) | AppError::Database(_) | AppError::Other(_)) => Ok(()),
        Err(err) => Err(err.to_string()),
    }
}

// Hooks of the draft routes (`routes.rs`): the shared document and the draft stay one.

/// Before the draft is read or published: any live change not yet written is written.
pub async fn write_pending(db: &TenantDb, id: &str) -> AppResult<()> {
    session::write_draft(db, id).await.map_err(AppError::Other)?;
    Ok(())
}

/// Before a list save: every live change not yet written is written, so that the save judges
/// "the draft has nothing unpublished" on the draft as it really is.
pub async fn write_all_pending(db: &TenantDb) -> AppResult<()> {
    for id in store::dirty_documents(db).await? {
        write_pending(db, &id).await?;
    }
    Ok(())
}

/// After a draft save or a restore: the shared document holds `html` (editors get it as an
/// update). Without a room here, the stored shared document (if any) is changed, and other
/// instances' rooms get it through the relay.
pub async fn replace<S: CollabState>(state: &S, db: &TenantDb, id: &str, html: &str) {
    let key = RoomKey { agency: db.agency_id(), document: id.to_owned() };
    let done = async {
        if let Some(room) = state.collab().room(&key) {
            if room.replace(html).await? {
                return Ok(());
            }
        }
        replace_stored(db, &key, html).await
    };
    if let Err(err) = done.await {
        tracing::warn!(error = %err, "cannot replace a shared document's content");
    }
}

async fn replace_stored(db: &TenantDb, key: &RoomKey, html: &str) -> anyhow::Result<()> {
    use yrs::Transact;
    let Some((doc, _)) = session::load_doc(db, &key.document).await? else { return Ok(()) };
    let update = {
        let fragment = doc.get_or_insert_xml_fragment(convert::FIELD);
        let mut txn = doc.transact_mut();
        convert::write_html(&mut txn, &fragment, html);
        txn.encode_update_v1()
    };
    let mut tx = db.begin().await?;
    store::append(&mut tx, key.agency, &key.document, &update, None).await?;
    tx.commit().await?;
    Ok(())
}

/// After a list save: removed documents lose their shared documents and their editors are
/// told (4404); a document whose content changed and whose draft followed it gets the new
/// content.
pub async fn list_saved<S: CollabState>(
    state: &S,
    db: &TenantDb,
    before: &[Document],
    after: &[Document],
) {
    let removed: Vec<String> = before
        .iter()
        .filter(|d| !after.iter().any(|a| a.id == d.id))
        .map(|d| d.id.clone())
        .collect();
    let done = async {
        if !removed.is_empty() {
            let mut tx = db.begin().await?;
            store::forget(&mut tx, &removed).await?;
            for id in &removed {
                store::notify(&mut tx, db.agency_id(), &format!("x {id}")).await?;
            }
            tx.commit().await?;
            state.collab().close(
                db.agency_id(),
                &removed,
                CLOSE_REMOVED,
                session::DOCUMENT_REMOVED,
            );
        }
        for document in after {
            let changed =
                before.iter().any(|b| b.id == document.id && b.content != document.content);
            if !changed {
                continue;
            }
            let draft = documents::draft(&mut *db.acquire().await?, &document.id).await?;
            if draft.is_some_and(|d| d.content == document.content) {
                replace(state, db, &document.id, &document.content).await;
            }
        }
        anyhow::Ok(())
    };
    if let Err(err) = done.await {
        tracing::warn!(error = %err, "cannot bring shared documents in line with a list save");
    }
}
