//! Bundle routes: export an agency, import a bundle as a new agency, and the agency's backups.

use axum::{
    body::Body,
    http::{header, HeaderMap, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use futures::StreamExt;
use tokio::io::AsyncWriteExt;
use tokio_util::io::ReaderStream;

use crate::{
    access::{
        guard::{require_can_manage, Authenticated, RootHighCommand},
        Viewer,
    },
    error::{bad_request, forbidden, not_found, AppError, AppResult},
    extract::{PathParams, QueryParams, Services},
    features::bundles::{
        model::{
            export_file_name, passphrase, too_large, Backup, BackupList, BackupSettings,
            BackupSettingsInput, ImportQuery, ImportedAgency, BUNDLE_REFUSAL, EMPTY_UPLOAD,
            NO_SUCH_BACKUP, PASSPHRASE_HEADER, SECRETS_NEED_KEY,
        },
        store,
    },
    shared::{
        audit::Event,
        bundle::{
            self,
            backups::{self, Defaults},
            import::{ImportDeps, BUNDLE_KIND},
            ExportOptions, ImportOptions,
        },
        integrations, Portal,
    },
    tenancy::{pools::server_options, provision::Creator, Agency, ROOT_SLUG},
};

/// The root agency's High Command may for any agency; an agency's own High Command for its own.
fn may_bundle(viewer: &Viewer, target: &Agency) -> AppResult<()> {
    let root_admin = viewer.agency.slug == ROOT_SLUG && viewer.is_high_command;
    let own = viewer.agency.slug == target.slug && viewer.is_high_command;
    if (root_admin || own) && viewer.api_token.is_none() {
        Ok(())
    } else {
        Err(forbidden(BUNDLE_REFUSAL))
    }
}

async fn target<S: Portal>(state: &S, slug: &str) -> AppResult<std::sync::Arc<Agency>> {
    let slug = slug.trim().to_lowercase();
    state
        .registry()
        .by_slug(&slug)
        .await?
        .ok_or_else(|| not_found(format!("Unknown agency '{slug}'")))
}

fn passphrase_of(headers: &HeaderMap) -> AppResult<Option<String>> {
    let raw = headers.get(PASSPHRASE_HEADER).and_then(|v| v.to_str().ok());
    passphrase(raw).map_err(bad_request)
}

fn attachment(name: &str, body: Body) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/gzip"));
    // Already compressed: the compression layer leaves it as it is.
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static("identity"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// Downloads the agency as a bundle (gzip'd tar), streamed as it is made. With header
/// `X-Bundle-Passphrase` (at least 12 characters) the bot token and webhook addresses come
/// too, encrypted with it. A bundle cut short (an error on the way) has no manifest and is
/// refused by import.
#[utoipa::path(get, path = "/api/agencies/{slug}/export", tag = "agencies",
    params(("slug" = String, Path, description = "Agency slug"),
           ("X-Bundle-Passphrase" = Option<String>, Header, description = "Include the secrets, encrypted with this passphrase")),
    responses((status = 200, description = "The bundle", content_type = "application/gzip", body = Vec<u8>),
              (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn export_agency<S: Portal>(
    Services(state): Services<S>,
    Authenticated(viewer): Authenticated,
    PathParams(slug): PathParams<String>,
    headers: HeaderMap,
) -> AppResult<Response> {
    let agency = target(&state, &slug).await?;
    may_bundle(&viewer, &agency)?;
    let passphrase = passphrase_of(&headers)?;
    let secrets = match passphrase {
        Some(p) => {
            let key =
                state.config().secrets.clone().ok_or_else(|| bad_request(SECRETS_NEED_KEY))?;
            Some((key, p))
        }
        None => None,
    };
    let event = Event {
        action: "exported".into(),
        ..Event::created(
            BUNDLE_KIND,
            &agency.slug,
            &agency.name,
            &serde_json::json!({ "withSecrets": secrets.is_some() }),
        )
    };
    store::record(state.control(), agency.id, &viewer.actor_in(&agency.slug), &event).await?;
    let source = server_options(&state.provisioner().control, &agency)?;
    let options =
        ExportOptions { media: Some(state.media().clone()), secrets, ..Default::default() };
    let (writer, reader) = tokio::io::duplex(1 << 16);
    let exported = agency.clone();
    tokio::spawn(async move {
        if let Err(error) =
            bundle::export(&source, &exported, &options, writer, &bundle::quiet()).await
        {
            tracing::warn!(agency = %exported.slug, %error, "export cut short");
        }
    });
    let name = export_file_name(&agency.slug, chrono::Utc::now());
    Ok(attachment(&name, Body::from_stream(ReaderStream::new(reader))))
}

/// Imports a bundle (the request body, `application/octet-stream`) as a new agency: under
/// its own slug or `?slug=`, its domain left out when another agency has it, migrated to this
/// portal's schema, every count and checksum verified; all or nothing. With header
/// `X-Bundle-Passphrase` the bundle's secrets come too. Root High Command only.
#[utoipa::path(post, path = "/api/agencies/import", tag = "agencies", params(ImportQuery,
        ("X-Bundle-Passphrase" = Option<String>, Header, description = "Opens the bundle's secrets")),
    request_body(content_type = "application/octet-stream", description = "The bundle (.agency.tar.gz)"),
    responses((status = 201, body = ImportedAgency), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody), (status = 413, body = crate::error::ErrorBody)))]
pub async fn import_agency<S: Portal>(
    Services(state): Services<S>,
    RootHighCommand(admin): RootHighCommand,
    QueryParams(query): QueryParams<ImportQuery>,
    headers: HeaderMap,
    body: Body,
) -> AppResult<(StatusCode, Json<ImportedAgency>)> {
    require_can_manage(&admin)?;
    let passphrase = passphrase_of(&headers)?;
    let limit = state.config().import_max_bytes;
    // The upload goes to a temporary file first: the import's transaction does not wait on a
    // slow client.
    let file = tempfile::NamedTempFile::new().map_err(|e| AppError::Other(e.into()))?;
    let mut out = tokio::fs::File::from_std(file.reopen().map_err(|e| AppError::Other(e.into()))?);
    let mut stream = body.into_data_stream();
    let mut size = 0u64;
    while let Some(chunk) = stream.next().await {
        let chunk = chunk.map_err(|_| bad_request(bundle::DAMAGED))?;
        size += chunk.len() as u64;
        if size > limit {
            return Err(AppError::PayloadTooLarge(too_large(limit)));
        }
        out.write_all(&chunk).await.map_err(|e| AppError::Other(e.into()))?;
    }
    out.flush().await.map_err(|e| AppError::Other(e.into()))?;
    drop(out);
    if size == 0 {
        return Err(bad_request(EMPTY_UPLOAD));
    }
    let reader = tokio::fs::File::open(file.path()).await.map_err(|e| AppError::Other(e.into()))?;
    let actor = admin.actor_in(ROOT_SLUG);
    let options = ImportOptions {
        slug: query.slug.filter(|s| !s.trim().is_empty()),
        database_url: None,
        passphrase,
        created_by: Some(Creator { name: actor.display, discord_id: actor.user_id }),
    };
    let deps = ImportDeps {
        provisioner: state.provisioner(),
        media: Some(state.media()),
        secrets: state.config().secrets.as_ref(),
    };
    let outcome = bundle::import(&deps, reader, options, &bundle::quiet()).await?;
    state.registry().invalidate().await;
    // Role sync or alerts that came with it are visited by the worker's sweep.
    let db = state.pools().get(&outcome.agency).await?;
    integrations::refresh_remembered(&state, &outcome.agency, &db).await;
    Ok((StatusCode::CREATED, Json(imported(outcome))))
}

fn imported(outcome: bundle::import::Imported) -> ImportedAgency {
    ImportedAgency {
        id: outcome.agency.id,
        slug: outcome.agency.slug.clone(),
        name: outcome.agency.name.clone(),
        domain: outcome.agency.domain.clone(),
        domain_cleared: outcome.bundle_domain.is_some() && outcome.agency.domain.is_none(),
        bundle_schema_version: outcome.manifest.schema_version,
        schema_version: outcome.agency.schema_version,
        counts: outcome.manifest.counts(),
        media_objects: outcome.manifest.media.len(),
        secrets_imported: outcome.secrets_imported,
    }
}

fn defaults<S: Portal>(state: &S) -> Defaults {
    let config = state.config();
    Defaults {
        every_hours: config.backup_every_hours.map(|h| h as i32),
        keep: config.backup_keep as i32,
    }
}

async fn settings_of<S: Portal>(state: &S, agency: &Agency) -> AppResult<BackupSettings> {
    let own = store::settings(state.control(), agency.id).await?;
    let defaults = defaults(state);
    let effective = backups::effective(own, defaults);
    let last = store::backups(state.control(), agency.id).await?.first().map(|b| b.created_at);
    let next_due_at = effective.every_hours.map(|hours| match last {
        Some(last) => last + chrono::Duration::hours(i64::from(hours)),
        None => chrono::Utc::now(),
    });
    Ok(BackupSettings {
        every_hours: effective.every_hours,
        keep: effective.keep,
        uses_default: own.is_none(),
        default_every_hours: defaults.every_hours,
        default_keep: defaults.keep,
        next_due_at,
    })
}

/// The agency's backups (newest first) and its backup settings.
#[utoipa::path(get, path = "/api/agencies/{slug}/backups", tag = "agencies",
    params(("slug" = String, Path, description = "Agency slug")),
    responses((status = 200, body = BackupList), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn list_backups<S: Portal>(
    Services(state): Services<S>,
    Authenticated(viewer): Authenticated,
    PathParams(slug): PathParams<String>,
) -> AppResult<Json<BackupList>> {
    let agency = target(&state, &slug).await?;
    may_bundle(&viewer, &agency)?;
    let backups = store::backups(state.control(), agency.id)
        .await?
        .into_iter()
        .map(|b| Backup {
            name: b.name,
            created_at: b.created_at,
            size_bytes: b.size_bytes,
            counts: b.counts,
        })
        .collect();
    Ok(Json(BackupList { backups, settings: settings_of(&state, &agency).await? }))
}

/// Backs the agency up now (kept like the scheduled ones: the newest `keep`).
#[utoipa::path(post, path = "/api/agencies/{slug}/backups", tag = "agencies",
    params(("slug" = String, Path, description = "Agency slug")),
    responses((status = 201, body = Backup), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn back_up_now<S: Portal>(
    Services(state): Services<S>,
    Authenticated(viewer): Authenticated,
    PathParams(slug): PathParams<String>,
) -> AppResult<(StatusCode, Json<Backup>)> {
    let agency = target(&state, &slug).await?;
    may_bundle(&viewer, &agency)?;
    require_can_manage(&viewer)?;
    let settings = settings_of(&state, &agency).await?;
    let made = backups::back_up(&state, &agency, settings.keep, chrono::Utc::now())
        .await
        .map_err(AppError::Other)?;
    let event = Event {
        action: "backed_up".into(),
        ..Event::created(
            BUNDLE_KIND,
            &agency.slug,
            &agency.name,
            &serde_json::json!({ "name": made.name }),
        )
    };
    store::record(state.control(), agency.id, &viewer.actor_in(&agency.slug), &event).await?;
    Ok((
        StatusCode::CREATED,
        Json(Backup {
            name: made.name,
            created_at: made.created_at,
            size_bytes: made.size_bytes,
            counts: made.counts,
        }),
    ))
}

/// Downloads one backup.
#[utoipa::path(get, path = "/api/agencies/{slug}/backups/{name}", tag = "agencies",
    params(("slug" = String, Path, description = "Agency slug"), ("name" = String, Path, description = "Backup file name")),
    responses((status = 200, description = "The bundle", content_type = "application/gzip", body = Vec<u8>),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn download_backup<S: Portal>(
    Services(state): Services<S>,
    Authenticated(viewer): Authenticated,
    PathParams((slug, name)): PathParams<(String, String)>,
) -> AppResult<Response> {
    let agency = target(&state, &slug).await?;
    may_bundle(&viewer, &agency)?;
    let known =
        store::backups(state.control(), agency.id).await?.into_iter().any(|b| b.name == name);
    if !known {
        return Err(not_found(NO_SUCH_BACKUP));
    }
    let (size, stream) = state
        .media()
        .get_stream(&backups::key(agency.id, &name))
        .await
        .map_err(AppError::Other)?
        .ok_or_else(|| not_found(NO_SUCH_BACKUP))?;
    let mut response = attachment(&name, Body::from_stream(stream));
    response.headers_mut().insert(header::CONTENT_LENGTH, HeaderValue::from(size));
    Ok(response)
}

/// The agency's backup settings (its own, or the deployment's defaults).
#[utoipa::path(get, path = "/api/agencies/{slug}/backup-settings", tag = "agencies",
    params(("slug" = String, Path, description = "Agency slug")),
    responses((status = 200, body = BackupSettings), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn backup_settings<S: Portal>(
    Services(state): Services<S>,
    Authenticated(viewer): Authenticated,
    PathParams(slug): PathParams<String>,
) -> AppResult<Json<BackupSettings>> {
    let agency = target(&state, &slug).await?;
    may_bundle(&viewer, &agency)?;
    Ok(Json(settings_of(&state, &agency).await?))
}

/// Sets how often the agency is backed up (`everyHours`: 1 to 168, or `null` for never) and
/// how many backups are kept (`keep`: 1 to 100).
#[utoipa::path(put, path = "/api/agencies/{slug}/backup-settings", tag = "agencies",
    params(("slug" = String, Path, description = "Agency slug")), request_body = BackupSettingsInput,
    responses((status = 200, body = BackupSettings), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn save_backup_settings<S: Portal>(
    Services(state): Services<S>,
    Authenticated(viewer): Authenticated,
    PathParams(slug): PathParams<String>,
    crate::extract::JsonBody(input): crate::extract::JsonBody<BackupSettingsInput>,
) -> AppResult<Json<BackupSettings>> {
    let agency = target(&state, &slug).await?;
    may_bundle(&viewer, &agency)?;
    require_can_manage(&viewer)?;
    let settings = input.validate().map_err(bad_request)?;
    let before = settings_of(&state, &agency).await?;
    let event = Event::updated(
        "backup_settings",
        &agency.slug,
        &agency.name,
        &serde_json::json!({ "everyHours": before.every_hours, "keep": before.keep }),
        &serde_json::json!({ "everyHours": settings.every_hours, "keep": settings.keep }),
    );
    store::save_settings(
        state.control(),
        agency.id,
        settings,
        &viewer.actor_in(&agency.slug),
        &event,
    )
    .await?;
    Ok(Json(settings_of(&state, &agency).await?))
}
