//! Issue 19, through the HTTP API: numbers nobody can break (typed numbers are 1 to 9 digits,
//! stored numbers of any shape never stop allocation), real dates, nobody reviews a report
//! they filed or are listed on, and a signed outcome changes only with a new signed decision.

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    arrests::arrest,
    helpers::{json, send, Persona, TestApp},
    support::{app, get, refused, BCSO, LSPD},
    tickets::ticket,
    use_of_force::report,
};

const OWN_REPORT: &str = "You cannot review your own report.";
const SIGNED: &str =
    "This report is signed: its outcome changes only with a new signed decision (Approve & Sign or Deny).";

/// One report kind as the API names it: its path, its number field, the field's name in
/// refusals, its date field and the date field's name, and its kind in the `reports` table.
struct Kind {
    path: &'static str,
    number: &'static str,
    number_name: &'static str,
    date: &'static str,
    date_name: &'static str,
    table_kind: &'static str,
}

const KINDS: [Kind; 3] = [
    Kind {
        path: "/api/arrests",
        number: "caseNumber",
        number_name: "Case number",
        date: "arrestDate",
        date_name: "Arrest date",
        table_kind: "arrest",
    },
    Kind {
        path: "/api/uof",
        number: "incidentNumber",
        number_name: "Incident number",
        date: "incidentDate",
        date_name: "Incident date",
        table_kind: "use_of_force",
    },
    Kind {
        path: "/api/tickets",
        number: "citationNumber",
        number_name: "Citation number",
        date: "issuedAt",
        date_name: "Ticket date",
        table_kind: "ticket",
    },
];

/// A valid filing of `kind` with a blank number.
async fn body(app: &TestApp, client: &Client, kind: &Kind) -> Value {
    let mut body = match kind.table_kind {
        "arrest" => arrest(),
        "use_of_force" => report(""),
        _ => ticket(app, client, BCSO).await.0,
    };
    body[kind.number] = json!("");
    body
}

async fn file(app: &TestApp, client: &Client, kind: &Kind, body: &Value) -> reqwest::Response {
    send(app, client, Method::POST, kind.path, BCSO, Some(body)).await
}

async fn next_number(app: &TestApp, client: &Client, kind: &Kind) -> Value {
    let path = format!("{}/next-number", kind.path);
    get(app, client, &path, BCSO).await[kind.number].clone()
}

/// Stores reports of `kind` with these numbers straight into BCSO's schema, as rows filed
/// before the rule could have them.
async fn store_numbers(app: &TestApp, kind: &Kind, numbers: &[&str]) {
    let mut admin = app.admin().await;
    let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
    for number in numbers {
        sqlx::query(&format!(
            "INSERT INTO {schema}.reports (kind, number, incident_date, location, body, status, filed_by)
             VALUES ($1, $2, '2026-11-20', 'Old', '{{}}', 'pending', 'Someone')"
        ))
        .bind(kind.table_kind)
        .bind(number)
        .execute(&mut admin)
        .await
        .unwrap();
    }
}

#[tokio::test]
async fn a_typed_number_is_one_to_nine_digits_and_no_stored_number_breaks_allocation() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    for kind in &KINDS {
        let valid = body(&app, &deputy, kind).await;
        let message = format!("{} must be a whole number from 1 to 999999999.", kind.number_name);
        for bad in [
            json!("9223372036854775807"),
            json!("99999999999999999999999"),
            json!("1234567890"),
            json!("0"),
            json!("-1"),
            json!("4.5"),
            json!("CASE-12"),
            json!("١٢"),
        ] {
            let mut filing = valid.clone();
            filing[kind.number] = bad.clone();
            refused(file(&app, &deputy, kind, &filing).await, 400, &message).await;
        }
        assert_eq!(next_number(&app, &deputy, kind).await, "1", "{}: nothing was filed", kind.path);

        // Leading zeros are dropped: "007" is number 7.
        let mut seven = valid.clone();
        seven[kind.number] = json!(" 007 ");
        let filed = json(file(&app, &deputy, kind, &seven).await, 201).await;
        assert_eq!(filed[kind.number], "7");
        seven[kind.number] = json!("7");
        assert_eq!(file(&app, &deputy, kind, &seven).await.status(), 409);

        // Rows stored before the rule, of any shape, are never read as numbers.
        store_numbers(&app, kind, &["9223372036854775807", "99999999999999999999999", "CASE-12"])
            .await;
        assert_eq!(next_number(&app, &deputy, kind).await, "8", "{}", kind.path);
        let blank = json(file(&app, &deputy, kind, &valid).await, 201).await;
        assert_eq!(blank[kind.number], "8");

        // Once the highest number is taken, the lowest free one is given.
        let mut top = valid.clone();
        top[kind.number] = json!("999999999");
        json(file(&app, &deputy, kind, &top).await, 201).await;
        assert_eq!(next_number(&app, &deputy, kind).await, "1");
        let after_top = json(file(&app, &deputy, kind, &valid).await, 201).await;
        assert_eq!(after_top[kind.number], "1");
        assert_eq!(next_number(&app, &deputy, kind).await, "2");
    }
    // The other agency's counters are its own.
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let path = "/api/arrests/next-number";
    assert_eq!(get(&app, &lspd, path, LSPD).await["caseNumber"], "1");
}

