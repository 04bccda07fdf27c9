//! Bringing a portal up: migrations, the root agency, and serving.

use std::time::Duration;

use tokio::net::TcpListener;

use crate::{
    error::AppError,
    features::agencies::model::AgencyDraft,
    router,
    state::AppState,
    tenancy::{
        migrate::{self, TenantOutcome},
        registry, ROOT_SLUG,
    },
};

/// How many agency schemas migrate at once.
pub const PARALLEL_MIGRATIONS: usize = 4;

/// Migrates the control schema, makes sure the root agency exists, then migrates every
/// agency schema. Agency failures are returned, not raised: one broken agency must not keep
/// the others down.
pub async fn prepare(state: &AppState) -> anyhow::Result<Vec<TenantOutcome>> {
    migrate::migrate_control(&state.control).await?;
    ensure_root_agency(state).await?;
    let parallel =
        PARALLEL_MIGRATIONS.min(state.provisioner.maintenance.available_permits().max(1));
    let outcomes = migrate::migrate_tenants(
        &state.control,
        &state.control_options,
        &state.provisioner.migrator,
        parallel,
    )
    .await?;
    state.registry.invalidate().await;
    Ok(outcomes)
}

/// The root agency is provisioned at first start.
pub async fn ensure_root_agency(state: &AppState) -> anyhow::Result<()> {
    if registry::fetch_by_slug(&state.control, ROOT_SLUG).await?.is_some() {
        return Ok(());
    }
    let draft = AgencyDraft {
        name: "RawLife Community".into(),
        slug: Some(ROOT_SLUG.into()),
        short_name: Some("RawLife".into()),
        ..Default::default()
    };
    let new = draft.validate().map_err(|e| anyhow::anyhow!(e))?;
    match state.provisioner.provision(new).await {
        // Another instance created it at the same moment.
        Ok(_) | Err(AppError::Conflict(_)) => Ok(()),
        Err(err) => Err(anyhow::anyhow!("cannot create the root agency: {err}")),
    }
}

/// Serves until Ctrl-C or SIGTERM.
pub async fn serve(state: AppState, listener: TcpListener) -> anyhow::Result<()> {
    state.spawn_registry_listener();
    spawn_jobs(&state);
    let router = router::router(state.clone());
    // The peer address tells a trusted proxy (`PORTAL_TRUSTED_PROXIES`) from anyone else.
    let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, service).with_graceful_shutdown(shutdown_signal()).await?;
    // The worker finishes the piece of work in hand before the process ends.
    state.worker.stop().await;
    Ok(())
}

/// Runs `work` every `period`, the first time `first` after start, for as long as the
/// process serves. A failing round is logged by `work` and the next one comes all the same.
/// Every job is safe on several instances at once.
fn spawn_every<F, Fut>(state: AppState, first: Duration, period: Duration, work: F)
where
    F: Fn(AppState) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    tokio::spawn(async move {
        let mut every = tokio::time::interval_at(tokio::time::Instant::now() + first, period);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            work(state.clone()).await;
        }
    });
}

/// The background jobs of a serving instance: audit pruning and relaying, the integrations
/// worker, and the keeper of spare agency schemas.
pub fn spawn_jobs(state: &AppState) {
    state.worker.start(state.clone());
    let provisioner = &state.provisioner;
    tokio::spawn(crate::tenancy::spares::keep(
        provisioner.control_pool.clone(),
        provisioner.migrator.clone(),
        provisioner.maintenance.clone(),
        provisioner.spares.clone(),
    ));
    // Not at start-up, when every agency's pool is being opened anyway: ten minutes in.
    spawn_every(state.clone(), MINUTE * 10, HOUR * 6, prune_audit);
    spawn_every(state.clone(), MINUTE / 2, MINUTE, relay_audit_outbox);
    spawn_every(state.clone(), MINUTE, MINUTE * 15, personnel_calendar);
    spawn_every(state.clone(), MINUTE * 2, MINUTE * 5, duty_calendar);
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);

/// Each agency's audit rows older than its retention (`agency_settings.audit_retention_days`, a
/// year unless changed) are deleted, one agency at a time (every six hours). Several
/// instances may prune at once: the delete is the same.
async fn prune_audit(state: AppState) {
    let Ok(snapshot) = state.registry.snapshot().await else { return };
    for agency in snapshot.all() {
        let pruned = match state.pools.get(agency).await {
            Ok(db) => crate::shared::audit::prune(&*db).await.map_err(anyhow::Error::from),
            Err(e) => Err(anyhow::anyhow!("{e}")),
        };
        match pruned {
            Ok(0) => {}
            Ok(rows) => {
                tracing::info!(agency = %agency.slug, rows, "audit rows past retention pruned")
            }
            Err(error) => tracing::warn!(agency = %agency.slug, %error, "audit pruning failed"),
        }
    }
}

/// What the calendar does to the roster (every fifteen minutes, each agency;
/// `shared::personnel_calendar`): leave that begins or ends, qualifications about to expire.
/// A change is announced, so every instance reads the agency again.
async fn personnel_calendar(state: AppState) {
    let Ok(snapshot) = state.registry.snapshot().await else { return };
    for agency in snapshot.all() {
        let round = async {
            let db = state.pools.get(agency).await?;
            Ok::<_, anyhow::Error>(crate::shared::personnel_calendar::run(&db).await?)
        };
        match round.await {
            Ok(done) if done.changed() => {
                crate::access::cache::announce(
                    &state,
                    crate::access::cache::Change::Agency(agency.id),
                )
                .await
            }
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(agency = %agency.slug, %error, "personnel calendar failed")
            }
        }
    }
}

/// Forgotten shifts close at the agency's limit, and members without duty for its days are
/// announced inactive (every five minutes, each agency; `features::duty::calendar`).
async fn duty_calendar(state: AppState) {
    let Ok(snapshot) = state.registry.snapshot().await else { return };
    for agency in snapshot.all() {
        let round = async {
            let db = state.pools.get(agency).await?;
            Ok::<_, anyhow::Error>(crate::features::duty::calendar::run(&db).await?)
        };
        match round.await {
            // Only an announced inactivity raises an alert: the worker reads it now.
            Ok(done) if done.inactive > 0 => state.worker.poke(agency.id),
            Ok(_) => {}
            Err(error) => tracing::warn!(agency = %agency.slug, %error, "duty calendar failed"),
        }
    }
}

/// Audit rows of registry writes that were not relayed into their agency's log when written
/// (the agency's database was unreachable, the process stopped) are relayed (every minute).
async fn relay_audit_outbox(state: AppState) {
    let waiting = match crate::shared::audit::agencies_with_outbox(&state.control).await {
        Ok(waiting) => waiting,
        Err(error) => return tracing::warn!(%error, "audit outbox not readable"),
    };
    let Ok(snapshot) = state.registry.snapshot().await else { return };
    for agency in snapshot.all().iter().filter(|a| waiting.contains(&a.id)) {
        crate::shared::audit::relay_now(&state, agency).await;
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutting down");
}
