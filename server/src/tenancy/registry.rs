//! The agency registry (control schema) and its in-memory copy.
//!
//! The whole registry is cached as one snapshot (agencies are few and read on every request).
//! A trigger announces every change with `NOTIFY portal_registry`; each instance listens and
//! drops its snapshot and the pool of the agency that changed. Each agency of a snapshot keeps
//! its connection handle once a request built it ([`HandleSlot`]), so a request finds it
//! without a cache lookup until the next change brings a new snapshot.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use chrono::{DateTime, Utc};
use moka::{future::Cache, ops::compute::Op};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{
    postgres::{PgConnectOptions, PgPoolOptions},
    FromRow, PgPool,
};
use utoipa::ToSchema;

use crate::tenancy::{
    listener::Listener,
    pools::HandleSlot,
    settings::{AgencyFlags, AgencyLinks, Theme},
};

/// The channel the registry trigger notifies on; the payload is the agency id.
pub const REGISTRY_CHANNEL: &str = "portal_registry";

#[derive(Debug, Clone)]
pub struct Agency {
    pub id: i64,
    pub slug: String,
    pub name: String,
    pub short_name: Option<String>,
    pub domain: Option<String>,
    pub description: Option<String>,
    pub long_description: Option<String>,
    pub flags: AgencyFlags,
    pub theme: Theme,
    pub links: AgencyLinks,
    /// The stored JSON, kept for partial updates that must not lose unknown keys.
    pub stored_flags: Value,
    pub stored_theme: Value,
    pub stored_links: Value,
    pub schema_name: String,
    pub db_role: String,
    pub database_url: Option<String>,
    pub schema_version: i64,
    /// Set while the agency moves to another server: writes answer 503 (issue 27).
    pub read_only_since: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The registry [`Generation`] of the snapshot this copy came from; 0 when it was read
    /// from the table directly (provisioning, the command line), which no cache trusts.
    pub generation: u64,
    /// This copy's connection handle once a request asked for it (`PoolCache::get`).
    pub db_handle: HandleSlot,
}

#[cfg(test)]
impl Agency {
    /// An agency of unit tests: `slug` for its slug, name, schema and role, the default
    /// flags, theme and links, no domain.
    pub fn for_tests(slug: &str) -> Self {
        let empty = serde_json::json!({});
        Self {
            id: 0,
            slug: slug.into(),
            name: slug.into(),
            short_name: None,
            domain: None,
            description: None,
            long_description: None,
            flags: AgencyFlags::from_stored(&empty),
            theme: Theme::from_stored(&empty),
            links: AgencyLinks::from_stored(&empty),
            stored_flags: empty.clone(),
            stored_theme: empty.clone(),
            stored_links: empty,
            schema_name: format!("agency_{slug}"),
            db_role: format!("agency_{slug}"),
            database_url: None,
            schema_version: 0,
            read_only_since: None,
            created_at: Utc::now(),
            updated_at: Utc::now(),
            generation: 0,
            db_handle: HandleSlot::default(),
        }
    }
}

/// An agency's slug, names, domain and descriptions as its API answers and its bundle carry
/// them (each of those adds what else it needs beside them).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgencyTexts {
    pub slug: String,
    pub name: String,
    pub short_name: Option<String>,
    pub domain: Option<String>,
    pub description: Option<String>,
    pub long_description: Option<String>,
}

impl From<&Agency> for AgencyTexts {
    fn from(a: &Agency) -> Self {
        Self {
            slug: a.slug.clone(),
            name: a.name.clone(),
            short_name: a.short_name.clone(),
            domain: a.domain.clone(),
            description: a.description.clone(),
            long_description: a.long_description.clone(),
        }
    }
}

