//! The live rooms of one instance: per agency and document, the shared (Yjs) document with its
//! awareness (cursors and names), the editors connected to it, and the broadcast between
//! them. A room is loaded from the agency's schema when its first editor arrives (seeded
//! from the draft's HTML when the document has no shared state yet) and dropped when its last
//! editor leaves (`rooms`: an editor's place is a guard), after the draft is written and the
//! stored updates compacted. Every update is stored (and announced to the other instances,
//! `relay`) before it is passed on; one that would take the document past its bound, or add
//! anything but the editor's fragment, is refused and the sender's socket closed (`bounds`).

use std::{
    collections::{HashMap, HashSet},
    future::Future,
    pin::Pin,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex, PoisonError,
    },
    time::{Duration, Instant},
};

use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket};
use chrono::{SecondsFormat, Utc};
use futures::{SinkExt, StreamExt};
use tokio::sync::{broadcast, watch, Notify};
use yrs::{
    encoding::read::Cursor,
    sync::{
        awareness::{AwarenessUpdate, AwarenessUpdateEntry},
        protocol::{MessageReader, SyncMessage},
        Awareness, Message,
    },
    updates::{
        decoder::{Decode, DecoderV1},
        encoder::Encode,
    },
    ClientID, Doc, ReadTxn, StateVector, Transact, Update,
};

use crate::{
    access::viewer::Actor,
    features::sops::{
        collab::{
            bounds::{
                CursorGate, CursorOutbox, Ended, Released, SizeBound, Stretch, CURSOR_INTERVAL,
                MAX_CURSOR_STATE, MAX_DOCUMENT_BYTES,
            },
            convert,
            rooms::{Closing, Place, Rooms},
            store,
        },
        content::sanitise,
        routes::DRAFT_KIND,
        store as documents,
    },
    shared::audit::{self, Diff, Event},
    tenancy::pools::TenantDb,
};

/// The most editors connected to one document on one instance.
pub const MAX_EDITORS: usize = 32;
/// The largest message an editor may send (a whole document's first sync fits).
pub const MAX_MESSAGE: usize = 2 * 1024 * 1024;
/// The most sockets one signed-in session may have open at once (each is re-checked every
/// few seconds, so they are not free).
pub const MAX_PER_SESSION: usize = 16;
pub const TOO_MANY_SOCKETS: &str =
    "Too many live editors are open in this session; close one and try again.";
/// The most messages one frame may hold (y-websocket sends one).
pub const MAX_MESSAGES_PER_FRAME: usize = 4;
/// How long the draft waits after the last change before it is written.
pub const QUIET: Duration = Duration::from_millis(1000);
/// How often a connected editor's access is checked again.
pub const RECHECK: Duration = Duration::from_secs(3);
/// Updates kept as rows before the room folds them into the snapshot.
const COMPACT_AFTER: usize = 500;
/// Messages a slow editor may fall behind before it is disconnected (it reconnects and
/// catches up from the stored state).
const BACKLOG: usize = 1024;

/// The largest NOTIFY payload (Postgres allows 8000 bytes).
const MAX_NOTIFY: usize = 7900;
/// The "connection" of cursors from other instances (connections here count from 1).
const REMOTE: u64 = 0;

/// The close codes editors are told (the browser shows the reason and does not reconnect).
pub const CLOSE_REFUSED: u16 = 4403;
pub const CLOSE_REMOVED: u16 = 4404;
pub const DOCUMENT_REMOVED: &str = "This document was removed.";
pub const ROOM_FULL: &str = "Too many editors have this document open; try again later.";
/// An update refused (nothing of it stored or passed on): the sender is closed with a code the
/// browser does not reconnect after (4400–4499), and a sentence (at most 123 bytes).
pub const CLOSE_TOO_LARGE: u16 = 4413;
pub const DOCUMENT_TOO_LARGE: &str =
    "This change would make the document larger than live editing allows; it was not saved.";
pub const CLOSE_NOT_THE_DOCUMENT: u16 = 4400;
pub const NOT_THE_DOCUMENT: &str =
    "This change is not part of the document's text; it was not saved.";
pub const UNKNOWN_BASIS: &str =
    "This change builds on content the server does not have; it was not saved.";
const CANNOT_OPEN: &str = "The document cannot be opened; try again later.";
/// What the audit log calls a live-editing stretch (kind `document_draft`).
pub const EDITED_LIVE: &str = "edited live";

/// A room: one agency's document.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RoomKey {
    pub agency: i64,
    pub document: String,
}

/// Something passed to a room's editors: bytes to send (not back to `from`).
#[derive(Debug, Clone)]
pub enum Frame {
    Data { from: u64, bytes: Arc<Vec<u8>> },
}

/// The rooms of this instance.
#[derive(Default)]
pub struct Hub {
    rooms: Arc<Rooms<Room>>,
    next_connection: AtomicU64,
    /// The database servers this instance listens on (one relay each, from its first room).
    relays: Mutex<HashSet<Option<String>>>,
    /// Open sockets per signed-in session (at most [`MAX_PER_SESSION`] each).
    seats: Mutex<HashMap<String, usize>>,
}

/// One socket's place in its session's count, given back when dropped (also when the
/// upgrade never happens or the socket's task ends in a panic).
pub struct Seat {
    hub: Arc<Hub>,
    session: String,
}

