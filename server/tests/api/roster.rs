//! The roster: validation, who may manage it, available callsigns, callsign races, the
//! change logs written with every edit, and concurrent edits (member-portal §2.6, §3, §5,
//! §6; command-and-reports §2 Command logs, §3).

use chrono::{NaiveDate, Utc};
use reqwest::{Client, Method};
use serde_json::{json, Value};

use portal::features::roster::routes::PAGE_SIZE;

use crate::{
    helpers::{json, send, TestApp},
    support::{
        add_department, add_item, add_ranks, agency_with_flags, error, find, get, link, patch,
        patrol_department, pool, post, refused, set_pools, snapshot, two_agencies, A, B, B_HC,
        B_HC_NAME, COMMAND, COMMAND_NAME, DEPUTY, DEPUTY_NAME, HC, HC_NAME, HQ, HQ_DEPUTY,
        HQ_SUPERVISOR, NO_PERMISSION, SIGN_IN_REQUIRED, SUPERVISOR,
    },
};

const MISSING: &str = "Name, Callsign and Rank are required.";
const MISSING_NO_CALLSIGN: &str = "Name and Rank are required.";
const BAD_STATUS: &str = "Status must be one of Active, Inactive, Suspended, LOA.";
const CANNOT_MANAGE: &str = "You do not have permission to manage the roster.";
const VERSION_REQUIRED: &str = "Send the version of the entry you edited.";
const STALE: &str =
    "Someone else changed this person since you opened them. Review their changes and save again.";

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

/// Adds a person; answers the save's answer (201): the new entry and `callsignOutsidePools`.
async fn add_saved(app: &TestApp, client: &Client, agency: &str, body: Value) -> Value {
    json(post(app, client, "/api/roster", agency, body).await, 201).await
}

/// Adds a person; answers the new entry as the roster lists it (201).
async fn add_person(app: &TestApp, client: &Client, agency: &str, body: Value) -> Value {
    stored(add_saved(app, client, agency, body).await)
}

/// A save's answer as the roster lists the entry (without `callsignOutsidePools`).
fn stored(mut saved: Value) -> Value {
    assert!(saved["callsignOutsidePools"].is_boolean(), "a save says where the callsign lies");
    saved.as_object_mut().unwrap().remove("callsignOutsidePools");
    saved
}

/// Edits a person at `version`.
async fn edit(
    app: &TestApp,
    client: &Client,
    agency: &str,
    id: &Value,
    body: Value,
) -> reqwest::Response {
    patch(app, client, &format!("/api/roster/{id}"), agency, body).await
}

/// The roster's entries as saves answer them: the list's own parts (the qualifications held
/// and a running leave's end, issue 23) checked and left out.
async fn roster(app: &TestApp, client: &Client, agency: &str) -> Vec<Value> {
    let list =
        get(app, client, "/api/roster", agency).await.as_array().expect("a JSON array").clone();
    list.into_iter()
        .map(|mut line| {
            let parts = line.as_object_mut().unwrap();
            assert!(
                parts.remove("qualifications").is_some_and(|q| q.is_array()),
                "qualifications listed"
            );
            assert!(parts.remove("onLeaveUntil").is_some(), "a running leave's end listed");
            line
        })
        .collect()
}

async fn entry(app: &TestApp, client: &Client, agency: &str, id: &Value) -> Value {
    roster(app, client, agency).await.into_iter().find(|e| &e["id"] == id).expect("the entry")
}

/// Log items of `type` (`rank` or `hire`) with a query such as `&limit=10`.
async fn logs(app: &TestApp, client: &Client, agency: &str, kind: &str, query: &str) -> Vec<Value> {
    let page = get(app, client, &format!("/api/logs/roster?type={kind}{query}"), agency).await;
    page["items"].as_array().expect("items").clone()
}

/// A rank-log row reduced to what an edit decides: field, before, after.
fn change(row: &Value) -> (String, Value, Value) {
    (
        row["field"].as_str().unwrap().to_owned(),
        row["beforeValue"].clone(),
        row["afterValue"].clone(),
    )
}

/// Asserts `actual` has every field of `expected` with that value.
fn assert_fields(actual: &Value, expected: &Value) {
    for (key, value) in expected.as_object().unwrap() {
        assert_eq!(&actual[key], value, "{key} of {actual}");
    }
}

fn sorted(mut rows: Vec<(String, Value, Value)>) -> Vec<(String, Value, Value)> {
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows
}

fn row(field: &str, before: impl Into<Value>, after: impl Into<Value>) -> (String, Value, Value) {
    (field.to_owned(), before.into(), after.into())
}

async fn available(app: &TestApp, client: &Client, rank: &str) -> Value {
    get(app, client, &format!("/api/roster/callsigns?rank={rank}"), A).await["available"].clone()
}

// ---------------------------------------------------------------------------------------
// 1. Validation

