//! `/api/auth/me`, `/api/me`, `/api/discord-user/{id}`, `/api/discord/roles`.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::member::RosterEntry,
    access::{guard::nav_item, Guard, Viewer},
    error::{bad_request, not_found, AppError, AppResult},
    extract::PathParams,
    extract::Services,
    identity::discord::{DiscordError, DiscordRole, DiscordUser},
    identity::IdentityState,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct MeUser {
    pub id: String,
    pub username: String,
    pub discriminator: String,
    pub avatar: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    pub user: Option<MeUser>,
    /// Roster entries of the active agency that belong to the user, best first.
    pub roster_matches: Vec<RosterEntry>,
    /// Demo sign-in is active (the shell shows a "Demo mode" marker).
    pub demo_mode: bool,
}

fn me(state: &impl IdentityState, viewer: Viewer) -> Json<Me> {
    Json(Me {
        user: viewer.user.map(|u| MeUser {
            id: u.discord_id,
            username: u.username,
            discriminator: u.discriminator,
            avatar: u.avatar,
        }),
        roster_matches: viewer.matches,
        demo_mode: state.config().demo_sign_in(),
    })
}

/// The signed-in user (or null) and their roster entries in the active agency.
#[utoipa::path(get, path = "/api/auth/me", tag = "identity", responses((status = 200, body = Me)))]
pub async fn auth_me<S: IdentityState>(Services(state): Services<S>, viewer: Viewer) -> Json<Me> {
    me(&state, viewer)
}

/// Same as `/api/auth/me`.
#[utoipa::path(get, path = "/api/me", tag = "identity", responses((status = 200, body = Me)))]
pub async fn api_me<S: IdentityState>(Services(state): Services<S>, viewer: Viewer) -> Json<Me> {
    me(&state, viewer)
}

fn discord_error(err: DiscordError) -> AppError {
    match err {
        DiscordError::NotFound => not_found("Unknown Discord user"),
        other => AppError::Unavailable(other.to_string()),
    }
}

/// A Discord user's public profile (avatar, discriminator, username), cached.
#[utoipa::path(get, path = "/api/discord-user/{id}", tag = "identity",
    params(("id" = String, Path, description = "Discord user id")),
    responses((status = 200, body = DiscordUser), (status = 400, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody), (status = 503, body = crate::error::ErrorBody)))]
pub async fn discord_user<S: IdentityState>(
    Services(state): Services<S>,
    PathParams(id): PathParams<String>,
) -> AppResult<Json<DiscordUser>> {
    if id.len() < 5 || id.len() > 25 || !id.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad_request("A Discord user id is a number."));
    }
    let discord = state.discord().ok_or_else(|| discord_error(DiscordError::NoBotToken))?;
    Ok(Json(discord.user(&id).await.map_err(discord_error)?))
}

/// The community server's roles. Without a bot token there is no role list: `available` is
/// false, `roles` empty and `reason` says why, so the screens link ranks without roles and say
/// so once instead of failing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiscordRoles {
    pub roles: Vec<DiscordRole>,
    pub available: bool,
    pub reason: Option<String>,
}

/// The community server's roles, for linking ranks and roles (department managers). Discord
/// failing (not the missing token) still answers 503.
#[utoipa::path(get, path = "/api/discord/roles", tag = "identity",
    responses((status = 200, body = DiscordRoles), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 503, body = crate::error::ErrorBody)))]
pub async fn discord_roles<S: IdentityState>(
    Services(state): Services<S>,
    _guard: Guard<nav_item::DepartmentManagement>,
) -> AppResult<Json<DiscordRoles>> {
    let unavailable = |err: DiscordError| DiscordRoles {
        roles: vec![],
        available: false,
        reason: Some(err.to_string()),
    };
    let Some(discord) = state.discord() else {
        return Ok(Json(unavailable(DiscordError::NoBotToken)));
    };
    match discord.guild_roles().await {
        Ok(roles) => Ok(Json(DiscordRoles { roles, available: true, reason: None })),
        Err(DiscordError::NoBotToken) => Ok(Json(unavailable(DiscordError::NoBotToken))),
        Err(err) => Err(discord_error(err)),
    }
}
