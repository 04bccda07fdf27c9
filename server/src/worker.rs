//! The integrations worker of a serving instance (issue 22): it visits an agency as soon as a
//! write to it is announced (on any instance: writes are announced on `NOTIFY portal_access`),
//! and every [`SWEEP`] the agencies with integrations on, for retries that fall due and work an
//! instance left behind. One agency at a time, each visit repeated while it finds work. On
//! shutdown it finishes the piece in hand (a webhook post, a role change) before the process
//! ends, so a restart neither loses nor repeats work.
//!
//! Beside it runs the scheduled backups (issue 27): every [`BACKUP_CHECK`] (the first a few
//! minutes after start, out of start-up's way) each agency whose backup is due gets one. And
//! every [`SESSION_SWEEP`] the sessions past their expiry are deleted.

use std::{collections::BTreeSet, sync::Mutex, time::Duration};

use tokio::sync::{mpsc, oneshot, watch};

use crate::{
    shared::{
        bundle::backups,
        integrations::{self, SWEEP},
    },
    state::AppState,
};

/// How often the scheduled backups look for agencies that are due, and when they first do.
pub const BACKUP_CHECK: Duration = Duration::from_secs(15 * 60);
const FIRST_BACKUP_CHECK: Duration = Duration::from_secs(5 * 60);

/// How often the sessions past their expiry are deleted (the first time a minute after start).
pub const SESSION_SWEEP: Duration = Duration::from_secs(60 * 60);
const FIRST_SESSION_SWEEP: Duration = Duration::from_secs(60);

/// How long a shutdown waits for the piece of work in hand.
const FINISH_WITHIN: Duration = Duration::from_secs(10);
/// The most visits to one agency in a row before the others get their turn.
const VISITS_IN_A_ROW: usize = 20;

/// The handle the rest of the instance pokes the worker through.
pub struct Worker {
    poke: mpsc::UnboundedSender<i64>,
    inbox: Mutex<Option<mpsc::UnboundedReceiver<i64>>>,
    stop: watch::Sender<bool>,
    stopped: Mutex<Option<oneshot::Receiver<()>>>,
}

impl Default for Worker {
    fn default() -> Self {
        Self::new()
    }
}

impl Worker {
    pub fn new() -> Self {
        let (poke, inbox) = mpsc::unbounded_channel();
        let (stop, _) = watch::channel(false);
        Self { poke, inbox: Mutex::new(Some(inbox)), stop, stopped: Mutex::new(None) }
    }

    /// Asks for a visit to agency `id` (a write to it was announced).
    pub fn poke(&self, id: i64) {
        let _ = self.poke.send(id);
    }

    /// Starts the worker (once; later calls do nothing).
    pub fn start(&self, state: AppState) {
        let Some(inbox) = self.inbox.lock().ok().and_then(|mut i| i.take()) else { return };
        let (done, stopped) = oneshot::channel();
        if let Ok(mut slot) = self.stopped.lock() {
            *slot = Some(stopped);
        }
        let stop = self.stop.subscribe();
        tokio::spawn(backup_loop(state.clone(), self.stop.subscribe()));
        tokio::spawn(session_sweep_loop(state.clone(), self.stop.subscribe()));
        tokio::spawn(async move {
            run(state, inbox, stop).await;
            let _ = done.send(());
        });
    }

    /// Stops taking work and waits (a little) for the piece in hand.
    pub async fn stop(&self) {
        let _ = self.stop.send(true);
        let stopped = self.stopped.lock().ok().and_then(|mut s| s.take());
        if let Some(stopped) = stopped {
            let _ = tokio::time::timeout(FINISH_WITHIN, stopped).await;
        }
    }
}

async fn run(
    state: AppState,
    mut inbox: mpsc::UnboundedReceiver<i64>,
    mut stop: watch::Receiver<bool>,
) {
    let mut sweep = tokio::time::interval(SWEEP);
    sweep.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut due: BTreeSet<i64> = BTreeSet::new();
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            Some(id) = inbox.recv() => { due.insert(id); }
            _ = sweep.tick() => match integrations::remembered(&state.control).await {
                Ok(ids) => due.extend(ids),
                Err(error) => tracing::warn!(%error, "integration agencies not readable"),
            },
        }
        while let Ok(id) = inbox.try_recv() {
            due.insert(id);
        }
        while let Some(id) = due.pop_first() {
            if *stop.borrow() {
                return;
            }
            visit(&state, id).await;
        }
    }
}

/// Runs `work` a `first` while after start, then every `period` (a late run delays the next
/// rather than bunching them), until stopped.
async fn every<F, Fut>(
    first: Duration,
    period: Duration,
    mut stop: watch::Receiver<bool>,
    mut work: F,
) where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + first, period);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = stop.changed() => return,
            _ = tick.tick() => {}
        }
        work().await;
    }
}

/// Backs up the agencies that are due, every [`BACKUP_CHECK`], until stopped.
async fn backup_loop(state: AppState, stop: watch::Receiver<bool>) {
    every(FIRST_BACKUP_CHECK, BACKUP_CHECK, stop, || async {
        let config = &state.config;
        let defaults = backups::Defaults {
            every_hours: config.backup_every_hours.map(|h| h as i32),
            keep: config.backup_keep as i32,
        };
        match backups::run_due(&state, defaults, chrono::Utc::now()).await {
            Ok(done) if !done.is_empty() => {
                tracing::info!(agencies = ?done, "scheduled backups written")
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "scheduled backups not checked"),
        }
    })
    .await
}

/// Deletes the sessions past their expiry, every [`SESSION_SWEEP`], until stopped.
async fn session_sweep_loop(state: AppState, stop: watch::Receiver<bool>) {
    every(FIRST_SESSION_SWEEP, SESSION_SWEEP, stop, || async {
        match crate::identity::session_cache::delete_expired(&state.control).await {
            Ok(0) => {}
            Ok(deleted) => tracing::info!(deleted, "expired sessions deleted"),
            Err(error) => tracing::warn!(%error, "expired sessions not deleted"),
        }
    })
    .await
}

/// Visits agency `id` while it has work (a bounded number of times in a row).
async fn visit(state: &AppState, id: i64) {
    let Ok(snapshot) = state.registry.snapshot().await else { return };
    let Some(agency) = snapshot.all().iter().find(|a| a.id == id).cloned() else { return };
    if agency.read_only_since.is_some() {
        // Moving: its writes wait (the sweep comes back once it is writable again).
        return;
    }
    for _ in 0..VISITS_IN_A_ROW {
        match integrations::visit(state, &agency).await {
            Ok(done) if done.did_anything() => continue,
            Ok(_) => return,
            Err(error) => {
                tracing::warn!(agency = %agency.slug, %error, "integrations visit failed");
                return;
            }
        }
    }
}
