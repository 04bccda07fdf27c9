//! Personnel records (issue 23), through the HTTP API: qualifications (catalogue, grants by
//! hand and by completed training, revocation, expiry at a fixed clock, items that require
//! them), leave of absence (requests, decisions, LOA on the roster from the first day and back
//! after, across instances), the personnel file (timeline, visibility, corrections, never
//! changed), and department-scoped command. Every refusal says why; agencies never see each
//! other's records.

use reqwest::{Client, Method, Response};
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{
        add_department, add_ranks, agency_db, app, get, one_connection, patch, post, put, refused,
        BCSO, HQ, HQ_DEPUTY, LSPD, NO_PERMISSION,
    },
};

async fn add_qualification(app: &TestApp, client: &Client, body: Value) -> Value {
    json(post(app, client, "/api/qualifications", BCSO, body).await, 201).await
}

/// Grants BCSO's deputy First aid, a new qualification valid ten days, as `command`.
async fn grant_first_aid_for_ten_days(app: &TestApp, command: &Client) {
    let q = add_qualification(app, command, json!({"name": "First aid", "validityDays": 10})).await;
    let dale = roster_line(app, command, &Persona::Deputy.name(BCSO)).await;
    let path = format!("/api/roster/{}/qualifications", dale["id"]);
    json(post(app, command, &path, BCSO, json!({"qualificationId": q["id"]})).await, 201).await;
}

/// The roster line of `name` in BCSO.
async fn roster_line(app: &TestApp, client: &Client, name: &str) -> Value {
    let roster = get(app, client, "/api/roster", BCSO).await;
    roster
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{name} not on {roster}"))
}

/// Changes the roster entry `entry` (as last read: its id and version) as `client`.
async fn change_member(
    app: &TestApp,
    client: &Client,
    entry: &Value,
    mut changes: Value,
) -> Response {
    changes["version"] = entry["version"].clone();
    patch(app, client, &format!("/api/roster/{}", entry["id"]), BCSO, changes).await
}

/// Changes the structure item `id` (a department, rank or role) as `client`.
async fn change_structure(app: &TestApp, client: &Client, id: &str, changes: Value) -> Response {
    patch(app, client, &format!("/api/structure/{id}"), BCSO, changes).await
}

/// Decides the leave `request` as `client`: `{"action": "approve" | "deny", "note": …}`.
async fn decide_leave(
    app: &TestApp,
    client: &Client,
    request: &Value,
    decision: Value,
) -> Response {
    patch(app, client, &format!("/api/leave/{}", request["id"]), BCSO, decision).await
}

/// Sets the levels that command their own department only, as `client`.
async fn set_scope(app: &TestApp, client: &Client, levels: Value) -> Response {
    put(app, client, "/api/command-scope", BCSO, json!({ "scopedLevels": levels })).await
}

/// Saves the whole vehicle list as `client`, over the `version` read.
async fn save_vehicles(
    app: &TestApp,
    client: &Client,
    vehicles: Value,
    version: &Value,
) -> Response {
    let body = json!({ "vehicles": vehicles, "version": version });
    put(app, client, "/api/vehicles?scope=manage", BCSO, body).await
}

