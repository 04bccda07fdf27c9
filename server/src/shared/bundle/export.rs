//! Writing a bundle: one REPEATABLE READ snapshot of the agency's schema, streamed table part
//! by table part (and media object by media object) into a gzip'd tar.

use std::collections::BTreeMap;

use async_compression::{tokio::write::GzipEncoder, Level};
use bytes::BytesMut;
use futures::TryStreamExt;
use sha2::{Digest, Sha256};
use sqlx::{postgres::PgConnectOptions, Connection, Executor, PgConnection};
use tokio::io::{AsyncWrite, AsyncWriteExt};
use tokio_tar::{Builder, Header as TarHeader};
use tokio_util::io::StreamReader;

use super::{
    count_rows, hex, sha256, store, Hashing, Header, Manifest, MediaEntry, Progress, RegistryEntry,
    Secrets, Step, TableColumns, TableEntry, FORMAT_VERSION, MEDIA_FOLDERS, PART_SIZE,
    SEALED_COLUMNS,
};
use crate::{
    media::MediaStore,
    secrets::SecretBox,
    shared::integrations::{bot_token_purpose, webhook_purpose},
    tenancy::Agency,
};

/// What goes into an export besides the tables.
#[derive(Clone, Default)]
pub struct ExportOptions {
    /// The media store to copy the agency's objects from (`None`: no media, as in a move).
    pub media: Option<MediaStore>,
    /// The deployment's key and a passphrase: the agency's secrets, opened with the key, go
    /// into `secrets.age` encrypted with the passphrase.
    pub secrets: Option<(SecretBox, String)>,
    /// Keep the sealed columns as they are (a move: same agency id, same key, no file).
    pub keep_sealed: bool,
    /// Wait for the agency's writes in flight and keep new ones out while the snapshot is
    /// taken (a move; writes are already refused by then).
    pub lock: bool,
    /// Gzip level (fastest for a move, default otherwise).
    pub fast: bool,
}

/// Writes the bundle of `agency` (on the server `source` reaches, as the login role) to `out`,
/// which is shut down at the end (an object store upload completes then). Returns the manifest.
pub async fn export<W>(
    source: &PgConnectOptions,
    agency: &Agency,
    options: &ExportOptions,
    out: W,
    progress: &Progress,
) -> anyhow::Result<Manifest>
where
    W: AsyncWrite + Unpin + Send + 'static,
{
    let mut conn = PgConnection::connect_with(source).await?;
    let result = export_on(&mut conn, agency, options, Box::new(out), progress).await;
    let _ = conn.close().await;
    result
}

/// A bundle's destination, whatever it is (a file, an upload, a download's body): the
/// writing below is compiled once rather than once for each kind of destination.
type Destination = Box<dyn AsyncWrite + Unpin + Send>;

