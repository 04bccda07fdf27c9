//! An agency's Discord bot (issue 22): the guild's members and their roles, role changes, and
//! webhook posts. Discord's limits are honoured: at most 50 requests a second per bot token
//! (its global rate), each route's bucket as the `X-RateLimit-*` headers describe it, and a
//! `429` waits for its `retry_after` (the whole token when Discord says the limit is global)
//! before the request is tried again. A wait longer than [`MAX_WAIT`] is handed back to the
//! caller as [`BotError::RateLimited`], so a queued job can come back later instead of holding
//! a worker.

use std::{
    collections::HashMap,
    num::NonZeroU32,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use reqwest::{header, Method, StatusCode};
use serde::Deserialize;
use serde_json::Value;
use sha2::{Digest, Sha256};
use url::Url;

use crate::identity::discord::DiscordRole;

/// Discord's global rate: requests a second per bot token.
pub const GLOBAL_PER_SECOND: u32 = 50;
/// The longest wait a request sits out; longer ones are the caller's to schedule.
pub const MAX_WAIT: Duration = Duration::from_secs(10);
/// How often one request is tried when Discord keeps answering 429.
const MAX_ATTEMPTS: u32 = 5;
/// Members asked for at once (Discord's maximum).
const MEMBER_PAGE: usize = 1000;
/// The most members one guild read returns (then the differences are partial).
pub const MAX_MEMBERS: usize = 25_000;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum BotError {
    #[error("Discord does not know it")]
    NotFound,
    #[error("Discord refused the bot token (is it the agency's bot, and still valid?)")]
    Unauthorized,
    #[error("Discord refused: {0}")]
    Refused(String),
    #[error("Discord is rate limiting; tried again in {0:?}")]
    RateLimited(Duration),
    #[error("Discord could not be reached: {0}")]
    Unreachable(String),
}

impl BotError {
    /// Whether the same request may succeed later (a job is retried then).
    pub fn is_transient(&self) -> bool {
        matches!(self, Self::RateLimited(_) | Self::Unreachable(_))
    }
}

/// A guild member as the member list answers it.
#[derive(Debug, Clone, Deserialize)]
pub struct MemberRecord {
    pub user: MemberUser,
    #[serde(default)]
    pub roles: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct MemberUser {
    pub id: String,
    #[serde(default)]
    pub username: String,
}

#[derive(Debug, Default, Clone, Copy)]
struct Bucket {
    remaining: Option<u32>,
    reset_at: Option<Instant>,
}

/// What one bot token may still do: its global rate, its route buckets, and a global pause
/// Discord asked for.
struct TokenLimits {
    global: DefaultDirectRateLimiter,
    buckets: Mutex<HashMap<String, Bucket>>,
    paused_until: Mutex<Option<Instant>>,
}

impl TokenLimits {
    fn new() -> Self {
        let per_second = NonZeroU32::new(GLOBAL_PER_SECOND).unwrap_or(NonZeroU32::MIN);
        Self {
            global: RateLimiter::direct(Quota::per_second(per_second)),
            buckets: Mutex::new(HashMap::new()),
            paused_until: Mutex::new(None),
        }
    }

    /// How long to wait before a request on `route` (the token's pause, the route's bucket).
    fn wait_for(&self, route: &str) -> Duration {
        let now = Instant::now();
        let paused = self.paused_until.lock().map(|p| *p).unwrap_or(None);
        let bucket =
            self.buckets.lock().ok().and_then(|b| b.get(route).copied()).unwrap_or_default();
        let until_bucket = match (bucket.remaining, bucket.reset_at) {
            (Some(0), Some(reset)) => Some(reset),
            _ => None,
        };
        [paused, until_bucket]
            .into_iter()
            .flatten()
            .map(|t| t.saturating_duration_since(now))
            .max()
            .unwrap_or_default()
    }

    fn learn(&self, route: &str, headers: &header::HeaderMap) {
        let number = |name: &str| {
            headers.get(name).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<f64>().ok())
        };
        let remaining = number("x-ratelimit-remaining").map(|r| r.max(0.0) as u32);
        let reset_after = number("x-ratelimit-reset-after").filter(|s| s.is_finite() && *s >= 0.0);
        if remaining.is_none() && reset_after.is_none() {
            return;
        }
        if let Ok(mut buckets) = self.buckets.lock() {
            buckets.insert(
                route.to_owned(),
                Bucket {
                    remaining,
                    reset_at: reset_after.map(|s| Instant::now() + Duration::from_secs_f64(s)),
                },
            );
        }
    }

    fn limited(&self, route: &str, wait: Duration, global: bool) {
        let until = Instant::now() + wait;
        if global {
            if let Ok(mut paused) = self.paused_until.lock() {
                *paused = Some(until);
            }
        } else if let Ok(mut buckets) = self.buckets.lock() {
            buckets.insert(route.to_owned(), Bucket { remaining: Some(0), reset_at: Some(until) });
        }
    }
}

/// Discord's bot API for every agency: one HTTP client, and the limits of each token.
pub struct Bots {
    http: reqwest::Client,
    api_url: Url,
    limits: moka::future::Cache<[u8; 32], Arc<TokenLimits>>,
}

impl Bots {
    pub fn new(api_url: Url) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(15))
            .connect_timeout(Duration::from_secs(5))
            .redirect(reqwest::redirect::Policy::none())
            .user_agent("AgencyPortal (https://github.com/agency-portal, 0.1)")
            .build()?;
        let limits = moka::future::Cache::builder()
            .max_capacity(10_000)
            .time_to_idle(Duration::from_secs(3600))
            .build();
        Ok(Self { http, api_url, limits })
    }

    /// The limits of a bot token or a webhook address (kept by its hash).
    async fn limits_of(&self, secret: &str) -> Arc<TokenLimits> {
        let key: [u8; 32] = Sha256::digest(secret.as_bytes()).into();
        self.limits.get_with(key, async { Arc::new(TokenLimits::new()) }).await
    }

    /// Where Discord's API is (`DISCORD_API_URL`).
    pub fn api_url(&self) -> &Url {
        &self.api_url
    }

    /// The bot with `token`.
    pub async fn bot(&self, token: &str) -> Bot<'_> {
        let limits = self.limits_of(token).await;
        Bot { bots: self, authorization: format!("Bot {token}"), limits }
    }

    /// Posts `payload` to a Discord webhook (`url` already checked to be one). Webhooks have
    /// limits of their own, kept by the webhook's address.
    pub async fn execute_webhook(&self, url: &Url, payload: &Value) -> Result<(), BotError> {
        let limits = self.limits_of(url.as_str()).await;
        let mut target = url.clone();
        target.query_pairs_mut().append_pair("wait", "true");
        send(&self.http, &limits, "webhook", Method::POST, target.as_str(), None, Some(payload))
            .await
            .map(|_| ())
    }
}

