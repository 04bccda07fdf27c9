//! Agency administration: creating agencies, hiding them, branding and media uploads
//! (command-and-reports §2 "Agency branding", "Agencies admin", §4, §5, §6, §7, §8).

use std::path::Path;

use reqwest::{multipart, Client, Method};
use serde_json::{json, Value};

use crate::{
    access::{
        error, file_form, permissions, upload, AGENCIES_REFUSAL, BRANDING_REFUSAL, ROOT, ROOT_ONLY,
        SIGN_IN_REQUIRED,
    },
    fixtures::{padded_png, same_image, tiny_jpeg, tiny_png, tiny_webp},
    helpers::{json, send, spawn_app, TestApp},
};

const DEPUTY: &str = "200000000000000001";
const ROOT_HC: &str = "200000000000000002";
const BCSO_HC: &str = "200000000000000003";
const NEW_OWNER: &str = "200000000000000004";

/// rawlife with a deputy and High Command; bcso (created directly, no agency management)
/// with its own High Command.
async fn two_agencies() -> TestApp {
    let app = spawn_app().await;
    app.create_agency("bcso", "Blaine County Sheriff's Office").await;
    app.add_member(ROOT, DEPUTY, "Dale Deputy", "deputy").await;
    app.add_member(ROOT, ROOT_HC, "Rosa Root", "high_command").await;
    app.add_member("bcso", BCSO_HC, "Bo Blaine", "high_command").await;
    app
}

async fn slugs(app: &TestApp, client: &Client, query: &str) -> Vec<String> {
    let body = json(
        send(app, client, Method::GET, &format!("/api/agencies{query}"), ROOT, None).await,
        200,
    )
    .await;
    body["agencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["slug"].as_str().unwrap().to_owned())
        .collect()
}

async fn config(app: &TestApp, slug: &str) -> Value {
    json(app.get(&format!("/api/agencies/{slug}/config")).await, 200).await
}

async fn patch(
    app: &TestApp,
    client: &Client,
    agency: &str,
    slug: &str,
    body: Value,
) -> reqwest::Response {
    send(app, client, Method::PATCH, &format!("/api/agencies/{slug}"), agency, Some(&body)).await
}

// ---------------------------------------------------------------------------------------
// 8. Create

#[tokio::test]
async fn root_high_command_creates_agencies_that_are_served_at_once() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let create = |body: Value| {
        let hc = hc.clone();
        let app = &app;
        async move { send(app, &hc, Method::POST, "/api/agencies", ROOT, Some(&body)).await }
    };

    let nameless = create(json!({"name": "   ", "slug": "nameless"})).await;
    assert_eq!(json(nameless, 400).await, error("Agency name is required."));
    let nameless = create(json!({"slug": "nameless"})).await;
    assert_eq!(json(nameless, 400).await, error("Agency name is required."));

    let lspd = create(json!({"name": " Los Santos Police ", "slug": "LSPD", "shortName": "LSPD",
                             "description": "Serving Los Santos"}))
    .await;
    let lspd = json(lspd, 201).await;
    assert_eq!(lspd["slug"], "lspd");
    assert_eq!(lspd["name"], "Los Santos Police");
    assert_eq!(lspd["shortName"], "LSPD");
    assert_eq!(
        lspd["flags"],
        json!({
            "hidden": false,
            "levels": [{"id": "deputy", "label": "Deputy"}, {"id": "supervisor", "label": "Supervisor"},
                       {"id": "command", "label": "Command"}, {"id": "high_command", "label": "High Command"}],
            "enableAgencyManagement": true,
            "disableCallsigns": false,
            "disableSubDepartments": false,
            "rosterManageLevels": ["command", "high_command"]
        })
    );

    let duplicate = create(json!({"name": "Another", "slug": "lspd"})).await;
    assert_eq!(json(duplicate, 409).await, error("An agency with the slug 'lspd' already exists."));
    let duplicate = create(json!({"name": "Shouting", "slug": "LSPD"})).await;
    assert_eq!(json(duplicate, 409).await, error("An agency with the slug 'lspd' already exists."));
    // `POST /api/agencies/import` stands beside `/api/agencies/{slug}`: no agency may be "import".
    let reserved = create(json!({"name": "Import"})).await;
    assert_eq!(
        json(reserved, 400).await,
        error("The slug 'import' is used by the portal itself; choose another.")
    );

    // No slug: one is made from the name. Custom levels and an owner.
    let sast = create(json!({
        "name": "San Andreas State Troopers",
        "flags": {"levels": [{"id": "trooper", "label": "Trooper"}, {"id": "sergeant", "label": "Sergeant"},
                             {"id": "colonel", "label": "Colonel"}],
                  "enableAgencyManagement": false, "disableCallsigns": true},
        "owner": {"discordId": NEW_OWNER, "name": "Cora Colonel"}
    }))
    .await;
    let sast = json(sast, 201).await;
    let slug = "san-andreas-state-troopers";
    assert_eq!(sast["slug"], slug);
    let levels = json!([{"id": "trooper", "label": "Trooper"}, {"id": "sergeant", "label": "Sergeant"},
                        {"id": "colonel", "label": "Colonel"}]);
    assert_eq!(sast["flags"]["levels"], levels);
    assert_eq!(sast["flags"]["enableAgencyManagement"], false);
    assert_eq!(sast["flags"]["disableCallsigns"], true);

    // Listed and served straight away.
    assert_eq!(slugs(&app, &app.browser(), "").await, ["rawlife", "bcso", "lspd", slug]);
    let lspd_config = config(&app, "lspd").await;
    assert_eq!(lspd_config["name"], "Los Santos Police");
    assert_eq!(lspd_config["description"], "Serving Los Santos");
    let sast_config = config(&app, slug).await;
    assert_eq!(sast_config["levels"], levels);
    let current = json(app.get(&format!("/api/agency?agency={slug}")).await, 200).await;
    assert_eq!(current["name"], "San Andreas State Troopers");

    // The owner is High Command of the new agency, at its top level, and nothing in rawlife.
    app.ensure_account(NEW_OWNER, "Cora Colonel");
    let owner = app.signed_in(NEW_OWNER).await;
    let there = permissions(&app, &owner, slug).await;
    assert_eq!(there["viewer"]["isHighCommand"], true);
    assert_eq!(there["viewer"]["level"], "colonel");
    assert_eq!(there["viewer"]["roster"]["name"], "Cora Colonel");
    assert_eq!(
        there["metadata"]["levelOrder"],
        json!(["trooper", "sergeant", "colonel", "no_level"])
    );
    let home = permissions(&app, &owner, ROOT).await;
    assert_eq!(home["viewer"]["isHighCommand"], false);
    assert_eq!(home["viewer"]["level"], Value::Null);
    let body = json!({"name": "X"});
    let refused = send(&app, &owner, Method::POST, "/api/agencies", ROOT, Some(&body));
    assert_eq!(json(refused.await, 403).await, error(AGENCIES_REFUSAL));
}

