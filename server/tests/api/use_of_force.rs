//! Use-of-force reports: members file them (numbers allocated by the server, never twice),
//! supervisors review and sign them through the state machine of command-and-reports §4, the
//! signer is always the viewer, every change is kept, and agencies never see each other's.

use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona},
    support::{
        app, file_report, get, lspd_cannot_reach_report, refused, review, BCSO, LSPD,
        NO_PERMISSION, SIGN_IN_REQUIRED,
    },
};

pub(crate) fn report(number: &str) -> Value {
    json!({
        "incidentNumber": number, "incidentDate": "2026-11-20T21:30", "location": "Grove Street",
        "officers": [{"name": "Dale Deputy", "rank": "Deputy", "callsign": "b - 12"}],
        "subjectName": "John Doe", "forceTypes": ["Taser"], "narrative": "The subject ran.",
        "evidence": [{"label": "Bodycam", "url": "https://video.example/1"}]
    })
}

/// Reports of this kind live at `/api/uof`.
const REPORTS: &str = "/api/uof";

#[tokio::test]
async fn members_file_reports_and_the_server_numbers_them() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    assert_eq!(get(&app, &deputy, "/api/uof/next-number", BCSO).await["incidentNumber"], "1");
    let first = json(file_report(&app, &deputy, REPORTS, BCSO, &report("")).await, 201).await;
    assert_eq!(first["incidentNumber"], "1");
    let given = json(file_report(&app, &deputy, REPORTS, BCSO, &report("41")).await, 201).await;
    assert_eq!(given["incidentNumber"], "41");
    let next = json(file_report(&app, &deputy, REPORTS, BCSO, &report(" ")).await, 201).await;
    assert_eq!(next["incidentNumber"], "42", "one more than the highest");
    refused(
        file_report(&app, &deputy, REPORTS, BCSO, &report("0041")).await,
        409,
        "Another report already has this incident number.",
    )
    .await;

    // Twenty filings at once never share a number.
    let filings = (0..20).map(|_| {
        let (app, deputy) = (&app, &deputy);
        async move { json(file_report(app, deputy, REPORTS, BCSO, &report("")).await, 201).await }
    });
    let mut numbers: Vec<String> = futures::future::join_all(filings)
        .await
        .iter()
        .map(|f| f["incidentNumber"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), 20);

    let mine = get(&app, &deputy, "/api/uof", BCSO).await;
    assert_eq!(mine.as_array().unwrap().len(), 23);
    let stored = &mine.as_array().unwrap()[22];
    assert_eq!(stored["status"], "pending");
    assert_eq!(stored["filedBy"], Persona::Deputy.name(BCSO));
    assert_eq!(stored["officers"][0]["callsign"], "B12", "spaces and dashes stripped");
    assert_eq!(stored["forceTypes"], json!(["Taser"]));
}

#[tokio::test]
async fn every_validation_message_of_a_filing() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let with = |key: &str, value: Value| {
        let mut body = report("");
        body[key] = value;
        body
    };
    let cases = [
        (with("incidentDate", json!(" ")), "Date and time are required."),
        (with("location", json!("")), "Location is required."),
        (with("forceTypes", json!([])), "Select at least one type of force used."),
        (with("forceTypes", json!(["Sword"])), "Unknown type of force 'Sword'."),
        (with("narrative", json!("  ")), "Narrative is required."),
        (with("officers", json!([{"name": " "}])), "Add at least one officer with a name."),
        (
            with("evidence", json!([{"label": "x", "url": "ftp://x"}])),
            "Evidence links must be http(s) URLs.",
        ),
    ];
    for (body, message) in cases {
        refused(file_report(&app, &deputy, REPORTS, BCSO, &body).await, 400, message).await;
    }
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(file_report(&app, &visitor, REPORTS, BCSO, &report("")).await, 401, SIGN_IN_REQUIRED)
        .await;
}

