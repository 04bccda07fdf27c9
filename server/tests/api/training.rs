//! Field training: templates and sessions with every validation message of command-and-reports
//! §5, checklist ticks recorded as the viewer, who may change what, a trainee's own sessions,
//! and isolation between agencies.

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{app, call, get, refused, BCSO, LSPD, NO_PERMISSION, SIGN_IN_REQUIRED},
};

/// The roster id and name of `persona` in BCSO, as the session pickers send them.
async fn person(app: &TestApp, client: &Client, persona: Persona) -> Value {
    let roster = get(app, client, "/api/roster", BCSO).await;
    let entry = roster
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == Persona::name(persona, BCSO))
        .unwrap()
        .clone();
    json!({"id": entry["id"].to_string(), "name": entry["name"]})
}

async fn template(app: &TestApp, supervisor: &Client) -> i64 {
    let body = json!({"title": " Patrol basics ", "description": " Week one ",
        "steps": [{"id": "s1", "text": " Radio check ", "required": true}, {"id": "s2", "text": "  ", "required": true},
                  {"id": "s3", "text": "Traffic stop", "required": false}]});
    let created =
        json(call(app, supervisor, Method::POST, "/api/trainings", Some(&body)).await, 201).await;
    assert_eq!(created["title"], "Patrol basics");
    assert_eq!(created["description"], "Week one");
    assert_eq!(created["steps"].as_array().unwrap().len(), 2, "the empty step is dropped");
    created["id"].as_i64().unwrap()
}

#[tokio::test]
async fn templates_are_kept_by_training_managers() {
    let app = app().await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let id = template(&app, &supervisor).await;
    let path = format!("/api/trainings/{id}");
    refused(
        call(&app, &supervisor, Method::PATCH, &path, Some(&json!({"title": "  "}))).await,
        400,
        "Template title is required",
    )
    .await;
    let renamed =
        json!({"title": "Patrol basics II", "steps": [{"text": "Radio check", "required": true}]});
    let updated =
        json(call(&app, &supervisor, Method::PATCH, &path, Some(&renamed)).await, 200).await;
    assert_eq!(updated["title"], "Patrol basics II");
    assert!(!updated["steps"][0]["id"].as_str().unwrap().is_empty(), "a new step gets an id");
    // Deputies read templates (the Training page) but do not keep them.
    assert_eq!(get(&app, &deputy, "/api/trainings", BCSO).await.as_array().unwrap().len(), 1);
    let create = json!({"title": "Mine"});
    refused(
        call(&app, &deputy, Method::POST, "/api/trainings", Some(&create)).await,
        403,
        NO_PERMISSION,
    )
    .await;
    refused(call(&app, &deputy, Method::DELETE, &path, None).await, 403, NO_PERMISSION).await;
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(call(&app, &visitor, Method::GET, "/api/trainings", None).await, 401, SIGN_IN_REQUIRED)
        .await;
    assert_eq!(call(&app, &supervisor, Method::DELETE, &path, None).await.status(), 204);
    refused(call(&app, &supervisor, Method::DELETE, &path, None).await, 404, "Template not found")
        .await;
}