impl Drop for Seat {
    fn drop(&mut self) {
        // Also after a panic elsewhere held the lock: a guard dropped while unwinding must not
        // panic again.
        let mut seats = self.hub.seats.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = seats.get_mut(&self.session) {
            *count -= 1;
            if *count == 0 {
                seats.remove(&self.session);
            }
        }
    }
}

impl Hub {
    pub fn new() -> Self {
        Self::default()
    }

    /// The room of `key` if an editor has it open here.
    pub fn room(&self, key: &RoomKey) -> Option<Arc<Room>> {
        self.rooms.get(key)
    }

    /// How many rooms are open (tests and the bench check they go).
    pub fn open_rooms(&self) -> usize {
        self.rooms.len()
    }

    /// How many editors the room of `key` holds here (tests check each leaves).
    pub fn editors(&self, key: &RoomKey) -> usize {
        self.rooms.editors(key)
    }

    /// A place in the room of `key` (opened if it is not) and the connection's number; `None`
    /// when the room is full. The place is given back when dropped, however the socket ends.
    fn join(self: &Arc<Self>, key: RoomKey, db: Arc<TenantDb>) -> Option<(Place<Room>, u64)> {
        if self.relays.lock().expect("relays").insert(db.server().map(str::to_owned)) {
            let server = db.server().map(str::to_owned);
            tokio::spawn(super::relay::listen(
                Arc::downgrade(self),
                server,
                db.server_pool().clone(),
            ));
        }
        let place = self.rooms.enter(key, |key| Room::new(key, db), MAX_EDITORS)?;
        Some((place, self.next_connection.fetch_add(1, Ordering::Relaxed) + 1))
    }

    /// A seat for one more socket of `session`; `None` when it has [`MAX_PER_SESSION`] open.
    pub fn seat(self: &Arc<Self>, session: &str) -> Option<Seat> {
        let mut seats = self.seats.lock().unwrap_or_else(PoisonError::into_inner);
        let count = seats.entry(session.to_owned()).or_insert(0);
        if *count >= MAX_PER_SESSION {
            return None;
        }
        *count += 1;
        Some(Seat { hub: self.clone(), session: session.to_owned() })
    }

    /// The open rooms of the agencies on database server `server` (`None`: the control server).
    pub fn rooms_on(&self, server: Option<&str>) -> Vec<Arc<Room>> {
        self.rooms.filtered(|_, room| room.db.server() == server)
    }

    /// Closes the rooms of documents `ids` of agency `agency` with `code` and `reason`.
    pub fn close(&self, agency: i64, ids: &[String], code: u16, reason: &str) {
        let named = |key: &RoomKey, _: &Room| key.agency == agency && ids.contains(&key.document);
        for room in self.rooms.filtered(named) {
            room.closed.send_replace(Some((code, reason.to_owned())));
        }
    }
}

/// The shared document once loaded, and the stored update rows it holds.
pub struct Loaded {
    pub awareness: Awareness,
    /// Update rows folded into this document since it was loaded or compacted.
    pub folded: Vec<i64>,
    /// Which connection each awareness client belongs to.
    owners: HashMap<ClientID, u64>,
    /// The document's size against [`MAX_DOCUMENT_BYTES`].
    size: SizeBound,
}

impl Loaded {
    /// An update another instance stored (`len` bytes) reached the document: counted against
    /// its bound, never refused (that instance judged it).
    pub fn grew(&mut self, len: usize) {
        self.size.grew(len);
    }
}

pub struct Room {
    pub key: RoomKey,
    pub db: Arc<TenantDb>,
    pub state: tokio::sync::Mutex<Option<Loaded>>,
    pub frames: broadcast::Sender<Frame>,
    /// Set when every editor must go (`Some((code, reason))`).
    pub closed: watch::Sender<Option<(u16, String)>>,
    /// Poked after each change: the draft is written after a quiet time.
    changed: Notify,
    /// Cursors waiting to be announced to the other instances, and the poke of their
    /// announcer (at most one announcement per [`CURSOR_INTERVAL`]).
    cursors: Mutex<CursorOutbox>,
    cursors_waiting: Notify,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

/// What became of an editor's update.
#[derive(Debug)]
pub enum Applied {
    /// Stored; these are the changes to pass on.
    Changed(Vec<u8>),
    /// It changed nothing.
    Unchanged,
    /// Refused (nothing kept, stored or passed on): the close code and sentence for its sender.
    Refused(u16, &'static str),
}

impl Room {
    fn new(key: RoomKey, db: Arc<TenantDb>) -> Arc<Self> {
        let (frames, _) = broadcast::channel(BACKLOG);
        let (closed, _) = watch::channel(None);
        let room = Arc::new(Self {
            key,
            db,
            state: tokio::sync::Mutex::new(None),
            frames,
            closed,
            changed: Notify::new(),
            cursors: Mutex::new(CursorOutbox::default()),
            cursors_waiting: Notify::new(),
            tasks: Mutex::new(Vec::new()),
        });
        let writer = tokio::spawn(write_after_quiet(Arc::downgrade(&room)));
        let announcer = tokio::spawn(announce_cursors(Arc::downgrade(&room)));
        room.tasks().extend([writer, announcer]);
        room
    }

