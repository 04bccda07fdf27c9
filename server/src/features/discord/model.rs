//! What the Discord screen reads and sends, and the checks of a settings save.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    identity::discord::DiscordRole,
    shared::{
        discord_roles::{is_snowflake, Drift, Mapping, MemberSync, FROM_DISCORD, TO_DISCORD},
        discord_store::Run,
    },
};

pub const BAD_GUILD: &str = "A Discord server id is 17 to 20 digits (right-click the server with Developer Mode on, then Copy Server ID).";
pub const BAD_TOKEN: &str = "A bot token is one line of at most 200 characters.";
pub const NOTHING_TO_CHANGE: &str = "Nothing to change.";
pub const BAD_DIRECTION: &str = "A direction is to_discord or from_discord.";
pub const ONLY_DEPARTMENT_ROLES: &str =
    "Only department roles can be handed out in Discord; ranks, departments and sub-departments follow the roster.";
pub const SYNC_OFF: &str = "Turn role sync on first (Command → Discord, High Command).";
pub const NOT_ON_ROSTER: &str = "That person is not on the roster with a Discord id.";
pub const BAD_ACCOUNT: &str = "A Discord id is 17 to 20 digits.";
pub const RUN_NOT_FOUND: &str = "Sync run not found";

/// The agency's Discord settings as the screen shows them (never the token).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DiscordSettingsView {
    /// The agency's own server; `None`: the deployment's is used (`deploymentGuildId`).
    pub guild_id: Option<String>,
    pub deployment_guild_id: Option<String>,
    /// The agency has a bot token of its own (it is never shown).
    pub bot_token_set: bool,
    /// Without a token of its own, the deployment's bot is used (when there is one).
    pub deployment_bot: bool,
    /// Roles follow the roster.
    pub sync_enabled: bool,
    /// What stops role sync, when anything does (no server, no bot, an unreadable token).
    pub problem: Option<String>,
    /// The viewer is High Command and may change these settings.
    pub can_edit: bool,
    /// The portal can store secrets (`PORTAL_SECRET_KEY` is set).
    pub secrets_available: bool,
    pub updated_at: DateTime<Utc>,
    pub updated_by: Option<String>,
}

/// `PUT /api/discord/settings`: what to change (absent fields stay as they are).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct DiscordSettingsInput {
    /// The agency's server id; blank: use the deployment's.
    #[schema(max_length = 20)]
    pub guild_id: Option<String>,
    /// A new bot token; blank: remove the agency's own.
    #[schema(max_length = 200)]
    pub bot_token: Option<String>,
    pub sync_enabled: Option<bool>,
}

/// A settings change, checked: `Some(None)` clears a value.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub guild_id: Option<Option<String>>,
    pub bot_token: Option<Option<String>>,
    pub sync_enabled: Option<bool>,
}

impl DiscordSettingsInput {
    pub fn validate(self) -> Result<SettingsChange, &'static str> {
        let guild_id = match self.guild_id.map(|g| g.trim().to_owned()) {
            None => None,
            Some(g) if g.is_empty() => Some(None),
            Some(g) if is_snowflake(&g) => Some(Some(g)),
            Some(_) => return Err(BAD_GUILD),
        };
        let bot_token = match self.bot_token.map(|t| t.trim().to_owned()) {
            None => None,
            Some(t) if t.is_empty() => Some(None),
            Some(t) if t.chars().count() <= 200 && !t.chars().any(char::is_whitespace) => {
                Some(Some(t))
            }
            Some(_) => return Err(BAD_TOKEN),
        };
        let change = SettingsChange { guild_id, bot_token, sync_enabled: self.sync_enabled };
        if change == SettingsChange::default() {
            return Err(NOTHING_TO_CHANGE);
        }
        Ok(change)
    }
}

/// A mapping with the name of its Discord role, when the guild could be read.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MappingView {
    #[serde(flatten)]
    pub mapping: Mapping,
    pub discord_role_name: Option<String>,
}

/// `GET /api/discord/mappings`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MappingList {
    pub mappings: Vec<MappingView>,
    /// Why the role names are missing, when they are.
    pub roles_problem: Option<String>,
}

/// `PUT /api/discord/mappings`: department role id → `to_discord` or `from_discord`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DirectionsInput {
    pub directions: BTreeMap<String, String>,
}

