//! `GET|PUT /api/discord/settings`, `GET|PUT /api/discord/mappings`, `GET|POST
//! /api/discord/sync` and `GET /api/discord/sync/runs/{id}`.

use std::collections::BTreeMap;

use axum::{http::StatusCode, Json};
use serde_json::json;

use crate::{
    access::{
        guard::{nav_item, page, Guard, HighCommand},
        Viewer,
    },
    config::Config,
    error::{bad_gateway, bad_request, not_found, AppResult},
    extract::{JsonBody, PathParams, Services},
    features::discord::model::{
        DirectionsInput, DiscordSettingsInput, DiscordSettingsView, MappingList, MappingView,
        SyncAnswer, SyncOverview, SyncRequest, BAD_ACCOUNT, NOT_ON_ROSTER, RUN_NOT_FOUND, SYNC_OFF,
    },
    identity::{bot::BotError, discord::DiscordRole, IdentityState},
    secrets::NO_KEY,
    shared::{
        audit::{self, Event},
        discord_roles::{drift, is_snowflake, GuildMember, RoleMap},
        discord_store::{self as store, StoredSettings},
        integrations::{self, bot_token_purpose, link, Link},
        Portal,
    },
};

/// What the screen shows of the stored settings.
fn view(config: &Config, viewer: &Viewer, stored: &StoredSettings) -> DiscordSettingsView {
    let deployment = config.discord.as_ref();
    DiscordSettingsView {
        guild_id: stored.guild_id.clone(),
        deployment_guild_id: deployment.map(|d| d.guild_id.clone()),
        bot_token_set: stored.bot_token_sealed.is_some(),
        deployment_bot: deployment.is_some_and(|d| d.bot_token.is_some()),
        sync_enabled: stored.sync_enabled,
        problem: link(config, viewer.agency.id, stored).err().map(str::to_owned),
        can_edit: viewer.is_high_command,
        secrets_available: config.secrets.is_some(),
        updated_at: stored.updated_at,
        updated_by: stored.updated_by.clone(),
    }
}

/// The agency's Discord server and bot (command staff; the token is never answered).
#[utoipa::path(get, operation_id = "get_discord_settings", path = "/api/discord/settings", tag = "discord",
    responses((status = 200, body = DiscordSettingsView), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn settings<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Discord>,
) -> AppResult<Json<DiscordSettingsView>> {
    let stored = store::settings(viewer.pool()).await?;
    Ok(Json(view(state.config(), &viewer, &stored)))
}

