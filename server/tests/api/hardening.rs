//! Bad input and hostile requests get a sentence, never a 500 and never a way around the
//! rules: bounded callsign pools, NUL characters, out-of-range dates, oversized text, long
//! media names, insignia of another agency, unsafe links and return paths, cross-origin
//! writes, a database that goes away, a listening connection that stops hearing, and an
//! OpenAPI description that says all of it.

use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::{
    fixtures::tiny_png,
    helpers::{create_database, json, location, send, spawn_app},
    relay::Relay,
    support::{
        add_department, get, patch, pool, post, refused, set_pools, two_agencies, upload_insignia,
        A, HC, HQ,
    },
};
use portal::{
    features::structure::store::starter_rank_id,
    tenancy::{provision::NewAgency, registry},
};

const NUL: &str = "Text may not contain NUL characters.";

#[tokio::test]
async fn callsign_pools_and_their_answers_are_bounded() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let many: Vec<Value> = (0..21).map(|i| pool("A", i * 10, i * 10 + 9)).collect();
    refused(
        post(&app, &hc, "/api/callsigns", A, json!({"rankName": "Deputy", "pools": many})).await,
        400,
        "A rank may have at most 20 callsign pools.",
    )
    .await;
    let overlapping = json!([pool("A", 0, 99), pool("A", 50, 150)]);
    refused(
        post(&app, &hc, "/api/callsigns", A, json!({"rankName": "Deputy", "pools": overlapping}))
            .await,
        400,
        "Pools A0–99 and A50–150 overlap.",
    )
    .await;

    // Twenty full pools: the answer is one page and the total, not 200,000 callsigns.
    let prefixes = ["A", "B", "C", "D", "E", "F", "G", "H", "J", "K"];
    let full: Vec<Value> =
        (0..20).map(|i| pool(&prefixes[i % 10].repeat(i / 10 + 1), 0, 9_999)).collect();
    set_pools(&app, &hc, A, "Deputy", json!(full)).await;
    let first = get(&app, &hc, "/api/roster/callsigns?rank=Deputy", A).await;
    assert_eq!(first["available"].as_array().unwrap().len(), 200, "the default page");
    assert_eq!(first["total"], 200_000);
    assert_eq!(first["available"][0], "A-00");
    let page = get(&app, &hc, "/api/roster/callsigns?rank=Deputy&limit=5000&offset=10", A).await;
    assert_eq!(page["available"].as_array().unwrap().len(), 1000, "at most 1000 at once");
    assert_eq!(page["available"][0], "A-10");
    let body = send(&app, &hc, Method::GET, "/api/roster/callsigns?rank=Deputy", A, None).await;
    assert!(body.bytes().await.unwrap().len() < 10_000, "a small answer");
}

#[tokio::test]
async fn nul_characters_dates_and_long_text_are_refused_with_a_sentence() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let person = |extra: Value| {
        let mut body = json!({"name": "Nia New", "callsign": "N-01",
                              "rankId": starter_rank_id("deputy")});
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    refused(post(&app, &hc, "/api/roster", A, person(json!({"name": "Nia\u{0}"}))).await, 400, NUL)
        .await;
    refused(
        post(&app, &hc, "/api/roster", A, person(json!({"hireDate": "1850-01-01"}))).await,
        400,
        "The hire date must be between 1900 and 2100.",
    )
    .await;
    refused(
        post(&app, &hc, "/api/roster", A, person(json!({"name": "x".repeat(900_000)}))).await,
        400,
        "Name must be at most 120 characters.",
    )
    .await;
    for (field, value, message) in [
        ("callsign", "A".repeat(17), "Callsign must be at most 16 characters."),
        ("region", "r".repeat(61), "Region must be at most 60 characters."),
        ("reason", "r".repeat(1001), "Reason must be at most 1000 characters."),
    ] {
        let mut extra = serde_json::Map::new();
        extra.insert(field.to_owned(), json!(value));
        let body = person(Value::Object(extra));
        refused(post(&app, &hc, "/api/roster", A, body).await, 400, message).await;
    }
    let long = json!({"type": "department", "parentId": null, "data": {"name": "d".repeat(121)}});
    refused(
        post(&app, &hc, "/api/structure", A, long).await,
        400,
        "Name must be at most 120 characters.",
    )
    .await;
    // NUL in a path, a query and a structure edit.
    for path in ["/api/structure/a%00b", "/api/nav-permissions?target=a%00"] {
        let response = send(&app, &hc, Method::GET, path, A, None).await;
        refused(response, 400, NUL).await;
    }
    let response =
        patch(&app, &hc, &format!("/api/structure/{HQ}"), A, json!({"name": "\u{0}"})).await;
    refused(response, 400, NUL).await;
    // An escaped backslash followed by the text u0000 is not a NUL.
    let dept = add_department(&app, &hc, A, "Back\\u0000slash").await;
    assert!(!dept.is_empty());
    // Nothing was added.
    let roster = get(&app, &hc, "/api/roster", A).await;
    assert!(roster.as_array().unwrap().iter().all(|e| e["name"] != "Nia New"));
}