impl DirectionsInput {
    /// The directions to set, each for a department role of `mappings`.
    pub fn validate(self, mappings: &[Mapping]) -> Result<Vec<(String, String)>, String> {
        if self.directions.is_empty() {
            return Err(NOTHING_TO_CHANGE.into());
        }
        let mut out = Vec::new();
        for (id, direction) in self.directions {
            if direction != TO_DISCORD && direction != FROM_DISCORD {
                return Err(BAD_DIRECTION.into());
            }
            match mappings.iter().find(|m| m.item_id == id) {
                Some(m) if m.kind == "role" => out.push((id, direction)),
                Some(_) => return Err(ONLY_DEPARTMENT_ROLES.into()),
                None => {
                    return Err(format!("No department role '{id}' is linked to a Discord role."))
                }
            }
        }
        Ok(out)
    }
}

/// `GET /api/discord/sync`: how the guild differs from the roster.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncOverview {
    pub sync_enabled: bool,
    /// Why the guild could not be read, when it could not.
    pub problem: Option<String>,
    /// The guild's roles (id and name), for showing names.
    pub roles: Vec<DiscordRole>,
    /// Members whose roles differ; empty when all is in line (or the guild was not read).
    pub members: Vec<Drift>,
    /// How many guild members were read.
    pub guild_members: usize,
    pub last_run: Option<Run>,
}

/// `POST /api/discord/sync`: one member now (by `rosterId`, or by `discordId` for a guild
/// member who is not on the roster), or everyone in a run.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct SyncRequest {
    pub roster_id: Option<i64>,
    #[schema(max_length = 20)]
    pub discord_id: Option<String>,
}

/// What `POST /api/discord/sync` did: one member's result, or the run started.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncAnswer {
    /// The member synced (`rosterId` or `discordId` given): roles added and removed, roster
    /// roles changed.
    pub member: Option<MemberSync>,
    /// The run started for everyone, to follow at `/api/discord/sync/runs/{id}`.
    pub run: Option<Run>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(
        guild: Option<&str>,
        token: Option<&str>,
        enabled: Option<bool>,
    ) -> DiscordSettingsInput {
        DiscordSettingsInput {
            guild_id: guild.map(Into::into),
            bot_token: token.map(Into::into),
            sync_enabled: enabled,
        }
    }

    #[test]
    fn settings_are_checked() {
        assert_eq!(
            input(Some(" 123456789012345678 "), None, None).validate(),
            Ok(SettingsChange {
                guild_id: Some(Some("123456789012345678".into())),
                ..Default::default()
            })
        );
        assert_eq!(
            input(Some(""), Some(""), None).validate(),
            Ok(SettingsChange { guild_id: Some(None), bot_token: Some(None), sync_enabled: None })
        );
        assert_eq!(input(Some("1234"), None, None).validate(), Err(BAD_GUILD));
        assert_eq!(input(Some("12345678901234567x"), None, None).validate(), Err(BAD_GUILD));
        assert_eq!(input(None, Some("two words"), None).validate(), Err(BAD_TOKEN));
        assert_eq!(input(None, Some(&"t".repeat(201)), None).validate(), Err(BAD_TOKEN));
        assert_eq!(input(None, None, None).validate(), Err(NOTHING_TO_CHANGE));
        assert!(input(None, None, Some(true)).validate().is_ok());
    }

    fn mapping(kind: &str, id: &str) -> Mapping {
        Mapping {
            kind: kind.into(),
            item_id: id.into(),
            name: id.into(),
            department_id: "patrol".into(),
            department_name: "Patrol".into(),
            discord_role_id: "700000000000000001".into(),
            direction: TO_DISCORD.into(),
        }
    }

    #[test]
    fn only_department_roles_change_direction() {
        let mappings = [mapping("role", "fto"), mapping("rank", "sergeant")];
        let set = |id: &str, d: &str| DirectionsInput {
            directions: BTreeMap::from([(id.into(), d.into())]),
        };
        assert_eq!(
            set("fto", FROM_DISCORD).validate(&mappings),
            Ok(vec![("fto".into(), FROM_DISCORD.into())])
        );
        assert_eq!(set("fto", "sideways").validate(&mappings), Err(BAD_DIRECTION.into()));
        assert_eq!(
            set("sergeant", FROM_DISCORD).validate(&mappings),
            Err(ONLY_DEPARTMENT_ROLES.into())
        );
        assert_eq!(
            set("k9", FROM_DISCORD).validate(&mappings),
            Err("No department role 'k9' is linked to a Discord role.".into())
        );
    }
}