    fn tasks(&self) -> std::sync::MutexGuard<'_, Vec<tokio::task::JoinHandle<()>>> {
        self.tasks.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Loads the shared document if it is not yet (seeding it from `seed`, the draft's HTML,
    /// when the document has none stored).
    pub async fn ensure_loaded(&self, seed: &str) -> anyhow::Result<()> {
        let mut state = self.state.lock().await;
        if state.is_some() {
            return Ok(());
        }
        let id = &self.key.document;
        let (doc, folded) = match load_doc(&self.db, id).await? {
            Some(found) => found,
            None => {
                let doc = new_doc();
                {
                    let fragment = doc.get_or_insert_xml_fragment(convert::FIELD);
                    convert::write_html(&mut doc.transact_mut(), &fragment, seed);
                }
                let snapshot = encode_whole(&doc);
                if store::seed(&mut *self.db.acquire().await?, id, &snapshot).await? {
                    (doc, vec![])
                } else {
                    // Another instance seeded it first: its seed is the one.
                    load_doc(&self.db, id)
                        .await?
                        .ok_or_else(|| anyhow::anyhow!("state vanished"))?
                }
            }
        };
        let size = SizeBound::new(encode_whole(&doc).len(), MAX_DOCUMENT_BYTES);
        let mut loaded =
            Loaded { awareness: Awareness::new(doc), folded, owners: HashMap::new(), size };
        if !loaded.folded.is_empty() {
            self.compact(&mut loaded).await?;
        }
        *state = Some(loaded);
        Ok(())
    }

    /// Folds the update rows this room holds into the stored snapshot.
    pub async fn compact(&self, loaded: &mut Loaded) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        let Some((stored, _, _)) = store::lock_state(&mut tx, &self.key.document).await? else {
            return Ok(());
        };
        // The stored snapshot may hold what another instance folded: keep both.
        let merged = new_doc();
        {
            let mut txn = merged.transact_mut();
            txn.apply_update(Update::decode_v1(&stored)?)?;
            let mine = loaded
                .awareness
                .doc()
                .transact()
                .encode_state_as_update_v1(&StateVector::default());
            txn.apply_update(Update::decode_v1(&mine)?)?;
        }
        store::compact(&mut tx, &self.key.document, &encode_whole(&merged), &loaded.folded).await?;
        tx.commit().await?;
        loaded.folded.clear();
        Ok(())
    }

    /// Applies `update`, sent by the editor `author`, and stores it; refuses it (keeping
    /// nothing of it) when it would take the document past [`MAX_DOCUMENT_BYTES`], when it
    /// adds a shared type other than the editor's fragment ([`convert::FIELD`]), or when it
    /// builds on content the room does not have (it would wait in memory, unstored).
    pub async fn apply(
        &self,
        loaded: &mut Loaded,
        update: &[u8],
        author: &str,
    ) -> anyhow::Result<Applied> {
        let decoded = Update::decode_v1(update)?;
        let doc = loaded.awareness.doc().clone();
        if !loaded.size.admits(update.len(), || encode_whole(&doc).len()) {
            return Ok(Applied::Refused(CLOSE_TOO_LARGE, DOCUMENT_TOO_LARGE));
        }
        let (before, roots, waiting) = {
            let txn = doc.transact();
            let roots: Vec<String> = txn.root_refs().map(|(name, _)| name.to_owned()).collect();
            (txn.state_vector(), roots, txn.has_missing_updates())
        };
        let applied = {
            let mut txn = doc.transact_mut();
            txn.apply_update(decoded).map(|()| txn.encode_update_v1())
        };
        let effective = match applied {
            Ok(effective) => effective,
            Err(err) => {
                self.restore(loaded, &before).await;
                return Err(err.into());
            }
        };
        let refusal = {
            let txn = doc.transact();
            let foreign = txn
                .root_refs()
                .any(|(name, _)| name != convert::FIELD && !roots.iter().any(|r| r == name));
            if foreign {
                Some((CLOSE_NOT_THE_DOCUMENT, NOT_THE_DOCUMENT))
            } else if txn.has_missing_updates() && !waiting {
                Some((CLOSE_NOT_THE_DOCUMENT, UNKNOWN_BASIS))
            } else {
                None
            }
        };
        let refusal = refusal.or_else(|| {
            let within = loaded.size.applied(update.len(), || encode_whole(&doc).len());
            (!within).then_some((CLOSE_TOO_LARGE, DOCUMENT_TOO_LARGE))
        });
        if let Some((code, reason)) = refusal {
            self.restore(loaded, &before).await;
            return Ok(Applied::Refused(code, reason));
        }
        if is_empty_update(&effective) {
            return Ok(Applied::Unchanged);
        }
        self.store(loaded, &effective, Some(author)).await?;
        Ok(Applied::Changed(effective))
    }

