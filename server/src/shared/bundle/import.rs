//! Reading a bundle into a new agency (or, for a move, into the same agency on another
//! server): all or nothing. The registry row, the role, the schema (migrated up to the bundle's
//! version), every row and the remaining migrations happen in one transaction per server,
//! committed only once every count and checksum matched; media written on the way are removed
//! when anything fails.

use std::collections::{BTreeMap, BTreeSet};

use async_compression::tokio::bufread::GzipDecoder;
use futures::StreamExt;
use sha2::{Digest, Sha256};
use sqlx::{migrate::Migrator, postgres::PgConnectOptions, Connection, Executor, PgConnection};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt, BufReader};

use super::{
    count_rows, export::decrypt, hex, rename_media_key, rename_media_urls, sha256, store, Hashing,
    Header, Manifest, MediaEntry, Progress, RegistryEntry, Step, TableEntry, DAMAGED,
    FORMAT_VERSION, MISMATCH, PART_SIZE, SECRETS_NEED_KEY, SMALL_ENTRY, WRONG_PASSPHRASE,
};
use crate::{
    access::viewer::Actor,
    error::{bad_request, AppError, AppResult},
    media::MediaStore,
    secrets::SecretBox,
    shared::{
        audit::{self, Event},
        integrations::{bot_token_purpose, webhook_purpose},
    },
    tenancy::{
        provision::{self, Creator, NewAgency, Provisioner},
        slug::parse_slug,
        Agency,
    },
};

/// The audit log's kind for bundle work (imported, exported, moved, backed up).
pub const BUNDLE_KIND: &str = "agency_bundle";

/// How to import.
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// A slug other than the bundle's.
    pub slug: Option<String>,
    /// Another Postgres server for the new agency.
    pub database_url: Option<String>,
    /// Opens `secrets.age`; without it the secrets stay out.
    pub passphrase: Option<String>,
    /// Who imports (the audit log's first row names them).
    pub created_by: Option<Creator>,
}

/// What an import needs of the portal.
pub struct ImportDeps<'a> {
    pub provisioner: &'a Provisioner,
    pub media: Option<&'a MediaStore>,
    pub secrets: Option<&'a SecretBox>,
}

/// Where a bundle is loaded: a new agency (registry row and all), or the same agency on
/// another server (a move: the schema only).
pub(crate) enum Destination {
    New { options: ImportOptions },
    Move { agency: Box<Agency>, prepared: Box<Prepared> },
}

/// A move's target made ready before writes pause: a transaction on the target server with the
/// agency's role and schema, migrated up to the source's version.
pub(crate) struct Prepared {
    conn: PgConnection,
    control_path: String,
    version: i64,
}

/// Opens the target of a move and makes the empty schema there (outside the read-only window).
pub(crate) async fn prepare_move(
    target: &PgConnectOptions,
    agency: &Agency,
    migrator: &Migrator,
    version: i64,
) -> AppResult<Prepared> {
    let mut conn = PgConnection::connect_with(target).await?;
    conn.execute("BEGIN").await?;
    let control_path = provision::create_schema_up_to(
        &mut conn,
        &agency.schema_name,
        &agency.db_role,
        migrator,
        version,
    )
    .await?;
    Ok(Prepared { conn, control_path, version })
}

/// A bundle loaded and verified, its transactions still open.
pub(crate) struct Loaded {
    /// The server the schema was made on, in a transaction.
    pub main: PgConnection,
    /// The control server when it is another one (a new agency on another server).
    pub control: Option<PgConnection>,
    pub slug: String,
    pub schema: String,
    pub role: String,
    pub version: i64,
    pub manifest: Manifest,
    /// Per table rows and fingerprint, taken before the remaining migrations (moves).
    pub fingerprints: BTreeMap<String, (i64, String)>,
    pub written_media: Vec<String>,
    pub bundle_domain: Option<String>,
    pub secrets_imported: bool,
}

async fn next_entry<R: AsyncRead + Unpin>(
    entries: &mut tokio_tar::Entries<R>,
) -> AppResult<(String, tokio_tar::Entry<tokio_tar::Archive<R>>)> {
    let entry = entries.next().await.ok_or_else(|| damaged("no more entries"))?;
    let entry = entry.map_err(damaged)?;
    let path = entry.path().map_err(damaged)?.to_string_lossy().into_owned();
    Ok((path, entry))
}

