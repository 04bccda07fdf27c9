//! Arrest reports: filing (every validation message, case numbers allocated by the server and
//! never twice, incident number = case number, totals), the arrest review machine (approve and
//! sign, return with notes, refile by the filer), refusals, and isolation between agencies.

use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona},
    support::{
        app, file_report, get, lspd_cannot_reach_report, refused, review, BCSO, LSPD,
        NO_PERMISSION, SIGN_IN_REQUIRED,
    },
};

pub(crate) fn arrest() -> Value {
    json!({
        "incidentNumber": "whatever", "arrestType": "On view", "arrestDate": "2026-11-20T21:30",
        "location": "Vinewood Blvd",
        "officers": [{"name": "Dale Deputy", "rank": "Deputy", "callsign": "B-12"}],
        "suspect": {"name": "John Doe", "address": "1 Grove St", "description": "Tall"},
        "charges": [{"statute": "PC 101", "charge": "Petty theft", "count": 2, "time": 3, "bond": 250},
                    {"statute": "PC 205", "charge": "Resisting", "count": 1, "time": 6, "bond": 1000}],
        "witnesses": [{"name": "Ann", "contact": "555-0100"}],
        "evidence": [{"label": "Dashcam", "url": "https://video.example/2"}],
        "narrative": "Observed the theft."
    })
}

/// Reports of this kind live at `/api/arrests`.
const REPORTS: &str = "/api/arrests";

#[tokio::test]
async fn members_file_arrests_numbered_by_the_server() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    assert_eq!(get(&app, &deputy, "/api/arrests/next-number", BCSO).await["caseNumber"], "1");
    let first = json(file_report(&app, &deputy, REPORTS, BCSO, &arrest()).await, 201).await;
    assert_eq!(first["caseNumber"], "1");
    let mut numbered = arrest();
    numbered["caseNumber"] = json!(40);
    assert_eq!(
        json(file_report(&app, &deputy, REPORTS, BCSO, &numbered).await, 201).await["caseNumber"],
        "40"
    );
    refused(
        file_report(&app, &deputy, REPORTS, BCSO, &numbered).await,
        409,
        "Another arrest report already has this case number.",
    )
    .await;
    let filings = (0..15).map(|_| {
        let (app, deputy) = (&app, &deputy);
        async move { json(file_report(app, deputy, REPORTS, BCSO, &arrest()).await, 201).await }
    });
    let mut numbers: Vec<String> = futures::future::join_all(filings)
        .await
        .iter()
        .map(|f| f["caseNumber"].as_str().unwrap().to_owned())
        .collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), 15, "no two filings share a case number");
    assert!(numbers.contains(&"41".to_owned()));

    let id = first["id"].as_i64().unwrap();
    let stored = get(&app, &deputy, &format!("/api/arrests/{id}"), BCSO).await;
    assert_eq!(stored["incidentNumber"], stored["caseNumber"], "incident number = case number");
    assert_eq!(stored["totals"], json!({"time": 12, "bond": 1500}));
    assert_eq!(stored["filedBy"], Persona::Deputy.name(BCSO));
    assert_eq!(stored["officers"][0]["callsign"], "B12");
    assert_eq!(stored["status"], "pending");
}

#[tokio::test]
async fn every_validation_message_of_a_filing() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let with = |path: &[&str], value: Value| {
        let mut body = arrest();
        let mut at = &mut body;
        for key in &path[..path.len() - 1] {
            at = if let Ok(i) = key.parse::<usize>() { &mut at[i] } else { &mut at[*key] };
        }
        at[path[path.len() - 1]] = value;
        body
    };
    let cases = [
        (with(&["arrestDate"], json!("")), "Arrest date is required."),
        (with(&["location"], json!(" ")), "Location is required."),
        (with(&["suspect", "name"], json!("")), "Suspect name is required."),
        (with(&["charges"], json!([])), "Add at least one charge."),
        (with(&["charges", "0", "count"], json!(0)), "Each charge needs a count of at least 1."),
        (with(&["charges", "0", "bond"], json!(-5)), "Time and bond must be whole numbers from 0."),
        (with(&["charges", "0", "statute"], json!("")), "Each charge needs a statute or a charge."),
        (with(&["officers"], json!([])), "Add at least one officer with a name."),
        (
            with(&["evidence", "0", "url"], json!("javascript:alert(1)")),
            "Evidence links must be http(s) URLs.",
        ),
        (
            with(&["caseNumber"], json!(-3)),
            "Case number must be a whole number from 1 to 999999999.",
        ),
    ];
    // The statute case blanks the charge too, so the row names nothing.
    let mut cases = cases.to_vec();
    cases[6].0["charges"][0]["charge"] = json!("");
    for (body, message) in cases {
        refused(file_report(&app, &deputy, REPORTS, BCSO, &body).await, 400, message).await;
    }
    let mut text_count = arrest();
    text_count["charges"][0]["count"] = json!("two");
    assert_eq!(
        file_report(&app, &deputy, REPORTS, BCSO, &text_count).await.status(),
        400,
        "counts are numbers"
    );
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(file_report(&app, &visitor, REPORTS, BCSO, &arrest()).await, 401, SIGN_IN_REQUIRED)
        .await;
}