#[tokio::test]
async fn only_root_high_command_creates_agencies() {
    let app = two_agencies().await;
    let body = json!({"name": "Paleto Bay PD", "slug": "paleto"});
    let visitor = app.browser();
    let anonymous = send(&app, &visitor, Method::POST, "/api/agencies", ROOT, Some(&body));
    assert_eq!(json(anonymous.await, 401).await, error(SIGN_IN_REQUIRED));
    let deputy = app.signed_in(DEPUTY).await;
    let refused = send(&app, &deputy, Method::POST, "/api/agencies", ROOT, Some(&body));
    assert_eq!(json(refused.await, 403).await, error(AGENCIES_REFUSAL));
    let bcso_hc = app.signed_in(BCSO_HC).await;
    let refused = send(&app, &bcso_hc, Method::POST, "/api/agencies", "bcso", Some(&body));
    assert_eq!(json(refused.await, 403).await, error(ROOT_ONLY));
    let refused = send(&app, &bcso_hc, Method::POST, "/api/agencies", ROOT, Some(&body));
    assert_eq!(json(refused.await, 403).await, error(AGENCIES_REFUSAL));
    assert_eq!(slugs(&app, &app.browser(), "").await, ["rawlife", "bcso"]);
}

// ---------------------------------------------------------------------------------------
// 9. Visibility