fn damaged(err: impl std::fmt::Display) -> AppError {
    tracing::info!(error = %err, "bundle refused as damaged");
    bad_request(DAMAGED)
}

/// What an import made.
#[derive(Debug)]
pub struct Imported {
    pub agency: Agency,
    pub manifest: Manifest,
    /// The domain the bundle had (the agency's is cleared when another agency has it).
    pub bundle_domain: Option<String>,
    pub secrets_imported: bool,
}

/// Imports the bundle `reader` gives as a new agency.
pub async fn import<R>(
    deps: &ImportDeps<'_>,
    reader: R,
    options: ImportOptions,
    progress: &Progress,
) -> AppResult<Imported>
where
    R: AsyncRead + Unpin + Send,
{
    let _slot =
        deps.provisioner.maintenance.acquire().await.map_err(|e| AppError::Other(e.into()))?;
    let control_options = deps.provisioner.control.clone();
    let loaded = load(deps, reader, Destination::New { options }, progress).await?;
    let slug = loaded.slug.clone();
    let manifest = loaded.manifest.clone();
    let media = loaded.written_media.clone();
    let bundle_domain = loaded.bundle_domain.clone();
    let secrets_imported = loaded.secrets_imported;
    match loaded.commit().await {
        Ok(()) => {}
        Err(err) => {
            forget_media(deps.media, &media).await;
            return Err(err);
        }
    }
    let mut control = PgConnection::connect_with(&control_options).await?;
    let agency = deps.provisioner.fetch_created(&mut control, &slug).await;
    let _ = control.close().await;
    Ok(Imported { agency: agency?, manifest, bundle_domain, secrets_imported })
}

async fn forget_media(media: Option<&MediaStore>, keys: &[String]) {
    if let Some(store) = media {
        for key in keys {
            if let Err(error) = store.delete(key).await {
                tracing::warn!(%error, key, "media of a failed import not removed");
            }
        }
    }
}

impl Loaded {
    /// Commits the schema's server, then the control server's registry row (undoing the
    /// schema if that fails).
    pub async fn commit(mut self) -> AppResult<()> {
        self.main.execute("COMMIT").await?;
        if let Some(mut control) = self.control.take() {
            if let Err(err) = control.execute("COMMIT").await {
                let _ =
                    provision::drop_tenant_schema(&mut self.main, &self.schema, &self.role).await;
                return Err(err.into());
            }
            let _ = control.close().await;
        }
        let _ = self.main.close().await;
        Ok(())
    }

    /// Undoes everything (the connections' transactions roll back) and the media written.
    pub async fn abandon(mut self, media: Option<&MediaStore>) {
        let _ = self.main.execute("ROLLBACK").await;
        if let Some(mut control) = self.control.take() {
            let _ = control.execute("ROLLBACK").await;
        }
        forget_media(media, &self.written_media).await;
    }
}

/// Reads, checks and loads a bundle, leaving the transactions open.
pub(crate) async fn load<R>(
    deps: &ImportDeps<'_>,
    reader: R,
    into: Destination,
    progress: &Progress,
) -> AppResult<Loaded>
where
    R: AsyncRead + Unpin + Send,
{
    let mut written = Vec::new();
    let result = load_inner(deps, reader, into, progress, &mut written).await;
    if result.is_err() {
        forget_media(deps.media, &written).await;
    }
    result
}

async fn read_small<R: AsyncRead + Unpin>(entry: &mut R) -> AppResult<Vec<u8>> {
    let mut bytes = Vec::new();
    entry.take(SMALL_ENTRY + 1).read_to_end(&mut bytes).await.map_err(damaged)?;
    if bytes.len() as u64 > SMALL_ENTRY {
        return Err(damaged("an entry too large"));
    }
    Ok(bytes)
}