#[tokio::test]
async fn the_catalogue_of_qualifications_is_commands_and_checked() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let made = add_qualification(
        &app,
        &command,
        json!({"name": " Pursuit driver ", "validityDays": 90, "description": "Pursuits"}),
    )
    .await;
    assert_eq!(
        (made["name"].clone(), made["validityDays"].clone(), made["holders"].clone()),
        (json!("Pursuit driver"), json!(90), json!(0))
    );
    refused(
        post(&app, &command, "/api/qualifications", BCSO, json!({"name": "pursuit DRIVER"})).await,
        409,
        "A qualification named 'pursuit DRIVER' exists already.",
    )
    .await;
    refused(
        post(&app, &command, "/api/qualifications", BCSO, json!({"name": " "})).await,
        400,
        "Qualification name is required.",
    )
    .await;
    refused(
        post(
            &app,
            &command,
            "/api/qualifications",
            BCSO,
            json!({"name": "X", "validityDays": 9000}),
        )
        .await,
        400,
        "A qualification lasts 1 to 3650 days, or has no expiry.",
    )
    .await;
    refused(
        post(&app, &command, "/api/qualifications", BCSO, json!({"name": "X", "templateId": 999}))
            .await,
        400,
        "Unknown training template 999.",
    )
    .await;
    refused(
        post(&app, &deputy, "/api/qualifications", BCSO, json!({"name": "Mine"})).await,
        403,
        NO_PERMISSION,
    )
    .await;
    // Members read the catalogue (the roster shows it); another agency does not see it.
    assert_eq!(get(&app, &deputy, "/api/qualifications", BCSO).await.as_array().unwrap().len(), 1);
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    assert_eq!(get(&app, &lspd, "/api/qualifications", LSPD).await, json!([]));
    let path = format!("/api/qualifications/{}", made["id"]);
    refused(
        send(&app, &lspd, Method::DELETE, &path, LSPD, None).await,
        404,
        "Qualification not found",
    )
    .await;
    // Edits keep what is left out; a deletion is audited.
    let edited =
        json(patch(&app, &command, &path, BCSO, json!({"clearValidity": true})).await, 200).await;
    assert_eq!(
        (edited["name"].clone(), edited["validityDays"].clone()),
        (json!("Pursuit driver"), Value::Null)
    );
    assert_eq!(send(&app, &command, Method::DELETE, &path, BCSO, None).await.status(), 204);
    let audit = get(&app, &command, "/api/audit?kind=qualifications", BCSO).await;
    let actions: Vec<&str> =
        audit["items"].as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["deleted", "updated", "created"]);
}

#[tokio::test]
async fn qualifications_are_granted_revoked_and_expire_on_their_day() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let q =
        add_qualification(&app, &command, json!({"name": "Marksman", "validityDays": 30})).await;
    let dale = roster_line(&app, &command, &Persona::Deputy.name(BCSO)).await;
    let path = format!("/api/roster/{}/qualifications", dale["id"]);
    let granted = json(
        post(&app, &command, &path, BCSO, json!({"qualificationId": q["id"], "note": "Range day"}))
            .await,
        201,
    )
    .await;
    assert_eq!(
        (granted["state"].clone(), granted["source"].clone(), granted["note"].clone()),
        (json!("active"), json!("command"), json!("Range day"))
    );
    let today: chrono::NaiveDate = sqlx::query_scalar("SELECT CURRENT_DATE")
        .fetch_one(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    assert_eq!(granted["expiresOn"], json!(today + chrono::Days::new(30)));
    assert_eq!(granted["grantedBy"], Persona::Command.name(BCSO));
    // Not by the member, not for oneself, not by a deputy.
    refused(
        post(&app, &deputy, &path, BCSO, json!({"qualificationId": q["id"]})).await,
        403,
        "You do not have permission to manage the roster.",
    )
    .await;
    let me = roster_line(&app, &command, &Persona::Command.name(BCSO)).await;
    refused(
        post(
            &app,
            &command,
            &format!("/api/roster/{}/qualifications", me["id"]),
            BCSO,
            json!({"qualificationId": q["id"]}),
        )
        .await,
        403,
        "You cannot grant or revoke your own qualifications.",
    )
    .await;
    // The roster shows it.
    let line = roster_line(&app, &deputy, &Persona::Deputy.name(BCSO)).await;
    assert_eq!(line["qualifications"][0]["name"], "Marksman");
    assert_eq!(line["qualifications"][0]["expired"], false);

    // At a fixed clock past its expiry it shows as expired, and is still listed.
    sqlx::query("UPDATE member_qualifications SET expires_on = CURRENT_DATE - 1")
        .execute(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    let held = get(&app, &deputy, &path, BCSO).await;
    assert_eq!(held["holdings"][0]["state"], "expired");
    assert_eq!(held["canManage"], false);
    app.state.access_cache.forget_all();
    let line = roster_line(&app, &deputy, &Persona::Deputy.name(BCSO)).await;
    assert_eq!(line["qualifications"][0]["expired"], true);
    // Renewed by a new grant, then revoked with a reason.
    let renewed =
        json(post(&app, &command, &path, BCSO, json!({"qualificationId": q["id"]})).await, 201)
            .await;
    assert_eq!(
        (renewed["id"].clone(), renewed["state"].clone()),
        (granted["id"].clone(), json!("active"))
    );
    let revoke = format!("{path}/{}/revoke", granted["id"]);
    refused(
        post(&app, &command, &revoke, BCSO, json!({"reason": " "})).await,
        400,
        "Say why the qualification is revoked.",
    )
    .await;
    let revoked = json(
        post(&app, &command, &revoke, BCSO, json!({"reason": "Failed requalification"})).await,
        200,
    )
    .await;
    assert_eq!(
        (revoked["state"].clone(), revoked["revokeReason"].clone()),
        (json!("revoked"), json!("Failed requalification"))
    );
    refused(
        post(&app, &command, &revoke, BCSO, json!({"reason": "Again"})).await,
        409,
        "That qualification was revoked already.",
    )
    .await;
    let audit = get(&app, &command, "/api/audit?kind=qualification", BCSO).await;
    let actions: Vec<&str> =
        audit["items"].as_array().unwrap().iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["revoked", "renewed", "granted"]);
    // A qualification someone was granted stays in the catalogue.
    refused(
        send(&app, &command, Method::DELETE, &format!("/api/qualifications/{}", q["id"]), BCSO, None).await,
        409,
        "Marksman has 1 grant in members' records, so it stays; rename it or stop granting it instead.",
    )
    .await;
}