#[tokio::test]
async fn root_high_command_hides_and_unhides_agencies_but_never_the_root() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let bcso_hc = app.signed_in(BCSO_HC).await;
    let anonymous = app.browser();

    let hidden =
        json(patch(&app, &hc, ROOT, "bcso", json!({"flags": {"hidden": true}})).await, 200).await;
    assert_eq!(hidden["slug"], "bcso");
    assert_eq!(hidden["flags"]["hidden"], true);
    assert_eq!(slugs(&app, &anonymous, "").await, ["rawlife"]);
    assert_eq!(slugs(&app, &hc, "").await, ["rawlife"]);
    assert_eq!(slugs(&app, &hc, "?includeHidden=1").await, ["rawlife", "bcso"]);
    // A hidden agency is still served to those who open it directly.
    assert_eq!(config(&app, "bcso").await["flags"]["hidden"], true);
    let anonymous_all =
        send(&app, &anonymous, Method::GET, "/api/agencies?includeHidden=1", ROOT, None);
    assert_eq!(json(anonymous_all.await, 401).await, error(SIGN_IN_REQUIRED));
    let bcso_all = send(&app, &bcso_hc, Method::GET, "/api/agencies?includeHidden=1", "bcso", None);
    assert_eq!(json(bcso_all.await, 403).await, error(ROOT_ONLY));

    let shown =
        json(patch(&app, &hc, ROOT, "bcso", json!({"flags": {"hidden": false}})).await, 200).await;
    assert_eq!(shown["flags"]["hidden"], false);
    assert_eq!(slugs(&app, &anonymous, "").await, ["rawlife", "bcso"]);

    let root = patch(&app, &hc, ROOT, "rawlife", json!({"flags": {"hidden": true}})).await;
    assert_eq!(json(root, 400).await, error("The root agency cannot be hidden."));
    assert_eq!(config(&app, ROOT).await["flags"]["hidden"], false);

    // bcso's own High Command cannot hide it, from bcso or from rawlife.
    let own = patch(&app, &bcso_hc, "bcso", "bcso", json!({"flags": {"hidden": true}})).await;
    assert_eq!(json(own, 403).await, error(ROOT_ONLY));
    let via_root = patch(&app, &bcso_hc, ROOT, "bcso", json!({"flags": {"hidden": true}})).await;
    assert_eq!(json(via_root, 403).await, error(AGENCIES_REFUSAL));
    let deputy = app.signed_in(DEPUTY).await;
    let by_deputy = patch(&app, &deputy, ROOT, "bcso", json!({"flags": {"hidden": true}})).await;
    assert_eq!(json(by_deputy, 403).await, error(AGENCIES_REFUSAL));
    assert_eq!(slugs(&app, &anonymous, "").await, ["rawlife", "bcso"]);

    let unknown = patch(&app, &hc, ROOT, "nope", json!({"flags": {"hidden": true}})).await;
    assert_eq!(json(unknown, 404).await, error("Unknown agency 'nope'"));
}

// ---------------------------------------------------------------------------------------
// 10. Branding