#[tokio::test]
async fn report_dates_are_real_dates_in_a_sane_range() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    for kind in &KINDS {
        let valid = body(&app, &deputy, kind).await;
        let not_a_date =
            format!("{} must be a date such as 2026-11-20 or 2026-11-20T21:30.", kind.date_name);
        let out_of_range = format!("{} must be between 2000-01-01 and today.", kind.date_name);
        for (bad, message) in [
            ("2026-13-45", &not_a_date),
            ("2026-02-30T10:00", &not_a_date),
            ("yesterday", &not_a_date),
            ("20261120", &not_a_date),
            ("1999-12-31", &out_of_range),
            ("2999-01-01T10:00", &out_of_range),
        ] {
            let mut filing = valid.clone();
            filing[kind.date] = json!(bad);
            refused(file(&app, &deputy, kind, &filing).await, 400, message).await;
        }
        for good in
            ["2026-11-20", "2026-11-20T21:30", "2026-11-20T21:30:15", "2026-11-20T21:30:00Z"]
        {
            let mut filing = valid.clone();
            filing[kind.date] = json!(good);
            let filed = json(file(&app, &deputy, kind, &filing).await, 201).await;
            let id = filed["id"].as_i64().unwrap();
            let stored = get(&app, &deputy, &format!("{}/{id}", kind.path), BCSO).await;
            assert_eq!(stored[kind.date], good, "kept as typed");
        }
    }
}

async fn patch(app: &TestApp, client: &Client, path: &str, body: Value) -> reqwest::Response {
    send(app, client, Method::PATCH, path, BCSO, Some(&body)).await
}

#[tokio::test]
async fn nobody_reviews_a_report_they_filed_or_are_listed_on() {
    let app = app().await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let command = app.as_persona(BCSO, Persona::Command).await;

    // A use-of-force report the supervisor filed.
    let filed = json(file(&app, &supervisor, &KINDS[1], &report("")).await, 201).await;
    let own = format!("/api/uof/{}", filed["id"]);
    for attempt in [
        json!({"action": "open"}),
        json!({"action": "approve"}),
        json!({"action": "deny"}),
        json!({"status": "in_policy"}),
        json!({"supervisorNotes": "Looks fine to me."}),
    ] {
        refused(patch(&app, &supervisor, &own, attempt).await, 403, OWN_REPORT).await;
    }
    let read = get(&app, &supervisor, &own, BCSO).await;
    assert_eq!(
        (read["status"].as_str(), read["ownReport"].as_bool()),
        (Some("pending"), Some(true))
    );
    let listed = get(&app, &supervisor, "/api/uof", BCSO).await;
    assert_eq!(listed[0]["ownReport"], true);
    // Someone else reviews it.
    let signed = json(patch(&app, &command, &own, json!({"action": "approve"})).await, 200).await;
    assert_eq!(signed["supervisorSignedBy"], Persona::Command.name(BCSO));
    assert_eq!(signed["ownReport"], false);

    // An arrest a deputy filed with the supervisor listed as an arresting officer.
    let mut listing = arrest();
    listing["officers"] = json!([
        {"name": "Dale Deputy", "rank": "Deputy", "callsign": "B-12"},
        {"name": format!("  {}  ", Persona::Supervisor.name(BCSO).to_uppercase()), "rank": "Sergeant"}
    ]);
    let filed = json(file(&app, &deputy, &KINDS[0], &listing).await, 201).await;
    let path = format!("/api/arrests/{}", filed["id"]);
    for attempt in [
        json!({"action": "open"}),
        json!({"action": "approve"}),
        json!({"action": "return", "supervisorNotes": "Fix it."}),
    ] {
        refused(patch(&app, &supervisor, &path, attempt).await, 403, OWN_REPORT).await;
    }
    assert_eq!(get(&app, &supervisor, &path, BCSO).await["ownReport"], true);
    let returned = patch(
        &app,
        &command,
        &path,
        json!({"action": "return", "supervisorNotes": "Add the time."}),
    );
    assert_eq!(json(returned.await, 200).await["status"], "returned");
    // The filer still corrects and resubmits their own report.
    let resubmitted = send(&app, &deputy, Method::PUT, &path, BCSO, Some(&listing)).await;
    assert_eq!(json(resubmitted, 200).await["status"], "pending");
    assert_eq!(get(&app, &command, &path, BCSO).await["ownReport"], false);

    // The rule holds in the other agency too, and nobody reaches across.
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let theirs =
        json(send(&app, &lspd, Method::POST, "/api/uof", LSPD, Some(&report(""))).await, 201).await;
    let theirs = format!("/api/uof/{}", theirs["id"]);
    let open = json!({"action": "open"});
    refused(send(&app, &lspd, Method::PATCH, &theirs, LSPD, Some(&open)).await, 403, OWN_REPORT)
        .await;
}

