//! Recruitment (issue 26), through the HTTP API: forms with ordered questions, stages and
//! reviewers (command's); applying (anyone signed in with Discord and not on the roster, one
//! open application per form, answers checked per kind with sentences naming the question,
//! rate limited per account and address); the applicant's status page (no notes, no votes);
//! reviews by the form's reviewers only, never of one's own; the hire (accepted only, by
//! roster managers within their command, one roster entry even when clicked twice, a free
//! callsign of the rank's pools, logged and audited); isolation between agencies.

use reqwest::{Client, Method, Response};
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{
        agency_db, audit_rows, count_rows, get, patrol_department, pool, post, refused, set_pools,
        BCSO, LSPD, NO_PERMISSION, SIGN_IN_REQUIRED,
    },
};

const ON_ROSTER: &str =
    "You are on this agency's roster already; applications are for people who are not.";
const NOT_A_REVIEWER: &str = "You do not review applications to this form.";
const OWN_APPLICATION: &str = "You cannot review your own application.";
const NOT_ACCEPTED: &str =
    "Only an accepted application can be hired: move it to an accepted stage first.";
const CANNOT_MANAGE: &str = "You do not have permission to manage the roster.";

/// Discord accounts of people on no roster.
const TAYLOR: (&str, &str) = ("710000000000000001", "Taylor Quinn");
const JAMIE: (&str, &str) = ("710000000000000002", "Jamie Ortiz");
const ROBIN: (&str, &str) = ("710000000000000003", "Robin Park");
const AVERY: (&str, &str) = ("710000000000000004", "Avery Stone");

/// A browser signed in as a Discord account that is on no roster.
async fn applicant(app: &TestApp, (id, name): (&str, &str)) -> Client {
    app.ensure_account(id, name);
    app.signed_in(id).await
}

/// A form with one question of every kind.
fn form_body(title: &str) -> Value {
    json!({
        "title": title,
        "description": "Tell us about yourself.",
        "isOpen": true,
        "questions": [
            {"id": "name", "label": "Character name", "kind": "short_text", "required": true},
            {"id": "story", "label": "Your story", "kind": "long_text"},
            {"id": "shift", "label": "Shift", "kind": "choice", "required": true, "options": ["Day", "Night"]},
            {"id": "langs", "label": "Languages", "kind": "multiple_choice", "options": ["English", "Spanish"]},
            {"id": "mic", "label": "Microphone", "kind": "yes_no", "required": true},
            {"id": "age", "label": "Age", "kind": "number", "required": true},
            {"id": "start", "label": "Start date", "kind": "date"}
        ]
    })
}

fn answers() -> Value {
    json!({"name": "Taylor Quinn", "shift": "Night", "mic": true, "age": 22})
}

async fn make_form(app: &TestApp, command: &Client, agency: &str, body: Value) -> Value {
    json(post(app, command, "/api/applications/forms", agency, body).await, 201).await
}

async fn apply(
    app: &TestApp,
    who: &Client,
    agency: &str,
    form: &Value,
    answers: Value,
) -> Response {
    let path = format!("/api/apply/forms/{}", form["id"]);
    post(app, who, &path, agency, json!({"answers": answers})).await
}

