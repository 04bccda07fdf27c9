//! SOP drafts, publishing and the history (issue 28): managers edit a draft (stale saves get
//! 409 and the current draft), readers see only what was published, every published version
//! is kept with its author and time, compared word by word and restored; HTML is cleaned on
//! every write; only document managers reach any of it, within their level and their agency;
//! and the plain-text documents of older agencies become paragraphs and version 1.

use std::sync::Arc;

use portal::{
    features::sops::content::paragraphs,
    tenancy::{migrate, provision::Provisioner},
};
use reqwest::{Client, Method};
use serde_json::{json, Value};
use sqlx::migrate::Migrator;

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{
        agency_db, app, call, get, refused, two_sops, BCSO, LSPD, NO_PERMISSION, SIGN_IN_REQUIRED,
    },
};

const MANAGE: &str = "/api/sops?scope=manage";
const STALE_DRAFT: &str =
    "Someone else saved this draft since you opened it. Review their changes and save again.";
const ABOVE_LEVEL: &str = "You can only edit and publish documents for your own level or below.";

/// A deputies' document and a High Command one, saved by High Command (plain text, as stored
/// before rich text): their ids.
async fn two_documents(app: &TestApp, agency: &str) -> (String, String) {
    two_sops(app, agency, |title| format!("{title} content")).await
}

