//! Agency connections: one shared set of connections per Postgres server, whose connections
//! take an agency's role and schema when they are checked out and give them up when they
//! return.
//!
//! Open connections are the budget, not pools: the connections of a server never number more
//! than the tenants' share of `PORTAL_MAX_DB_CONNECTIONS`, however many agencies there are,
//! and an agency that sends no requests holds none of them. They are cut into lanes
//! ([`Lanes`]) of one agency's share each, and an agency takes its connections from its own
//! lane first (affinity): the connection that last served it is likely to serve it again, its
//! plans still made for that agency's schema, and each Postgres backend keeps the catalog
//! entries of a lane's agencies rather than of all of them (issue 29). An agency's handle
//! ([`TenantDb`], cached in moka like the pools it replaces) caps how many connections that
//! agency may use at once (`PORTAL_AGENCY_POOL_MAX`), so one busy agency cannot starve the
//! others. The registry snapshot's copy of the agency keeps the handle too ([`HandleSlot`]):
//! a request of a busy deployment finds it there, with no lookup that grows costlier as
//! requests spread over more agencies (issue 29).
//!
//! Checkout is one statement that sets `role` and `search_path` (ARCHITECTURE.md §3: a
//! connection can only see the agency's own schema) and reads the schema version the
//! connection's shared prepared statements were made for. A checkout that fails part-way
//! closes the connection. Return resets role and path and drops the session's temporary
//! tables, so an idle connection belongs to no agency and carries nothing from one to the
//! next. Postgres keeps a prepared statement's plan, and redoes it only when the path it was
//! made under differs from the path it runs under; so that a connection moving between
//! agencies does not redo every statement, each agency's statements name its schema and its
//! version in their text ([`AgencyConnection`]), and a plan never serves another schema
//! version (Postgres refuses a statement whose result columns changed). A handle whose
//! statements are shared by every agency (a schema name that is not a plain identifier) drops
//! the connection's whole statement cache instead when the version the connection's shared
//! statements were made for differs from the agency's (two more round trips, only then).

use std::{
    collections::HashMap,
    fmt,
    ops::{Deref, DerefMut},
    sync::{Arc, Mutex, OnceLock},
    time::Duration,
};

use futures::{future::BoxFuture, stream::BoxStream, StreamExt, TryFutureExt, TryStreamExt};
use moka::future::Cache;
use sqlx::{
    pool::{MaybePoolConnection, PoolConnection},
    postgres::{
        PgArguments, PgConnectOptions, PgPoolOptions, PgQueryResult, PgRow, PgStatement, PgTypeInfo,
    },
    Connection, Describe, Either, Execute, Executor, PgConnection, PgPool, Postgres, Transaction,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::{
    config::STATEMENTS_PER_CONNECTION,
    error::{AppError, AppResult},
    tenancy::Agency,
};

/// How the connection budget (`PORTAL_MAX_DB_CONNECTIONS`) is shared out, per server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Control-plane connections: the control pool (registry, sessions) and, in a pool of its
    /// own, the registry listener's one.
    pub control: u32,
    /// Short-lived connections for provisioning and migrations.
    pub maintenance: u32,
    /// The shared pool every agency's connections come from.
    pub tenants: u32,
    /// Most connections one agency may use at once.
    pub per_agency: u32,
}

impl Budget {
    pub fn split(total: u32, agency_pool_max: u32) -> Self {
        let control = (total / 5).clamp(2, 10);
        let maintenance = (total / 10).clamp(1, 4);
        let tenants = total.saturating_sub(control + maintenance).max(1);
        let per_agency = agency_pool_max.clamp(1, tenants);
        Self { control, maintenance, tenants, per_agency }
    }

    /// How a server's agency connections are cut into lanes ([`Lanes`]): the most connections
    /// each lane may open. Every lane holds at least one agency's share, and together they hold
    /// the tenants' share, all of it: what does not divide evenly goes one each to the first
    /// lanes.
    pub fn lanes(&self) -> Vec<u32> {
        let count = (self.tenants / self.per_agency.max(1)).max(1);
        let (size, rest) = (self.tenants / count, self.tenants % count);
        (0..count).map(|lane| size + u32::from(lane < rest)).collect()
    }
}

/// Switches a connection to an agency and returns the schema version its prepared statements
/// were made for.
const CHECKOUT: &str = "SELECT current_setting('portal.schema_version', true), \
     set_config('role', $1, false), set_config('search_path', $2, false)";

/// Records the schema version a connection's prepared statements are for. Set only once
/// they are cleared, so a checkout cut short leaves the old label and the next one clears.
const LABEL: &str = "SELECT set_config('portal.schema_version', $1, false)";

/// Leaves a connection belonging to no agency: the login role and a `search_path` naming only
/// the empty identifier (`""`, a schema no one can create), where no unqualified name resolves
/// to an agency's table or the control tables (only `pg_catalog`, searched implicitly); and
/// drops the session's temporary tables (none unless a statement made one), which would
/// otherwise outlive the checkout and be there for the next agency (`DISCARD TEMP` does nothing
/// when there are none).
///
/// Sent as text (the simple protocol), never prepared: Postgres redoes a prepared statement
/// when the path it runs under is not the one it was made under, and this one runs under the
/// path of whichever agency the connection last served, so as a prepared `SELECT` it was
/// analysed and planned again at nearly every return once requests spread over many agencies
/// (issue 29). As text, its three statements are parsed on every return and never planned.
const RELEASE: &str = "SET ROLE NONE; SET search_path TO ''; DISCARD TEMP";