#[tokio::test]
async fn roster_writes_answer_each_validation_message_and_change_nothing() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let patrol = add_department(&app, &hc, A, "Patrol").await;
    let patrol_ranks =
        add_ranks(&app, &hc, A, &patrol, &[("Officer", "deputy"), ("Deputy", "deputy")]).await;
    let patrol_sub = add_item(&app, &hc, A, "sub", &patrol, "K9").await;
    let patrol_role = add_item(&app, &hc, A, "role", &patrol, "FTO").await;
    let holder = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Alex Able", "callsign": "a5", "departmentId": HQ, "rankId": HQ_DEPUTY}),
    )
    .await;
    assert_eq!(holder["callsign"], "A-05", "callsigns are stored as displayed");
    let before = snapshot(&app, &hc, A).await;

    let person = |extra: Value| {
        let mut body = json!({"name": "Nia New", "callsign": "N-01", "rankId": HQ_DEPUTY});
        for (k, v) in extra.as_object().unwrap() {
            if v.is_null() {
                body.as_object_mut().unwrap().remove(k);
            } else {
                body[k] = v.clone();
            }
        }
        body
    };
    let cases: Vec<(Value, u16, String)> = vec![
        (json!({}), 400, MISSING.into()),
        (person(json!({"name": null})), 400, MISSING.into()),
        (person(json!({"name": "   "})), 400, MISSING.into()),
        (person(json!({"callsign": null})), 400, MISSING.into()),
        (person(json!({"callsign": " "})), 400, MISSING.into()),
        (person(json!({"rankId": null})), 400, MISSING.into()),
        (person(json!({"rankId": null, "rank": ""})), 400, MISSING.into()),
        (person(json!({"rankId": null, "rank": "Chief"})), 400, "Unknown rank 'Chief'.".into()),
        (person(json!({"rankId": "rk_nope"})), 400, "Unknown rank 'rk_nope'.".into()),
        (
            person(json!({"rankId": null, "rank": "Deputy"})),
            400,
            "Rank 'Deputy' exists in several departments: choose the department.".into(),
        ),
        (person(json!({"departmentId": "nowhere"})), 400, "Unknown department 'nowhere'.".into()),
        (
            person(json!({"departmentId": patrol})),
            400,
            format!("Rank '{HQ_DEPUTY}' does not belong to department 'Patrol'."),
        ),
        (
            person(json!({"departmentId": patrol, "rankId": null, "rank": "Supervisor"})),
            400,
            "Rank 'Supervisor' does not belong to department 'Patrol'.".into(),
        ),
        (
            person(json!({"departmentId": HQ, "rankId": patrol_ranks[0]})),
            400,
            format!("Rank '{}' does not belong to department 'Headquarters'.", patrol_ranks[0]),
        ),
        (
            person(json!({"subDeptId": patrol_sub})),
            400,
            format!("Sub-department '{patrol_sub}' does not belong to department 'Headquarters'."),
        ),
        (
            person(json!({"roles": [patrol_role]})),
            400,
            format!("Role '{patrol_role}' does not belong to department 'Headquarters'."),
        ),
        (
            person(json!({"roles": ["dr_nope"]})),
            400,
            "Role 'dr_nope' does not belong to department 'Headquarters'.".into(),
        ),
        (person(json!({"status": "Retired"})), 400, BAD_STATUS.into()),
        (
            person(json!({"callsign": "A-05"})),
            409,
            "Callsign A-05 is already assigned to Alex Able".into(),
        ),
        (
            person(json!({"callsign": " a 5 "})),
            409,
            "Callsign A-05 is already assigned to Alex Able".into(),
        ),
        (
            person(json!({"callsign": "a05"})),
            409,
            "Callsign A-05 is already assigned to Alex Able".into(),
        ),
    ];
    for (body, status, message) in cases {
        let response = post(&app, &hc, "/api/roster", A, body.clone()).await;
        assert_eq!(response.status(), status, "{body}");
        assert_eq!(json(response, status).await, error(&message), "{body}");
    }
    let bad_date = post(&app, &hc, "/api/roster", A, person(json!({"hireDate": "yesterday"})));
    assert_eq!(bad_date.await.status(), 400);

    // Edits.
    let id = holder["id"].clone();
    let version = holder["version"].clone();
    refused(edit(&app, &hc, A, &id, json!({"status": "LOA"})).await, 400, VERSION_REQUIRED).await;
    refused(
        edit(&app, &hc, A, &json!(999999), json!({"status": "LOA", "version": 1})).await,
        404,
        "No roster entry 999999",
    )
    .await;
    let bad_id = patch(&app, &hc, "/api/roster/abc", A, json!({"version": 1})).await;
    assert_eq!(bad_id.status(), 400);
    for (body, message) in [
        (json!({"name": " "}), MISSING.to_owned()),
        (json!({"callsign": ""}), MISSING.to_owned()),
        (json!({"rankId": ""}), MISSING.to_owned()),
        (json!({"status": "Fired"}), BAD_STATUS.to_owned()),
        (
            json!({"rankId": patrol_ranks[0]}),
            format!("Rank '{}' does not belong to department 'Headquarters'.", patrol_ranks[0]),
        ),
        (
            json!({"departmentId": patrol}),
            format!("Rank '{HQ_DEPUTY}' does not belong to department 'Patrol'."),
        ),
        (
            json!({"subDeptId": patrol_sub}),
            format!("Sub-department '{patrol_sub}' does not belong to department 'Headquarters'."),
        ),
        (
            json!({"roles": [patrol_role]}),
            format!("Role '{patrol_role}' does not belong to department 'Headquarters'."),
        ),
    ] {
        let mut body = body.clone();
        body["version"] = version.clone();
        refused(edit(&app, &hc, A, &id, body.clone()).await, 400, &message).await;
    }
    let stale = edit(&app, &hc, A, &id, json!({"status": "LOA", "version": 0})).await;
    assert_eq!(json(stale, 409).await, json!({"error": STALE, "current": holder}));
    assert_eq!(snapshot(&app, &hc, A).await, before, "nothing changed");

    // A callsign taken by someone else, on edit.
    let other = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Bo Baker", "callsign": "B-01", "rank": "Supervisor", "departmentId": HQ}),
    )
    .await;
    refused(
        edit(&app, &hc, A, &other["id"], json!({"callsign": "a-5", "version": other["version"]}))
            .await,
        409,
        "Callsign A-05 is already assigned to Alex Able",
    )
    .await;
    // Keeping one's own callsign is no conflict.
    let kept =
        edit(&app, &hc, A, &other["id"], json!({"callsign": "b1", "version": other["version"]}));
    let kept = stored(json(kept.await, 200).await);
    assert_eq!(kept, other, "an edit that changes nothing answers the entry unchanged");
}

