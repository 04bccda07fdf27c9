//! Agency settings as stored in the registry and as answered by the API: flags, theme and
//! links (member-portal §3 "Agency", "Theme"; command-and-reports §3 "Agency"). The web app
//! fills a theme the same way (`webapp/src/lib/agency-theme.ts`); both are tested against
//! `cases/theme.json`.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::tenancy::levels::{normalize_levels, Level};

/// Default theme colours (member-portal §9).
pub const DEFAULT_PRIMARY: &str = "#f4c20e";
pub const DEFAULT_PRIMARY_DARK: &str = "#d2a90c";
pub const DEFAULT_SURFACE: &str = "#121212";
pub const DEFAULT_SURFACE_ALT: &str = "#1a1a1a";
pub const DEFAULT_BACKGROUND: &str = "#0b0b0b";
pub const DEFAULT_TEXT: &str = "#ffffff";
pub const DEFAULT_BUTTON_TEXT: &str = "#1b1600";

pub const DEFAULT_ROSTER_MANAGE_LEVELS: [&str; 2] = ["command", "high_command"];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct HomeCard {
    pub title: String,
    pub description: String,
    pub href: String,
}

/// The theme of an agency with every colour filled in (stored values, else the defaults).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Theme {
    pub primary_color: String,
    pub primary_dark: String,
    pub accent_color: String,
    pub surface: String,
    pub surface_alt: String,
    pub background: String,
    pub text_color: String,
    pub button_text_color: String,
    pub favicon_url: Option<String>,
    pub hero_title: Option<String>,
    pub hero_subtitle: Option<String>,
    pub hero_body: Option<String>,
    pub hero_url: Option<String>,
    pub badge_url: Option<String>,
    pub hero_cta_label: Option<String>,
    pub hero_cta_href: Option<String>,
    pub home_cards: Vec<HomeCard>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgencyFlags {
    pub hidden: bool,
    pub levels: Vec<Level>,
    pub enable_agency_management: bool,
    pub disable_callsigns: bool,
    pub disable_sub_departments: bool,
    pub roster_manage_levels: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
pub struct AgencyLinks {
    pub portal: Option<String>,
    pub discord: Option<String>,
}

/// Parses a colour as 3-, 6- or 8-digit hex (with or without `#`) into `#rrggbb[aa]`,
/// lowercased, short form expanded. Anything else is `None`.
pub fn normalize_hex_color(raw: &str) -> Option<String> {
    let hex = raw.trim().trim_start_matches('#');
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return None;
    }
    let hex = hex.to_ascii_lowercase();
    match hex.len() {
        3 => Some(format!("#{}", hex.chars().flat_map(|c| [c, c]).collect::<String>())),
        6 | 8 => Some(format!("#{hex}")),
        _ => None,
    }
}

fn text(raw: &Value, key: &str) -> Option<String> {
    raw.get(key).and_then(Value::as_str).map(str::trim).filter(|s| !s.is_empty()).map(String::from)
}

fn flag(raw: &Value, key: &str, default: bool) -> bool {
    raw.get(key).and_then(Value::as_bool).unwrap_or(default)
}