/// The `search_path` of an agency's checkout: its schema, then `pg_temp` named last. Unnamed,
/// Postgres searches a session's temporary tables before every schema of the path, so a
/// temporary table could stand in for one of the agency's own; named last, it is searched after
/// them (and never for functions or operators, whatever the path says). Generated schema names
/// (`agency_<id>`) are plain identifiers that need no quoting.
fn search_path(schema: &str) -> String {
    format!("{schema}, pg_temp")
}

/// The connection handle of one registry copy of an agency ([`Agency::db_handle`]), set by
/// the first [`PoolCache::get`] of that copy. A copy is never changed (a registry change brings
/// a new snapshot with empty slots); [`PoolCache::get`] still checks that the handle is for the
/// agency's role, schema, version and server before it uses it (a clone that changed them
/// carries the slot along).
#[derive(Clone, Default)]
pub struct HandleSlot(OnceLock<Arc<TenantDb>>);

impl HandleSlot {
    /// Whether a request of this copy was given its handle.
    pub fn is_filled(&self) -> bool {
        self.0.get().is_some()
    }
}

impl fmt::Debug for HandleSlot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("HandleSlot").field(&self.0.get()).finish()
    }
}

/// An agency's handle on its server's shared connections. Executes queries like a pool
/// (`&TenantDb` is an [`Executor`]) and hands out connections and transactions that are
/// switched to the agency for as long as they are held.
pub struct TenantDb {
    /// The [`PoolCache`] that built it ([`PoolCache::id`]).
    cache: u64,
    lanes: Lanes,
    agency_id: i64,
    role: String,
    schema: String,
    /// The agency's schema, then `pg_temp` ([`search_path`]).
    search_path: String,
    schema_version: i64,
    database_url: Option<String>,
    slots: Arc<Semaphore>,
    acquire_timeout: Duration,
    tag: StatementTag,
}

impl fmt::Debug for TenantDb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TenantDb")
            .field("agency_id", &self.agency_id)
            .field("schema_version", &self.schema_version)
            .finish_non_exhaustive()
    }
}

impl TenantDb {
    pub fn agency_id(&self) -> i64 {
        self.agency_id
    }

    /// Whether this handle is for `agency` as it is now: its role, schema and version, and
    /// its server.
    fn serves(&self, agency: &Agency) -> bool {
        self.agency_id == agency.id
            && self.schema_version == agency.schema_version
            && self.database_url == agency.database_url
            && self.role == agency.db_role
            && self.schema == agency.schema_name
    }

    /// The agency's database server (`None`: the control server), as the registry names it.
    pub fn server(&self) -> Option<&str> {
        self.database_url.as_deref()
    }

    /// The pool of the agency's lane on its database server, not switched to the agency: for
    /// what is not in any schema (`LISTEN`, which collaborative editing relays its updates by).
    pub fn server_pool(&self) -> &PgPool {
        self.lanes.home(self.agency_id)
    }

    /// A connection switched to the agency until it is dropped.
    pub async fn acquire(&self) -> sqlx::Result<TenantConn> {
        let (conn, _slot) = self.switched().await?;
        Ok(TenantConn { conn: self.agency_connection(Held::Connection(conn)), _slot })
    }

    /// A transaction on a connection switched to the agency.
    pub async fn begin(&self) -> sqlx::Result<TenantTx> {
        let (conn, _slot) = self.switched().await?;
        // `Transaction::begin` is sqlx's own way to open a transaction on an owned pool
        // connection (what `Pool::begin` does).
        let tx = Transaction::begin(MaybePoolConnection::PoolConnection(conn), None).await?;
        Ok(TenantTx { conn: self.agency_connection(Held::Transaction(tx)), _slot })
    }

    fn agency_connection(&self, held: Held) -> AgencyConnection {
        AgencyConnection { held, tag: self.tag.clone() }
    }

    /// A connection of the agency's server switched to the agency, and the agency's place
    /// ([`PoolCache::get`]: `PORTAL_AGENCY_POOL_MAX`) it holds.
    async fn switched(&self) -> sqlx::Result<(PoolConnection<Postgres>, OwnedSemaphorePermit)> {
        let slot = tokio::time::timeout(self.acquire_timeout, self.slots.clone().acquire_owned())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)?
            .map_err(|_| sqlx::Error::PoolClosed)?;
        let (mut conn, lane) = self.lanes.checkout(self.agency_id).await?;
        let deadline = tokio::time::Instant::now() + self.acquire_timeout;
        // Connections are handed out untested (a test costs a round trip on every checkout,
        // and a wait on several lanes that drops the losers mid-test loses their connections):
        // the switch is the test. One that is lost (a restarted server) or does not answer (a
        // network that dropped it without a word) is closed, and the lane it came from gives
        // another, the lost one's place coming free as it closes: at most as many tries as the
        // lane holds, all within the acquire timeout (counted from the first one handed out).
        let mut tries = lane.options().get_max_connections();
        let conn = loop {
            match self.switch(conn, deadline).await {
                Ok(conn) => break conn,
                Err(err) if lost(&err) && tries > 0 && tokio::time::Instant::now() < deadline => {
                    tries -= 1;
                    conn = tokio::time::timeout_at(deadline, lane.acquire())
                        .await
                        .map_err(|_| sqlx::Error::PoolTimedOut)??;
                }
                Err(err) => return Err(err),
            }
        };
        Ok((conn, slot))
    }

    /// Switches `conn` to the agency; a connection that fails part-way, or does not answer
    /// within [`answer_limit`] (nor by `deadline`), is closed.
    async fn switch(
        &self,
        mut conn: PoolConnection<Postgres>,
        deadline: tokio::time::Instant,
    ) -> sqlx::Result<PoolConnection<Postgres>> {
        let version = self.schema_version.to_string();
        let switched = async {
            let (previous,): (Option<String>,) = sqlx::query_as(CHECKOUT)
                .bind(&self.role)
                .bind(&self.search_path)
                .fetch_one(&mut *conn)
                .await?;
            // Named statements carry the schema version in their text, so one made for another
            // version is never run again (and ages out of the cache); only a handle whose
            // statements every agency shares clears the cache (all of it).
            if !self.tag.is_named() && previous.as_deref() != Some(version.as_str()) {
                conn.clear_cached_statements().await?;
                sqlx::query(LABEL).bind(&version).execute(&mut *conn).await?;
            }
            sqlx::Result::Ok(())
        };
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if let Err(err) = answered(answer_limit(self.acquire_timeout).min(left), switched).await {
            // In an unknown state: never give it back to the pool.
            conn.close_on_drop();
            return Err(err);
        }
        Ok(conn)
    }
}

