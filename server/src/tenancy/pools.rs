//! One small connection pool per agency, cached in moka, under one global connection budget.
//!
//! Each pool connects with `search_path` and `role` fixed as startup options, so its
//! connections can only ever see the agency's own schema (ARCHITECTURE.md §3). A pool
//! reserves its maximum number of connections from the budget when it is built and gives
//! them back once it has been evicted and closed, so the number of open connections can
//! never exceed the budget however many agencies there are. When the budget is spent, the
//! least recently used idle pool is evicted to make room.

use std::{
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    time::{Duration, Instant},
};

use moka::future::Cache;
use sqlx::{
    postgres::{PgConnectOptions, PgPoolOptions},
    PgPool,
};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, TryAcquireError};

use crate::{
    error::{AppError, AppResult},
    tenancy::Agency,
};

/// How the connection budget (`PORTAL_MAX_DB_CONNECTIONS`) is shared out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Control-plane pool (registry, sessions, and the registry listener).
    pub control: u32,
    /// Short-lived connections for provisioning and migrations.
    pub maintenance: u32,
    /// Shared by all agency pools.
    pub tenants: u32,
    /// Largest single agency pool.
    pub per_agency: u32,
}

impl Budget {
    pub fn split(total: u32) -> Self {
        let control = (total / 5).clamp(2, 10);
        let maintenance = (total / 10).clamp(1, 4);
        let tenants = total.saturating_sub(control + maintenance).max(1);
        let per_agency = tenants.min(3);
        Self { control, maintenance, tenants, per_agency }
    }
}

/// An agency's pool plus its share of the budget, released when the last user drops it.
pub struct TenantPool {
    pool: PgPool,
    agency_id: i64,
    schema_version: i64,
    database_url: Option<String>,
    last_used: AtomicU64,
    reservation: Option<OwnedSemaphorePermit>,
}

impl TenantPool {
    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    pub fn agency_id(&self) -> i64 {
        self.agency_id
    }
}

impl Drop for TenantPool {
    fn drop(&mut self) {
        // Close the connections gracefully, then return the reservation to the budget.
        let pool = self.pool.clone();
        let reservation = self.reservation.take();
        match tokio::runtime::Handle::try_current() {
            Ok(rt) => {
                rt.spawn(async move {
                    pool.close().await;
                    drop(reservation);
                });
            }
            Err(_) => drop(reservation),
        }
    }
}

pub struct PoolCache {
    cache: Cache<i64, Arc<TenantPool>>,
    budget: Arc<Semaphore>,
    per_agency: u32,
    control_options: PgConnectOptions,
    acquire_timeout: Duration,
    epoch: Instant,
}

impl PoolCache {
    pub fn new(control_options: PgConnectOptions, budget: Budget) -> Self {
        let cache = Cache::builder()
            .max_capacity(u64::from((budget.tenants / budget.per_agency).max(1)))
            .time_to_idle(Duration::from_secs(600))
            .build();
        Self {
            cache,
            budget: Arc::new(Semaphore::new(budget.tenants as usize)),
            per_agency: budget.per_agency,
            control_options,
            acquire_timeout: Duration::from_secs(5),
            epoch: Instant::now(),
        }
    }

    /// The pool of `agency`, built if missing or stale (its schema was migrated or moved).
    pub async fn get(&self, agency: &Agency) -> AppResult<Arc<TenantPool>> {
        if let Some(found) = self.cache.get(&agency.id).await {
            if found.schema_version == agency.schema_version
                && found.database_url == agency.database_url
            {
                found.last_used.store(self.now(), Ordering::Relaxed);
                return Ok(found);
            }
            self.cache.invalidate(&agency.id).await;
        }
        let built = self.cache.try_get_with(agency.id, self.build(agency)).await.map_err(
            |e: Arc<AppError>| match Arc::try_unwrap(e) {
                Ok(err) => err,
                Err(shared) if shared.status() == axum::http::StatusCode::SERVICE_UNAVAILABLE => {
                    AppError::Unavailable(crate::error::DATABASE_UNAVAILABLE.into())
                }
                Err(shared) => AppError::Other(anyhow::anyhow!("{shared}")),
            },
        )?;
        built.last_used.store(self.now(), Ordering::Relaxed);
        Ok(built)
    }

