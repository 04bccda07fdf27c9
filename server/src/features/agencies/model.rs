//! Agency requests: create (draft) and edit (patch), validated into what provisioning and the
//! store take. The settings themselves (flags, theme, links) belong to the registry
//! (`tenancy::settings`).

use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::tenancy::levels::normalize_levels;
pub use crate::tenancy::settings::*;

/// The audit log's kinds of registry writes: branding (texts, theme, links) and the agency
/// itself (created, hidden or shown).
pub const BRANDING_KIND: &str = "branding";
pub const AGENCY_KIND: &str = "agency";

/// A request to create an agency (CLI now; `POST /api/agencies` with the identity issue).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgencyDraft {
    /// Missing or blank: 'Agency name is required.'
    #[serde(default)]
    pub name: String,
    pub slug: Option<String>,
    pub short_name: Option<String>,
    pub domain: Option<String>,
    pub description: Option<String>,
    pub long_description: Option<String>,
    #[schema(value_type = Option<FlagsInput>)]
    pub flags: Option<Value>,
    #[schema(value_type = Option<ThemeInput>)]
    pub theme: Option<Value>,
    #[schema(value_type = Option<LinksInput>)]
    pub links: Option<Value>,
    /// A first High Command member of the new agency.
    pub owner: Option<crate::tenancy::provision::Owner>,
}

use crate::validate::{limits, max_len, max_len_opt};

fn is_discord_id(raw: &str) -> bool {
    let id = raw.trim();
    (5..=25).contains(&id.len()) && id.chars().all(|c| c.is_ascii_digit())
}

fn optional_text(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(String::from)
}

/// `https://Sheriff.Example.org/` → `sheriff.example.org`. Host names only.
pub fn normalize_domain(raw: &str) -> Result<String, String> {
    let lower = raw.trim().to_lowercase();
    let host =
        lower.trim_start_matches("https://").trim_start_matches("http://").trim_end_matches('/');
    let valid = !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
    if valid {
        Ok(host.to_owned())
    } else {
        Err(format!("Domain '{}' must be a host name such as sheriff.example.org.", raw.trim()))
    }
}

pub const MAX_LEVELS: usize = 20;