    /// Puts the room's document back as it is stored, after an update was applied to it and
    /// refused: nothing of that update is kept, and what other instances stored meanwhile
    /// reaches this room's editors (`before`: the state they had). When the stored state
    /// cannot be read, the room closes (keeping nothing of its own to compact).
    async fn restore(&self, loaded: &mut Loaded, before: &StateVector) {
        match load_doc(&self.db, &self.key.document).await {
            Ok(Some((doc, folded))) => {
                let news = doc.transact().encode_state_as_update_v1(before);
                loaded.size.reset(encode_whole(&doc).len());
                *loaded.awareness.doc_mut() = doc;
                loaded.folded = folded;
                if !is_empty_update(&news) {
                    self.broadcast(0, sync_update(news));
                }
            }
            failed => {
                if let Err(err) = failed {
                    tracing::warn!(error = %err, "cannot restore a shared document");
                }
                *loaded.awareness.doc_mut() = new_doc();
                loaded.folded.clear();
                loaded.size.reset(0);
                self.closed.send_replace(Some((1011, CANNOT_OPEN.into())));
            }
        }
    }

    /// Stores an update this room's document already holds and passes it on to the other
    /// editors (and instances).
    async fn store(
        &self,
        loaded: &mut Loaded,
        update: &[u8],
        author: Option<&str>,
    ) -> anyhow::Result<()> {
        let mut tx = self.db.begin().await?;
        let row =
            store::append(&mut tx, self.key.agency, &self.key.document, update, author).await?;
        tx.commit().await?;
        loaded.folded.push(row);
        if author.is_some() {
            self.changed.notify_one();
        }
        if loaded.folded.len() >= COMPACT_AFTER {
            if let Err(err) = self.compact(loaded).await {
                tracing::warn!(error = %err, "cannot compact a shared document");
            }
        }
        Ok(())
    }

    /// Tells the other instances' rooms of a change of cursors (awareness is not stored: it
    /// goes in the notification itself). The latest state of each client waits in the room's
    /// outbox, and the room's announcer sends what waits at most once per [`CURSOR_INTERVAL`].
    pub fn announce_awareness(&self, update: &AwarenessUpdate) {
        self.cursors.lock().unwrap_or_else(PoisonError::into_inner).add(update);
        self.cursors_waiting.notify_one();
    }

    /// Announces the cursors waiting that fit in one notification; true when some wait still.
    async fn send_cursors(&self) -> bool {
        use base64::Engine;
        let document = &self.key.document;
        // "a <base64> <document id>": base64 takes 4 bytes for each 3.
        let budget = MAX_NOTIFY.saturating_sub(3 + document.len()) / 4 * 3;
        let (batch, more) = {
            let mut outbox = self.cursors.lock().unwrap_or_else(PoisonError::into_inner);
            let batch = outbox.take_batch(budget);
            (batch, !outbox.is_empty())
        };
        let Some(batch) = batch else { return more };
        let encoded = base64::engine::general_purpose::STANDARD.encode(batch.encode_v1());
        let payload = format!("a {encoded} {document}");
        if payload.len() > MAX_NOTIFY {
            return more;
        }
        let sent = async {
            let mut conn = self.db.acquire().await?;
            store::notify(&mut conn, self.key.agency, &payload).await
        };
        if let Err(err) = sent.await {
            tracing::debug!(error = %err, "cannot announce cursors");
        }
        more
    }

    /// Cursors announced by another instance: applied and passed to this room's editors.
    pub async fn remote_awareness(&self, update: AwarenessUpdate) {
        let mut state = self.state.lock().await;
        let Some(loaded) = state.as_mut() else { return };
        // Only clients no connection here owns (a remote client is the remote's).
        let clients: HashMap<ClientID, AwarenessUpdateEntry> = update
            .clients
            .into_iter()
            .filter(|(client, _)| loaded.owners.get(client).is_none_or(|c| *c == REMOTE))
            .collect();
        if clients.is_empty() {
            return;
        }
        for (client, entry) in &clients {
            if &*entry.json == "null" {
                loaded.owners.remove(client);
            } else {
                loaded.owners.insert(*client, REMOTE);
            }
        }
        let update = AwarenessUpdate { clients };
        if loaded.awareness.apply_update(update.clone()).is_ok() {
            self.broadcast(REMOTE, Message::Awareness(update).encode_v1());
        }
    }

    /// Passes `bytes` to every editor but `from`.
    pub fn broadcast(&self, from: u64, bytes: Vec<u8>) {
        let _ = self.frames.send(Frame::Data { from, bytes: Arc::new(bytes) });
    }

    /// Replaces the document's content with `html` (a draft save or a restore); editors get
    /// it as a normal update. False when the room is not (or no longer) loaded.
    pub async fn replace(&self, html: &str) -> anyhow::Result<bool> {
        let mut state = self.state.lock().await;
        let Some(loaded) = state.as_mut() else { return Ok(false) };
        let effective = {
            let doc = loaded.awareness.doc();
            let fragment = doc.get_or_insert_xml_fragment(convert::FIELD);
            let mut txn = doc.transact_mut();
            convert::write_html(&mut txn, &fragment, html);
            txn.encode_update_v1()
        };
        loaded.size.grew(effective.len());
        self.store(loaded, &effective, None).await?;
        self.broadcast(0, sync_update(effective));
        Ok(true)
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        for task in self.tasks().drain(..) {
            task.abort();
        }
    }
}

impl Closing for Room {
    /// The last editor's place was given back (its socket ended, however): the room is closed
    /// from a task of its own, since a place may be dropped while a panic unwinds.
    fn last_left(self: Arc<Self>) {
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { close_room(&self).await });
        }
    }
}

