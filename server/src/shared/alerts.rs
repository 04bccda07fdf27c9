//! Alerts to an agency's Discord channels (issue 22): the events a webhook may receive, which
//! writes raise them (read from the audit log's rows, the one record of every write), the
//! message each becomes (a Discord embed in the agency's colour with its badge and a link back
//! to the page), and which addresses count as Discord webhooks. Pure rules, unit-tested.

use serde::Serialize;
use serde_json::{json, Value};
use url::Url;
use utoipa::ToSchema;

use crate::shared::audit::{Diff, FieldChange};

/// An event a webhook may receive: its key and what the screens call it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
pub struct EventKind {
    pub value: &'static str,
    pub label: &'static str,
}

const fn kind(value: &'static str, label: &'static str) -> EventKind {
    EventKind { value, label }
}

pub const HIRED: &str = "member.hired";
pub const RANK_CHANGED: &str = "member.rank_changed";
pub const STATUS_CHANGED: &str = "member.status_changed";
pub const REPORT_FILED: &str = "report.filed";
pub const REPORT_RETURNED: &str = "report.returned";
pub const REPORT_DECIDED: &str = "report.decided";
pub const TRAINING_COMPLETED: &str = "training.completed";
pub const CATALOGUE_CHANGED: &str = "catalogue.changed";
pub const QUALIFICATION_GRANTED: &str = "qualification.granted";
pub const QUALIFICATION_EXPIRING: &str = "qualification.expiring";
pub const LEAVE_REQUESTED: &str = "leave.requested";
pub const LEAVE_DECIDED: &str = "leave.decided";
pub const MEMBER_INACTIVE: &str = "member.inactive";
pub const APPLICATION_RECEIVED: &str = "application.received";
pub const APPLICATION_DECIDED: &str = "application.decided";

/// Every event, in the order the Alerts screen lists them.
pub const EVENTS: &[EventKind] = &[
    kind(HIRED, "Hire"),
    kind(RANK_CHANGED, "Promotion or demotion"),
    kind(STATUS_CHANGED, "Status change"),
    kind(REPORT_FILED, "Report filed"),
    kind(REPORT_RETURNED, "Report returned"),
    kind(REPORT_DECIDED, "Report approved or denied"),
    kind(TRAINING_COMPLETED, "Training completed"),
    kind(QUALIFICATION_GRANTED, "Qualification granted"),
    kind(QUALIFICATION_EXPIRING, "Qualification expiring"),
    kind(LEAVE_REQUESTED, "Leave requested"),
    kind(LEAVE_DECIDED, "Leave decided"),
    kind(MEMBER_INACTIVE, "Member inactive (no duty)"),
    kind(CATALOGUE_CHANGED, "Vehicles, equipment or uniforms changed"),
    kind(APPLICATION_RECEIVED, "Application received"),
    kind(APPLICATION_DECIDED, "Application accepted or denied"),
];

pub fn is_event(value: &str) -> bool {
    EVENTS.iter().any(|e| e.value == value)
}

pub const BAD_WEBHOOK: &str =
    "Use a Discord webhook address (https://discord.com/api/webhooks/…), copied from the channel's Integrations settings.";

/// `raw` as a Discord webhook address: `https://discord.com/api/webhooks/{id}/{token}` (also
/// on discordapp.com and the ptb and canary hosts, with or without an API version), or the
/// same path on the host of `api` (the Discord API the portal is configured with, which tests
/// point at a stand-in). Anything else is refused, so alerts go to Discord and nowhere else.
pub fn webhook_url(raw: &str, api: &Url) -> Result<Url, &'static str> {
    let url = Url::parse(raw.trim()).map_err(|_| BAD_WEBHOOK)?;
    let host = url.host_str().unwrap_or_default().to_ascii_lowercase();
    let discord = matches!(
        host.as_str(),
        "discord.com" | "discordapp.com" | "ptb.discord.com" | "canary.discord.com"
    ) && url.scheme() == "https"
        && url.port().is_none();
    let configured = Some(host.as_str()) == api.host_str()
        && url.scheme() == api.scheme()
        && url.port_or_known_default() == api.port_or_known_default();
    if !(discord || configured) || !url.username().is_empty() || url.password().is_some() {
        return Err(BAD_WEBHOOK);
    }
    let parts: Vec<&str> = url.path_segments().map(|s| s.collect()).unwrap_or_default();
    let rest = match parts.as_slice() {
        ["api", "webhooks", rest @ ..] => rest,
        ["api", version, "webhooks", rest @ ..] if version.starts_with('v') => rest,
        _ => return Err(BAD_WEBHOOK),
    };
    let ok = matches!(rest, [id, token] if (17..=20).contains(&id.len())
        && id.bytes().all(|b| b.is_ascii_digit())
        && (20..=100).contains(&token.len())
        && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
    if !ok || url.query().is_some() || url.fragment().is_some() {
        return Err(BAD_WEBHOOK);
    }
    Ok(url)
}