#[tokio::test]
async fn a_signed_outcome_changes_only_with_a_new_signed_decision() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let filed = json(file(&app, &deputy, &KINDS[1], &report("")).await, 201).await;
    let path = format!("/api/uof/{}", filed["id"]);

    // An outcome saved without the approve action is still a signed decision.
    json(patch(&app, &supervisor, &path, json!({"action": "open"})).await, 200).await;
    let saved =
        json(patch(&app, &supervisor, &path, json!({"status": "in_policy"})).await, 200).await;
    assert_eq!(saved["status"], "in_policy");
    assert_eq!(saved["supervisorSignedBy"], Persona::Supervisor.name(BCSO));
    assert!(saved["supervisorSignedAt"].is_string(), "a decision carries its time");

    // Undoing it without a decision is refused, by anyone; nothing changes.
    for undo in [json!({"status": "pending"}), json!({"status": "under_review"})] {
        refused(patch(&app, &command, &path, undo.clone()).await, 409, SIGNED).await;
        refused(patch(&app, &supervisor, &path, undo).await, 409, SIGNED).await;
    }
    let unchanged = get(&app, &command, &path, BCSO).await;
    assert_eq!(unchanged["status"], "in_policy");
    assert_eq!(unchanged["supervisorSignedBy"], Persona::Supervisor.name(BCSO));

    // Saving the same outcome with the same notes changes nothing and signs nothing.
    json(patch(&app, &command, &path, json!({"status": "in_policy"})).await, 200).await;
    assert_eq!(
        get(&app, &command, &path, BCSO).await["supervisorSignedBy"],
        Persona::Supervisor.name(BCSO)
    );

    // A new decision by someone else is signed by them, and the history keeps both.
    let denied = json!({"status": "out_of_policy", "supervisorNotes": "Excessive."});
    let changed = json(patch(&app, &command, &path, denied).await, 200).await;
    assert_eq!(changed["status"], "out_of_policy");
    assert_eq!(changed["supervisorSignedBy"], Persona::Command.name(BCSO));
    assert_eq!(changed["supervisor"], Persona::Command.name(BCSO));
    assert_eq!(changed["supervisorNotes"], "Excessive.");
    // New notes on a signed outcome sign it again as their writer.
    let notes = json!({"supervisorNotes": "Excessive; retraining ordered."});
    let renoted = json(patch(&app, &supervisor, &path, notes).await, 200).await;
    assert_eq!(renoted["status"], "out_of_policy");
    assert_eq!(renoted["supervisorSignedBy"], Persona::Supervisor.name(BCSO));
    let history: Vec<(String, String)> = renoted["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["toStatus"].as_str().unwrap().into(), h["actor"].as_str().unwrap().into()))
        .collect();
    let (sup, cmd) = (Persona::Supervisor.name(BCSO), Persona::Command.name(BCSO));
    assert_eq!(
        history,
        [
            ("under_review".to_owned(), sup.clone()),
            ("in_policy".to_owned(), sup.clone()),
            ("out_of_policy".to_owned(), cmd),
            ("out_of_policy".to_owned(), sup),
        ]
    );
}
