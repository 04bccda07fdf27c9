//! Agency bundles (issue 27): export → import round trips compared row by row (every table,
//! media, secrets, versions), import onto a second Postgres server, damaged and cut bundles
//! refused with nothing left behind, a bundle of an older schema migrated and one of a newer
//! refused, who may do what through the API, scheduled backups, and a move to another server
//! under a running write load that loses no acknowledged write.

use std::{borrow::Cow, collections::BTreeMap, path::Path, sync::Arc, time::Duration};

use portal::{
    shared::bundle::{
        self,
        backups::{self, Defaults},
        import::{ImportDeps, ImportOptions},
        ExportOptions,
    },
    tenancy::{migrate, pools::server_options, Agency},
};
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};

use crate::{
    helpers::{json, send, spawn_app_with, Options, Persona, TestApp},
    support::{get, put, refused, second_server_database, SIGN_IN_REQUIRED},
};

const ROOT_HC: &str = "100000000000000771";
const PASSPHRASE: &str = "correct horse battery staple";
/// BCSO's backup settings.
const BCSO_SETTINGS: &str = "/api/agencies/bcso/backup-settings";

async fn agency(app: &TestApp, slug: &str) -> Agency {
    registry(app, slug).await.unwrap_or_else(|| panic!("no agency {slug}"))
}

async fn registry(app: &TestApp, slug: &str) -> Option<Agency> {
    portal::tenancy::registry::fetch_by_slug(&app.state.control, slug).await.unwrap()
}

/// Writes `slug`'s bundle to `path` (secrets with `passphrase`).
async fn export(
    app: &TestApp,
    slug: &str,
    path: &Path,
    passphrase: Option<&str>,
) -> bundle::Manifest {
    let agency = agency(app, slug).await;
    let options = ExportOptions {
        media: Some(app.state.media.clone()),
        secrets: passphrase.map(|p| (app.state.config.secrets.clone().unwrap(), p.to_owned())),
        ..Default::default()
    };
    let file = tokio::fs::File::create(path).await.unwrap();
    let source = server_options(&app.state.provisioner.control, &agency).unwrap();
    bundle::export(&source, &agency, &options, file, &bundle::quiet()).await.unwrap()
}

async fn import(
    app: &TestApp,
    path: &Path,
    options: ImportOptions,
) -> portal::error::AppResult<bundle::import::Imported> {
    let deps = ImportDeps {
        provisioner: &app.state.provisioner,
        media: Some(&app.state.media),
        secrets: app.state.config.secrets.as_ref(),
    };
    let file = tokio::fs::File::open(path).await.unwrap();
    let done = bundle::import(&deps, file, options, &bundle::quiet()).await;
    app.state.registry.invalidate().await;
    done
}

/// A connection to the server that holds `agency`, as the migrator.
async fn server_of(app: &TestApp, agency: &Agency) -> PgConnection {
    match &agency.database_url {
        Some(url) => PgConnection::connect(url).await.unwrap(),
        None => app.admin().await,
    }
}

/// Every row of every table of the agency's schema, as JSON text sorted per table (sealed
/// columns aside: they are sealed for one agency id only).
async fn rows(app: &TestApp, agency: &Agency) -> BTreeMap<String, Vec<String>> {
    let mut conn = server_of(app, agency).await;
    sqlx::query("SET timezone = 'UTC'").execute(&mut conn).await.unwrap();
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = $1 AND c.relkind = 'r' ORDER BY 1",
    )
    .bind(&agency.schema_name)
    .fetch_all(&mut conn)
    .await
    .unwrap();
    let mut out = BTreeMap::new();
    for table in tables {
        let sql = format!(
            r#"SELECT (to_jsonb(t) - 'bot_token_sealed' - 'url_sealed' - 'installed_on' - 'execution_time')::text
               FROM "{}"."{table}" t ORDER BY 1"#,
            agency.schema_name
        );
        out.insert(table, sqlx::query_scalar(&sql).fetch_all(&mut conn).await.unwrap());
    }
    out
}

/// The source's rows equal the copy's: every table the same, except the copy's audit log
/// (and the integrations outbox it feeds) holding one more row, its import.
fn assert_same_rows(source: &BTreeMap<String, Vec<String>>, copy: &BTreeMap<String, Vec<String>>) {
    assert_eq!(source.keys().collect::<Vec<_>>(), copy.keys().collect::<Vec<_>>());
    let mut compared = 0;
    for (table, rows) in source {
        let theirs = &copy[table];
        if table == "audit_events" || table == "event_outbox" {
            assert!(rows.iter().all(|r| theirs.contains(r)), "{table}: a row went missing");
            assert!(theirs.len() <= rows.len() + 1, "{table}: {} vs {}", theirs.len(), rows.len());
        } else {
            assert_eq!(rows, theirs, "table {table} differs");
        }
        compared += rows.len();
    }
    assert!(compared > 100, "a populated agency: {compared} rows compared");
}