/// What the screens show of a webhook address: its host and id, never its token
/// (`discord.com/…/webhooks/123456789012345678/••••`).
pub fn url_hint(url: &Url) -> String {
    let id = url.path_segments().and_then(|mut s| s.nth_back(1)).unwrap_or_default();
    format!("{}/…/webhooks/{id}/••••", url.host_str().unwrap_or_default())
}

/// One write as the audit log recorded it.
#[derive(Debug, Clone, PartialEq)]
pub struct Write<'a> {
    pub kind: &'a str,
    pub action: &'a str,
    pub subject_id: &'a str,
    pub title: &'a str,
    pub actor: &'a str,
    pub diff: &'a Diff,
}

/// The member a roster write is about, as they are now.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub rank: Option<String>,
    pub department: Option<String>,
    pub callsign: Option<String>,
}

/// An alert to post: its event, its text and the page it links to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alert {
    pub event: &'static str,
    pub title: String,
    pub description: String,
    pub fields: Vec<(String, String)>,
    /// A path of the portal (`/roster`).
    pub path: String,
}

fn change<'a>(diff: &'a Diff, field: &str) -> Option<&'a FieldChange> {
    diff.fields.iter().find(|f| f.field == field)
}

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => "none".into(),
        other => other.to_string(),
    }
}

fn member_fields(member: &Member) -> Vec<(String, String)> {
    let mut fields = Vec::new();
    if let Some(rank) = &member.rank {
        fields.push(("Rank".into(), rank.clone()));
    }
    if let Some(callsign) = member.callsign.as_ref().filter(|c| !c.is_empty()) {
        fields.push(("Callsign".into(), callsign.clone()));
    }
    if let Some(department) = &member.department {
        fields.push(("Department".into(), department.clone()));
    }
    fields
}