fn stage(form: &Value, name: &str) -> i64 {
    form["stages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("no stage {name} in {form}"))["id"]
        .as_i64()
        .unwrap()
}

async fn move_to(app: &TestApp, who: &Client, id: i64, body: Value) -> Response {
    post(app, who, &format!("/api/applications/{id}/move"), BCSO, body).await
}

async fn vote(app: &TestApp, who: &Client, id: i64, vote: &str) -> Response {
    let body = json!({"vote": vote});
    send(app, who, Method::PUT, &format!("/api/applications/{id}/vote"), BCSO, Some(&body)).await
}

async fn audit_count(app: &TestApp, slug: &str) -> i64 {
    count_rows(app, slug, "audit_events").await
}

#[tokio::test]
async fn command_keeps_forms_with_ordered_questions_stages_and_reviewers() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    for (persona, status, message) in [
        (Persona::Visitor, 401, SIGN_IN_REQUIRED),
        (Persona::Deputy, 403, NO_PERMISSION),
        (Persona::Supervisor, 403, NO_PERMISSION),
    ] {
        let who = app.as_persona(BCSO, persona).await;
        refused(
            send(&app, &who, Method::GET, "/api/applications/forms", BCSO, None).await,
            status,
            message,
        )
        .await;
        refused(
            post(&app, &who, "/api/applications/forms", BCSO, form_body("X")).await,
            status,
            message,
        )
        .await;
    }

    let made = make_form(&app, &command, BCSO, form_body(" Deputy application ")).await;
    assert_eq!(made["title"], "Deputy application");
    let stages: Vec<(Value, Value)> = made["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["name"].clone(), s["kind"].clone()))
        .collect();
    assert_eq!(
        stages,
        [
            (json!("Submitted"), json!("open")),
            (json!("Interview"), json!("open")),
            (json!("Accepted"), json!("accepted")),
            (json!("Denied"), json!("denied")),
        ]
    );
    let ids: Vec<&str> =
        made["questions"].as_array().unwrap().iter().map(|q| q["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["name", "story", "shift", "langs", "mic", "age", "start"]);

    for (body, message) in [
        (json!({"title": "X", "questions": []}), "Add at least one question."),
        (
            json!({"title": "X", "questions": [{"label": "Q", "kind": "choice", "options": ["A"]}]}),
            "Question \"Q\" needs at least two options.",
        ),
        (
            json!({"title": "X", "questions": [{"label": "Q", "kind": "essay"}]}),
            "Question \"Q\" has an unknown kind 'essay': use short_text, long_text, choice, multiple_choice, yes_no, number or date.",
        ),
        (
            json!({"title": "X", "questions": [{"label": "Q", "kind": "date"}], "reviewerLevels": ["chief"]}),
            "Unknown level 'chief'.",
        ),
        (
            json!({"title": "X", "questions": [{"label": "Q", "kind": "date"}],
                   "stages": [{"name": "New", "kind": "open"}, {"name": "No", "kind": "denied"}]}),
            "A form needs at least one open stage, one accepted stage and one denied stage.",
        ),
    ] {
        refused(post(&app, &command, "/api/applications/forms", BCSO, body).await, 400, message)
            .await;
    }

    // Saved whole: questions reordered, a stage renamed and one added; the version moves on.
    let path = format!("/api/applications/forms/{}", made["id"]);
    let mut edit = form_body("Deputy application");
    let questions = edit["questions"].as_array_mut().unwrap();
    questions.reverse();
    edit["stages"] = json!([
        {"id": stage(&made, "Submitted"), "name": "Submitted", "kind": "open"},
        {"name": "Background check", "kind": "open"},
        {"id": stage(&made, "Interview"), "name": "Interview (Discord)", "kind": "open"},
        {"id": stage(&made, "Accepted"), "name": "Accepted", "kind": "accepted"},
        {"id": stage(&made, "Denied"), "name": "Denied", "kind": "denied"},
    ]);
    edit["reviewerLevels"] = json!(["supervisor"]);
    refused(
        send(&app, &command, Method::PUT, &path, BCSO, Some(&edit)).await,
        400,
        "Send the version of the form you edited.",
    )
    .await;
    edit["version"] = json!(1);
    let saved = json(send(&app, &command, Method::PUT, &path, BCSO, Some(&edit)).await, 200).await;
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["questions"][0]["id"], "start");
    assert_eq!(saved["reviewerLevels"], json!(["supervisor"]));
    let names: Vec<&str> =
        saved["stages"].as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["Submitted", "Background check", "Interview (Discord)", "Accepted", "Denied"]
    );
    assert_eq!(stage(&saved, "Interview (Discord)"), stage(&made, "Interview"), "renamed in place");
    let stale = send(&app, &command, Method::PUT, &path, BCSO, Some(&edit)).await;
    let stale = json(stale, 409).await;
    assert_eq!(
        stale["error"],
        "Someone else saved this form since you opened it. Review their changes and save again."
    );
    assert_eq!(stale["current"]["version"], 2);
    assert_eq!(get(&app, &command, &path, BCSO).await["version"], 2);
    assert_eq!(
        get(&app, &command, "/api/applications/forms", BCSO).await.as_array().unwrap().len(),
        1
    );

    // One row per write, none for the refused ones; the reorder shows as the questions' positions.
    let rows = audit_rows(&app, BCSO, "application_form").await;
    let actions: Vec<&str> = rows.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(actions, ["created", "updated"]);
    let diff: Value = sqlx::query_scalar(
        "SELECT diff FROM audit_events WHERE kind = 'application_form' AND action = 'updated'",
    )
    .fetch_one(&*agency_db(&app, BCSO).await)
    .await
    .unwrap();
    let changed: Vec<&str> =
        diff["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap()).collect();
    assert!(changed.contains(&"start") && changed.contains(&"name"), "{diff}");

    // A form nobody applied to may go.
    let gone = send(&app, &command, Method::DELETE, &path, BCSO, None).await;
    assert_eq!(gone.status(), 204);
    refused(
        send(&app, &command, Method::GET, &path, BCSO, None).await,
        404,
        "Application form not found",
    )
    .await;
    assert_eq!(audit_rows(&app, BCSO, "application_form").await.len(), 3);
}

#[tokio::test]
async fn anyone_reads_the_open_forms_and_must_sign_in_with_discord_to_apply() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let open = make_form(&app, &command, BCSO, form_body("Deputy application")).await;
    let mut closed = form_body("Dispatch");
    closed["isOpen"] = json!(false);
    let closed = make_form(&app, &command, BCSO, closed).await;
    let visitor = app.browser();
    let listed = get(&app, &visitor, "/api/apply/forms", BCSO).await;
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["title"], "Deputy application");
    assert_eq!(listed[0]["questions"].as_array().unwrap().len(), 7);
    assert!(listed[0].get("reviewerLevels").is_none(), "reviewers are command's business");

    refused(apply(&app, &visitor, BCSO, &open, answers()).await, 401, SIGN_IN_REQUIRED).await;
    refused(
        send(&app, &visitor, Method::GET, "/api/apply/mine", BCSO, None).await,
        401,
        SIGN_IN_REQUIRED,
    )
    .await;
    let taylor = applicant(&app, TAYLOR).await;
    refused(
        apply(&app, &taylor, BCSO, &closed, answers()).await,
        409,
        "Dispatch is not taking applications now.",
    )
    .await;
    refused(
        post(&app, &taylor, "/api/apply/forms/999999", BCSO, json!({"answers": {}})).await,
        404,
        "Application form not found",
    )
    .await;
    let sent = json(apply(&app, &taylor, BCSO, &open, answers()).await, 201).await;
    assert_eq!(
        (
            sent["formTitle"].clone(),
            sent["stage"].clone(),
            sent["stageKind"].clone(),
            sent["hired"].clone()
        ),
        (json!("Deputy application"), json!("Submitted"), json!("open"), json!(false))
    );
    let rows = audit_rows(&app, BCSO, "application").await;
    assert_eq!(rows, [("submitted".to_owned(), "taylorquinn".to_owned())]);
}

