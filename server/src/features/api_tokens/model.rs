//! API tokens as the API answers and takes them, their checks, and how a secret is made.

use base64::Engine;
use chrono::{DateTime, Utc};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    access::tokens::{PREFIX, SCOPES},
    validate::{limits, max_len},
};

pub const NAME_REQUIRED: &str = "Name the token, such as Game server.";
pub const SCOPE_REQUIRED: &str = "Choose at least one scope.";
pub const NOT_FOUND: &str = "API token not found";
pub const ALREADY_REVOKED: &str = "That token was revoked already.";

/// A token as the screens show it (never its secret).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ApiToken {
    pub id: i64,
    pub name: String,
    pub scopes: Vec<String>,
    /// The secret's first characters (`apt_Xy3k…`), to tell tokens apart.
    pub hint: String,
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    /// The last request made with it (to the minute); `null`: never used.
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
    pub revoked_by: Option<String>,
}

/// A scope a token may have.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScopeInfo {
    pub value: &'static str,
    pub label: &'static str,
}

/// `GET /api/tokens`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenList {
    /// Active tokens first, then revoked ones, newest first.
    pub tokens: Vec<ApiToken>,
    pub scopes: Vec<ScopeInfo>,
}

/// Every scope, for the screens.
pub fn scope_infos() -> Vec<ScopeInfo> {
    SCOPES.iter().map(|(value, label)| ScopeInfo { value, label }).collect()
}

/// `POST /api/tokens`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TokenInput {
    #[schema(max_length = 120)]
    pub name: String,
    pub scopes: Vec<String>,
}

/// A new token: the only answer that holds its secret.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreatedToken {
    pub token: ApiToken,
    /// The secret, shown this once: the portal keeps only its hash.
    pub secret: String,
}

impl TokenInput {
    /// The name and the scopes (known ones, each once, in the screens' order).
    pub fn validate(&self) -> Result<(String, Vec<String>), String> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(NAME_REQUIRED.into());
        }
        max_len("Name", name, limits::NAME)?;
        if let Some(unknown) = self.scopes.iter().find(|s| !SCOPES.iter().any(|(v, _)| v == s)) {
            return Err(format!("Unknown scope '{unknown}'."));
        }
        let scopes: Vec<String> = SCOPES
            .iter()
            .filter(|(v, _)| self.scopes.iter().any(|s| s == v))
            .map(|(v, _)| (*v).to_owned())
            .collect();
        if scopes.is_empty() {
            return Err(SCOPE_REQUIRED.into());
        }
        Ok((name.to_owned(), scopes))
    }
}

/// A new secret: the prefix and 30 random bytes, URL-safe.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 30];
    rand::rng().fill_bytes(&mut bytes);
    format!("{PREFIX}{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes))
}

/// What the screens show of a secret.
pub fn hint(secret: &str) -> String {
    format!("{}…", secret.chars().take(PREFIX.len() + 4).collect::<String>())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_has_a_name_and_known_scopes() {
        let input = |name: &str, scopes: &[&str]| TokenInput {
            name: name.into(),
            scopes: scopes.iter().map(|s| (*s).to_owned()).collect(),
        };
        assert_eq!(
            input(" Game server ", &["roster:read", "duty:write", "duty:write"]).validate(),
            Ok(("Game server".into(), vec!["duty:write".into(), "roster:read".into()]))
        );
        assert_eq!(input(" ", &["duty:write"]).validate().unwrap_err(), NAME_REQUIRED);
        assert_eq!(input("x", &[]).validate().unwrap_err(), SCOPE_REQUIRED);
        assert_eq!(input("x", &["admin"]).validate().unwrap_err(), "Unknown scope 'admin'.");
    }

    #[test]
    fn secrets_are_long_random_and_shown_by_their_start() {
        let (one, two) = (new_secret(), new_secret());
        assert_ne!(one, two);
        assert!(one.starts_with("apt_") && one.len() == 4 + 40, "{one}");
        assert_eq!(hint(&one), format!("{}…", &one[..8]));
    }
}
