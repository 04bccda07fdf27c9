//! Settings from environment variables, validated once at start.
//!
//! Every variable is documented in the README and in `deploy/configuration.md`.

use std::{net::SocketAddr, path::PathBuf};

use url::Url;

/// Where uploaded media (insignia, badges, hero images, favicons) is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MediaLocation {
    /// A folder on the local disk.
    Folder(PathBuf),
    /// An S3-compatible bucket; credentials, region and endpoint come from `AWS_*` variables.
    S3 { bucket: String, prefix: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// Discord sign-in (OAuth2) and look-ups. Endpoints are settings so tests can point them at a
/// local stand-in.
#[derive(Debug, Clone)]
pub struct DiscordSettings {
    pub client_id: String,
    pub client_secret: String,
    pub guild_id: String,
    pub bot_token: Option<String>,
    /// `https://discord.com/api/v10`; the token endpoint is `{api_url}/oauth2/token`.
    pub api_url: Url,
    pub authorize_url: Url,
}

/// How many prepared statements each agency connection keeps unless told
/// (`PORTAL_STATEMENTS_PER_CONNECTION`): sqlx's cache, the least recently used given up first
/// (and closed on the server: with the prepare, a round trip more for a statement not kept).
/// With statements per agency (`tenancy::pools::AgencyConnection`) this is the agencies a
/// connection serves times the statements each runs: about 30 each for 15 agencies busy at
/// once. sqlx's own default is 100. Each kept statement costs the Postgres backend about 12.5 kB
/// for a one-table read (README, *Connections*), more for a join.
pub const STATEMENTS_PER_CONNECTION: usize = 500;

#[derive(Debug, Clone)]
pub struct Config {
    pub database_url: String,
    pub bind: SocketAddr,
    pub public_url: Url,
    pub media: MediaLocation,
    /// Global budget of Postgres connections this process may hold at once.
    pub max_db_connections: u32,
    /// `PORTAL_AGENCY_POOL_MAX`: most connections one agency may use at once (default 8).
    pub agency_pool_max: u32,
    /// `PORTAL_STATEMENTS_PER_CONNECTION`: prepared statements (and Postgres plans) each agency
    /// connection keeps (default 500).
    pub statements_per_connection: usize,
    /// Serve the web app from this folder instead of the copy embedded in the binary.
    pub web_dir: Option<PathBuf>,
    pub log_format: LogFormat,
    /// `None` when `DISCORD_CLIENT_ID` is unset: sign-in is then unavailable (demo aside).
    pub discord: Option<DiscordSettings>,
    /// Discord ids that are High Command of the root agency even without a roster entry.
    pub owner_discord_ids: Vec<String>,
    /// `PORTAL_DEMO=1`: sign in as a demo member without Discord (loopback only).
    pub demo: bool,
    /// The document editor (OnlyOffice Docs) SOPs open in; `None` unless both
    /// `ONLYOFFICE_URL` and `ONLYOFFICE_JWT_SECRET` are set.
    pub onlyoffice: Option<OnlyOffice>,
    /// `PORTAL_TRUSTED_PROXIES`: the reverse proxies whose `X-Forwarded-Proto` says whether a
    /// request came over https. Empty: every request is taken to use `PUBLIC_URL`'s scheme.
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// `DISCORD_CDN_URL`: where Discord serves avatar images; the portal fetches them from
    /// there once and serves its own copies (`media::avatars`).
    pub discord_cdn_url: Url,
    /// `PORTAL_SECRET_KEY`: the key agencies' bot tokens and webhook addresses are sealed with
    /// (`None`: they cannot be stored).
    pub secrets: Option<crate::secrets::SecretBox>,
    /// `PORTAL_API_TOKEN_RATE`: requests a second one API token may make (default 20, with
    /// bursts of ten times as many, such as every player dropping when the game server stops).
    pub api_token_rate: u32,
    /// `PORTAL_APPLY_RATE`: applications (tries, refused ones too) one Discord account may send
    /// an hour (default 10, all at once at most); one address, three times as many.
    pub apply_rate: u32,
    /// `PORTAL_BACKUP_EVERY_HOURS`: hours between an agency's scheduled backups unless it
    /// chose otherwise (default 24; `0`: none), and `PORTAL_BACKUP_KEEP`: how many are kept
    /// (default 7).
    pub backup_every_hours: Option<u32>,
    pub backup_keep: u32,
    /// `PORTAL_IMPORT_MAX_MB`: the largest bundle `POST /api/agencies/import` takes (default
    /// 4096 MB).
    pub import_max_bytes: u64,
    /// `PORTAL_DOCUMENT_FILES_MAX_MB`: what one agency's documents' Office files (every
    /// version) may take in the media store together (default 2048 MB).
    pub document_files_max_bytes: u64,
    /// `PORTAL_SPARE_SCHEMAS`: agency schemas a serving instance keeps built ahead, which
    /// provisioning renames instead of building one (issue 29); `0`: none.
    pub spare_schemas: usize,
}

/// Where the document editor runs and the secret its configurations are signed with.
#[derive(Clone)]
pub struct OnlyOffice {
    pub url: Url,
    pub jwt_secret: String,
}

impl std::fmt::Debug for OnlyOffice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnlyOffice").field("url", &self.url.as_str()).finish_non_exhaustive()
    }
}