#[tokio::test]
async fn answers_are_checked_per_kind_and_refusals_name_the_question() {
    let app =
        TestApp::builder().sheriff_and_police().env("PORTAL_APPLY_RATE", "1000").build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let form = make_form(&app, &command, BCSO, form_body("Deputy application")).await;
    let taylor = applicant(&app, TAYLOR).await;
    let before = audit_count(&app, BCSO).await;
    let with = |key: &str, value: Value| {
        let mut a = answers();
        a[key] = value;
        a
    };
    let without = |key: &str| {
        let mut a = answers();
        a.as_object_mut().unwrap().remove(key);
        a
    };
    for (answers, message) in [
        (without("name"), "Answer \"Character name\"."),
        (with("name", json!("   ")), "Answer \"Character name\"."),
        (
            with("name", json!("x".repeat(201))),
            "\"Character name\" must be at most 200 characters.",
        ),
        (with("story", json!("x".repeat(4001))), "\"Your story\" must be at most 4000 characters."),
        (with("story", json!(42)), "\"Your story\" must be text."),
        (with("shift", json!("Evening")), "Choose one of the options of \"Shift\"."),
        (
            with("langs", json!(["English", "Klingon"])),
            "Choose among the options of \"Languages\".",
        ),
        (with("mic", json!("yes")), "Answer \"Microphone\" with yes or no."),
        (without("mic"), "Answer \"Microphone\"."),
        (with("age", json!("twenty")), "\"Age\" must be a number."),
        (with("start", json!("next week")), "\"Start date\" must be a date such as 2026-12-01."),
        (with("start", json!("1850-01-01")), "\"Start date\" must be between 1900 and 2100."),
        (
            with("extra", json!("x")),
            "This form has no question 'extra'; it may have changed: reload it.",
        ),
    ] {
        refused(apply(&app, &taylor, BCSO, &form, answers).await, 400, message).await;
    }
    assert_eq!(audit_count(&app, BCSO).await, before, "a refused application leaves no row");

    let mut all = answers();
    all["name"] = json!("  Taylor Quinn ");
    all["story"] = json!("Paramedic for two years.");
    all["langs"] = json!(["Spanish", "English", "Spanish"]);
    all["age"] = json!("22");
    all["start"] = json!("2026-12-07");
    let sent = json(apply(&app, &taylor, BCSO, &form, all).await, 201).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let read = get(&app, &supervisor, &format!("/api/applications/{}", sent["id"]), BCSO).await;
    let kept: Vec<(Value, Value)> = read["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["label"].clone(), a["value"].clone()))
        .collect();
    assert_eq!(
        kept,
        [
            (json!("Character name"), json!("Taylor Quinn")),
            (json!("Your story"), json!("Paramedic for two years.")),
            (json!("Shift"), json!("Night")),
            (json!("Languages"), json!(["English", "Spanish"])),
            (json!("Microphone"), json!(true)),
            (json!("Age"), json!(22)),
            (json!("Start date"), json!("2026-12-07")),
        ]
    );
    assert_eq!(read["discordId"], TAYLOR.0);
    assert_eq!(read["discordName"], "taylorquinn");
    assert!(read["accountAgeDays"].as_i64().unwrap() > 365, "{read}");
}

#[tokio::test]
async fn one_open_application_per_form_and_person_and_again_after_a_denial() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let form = make_form(&app, &command, BCSO, form_body("Deputy application")).await;
    let jamie = applicant(&app, JAMIE).await;
    // Two at once: one is taken, the other told why.
    let (first, second) = tokio::join!(
        apply(&app, &jamie, BCSO, &form, answers()),
        apply(&app, &jamie, BCSO, &form, answers())
    );
    let mut statuses = [first.status().as_u16(), second.status().as_u16()];
    statuses.sort();
    assert_eq!(statuses, [201, 409]);
    refused(
        apply(&app, &jamie, BCSO, &form, answers()).await,
        409,
        "You have applied to Deputy application already; your application is at Submitted.",
    )
    .await;
    let mine = get(&app, &jamie, "/api/apply/mine", BCSO).await;
    let id = mine[0]["id"].as_i64().unwrap();
    let denied = move_to(
        &app,
        &supervisor,
        id,
        json!({"stageId": stage(&form, "Denied"), "reason": " Please get a microphone first. "}),
    )
    .await;
    let denied = json(denied, 200).await;
    assert_eq!(
        (denied["stage"].clone(), denied["denialReason"].clone()),
        (json!("Denied"), json!("Please get a microphone first."))
    );
    let mine = get(&app, &jamie, "/api/apply/mine", BCSO).await;
    assert_eq!(
        (mine[0]["stage"].clone(), mine[0]["stageKind"].clone(), mine[0]["denialReason"].clone()),
        (json!("Denied"), json!("denied"), json!("Please get a microphone first."))
    );
    // Denied: free to apply again.
    json(apply(&app, &jamie, BCSO, &form, answers()).await, 201).await;
    let mine = get(&app, &jamie, "/api/apply/mine", BCSO).await;
    assert_eq!(mine.as_array().unwrap().len(), 2);
    assert_eq!(mine[0]["stage"], "Submitted");
    // The denied one cannot be brought back while the new one is open.
    refused(
        move_to(&app, &supervisor, id, json!({"stageId": stage(&form, "Interview")})).await,
        409,
        "jamieortiz has another open application to Deputy application; finish that one first.",
    )
    .await;
}

