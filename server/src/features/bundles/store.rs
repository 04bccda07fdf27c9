//! The bundle feature's SQL: backup settings and the list of backups (control database), and
//! the audit rows of exports, imports and backups (the control outbox, relayed to the agency).

use sqlx::PgPool;

use crate::{
    access::viewer::Actor,
    shared::{
        audit::{self, Event},
        bundle::store::{self as bundle_store, StoredBackup, StoredBackupSettings},
    },
};

#[tracing::instrument(level = "debug", skip(control))]
pub async fn settings(
    control: &PgPool,
    agency_id: i64,
) -> sqlx::Result<Option<StoredBackupSettings>> {
    bundle_store::backup_settings(control, agency_id).await
}

/// Saves the settings with their audit row, in one transaction.
#[tracing::instrument(level = "debug", skip(control, actor, event))]
pub async fn save_settings(
    control: &PgPool,
    agency_id: i64,
    settings: StoredBackupSettings,
    actor: &Actor,
    event: &Event,
) -> sqlx::Result<()> {
    let mut tx = control.begin().await?;
    bundle_store::save_backup_settings(&mut *tx, agency_id, settings, &actor.display).await?;
    if !event.diff.is_empty() {
        audit::record_in_outbox(&mut tx, agency_id, actor, event).await?;
    }
    tx.commit().await
}

#[tracing::instrument(level = "debug", skip(control))]
pub async fn backups(control: &PgPool, agency_id: i64) -> sqlx::Result<Vec<StoredBackup>> {
    bundle_store::backups(control, agency_id).await
}

/// Records an export, import or backup in the agency's audit log (through the outbox).
#[tracing::instrument(level = "debug", skip(control, actor, event))]
pub async fn record(
    control: &PgPool,
    agency_id: i64,
    actor: &Actor,
    event: &Event,
) -> sqlx::Result<()> {
    let mut conn = control.acquire().await?;
    audit::record_in_outbox(&mut conn, agency_id, actor, event).await
}