/// Sets the agency's Discord server, bot token (sealed) and whether roles follow the roster
/// (High Command). The change is audited with the token hidden.
#[utoipa::path(put, operation_id = "save_discord_settings", path = "/api/discord/settings", tag = "discord", request_body = DiscordSettingsInput,
    responses((status = 200, body = DiscordSettingsView), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn save_settings<S: Portal>(
    Services(state): Services<S>,
    HighCommand(viewer, _): HighCommand<page::DiscordSettings>,
    JsonBody(input): JsonBody<DiscordSettingsInput>,
) -> AppResult<Json<DiscordSettingsView>> {
    let change = input.validate().map_err(bad_request)?;
    let config = state.config();
    let mut tx = viewer.pool().begin().await?;
    let before = store::settings_for_update(&mut tx).await?;
    let mut after = before.clone();
    if let Some(guild) = change.guild_id {
        after.guild_id = guild;
    }
    if let Some(token) = change.bot_token {
        after.bot_token_sealed = match token {
            None => None,
            Some(token) => {
                let secrets = config.secrets.as_ref().ok_or_else(|| bad_request(NO_KEY))?;
                Some(secrets.seal(&bot_token_purpose(viewer.agency.id), &token))
            }
        };
    }
    if let Some(enabled) = change.sync_enabled {
        after.sync_enabled = enabled;
    }
    let actor = viewer.actor();
    store::save_settings(&mut tx, &after, &actor.display).await?;
    // The token's own value never reaches the log: whether one is set, and a change of it
    // (shown hidden, as every field named a token is).
    let audited = |s: &StoredSettings| {
        let fingerprint = s.bot_token_sealed.as_ref().map(|sealed| {
            use sha2::{Digest, Sha256};
            Sha256::digest(sealed).iter().take(6).map(|b| format!("{b:02x}")).collect::<String>()
        });
        json!({"guildId": s.guild_id, "syncEnabled": s.sync_enabled, "botToken": fingerprint})
    };
    let event = Event::updated(
        "discord_settings",
        "discord",
        "Discord settings",
        &audited(&before),
        &audited(&after),
    );
    if !event.diff.is_empty() {
        audit::record(&mut tx, &actor, &event).await?;
    }
    tx.commit().await?;
    integrations::refresh_remembered(&state, &viewer.agency, viewer.pool()).await;
    let stored = store::settings(viewer.pool()).await?;
    Ok(Json(view(config, &viewer, &stored)))
}

/// The agency's link to Discord, or the sentence that says what is missing.
fn linked(config: &Config, viewer: &Viewer, stored: &StoredSettings) -> Result<Link, String> {
    link(config, viewer.agency.id, stored).map_err(str::to_owned)
}

fn discord_failed(error: BotError) -> crate::error::AppError {
    bad_gateway(format!("Discord: {error}"))
}

/// The guild's roles, or why they could not be read.
async fn guild_roles<S: IdentityState>(
    state: &S,
    link: &Result<Link, String>,
) -> Result<Vec<DiscordRole>, String> {
    let link = link.as_ref().map_err(Clone::clone)?;
    let bot = state.bots().bot(&link.token).await;
    bot.guild_roles(&link.guild_id).await.map_err(|e| format!("Discord: {e}"))
}

/// Every part of the structure linked to a Discord role, with the role's name and which way it
/// goes.
#[utoipa::path(get, operation_id = "get_discord_mappings", path = "/api/discord/mappings", tag = "discord",
    responses((status = 200, body = MappingList), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn mappings<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Discord>,
) -> AppResult<Json<MappingList>> {
    Ok(Json(mapping_list(&state, &viewer).await?))
}

async fn mapping_list<S: IdentityState>(state: &S, viewer: &Viewer) -> AppResult<MappingList> {
    let stored = store::settings(viewer.pool()).await?;
    let mappings = store::mappings(viewer.pool()).await?;
    let roles = guild_roles(state, &linked(state.config(), viewer, &stored)).await;
    let names: BTreeMap<String, String> = roles
        .as_ref()
        .map(|r| r.iter().map(|r| (r.id.clone(), r.name.clone())).collect())
        .unwrap_or_default();
    Ok(MappingList {
        mappings: mappings
            .into_iter()
            .map(|m| MappingView {
                discord_role_name: names.get(&m.discord_role_id).cloned(),
                mapping: m,
            })
            .collect(),
        roles_problem: roles.err(),
    })
}

/// Sets which way department roles go: the portal decides (`to_discord`), or Discord does and
/// the roster follows (`from_discord`).
#[utoipa::path(put, operation_id = "save_discord_mappings", path = "/api/discord/mappings", tag = "discord", request_body = DirectionsInput,
    responses((status = 200, body = MappingList), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 502, body = crate::error::ErrorBody)))]
pub async fn save_mappings<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Discord>,
    JsonBody(input): JsonBody<DirectionsInput>,
) -> AppResult<Json<MappingList>> {
    let mut tx = viewer.pool().begin().await?;
    let before = store::mappings(&mut *tx).await?;
    let directions = input.validate(&before).map_err(bad_request)?;
    if store::set_directions(&mut tx, &directions).await? > 0 {
        let after = store::mappings(&mut *tx).await?;
        let keyed = |list: &[crate::shared::discord_roles::Mapping]| {
            let map: BTreeMap<&str, &str> = list
                .iter()
                .filter(|m| m.kind == "role")
                .map(|m| (m.item_id.as_str(), m.direction.as_str()))
                .collect();
            json!(map)
        };
        let event = Event::updated(
            "discord_mappings",
            "discord",
            "Discord role directions",
            &keyed(&before),
            &keyed(&after),
        );
        audit::record(&mut tx, &viewer.actor(), &event).await?;
    }
    tx.commit().await?;
    Ok(Json(mapping_list(&state, &viewer).await?))
}

