//! SOPs and presentations: a document above the viewer's level never appears in any answer;
//! saves are whole lists checked as command-and-reports §5 says, keep what the saver cannot
//! see, and are refused to members, visitors and other agencies; the document-editor
//! configuration verifies with the configured secret.

use jsonwebtoken::{decode, Algorithm, DecodingKey, Validation};
use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    fixtures::tiny_png,
    helpers::{json, post_multipart, send, Persona, TestApp},
    support::{app, form, get, refused, BCSO, LSPD, NO_PERMISSION, SIGN_IN_REQUIRED},
};

const MANAGE: &str = "/api/sops?scope=manage";
const SECRET: &str = "editor-secret-for-tests-only";

fn doc(title: &str, min: &str) -> Value {
    json!({"title": title, "type": "sop", "minLevel": min, "summary": format!("{title} summary"),
           "content": format!("{title} content")})
}

/// One document per level, saved by High Command.
async fn publish_all(app: &TestApp, agency: &str) -> Client {
    let hc = app.as_persona(agency, Persona::HighCommand).await;
    let current = get(app, &hc, MANAGE, agency).await;
    let body = json!({"documents": [
        doc("Patrol basics", "deputy"), doc("Supervisor notes", "supervisor"),
        doc("Command plans", "command"), doc("Internal affairs", "high_command")],
        "version": current["version"]});
    json(put(app, &hc, agency, &body).await, 200).await;
    hc
}

async fn put(app: &TestApp, client: &Client, agency: &str, body: &Value) -> reqwest::Response {
    send(app, client, Method::PUT, MANAGE, agency, Some(body)).await
}

async fn raw(app: &TestApp, client: &Client, path: &str, agency: &str) -> String {
    let response = send(app, client, Method::GET, path, agency, None).await;
    assert_eq!(response.status(), 200);
    response.text().await.unwrap()
}

