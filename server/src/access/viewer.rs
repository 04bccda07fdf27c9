//! The viewer: who is asking, in the agency of the request (ARCHITECTURE.md §4).
//! Identity is global; rank, roles and High Command are decided by this agency's roster.

use std::sync::Arc;

use axum::{extract::FromRequestParts, http::request::Parts};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::AccessState,
    access::{
        cache::{AccessCache, Membership},
        levels::NO_LEVEL,
        member::RosterEntry,
        nav::ViewerFacts,
        rank_access::{assignable_levels, Editor, Levels},
        store,
    },
    error::AppError,
    identity::{users::User, SignedIn},
    tenancy::{pools::TenantDb, Agency, Tenant, ROOT_SLUG},
};

#[derive(Clone)]
pub struct Viewer {
    pub agency: Arc<Agency>,
    pub db: Arc<TenantDb>,
    pub user: Option<User>,
    /// Roster entries of this agency that belong to the user, best first.
    pub matches: Vec<RosterEntry>,
    /// The level of the best match's rank (the top level for configured owners on root).
    pub level: Option<String>,
    /// Roster roles, department roles linked to the user's Discord roles, and Discord roles.
    pub roles: Vec<String>,
    pub is_high_command: bool,
    /// The agency's level ids, lowest first, and the ids of the viewer's own roster entries.
    level_ids: Vec<String>,
    own_ids: Vec<i64>,
    /// A configured owner of the root agency (full rights there).
    pub is_owner: bool,
    /// May change things (false on leave of absence: read access only).
    pub can_manage: bool,
    /// Where navigation rules are cached (`access::cache`).
    pub access: Arc<AccessCache>,
    /// The agency API token the request came with (`access::tokens`): it acts within its
    /// scopes only, as the member it names or as the agency's service.
    pub api_token: Option<Arc<crate::access::tokens::ApiCaller>>,
}

/// Who made a change, as logs record it.
#[derive(Debug, Clone)]
pub struct Actor {
    pub display: String,
    pub user_id: Option<String>,
}

impl Actor {
    /// A change the portal makes itself (demo data, a new agency's defaults, a job).
    pub fn system(display: &str) -> Self {
        Self { display: display.into(), user_id: None }
    }
}

pub const ON_LEAVE: &str =
    "Members on leave of absence (LOA) can view the portal but cannot change anything.";

/// What a roster status leaves of a member's rights (README "Access rules").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Standing {
    /// Active: every right of the rank.
    Active,
    /// LOA: read access of the rank, no management.
    OnLeave,
    /// Suspended or Inactive: a member without a level (public pages and their profile).
    Benched,
}

impl Standing {
    pub fn of(status: &str) -> Self {
        match status {
            "LOA" => Self::OnLeave,
            "Suspended" | "Inactive" => Self::Benched,
            _ => Self::Active,
        }
    }
}

/// The viewer as the API describes it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ViewerInfo {
    pub is_authenticated: bool,
    pub level: Option<String>,
    pub roles: Vec<String>,
    pub is_high_command: bool,
    /// False on leave of absence: pages stay readable, nothing can be changed.
    pub can_manage: bool,
    /// Levels this viewer may give to people and ranks (every level for High Command, else
    /// those below their own; none without management rights).
    pub assignable_levels: Vec<String>,
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

    /// The rank whose catalogue items the viewer may use: the best match's, while they hold
    /// a level (suspended and inactive members use nothing rank-limited).
    pub fn rank_id(&self) -> Option<&str> {
        self.level.as_ref()?;
        self.roster()?.rank_id.as_deref()
    }

    pub fn pool(&self) -> &TenantDb {
        &self.db
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

    /// The viewer as change logs record them; a change made through an API token says so
    /// (`Casey Nguyen (API token Game server)`, or `API token Game server` for the agency's
    /// own service).
    pub fn actor(&self) -> Actor {
        let user_id = self.user.as_ref().map(|u| u.discord_id.clone());
        let display = match (&self.api_token, &self.user) {
            (Some(token), Some(_)) => format!("{} (API token {})", self.display_name(), token.name),
            (Some(token), None) => format!("API token {}", token.name),
            (None, _) => self.display_name(),
        };
        Actor { display, user_id }
    }

    /// The request came with an API token and acts as no member: the agency's service, within
    /// the token's scopes (which `access::tokens` checked before any route ran).
    pub fn is_service(&self) -> bool {
        self.api_token.is_some() && self.user.is_none()
    }

    /// The viewer as the change logs of agency `slug` record them: a member of another agency
    /// (the root agency's High Command administering it) is named with their agency's slug,
    /// `Alex Mercer (rawlife)`.
    pub fn actor_in(&self, slug: &str) -> Actor {
        let actor = self.actor();
        if slug == self.agency.slug {
            return actor;
        }
        Actor { display: format!("{} ({})", actor.display, self.agency.slug), ..actor }
    }

    /// The viewer as the rank rule sees an editor.
    pub fn editor(&self) -> (Levels<'_>, Editor<'_>) {
        (
            Levels(&self.level_ids),
            Editor {
                level: self.level.as_deref(),
                owner: self.is_owner,
                own_entries: &self.own_ids,
            },
        )
    }

    pub fn info(&self) -> ViewerInfo {
        let assignable_levels = if self.can_manage && self.is_authenticated() {
            let (levels, editor) = self.editor();
            assignable_levels(levels, editor).into_iter().map(str::to_owned).collect()
        } else {
            vec![]
        };
        ViewerInfo {
            is_authenticated: self.is_authenticated(),
            level: self.level.clone(),
            roles: self.roles.clone(),
            is_high_command: self.is_high_command,
            can_manage: self.can_manage,
            assignable_levels,
            user_id: self.user.as_ref().map(|u| u.discord_id.clone()),
            roster: self.roster().cloned(),
        }
    }
}