#[tokio::test]
async fn new_people_get_defaults_and_the_server_computes_time_in_grade() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let (patrol, ranks) = patrol_department(&app, &hc, A).await;
    let k9 = add_item(&app, &hc, A, "sub", &patrol, "K9").await;
    let fto = add_item(&app, &hc, A, "role", &patrol, "FTO").await;

    let today = today().to_string();
    let fresh = add_person(
        &app,
        &hc,
        A,
        json!({"name": " Fay Fresh ", "callsign": "f7", "rank": "officer",
               "region": "Sandy Shores", "discordId": "123456789012",
               "subDeptId": k9, "roles": [fto, fto], "timeInGradeDays": 999}),
    )
    .await;
    let expected = json!({
        "id": fresh["id"], "name": "Fay Fresh", "callsign": "F-07", "region": "Sandy Shores",
        "status": "Active", "discordId": "123456789012", "departmentId": patrol,
        "departmentName": "Patrol", "rankId": ranks[0], "rank": "Officer", "level": "deputy",
        "insignia": null, "subDeptId": k9, "roles": [fto], "hireDate": today,
        "rankChangeDate": today, "timeInGradeDays": 0, "version": 1,
    });
    assert_fields(&fresh, &expected);
    assert_eq!(roster(&app, &hc, A).await.iter().filter(|e| e["id"] == fresh["id"]).count(), 1);

    let hired = NaiveDate::from_ymd_opt(2020, 1, 15).unwrap();
    let veteran = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Vic Veteran", "callsign": "V-01", "rankId": ranks[0],
               "status": "loa", "hireDate": "2020-01-15"}),
    )
    .await;
    let days = (crate::roster::today() - hired).num_days();
    assert_eq!(veteran["status"], "LOA", "statuses are matched without case");
    assert_eq!(veteran["hireDate"], "2020-01-15");
    assert_eq!(veteran["rankChangeDate"], "2020-01-15");
    assert_eq!(veteran["timeInGradeDays"], days);
    for status in ["Active", "Inactive", "Suspended", "LOA"] {
        let body = json!({"status": status, "version": entry(&app, &hc, A, &veteran["id"]).await["version"]});
        let edited = json(edit(&app, &hc, A, &veteran["id"], body).await, 200).await;
        assert_eq!(edited["status"], status);
    }

    // A status change keeps the rank change date; a rank change sets it to today.
    let now = entry(&app, &hc, A, &veteran["id"]).await;
    assert_eq!(now["rankChangeDate"], "2020-01-15");
    assert_eq!(now["timeInGradeDays"], days);
    let promoted =
        edit(&app, &hc, A, &veteran["id"], json!({"rankId": ranks[1], "version": now["version"]}))
            .await;
    let promoted = stored(json(promoted, 200).await);
    assert_eq!(promoted["rank"], "Sergeant");
    assert_eq!(promoted["rankChangeDate"], today);
    assert_eq!(promoted["timeInGradeDays"], 0);
    assert_eq!(promoted["hireDate"], "2020-01-15");
    assert_eq!(promoted["version"], now["version"].as_i64().unwrap() + 1);
    assert_eq!(entry(&app, &hc, A, &veteran["id"]).await, promoted);
}

#[tokio::test]
async fn an_agency_without_callsigns_needs_only_name_and_rank() {
    let app = two_agencies().await;
    let hc_id = "300000000000000009";
    agency_with_flags(&app, "sast", json!({"disableCallsigns": true}), hc_id, "Stella State").await;
    let hc = app.signed_in(hc_id).await;
    for body in [json!({}), json!({"name": "Only Name"}), json!({"rank": "Deputy"})] {
        let response = post(&app, &hc, "/api/roster", "sast", body.clone()).await;
        assert_eq!(json(response, 400).await, error(MISSING_NO_CALLSIGN), "{body}");
    }
    let added =
        add_person(&app, &hc, "sast", json!({"name": "No Callsign", "rank": "Deputy"})).await;
    assert_eq!(added["callsign"], Value::Null);
    assert_eq!(added["rankId"], HQ_DEPUTY);
}

// ---------------------------------------------------------------------------------------
// 2. Who may manage the roster

#[tokio::test]
async fn deputies_supervisors_and_anonymous_viewers_cannot_change_the_roster() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    set_pools(&app, &hc, A, "Deputy", json!([pool("D", 1, 5)])).await;
    let target = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Tia Target", "callsign": "D-01", "rankId": HQ_DEPUTY}),
    )
    .await;
    let before = snapshot(&app, &hc, A).await;
    let own = roster(&app, &hc, A).await;
    let deputy_entry = find(&own, "name", DEPUTY_NAME).clone();

    let viewers = [
        ("anonymous", app.browser(), 401, SIGN_IN_REQUIRED),
        ("deputy", app.signed_in(DEPUTY).await, 403, CANNOT_MANAGE),
        ("supervisor", app.signed_in(SUPERVISOR).await, 403, CANNOT_MANAGE),
    ];
    for (who, client, status, message) in &viewers {
        let add = json!({"name": "Sneaky", "callsign": "D-02", "rankId": HQ_DEPUTY});
        refused(post(&app, client, "/api/roster", A, add).await, *status, message).await;
        let promote = json!({"rankId": HQ_SUPERVISOR, "version": target["version"]});
        refused(edit(&app, client, A, &target["id"], promote).await, *status, message).await;
        // Not even oneself.
        let own = json!({"status": "LOA", "version": deputy_entry["version"]});
        let response = edit(&app, client, A, &deputy_entry["id"], own).await;
        assert_eq!(json(response, *status).await, error(message), "{who} edits the deputy");
    }
    // Reading: the roster and available callsigns are for deputies and up; logs for command.
    let anonymous = &viewers[0].1;
    for path in ["/api/roster", "/api/roster/callsigns?rank=Deputy", "/api/logs/roster"] {
        let response = send(&app, anonymous, Method::GET, path, A, None).await;
        refused(response, 401, SIGN_IN_REQUIRED).await;
    }
    for (_, client, _, _) in &viewers[1..] {
        assert_eq!(roster(&app, client, A).await.len(), 5);
        assert_eq!(
            available(&app, client, "Deputy").await,
            json!(["D-02", "D-03", "D-04", "D-05"])
        );
        let response = send(&app, client, Method::GET, "/api/logs/roster", A, None).await;
        refused(response, 403, NO_PERMISSION).await;
    }
    assert_eq!(snapshot(&app, &hc, A).await, before, "nothing changed");

    // Command manages the roster by default.
    let command = app.signed_in(COMMAND).await;
    let added = json!({"name": "Cam Cadet", "callsign": "D-02", "rankId": HQ_DEPUTY});
    add_person(&app, &command, A, added).await;

    // An agency that keeps roster management to High Command refuses Command.
    let hc_id = "300000000000000009";
    agency_with_flags(
        &app,
        "sast",
        json!({"rosterManageLevels": ["high_command"]}),
        hc_id,
        "Stella State",
    )
    .await;
    app.add_member("sast", COMMAND, COMMAND_NAME, "command").await;
    let add = json!({"name": "Sneaky", "callsign": "S-01", "rankId": HQ_DEPUTY});
    refused(post(&app, &command, "/api/roster", "sast", add.clone()).await, 403, CANNOT_MANAGE)
        .await;
    let sast_hc = app.signed_in(hc_id).await;
    add_person(&app, &sast_hc, "sast", add).await;
}

