//! Alerts (issue 22), through the HTTP API and the Discord stand-in's webhooks: addresses are
//! checked, sealed and never answered; a write reaches exactly the webhooks that receive its
//! event as one embed in the agency's colour linking back; failures are retried and logged;
//! delivery survives a restart with nothing lost or sent twice; and only the agency's command
//! staff reach its webhooks.

use std::time::Duration;

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    discord::eventually,
    helpers::{json, send, Persona, TestApp},
    support::{get, refused, BCSO, HQ, HQ_DEPUTY, HQ_SUPERVISOR, LSPD, NO_PERMISSION},
};

const TOKEN: &str = "abcdefghijklmnopqrstuvwxyz_ABCDEFGHIJKLMNOP-0123456789";

/// A webhook address on the stand-in (the Discord API the test app is configured with).
fn address(app: &TestApp, id: u8) -> String {
    let api = app.state.config.discord.as_ref().unwrap().api_url.clone();
    format!("{}://{}/api/webhooks/90000000000000010{id}/{TOKEN}", api.scheme(), api.authority())
}

async fn add_webhook(app: &TestApp, client: &Client, name: &str, id: u8, events: &[&str]) -> Value {
    let body = json!({"name": name, "url": address(app, id), "events": events});
    json(send(app, client, Method::POST, "/api/webhooks", BCSO, Some(&body)).await, 201).await
}

/// The stand-in's posts to webhook `id`.
fn posts_to(app: &TestApp, id: u8) -> Vec<Value> {
    let path = format!("/api/webhooks/90000000000000010{id}/{TOKEN}");
    app.discord
        .webhook_posts()
        .into_iter()
        .filter(|(p, _)| *p == path)
        .map(|(_, body)| body)
        .collect()
}

async fn hire_and_promote(app: &TestApp, hc: &Client, name: &str, callsign: &str) -> Value {
    let body = json!({"name": name, "callsign": callsign, "departmentId": HQ, "rankId": HQ_DEPUTY});
    let hired =
        json(send(app, hc, Method::POST, "/api/roster", BCSO, Some(&body)).await, 201).await;
    let promote = json!({"rankId": HQ_SUPERVISOR, "version": hired["version"]});
    let path = format!("/api/roster/{}", hired["id"]);
    json(send(app, hc, Method::PATCH, &path, BCSO, Some(&promote)).await, 200).await
}