/// The alerts a write raises. `member` is the roster entry a roster write is about;
/// `levels` the agency's level ids, lowest first (a promotion climbs them).
pub fn alerts_for(write: &Write<'_>, member: Option<&Member>, levels: &[String]) -> Vec<Alert> {
    let mut out = Vec::new();
    match (write.kind, write.action) {
        ("roster", "created") => {
            let member =
                member.cloned().unwrap_or(Member { name: write.title.into(), ..Member::default() });
            out.push(Alert {
                event: HIRED,
                title: format!("Hired: {}", member.name),
                description: format!("{} joins the roster.", member.name),
                fields: member_fields(&member),
                path: "/roster".into(),
            });
        }
        ("roster", _) => {
            let member =
                member.cloned().unwrap_or(Member { name: write.title.into(), ..Member::default() });
            if let Some(rank) = change(write.diff, "rank").or_else(|| change(write.diff, "rankId"))
            {
                let position =
                    |v: &Value| v.as_str().and_then(|l| levels.iter().position(|x| x == l));
                let verb = match change(write.diff, "level")
                    .map(|l| (position(&l.before), position(&l.after)))
                {
                    Some((Some(before), Some(after))) if after > before => "Promoted",
                    Some((Some(before), Some(after))) if after < before => "Demoted",
                    _ => "Rank changed",
                };
                out.push(Alert {
                    event: RANK_CHANGED,
                    title: format!("{verb}: {}", member.name),
                    description: format!("{} → {}", text(&rank.before), text(&rank.after)),
                    fields: member_fields(&member),
                    path: "/roster".into(),
                });
            }
            if let Some(status) = change(write.diff, "status") {
                out.push(Alert {
                    event: STATUS_CHANGED,
                    title: format!("Status: {}", member.name),
                    description: format!("{} → {}", text(&status.before), text(&status.after)),
                    fields: member_fields(&member),
                    path: "/roster".into(),
                });
            }
        }
        (kind @ ("arrest" | "use_of_force" | "ticket"), action) => {
            let path = match kind {
                "arrest" => "/supervisor/arrests",
                "use_of_force" => "/supervisor/uof",
                _ => "/report/ticket-report",
            };
            let status = change(write.diff, "status").map(|s| text(&s.after));
            let (event, title) = match (action, status.as_deref()) {
                ("filed", _) => (REPORT_FILED, format!("{} filed", write.title)),
                (_, Some("returned")) => {
                    (REPORT_RETURNED, format!("{} returned for correction", write.title))
                }
                (_, Some(decided @ ("approved" | "in_policy" | "out_of_policy" | "denied"))) => {
                    let outcome = match decided {
                        "approved" => "approved",
                        "in_policy" => "found in policy",
                        "out_of_policy" => "found out of policy",
                        _ => "denied",
                    };
                    (REPORT_DECIDED, format!("{} {outcome}", write.title))
                }
                _ => return out,
            };
            out.push(Alert {
                event,
                title,
                description: format!("By {}", write.actor),
                fields: vec![],
                path: path.into(),
            });
        }
        ("training_session", _)
            if change(write.diff, "status").is_some_and(|s| s.after == json!("completed")) =>
        {
            out.push(Alert {
                event: TRAINING_COMPLETED,
                title: format!("Training completed: {}", write.title),
                description: format!("Signed off by {}", write.actor),
                fields: vec![],
                path: "/fto/training".into(),
            });
        }
        ("qualification", action @ ("granted" | "renewed" | "expiring")) => {
            let expires = change(write.diff, "expiresOn").map(|c| text(&c.after));
            let (event, title, description) = match action {
                "expiring" => (
                    QUALIFICATION_EXPIRING,
                    format!("Expiring: {}", write.title),
                    format!("Expires on {}", expires.unwrap_or_else(|| "soon".into())),
                ),
                _ => (
                    QUALIFICATION_GRANTED,
                    format!("Qualified: {}", write.title),
                    match expires.filter(|e| e != "none") {
                        Some(day) => format!("Granted by {}, valid until {day}", write.actor),
                        None => format!("Granted by {}", write.actor),
                    },
                ),
            };
            out.push(Alert { event, title, description, fields: vec![], path: "/roster".into() });
        }
        ("member_activity", "inactive") => {
            let since = change(write.diff, "lastDuty").map(|c| text(&c.after));
            let days = change(write.diff, "inactiveAfterDays").map(|c| text(&c.after));
            out.push(Alert {
                event: MEMBER_INACTIVE,
                title: format!("Inactive: {}", write.title),
                description: match (since, days) {
                    (Some(since), Some(days)) => {
                        format!("No duty since {since} ({days} days or more).")
                    }
                    _ => "No duty for a while.".into(),
                },
                fields: vec![],
                path: "/roster".into(),
            });
        }
        ("leave", action @ ("requested" | "approved" | "denied")) => {
            let (event, verb) = match action {
                "requested" => (LEAVE_REQUESTED, "Leave requested"),
                "approved" => (LEAVE_DECIDED, "Leave approved"),
                _ => (LEAVE_DECIDED, "Leave denied"),
            };
            let path = if action == "requested" { "/supervisor/leave" } else { "/profile" };
            out.push(Alert {
                event,
                title: format!("{verb}: {}", write.title),
                description: format!("By {}", write.actor),
                fields: vec![],
                path: path.into(),
            });
        }
        ("application", "submitted") => {
            let stage = change(write.diff, "stage").map(|c| text(&c.after));
            out.push(Alert {
                event: APPLICATION_RECEIVED,
                title: format!("Application received: {}", write.title),
                description: format!(
                    "Waiting at {}",
                    stage.unwrap_or_else(|| "the first stage".into())
                ),
                fields: vec![],
                path: "/supervisor/applications".into(),
            });
        }
        ("application", "moved") => {
            let verb = match change(write.diff, "stageKind").map(|c| text(&c.after)).as_deref() {
                Some("accepted") => "Application accepted",
                Some("denied") => "Application denied",
                _ => return out,
            };
            out.push(Alert {
                event: APPLICATION_DECIDED,
                title: format!("{verb}: {}", write.title),
                description: format!("By {}", write.actor),
                fields: vec![],
                path: "/supervisor/applications".into(),
            });
        }
        (list @ ("vehicles" | "equipment" | "uniforms"), _) if !write.diff.items.is_empty() => {
            let (name, path) = match list {
                "vehicles" => ("Vehicles", "/structure/vehicles"),
                "equipment" => ("Equipment", "/structure/equipment"),
                _ => ("Uniforms", "/structure/uniforms"),
            };
            let items: Vec<String> = write
                .diff
                .items
                .iter()
                .take(10)
                .map(|i| {
                    format!("{} ({})", if i.title.is_empty() { &i.id } else { &i.title }, i.change)
                })
                .collect();
            out.push(Alert {
                event: CATALOGUE_CHANGED,
                title: format!("{name} updated"),
                description: items.join(", "),
                fields: vec![],
                path: path.into(),
            });
        }
        _ => {}
    }
    out
}