// ---------------------------------------------------------------------------------------
// 3. Available callsigns

#[tokio::test]
async fn available_callsigns_exclude_held_ones_and_follow_pool_edits() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    assert_eq!(available(&app, &hc, "Deputy").await, json!([]), "no pool, nothing available");

    set_pools(&app, &hc, A, "Deputy", json!([pool("A", 1, 5), pool("", 7, 7), pool("", 100, 101)]))
        .await;
    let all = json!(["A-01", "A-02", "A-03", "A-04", "A-05", "07", "100", "101"]);
    assert_eq!(available(&app, &hc, "Deputy").await, all);
    assert_eq!(available(&app, &hc, HQ_DEPUTY).await, all, "the rank may be named by its id");
    assert_eq!(available(&app, &hc, "Chief").await, json!([]));

    let p1 =
        add_person(&app, &hc, A, json!({"name": "Pat One", "callsign": "a3", "rank": "Deputy"}))
            .await;
    add_person(&app, &hc, A, json!({"name": "Pat Two", "callsign": "100", "rank": "Deputy"})).await;
    assert_eq!(
        available(&app, &hc, "Deputy").await,
        json!(["A-01", "A-02", "A-04", "A-05", "07", "101"])
    );

    // A callsign held by someone of another rank is not available either.
    set_pools(&app, &hc, A, "Supervisor", json!([pool("A", 4, 6)])).await;
    assert_eq!(available(&app, &hc, "Supervisor").await, json!(["A-04", "A-05", "A-06"]));
    add_person(
        &app,
        &hc,
        A,
        json!({"name": "Pat Three", "callsign": "A-05", "rank": "Supervisor"}),
    )
    .await;
    assert_eq!(available(&app, &hc, "Supervisor").await, json!(["A-04", "A-06"]));
    assert_eq!(available(&app, &hc, "Deputy").await, json!(["A-01", "A-02", "A-04", "07", "101"]));

    // Pool edits.
    set_pools(&app, &hc, A, "Deputy", json!([pool("A", 3, 7)])).await;
    assert_eq!(available(&app, &hc, "Deputy").await, json!(["A-04", "A-06", "A-07"]));
    // A callsign given up becomes available again.
    let moved = json!({"callsign": "A-09", "version": p1["version"]});
    json(edit(&app, &hc, A, &p1["id"], moved).await, 200).await;
    assert_eq!(available(&app, &hc, "Deputy").await, json!(["A-03", "A-04", "A-06", "A-07"]));
    set_pools(&app, &hc, A, "Deputy", json!([])).await;
    assert_eq!(available(&app, &hc, "Deputy").await, json!([]));
}

#[tokio::test]
async fn a_save_says_when_the_callsign_lies_outside_the_ranks_pools() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    set_pools(&app, &hc, A, "Deputy", json!([pool("D", 1, 20)])).await;
    set_pools(&app, &hc, A, "Supervisor", json!([pool("S", 1, 10)])).await;
    let added = add_saved(
        &app,
        &hc,
        A,
        json!({"name": "Cal Corporal", "callsign": "d8", "rank": "Deputy"}),
    )
    .await;
    assert_eq!(added["callsign"], "D-08");
    assert_eq!(added["callsignOutsidePools"], false);

    // Promoted, keeping the deputy's callsign: saved (command may assign any free callsign),
    // and the answer says it lies outside the supervisor's pools.
    let promote = json!({"rankId": HQ_SUPERVISOR, "version": added["version"]});
    let promoted = json(edit(&app, &hc, A, &added["id"], promote).await, 200).await;
    assert_eq!(
        (promoted["rank"].as_str(), promoted["callsign"].as_str()),
        (Some("Supervisor"), Some("D-08"))
    );
    assert_eq!(promoted["callsignOutsidePools"], true);
    // Given one of the new rank's callsigns, it is inside again.
    let moved = json!({"callsign": "S-02", "version": promoted["version"]});
    let moved = json(edit(&app, &hc, A, &added["id"], moved).await, 200).await;
    assert_eq!(moved["callsignOutsidePools"], false);
    // A rank without pools has no "outside".
    let unpooled = add_saved(
        &app,
        &hc,
        A,
        json!({"name": "Una Pooled", "callsign": "X-01", "rank": "Command"}),
    )
    .await;
    assert_eq!(unpooled["callsignOutsidePools"], false);
}

#[tokio::test]
async fn two_concurrent_adds_of_one_callsign_give_exactly_one_201_and_one_409() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let command = app.signed_in(COMMAND).await;
    for round in 1..=8 {
        let callsign = format!("C-{round:02}");
        let first =
            json!({"name": format!("First {round}"), "callsign": callsign, "rank": "Deputy"});
        let second =
            json!({"name": format!("Second {round}"), "callsign": callsign, "rank": "Deputy"});
        let (a, b) = tokio::join!(
            post(&app, &hc, "/api/roster", A, first),
            post(&app, &command, "/api/roster", A, second),
        );
        let (a_status, b_status) = (a.status().as_u16(), b.status().as_u16());
        let (a_body, b_body): (Value, Value) = (a.json().await.unwrap(), b.json().await.unwrap());
        let (won, lost) = match (a_status, b_status) {
            (201, 409) => (stored(a_body), b_body),
            (409, 201) => (stored(b_body), a_body),
            other => panic!("round {round}: {other:?} {a_body} {b_body}"),
        };
        let message =
            format!("Callsign {callsign} is already assigned to {}", won["name"].as_str().unwrap());
        assert_eq!(lost, error(&message), "round {round}");
        let holders: Vec<Value> = roster(&app, &hc, A)
            .await
            .into_iter()
            .filter(|e| e["callsign"] == callsign.as_str())
            .collect();
        assert_eq!(holders, [won], "round {round}");
    }
    assert_eq!(logs(&app, &hc, A, "hire", "&limit=200").await.len(), 8, "one hire per round");
}

