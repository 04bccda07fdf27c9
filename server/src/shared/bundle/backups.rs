//! Scheduled backups (issue 27): every agency whose backups are due (its own setting, else the
//! deployment's `PORTAL_BACKUP_EVERY_HOURS`) gets an export written to the media store under
//! `backups/<agency id>/`, and only the newest `keep` are kept. The worker calls [`run_due`];
//! two instances never back up the same agency at once (an advisory lock).

use std::{
    pin::Pin,
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc,
    },
    task::{Context, Poll},
};

use chrono::{DateTime, Utc};
use tokio::io::AsyncWrite;

use super::{export, store, ExportOptions};
use crate::{
    media::MediaState,
    tenancy::{pools::server_options, Agency, TenancyState},
};

/// What an agency's backups follow when it has no setting of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defaults {
    pub every_hours: Option<i32>,
    pub keep: i32,
}

/// The settings in force for an agency.
pub fn effective(own: Option<store::StoredBackupSettings>, defaults: Defaults) -> Defaults {
    match own {
        Some(s) => Defaults { every_hours: s.every_hours, keep: s.keep },
        None => defaults,
    }
}

/// Where a backup is kept in the media store.
pub fn key(agency_id: i64, name: &str) -> String {
    format!("backups/{agency_id}/{name}")
}

/// `<slug>-<UTC time>.agency.tar.gz`.
pub fn file_name(slug: &str, at: DateTime<Utc>) -> String {
    format!("{slug}-{}.agency.tar.gz", at.format("%Y%m%dT%H%M%S%.3fZ"))
}

/// Whether a backup is due at `now`.
pub fn due(settings: Defaults, last: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    match (settings.every_hours, last) {
        (None, _) => false,
        (Some(_), None) => true,
        (Some(hours), Some(last)) => last + chrono::Duration::hours(i64::from(hours)) <= now,
    }
}

/// Counts what passes through to the object store.
struct Counting<W> {
    inner: W,
    count: Arc<AtomicU64>,
}

impl<W: AsyncWrite + Unpin> AsyncWrite for Counting<W> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let polled = Pin::new(&mut self.inner).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = &polled {
            self.count.fetch_add(*n as u64, Ordering::Relaxed);
        }
        polled
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Writes a backup of `agency` now and prunes to the newest `keep`.
pub async fn back_up<S: TenancyState + MediaState>(
    state: &S,
    agency: &Agency,
    keep: i32,
    now: DateTime<Utc>,
) -> anyhow::Result<store::StoredBackup> {
    let name = file_name(&agency.slug, now);
    let object = key(agency.id, &name);
    let count = Arc::new(AtomicU64::new(0));
    let writer = Counting { inner: state.media().writer(&object)?, count: count.clone() };
    let source = server_options(&state.provisioner().control, agency)?;
    let options = ExportOptions { media: Some(state.media().clone()), ..Default::default() };
    let manifest = export(&source, agency, &options, writer, &super::quiet()).await?;
    let counts = serde_json::to_value(manifest.counts())?;
    let size = count.load(Ordering::Relaxed) as i64;
    store::add_backup(state.control(), agency.id, &name, now, size, &counts).await?;
    for old in store::prune_backups(state.control(), agency.id, i64::from(keep)).await? {
        if let Err(error) = state.media().delete(&key(agency.id, &old)).await {
            tracing::warn!(agency = %agency.slug, %error, "an old backup was not removed");
        }
    }
    Ok(store::StoredBackup { name, created_at: now, size_bytes: size, counts })
}

/// Backs up every agency whose backup is due at `now`; returns their slugs. One failing
/// agency is logged and the others go on.
pub async fn run_due<S: TenancyState + MediaState>(
    state: &S,
    defaults: Defaults,
    now: DateTime<Utc>,
) -> anyhow::Result<Vec<String>> {
    let snapshot = state.registry().snapshot().await?;
    let own = store::all_backup_settings(state.control()).await?;
    let last = store::last_backups(state.control()).await?;
    let mut done = Vec::new();
    for agency in snapshot.all() {
        let settings = effective(own.get(&agency.id).copied(), defaults);
        if agency.read_only_since.is_some() || !due(settings, last.get(&agency.id).copied(), now) {
            continue;
        }
        // One instance at a time per agency; the one that waited finds it done.
        let mut lock = state.control().acquire().await?;
        let lock_key = format!("portal-backup:{}", agency.id);
        let got: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock(hashtext($1))")
            .bind(&lock_key)
            .fetch_one(&mut *lock)
            .await?;
        if !got {
            continue;
        }
        let again = store::last_backups(state.control()).await?;
        let result = if due(settings, again.get(&agency.id).copied(), now) {
            Some(back_up(state, agency, settings.keep, now).await)
        } else {
            None
        };
        let _ = sqlx::query("SELECT pg_advisory_unlock(hashtext($1))")
            .bind(&lock_key)
            .execute(&mut *lock)
            .await;
        match result {
            Some(Ok(_)) => done.push(agency.slug.clone()),
            Some(Err(error)) => {
                tracing::warn!(agency = %agency.slug, error = %error, "scheduled backup failed")
            }
            None => {}
        }
    }
    Ok(done)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_backup_is_due_after_its_hours() {
        let now = Utc::now();
        let every = Defaults { every_hours: Some(24), keep: 7 };
        assert!(due(every, None, now));
        assert!(!due(every, Some(now - chrono::Duration::hours(23)), now));
        assert!(due(every, Some(now - chrono::Duration::hours(24)), now));
        assert!(!due(Defaults { every_hours: None, keep: 7 }, None, now));
        let own = store::StoredBackupSettings { every_hours: None, keep: 3 };
        assert_eq!(effective(Some(own), every), Defaults { every_hours: None, keep: 3 });
        assert_eq!(effective(None, every), every);
    }
}