#[tokio::test]
async fn members_on_the_roster_cannot_apply() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let form = make_form(&app, &command, BCSO, form_body("Deputy application")).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    refused(apply(&app, &deputy, BCSO, &form, answers()).await, 403, ON_ROSTER).await;
    let count = count_rows(&app, BCSO, "applications").await;
    assert_eq!(count, 0);
    // LSPD's deputy is nobody in BCSO: they may apply there.
    let lspd_deputy = app.as_persona(LSPD, Persona::Deputy).await;
    json(apply(&app, &lspd_deputy, BCSO, &form, answers()).await, 201).await;
}

#[tokio::test]
async fn only_reviewers_of_a_form_move_its_applications_and_never_their_own() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let open_to_all = make_form(&app, &command, BCSO, form_body("Deputy application")).await;
    let mut body = form_body("Detective application");
    body["reviewerLevels"] = json!(["command"]);
    let commands_only = make_form(&app, &command, BCSO, body).await;
    let taylor = applicant(&app, TAYLOR).await;
    let a = json(apply(&app, &taylor, BCSO, &open_to_all, answers()).await, 201).await;
    let b = json(apply(&app, &taylor, BCSO, &commands_only, answers()).await, 201).await;
    let (a, b) = (a["id"].as_i64().unwrap(), b["id"].as_i64().unwrap());
    let interview = json!({"stageId": stage(&open_to_all, "Interview")});

    refused(
        send(&app, &deputy, Method::GET, "/api/applications", BCSO, None).await,
        403,
        NO_PERMISSION,
    )
    .await;
    refused(move_to(&app, &deputy, a, interview.clone()).await, 403, NO_PERMISSION).await;
    refused(move_to(&app, &taylor, a, interview.clone()).await, 403, NO_PERMISSION).await;

    // The supervisor reviews the first form only: the board shows it alone.
    let board = get(&app, &supervisor, "/api/applications", BCSO).await;
    let forms: Vec<&Value> = board["forms"].as_array().unwrap().iter().map(|f| &f["id"]).collect();
    assert_eq!(forms, [&open_to_all["id"]]);
    assert_eq!(board["forms"][0]["stages"].as_array().unwrap().len(), 4);
    let listed: Vec<i64> = board["applications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["id"].as_i64().unwrap())
        .collect();
    assert_eq!(listed, [a]);
    assert_eq!(board["applications"][0]["discordName"], "taylorquinn");
    let before = audit_count(&app, BCSO).await;
    let other_interview = json!({"stageId": stage(&commands_only, "Interview")});
    refused(move_to(&app, &supervisor, b, other_interview.clone()).await, 403, NOT_A_REVIEWER)
        .await;
    refused(
        send(&app, &supervisor, Method::GET, &format!("/api/applications/{b}"), BCSO, None).await,
        403,
        NOT_A_REVIEWER,
    )
    .await;
    refused(
        move_to(&app, &supervisor, a, other_interview.clone()).await,
        400,
        &format!("This form has no stage {}.", stage(&commands_only, "Interview")),
    )
    .await;
    refused(
        move_to(
            &app,
            &supervisor,
            a,
            json!({"stageId": stage(&open_to_all, "Interview"), "reason": "x"}),
        )
        .await,
        400,
        "A reason is given only when an application is denied.",
    )
    .await;
    assert_eq!(audit_count(&app, BCSO).await, before, "refusals leave no row");
    json(move_to(&app, &command, b, other_interview).await, 200).await;

    let moved = json(move_to(&app, &supervisor, a, interview.clone()).await, 200).await;
    assert_eq!(
        (moved["stage"].clone(), moved["stageKind"].clone()),
        (json!("Interview"), json!("open"))
    );
    let noted = post(
        &app,
        &supervisor,
        &format!("/api/applications/{a}/notes"),
        BCSO,
        json!({"body": "Calm on the radio; asked good questions."}),
    )
    .await;
    json(noted, 201).await;
    json(vote(&app, &supervisor, a, "for").await, 200).await;
    json(vote(&app, &supervisor, a, "for").await, 200).await;
    let read = json(vote(&app, &command, a, "against").await, 200).await;
    assert_eq!((read["votesFor"].clone(), read["votesAgainst"].clone()), (json!(1), json!(1)));
    assert_eq!(read["myVote"], "against");
    assert_eq!(read["notes"][0]["body"], "Calm on the radio; asked good questions.");
    assert_eq!(read["votes"].as_array().unwrap().len(), 2);
    refused(
        vote(&app, &supervisor, a, "maybe").await,
        400,
        "Vote \"for\" or \"against\", or \"none\" to take your vote back.",
    )
    .await;
    let rows = audit_rows(&app, BCSO, "application").await;
    let actions: Vec<&str> = rows.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(actions, ["submitted", "submitted", "moved", "moved", "noted", "voted", "voted"]);

    // The applicant's status page: the stage's name, never notes or votes.
    let mine =
        send(&app, &taylor, Method::GET, "/api/apply/mine", BCSO, None).await.text().await.unwrap();
    assert!(mine.contains("\"stage\":\"Interview\""), "{mine}");
    for hidden in ["Calm on the radio", "votes", "notes", "against", "answers"] {
        assert!(!mine.contains(hidden), "{hidden} shown to the applicant: {mine}");
    }

    // Taylor joins as a supervisor: they see their application on the board but cannot review it.
    app.add_member(BCSO, TAYLOR.0, TAYLOR.1, "supervisor").await;
    let board = get(&app, &taylor, "/api/applications", BCSO).await;
    assert_eq!(board["applications"][0]["own"], true);
    refused(
        send(&app, &taylor, Method::GET, &format!("/api/applications/{a}"), BCSO, None).await,
        403,
        OWN_APPLICATION,
    )
    .await;
    refused(
        move_to(&app, &taylor, a, json!({"stageId": stage(&open_to_all, "Accepted")})).await,
        403,
        OWN_APPLICATION,
    )
    .await;
    refused(
        post(
            &app,
            &taylor,
            &format!("/api/applications/{a}/notes"),
            BCSO,
            json!({"body": "Hire me"}),
        )
        .await,
        403,
        OWN_APPLICATION,
    )
    .await;
}

