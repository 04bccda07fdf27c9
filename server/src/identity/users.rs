//! Signed-in accounts (control schema `users`).

use chrono::{DateTime, Utc};
use sqlx::{FromRow, PgExecutor};

use crate::identity::discord::DiscordUser;

#[derive(Debug, Clone, FromRow)]
pub struct User {
    pub discord_id: String,
    pub username: String,
    pub discriminator: String,
    pub global_name: Option<String>,
    pub avatar: Option<String>,
    pub guild_roles: Vec<String>,
    pub guild_nick: Option<String>,
    pub last_login_at: DateTime<Utc>,
}

impl User {
    /// `name#1234`, or the bare username for accounts on Discord's new unique names.
    pub fn tag(&self) -> String {
        if self.discriminator.is_empty() || self.discriminator == "0" {
            self.username.clone()
        } else {
            format!("{}#{}", self.username, self.discriminator)
        }
    }

    /// Names a roster entry may carry for this person (lowercased): nickname in the
    /// community server, display name and username.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> =
            [self.guild_nick.as_deref(), self.global_name.as_deref(), Some(&self.username)]
                .into_iter()
                .flatten()
                .map(|n| n.trim().to_lowercase())
                .filter(|n| !n.is_empty())
                .collect();
        names.dedup();
        names
    }
}

const COLUMNS: &str =
    "discord_id, username, discriminator, global_name, avatar, guild_roles, guild_nick, last_login_at";

pub async fn find(db: impl PgExecutor<'_>, discord_id: &str) -> sqlx::Result<Option<User>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM users WHERE discord_id = $1"))
        .bind(discord_id)
        .fetch_optional(db)
        .await
}

/// Records a sign-in: the account's current names, avatar and guild roles.
pub async fn record_sign_in(
    db: impl PgExecutor<'_>,
    user: &DiscordUser,
    guild_roles: &[String],
    guild_nick: Option<&str>,
) -> sqlx::Result<User> {
    sqlx::query_as(&format!(
        "INSERT INTO users (discord_id, username, discriminator, global_name, avatar, guild_roles, guild_nick)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (discord_id) DO UPDATE SET
             username = EXCLUDED.username, discriminator = EXCLUDED.discriminator,
             global_name = EXCLUDED.global_name, avatar = EXCLUDED.avatar,
             guild_roles = EXCLUDED.guild_roles, guild_nick = EXCLUDED.guild_nick,
             last_login_at = now()
         RETURNING {COLUMNS}"
    ))
    .bind(&user.id)
    .bind(&user.username)
    .bind(&user.discriminator)
    .bind(&user.global_name)
    .bind(&user.avatar)
    .bind(guild_roles)
    .bind(guild_nick)
    .fetch_one(db)
    .await
}