#[derive(FromRow)]
struct AgencyRow {
    id: i64,
    slug: String,
    name: String,
    short_name: Option<String>,
    domain: Option<String>,
    description: Option<String>,
    long_description: Option<String>,
    flags: Value,
    theme: Value,
    links: Value,
    schema_name: String,
    db_role: String,
    database_url: Option<String>,
    schema_version: i64,
    read_only_since: Option<DateTime<Utc>>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

pub(crate) const AGENCY_COLUMNS: &str = "id, slug, name, short_name, domain, description, \
     long_description, flags, theme, links, schema_name, db_role, database_url, schema_version, \
     read_only_since, created_at, updated_at";

impl From<AgencyRow> for Agency {
    fn from(r: AgencyRow) -> Self {
        Self {
            flags: AgencyFlags::from_stored(&r.flags),
            theme: Theme::from_stored(&r.theme),
            links: AgencyLinks::from_stored(&r.links),
            id: r.id,
            slug: r.slug,
            name: r.name,
            short_name: r.short_name,
            domain: r.domain,
            description: r.description,
            long_description: r.long_description,
            stored_flags: r.flags,
            stored_theme: r.theme,
            stored_links: r.links,
            schema_name: r.schema_name,
            db_role: r.db_role,
            database_url: r.database_url,
            schema_version: r.schema_version,
            read_only_since: r.read_only_since,
            created_at: r.created_at,
            updated_at: r.updated_at,
            generation: 0,
            db_handle: HandleSlot::default(),
        }
    }
}

/// Reads one agency by slug straight from the control database.
pub async fn fetch_by_slug(
    db: impl sqlx::PgExecutor<'_>,
    slug: &str,
) -> sqlx::Result<Option<Agency>> {
    let sql = format!("SELECT {AGENCY_COLUMNS} FROM agencies WHERE slug = $1");
    let row: Option<AgencyRow> = sqlx::query_as(&sql).bind(slug).fetch_optional(db).await?;
    Ok(row.map(Agency::from))
}

/// Records the schema version a new agency reached and reads its row back, in one statement
/// on the caller's transaction (provisioning).
#[tracing::instrument(level = "debug", skip(db))]
pub async fn set_version_returning(
    db: impl sqlx::PgExecutor<'_>,
    id: i64,
    version: i64,
) -> sqlx::Result<Agency> {
    let sql =
        format!("UPDATE agencies SET schema_version = $2 WHERE id = $1 RETURNING {AGENCY_COLUMNS}");
    let row: AgencyRow = sqlx::query_as(&sql).bind(id).bind(version).fetch_one(db).await?;
    Ok(Agency::from(row))
}

/// Every agency, ordered by id (the root agency first).
pub async fn fetch_all(db: impl sqlx::PgExecutor<'_>) -> sqlx::Result<Vec<Agency>> {
    let sql = format!("SELECT {AGENCY_COLUMNS} FROM agencies ORDER BY id");
    let rows: Vec<AgencyRow> = sqlx::query_as(&sql).fetch_all(db).await?;
    Ok(rows.into_iter().map(Agency::from).collect())
}

/// An immutable copy of the registry with look-ups by slug and domain.
#[derive(Debug, Default)]
pub struct Snapshot {
    agencies: Vec<Arc<Agency>>,
    by_slug: HashMap<String, usize>,
    by_domain: HashMap<String, usize>,
    generation: u64,
}

impl Snapshot {
    /// The registry as read while `generation` was current; each agency carries it.
    pub fn new(agencies: Vec<Agency>, generation: u64) -> Self {
        let agencies: Vec<Arc<Agency>> =
            agencies.into_iter().map(|agency| Arc::new(Agency { generation, ..agency })).collect();
        let mut by_slug = HashMap::new();
        let mut by_domain = HashMap::new();
        for (i, a) in agencies.iter().enumerate() {
            by_slug.insert(a.slug.clone(), i);
            if let Some(domain) = &a.domain {
                by_domain.insert(domain.to_lowercase(), i);
            }
        }
        Self { agencies, by_slug, by_domain, generation }
    }

    pub fn all(&self) -> &[Arc<Agency>] {
        &self.agencies
    }