/// An Accepted application of `who` to a new form in BCSO: (form, application id).
async fn accepted(app: &TestApp, command: &Client, who: &Client, title: &str) -> (Value, i64) {
    let form = make_form(app, command, BCSO, form_body(title)).await;
    let sent = json(apply(app, who, BCSO, &form, answers()).await, 201).await;
    let id = sent["id"].as_i64().unwrap();
    refused(
        post(
            app,
            command,
            &format!("/api/applications/{id}/hire"),
            BCSO,
            json!({"rankId": "x", "departmentId": "y"}),
        )
        .await,
        409,
        NOT_ACCEPTED,
    )
    .await;
    json(move_to(app, command, id, json!({"stageId": stage(&form, "Accepted")})).await, 200).await;
    (form, id)
}

#[tokio::test]
async fn an_accepted_applicant_is_hired_once_with_a_free_callsign_of_the_rank() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let (patrol, ranks) = patrol_department(&app, &hc, BCSO).await;
    let officer = &ranks[0];
    set_pools(&app, &hc, BCSO, "Officer", json!([pool("P", 100, 101)])).await;
    // P-100 is someone's already.
    sqlx::query("UPDATE roster SET callsign = 'P-100' WHERE discord_id = $1")
        .bind(Persona::Deputy.discord_id(BCSO))
        .execute(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    let robin = applicant(&app, ROBIN).await;
    let (_, id) = accepted(&app, &command, &robin, "Deputy application").await;
    let path = format!("/api/applications/{id}/hire");
    let body = json!({"rankId": officer, "departmentId": patrol, "name": "Robin Park"});
    refused(post(&app, &supervisor, &path, BCSO, body.clone()).await, 403, CANNOT_MANAGE).await;

    // Clicked twice at once: one roster entry.
    let (first, second) = tokio::join!(
        post(&app, &command, &path, BCSO, body.clone()),
        post(&app, &command, &path, BCSO, body.clone())
    );
    let (first_status, second_status) = (first.status().as_u16(), second.status().as_u16());
    let (first, second): (Value, Value) =
        (first.json().await.unwrap(), second.json().await.unwrap());
    let mut statuses = [first_status, second_status];
    statuses.sort();
    assert_eq!(statuses, [200, 201], "{first} {second}");
    assert_eq!(first["entry"]["id"], second["entry"]["id"]);
    let made = if first_status == 201 { &first } else { &second };
    assert_eq!(
        (
            made["entry"]["name"].clone(),
            made["entry"]["callsign"].clone(),
            made["entry"]["rank"].clone()
        ),
        (json!("Robin Park"), json!("P-101"), json!("Officer"))
    );
    assert_eq!(
        (made["callsignFromPool"].clone(), made["alreadyHired"].clone()),
        (json!(true), json!(false))
    );
    let again = if first_status == 200 { &first } else { &second };
    assert_eq!(again["alreadyHired"], true);
    let pool = agency_db(&app, BCSO).await;
    let (entries, hires): (i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM roster WHERE discord_id = $1),
                (SELECT count(*) FROM hire_logs WHERE roster_name = 'Robin Park')",
    )
    .bind(ROBIN.0)
    .fetch_one(&*pool)
    .await
    .unwrap();
    assert_eq!((entries, hires), (1, 1));
    let roster = audit_rows(&app, BCSO, "roster").await;
    assert_eq!(roster.iter().filter(|(a, _)| a == "created").count(), 1);
    assert_eq!(audit_rows(&app, BCSO, "application").await.last().unwrap().0, "hired");
    // The hire is in the roster's hire log, and the application stays where it is.
    let logs = get(&app, &hc, "/api/logs/roster?type=hire&limit=50", BCSO).await;
    assert!(logs.to_string().contains("Robin Park"), "{logs}");
    refused(
        move_to(&app, &command, id, json!({"stageId": made["application"]["stageId"]})).await,
        409,
        "This applicant was hired; the application stays where it is.",
    )
    .await;
    let mine = get(&app, &robin, "/api/apply/mine", BCSO).await;
    assert_eq!(mine[0]["hired"], true);

    // The pool is used up now: the next hire needs a callsign given.
    let avery = applicant(&app, AVERY).await;
    let (_, next) = accepted(&app, &command, &avery, "Dispatch application").await;
    let path = format!("/api/applications/{next}/hire");
    // A patrol officer with callsign `callsign`, as the hire dialog sends them.
    let officer_as =
        |callsign: &str| json!({"rankId": officer, "departmentId": patrol, "callsign": callsign});
    refused(
        post(&app, &command, &path, BCSO, body.clone()).await,
        409,
        "Rank Officer has no free callsign in its pools: give the new member one.",
    )
    .await;
    refused(
        post(&app, &command, &path, BCSO, officer_as("P-101")).await,
        409,
        "Callsign P-101 is already assigned to Robin Park",
    )
    .await;
    // Command scoped to its own department hires into it only.
    json(
        send(
            &app,
            &hc,
            Method::PUT,
            "/api/command-scope",
            BCSO,
            Some(&json!({"scopedLevels": ["command"]})),
        )
        .await,
        200,
    )
    .await;
    refused(
        post(&app, &command, &path, BCSO, officer_as("P7")).await,
        403,
        "You manage Headquarters only; that is another department's to change.",
    )
    .await;
    let hired = post(
        &app,
        &hc,
        &path,
        BCSO,
        json!({"rankId": officer, "departmentId": patrol, "callsign": "p7", "name": "Avery Stone-Hill"}),
    )
    .await;
    let hired = json(hired, 201).await;
    assert_eq!(
        (
            hired["entry"]["callsign"].clone(),
            hired["entry"]["name"].clone(),
            hired["callsignFromPool"].clone()
        ),
        (json!("P-07"), json!("Avery Stone-Hill"), json!(false))
    );
}

