//! Tickets: violations from the agency's own penal code catalogue with fines in range,
//! citation numbers allocated by the server, every message, refusals and isolation.

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{app, get, refused, BCSO, LSPD, NO_PERMISSION, SIGN_IN_REQUIRED},
};

/// A ticket for the first infraction of the agency's catalogue, at its minimum fine.
pub(crate) async fn ticket(app: &TestApp, client: &Client, agency: &str) -> (Value, Value) {
    let catalogue = get(app, client, "/api/penal-codes", agency).await;
    let entry = catalogue["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| {
            e["classification"] == "Infraction" && e["fineMax"].as_i64() > e["fineMin"].as_i64()
        })
        .unwrap()
        .clone();
    let body = json!({
        "issuedAt": "2026-11-20T10:00", "location": "Route 68",
        "officer": {"name": "Dale Deputy", "rank": "Deputy", "callsign": "B-12"},
        "violator": {"name": "Jo Driver", "address": "2 Palomino Ave"},
        "vehicle": {"plate": " 8abc123 ", "model": "Vapid Stanier", "colour": "White"},
        "violations": [{"statute": entry["statute"], "fine": entry["fineMin"]}],
        "notes": "Warned twice."
    });
    (body, entry)
}

async fn issue(app: &TestApp, client: &Client, agency: &str, body: &Value) -> reqwest::Response {
    send(app, client, Method::POST, "/api/tickets", agency, Some(body)).await
}

#[tokio::test]
async fn members_issue_tickets_from_the_catalogue() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let (body, entry) = ticket(&app, &deputy, BCSO).await;
    assert_eq!(get(&app, &deputy, "/api/tickets/next-number", BCSO).await["citationNumber"], "1");
    let issued = json(issue(&app, &deputy, BCSO, &body).await, 201).await;
    assert_eq!(issued["citationNumber"], "1");
    let id = issued["id"].as_i64().unwrap();
    let stored = get(&app, &deputy, &format!("/api/tickets/{id}"), BCSO).await;
    assert_eq!(
        stored["violations"][0]["title"], entry["title"],
        "the title comes from the catalogue"
    );
    assert_eq!(stored["totalFine"], entry["fineMin"]);
    assert_eq!(stored["vehicle"]["plate"], "8ABC123");
    assert_eq!(stored["filedBy"], Persona::Deputy.name(BCSO));

    let mut numbered = body.clone();
    numbered["citationNumber"] = json!("1");
    refused(
        issue(&app, &deputy, BCSO, &numbered).await,
        409,
        "Another ticket already has this citation number.",
    )
    .await;

    let with = |key: &str, value: Value| {
        let mut b = body.clone();
        b[key] = value;
        b
    };
    let over = entry["fineMax"].as_i64().unwrap() + 1;
    let range = format!(
        "The fine for {} must be from ${} to ${}.",
        entry["statute"].as_str().unwrap(),
        entry["fineMin"],
        entry["fineMax"]
    );
    let cases = [
        (with("issuedAt", json!("")), "Date and time are required.".to_owned()),
        (with("location", json!(" ")), "Location is required.".to_owned()),
        (with("violator", json!({"name": ""})), "Violator name is required.".to_owned()),
        (with("officer", json!({"name": " "})), "The issuing officer needs a name.".to_owned()),
        (with("violations", json!([])), "Add at least one violation.".to_owned()),
        (
            with("violations", json!([{"statute": "XX 999", "fine": 1}])),
            "'XX 999' is not in the penal code catalogue.".to_owned(),
        ),
        (with("violations", json!([{"statute": entry["statute"], "fine": over}])), range),
    ];
    for (b, message) in cases {
        refused(issue(&app, &deputy, BCSO, &b).await, 400, &message).await;
    }
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(issue(&app, &visitor, BCSO, &body).await, 401, SIGN_IN_REQUIRED).await;

    // Members read their own tickets; supervisors read all.
    let command = app.as_persona(BCSO, Persona::Command).await;
    json(issue(&app, &command, BCSO, &body).await, 201).await;
    assert_eq!(get(&app, &deputy, "/api/tickets", BCSO).await.as_array().unwrap().len(), 1);
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    assert_eq!(get(&app, &supervisor, "/api/tickets", BCSO).await.as_array().unwrap().len(), 2);
    assert_eq!(get(&app, &supervisor, "/api/tickets?mine=true", BCSO).await, json!([]));
    let own = get(&app, &command, "/api/tickets?mine=true&status=issued", BCSO).await;
    assert_eq!(own.as_array().unwrap().len(), 1);
    assert_eq!(own[0]["filedBy"], Persona::Command.name(BCSO));
    let bad = send(&app, &supervisor, Method::GET, "/api/tickets?status=void", BCSO, None).await;
    refused(bad, 400, "Unknown status 'void'. Use one of: issued.").await;
    let theirs = get(&app, &supervisor, "/api/tickets", BCSO).await[0]["id"].as_i64().unwrap();
    let path = format!("/api/tickets/{theirs}");
    refused(send(&app, &deputy, Method::GET, &path, BCSO, None).await, 404, "Ticket not found")
        .await;
}

#[tokio::test]
async fn agencies_never_see_each_others_tickets() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let (body, _) = ticket(&app, &deputy, BCSO).await;
    let id = json(issue(&app, &deputy, BCSO, &body).await, 201).await["id"].as_i64().unwrap();
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    assert_eq!(get(&app, &lspd, "/api/tickets", LSPD).await, json!([]));
    let path = format!("/api/tickets/{id}");
    refused(send(&app, &lspd, Method::GET, &path, LSPD, None).await, 404, "Ticket not found").await;
    refused(send(&app, &lspd, Method::GET, "/api/tickets", BCSO, None).await, 403, NO_PERMISSION)
        .await;
    refused(issue(&app, &lspd, BCSO, &body).await, 403, NO_PERMISSION).await;
}