impl Config {
    /// Demo sign-in is honoured only while the server listens on loopback.
    pub fn demo_sign_in(&self) -> bool {
        self.demo && self.bind.ip().is_loopback()
    }
}

/// A configuration problem, worded for the person starting the server.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct ConfigError(String);

/// The smallest budget that still leaves room for the control pool and one agency pool.
pub const MIN_DB_CONNECTIONS: u32 = 4;

impl Config {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|key| std::env::var(key).ok())
    }

    /// Reads settings through `lookup`, so tests can pass their own values.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |key: &str| lookup(key).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());

        let database_url = get("DATABASE_URL").ok_or_else(|| {
            ConfigError(
                "DATABASE_URL is not set: give the Postgres URL of the control database, \
                 for example postgres://portal@127.0.0.1:5432/portal"
                    .into(),
            )
        })?;
        Url::parse(&database_url)
            .ok()
            .filter(|u| matches!(u.scheme(), "postgres" | "postgresql"))
            .ok_or_else(|| {
                ConfigError("DATABASE_URL must be a postgres:// URL (got something else)".into())
            })?;

        let bind_raw = get("PORTAL_BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let bind = bind_raw.parse().map_err(|_| {
            ConfigError(format!(
                "PORTAL_BIND must be an address and port such as 127.0.0.1:8080 (got '{bind_raw}')"
            ))
        })?;

        let public_raw = get("PUBLIC_URL").unwrap_or_else(|| "http://127.0.0.1:8080".into());
        let public_url = Url::parse(&public_raw)
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
            .ok_or_else(|| {
                ConfigError(format!(
                    "PUBLIC_URL must be an http(s) URL such as https://portal.example.org (got '{public_raw}')"
                ))
            })?;

        let media = parse_media_url(get("MEDIA_URL").as_deref())?;

        let max_db_connections = match get("PORTAL_MAX_DB_CONNECTIONS") {
            None => 50,
            Some(raw) => raw
                .parse::<u32>()
                .ok()
                .filter(|n| *n >= MIN_DB_CONNECTIONS)
                .ok_or_else(|| {
                    ConfigError(format!(
                        "PORTAL_MAX_DB_CONNECTIONS must be a whole number of at least {MIN_DB_CONNECTIONS} (got '{raw}')"
                    ))
                })?,
        };

        let agency_pool_max = match get("PORTAL_AGENCY_POOL_MAX") {
            None => 8,
            Some(raw) => raw.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                ConfigError(format!(
                    "PORTAL_AGENCY_POOL_MAX must be a whole number of at least 1 (got '{raw}')"
                ))
            })?,
        };

        let statements_per_connection = match get("PORTAL_STATEMENTS_PER_CONNECTION") {
            None => STATEMENTS_PER_CONNECTION,
            Some(raw) => {
                raw.parse::<usize>().ok().filter(|n| (1..=5000).contains(n)).ok_or_else(|| {
                    ConfigError(format!(
                        "PORTAL_STATEMENTS_PER_CONNECTION must be a whole number from 1 to 5000 \
                         (got '{raw}')"
                    ))
                })?
            }
        };

        let api_token_rate = match get("PORTAL_API_TOKEN_RATE") {
            None => 20,
            Some(raw) => raw.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                ConfigError(format!(
                    "PORTAL_API_TOKEN_RATE must be a whole number of at least 1 (got '{raw}')"
                ))
            })?,
        };

        let apply_rate = match get("PORTAL_APPLY_RATE") {
            None => 10,
            Some(raw) => raw.parse::<u32>().ok().filter(|n| *n >= 1).ok_or_else(|| {
                ConfigError(format!(
                    "PORTAL_APPLY_RATE must be a whole number of at least 1 (got '{raw}')"
                ))
            })?,
        };

        let number = |key: &str, default: u64, min: u64, max: u64| match get(key) {
            None => Ok(default),
            Some(raw) => {
                raw.parse::<u64>().ok().filter(|n| (min..=max).contains(n)).ok_or_else(|| {
                    ConfigError(format!(
                        "{key} must be a whole number from {min} to {max} (got '{raw}')"
                    ))
                })
            }
        };
        let backup_every_hours =
            Some(number("PORTAL_BACKUP_EVERY_HOURS", 24, 0, 168)? as u32).filter(|h| *h > 0);
        let backup_keep = number("PORTAL_BACKUP_KEEP", 7, 1, 100)? as u32;
        let import_max_bytes = number("PORTAL_IMPORT_MAX_MB", 4096, 1, 1 << 20)? << 20;
        let document_files_max_bytes =
            number("PORTAL_DOCUMENT_FILES_MAX_MB", 2048, 1, 1 << 24)? << 20;
        let spare_schemas = number("PORTAL_SPARE_SCHEMAS", 2, 0, 20)? as usize;

        let web_dir = get("PORTAL_WEB_DIR").map(PathBuf::from);
        if let Some(dir) = &web_dir {
            if !dir.join("index.html").is_file() {
                return Err(ConfigError(format!(
                    "PORTAL_WEB_DIR '{}' has no index.html: build the web app (npm run build in webapp/) or unset it",
                    dir.display()
                )));
            }
        }

        let log_format = match get("PORTAL_LOG_FORMAT").as_deref() {
            None | Some("text") => LogFormat::Text,
            Some("json") => LogFormat::Json,
            Some(other) => {
                return Err(ConfigError(format!(
                    "PORTAL_LOG_FORMAT must be 'text' or 'json' (got '{other}')"
                )))
            }
        };

        let discord = match get("DISCORD_CLIENT_ID") {
            None => None,
            Some(client_id) => {
                let require = |key: &str| {
                    get(key).ok_or_else(|| {
                        ConfigError(format!("{key} must be set when DISCORD_CLIENT_ID is set"))
                    })
                };
                let url = |key: &str, default: &str| {
                    let raw = get(key).unwrap_or_else(|| default.to_owned());
                    Url::parse(raw.trim_end_matches('/'))
                        .ok()
                        .filter(|u| matches!(u.scheme(), "http" | "https"))
                        .ok_or_else(|| {
                            ConfigError(format!("{key} must be an http(s) URL (got '{raw}')"))
                        })
                };
                Some(DiscordSettings {
                    client_id,
                    client_secret: require("DISCORD_CLIENT_SECRET")?,
                    guild_id: require("DISCORD_GUILD_ID")?,
                    bot_token: get("DISCORD_BOT_TOKEN"),
                    api_url: url("DISCORD_API_URL", "https://discord.com/api/v10")?,
                    authorize_url: url(
                        "DISCORD_AUTHORIZE_URL",
                        "https://discord.com/oauth2/authorize",
                    )?,
                })
            }
        };

        let owner_discord_ids = get("PORTAL_OWNER_DISCORD_IDS")
            .map(|raw| {
                raw.split(',')
                    .map(str::trim)
                    .filter(|id| !id.is_empty())
                    .map(|id| {
                        if id.chars().all(|c| c.is_ascii_digit()) {
                            Ok(id.to_owned())
                        } else {
                            Err(ConfigError(format!(
                                "PORTAL_OWNER_DISCORD_IDS must list numeric Discord ids separated by commas (got '{id}')"
                            )))
                        }
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?
            .unwrap_or_default();

        let demo = match get("PORTAL_DEMO").as_deref() {
            None | Some("0") | Some("false") => false,
            Some("1") | Some("true") => true,
            Some(other) => {
                return Err(ConfigError(format!("PORTAL_DEMO must be 1 or 0 (got '{other}')")))
            }
        };

        let onlyoffice = match (get("ONLYOFFICE_URL"), get("ONLYOFFICE_JWT_SECRET")) {
            (None, None) => None,
            (Some(raw), Some(jwt_secret)) => {
                let url = Url::parse(&raw)
                    .ok()
                    .filter(|u| matches!(u.scheme(), "http" | "https"))
                    .ok_or_else(|| {
                        ConfigError(format!("ONLYOFFICE_URL must be an http(s) URL (got '{raw}')"))
                    })?;
                if jwt_secret.len() < 16 {
                    return Err(ConfigError(
                        "ONLYOFFICE_JWT_SECRET must be at least 16 characters (the editor's JWT secret)".into(),
                    ));
                }
                Some(OnlyOffice { url, jwt_secret })
            }
            (url, _) => {
                let missing =
                    if url.is_some() { "ONLYOFFICE_JWT_SECRET" } else { "ONLYOFFICE_URL" };
                return Err(ConfigError(format!(
                    "ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET are set together ({missing} is missing)"
                )));
            }
        };

        let trusted_proxies = parse_trusted_proxies(get("PORTAL_TRUSTED_PROXIES").as_deref())?;

        let raw_cdn = get("DISCORD_CDN_URL").unwrap_or_else(|| "https://cdn.discordapp.com".into());
        let discord_cdn_url = Url::parse(raw_cdn.trim_end_matches('/'))
            .ok()
            .filter(|u| matches!(u.scheme(), "http" | "https"))
            .ok_or_else(|| {
                ConfigError(format!("DISCORD_CDN_URL must be an http(s) URL (got '{raw_cdn}')"))
            })?;

        let secrets = get("PORTAL_SECRET_KEY")
            .map(|key| crate::secrets::SecretBox::from_base64(&key))
            .transpose()
            .map_err(|e| ConfigError(e.to_string()))?;

        Ok(Self {
            database_url,
            bind,
            public_url,
            media,
            max_db_connections,
            agency_pool_max,
            statements_per_connection,
            api_token_rate,
            apply_rate,
            backup_every_hours,
            backup_keep,
            import_max_bytes,
            document_files_max_bytes,
            spare_schemas,
            web_dir,
            log_format,
            discord,
            owner_discord_ids,
            demo,
            onlyoffice,
            trusted_proxies,
            discord_cdn_url,
            secrets,
        })
    }
}

/// `PORTAL_TRUSTED_PROXIES`: addresses or networks (`127.0.0.1`, `10.0.0.0/8`, `::1`),
/// separated by commas or spaces.
pub fn parse_trusted_proxies(raw: Option<&str>) -> Result<Vec<ipnet::IpNet>, ConfigError> {
    raw.unwrap_or_default()
        .split([',', ' '])
        .filter(|s| !s.trim().is_empty())
        .map(|entry| {
            let entry = entry.trim();
            entry
                .parse::<ipnet::IpNet>()
                .or_else(|_| entry.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| {
                    ConfigError(format!(
                        "PORTAL_TRUSTED_PROXIES lists addresses or networks such as 127.0.0.1 or 10.0.0.0/8 (got '{entry}')"
                    ))
                })
        })
        .collect()
}

/// `MEDIA_URL`: unset → `.data/media`; `file:///abs/path`; `s3://bucket[/prefix]`; or a plain path.
pub fn parse_media_url(raw: Option<&str>) -> Result<MediaLocation, ConfigError> {
    let raw = match raw {
        None => return Ok(MediaLocation::Folder(absolute(PathBuf::from(".data/media")))),
        Some(raw) => raw,
    };
    if let Some(rest) = raw.strip_prefix("s3://") {
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err(ConfigError(format!("MEDIA_URL '{raw}' names no bucket (s3://bucket)")));
        }
        return Ok(MediaLocation::S3 {
            bucket: bucket.to_owned(),
            prefix: prefix.trim_matches('/').to_owned(),
        });
    }
    if raw.starts_with("file:") {
        let url = Url::parse(raw).map_err(|e| ConfigError(format!("MEDIA_URL '{raw}': {e}")))?;
        let path = url
            .to_file_path()
            .map_err(|_| ConfigError(format!("MEDIA_URL '{raw}' must be file:///absolute/path")))?;
        return Ok(MediaLocation::Folder(path));
    }
    if raw.contains("://") {
        return Err(ConfigError(format!(
            "MEDIA_URL '{raw}' is not supported: use a folder, file:///absolute/path or s3://bucket"
        )));
    }
    Ok(MediaLocation::Folder(absolute(PathBuf::from(raw))))
}

fn absolute(path: PathBuf) -> PathBuf {
    if path.is_absolute() {
        return path;
    }
    std::env::current_dir().map(|cwd| cwd.join(&path)).unwrap_or(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let map: HashMap<String, String> =
            vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|k| map.get(k).cloned())
    }

    const DB: (&str, &str) = ("DATABASE_URL", "postgres://portal@127.0.0.1/portal");

    #[test]
    fn defaults_apply_when_only_the_database_is_set() {
        let c = config(&[DB]).unwrap();
        assert_eq!(c.bind.to_string(), "127.0.0.1:8080");
        assert_eq!(c.public_url.as_str(), "http://127.0.0.1:8080/");
        assert_eq!(c.max_db_connections, 50);
        assert_eq!(c.agency_pool_max, 8);
        assert_eq!(c.statements_per_connection, 500);
        let fewer = config(&[DB, ("PORTAL_STATEMENTS_PER_CONNECTION", "100")]).unwrap();
        assert_eq!(fewer.statements_per_connection, 100);
        assert_eq!(c.api_token_rate, 20);
        assert_eq!(c.apply_rate, 10);
        assert_eq!(c.log_format, LogFormat::Text);
        match c.media {
            MediaLocation::Folder(p) => assert!(p.ends_with(".data/media") && p.is_absolute()),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn missing_database_url_is_explained() {
        let err = config(&[]).unwrap_err().to_string();
        assert!(err.starts_with("DATABASE_URL is not set"), "{err}");
    }

    #[test]
    fn bad_values_name_the_variable() {
        for (key, value) in [
            ("PORTAL_BIND", "localhost"),
            ("PUBLIC_URL", "ftp://x"),
            ("PORTAL_MAX_DB_CONNECTIONS", "2"),
            ("PORTAL_MAX_DB_CONNECTIONS", "many"),
            ("PORTAL_API_TOKEN_RATE", "0"),
            ("PORTAL_AGENCY_POOL_MAX", "0"),
            ("PORTAL_STATEMENTS_PER_CONNECTION", "0"),
            ("PORTAL_STATEMENTS_PER_CONNECTION", "all"),
            ("PORTAL_STATEMENTS_PER_CONNECTION", "5001"),
            ("PORTAL_LOG_FORMAT", "xml"),
            ("MEDIA_URL", "gs://bucket"),
            ("DATABASE_URL", "mysql://x"),
            ("PORTAL_OWNER_DISCORD_IDS", "123,abc"),
            ("PORTAL_DEMO", "yes"),
            ("ONLYOFFICE_URL", "docs.example"),
            ("PORTAL_BACKUP_EVERY_HOURS", "169"),
            ("PORTAL_BACKUP_KEEP", "0"),
            ("PORTAL_IMPORT_MAX_MB", "lots"),
            ("PORTAL_DOCUMENT_FILES_MAX_MB", "0"),
        ] {
            let err = config(&[DB, (key, value)]).unwrap_err().to_string();
            assert!(err.starts_with(key), "{key}={value}: {err}");
        }
    }

    #[test]
    fn backups_default_to_a_day_and_a_week_and_zero_turns_them_off() {
        let c = config(&[DB]).unwrap();
        assert_eq!((c.backup_every_hours, c.backup_keep), (Some(24), 7));
        assert_eq!(c.import_max_bytes, 4096 << 20);
        assert_eq!(c.document_files_max_bytes, 2048 << 20);
        assert_eq!(c.spare_schemas, 2);
        let c = config(&[DB, ("PORTAL_BACKUP_EVERY_HOURS", "0"), ("PORTAL_BACKUP_KEEP", "30")])
            .unwrap();
        assert_eq!((c.backup_every_hours, c.backup_keep), (None, 30));
    }

    #[test]
    fn discord_settings_need_secret_and_guild() {
        let err = config(&[DB, ("DISCORD_CLIENT_ID", "1")]).unwrap_err().to_string();
        assert_eq!(err, "DISCORD_CLIENT_SECRET must be set when DISCORD_CLIENT_ID is set");
        let c = config(&[
            DB,
            ("DISCORD_CLIENT_ID", "1"),
            ("DISCORD_CLIENT_SECRET", "s"),
            ("DISCORD_GUILD_ID", "9"),
            ("DISCORD_API_URL", "http://127.0.0.1:9999/api/"),
            ("PORTAL_OWNER_DISCORD_IDS", " 111111, 222222 ,"),
        ])
        .unwrap();
        let d = c.discord.unwrap();
        assert_eq!(d.api_url.as_str(), "http://127.0.0.1:9999/api");
        assert_eq!(d.authorize_url.as_str(), "https://discord.com/oauth2/authorize");
        assert_eq!(c.owner_discord_ids, vec!["111111", "222222"]);
        assert!(config(&[DB]).unwrap().discord.is_none());
    }

    #[test]
    fn demo_sign_in_needs_loopback() {
        assert!(config(&[DB, ("PORTAL_DEMO", "1")]).unwrap().demo_sign_in());
        let open = config(&[DB, ("PORTAL_DEMO", "1"), ("PORTAL_BIND", "0.0.0.0:8080")]).unwrap();
        assert!(open.demo && !open.demo_sign_in());
    }

    #[test]
    fn the_document_editor_needs_both_settings() {
        assert!(config(&[DB]).unwrap().onlyoffice.is_none());
        let secret = ("ONLYOFFICE_JWT_SECRET", "a-secret-of-16-chars");
        let both = config(&[DB, ("ONLYOFFICE_URL", "https://docs.example.org"), secret]).unwrap();
        assert_eq!(both.onlyoffice.unwrap().url.as_str(), "https://docs.example.org/");
        let err = config(&[DB, secret]).unwrap_err().to_string();
        assert!(err.contains("(ONLYOFFICE_URL is missing)"), "{err}");
        let err = config(&[DB, ("ONLYOFFICE_URL", "ftp://docs"), secret]).unwrap_err().to_string();
        assert!(err.starts_with("ONLYOFFICE_URL must be an http(s) URL"), "{err}");
        let short = ("ONLYOFFICE_JWT_SECRET", "short");
        let err = config(&[DB, ("ONLYOFFICE_URL", "https://d.example"), short]).unwrap_err();
        assert!(err.to_string().starts_with("ONLYOFFICE_JWT_SECRET must be at least 16"), "{err}");
    }

    #[test]
    fn media_urls() {
        assert_eq!(
            parse_media_url(Some("s3://media/portal/")).unwrap(),
            MediaLocation::S3 { bucket: "media".into(), prefix: "portal".into() }
        );
        assert_eq!(
            parse_media_url(Some("file:///var/lib/portal")).unwrap(),
            MediaLocation::Folder("/var/lib/portal".into())
        );
        assert_eq!(
            parse_media_url(Some("/srv/media")).unwrap(),
            MediaLocation::Folder("/srv/media".into())
        );
        assert!(parse_media_url(Some("s3://")).is_err());
        assert!(parse_media_url(Some("file://relative")).is_err());
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let nets = parse_trusted_proxies(Some("127.0.0.1, 10.0.0.0/8 ::1")).unwrap();
        let shown: Vec<String> = nets.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["127.0.0.1/32", "10.0.0.0/8", "::1/128"]);
        assert!(parse_trusted_proxies(None).unwrap().is_empty());
        let err = parse_trusted_proxies(Some("10.0.0.0/8, proxy.local")).unwrap_err();
        assert!(err.to_string().contains("(got 'proxy.local')"), "{err}");
    }
}