    /// Drops the cached pool of one agency (it is closed once no request uses it).
    pub async fn invalidate(&self, agency_id: i64) {
        self.cache.invalidate(&agency_id).await;
    }

    pub async fn invalidate_all(&self) {
        self.cache.invalidate_all();
        self.cache.run_pending_tasks().await;
    }

    async fn build(&self, agency: &Agency) -> AppResult<Arc<TenantPool>> {
        let reservation = self.reserve().await?;
        let options = tenant_connect_options(&self.control_options, agency)?;
        let pool = PgPoolOptions::new()
            .max_connections(self.per_agency)
            .min_connections(0)
            .idle_timeout(Duration::from_secs(60))
            .acquire_timeout(self.acquire_timeout)
            .connect_lazy_with(options);
        Ok(Arc::new(TenantPool {
            pool,
            agency_id: agency.id,
            schema_version: agency.schema_version,
            database_url: agency.database_url.clone(),
            last_used: AtomicU64::new(self.now()),
            reservation: Some(reservation),
        }))
    }

    /// Takes one pool's share of the budget, evicting idle pools until it fits.
    async fn reserve(&self) -> AppResult<OwnedSemaphorePermit> {
        let deadline = Instant::now() + self.acquire_timeout;
        loop {
            match self.budget.clone().try_acquire_many_owned(self.per_agency) {
                Ok(permit) => return Ok(permit),
                Err(TryAcquireError::Closed) => {
                    return Err(AppError::Unavailable("The portal is shutting down.".into()))
                }
                Err(TryAcquireError::NoPermits) => {}
            }
            self.cache.run_pending_tasks().await;
            self.evict_least_recently_used_idle().await;
            let remaining = deadline.saturating_duration_since(Instant::now());
            if remaining.is_zero() {
                return Err(AppError::Unavailable(
                    "The portal is busy; please try again shortly.".into(),
                ));
            }
            let wait = remaining.min(Duration::from_millis(50));
            if let Ok(Ok(permit)) =
                tokio::time::timeout(wait, self.budget.clone().acquire_many_owned(self.per_agency))
                    .await
            {
                return Ok(permit);
            }
        }
    }

    async fn evict_least_recently_used_idle(&self) {
        // An entry is idle when only the cache and this iteration hold it.
        let victim = self
            .cache
            .iter()
            .filter(|(_, pool)| Arc::strong_count(pool) <= 2)
            .min_by_key(|(_, pool)| pool.last_used.load(Ordering::Relaxed))
            .map(|(id, _)| *id);
        if let Some(id) = victim {
            self.cache.invalidate(&id).await;
        }
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }
}

/// Connection options of an agency: its server (the control server unless it names its
/// own), its schema as the only `search_path`, and its own role.
pub fn tenant_connect_options(
    control: &PgConnectOptions,
    agency: &Agency,
) -> AppResult<PgConnectOptions> {
    let base = server_options(control, agency)?;
    Ok(base
        .options([("search_path", agency.schema_name.as_str()), ("role", agency.db_role.as_str())]))
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
    use super::Budget;

    #[test]
    fn the_budget_is_shared_without_overcommitting() {
        for total in [6, 10, 20, 50, 200] {
            let b = Budget::split(total);
            assert!(b.control + b.maintenance + b.tenants <= total, "{total}: {b:?}");
            assert!(b.per_agency >= 1 && b.per_agency <= 3);
        }
        assert_eq!(
            Budget::split(50),
            Budget { control: 10, maintenance: 4, tenants: 36, per_agency: 3 }
        );
    }
}