/// How the guild's roles differ from the roster: missing and extra managed roles per member,
/// members not in the guild, and the roster's Discord-decided roles to follow.
#[utoipa::path(get, operation_id = "get_discord_differences", path = "/api/discord/sync", tag = "discord",
    responses((status = 200, body = SyncOverview), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn differences<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Discord>,
) -> AppResult<Json<SyncOverview>> {
    let stored = store::settings(viewer.pool()).await?;
    let last_run = store::last_run(viewer.pool()).await?;
    let mut overview = SyncOverview {
        sync_enabled: stored.sync_enabled,
        problem: None,
        roles: vec![],
        members: vec![],
        guild_members: 0,
        last_run,
    };
    let link = match linked(state.config(), &viewer, &stored) {
        Ok(link) => link,
        Err(problem) => {
            overview.problem = Some(problem);
            return Ok(Json(overview));
        }
    };
    let bot = state.bots().bot(&link.token).await;
    let guild = match bot.guild_members(&link.guild_id).await {
        Ok(members) => members,
        Err(error) => {
            overview.problem = Some(format!("Discord: {error}"));
            return Ok(Json(overview));
        }
    };
    overview.roles = bot.guild_roles(&link.guild_id).await.unwrap_or_default();
    overview.guild_members = guild.len();
    let guild: BTreeMap<String, GuildMember> = guild
        .into_iter()
        .map(|m| (m.user.id, GuildMember { username: m.user.username, roles: m.roles }))
        .collect();
    let map = RoleMap::new(store::mappings(viewer.pool()).await?);
    let entries = store::entries_with_discord(viewer.pool()).await?;
    overview.members = drift(&map, &entries, &guild);
    Ok(Json(overview))
}

/// Applies the roster to the guild: one member at once (`rosterId`, answered with what was
/// done), or everyone in a run the integrations worker carries out (202, followed at
/// `/api/discord/sync/runs/{id}`).
#[utoipa::path(post, operation_id = "sync_discord_roles", path = "/api/discord/sync", tag = "discord", request_body = SyncRequest,
    responses((status = 200, body = SyncAnswer), (status = 202, body = SyncAnswer),
              (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody), (status = 502, body = crate::error::ErrorBody)))]
pub async fn sync<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Discord>,
    JsonBody(request): JsonBody<SyncRequest>,
) -> AppResult<(StatusCode, Json<SyncAnswer>)> {
    let stored = store::settings(viewer.pool()).await?;
    if !stored.sync_enabled {
        return Err(crate::error::conflict(SYNC_OFF));
    }
    let link = linked(state.config(), &viewer, &stored).map_err(bad_request)?;
    let bot = state.bots().bot(&link.token).await;
    let one = match (request.roster_id, request.discord_id.as_deref().map(str::trim)) {
        (Some(roster_id), _) => Some(
            store::entry(viewer.pool(), roster_id)
                .await?
                .and_then(|e| e.discord_id)
                .map(|d| d.trim().to_owned())
                .filter(|d| is_snowflake(d))
                .ok_or_else(|| not_found(NOT_ON_ROSTER))?,
        ),
        (None, Some(account)) if is_snowflake(account) => Some(account.to_owned()),
        (None, Some(_)) => return Err(bad_request(BAD_ACCOUNT)),
        (None, None) => None,
    };
    if let Some(discord_id) = one {
        let map = RoleMap::new(store::mappings(viewer.pool()).await?);
        let done =
            integrations::sync_member(&bot, &link.guild_id, viewer.pool(), &map, &discord_id)
                .await
                .map_err(|e| match e {
                    integrations::SyncError::Discord(error) => discord_failed(error),
                    integrations::SyncError::Database(error) => error.into(),
                })?;
        return Ok((StatusCode::OK, Json(SyncAnswer { member: Some(done), run: None })));
    }
    // Everyone on the roster, and every guild member holding a role the portal manages.
    let map = RoleMap::new(store::mappings(viewer.pool()).await?);
    let managed = map.managed();
    let guild = bot.guild_members(&link.guild_id).await.map_err(discord_failed)?;
    let mut accounts: Vec<String> = store::entries_with_discord(viewer.pool())
        .await?
        .into_iter()
        .filter_map(|e| e.discord_id.map(|d| d.trim().to_owned()))
        .collect();
    accounts.extend(
        guild
            .iter()
            .filter(|m| m.roles.iter().any(|r| managed.contains(r.as_str())))
            .map(|m| m.user.id.clone()),
    );
    accounts.sort();
    accounts.dedup();
    let mut tx = viewer.pool().begin().await?;
    let id = store::start_run(&mut tx, &viewer.actor().display, &accounts).await?;
    tx.commit().await?;
    let run = store::run(viewer.pool(), id).await?;
    Ok((StatusCode::ACCEPTED, Json(SyncAnswer { member: None, run })))
}

/// A run of "Sync now" and how far it got.
#[utoipa::path(get, operation_id = "get_discord_sync_run", path = "/api/discord/sync/runs/{id}", tag = "discord",
    params(("id" = i64, Path, description = "Run id")),
    responses((status = 200, body = crate::shared::discord_store::Run), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn run(
    Guard(viewer, _): Guard<nav_item::Discord>,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<crate::shared::discord_store::Run>> {
    let run = store::run(viewer.pool(), id).await?.ok_or_else(|| not_found(RUN_NOT_FOUND))?;
    Ok(Json(run))
}