#[tokio::test]
async fn an_expiring_qualification_is_announced_once() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    grant_first_aid_for_ten_days(&app, &command).await;
    let soon = get(&app, &command, "/api/qualifications/expiring", BCSO).await;
    assert_eq!(
        (soon["days"].clone(), soon["items"][0]["daysLeft"].clone()),
        (json!(14), json!(10))
    );
    assert_eq!(
        get(&app, &command, "/api/qualifications/expiring?days=5", BCSO).await["items"],
        json!([])
    );
    refused(
        send(&app, &command, Method::GET, "/api/qualifications/expiring?days=0", BCSO, None).await,
        400,
        "Days must be a whole number from 1 to 365.",
    )
    .await;
    let db = agency_db(&app, BCSO).await;
    assert_eq!(portal::shared::qualifications::announce_expiring(&db).await.unwrap(), 1);
    assert_eq!(portal::shared::qualifications::announce_expiring(&db).await.unwrap(), 0, "once");
    let audit = get(&app, &command, "/api/audit?kind=qualification", BCSO).await;
    assert_eq!(audit["items"][0]["action"], "expiring");
}

/// The calendar's round (every fifteen minutes, in every agency) asks an agency what is due in
/// one statement that no connection keeps (nor does the audit pruning), does that, and nothing
/// of one agency is due in another.
#[tokio::test]
async fn the_personnel_calendar_does_what_is_due_and_keeps_no_statement_of_its_own() {
    use portal::shared::personnel_calendar::{run, Round};
    let app = TestApp::builder().sheriff_and_police().without_jobs().build().await;
    let (bcso, lspd) = (one_connection(&app, BCSO).await, one_connection(&app, LSPD).await);
    assert_eq!(run(&bcso.db).await.unwrap(), Round::default(), "nothing is due");
    // The audit pruning, once in every agency every six hours, keeps nothing either.
    assert_eq!(portal::shared::audit::prune(&*bcso.db).await.unwrap(), 0);
    let calendars = ["leave_requests", "member_qualifications", "audit_events", "roster"];
    let kept = bcso.kept().await;
    assert!(!kept.iter().any(|sql| calendars.iter().any(|t| sql.contains(t))), "{kept:?}");

    // A qualification that expires in ten days, and an approved leave whose first day comes.
    let command = app.as_persona(BCSO, Persona::Command).await;
    grant_first_aid_for_ten_days(&app, &command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let today: chrono::NaiveDate =
        sqlx::query_scalar("SELECT CURRENT_DATE").fetch_one(&*bcso.db).await.unwrap();
    let day = |n: u64| (today + chrono::Days::new(n)).to_string();
    let body = json!({"startsOn": day(1), "endsOn": day(3), "reason": "Family"});
    let leave = json(post(&app, &deputy, "/api/leave", BCSO, body).await, 201).await;
    json(decide_leave(&app, &supervisor, &leave, json!({"action": "approve"})).await, 200).await;
    let at = |starts: i32, ends: i32| {
        sqlx::query(
            "UPDATE leave_requests SET starts_on = CURRENT_DATE + $2, ends_on = CURRENT_DATE + $3
              WHERE id = $1",
        )
        .bind(leave["id"].as_i64().unwrap())
        .bind(starts)
        .bind(ends)
    };
    at(0, 2).execute(&*bcso.db).await.unwrap();

    assert_eq!(run(&lspd.db).await.unwrap(), Round::default(), "BCSO's are not LSPD's");
    let round = run(&bcso.db).await.unwrap();
    assert_eq!(round, Round { started: 1, ended: 0, expiring: 1 });
    assert!(round.changed());
    assert_eq!(run(&bcso.db).await.unwrap(), Round::default(), "each once");
    app.state.access_cache.forget_all();
    let line = roster_line(&app, &supervisor, &Persona::Deputy.name(BCSO)).await;
    assert_eq!(
        (line["status"].clone(), line["onLeaveUntil"].clone()),
        (json!("LOA"), json!(day(2)))
    );

    // Its last day passes: the next round takes the member back.
    at(-3, -1).execute(&*bcso.db).await.unwrap();
    assert_eq!(run(&bcso.db).await.unwrap(), Round { started: 0, ended: 1, expiring: 0 });
    app.state.access_cache.forget_all();
    let line = roster_line(&app, &supervisor, &Persona::Deputy.name(BCSO)).await;
    assert_eq!(line["status"], "Active");
    let audit = get(&app, &command, "/api/audit?kind=qualification", BCSO).await;
    assert_eq!(audit["items"][0]["action"], "expiring");
    // What the question asked was never kept; the work, rare, keeps its statements as any does.
    let asked = |sql: &&String| sql.contains("EXISTS (SELECT 1 FROM leave_requests");
    assert!(!bcso.kept().await.iter().any(|sql| asked(&sql)));
}

#[tokio::test]
async fn completing_a_session_grants_its_templates_qualification_and_the_vehicle_that_requires_it()
{
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let template = json(
        post(
            &app,
            &hc,
            "/api/trainings",
            BCSO,
            json!({"title": "Pursuit course", "steps": [{"text": "Drive", "required": true}]}),
        )
        .await,
        201,
    )
    .await;
    let q = add_qualification(
        &app,
        &hc,
        json!({"name": "Pursuit driver", "validityDays": 365, "templateId": template["id"]}),
    )
    .await;
    assert_eq!(q["templateTitle"], "Pursuit course");
    // A vehicle needs it; a deputy without it does not see it.
    let current = get(&app, &hc, "/api/vehicles?scope=manage", BCSO).await;
    let vehicles = json!([{"name": "Interceptor", "allowedRanks": ["All"], "requiredQualifications": [q["id"].to_string()]},
                          {"name": "Cruiser", "allowedRanks": ["All"]}]);
    json(save_vehicles(&app, &hc, vehicles, &current["version"]).await, 200).await;
    let names = |list: &Value| {
        list["vehicles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(names(&get(&app, &deputy, "/api/vehicles", BCSO).await), ["Cruiser"]);
    let bad = json!([{"name": "Boat", "requiredQualifications": ["424242"]}]);
    let saved = json!(current["version"].as_i64().unwrap() + 1);
    refused(save_vehicles(&app, &hc, bad, &saved).await, 400, "Unknown qualification ids: 424242.")
        .await;

    let dale = roster_line(&app, &hc, &Persona::Deputy.name(BCSO)).await;
    let sam = roster_line(&app, &hc, &Persona::Supervisor.name(BCSO)).await;
    let session = json!({"templateId": template["id"], "ftos": [{"id": sam["id"].to_string(), "name": sam["name"]}],
                         "trainees": [{"id": dale["id"].to_string(), "name": dale["name"]}]});
    let made = json(post(&app, &hc, "/api/trainings/assign", BCSO, session).await, 201).await;
    let path = format!("/api/trainings/assignments/{}", made["id"]);
    json(patch(&app, &supervisor, &path, BCSO, json!({"status": "completed"})).await, 200).await;
    let held =
        get(&app, &deputy, &format!("/api/roster/{}/qualifications", dale["id"]), BCSO).await;
    let holding = &held["holdings"][0];
    assert_eq!(
        (holding["name"].clone(), holding["source"].clone(), holding["grantedBy"].clone()),
        (json!("Pursuit driver"), json!("training"), sam["name"].clone())
    );
    assert_eq!(holding["sessionId"], made["id"]);
    assert_eq!(names(&get(&app, &deputy, "/api/vehicles", BCSO).await), ["Interceptor", "Cruiser"]);
    // On its day it expires, and the vehicle goes with it.
    sqlx::query("UPDATE member_qualifications SET expires_on = CURRENT_DATE - 1")
        .execute(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    assert_eq!(names(&get(&app, &deputy, "/api/vehicles", BCSO).await), ["Cruiser"]);
}

#[tokio::test]
async fn leave_is_requested_decided_and_puts_the_member_on_loa_from_its_first_day_and_back() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let db = agency_db(&app, BCSO).await;
    let today: chrono::NaiveDate =
        sqlx::query_scalar("SELECT CURRENT_DATE").fetch_one(&*db).await.unwrap();
    let day = |n: u64| (today + chrono::Days::new(n)).to_string();
    let ask = |from: String, to: String, reason: &str| json!({"startsOn": from, "endsOn": to, "reason": reason});
    for (body, sentence) in [
        (
            ask((today - chrono::Days::new(1)).to_string(), day(2), "x"),
            "A leave cannot begin in the past.",
        ),
        (ask(day(3), day(2), "x"), "A leave ends on or after its first day."),
        (ask(day(1), day(200), "x"), "A leave lasts at most 180 days."),
        (ask(day(1), day(2), " "), "Say why you will be away."),
        (
            json!({"startsOn": "soon", "endsOn": day(2), "reason": "x"}),
            "Give the first and the last day of the leave, such as 2026-12-01.",
        ),
    ] {
        refused(post(&app, &deputy, "/api/leave", BCSO, body).await, 400, sentence).await;
    }
    let later =
        json(post(&app, &deputy, "/api/leave", BCSO, ask(day(10), day(12), "Holiday")).await, 201)
            .await;
    assert_eq!(later["status"], "pending");
    refused(
        post(&app, &deputy, "/api/leave", BCSO, ask(day(12), day(14), "More")).await,
        409,
        &format!("You already have leave from {} to {}.", day(10), day(12)),
    )
    .await;
    // The member cancels a pending one; a reviewer decides another.
    json(
        post(&app, &deputy, &format!("/api/leave/{}/cancel", later["id"]), BCSO, json!({})).await,
        200,
    )
    .await;
    let now = json(
        post(&app, &deputy, "/api/leave", BCSO, ask(today.to_string(), day(2), "Family")).await,
        201,
    )
    .await;
    let mine = get(&app, &deputy, "/api/leave?mine=true", BCSO).await;
    assert_eq!(mine.as_array().unwrap().len(), 2);
    refused(send(&app, &deputy, Method::GET, "/api/leave", BCSO, None).await, 403, NO_PERMISSION)
        .await;
    assert_eq!(
        get(&app, &supervisor, "/api/leave?status=pending", BCSO).await.as_array().unwrap().len(),
        1
    );
    refused(
        decide_leave(&app, &deputy, &now, json!({"action": "approve"})).await,
        403,
        NO_PERMISSION,
    )
    .await;
    let approved = json(
        decide_leave(&app, &supervisor, &now, json!({"action": "approve", "note": "Enjoy"})).await,
        200,
    )
    .await;
    assert_eq!(
        (approved["status"].clone(), approved["running"].clone()),
        (json!("approved"), json!(true))
    );
    refused(
        decide_leave(&app, &supervisor, &now, json!({"action": "deny"})).await,
        409,
        "Only a pending request can be approved or denied.",
    )
    .await;
    // It starts today: LOA at once, with its end on the roster.
    let line = roster_line(&app, &supervisor, &Persona::Deputy.name(BCSO)).await;
    assert_eq!(
        (line["status"].clone(), line["onLeaveUntil"].clone()),
        (json!("LOA"), json!(day(2)))
    );
    refused(
        post(&app, &deputy, &format!("/api/leave/{}/cancel", now["id"]), BCSO, json!({})).await,
        409,
        "This leave has begun or is decided and over; it cannot be cancelled.",
    )
    .await;

    // Another instance of the portal (a restart) takes it back after its last day.
    let other =
        TestApp::builder().sheriff_and_police().on_database_of(&app).without_jobs().build().await;
    let other_db = {
        let agency = other.state.registry.by_slug(BCSO).await.unwrap().unwrap();
        other.state.pools.get(&agency).await.unwrap()
    };
    let after = today + chrono::Days::new(3);
    let applied = portal::shared::leave::apply(&other_db, after).await.unwrap();
    assert_eq!((applied.started, applied.ended), (0, 1));
    assert_eq!(portal::shared::leave::apply(&other_db, after).await.unwrap().ended, 0, "once");
    app.state.access_cache.forget_all();
    let line = roster_line(&app, &supervisor, &Persona::Deputy.name(BCSO)).await;
    assert_eq!(
        (line["status"].clone(), line["onLeaveUntil"].clone()),
        (json!("Active"), Value::Null)
    );
    // The roster log says leave did it.
    let logs = get(
        &app,
        &app.as_persona(BCSO, Persona::Command).await,
        "/api/logs/roster?type=rank",
        BCSO,
    )
    .await;
    let leave_rows: Vec<&Value> = logs["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["actor"]["display"] == "Leave of absence")
        .collect();
    assert_eq!(leave_rows.len(), 2, "{logs}");

    // A leave approved ahead starts on its first day (fixed clock), not before.
    let ahead =
        json(post(&app, &deputy, "/api/leave", BCSO, ask(day(5), day(6), "Trip")).await, 201).await;
    json(decide_leave(&app, &supervisor, &ahead, json!({"action": "approve"})).await, 200).await;
    assert_eq!(
        portal::shared::leave::apply(&db, today + chrono::Days::new(4)).await.unwrap().started,
        0
    );
    assert_eq!(
        portal::shared::leave::apply(&db, today + chrono::Days::new(5)).await.unwrap().started,
        1
    );
    // A supervisor never decides their own; LSPD sees none of it.
    let own =
        json(post(&app, &supervisor, "/api/leave", BCSO, ask(day(20), day(21), "Mine")).await, 201)
            .await;
    refused(
        decide_leave(&app, &supervisor, &own, json!({"action": "approve"})).await,
        403,
        "You cannot decide your own leave request.",
    )
    .await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    assert_eq!(get(&app, &lspd, "/api/leave", LSPD).await, json!([]));
    refused(
        patch(&app, &lspd, &format!("/api/leave/{}", own["id"]), LSPD, json!({"action": "deny"}))
            .await,
        404,
        "Leave request not found",
    )
    .await;
}

#[tokio::test]
async fn the_personnel_file_tells_the_members_story_and_keeps_every_entry() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let hired = json(post(&app, &command, "/api/roster", BCSO, json!({"name": "Fay File", "callsign": "F-10", "departmentId": HQ, "rankId": HQ_DEPUTY})).await, 201).await;
    let id = hired["id"].clone();
    json(
        change_member(&app, &command, &hired, json!({"rankId": "headquarters-supervisor"})).await,
        200,
    )
    .await;
    let q = add_qualification(&app, &command, json!({"name": "Negotiator"})).await;
    json(
        post(
            &app,
            &command,
            &format!("/api/roster/{id}/qualifications"),
            BCSO,
            json!({"qualificationId": q["id"]}),
        )
        .await,
        201,
    )
    .await;
    let file_path = format!("/api/roster/{id}/file");
    let praise = json!({"kind": "commendation", "happenedOn": "2026-11-01", "text": "Calm under fire", "visibility": "member"});
    let file = json(post(&app, &command, &file_path, BCSO, praise).await, 201).await;
    let praise_id =
        file["items"].as_array().unwrap().iter().find(|i| i["kind"] == "commendation").unwrap()
            ["entryId"]
            .clone();
    let note = json!({"kind": "counselling", "happenedOn": "2026-11-02", "text": "Late to briefing", "visibility": "command"});
    json(post(&app, &command, &file_path, BCSO, note).await, 201).await;
    let fix = json!({"kind": "correction", "happenedOn": "2026-11-03", "text": "It was under heavy fire", "visibility": "member", "correctsId": praise_id});
    json(post(&app, &command, &file_path, BCSO, fix).await, 201).await;
    for (body, sentence) in [
        (
            json!({"kind": "praise", "happenedOn": "2026-11-01", "text": "x", "visibility": "member"}),
            "Choose a commendation, counselling, written warning, suspension or correction.",
        ),
        (
            json!({"kind": "correction", "happenedOn": "2026-11-01", "text": "x", "visibility": "member"}),
            "Say which entry this corrects.",
        ),
        (
            json!({"kind": "correction", "happenedOn": "2026-11-01", "text": "x", "visibility": "member", "correctsId": 999999}),
            "That entry is not in this member's file.",
        ),
        (
            json!({"kind": "commendation", "happenedOn": "2099-01-01", "text": "x", "visibility": "member"}),
            "Give the day it happened, such as 2026-11-20, not in the future.",
        ),
    ] {
        refused(post(&app, &command, &file_path, BCSO, body).await, 400, sentence).await;
    }

    let file = get(&app, &command, &file_path, BCSO).await;
    let kinds: Vec<&str> =
        file["items"].as_array().unwrap().iter().map(|i| i["kind"].as_str().unwrap()).collect();
    for kind in
        ["hired", "promotion", "qualification_granted", "commendation", "counselling", "correction"]
    {
        assert!(kinds.contains(&kind), "{kind} missing from {kinds:?}");
    }
    let praise =
        file["items"].as_array().unwrap().iter().find(|i| i["kind"] == "commendation").unwrap();
    assert_eq!(praise["corrected"], true);
    assert_eq!(file["canWrite"], true);
    let promotion =
        file["items"].as_array().unwrap().iter().find(|i| i["kind"] == "promotion").unwrap();
    assert_eq!(promotion["title"], "Promoted to Supervisor");

    // The member reads their own file without command-only entries (Fay signs in).
    app.ensure_account("700000000000009001", "Fay File");
    let current = roster_line(&app, &command, "Fay File").await;
    json(
        change_member(&app, &command, &current, json!({"discordId": "700000000000009001"})).await,
        200,
    )
    .await;
    let fay = app.signed_in("700000000000009001").await;
    let own = get(&app, &fay, &file_path, BCSO).await;
    let own_kinds: Vec<&str> =
        own["items"].as_array().unwrap().iter().map(|i| i["kind"].as_str().unwrap()).collect();
    assert!(!own_kinds.contains(&"counselling"), "{own_kinds:?}");
    assert!(own_kinds.contains(&"commendation"));
    assert_eq!(own["canWrite"], false);
    refused(post(&app, &fay, &file_path, BCSO, json!({"kind": "commendation", "happenedOn": "2026-11-01", "text": "Me", "visibility": "member"})).await, 403, "You cannot write in your own file.").await;
    // Another member may not read it; nor may another agency.
    refused(
        send(&app, &deputy, Method::GET, &file_path, BCSO, None).await,
        403,
        "You can read your own file; command reads the files of the people it manages.",
    )
    .await;
    refused(
        send(&app, &supervisor, Method::GET, &file_path, BCSO, None).await,
        403,
        "You can read your own file; command reads the files of the people it manages.",
    )
    .await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    refused(
        send(&app, &lspd, Method::GET, &file_path, LSPD, None).await,
        404,
        &format!("No roster entry {id}"),
    )
    .await;
    // Entries are never changed, even by hand in the database.
    let changed = sqlx::query("UPDATE file_entries SET text = 'rewritten'")
        .execute(&*agency_db(&app, BCSO).await)
        .await;
    assert!(changed.unwrap_err().to_string().contains("never changed or deleted"));
}

#[tokio::test]
async fn a_departments_commander_manages_that_department_only() {
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let patrol = add_department(&app, &hc, BCSO, "Patrol Division").await;
    let ranks =
        add_ranks(&app, &hc, BCSO, &patrol, &[("Officer", "deputy"), ("Lieutenant", "command")])
            .await;
    let lt_id = "700000000000008001";
    app.ensure_account(lt_id, "Lou Lieutenant");
    json(post(&app, &hc, "/api/roster", BCSO, json!({"name": "Lou Lieutenant", "callsign": "L-50", "discordId": lt_id, "departmentId": patrol, "rankId": ranks[1]})).await, 201).await;
    let officer = json(post(&app, &hc, "/api/roster", BCSO, json!({"name": "Olly Officer", "callsign": "O-51", "departmentId": patrol, "rankId": ranks[0]})).await, 201).await;
    let lieutenant = app.signed_in(lt_id).await;

    // Command is agency-wide until High Command scopes the level.
    let scope = get(&app, &lieutenant, "/api/command-scope", BCSO).await;
    assert_eq!(
        (scope["scopedLevels"].clone(), scope["viewer"]["reach"].clone()),
        (json!([]), json!("agency"))
    );
    refused(
        set_scope(&app, &lieutenant, json!(["command"])).await,
        403,
        "Only High Command decides which levels command their own department only.",
    )
    .await;
    refused(
        set_scope(&app, &hc, json!(["high_command"])).await,
        400,
        "High Command always commands the whole agency.",
    )
    .await;
    json(set_scope(&app, &hc, json!(["command"])).await, 200).await;
    let scope = get(&app, &lieutenant, "/api/command-scope", BCSO).await;
    assert_eq!(
        scope["viewer"],
        json!({"reach": "department", "id": patrol, "name": "Patrol Division"})
    );

    // Within Patrol: people, ranks, pools.
    let pools =
        json!({"rankName": "Patrol Officer", "pools": [{"prefix": "P", "start": 1, "end": 9}]});
    for accepted in [
        change_member(&app, &lieutenant, &officer, json!({"callsign": "O-52"})).await,
        change_structure(&app, &lieutenant, &ranks[0], json!({"name": "Patrol Officer"})).await,
        post(&app, &lieutenant, "/api/callsigns", BCSO, pools).await,
    ] {
        json(accepted, 200).await;
    }
    // Outside it: refused, with the department named.
    let outside = "You manage Patrol Division only; that is another department's to change.";
    let dale = roster_line(&app, &hc, &Persona::Deputy.name(BCSO)).await;
    let moved = roster_line(&app, &hc, "Olly Officer").await;
    let hire =
        json!({"name": "New HQ", "callsign": "N-01", "departmentId": HQ, "rankId": HQ_DEPUTY});
    let to_hq = json!({"departmentId": HQ, "rankId": HQ_DEPUTY});
    for refusal in [
        change_member(&app, &lieutenant, &dale, json!({"callsign": "D-99"})).await,
        post(&app, &lieutenant, "/api/roster", BCSO, hire).await,
        change_member(&app, &lieutenant, &moved, to_hq).await,
        change_structure(&app, &lieutenant, HQ_DEPUTY, json!({"name": "Mine"})).await,
        post(&app, &lieutenant, "/api/callsigns", BCSO, json!({"rankName": "Deputy", "pools": []}))
            .await,
    ] {
        refused(refusal, 403, outside).await;
    }
    let rogue = json!({"type": "department", "data": {"name": "Rogue"}});
    refused(
        post(&app, &lieutenant, "/api/structure", BCSO, rogue).await,
        403,
        "Only agency-wide command adds departments.",
    )
    .await;
    // Catalogues: which of Patrol's ranks may use an item, nothing more.
    let current = get(&app, &hc, "/api/vehicles?scope=manage", BCSO).await;
    let made = json(
        save_vehicles(
            &app,
            &hc,
            json!([{"name": "Cruiser", "allowedRanks": [HQ_DEPUTY]}]),
            &current["version"],
        )
        .await,
        200,
    )
    .await;
    let mut cruiser = made["vehicles"][0].clone();
    cruiser["allowedRanks"] = json!([HQ_DEPUTY, ranks[0]]);
    let ok = json(
        save_vehicles(&app, &lieutenant, json!([cruiser.clone()]), &made["version"]).await,
        200,
    )
    .await;
    cruiser["name"] = json!("Renamed");
    refused(
        save_vehicles(&app, &lieutenant, json!([cruiser]), &ok["version"]).await,
        403,
        "You manage Patrol Division only: you may change which of its ranks may use an item, nothing else.",
    )
    .await;

    // A department role that grants agency-wide command (set by High Command only) lifts it.
    let role = crate::support::add_item(&app, &hc, BCSO, "role", &patrol, "Acting commander").await;
    refused(
        change_structure(&app, &lieutenant, &role, json!({"grantsAgencyCommand": true})).await,
        403,
        "Only High Command decides which roles command the whole agency.",
    )
    .await;
    json(change_structure(&app, &hc, &role, json!({"grantsAgencyCommand": true})).await, 200).await;
    let me = roster_line(&app, &hc, "Lou Lieutenant").await;
    json(change_member(&app, &hc, &me, json!({"roles": [role]})).await, 200).await;
    let dale = roster_line(&app, &hc, &Persona::Deputy.name(BCSO)).await;
    json(change_member(&app, &lieutenant, &dale, json!({"callsign": "D-98"})).await, 200).await;
    // High Command is never scoped.
    json(
        post(
            &app,
            &hc,
            "/api/structure",
            BCSO,
            json!({"type": "department", "data": {"name": "Marine Unit"}}),
        )
        .await,
        201,
    )
    .await;
}