    pub fn by_slug(&self, slug: &str) -> Option<&Arc<Agency>> {
        self.by_slug.get(slug).map(|&i| &self.agencies[i])
    }

    pub fn slug_for_domain(&self, host: &str) -> Option<&str> {
        self.by_domain.get(&host.to_lowercase()).map(|&i| self.agencies[i].slug.as_str())
    }
}

/// Counts the registry changes this instance has heard of. A request keeps the agency it
/// resolved (with the count it was read under) while the registry may change beneath it, so a
/// cache of values derived from an agency keeps them only while that count is still current
/// (`access::cache`). Cheap to clone; every clone counts the same changes.
#[derive(Debug, Clone)]
pub struct Generation(Arc<AtomicU64>);

impl Default for Generation {
    fn default() -> Self {
        // 0 is left for agencies read outside a snapshot.
        Self(Arc::new(AtomicU64::new(1)))
    }
}

impl Generation {
    pub fn current(&self) -> u64 {
        self.0.load(Ordering::Acquire)
    }

    /// Whether `agency` was read under the current count (no registry change since).
    pub fn is_current(&self, agency: &Agency) -> bool {
        agency.generation == self.current()
    }

    pub(crate) fn advance(&self) {
        self.0.fetch_add(1, Ordering::AcqRel);
    }
}

/// The cached registry. Cheap to clone.
#[derive(Clone)]
pub struct Registry {
    db: PgPool,
    cache: Cache<(), Arc<Snapshot>>,
    generation: Generation,
}

/// How many reads [`Registry::snapshot`] makes at most when changes keep overtaking them; the
/// last copy is answered then, and no cache trusts its agencies (their count is not current).
const SNAPSHOT_ATTEMPTS: usize = 3;

impl Registry {
    pub fn new(db: PgPool) -> Self {
        // The time-to-live is only a safety net: NOTIFY drops the copy as soon as a row changes.
        let cache = Cache::builder().max_capacity(1).time_to_live(Duration::from_secs(300)).build();
        Self { db, cache, generation: Generation::default() }
    }

    pub fn generation(&self) -> &Generation {
        &self.generation
    }

    /// The registry as of the last change heard of. A copy whose reading a change overtook
    /// (the change's notice came while the rows were read) is read again.
    pub async fn snapshot(&self) -> sqlx::Result<Arc<Snapshot>> {
        let mut attempt = 1;
        loop {
            let snapshot = self.cached_snapshot().await?;
            let current = self.generation.current();
            if snapshot.generation == current || attempt == SNAPSHOT_ATTEMPTS {
                return Ok(snapshot);
            }
            // Only a copy older than the count goes: one another request read meanwhile stays.
            self.cache
                .entry(())
                .and_compute_with(|cached| {
                    let stale = cached.is_some_and(|c| c.value().generation != current);
                    std::future::ready(if stale { Op::Remove } else { Op::Nop })
                })
                .await;
            attempt += 1;
        }
    }

    async fn cached_snapshot(&self) -> sqlx::Result<Arc<Snapshot>> {
        let (db, generation) = (self.db.clone(), self.generation.clone());
        let load = async move {
            let read_under = generation.current();
            fetch_all(&db).await.map(|a| Arc::new(Snapshot::new(a, read_under)))
        };
        self.cache.try_get_with((), load).await.map_err(
            |e: Arc<sqlx::Error>| match Arc::try_unwrap(e) {
                Ok(err) => err,
                Err(shared) => sqlx::Error::Protocol(shared.to_string()),
            },
        )
    }

    pub async fn by_slug(&self, slug: &str) -> sqlx::Result<Option<Arc<Agency>>> {
        Ok(self.snapshot().await?.by_slug(slug).cloned())
    }