#[tokio::test]
async fn sessions_follow_the_rules_and_ticks_record_the_viewer() {
    let app = app().await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let template_id = template(&app, &supervisor).await;
    let trainee = person(&app, &supervisor, Persona::Deputy).await;
    let fto = person(&app, &supervisor, Persona::Command).await;

    let assign = |body: Value| {
        let (app, supervisor) = (&app, &supervisor);
        async move { call(app, supervisor, Method::POST, "/api/trainings/assign", Some(&body)).await }
    };
    refused(assign(json!({"trainees": [trainee]})).await, 400, "Select a training template").await;
    refused(
        assign(json!({"templateId": 999999, "trainees": [trainee]})).await,
        400,
        "Select a training template",
    )
    .await;
    refused(
        assign(json!({"templateId": template_id, "trainees": [{"id": "", "name": ""}]})).await,
        400,
        "Add at least one trainee",
    )
    .await;
    let body = json!({"templateId": template_id, "sessionName": " Ride-along ", "notes": "Bring a radio",
        "ftos": [fto, fto, {"id": "", "name": ""}], "trainees": [trainee], "scheduledAt": "2026-12-01T18:00:00Z"});
    let session = json(assign(body).await, 201).await;
    assert_eq!(session["status"], "scheduled");
    assert_eq!(session["sessionName"], "Ride-along");
    assert_eq!(session["templateTitle"], "Patrol basics");
    assert_eq!(session["ftos"].as_array().unwrap().len(), 1, "people are stored once");
    assert_eq!(session["checklist"].as_array().unwrap().len(), 2);
    let id = session["id"].as_i64().unwrap();
    let path = format!("/api/trainings/assignments/{id}");

    // The FTO of the session ticks an item: the server records them, not the body's name.
    let tick =
        json!({"updateItem": {"id": "s1", "done": true, "doneBy": "Forged", "doneById": "0"}});
    let ticked = json(call(&app, &command, Method::PATCH, &path, Some(&tick)).await, 200).await;
    assert_eq!(ticked["checklist"][0]["done"], true);
    assert_eq!(ticked["checklist"][0]["doneBy"], Persona::Command.name(BCSO));
    assert_eq!(ticked["checklist"][0]["doneById"], fto["id"]);
    assert!(ticked["checklist"][0]["doneAt"].is_string());
    let untick = json!({"updateItem": {"id": "s1", "done": false}});
    let unticked = json(call(&app, &command, Method::PATCH, &path, Some(&untick)).await, 200).await;
    assert_eq!(unticked["checklist"][0]["doneBy"], Value::Null);
    assert_eq!(unticked["checklist"][0]["doneAt"], Value::Null);
    let missing = json!({"updateItem": {"id": "zz", "done": true}});
    refused(
        call(&app, &command, Method::PATCH, &path, Some(&missing)).await,
        400,
        "Checklist item not found",
    )
    .await;

    // Status and the other fields; a session keeps a trainee.
    let done = json(
        call(&app, &command, Method::PATCH, &path, Some(&json!({"status": "completed"}))).await,
        200,
    )
    .await;
    assert_eq!(done["status"], "completed");
    refused(
        call(&app, &command, Method::PATCH, &path, Some(&json!({"status": "done"}))).await,
        400,
        "Status must be scheduled, in_progress or completed.",
    )
    .await;
    refused(
        call(&app, &supervisor, Method::PATCH, &path, Some(&json!({"trainees": []}))).await,
        400,
        "A session must have at least one trainee",
    )
    .await;
    let cleared = json(
        call(&app, &supervisor, Method::PATCH, &path, Some(&json!({"scheduledAt": null}))).await,
        200,
    )
    .await;
    assert_eq!(cleared["scheduledAt"], Value::Null);

    // The trainee is neither manager nor FTO: they read, and see it as their own training.
    refused(call(&app, &deputy, Method::PATCH, &path, Some(&tick)).await, 403, NO_PERMISSION).await;
    refused(call(&app, &deputy, Method::DELETE, &path, None).await, 403, NO_PERMISSION).await;
    let mine = get(&app, &deputy, "/api/trainings/assignments?trainee=me", BCSO).await;
    assert_eq!(mine.as_array().unwrap().len(), 1);
    assert_eq!(mine[0]["status"], "completed");
    assert_eq!(get(&app, &command, "/api/trainings/assignments?trainee=me", BCSO).await, json!([]));

    // Deleting the template leaves the session whole.
    let template_path = format!("/api/trainings/{template_id}");
    assert_eq!(call(&app, &supervisor, Method::DELETE, &template_path, None).await.status(), 204);
    let kept = get(&app, &deputy, &path, BCSO).await;
    assert_eq!(
        (kept["templateId"].clone(), kept["checklist"].as_array().unwrap().len()),
        (Value::Null, 2)
    );
    assert_eq!(call(&app, &supervisor, Method::DELETE, &path, None).await.status(), 204);
    refused(call(&app, &deputy, Method::GET, &path, None).await, 404, "Session not found").await;
}

