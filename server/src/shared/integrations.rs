//! The integrations worker's work for one agency (issue 22): writes waiting in the outbox become
//! alerts (one delivery per webhook that receives the event) and role syncs (one job per
//! member account a roster write touched); due deliveries are posted; due role syncs bring a
//! member's guild roles in line with the roster, and the roster's Discord-decided roles in
//! line with the guild. Work is taken with `FOR UPDATE SKIP LOCKED` or a time-limited claim,
//! so several instances share it and none does the same piece twice; every piece is retried
//! with backoff and its result kept. The loop that calls this is `startup`'s.

use std::time::Duration;

use serde_json::json;
use sqlx::PgPool;
use url::Url;

use crate::{
    access::viewer::Actor,
    config::Config,
    identity::{
        bot::{Bot, BotError},
        IdentityState,
    },
    secrets::{SecretBox, NO_KEY},
    shared::{
        alerts::{self, Alert, Look, Member, Write},
        audit::{self, Event},
        discord_roles::{Holder, MemberSync, RoleMap, RolesChange},
        discord_store::{self as store, StoredSettings},
        organisation::{joined, log_changes, FieldChange},
        webhooks,
    },
    tenancy::{
        pools::{AgencyConnection, TenantDb},
        Agency,
    },
};

/// Who the audit log names for changes the sync makes itself.
pub const SYNC_ACTOR: &str = "Discord sync";
/// The audit action of a roster change the sync made from Discord (never synced back).
pub const FROM_DISCORD_ACTION: &str = "synced_from_discord";
/// Tries before a delivery or a role sync is given up.
pub const MAX_ATTEMPTS: i32 = 8;
/// How much of each kind of work one visit does at most (the worker comes back for more).
const BATCH: i64 = 50;

/// The sealing purpose of an agency's bot token and of a webhook's address.
pub fn bot_token_purpose(agency_id: i64) -> String {
    format!("discord-bot-token:{agency_id}")
}

pub fn webhook_purpose(agency_id: i64) -> String {
    format!("discord-webhook:{agency_id}")
}

/// Where an agency's roles are synced: its guild and its bot's token.
pub struct Link {
    pub guild_id: String,
    pub token: String,
}

/// The agency's guild and bot: its own, else the deployment's. `Err` says what is missing.
pub fn link(
    config: &Config,
    agency_id: i64,
    settings: &StoredSettings,
) -> Result<Link, &'static str> {
    let guild_id = settings
        .guild_id
        .clone()
        .or_else(|| config.discord.as_ref().map(|d| d.guild_id.clone()))
        .ok_or("No Discord server is set for this agency.")?;
    let token = match &settings.bot_token_sealed {
        Some(sealed) => config
            .secrets
            .as_ref()
            .ok_or(NO_KEY)?
            .open(&bot_token_purpose(agency_id), sealed)
            .map_err(|_| "The agency's bot token cannot be read with this portal's PORTAL_SECRET_KEY: set it again.")?,
        None => config
            .discord
            .as_ref()
            .and_then(|d| d.bot_token.clone())
            .ok_or("No bot token is set for this agency.")?,
    };
    Ok(Link { guild_id, token })
}

/// Delay before try number `attempts + 1` (30 s doubling, at most an hour); `None` once
/// [`MAX_ATTEMPTS`] is reached.
pub fn backoff(attempts: i32, error: &BotError) -> Option<f64> {
    if attempts >= MAX_ATTEMPTS || !error.is_transient() {
        return None;
    }
    if let BotError::RateLimited(wait) = error {
        return Some(wait.as_secs_f64().max(1.0));
    }
    Some((30.0 * 2f64.powi(attempts.clamp(1, 20) - 1)).min(3600.0))
}

/// How the agency looks in its alerts, and where its pages are.
pub fn look(config: &Config, agency: &Agency) -> Look {
    let public = &config.public_url;
    let (origin, query) = match agency.domain.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(domain) => {
            let mut url = public.clone();
            let origin = match url.set_host(Some(domain)) {
                Ok(()) => url.origin().ascii_serialization(),
                Err(_) => public.origin().ascii_serialization(),
            };
            (origin, String::new())
        }
        None => (public.origin().ascii_serialization(), format!("?agency={}", agency.slug)),
    };
    let badge_url =
        agency.theme.badge_url.as_deref().map(str::trim).filter(|b| !b.is_empty()).and_then(
            |badge| {
                if badge.starts_with('/') {
                    Some(format!("{origin}{badge}"))
                } else {
                    Url::parse(badge)
                        .ok()
                        .filter(|u| matches!(u.scheme(), "http" | "https"))
                        .map(|u| u.to_string())
                }
            },
        );
    Look {
        name: agency
            .short_name
            .clone()
            .filter(|s| !s.trim().is_empty())
            .unwrap_or_else(|| agency.name.clone()),
        colour: agency.theme.primary_color.clone(),
        badge_url,
        origin,
        query,
    }
}