/// The user's roster matches and linked department roles in the agency of `db`.
async fn membership(db: &TenantDb, user: &User) -> sqlx::Result<Arc<Membership>> {
    let matches = store::matches_for(db, &user.discord_id, &user.tag(), &user.names()).await?;
    let linked_roles = if user.guild_roles.is_empty() {
        vec![]
    } else {
        store::linked_roles(db, &user.guild_roles).await?
    };
    Ok(Arc::new(Membership { matches, linked_roles }))
}

/// Builds the viewer of `user` in an agency. Pure apart from the roster reads, which come
/// through `access` (cached until the agency or the user changes).
pub async fn viewer_for(
    agency: Arc<Agency>,
    db: Arc<TenantDb>,
    user: Option<User>,
    owners: &[String],
    access: Arc<AccessCache>,
) -> Result<Viewer, AppError> {
    let level_ids: Vec<String> = agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    let Some(user) = user else {
        return Ok(Viewer {
            agency,
            db,
            user: None,
            matches: vec![],
            level: None,
            roles: vec![],
            is_high_command: false,
            level_ids,
            own_ids: vec![],
            is_owner: false,
            can_manage: false,
            access,
            api_token: None,
        });
    };
    let member = access.membership(&agency, &user.discord_id, membership(&db, &user)).await?;
    let matches = member.matches.clone();
    let is_owner = agency.slug == ROOT_SLUG && owners.contains(&user.discord_id);
    let standing = if is_owner {
        Standing::Active
    } else {
        matches.first().map_or(Standing::Active, |m| Standing::of(&m.status))
    };
    let top_level = level_ids.last().cloned();
    let (level, roles) = if standing == Standing::Benched {
        (None, vec![])
    } else {
        let linked = &member.linked_roles;
        let level = if is_owner {
            top_level.clone()
        } else {
            matches.first().and_then(|m| m.level.clone())
        };
        let mut roles: Vec<String> = Vec::new();
        let sources = matches.first().map(|m| m.roles.iter()).into_iter().flatten();
        for role in sources.chain(linked.iter()).chain(user.guild_roles.iter()) {
            if !roles.contains(role) {
                roles.push(role.clone());
            }
        }
        (level, roles)
    };
    let is_high_command = is_owner || (level.is_some() && level == top_level);
    let own_ids = matches.iter().map(|m| m.id).collect();
    Ok(Viewer {
        agency,
        db,
        user: Some(user),
        matches,
        level,
        roles,
        is_high_command,
        level_ids,
        own_ids,
        is_owner,
        can_manage: standing != Standing::OnLeave,
        access,
        api_token: None,
    })
}

impl<S: AccessState> FromRequestParts<S> for Viewer {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        if let Some(found) = parts.extensions.get::<Viewer>() {
            return Ok(found.clone());
        }
        let Tenant { agency, db } = Tenant::from_request_parts(parts, state).await?;
        let SignedIn(user) = SignedIn::from_request_parts(parts, state).await?;
        let owners = &state.config().owner_discord_ids;
        let viewer = viewer_for(agency, db, user, owners, state.access_cache().clone()).await?;
        parts.extensions.insert(viewer.clone());
        Ok(viewer)
    }
}