/// A pooled connection switched to one agency; returned (and reset) when dropped.
pub struct TenantConn {
    conn: AgencyConnection,
    _slot: OwnedSemaphorePermit,
}

impl Deref for TenantConn {
    type Target = AgencyConnection;
    fn deref(&self) -> &AgencyConnection {
        &self.conn
    }
}

impl DerefMut for TenantConn {
    fn deref_mut(&mut self) -> &mut AgencyConnection {
        &mut self.conn
    }
}

/// A transaction of one agency; rolled back when dropped without [`TenantTx::commit`].
pub struct TenantTx {
    conn: AgencyConnection,
    _slot: OwnedSemaphorePermit,
}

impl TenantTx {
    pub async fn commit(self) -> sqlx::Result<()> {
        self.conn.held.into_transaction().commit().await
    }

    pub async fn rollback(self) -> sqlx::Result<()> {
        self.conn.held.into_transaction().rollback().await
    }
}

impl Deref for TenantTx {
    type Target = AgencyConnection;
    fn deref(&self) -> &AgencyConnection {
        &self.conn
    }
}

impl DerefMut for TenantTx {
    fn deref_mut(&mut self) -> &mut AgencyConnection {
        &mut self.conn
    }
}

/// A connection switched to one agency, as [`TenantConn`] and [`TenantTx`] hold it. It runs
/// queries like a `PgConnection` (`&mut AgencyConnection` is an [`Executor`]), with the
/// agency's schema named in each prepared statement's text ([`StatementTag`]): Postgres keeps a
/// statement's parse analysis and plan for the `search_path` it was made under and redoes
/// them whenever the statement runs under another, so one text shared by every agency was
/// redone each time its connection had last served another agency (most of the time, with
/// many agencies). Each agency's own text keeps them per agency instead, for as long as the
/// connection keeps the statement ([`STATEMENTS_PER_CONNECTION`]); a statement with
/// parameters is still planned for its values on its first runs, as Postgres always does.
pub struct AgencyConnection {
    held: Held,
    tag: StatementTag,
}

enum Held {
    Connection(PoolConnection<Postgres>),
    Transaction(Transaction<'static, Postgres>),
}

impl Held {
    fn raw(&mut self) -> &mut PgConnection {
        match self {
            Self::Connection(conn) => conn,
            Self::Transaction(tx) => tx,
        }
    }

    fn into_transaction(self) -> Transaction<'static, Postgres> {
        match self {
            Self::Transaction(tx) => tx,
            // `TenantDb::begin` is the only maker of a `TenantTx`, and it holds a transaction.
            Self::Connection(_) => unreachable!("a TenantTx holds a transaction"),
        }
    }
}

impl fmt::Debug for AgencyConnection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AgencyConnection").field("tag", &&*self.tag.0).finish_non_exhaustive()
    }
}

/// The text put before every prepared statement an agency's connection runs: a comment naming
/// the agency's schema and its version (`/* agency_12 v41 */ `), so each agency has statements,
/// and plans, of its own ([`AgencyConnection`]), and a migrated schema new ones.
#[derive(Clone)]
struct StatementTag(Arc<str>);

impl StatementTag {
    /// The tag of `schema` at `version`; none (every agency sharing the text) for a name that
    /// is not a plain identifier, which no comment could hold safely (generated names always
    /// are).
    fn new(schema: &str, version: i64) -> Self {
        let plain = !schema.is_empty()
            && schema.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_');
        Self(if plain { format!("/* {schema} v{version} */ ").into() } else { "".into() })
    }

    /// Whether statements are named (the schema's name is a plain identifier).
    fn is_named(&self) -> bool {
        !self.0.is_empty()
    }

    /// `sql` after the tag.
    fn text(&self, sql: &str) -> String {
        let mut named = String::with_capacity(self.0.len() + sql.len());
        named.push_str(&self.0);
        named.push_str(sql);
        named
    }