#[tokio::test]
async fn long_media_names_are_not_found() {
    let app = spawn_app().await;
    for path in
        [format!("/media/{}", "a".repeat(300)), format!("/insignia/{}.png", "b".repeat(300))]
    {
        let response = app.get(&path).await;
        assert_eq!(response.status(), 404, "{path}");
    }
}

#[tokio::test]
async fn an_agency_uses_only_its_own_insignia_uploads() {
    let app = two_agencies().await;
    crate::support::agency_with_flags(
        &app,
        "lspd-annex",
        json!({}),
        "700000000000000001",
        "Ann Annex",
    )
    .await;
    let annex = app.signed_in("700000000000000001").await;
    let uploaded = json(upload_insignia(&app, &annex, "lspd-annex", tiny_png(1)).await, 200).await;
    let file = uploaded["filename"].as_str().unwrap().to_owned();
    assert!(file.starts_with("lspd-annex-"), "{file}");

    let hc = app.signed_in(HC).await;
    let body = json!({"type": "ranks", "parentId": HQ,
                      "data": {"ranks": [{"name": "Borrowed", "level": "deputy", "insignia": file}]}});
    refused(
        post(&app, &hc, "/api/structure", A, body).await,
        400,
        &format!("'{file}' is not an insignia uploaded for this agency."),
    )
    .await;
    let own = json(upload_insignia(&app, &hc, A, tiny_png(2)).await, 200).await;
    let body = json!({"type": "ranks", "parentId": HQ,
                      "data": {"ranks": [{"name": "Owned", "level": "deputy", "insignia": own["filename"]}]}});
    json(post(&app, &hc, "/api/structure", A, body).await, 201).await;
}

#[tokio::test]
async fn agency_create_checks_links_as_an_edit_does() {
    let app = spawn_app().await;
    app.add_member("rawlife", "100000000000000009", "Root Chief", "high_command").await;
    let root = app.signed_in("100000000000000009").await;
    for theme in [
        json!({"badgeUrl": "javascript:alert(1)"}),
        json!({"heroCtaHref": "/\t/evil.example"}),
        json!({"homeCards": [{"title": "x", "href": "javascript:x"}]}),
        json!({"primaryColor": "red; background: url(x)"}),
    ] {
        let body = json!({"name": "Bad Theme", "theme": theme});
        let response = post(&app, &root, "/api/agencies", "rawlife", body).await;
        assert_eq!(response.status(), 400, "{theme}");
    }
    let body = json!({"name": "Bad Links", "links": {"discord": "javascript:x"}});
    refused(
        post(&app, &root, "/api/agencies", "rawlife", body).await,
        400,
        "The discord link must be an http(s) address.",
    )
    .await;
    let body = json!({"name": "n".repeat(121)});
    refused(
        post(&app, &root, "/api/agencies", "rawlife", body).await,
        400,
        "Agency name must be at most 120 characters.",
    )
    .await;
    let good = json!({"name": "Good Theme", "theme": {"primaryColor": "#123456", "heroCtaHref": "/roster"}});
    let created = json(post(&app, &root, "/api/agencies", "rawlife", good).await, 201).await;
    assert_eq!(created["slug"], "good-theme");
    let config = get(&app, &root, "/api/agency", "good-theme").await;
    assert_eq!(config["theme"]["primaryColor"], "#123456");
    assert_eq!(config["theme"]["heroCtaHref"], "/roster");
}

#[tokio::test]
async fn sign_in_never_returns_to_another_site() {
    let app = spawn_app().await;
    app.add_member("rawlife", "100000000000000008", "Casey Nguyen", "deputy").await;
    for back in
        ["/%09/evil.example", "/%0a/evil.example", "/%5c%5cevil.example", "%2F%2Fevil.example"]
    {
        let browser = app.browser();
        let start =
            browser.get(app.url(&format!("/auth/discord?returnTo={back}"))).send().await.unwrap();
        let approve = format!(
            "{}&user=100000000000000008",
            location(&start).replace("/oauth2/authorize?", "/oauth2/approve?")
        );
        let callback = location(&browser.get(approve).send().await.unwrap());
        let done = browser.get(&callback).send().await.unwrap();
        assert_eq!(location(&done), "/", "{back}");
    }
}

