//! Application state: everything a request may need, shared as [`AppState`]. It sits at the
//! top beside the router, which it is built for: the layers below never name it, and ask for
//! their parts through their own traits (`tenancy::TenancyState`, `access::AccessState`,
//! `identity::IdentityState`, `media::MediaState`, `web::WebState`; features through
//! `shared::Portal`), which [`AppState`] implements here.

use std::{ops::Deref, sync::Arc, time::Duration};

use sqlx::{
    migrate::Migrator,
    postgres::{PgConnectOptions, PgPoolOptions},
    PgPool,
};
use tokio::sync::Semaphore;

use crate::{
    access::{
        cache::{AccessCache, Change, ACCESS_CHANNEL},
        AccessState,
    },
    config::Config,
    identity::{
        bot::Bots,
        discord::DiscordApi,
        session,
        session_cache::{CachedSessionStore, SESSION_CHANNEL},
        IdentityState,
    },
    media::{avatars::Avatars, MediaState, MediaStore},
    tenancy::{
        listener::CHECK_EVERY,
        pools::{Budget, PoolCache},
        provision::{Provisioner, Seeder},
        registry, Registry, TenancyState,
    },
    web::{WebAssets, WebState},
};

/// Everything a request may need. Shared as [`AppState`].
pub struct App {
    pub config: Config,
    pub control: PgPool,
    pub control_options: PgConnectOptions,
    pub registry: Registry,
    pub pools: PoolCache,
    pub provisioner: Provisioner,
    pub media: MediaStore,
    /// Discord avatars, served from the portal's own copies.
    pub avatars: Avatars,
    pub web: WebAssets,
    /// Discord API access; `None` when sign-in is not configured.
    pub discord: Option<DiscordApi>,
    /// The agencies' Discord bots (role sync and alerts).
    pub bots: Bots,
    /// Accounts, roster standings and navigation rules every request re-reads.
    pub access_cache: Arc<AccessCache>,
    /// Server-side sessions, read through this instance's cache.
    pub sessions: CachedSessionStore,
    /// The integrations worker (alerts, Discord role sync), poked on every announced write.
    pub worker: crate::worker::Worker,
    /// Agency API tokens' rates and last uses.
    pub token_gate: crate::access::tokens::TokenGate,
    /// Applications' rates per Discord account and address.
    pub apply_gate: crate::access::rate::ApplyGate,
    /// The documents being written together on this instance (issue 28).
    pub collab: Arc<crate::features::sops::collab::Hub>,
}

/// Discord's API when `DISCORD_API_URL` does not say otherwise.
const DEFAULT_DISCORD_API: &str = "https://discord.com/api/v10";

#[derive(Clone)]
pub struct AppState(pub Arc<App>);

impl Deref for AppState {
    type Target = App;
    fn deref(&self) -> &App {
        &self.0
    }
}

impl App {
    /// Connects to the control database (lazily) and builds the caches. Does not migrate.
    /// `seeders` are the features' default data for new agencies (`features::seeders()`).
    pub fn new(
        config: Config,
        migrator: Migrator,
        media: MediaStore,
        seeders: Vec<Seeder>,
    ) -> anyhow::Result<Self> {
        let control_options: PgConnectOptions = config.database_url.parse()?;
        let budget = Budget::split(config.max_db_connections, config.agency_pool_max);
        // The registry listener's connection is the control share's last one, in a pool of
        // its own (`registry::listen_for_changes`).
        let control = PgPoolOptions::new()
            .max_connections(budget.control.saturating_sub(1).max(1))
            .min_connections(0)
            .acquire_timeout(Duration::from_secs(5))
            .idle_timeout(Duration::from_secs(300))
            .connect_lazy_with(control_options.clone());
        let web = match &config.web_dir {
            Some(dir) => WebAssets::Folder(dir.clone()),
            None => WebAssets::Embedded,
        };
        let registry = Registry::new(control.clone());
        Ok(Self {
            access_cache: Arc::new(AccessCache::new(registry.generation().clone())),
            registry,
            pools: PoolCache::new(control_options.clone(), budget)
                .with_statements_per_connection(config.statements_per_connection),
            provisioner: Provisioner {
                control: control_options.clone(),
                control_pool: control.clone(),
                migrator: Arc::new(migrator),
                maintenance: Arc::new(Semaphore::new(budget.maintenance as usize)),
                seeders: seeders.into(),
                spares: crate::tenancy::spares::Spares::new(config.spare_schemas),
            },
            control_options,
            media,
            avatars: Avatars::new(config.discord_cdn_url.clone())?,
            web,
            discord: config.discord.clone().map(DiscordApi::new),
            bots: Bots::new(
                config
                    .discord
                    .as_ref()
                    .map(|d| d.api_url.clone())
                    .unwrap_or_else(|| DEFAULT_DISCORD_API.parse().expect("a valid URL")),
            )?,
            sessions: session::store(control.clone()),
            worker: crate::worker::Worker::new(),
            token_gate: crate::access::tokens::TokenGate::new(config.api_token_rate),
            apply_gate: crate::access::rate::ApplyGate::new(config.apply_rate),
            collab: Arc::new(crate::features::sops::collab::Hub::new()),
            config,
            control,
        })
    }
}