    /// `query` named for the agency: its tagged text, its arguments, and whether sqlx is to
    /// keep it; or `None` for what Postgres keeps no plan of (text sent without arguments, a
    /// statement asked not to be kept, one already prepared), which is sent as it is.
    fn name<'q>(&self, query: &mut impl Execute<'q, Postgres>) -> sqlx::Result<Option<Named>> {
        if let Some(statement) = query.statement() {
            // Prepared through another agency's connection, or before a migration: run here,
            // it would be kept under a name that is not this agency's (or its columns be read
            // as they were).
            if !sqlx::Statement::sql(statement).starts_with(&*self.0) {
                return Err(sqlx::Error::InvalidArgument(
                    "a statement prepared for another agency or schema version".into(),
                ));
            }
            return Ok(None);
        }
        if !self.is_named() || !query.persistent() {
            return Ok(None);
        }
        let Some(arguments) = query.take_arguments().map_err(sqlx::Error::Encode)? else {
            return Ok(None);
        };
        let sql = query.sql();
        // Asked again once the arguments are taken, as sqlx asks it: a mapped query
        // (`query(..).map(..)`) says it is kept only while it holds them, so sqlx never keeps
        // one, and nor does its named copy.
        if !query.persistent() {
            return Ok(Some(Named { sql: sql.to_owned(), arguments, persistent: false }));
        }
        Ok(Some(Named { sql: self.text(sql), arguments, persistent: true }))
    }
}

/// A statement as [`StatementTag::name`] sends it.
struct Named {
    sql: String,
    arguments: PgArguments,
    persistent: bool,
}

impl<'c> Executor<'c> for &'c mut AgencyConnection {
    type Database = Postgres;

    fn fetch_many<'e, 'q: 'e, E>(
        self,
        mut query: E,
    ) -> BoxStream<'e, sqlx::Result<Either<PgQueryResult, PgRow>>>
    where
        'c: 'e,
        E: 'q + Execute<'q, Postgres>,
    {
        let AgencyConnection { held, tag } = self;
        let conn = held.raw();
        match tag.name(&mut query) {
            Ok(None) => conn.fetch_many(query),
            Ok(Some(Named { sql, arguments, persistent })) => async_stream::try_stream! {
                let mut rows =
                    conn.fetch_many(sqlx::query_with(&sql, arguments).persistent(persistent));
                while let Some(row) = rows.try_next().await? {
                    yield row;
                }
            }
            .boxed(),
            Err(err) => futures::stream::once(futures::future::ready(Err(err))).boxed(),
        }
    }

    fn fetch_optional<'e, 'q: 'e, E>(
        self,
        mut query: E,
    ) -> BoxFuture<'e, sqlx::Result<Option<PgRow>>>
    where
        'c: 'e,
        E: 'q + Execute<'q, Postgres>,
    {
        let AgencyConnection { held, tag } = self;
        let conn = held.raw();
        match tag.name(&mut query) {
            Ok(None) => conn.fetch_optional(query),
            Ok(Some(Named { sql, arguments, persistent })) => Box::pin(async move {
                conn.fetch_optional(sqlx::query_with(&sql, arguments).persistent(persistent)).await
            }),
            Err(err) => Box::pin(futures::future::ready(Err(err))),
        }
    }

    fn prepare_with<'e, 'q: 'e>(
        self,
        sql: &'q str,
        parameters: &'e [PgTypeInfo],
    ) -> BoxFuture<'e, sqlx::Result<PgStatement<'q>>>
    where
        'c: 'e,
    {
        // Named too, so that every statement sqlx keeps on an agency's connection is the
        // agency's own (the schema version's clearing relies on it: `TenantDb::switch`).
        let AgencyConnection { held, tag } = self;
        let named = tag.text(sql);
        Box::pin(async move {
            let statement = held.raw().prepare_with(&named, parameters).await?;
            Ok(sqlx::Statement::to_owned(&statement))
        })
    }

    fn describe<'e, 'q: 'e>(self, sql: &'q str) -> BoxFuture<'e, sqlx::Result<Describe<Postgres>>>
    where
        'c: 'e,
    {
        let AgencyConnection { held, tag } = self;
        let named = tag.text(sql);
        Box::pin(async move { held.raw().describe(&named).await })
    }
}

/// `&TenantDb` runs a query on a connection it checks out for that query, as `&PgPool` does.
impl<'d> Executor<'d> for &'d TenantDb {
    type Database = Postgres;

    fn fetch_many<'e, 'q: 'e, E>(
        self,
        query: E,
    ) -> BoxStream<'e, sqlx::Result<Either<PgQueryResult, PgRow>>>
    where
        E: 'q + Execute<'q, Postgres>,
        'd: 'e,
    {
        let checkout = self.acquire();
        async_stream::try_stream! {
            let mut conn = checkout.await?;
            let mut rows = conn.fetch_many(query);
            while let Some(row) = rows.try_next().await? {
                yield row;
            }
        }
        .boxed()
    }

    fn fetch_optional<'e, 'q: 'e, E>(self, query: E) -> BoxFuture<'e, sqlx::Result<Option<PgRow>>>
    where
        E: 'q + Execute<'q, Postgres>,
        'd: 'e,
    {
        let checkout = self.acquire();
        Box::pin(async move { checkout.await?.fetch_optional(query).await })
    }

    fn prepare_with<'e, 'q: 'e>(
        self,
        sql: &'q str,
        parameters: &'e [PgTypeInfo],
    ) -> BoxFuture<'e, sqlx::Result<PgStatement<'q>>>
    where
        'd: 'e,
    {
        let checkout = self.acquire();
        Box::pin(async move { checkout.await?.prepare_with(sql, parameters).await })
    }

    fn describe<'e, 'q: 'e>(self, sql: &'q str) -> BoxFuture<'e, sqlx::Result<Describe<Postgres>>>
    where
        'd: 'e,
    {
        let checkout = self.acquire();
        Box::pin(async move { checkout.await?.describe(sql).await })
    }
}