/// A document with the portal's own (random) client id.
fn new_doc() -> Doc {
    Doc::new()
}

fn encode_whole(doc: &Doc) -> Vec<u8> {
    doc.transact().encode_state_as_update_v1(&StateVector::default())
}

/// An update that changes nothing (no structs, no deletions).
pub fn is_empty_update(update: &[u8]) -> bool {
    update.len() <= 2
}

/// A y-protocols sync update message.
pub fn sync_update(update: Vec<u8>) -> Vec<u8> {
    Message::Sync(SyncMessage::Update(update)).encode_v1()
}

/// The stored document `id` (its snapshot and updates applied) and the update rows in it.
pub async fn load_doc(db: &TenantDb, id: &str) -> anyhow::Result<Option<(Doc, Vec<i64>)>> {
    let stored = store::load(&mut *db.acquire().await?, id).await?;
    let Some(stored) = stored else { return Ok(None) };
    let doc = new_doc();
    let mut folded = Vec::new();
    {
        let mut txn = doc.transact_mut();
        txn.apply_update(Update::decode_v1(&stored.snapshot)?)?;
        for (row, data) in stored.updates {
            txn.apply_update(Update::decode_v1(&data)?)?;
            folded.push(row);
        }
    }
    Ok(Some((doc, folded)))
}

/// Writes document `id`'s draft from its shared document when editors changed it since the
/// draft was last written (as the member whose edit it was), from the stored state so that
/// any instance may do it. The document list is held as every draft save holds it; a
/// document no longer in the list loses its shared state. Answers whether the document is
/// gone.
#[tracing::instrument(level = "debug", skip(db))]
pub async fn write_draft(db: &TenantDb, id: &str) -> anyhow::Result<bool> {
    if !store::is_dirty(&mut *db.acquire().await?, id).await? {
        return Ok(false);
    }
    let mut tx = db.begin().await?;
    let list = documents::load_for_update(&mut tx).await?;
    let Some(document) = list.items.into_iter().find(|d| d.id == id) else {
        store::forget(&mut tx, &[id.to_owned()]).await?;
        tx.commit().await?;
        return Ok(true);
    };
    let Some((_, true, author)) = store::lock_state(&mut tx, id).await? else {
        return Ok(false);
    };
    let stored = store::load(&mut tx, id).await?.ok_or_else(|| anyhow::anyhow!("no state"))?;
    let doc = new_doc();
    {
        let mut txn = doc.transact_mut();
        txn.apply_update(Update::decode_v1(&stored.snapshot)?)?;
        for (_, data) in stored.updates {
            txn.apply_update(Update::decode_v1(&data)?)?;
        }
    }
    let html = {
        let fragment = doc.get_or_insert_xml_fragment(convert::FIELD);
        sanitise(&convert::fragment_to_html(&doc.transact(), &fragment))
    };
    let draft = documents::lock_draft(&mut tx, id, &document.content).await?;
    if draft.content != html {
        if html.chars().count() > crate::features::sops::model::MAX_CONTENT {
            tracing::warn!("a shared document is too long to be written as the draft");
        } else {
            let actor = Actor::system(author.as_deref().unwrap_or("Portal"));
            documents::save_draft(&mut tx, id, &html, &actor).await?;
        }
    }
    store::mark_written(&mut tx, id).await?;
    tx.commit().await?;
    Ok(false)
}

/// The room's draft writer: after each change and a quiet time, the draft is written.
async fn write_after_quiet(room: std::sync::Weak<Room>) {
    loop {
        // The task is aborted when the room closes (`close_room`), so holding it here is safe.
        let Some(strong) = room.upgrade() else { return };
        strong.changed.notified().await;
        loop {
            tokio::select! {
                _ = strong.changed.notified() => continue,
                _ = tokio::time::sleep(QUIET) => break,
            }
        }
        match write_draft(&strong.db, &strong.key.document).await {
            Ok(true) => {
                strong.closed.send_replace(Some((CLOSE_REMOVED, DOCUMENT_REMOVED.into())));
            }
            Ok(false) => {}
            Err(err) => {
                tracing::warn!(error = %err, "cannot write a draft from its shared document")
            }
        }
        drop(strong);
    }
}

/// The room's announcer of cursors to the other instances: what waits is sent, then nothing
/// for [`CURSOR_INTERVAL`] (announcements meanwhile wait, each client's latest state only).
async fn announce_cursors(room: std::sync::Weak<Room>) {
    // The task is aborted when the room closes (`close_room`), so holding it here is safe.
    let Some(room) = room.upgrade() else { return };
    loop {
        room.cursors_waiting.notified().await;
        let more = room.send_cursors().await;
        tokio::time::sleep(CURSOR_INTERVAL).await;
        if more {
            room.cursors_waiting.notify_one();
        }
    }
}

/// Checks again that the editor may still edit; `Err(reason)` when not.
pub type Recheck =
    Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<(), String>> + Send>> + Send + Sync>;

/// Who is connected: the name awareness shows and the author drafts are written as, who the
/// audit log names, the document's title when they connected, and the check made again.
pub struct Editor {
    pub name: String,
    pub actor: Actor,
    pub title: String,
    pub recheck: Recheck,
}