    /// Forgets the copy after a change. The count moves first, so a request that resolved its
    /// agency from the old copy cannot cache what it derives from it; callers drop the access
    /// cache's entries of the change only after this (`state::AppState::spawn_registry_listener`).
    pub async fn invalidate(&self) {
        self.generation.advance();
        self.cache.invalidate(&()).await;
    }
}

/// Announces `payload` on `channel` of the control database to every instance's
/// [`listen_for_changes`]. A failure is logged, not returned: the change itself is made, and
/// the other instances' copies expire on their own.
pub async fn notify(db: &PgPool, channel: &str, payload: &str) {
    let sent =
        sqlx::query("SELECT pg_notify($1, $2)").bind(channel).bind(payload).execute(db).await;
    if let Err(err) = sent {
        // Not the payload: a session's is its id, which must stay out of logs.
        tracing::warn!(error = %err, channel, "cannot announce a change");
    }
}

/// How many connections of given-up change listeners may linger at once (see
/// [`listen_for_changes`]).
const MAX_LINGERING: usize = 1;

/// Listens on `channels` of the control database (reached with `options`) and calls
/// `on_change` with each notification's channel and payload; `None` when changes may have
/// been missed (on connecting, and after the connection was lost or stopped answering), so
/// caches start from a clean slate. Runs until the process ends, reconnecting as needed. One
/// connection serves every channel, checked after `check` with nothing heard ([`Listener`]:
/// [`CHECK_EVERY`](crate::tenancy::listener::CHECK_EVERY) but in tests).
///
/// Each connection comes from a pool of its own: one given up on lingers until sqlx's
/// `UNLISTEN` on it ends (it has no time limit: minutes when the other end stopped
/// acknowledging, never when something between still acknowledges), and must not hold a place
/// in the control pool meanwhile. At most [`MAX_LINGERING`] may linger: past that the
/// listener waits for one to end rather than open another, saying every 2 s that changes may
/// have been missed.
pub async fn listen_for_changes<F, Fut>(
    options: PgConnectOptions,
    channels: &[&str],
    check: Duration,
    on_change: F,
) where
    F: Fn(Option<(String, String)>) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut lingering: Vec<PgPool> = Vec::new();
    loop {
        lingering.retain(|pool| pool.size() > 0);
        if lingering.len() > MAX_LINGERING {
            // Deaf meanwhile: changes may be missed all along, so caches keep nothing.
            tracing::warn!("change listener waits for a connection given up on to end");
            on_change(None).await;
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        let own = PgPoolOptions::new()
            .max_connections(1)
            .acquire_timeout(check)
            .connect_lazy_with(options.clone());
        lingering.push(own.clone());
        let mut listener = match Listener::open(&own, channels, check).await {
            Ok(listener) => listener,
            Err(err) => {
                tracing::warn!(error = %err, "change listener cannot connect and LISTEN; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
        };
        // Changes made while we were not listening are unknown: start from a clean slate.
        on_change(None).await;
        loop {
            match listener.next().await {
                Ok(n) => on_change(Some((n.channel().to_owned(), n.payload().to_owned()))).await,
                Err(err) => {
                    tracing::warn!(error = %err, "change listener failed; reconnecting");
                    break;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_tags_its_agencies_with_the_count_it_was_read_under() {
        let snapshot = Snapshot::new(vec![Agency::for_tests("bcso"), Agency::for_tests("lspd")], 5);
        assert!(snapshot.all().iter().all(|agency| agency.generation == 5));
        assert_eq!(snapshot.by_slug("lspd").map(|a| a.generation), Some(5));
    }

    #[tokio::test]
    async fn a_registry_change_makes_the_agencies_read_before_it_stale() {
        let db = PgPool::connect_lazy("postgres://unused@127.0.0.1:1/unused").unwrap();
        let registry = Registry::new(db);
        let generation = registry.generation().clone();
        let read = Snapshot::new(vec![Agency::for_tests("bcso")], generation.current());
        let agency = read.by_slug("bcso").unwrap();
        assert!(generation.is_current(agency));
        registry.invalidate().await;
        assert!(!generation.is_current(agency), "invalidate must move the count on");
        assert!(!generation.is_current(&Agency::for_tests("direct")), "0 is never current");
    }
}