/// The agencies' handles and the lanes of each server they live on.
pub struct PoolCache {
    /// Which cache this is, among those of the process: a registry copy's slot keeps the
    /// handle of whichever cache filled it first, and each cache uses only its own (a process
    /// serves from one; tests and tools may hold more).
    id: u64,
    agencies: Cache<i64, Arc<TenantDb>>,
    /// Each agency's share of the connections, kept apart from its handle so a rebuilt
    /// handle (after a migration or a registry change) counts the same connections. Never
    /// expires: a busy agency's handle is read from the registry copy, not from `agencies`, so
    /// neither cache sees its use, and a semaphore dropped while requests of the old handle
    /// still held permits would let the agency exceed its share after the next rebuild. One
    /// small semaphore per agency this instance has served.
    slots: Cache<i64, Arc<Semaphore>>,
    servers: Mutex<HashMap<Option<String>, Lanes>>,
    budget: Budget,
    control_options: PgConnectOptions,
    acquire_timeout: Duration,
    statements_per_connection: usize,
}

impl PoolCache {
    pub fn new(control_options: PgConnectOptions, budget: Budget) -> Self {
        // Handles hold no connections, so they are cheap to keep and to rebuild.
        let agencies =
            Cache::builder().max_capacity(100_000).time_to_idle(Duration::from_secs(3600)).build();
        let slots = Cache::builder().build();
        static CACHES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        Self {
            id: CACHES.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            agencies,
            slots,
            servers: Mutex::new(HashMap::new()),
            budget,
            control_options,
            acquire_timeout: Duration::from_secs(5),
            statements_per_connection: STATEMENTS_PER_CONNECTION,
        }
    }

    /// How many prepared statements each agency connection keeps
    /// ([`STATEMENTS_PER_CONNECTION`] unless set).
    pub fn with_statements_per_connection(mut self, statements: usize) -> Self {
        self.statements_per_connection = statements;
        self
    }

    /// How long a checkout may take (5 s unless set; tests shorten it); a connection has a
    /// quarter of it to answer the switch and the reset ([`answer_limit`]).
    pub fn with_acquire_timeout(mut self, acquire_timeout: Duration) -> Self {
        self.acquire_timeout = acquire_timeout;
        self
    }

    /// The handle of `agency`, rebuilt if its schema was migrated or moved since; kept on
    /// this copy of the agency too, where its next request finds it first.
    pub async fn get(&self, agency: &Agency) -> AppResult<Arc<TenantDb>> {
        let ours = |db: &Arc<TenantDb>| db.cache == self.id && db.serves(agency);
        if let Some(kept) = agency.db_handle.0.get().filter(|db| ours(db)) {
            return Ok(kept.clone());
        }
        let handle = match self.agencies.get(&agency.id).await {
            Some(found) if ours(&found) => found,
            _ => {
                let built = Arc::new(self.build(agency).await?);
                self.agencies.insert(agency.id, built.clone()).await;
                built
            }
        };
        let _ = agency.db_handle.0.set(handle.clone());
        Ok(handle)
    }

    /// Forgets the cached handle of one agency: the next request with a new registry copy
    /// builds it again. A copy that already holds one keeps it until the next snapshot.
    pub async fn invalidate(&self, agency_id: i64) {
        self.agencies.invalidate(&agency_id).await;
    }

    pub async fn invalidate_all(&self) {
        self.agencies.invalidate_all();
        self.agencies.run_pending_tasks().await;
    }

    /// Agency connections open now, on every server (for the budget's tests and benchmarks).
    pub fn open_connections(&self) -> u32 {
        self.servers.lock().expect("server pools").values().map(Lanes::size).sum()
    }

    /// Agency connections open and idle now, on every server (for tests).
    pub fn idle_connections(&self) -> usize {
        self.servers.lock().expect("server pools").values().map(Lanes::idle).sum()
    }

    async fn build(&self, agency: &Agency) -> AppResult<TenantDb> {
        let per_agency = self.budget.per_agency as usize;
        let slots = self.slots.get_with(agency.id, async { Arc::new(Semaphore::new(per_agency)) });
        Ok(TenantDb {
            cache: self.id,
            lanes: self.server_lanes(agency)?,
            agency_id: agency.id,
            role: agency.db_role.clone(),
            schema: agency.schema_name.clone(),
            search_path: search_path(&agency.schema_name),
            schema_version: agency.schema_version,
            database_url: agency.database_url.clone(),
            slots: slots.await,
            acquire_timeout: self.acquire_timeout,
            tag: StatementTag::new(&agency.schema_name, agency.schema_version),
        })
    }

    /// The pool of `agency`'s lane on the server that holds it ([`Lanes`]).
    pub fn shared_pool(&self, agency: &Agency) -> AppResult<PgPool> {
        Ok(self.server_lanes(agency)?.home(agency.id).clone())
    }

