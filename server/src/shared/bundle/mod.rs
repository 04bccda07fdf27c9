//! Agency bundles (issue 27): one gzip'd tar holding everything an agency is, made by
//! [`export`] and read back by [`import`]; the command line, the Agencies API, the scheduled
//! backups ([`backups`]) and moves between Postgres servers ([`mover`]) all use these.
//!
//! Entries, in order: `header.json` (format, portal and schema versions, each table's
//! columns), `registry.json` (the registry row without where the data lives), optionally
//! `secrets.age` (the agency's bot token and webhook addresses, encrypted with a passphrase),
//! `tables/<table>/<part>.copy` (Postgres `COPY … TO STDOUT` text of one consistent snapshot,
//! cut at row ends into parts of at most [`PART_SIZE`]), `media/<key>` (the agency's media
//! objects), and `manifest.json` last: rows, bytes and SHA-256 of every table, sequence values,
//! and the SHA-256 of every other entry, known only once everything is streamed. Nothing is
//! held whole in memory: a table part and a media chunk at most.

pub mod backups;
pub mod export;
pub mod import;
pub mod mover;
pub mod store;

use std::{
    collections::BTreeMap,
    pin::Pin,
    sync::Arc,
    task::{Context, Poll},
};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::io::{AsyncRead, ReadBuf};

use crate::tenancy::AgencyTexts;

pub use export::{export, ExportOptions};
pub use import::{import, ImportOptions};

/// The bundle format this portal writes and reads.
pub const FORMAT_VERSION: u32 = 1;
/// The most COPY text one table entry holds (cut at a row's end).
pub const PART_SIZE: usize = 8 << 20;
/// The most one small entry (header, registry, manifest, secrets) may hold.
const SMALL_ENTRY: u64 = 16 << 20;

/// A bundle that is not whole: not gzip, not tar, cut short, or missing its manifest.
pub const DAMAGED: &str = "This file is not a complete agency bundle: it is damaged or was cut short. Nothing was imported.";
/// A bundle whose contents differ from what its manifest says.
pub const MISMATCH: &str = "This bundle's contents do not match its manifest (a count or a checksum differs), so it was refused. Nothing was imported.";
/// A passphrase that does not open the bundle's secrets.
pub const WRONG_PASSPHRASE: &str =
    "The passphrase does not open this bundle's secrets. Nothing was imported.";
/// Secrets asked for, but the portal cannot seal them.
pub const SECRETS_NEED_KEY: &str = "This portal has no PORTAL_SECRET_KEY, so it cannot keep the bundle's secrets. Import without the passphrase, or set the key first.";
/// A passphrase too short to protect bot tokens.
pub const SHORT_PASSPHRASE: &str = "The passphrase must be at least 12 characters.";
pub const MIN_PASSPHRASE: usize = 12;

/// The answer to a bundle of a newer schema than this portal knows.
pub fn newer_bundle(bundle: i64, known: i64) -> String {
    format!(
        "This bundle was made by a newer version of the portal (schema version {bundle}); \
         this portal knows up to {known}. Upgrade the portal first."
    )
}

/// The answer to a bundle of another format.
pub fn unknown_format(format: u32) -> String {
    format!(
        "This bundle is in format {format}, which this portal does not read (it reads format \
         {FORMAT_VERSION}). Upgrade the portal first."
    )
}

/// The first entry: what the rest is.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Header {
    pub format: u32,
    pub portal_version: String,
    /// The agency schema's tenant migration version.
    pub schema_version: i64,
    pub slug: String,
    pub created_at: DateTime<Utc>,
    /// Each table's columns, as its COPY text lists them.
    pub tables: Vec<TableColumns>,
    pub has_secrets: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TableColumns {
    pub name: String,
    pub columns: Vec<String>,
}

/// The registry row as a bundle carries it: never where the data lives, never secrets.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RegistryEntry {
    #[serde(flatten)]
    pub texts: AgencyTexts,
    pub flags: Value,
    pub theme: Value,
    pub links: Value,
}

impl From<&crate::tenancy::Agency> for RegistryEntry {
    fn from(a: &crate::tenancy::Agency) -> Self {
        Self {
            texts: AgencyTexts::from(a),
            flags: a.stored_flags.clone(),
            theme: a.stored_theme.clone(),
            links: a.stored_links.clone(),
        }
    }
}

