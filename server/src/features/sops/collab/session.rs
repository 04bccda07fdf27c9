//! The live rooms of one instance: per agency and document, the shared (Yjs) document with its
//! awareness (cursors and names), the editors connected to it, and the broadcast between
//! them. A room is loaded from the agency's schema when its first editor arrives (seeded
//! from the draft's HTML when the document has no shared state yet) and dropped when its last
//! editor leaves, after the draft is written and the stored updates compacted. Every update
//! is stored (and announced to the other instances, `relay`) before it is passed on.

use std::{
    collections::{HashMap, HashSet},
    future::Future,
    pin::Pin,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
    time::Duration,
};

use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket};
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
        collab::{convert, store},
        content::sanitise,
        store as documents,
    },
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
    rooms: Mutex<HashMap<RoomKey, Arc<Room>>>,
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
        let mut seats = self.hub.seats.lock().expect("seats");
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
        self.rooms.lock().expect("rooms").get(key).cloned()
    }

    /// How many rooms are open (tests and the bench check they go).
    pub fn open_rooms(&self) -> usize {
        self.rooms.lock().expect("rooms").len()
    }

    /// Joins (or opens) the room of `key`; `None` when it is full.
    fn join(self: &Arc<Self>, key: RoomKey, db: Arc<TenantDb>) -> Option<(Arc<Room>, u64)> {
        if self.relays.lock().expect("relays").insert(db.server().map(str::to_owned)) {
            let server = db.server().map(str::to_owned);
            tokio::spawn(super::relay::listen(
                Arc::downgrade(self),
                server,
                db.server_pool().clone(),
            ));
        }
        let mut rooms = self.rooms.lock().expect("rooms");
        let room = rooms.entry(key.clone()).or_insert_with(|| Room::new(key, db)).clone();
        let mut editors = room.editors.lock().expect("editors");
        if *editors >= MAX_EDITORS {
            return None;
        }
        *editors += 1;
        drop(editors);
        Some((room, self.next_connection.fetch_add(1, Ordering::Relaxed) + 1))
    }

    /// Leaves the room; true when it was the last editor (the room is then closed here).
    fn leave(&self, room: &Arc<Room>) -> bool {
        let mut rooms = self.rooms.lock().expect("rooms");
        let mut editors = room.editors.lock().expect("editors");
        *editors -= 1;
        if *editors == 0 {
            if rooms.get(&room.key).is_some_and(|r| Arc::ptr_eq(r, room)) {
                rooms.remove(&room.key);
            }
            true
        } else {
            false
        }
    }

    /// A seat for one more socket of `session`; `None` when it has [`MAX_PER_SESSION`] open.
    pub fn seat(self: &Arc<Self>, session: &str) -> Option<Seat> {
        let mut seats = self.seats.lock().expect("seats");
        let count = seats.entry(session.to_owned()).or_insert(0);
        if *count >= MAX_PER_SESSION {
            return None;
        }
        *count += 1;
        Some(Seat { hub: self.clone(), session: session.to_owned() })
    }

    /// The open rooms of the agencies on database server `server` (`None`: the control server).
    pub fn rooms_on(&self, server: Option<&str>) -> Vec<Arc<Room>> {
        let rooms = self.rooms.lock().expect("rooms");
        rooms.values().filter(|room| room.db.server() == server).cloned().collect()
    }

    /// Closes the rooms of documents `ids` of agency `agency` with `code` and `reason`.
    pub fn close(&self, agency: i64, ids: &[String], code: u16, reason: &str) {
        let rooms = self.rooms.lock().expect("rooms");
        for (key, room) in rooms.iter() {
            if key.agency == agency && ids.contains(&key.document) {
                room.closed.send_replace(Some((code, reason.to_owned())));
            }
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
}

pub struct Room {
    pub key: RoomKey,
    pub db: Arc<TenantDb>,
    pub state: tokio::sync::Mutex<Option<Loaded>>,
    editors: Mutex<usize>,
    pub frames: broadcast::Sender<Frame>,
    /// Set when every editor must go (`Some((code, reason))`).
    pub closed: watch::Sender<Option<(u16, String)>>,
    /// Poked after each change: the draft is written after a quiet time.
    changed: Notify,
    tasks: Mutex<Vec<tokio::task::JoinHandle<()>>>,
}

impl Room {
    fn new(key: RoomKey, db: Arc<TenantDb>) -> Arc<Self> {
        let (frames, _) = broadcast::channel(BACKLOG);
        let (closed, _) = watch::channel(None);
        let room = Arc::new(Self {
            key,
            db,
            state: tokio::sync::Mutex::new(None),
            editors: Mutex::new(0),
            frames,
            closed,
            changed: Notify::new(),
            tasks: Mutex::new(Vec::new()),
        });
        let writer = tokio::spawn(write_after_quiet(Arc::downgrade(&room)));
        room.tasks.lock().expect("tasks").push(writer);
        room
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
        let mut loaded = Loaded { awareness: Awareness::new(doc), folded, owners: HashMap::new() };
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

    /// Applies `update` (from an editor when `author` is set, else from the portal) and
    /// stores it; answers what it changed (empty when nothing).
    pub async fn apply(
        &self,
        loaded: &mut Loaded,
        update: &[u8],
        author: Option<&str>,
    ) -> anyhow::Result<Vec<u8>> {
        let effective = {
            let doc = loaded.awareness.doc();
            let mut txn = doc.transact_mut();
            txn.apply_update(Update::decode_v1(update)?)?;
            txn.encode_update_v1()
        };
        if is_empty_update(&effective) {
            return Ok(effective);
        }
        self.store(loaded, &effective, author).await?;
        Ok(effective)
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
    /// goes in the notification itself, when it fits, and is sent without waiting).
    pub fn announce_awareness(&self, update: &AwarenessUpdate) {
        use base64::Engine;
        let encoded = base64::engine::general_purpose::STANDARD.encode(update.encode_v1());
        let payload = format!("a {encoded} {}", self.key.document);
        if payload.len() > MAX_NOTIFY {
            return;
        }
        let db = self.db.clone();
        let agency = self.key.agency;
        tokio::spawn(async move {
            let sent = async {
                let mut conn = db.acquire().await?;
                store::notify(&mut conn, agency, &payload).await
            };
            if let Err(err) = sent.await {
                tracing::debug!(error = %err, "cannot announce cursors");
            }
        });
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
        self.store(loaded, &effective, None).await?;
        self.broadcast(0, sync_update(effective));
        Ok(true)
    }
}

impl Drop for Room {
    fn drop(&mut self) {
        for task in self.tasks.lock().expect("tasks").drain(..) {
            task.abort();
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

/// Checks again that the editor may still edit; `Err(reason)` when not.
pub type Recheck =
    Arc<dyn Fn() -> Pin<Box<dyn Future<Output = Result<(), String>> + Send>> + Send + Sync>;

/// Who is connected: the name awareness shows and the author drafts are written as.
pub struct Editor {
    pub name: String,
    pub recheck: Recheck,
}

fn close(code: u16, reason: &str) -> WsMessage {
    WsMessage::Close(Some(CloseFrame { code, reason: reason.into() }))
}

/// Serves one editor's socket in the room of `key` until it closes or is refused.
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
    let Some((room, me)) = hub.join(key, db) else {
        let _ = sink.send(close(1013, ROOM_FULL)).await;
        return;
    };
    let outcome = run(&room, me, &seed, &editor, &mut sink, &mut stream).await;
    if let Some((code, reason)) = outcome {
        let _ = sink.send(close(code, &reason)).await;
    }
    if hub.leave(&room) {
        close_room(&room).await;
    }
}

/// The last editor left: the draft is written and the updates folded into the snapshot (or,
/// for a removed document, what editors sent after the removal is forgotten too).
async fn close_room(room: &Arc<Room>) {
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
        for task in room.tasks.lock().expect("tasks").drain(..) {
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
    for task in room.tasks.lock().expect("tasks").drain(..) {
        task.abort();
    }
}

type Sink = futures::stream::SplitSink<WebSocket, WsMessage>;
type Stream = futures::stream::SplitStream<WebSocket>;

/// The conversation with one editor; answers the close code and reason to send, if any.
async fn run(
    room: &Arc<Room>,
    me: u64,
    seed: &str,
    editor: &Editor,
    sink: &mut Sink,
    stream: &mut Stream,
) -> Option<(u16, String)> {
    let mut frames = room.frames.subscribe();
    let mut closed = room.closed.subscribe();
    if let Err(err) = room.ensure_loaded(seed).await {
        tracing::warn!(error = %err, "cannot load a shared document");
        return Some((1011, "The document cannot be opened; try again later.".into()));
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
    for frame in start {
        if sink.send(WsMessage::Binary(frame.into())).await.is_err() {
            return None;
        }
    }
    let mut owned: Vec<ClientID> = Vec::new();
    let mut recheck = tokio::time::interval(RECHECK);
    recheck.tick().await;
    let outcome = loop {
        if let Some(reason) = closed.borrow_and_update().clone() {
            break Some(reason);
        }
        tokio::select! {
            incoming = stream.next() => match incoming {
                Some(Ok(WsMessage::Binary(data))) => {
                    match handle(room, me, editor, &mut owned, &data).await {
                        Ok(replies) => {
                            let mut sent = true;
                            for reply in replies {
                                sent = sent && sink.send(WsMessage::Binary(reply.into())).await.is_ok();
                            }
                            if !sent {
                                break None;
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
            _ = recheck.tick() => {
                if let Err(reason) = (editor.recheck)().await {
                    break Some((CLOSE_REFUSED, reason));
                }
            }
        }
    };
    // The editor's cursors go with them.
    if !owned.is_empty() {
        let mut state = room.state.lock().await;
        if let Some(loaded) = state.as_mut() {
            for client in &owned {
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

/// Handles one binary message of an editor: answers the replies to send back, a frame each.
async fn handle(
    room: &Arc<Room>,
    me: u64,
    editor: &Editor,
    owned: &mut Vec<ClientID>,
    data: &[u8],
) -> anyhow::Result<Vec<Vec<u8>>> {
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
    for message in messages {
        match message {
            Message::Sync(SyncMessage::SyncStep1(sv)) => {
                let update = loaded.awareness.doc().transact().encode_state_as_update_v1(&sv);
                replies.push(Message::Sync(SyncMessage::SyncStep2(update)).encode_v1());
            }
            Message::Sync(SyncMessage::SyncStep2(update) | SyncMessage::Update(update)) => {
                let effective = room.apply(loaded, &update, Some(&editor.name)).await?;
                if !is_empty_update(&effective) {
                    room.broadcast(me, sync_update(effective));
                }
            }
            Message::Awareness(update) => {
                let update = stamp(update, &editor.name, me, owned, loaded);
                if update.clients.is_empty() {
                    continue;
                }
                loaded.awareness.apply_update(update.clone())?;
                // Everyone, the sender too, sees the name the server gave; and the editors
                // on the other instances.
                let bytes = Message::Awareness(update.clone()).encode_v1();
                room.broadcast(0, bytes);
                room.announce_awareness(&update);
            }
            Message::AwarenessQuery => {
                let update = loaded.awareness.update()?;
                replies.push(Message::Awareness(update).encode_v1());
            }
            Message::Auth(_) | Message::Custom(..) => {}
        }
    }
    Ok(replies)
}

/// An editor's awareness update as passed on: only their own clients (a client id another
/// connection uses is not theirs to change), each `user.name` replaced by their own name.
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
        clients.insert(client, AwarenessUpdateEntry { clock: entry.clock, json: json.into() });
    }
    AwarenessUpdate { clients }
}
