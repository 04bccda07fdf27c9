//! The viewer: who is asking, in the agency of the request (ARCHITECTURE.md §4).
//! Identity is global; rank, roles and High Command are decided by this agency's roster.

use std::sync::Arc;

use axum::{extract::FromRequestParts, http::request::Parts};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::{levels::NO_LEVEL, nav::ViewerFacts},
    app::AppState,
    error::AppError,
    features::roster::{model::RosterEntry, store as roster},
    identity::{users::User, SignedIn},
    tenancy::{pools::TenantPool, Agency, Tenant, ROOT_SLUG},
};

#[derive(Clone)]
pub struct Viewer {
    pub agency: Arc<Agency>,
    pub db: Arc<TenantPool>,
    pub user: Option<User>,
    /// Roster entries of this agency that belong to the user, best first.
    pub matches: Vec<RosterEntry>,
    /// The level of the best match's rank (the top level for configured owners on root).
    pub level: Option<String>,
    /// Roster roles, department roles linked to the user's Discord roles, and Discord roles.
    pub roles: Vec<String>,
    pub is_high_command: bool,
}

/// The viewer as the API describes it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewerInfo {
    pub is_authenticated: bool,
    pub level: Option<String>,
    pub roles: Vec<String>,
    pub is_high_command: bool,
    pub user_id: Option<String>,
    pub roster: Option<RosterEntry>,
}

impl Viewer {
    pub fn is_authenticated(&self) -> bool {
        self.user.is_some()
    }

    pub fn roster(&self) -> Option<&RosterEntry> {
        self.matches.first()
    }

    pub fn pool(&self) -> &sqlx::PgPool {
        self.db.pool()
    }

    /// The agency's level ids with `no_level` appended.
    pub fn level_order(&self) -> Vec<String> {
        let mut order: Vec<String> =
            self.agency.flags.levels.iter().map(|l| l.id.clone()).collect();
        order.push(NO_LEVEL.to_owned());
        order
    }

    pub fn facts(&self) -> ViewerFacts<'_> {
        ViewerFacts {
            authenticated: self.is_authenticated(),
            has_roster: self.roster().is_some(),
            level: self.level.as_deref(),
            roles: &self.roles,
        }
    }

    /// A short name for logs and "updated by": roster name, else callsign, else the tag.
    pub fn display_name(&self) -> String {
        if let Some(entry) = self.roster() {
            return entry.name.clone();
        }
        self.user.as_ref().map(User::tag).unwrap_or_else(|| "anonymous".into())
    }

    pub fn info(&self) -> ViewerInfo {
        ViewerInfo {
            is_authenticated: self.is_authenticated(),
            level: self.level.clone(),
            roles: self.roles.clone(),
            is_high_command: self.is_high_command,
            user_id: self.user.as_ref().map(|u| u.discord_id.clone()),
            roster: self.roster().cloned(),
        }
    }
}

/// Builds the viewer of `user` in an agency. Pure apart from the roster query.
pub async fn viewer_for(
    agency: Arc<Agency>,
    db: Arc<TenantPool>,
    user: Option<User>,
    owners: &[String],
) -> Result<Viewer, AppError> {
    let Some(user) = user else {
        return Ok(Viewer {
            agency,
            db,
            user: None,
            matches: vec![],
            level: None,
            roles: vec![],
            is_high_command: false,
        });
    };
    let matches =
        roster::matches_for(db.pool(), &user.discord_id, &user.tag(), &user.names()).await?;
    let linked: Vec<String> = if user.guild_roles.is_empty() {
        vec![]
    } else {
        sqlx::query_scalar("SELECT id FROM department_roles WHERE discord_role_id = ANY($1)")
            .bind(&user.guild_roles)
            .fetch_all(db.pool())
            .await?
    };
    let top_level = agency.flags.levels.last().map(|l| l.id.clone());
    let is_owner = agency.slug == ROOT_SLUG && owners.contains(&user.discord_id);
    let mut level = matches.first().and_then(|m| m.level.clone());
    if is_owner {
        level = top_level.clone();
    }
    let is_high_command = is_owner || (level.is_some() && level == top_level);

    let mut roles: Vec<String> = Vec::new();
    let sources = matches.first().map(|m| m.roles.iter()).into_iter().flatten();
    for role in sources.chain(linked.iter()).chain(user.guild_roles.iter()) {
        if !roles.contains(role) {
            roles.push(role.clone());
        }
    }
    Ok(Viewer { agency, db, user: Some(user), matches, level, roles, is_high_command })
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, AppError> {
        if let Some(found) = parts.extensions.get::<Viewer>() {
            return Ok(found.clone());
        }
        let Tenant { agency, db } = Tenant::from_request_parts(parts, state).await?;
        let SignedIn(user) = SignedIn::from_request_parts(parts, state).await?;
        let viewer = viewer_for(agency, db, user, &state.config.owner_discord_ids).await?;
        parts.extensions.insert(viewer.clone());
        Ok(viewer)
    }
}