#[tokio::test]
async fn supervisors_approve_or_return_and_filers_resubmit() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let id = json(file_report(&app, &deputy, REPORTS, BCSO, &arrest()).await, 201).await["id"]
        .as_i64()
        .unwrap();

    review(&app, &deputy, REPORTS, id)
        .refused(json!({"action": "approve"}), 403, NO_PERMISSION)
        .await;
    let as_supervisor = review(&app, &supervisor, REPORTS, id);
    assert_eq!(as_supervisor.accepted(json!({"action": "open"})).await["status"], "under_review");
    as_supervisor
        .refused(
            json!({"action": "return", "supervisorNotes": " "}),
            400,
            "Write review notes that say what to correct.",
        )
        .await;
    let returned = json!({"action": "return", "supervisorNotes": "Add the second officer."});
    let returned = as_supervisor.accepted(returned).await;
    assert_eq!(returned["status"], "returned");
    assert_eq!(returned["supervisorNotes"], "Add the second officer.");
    assert_eq!(returned["supervisorSignedBy"], Value::Null);
    let approve = json!({"action": "approve"});
    let returned_is_not_approved = "A report that is returned cannot be given 'approve'.";
    as_supervisor.refused(approve.clone(), 400, returned_is_not_approved).await;
    as_supervisor
        .refused(json!({"action": "refile"}), 400, "Unknown review action 'refile'.")
        .await;

    // Only the filer resubmits, and only a returned report.
    let mut corrected = arrest();
    corrected["officers"] = json!([{"name": "Dale Deputy"}, {"name": "Sam Second"}]);
    let path = format!("/api/arrests/{id}");
    let command = app.as_persona(BCSO, Persona::Command).await;
    refused(
        send(&app, &command, Method::PUT, &path, BCSO, Some(&corrected)).await,
        404,
        "Report not found",
    )
    .await;
    let again =
        json(send(&app, &deputy, Method::PUT, &path, BCSO, Some(&corrected)).await, 200).await;
    assert_eq!(again["status"], "pending");
    assert_eq!(again["officers"][1]["name"], "Sam Second");
    assert_eq!(again["supervisor"], Persona::Supervisor.name(BCSO), "the review stays on record");
    refused(
        send(&app, &deputy, Method::PUT, &path, BCSO, Some(&corrected)).await,
        409,
        "Only a report returned for correction can be resubmitted.",
    )
    .await;

    // Approve & Sign: the signer is the viewer.
    let approved = as_supervisor.accepted(approve).await;
    assert_eq!(approved["status"], "approved");
    assert_eq!(approved["supervisorSignedBy"], Persona::Supervisor.name(BCSO));
    let history: Vec<&str> = approved["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["toStatus"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["under_review", "returned", "pending", "approved"]);
    assert_eq!(
        approved["history"][2]["actor"],
        Persona::Deputy.name(BCSO),
        "the refile is the filer's"
    );

    // Members see their own; reviewers see all and filter by status.
    json(file_report(&app, &command, REPORTS, BCSO, &arrest()).await, 201).await;
    assert_eq!(get(&app, &deputy, "/api/arrests", BCSO).await.as_array().unwrap().len(), 1);
    assert_eq!(get(&app, &supervisor, "/api/arrests", BCSO).await.as_array().unwrap().len(), 2);
    assert_eq!(get(&app, &supervisor, "/api/arrests?mine=true", BCSO).await, json!([]));
    let own = get(&app, &command, "/api/arrests?mine=true", BCSO).await;
    assert_eq!(own.as_array().unwrap().len(), 1);
    assert_eq!(own[0]["filedBy"], Persona::Command.name(BCSO));
    let pending = get(&app, &supervisor, "/api/arrests?status=pending", BCSO).await;
    assert_eq!(pending.as_array().unwrap().len(), 1);
    let bad = send(&app, &supervisor, Method::GET, "/api/arrests?status=lost", BCSO, None).await;
    refused(
        bad,
        400,
        "Unknown status 'lost'. Use one of: pending, under_review, approved, returned.",
    )
    .await;
}

#[tokio::test]
async fn agencies_never_see_or_review_each_others_arrests() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let id = json(file_report(&app, &deputy, REPORTS, BCSO, &arrest()).await, 201).await["id"]
        .as_i64()
        .unwrap();
    let lspd = lspd_cannot_reach_report(&app, REPORTS, id).await;
    assert_eq!(
        json(file_report(&app, &lspd, REPORTS, LSPD, &arrest()).await, 201).await["caseNumber"],
        "1"
    );
}