/// The secrets a bundle may carry (encrypted with a passphrase in `secrets.age`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Secrets {
    pub bot_token: Option<String>,
    /// Webhook id → address.
    pub webhooks: BTreeMap<i64, String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEntry {
    pub name: String,
    pub rows: u64,
    pub bytes: u64,
    pub parts: u32,
    pub sha256: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SequenceEntry {
    pub name: String,
    pub last_value: i64,
    pub is_called: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MediaEntry {
    pub key: String,
    pub bytes: u64,
    pub sha256: String,
}

/// The last entry: counts and checksums of everything before it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Manifest {
    pub format: u32,
    pub schema_version: i64,
    pub tables: Vec<TableEntry>,
    pub sequences: Vec<SequenceEntry>,
    pub media: Vec<MediaEntry>,
    /// SHA-256 of `header.json`, `registry.json` and `secrets.age` by entry name.
    pub entries: BTreeMap<String, String>,
}

impl Manifest {
    /// Rows per table.
    pub fn counts(&self) -> BTreeMap<String, u64> {
        self.tables.iter().map(|t| (t.name.clone(), t.rows)).collect()
    }

    pub fn rows(&self) -> u64 {
        self.tables.iter().map(|t| t.rows).sum()
    }

    /// Bytes of table text and media (before compression).
    pub fn bytes(&self) -> u64 {
        self.tables.iter().map(|t| t.bytes).sum::<u64>()
            + self.media.iter().map(|m| m.bytes).sum::<u64>()
    }
}

/// How far an export or import is: called after each table part and media object.
#[derive(Debug, Clone)]
pub struct Step {
    pub what: String,
    pub rows: u64,
    pub bytes: u64,
}

pub type Progress = Arc<dyn Fn(&Step) + Send + Sync>;

/// Progress that goes nowhere.
pub fn quiet() -> Progress {
    Arc::new(|_| {})
}

pub(crate) fn hex(digest: impl AsRef<[u8]>) -> String {
    digest.as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

pub(crate) fn sha256(bytes: &[u8]) -> String {
    hex(Sha256::digest(bytes))
}

/// Rows in COPY text: one line each (newlines inside values are escaped).
pub(crate) fn count_rows(text: &[u8]) -> u64 {
    text.iter().filter(|&&b| b == b'\n').count() as u64
}

/// Reads through, hashing and counting what passes.
pub(crate) struct Hashing<R> {
    inner: R,
    pub hasher: Sha256,
    pub bytes: u64,
}

impl<R> Hashing<R> {
    pub fn new(inner: R) -> Self {
        Self { inner, hasher: Sha256::new(), bytes: 0 }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for Hashing<R> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &polled {
            let fresh = buf.filled()[before..].to_vec();
            self.hasher.update(&fresh);
            self.bytes += fresh.len() as u64;
        }
        polled
    }
}

/// The media keys of an agency: its branding (`agencies/<slug>/`), catalogue pictures
/// (`catalogues/<slug>/`) and pictures in its documents (`sops/<slug>/`), served as
/// `/media/<key>`, and its documents' Office files (`documents/<slug>/`, never served there).
pub const MEDIA_FOLDERS: [&str; 4] = ["agencies", "catalogues", "sops", "documents"];

/// The columns that hold media keys of the agency (not `/media/` addresses): on an import
/// under a new slug their folder is renamed with the objects. `(table, column)`.
pub const MEDIA_KEY_COLUMNS: [(&str, &str); 1] = [("document_sources", "storage_key")];

/// `key` of agency `from` as agency `to`'s (its folder renamed); `None` for a key outside the
/// agency's folders.
pub fn rename_media_key(key: &str, from: &str, to: &str) -> Option<String> {
    MEDIA_FOLDERS.iter().find_map(|folder| {
        key.strip_prefix(&format!("{folder}/{from}/"))
            .filter(|rest| !rest.is_empty() && !rest.contains(".."))
            .map(|rest| format!("{folder}/{to}/{rest}"))
    })
}

/// Rewrites `/media/<folder>/<from>/` to `/media/<folder>/<to>/` in `text` (table rows and the
/// registry's theme), for an agency imported under a new slug.
pub fn rename_media_urls(text: &[u8], from: &str, to: &str) -> Vec<u8> {
    let mut out = text.to_vec();
    for folder in MEDIA_FOLDERS {
        let old = format!("/media/{folder}/{from}/");
        let new = format!("/media/{folder}/{to}/");
        out = replace_all(&out, old.as_bytes(), new.as_bytes());
    }
    out
}

fn replace_all(hay: &[u8], old: &[u8], new: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(hay.len());
    let mut i = 0;
    while i < hay.len() {
        if hay[i..].starts_with(old) {
            out.extend_from_slice(new);
            i += old.len();
        } else {
            out.push(hay[i]);
            i += 1;
        }
    }
    out
}

/// The columns that hold sealed secrets (`secrets.rs`): left out of a bundle unless a
/// passphrase carries them in `secrets.age`. `(table, column, what stands in)`.
pub const SEALED_COLUMNS: [(&str, &str, &str); 2] = [
    ("discord_settings", "bot_token_sealed", "NULL::bytea"),
    ("webhooks", "url_sealed", "'\\x'::bytea"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sentences_say_what_to_do() {
        assert_eq!(
            newer_bundle(25, 18),
            "This bundle was made by a newer version of the portal (schema version 25); this portal knows up to 18. Upgrade the portal first."
        );
        assert!(unknown_format(9).contains("format 9"));
        for sentence in [DAMAGED, MISMATCH, WRONG_PASSPHRASE, SECRETS_NEED_KEY, SHORT_PASSPHRASE] {
            assert!(sentence.ends_with('.'), "{sentence}");
        }
    }

    #[test]
    fn media_follows_a_new_slug() {
        assert_eq!(
            rename_media_key("agencies/bcso/a.png", "bcso", "bcso2").as_deref(),
            Some("agencies/bcso2/a.png")
        );
        assert_eq!(
            rename_media_key("catalogues/bcso/b.webp", "bcso", "x").as_deref(),
            Some("catalogues/x/b.webp")
        );
        assert_eq!(rename_media_key("agencies/bcsox/a.png", "bcso", "x"), None);
        assert_eq!(rename_media_key("avatars/1/a.png", "bcso", "x"), None);
        let row = b"1\t/media/catalogues/bcso/a.png\t/media/agencies/bcso/b.png\t/media/agencies/bcso2/c\n";
        assert_eq!(
            rename_media_urls(row, "bcso", "new"),
            b"1\t/media/catalogues/new/a.png\t/media/agencies/new/b.png\t/media/agencies/bcso2/c\n"
        );
    }

    #[test]
    fn rows_are_lines_of_copy_text() {
        assert_eq!(count_rows(b""), 0);
        assert_eq!(count_rows(b"1\ta\\nb\n2\tc\n"), 2);
    }
}
