//! What the Alerts screen reads and sends, and the checks of a webhook.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{
    shared::{
        alerts::{is_event, EventKind},
        webhooks::{LoggedDelivery, Webhook},
    },
    validate::limits,
};

pub const NAME_REQUIRED: &str = "Give the webhook a name.";
pub const NO_EVENTS: &str = "Choose at least one event.";
pub const TOO_MANY: &str = "An agency has at most 20 webhooks.";
pub const NOT_FOUND: &str = "Webhook not found";
/// The most webhooks of one agency.
pub const MAX_WEBHOOKS: i64 = 20;
/// The deliveries the log shows.
pub const LOG_SIZE: i64 = 100;

/// `GET /api/webhooks`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookList {
    pub webhooks: Vec<Webhook>,
    /// Every event a webhook may receive, in order.
    pub events: Vec<EventKind>,
    /// The portal can store webhook addresses (`PORTAL_SECRET_KEY` is set).
    pub secrets_available: bool,
}

/// `POST /api/webhooks`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookInput {
    #[schema(max_length = 120)]
    pub name: String,
    /// A Discord webhook address (`https://discord.com/api/webhooks/{id}/{token}`).
    #[schema(max_length = 2048)]
    pub url: String,
    pub events: Vec<String>,
    #[serde(default = "yes")]
    pub enabled: bool,
}

fn yes() -> bool {
    true
}

/// `PATCH /api/webhooks/{id}`: what to change (a new address replaces the old one).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct WebhookPatch {
    #[schema(max_length = 120)]
    pub name: Option<String>,
    #[schema(max_length = 2048)]
    pub url: Option<String>,
    pub events: Option<Vec<String>>,
    pub enabled: Option<bool>,
}

/// A webhook's name, trimmed and required.
pub fn name(raw: &str) -> Result<String, String> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(NAME_REQUIRED.into());
    }
    crate::validate::max_len("A webhook name", name, limits::NAME)?;
    Ok(name.to_owned())
}

/// The events of a webhook: known ones, each once, at least one.
pub fn events(raw: &[String]) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = Vec::new();
    for event in raw.iter().map(|e| e.trim()) {
        if !is_event(event) {
            return Err(format!("Unknown event '{event}'."));
        }
        if !out.iter().any(|e| e == event) {
            out.push(event.to_owned());
        }
    }
    if out.is_empty() {
        return Err(NO_EVENTS.into());
    }
    Ok(out)
}

/// What "Send test" did.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestResult {
    pub sent: bool,
    /// Why it was not sent.
    pub error: Option<String>,
}

/// `GET /api/webhooks/deliveries`: the last hundred, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryLog {
    pub deliveries: Vec<LoggedDelivery>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_events_are_checked() {
        assert_eq!(name("  Command channel "), Ok("Command channel".into()));
        assert_eq!(name(" "), Err(NAME_REQUIRED.into()));
        assert!(name(&"n".repeat(121)).is_err());
        let list = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(events(&list(&["member.hired", " member.hired"])), Ok(list(&["member.hired"])));
        assert_eq!(events(&list(&[])), Err(NO_EVENTS.into()));
        assert_eq!(events(&list(&["member.fired"])), Err("Unknown event 'member.fired'.".into()));
    }
}