impl AgencyDraft {
    /// Validates the draft (command-and-reports §5 "Agency create") into what provisioning
    /// takes. Flags default to enableAgencyManagement on and disableCallsigns off.
    pub fn validate(self) -> Result<crate::tenancy::provision::NewAgency, String> {
        use crate::tenancy::slug::{parse_slug, slug_from_name};
        let name = self.name.trim().to_owned();
        if name.is_empty() {
            return Err("Agency name is required.".into());
        }
        max_len("Agency name", &name, limits::NAME)?;
        max_len_opt("Short name", optional_text(&self.short_name).as_deref(), limits::SHORT_NAME)?;
        // Texts, theme and links pass the same rules as an edit of them.
        let object = |value: Option<Value>, what: &str| match value {
            Some(Value::Object(map)) => Ok(Some(map)),
            Some(Value::Null) | None => Ok(None),
            Some(_) => Err(format!("{what} must be an object.")),
        };
        let texts = AgencyPatch {
            description: Some(self.description.clone()),
            long_description: Some(self.long_description.clone()),
            theme: object(self.theme, "theme")?,
            links: object(self.links, "links")?,
            flags: None,
        }
        .into_change()?;
        let slug = match optional_text(&self.slug) {
            Some(raw) => parse_slug(&raw)?,
            None => match slug_from_name(&name) {
                derived if derived.is_empty() => {
                    return Err("Give the agency a slug: its name has no letters or digits.".into())
                }
                derived => parse_slug(&derived)?,
            },
        };
        let domain = optional_text(&self.domain).map(|d| normalize_domain(&d)).transpose()?;
        let mut flags = match self.flags {
            Some(Value::Object(map)) => map,
            Some(Value::Null) | None => serde_json::Map::new(),
            Some(_) => return Err("flags must be an object.".into()),
        };
        flags.entry("enableAgencyManagement").or_insert(Value::Bool(true));
        flags.entry("disableCallsigns").or_insert(Value::Bool(false));
        flags.entry("hidden").or_insert(Value::Bool(false));
        if let Some(levels) = flags.get("levels") {
            let normalized = match levels {
                // Typed in the create form: commas or new lines (command-and-reports §5).
                Value::String(text) => crate::access::levels::levels_from_text(text),
                Value::Array(_) | Value::Null => normalize_levels(Some(levels)),
                _ => return Err("flags.levels must be a list of levels or text.".into()),
            };
            if normalized.len() > MAX_LEVELS {
                return Err(format!("An agency may have at most {MAX_LEVELS} levels."));
            }
            for level in &normalized {
                max_len("A level", &level.label, limits::SHORT_TEXT)?;
            }
            flags.insert("levels".into(), serde_json::to_value(normalized).unwrap_or_default());
        }
        Ok(crate::tenancy::provision::NewAgency {
            slug,
            short_name: optional_text(&self.short_name),
            domain,
            description: texts.description.flatten(),
            long_description: texts.long_description.flatten(),
            flags: Value::Object(flags),
            theme: Value::Object(texts.theme_set),
            links: Value::Object(texts.links_set),
            database_url: None,
            created_by: None,
            owner: match self.owner {
                Some(o) if o.discord_id.trim().is_empty() && o.name.trim().is_empty() => None,
                Some(o) if o.name.trim().chars().count() > limits::NAME => {
                    return Err(format!(
                        "The first High Command member's name must be at most {} characters.",
                        limits::NAME
                    ))
                }
                Some(o) if o.name.trim().is_empty() || !is_discord_id(&o.discord_id) => {
                    return Err(
                        "The first High Command member needs a name and a numeric Discord id."
                            .into(),
                    )
                }
                other => other,
            },
            name,
        })
    }
}

#[cfg(test)]
mod draft_tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_name_is_required() {
        let err = AgencyDraft { name: "  ".into(), ..Default::default() }.validate().unwrap_err();
        assert_eq!(err, "Agency name is required.");
    }

    #[test]
    fn a_name_that_makes_a_reserved_slug_is_refused() {
        let err =
            AgencyDraft { name: "Import".into(), ..Default::default() }.validate().unwrap_err();
        assert_eq!(err, "The slug 'import' is used by the portal itself; choose another.");
    }

    #[test]
    fn slug_domain_and_flags_are_normalised() {
        let new = AgencyDraft {
            name: " Blaine County Sheriff's Office ".into(),
            domain: Some("https://BCSO.example.org/".into()),
            flags: Some(json!({"levels": ["Cadet", "cadet", "Chief"]})),
            ..Default::default()
        }
        .validate()
        .unwrap();
        assert_eq!(new.name, "Blaine County Sheriff's Office");
        assert_eq!(new.slug, "blaine-county-sheriffs-office");
        assert_eq!(new.domain.as_deref(), Some("bcso.example.org"));
        assert_eq!(new.flags["enableAgencyManagement"], json!(true));
        assert_eq!(new.flags["disableCallsigns"], json!(false));
        assert_eq!(
            new.flags["levels"],
            json!([{"id": "cadet", "label": "Cadet"}, {"id": "chief", "label": "Chief"}])
        );
    }

    #[test]
    fn levels_typed_as_text_become_ids_with_their_labels() {
        let new = AgencyDraft {
            name: "X".into(),
            flags: Some(json!({"levels": "Cadet, Senior Deputy\nChief"})),
            ..Default::default()
        }
        .validate()
        .unwrap();
        assert_eq!(
            new.flags["levels"],
            json!([{"id": "cadet", "label": "Cadet"}, {"id": "senior_deputy", "label": "Senior Deputy"}, {"id": "chief", "label": "Chief"}])
        );
    }

    #[test]
    fn bad_slugs_and_domains_are_refused() {
        let draft = |slug: &str, domain: &str| AgencyDraft {
            name: "X".into(),
            slug: Some(slug.into()),
            domain: Some(domain.into()),
            ..Default::default()
        };
        assert!(draft("a b", "").validate().is_err());
        assert!(draft("ok", "not a domain").validate().is_err());
        assert!(draft("ok", "x.org:8080").validate().is_err());
        assert_eq!(draft("OK", "").validate().unwrap().slug, "ok");
    }
}