#[tokio::test]
async fn applying_is_rate_limited_per_account_and_per_address() {
    let app = TestApp::builder().sheriff_and_police().env("PORTAL_APPLY_RATE", "2").build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let form = make_form(&app, &command, BCSO, form_body("Deputy application")).await;
    let taylor = applicant(&app, TAYLOR).await;
    // Refused tries count too.
    refused(apply(&app, &taylor, BCSO, &form, json!({})).await, 400, "Answer \"Character name\".")
        .await;
    json(apply(&app, &taylor, BCSO, &form, answers()).await, 201).await;
    let limited = apply(&app, &taylor, BCSO, &form, answers()).await;
    assert_eq!(limited.status(), 429);
    let wait: u64 = limited.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=1800).contains(&wait), "{wait}");
    let message = limited.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(message.starts_with("You have sent too many applications; try again in "), "{message}");
    // Others from the same address share its allowance (three times an account's).
    for who in [JAMIE, ROBIN] {
        let client = applicant(&app, who).await;
        json(apply(&app, &client, BCSO, &form, answers()).await, 201).await;
        let second = apply(&app, &client, BCSO, &form, answers()).await;
        assert_eq!(second.status(), 409, "the second try still counts");
    }
    let avery = applicant(&app, AVERY).await;
    let limited = apply(&app, &avery, BCSO, &form, answers()).await;
    assert_eq!(limited.status(), 429);
    let message = limited.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("Too many applications come from your network; try again in "),
        "{message}"
    );
}