/// What one visit did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Visit {
    pub writes: usize,
    pub deliveries: usize,
    pub syncs: usize,
}

impl Visit {
    pub fn did_anything(&self) -> bool {
        self.writes + self.deliveries + self.syncs > 0
    }
}

/// Does the agency's waiting integration work: the outbox, then due deliveries, then due role
/// syncs (a bounded amount of each; the caller visits again while anything was done).
pub async fn visit<S: IdentityState>(state: &S, agency: &Agency) -> anyhow::Result<Visit> {
    let db = state.pools().get(agency).await?;
    let mut visit = Visit::default();
    let settings = store::settings(&*db).await?;
    visit.writes = fan_out(state.config(), agency, &db, &settings).await?;
    visit.deliveries = deliver(state, agency, &db).await?;
    if settings.sync_enabled {
        visit.syncs = run_syncs(state, agency, &db, &settings).await?;
    }
    Ok(visit)
}

/// Turns waiting writes into deliveries and role syncs, in one transaction with forgetting
/// them. Answers how many writes were taken.
async fn fan_out(
    config: &Config,
    agency: &Agency,
    db: &TenantDb,
    settings: &StoredSettings,
) -> anyhow::Result<usize> {
    let mut tx = db.begin().await?;
    let waiting = webhooks::take_waiting(&mut tx, BATCH).await?;
    if waiting.is_empty() {
        return Ok(0);
    }
    let look = look(config, agency);
    let levels: Vec<String> = agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    for row in &waiting {
        let write = Write {
            kind: &row.kind,
            action: &row.action,
            subject_id: &row.subject_id,
            title: &row.title,
            actor: &row.actor_name,
            diff: &row.diff.0,
        };
        let entry = match (row.kind.as_str(), row.subject_id.parse::<i64>()) {
            ("roster", Ok(id)) => store::entry(&mut *tx, id).await?,
            _ => None,
        };
        let member = entry.as_ref().map(|e| Member {
            name: e.name.clone(),
            rank: e.rank.clone(),
            department: e.department_name.clone(),
            callsign: e.callsign.clone(),
        });
        for alert in alerts::alerts_for(&write, member.as_ref(), &levels) {
            queue_alert(&mut tx, &alert, &look, &row.at.to_rfc3339()).await?;
        }
        if settings.sync_enabled && row.action != FROM_DISCORD_ACTION {
            let current = entry.as_ref().and_then(|e| e.discord_id.as_deref()).map(str::trim);
            for account in alerts::accounts_touched(&write, current) {
                store::enqueue(&mut *tx, &account, "Roster change", None).await?;
            }
        }
    }
    let ids: Vec<i64> = waiting.iter().map(|w| w.outbox_id).collect();
    webhooks::forget_waiting(&mut tx, &ids).await?;
    tx.commit().await?;
    Ok(waiting.len())
}

async fn queue_alert(
    conn: &mut AgencyConnection,
    alert: &Alert,
    look: &Look,
    at: &str,
) -> sqlx::Result<()> {
    let payload = alerts::message(alert, look, at);
    for hook in webhooks::receiving(&mut *conn, alert.event).await? {
        webhooks::queue_delivery(&mut *conn, hook, alert.event, &alert.title, &payload).await?;
    }
    Ok(())
}

/// The address of webhook `id`, opened.
pub async fn webhook_address(
    secrets: Option<&SecretBox>,
    db: &TenantDb,
    agency_id: i64,
    id: i64,
) -> Result<Url, String> {
    let sealed = webhooks::sealed_url(db, id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| "The webhook was deleted.".to_owned())?;
    let secrets = secrets.ok_or_else(|| NO_KEY.to_owned())?;
    let text = secrets
        .open(&webhook_purpose(agency_id), &sealed)
        .map_err(|_| "The webhook's address cannot be read with this portal's PORTAL_SECRET_KEY: enter it again.".to_owned())?;
    Url::parse(&text).map_err(|e| e.to_string())
}