#[tokio::test]
async fn branding_is_normalised_validated_and_reset() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;

    let saved = patch(
        &app,
        &hc,
        ROOT,
        ROOT,
        json!({"description": "  Serving the city  ",
               "theme": {"primaryColor": "#ABC", "surface": "123456", "background": "#0B0B0B80",
                         "heroTitle": "  Welcome  "}}),
    )
    .await;
    let saved = json(saved, 200).await;
    assert_eq!(saved["description"], "Serving the city");
    assert_eq!(saved["theme"]["primaryColor"], "#aabbcc");
    assert_eq!(saved["theme"]["accentColor"], "#aabbcc", "accent follows primary");
    assert_eq!(saved["theme"]["surface"], "#123456");
    assert_eq!(saved["theme"]["background"], "#0b0b0b80");
    assert_eq!(saved["theme"]["heroTitle"], "Welcome");
    let served = config(&app, ROOT).await;
    assert_eq!(served["theme"], saved["theme"]);
    assert_eq!(served["description"], "Serving the city");

    // null resets one key to its default; the others stay.
    let reset =
        patch(&app, &hc, ROOT, ROOT, json!({"theme": {"primaryColor": null, "heroTitle": null}}));
    json(reset.await, 200).await;
    let served = config(&app, ROOT).await;
    assert_eq!(served["theme"]["primaryColor"], "#f4c20e");
    assert_eq!(served["theme"]["accentColor"], "#f4c20e");
    assert_eq!(served["theme"]["surface"], "#123456");
    assert_eq!(served["theme"]["heroTitle"], Value::Null);

    let bad = [
        (
            json!({"theme": {"textColor": "white"}}),
            "'white' is not a colour for textColor: use 3, 6 or 8 hex digits.",
        ),
        (
            json!({"theme": {"primaryColor": "#12345"}}),
            "'#12345' is not a colour for primaryColor: use 3, 6 or 8 hex digits.",
        ),
        (json!({"theme": {"font": "Comic Sans"}}), "Unknown theme setting 'font'."),
    ];
    for (body, message) in bad {
        assert_eq!(
            json(patch(&app, &hc, ROOT, ROOT, body.clone()).await, 400).await,
            error(message),
            "{body}"
        );
    }
    assert_eq!(config(&app, ROOT).await["theme"]["textColor"], "#ffffff", "nothing was saved");

    let cards = patch(
        &app,
        &hc,
        ROOT,
        ROOT,
        json!({"theme": {"homeCards": [
            {"title": "", "description": "", "href": ""},
            {"title": " Roster ", "description": "Who's who", "href": "/roster"},
            {"title": "  ", "description": null},
        ]}}),
    )
    .await;
    let expected = json!([{"title": "Roster", "description": "Who's who", "href": "/roster"}]);
    assert_eq!(json(cards, 200).await["theme"]["homeCards"], expected);
    assert_eq!(config(&app, ROOT).await["theme"]["homeCards"], expected);
}

#[tokio::test]
async fn an_agency_brands_itself_and_the_root_brands_everyone() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let bcso_hc = app.signed_in(BCSO_HC).await;
    let deputy = app.signed_in(DEPUTY).await;
    let title = |t: &str| json!({"theme": {"heroTitle": t}});

    let own = json(patch(&app, &bcso_hc, "bcso", "bcso", title("BCSO")).await, 200).await;
    assert_eq!(own["theme"]["heroTitle"], "BCSO");
    let root = patch(&app, &bcso_hc, "bcso", ROOT, title("Taken over")).await;
    assert_eq!(json(root, 403).await, error(BRANDING_REFUSAL));
    let root = patch(&app, &bcso_hc, ROOT, ROOT, title("Taken over")).await;
    assert_eq!(json(root, 403).await, error(BRANDING_REFUSAL));
    let by_deputy = patch(&app, &deputy, ROOT, ROOT, title("Deputy was here")).await;
    assert_eq!(json(by_deputy, 403).await, error(BRANDING_REFUSAL));
    let by_deputy = patch(&app, &deputy, ROOT, "bcso", title("Deputy was here")).await;
    assert_eq!(json(by_deputy, 403).await, error(BRANDING_REFUSAL));
    let anonymous = patch(&app, &app.browser(), ROOT, ROOT, title("Anyone")).await;
    assert_eq!(json(anonymous, 401).await, error(SIGN_IN_REQUIRED));
    assert_eq!(config(&app, ROOT).await["theme"]["heroTitle"], Value::Null);

    let by_root = json(patch(&app, &hc, ROOT, "bcso", title("Blaine County")).await, 200).await;
    assert_eq!(by_root["theme"]["heroTitle"], "Blaine County");
    assert_eq!(config(&app, "bcso").await["theme"]["heroTitle"], "Blaine County");
}

// ---------------------------------------------------------------------------------------
// 11. Uploads

const LIMIT: usize = 2 * 1024 * 1024;

const GIF: &[u8] = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff\x00\x00\x00!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";

fn stored_files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return found };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(stored_files(&path));
        } else {
            found.push(path.display().to_string());
        }
    }
    found
}

fn with_agency(form: multipart::Form, agency: &str) -> multipart::Form {
    form.text("agency", agency.to_owned())
}

async fn assert_served(app: &TestApp, url: &str, bytes: &[u8], content_type: &str) {
    let response = app.get(url).await;
    assert_eq!(response.status(), 200, "GET {url}");
    assert_eq!(response.headers()["content-type"], content_type, "GET {url}");
    let served = response.bytes().await.unwrap();
    assert!(same_image(&served, bytes), "GET {url}: not the uploaded image");
    assert!(served.len() < 64 * 1024, "GET {url}: only the pixels are kept");
}