/// `PATCH /api/agencies/{slug}`: texts, theme keys (null resets one), links, or visibility.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AgencyPatch {
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    pub description: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::extract::nullable")]
    pub long_description: Option<Option<String>>,
    #[schema(value_type = Option<ThemeInput>)]
    pub theme: Option<serde_json::Map<String, Value>>,
    #[schema(value_type = Option<LinksInput>)]
    pub links: Option<serde_json::Map<String, Value>>,
    pub flags: Option<FlagsPatch>,
}

// The shapes below describe, for the OpenAPI description and the web app's generated types,
// the objects a create or an edit sends. The server reads them as JSON objects, so that an
// edit can reset a single key (`null`) and keep the keys it does not name; their rules live in
// `AgencyDraft::validate` and `AgencyPatch::into_change`.

/// Theme keys a create or an edit sets (command-and-reports §3 "Theme"). Colours are 3, 6 or
/// 8 digit hex; images and links a portal path or an http(s) URL; in an edit `null` resets a
/// key to the default.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ThemeInput {
    pub primary_color: Option<String>,
    pub primary_dark: Option<String>,
    pub accent_color: Option<String>,
    pub surface: Option<String>,
    pub surface_alt: Option<String>,
    pub background: Option<String>,
    pub text_color: Option<String>,
    pub button_text_color: Option<String>,
    #[schema(max_length = 4000)]
    pub hero_title: Option<String>,
    #[schema(max_length = 4000)]
    pub hero_subtitle: Option<String>,
    #[schema(max_length = 4000)]
    pub hero_body: Option<String>,
    #[schema(max_length = 4000)]
    pub hero_cta_label: Option<String>,
    #[schema(max_length = 2048)]
    pub badge_url: Option<String>,
    #[schema(max_length = 2048)]
    pub hero_url: Option<String>,
    #[schema(max_length = 2048)]
    pub favicon_url: Option<String>,
    #[schema(max_length = 2048)]
    pub hero_cta_href: Option<String>,
    /// Cards with title, description and link all empty are dropped.
    pub home_cards: Option<Vec<crate::tenancy::settings::HomeCard>>,
}

/// An agency's links (blank or `null` clears one in an edit).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinksInput {
    #[schema(max_length = 2048)]
    pub portal: Option<String>,
    #[schema(max_length = 2048)]
    pub discord: Option<String>,
}

/// A level as a create names it: its id, or an id and a label.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum LevelInput {
    Id(String),
    Level { id: String, label: Option<String> },
}

/// The levels of a new agency: a list, or text with one level per comma or line.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum LevelsInput {
    List(Vec<LevelInput>),
    Text(String),
}

/// Flags of a new agency (enableAgencyManagement defaults to on, disableCallsigns and
/// hidden to off).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlagsInput {
    pub enable_agency_management: Option<bool>,
    pub disable_callsigns: Option<bool>,
    pub disable_sub_departments: Option<bool>,
    pub hidden: Option<bool>,
    pub levels: Option<LevelsInput>,
    /// Level ids whose members may add and edit people (default command, high_command).
    pub roster_manage_levels: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FlagsPatch {
    pub hidden: Option<bool>,
}