    /// The lanes of the server that holds `agency`, opened (lazily) on first use. Their
    /// connections belong to no agency until a [`TenantDb`] checks them out.
    fn server_lanes(&self, agency: &Agency) -> AppResult<Lanes> {
        let mut servers = self.servers.lock().expect("server pools");
        if let Some(lanes) = servers.get(&agency.database_url) {
            return Ok(lanes.clone());
        }
        let options = server_options(&self.control_options, agency)?;
        let lanes = Lanes::open(
            &options.statement_cache_capacity(self.statements_per_connection),
            self.budget,
            self.acquire_timeout,
        );
        servers.insert(agency.database_url.clone(), lanes.clone());
        Ok(lanes)
    }
}

/// A server's agency connections, cut into lanes of at least one agency's share
/// ([`Budget::lanes`]); agency `id` belongs to lane `id mod lanes`. Checkout takes, in order:
/// an idle connection of the agency's lane; a new one while that lane has room; an idle
/// connection of another lane; a new one in another lane with room; and else the first
/// connection any lane frees ([`Lanes::first_free`]). So an agency alone is not held back by
/// lanes (its share fits in one), a lane of busy agencies borrows what the others leave idle,
/// and all lanes together never hold more than the tenants' share of the budget.
#[derive(Clone)]
pub struct Lanes {
    lanes: Arc<[PgPool]>,
}

impl Lanes {
    /// Lanes whose connections are handed out untested (the checkout's switch tests them:
    /// [`TenantDb::acquire`]) and reset when they come back, within [`answer_limit`]: one that
    /// does not answer is closed (its place comes free), instead of holding it until the
    /// operating system gives up on it. A reset first waits for what the connection still
    /// owes (a statement whose request was dropped); closing it there must not leave that
    /// statement running on the server beyond the budget, so Postgres checks every second
    /// that the client of a running statement is still there
    /// (`client_connection_check_interval`) and ends it when it is not.
    fn open(options: &PgConnectOptions, budget: Budget, acquire_timeout: Duration) -> Self {
        let options = options.clone().options([("client_connection_check_interval", "1s")]);
        let limit = answer_limit(acquire_timeout);
        let lanes = budget
            .lanes()
            .into_iter()
            .map(|lane_max| {
                PgPoolOptions::new()
                    .max_connections(lane_max)
                    .min_connections(0)
                    .idle_timeout(Duration::from_secs(60))
                    .acquire_timeout(acquire_timeout)
                    .test_before_acquire(false)
                    .after_connect(|conn, _| Box::pin(async move { release(conn).await }))
                    .after_release(move |conn, _| {
                        Box::pin(async move { answered(limit, release(conn)).await.map(|()| true) })
                    })
                    .connect_lazy_with(options.clone())
            })
            .collect();
        Self { lanes }
    }

    fn lane_of(&self, agency_id: i64) -> usize {
        // Lanes number at most the budget (a u32), so the remainder fits in a usize.
        agency_id.rem_euclid(self.lanes.len() as i64) as usize
    }

    fn home(&self, agency_id: i64) -> &PgPool {
        &self.lanes[self.lane_of(agency_id)]
    }

    /// Every lane, the agency's own first, then the others in turn.
    fn from(&self, agency_id: i64) -> impl Iterator<Item = &PgPool> + Clone {
        let (start, count) = (self.lane_of(agency_id), self.lanes.len());
        (0..count).map(move |i| &self.lanes[(start + i) % count])
    }

    /// A connection for agency `agency_id` (untested: [`TenantDb::acquire`]), and the lane it
    /// came from.
    async fn checkout(&self, agency_id: i64) -> sqlx::Result<(PoolConnection<Postgres>, &PgPool)> {
        let home = self.home(agency_id);
        if let Some(conn) = home.try_acquire() {
            return Ok((conn, home));
        }
        if has_room(home) {
            return Ok((home.acquire().await?, home));
        }
        let others = self.from(agency_id).skip(1);
        if let Some(found) = others.clone().find_map(|lane| Some((lane.try_acquire()?, lane))) {
            return Ok(found);
        }
        if let Some(lane) = others.clone().find(|lane| has_room(lane)) {
            return Ok((lane.acquire().await?, lane));
        }
        self.first_free(agency_id).await
    }

    /// The first connection any lane hands out, idle or new (its own lane asked first): for
    /// when no lane has one idle or room for one, so a request never waits on one lane while
    /// another frees a connection.
    ///
    /// The losers' waits are dropped: harmless while they wait for a place, and sqlx hands out
    /// an idle connection at once when its place comes (it is not tested: [`Lanes::open`]),
    /// so none is dropped holding one. A loser whose place came with nothing idle is opening a
    /// connection, and that is given up (the server's backend with it): this happens only
    /// when a connection of a full lane closes while requests wait on every lane.
    async fn first_free(
        &self,
        agency_id: i64,
    ) -> sqlx::Result<(PoolConnection<Postgres>, &PgPool)> {
        let every =
            self.from(agency_id).map(|lane| Box::pin(lane.acquire().map_ok(move |c| (c, lane))));
        futures::future::select_ok(every).await.map(|(found, _)| found)
    }

    fn size(&self) -> u32 {
        self.lanes.iter().map(PgPool::size).sum()
    }

    fn idle(&self) -> usize {
        self.lanes.iter().map(PgPool::num_idle).sum()
    }
}