/// One bot token's view of Discord.
pub struct Bot<'a> {
    bots: &'a Bots,
    authorization: String,
    limits: Arc<TokenLimits>,
}

impl Bot<'_> {
    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.bots.api_url.as_str().trim_end_matches('/'))
    }

    async fn call(
        &self,
        method: Method,
        route: &str,
        path: &str,
    ) -> Result<Option<Value>, BotError> {
        let url = self.url(path);
        send(&self.bots.http, &self.limits, route, method, &url, Some(&self.authorization), None)
            .await
    }

    /// Every member of `guild` with their roles (paged by Discord, at most [`MAX_MEMBERS`]).
    pub async fn guild_members(&self, guild: &str) -> Result<Vec<MemberRecord>, BotError> {
        let mut members: Vec<MemberRecord> = Vec::new();
        let mut after = "0".to_owned();
        loop {
            let path = format!("/guilds/{guild}/members?limit={MEMBER_PAGE}&after={after}");
            let page =
                self.call(Method::GET, &format!("GET /guilds/{guild}/members"), &path).await?;
            let page: Vec<MemberRecord> = serde_json::from_value(page.unwrap_or(Value::Null))
                .map_err(|e| BotError::Refused(format!("unexpected member list: {e}")))?;
            let full = page.len() == MEMBER_PAGE;
            if let Some(last) = page.last() {
                after = last.user.id.clone();
            }
            members.extend(page);
            if !full || members.len() >= MAX_MEMBERS {
                return Ok(members);
            }
        }
    }

    /// The roles `user` holds in `guild`; `None` when they are not a member.
    pub async fn member_roles(
        &self,
        guild: &str,
        user: &str,
    ) -> Result<Option<Vec<String>>, BotError> {
        let path = format!("/guilds/{guild}/members/{user}");
        match self.call(Method::GET, &format!("GET /guilds/{guild}/members/:id"), &path).await {
            Ok(found) => {
                let member: MemberRecord = serde_json::from_value(found.unwrap_or(Value::Null))
                    .map_err(|e| BotError::Refused(format!("unexpected member: {e}")))?;
                Ok(Some(member.roles))
            }
            Err(BotError::NotFound) => Ok(None),
            Err(err) => Err(err),
        }
    }

    /// Gives `user` the role `role` in `guild`.
    pub async fn add_role(&self, guild: &str, user: &str, role: &str) -> Result<(), BotError> {
        let path = format!("/guilds/{guild}/members/{user}/roles/{role}");
        self.call(Method::PUT, &format!("PUT /guilds/{guild}/members/:id/roles/:id"), &path)
            .await
            .map(|_| ())
    }

    /// Takes the role `role` from `user` in `guild`.
    pub async fn remove_role(&self, guild: &str, user: &str, role: &str) -> Result<(), BotError> {
        let path = format!("/guilds/{guild}/members/{user}/roles/{role}");
        self.call(Method::DELETE, &format!("DELETE /guilds/{guild}/members/:id/roles/:id"), &path)
            .await
            .map(|_| ())
    }

    /// The roles of `guild`.
    pub async fn guild_roles(&self, guild: &str) -> Result<Vec<DiscordRole>, BotError> {
        let path = format!("/guilds/{guild}/roles");
        let roles = self.call(Method::GET, &format!("GET /guilds/{guild}/roles"), &path).await?;
        serde_json::from_value(roles.unwrap_or(Value::Null))
            .map_err(|e| BotError::Refused(format!("unexpected roles: {e}")))
    }
}

