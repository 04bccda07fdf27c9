//! Bundle answers and requests, and their sentences.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

pub use crate::shared::bundle::{
    mover::{ALREADY_MOVING, ALREADY_THERE, NOT_SAME_ROWS, TARGET_TAKEN},
    DAMAGED, MISMATCH, SECRETS_NEED_KEY, SHORT_PASSPHRASE, WRONG_PASSPHRASE,
};
pub use crate::tenancy::resolver::MOVING;

/// Who may export an agency and see or make its backups.
pub const BUNDLE_REFUSAL: &str = "Only the agency's own High Command, or the root agency's, may export it or manage its backups.";
pub const NO_SUCH_BACKUP: &str = "There is no such backup of this agency.";
pub const EMPTY_UPLOAD: &str = "Choose an agency bundle (.agency.tar.gz) to import.";
pub const EVERY_HOURS_RANGE: &str = "Back up every 1 to 168 hours, or turn scheduled backups off.";
pub const KEEP_RANGE: &str = "Keep from 1 to 100 backups.";
/// The header that carries the passphrase of a bundle's secrets.
pub const PASSPHRASE_HEADER: &str = "x-bundle-passphrase";

/// The answer to a bundle over the size limit.
pub fn too_large(limit_bytes: u64) -> String {
    format!("The bundle is larger than this portal takes ({} MB).", limit_bytes >> 20)
}

/// The file name of an export: `<slug>-<date>.agency.tar.gz`.
pub fn export_file_name(slug: &str, at: DateTime<Utc>) -> String {
    format!("{slug}-{}.agency.tar.gz", at.format("%Y-%m-%d"))
}

/// A passphrase from the header: present and long enough, or a sentence.
pub fn passphrase(raw: Option<&str>) -> Result<Option<String>, &'static str> {
    match raw.map(str::trim) {
        None | Some("") => Ok(None),
        Some(p) if p.chars().count() < crate::shared::bundle::MIN_PASSPHRASE => {
            Err(SHORT_PASSPHRASE)
        }
        Some(p) => Ok(Some(p.to_owned())),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ImportQuery {
    /// Import under this slug instead of the bundle's.
    pub slug: Option<String>,
}

/// The agency an import made.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportedAgency {
    pub id: i64,
    pub slug: String,
    pub name: String,
    /// `null` when the bundle's domain was taken (cleared) or it had none.
    pub domain: Option<String>,
    /// The bundle's domain was taken by another agency and left out.
    pub domain_cleared: bool,
    /// The schema version the bundle was made at, and the one it was migrated to.
    pub bundle_schema_version: i64,
    pub schema_version: i64,
    /// Rows per table, as imported (before any migration).
    pub counts: BTreeMap<String, u64>,
    pub media_objects: usize,
    /// Whether the bundle's secrets (bot token, webhook addresses) came in.
    pub secrets_imported: bool,
}

/// A backup in the media store.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Backup {
    /// The file name (what `GET …/backups/{name}` takes).
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub size_bytes: i64,
    /// Rows per table.
    #[schema(value_type = Object)]
    pub counts: serde_json::Value,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BackupList {
    /// Newest first.
    pub backups: Vec<Backup>,
    pub settings: BackupSettings,
}

/// When the agency is backed up, and how many backups are kept.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BackupSettings {
    /// Hours between scheduled backups; `null`: none.
    pub every_hours: Option<i32>,
    pub keep: i32,
    /// The agency has no setting of its own: these are the deployment's defaults.
    pub uses_default: bool,
    pub default_every_hours: Option<i32>,
    pub default_keep: i32,
    /// When the next scheduled backup falls due (`null`: none scheduled).
    pub next_due_at: Option<DateTime<Utc>>,
}

/// A change of the backup settings.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BackupSettingsInput {
    /// 1 to 168, or `null` for no scheduled backups.
    pub every_hours: Option<i32>,
    /// 1 to 100.
    pub keep: i32,
}

impl BackupSettingsInput {
    pub fn validate(
        &self,
    ) -> Result<crate::shared::bundle::store::StoredBackupSettings, &'static str> {
        if let Some(hours) = self.every_hours {
            if !(1..=168).contains(&hours) {
                return Err(EVERY_HOURS_RANGE);
            }
        }
        if !(1..=100).contains(&self.keep) {
            return Err(KEEP_RANGE);
        }
        Ok(crate::shared::bundle::store::StoredBackupSettings {
            every_hours: self.every_hours,
            keep: self.keep,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backup_settings_are_bounded() {
        let ok = BackupSettingsInput { every_hours: Some(24), keep: 7 }.validate().unwrap();
        assert_eq!((ok.every_hours, ok.keep), (Some(24), 7));
        assert!(BackupSettingsInput { every_hours: None, keep: 1 }.validate().is_ok());
        assert_eq!(
            BackupSettingsInput { every_hours: Some(0), keep: 7 }.validate(),
            Err(EVERY_HOURS_RANGE)
        );
        assert_eq!(
            BackupSettingsInput { every_hours: Some(169), keep: 7 }.validate(),
            Err(EVERY_HOURS_RANGE)
        );
        assert_eq!(
            BackupSettingsInput { every_hours: Some(1), keep: 0 }.validate(),
            Err(KEEP_RANGE)
        );
        assert_eq!(
            BackupSettingsInput { every_hours: Some(1), keep: 101 }.validate(),
            Err(KEEP_RANGE)
        );
    }

    #[test]
    fn passphrases_are_long_enough_or_absent() {
        assert_eq!(passphrase(None), Ok(None));
        assert_eq!(passphrase(Some("  ")), Ok(None));
        assert_eq!(passphrase(Some("short")), Err(SHORT_PASSPHRASE));
        assert_eq!(
            passphrase(Some("correct horse battery")).unwrap().as_deref(),
            Some("correct horse battery")
        );
    }

    #[test]
    fn sentences_end_with_a_full_stop() {
        for s in
            [BUNDLE_REFUSAL, NO_SUCH_BACKUP, EMPTY_UPLOAD, EVERY_HOURS_RANGE, KEEP_RANGE, MOVING]
        {
            assert!(s.ends_with('.'), "{s}");
        }
        assert_eq!(too_large(4 << 20), "The bundle is larger than this portal takes (4 MB).");
        let at = DateTime::parse_from_rfc3339("2026-11-25T10:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(export_file_name("bcso", at), "bcso-2026-11-25.agency.tar.gz");
    }
}