// ---------------------------------------------------------------------------------------
// 4. Logs

#[tokio::test]
async fn a_rank_change_logs_rank_and_rank_id_with_the_editor_as_actor() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let command = app.signed_in(COMMAND).await;
    let lee = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Lee Logged", "callsign": "L-01", "rankId": HQ_DEPUTY}),
    )
    .await;
    assert_eq!(
        logs(&app, &hc, A, "rank", "").await,
        Vec::<Value>::new(),
        "a hire is no rank change"
    );

    let promote = json!({"rankId": HQ_SUPERVISOR, "version": lee["version"]});
    json(edit(&app, &command, A, &lee["id"], promote).await, 200).await;
    let rows = logs(&app, &hc, A, "rank", "").await;
    assert_eq!(
        sorted(rows.iter().map(change).collect()),
        [row("rank", "Deputy", "Supervisor"), row("rankId", HQ_DEPUTY, HQ_SUPERVISOR)]
    );
    for r in &rows {
        assert_eq!(r["actor"], json!({"display": COMMAND_NAME, "userId": COMMAND}));
        assert_eq!(r["rosterId"], lee["id"]);
        assert_eq!(r["rosterName"], "Lee Logged");
        assert_eq!(r["rosterCallsign"], "L-01");
        assert_eq!(r["rosterRank"], "Supervisor");
        assert_eq!(r["changeId"], rows[0]["changeId"], "one edit, one change id");
        assert_eq!(r["id"], r["logId"]);
    }
    assert_ne!(rows[0]["id"], rows[1]["id"]);

    // A change of department and rank by rank name logs the department too.
    let patrol = add_department(&app, &hc, A, "Patrol").await;
    let ranks = add_ranks(&app, &hc, A, &patrol, &[("Officer", "deputy")]).await;
    let now = entry(&app, &hc, A, &lee["id"]).await;
    let moved = json!({"departmentId": patrol, "rank": "Officer", "version": now["version"]});
    json(edit(&app, &hc, A, &lee["id"], moved).await, 200).await;
    let rows = logs(&app, &hc, A, "rank", "").await;
    assert_eq!(rows.len(), 5);
    let newest: Vec<Value> = rows[..3].to_vec();
    assert_eq!(
        sorted(newest.iter().map(change).collect()),
        [
            row("departmentId", HQ, patrol.as_str()),
            row("rank", "Supervisor", "Officer"),
            row("rankId", HQ_SUPERVISOR, ranks[0].as_str()),
        ]
    );
    for r in &newest {
        assert_eq!(r["actor"], json!({"display": HC_NAME, "userId": HC}));
    }
}

#[tokio::test]
async fn a_status_and_callsign_change_logs_exactly_those_two_fields() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let fto = add_item(&app, &hc, A, "role", HQ, "FTO").await;
    let dispatch = add_item(&app, &hc, A, "role", HQ, "Dispatch").await;
    let k9 = add_item(&app, &hc, A, "sub", HQ, "K9").await;
    let sam = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Sam Status", "callsign": "S-01", "rankId": HQ_DEPUTY}),
    )
    .await;

    let body = json!({"status": "LOA", "callsign": "s7", "version": sam["version"]});
    let edited = json(edit(&app, &hc, A, &sam["id"], body).await, 200).await;
    let rows = logs(&app, &hc, A, "rank", "").await;
    assert_eq!(
        sorted(rows.iter().map(change).collect()),
        [row("callsign", "S-01", "S-07"), row("status", "Active", "LOA")]
    );
    assert!(rows.iter().all(|r| r["actor"] == json!({"display": HC_NAME, "userId": HC})));
    assert!(rows.iter().all(|r| r["rosterCallsign"] == "S-07"));

    // Fields that are not logged write nothing; an edit that changes nothing writes nothing.
    let body = json!({"name": "Samantha Status", "region": "Paleto", "version": edited["version"]});
    let renamed = json(edit(&app, &hc, A, &sam["id"], body).await, 200).await;
    assert_eq!(renamed["name"], "Samantha Status");
    let same = json!({"status": "LOA", "callsign": "S-07", "version": renamed["version"]});
    let unchanged = json(edit(&app, &hc, A, &sam["id"], same).await, 200).await;
    assert_eq!(unchanged, renamed);
    assert_eq!(logs(&app, &hc, A, "rank", "").await.len(), 2);

    // Roles and sub-department.
    let body = json!({"roles": [fto, dispatch], "subDeptId": k9, "version": renamed["version"]});
    let with_roles = json(edit(&app, &hc, A, &sam["id"], body).await, 200).await;
    let rows = logs(&app, &hc, A, "rank", "").await;
    assert_eq!(
        sorted(rows[..2].iter().map(change).collect()),
        [
            row("roles", Value::Null, format!("{fto}, {dispatch}")),
            row("subDeptId", Value::Null, k9.as_str())
        ]
    );
    assert_eq!(rows[0]["rosterName"], "Samantha Status");
    let body = json!({"roles": [dispatch], "version": with_roles["version"]});
    json(edit(&app, &hc, A, &sam["id"], body).await, 200).await;
    let rows = logs(&app, &hc, A, "rank", "").await;
    assert_eq!(rows.len(), 5);
    assert_eq!(change(&rows[0]), row("roles", format!("{fto}, {dispatch}"), dispatch.as_str()));
}