#[tokio::test]
async fn webhook_addresses_are_checked_sealed_and_never_answered() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    for (body, sentence) in [
        (json!({"name": "X", "url": "https://evil.example/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz", "events": ["member.hired"]}),
         "Use a Discord webhook address (https://discord.com/api/webhooks/…), copied from the channel's Integrations settings."),
        (json!({"name": " ", "url": address(&app, 1), "events": ["member.hired"]}), "Give the webhook a name."),
        (json!({"name": "X", "url": address(&app, 1), "events": []}), "Choose at least one event."),
        (json!({"name": "X", "url": address(&app, 1), "events": ["member.fired"]}), "Unknown event 'member.fired'."),
    ] {
        refused(send(&app, &command, Method::POST, "/api/webhooks", BCSO, Some(&body)).await, 400, sentence).await;
    }
    let hook = add_webhook(&app, &command, "Command channel", 1, &["member.hired"]).await;
    assert!(
        hook["urlHint"].as_str().unwrap().ends_with("/…/webhooks/900000000000000101/••••"),
        "{hook}"
    );
    let list = get(&app, &command, "/api/webhooks", BCSO).await;
    assert!(!list.to_string().contains(TOKEN), "{list}");
    assert_eq!(list["events"].as_array().unwrap().len(), 15);
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    let db = app.state.pools.get(&agency).await.unwrap();
    let stored: Vec<u8> =
        sqlx::query_scalar("SELECT url_sealed FROM webhooks").fetch_one(&*db).await.unwrap();
    assert!(!stored.windows(TOKEN.len()).any(|w| w == TOKEN.as_bytes()), "sealed at rest");
    let logged: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM audit_events WHERE diff::text LIKE '%' || $1 || '%')",
    )
    .bind(TOKEN)
    .fetch_one(&*db)
    .await
    .unwrap();
    assert!(!logged, "never logged");

    // Edits keep the address unless a new one is given; a delete takes it away.
    let path = format!("/api/webhooks/{}", hook["id"]);
    let edited = json(
        send(
            &app,
            &command,
            Method::PATCH,
            &path,
            BCSO,
            Some(&json!({"name": "Ops", "events": ["member.hired", "report.filed"]})),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(
        (edited["name"].clone(), edited["events"].clone()),
        (json!("Ops"), json!(["member.hired", "report.filed"]))
    );
    assert_eq!(edited["urlHint"], hook["urlHint"]);
    let audit = get(&app, &command, "/api/audit?kind=webhook", BCSO).await;
    assert_eq!(audit["items"].as_array().unwrap().len(), 2, "{audit}");
    assert_eq!(send(&app, &command, Method::DELETE, &path, BCSO, None).await.status(), 204);
    refused(
        send(&app, &command, Method::DELETE, &path, BCSO, None).await,
        404,
        "Webhook not found",
    )
    .await;
}

#[tokio::test]
async fn a_write_reaches_exactly_the_webhooks_that_receive_its_event() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let theme =
        json!({"theme": {"primaryColor": "#2f9e44", "badgeUrl": "/media/agencies/bcso/badge.png"}});
    json(send(&app, &hc, Method::PATCH, "/api/agencies/bcso", BCSO, Some(&theme)).await, 200).await;
    add_webhook(&app, &hc, "Promotions", 1, &["member.rank_changed"]).await;
    add_webhook(&app, &hc, "Reports", 2, &["report.filed"]).await;
    let off = add_webhook(&app, &hc, "Switched off", 3, &["member.rank_changed"]).await;
    let path = format!("/api/webhooks/{}", off["id"]);
    json(send(&app, &hc, Method::PATCH, &path, BCSO, Some(&json!({"enabled": false}))).await, 200)
        .await;

    hire_and_promote(&app, &hc, "Pat Promoted", "P-01").await;
    eventually("the promotion's alert", || posts_to(&app, 1).len() == 1).await;
    let embed = &posts_to(&app, 1)[0]["embeds"][0];
    assert_eq!(embed["title"], "Promoted: Pat Promoted");
    assert_eq!(embed["description"], "Deputy → Supervisor");
    assert_eq!(embed["color"], 0x2f9e44);
    assert_eq!(embed["url"], format!("{}/roster?agency=bcso", app.address));
    assert_eq!(
        embed["author"]["icon_url"],
        format!("{}/media/agencies/bcso/badge.png", app.address)
    );
    let fields: Vec<&str> =
        embed["fields"].as_array().unwrap().iter().map(|f| f["name"].as_str().unwrap()).collect();
    assert_eq!(fields, ["Rank", "Callsign", "Department"]);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(posts_to(&app, 2).is_empty(), "reports' webhook gets no promotion");
    assert!(posts_to(&app, 3).is_empty(), "a switched-off webhook gets nothing");

    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let arrest = crate::arrests::arrest();
    json(send(&app, &deputy, Method::POST, "/api/arrests", BCSO, Some(&arrest)).await, 201).await;
    eventually("the filing's alert", || posts_to(&app, 2).len() == 1).await;
    assert_eq!(posts_to(&app, 2)[0]["embeds"][0]["title"], "Arrest #1 filed");
    assert_eq!(posts_to(&app, 1).len(), 1, "nothing more to the promotions webhook");

    // The log tells what was sent.
    let log = get(&app, &hc, "/api/webhooks/deliveries", BCSO).await;
    let statuses: Vec<(&str, &str)> = log["deliveries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["webhookName"].as_str().unwrap(), d["status"].as_str().unwrap()))
        .collect();
    assert_eq!(statuses, [("Reports", "sent"), ("Promotions", "sent")]);
    // LSPD's writes never reach BCSO's webhooks.
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let body = json!({"name": "Lou", "callsign": "L-01", "departmentId": HQ, "rankId": HQ_DEPUTY});
    json(send(&app, &lspd, Method::POST, "/api/roster", LSPD, Some(&body)).await, 201).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(app.discord.webhook_posts().len(), 2);
}

#[tokio::test]
async fn failed_deliveries_are_retried_and_send_test_reports_what_happened() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let hook = add_webhook(&app, &hc, "Flaky", 1, &["member.hired"]).await;
    app.discord.fail_webhooks(1);
    let body =
        json!({"name": "Fay Flaky", "callsign": "F-01", "departmentId": HQ, "rankId": HQ_DEPUTY});
    json(send(&app, &hc, Method::POST, "/api/roster", BCSO, Some(&body)).await, 201).await;
    let log = || async {
        get(&app, &hc, "/api/webhooks/deliveries", BCSO).await["deliveries"][0].clone()
    };
    let mut first = Value::Null;
    for _ in 0..100 {
        first = log().await;
        // A claim counts the try before it is made; the failure is written when it answers.
        if first["attempts"] == 1 && first["lastError"].is_string() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        (first["status"].as_str(), first["attempts"].as_i64()),
        (Some("pending"), Some(1)),
        "{first}"
    );
    assert!(first["lastError"].as_str().unwrap().contains("500"), "{first}");
    // The retry falls due (made due at once here) and succeeds, once.
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    let db = app.state.pools.get(&agency).await.unwrap();
    sqlx::query("UPDATE webhook_deliveries SET next_attempt_at = now()")
        .execute(&*db)
        .await
        .unwrap();
    portal::shared::integrations::visit(&app.state, &agency).await.unwrap();
    // The background worker may have claimed the retry first (then this visit skips it): the
    // claim counts the try at once, and the answer is written when the post returns.
    let mut again = log().await;
    for _ in 0..100 {
        if again["status"] != "pending" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        again = log().await;
    }
    assert_eq!(
        (again["status"].as_str(), again["attempts"].as_i64()),
        (Some("sent"), Some(2)),
        "{again}"
    );
    assert_eq!(posts_to(&app, 1).len(), 1);

    // Send test: now, logged, and a failure says why.
    let path = format!("/api/webhooks/{}/test", hook["id"]);
    let sent = json(send(&app, &hc, Method::POST, &path, BCSO, None).await, 200).await;
    assert_eq!(sent, json!({"sent": true, "error": null}));
    assert_eq!(posts_to(&app, 1).last().unwrap()["embeds"][0]["title"], "Test message to Flaky");
    app.discord.fail_webhooks(1);
    let failed = json(send(&app, &hc, Method::POST, &path, BCSO, None).await, 200).await;
    assert_eq!(failed["sent"], false);
    assert!(failed["error"].as_str().unwrap().contains("500"), "{failed}");
    let newest = log().await;
    assert_eq!(
        (newest["event"].as_str(), newest["status"].as_str()),
        (Some("test"), Some("failed"))
    );
}

