//! Moving an agency to another Postgres server (issue 27): writes pause (the registry's
//! read-only flag, seen by every instance; the agency's role loses its write rights so nothing
//! slips past), the schema is copied through a bundle stream into the target in one
//! transaction, compared table by table with the source, the registry switched, and only then
//! is the old schema dropped. Reads go on throughout; the read-only window is measured.

use std::time::{Duration, Instant};

use sqlx::{Connection, PgConnection};

use super::{
    export::{export, ExportOptions},
    import::{load, prepare_move, Destination, ImportDeps, BUNDLE_KIND},
    store, Progress,
};
use crate::{
    access::viewer::Actor,
    error::{bad_request, conflict, not_found, AppError, AppResult},
    shared::audit::{self, Event},
    tenancy::{pools::server_options, provision, registry, TenancyState},
};

pub const ALREADY_MOVING: &str = "This agency is already being moved.";
pub const ALREADY_THERE: &str = "The agency already lives on that server.";
pub const TARGET_TAKEN: &str =
    "The target server already has this agency's schema; drop it there or choose another server.";
pub const NOT_SAME_ROWS: &str = "The copy on the target server does not match the agency's rows, so the move was undone; the agency stays where it was.";

/// How a move went.
#[derive(Debug, Clone)]
pub struct MoveReport {
    /// From writes paused to writes back on.
    pub read_only: Duration,
    pub total: Duration,
    pub rows: u64,
    pub bytes: u64,
    pub schema_version: i64,
    /// Whether the old schema was dropped (a failure leaves it, unused, to drop by hand).
    pub old_dropped: bool,
}

/// Moves agency `slug` to the Postgres server at `target_url`.
pub async fn move_agency<S: TenancyState>(
    state: &S,
    slug: &str,
    target_url: &str,
    progress: &Progress,
) -> AppResult<MoveReport> {
    let started = Instant::now();
    let control = state.control();
    let agency = registry::fetch_by_slug(control, slug)
        .await?
        .ok_or_else(|| not_found(format!("Unknown agency '{slug}'")))?;
    if agency.read_only_since.is_some() {
        return Err(conflict(ALREADY_MOVING));
    }
    if agency.database_url.as_deref() == Some(target_url) {
        return Err(bad_request(ALREADY_THERE));
    }
    let target = provision::parse_database_url(target_url)?;
    let mut probe = provision::connect_server(target_url).await?;
    let taken: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)")
            .bind(&agency.schema_name)
            .fetch_one(&mut probe)
            .await?;
    let _ = probe.close().await;
    if taken {
        return Err(conflict(TARGET_TAKEN));
    }
    let provisioner = state.provisioner();
    let _slot = provisioner.maintenance.acquire().await.map_err(|e| AppError::Other(e.into()))?;
    let source_options = server_options(&provisioner.control, &agency)?;
    let mut source = PgConnection::connect_with(&source_options).await?;
    // The empty schema on the target is made before writes pause.
    let version = store::schema_version(&mut source, &agency.schema_name).await?;
    let prepared = prepare_move(&target, &agency, &provisioner.migrator, version).await?;

    // Writes pause: every instance answers them 503 once it hears of the flag; the role's
    // write rights go, so one that slipped through fails rather than being left behind.
    let paused = Instant::now();
    store::set_read_only(control, agency.id, true).await?;
    state.registry().invalidate().await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let outcome = async {
        store::revoke_writes(&mut source, &agency.schema_name, &agency.db_role).await?;
        let (writer, reader) = tokio::io::duplex(1 << 18);
        let options =
            ExportOptions { keep_sealed: true, lock: true, fast: true, ..Default::default() };
        let deps = ImportDeps { provisioner, media: None, secrets: None };
        let into =
            Destination::Move { agency: Box::new(agency.clone()), prepared: Box::new(prepared) };
        let quiet = super::quiet();
        let (exported, loaded) = tokio::join!(
            export(&source_options, &agency, &options, writer, progress),
            load(&deps, reader, into, &quiet),
        );
        let manifest = exported.map_err(AppError::Other)?;
        let loaded = loaded?;
        let tables: Vec<String> = manifest.tables.iter().map(|t| t.name.clone()).collect();
        let before = store::fingerprints(&mut source, &agency.schema_name, &tables).await?;
        if before != loaded.fingerprints {
            loaded.abandon(None).await;
            return Err(AppError::Conflict(NOT_SAME_ROWS.into()));
        }
        let version = loaded.version;
        loaded.commit().await?;
        if let Err(err) = store::switch_server(control, agency.id, target_url, version).await {
            if let Ok(mut undo) = PgConnection::connect_with(&target).await {
                let _ =
                    provision::drop_tenant_schema(&mut undo, &agency.schema_name, &agency.db_role)
                        .await;
            }
            return Err(err.into());
        }
        Ok((manifest, version))
    }
    .await;
    let (manifest, version) = match outcome {
        Ok(done) => done,
        Err(err) => {
            let _ = store::grant_writes(&mut source, &agency.schema_name, &agency.db_role).await;
            let _ = store::set_read_only(control, agency.id, false).await;
            state.registry().invalidate().await;
            let _ = source.close().await;
            return Err(err);
        }
    };
    let read_only = paused.elapsed();
    state.registry().invalidate().await;
    state.pools().invalidate(agency.id).await;

    // The old copy goes once every instance had time to hear of the switch.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let old_dropped = match store::drop_old_schema(
        &mut source,
        &agency.schema_name,
        &agency.db_role,
    )
    .await
    {
        Ok(_) => true,
        Err(error) => {
            tracing::warn!(agency = %agency.slug, %error, "the old schema of a moved agency was not dropped");
            false
        }
    };
    let _ = source.close().await;

    let event = Event {
        action: "moved".into(),
        ..Event::created(
            BUNDLE_KIND,
            &agency.slug,
            &agency.name,
            &serde_json::json!({
                "rows": manifest.rows(), "readOnlyMs": read_only.as_millis() as u64,
                "schemaVersion": version,
            }),
        )
    };
    let mut conn = control.acquire().await?;
    audit::record_in_outbox(&mut conn, agency.id, &Actor::system("Agency Portal"), &event).await?;
    Ok(MoveReport {
        read_only,
        total: started.elapsed(),
        rows: manifest.rows(),
        bytes: manifest.bytes(),
        schema_version: version,
        old_dropped,
    })
}