#[tokio::test]
async fn roster_logs_page_newest_first_and_cap_the_limit_at_200() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let pat = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Pat Paged", "callsign": "P-01", "rankId": HQ_DEPUTY}),
    )
    .await;
    // 101 rank changes, two rows each: 202 rows.
    let mut version = pat["version"].clone();
    for n in 0..101 {
        let rank = if n % 2 == 0 { HQ_SUPERVISOR } else { HQ_DEPUTY };
        let edited = edit(&app, &hc, A, &pat["id"], json!({"rankId": rank, "version": version}));
        version = json(edited.await, 200).await["version"].clone();
    }

    let capped = logs(&app, &hc, A, "rank", "&limit=500").await;
    assert_eq!(capped.len(), 200, "the limit is capped at 200");
    assert_eq!(logs(&app, &hc, A, "rank", "").await.len(), 50, "50 by default");
    let rest = logs(&app, &hc, A, "rank", "&limit=500&offset=200").await;
    assert_eq!(rest.len(), 2);
    let all: Vec<Value> = capped.iter().chain(rest.iter()).cloned().collect();
    let log_ids: Vec<i64> = all.iter().map(|r| r["id"].as_i64().unwrap()).collect();
    assert!(log_ids.windows(2).all(|w| w[0] > w[1]), "newest first: {log_ids:?}");
    let stamps: Vec<&str> = all.iter().map(|r| r["ts"].as_str().unwrap()).collect();
    let parsed: Vec<chrono::DateTime<chrono::FixedOffset>> =
        stamps.iter().map(|s| chrono::DateTime::parse_from_rfc3339(s).unwrap()).collect();
    assert!(parsed.windows(2).all(|w| w[0] >= w[1]), "timestamps newest first");
    // The newest rows are the last change (to Supervisor), the oldest the first.
    assert_eq!(all[0]["afterValue"].as_str().map(|v| v.contains("upervisor")), Some(true));
    assert_eq!(
        sorted(all[200..].iter().map(change).collect()),
        [row("rank", "Deputy", "Supervisor"), row("rankId", HQ_DEPUTY, HQ_SUPERVISOR)]
    );

    // Pages are slices of the same list.
    for (limit, offset) in [(10, 0), (10, 10), (7, 195), (1, 201)] {
        let page = logs(&app, &hc, A, "rank", &format!("&limit={limit}&offset={offset}")).await;
        assert_eq!(page, all[offset..(offset + limit).min(all.len())].to_vec(), "{limit} {offset}");
    }
    assert_eq!(logs(&app, &hc, A, "rank", "&offset=202").await, Vec::<Value>::new());
    assert_eq!(logs(&app, &hc, A, "rank", "&limit=5&offset=-3").await, all[..5].to_vec());
    assert_eq!(
        json(send(&app, &hc, Method::GET, "/api/logs/roster", A, None).await, 200).await["items"]
            .as_array()
            .unwrap()
            .to_vec(),
        all[..50].to_vec(),
        "rank logs are the default type"
    );
    refused(
        send(&app, &hc, Method::GET, "/api/logs/roster?type=audit", A, None).await,
        400,
        "Unknown log type 'audit': use rank or hire.",
    )
    .await;
}

#[tokio::test]
async fn hires_are_logged_with_their_roles_newest_first() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let command = app.signed_in(COMMAND).await;
    let fto = add_item(&app, &hc, A, "role", HQ, "FTO").await;
    let dispatch = add_item(&app, &hc, A, "role", HQ, "Dispatch").await;
    let k9 = add_item(&app, &hc, A, "sub", HQ, "K9").await;
    assert_eq!(logs(&app, &hc, A, "hire", "").await, Vec::<Value>::new());

    let first = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Hugo Hire", "callsign": "H-01", "rankId": HQ_DEPUTY, "status": "LOA",
               "roles": [fto, dispatch], "subDeptId": k9}),
    )
    .await;
    let second = add_person(
        &app,
        &command,
        A,
        json!({"name": "Hilda Hire", "callsign": "H-02", "rank": "Supervisor"}),
    )
    .await;
    // Edits are not hires.
    let body = json!({"status": "Active", "version": first["version"]});
    json(edit(&app, &hc, A, &first["id"], body).await, 200).await;

    let rows = logs(&app, &hc, A, "hire", "").await;
    assert_eq!(rows.len(), 2);
    let strip = |r: &Value| {
        let mut r = r.clone();
        let o = r.as_object_mut().unwrap();
        assert!(o.remove("id").unwrap().is_i64());
        assert!(
            chrono::DateTime::parse_from_rfc3339(o.remove("ts").unwrap().as_str().unwrap()).is_ok()
        );
        r
    };
    assert_eq!(
        strip(&rows[0]),
        json!({"rosterId": second["id"], "rosterName": "Hilda Hire", "callsign": "H-02",
               "rosterRank": "Supervisor", "actor": {"display": COMMAND_NAME, "userId": COMMAND},
               "status": "Active", "departmentId": HQ, "rankId": HQ_SUPERVISOR,
               "subDeptId": null, "entry": {"roles": []}})
    );
    assert_eq!(
        strip(&rows[1]),
        json!({"rosterId": first["id"], "rosterName": "Hugo Hire", "callsign": "H-01",
               "rosterRank": "Deputy", "actor": {"display": HC_NAME, "userId": HC},
               "status": "LOA", "departmentId": HQ, "rankId": HQ_DEPUTY,
               "subDeptId": k9, "entry": {"roles": [fto, dispatch]}})
    );
    assert!(rows[0]["id"].as_i64() > rows[1]["id"].as_i64());
    assert_eq!(logs(&app, &hc, A, "hire", "&limit=1&offset=1").await, rows[1..].to_vec());
    assert_eq!(logs(&app, &hc, A, "rank", "").await.len(), 1, "the edit logged its status");
}

// ---------------------------------------------------------------------------------------
// 8. Concurrent edits

