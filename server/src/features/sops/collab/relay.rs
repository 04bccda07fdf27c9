//! Several portal instances on one database: each update an instance stores is announced
//! with `NOTIFY document_collab_<agency id>, 'u <row id> <document id>'` (payloads are
//! limited to 8000 bytes, so the update itself is read from its row), a removed document
//! with `'x <document id>'`, and cursors (awareness, not stored) with `'a <base64 of the
//! awareness update> <document id>'`. Each open room listens on its agency's channel, reads
//! the rows of its document from the agency's own schema and passes them to its editors;
//! after a lost connection it catches up from the stored state (an update is stored before
//! it is announced, so nothing is missed).

use std::{sync::Weak, time::Duration};

use sqlx::postgres::PgListener;
use yrs::{
    sync::awareness::AwarenessUpdate, updates::decoder::Decode, ReadTxn, StateVector, Transact,
    Update,
};

use crate::features::sops::collab::{
    session::{self, Room, CLOSE_REMOVED, DOCUMENT_REMOVED},
    store,
};

/// A room's listener: runs until the room goes.
pub async fn listen(room: Weak<Room>) {
    loop {
        let Some(strong) = room.upgrade() else { return };
        let pool = strong.db.server_pool().clone();
        let channel = strong.key.channel();
        drop(strong);
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(listener) => listener,
            Err(err) => {
                tracing::warn!(error = %err, "the collaboration relay cannot connect; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
        };
        if let Err(err) = listener.listen(&channel).await {
            tracing::warn!(error = %err, "the collaboration relay cannot LISTEN; retrying");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        // What was announced before we listened is in the stored state.
        catch_up(&room).await;
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => {
                    let Some(room) = room.upgrade() else { return };
                    received(&room, notification.payload()).await;
                }
                Ok(None) => catch_up(&room).await,
                Err(err) => {
                    tracing::warn!(error = %err, "the collaboration relay failed; reconnecting");
                    break;
                }
            }
        }
    }
}

async fn received(room: &Room, payload: &str) {
    let mut parts = payload.splitn(3, ' ');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("u"), Some(row), Some(document)) if document == room.key.document => {
            let Ok(row) = row.parse::<i64>() else { return };
            if let Err(err) = relayed(room, row).await {
                tracing::warn!(error = %err, "cannot apply a relayed update");
            }
        }
        (Some("a"), Some(encoded), Some(document)) if document == room.key.document => {
            use base64::Engine;
            let update = base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .ok()
                .and_then(|bytes| AwarenessUpdate::decode_v1(&bytes).ok());
            if let Some(update) = update {
                room.remote_awareness(update).await;
            }
        }
        (Some("x"), Some(document), None) if document == room.key.document => {
            room.closed.send_replace(Some((CLOSE_REMOVED, DOCUMENT_REMOVED.into())));
        }
        _ => {}
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
    if !session::is_empty_update(&effective) {
        room.broadcast(0, session::sync_update(effective));
    }
    Ok(())
}

async fn catch_up(room: &Weak<Room>) {
    let Some(room) = room.upgrade() else { return };
    if let Err(err) = catch_up_from_store(&room).await {
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
    if !session::is_empty_update(&effective) {
        room.broadcast(0, session::sync_update(effective));
    }
    Ok(())
}