#[tokio::test]
async fn ftos_tick_and_note_managers_change_people_and_nobody_trains_themselves() {
    let app = app().await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let template_id = template(&app, &supervisor).await;
    let fto = person(&app, &supervisor, Persona::Deputy).await;
    let trainee = person(&app, &supervisor, Persona::Command).await;
    let other = person(&app, &supervisor, Persona::HighCommand).await;
    const BOTH: &str = "Nobody can be both an FTO and a trainee of one session.";
    const MANAGERS: &str = "Only training managers change a session's FTOs, trainees, name or time; FTOs tick steps and change notes and status.";

    // Nobody is both FTO and trainee: by roster id, or by name where an id is missing.
    let assign = |body: Value| {
        let (app, supervisor) = (&app, &supervisor);
        async move { call(app, supervisor, Method::POST, "/api/trainings/assign", Some(&body)).await }
    };
    let twice = json!({"templateId": template_id, "ftos": [fto], "trainees": [trainee, fto]});
    refused(assign(twice).await, 400, BOTH).await;
    let by_name = json!({"id": "", "name": Persona::Deputy.name(BCSO).to_uppercase()});
    let named = json!({"templateId": template_id, "ftos": [fto], "trainees": [by_name]});
    refused(assign(named).await, 400, BOTH).await;
    let body = json!({"templateId": template_id, "sessionName": "Ride-along", "ftos": [fto], "trainees": [trainee]});
    let session = json(assign(body).await, 201).await;
    let path = format!("/api/trainings/assignments/{}", session["id"]);
    let patch = |client: &Client, body: Value| {
        let (app, client, path) = (&app, client.clone(), path.clone());
        async move { call(app, &client, Method::PATCH, &path, Some(&body)).await }
    };

    // The deputy FTO (not a training manager) ticks, writes notes and sets the status, also
    // when the Manage dialog sends the people back unchanged.
    let tick = json!({"updateItem": {"id": "s1", "done": true}});
    assert_eq!(session["status"], "scheduled");
    // The first step done starts the session (issue 21); unticking does not move it back.
    assert_eq!(json(patch(&deputy, tick).await, 200).await["status"], "in_progress");
    let untick = json!({"updateItem": {"id": "s1", "done": false}});
    assert_eq!(json(patch(&deputy, untick).await, 200).await["status"], "in_progress");
    let tick = json!({"updateItem": {"id": "s1", "done": true}});
    json(patch(&deputy, tick).await, 200).await;
    let whole = json!({"notes": "Good radio work", "status": "in_progress", "sessionName": "Ride-along",
        "ftos": [fto], "trainees": [trainee]});
    let noted = json(patch(&deputy, whole).await, 200).await;
    assert_eq!(
        (noted["notes"].as_str(), noted["status"].as_str()),
        (Some("Good radio work"), Some("in_progress"))
    );
    // ... but changes neither the people nor the name or time.
    for change in [
        json!({"trainees": [trainee, other]}),
        json!({"ftos": [fto, other]}),
        json!({"ftos": []}),
        json!({"sessionName": "Renamed"}),
        json!({"scheduledAt": "2026-12-24T18:00:00Z"}),
    ] {
        refused(patch(&deputy, change).await, 403, MANAGERS).await;
    }
    let kept = get(&app, &deputy, &path, BCSO).await;
    assert_eq!((kept["ftos"].clone(), kept["trainees"].clone()), (json!([fto]), json!([trainee])));
    // A training manager does; but not into someone being both.
    let added = json(patch(&supervisor, json!({"trainees": [trainee, other]})).await, 200).await;
    assert_eq!(added["trainees"].as_array().unwrap().len(), 2);
    refused(patch(&supervisor, json!({"ftos": [fto, trainee]})).await, 400, BOTH).await;

    // The trainee never ticks their own steps, though a training manager.
    let own = json!({"updateItem": {"id": "s3", "done": true}});
    refused(patch(&command, own).await, 403, "Trainees cannot tick their own training steps.")
        .await;
    assert_eq!(get(&app, &command, &path, BCSO).await["checklist"][1]["done"], false);
    // Losing the FTO place loses the power.
    let manager = person(&app, &supervisor, Persona::Supervisor).await;
    json(patch(&supervisor, json!({"ftos": [manager]})).await, 200).await;
    let untick = json!({"updateItem": {"id": "s1", "done": false}});
    refused(patch(&deputy, untick).await, 403, NO_PERMISSION).await;
}

#[tokio::test]
async fn agencies_never_see_each_others_training() {
    let app = app().await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let template_id = template(&app, &supervisor).await;
    let trainee = person(&app, &supervisor, Persona::Deputy).await;
    let body = json!({"templateId": template_id, "trainees": [trainee]});
    let session = json(
        call(&app, &supervisor, Method::POST, "/api/trainings/assign", Some(&body)).await,
        201,
    )
    .await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    assert_eq!(get(&app, &lspd, "/api/trainings", LSPD).await, json!([]));
    assert_eq!(get(&app, &lspd, "/api/trainings/assignments", LSPD).await, json!([]));
    let path = format!("/api/trainings/assignments/{}", session["id"]);
    refused(send(&app, &lspd, Method::GET, &path, LSPD, None).await, 404, "Session not found")
        .await;
    refused(send(&app, &lspd, Method::GET, "/api/trainings", BCSO, None).await, 403, NO_PERMISSION)
        .await;
    let stolen = json!({"templateId": template_id, "trainees": [trainee]});
    refused(
        send(&app, &lspd, Method::POST, "/api/trainings/assign", LSPD, Some(&stolen)).await,
        400,
        "Select a training template",
    )
    .await;
    let tick = json!({"updateItem": {"id": "s1", "done": true}});
    refused(send(&app, &lspd, Method::PATCH, &path, BCSO, Some(&tick)).await, 403, NO_PERMISSION)
        .await;
}