/// How long a connection has to answer the switch to an agency or the reset when it comes
/// back: a quarter of the acquire timeout. One that takes longer is on a connection a network
/// dropped without a word, or on a server too stalled to be waited on.
fn answer_limit(acquire_timeout: Duration) -> Duration {
    acquire_timeout / 4
}

/// `exchange` on a connection, given up (as a lost connection: [`lost`]) when the connection
/// does not answer within `limit`; the caller closes the connection.
pub(crate) async fn answered<T>(
    limit: Duration,
    exchange: impl std::future::Future<Output = sqlx::Result<T>>,
) -> sqlx::Result<T> {
    match tokio::time::timeout(limit, exchange).await {
        Ok(done) => done,
        Err(_) => Err(sqlx::Error::Io(std::io::Error::new(
            std::io::ErrorKind::TimedOut,
            "the database connection did not answer",
        ))),
    }
}

/// Whether `lane` may open another connection.
fn has_room(lane: &PgPool) -> bool {
    lane.size() < lane.options().get_max_connections()
}

/// Whether `err` says the connection itself is gone or does not answer (rather than a
/// statement refused).
fn lost(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(_) | sqlx::Error::Protocol(_) | sqlx::Error::Tls(_) => true,
        // Class 08: connection exception; 57P: the server shutting down or ending the session.
        sqlx::Error::Database(db) => {
            db.code().is_some_and(|code| code.starts_with("08") || code.starts_with("57P"))
        }
        _ => false,
    }
}

async fn release(conn: &mut PgConnection) -> sqlx::Result<()> {
    // Text without arguments: sqlx sends it as it is (the simple protocol), all three statements.
    conn.execute(RELEASE).await.map(drop)
}

/// The oldest Postgres the portal runs on: agency connections ask the server to end a
/// statement whose client has gone ([`Lanes::open`]: `client_connection_check_interval`, new
/// in Postgres 14), which an older server refuses on every connection.
pub const OLDEST_POSTGRES: u32 = 14;

/// The sentence refusing the server behind `conn` when it is older than [`OLDEST_POSTGRES`];
/// `None` when the portal runs on it.
pub async fn unsupported_server(conn: &mut PgConnection) -> sqlx::Result<Option<String>> {
    let (number, version): (String, String) = sqlx::query_as(
        "SELECT current_setting('server_version_num'), current_setting('server_version')",
    )
    .fetch_one(conn)
    .await?;
    Ok(refusal(&number, &version))
}

/// [`unsupported_server`]'s decision, from the server's `server_version_num` and
/// `server_version`.
fn refusal(number: &str, version: &str) -> Option<String> {
    let major = number.trim().parse::<u32>().unwrap_or(0) / 10_000;
    (major < OLDEST_POSTGRES).then(|| {
        format!(
            "The database server runs Postgres {version}; Agency Portal needs Postgres \
             {OLDEST_POSTGRES} or later."
        )
    })
}

