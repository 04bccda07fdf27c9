//! Several portal instances on one database: each update an instance stores is announced
//! with `NOTIFY document_collab, '<agency id> u <row id> <document id>'` (payloads are
//! limited to 8000 bytes, so the update itself is read from its row), a removed document
//! with `'<agency id> x <document id>'`, and cursors (awareness, not stored) with
//! `'<agency id> a <base64 of the awareness update> <document id>'`. Each instance listens
//! with one connection per database server (started with its first room there), hands each
//! announcement to the open room it names, which reads the rows of its document from its
//! agency's own schema and passes them to its editors; after a lost connection every room
//! catches up from the stored state (an update is stored before it is announced, so nothing
//! is missed).

use std::{
    sync::{Arc, Weak},
    time::Duration,
};

use sqlx::PgPool;
use yrs::{
    sync::awareness::AwarenessUpdate, updates::decoder::Decode, ReadTxn, StateVector, Transact,
    Update,
};

use crate::{
    features::sops::collab::{
        session::{self, Hub, Room, RoomKey, CLOSE_REMOVED, DOCUMENT_REMOVED},
        store::{self, CHANNEL},
    },
    tenancy::listener::{Listener, CHECK_EVERY},
};

/// The listener of one database server (`server`, reached through `pool`): runs as long as
/// the instance's rooms (`hub`) do, on one connection whatever the number of rooms. A
/// connection lost or no longer answering is given up and another listens ([`Listener`]);
/// every room then catches up from the stored state.
pub async fn listen(hub: Weak<Hub>, server: Option<String>, pool: PgPool) {
    while hub.strong_count() > 0 {
        let mut listener = match Listener::open(&pool, &[CHANNEL], CHECK_EVERY).await {
            Ok(listener) => listener,
            Err(err) => {
                tracing::warn!(error = %err, "the collaboration relay cannot LISTEN; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
        };
        // What was announced before we listened is in the stored state.
        catch_up_all(&hub, server.as_deref());
        loop {
            match listener.next().await {
                Ok(notification) => {
                    let Some(hub) = hub.upgrade() else { return };
                    dispatch(&hub, notification.payload());
                }
                Err(err) => {
                    tracing::warn!(error = %err, "the collaboration relay failed; reconnecting");
                    break;
                }
            }
        }
    }
}

/// What an announcement says, after its agency's id.
#[derive(Debug, PartialEq, Eq)]
enum Announcement<'a> {
    /// Update row `row` of `document` was stored.
    Update { row: i64, document: &'a str },
    /// Cursors of `document` changed (base64 of the awareness update).
    Cursors { encoded: &'a str, document: &'a str },
    /// `document` was removed.
    Removed { document: &'a str },
}

/// `payload` read as `(agency, announcement)`; the document id comes last and may hold blanks.
fn parse(payload: &str) -> Option<(i64, Announcement<'_>)> {
    let (agency, rest) = payload.split_once(' ')?;
    let agency = agency.parse().ok()?;
    let (kind, tail) = rest.split_once(' ')?;
    let announcement = match kind {
        "u" => {
            let (row, document) = tail.split_once(' ')?;
            Announcement::Update { row: row.parse().ok()?, document }
        }
        "a" => {
            let (encoded, document) = tail.split_once(' ')?;
            Announcement::Cursors { encoded, document }
        }
        "x" => Announcement::Removed { document: tail },
        _ => return None,
    };
    Some((agency, announcement))
}

impl Announcement<'_> {
    fn document(&self) -> &str {
        match self {
            Self::Update { document, .. }
            | Self::Cursors { document, .. }
            | Self::Removed { document } => document,
        }
    }
}

/// Hands an announcement to the room it names, if open here; each room's work (reading the
/// row from its agency's schema) runs on its own, so no agency waits for another's.
fn dispatch(hub: &Hub, payload: &str) {
    let Some((agency, announcement)) = parse(payload) else { return };
    let key = RoomKey { agency, document: announcement.document().to_owned() };
    let Some(room) = hub.room(&key) else { return };
    let payload = payload.to_owned();
    tokio::spawn(async move {
        if let Some((_, announcement)) = parse(&payload) {
            received(&room, announcement).await;
        }
    });
}

fn catch_up_all(hub: &Weak<Hub>, server: Option<&str>) {
    let Some(hub) = hub.upgrade() else { return };
    for room in hub.rooms_on(server) {
        tokio::spawn(async move { catch_up(&room).await });
    }
}

async fn received(room: &Room, announcement: Announcement<'_>) {
    match announcement {
        Announcement::Update { row, .. } => {
            if let Err(err) = relayed(room, row).await {
                tracing::warn!(error = %err, "cannot apply a relayed update");
            }
        }
        Announcement::Cursors { encoded, .. } => {
            use base64::Engine;
            let update = base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .ok()
                .and_then(|bytes| AwarenessUpdate::decode_v1(&bytes).ok());
            if let Some(update) = update {
                room.remote_awareness(update).await;
            }
        }
        Announcement::Removed { .. } => {
            room.closed.send_replace(Some((CLOSE_REMOVED, DOCUMENT_REMOVED.into())));
        }
    }
}

/// Applies update row `row` (stored by another instance) and passes it on.
async fn relayed(room: &Room, row: i64) -> anyhow::Result<()> {
    let mut state = room.state.lock().await;
    let Some(loaded) = state.as_mut() else { return Ok(()) };
    if loaded.folded.contains(&row) {
        return Ok(());
    }
    let data = store::update(&mut *room.db.acquire().await?, &room.key.document, row).await?;
    let Some(data) = data else {
        // Folded into the snapshot already: take the whole stored state.
        drop(state);
        catch_up_from_store(room).await?;
        return Ok(());
    };
    let effective = {
        let mut txn = loaded.awareness.doc().transact_mut();
        txn.apply_update(Update::decode_v1(&data)?)?;
        txn.encode_update_v1()
    };
    loaded.folded.push(row);
    loaded.grew(data.len());
    if !session::is_empty_update(&effective) {
        room.broadcast(0, session::sync_update(effective));
    }
    Ok(())
}

async fn catch_up(room: &Arc<Room>) {
    if let Err(err) = catch_up_from_store(room).await {
        tracing::warn!(error = %err, "cannot catch up a shared document");
    }
}

/// Applies the whole stored state (what this room misses of it reaches its editors).
async fn catch_up_from_store(room: &Room) -> anyhow::Result<()> {
    let mut state = room.state.lock().await;
    let Some(loaded) = state.as_mut() else { return Ok(()) };
    let Some((stored, rows)) = session::load_doc(&room.db, &room.key.document).await? else {
        return Ok(());
    };
    let whole = stored.transact().encode_state_as_update_v1(&StateVector::default());
    let effective = {
        let mut txn = loaded.awareness.doc().transact_mut();
        txn.apply_update(Update::decode_v1(&whole)?)?;
        txn.encode_update_v1()
    };
    for row in rows {
        if !loaded.folded.contains(&row) {
            loaded.folded.push(row);
        }
    }
    loaded.grew(effective.len());
    if !session::is_empty_update(&effective) {
        room.broadcast(0, session::sync_update(effective));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{parse, Announcement};

    #[test]
    fn announcements_name_their_agency_and_a_document_id_with_blanks() {
        assert_eq!(
            parse("7 u 42 doc-1"),
            Some((7, Announcement::Update { row: 42, document: "doc-1" }))
        );
        assert_eq!(
            parse("7 a AAEC my first doc"),
            Some((7, Announcement::Cursors { encoded: "AAEC", document: "my first doc" }))
        );
        assert_eq!(parse("12 x my doc"), Some((12, Announcement::Removed { document: "my doc" })));
        for bad in ["", "7", "7 u", "7 u x doc", "x u 1 doc", "7 z doc", "7 u 1"] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