pub const COLOR_KEYS: [&str; 8] = [
    "primaryColor",
    "primaryDark",
    "accentColor",
    "surface",
    "surfaceAlt",
    "background",
    "textColor",
    "buttonTextColor",
];
const TEXT_KEYS: [&str; 4] = ["heroTitle", "heroSubtitle", "heroBody", "heroCtaLabel"];
const LINK_KEYS: [&str; 4] = ["badgeUrl", "heroUrl", "faviconUrl", "heroCtaHref"];
const MAX_TEXT: usize = 4000;
const MAX_CARDS: usize = 24;

use crate::validate::valid_link;

fn patch_text(key: &str, value: Option<String>) -> Result<Option<String>, String> {
    let text = value.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty());
    match text {
        Some(t) if t.chars().count() > MAX_TEXT => {
            Err(format!("{key} is too long (at most {MAX_TEXT} characters)."))
        }
        other => Ok(other),
    }
}

impl AgencyPatch {
    /// Validates the patch into a store change.
    pub fn into_change(self) -> Result<super::store::AgencyChange, String> {
        let mut change = super::store::AgencyChange {
            description: self.description.map(|d| patch_text("description", d)).transpose()?,
            long_description: self
                .long_description
                .map(|d| patch_text("longDescription", d))
                .transpose()?,
            hidden: self.flags.and_then(|f| f.hidden),
            ..Default::default()
        };
        for (key, value) in self.theme.unwrap_or_default() {
            let k = key.as_str();
            let text = match &value {
                Value::Null => None,
                Value::String(s) if s.trim().is_empty() => None,
                Value::String(s) => Some(s.trim().to_owned()),
                _ if k == "homeCards" => None,
                _ => return Err(format!("{key} must be text.")),
            };
            let stored = if COLOR_KEYS.contains(&k) {
                text.map(|c| {
                    normalize_hex_color(&c).map(Value::String).ok_or_else(|| {
                        format!("'{c}' is not a colour for {key}: use 3, 6 or 8 hex digits.")
                    })
                })
                .transpose()?
            } else if TEXT_KEYS.contains(&k) {
                patch_text(k, text)?.map(Value::String)
            } else if LINK_KEYS.contains(&k) {
                max_len_opt(k, text.as_deref(), limits::URL)?;
                match text {
                    Some(link) if !valid_link(&link) => {
                        return Err(format!(
                            "{key} must be a path such as /media/… or an http(s) address."
                        ))
                    }
                    other => other.map(Value::String),
                }
            } else if k == "homeCards" {
                Some(Value::Array(home_cards(&value)?)).filter(|_| !value.is_null())
            } else {
                return Err(format!("Unknown theme setting '{key}'."));
            };
            match stored {
                Some(v) => {
                    change.theme_set.insert(key, v);
                }
                None => change.theme_clear.push(key),
            }
        }
        for (key, value) in self.links.unwrap_or_default() {
            if key != "portal" && key != "discord" {
                return Err(format!("Unknown link '{key}'."));
            }
            max_len_opt(&key, value.as_str(), limits::URL)?;
            match value.as_str().map(str::trim).filter(|s| !s.is_empty()) {
                None if value.is_null() || value.as_str().is_some() => change.links_clear.push(key),
                None => return Err(format!("{key} must be text.")),
                Some(link)
                    if url::Url::parse(link)
                        .is_ok_and(|u| matches!(u.scheme(), "http" | "https")) =>
                {
                    change.links_set.insert(key, Value::String(link.to_owned()));
                }
                Some(_) => return Err(format!("The {key} link must be an http(s) address.")),
            }
        }
        Ok(change)
    }
}