#[tokio::test]
async fn concurrent_edits_of_one_version_let_one_win_and_answer_the_other_with_the_current_entry() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let command = app.signed_in(COMMAND).await;
    let eve = add_person(
        &app,
        &hc,
        A,
        json!({"name": "Eve Edited", "callsign": "E-01", "rankId": HQ_DEPUTY}),
    )
    .await;
    let id = eve["id"].clone();

    for round in 0..4 {
        let start = entry(&app, &hc, A, &id).await;
        let callsign = format!("E-{:02}", round + 10);
        let status = if round % 2 == 0 { "LOA" } else { "Suspended" };
        let by_hc = json!({"status": status, "version": start["version"]});
        let by_command = json!({"callsign": callsign, "version": start["version"]});
        let logged_before = logs(&app, &hc, A, "rank", "&limit=200").await.len();
        let (a, b) = tokio::join!(
            edit(&app, &hc, A, &id, by_hc.clone()),
            edit(&app, &command, A, &id, by_command.clone()),
        );
        let (a_status, b_status) = (a.status().as_u16(), b.status().as_u16());
        let (a_body, b_body): (Value, Value) = (a.json().await.unwrap(), b.json().await.unwrap());
        let (won, lost, loser, loser_body, winner_field) = match (a_status, b_status) {
            (200, 409) => (stored(a_body), b_body, &command, by_command, "status"),
            (409, 200) => (stored(b_body), a_body, &hc, by_hc, "callsign"),
            other => panic!("round {round}: {other:?} {a_body} {b_body}"),
        };
        assert_eq!(won["version"], start["version"].as_i64().unwrap() + 1);
        assert_eq!(lost, json!({"error": STALE, "current": won}), "round {round}");
        let now = entry(&app, &hc, A, &id).await;
        assert_eq!(now, won, "the winner's edit is stored");
        // Nothing of the loser's edit was written, nor logged.
        match winner_field {
            "status" => assert_eq!(now["callsign"], start["callsign"]),
            _ => assert_eq!(now["status"], start["status"]),
        }
        let rows = logs(&app, &hc, A, "rank", "&limit=200").await;
        assert_eq!(rows.len(), logged_before + 1, "round {round}");
        assert_eq!(rows[0]["field"], winner_field);

        // The loser reloads and saves again: both edits are kept.
        let mut retry = loser_body.clone();
        retry["version"] = lost["current"]["version"].clone();
        let saved = json(edit(&app, loser, A, &id, retry).await, 200).await;
        assert_eq!(saved["status"], status);
        assert_eq!(saved["callsign"], callsign.as_str());
        assert_eq!(saved["version"], start["version"].as_i64().unwrap() + 2);
    }
}

/// A roster read for `agency`, with `If-None-Match: tag` and `Accept-Encoding` when given.
async fn read_roster(
    app: &TestApp,
    client: &Client,
    agency: &str,
    tag: Option<&str>,
    accept_encoding: Option<&str>,
) -> reqwest::Response {
    read_roster_at(app, client, agency, "/api/roster", tag, accept_encoding).await
}

/// [`read_roster`] of `path` (a page).
async fn read_roster_at(
    app: &TestApp,
    client: &Client,
    agency: &str,
    path: &str,
    tag: Option<&str>,
    accept_encoding: Option<&str>,
) -> reqwest::Response {
    let mut request = client.get(app.url(path)).header("x-agency-slug", agency);
    if let Some(tag) = tag {
        request = request.header("if-none-match", tag);
    }
    if let Some(encoding) = accept_encoding {
        request = request.header("accept-encoding", encoding);
    }
    request.send().await.unwrap()
}

fn etag(response: &reqwest::Response) -> String {
    response.headers()["etag"].to_str().unwrap().to_owned()
}

/// Issue 29: the cached roster is sent with an `ETag`; the same tag back gets `304` without a
/// body until the roster changes, then a new tag. One agency's tag never gets `304` from
/// another, the guard runs before the tag is looked at, and a client that takes gzip gets the
/// copy compressed once for the cached value.
#[tokio::test]
async fn the_roster_answers_304_to_its_own_etag_until_it_changes() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let b_hc = app.signed_in(B_HC).await;

    let first = read_roster(&app, &hc, A, None, None).await;
    assert_eq!(first.status(), 200);
    let tag = etag(&first);
    assert!(tag.starts_with("W/\""), "{tag}");
    assert_eq!(first.headers()["cache-control"], "private, no-cache");
    let list: Vec<Value> = first.json().await.unwrap();
    assert_eq!(list.len(), 4);

    let again = read_roster(&app, &hc, A, Some(&tag), None).await;
    assert_eq!(again.status(), 304);
    assert_eq!(etag(&again), tag);
    assert!(again.bytes().await.unwrap().is_empty(), "304 has no body");
    // Deputies may read the roster too: the same value, the same tag.
    let deputy = app.signed_in(DEPUTY).await;
    assert_eq!(read_roster(&app, &deputy, A, Some(&tag), None).await.status(), 304);

    // The other agency's tag is its own, and neither agency's tag gets 304 from the other.
    let other = read_roster(&app, &b_hc, B, None, None).await;
    assert_eq!(other.status(), 200);
    let other_tag = etag(&other);
    assert_ne!(other_tag, tag);
    assert_eq!(read_roster(&app, &hc, A, Some(&other_tag), None).await.status(), 200);
    assert_eq!(read_roster(&app, &b_hc, B, Some(&tag), None).await.status(), 200);

    // The guard first: a current tag does not let anyone in who may not read the roster.
    let anonymous = read_roster(&app, &app.browser(), A, Some(&tag), None).await;
    refused(anonymous, 401, SIGN_IN_REQUIRED).await;
    let outsider = read_roster(&app, &b_hc, A, Some(&tag), None).await;
    refused(outsider, 403, NO_PERMISSION).await;

    // gzip, sent as compressed once, carries the same tag and decodes to the same list.
    let gzipped = read_roster(&app, &hc, A, None, Some("gzip, br")).await;
    assert_eq!(gzipped.status(), 200);
    assert_eq!(gzipped.headers()["content-encoding"], "gzip");
    assert_eq!(etag(&gzipped), tag);
    let mut plain = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&gzipped.bytes().await.unwrap()[..]),
        &mut plain,
    )
    .unwrap();
    assert_eq!(serde_json::from_slice::<Vec<Value>>(&plain).unwrap(), list);

    // A roster write: the old tag gets the new list and a new tag.
    let added = json!({"name": "Nia New", "callsign": "D-02", "rankId": HQ_DEPUTY});
    add_person(&app, &hc, A, added).await;
    let changed = read_roster(&app, &hc, A, Some(&tag), None).await;
    assert_eq!(changed.status(), 200);
    let new_tag = etag(&changed);
    assert_ne!(new_tag, tag);
    assert_eq!(changed.json::<Vec<Value>>().await.unwrap().len(), 5);
    assert_eq!(read_roster(&app, &hc, A, Some(&new_tag), None).await.status(), 304);
}

const LIST_CHANGED: &str =
    "The list changed while its pages were being read. Read it again from the first page.";

/// A roster page as the browser asks for it: its status, its entries' names (none on an
/// error), and its `next` and `last` links.
struct Page {
    status: u16,
    names: Vec<String>,
    tag: Option<String>,
    next: Option<String>,
    last: Option<String>,
}