fn close(code: u16, reason: &str) -> WsMessage {
    WsMessage::Close(Some(CloseFrame { code, reason: reason.into() }))
}

/// Serves one editor's socket in the room of `key` until it closes or is refused.
#[tracing::instrument(level = "debug", skip_all, fields(agency = key.agency, document = %key.document))]
pub async fn serve(
    hub: Arc<Hub>,
    key: RoomKey,
    db: Arc<TenantDb>,
    seed: String,
    editor: Editor,
    socket: WebSocket,
    _seat: Seat,
) {
    let (mut sink, mut stream) = socket.split();
    // Given back when dropped: at the end of this function, or while a panic unwinds it.
    let Some((place, me)) = hub.join(key.clone(), db.clone()) else {
        let _ = sink.send(close(1013, ROOM_FULL)).await;
        return;
    };
    let room = place.room().clone();
    let audited = Audited {
        db,
        document: key.document,
        actor: editor.actor.clone(),
        title: editor.title.clone(),
        stretch: Stretch::default(),
    };
    let mut connection = Connection { me, owned: Vec::new(), cursors: CursorGate::new(), audited };
    let outcome = run(&room, &seed, &editor, &mut connection, &mut sink, &mut stream).await;
    if let Some((code, reason)) = outcome {
        let _ = sink.send(close(code, &reason)).await;
    }
    // The stretch is recorded before the place is given back (and the room perhaps closed).
    connection.audited.finish().await;
    drop(place);
}

/// One socket's own state: its number, the cursor clients it owns, its cursor rate, and its
/// member's live-editing stretch.
struct Connection {
    me: u64,
    owned: Vec<ClientID>,
    cursors: CursorGate,
    audited: Audited,
}

/// A member's live-editing stretch of one document on one socket, recorded in the audit log
/// when it ends ([`Stretch`]); a stretch still open when the socket's task ends in a panic
/// is recorded from a task of its own.
struct Audited {
    db: Arc<TenantDb>,
    document: String,
    actor: Actor,
    title: String,
    stretch: Stretch,
}

impl Audited {
    /// Records the stretch if it has been idle long enough.
    async fn idle(&mut self) {
        if let Some(ended) = self.stretch.idle(Utc::now()) {
            self.record(ended).await;
        }
    }

    /// Records the stretch, if one is open (the socket closed).
    async fn finish(&mut self) {
        if let Some(ended) = self.stretch.end() {
            self.record(ended).await;
        }
    }

    async fn record(&self, ended: Ended) {
        let recorded = record_stretch(&self.db, &self.document, &self.actor, &self.title, &ended);
        if let Err(err) = recorded.await {
            tracing::warn!(error = %err, "cannot record a live-editing stretch");
        }
    }
}

impl Drop for Audited {
    fn drop(&mut self) {
        let Some(ended) = self.stretch.end() else { return };
        let Ok(runtime) = tokio::runtime::Handle::try_current() else { return };
        let (db, document) = (self.db.clone(), self.document.clone());
        let (actor, title) = (self.actor.clone(), self.title.clone());
        runtime.spawn(async move {
            if let Err(err) = record_stretch(&db, &document, &actor, &title, &ended).await {
                tracing::warn!(error = %err, "cannot record a live-editing stretch");
            }
        });
    }
}

/// The audit entry of a live-editing stretch: kind `document_draft` (as the form's saves),
/// action `edited live`, the member, the document (its title now, else as it was when they
/// connected), when the stretch began and ended and how many changes it held. The changes
/// themselves are each stored with their member (`document_collab_updates`) and reach the
/// draft, which the versions show; several members' edits interleave, so the entry names no
/// content.
pub async fn record_stretch(
    db: &TenantDb,
    id: &str,
    actor: &Actor,
    title: &str,
    ended: &Ended,
) -> anyhow::Result<()> {
    let title = documents::heading(db, id).await?.map_or_else(|| title.to_owned(), |h| h.title);
    let at = |time: &chrono::DateTime<Utc>| time.to_rfc3339_opts(SecondsFormat::Secs, true);
    let stretch = serde_json::json!({
        "began": at(&ended.began),
        "ended": at(&ended.ended),
        "changes": ended.changes,
    });
    let event = Event {
        kind: DRAFT_KIND,
        action: EDITED_LIVE.into(),
        subject_id: id.to_owned(),
        title,
        diff: Diff::fields(&serde_json::json!({}), &stretch),
    };
    let mut tx = db.begin().await?;
    audit::record(&mut tx, actor, &event).await?;
    tx.commit().await?;
    Ok(())
}