/// What a deputy reads of the first document.
async fn read(app: &TestApp, deputy: &Client) -> String {
    get(app, deputy, "/api/sops", BCSO).await["documents"][0]["content"]
        .as_str()
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn managers_edit_a_draft_and_publish_it_while_readers_see_the_published_version() {
    let app = app().await;
    let (id, _) = two_documents(&app, BCSO).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let draft_path = format!("/api/sops/{id}/draft");

    let draft = get(&app, &command, &draft_path, BCSO).await;
    assert_eq!(draft["content"], "Patrol basics content");
    assert_eq!(
        (draft["revision"].clone(), draft["publishedVersion"].clone()),
        (json!(0), json!(1))
    );
    assert_eq!(draft["unpublished"], false);

    // A save is cleaned: no script, no event attribute, no javascript: link.
    let hostile = "<h2>Stops</h2><p onclick=\"alert(1)\">Approach <strong>slowly</strong>.</p>\
                   <script>alert(1)</script><a href=\"javascript:alert(1)\">x</a>";
    let body = json!({"content": hostile, "revision": 0});
    let saved = json(call(&app, &command, Method::PUT, &draft_path, Some(&body)).await, 200).await;
    let cleaned = "<h2>Stops</h2><p>Approach <strong>slowly</strong>.</p><a rel=\"noopener noreferrer\">x</a>";
    assert_eq!(saved["content"], cleaned);
    assert_eq!((saved["revision"].clone(), saved["unpublished"].clone()), (json!(1), json!(true)));
    assert!(saved["updatedBy"].as_str().is_some_and(|n| !n.is_empty()));
    // Readers still see the published version; the manager's list says a draft is waiting.
    assert_eq!(read(&app, &deputy).await, "Patrol basics content");
    let list = get(&app, &command, MANAGE, BCSO).await;
    assert_eq!(list["drafts"], json!([{"id": id, "publishedVersion": 1, "unpublished": true}]));

    // A save of an older revision is refused with the current draft.
    let stale = json!({"content": "<p>Mine</p>", "revision": 0});
    let answer =
        json(call(&app, &command, Method::PUT, &draft_path, Some(&stale)).await, 409).await;
    assert_eq!(answer["error"], STALE_DRAFT);
    assert_eq!(answer["current"]["content"], cleaned);
    assert_eq!(answer["current"]["revision"], 1);
    // Publishing names the revision seen, too.
    let publish = format!("/api/sops/{id}/publish");
    let answer = json(
        call(&app, &command, Method::POST, &publish, Some(&json!({"revision": 0}))).await,
        409,
    )
    .await;
    assert_eq!(answer["error"], STALE_DRAFT);
    // Blank content and oversized content are refused.
    for (content, message) in [
        ("<p> </p><script>x</script>".to_owned(), "Content is required"),
        ("x".repeat(100_001), "Content must be at most 100000 characters."),
    ] {
        let body = json!({"content": content, "revision": 1});
        refused(call(&app, &command, Method::PUT, &draft_path, Some(&body)).await, 400, message)
            .await;
    }

    let published = json(
        call(&app, &command, Method::POST, &publish, Some(&json!({"revision": 1}))).await,
        200,
    )
    .await;
    assert_eq!(published["publishedVersion"], 2);
    assert_eq!(published["unpublished"], false);
    assert_eq!(published["publishedBy"], saved["updatedBy"]);
    assert_eq!(read(&app, &deputy).await, cleaned);
    refused(
        call(&app, &command, Method::POST, &publish, Some(&json!({"revision": 1}))).await,
        400,
        "The draft is the same as the published version.",
    )
    .await;

    // The history: every version with its author and time, newest first, and a word diff.
    let history = get(&app, &command, &format!("/api/sops/{id}/versions"), BCSO).await;
    let versions = history["versions"].as_array().unwrap();
    assert_eq!(history["title"], "Patrol basics");
    assert_eq!(versions.iter().map(|v| v["version"].as_i64().unwrap()).collect::<Vec<_>>(), [2, 1]);
    assert_eq!(versions[0]["author"], saved["updatedBy"]);
    assert!(versions[1]["author"].as_str().is_some_and(|a| !a.is_empty()));
    assert!(versions.iter().all(|v| v["publishedAt"].is_string()));
    let second = get(&app, &command, &format!("/api/sops/{id}/versions/2"), BCSO).await;
    assert_eq!(second["previous"], 1);
    assert_eq!(second["content"], cleaned);
    let changes: Vec<(String, String)> = second["diff"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["change"].as_str().unwrap().into(), p["text"].as_str().unwrap().into()))
        .collect();
    assert_eq!(changes[0], ("removed".into(), "Patrol basics content".into()));
    assert!(
        changes.contains(&("added".into(), "Stops\nApproach slowly.\nx".into())),
        "{changes:?}"
    );
    let first = get(&app, &command, &format!("/api/sops/{id}/versions/1"), BCSO).await;
    assert_eq!(first["previous"], Value::Null);
    assert_eq!(first["diff"], json!([{"change": "added", "text": "Patrol basics content"}]));
    refused(
        call(&app, &command, Method::GET, &format!("/api/sops/{id}/versions/9"), None).await,
        404,
        "Version not found",
    )
    .await;

    // Restore makes version 1 the draft again; readers see it once it is published.
    let restore = format!("/api/sops/{id}/versions/1/restore");
    let stale = json!({"revision": 0});
    let answer = json(call(&app, &command, Method::POST, &restore, Some(&stale)).await, 409).await;
    assert_eq!(answer["error"], STALE_DRAFT);
    let restored = json(
        call(&app, &command, Method::POST, &restore, Some(&json!({"revision": 1}))).await,
        200,
    )
    .await;
    assert_eq!(restored["content"], "Patrol basics content");
    assert_eq!(
        (restored["revision"].clone(), restored["unpublished"].clone()),
        (json!(2), json!(true))
    );
    assert_eq!(read(&app, &deputy).await, cleaned, "not published yet");
    // The draft's saves and its restore are in the audit log, with what the draft held.
    let high_command = app.as_persona(BCSO, Persona::HighCommand).await;
    let log = get(&app, &high_command, "/api/audit?kind=document_draft", BCSO).await;
    let rows = log["items"].as_array().unwrap();
    let actions: Vec<&str> = rows.iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions.first(), Some(&"restored version 1"), "{log}");
    assert!(actions.contains(&"updated"), "{log}");
    assert!(rows.iter().all(|r| r["subjectId"] == json!(id)), "{log}");
    assert!(rows[0].to_string().contains("Patrol basics content"), "{}", rows[0]);
    refused(
        call(
            &app,
            &command,
            Method::POST,
            &format!("/api/sops/{id}/versions/9/restore"),
            Some(&json!({"revision": 2})),
        )
        .await,
        404,
        "Version not found",
    )
    .await;
    let published = json(
        call(&app, &command, Method::POST, &publish, Some(&json!({"revision": 2}))).await,
        200,
    )
    .await;
    assert_eq!(published["publishedVersion"], 3);
    assert_eq!(read(&app, &deputy).await, "Patrol basics content");

    // A list save that changes the content publishes it as a version too, cleaned.
    let mut list = get(&app, &command, MANAGE, BCSO).await;
    list["documents"][0]["content"] = json!("<p>Listed<img src=x onerror=alert(1)></p>");
    let body = json!({"documents": list["documents"], "version": list["version"]});
    let saved = json(call(&app, &command, Method::PUT, MANAGE, Some(&body)).await, 200).await;
    assert_eq!(saved["documents"][0]["content"], "<p>Listed<img></p>");
    assert_eq!(saved["drafts"][0], json!({"id": id, "publishedVersion": 4, "unpublished": false}));
    let draft = get(&app, &command, &draft_path, BCSO).await;
    assert_eq!(draft["content"], "<p>Listed<img></p>", "a draft with nothing unpublished follows");
}