#[tokio::test]
async fn images_upload_and_are_served_back_as_the_same_pixels() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let cases = [
        (tiny_png(7), "badge.png", "image/png", "png"),
        (tiny_jpeg(), "hero.jpeg", "image/jpeg", "jpg"),
        (tiny_webp(), "favicon.webp", "image/webp", "webp"),
        // Recognised by content, not by name or declared type.
        (tiny_png(8), "photo.jpg", "image/jpeg", "png"),
        (padded_png(LIMIT), "exactly-2mb.png", "image/png", "png"),
    ];
    for (bytes, name, mime, extension) in cases {
        let response = upload(&app, &hc, ROOT, file_form(bytes.clone(), name, mime)).await;
        let body = json(response, 200).await;
        let url = body["url"].as_str().unwrap_or_else(|| panic!("{name}: {body}")).to_owned();
        assert_eq!(body, json!({ "url": url }));
        assert!(url.starts_with("/media/agencies/rawlife/"), "{name}: {url}");
        assert!(url.ends_with(&format!(".{extension}")), "{name}: {url}");
        let served_as = match extension {
            "png" => "image/png",
            "jpg" => "image/jpeg",
            _ => "image/webp",
        };
        assert_served(&app, &url, &bytes, served_as).await;
    }
    assert_eq!(stored_files(&app.media_dir).len(), 5);

    // An uploaded image becomes the badge.
    let badge = upload(&app, &hc, ROOT, file_form(tiny_png(9), "badge.png", "image/png")).await;
    let url = json(badge, 200).await["url"].as_str().unwrap().to_owned();
    json(patch(&app, &hc, ROOT, ROOT, json!({"theme": {"badgeUrl": url}})).await, 200).await;
    assert_eq!(config(&app, ROOT).await["theme"]["badgeUrl"], url.as_str());
}

#[tokio::test]
async fn only_the_pixels_of_an_upload_reach_storage() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let contains =
        |haystack: &[u8], needle: &[u8]| haystack.windows(needle.len()).any(|w| w == needle);

    // A JPEG carrying EXIF metadata (a location) right after its start marker.
    let jpeg = tiny_jpeg();
    let exif = b"Exif\0\0GPSLatitude 51.5007 N, secret home address";
    let mut tagged = jpeg[..2].to_vec();
    tagged.extend([0xFF, 0xE1]);
    tagged.extend(((exif.len() + 2) as u16).to_be_bytes());
    tagged.extend(exif);
    tagged.extend(&jpeg[2..]);
    // A PNG with a web page and an archive behind it (a polyglot).
    let mut polyglot = tiny_png(5);
    polyglot.extend(b"<html><script>alert(document.cookie)</script></html>PK\x03\x04payload");
    for (bytes, name, secret) in [
        (tagged, "photo.jpg", &b"secret home address"[..]),
        (polyglot, "badge.png", &b"<script>"[..]),
    ] {
        let body =
            json(upload(&app, &hc, ROOT, file_form(bytes.clone(), name, "image/png")).await, 200)
                .await;
        let url = body["url"].as_str().unwrap().to_owned();
        let served = app.get(&url).await.bytes().await.unwrap();
        assert!(same_image(&served, &bytes), "{name}: the same picture");
        assert!(!contains(&served, secret), "{name}: nothing but the pixels is served");
        let stored = stored_files(&app.media_dir)
            .into_iter()
            .map(|path| std::fs::read(path).unwrap())
            .any(|stored| contains(&stored, secret));
        assert!(!stored, "{name}: nothing but the pixels is stored");
    }

    // A file that starts like an image but does not decode is refused like any other type.
    let mut broken = tiny_png(6);
    broken.truncate(broken.len() / 2);
    let refused = upload(&app, &hc, ROOT, file_form(broken, "half.png", "image/png")).await;
    assert_eq!(json(refused, 415).await, error("Only PNG, JPEG or WebP images are allowed"));
    assert_eq!(stored_files(&app.media_dir).len(), 2, "nothing stored for the broken file");
}