async fn load_inner<R>(
    deps: &ImportDeps<'_>,
    reader: R,
    into: Destination,
    progress: &Progress,
    written: &mut Vec<String>,
) -> AppResult<Loaded>
where
    R: AsyncRead + Unpin + Send,
{
    let mut gzip = GzipDecoder::new(BufReader::new(reader));
    gzip.multiple_members(false);
    let mut archive = tokio_tar::Archive::new(gzip);
    let mut entries = archive.entries().map_err(damaged)?;

    // header.json, then registry.json.
    let (path, mut entry) = next_entry(&mut entries).await?;
    if path != "header.json" {
        return Err(damaged("the first entry is not header.json"));
    }
    let header_bytes = read_small(&mut entry).await?;
    let header: Header = serde_json::from_slice(&header_bytes).map_err(damaged)?;
    if header.format != FORMAT_VERSION {
        return Err(bad_request(super::unknown_format(header.format)));
    }
    let known = deps.provisioner.migrator.iter().map(|m| m.version).max().unwrap_or(0);
    if header.schema_version > known {
        return Err(bad_request(super::newer_bundle(header.schema_version, known)));
    }
    let (path, mut entry) = next_entry(&mut entries).await?;
    if path != "registry.json" {
        return Err(damaged("the second entry is not registry.json"));
    }
    let registry_bytes = read_small(&mut entry).await?;
    let registry: RegistryEntry = serde_json::from_slice(&registry_bytes).map_err(damaged)?;

    // Where it goes.
    let migrator: &Migrator = &deps.provisioner.migrator;
    let (mut main, mut control, agency_id, slug, schema, role, old_slug, new_only, prepared_path) =
        match into {
            Destination::New { options } => {
                let new = new_agency(deps, &registry, &options).await?;
                let mut control = PgConnection::connect_with(&deps.provisioner.control).await?;
                control.execute("BEGIN").await?;
                let (id, schema, role) = provision::insert_registry_row(&mut control, &new).await?;
                let (main, control) = match &new.database_url {
                    None => (control, None),
                    Some(url) => {
                        let mut remote = provision::connect_server(url).await?;
                        remote.execute("BEGIN").await?;
                        (remote, Some(control))
                    }
                };
                (
                    main,
                    control,
                    id,
                    new.slug.clone(),
                    schema,
                    role,
                    registry.texts.slug.clone(),
                    Some((options.passphrase.clone(), Some(new.created_by.clone()))),
                    None,
                )
            }
            Destination::Move { agency, prepared } => {
                let Prepared { conn, control_path, version } = *prepared;
                if version != header.schema_version {
                    return Err(AppError::Other(anyhow::anyhow!(
                        "the agency's schema changed version during its move"
                    )));
                }
                (
                    conn,
                    None,
                    agency.id,
                    agency.slug.clone(),
                    agency.schema_name.clone(),
                    agency.db_role.clone(),
                    agency.slug.clone(),
                    None,
                    Some(control_path),
                )
            }
        };
    let (passphrase, creator) = new_only.unwrap_or((None, None));
    let control_path = match prepared_path {
        Some(path) => path,
        None => {
            provision::create_schema_up_to(
                &mut main,
                &schema,
                &role,
                migrator,
                header.schema_version,
            )
            .await?
        }
    };
    main.execute(
        "SET LOCAL timezone = 'UTC'; SET LOCAL datestyle = 'ISO, YMD'; \
         SET LOCAL intervalstyle = 'postgres'",
    )
    .await?;
    let tables: BTreeSet<String> = store::tables(&mut main, &schema).await?.into_iter().collect();
    let keys = store::take_foreign_keys(&mut main, &schema).await?;
    store::truncate(&mut main, &schema, &tables.iter().cloned().collect::<Vec<_>>()).await?;
    let columns: BTreeMap<&str, &Vec<String>> =
        header.tables.iter().map(|t| (t.name.as_str(), &t.columns)).collect();
    let renamed = slug != old_slug;

    // The entries that follow, up to the manifest.
    let mut secrets_bytes = None;
    let mut seen: BTreeMap<String, (Sha256, u64, u64, u32)> = BTreeMap::new();
    let mut media_seen: Vec<MediaEntry> = Vec::new();
    let mut manifest = None;
    let (mut total_rows, mut total_bytes) = (0u64, 0u64);
    while let Some(entry) = entries.next().await {
        let mut entry = entry.map_err(damaged)?;
        let path = entry.path().map_err(damaged)?.to_string_lossy().into_owned();
        if manifest.is_some() {
            return Err(damaged("an entry after the manifest"));
        }
        if path == "manifest.json" {
            let bytes = read_small(&mut entry).await?;
            manifest = Some(serde_json::from_slice::<Manifest>(&bytes).map_err(damaged)?);
        } else if path == "secrets.age" {
            secrets_bytes = Some(read_small(&mut entry).await?);
        } else if let Some(rest) = path.strip_prefix("tables/") {
            let (table, _) = rest.split_once('/').ok_or_else(|| damaged("a bad table entry"))?;
            let (Some(cols), true) = (columns.get(table), tables.contains(table)) else {
                return Err(damaged(format!("an unknown table {table}")));
            };
            let size = entry.effective_size();
            if size > 2 * PART_SIZE as u64 {
                return Err(damaged("a table part too large"));
            }
            let mut part = Vec::with_capacity(size as usize);
            entry.read_to_end(&mut part).await.map_err(damaged)?;
            let state = seen.entry(table.to_owned()).or_insert_with(|| (Sha256::new(), 0, 0, 0));
            state.0.update(&part);
            let rows = count_rows(&part);
            state.1 += rows;
            state.2 += part.len() as u64;
            state.3 += 1;
            total_rows += rows;
            total_bytes += part.len() as u64;
            let part = if renamed { rename_media_urls(&part, &old_slug, &slug) } else { part };
            let list = cols.iter().map(|c| format!(r#""{c}""#)).collect::<Vec<_>>().join(", ");
            let sql = format!(r#"COPY "{schema}"."{table}" ({list}) FROM STDIN"#);
            // Rows Postgres cannot read come from a damaged file (a changed but well-formed
            // row is caught by the checksums instead).
            let mut copy = main.copy_in_raw(&sql).await.map_err(damaged)?;
            copy.send(part).await?;
            copy.finish().await.map_err(damaged)?;
            progress(&Step { what: table.to_owned(), rows: total_rows, bytes: total_bytes });
        } else if let Some(key) = path.strip_prefix("media/") {
            let Some(store) = deps.media else { continue };
            let target = if renamed {
                rename_media_key(key, &old_slug, &slug)
                    .ok_or_else(|| damaged(format!("a media key {key} of another agency")))?
            } else if super::MEDIA_FOLDERS.iter().any(|f| key.starts_with(&format!("{f}/{slug}/")))
            {
                key.to_owned()
            } else {
                return Err(damaged(format!("a media key {key} of another agency")));
            };
            let mut writer = store.writer(&target).map_err(AppError::Other)?;
            let mut reader = Hashing::new(&mut entry);
            written.push(target.clone());
            tokio::io::copy(&mut reader, &mut writer).await.map_err(damaged)?;
            writer.shutdown().await.map_err(|e| AppError::Other(e.into()))?;
            total_bytes += reader.bytes;
            media_seen.push(MediaEntry {
                key: key.to_owned(),
                bytes: reader.bytes,
                sha256: hex(reader.hasher.clone().finalize()),
            });
            progress(&Step { what: format!("media/{key}"), rows: total_rows, bytes: total_bytes });
        } else {
            return Err(damaged(format!("an unknown entry {path}")));
        }
    }
    drop(entries);
    let manifest = manifest.ok_or_else(|| damaged("no manifest"))?;

    // Everything as the manifest says.
    let computed: Vec<TableEntry> = seen
        .into_iter()
        .map(|(name, (hasher, rows, bytes, parts))| TableEntry {
            name,
            rows,
            bytes,
            parts,
            sha256: hex(hasher.finalize()),
        })
        .collect();
    let listed: Vec<TableEntry> = manifest.tables.iter().filter(|t| t.parts > 0).cloned().collect();
    let mut expected_entries = BTreeMap::from([
        ("header.json".to_owned(), sha256(&header_bytes)),
        ("registry.json".to_owned(), sha256(&registry_bytes)),
    ]);
    if let Some(bytes) = &secrets_bytes {
        expected_entries.insert("secrets.age".to_owned(), sha256(bytes));
    }
    let media_ok = deps.media.is_none() || media_seen == manifest.media;
    if computed != listed
        || expected_entries != manifest.entries
        || !media_ok
        || manifest.schema_version != header.schema_version
    {
        return Err(bad_request(MISMATCH));
    }
    for table in &manifest.tables {
        if !tables.contains(&table.name) {
            return Err(bad_request(MISMATCH));
        }
        let rows = store::count(&mut main, &schema, &table.name).await?;
        if rows as u64 != table.rows {
            return Err(bad_request(MISMATCH));
        }
    }
    for sequence in &manifest.sequences {
        store::set_sequence(&mut main, &schema, sequence).await?;
    }
    store::restore_foreign_keys(&mut main, &keys).await.map_err(|e| {
        tracing::info!(error = %e, "bundle rows break a foreign key");
        bad_request(MISMATCH)
    })?;
    if renamed {
        // Keys of media objects in rows, renamed as the objects were.
        for (table, column) in super::MEDIA_KEY_COLUMNS {
            if tables.contains(table) {
                store::rename_media_keys(&mut main, &schema, table, column, &old_slug, &slug)
                    .await?;
            }
        }
    }
    let fingerprints = store::fingerprints(&mut main, &schema, &manifest_tables(&manifest)).await?;

    // Secrets, sealed for this agency.
    let secrets_imported = secrets_bytes.is_some() && passphrase.is_some();
    if let (Some(sealed), Some(passphrase)) = (&secrets_bytes, &passphrase) {
        let key = deps.secrets.ok_or_else(|| bad_request(SECRETS_NEED_KEY))?;
        let secrets = decrypt(sealed, passphrase).ok_or_else(|| bad_request(WRONG_PASSPHRASE))?;
        let token = secrets.bot_token.map(|t| key.seal(&bot_token_purpose(agency_id), &t));
        let hooks: Vec<(i64, Vec<u8>)> = secrets
            .webhooks
            .iter()
            .map(|(id, url)| (*id, key.seal(&webhook_purpose(agency_id), url)))
            .collect();
        store::put_secrets(&mut main, &schema, token, &hooks).await?;
    }

    // The audit log says where the agency came from (a new agency only).
    if let Some(creator) = &creator {
        let actor = match creator {
            Some(c) => Actor { display: c.name.clone(), user_id: c.discord_id.clone() },
            None => Actor::system("Agency Portal"),
        };
        let event = Event {
            action: "imported".into(),
            ..Event::created(
                BUNDLE_KIND,
                &slug,
                &registry.texts.name,
                &serde_json::json!({
                    "from": old_slug, "schemaVersion": header.schema_version,
                    "rows": manifest.rows(), "media": manifest.media.len(),
                }),
            )
        };
        main.execute(format!(r#"SET LOCAL search_path TO "{schema}""#).as_str()).await?;
        audit::record_on(&mut main, &actor, &event).await?;
    }
    let version =
        provision::finish_schema(&mut main, &role, migrator, header.schema_version, control_path)
            .await?;
    if creator.is_some() {
        // A new agency: its registry row (a move switches the registry itself).
        let registry_conn = control.as_mut().unwrap_or(&mut main);
        provision::set_schema_version(registry_conn, agency_id, version).await?;
    }
    Ok(Loaded {
        main,
        control,
        slug,
        schema,
        role,
        version,
        manifest,
        fingerprints,
        written_media: written.clone(),
        bundle_domain: registry.texts.domain.clone(),
        secrets_imported,
    })
}

fn manifest_tables(manifest: &Manifest) -> Vec<String> {
    manifest.tables.iter().map(|t| t.name.clone()).collect()
}

/// The new agency a bundle's registry row becomes: another slug if asked, the domain cleared
/// when another agency has it.
async fn new_agency(
    deps: &ImportDeps<'_>,
    registry: &RegistryEntry,
    options: &ImportOptions,
) -> AppResult<NewAgency> {
    let texts = &registry.texts;
    let slug = match &options.slug {
        Some(raw) => parse_slug(raw).map_err(bad_request)?,
        None => parse_slug(&texts.slug).map_err(|_| bad_request(MISMATCH))?,
    };
    let mut control = PgConnection::connect_with(&deps.provisioner.control).await?;
    let domain = match &texts.domain {
        Some(domain) if store::domain_taken(&mut control, domain).await? => None,
        other => other.clone(),
    };
    let _ = control.close().await;
    let rename = |value: &serde_json::Value| -> serde_json::Value {
        if slug == texts.slug {
            return value.clone();
        }
        let text = serde_json::to_vec(value).unwrap_or_default();
        serde_json::from_slice(&rename_media_urls(&text, &texts.slug, &slug))
            .unwrap_or_else(|_| value.clone())
    };
    let (theme, links) = (rename(&registry.theme), rename(&registry.links));
    Ok(NewAgency {
        slug,
        name: texts.name.clone(),
        short_name: texts.short_name.clone(),
        domain,
        description: texts.description.clone(),
        long_description: texts.long_description.clone(),
        flags: registry.flags.clone(),
        theme,
        links,
        database_url: options.database_url.clone(),
        owner: None,
        created_by: options.created_by.clone(),
    })
}