#[tokio::test]
async fn only_document_managers_reach_drafts_within_their_level_and_agency() {
    let app = app().await;
    let (id, secret) = two_documents(&app, BCSO).await;
    let revision = json!({"revision": 0});
    let content = json!({"content": "<p>x</p>", "revision": 0});
    let routes = |id: &str| {
        [
            (Method::GET, format!("/api/sops/{id}/draft"), None),
            (Method::PUT, format!("/api/sops/{id}/draft"), Some(content.clone())),
            (Method::POST, format!("/api/sops/{id}/publish"), Some(revision.clone())),
            (Method::GET, format!("/api/sops/{id}/versions"), None),
            (Method::GET, format!("/api/sops/{id}/versions/1"), None),
            (Method::POST, format!("/api/sops/{id}/versions/1/restore"), Some(revision.clone())),
        ]
    };
    // Members without document management, a deputy among them, and visitors.
    for persona in [Persona::Deputy, Persona::Supervisor] {
        let member = app.as_persona(BCSO, persona).await;
        for (method, path, body) in routes(&id) {
            let response = call(&app, &member, method.clone(), &path, body.as_ref()).await;
            refused(response, 403, NO_PERMISSION).await;
        }
    }
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    for (method, path, body) in routes(&id) {
        refused(call(&app, &visitor, method, &path, body.as_ref()).await, 401, SIGN_IN_REQUIRED)
            .await;
    }
    // Command does not reach High Command's document: reading it answers as a missing one,
    // changing it is refused with a sentence.
    let command = app.as_persona(BCSO, Persona::Command).await;
    for (method, path, body) in routes(&secret) {
        let write = method != Method::GET;
        let response = call(&app, &command, method, &path, body.as_ref()).await;
        if write {
            refused(response, 403, ABOVE_LEVEL).await;
        } else {
            refused(response, 404, "Document not found").await;
        }
    }
    for (method, path, body) in routes("doc-missing") {
        refused(
            call(&app, &command, method, &path, body.as_ref()).await,
            404,
            "Document not found",
        )
        .await;
    }
    // Another agency's manager: refused in this agency, and this agency's document is not
    // found in theirs, even by id.
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    for (method, path, body) in routes(&id) {
        let response = send(&app, &lspd, method.clone(), &path, BCSO, body.as_ref()).await;
        refused(response, 403, NO_PERMISSION).await;
        let response = send(&app, &lspd, method, &path, LSPD, body.as_ref()).await;
        refused(response, 404, "Document not found").await;
    }
    // Nothing changed: version 1, no draft saved.
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    for id in [&id, &secret] {
        let draft = get(&app, &hc, &format!("/api/sops/{id}/draft"), BCSO).await;
        assert_eq!(
            (draft["revision"].clone(), draft["publishedVersion"].clone()),
            (json!(0), json!(1))
        );
    }
}