impl Theme {
    /// Reads a stored theme leniently: bad or missing colours become the defaults; accent
    /// defaults to the primary colour; cards with all three fields empty are dropped.
    pub fn from_stored(raw: &Value) -> Self {
        let color = |key: &str, default: &str| {
            text(raw, key)
                .and_then(|c| normalize_hex_color(&c))
                .unwrap_or_else(|| default.to_owned())
        };
        let primary_color = color("primaryColor", DEFAULT_PRIMARY);
        let home_cards = raw
            .get("homeCards")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|card| HomeCard {
                title: text(card, "title").unwrap_or_default(),
                description: text(card, "description").unwrap_or_default(),
                href: text(card, "href").unwrap_or_default(),
            })
            .filter(|c| !(c.title.is_empty() && c.description.is_empty() && c.href.is_empty()))
            .collect();
        Self {
            accent_color: color("accentColor", &primary_color),
            primary_color,
            primary_dark: color("primaryDark", DEFAULT_PRIMARY_DARK),
            surface: color("surface", DEFAULT_SURFACE),
            surface_alt: color("surfaceAlt", DEFAULT_SURFACE_ALT),
            background: color("background", DEFAULT_BACKGROUND),
            text_color: color("textColor", DEFAULT_TEXT),
            button_text_color: color("buttonTextColor", DEFAULT_BUTTON_TEXT),
            favicon_url: text(raw, "faviconUrl"),
            hero_title: text(raw, "heroTitle"),
            hero_subtitle: text(raw, "heroSubtitle"),
            hero_body: text(raw, "heroBody"),
            hero_url: text(raw, "heroUrl"),
            badge_url: text(raw, "badgeUrl"),
            hero_cta_label: text(raw, "heroCtaLabel"),
            hero_cta_href: text(raw, "heroCtaHref"),
            home_cards,
        }
    }
}

impl AgencyFlags {
    pub fn from_stored(raw: &Value) -> Self {
        let roster_manage_levels: Vec<String> = raw
            .get("rosterManageLevels")
            .and_then(Value::as_array)
            .map(|list| {
                list.iter()
                    .filter_map(Value::as_str)
                    .map(|s| s.trim().to_lowercase())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .filter(|list: &Vec<String>| !list.is_empty())
            .unwrap_or_else(|| DEFAULT_ROSTER_MANAGE_LEVELS.map(String::from).to_vec());
        Self {
            hidden: flag(raw, "hidden", false),
            levels: normalize_levels(raw.get("levels")),
            enable_agency_management: flag(raw, "enableAgencyManagement", false),
            disable_callsigns: flag(raw, "disableCallsigns", false),
            disable_sub_departments: flag(raw, "disableSubDepartments", false),
            roster_manage_levels,
        }
    }
}

impl AgencyLinks {
    pub fn from_stored(raw: &Value) -> Self {
        Self { portal: text(raw, "portal"), discord: text(raw, "discord") }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn hex_colours() {
        assert_eq!(normalize_hex_color("#FC0").as_deref(), Some("#ffcc00"));
        assert_eq!(normalize_hex_color("1c7ed6").as_deref(), Some("#1c7ed6"));
        assert_eq!(normalize_hex_color("#1c7ed680").as_deref(), Some("#1c7ed680"));
        for bad in ["", "#12", "#12345", "#gggggg", "red", "#1234567"] {
            assert_eq!(normalize_hex_color(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_shared_theme_cases() {
        let cases: Value = serde_json::from_str(include_str!("cases/theme.json")).unwrap();
        for case in cases["cases"].as_array().unwrap() {
            let theme = serde_json::to_value(Theme::from_stored(&case["stored"])).unwrap();
            for (key, expected) in case["expected"].as_object().unwrap() {
                assert_eq!(&theme[key], expected, "{}: {key}", case["why"]);
            }
        }
        assert!(Theme::from_stored(&json!({})).home_cards.is_empty());
    }

    #[test]
    fn blank_cards_are_dropped() {
        let t = Theme::from_stored(&json!({
            "homeCards": [
                {"title": "", "description": " ", "href": ""},
                {"title": "Roster", "href": "/roster"}
            ]
        }));
        assert_eq!(
            t.home_cards,
            vec![HomeCard {
                title: "Roster".into(),
                description: String::new(),
                href: "/roster".into()
            }]
        );
    }

    #[test]
    fn flags_default_sensibly() {
        let f = AgencyFlags::from_stored(&json!({"rosterManageLevels": [" Command "]}));
        assert!(!f.hidden && !f.enable_agency_management && !f.disable_callsigns);
        assert_eq!(f.levels.len(), 4);
        assert_eq!(f.roster_manage_levels, vec!["command"]);
        let f = AgencyFlags::from_stored(&json!({"rosterManageLevels": []}));
        assert_eq!(f.roster_manage_levels, vec!["command", "high_command"]);
    }
}