/// Posts due deliveries. Answers how many were tried.
async fn deliver<S: IdentityState>(
    state: &S,
    agency: &Agency,
    db: &TenantDb,
) -> anyhow::Result<usize> {
    let due = webhooks::claim_deliveries(db, BATCH).await?;
    for delivery in &due {
        let sent = match webhook_address(
            state.config().secrets.as_ref(),
            db,
            agency.id,
            delivery.webhook_id,
        )
        .await
        {
            Ok(url) => state.bots().execute_webhook(&url, &delivery.payload.0).await,
            Err(reason) => Err(BotError::Refused(reason)),
        };
        match sent {
            Ok(()) => webhooks::delivered(db, delivery.id).await?,
            Err(error) => {
                let retry = backoff(delivery.attempts, &error);
                tracing::warn!(agency = %agency.slug, delivery = delivery.id, %error, ?retry, "alert not delivered");
                webhooks::not_delivered(db, delivery.id, &error.to_string(), retry).await?;
            }
        }
    }
    if !due.is_empty() {
        webhooks::prune_deliveries(db, 500).await?;
    }
    Ok(due.len())
}

/// Runs due role syncs. Answers how many were tried.
async fn run_syncs<S: IdentityState>(
    state: &S,
    agency: &Agency,
    db: &TenantDb,
    settings: &StoredSettings,
) -> anyhow::Result<usize> {
    if !store::any_due(db).await? {
        return Ok(0);
    }
    let link = match link(state.config(), agency.id, settings) {
        Ok(link) => link,
        Err(why) => {
            for job in store::claim(db, BATCH).await? {
                store::fail(db, job.id, why, None).await?;
                if let Some(run) = job.run_id {
                    store::close_run_if_done(db, run).await?;
                }
            }
            return Ok(0);
        }
    };
    let bot = state.bots().bot(&link.token).await;
    let map = RoleMap::new(store::mappings(db).await?);
    let jobs = store::claim(db, BATCH).await?;
    let mut roster_changed = false;
    for job in &jobs {
        match sync_member(&bot, &link.guild_id, db, &map, &job.discord_id).await {
            Ok(result) => {
                roster_changed |= result.roster_roles.is_some();
                store::finish(db, job.id, &result).await?
            }
            Err(SyncError::Discord(error)) => {
                let retry = backoff(job.attempts, &error);
                tracing::warn!(agency = %agency.slug, job = job.id, %error, ?retry, "role sync failed");
                store::fail(db, job.id, &error.to_string(), retry).await?;
            }
            Err(SyncError::Database(error)) => return Err(error.into()),
        }
        if let Some(run) = job.run_id {
            store::close_run_if_done(db, run).await?;
        }
    }
    if roster_changed {
        // The roster changed outside a request: every instance drops what it cached of it.
        crate::access::cache::announce(state, crate::access::cache::Change::Agency(agency.id))
            .await;
    }
    Ok(jobs.len())
}

