//! Calls to Discord's HTTP API: the signed-in user, their guild membership, guild roles and
//! user look-ups. Every call times out, honours 429 `Retry-After`, and bot look-ups are cached.

use std::time::Duration;

use moka::future::Cache;
use reqwest::{header, StatusCode};
use serde::{de::DeserializeOwned, Deserialize, Serialize};
use utoipa::ToSchema;

use crate::config::DiscordSettings;

/// A Discord account as `/users/@me` and `/users/{id}` describe it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DiscordUser {
    pub id: String,
    pub username: String,
    #[serde(default = "zero")]
    pub discriminator: String,
    #[serde(default)]
    pub avatar: Option<String>,
    #[serde(default, skip_serializing)]
    pub global_name: Option<String>,
}

fn zero() -> String {
    "0".into()
}

/// The member record of the signed-in user in the community's server.
#[derive(Debug, Clone, Deserialize)]
pub struct GuildMember {
    #[serde(default)]
    pub roles: Vec<String>,
    #[serde(default)]
    pub nick: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DiscordRole {
    pub id: String,
    pub name: String,
}

#[derive(Debug, thiserror::Error)]
pub enum DiscordError {
    #[error("not found")]
    NotFound,
    #[error("Discord refused the request ({0})")]
    Refused(StatusCode),
    #[error("Discord is rate limiting the portal; try again in a moment")]
    RateLimited,
    #[error("Discord lookups are not configured (DISCORD_BOT_TOKEN)")]
    NoBotToken,
    #[error("Discord could not be reached: {0}")]
    Unreachable(String),
}

/// Longest `Retry-After` the portal waits out before giving up.
const MAX_RETRY_WAIT: Duration = Duration::from_secs(5);
const MAX_ATTEMPTS: u32 = 3;

#[derive(Clone)]
pub struct DiscordApi {
    http: reqwest::Client,
    settings: DiscordSettings,
    users: Cache<String, DiscordUser>,
    roles: Cache<(), Vec<DiscordRole>>,
}

enum Auth<'a> {
    Bearer(&'a str),
    Bot,
}

impl DiscordApi {
    pub fn new(settings: DiscordSettings) -> Self {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .connect_timeout(Duration::from_secs(5))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("AgencyPortal (https://github.com/agency-portal, 0.1)")
            .build()
            .expect("a TLS backend is available");
        Self {
            http,
            settings,
            users: Cache::builder()
                .max_capacity(10_000)
                .time_to_live(Duration::from_secs(600))
                .build(),
            roles: Cache::builder().max_capacity(1).time_to_live(Duration::from_secs(300)).build(),
        }
    }

    pub fn settings(&self) -> &DiscordSettings {
        &self.settings
    }

    pub fn http(&self) -> &reqwest::Client {
        &self.http
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.settings.api_url.as_str().trim_end_matches('/'))
    }

    async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        auth: Auth<'_>,
    ) -> Result<T, DiscordError> {
        let authorization = match auth {
            Auth::Bearer(token) => format!("Bearer {token}"),
            Auth::Bot => {
                let token = self.settings.bot_token.as_deref().ok_or(DiscordError::NoBotToken)?;
                format!("Bot {token}")
            }
        };
        let url = self.url(path);
        for attempt in 1..=MAX_ATTEMPTS {
            let response = self
                .http
                .get(&url)
                .header(header::AUTHORIZATION, &authorization)
                .send()
                .await
                .map_err(|e| DiscordError::Unreachable(e.without_url().to_string()))?;
            match response.status() {
                s if s.is_success() => {
                    return response
                        .json()
                        .await
                        .map_err(|e| DiscordError::Unreachable(e.without_url().to_string()))
                }
                StatusCode::NOT_FOUND => return Err(DiscordError::NotFound),
                StatusCode::TOO_MANY_REQUESTS => {
                    let wait = retry_after(response.headers());
                    if attempt == MAX_ATTEMPTS || wait > MAX_RETRY_WAIT {
                        return Err(DiscordError::RateLimited);
                    }
                    tracing::warn!(?wait, path, "Discord rate limit; waiting");
                    tokio::time::sleep(wait).await;
                }
                other => return Err(DiscordError::Refused(other)),
            }
        }
        Err(DiscordError::RateLimited)
    }

    /// The account behind an OAuth2 access token.
    pub async fn current_user(&self, access_token: &str) -> Result<DiscordUser, DiscordError> {
        self.get("/users/@me", Auth::Bearer(access_token)).await
    }

    /// The signed-in user's membership of the community server; `NotFound` when not a member.
    pub async fn current_member(&self, access_token: &str) -> Result<GuildMember, DiscordError> {
        let path = format!("/users/@me/guilds/{}/member", self.settings.guild_id);
        self.get(&path, Auth::Bearer(access_token)).await
    }

    /// The community server's roles (bot token), cached for five minutes.
    pub async fn guild_roles(&self) -> Result<Vec<DiscordRole>, DiscordError> {
        if let Some(roles) = self.roles.get(&()).await {
            return Ok(roles);
        }
        let path = format!("/guilds/{}/roles", self.settings.guild_id);
        let roles: Vec<DiscordRole> = self.get(&path, Auth::Bot).await?;
        self.roles.insert((), roles.clone()).await;
        Ok(roles)
    }

    /// Any Discord user by id (bot token), cached for ten minutes.
    pub async fn user(&self, id: &str) -> Result<DiscordUser, DiscordError> {
        if let Some(user) = self.users.get(id).await {
            return Ok(user);
        }
        let user: DiscordUser = self.get(&format!("/users/{id}"), Auth::Bot).await?;
        self.users.insert(id.to_owned(), user.clone()).await;
        Ok(user)
    }
}

/// `Retry-After` in seconds (Discord sends fractions); a missing header waits one second.
fn retry_after(headers: &header::HeaderMap) -> Duration {
    headers
        .get(header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|secs| secs.is_finite() && *secs >= 0.0)
        .map(Duration::from_secs_f64)
        .unwrap_or(Duration::from_secs(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_reads_fractional_seconds() {
        let mut h = header::HeaderMap::new();
        assert_eq!(retry_after(&h), Duration::from_secs(1));
        h.insert(header::RETRY_AFTER, "0.25".parse().unwrap());
        assert_eq!(retry_after(&h), Duration::from_millis(250));
        h.insert(header::RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after(&h), Duration::from_secs(1));
    }
}