/// The values `sql` selects from the agency's schema (`{schema}` in it), read on the server
/// that holds the agency.
async fn values<T>(app: &TestApp, agency: &Agency, sql: &str) -> Vec<T>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    let sql = sql.replace("{schema}", &format!(r#""{}""#, agency.schema_name));
    sqlx::query_scalar(&sql).fetch_all(&mut server_of(app, agency).await).await.unwrap()
}

/// Whether the agency's schema is on the control server.
async fn on_control_server(app: &TestApp, agency: &Agency) -> bool {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)")
        .bind(&agency.schema_name)
        .fetch_one(&mut app.admin().await)
        .await
        .unwrap()
}

async fn sealed(app: &TestApp, agency: &Agency) -> (Option<String>, Vec<String>) {
    let key = app.state.config.secrets.clone().unwrap();
    let token: Vec<Option<Vec<u8>>> =
        values(app, agency, "SELECT bot_token_sealed FROM {schema}.discord_settings").await;
    let hooks: Vec<Vec<u8>> =
        values(app, agency, "SELECT url_sealed FROM {schema}.webhooks ORDER BY id").await;
    let id = agency.id;
    (
        token[0].as_ref().map(|t| key.open(&format!("discord-bot-token:{id}"), t).unwrap()),
        hooks
            .iter()
            .map(|h| key.open(&format!("discord-webhook:{id}"), h).unwrap_or_default())
            .collect(),
    )
}