#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    #[error(transparent)]
    Discord(#[from] BotError),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

/// Brings one account's managed guild roles in line with its roster entry (none when it has
/// none), and the entry's Discord-decided department roles in line with the guild. Answers
/// what was done.
pub async fn sync_member(
    bot: &Bot<'_>,
    guild: &str,
    db: &TenantDb,
    map: &RoleMap,
    discord_id: &str,
) -> Result<MemberSync, SyncError> {
    let entry = store::entry_of(db, discord_id).await?;
    let name = entry.as_ref().map(|e| e.name.clone());
    let Some(actual) = bot.member_roles(guild, discord_id).await? else {
        return Ok(MemberSync { name, not_in_guild: true, ..MemberSync::default() });
    };
    let holder = entry.as_ref().map(Holder::from);
    let changes = map.changes(holder.as_ref(), &actual);
    for role in &changes.add {
        bot.add_role(guild, discord_id, role).await?;
    }
    for role in &changes.remove {
        bot.remove_role(guild, discord_id, role).await?;
    }
    let mut roster_roles = None;
    if let (Some(entry), Some(holder)) = (&entry, &holder) {
        if let Some(roles) = map.pulled(holder, &actual) {
            pull_roles(db, entry, &roles).await?;
            roster_roles = Some(RolesChange { before: entry.roles.clone(), after: roles });
        }
    }
    Ok(MemberSync {
        name,
        changed: !changes.is_empty() || roster_roles.is_some(),
        added: changes.add,
        removed: changes.remove,
        roster_roles,
        not_in_guild: false,
    })
}

/// Writes the department roles Discord decided onto the roster entry, logged and audited as the
/// sync's own change (which is never synced back to Discord).
async fn pull_roles(
    db: &TenantDb,
    entry: &crate::access::member::RosterEntry,
    roles: &[String],
) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    store::set_roster_roles(&mut tx, entry.id, roles).await?;
    let actor = Actor::system(SYNC_ACTOR);
    let change = FieldChange { field: "roles", before: joined(&entry.roles), after: joined(roles) };
    log_changes(&mut tx, entry, &[change], &actor).await?;
    let event = Event {
        action: FROM_DISCORD_ACTION.into(),
        ..Event::updated(
            "roster",
            entry.id,
            &entry.name,
            &json!({"roles": entry.roles}),
            &json!({"roles": roles}),
        )
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await
}

/// After `discord_id` signs in on `agency`: when Discord decides some of the agency's department
/// roles, their roster follows the guild now (a sync of their roles is queued and the worker
/// told). Best effort: a failure is logged and the next sync catches up.
pub async fn after_sign_in<S: crate::access::AccessState>(
    state: &S,
    agency: &Agency,
    discord_id: &str,
) {
    let queued = async {
        let db = state.pools().get(agency).await?;
        let settings = store::settings(&*db).await?;
        let decided_in_discord = store::mappings(&*db)
            .await?
            .iter()
            .any(|m| m.direction == crate::shared::discord_roles::FROM_DISCORD);
        if settings.sync_enabled && decided_in_discord {
            store::enqueue(&*db, discord_id, "Sign-in", None).await?;
            return Ok::<bool, anyhow::Error>(true);
        }
        Ok(false)
    };
    match queued.await {
        Ok(true) => {
            crate::access::cache::announce(state, crate::access::cache::Change::Agency(agency.id))
                .await
        }
        Ok(false) => {}
        Err(error) => tracing::warn!(agency = %agency.slug, %error, "sign-in sync not queued"),
    }
}

/// Notes in the control database whether the agency has integrations on, so the worker's sweep
/// visits it (best effort: a write's own instance starts the work anyway).
pub async fn remember(control: &PgPool, agency_id: i64, active: bool) {
    let done = if active {
        sqlx::query(
            "INSERT INTO integration_agencies (agency_id) VALUES ($1) ON CONFLICT DO NOTHING",
        )
        .bind(agency_id)
        .execute(control)
        .await
    } else {
        sqlx::query("DELETE FROM integration_agencies WHERE agency_id = $1")
            .bind(agency_id)
            .execute(control)
            .await
    };
    if let Err(error) = done {
        tracing::warn!(agency_id, %error, "integration agencies not updated");
    }
}

/// Notes whether the agency has integrations on now (role sync, or an enabled webhook).
pub async fn refresh_remembered<S: crate::tenancy::TenancyState>(
    state: &S,
    agency: &Agency,
    db: &TenantDb,
) {
    let active: sqlx::Result<bool> = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM discord_settings WHERE sync_enabled)
             OR EXISTS (SELECT 1 FROM webhooks WHERE enabled)",
    )
    .fetch_one(db)
    .await;
    match active {
        Ok(active) => remember(state.control(), agency.id, active).await,
        Err(error) => {
            tracing::warn!(agency = %agency.slug, %error, "integrations state not readable")
        }
    }
}

/// The agencies the worker's sweep visits.
pub async fn remembered(control: &PgPool) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT agency_id FROM integration_agencies").fetch_all(control).await
}

/// How long the worker waits between sweeps of the agencies with integrations on.
pub const SWEEP: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_and_stop() {
        let down = BotError::Unreachable("timeout".into());
        assert_eq!(backoff(1, &down), Some(30.0));
        assert_eq!(backoff(2, &down), Some(60.0));
        assert_eq!(backoff(7, &down), Some(1920.0));
        assert_eq!(backoff(MAX_ATTEMPTS, &down), None);
        assert_eq!(backoff(1, &BotError::RateLimited(Duration::from_secs(12))), Some(12.0));
        assert_eq!(
            backoff(1, &BotError::Refused("Missing Permissions".into())),
            None,
            "not transient"
        );
        assert_eq!(backoff(1, &BotError::Unauthorized), None);
    }
}
