//! What every signed-in request re-reads, cached per instance (issue 13): the user's account,
//! their standing in an agency (roster matches and the department roles linked to their
//! Discord roles), each navigation rule, and agency-wide values a feature names (the
//! navigation permissions the menu reads on every page, the roster, analytics answers by their
//! period). A change anywhere reaches every instance through
//! `NOTIFY portal_access` on the control database, as registry changes do:
//!
//! - every successful write to an agency's API (`announce_writes`) drops that agency's
//!   entries, so a roster, structure or permission change is seen on the next request;
//! - a sign-in (which refreshes the account's Discord roles) drops that user's entries;
//! - a registry change drops that agency's entries; a listener that lost its connection
//!   drops everything (the listener is the registry's: `state::AppState::spawn_registry_listener`).
//!
//! A load that raced with a drop is not cached: every drop moves an epoch on, and a loaded
//! value is kept only if its epochs did not move while it was read ([`Epochs`]: one for what
//! depends on users, one per stripe of agencies, so a write in one agency does not keep every
//! other agency's loads from being cached). What is derived from an
//! agency is kept only if no registry change came after the request resolved that agency
//! (its [`Generation`]): a request that read the registry just before a change, and loads
//! after the change's drop, would otherwise cache what the old registry row said (its levels,
//! its server). Entries also expire after [`TIME_TO_LIVE`], a safety net should a notification
//! be lost. Requests that miss the same key wait for one load ([`AccessCache::through`])
//! rather than each running its own.

use std::{
    any::Any,
    future::Future,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::Duration,
};

use axum::{
    extract::{FromRequestParts, Request},
    http::Method,
    middleware::Next,
    response::Response,
};
use bytes::Bytes;
use moka::future::Cache;

pub use crate::access::answer::{JsonAnswer, JsonPages};
use crate::{
    access::AccessState,
    access::{member::RosterEntry, nav::NavRule},
    extract::Services,
    identity::users::User,
    tenancy::{
        registry::{self, Agency, Generation},
        CurrentAgency,
    },
};

pub const ACCESS_CHANNEL: &str = "portal_access";
pub const TIME_TO_LIVE: Duration = Duration::from_secs(60);
/// How long a value that screens show and no check of a right reads
/// ([`AccessCache::agency_view`]) is kept when no announcement drops it first. A lost
/// announcement can leave a menu showing an item the server refuses, or hiding one it allows,
/// this long; never a right kept. The permissions editor's save on such a copy is refused
/// (409), and the refusal, announced like every write (`announce_writes`), drops it.
pub const VIEW_TIME_TO_LIVE: Duration = Duration::from_secs(600);
const CAPACITY: u64 = 100_000;

/// What a shared load tells the requests that waited on it when it was not kept (it failed, or
/// raced a drop): its own request has the outcome.
#[derive(Debug)]
struct NotKept;

/// What changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Anything in this agency (by id).
    Agency(i64),
    /// A user's account (by Discord id).
    User(String),
}

impl Change {
    pub fn payload(&self) -> String {
        match self {
            Self::Agency(id) => format!("agency:{id}"),
            Self::User(id) => format!("user:{id}"),
        }
    }

    pub fn parse(payload: &str) -> Option<Self> {
        match payload.split_once(':')? {
            ("agency", id) => id.parse().ok().map(Self::Agency),
            ("user", id) if !id.is_empty() => Some(Self::User(id.to_owned())),
            _ => None,
        }
    }
}

/// A user's standing in one agency, as its roster says.
#[derive(Debug, Clone, Default)]
pub struct Membership {
    /// Roster entries that belong to the user, best first.
    pub matches: Vec<RosterEntry>,
    /// Department roles linked to the user's Discord roles.
    pub linked_roles: Vec<String>,
}