/// The Discord ids whose roles a write may have changed: the roster entry's Discord id before
/// and after a roster write (an account taken off an entry loses its roles).
pub fn accounts_touched(write: &Write<'_>, current: Option<&str>) -> Vec<String> {
    if write.kind != "roster" {
        return vec![];
    }
    let mut ids: Vec<String> = current.map(|c| vec![c.to_owned()]).unwrap_or_default();
    if let Some(change) = change(write.diff, "discordId") {
        for value in [&change.before, &change.after] {
            if let Some(id) = value.as_str() {
                ids.push(id.trim().to_owned());
            }
        }
    }
    ids.sort();
    ids.dedup();
    ids.retain(|id| crate::shared::discord_roles::is_snowflake(id));
    ids
}

/// How the agency looks in its alerts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Look {
    pub name: String,
    /// `#rrggbb`
    pub colour: String,
    /// An absolute address of the badge, if any.
    pub badge_url: Option<String>,
    /// Where the agency's pages are (`https://bcso.example.org`).
    pub origin: String,
    /// What a link needs after the path (`?agency=bcso` for an agency without a domain).
    pub query: String,
}

/// The webhook message of `alert`: one embed in the agency's colour, with its badge and name
/// as the author, the alert's text and fields, and a link to the page.
pub fn message(alert: &Alert, look: &Look, at: &str) -> Value {
    let colour = u32::from_str_radix(look.colour.trim_start_matches('#'), 16).unwrap_or(0x5865f2);
    let mut author = json!({"name": look.name});
    if let Some(badge) = &look.badge_url {
        author["icon_url"] = json!(badge);
    }
    let fields: Vec<Value> = alert
        .fields
        .iter()
        .map(|(name, value)| json!({"name": name, "value": value, "inline": true}))
        .collect();
    let mut embed = json!({
        "title": alert.title,
        "url": format!("{}{}{}", look.origin, alert.path, look.query),
        "color": colour,
        "author": author,
        "timestamp": at,
    });
    if !alert.description.is_empty() {
        embed["description"] = json!(alert.description);
    }
    if !fields.is_empty() {
        embed["fields"] = json!(fields);
    }
    let mut body = json!({"username": format!("{} Portal", look.name), "embeds": [embed]});
    if let Some(badge) = &look.badge_url {
        body["avatar_url"] = json!(badge);
    }
    body
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared::audit::ItemChange;

    fn api() -> Url {
        Url::parse("http://127.0.0.1:4000/api/v10").unwrap()
    }

    const TOKEN: &str = "abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-abcDEF123_-abcdef";

    #[test]
    fn only_discord_webhook_addresses_are_taken() {
        for good in [
            format!("https://discord.com/api/webhooks/123456789012345678/{TOKEN}"),
            format!("https://discordapp.com/api/v10/webhooks/123456789012345678/{TOKEN}"),
            format!("https://canary.discord.com/api/webhooks/123456789012345678/{TOKEN}"),
            format!("http://127.0.0.1:4000/api/webhooks/123456789012345678/{TOKEN}"),
        ] {
            assert!(webhook_url(&good, &api()).is_ok(), "{good}");
        }
        for bad in [
            format!("http://discord.com/api/webhooks/123456789012345678/{TOKEN}"),
            format!("https://discord.com.evil.example/api/webhooks/123456789012345678/{TOKEN}"),
            format!("https://evil.example/api/webhooks/123456789012345678/{TOKEN}"),
            format!("https://discord.com:8443/api/webhooks/123456789012345678/{TOKEN}"),
            format!("https://user@discord.com/api/webhooks/123456789012345678/{TOKEN}"),
            format!("https://discord.com/api/webhooks/123/{TOKEN}"),
            "https://discord.com/api/webhooks/123456789012345678/short".to_owned(),
            format!("https://discord.com/api/webhooks/123456789012345678/{TOKEN}?wait=true"),
            format!("https://discord.com/api/users/123456789012345678/{TOKEN}"),
            format!("http://127.0.0.1:4001/api/webhooks/123456789012345678/{TOKEN}"),
            "not a url".to_owned(),
        ] {
            assert_eq!(webhook_url(&bad, &api()), Err(BAD_WEBHOOK), "{bad}");
        }
        let url = webhook_url(
            &format!("https://discord.com/api/webhooks/123456789012345678/{TOKEN}"),
            &api(),
        )
        .unwrap();
        assert_eq!(url_hint(&url), "discord.com/…/webhooks/123456789012345678/••••");
        assert!(!url_hint(&url).contains(TOKEN));
    }

    fn diff(fields: &[(&str, Value, Value)]) -> Diff {
        Diff {
            fields: fields
                .iter()
                .map(|(f, b, a)| FieldChange {
                    field: f.to_string(),
                    before: b.clone(),
                    after: a.clone(),
                })
                .collect(),
            items: vec![],
        }
    }

    fn levels() -> Vec<String> {
        ["deputy", "supervisor", "command", "high_command"].map(String::from).to_vec()
    }

    fn member() -> Member {
        Member {
            name: "Jane Doe".into(),
            rank: Some("Sergeant".into()),
            department: Some("Patrol".into()),
            callsign: Some("S-12".into()),
        }
    }

    #[test]
    fn roster_writes_raise_hires_promotions_demotions_and_status_changes() {
        let none = Diff::default();
        let write = |action, diff| Write {
            kind: "roster",
            action,
            subject_id: "7",
            title: "Jane Doe",
            actor: "Alex",
            diff,
        };
        let hired = alerts_for(&write("created", &none), Some(&member()), &levels());
        assert_eq!(hired.len(), 1);
        assert_eq!((hired[0].event, hired[0].title.as_str()), (HIRED, "Hired: Jane Doe"));
        assert_eq!(hired[0].fields[1], ("Callsign".into(), "S-12".into()));

        let up = diff(&[
            ("level", json!("deputy"), json!("supervisor")),
            ("rank", json!("Deputy"), json!("Sergeant")),
            ("rankId", json!("dep"), json!("sgt")),
        ]);
        let promoted = alerts_for(&write("updated", &up), Some(&member()), &levels());
        assert_eq!(
            (promoted[0].event, promoted[0].title.as_str()),
            (RANK_CHANGED, "Promoted: Jane Doe")
        );
        assert_eq!(promoted[0].description, "Deputy → Sergeant");
        let down = diff(&[
            ("level", json!("supervisor"), json!("deputy")),
            ("rank", json!("Sergeant"), json!("Deputy")),
        ]);
        assert_eq!(
            alerts_for(&write("updated", &down), Some(&member()), &levels())[0].title,
            "Demoted: Jane Doe"
        );
        let across = diff(&[("rank", json!("Deputy"), json!("Marine Deputy"))]);
        assert_eq!(
            alerts_for(&write("updated", &across), Some(&member()), &levels())[0].title,
            "Rank changed: Jane Doe"
        );

        let both = diff(&[
            ("rank", json!("Deputy"), json!("Sergeant")),
            ("status", json!("Active"), json!("Suspended")),
        ]);
        let events: Vec<&str> = alerts_for(&write("updated", &both), Some(&member()), &levels())
            .iter()
            .map(|a| a.event)
            .collect();
        assert_eq!(events, [RANK_CHANGED, STATUS_CHANGED]);
        let callsign = diff(&[("callsign", json!("S-11"), json!("S-12"))]);
        assert!(alerts_for(&write("updated", &callsign), Some(&member()), &levels()).is_empty());
    }

    #[test]
    fn reports_raise_filed_returned_and_decided() {
        let write = |kind, action, diff| Write {
            kind,
            action,
            subject_id: "3",
            title: "Arrest #12",
            actor: "Sam",
            diff,
        };
        let none = Diff::default();
        assert_eq!(alerts_for(&write("arrest", "filed", &none), None, &[])[0].event, REPORT_FILED);
        let returned = diff(&[("status", json!("pending"), json!("returned"))]);
        let alert = &alerts_for(&write("arrest", "return", &returned), None, &[])[0];
        assert_eq!(
            (alert.event, alert.title.as_str()),
            (REPORT_RETURNED, "Arrest #12 returned for correction")
        );
        let signed = diff(&[("status", json!("under_review"), json!("out_of_policy"))]);
        let alert = &alerts_for(&write("use_of_force", "deny", &signed), None, &[])[0];
        assert_eq!(
            (alert.event, alert.title.as_str()),
            (REPORT_DECIDED, "Arrest #12 found out of policy")
        );
        assert_eq!(alert.path, "/supervisor/uof");
        let opened = diff(&[("status", json!("pending"), json!("under_review"))]);
        assert!(alerts_for(&write("use_of_force", "open", &opened), None, &[]).is_empty());
    }

    #[test]
    fn catalogues_and_training_raise_their_events() {
        let items = Diff {
            fields: vec![],
            items: vec![ItemChange {
                id: "v1".into(),
                title: "Cruiser".into(),
                change: "added".into(),
                fields: vec![],
            }],
        };
        let write = Write {
            kind: "vehicles",
            action: "saved",
            subject_id: "vehicles",
            title: "Vehicles",
            actor: "A",
            diff: &items,
        };
        let alert = &alerts_for(&write, None, &[])[0];
        assert_eq!(
            (alert.event, alert.description.as_str()),
            (CATALOGUE_CHANGED, "Cruiser (added)")
        );
        let done = diff(&[("status", json!("in_progress"), json!("completed"))]);
        let write = Write {
            kind: "training_session",
            action: "updated",
            subject_id: "4",
            title: "Ride-along",
            actor: "Jordan",
            diff: &done,
        };
        assert_eq!(alerts_for(&write, None, &[])[0].event, TRAINING_COMPLETED);
        let started = diff(&[("status", json!("scheduled"), json!("in_progress"))]);
        let write = Write { diff: &started, ..write };
        assert!(alerts_for(&write, None, &[]).is_empty());
    }

    #[test]
    fn qualifications_and_leave_raise_their_events() {
        let granted = diff(&[("expiresOn", json!(null), json!("2027-02-01"))]);
        let write = Write {
            kind: "qualification",
            action: "granted",
            subject_id: "7",
            title: "Jane Doe: Pursuit",
            actor: "Jordan",
            diff: &granted,
        };
        let alert = &alerts_for(&write, None, &[])[0];
        assert_eq!(
            (alert.event, alert.title.as_str()),
            (QUALIFICATION_GRANTED, "Qualified: Jane Doe: Pursuit")
        );
        assert_eq!(alert.description, "Granted by Jordan, valid until 2027-02-01");
        let write = Write { action: "expiring", ..write };
        assert_eq!(alerts_for(&write, None, &[])[0].event, QUALIFICATION_EXPIRING);
        let write = Write { action: "revoked", ..write };
        assert!(alerts_for(&write, None, &[]).is_empty());
        let none = Diff::default();
        let leave = Write {
            kind: "leave",
            action: "requested",
            subject_id: "3",
            title: "Jane Doe, 1 to 5 Dec",
            actor: "Jane",
            diff: &none,
        };
        assert_eq!(alerts_for(&leave, None, &[])[0].event, LEAVE_REQUESTED);
        let leave = Write { action: "denied", ..leave };
        let alert = &alerts_for(&leave, None, &[])[0];
        assert_eq!(
            (alert.event, alert.title.as_str()),
            (LEAVE_DECIDED, "Leave denied: Jane Doe, 1 to 5 Dec")
        );
    }

    #[test]
    fn applications_raise_received_and_decided() {
        let sent = diff(&[("stage", json!(null), json!("Submitted"))]);
        let write = Write {
            kind: "application",
            action: "submitted",
            subject_id: "5",
            title: "Taylor Quinn (Deputy application)",
            actor: "taylorquinn",
            diff: &sent,
        };
        let alert = &alerts_for(&write, None, &[])[0];
        assert_eq!(
            (alert.event, alert.title.as_str(), alert.description.as_str()),
            (
                APPLICATION_RECEIVED,
                "Application received: Taylor Quinn (Deputy application)",
                "Waiting at Submitted"
            )
        );
        assert_eq!(alert.path, "/supervisor/applications");
        let denied = diff(&[("stageKind", json!("open"), json!("denied"))]);
        let write = Write { action: "moved", actor: "Sam", diff: &denied, ..write };
        let alert = &alerts_for(&write, None, &[])[0];
        assert_eq!(
            (alert.event, alert.title.as_str()),
            (APPLICATION_DECIDED, "Application denied: Taylor Quinn (Deputy application)")
        );
        let accepted = diff(&[("stageKind", json!("open"), json!("accepted"))]);
        let write = Write { diff: &accepted, ..write };
        assert_eq!(
            alerts_for(&write, None, &[])[0].title,
            "Application accepted: Taylor Quinn (Deputy application)"
        );
        let interview = diff(&[("stage", json!("Submitted"), json!("Interview"))]);
        let write = Write { diff: &interview, ..write };
        assert!(
            alerts_for(&write, None, &[]).is_empty(),
            "a move within open stages decides nothing"
        );
        let write = Write { action: "noted", ..write };
        assert!(alerts_for(&write, None, &[]).is_empty());
    }

    #[test]
    fn a_changed_discord_id_syncs_both_accounts() {
        let moved =
            diff(&[("discordId", json!("100000000000000001"), json!("100000000000000002"))]);
        let write = Write {
            kind: "roster",
            action: "updated",
            subject_id: "7",
            title: "Jane",
            actor: "A",
            diff: &moved,
        };
        assert_eq!(
            accounts_touched(&write, Some("100000000000000002")),
            ["100000000000000001", "100000000000000002"]
        );
        let other = Write { kind: "vehicles", ..write.clone() };
        assert!(accounts_touched(&other, Some("100000000000000002")).is_empty());
    }

    #[test]
    fn a_message_is_one_embed_in_the_agency_colour_linking_back() {
        let alert = Alert {
            event: HIRED,
            title: "Hired: Jane".into(),
            description: "Jane joins the roster.".into(),
            fields: vec![("Rank".into(), "Deputy".into())],
            path: "/roster".into(),
        };
        let look = Look {
            name: "BCSO".into(),
            colour: "#2f855a".into(),
            badge_url: Some("https://bcso.example.org/media/badge.png".into()),
            origin: "https://bcso.example.org".into(),
            query: String::new(),
        };
        let body = message(&alert, &look, "2026-11-25T10:00:00Z");
        assert_eq!(body["username"], "BCSO Portal");
        let embed = &body["embeds"][0];
        assert_eq!(embed["color"], 0x2f855a);
        assert_eq!(embed["url"], "https://bcso.example.org/roster");
        assert_eq!(embed["author"]["icon_url"], "https://bcso.example.org/media/badge.png");
        assert_eq!(embed["fields"][0], json!({"name": "Rank", "value": "Deputy", "inline": true}));
    }
}