/// The last editor left: the draft is written and the updates folded into the snapshot (or,
/// for a removed document, what editors sent after the removal is forgotten too). The
/// cursors still waiting (the last editors' leaving) are announced first.
async fn close_room(room: &Arc<Room>) {
    while room.send_cursors().await {}
    let removed = matches!(&*room.closed.borrow(), Some((CLOSE_REMOVED, _)));
    if removed {
        let forgotten = async {
            let mut tx = room.db.begin().await?;
            store::forget(&mut tx, std::slice::from_ref(&room.key.document)).await?;
            tx.commit().await
        };
        if let Err(err) = forgotten.await {
            tracing::warn!(error = %err, "cannot forget a removed document's shared state");
        }
        room.state.lock().await.take();
        for task in room.tasks().drain(..) {
            task.abort();
        }
        return;
    }
    if let Err(err) = write_draft(&room.db, &room.key.document).await {
        tracing::warn!(error = %err, "cannot write a draft from its shared document");
    }
    let mut state = room.state.lock().await;
    if let Some(loaded) = state.as_mut() {
        if !loaded.folded.is_empty() {
            if let Err(err) = room.compact(loaded).await {
                tracing::warn!(error = %err, "cannot compact a shared document");
            }
        }
    }
    *state = None;
    for task in room.tasks().drain(..) {
        task.abort();
    }
}

type Sink = futures::stream::SplitSink<WebSocket, WsMessage>;
type Stream = futures::stream::SplitStream<WebSocket>;

/// Sends `frames` to the editor, a frame each; false when the socket is gone.
async fn send_all(sink: &mut Sink, frames: Vec<Vec<u8>>) -> bool {
    for frame in frames {
        if sink.send(WsMessage::Binary(frame.into())).await.is_err() {
            return false;
        }
    }
    true
}

/// The conversation with one editor; answers the close code and reason to send, if any.
async fn run(
    room: &Arc<Room>,
    seed: &str,
    editor: &Editor,
    connection: &mut Connection,
    sink: &mut Sink,
    stream: &mut Stream,
) -> Option<(u16, String)> {
    let me = connection.me;
    let mut frames = room.frames.subscribe();
    let mut closed = room.closed.subscribe();
    if let Err(err) = room.ensure_loaded(seed).await {
        tracing::warn!(error = %err, "cannot load a shared document");
        return Some((1011, CANNOT_OPEN.into()));
    }
    // The server's side of the handshake: its state vector and everyone's awareness, a
    // message a frame (y-websocket reads one message of each frame).
    let start = {
        let state = room.state.lock().await;
        let loaded = state.as_ref()?;
        let sv = loaded.awareness.doc().transact().state_vector();
        let mut frames = vec![Message::Sync(SyncMessage::SyncStep1(sv)).encode_v1()];
        if let Ok(update) = loaded.awareness.update() {
            if !update.clients.is_empty() {
                frames.push(Message::Awareness(update).encode_v1());
            }
        }
        frames
    };
    if !send_all(sink, start).await {
        return None;
    }
    let mut recheck = tokio::time::interval(RECHECK);
    recheck.tick().await;
    let outcome = loop {
        if let Some(reason) = closed.borrow_and_update().clone() {
            break Some(reason);
        }
        // Cursors held back by the socket's rate are passed on when it allows.
        let held = connection.cursors.due();
        let due = tokio::time::Instant::from_std(held.unwrap_or_else(Instant::now));
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(WsMessage::Binary(data))) => {
                    match handle(room, editor, connection, &data).await {
                        Ok(Handled { replies, refused }) => {
                            if !send_all(sink, replies).await {
                                break None;
                            }
                            if let Some((code, reason)) = refused {
                                break Some((code, reason.to_owned()));
                            }
                        }
                        Err(err) => {
                            tracing::debug!(error = %err, "an editor's message was refused");
                            break Some((1003, "The message could not be read.".into()));
                        }
                    }
                }
                Some(Ok(WsMessage::Close(_))) | None | Some(Err(_)) => break None,
                Some(Ok(_)) => {}
            },
            frame = frames.recv() => match frame {
                Ok(Frame::Data { from, bytes }) => {
                    if from != me && sink.send(WsMessage::Binary(bytes.to_vec().into())).await.is_err() {
                        break None;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    break Some((1013, "Too far behind; reconnecting.".into()));
                }
                Err(broadcast::error::RecvError::Closed) => break None,
            },
            _ = closed.changed() => {}
            _ = tokio::time::sleep_until(due), if held.is_some() => {
                let replies = release_cursors(room, connection).await;
                if !send_all(sink, replies).await {
                    break None;
                }
            }
            _ = recheck.tick() => {
                if let Err(reason) = (editor.recheck)().await {
                    break Some((CLOSE_REFUSED, reason));
                }
                connection.audited.idle().await;
            }
        }
    };
    // The editor's cursors go with them.
    let owned = &connection.owned;
    if !owned.is_empty() {
        let mut state = room.state.lock().await;
        if let Some(loaded) = state.as_mut() {
            for client in owned {
                loaded.awareness.remove_state(*client);
                loaded.owners.remove(client);
            }
            if let Ok(update) = loaded.awareness.update_with_clients(owned.iter().copied()) {
                room.announce_awareness(&update);
                room.broadcast(me, Message::Awareness(update).encode_v1());
            }
        }
    }
    outcome
}