/// The demo agencies, BCSO with a badge, a catalogue picture, a picture in a document's draft,
/// a document's Office file, a domain, a bot token and a webhook.
async fn populated() -> TestApp {
    let app = spawn_app_with(Options { demo: true, jobs: false, ..Default::default() }).await;
    portal::demo::seed(&app.state).await.unwrap();
    let media = &app.state.media;
    media.put("agencies/bcso/badge.png", bytes::Bytes::from_static(b"badge bytes")).await.unwrap();
    media.put("catalogues/bcso/car.png", bytes::Bytes::from_static(b"car bytes")).await.unwrap();
    media.put("sops/bcso/map.png", bytes::Bytes::from_static(b"map bytes")).await.unwrap();
    media
        .put("documents/bcso/0123abcd.docx", bytes::Bytes::from_static(b"docx bytes"))
        .await
        .unwrap();
    let mut admin = app.admin().await;
    sqlx::query(
        "UPDATE agencies SET domain = 'bcso.example.org',
             theme = theme || '{\"badgeUrl\": \"/media/agencies/bcso/badge.png\"}' WHERE slug = 'bcso'",
    )
    .execute(&mut admin)
    .await
    .unwrap();
    let bcso = agency(&app, "bcso").await;
    let key = app.state.config.secrets.clone().unwrap();
    let token = key.seal(&format!("discord-bot-token:{}", bcso.id), "bot.token.value");
    let schema = &bcso.schema_name;
    sqlx::query(&format!(r#"UPDATE "{schema}".discord_settings SET bot_token_sealed = $1"#))
        .bind(token)
        .execute(&mut admin)
        .await
        .unwrap();
    let hook = key
        .seal(&format!("discord-webhook:{}", bcso.id), "https://discord.test/api/webhooks/1/abc");
    sqlx::query(&format!(
        r#"INSERT INTO "{schema}".webhooks (name, url_sealed, url_hint, events) VALUES ('Ops', $1, '…/abc', '{{}}')"#
    ))
    .bind(hook)
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::query(&format!(
        r#"UPDATE "{schema}".qualifications SET badge = '/media/catalogues/bcso/car.png'
           WHERE id = (SELECT min(id) FROM "{schema}".qualifications)"#
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::raw_sql(&format!(
        r#"INSERT INTO "{schema}".document_drafts (document_id, content)
           VALUES ('bundle-patrol', '<p>Route</p><p><img src="/media/sops/bcso/map.png"></p>');
           INSERT INTO "{schema}".document_sources
               (document_id, version, kind, file_name, storage_key, size_bytes, author)
           VALUES ('bundle-patrol', 1, 'docx', 'Patrol.docx', 'documents/bcso/0123abcd.docx', 10, 'Alex')"#
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    app.state.registry.invalidate().await;
    app
}

#[tokio::test]
async fn bundle_round_trip_keeps_every_row_media_secret_and_version() {
    let app = populated().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bcso.agency.tar.gz");
    let manifest = export(&app, "bcso", &file, Some(PASSPHRASE)).await;
    let bcso = agency(&app, "bcso").await;
    assert_eq!(manifest.schema_version, bcso.schema_version);
    assert_eq!(manifest.media.len(), 4, "{:?}", manifest.media);
    assert!(manifest.rows() > 100);
    let source = rows(&app, &bcso).await;

    // Into another deployment (its own database and media store), same slug.
    let other = spawn_app_with(Options { jobs: false, ..Default::default() }).await;
    let done = import(
        &other,
        &file,
        ImportOptions { passphrase: Some(PASSPHRASE.into()), ..Default::default() },
    )
    .await
    .unwrap();
    assert_eq!(done.agency.slug, "bcso");
    assert_eq!(done.agency.domain.as_deref(), Some("bcso.example.org"));
    assert_eq!(done.agency.schema_version, bcso.schema_version);
    assert!(done.secrets_imported);
    let copy = agency(&other, "bcso").await;
    assert_same_rows(&source, &rows(&other, &copy).await);
    assert_eq!(
        (copy.name.clone(), copy.stored_flags.clone()),
        (bcso.name.clone(), bcso.stored_flags.clone())
    );
    assert_eq!(copy.stored_theme, bcso.stored_theme);
    let badge = other.state.media.get("agencies/bcso/badge.png").await.unwrap().unwrap();
    assert_eq!(&badge.bytes[..], b"badge bytes");
    // Documents' pictures and Office files came along.
    let map = other.state.media.get("sops/bcso/map.png").await.unwrap().unwrap();
    assert_eq!(&map.bytes[..], b"map bytes");
    let docx = other.state.media.get("documents/bcso/0123abcd.docx").await.unwrap().unwrap();
    assert_eq!(&docx.bytes[..], b"docx bytes");
    // Secrets came through the passphrase, sealed for the new agency's id.
    assert_eq!(sealed(&other, &copy).await, sealed(&app, &bcso).await);
    assert_eq!(sealed(&other, &copy).await.0.as_deref(), Some("bot.token.value"));
    // It works through the router.
    let config = json(other.get("/api/agencies/bcso/config").await, 200).await;
    assert_eq!(config["name"], json!(bcso.name));

    // Into the same deployment under a new slug: domain taken (cleared), media and their
    // addresses follow the slug; without the passphrase the secrets stay out.
    let done =
        import(&app, &file, ImportOptions { slug: Some("bcso-copy".into()), ..Default::default() })
            .await
            .unwrap();
    assert_eq!(done.agency.domain, None);
    assert_eq!(done.bundle_domain.as_deref(), Some("bcso.example.org"));
    assert!(!done.secrets_imported);
    let renamed = agency(&app, "bcso-copy").await;
    assert_eq!(renamed.stored_theme["badgeUrl"], "/media/agencies/bcso-copy/badge.png");
    let car = app.state.media.get("catalogues/bcso-copy/car.png").await.unwrap().unwrap();
    assert_eq!(&car.bytes[..], b"car bytes");
    let map = app.state.media.get("sops/bcso-copy/map.png").await.unwrap().unwrap();
    assert_eq!(&map.bytes[..], b"map bytes");
    let docx = app.state.media.get("documents/bcso-copy/0123abcd.docx").await.unwrap().unwrap();
    assert_eq!(&docx.bytes[..], b"docx bytes");
    // The rows name the copies: the draft's picture address and the Office file's key.
    let content: Vec<String> = values(
        &app,
        &renamed,
        "SELECT content FROM {schema}.document_drafts WHERE document_id = 'bundle-patrol'",
    )
    .await;
    assert!(content[0].contains(r#"<img src="/media/sops/bcso-copy/map.png">"#), "{content:?}");
    let key: Vec<String> = values(
        &app,
        &renamed,
        "SELECT storage_key FROM {schema}.document_sources WHERE document_id = 'bundle-patrol'",
    )
    .await;
    assert_eq!(key, ["documents/bcso-copy/0123abcd.docx"]);
    let copy_rows = rows(&app, &renamed).await;
    let rename = |rows: &BTreeMap<String, Vec<String>>| -> BTreeMap<String, Vec<String>> {
        rows.iter()
            .map(|(t, r)| {
                let mut r: Vec<String> = r
                    .iter()
                    .map(|x| {
                        x.replace("/media/catalogues/bcso/", "/media/catalogues/bcso-copy/")
                            .replace("/media/sops/bcso/", "/media/sops/bcso-copy/")
                            .replace("documents/bcso/", "documents/bcso-copy/")
                    })
                    .collect();
                r.sort();
                (t.clone(), r)
            })
            .collect()
    };
    assert_same_rows(&rename(&source), &rename(&copy_rows));
    let (token, hooks) = sealed(&app, &renamed).await;
    assert_eq!(token, None);
    assert!(!hooks.is_empty() && hooks.iter().all(String::is_empty), "{hooks:?}");
    // The import is in the new agency's audit log.
    let last: Vec<String> =
        values(&app, &renamed, "SELECT action FROM {schema}.audit_events ORDER BY id DESC LIMIT 1")
            .await;
    assert_eq!(last, ["imported"]);
}

#[tokio::test]
async fn bundle_imports_onto_a_second_server() {
    let app = TestApp::builder().agency("bcso", "Blaine County SO").without_jobs().build().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bcso.agency.tar.gz");
    export(&app, "bcso", &file, None).await;
    let far_url = second_server_database().await;
    let done = import(
        &app,
        &file,
        ImportOptions {
            slug: Some("far-bcso".into()),
            database_url: Some(far_url.clone()),
            ..Default::default()
        },
    )
    .await
    .unwrap();
    assert_eq!(done.agency.database_url.as_deref(), Some(far_url.as_str()));
    let far = agency(&app, "far-bcso").await;
    let near = agency(&app, "bcso").await;
    let (source, copy) = (rows(&app, &near).await, rows(&app, &far).await);
    for (table, rows) in &source {
        if table != "audit_events" && table != "event_outbox" {
            assert_eq!(rows, &copy[table], "{table}");
        }
    }
    // Nothing of it on the control server; its members sign in and read it there.
    assert!(!on_control_server(&app, &far).await);
    let hc = app.as_persona("bcso", Persona::HighCommand).await;
    // The copy's roster has the same people (they are matched by Discord id).
    let roster =
        json(send(&app, &hc, Method::GET, "/api/roster", "far-bcso", None).await, 200).await;
    let original = json(send(&app, &hc, Method::GET, "/api/roster", "bcso", None).await, 200).await;
    assert_eq!(roster, original);
    assert!(!roster.as_array().unwrap().is_empty());
}

async fn root_hc(app: &TestApp) -> Client {
    app.add_member("rawlife", ROOT_HC, "Rita Root", "high_command").await;
    app.signed_in(ROOT_HC).await
}

async fn upload(app: &TestApp, client: &Client, bytes: Vec<u8>, query: &str) -> reqwest::Response {
    client
        .post(app.url(&format!("/api/agencies/import{query}")))
        .header("x-agency-slug", "rawlife")
        .header("content-type", "application/octet-stream")
        .body(bytes)
        .send()
        .await
        .unwrap()
}

/// Agencies, agency schemas and agency roles of this test's database.
async fn footprint(app: &TestApp) -> (i64, i64, i64) {
    let mut admin = app.admin().await;
    sqlx::query_as(
        "SELECT (SELECT count(*) FROM agencies),
                (SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'agency\\_%'),
                (SELECT count(*) FROM pg_roles
                 WHERE rolname LIKE 'p' || substr(md5(current_database()), 1, 8) || '\\_agency\\_%')",
    )
    .fetch_one(&mut admin)
    .await
    .unwrap()
}

/// Nothing of a refused import is left: no registry row, no schema or role, no media.
async fn assert_nothing_left(app: &TestApp, slug: &str, before: (i64, i64, i64)) {
    assert!(registry(app, slug).await.is_none());
    assert_eq!(footprint(app).await, before, "agencies, schemas and roles as before");
    for folder in ["agencies", "catalogues"] {
        let left = app.state.media.list(&format!("{folder}/{slug}")).await.unwrap();
        assert!(left.is_empty(), "{left:?}");
    }
}

/// A valid gzip'd tar whose one table part was changed (the manifest no longer matches).
async fn tampered(original: &[u8]) -> Vec<u8> {
    use futures::StreamExt;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut archive =
        tokio_tar::Archive::new(async_compression::tokio::bufread::GzipDecoder::new(original));
    let mut entries = archive.entries().unwrap();
    let mut out =
        tokio_tar::Builder::new(async_compression::tokio::write::GzipEncoder::new(Vec::new()));
    let mut changed = false;
    while let Some(entry) = entries.next().await {
        let mut entry = entry.unwrap();
        let path = entry.path().unwrap().to_string_lossy().into_owned();
        let mut data = Vec::new();
        entry.read_to_end(&mut data).await.unwrap();
        if !changed && path.starts_with("tables/departments/") {
            let text = String::from_utf8(data).unwrap();
            let edited = text.replacen("Headquarters", "Headquartrs", 1);
            assert_ne!(edited, text, "the starter department is in the bundle");
            data = edited.into_bytes();
            changed = true;
        }
        let mut header = tokio_tar::Header::new_gnu();
        header.set_size(data.len() as u64);
        header.set_mode(0o644);
        out.append_data(&mut header, &path, &data[..]).await.unwrap();
    }
    assert!(changed);
    let mut gzip = out.into_inner().await.unwrap();
    gzip.shutdown().await.unwrap();
    gzip.into_inner()
}

#[tokio::test]
async fn bundle_damaged_cut_or_tampered_is_refused_and_leaves_nothing() {
    let app = TestApp::builder().agency("bcso", "Blaine County SO").without_jobs().build().await;
    let root = root_hc(&app).await;
    app.state
        .media
        .put("agencies/bcso/badge.png", bytes::Bytes::from_static(b"badge"))
        .await
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bcso.agency.tar.gz");
    export(&app, "bcso", &file, None).await;
    let good = std::fs::read(&file).unwrap();
    let before = footprint(&app).await;

    let cut = good[..good.len() * 2 / 3].to_vec();
    let mut flipped = good.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x5a;
    let not_gzip = b"this is not a bundle".to_vec();
    // A flipped byte usually breaks the compressed stream (damaged); where it still inflates
    // (to other bytes), the manifest's checksums refuse it before the gzip trailer would
    // (mismatch). Either way nothing is imported.
    for (what, bytes, sentences) in [
        ("cut short", cut, &[bundle::DAMAGED][..]),
        ("a flipped byte", flipped, &[bundle::DAMAGED, bundle::MISMATCH][..]),
        ("not gzip", not_gzip, &[bundle::DAMAGED][..]),
        ("a changed row", tampered(&good).await, &[bundle::MISMATCH][..]),
    ] {
        let answer = upload(&app, &root, bytes, "?slug=restored").await;
        assert_eq!(answer.status(), StatusCode::BAD_REQUEST, "{what}");
        let refusal = json(answer, 400).await;
        assert!(
            sentences.iter().any(|sentence| refusal == json!({"error": sentence})),
            "{what}: {refusal}"
        );
        assert_nothing_left(&app, "restored", before).await;
    }
    // Empty, and a taken slug (the media written on the way are removed again).
    let empty = upload(&app, &root, vec![], "").await;
    refused(empty, 400, "Choose an agency bundle (.agency.tar.gz) to import.").await;
    let taken = upload(&app, &root, good.clone(), "").await;
    refused(taken, 409, "An agency with the slug 'bcso' already exists.").await;
    assert_eq!(footprint(&app).await, before);
    // The good one goes in.
    let made = json(upload(&app, &root, good, "?slug=restored").await, 201).await;
    assert_eq!(made["slug"], "restored");
    assert_eq!(made["mediaObjects"], 1);
    assert!(made["counts"]["ranks"].as_u64().unwrap() > 0, "{made}");
    assert!(registry(&app, "restored").await.is_some());
}

/// The tenant migrations up to `version` only.
fn migrator_up_to(version: i64) -> sqlx::migrate::Migrator {
    let mut migrator = migrate::tenant_migrator();
    let older: Vec<_> =
        migrator.migrations.iter().filter(|m| m.version <= version).cloned().collect();
    migrator.migrations = Cow::Owned(older);
    migrator
}

#[tokio::test]
async fn bundle_of_an_older_schema_is_migrated_and_a_newer_one_refused() {
    let old = spawn_app_with(Options {
        migrator: Some(migrator_up_to(15)),
        jobs: false,
        ..Default::default()
    })
    .await;
    old.create_agency("bcso", "Blaine County SO").await;
    old.add_member("bcso", "100000000000000881", "Olive Old", "high_command").await;
    let dir = tempfile::tempdir().unwrap();
    let older = dir.path().join("older.agency.tar.gz");
    let manifest = export(&old, "bcso", &older, None).await;
    assert_eq!(manifest.schema_version, 15);
    let before = rows(&old, &agency(&old, "bcso").await).await;

    let new = spawn_app_with(Options { jobs: false, ..Default::default() }).await;
    let latest = migrate::tenant_migrator().iter().map(|m| m.version).max().unwrap();
    let done = import(&new, &older, ImportOptions::default()).await.unwrap();
    assert_eq!(done.manifest.schema_version, 15);
    assert_eq!(done.agency.schema_version, latest);
    let copy = agency(&new, "bcso").await;
    let after = rows(&new, &copy).await;
    // Every row of the old schema is there (newer migrations may add rows and columns).
    let roster_names = |rows: &BTreeMap<String, Vec<String>>| -> Vec<String> {
        rows["roster"]
            .iter()
            .map(|r| serde_json::from_str::<Value>(r).unwrap()["name"].to_string())
            .collect()
    };
    assert_eq!(roster_names(&before), roster_names(&after));
    assert_eq!(before["ranks"].len(), after["ranks"].len());
    assert!(
        after.contains_key("recruitment_forms") || after.len() > before.len(),
        "the newer tables exist"
    );
    // `portal migrate` finds it up to date.
    let applied: Vec<i64> =
        values(&new, &copy, "SELECT count(*) FROM {schema}._sqlx_migrations").await;
    assert_eq!(applied[0] as usize, migrate::tenant_migrator().iter().count());

    // The other way: a bundle of this portal into one that knows up to 15.
    let newer = dir.path().join("newer.agency.tar.gz");
    export(&new, "bcso", &newer, None).await;
    let refused =
        import(&old, &newer, ImportOptions { slug: Some("bcso-new".into()), ..Default::default() })
            .await
            .unwrap_err();
    assert_eq!(
        refused.to_string(),
        format!(
            "This bundle was made by a newer version of the portal (schema version {latest}); this portal knows up to 15. Upgrade the portal first."
        )
    );
    assert!(registry(&old, "bcso-new").await.is_none());
}

#[tokio::test]
async fn bundle_api_answers_only_the_agencys_own_and_the_roots_high_command() {
    let app = TestApp::builder().sheriff_and_police().without_jobs().build().await;
    let root = root_hc(&app).await;
    let bcso_hc = app.as_persona("bcso", Persona::HighCommand).await;
    let bcso_command = app.as_persona("bcso", Persona::Command).await;
    let lspd_hc = app.as_persona("lspd", Persona::HighCommand).await;
    let refusal = "Only the agency's own High Command, or the root agency's, may export it or manage its backups.";

    // Export: the agency's own High Command and the root's.
    for (client, agency) in [(&bcso_hc, "bcso"), (&root, "rawlife")] {
        let answer =
            send(&app, client, Method::GET, "/api/agencies/bcso/export", agency, None).await;
        assert_eq!(answer.status(), 200);
        let disposition = answer.headers()["content-disposition"].to_str().unwrap().to_owned();
        assert!(
            disposition.starts_with("attachment; filename=\"bcso-")
                && disposition.ends_with(".agency.tar.gz\""),
            "{disposition}"
        );
        let bytes = answer.bytes().await.unwrap();
        assert_eq!(&bytes[..2], &[0x1f, 0x8b], "gzip");
    }
    // Refused: a plain member, another agency's High Command, its own slug from another agency.
    for (client, agency, path) in [
        (&bcso_command, "bcso", "/api/agencies/bcso/export"),
        (&lspd_hc, "lspd", "/api/agencies/bcso/export"),
        (&bcso_hc, "bcso", "/api/agencies/lspd/export"),
        (&bcso_hc, "bcso", "/api/agencies/lspd/backups"),
        (&bcso_command, "bcso", "/api/agencies/bcso/backups"),
        (&lspd_hc, "lspd", BCSO_SETTINGS),
    ] {
        refused(send(&app, client, Method::GET, path, agency, None).await, 403, refusal).await;
    }
    let anonymous = app.browser();
    let answer =
        send(&app, &anonymous, Method::GET, "/api/agencies/bcso/export", "bcso", None).await;
    refused(answer, 401, SIGN_IN_REQUIRED).await;
    let answer = send(&app, &root, Method::GET, "/api/agencies/nope/export", "rawlife", None).await;
    refused(answer, 404, "Unknown agency 'nope'").await;
    // A short passphrase.
    let short = root
        .get(app.url("/api/agencies/bcso/export"))
        .header("x-agency-slug", "rawlife")
        .header("x-bundle-passphrase", "short")
        .send()
        .await
        .unwrap();
    refused(short, 400, "The passphrase must be at least 12 characters.").await;

    // Import is the root's alone.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("b.agency.tar.gz");
    export(&app, "bcso", &file, None).await;
    let bytes = std::fs::read(&file).unwrap();
    let answer = bcso_hc
        .post(app.url("/api/agencies/import"))
        .header("x-agency-slug", "bcso")
        .body(bytes.clone())
        .send()
        .await
        .unwrap();
    refused(answer, 403, "This page is only available from the root agency administration site.")
        .await;

    // Backup settings: defaults, then the agency's own; bounds refused with a sentence.
    let settings = get(&app, &bcso_hc, BCSO_SETTINGS, "bcso").await;
    assert_eq!(settings["everyHours"], 24);
    assert_eq!(settings["keep"], 7);
    assert_eq!(settings["usesDefault"], true);
    for (body, sentence) in [
        (
            json!({"everyHours": 0, "keep": 3}),
            "Back up every 1 to 168 hours, or turn scheduled backups off.",
        ),
        (
            json!({"everyHours": 169, "keep": 3}),
            "Back up every 1 to 168 hours, or turn scheduled backups off.",
        ),
        (json!({"everyHours": 6, "keep": 0}), "Keep from 1 to 100 backups."),
        (json!({"everyHours": 6, "keep": 101}), "Keep from 1 to 100 backups."),
    ] {
        refused(put(&app, &bcso_hc, BCSO_SETTINGS, "bcso", body).await, 400, sentence).await;
    }
    let body = json!({"everyHours": 6, "keep": 2});
    refused(put(&app, &lspd_hc, BCSO_SETTINGS, "lspd", body.clone()).await, 403, refusal).await;
    let saved = json(put(&app, &bcso_hc, BCSO_SETTINGS, "bcso", body).await, 200).await;
    assert_eq!(
        (saved["everyHours"].clone(), saved["keep"].clone(), saved["usesDefault"].clone()),
        (json!(6), json!(2), json!(false))
    );
    let off = json!({"everyHours": null, "keep": 2});
    let saved = json(put(&app, &root, BCSO_SETTINGS, "rawlife", off).await, 200).await;
    assert_eq!(saved["everyHours"], Value::Null);
    assert_eq!(saved["nextDueAt"], Value::Null);

    // Back up now, three times: two kept, newest first, each downloadable.
    let mut names = Vec::new();
    for _ in 0..3 {
        let made = json(
            send(&app, &bcso_hc, Method::POST, "/api/agencies/bcso/backups", "bcso", None).await,
            201,
        )
        .await;
        assert!(made["sizeBytes"].as_i64().unwrap() > 0);
        assert!(made["counts"]["ranks"].as_u64().unwrap() > 0);
        names.push(made["name"].as_str().unwrap().to_owned());
    }
    let list = json(
        send(&app, &root, Method::GET, "/api/agencies/bcso/backups", "rawlife", None).await,
        200,
    )
    .await;
    let listed: Vec<&str> =
        list["backups"].as_array().unwrap().iter().map(|b| b["name"].as_str().unwrap()).collect();
    assert_eq!(listed, vec![names[2].as_str(), names[1].as_str()]);
    assert_eq!(list["settings"]["keep"], 2);
    let path = format!("/api/agencies/bcso/backups/{}", names[2]);
    let download = send(&app, &bcso_hc, Method::GET, &path, "bcso", None).await;
    assert_eq!(download.status(), 200);
    let downloaded = download.bytes().await.unwrap();
    assert_eq!(downloaded.len() as i64, list["backups"][0]["sizeBytes"].as_i64().unwrap());
    let gone = format!("/api/agencies/bcso/backups/{}", names[0]);
    let answer = send(&app, &bcso_hc, Method::GET, &gone, "bcso", None).await;
    refused(answer, 404, "There is no such backup of this agency.").await;
    assert!(
        app.state
            .media
            .get(&backups::key(agency(&app, "bcso").await.id, &names[0]))
            .await
            .unwrap()
            .is_none(),
        "pruned"
    );
    let traversal = send(
        &app,
        &bcso_hc,
        Method::GET,
        "/api/agencies/bcso/backups/..%2F..%2Fsecret",
        "bcso",
        None,
    )
    .await;
    assert_eq!(traversal.status(), 404);
    // A downloaded backup imports.
    let restored =
        json(upload(&app, &root, downloaded.to_vec(), "?slug=bcso-restored").await, 201).await;
    assert_eq!(restored["slug"], "bcso-restored");
    assert_eq!(restored["domainCleared"], false);
}

#[tokio::test]
async fn bundle_backups_are_written_when_due_and_only_the_newest_kept() {
    let app = TestApp::builder().agency("bcso", "Blaine County SO").without_jobs().build().await;
    let bcso = agency(&app, "bcso").await;
    let defaults = Defaults { every_hours: Some(24), keep: 2 };
    let t0 = chrono::Utc::now();
    // Nobody backed up yet: every agency is due (the root and BCSO).
    let mut done = backups::run_due(&app.state, defaults, t0).await.unwrap();
    done.sort();
    assert_eq!(done, vec!["bcso", "rawlife"]);
    // An hour later nothing is due; a day later both are again.
    assert!(backups::run_due(&app.state, defaults, t0 + chrono::Duration::hours(1))
        .await
        .unwrap()
        .is_empty());
    assert_eq!(
        backups::run_due(&app.state, defaults, t0 + chrono::Duration::hours(24))
            .await
            .unwrap()
            .len(),
        2
    );
    // BCSO turns its own backups to every 6 hours, keeping 2; the root follows the default.
    portal::shared::bundle::store::save_backup_settings(
        &app.state.control,
        bcso.id,
        portal::shared::bundle::store::StoredBackupSettings { every_hours: Some(6), keep: 2 },
        "test",
    )
    .await
    .unwrap();
    let later = t0 + chrono::Duration::hours(30);
    assert_eq!(backups::run_due(&app.state, defaults, later).await.unwrap(), vec!["bcso"]);
    let kept = portal::shared::bundle::store::backups(&app.state.control, bcso.id).await.unwrap();
    assert_eq!(kept.len(), 2);
    assert_eq!(kept[0].created_at.timestamp_millis(), later.timestamp_millis());
    let objects = app.state.media.list(&format!("backups/{}", bcso.id)).await.unwrap();
    assert_eq!(objects.len(), 2, "{objects:?}");
    // A backup is an import away from a new agency.
    let object = app.state.media.get(&backups::key(bcso.id, &kept[0].name)).await.unwrap().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.agency.tar.gz");
    std::fs::write(&file, &object.bytes).unwrap();
    let done =
        import(&app, &file, ImportOptions { slug: Some("bcso-back".into()), ..Default::default() })
            .await
            .unwrap();
    assert_eq!(
        done.manifest.counts(),
        serde_json::from_value::<BTreeMap<String, u64>>(kept[0].counts.clone()).unwrap()
    );
}

#[tokio::test]
async fn bundle_move_under_write_load_loses_no_acknowledged_write() {
    let app = TestApp::builder().agency("bcso", "Blaine County SO").without_jobs().build().await;
    let command = app.as_persona("bcso", Persona::Command).await;
    let far_url = second_server_database().await;
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    // Eight writers, each adding qualifications one after another and keeping what was
    // acknowledged.
    let mut writers = Vec::new();
    for w in 0..8 {
        let (client, address, stop) = (command.clone(), app.address.clone(), stop.clone());
        writers.push(tokio::spawn(async move {
            let (mut acknowledged, mut paused, mut other) = (Vec::new(), 0, 0);
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                n += 1;
                let name = format!("Load {w}-{n}");
                let answer = client
                    .post(format!("{address}/api/qualifications"))
                    .header("x-agency-slug", "bcso")
                    .json(&json!({"name": name}))
                    .send()
                    .await
                    .unwrap();
                match answer.status().as_u16() {
                    201 => acknowledged.push(name),
                    503 => {
                        assert!(answer.headers().contains_key("retry-after"));
                        let body: Value = answer.json().await.unwrap();
                        if body["error"] == portal::tenancy::resolver::MOVING {
                            paused += 1;
                        } else {
                            other += 1;
                        }
                        tokio::time::sleep(Duration::from_millis(20)).await;
                    }
                    _ => other += 1,
                }
            }
            (acknowledged, paused, other)
        }));
    }
    // Reads go on during the move.
    let reader = {
        let (client, address, stop) = (command.clone(), app.address.clone(), stop.clone());
        tokio::spawn(async move {
            let (mut ok, mut failed) = (0, 0);
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let answer = client
                    .get(format!("{address}/api/qualifications"))
                    .header("x-agency-slug", "bcso")
                    .send()
                    .await
                    .unwrap();
                if answer.status() == 200 {
                    ok += 1
                } else {
                    failed += 1
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            (ok, failed)
        })
    };
    tokio::time::sleep(Duration::from_millis(700)).await;
    let report =
        bundle::mover::move_agency(&app.state, "bcso", &far_url, &bundle::quiet()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(700)).await;
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let mut acknowledged = Vec::new();
    let (mut paused, mut other) = (0, 0);
    for writer in writers {
        let (names, p, o) = writer.await.unwrap();
        acknowledged.extend(names);
        paused += p;
        other += o;
    }
    let (reads_ok, _reads_failed) = reader.await.unwrap();
    assert!(reads_ok > 0);
    assert!(acknowledged.len() >= 8, "writes went on before and after: {}", acknowledged.len());
    assert!(report.read_only < Duration::from_secs(20), "{report:?}");

    // The agency now lives on the second server, and every acknowledged write is there.
    let moved = agency(&app, "bcso").await;
    assert_eq!(moved.database_url.as_deref(), Some(far_url.as_str()));
    assert!(moved.read_only_since.is_none());
    let names: Vec<String> = values(&app, &moved, "SELECT name FROM {schema}.qualifications").await;
    let missing: Vec<&String> = acknowledged.iter().filter(|n| !names.contains(n)).collect();
    assert!(missing.is_empty(), "acknowledged writes lost: {missing:?}");
    // The old schema and role are gone from the control server.
    assert!(!on_control_server(&app, &moved).await, "the old schema was dropped");
    // Writes through the router land on the new server.
    let after = send(
        &app,
        &command,
        Method::POST,
        "/api/qualifications",
        "bcso",
        Some(&json!({"name": "After the move"})),
    )
    .await;
    assert_eq!(after.status(), 201);
    eprintln!(
        "move: {} acknowledged, {paused} paused (503), {other} other, read-only {:?}",
        acknowledged.len(),
        report.read_only
    );
}

#[tokio::test]
async fn bundle_move_pauses_writes_with_a_sentence_and_reads_go_on() {
    let app = TestApp::builder().agency("bcso", "Blaine County SO").without_jobs().build().await;
    let command = app.as_persona("bcso", Persona::Command).await;
    let bcso = agency(&app, "bcso").await;
    let qualification = json!({"name": "X"});
    let add_qualification =
        || send(&app, &command, Method::POST, "/api/qualifications", "bcso", Some(&qualification));
    portal::shared::bundle::store::set_read_only(&app.state.control, bcso.id, true).await.unwrap();
    app.state.registry.invalidate().await;
    let answer = add_qualification().await;
    assert_eq!(answer.status(), 503);
    assert_eq!(answer.headers()["retry-after"], "5");
    let moving = "This agency is being moved to another server; changes are paused for a moment. Try again shortly.";
    refused(answer, 503, moving).await;
    let read = send(&app, &command, Method::GET, "/api/qualifications", "bcso", None).await;
    assert_eq!(read.status(), 200);
    // Once the move ends, writes go through again.
    portal::shared::bundle::store::set_read_only(&app.state.control, bcso.id, false).await.unwrap();
    app.state.registry.invalidate().await;
    let answer = add_qualification().await;
    assert_eq!(answer.status(), 201);
}