async fn roster_page(
    app: &TestApp,
    client: &Client,
    agency: &str,
    path: &str,
    tag: Option<&str>,
) -> Page {
    let response = read_roster_at(app, client, agency, path, tag, None).await;
    let (next, last) = (link(&response, "next"), link(&response, "last"));
    let status = response.status().as_u16();
    let tag = response.headers().get("etag").map(|t| t.to_str().unwrap().to_owned());
    let names = if status == 200 {
        let list: Vec<Value> = response.json().await.unwrap();
        list.iter().map(|e| e["name"].as_str().unwrap().to_owned()).collect()
    } else {
        Vec::new()
    };
    Page { status, names, tag, next, last }
}

/// Issue 29: no roster answer is larger than a page ([`PAGE_SIZE`] people). The pages follow the
/// roster's order (by name), and each names the next (while one follows) and the last with
/// the list's token, so the screen fetches the rest at once. A page of a roster that changed
/// since the token's reading is refused (409), so the pages gathered are of one list; a page
/// past the last is 404; the token of one agency's roster is no use in another's.
#[tokio::test]
async fn the_roster_is_answered_a_page_at_a_time_with_links_to_the_next_and_the_last() {
    let app = two_agencies().await;
    let agency = app.state.registry.by_slug(A).await.unwrap().unwrap();
    // Two pages and a half with the four members: pages of PAGE_SIZE, PAGE_SIZE and half.
    let everyone = 2 * PAGE_SIZE + PAGE_SIZE / 2;
    let added = everyone - 4;
    sqlx::query(&format!(
        "INSERT INTO {}.roster (name, department_id, rank_id)
         SELECT 'Paged ' || lpad(i::text, 3, '0'), $1, $2 FROM generate_series(1, {added}) i",
        agency.schema_name
    ))
    .bind(portal::shared::organisation::STARTER_DEPARTMENT_ID)
    .bind(portal::shared::organisation::starter_rank_id("deputy"))
    .execute(&mut app.admin().await)
    .await
    .unwrap();
    portal::access::cache::announce(&app.state, portal::access::cache::Change::Agency(agency.id))
        .await;
    let hc = app.signed_in(HC).await;
    let deputy = app.signed_in(DEPUTY).await;

    let first = roster_page(&app, &deputy, A, "/api/roster", None).await;
    assert_eq!((first.status, first.names.len()), (200, PAGE_SIZE));
    assert!(
        app.state.access_cache.has_pages(agency.id, "roster", PAGE_SIZE).await,
        "read once, kept"
    );
    let next = first.next.clone().expect("a next page");
    let last = first.last.clone().expect("a last page");
    let token = next.split("of=").nth(1).expect("the list's token").to_owned();
    assert_eq!(next, format!("/api/roster?page=2&of={token}"));
    assert_eq!(last, format!("/api/roster?page=3&of={token}"));
    let second = roster_page(&app, &deputy, A, &next, None).await;
    assert_eq!((second.status, second.names.len()), (200, PAGE_SIZE));
    assert_eq!(second.next.as_deref(), Some(last.as_str()));
    let third = roster_page(&app, &deputy, A, &last, None).await;
    assert_eq!((third.status, third.names.len(), third.next), (200, PAGE_SIZE / 2, None));
    assert_eq!(third.last.as_deref(), Some(last.as_str()), "the last page names itself last");

    // Together: everyone once, by name, as one read of the whole list would give them.
    let gathered: Vec<String> = [first.names, second.names, third.names].concat();
    let mut expected = gathered.clone();
    expected.sort_by_key(|name| name.to_lowercase());
    assert_eq!(gathered, expected);
    expected.dedup();
    assert_eq!(expected.len(), everyone);
    let last_added = format!("Paged {added:03}");
    assert!(gathered.contains(&HC_NAME.to_owned()) && gathered.contains(&last_added));

    // Past the last, or not a page at all.
    let past = format!("/api/roster?page=4&of={token}");
    let response = read_roster_at(&app, &hc, A, &past, None, None).await;
    refused(response, 404, "There is no page 4: the list has 3 pages.").await;
    for bad in ["/api/roster?page=0", "/api/roster?page=two"] {
        let response = read_roster_at(&app, &hc, A, bad, None, None).await;
        assert_eq!(response.status(), 400, "{bad}");
    }

    // A page revalidates with 304, links and all, until the roster changes.
    let tag = second.tag.expect("an ETag");
    let unchanged = roster_page(&app, &hc, A, &next, Some(&tag)).await;
    assert_eq!((unchanged.status, unchanged.next.as_deref()), (304, Some(last.as_str())));
    add_person(
        &app,
        &hc,
        A,
        json!({"name": "Aaron Added", "callsign": "D-09", "rankId": HQ_DEPUTY}),
    )
    .await;
    assert!(
        !app.state.access_cache.has_pages(agency.id, "roster", PAGE_SIZE).await,
        "dropped on a write"
    );
    let response = read_roster_at(&app, &hc, A, &next, None, None).await;
    refused(response, 409, LIST_CHANGED).await;
    let again = roster_page(&app, &hc, A, "/api/roster", None).await;
    assert_eq!(again.names.first().map(String::as_str), Some("Aaron Added"));
    let new_next = again.next.expect("a next page");
    assert_ne!(new_next, next, "a new reading, a new token");
    assert_eq!(roster_page(&app, &hc, A, &new_next, Some(&tag)).await.status, 200);

    // Another agency: its own single page, and A's token is refused there; A's pages are
    // not B's to read.
    let b_hc = app.signed_in(B_HC).await;
    let b = roster_page(&app, &b_hc, B, "/api/roster", None).await;
    assert_eq!((b.status, b.names, b.next), (200, vec![B_HC_NAME.to_owned()], None));
    assert!(b
        .last
        .is_some_and(|l| l.starts_with("/api/roster?page=1&of=") && !l.ends_with(&token)));
    let response = read_roster_at(&app, &b_hc, B, &new_next, None, None).await;
    refused(response, 409, LIST_CHANGED).await;
    let response = read_roster_at(&app, &b_hc, A, &new_next, None, None).await;
    refused(response, 403, NO_PERMISSION).await;
}