async fn export_on(
    conn: &mut PgConnection,
    agency: &Agency,
    options: &ExportOptions,
    out: Destination,
    progress: &Progress,
) -> anyhow::Result<Manifest> {
    let schema = &agency.schema_name;
    let level = if options.fast { Level::Fastest } else { Level::Default };
    let mut tar = Builder::new(GzipEncoder::with_quality(out, level));
    // One snapshot for every table. Locks (a move) come before the snapshot is taken.
    conn.execute(
        "BEGIN ISOLATION LEVEL REPEATABLE READ; SET LOCAL timezone = 'UTC'; \
         SET LOCAL datestyle = 'ISO, YMD'; SET LOCAL intervalstyle = 'postgres'; \
         SET LOCAL bytea_output = 'hex'; SET LOCAL extra_float_digits = 1",
    )
    .await?;
    let tables = store::tables(&mut *conn, schema).await?;
    if options.lock {
        store::lock_tables(&mut *conn, schema, &tables).await?;
    }
    let schema_version = store::schema_version(&mut *conn, schema).await?;
    let mut columns = Vec::new();
    for table in &tables {
        columns.push(TableColumns {
            name: table.clone(),
            columns: store::columns(&mut *conn, schema, table).await?,
        });
    }

    let secrets = match &options.secrets {
        Some((key, passphrase)) => {
            let open = read_secrets(&mut *conn, schema, agency.id, key).await?;
            Some(encrypt(&open, passphrase)?)
        }
        None => None,
    };
    let header = Header {
        format: FORMAT_VERSION,
        portal_version: env!("CARGO_PKG_VERSION").to_owned(),
        schema_version,
        slug: agency.slug.clone(),
        created_at: chrono::Utc::now(),
        tables: columns.clone(),
        has_secrets: secrets.is_some(),
    };
    let mut entries = BTreeMap::new();
    let header_json = serde_json::to_vec_pretty(&header)?;
    entries.insert("header.json".to_owned(), sha256(&header_json));
    append(&mut tar, "header.json", &header_json).await?;
    let registry_json = serde_json::to_vec_pretty(&RegistryEntry::from(agency))?;
    entries.insert("registry.json".to_owned(), sha256(&registry_json));
    append(&mut tar, "registry.json", &registry_json).await?;
    if let Some(sealed) = &secrets {
        entries.insert("secrets.age".to_owned(), sha256(sealed));
        append(&mut tar, "secrets.age", sealed).await?;
    }

    let mut table_entries = Vec::new();
    let (mut done_rows, mut done_bytes) = (0u64, 0u64);
    for table in &columns {
        let select = table
            .columns
            .iter()
            .map(|c| match SEALED_COLUMNS.iter().find(|s| s.0 == table.name && s.1 == c) {
                Some((_, _, stand_in)) if !options.keep_sealed => format!(r#"{stand_in} AS "{c}""#),
                _ => format!(r#""{c}""#),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(r#"COPY (SELECT {select} FROM "{schema}"."{}") TO STDOUT"#, table.name);
        let mut stream = conn.copy_out_raw(&sql).await?;
        let (mut hasher, mut rows, mut bytes, mut parts) = (Sha256::new(), 0u64, 0u64, 0u32);
        let mut buf = BytesMut::new();
        while let Some(chunk) = stream.try_next().await? {
            hasher.update(&chunk);
            rows += count_rows(&chunk);
            bytes += chunk.len() as u64;
            buf.extend_from_slice(&chunk);
            if buf.len() >= PART_SIZE {
                let cut = buf.iter().rposition(|&b| b == b'\n').map_or(buf.len(), |i| i + 1);
                let part = buf.split_to(cut);
                append(&mut tar, &format!("tables/{}/{parts:05}.copy", table.name), &part).await?;
                parts += 1;
                let (rows, bytes) = (done_rows + rows, done_bytes + bytes);
                progress(&Step { what: table.name.clone(), rows, bytes });
            }
        }
        drop(stream);
        if !buf.is_empty() {
            append(&mut tar, &format!("tables/{}/{parts:05}.copy", table.name), &buf).await?;
            parts += 1;
        }
        done_rows += rows;
        done_bytes += bytes;
        progress(&Step { what: table.name.clone(), rows: done_rows, bytes: done_bytes });
        table_entries.push(TableEntry {
            name: table.name.clone(),
            rows,
            bytes,
            parts,
            sha256: hex(hasher.finalize()),
        });
    }
    let sequences = store::sequences(&mut *conn, schema).await?;
    conn.execute("COMMIT").await?;

    let mut media = Vec::new();
    if let Some(store) = &options.media {
        for folder in MEDIA_FOLDERS {
            for (key, _) in store.list(&format!("{folder}/{}", agency.slug)).await? {
                let Some((size, stream)) = store.get_stream(&key).await? else { continue };
                let mut reader = Hashing::new(StreamReader::new(stream));
                let mut header = tar_header(size);
                tar.append_data(&mut header, format!("media/{key}"), &mut reader).await?;
                if reader.bytes != size {
                    anyhow::bail!("media object {key} changed size while it was exported");
                }
                done_bytes += size;
                progress(&Step {
                    what: format!("media/{key}"),
                    rows: done_rows,
                    bytes: done_bytes,
                });
                media.push(MediaEntry { key, bytes: size, sha256: hex(reader.hasher.finalize()) });
            }
        }
    }

    let manifest = Manifest {
        format: FORMAT_VERSION,
        schema_version,
        tables: table_entries,
        sequences,
        media,
        entries,
    };
    append(&mut tar, "manifest.json", &serde_json::to_vec_pretty(&manifest)?).await?;
    let mut gzip = tar.into_inner().await?;
    gzip.shutdown().await?;
    Ok(manifest)
}

fn tar_header(size: u64) -> TarHeader {
    let mut header = TarHeader::new_gnu();
    header.set_size(size);
    header.set_mode(0o644);
    header.set_mtime(chrono::Utc::now().timestamp().max(0) as u64);
    header.set_entry_type(tokio_tar::EntryType::Regular);
    header
}

async fn append<W>(tar: &mut Builder<W>, path: &str, bytes: &[u8]) -> std::io::Result<()>
where
    W: AsyncWrite + Unpin + Send,
{
    let mut header = tar_header(bytes.len() as u64);
    tar.append_data(&mut header, path, bytes).await
}

/// The agency's secrets, opened with the deployment's key (ones that do not open are left
/// out: they were unusable already).
async fn read_secrets(
    conn: &mut PgConnection,
    schema: &str,
    agency_id: i64,
    key: &SecretBox,
) -> anyhow::Result<Secrets> {
    let (token, hooks) = store::sealed_secrets(conn, schema).await?;
    let bot_token = token.and_then(|t| key.open(&bot_token_purpose(agency_id), &t).ok());
    let webhooks = hooks
        .into_iter()
        .filter_map(|(id, sealed)| {
            key.open(&webhook_purpose(agency_id), &sealed).ok().map(|url| (id, url))
        })
        .collect();
    Ok(Secrets { bot_token, webhooks })
}

/// `secrets` as JSON, encrypted with `passphrase` (age, scrypt).
fn encrypt(secrets: &Secrets, passphrase: &str) -> anyhow::Result<Vec<u8>> {
    let recipient = age::scrypt::Recipient::new(passphrase.to_owned().into());
    let json = serde_json::to_vec(secrets)?;
    Ok(age::encrypt(&recipient, &json)?)
}

/// The secrets in `sealed` (a bundle's `secrets.age`); `None` when the passphrase does not
/// open them.
pub fn decrypt(sealed: &[u8], passphrase: &str) -> Option<Secrets> {
    let identity = age::scrypt::Identity::new(passphrase.to_owned().into());
    let clear = age::decrypt(&identity, sealed).ok()?;
    serde_json::from_slice(&clear).ok()
}