#[tokio::test]
async fn agencies_never_see_move_or_hire_each_others_applications() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let form = make_form(&app, &command, BCSO, form_body("Deputy application")).await;
    let taylor = applicant(&app, TAYLOR).await;
    let id =
        json(apply(&app, &taylor, BCSO, &form, answers()).await, 201).await["id"].as_i64().unwrap();
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;

    let board = get(&app, &lspd, "/api/applications", LSPD).await;
    assert_eq!(board, json!({"forms": [], "applications": []}));
    assert_eq!(get(&app, &lspd, "/api/apply/forms", LSPD).await, json!([]));
    assert_eq!(get(&app, &taylor, "/api/apply/mine", LSPD).await, json!([]));
    let form_path = format!("/api/applications/forms/{}", form["id"]);
    refused(
        send(&app, &lspd, Method::GET, &form_path, LSPD, None).await,
        404,
        "Application form not found",
    )
    .await;
    refused(apply(&app, &taylor, LSPD, &form, answers()).await, 404, "Application form not found")
        .await;
    let app_path = format!("/api/applications/{id}");
    refused(
        send(&app, &lspd, Method::GET, &app_path, LSPD, None).await,
        404,
        "Application not found",
    )
    .await;
    let stage_id = json!({"stageId": stage(&form, "Accepted")});
    refused(
        post(&app, &lspd, &format!("{app_path}/move"), LSPD, stage_id.clone()).await,
        404,
        "Application not found",
    )
    .await;
    refused(
        post(
            &app,
            &lspd,
            &format!("{app_path}/hire"),
            LSPD,
            json!({"rankId": "x", "departmentId": "y"}),
        )
        .await,
        404,
        "Application not found",
    )
    .await;
    // Through BCSO's address LSPD's High Command is nobody there.
    refused(send(&app, &lspd, Method::GET, &app_path, BCSO, None).await, 403, NO_PERMISSION).await;
    refused(
        post(&app, &lspd, &format!("{app_path}/move"), BCSO, stage_id).await,
        403,
        NO_PERMISSION,
    )
    .await;
    refused(
        send(&app, &lspd, Method::GET, "/api/applications/forms", BCSO, None).await,
        403,
        NO_PERMISSION,
    )
    .await;
    // Nothing moved.
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    assert_eq!(get(&app, &supervisor, &app_path, BCSO).await["stage"], "Submitted");
}