pub struct AccessCache {
    users: Cache<String, Option<User>>,
    members: Cache<(i64, String), Arc<Membership>>,
    rules: Cache<(i64, String), Option<NavRule>>,
    agency_values: Cache<(i64, &'static str), AgencyValue>,
    agency_views: Cache<(i64, &'static str), AgencyValue>,
    agency_json: Cache<(i64, &'static str, String), Arc<JsonAnswer>>,
    agency_pages: Cache<(i64, &'static str, usize), Arc<JsonPages>>,
    epochs: Epochs,
    /// The registry's own count (`Registry::generation`): a count of another registry would
    /// leave every value uncached after the first change.
    registry_generation: Generation,
}

/// Most bytes of lists kept by [`AccessCache::agency_pages`] (rosters, the biggest answers),
/// and of answers kept by [`AccessCache::agency_json_keyed`] (analytics): 64 MB together.
const PAGES_BYTES: u64 = 48 * 1024 * 1024;
const JSON_BYTES: u64 = 16 * 1024 * 1024;

/// A cache of answers ready to send, bounded by their bytes.
fn by_weight<K, V>(bytes: u64, weight: fn(&V) -> usize) -> Cache<K, V>
where
    K: std::hash::Hash + Eq + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    Cache::builder()
        .max_capacity(bytes)
        .weigher(move |_, value: &V| u32::try_from(weight(value)).unwrap_or(u32::MAX))
        .time_to_live(TIME_TO_LIVE)
        .support_invalidation_closures()
        .build()
}

type AgencyValue = Arc<dyn Any + Send + Sync>;

/// What a cached value is derived from: which drops a load racing with them must not outlive.
#[derive(Debug, Clone, Copy)]
enum Source<'a> {
    /// A user's account (dropped by a change of the user).
    User,
    /// A user's standing in an agency (dropped by a change of either).
    Member(&'a Agency),
    /// The agency alone (dropped by a change of the agency).
    Agency(&'a Agency),
}

impl<'a> Source<'a> {
    fn agency(self) -> Option<&'a Agency> {
        match self {
            Self::User => None,
            Self::Member(agency) | Self::Agency(agency) => Some(agency),
        }
    }
}

/// Agencies share this many epochs (by id), so a drop in one agency moves the epoch of one
/// agency in this many, not every agency's.
const STRIPES: usize = 64;

/// The counts a drop moves on: users' for a user change, the agency's stripe for an agency
/// change, all of them when everything is dropped.
#[derive(Debug)]
struct Epochs {
    users: AtomicU64,
    agencies: [AtomicU64; STRIPES],
}

impl Default for Epochs {
    fn default() -> Self {
        Self { users: AtomicU64::new(0), agencies: std::array::from_fn(|_| AtomicU64::new(0)) }
    }
}

impl Epochs {
    fn agency(&self, id: i64) -> &AtomicU64 {
        // `rem_euclid` of a positive modulus is in 0..STRIPES.
        &self.agencies[id.rem_euclid(STRIPES as i64) as usize]
    }

    /// The counts a value from `source` depends on (0 for those it does not).
    fn of(&self, source: Source<'_>) -> (u64, u64) {
        let users = || self.users.load(Ordering::Acquire);
        let agency = |agency: &Agency| self.agency(agency.id).load(Ordering::Acquire);
        match source {
            Source::User => (users(), 0),
            Source::Member(a) => (users(), agency(a)),
            Source::Agency(a) => (0, agency(a)),
        }
    }
}

impl AccessCache {
    /// A cache that trusts agencies read under the current count of the registry's
    /// `generation` (`Registry::generation`, the instance's one registry).
    pub fn new(registry_generation: Generation) -> Self {
        fn cache<K, V>(time_to_live: Duration) -> Cache<K, V>
        where
            K: std::hash::Hash + Eq + Send + Sync + 'static,
            V: Clone + Send + Sync + 'static,
        {
            Cache::builder()
                .max_capacity(CAPACITY)
                .time_to_live(time_to_live)
                .support_invalidation_closures()
                .build()
        }
        Self {
            users: cache(TIME_TO_LIVE),
            members: cache(TIME_TO_LIVE),
            rules: cache(TIME_TO_LIVE),
            agency_values: cache(TIME_TO_LIVE),
            agency_views: cache(VIEW_TIME_TO_LIVE),
            agency_json: by_weight(JSON_BYTES, |answer: &Arc<JsonAnswer>| answer.weight()),
            agency_pages: by_weight(PAGES_BYTES, |pages: &Arc<JsonPages>| pages.weight()),
            epochs: Epochs::default(),
            registry_generation,
        }
    }

    /// A cached value, or `load`'s answer: kept unless a drop that concerns `source` (one that
    /// moves an epoch it depends on, [`Epochs::of`]) happened while it was read, or (for what
    /// is derived from an agency) the registry changed since the agency was read. A drop
    /// between that check and the insert takes the value out again.
    ///
    /// Requests that miss the same key share one load (moka's `or_try_insert_with`): while one
    /// loads, the others wait, then answer with what it kept. A load that failed or raced a drop
    /// answers only the request that ran it; each request that waited on it then reads for
    /// itself (at once, not in turn), so a failing database fails every waiting request in the
    /// time of one load more, not of one load each. A request can be answered with a read
    /// older than a drop it came after only in the moments around a load's insert: between
    /// its last check and the insert (moka wakes the waiting requests with what it inserted),
    /// and between the insert and the check that takes it out again, which a request finding
    /// the value in the cache has always had.
    async fn through<K, V, E, F>(
        &self,
        cache: &Cache<K, V>,
        key: K,
        source: Source<'_>,
        load: F,
    ) -> Result<V, E>
    where
        K: std::hash::Hash + Eq + Clone + Send + Sync + 'static,
        V: Clone + Send + Sync + 'static,
        F: Future<Output = Result<V, E>>,
    {
        if let Some(found) = cache.get(&key).await {
            return Ok(found);
        }
        let seen = self.epochs.of(source);
        let fresh = || {
            self.epochs.of(source) == seen
                && source.agency().is_none_or(|agency| self.registry_generation.is_current(agency))
        };
        // `load` stays here until the one request that loads for everyone takes it: a request
        // that waited on another's load still has its own.
        let mut load = Some(load);
        let mut own = None;
        let shared = cache
            .entry(key.clone())
            .or_try_insert_with(async {
                let Some(loading) = load.take() else { return Err(NotKept) };
                match loading.await {
                    Ok(value) if fresh() => Ok(value),
                    outcome => {
                        own = Some(outcome);
                        Err(NotKept)
                    }
                }
            })
            .await;
        match (shared, own, load) {
            (Ok(entry), ..) => {
                // Kept by this request (`is_fresh`), by the one it waited on, or found kept.
                if entry.is_fresh() && !fresh() {
                    cache.invalidate(&key).await;
                }
                Ok(entry.into_value())
            }
            // This request's own load, failed or not kept.
            (Err(_), Some(outcome), _) => outcome,
            // The load this request waited on failed or raced a drop: it reads for itself,
            // as every request did before loads were shared, and keeps nothing.
            (Err(_), None, Some(load)) => load.await,
            (Err(_), None, None) => unreachable!("a load taken answers with a value or an outcome"),
        }
    }

    pub async fn user<F>(&self, discord_id: &str, load: F) -> sqlx::Result<Option<User>>
    where
        F: Future<Output = sqlx::Result<Option<User>>>,
    {
        self.through(&self.users, discord_id.to_owned(), Source::User, load).await
    }

    pub async fn membership<F>(
        &self,
        agency: &Agency,
        discord_id: &str,
        load: F,
    ) -> sqlx::Result<Arc<Membership>>
    where
        F: Future<Output = sqlx::Result<Arc<Membership>>>,
    {
        let key = (agency.id, discord_id.to_owned());
        self.through(&self.members, key, Source::Member(agency), load).await
    }

    pub async fn nav_rule<F>(
        &self,
        agency: &Agency,
        nav_id: &str,
        load: F,
    ) -> sqlx::Result<Option<NavRule>>
    where
        F: Future<Output = sqlx::Result<Option<NavRule>>>,
    {
        let key = (agency.id, nav_id.to_owned());
        self.through(&self.rules, key, Source::Agency(agency), load).await
    }

    /// A value of one agency that a feature names (`name`, one type per name), dropped with
    /// the agency's other entries.
    pub async fn agency_value<T, F>(
        &self,
        agency: &Agency,
        name: &'static str,
        load: F,
    ) -> sqlx::Result<Arc<T>>
    where
        T: Any + Send + Sync,
        F: Future<Output = sqlx::Result<T>>,
    {
        self.named(&self.agency_values, agency, name, load).await
    }

    /// A value of one agency that screens show and no check of a right reads (the navigation
    /// permissions the menu reads on every page; the server's checks read each rule through
    /// [`Self::nav_rule`]). Dropped with the agency's other entries like
    /// [`Self::agency_value`], but kept up to [`VIEW_TIME_TO_LIVE`], not a minute, when no
    /// announcement comes: the safety net reloads each agency's menu every ten minutes, not
    /// every minute (with 1,000 agencies busy, a reload every 0.6 s instead of 17 a second).
    pub async fn agency_view<T, F>(
        &self,
        agency: &Agency,
        name: &'static str,
        load: F,
    ) -> sqlx::Result<Arc<T>>
    where
        T: Any + Send + Sync,
        F: Future<Output = sqlx::Result<T>>,
    {
        self.named(&self.agency_views, agency, name, load).await
    }

    async fn named<T, F>(
        &self,
        cache: &Cache<(i64, &'static str), AgencyValue>,
        agency: &Agency,
        name: &'static str,
        load: F,
    ) -> sqlx::Result<Arc<T>>
    where
        T: Any + Send + Sync,
        F: Future<Output = sqlx::Result<T>>,
    {
        let erased = async { load.await.map(|value| Arc::new(value) as AgencyValue) };
        let value = self.through(cache, (agency.id, name), Source::Agency(agency), erased).await?;
        value.downcast::<T>().map_err(|_| {
            sqlx::Error::Protocol(format!(
                "the cached '{name}' of agency {} has another type",
                agency.id
            ))
        })
    }

    /// A list of one agency that is the same for every viewer allowed to see it (`name`), kept
    /// ready to send in pages of `page_size` ([`JsonPages`]: each page's JSON, gzip copy and
    /// `ETag`), so a cached read costs no serialising or compressing either, and no answer is
    /// larger than a page. Bounded by size.
    pub async fn agency_pages<T, F>(
        &self,
        agency: &Agency,
        name: &'static str,
        page_size: usize,
        load: F,
    ) -> crate::error::AppResult<Arc<JsonPages>>
    where
        T: serde::Serialize,
        F: Future<Output = sqlx::Result<Vec<T>>>,
    {
        let paged = async {
            let items = load.await?;
            let pages = JsonPages::new(agency.id, &items, page_size)
                .map_err(|e| crate::error::AppError::Other(e.into()))?;
            Ok::<_, crate::error::AppError>(Arc::new(pages))
        };
        let key = (agency.id, name, page_size);
        self.through(&self.agency_pages, key, Source::Agency(agency), paged).await
    }

    /// An answer of one agency that is the same for every viewer allowed to see it, one of
    /// several of the same `name` told apart by `key` (analytics: the section, period and
    /// department asked for), kept ready to send ([`JsonAnswer`]: its JSON, a gzip copy and an
    /// `ETag`). Dropped, like every entry of the agency, on its next write, and after
    /// [`TIME_TO_LIVE`] in any case. Bounded by size.
    pub async fn agency_json_keyed<T, F>(
        &self,
        agency: &Agency,
        name: &'static str,
        key: String,
        load: F,
    ) -> crate::error::AppResult<Arc<JsonAnswer>>
    where
        T: serde::Serialize,
        F: Future<Output = sqlx::Result<T>>,
    {
        let encoded = async {
            let value = load.await?;
            let body = serde_json::to_vec(&value)
                .map(Bytes::from)
                .map_err(|e| crate::error::AppError::Other(e.into()))?;
            Ok::<_, crate::error::AppError>(Arc::new(JsonAnswer::new(agency.id, body)))
        };
        let key = (agency.id, name, key);
        self.through(&self.agency_json, key, Source::Agency(agency), encoded).await
    }

    /// Whether the answer `name`/`key` of the agency is cached here (tests, diagnostics).
    pub async fn has_json(&self, agency_id: i64, name: &'static str, key: &str) -> bool {
        self.agency_json.contains_key(&(agency_id, name, key.to_owned()))
    }

    /// Whether the list `name` of the agency is cached here in pages of `page_size` (tests,
    /// diagnostics).
    pub async fn has_pages(&self, agency_id: i64, name: &'static str, page_size: usize) -> bool {
        self.agency_pages.contains_key(&(agency_id, name, page_size))
    }

    /// Whether the rule of `nav_id` in the agency is cached here (tests, diagnostics).
    pub async fn has_rule(&self, agency_id: i64, nav_id: &str) -> bool {
        self.rules.contains_key(&(agency_id, nav_id.to_owned()))
    }

    /// Drops what `change` touched, on this instance.
    pub fn forget(&self, change: &Change) {
        // The predicates only fail when closures are not supported, which `new` turns on.
        match change {
            Change::Agency(agency) => {
                let agency = *agency;
                self.epochs.agency(agency).fetch_add(1, Ordering::AcqRel);
                let _ = self.members.invalidate_entries_if(move |(a, _), _| *a == agency);
                let _ = self.rules.invalidate_entries_if(move |(a, _), _| *a == agency);
                let _ = self.agency_values.invalidate_entries_if(move |(a, _), _| *a == agency);
                let _ = self.agency_views.invalidate_entries_if(move |(a, _), _| *a == agency);
                let _ = self.agency_json.invalidate_entries_if(move |(a, _, _), _| *a == agency);
                let _ = self.agency_pages.invalidate_entries_if(move |(a, _, _), _| *a == agency);
            }
            Change::User(user) => {
                self.epochs.users.fetch_add(1, Ordering::AcqRel);
                let (one, other) = (user.clone(), user.clone());
                let _ = self.users.invalidate_entries_if(move |u, _| *u == one);
                let _ = self.members.invalidate_entries_if(move |(_, u), _| *u == other);
            }
        }
    }

    /// Drops everything, on this instance.
    pub fn forget_all(&self) {
        self.epochs.users.fetch_add(1, Ordering::AcqRel);
        for stripe in &self.epochs.agencies {
            stripe.fetch_add(1, Ordering::AcqRel);
        }
        self.users.invalidate_all();
        self.members.invalidate_all();
        self.rules.invalidate_all();
        self.agency_values.invalidate_all();
        self.agency_views.invalidate_all();
        self.agency_json.invalidate_all();
        self.agency_pages.invalidate_all();
    }
}

/// Tells every instance (this one at once) that `change` happened.
pub async fn announce(state: &impl AccessState, change: Change) {
    state.access_cache().forget(&change);
    registry::notify(state.control(), ACCESS_CHANNEL, &change.payload()).await;
}

/// After any write to an agency's API, announces that the agency changed: roster, structure
/// and permission writes all go through here, and so cannot forget to. Failed writes are
/// announced too, since a handler may have committed before it failed; and a write whose
/// client went away (its handler dropped mid-way) is announced from a spawned task.
pub async fn announce_writes<S: AccessState + Clone + 'static>(
    Services(state): Services<S>,
    request: Request,
    next: Next,
) -> Response {
    let safe = matches!(*request.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if safe || !request.uri().path().starts_with("/api/") {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    let Ok(CurrentAgency(agency)) = CurrentAgency::from_request_parts(&mut parts, &state).await
    else {
        return next.run(Request::from_parts(parts, body)).await;
    };
    let mut pending = PendingAnnouncement(Some((state.clone(), agency.id)));
    let response = next.run(Request::from_parts(parts, body)).await;
    if let Some((state, id)) = pending.0.take() {
        if response.extensions().get::<NothingCached>().is_none() {
            announce(&state, Change::Agency(id)).await;
        }
    }
    response
}

/// Carried by the answer of a write that changed nothing any cache holds (a shift clocked in
/// or out): no announcement follows it, so busy writes of that kind leave the agency's cached
/// roster and rules alone.
#[derive(Debug, Clone, Copy)]
pub struct NothingCached;

/// Announces its agency's change when dropped before it was taken.
struct PendingAnnouncement<S: AccessState + Clone + 'static>(Option<(S, i64)>);

impl<S: AccessState + Clone + 'static> Drop for PendingAnnouncement<S> {
    fn drop(&mut self) {
        if let Some((state, id)) = self.0.take() {
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move { announce(&state, Change::Agency(id)).await });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_travel_as_text() {
        for change in [Change::Agency(42), Change::User("1234567890".into())] {
            assert_eq!(Change::parse(&change.payload()), Some(change));
        }
        assert_eq!(Change::parse("agency:x"), None);
        assert_eq!(Change::parse("user:"), None);
        assert_eq!(Change::parse("other"), None);
    }

    fn rule(public: bool) -> Option<NavRule> {
        Some(NavRule { public, levels: vec![], roles: vec![] })
    }

    /// Agencies 1 to 3 as a request resolves them from the registry's current copy.
    fn resolved(registry: &Generation) -> Vec<Agency> {
        (1..=3)
            .map(|id| Agency {
                id,
                generation: registry.current(),
                ..Agency::for_tests(&format!("agency{id}"))
            })
            .collect()
    }

    #[tokio::test]
    async fn a_drop_reaches_only_what_changed_and_a_racing_load_is_not_kept() {
        let registry = Generation::default();
        let cache = AccessCache::new(registry.clone());
        let [one, two, three] = <[Agency; 3]>::try_from(resolved(&registry)).unwrap();
        let load = |public| async move { Ok::<_, sqlx::Error>(rule(public)) };
        assert_eq!(cache.nav_rule(&one, "roster", load(true)).await.unwrap(), rule(true));
        assert_eq!(cache.nav_rule(&two, "roster", load(true)).await.unwrap(), rule(true));
        // Cached: a new load is not asked for.
        assert_eq!(cache.nav_rule(&one, "roster", load(false)).await.unwrap(), rule(true));

        cache.forget(&Change::Agency(1));
        cache.rules.run_pending_tasks().await;
        assert!(!cache.has_rule(1, "roster").await);
        assert!(cache.has_rule(2, "roster").await, "other agencies keep theirs");
        assert_eq!(cache.nav_rule(&one, "roster", load(false)).await.unwrap(), rule(false));

        // A load that overlaps a drop answers, but is not cached.
        let racing = async {
            cache.forget(&Change::Agency(3));
            Ok::<_, sqlx::Error>(rule(true))
        };
        assert_eq!(cache.nav_rule(&three, "sops", racing).await.unwrap(), rule(true));
        assert!(!cache.has_rule(3, "sops").await);

        // A drop elsewhere does not keep a load from being cached: another agency's, or a
        // user's for what is the agency's alone. Each pass loads another value, so a kept
        // one is this load's, not the last pass's.
        for (pass, elsewhere) in
            [Change::Agency(2), Change::User("1234567890".into())].iter().enumerate()
        {
            cache.forget(&Change::Agency(3));
            let levels = vec![format!("pass {pass}")];
            let loaded = Some(NavRule { public: false, levels, roles: vec![] });
            let overlapping = async {
                cache.forget(elsewhere);
                Ok::<_, sqlx::Error>(loaded.clone())
            };
            assert_eq!(cache.nav_rule(&three, "sops", overlapping).await.unwrap(), loaded);
            assert!(cache.has_rule(3, "sops").await, "kept despite {elsewhere:?}");
            let again = cache.nav_rule(&three, "sops", async { Ok(rule(true)) }).await.unwrap();
            assert_eq!(again, loaded, "the kept value is the one loaded");
        }
        // Dropping everything, under way, stops any load from being kept.
        cache.forget(&Change::Agency(3));
        let everything = async {
            cache.forget_all();
            Ok::<_, sqlx::Error>(rule(true))
        };
        assert_eq!(cache.nav_rule(&three, "sops", everything).await.unwrap(), rule(true));
        assert!(!cache.has_rule(3, "sops").await, "a load across forget_all was kept");
        // A limit, not a rule: agencies 64 apart share an epoch, so a drop in one keeps the
        // other's load under way from being cached (answered all the same). A finer map would
        // keep it; what must hold is that it is never kept across its own agency's drop.
        let mut neighbour = three.clone();
        neighbour.id = 3 + STRIPES as i64;
        cache.forget(&Change::Agency(3));
        let overlapping = async {
            cache.forget(&Change::Agency(neighbour.id));
            Ok::<_, sqlx::Error>(rule(true))
        };
        assert_eq!(cache.nav_rule(&three, "sops", overlapping).await.unwrap(), rule(true));
        assert!(!cache.has_rule(3, "sops").await);
    }

    #[tokio::test]
    async fn requests_that_miss_the_same_key_wait_for_one_load_unless_it_raced_a_drop() {
        use std::sync::atomic::AtomicUsize;
        use tokio::sync::oneshot;

        let registry = Generation::default();
        let cache = AccessCache::new(registry.clone());
        let one = resolved(&registry).remove(0);
        let loads = AtomicUsize::new(0);
        // Lets the first load finish. `join!(biased; …)` polls its branches in order, so by the
        // time this runs the first request is loading and the second is waiting on it.
        let opener = |release: oneshot::Sender<()>| async move {
            release.send(()).unwrap();
        };

        // The second request waits for the first's load and answers with it.
        let (release, released) = oneshot::channel();
        let first = cache.nav_rule(&one, "roster", async {
            loads.fetch_add(1, Ordering::SeqCst);
            released.await.unwrap();
            Ok::<_, sqlx::Error>(rule(true))
        });
        let second = cache.nav_rule(&one, "roster", async {
            loads.fetch_add(1, Ordering::SeqCst);
            Ok::<_, sqlx::Error>(rule(false))
        });
        let (first, second, ()) = tokio::join!(biased; first, second, opener(release));
        assert_eq!((first.unwrap(), second.unwrap()), (rule(true), rule(true)));
        assert_eq!(loads.load(Ordering::SeqCst), 1, "the waiting request loaded too");

        // A load that raced a drop answers its own request only: the one waiting reads for
        // itself and answers with that, keeping nothing; the next request loads and keeps.
        for (name, outcome) in [("sops", None), ("audit", Some(sqlx::Error::PoolTimedOut))] {
            cache.forget(&Change::Agency(1));
            cache.rules.run_pending_tasks().await;
            loads.store(0, Ordering::SeqCst);
            let (release, released) = oneshot::channel();
            // A load that failed ("audit") likewise: the one waiting answers with its own
            // read, not with the failure it waited on.
            let failing = outcome.is_some();
            let first = cache.nav_rule(&one, name, async {
                loads.fetch_add(1, Ordering::SeqCst);
                cache.forget(&Change::Agency(1));
                released.await.unwrap();
                outcome.map_or(Ok(rule(true)), Err)
            });
            let second = cache.nav_rule(&one, name, async {
                loads.fetch_add(1, Ordering::SeqCst);
                Ok::<_, sqlx::Error>(rule(false))
            });
            let (first, second, ()) = tokio::join!(biased; first, second, opener(release));
            assert_eq!(first.is_err(), failing, "{name}");
            if !failing {
                assert_eq!(first.unwrap(), rule(true));
            }
            assert_eq!(second.unwrap(), rule(false), "{name}: the waiting request's own read");
            assert_eq!(loads.load(Ordering::SeqCst), 2, "{name}");
            assert!(!cache.has_rule(1, name).await, "{name}: a read across the drop was kept");
            let next = cache.nav_rule(&one, name, async { Ok(rule(true)) }).await.unwrap();
            assert_eq!(next, rule(true), "{name}");
            assert!(cache.has_rule(1, name).await, "{name}: the next load is kept");
        }

        // Two requests waiting on a load that fails read for themselves at the same time, not
        // one after the other: each read waits here until the other has started.
        let (release, released) = oneshot::channel();
        let both = tokio::sync::Barrier::new(2);
        let failing = cache.nav_rule(&one, "logs", async {
            released.await.unwrap();
            Err::<Option<NavRule>, _>(sqlx::Error::PoolTimedOut)
        });
        let waiting = || async {
            both.wait().await;
            Ok::<_, sqlx::Error>(rule(false))
        };
        let (failed, one_waiting, other_waiting, ()) =
            tokio::time::timeout(Duration::from_secs(5), async {
                tokio::join!(
                    biased;
                    failing,
                    cache.nav_rule(&one, "logs", waiting()),
                    cache.nav_rule(&one, "logs", waiting()),
                    opener(release)
                )
            })
            .await
            .expect("the waiting requests read one after the other");
        assert!(failed.is_err());
        assert_eq!((one_waiting.unwrap(), other_waiting.unwrap()), (rule(false), rule(false)));
    }

    #[tokio::test]
    async fn a_membership_load_racing_with_a_change_of_its_user_or_agency_is_not_kept() {
        let registry = Generation::default();
        let cache = AccessCache::new(registry.clone());
        let one = resolved(&registry).remove(0);
        let member = |change: Option<Change>| {
            let cache = &cache;
            async move {
                if let Some(change) = change {
                    cache.forget(&change);
                }
                Ok::<_, sqlx::Error>(Arc::new(Membership::default()))
            }
        };
        let kept = || async { cache.members.contains_key(&(1, "99999".to_owned())) };
        for (change, keep) in [
            (Some(Change::User("99999".into())), false),
            (Some(Change::Agency(1)), false),
            (Some(Change::Agency(2)), true),
            (None, true),
        ] {
            cache.forget_all();
            cache.members.run_pending_tasks().await;
            cache.membership(&one, "99999", member(change.clone())).await.unwrap();
            assert_eq!(kept().await, keep, "{change:?}");
        }
        // A user's account: only a change of users stops it.
        cache
            .user("99999", async {
                cache.forget(&Change::Agency(1));
                Ok(None)
            })
            .await
            .unwrap();
        assert!(cache.users.contains_key("99999"));
        cache.forget_all();
        cache.users.run_pending_tasks().await;
        cache
            .user("99999", async {
                cache.forget(&Change::User("5".into()));
                Ok(None)
            })
            .await
            .unwrap();
        assert!(!cache.users.contains_key("99999"));
        cache.forget_all();
        cache.users.run_pending_tasks().await;
        cache
            .user("99999", async {
                cache.forget_all();
                Ok(None)
            })
            .await
            .unwrap();
        assert!(!cache.users.contains_key("99999"), "an account load across forget_all was kept");
    }

    #[tokio::test]
    async fn a_view_lives_longer_than_a_right_and_goes_with_its_agency() {
        let registry = Generation::default();
        let cache = AccessCache::new(registry.clone());
        assert_eq!(cache.agency_views.policy().time_to_live(), Some(VIEW_TIME_TO_LIVE));
        assert_eq!(cache.agency_values.policy().time_to_live(), Some(TIME_TO_LIVE));
        assert_eq!(cache.rules.policy().time_to_live(), Some(TIME_TO_LIVE));
        let [one, two, three] = <[Agency; 3]>::try_from(resolved(&registry)).unwrap();
        let view = |agency: &Agency, loaded: u8| {
            let (cache, agency) = (&cache, agency.clone());
            async move { *cache.agency_view(&agency, "menu", async { Ok(loaded) }).await.unwrap() }
        };
        assert_eq!((view(&one, 1).await, view(&two, 1).await), (1, 1));
        assert_eq!(view(&one, 2).await, 1, "kept: no new load");
        // A user's change leaves it; its agency's drops it, and only its agency's.
        cache.forget(&Change::User("1234567890".into()));
        assert_eq!(view(&one, 2).await, 1);
        cache.forget(&Change::Agency(1));
        assert_eq!((view(&one, 3).await, view(&two, 3).await), (3, 1));
        // A name's view and value are apart: the same name in `agency_value` is its own entry.
        let value = cache.agency_value(&two, "menu", async { Ok(9_u8) }).await.unwrap();
        assert_eq!((*value, view(&two, 4).await), (9, 1));
        cache.forget_all();
        assert_eq!(view(&two, 5).await, 5, "forget_all drops views too");
        // A load that overlaps its agency's drop answers, but is not kept.
        let racing = async {
            cache.forget(&Change::Agency(3));
            Ok::<_, sqlx::Error>(6_u8)
        };
        assert_eq!(*cache.agency_view(&three, "menu", racing).await.unwrap(), 6);
        assert_eq!(view(&three, 7).await, 7);
    }

    #[tokio::test]
    async fn what_a_request_derives_from_an_agency_read_before_a_registry_change_is_not_kept() {
        let registry = Generation::default();
        let cache = AccessCache::new(registry.clone());
        let before = resolved(&registry).remove(0);
        // The registry changes after the request resolved its agency, and the change's drop
        // comes before the request loads: the epoch does not move during the load.
        registry.advance();
        cache.forget(&Change::Agency(1));
        let load = || async { Ok::<_, sqlx::Error>(rule(true)) };
        assert_eq!(cache.nav_rule(&before, "roster", load()).await.unwrap(), rule(true));
        assert!(!cache.has_rule(1, "roster").await, "the old row's rule must not be kept");
        let value = cache.agency_value(&before, "levels", async { Ok(7_u8) }).await.unwrap();
        assert_eq!(*value, 7);
        let again = cache.agency_value(&before, "levels", async { Ok(8_u8) }).await.unwrap();
        assert_eq!(*again, 8, "a stale agency's value was kept");

        // A request that resolved the agency after the change caches as before.
        let after = resolved(&registry).remove(0);
        assert_eq!(cache.nav_rule(&after, "roster", load()).await.unwrap(), rule(true));
        assert!(cache.has_rule(1, "roster").await);

        // An agency read outside a snapshot (generation 0) is never trusted.
        let direct = Agency::for_tests("direct");
        cache.nav_rule(&direct, "roster", load()).await.unwrap();
        assert!(!cache.has_rule(direct.id, "roster").await);
    }
}