#[tokio::test]
async fn delivery_survives_a_restart_with_nothing_lost_or_sent_twice() {
    // The first instance takes writes but its worker never runs (as if it stopped at once).
    let first = TestApp::builder().sheriff_and_police().without_jobs().build().await;
    let hc = first.as_persona(BCSO, Persona::HighCommand).await;
    add_webhook(&first, &hc, "Everything", 1, &["member.hired", "member.rank_changed"]).await;
    hire_and_promote(&first, &hc, "Ada One", "A-01").await;
    hire_and_promote(&first, &hc, "Bo Two", "B-02").await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(first.discord.webhook_posts().is_empty());
    let standin = first.discord.clone();

    // The next instance on the same database delivers all four, once.
    let second = TestApp::builder().sheriff_and_police().on_database_of(&first).build().await;
    let agency = second.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    second.state.worker.poke(agency.id);
    eventually("four alerts", || standin.webhook_posts().len() == 4).await;
    let titles: Vec<String> = standin
        .webhook_posts()
        .iter()
        .map(|(_, b)| b["embeds"][0]["title"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        titles,
        ["Hired: Ada One", "Promoted: Ada One", "Hired: Bo Two", "Promoted: Bo Two"]
    );
    drop(second);

    // And a third finds nothing left to send.
    let third = TestApp::builder().sheriff_and_police().on_database_of(&first).build().await;
    third.state.worker.poke(agency.id);
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(standin.webhook_posts().len(), 4);
}

#[tokio::test]
async fn only_the_agencys_command_reaches_its_webhooks() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let hook = add_webhook(&app, &command, "Ops", 1, &["member.hired"]).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let path = format!("/api/webhooks/{}", hook["id"]);
    for client in [&deputy, &lspd] {
        refused(
            send(&app, client, Method::GET, "/api/webhooks", BCSO, None).await,
            403,
            NO_PERMISSION,
        )
        .await;
        refused(send(&app, client, Method::DELETE, &path, BCSO, None).await, 403, NO_PERMISSION)
            .await;
        refused(
            send(&app, client, Method::GET, "/api/webhooks/deliveries", BCSO, None).await,
            403,
            NO_PERMISSION,
        )
        .await;
    }
    // Asking as LSPD, BCSO's webhook is not there.
    refused(send(&app, &lspd, Method::DELETE, &path, LSPD, None).await, 404, "Webhook not found")
        .await;
    assert_eq!(get(&app, &lspd, "/api/webhooks", LSPD).await["webhooks"], json!([]));
    assert_eq!(
        get(&app, &command, "/api/webhooks", BCSO).await["webhooks"].as_array().unwrap().len(),
        1
    );
}
