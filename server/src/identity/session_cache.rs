//! Sessions read through a per-instance cache in front of the Postgres store.
//!
//! A signed-in request reads its session on every call; the cache answers those reads
//! without a round trip. Every save and delete (sign-in cycles the id, sign-out deletes it)
//! is written to Postgres first and then announced on [`SESSION_CHANNEL`], and every
//! instance's change listener drops its copy ([`CachedSessionStore::forget`]), so a session
//! ended on one instance is ended on all of them at their next request.

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use async_trait::async_trait;
use moka::future::Cache;
use sqlx::PgPool;
use time::OffsetDateTime;
use tower_sessions::{
    session::{Id, Record},
    session_store, SessionStore,
};
use tower_sessions_sqlx_store::PostgresStore;

use crate::tenancy::registry;

/// The NOTIFY channel on which session writes and deletes are announced (payload: the id).
pub const SESSION_CHANNEL: &str = "portal_sessions";

#[derive(Debug, Clone)]
pub struct CachedSessionStore {
    store: PostgresStore,
    cache: Cache<Id, Record>,
    control: PgPool,
    /// Moves on with every drop: a record read while one happened is not kept (it may be
    /// the copy a sign-out on another instance just ended).
    epoch: Arc<AtomicU64>,
}

impl CachedSessionStore {
    pub fn new(store: PostgresStore, control: PgPool) -> Self {
        // A bound on staleness should an announcement ever be missed, and on memory.
        let cache =
            Cache::builder().max_capacity(100_000).time_to_live(Duration::from_secs(600)).build();
        Self { store, cache, control, epoch: Arc::new(AtomicU64::new(0)) }
    }

    /// Drops the cached copy of the session named in an announcement (all of them when the
    /// payload is not an id, or `None` after the listener reconnected).
    pub async fn forget(&self, payload: Option<&str>) {
        self.epoch.fetch_add(1, Ordering::AcqRel);
        match payload.and_then(|p| p.parse::<Id>().ok()) {
            Some(id) => self.cache.invalidate(&id).await,
            None => self.cache.invalidate_all(),
        }
    }

    /// Tells the other instances (a failure leaves their copies to expire: `time_to_live`).
    async fn announce(&self, id: &Id) {
        registry::notify(&self.control, SESSION_CHANNEL, &id.to_string()).await;
    }
}

/// Deletes the sessions past their expiry (the worker calls it on a schedule) and answers how
/// many: nothing else removes a session nobody signed out of. Cached copies of them are
/// already refused by their expiry. Compared with `now()` as a `timestamptz`, whatever the
/// connection's time zone (the store's own `delete_expired` compares with UTC wall-clock time,
/// which a connection west of UTC reads as hours ahead: it would delete live sessions).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn delete_expired(control: impl sqlx::PgExecutor<'_>) -> sqlx::Result<u64> {
    let deleted = sqlx::query("DELETE FROM public.sessions WHERE expiry_date < now()")
        .execute(control)
        .await?;
    Ok(deleted.rows_affected())
}

fn is_active(record: &Record) -> bool {
    record.expiry_date > OffsetDateTime::now_utc()
}

#[async_trait]
impl SessionStore for CachedSessionStore {
    async fn create(&self, record: &mut Record) -> session_store::Result<()> {
        // A new id (the store picks another on a collision): no other instance has it yet.
        self.store.create(record).await?;
        self.cache.insert(record.id, record.clone()).await;
        Ok(())
    }

    /// Writes a change to a session that exists (tower-sessions creates new ones through
    /// `create`), and never brings back one that was deleted meanwhile: a sign-out on another
    /// instance, or the sweep, while this request (a day's renewal, say) was in flight. The
    /// Postgres store's own `save` would insert it again, signed in.
    async fn save(&self, record: &Record) -> session_store::Result<()> {
        let data =
            rmp_serde::to_vec(record).map_err(|e| session_store::Error::Encode(e.to_string()))?;
        let updated =
            sqlx::query("UPDATE public.sessions SET data = $2, expiry_date = $3 WHERE id = $1")
                .bind(record.id.to_string())
                .bind(data)
                .bind(record.expiry_date)
                .execute(&self.control)
                .await
                .map_err(|e| session_store::Error::Backend(e.to_string()))?;
        if updated.rows_affected() == 0 {
            self.cache.invalidate(&record.id).await;
            return Ok(());
        }
        self.cache.insert(record.id, record.clone()).await;
        self.announce(&record.id).await;
        Ok(())
    }

    async fn load(&self, id: &Id) -> session_store::Result<Option<Record>> {
        if let Some(record) = self.cache.get(id).await {
            if is_active(&record) {
                return Ok(Some(record));
            }
            self.cache.invalidate(id).await;
            return Ok(None);
        }
        let epoch = self.epoch.load(Ordering::Acquire);
        let record = self.store.load(id).await?;
        if let Some(record) = &record {
            if self.epoch.load(Ordering::Acquire) == epoch {
                self.cache.insert(*id, record.clone()).await;
            }
        }
        Ok(record)
    }

    async fn delete(&self, id: &Id) -> session_store::Result<()> {
        self.store.delete(id).await?;
        self.cache.invalidate(id).await;
        self.announce(id).await;
        Ok(())
    }
}