#[tokio::test]
async fn supervisors_review_and_the_signer_is_the_viewer() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let id = json(file_report(&app, &deputy, REPORTS, BCSO, &report("")).await, 201).await["id"]
        .as_i64()
        .unwrap();

    // A deputy can neither review nor sign, nor read others' reports.
    review(&app, &deputy, REPORTS, id)
        .refused(json!({"action": "approve"}), 403, NO_PERMISSION)
        .await;
    let other = app.as_persona(BCSO, Persona::Command).await;
    let theirs = json(file_report(&app, &other, REPORTS, BCSO, &report("")).await, 201).await["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/uof/{theirs}");
    refused(send(&app, &deputy, Method::GET, &path, BCSO, None).await, 404, "Report not found")
        .await;
    assert_eq!(get(&app, &deputy, "/api/uof", BCSO).await.as_array().unwrap().len(), 1, "own only");
    assert_eq!(get(&app, &supervisor, "/api/uof", BCSO).await.as_array().unwrap().len(), 2);
    // `?mine=true` lists a reviewer's own reports only (their profile).
    let own = get(&app, &other, "/api/uof?mine=true", BCSO).await;
    assert_eq!(
        own.as_array().unwrap().iter().map(|r| r["id"].as_i64()).collect::<Vec<_>>(),
        [Some(theirs)]
    );
    assert_eq!(get(&app, &supervisor, "/api/uof?mine=true", BCSO).await, json!([]));

    // Opening a pending report moves it to under review (as `{status}` alone, as the
    // specification's screen sends it).
    let as_supervisor = review(&app, &supervisor, REPORTS, id);
    let opened = as_supervisor.accepted(json!({"status": "under_review"})).await;
    assert_eq!(opened["status"], "under_review");
    let again = as_supervisor.accepted(json!({"action": "open"})).await;
    assert_eq!(again["status"], "under_review", "only pending moves on open");

    // Approve & Sign: the body names someone else; the server signs as the viewer.
    let forged = json!({"action": "approve", "supervisor": "Someone Else", "supervisorNotes": " Reasonable. ",
                        "supervisorSignedBy": "Chief Forger", "supervisorSignedAt": "2001-01-01T00:00:00Z"});
    let signed = as_supervisor.accepted(forged).await;
    assert_eq!(signed["status"], "in_policy");
    assert_eq!(signed["supervisorSignedBy"], Persona::Supervisor.name(BCSO));
    assert_eq!(signed["supervisor"], Persona::Supervisor.name(BCSO));
    assert_eq!(signed["supervisorNotes"], "Reasonable.");
    assert!(signed["supervisorSignedAt"].as_str().unwrap().starts_with("20"));
    assert!(!signed["supervisorSignedAt"].as_str().unwrap().starts_with("2001"));

    // Deny signs out of policy; a chosen outcome is a decision signed by whoever saves it.
    let denied = as_supervisor.accepted(json!({"action": "deny"})).await;
    assert_eq!(denied["status"], "out_of_policy");
    let command = app.as_persona(BCSO, Persona::Command).await;
    let chosen = review(&app, &command, REPORTS, id).accepted(json!({"status": "in_policy"})).await;
    assert_eq!(chosen["status"], "in_policy");
    assert_eq!(chosen["supervisorSignedBy"], Persona::Command.name(BCSO));
    as_supervisor
        .refused(
            json!({"status": "lost"}),
            400,
            "Unknown status 'lost'. Use one of: pending, under_review, in_policy, out_of_policy.",
        )
        .await;
    as_supervisor
        .refused(json!({"action": "return"}), 400, "Unknown review action 'return'.")
        .await;

    // Every change is in the history, with who made it.
    let detail = get(&app, &supervisor, &format!("/api/uof/{id}"), BCSO).await;
    let history: Vec<(String, String)> = detail["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| {
            (h["toStatus"].as_str().unwrap().to_owned(), h["actor"].as_str().unwrap().to_owned())
        })
        .collect();
    let (who, command) = (Persona::Supervisor.name(BCSO), Persona::Command.name(BCSO));
    assert_eq!(
        history,
        [
            ("under_review", &who),
            ("in_policy", &who),
            ("out_of_policy", &who),
            ("in_policy", &command)
        ]
        .map(|(s, w)| (s.to_owned(), w.clone()))
    );
    // The filer reads their own report, review included.
    assert_eq!(
        get(&app, &deputy, &format!("/api/uof/{id}"), BCSO).await["history"],
        detail["history"]
    );
    let missing = review(&app, &supervisor, REPORTS, 999_999);
    missing.refused(json!({"action": "open"}), 404, "Report not found").await;
}

#[tokio::test]
async fn agencies_never_see_or_review_each_others_reports() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let id = json(file_report(&app, &deputy, REPORTS, BCSO, &report("")).await, 201).await["id"]
        .as_i64()
        .unwrap();
    let lspd = lspd_cannot_reach_report(&app, REPORTS, id).await;
    // LSPD numbers its own reports from 1.
    let theirs = json(file_report(&app, &lspd, REPORTS, LSPD, &report("")).await, 201).await;
    assert_eq!(theirs["incidentNumber"], "1");
}