#[derive(Deserialize)]
struct Limited {
    #[serde(default)]
    retry_after: Option<f64>,
    #[serde(default)]
    global: bool,
}

/// One request within `limits`: waits for the global rate and the route's bucket, tries again
/// after a 429 (up to [`MAX_ATTEMPTS`] times, each wait at most [`MAX_WAIT`]), and answers the
/// JSON body (`None` for an empty one).
async fn send(
    http: &reqwest::Client,
    limits: &TokenLimits,
    route: &str,
    method: Method,
    url: &str,
    authorization: Option<&str>,
    body: Option<&Value>,
) -> Result<Option<Value>, BotError> {
    for _ in 0..MAX_ATTEMPTS {
        let wait = limits.wait_for(route);
        if wait > MAX_WAIT {
            return Err(BotError::RateLimited(wait));
        }
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        limits.global.until_ready().await;
        let mut request = http.request(method.clone(), url);
        if let Some(authorization) = authorization {
            request = request.header(header::AUTHORIZATION, authorization);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response =
            request.send().await.map_err(|e| BotError::Unreachable(e.without_url().to_string()))?;
        limits.learn(route, response.headers());
        let status = response.status();
        if status == StatusCode::TOO_MANY_REQUESTS {
            let header_wait = response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<f64>().ok());
            let limited: Limited =
                response.json().await.unwrap_or(Limited { retry_after: None, global: false });
            let seconds = limited
                .retry_after
                .or(header_wait)
                .filter(|s| s.is_finite() && *s >= 0.0)
                .unwrap_or(1.0);
            let wait = Duration::from_secs_f64(seconds);
            tracing::warn!(route, ?wait, global = limited.global, "Discord rate limit");
            limits.limited(route, wait, limited.global);
            continue;
        }
        if status.is_success() {
            let text = response
                .text()
                .await
                .map_err(|e| BotError::Unreachable(e.without_url().to_string()))?;
            return Ok(if text.trim().is_empty() {
                None
            } else {
                serde_json::from_str(&text).ok()
            });
        }
        let message = response
            .json::<Value>()
            .await
            .ok()
            .and_then(|v| v["message"].as_str().map(str::to_owned));
        return Err(match status {
            StatusCode::NOT_FOUND => BotError::NotFound,
            StatusCode::UNAUTHORIZED => BotError::Unauthorized,
            s if s.is_server_error() => BotError::Unreachable(format!("{s}")),
            s => BotError::Refused(message.unwrap_or_else(|| s.to_string())),
        });
    }
    Err(BotError::RateLimited(limits.wait_for(route).max(Duration::from_secs(1))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_learn_from_headers_and_429s() {
        let limits = TokenLimits::new();
        assert_eq!(limits.wait_for("PUT /x"), Duration::ZERO);
        let mut headers = header::HeaderMap::new();
        headers.insert("x-ratelimit-remaining", "0".parse().unwrap());
        headers.insert("x-ratelimit-reset-after", "2.5".parse().unwrap());
        limits.learn("PUT /x", &headers);
        let wait = limits.wait_for("PUT /x");
        assert!(wait > Duration::from_secs(2) && wait <= Duration::from_millis(2500), "{wait:?}");
        assert_eq!(limits.wait_for("PUT /y"), Duration::ZERO, "other routes are not held");
        limits.limited("PUT /y", Duration::from_secs(1), false);
        assert!(limits.wait_for("PUT /y") > Duration::from_millis(900));
        limits.limited("GET /z", Duration::from_secs(3), true);
        assert!(
            limits.wait_for("GET /anything") > Duration::from_millis(2900),
            "a global limit holds every route"
        );
    }
}