impl TenancyState for AppState {
    fn config(&self) -> &Config {
        &self.config
    }
    fn control(&self) -> &PgPool {
        &self.control
    }
    fn registry(&self) -> &Registry {
        &self.registry
    }
    fn pools(&self) -> &PoolCache {
        &self.pools
    }
    fn provisioner(&self) -> &Provisioner {
        &self.provisioner
    }
}

impl AccessState for AppState {
    fn access_cache(&self) -> &Arc<AccessCache> {
        &self.access_cache
    }
    fn sessions(&self) -> &CachedSessionStore {
        &self.sessions
    }
    fn token_gate(&self) -> &crate::access::tokens::TokenGate {
        &self.token_gate
    }
    fn apply_gate(&self) -> &crate::access::rate::ApplyGate {
        &self.apply_gate
    }
}

impl IdentityState for AppState {
    fn discord(&self) -> Option<&DiscordApi> {
        self.discord.as_ref()
    }
    fn bots(&self) -> &Bots {
        &self.bots
    }
}

impl MediaState for AppState {
    fn media(&self) -> &MediaStore {
        &self.media
    }
    fn avatars(&self) -> &Avatars {
        &self.avatars
    }
}

impl crate::features::sops::collab::CollabState for AppState {
    fn collab(&self) -> &Arc<crate::features::sops::collab::Hub> {
        &self.collab
    }
}

impl WebState for AppState {
    fn web(&self) -> &WebAssets {
        &self.web
    }
}

impl AppState {
    /// Keeps the registry, pool, access and session caches in step with the registry table and
    /// with the access and session changes any instance announces (`access::cache`,
    /// `identity::session_cache`), across every instance that
    /// shares the control database, on one connection. Runs until the process ends.
    pub fn spawn_registry_listener(&self) {
        let state = self.clone();
        tokio::spawn(async move {
            let options = state.control_options.clone();
            let channels = [registry::REGISTRY_CHANNEL, ACCESS_CHANNEL, SESSION_CHANNEL];
            registry::listen_for_changes(options, &channels, CHECK_EVERY, |change| {
                let state = state.clone();
                async move {
                    match change {
                        Some((channel, payload)) if channel == SESSION_CHANNEL => {
                            state.sessions.forget(Some(&payload)).await;
                        }
                        Some((channel, payload)) if channel == ACCESS_CHANNEL => {
                            match Change::parse(&payload) {
                                Some(change) => {
                                    if let Change::Agency(id) = change {
                                        // A write to the agency: alerts and role syncs may wait.
                                        state.worker.poke(id);
                                    }
                                    state.access_cache.forget(&change)
                                }
                                None => state.access_cache.forget_all(),
                            }
                        }
                        // The registry's copy (and its count) first, the access cache's entries
                        // after: a value loaded in between is then refused for its agency's old
                        // count (`access::cache`).
                        Some((_, payload)) => {
                            state.registry.invalidate().await;
                            match payload.parse::<i64>() {
                                Ok(id) => {
                                    state.pools.invalidate(id).await;
                                    state.access_cache.forget(&Change::Agency(id));
                                }
                                Err(_) => state.access_cache.forget_all(),
                            }
                        }
                        None => {
                            state.registry.invalidate().await;
                            state.access_cache.forget_all();
                            state.sessions.forget(None).await;
                        }
                    }
                }
            })
            .await;
        });
    }
}