/// Options to reach the server that holds `agency`, as the migrator (no role, no path).
pub fn server_options(control: &PgConnectOptions, agency: &Agency) -> AppResult<PgConnectOptions> {
    match &agency.database_url {
        None => Ok(control.clone()),
        Some(url) => url.parse().map_err(|e| {
            AppError::Other(anyhow::anyhow!("agency '{}' has a bad database_url: {e}", agency.slug))
        }),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::{lost, refusal, Budget, PoolCache, StatementTag};
    use crate::tenancy::Agency;
    use sqlx::{Arguments, Execute};

    #[tokio::test]
    async fn each_cache_uses_its_own_handles_whatever_a_registry_copy_holds() {
        let budget = Budget::split(10, 2);
        let (app, other) = (
            PoolCache::new(Default::default(), budget),
            PoolCache::new(Default::default(), budget),
        );
        let copy = Agency::for_tests("alpha");
        let mine = app.get(&copy).await.unwrap();
        assert!(copy.db_handle.is_filled());
        assert!(Arc::ptr_eq(&app.get(&copy).await.unwrap(), &mine), "the copy's handle, kept");
        // Another cache given the same copy builds its own, and leaves the copy's alone.
        let theirs = other.get(&copy).await.unwrap();
        assert!(!Arc::ptr_eq(&theirs, &mine));
        assert!(Arc::ptr_eq(&other.get(&copy).await.unwrap(), &theirs), "its own, cached");
        assert!(Arc::ptr_eq(&app.get(&copy).await.unwrap(), &mine));
    }

    #[test]
    fn a_prepared_statement_is_named_for_the_agency_and_keeps_its_arguments() {
        let tag = StatementTag::new("agency_12", 41);
        let mut query = sqlx::query("SELECT name FROM roster WHERE id = $1").bind(7_i64);
        let named = tag.name(&mut query).unwrap().expect("named");
        assert_eq!(named.sql, "/* agency_12 v41 */ SELECT name FROM roster WHERE id = $1");
        assert_eq!(named.arguments.len(), 1);
        assert!(named.persistent);
        // Another agency's text differs, so Postgres keeps a plan for each.
        let mut other = sqlx::query("SELECT name FROM roster WHERE id = $1").bind(7_i64);
        let other = StatementTag::new("agency_13", 41).name(&mut other).unwrap().unwrap();
        assert_ne!(named.sql, other.sql);
        // A statement with no arguments bound still has an (empty) set: prepared, so named.
        let mut bare = sqlx::query("SELECT count(*) FROM roster");
        assert_eq!(
            tag.name(&mut bare).unwrap().unwrap().sql,
            "/* agency_12 v41 */ SELECT count(*) FROM roster"
        );
    }

    #[test]
    fn what_postgres_keeps_no_plan_of_is_sent_as_it_is() {
        let tag = StatementTag::new("agency_12", 41);
        // Text without arguments (the simple protocol: several statements may follow).
        let mut text = "SET LOCAL lock_timeout = '1s'; SELECT 1";
        assert!(tag.name(&mut text).unwrap().is_none());
        assert_eq!(
            Execute::<sqlx::Postgres>::sql(&text),
            "SET LOCAL lock_timeout = '1s'; SELECT 1"
        );
        // A statement asked not to be kept keeps its arguments for sqlx to send.
        let mut once = sqlx::query("SELECT $1::int").bind(1_i32).persistent(false);
        assert!(tag.name(&mut once).unwrap().is_none());
        assert!(once.take_arguments().unwrap().is_some());
        // A mapped query is never kept by sqlx (it says so once its arguments are taken): its
        // arguments go on, under its own text, not kept.
        let mut mapped = sqlx::query("SELECT $1::int").bind(1_i32).map(|_row| ());
        let named = tag.name(&mut mapped).unwrap().expect("its arguments");
        assert_eq!((named.sql.as_str(), named.persistent), ("SELECT $1::int", false));
        assert_eq!(named.arguments.len(), 1);
    }

    #[test]
    fn only_a_plain_schema_name_goes_into_the_comment() {
        let mut query = sqlx::query("SELECT 1").bind(1_i32);
        assert!(StatementTag::new("agency_1 */ DROP", 41).name(&mut query).unwrap().is_none());
        let mut query = sqlx::query("SELECT 1").bind(1_i32);
        assert!(StatementTag::new("", 41).name(&mut query).unwrap().is_none());
        assert_eq!(&*StatementTag::new("agency_7", 3).0, "/* agency_7 v3 */ ");
        // A migrated schema's statements are new ones.
        assert_ne!(
            StatementTag::new("agency_7", 3).text("SELECT 1"),
            StatementTag::new("agency_7", 4).text("SELECT 1")
        );
    }

    #[test]
    fn a_server_older_than_postgres_14_is_refused_with_its_version() {
        assert_eq!(
            refusal("130011", "13.11 (Debian 13.11-0+deb11u1)").as_deref(),
            Some(
                "The database server runs Postgres 13.11 (Debian 13.11-0+deb11u1); Agency \
                 Portal needs Postgres 14 or later."
            )
        );
        assert!(refusal("90624", "9.6.24").is_some());
        assert_eq!(refusal("140000", "14.0"), None);
        assert_eq!(refusal("150004", "15.4"), None);
        assert_eq!(refusal("170002", "17.2"), None);
    }

    #[test]
    fn only_a_lost_connection_is_tried_again() {
        let gone = std::io::Error::new(std::io::ErrorKind::UnexpectedEof, "closed");
        assert!(lost(&sqlx::Error::Io(gone)));
        assert!(lost(&sqlx::Error::Protocol("unexpected message".into())));
        let silent = std::io::Error::new(std::io::ErrorKind::TimedOut, "did not answer");
        assert!(lost(&sqlx::Error::Io(silent)));
        assert!(!lost(&sqlx::Error::RowNotFound));
        assert!(!lost(&sqlx::Error::PoolTimedOut));
    }

    #[test]
    fn the_budget_is_shared_without_overcommitting() {
        for total in [6, 10, 20, 50, 200] {
            let b = Budget::split(total, 8);
            assert!(b.control + b.maintenance + b.tenants <= total, "{total}: {b:?}");
            assert!(b.per_agency >= 1 && b.per_agency <= b.tenants.min(8));
        }
        assert_eq!(
            Budget::split(50, 8),
            Budget { control: 10, maintenance: 4, tenants: 36, per_agency: 8 }
        );
        // One agency never gets more than the whole share, nor less than one connection.
        assert_eq!(Budget::split(6, 8).per_agency, Budget::split(6, 8).tenants);
        assert_eq!(Budget::split(50, 0).per_agency, 1);
    }

    #[test]
    fn lanes_hold_an_agencys_share_each_and_no_more_than_the_tenants_share_together() {
        for total in [6, 10, 20, 50, 200] {
            for agency_max in [0, 1, 2, 8, 36, 500] {
                let b = Budget::split(total, agency_max);
                let lanes = b.lanes();
                assert!(!lanes.is_empty(), "{b:?}");
                assert!(lanes.iter().all(|&size| size >= b.per_agency), "{b:?}: {lanes:?}");
                assert_eq!(lanes.iter().sum::<u32>(), b.tenants, "{b:?}: {lanes:?}");
                // As even as can be: no lane holds two more than another.
                let (least, most) = (lanes.iter().min(), lanes.iter().max());
                assert!(most.zip(least).is_some_and(|(m, l)| m - l <= 1), "{b:?}: {lanes:?}");
            }
        }
        // The default budget: four lanes of nine for shares of eight.
        assert_eq!(Budget::split(50, 8).lanes(), [9, 9, 9, 9]);
        // 40 connections: 28 for the agencies, in three lanes (10, 9, 9), none left unused.
        assert_eq!(Budget::split(40, 8).lanes(), [10, 9, 9]);
        // A share as large as the tenants' makes one lane.
        assert_eq!(Budget::split(50, 36).lanes(), [36]);
    }
}