#[tokio::test]
async fn writes_must_come_from_the_same_scheme_host_and_port() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let host = app.address.trim_start_matches("http://").to_owned();
    let body = json!({"items": {}});
    for origin in [format!("https://{host}"), format!("ftp://{host}"), "http://127.0.0.1:1".into()]
    {
        let response = hc
            .put(app.url("/api/nav-permissions"))
            .header("x-agency-slug", A)
            .header("origin", &origin)
            .json(&body)
            .send()
            .await
            .unwrap();
        refused(response, 403, "Cross-site requests are not allowed.").await;
    }
    let same = hc
        .put(app.url("/api/nav-permissions"))
        .header("x-agency-slug", A)
        .header("origin", &app.address)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(same.status(), 200);
}

/// A 503 with `Retry-After` and a sentence (not an internal error).
async fn unavailable(response: reqwest::Response) {
    let (status, retry) = (response.status(), response.headers().get("retry-after").cloned());
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 503, "{body}");
    assert_eq!(retry.unwrap(), "5");
    let message = body["error"].as_str().unwrap();
    assert!(
        message == portal::error::DATABASE_UNAVAILABLE || message == portal::error::BUSY,
        "a sentence, not an internal error: {message}"
    );
}

#[tokio::test]
async fn a_database_outage_answers_503_with_retry_after_and_recovers() {
    let app = spawn_app().await;
    // An agency whose database is reached through the relay.
    let (url, remote_database) = create_database().await;
    let relay = Relay::to(&url).await;
    app.create_agency_with(NewAgency {
        slug: "remote".into(),
        name: "Remote Agency".into(),
        flags: json!({}),
        theme: json!({}),
        links: json!({}),
        database_url: Some(relay.url.clone()),
        ..Default::default()
    })
    .await;
    let anonymous = app.browser();
    // Reached before the outage (readiness reads the agency's schema version).
    let before = app.client.get(app.url("/readyz?agency=remote")).send().await.unwrap();
    assert_eq!(before.status(), 200);

    relay.cut();
    // The navigation permissions, never read yet, so not cached: they need the database.
    let during = send(&app, &anonymous, Method::GET, "/api/nav-permissions", "remote", None).await;
    unavailable(during).await;

    relay.restore();
    let after = send(&app, &anonymous, Method::GET, "/api/nav-permissions", "remote", None).await;
    assert_eq!(after.status(), 200, "the portal recovers by itself");
    app.state.pools.invalidate_all().await;
    std::thread::spawn(move || crate::helpers::drop_database(&remote_database)).join().unwrap();
}

/// What a change listener heard next: `None` when it (re)started and changes may have been
/// missed.
type Heard = Option<(String, String)>;

async fn next_heard(heard: &mut mpsc::UnboundedReceiver<Heard>) -> Heard {
    tokio::time::timeout(Duration::from_secs(20), heard.recv())
        .await
        .expect("the listener says something within 20 s")
        .expect("the listener runs")
}

#[tokio::test]
async fn a_listener_that_stops_hearing_is_replaced_and_says_changes_may_have_been_missed() {
    let app = spawn_app().await;
    // The control database reached through the relay, as the registry listener reaches it.
    let relay = Relay::to(&app.database_url).await;
    let (sender, mut heard) = mpsc::unbounded_channel();
    let check = Duration::from_secs(2);
    let options = relay.url.parse().unwrap();
    tokio::spawn(registry::listen_for_changes(options, &["portal_test"], check, move |change| {
        let sender = sender.clone();
        async move { sender.send(change).unwrap() }
    }));
    let mut admin = app.admin().await;
    let mut say = async |payload: &str| {
        sqlx::query("SELECT pg_notify('portal_test', $1)")
            .bind(payload)
            .execute(&mut admin)
            .await
            .unwrap();
    };
    let said = |payload: &str| Some(("portal_test".to_owned(), payload.to_owned()));

    assert_eq!(next_heard(&mut heard).await, None, "listening starts from a clean slate");
    say("1").await;
    assert_eq!(next_heard(&mut heard).await, said("1"));
    // Quiet for two checks: each is answered, and the listener goes on.
    tokio::time::sleep(2 * check).await;
    say("2").await;
    assert_eq!(next_heard(&mut heard).await, said("2"), "no restart while it still hears");
    assert_eq!(relay.connections(), 1);

    // The network drops the connection without a word: what is said now is never heard on
    // it. The listener notices at its next check, and another one starts.
    relay.silence();
    say("3").await;
    assert_eq!(next_heard(&mut heard).await, None, "changes may have been missed");
    say("4").await;
    assert_eq!(next_heard(&mut heard).await, said("4"));
    assert_eq!(relay.connections(), 2);

    // Again: the first connection given up on still lingers (the relay keeps it open, so
    // sqlx's UNLISTEN on it never ends), so no third one is opened, and until one ends the
    // listener keeps saying that changes may have been missed.
    relay.silence();
    tokio::time::sleep(3 * check).await;
    assert_eq!(relay.connections(), 2, "at most one connection given up on lingers");
    assert_eq!(next_heard(&mut heard).await, None);
    // The network closes them: the lingering ones end, and the listener listens again.
    relay.cut();
    relay.restore();
    let mut back = false;
    for attempt in 0..20 {
        say(&attempt.to_string()).await;
        match tokio::time::timeout(Duration::from_secs(1), heard.recv()).await {
            // What was said while it was deaf is never heard: whatever it hears, it is back.
            Ok(Some(Some((channel, _)))) => {
                back = channel == "portal_test";
                break;
            }
            Ok(Some(None)) | Err(_) => {}
            Ok(None) => panic!("the listener ended"),
        }
    }
    assert!(back, "the listener hears again once the lingering connections end");
}