/// What handling one frame of an editor came to: replies to send back (a frame each), and the
/// refusal of an update (its close code and sentence), after which nothing more is handled.
struct Handled {
    replies: Vec<Vec<u8>>,
    refused: Option<(u16, &'static str)>,
}

/// Handles one binary message of an editor.
async fn handle(
    room: &Arc<Room>,
    editor: &Editor,
    connection: &mut Connection,
    data: &[u8],
) -> anyhow::Result<Handled> {
    if data.len() > MAX_MESSAGE {
        anyhow::bail!("message too large");
    }
    let mut decoder = DecoderV1::new(Cursor::new(data));
    // y-websocket sends a message a frame; a frame packed with thousands (each answered with
    // the whole document or everyone's cursors) is refused before any is handled.
    let messages: Vec<Message> = MessageReader::new(&mut decoder)
        .take(MAX_MESSAGES_PER_FRAME + 1)
        .collect::<Result<_, _>>()?;
    if messages.len() > MAX_MESSAGES_PER_FRAME {
        anyhow::bail!("more than {MAX_MESSAGES_PER_FRAME} messages in one frame");
    }
    let mut replies = Vec::new();
    let mut state = room.state.lock().await;
    let loaded = state.as_mut().ok_or_else(|| anyhow::anyhow!("room closed"))?;
    let me = connection.me;
    for message in messages {
        match message {
            Message::Sync(SyncMessage::SyncStep1(sv)) => {
                let update = loaded.awareness.doc().transact().encode_state_as_update_v1(&sv);
                replies.push(Message::Sync(SyncMessage::SyncStep2(update)).encode_v1());
            }
            Message::Sync(SyncMessage::SyncStep2(update) | SyncMessage::Update(update)) => {
                match room.apply(loaded, &update, &editor.name).await? {
                    Applied::Changed(effective) => {
                        room.broadcast(me, sync_update(effective));
                        connection.audited.stretch.changed(Utc::now());
                    }
                    Applied::Unchanged => {}
                    Applied::Refused(code, reason) => {
                        return Ok(Handled { replies, refused: Some((code, reason)) });
                    }
                }
            }
            Message::Awareness(update) => {
                let update = stamp(update, &editor.name, me, &mut connection.owned, loaded);
                if update.clients.is_empty() {
                    continue;
                }
                if let Some(released) = connection.cursors.offer(update, Instant::now()) {
                    pass_cursors(room, loaded, released, &mut replies)?;
                }
            }
            Message::AwarenessQuery => {
                if let Some(released) = connection.cursors.offer_query(Instant::now()) {
                    pass_cursors(room, loaded, released, &mut replies)?;
                }
            }
            Message::Auth(_) | Message::Custom(..) => {}
        }
    }
    Ok(Handled { replies, refused: None })
}

/// Passes on what a socket's cursor gate let through: its states to everyone (the sender too,
/// who sees the name the server gave) and to the other instances, and the answer to a query.
fn pass_cursors(
    room: &Room,
    loaded: &mut Loaded,
    released: Released,
    replies: &mut Vec<Vec<u8>>,
) -> anyhow::Result<()> {
    if let Some(update) = released.update {
        loaded.awareness.apply_update(update.clone())?;
        room.broadcast(0, Message::Awareness(update.clone()).encode_v1());
        room.announce_awareness(&update);
    }
    if released.query {
        replies.push(Message::Awareness(loaded.awareness.update()?).encode_v1());
    }
    Ok(())
}

/// The cursors a socket held back, once its rate allows; the replies to send it.
async fn release_cursors(room: &Room, connection: &mut Connection) -> Vec<Vec<u8>> {
    let mut replies = Vec::new();
    let mut state = room.state.lock().await;
    let Some(loaded) = state.as_mut() else { return replies };
    if let Some(released) = connection.cursors.release(Instant::now()) {
        if let Err(err) = pass_cursors(room, loaded, released, &mut replies) {
            tracing::debug!(error = %err, "held cursors could not be passed on");
        }
    }
    replies
}

/// An editor's awareness update as passed on: only their own clients (a client id another
/// connection uses is not theirs to change), each `user.name` replaced by their own name, and
/// no state larger than [`MAX_CURSOR_STATE`].
fn stamp(
    update: AwarenessUpdate,
    name: &str,
    me: u64,
    owned: &mut Vec<ClientID>,
    loaded: &mut Loaded,
) -> AwarenessUpdate {
    let mut clients = HashMap::new();
    for (client, entry) in update.clients {
        if !owned.contains(&client) {
            // A client id another connection here uses is not this one's to change (one last
            // seen on another instance may move here: its name is stamped again in any case).
            let taken = loaded.owners.get(&client).is_some_and(|c| *c != me && *c != REMOTE);
            if taken || owned.len() >= 8 {
                continue;
            }
            owned.push(client);
            loaded.owners.insert(client, me);
        }
        if entry.json.len() > MAX_CURSOR_STATE {
            continue;
        }
        let json = match serde_json::from_str::<serde_json::Value>(&entry.json) {
            Ok(serde_json::Value::Object(mut state)) => {
                let user = state.entry("user").or_insert_with(|| serde_json::json!({}));
                if !user.is_object() {
                    *user = serde_json::json!({});
                }
                user["name"] = serde_json::Value::String(name.to_owned());
                serde_json::Value::Object(state).to_string()
            }
            // `null`: the client went away.
            Ok(serde_json::Value::Null) => "null".to_owned(),
            _ => continue,
        };
        if json.len() > MAX_CURSOR_STATE {
            continue;
        }
        clients.insert(client, AwarenessUpdateEntry { clock: entry.clock, json: json.into() });
    }
    AwarenessUpdate { clients }
}