/// The tenant migrations before `version`, in a temporary folder.
async fn migrations_before(version: i64) -> (Migrator, tempfile::TempDir) {
    let dir = tempfile::TempDir::new().unwrap();
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenant-migrations");
    for entry in std::fs::read_dir(source).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name().into_string().unwrap();
        if name[..4].parse::<i64>().unwrap() < version {
            std::fs::copy(entry.path(), dir.path().join(&name)).unwrap();
        }
    }
    let mut migrator = Migrator::new(dir.path()).await.unwrap();
    migrator.set_locking(false);
    (migrator, dir)
}

#[tokio::test]
async fn older_plain_text_documents_become_paragraphs_and_published_version_one() {
    let app = TestApp::builder().build().await;
    let (old, _dir) = migrations_before(19).await;
    let provisioner = Provisioner { migrator: Arc::new(old), ..app.state.provisioner.clone() };
    let new = portal::tenancy::provision::NewAgency {
        slug: "oldpd".into(),
        name: "Old PD".into(),
        ..Default::default()
    };
    let agency = provisioner.provision(new).await.unwrap();
    app.state.registry.invalidate().await;
    // Documents as the portal kept them before migration 0019: plain text.
    let texts = [
        "1. Purpose\nUse only <reasonable> force & report it.\n\n\n2. \"Review\"\r\nA supervisor signs.\n",
        "One line",
        "  \n\n",
    ];
    let items: Vec<Value> = texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            json!({"id": format!("doc-{i}"), "title": format!("Doc {i}"), "type": "sop",
                   "minLevel": "deputy", "summary": "", "content": text,
                   "createdAt": "2026-01-02T03:04:05Z", "updatedAt": format!("2026-01-0{}T10:00:00Z", i + 1)})
        })
        .collect();
    let db = app.state.pools.get(&agency).await.unwrap();
    sqlx::query(
        "INSERT INTO whole_lists (name, items, version, updated_at, updated_by)
         VALUES ('documents', $1, 4, now(), 'Chief Old')",
    )
    .bind(sqlx::types::Json(&items))
    .execute(&*db)
    .await
    .unwrap();
    drop(db);

    let outcomes = migrate::migrate_tenants(
        &app.state.control,
        &app.state.control_options,
        &app.state.provisioner.migrator,
        1,
    )
    .await
    .unwrap();
    assert!(outcomes.iter().all(|o| o.result.is_ok()), "{outcomes:?}");

    let db = agency_db(&app, "oldpd").await;
    let (stored,): (sqlx::types::Json<Vec<Value>>,) =
        sqlx::query_as("SELECT items FROM whole_lists WHERE name = 'documents'")
            .fetch_one(&*db)
            .await
            .unwrap();
    let contents: Vec<&str> = stored.0.iter().map(|d| d["content"].as_str().unwrap()).collect();
    assert_eq!(
        contents[0],
        "<p>1. Purpose<br>Use only &lt;reasonable&gt; force &amp; report it.</p>\
         <p>2. \"Review\"<br>A supervisor signs.</p>"
    );
    // As the cleaner writes it: a later list save leaves it alone (no version of its own).
    assert_eq!(portal::features::sops::content::sanitise(contents[0]), contents[0]);
    for (i, text) in texts.iter().enumerate() {
        assert_eq!(contents[i], paragraphs(text), "the SQL and the Rust conversion agree");
    }
    assert_eq!(contents[1], "<p>One line</p>");
    assert_eq!(stored.0[1]["title"], "Doc 1", "the rest of the document is kept");
    let versions: Vec<(String, i32, String, String, chrono::DateTime<chrono::Utc>)> =
        sqlx::query_as(
            "SELECT document_id, version, content, author, published_at FROM document_versions
             ORDER BY document_id",
        )
        .fetch_all(&*db)
        .await
        .unwrap();
    assert_eq!(versions.len(), 3);
    for (i, (id, version, content, author, at)) in versions.iter().enumerate() {
        assert_eq!(
            (id.as_str(), *version, content.as_str()),
            (format!("doc-{i}").as_str(), 1, contents[i])
        );
        assert_eq!(author, "Chief Old");
        assert_eq!(at.to_rfc3339(), format!("2026-01-0{}T10:00:00+00:00", i + 1));
    }
}