#[tokio::test]
async fn a_database_that_refuses_connections_answers_503_with_retry_after_and_recovers() {
    let app = spawn_app().await;
    let (url, database) = create_database().await;
    app.create_agency_with(NewAgency {
        slug: "closed".into(),
        name: "Closed Agency".into(),
        flags: json!({}),
        theme: json!({}),
        links: json!({}),
        database_url: Some(url.clone()),
        ..Default::default()
    })
    .await;
    let anonymous = app.browser();
    let readyz = app.client.get(app.url("/readyz?agency=closed")).send().await.unwrap();
    assert_eq!(readyz.status(), 200);

    // The database stops accepting connections (as during a restore or a move): Postgres
    // answers SQLSTATE 55000 to every new connection, and the open ones are ended.
    let mut admin = app.admin().await;
    let close = |allow: bool| format!("ALTER DATABASE \"{database}\" ALLOW_CONNECTIONS {allow}");
    sqlx::query(&close(false)).execute(&mut admin).await.unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
        .bind(&database)
        .execute(&mut admin)
        .await
        .unwrap();
    let during = send(&app, &anonymous, Method::GET, "/api/nav-permissions", "closed", None).await;
    unavailable(during).await;

    sqlx::query(&close(true)).execute(&mut admin).await.unwrap();
    let after = send(&app, &anonymous, Method::GET, "/api/nav-permissions", "closed", None).await;
    assert_eq!(after.status(), 200, "the portal recovers by itself");
    app.state.pools.invalidate_all().await;
    drop(admin);
    std::thread::spawn(move || crate::helpers::drop_database(&database)).join().unwrap();
}

#[tokio::test]
async fn the_openapi_description_says_where_parameters_go_and_what_may_go_wrong() {
    let app = spawn_app().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let mut queries = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            for parameter in operation["parameters"].as_array().into_iter().flatten() {
                let name = parameter["name"].as_str().unwrap();
                let placeholder = format!("{{{name}}}");
                // Headers a route reads are named as such (the bundles' passphrase).
                let expected = if path.contains(&placeholder) {
                    "path"
                } else if name.starts_with("X-") {
                    "header"
                } else {
                    "query"
                };
                assert_eq!(parameter["in"], expected, "{method} {path} {name}");
                if expected == "query" {
                    queries.push(name.to_owned());
                }
            }
            let answers = operation["responses"].as_object().unwrap();
            for status in ["500", "503"] {
                assert!(answers.contains_key(status), "{method} {path} lacks {status}");
            }
            let json_body = operation["requestBody"]["content"]["application/json"].is_object();
            if json_body {
                assert!(answers.contains_key("415"), "{method} {path} lacks 415");
            }
        }
    }
    for name in ["includeHidden", "target", "type", "limit", "offset", "rank"] {
        assert!(queries.iter().any(|q| q == name), "{name} is a query parameter");
    }
    let export = &doc["paths"]["/api/agencies/{slug}/export"]["get"]["parameters"];
    let passphrase = export.as_array().unwrap().iter().find(|p| p["name"] == "X-Bundle-Passphrase");
    assert_eq!(
        passphrase.unwrap()["in"],
        "header",
        "the passphrase travels in a header, never the URL"
    );
    let retry = &doc["paths"]["/api/roster"]["get"]["responses"]["503"]["headers"]["Retry-After"];
    assert!(retry.is_object(), "503 names Retry-After");
}