#[tokio::test]
async fn uploads_refuse_other_types_large_files_and_missing_files() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let wrong_type = error("Only PNG, JPEG or WebP images are allowed");

    let gif = upload(&app, &hc, ROOT, file_form(GIF.to_vec(), "anim.gif", "image/gif")).await;
    assert_eq!(json(gif, 415).await, wrong_type);
    let disguised = upload(&app, &hc, ROOT, file_form(GIF.to_vec(), "anim.png", "image/png")).await;
    assert_eq!(json(disguised, 415).await, wrong_type);
    let text = file_form(b"definitely a picture".to_vec(), "notes.png", "image/png");
    assert_eq!(json(upload(&app, &hc, ROOT, text).await, 415).await, wrong_type);
    let svg =
        file_form(b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>".to_vec(), "x.png", "image/png");
    assert_eq!(json(upload(&app, &hc, ROOT, svg).await, 415).await, wrong_type);

    let large =
        upload(&app, &hc, ROOT, file_form(padded_png(LIMIT + 1), "big.png", "image/png")).await;
    assert_eq!(json(large, 413).await, error("File too large (max 2MB)"));

    let no_file = multipart::Form::new().text("agency", ROOT);
    assert_eq!(json(upload(&app, &hc, ROOT, no_file).await, 400).await, error("No file provided"));
    let other_field = multipart::Form::new().part(
        "image",
        multipart::Part::bytes(tiny_png(1)).file_name("x.png").mime_str("image/png").unwrap(),
    );
    assert_eq!(
        json(upload(&app, &hc, ROOT, other_field).await, 400).await,
        error("No file provided")
    );
    let empty = file_form(Vec::new(), "empty.png", "image/png");
    assert_eq!(json(upload(&app, &hc, ROOT, empty).await, 400).await, error("No file provided"));

    assert_eq!(stored_files(&app.media_dir), Vec::<String>::new(), "nothing refused was stored");
}

#[tokio::test]
async fn only_high_command_uploads_and_nothing_is_stored_for_others() {
    let app = two_agencies().await;
    let deputy = app.signed_in(DEPUTY).await;
    let bcso_hc = app.signed_in(BCSO_HC).await;

    let anonymous =
        upload(&app, &app.browser(), ROOT, file_form(tiny_png(1), "a.png", "image/png")).await;
    assert_eq!(json(anonymous, 401).await, error(SIGN_IN_REQUIRED));
    let by_deputy = upload(&app, &deputy, ROOT, file_form(tiny_png(2), "b.png", "image/png")).await;
    assert_eq!(json(by_deputy, 403).await, error(BRANDING_REFUSAL));
    let by_deputy = upload(
        &app,
        &deputy,
        ROOT,
        with_agency(file_form(tiny_png(3), "c.png", "image/png"), "bcso"),
    )
    .await;
    assert_eq!(json(by_deputy, 403).await, error(BRANDING_REFUSAL));
    // bcso's High Command, sent to rawlife, is nobody there.
    let away = upload(&app, &bcso_hc, ROOT, file_form(tiny_png(4), "d.png", "image/png")).await;
    assert_eq!(json(away, 403).await, error(BRANDING_REFUSAL));
    // …and from bcso may not upload for rawlife.
    let for_root = upload(
        &app,
        &bcso_hc,
        "bcso",
        with_agency(file_form(tiny_png(5), "e.png", "image/png"), ROOT),
    )
    .await;
    assert_eq!(json(for_root, 403).await, error(BRANDING_REFUSAL));
    assert_eq!(stored_files(&app.media_dir), Vec::<String>::new());

    // For its own agency it may.
    let own = upload(&app, &bcso_hc, "bcso", file_form(tiny_png(6), "f.png", "image/png")).await;
    let url = json(own, 200).await["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/agencies/bcso/"), "{url}");
    assert_served(&app, &url, &tiny_png(6), "image/png").await;
}

#[tokio::test]
async fn root_high_command_uploads_for_another_agency() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let form = with_agency(file_form(tiny_png(1), "badge.png", "image/png"), "BCSO");
    let url =
        json(upload(&app, &hc, ROOT, form).await, 200).await["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/agencies/bcso/"), "{url}");
    assert_served(&app, &url, &tiny_png(1), "image/png").await;

    let form = with_agency(file_form(tiny_png(2), "badge.png", "image/png"), "nope");
    assert_eq!(
        json(upload(&app, &hc, ROOT, form).await, 404).await,
        error("Unknown agency 'nope'")
    );
    assert_eq!(stored_files(&app.media_dir).len(), 1);
}