/// Home cards from a patch: objects of title, description and href; all-empty cards dropped.
fn home_cards(value: &Value) -> Result<Vec<Value>, String> {
    let Some(list) = value.as_array() else {
        return if value.is_null() { Ok(vec![]) } else { Err("homeCards must be a list.".into()) };
    };
    let mut cards = Vec::new();
    for card in list {
        let field = |name: &str| -> Result<String, String> {
            match card.get(name) {
                None | Some(Value::Null) => Ok(String::new()),
                Some(Value::String(s)) => Ok(s.trim().to_owned()),
                Some(_) => Err(format!("Home card {name} must be text.")),
            }
        };
        let (title, description, href) = (field("title")?, field("description")?, field("href")?);
        max_len("A home card title", &title, limits::NAME)?;
        max_len("A home card description", &description, limits::DESCRIPTION)?;
        max_len("A home card link", &href, limits::URL)?;
        if title.is_empty() && description.is_empty() && href.is_empty() {
            continue;
        }
        if !href.is_empty() && !valid_link(&href) {
            return Err(format!(
                "Home card link '{href}' must be a path such as /roster or an http(s) address."
            ));
        }
        cards.push(serde_json::json!({"title": title, "description": description, "href": href}));
    }
    if cards.len() > MAX_CARDS {
        return Err(format!("At most {MAX_CARDS} home cards."));
    }
    Ok(cards)
}

#[cfg(test)]
mod patch_tests {
    use super::*;
    use serde_json::json;

    fn patch(v: Value) -> Result<super::super::store::AgencyChange, String> {
        serde_json::from_value::<AgencyPatch>(v).map_err(|e| e.to_string())?.into_change()
    }

    #[test]
    fn colours_are_normalised_and_nulls_reset() {
        let c =
            patch(json!({"theme": {"primaryColor": "#ABC", "surface": null, "heroTitle": "  "}}))
                .unwrap();
        assert_eq!(c.theme_set["primaryColor"], json!("#aabbcc"));
        assert_eq!(c.theme_clear, vec!["heroTitle", "surface"]);
        assert_eq!(
            patch(json!({"theme": {"textColor": "white"}})).unwrap_err(),
            "'white' is not a colour for textColor: use 3, 6 or 8 hex digits."
        );
    }

    #[test]
    fn unknown_keys_bad_links_and_cards() {
        assert_eq!(
            patch(json!({"theme": {"font": "x"}})).unwrap_err(),
            "Unknown theme setting 'font'."
        );
        assert!(patch(json!({"theme": {"badgeUrl": "javascript:alert(1)"}})).is_err());
        assert!(patch(json!({"theme": {"badgeUrl": "/media/agencies/x/a.png"}})).is_ok());
        let c = patch(json!({"theme": {"homeCards": [{"title": "", "description": "", "href": ""}, {"title": "A", "href": "/roster"}]}})).unwrap();
        assert_eq!(
            c.theme_set["homeCards"],
            json!([{"title": "A", "description": "", "href": "/roster"}])
        );
        assert!(patch(json!({"theme": {"homeCards": [{"href": "javascript:x"}]}})).is_err());
        assert!(patch(json!({"name": "x"})).is_err());
        assert_eq!(
            patch(json!({"theme": {"homeCards": [{"title": "t".repeat(121)}]}})).unwrap_err(),
            "A home card title must be at most 120 characters."
        );
        let long_link = format!("https://example.org/{}", "a".repeat(2048));
        assert_eq!(
            patch(json!({"theme": {"heroUrl": long_link}})).unwrap_err(),
            "heroUrl must be at most 2048 characters."
        );
    }

    #[test]
    fn texts_visibility_and_links() {
        let c = patch(
            json!({"description": " Hi ", "longDescription": null, "flags": {"hidden": true},
                             "links": {"discord": "https://discord.gg/x", "portal": ""}}),
        )
        .unwrap();
        assert_eq!(c.description, Some(Some("Hi".into())));
        assert_eq!(c.long_description, Some(None));
        assert_eq!(c.hidden, Some(true));
        assert_eq!(c.links_set["discord"], json!("https://discord.gg/x"));
        assert_eq!(c.links_clear, vec!["portal"]);
        assert!(patch(json!({"links": {"discord": "ftp://x"}})).is_err());
    }
}