fn titles(list: &Value) -> Vec<String> {
    list["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["title"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn each_level_reads_only_the_documents_it_reaches() {
    let app = app().await;
    publish_all(&app, BCSO).await;
    let expected: [(Persona, &[&str]); 4] = [
        (Persona::Deputy, &["Patrol basics"]),
        (Persona::Supervisor, &["Patrol basics", "Supervisor notes"]),
        (Persona::Command, &["Patrol basics", "Supervisor notes", "Command plans"]),
        (
            Persona::HighCommand,
            &["Patrol basics", "Supervisor notes", "Command plans", "Internal affairs"],
        ),
    ];
    let above = ["Supervisor", "Command plans", "Internal affairs"];
    for (persona, reached) in expected {
        let client = app.as_persona(BCSO, persona).await;
        let body = raw(&app, &client, "/api/sops", BCSO).await;
        let list: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(titles(&list), reached, "{persona:?}");
        assert_eq!(list["viewer"], json!({"isAuthenticated": true, "level": persona.level()}));
        // Neither title, summary nor content of a higher document is in the body.
        for word in &above[reached.len() - 1..] {
            assert!(!body.contains(word), "{persona:?} received '{word}': {body}");
        }
    }
    // The manage view of Command holds no High Command document either.
    let command = app.as_persona(BCSO, Persona::Command).await;
    assert!(!raw(&app, &command, MANAGE, BCSO).await.contains("Internal affairs"));

    // Signed-out visitors: asked to sign in while the page is the deputies'; once it is
    // public, they read the documents of the lowest level only.
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(
        send(&app, &visitor, Method::GET, "/api/sops", BCSO, None).await,
        401,
        SIGN_IN_REQUIRED,
    )
    .await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let change = json!({"items": {"sops": {"public": true, "levels": [], "roles": []}}});
    json(send(&app, &hc, Method::PUT, "/api/nav-permissions", BCSO, Some(&change)).await, 200)
        .await;
    let body = raw(&app, &visitor, "/api/sops", BCSO).await;
    let list: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(titles(&list), ["Patrol basics"]);
    assert_eq!(list["viewer"], json!({"isAuthenticated": false, "level": null}));
    assert!(!body.contains("Supervisor notes"));
}

#[tokio::test]
async fn saves_are_checked_and_keep_what_the_saver_cannot_see() {
    let app = app().await;
    let hc = publish_all(&app, BCSO).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let mine = get(&app, &command, MANAGE, BCSO).await;
    assert_eq!(
        mine["integration"],
        json!({"enabled": false, "serverUrl": null, "callbackUrl": null})
    );
    let version = mine["version"].clone();
    let mut documents = mine["documents"].as_array().unwrap().clone();
    let kept_date = documents[1]["updatedAt"].clone();
    documents[0]["content"] = json!("  Patrol basics, revised  ");
    documents.remove(2); // Command plans
    documents.push(
        json!({"title": " Briefing ", "type": "Presentation", "minLevel": "", "content": "Slides"}),
    );
    let saved = json(
        put(&app, &command, BCSO, &json!({"documents": documents, "version": version})).await,
        200,
    )
    .await;
    assert_eq!(titles(&saved), ["Patrol basics", "Supervisor notes", "Briefing"]);
    assert_eq!(saved["documents"][0]["content"], "Patrol basics, revised");
    assert_ne!(saved["documents"][0]["updatedAt"], saved["documents"][0]["createdAt"]);
    assert_eq!(
        saved["documents"][1]["updatedAt"], kept_date,
        "unchanged documents keep their date"
    );
    assert_eq!(saved["documents"][2]["type"], "presentation");
    assert_eq!(saved["documents"][2]["minLevel"], "deputy", "the default minimum level");
    // High Command's document, which Command never saw, is still there.
    let all = get(&app, &hc, MANAGE, BCSO).await;
    assert_eq!(titles(&all), ["Patrol basics", "Supervisor notes", "Briefing", "Internal affairs"]);

    let version = all["version"].clone();
    let cases = [
        (json!({"title": " ", "content": "x"}), "Title is required"),
        (json!({"title": "x", "content": " \n "}), "Content is required"),
        (
            json!({"title": "x", "content": "y", "type": "memo"}),
            "Document type must be sop or presentation.",
        ),
        (
            json!({"title": "x", "content": "y", "minLevel": "chief"}),
            "'chief' is not one of this agency's levels.",
        ),
        (
            json!({"title": "x", "content": "y", "minLevel": "high_command"}),
            "You can only publish documents for your own level or below.",
        ),
    ];
    for (document, message) in cases {
        let body = json!({"documents": [document], "version": version});
        refused(put(&app, &command, BCSO, &body).await, 400, message).await;
    }
    // A stale save is refused with the current list, as far as the saver may see it.
    let stale = json!({"documents": [], "version": 1});
    let answer = json(put(&app, &command, BCSO, &stale).await, 409).await;
    assert_eq!(
        answer["error"],
        "Someone else saved this list since you opened it. Review their changes and save again."
    );
    assert_eq!(titles(&answer["current"]), ["Patrol basics", "Supervisor notes", "Briefing"]);
    assert!(!answer.to_string().contains("Internal affairs"));
}

#[tokio::test]
async fn only_managers_save_and_agencies_keep_their_own_documents() {
    let app = app().await;
    publish_all(&app, BCSO).await;
    let body = json!({"documents": [], "version": 1});
    for persona in [Persona::Deputy, Persona::Supervisor] {
        let member = app.as_persona(BCSO, persona).await;
        refused(put(&app, &member, BCSO, &body).await, 403, NO_PERMISSION).await;
        refused(send(&app, &member, Method::GET, MANAGE, BCSO, None).await, 403, NO_PERMISSION)
            .await;
    }
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(put(&app, &visitor, BCSO, &body).await, 401, SIGN_IN_REQUIRED).await;

    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    assert_eq!(get(&app, &lspd, MANAGE, LSPD).await["documents"], json!([]));
    refused(send(&app, &lspd, Method::GET, MANAGE, BCSO, None).await, 403, NO_PERMISSION).await;
    refused(put(&app, &lspd, BCSO, &body).await, 403, NO_PERMISSION).await;
    let theirs = json!({"documents": [doc("LSPD only", "deputy")], "version": 0});
    json(put(&app, &lspd, LSPD, &theirs).await, 200).await;
    let bcso = app.as_persona(BCSO, Persona::HighCommand).await;
    assert_eq!(get(&app, &bcso, MANAGE, BCSO).await["documents"].as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn without_settings_the_editor_is_reported_not_configured() {
    let app = app().await;
    publish_all(&app, BCSO).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let id =
        get(&app, &command, MANAGE, BCSO).await["documents"][0]["id"].as_str().unwrap().to_owned();
    let path = format!("/api/sops/{id}/onlyoffice");
    let answer = json(send(&app, &command, Method::POST, &path, BCSO, None).await, 200).await;
    assert_eq!(
        answer,
        json!({"enabled": false, "serverUrl": null, "config": null,
               "message": "The document editor is not configured: set ONLYOFFICE_URL and ONLYOFFICE_JWT_SECRET on the server to enable it."})
    );
}

#[tokio::test]
async fn the_editor_configuration_verifies_with_the_configured_secret() {
    let app = TestApp::builder()
        .agency(BCSO, "Blaine County Sheriff's Office")
        .env("ONLYOFFICE_URL", "https://docs.example.org/")
        .env("ONLYOFFICE_JWT_SECRET", SECRET)
        .build()
        .await;
    publish_all(&app, BCSO).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let list = get(&app, &command, MANAGE, BCSO).await;
    assert_eq!(list["integration"]["enabled"], true);
    assert_eq!(list["integration"]["serverUrl"], "https://docs.example.org/");
    let id = list["documents"][0]["id"].as_str().unwrap().to_owned();
    let answer = json(
        send(&app, &command, Method::POST, &format!("/api/sops/{id}/onlyoffice"), BCSO, None).await,
        200,
    )
    .await;
    assert_eq!(answer["enabled"], true);
    assert_eq!(answer["message"], Value::Null);
    let config = answer["config"].clone();
    let token = config["token"].as_str().unwrap();
    let mut validation = Validation::new(Algorithm::HS256);
    validation.required_spec_claims.clear();
    validation.validate_exp = false;
    let signed = decode::<Value>(token, &DecodingKey::from_secret(SECRET.as_bytes()), &validation)
        .unwrap()
        .claims;
    let mut unsigned = config.clone();
    unsigned.as_object_mut().unwrap().remove("token");
    assert_eq!(signed, unsigned, "the token signs the configuration itself");
    assert!(decode::<Value>(token, &DecodingKey::from_secret(b"some-other-secret-x"), &validation)
        .is_err());
    assert_eq!(config["editorConfig"]["mode"], "view");
    assert_eq!(config["document"]["title"], "Patrol basics.txt");

    // The editor fetches the text with the link's token, without a session.
    let url = url::Url::parse(config["document"]["url"].as_str().unwrap()).unwrap();
    let anonymous = app.browser();
    let path = format!("{}?{}", url.path(), url.query().unwrap());
    let text = anonymous.get(app.url(&path)).send().await.unwrap();
    assert_eq!(text.status(), 200);
    assert!(text.text().await.unwrap().contains("Patrol basics content"));
    let forged = format!("{}?agency={BCSO}&token=not-a-token", url.path());
    refused(
        anonymous.get(app.url(&forged)).send().await.unwrap(),
        403,
        "This document link is invalid or has expired.",
    )
    .await;
    // The link opens that document only, and only as it was: another document's path or a
    // change to this one makes it worthless.
    let other = list["documents"][1]["id"].as_str().unwrap();
    let elsewhere = path.replacen(&format!("/api/sops/{id}/"), &format!("/api/sops/{other}/"), 1);
    let response = anonymous.get(app.url(&elsewhere)).send().await.unwrap();
    refused(response, 403, "This document link is invalid or has expired.").await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let mut current = get(&app, &hc, MANAGE, BCSO).await;
    current["documents"][0]["content"] = json!("Patrol basics, revised");
    let body = json!({"documents": current["documents"], "version": current["version"]});
    json(put(&app, &hc, BCSO, &body).await, 200).await;
    let stale = anonymous.get(app.url(&path)).send().await.unwrap();
    refused(stale, 403, "This document link is invalid or has expired.").await;

    // A document above the opener's level is as absent as a missing one; members without
    // document management may not ask.
    let hidden = get(&app, &app.as_persona(BCSO, Persona::HighCommand).await, MANAGE, BCSO).await
        ["documents"][3]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let path = format!("/api/sops/{hidden}/onlyoffice");
    refused(send(&app, &command, Method::POST, &path, BCSO, None).await, 404, "Document not found")
        .await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let path = format!("/api/sops/{id}/onlyoffice");
    refused(send(&app, &deputy, Method::POST, &path, BCSO, None).await, 403, NO_PERMISSION).await;
}

async fn upload_picture(
    app: &TestApp,
    client: &Client,
    agency: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let picture = form("file", bytes, "picture.png", "image/png");
    post_multipart(app, client, "/api/uploads/sop-image", agency, picture).await
}

#[tokio::test]
async fn managers_upload_pictures_for_documents_and_no_one_else_does() {
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let answer = json(upload_picture(&app, &hc, BCSO, tiny_png(4)).await, 200).await;
    let url = answer["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/sops/bcso/") && url.ends_with(".png"), "{url}");
    let served = hc.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");

    // The address is one the content keeps: a document showing the picture saves with it.
    let current = get(&app, &hc, MANAGE, BCSO).await;
    let mut pictured = doc("Pictured", "deputy");
    pictured["content"] = json!(format!("<p>Before</p><img src=\"{url}\" alt=\"Map\">"));
    let body = json!({"documents": [pictured], "version": current["version"]});
    let saved = json(put(&app, &hc, BCSO, &body).await, 200).await;
    let content = saved["documents"][0]["content"].as_str().unwrap();
    assert!(content.contains(&format!("src=\"{url}\"")), "{content}");

    refused(
        upload_picture(&app, &hc, BCSO, b"GIF89a".to_vec()).await,
        415,
        "Only PNG, JPEG or WebP images are allowed",
    )
    .await;
    let big = [tiny_png(1), vec![0u8; 2 * 1024 * 1024]].concat();
    refused(upload_picture(&app, &hc, BCSO, big).await, 413, "File too large (max 2MB)").await;
    // A deputy, a signed-out visitor, and another agency's High Command on this agency's host.
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    refused(upload_picture(&app, &deputy, BCSO, tiny_png(2)).await, 403, NO_PERMISSION).await;
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(upload_picture(&app, &visitor, BCSO, tiny_png(2)).await, 401, SIGN_IN_REQUIRED).await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    refused(upload_picture(&app, &lspd, BCSO, tiny_png(2)).await, 403, NO_PERMISSION).await;

    // High Command on leave keeps reading but uploads nothing.
    let mut admin = app.admin().await;
    let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
    sqlx::query(&format!("UPDATE {schema}.roster SET status = 'LOA' WHERE discord_id = $1"))
        .bind(Persona::HighCommand.discord_id(BCSO))
        .execute(&mut admin)
        .await
        .unwrap();
    refused(
        upload_picture(&app, &hc, BCSO, tiny_png(3)).await,
        403,
        "Members on leave of absence (LOA) can view the portal but cannot change anything.",
    )
    .await;
}
