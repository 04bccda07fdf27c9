//! The audit log (issue 21), through the HTTP API: a write leaves exactly one row with who,
//! what and the fields that changed, a refused write leaves none, the log pages and filters
//! as asked, only the Logs page's members read it, and agencies never read each other's.

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    arrests::arrest,
    helpers::{json, send, Persona, TestApp},
    support::{
        add_department, add_ranks, app, get, pool, refused, set_pools, BCSO, HQ, HQ_DEPUTY,
        HQ_SUPERVISOR, LSPD, NO_PERMISSION,
    },
};

async fn audit(app: &TestApp, client: &Client, query: &str, agency: &str) -> Value {
    get(app, client, &format!("/api/audit{query}"), agency).await
}

fn items(page: &Value) -> &Vec<Value> {
    page["items"].as_array().unwrap()
}

async fn save_vehicles(app: &TestApp, client: &Client, vehicles: Value) -> reqwest::Response {
    let current = get(app, client, "/api/vehicles?scope=manage", BCSO).await;
    let body = json!({"vehicles": vehicles, "version": current["version"]});
    send(app, client, Method::PUT, "/api/vehicles?scope=manage", BCSO, Some(&body)).await
}

#[tokio::test]
async fn a_list_saved_whole_leaves_one_row_with_the_items_that_changed() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let before = items(&audit(&app, &command, "", BCSO).await).len();

    let first = json(
        save_vehicles(&app, &command, json!([{"name": "Cruiser", "allowedRanks": ["All"]}])).await,
        200,
    )
    .await;
    let id = first["vehicles"][0]["id"].as_str().unwrap().to_owned();
    let page = audit(&app, &command, "?kind=vehicles", BCSO).await;
    assert_eq!(items(&page).len(), 1, "one save, one row: {page}");
    let row = &items(&page)[0];
    assert_eq!(row["kind"], "vehicles");
    assert_eq!(row["action"], "saved");
    assert_eq!(row["title"], "Vehicles");
    assert_eq!(row["actor"]["display"], Persona::Command.name(BCSO));
    assert_eq!(row["actor"]["userId"], Persona::Command.discord_id(BCSO));
    let added = &row["diff"]["items"][0];
    assert_eq!(
        (added["id"].as_str(), added["title"].as_str(), added["change"].as_str()),
        (Some(id.as_str()), Some("Cruiser"), Some("added"))
    );

    let mut changed = first["vehicles"].clone();
    changed[0]["notes"] = json!("Slick top");
    json(save_vehicles(&app, &command, changed).await, 200).await;
    let page = audit(&app, &command, "?kind=vehicles", BCSO).await;
    assert_eq!(items(&page).len(), 2);
    let newest = &items(&page)[0]["diff"]["items"];
    assert_eq!(newest.as_array().unwrap().len(), 1);
    assert_eq!(newest[0]["change"], "changed");
    assert_eq!(
        newest[0]["fields"],
        json!([{"field": "notes", "before": "", "after": "Slick top"}])
    );

    // A stale save and a refused one write nothing.
    let stale = json!({"vehicles": [], "version": 0});
    let response =
        send(&app, &command, Method::PUT, "/api/vehicles?scope=manage", BCSO, Some(&stale)).await;
    assert_eq!(response.status(), 409);
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let body = json!({"vehicles": [], "version": 2});
    let response =
        send(&app, &deputy, Method::PUT, "/api/vehicles?scope=manage", BCSO, Some(&body)).await;
    assert_eq!(response.status(), 403);
    assert_eq!(items(&audit(&app, &command, "", BCSO).await).len(), before + 2);
}

#[tokio::test]
async fn filing_and_reviewing_a_report_leave_a_row_each_and_a_refusal_none() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let filed =
        json(send(&app, &deputy, Method::POST, "/api/arrests", BCSO, Some(&arrest())).await, 201)
            .await;
    let id = filed["id"].as_i64().unwrap();
    let number = filed["caseNumber"].as_str().unwrap().to_owned();

    let page = audit(&app, &command, "?kind=arrest", BCSO).await;
    assert_eq!(items(&page).len(), 1);
    let row = &items(&page)[0];
    assert_eq!(
        (row["action"].as_str(), row["subjectId"].as_str()),
        (Some("filed"), Some(id.to_string().as_str()))
    );
    assert_eq!(row["title"], format!("Arrest #{number}"));
    assert_eq!(row["actor"]["display"], Persona::Deputy.name(BCSO));
    let fields: Vec<&str> = row["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert!(fields.contains(&"location") && fields.contains(&"status"), "{fields:?}");

    // The filer may not review it: refused, nothing recorded.
    let path = format!("/api/arrests/{id}");
    let response =
        send(&app, &deputy, Method::PATCH, &path, BCSO, Some(&json!({"action": "approve"}))).await;
    assert!(response.status().is_client_error());
    assert_eq!(items(&audit(&app, &command, "?kind=arrest", BCSO).await).len(), 1);

    // Opening it in review is a change (pending to under review); opening it again is not.
    json(
        send(&app, &supervisor, Method::PATCH, &path, BCSO, Some(&json!({"action": "open"}))).await,
        200,
    )
    .await;
    json(
        send(&app, &supervisor, Method::PATCH, &path, BCSO, Some(&json!({"action": "open"}))).await,
        200,
    )
    .await;
    let page = audit(&app, &command, "?kind=arrest", BCSO).await;
    assert_eq!(items(&page).len(), 2, "{page}");
    assert_eq!(items(&page)[0]["action"], "opened");

    let approve = json!({"action": "approve", "notes": "Good work."});
    json(send(&app, &supervisor, Method::PATCH, &path, BCSO, Some(&approve)).await, 200).await;
    let page = audit(&app, &command, "?kind=arrest", BCSO).await;
    assert_eq!(items(&page).len(), 3);
    let review = &items(&page)[0];
    assert_eq!(review["action"], "approve");
    assert_eq!(review["actor"]["display"], Persona::Supervisor.name(BCSO));
    let status = review["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "status")
        .unwrap();
    assert_eq!(
        (status["before"].as_str(), status["after"].as_str()),
        (Some("under_review"), Some("approved"))
    );
    let signer = review["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "supervisorSignedBy")
        .unwrap();
    assert_eq!(signer["after"], Persona::Supervisor.name(BCSO));
}

#[tokio::test]
async fn the_log_pages_and_filters_by_who_kind_period_and_text() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    for n in 0..3 {
        json(
            save_vehicles(
                &app,
                &command,
                json!([{"name": format!("Car {n}"), "allowedRanks": ["All"]}]),
            )
            .await,
            200,
        )
        .await;
    }
    json(send(&app, &deputy, Method::POST, "/api/arrests", BCSO, Some(&arrest())).await, 201).await;

    let first = audit(&app, &command, "?kind=vehicles&limit=2", BCSO).await;
    assert_eq!(items(&first).len(), 2);
    assert_eq!(first["hasMore"], true);
    let rest = audit(&app, &command, "?kind=vehicles&limit=2&offset=2", BCSO).await;
    assert_eq!(items(&rest).len(), 1);
    assert_eq!(rest["hasMore"], false);
    let ids =
        |page: &Value| items(page).iter().map(|r| r["id"].as_i64().unwrap()).collect::<Vec<_>>();
    let all: Vec<i64> = ids(&first).into_iter().chain(ids(&rest)).collect();
    assert!(all.windows(2).all(|w| w[0] > w[1]), "newest first: {all:?}");

    let by_deputy =
        audit(&app, &command, &format!("?actor={}", Persona::Deputy.discord_id(BCSO)), BCSO).await;
    assert!(!items(&by_deputy).is_empty());
    assert!(items(&by_deputy).iter().all(|r| r["kind"] == "arrest"));
    let text = audit(&app, &command, "?q=arrest%20%23", BCSO).await;
    assert!(!items(&text).is_empty() && items(&text).iter().all(|r| r["kind"] == "arrest"));
    let wildcard = audit(&app, &command, "?q=%25", BCSO).await;
    assert!(items(&wildcard).is_empty(), "a % is a character, not a wildcard");

    let today = chrono::Utc::now().date_naive();
    let period = format!("?from={today}&to={today}&kind=vehicles");
    assert_eq!(items(&audit(&app, &command, &period, BCSO).await).len(), 3);
    let yesterday = today.pred_opt().unwrap();
    let past = format!("?from={yesterday}&to={yesterday}");
    assert!(items(&audit(&app, &command, &past, BCSO).await).is_empty());
    let bad = send(&app, &command, Method::GET, "/api/audit?from=20-11-2026", BCSO, None).await;
    refused(bad, 400, "From must be a date such as 2026-11-20.").await;
    let bad = send(&app, &command, Method::GET, "/api/audit?to=soon", BCSO, None).await;
    refused(bad, 400, "To must be a date such as 2026-11-20.").await;
}

#[tokio::test]
async fn only_the_logs_page_reads_the_log_and_agencies_never_read_each_other() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    json(
        save_vehicles(&app, &command, json!([{"name": "BCSO only", "allowedRanks": ["All"]}]))
            .await,
        200,
    )
    .await;

    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let response = send(&app, &deputy, Method::GET, "/api/audit", BCSO, None).await;
    refused(response, 403, NO_PERMISSION).await;
    let visitor = app.browser();
    let response = send(&app, &visitor, Method::GET, "/api/audit", BCSO, None).await;
    assert_eq!(response.status(), 401);

    // LSPD's command reads LSPD's log: nothing of BCSO's, even asked by BCSO's kind or member.
    let lspd = app.as_persona(LSPD, Persona::Command).await;
    let theirs = audit(&app, &lspd, "?kind=vehicles", LSPD).await;
    assert!(items(&theirs).is_empty(), "{theirs}");
    let by_bcso =
        audit(&app, &lspd, &format!("?actor={}", Persona::Command.discord_id(BCSO)), LSPD).await;
    assert!(items(&by_bcso).is_empty());
    // And BCSO's session cannot be pointed at LSPD's log.
    let response = send(&app, &command, Method::GET, "/api/audit", LSPD, None).await;
    assert!(response.status() == 401 || response.status() == 403, "{}", response.status());
}

#[tokio::test]
async fn rows_past_the_agencys_retention_are_pruned() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    json(
        save_vehicles(&app, &command, json!([{"name": "Kept", "allowedRanks": ["All"]}])).await,
        200,
    )
    .await;
    let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
    let mut admin = app.admin().await;
    sqlx::query(&format!(
        "INSERT INTO {schema}.audit_events (at, actor_name, kind, action, subject_id, title, diff)
         VALUES (now() - interval '400 days', 'Old', 'vehicles', 'saved', 'vehicles', 'Vehicles', '{{}}'),
                (now() - interval '40 days', 'Recent', 'vehicles', 'saved', 'vehicles', 'Vehicles', '{{}}')"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::query(&format!("SET search_path TO {schema}")).execute(&mut admin).await.unwrap();

    // The default keeps a year.
    assert_eq!(portal::shared::audit::prune(&mut admin).await.unwrap(), 1);
    let names: Vec<String> = items(&audit(&app, &command, "?kind=vehicles", BCSO).await)
        .iter()
        .map(|r| r["actor"]["display"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(names, [Persona::Command.name(BCSO), "Recent".to_owned()]);

    // A shorter retention prunes more; another agency's rows are not touched.
    sqlx::query("UPDATE agency_settings SET audit_retention_days = 30")
        .execute(&mut admin)
        .await
        .unwrap();
    assert_eq!(portal::shared::audit::prune(&mut admin).await.unwrap(), 1);
    assert_eq!(items(&audit(&app, &command, "?kind=vehicles", BCSO).await).len(), 1);
}

#[tokio::test]
async fn training_writes_leave_a_row_each_with_what_changed() {
    let app = app().await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let call = |client: &Client, method: Method, path: String, body: Option<Value>| {
        let app = &app;
        let client = client.clone();
        async move { send(app, &client, method, &path, BCSO, body.as_ref()).await }
    };
    let roster = get(&app, &supervisor, "/api/roster", BCSO).await;
    let person = |persona: Persona| {
        let entry =
            roster.as_array().unwrap().iter().find(|p| p["name"] == persona.name(BCSO)).unwrap();
        json!({"id": entry["id"].to_string(), "name": entry["name"]})
    };

    let body = json!({"title": "Patrol basics", "steps": [{"id": "s1", "text": "Radio check", "required": true}]});
    let template =
        json(call(&supervisor, Method::POST, "/api/trainings".into(), Some(body)).await, 201).await;
    let id = template["id"].as_i64().unwrap();
    let renamed = json!({"title": "Patrol basics II", "steps": template["steps"]});
    json(
        call(&supervisor, Method::PATCH, format!("/api/trainings/{id}"), Some(renamed)).await,
        200,
    )
    .await;
    let assignment = json!({"templateId": id, "sessionName": "Ride-along",
        "ftos": [person(Persona::Supervisor)], "trainees": [person(Persona::Deputy)]});
    let session = json(
        call(&supervisor, Method::POST, "/api/trainings/assign".into(), Some(assignment)).await,
        201,
    )
    .await;
    let session_id = session["id"].as_i64().unwrap();
    let session_path = format!("/api/trainings/assignments/{session_id}");
    let tick = json!({"updateItem": {"id": "s1", "done": true}});
    json(call(&supervisor, Method::PATCH, session_path.clone(), Some(tick)).await, 200).await;
    // The trainee may not tick their own step: refused, nothing recorded.
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let own = json!({"updateItem": {"id": "s1", "done": false}});
    assert_eq!(call(&deputy, Method::PATCH, session_path.clone(), Some(own)).await.status(), 403);
    assert_eq!(call(&supervisor, Method::DELETE, session_path, None).await.status(), 204);
    assert_eq!(
        call(&supervisor, Method::DELETE, format!("/api/trainings/{id}"), None).await.status(),
        204
    );

    let rows = audit(&app, &command, "?limit=20", BCSO).await;
    let seen: Vec<(String, String, String)> = items(&rows)
        .iter()
        .filter(|r| r["kind"].as_str().unwrap().starts_with("training"))
        .map(|r| {
            (
                r["kind"].as_str().unwrap().into(),
                r["action"].as_str().unwrap().into(),
                r["title"].as_str().unwrap().into(),
            )
        })
        .collect();
    let expected = [
        ("training_template", "deleted", "Patrol basics II"),
        ("training_session", "deleted", "Ride-along"),
        ("training_session", "updated", "Ride-along"),
        ("training_session", "created", "Ride-along"),
        ("training_template", "updated", "Patrol basics II"),
        ("training_template", "created", "Patrol basics"),
    ]
    .map(|(k, a, t)| (k.to_owned(), a.to_owned(), t.to_owned()));
    assert_eq!(seen, expected);
    let rename = items(&rows)
        .iter()
        .find(|r| r["kind"] == "training_template" && r["action"] == "updated")
        .unwrap();
    assert_eq!(
        rename["diff"]["fields"],
        json!([{"field": "title", "before": "Patrol basics", "after": "Patrol basics II"}])
    );
    let ticked = items(&rows)
        .iter()
        .find(|r| r["kind"] == "training_session" && r["action"] == "updated")
        .unwrap();
    let fields: Vec<&str> = ticked["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert!(fields.contains(&"checklist"), "{fields:?}");
}

#[tokio::test]
async fn callsign_pools_and_permissions_record_what_changed() {
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let rank = "Deputy";
    set_pools(&app, &hc, BCSO, rank, json!([pool("B", 10, 19)])).await;
    let rows = audit(&app, &hc, "?kind=callsign_pools", BCSO).await;
    assert_eq!(items(&rows).len(), 1);
    let row = &items(&rows)[0];
    assert_eq!(row["title"], format!("Callsigns of {rank}"));
    assert_eq!(row["diff"]["fields"][0]["field"], "pools");
    assert_eq!(row["diff"]["fields"][0]["before"], json!([]));

    let before = get(&app, &hc, "/api/nav-permissions", BCSO).await;
    let change = json!({"items": {"sops": {"public": false, "levels": ["supervisor"], "roles": []}},
                        "baseUpdatedAt": before["updatedAt"]});
    json(send(&app, &hc, Method::PUT, "/api/nav-permissions", BCSO, Some(&change)).await, 200)
        .await;
    let rows = audit(&app, &hc, "?kind=nav_permissions", BCSO).await;
    assert_eq!(items(&rows).len(), 1, "{rows}");
    let fields: Vec<&str> = items(&rows)[0]["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert!(fields.iter().all(|f| f.starts_with("items.sops.")), "{fields:?}");
    assert!(fields.contains(&"items.sops.levels"), "{fields:?}");
    // Saving the same again changes nothing and records nothing; a stale save neither.
    let now = get(&app, &hc, "/api/nav-permissions", BCSO).await;
    let same = json!({"items": {"sops": {"public": false, "levels": ["supervisor"], "roles": []}},
                      "baseUpdatedAt": now["updatedAt"]});
    json(send(&app, &hc, Method::PUT, "/api/nav-permissions", BCSO, Some(&same)).await, 200).await;
    let stale = send(&app, &hc, Method::PUT, "/api/nav-permissions", BCSO, Some(&change)).await;
    assert_eq!(stale.status(), 409);
    assert_eq!(items(&audit(&app, &hc, "?kind=nav_permissions", BCSO).await).len(), 1);
}

#[tokio::test]
async fn a_hire_and_a_promotion_leave_a_row_each() {
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let body =
        json!({"name": "Nia New", "callsign": "N-01", "departmentId": HQ, "rankId": HQ_DEPUTY});
    let hired =
        json(send(&app, &hc, Method::POST, "/api/roster", BCSO, Some(&body)).await, 201).await;
    let id = hired["id"].as_i64().unwrap();
    let promote = json!({"rankId": HQ_SUPERVISOR, "version": hired["version"]});
    json(
        send(&app, &hc, Method::PATCH, &format!("/api/roster/{id}"), BCSO, Some(&promote)).await,
        200,
    )
    .await;
    // A stale edit changes nothing and records nothing.
    let stale =
        send(&app, &hc, Method::PATCH, &format!("/api/roster/{id}"), BCSO, Some(&promote)).await;
    assert_eq!(stale.status(), 409);

    let rows = audit(&app, &hc, "?kind=roster", BCSO).await;
    let rows = items(&rows);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(
        (rows[1]["action"].as_str(), rows[1]["title"].as_str()),
        (Some("created"), Some("Nia New"))
    );
    assert_eq!(rows[1]["subjectId"], id.to_string());
    assert_eq!(rows[0]["action"], "updated");
    let rank = rows[0]["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "rankId")
        .unwrap();
    assert_eq!(
        (rank["before"].as_str(), rank["after"].as_str()),
        (Some(HQ_DEPUTY), Some(HQ_SUPERVISOR))
    );
    assert!(rows[0]["diff"]["fields"].as_array().unwrap().iter().all(|f| f["field"] != "version"));
}

#[tokio::test]
async fn structure_writes_name_the_one_thing_that_changed() {
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let department = add_department(&app, &hc, BCSO, "Traffic Unit").await;
    let ranks = add_ranks(
        &app,
        &hc,
        BCSO,
        &department,
        &[("Officer", "deputy"), ("Sergeant", "supervisor")],
    )
    .await;
    let rename = json!({"name": "Senior Officer"});
    json(
        send(
            &app,
            &hc,
            Method::PATCH,
            &format!("/api/structure/{}", ranks[0]),
            BCSO,
            Some(&rename),
        )
        .await,
        200,
    )
    .await;
    let order =
        json!({"type": "ranks", "departmentId": department, "orderedIds": [ranks[1], ranks[0]]});
    json(send(&app, &hc, Method::POST, "/api/structure/reorder", BCSO, Some(&order)).await, 200)
        .await;
    json(
        send(&app, &hc, Method::DELETE, &format!("/api/structure/{}", ranks[1]), BCSO, None).await,
        200,
    )
    .await;
    // A refused write (an unknown item) records nothing.
    assert_eq!(
        send(&app, &hc, Method::DELETE, "/api/structure/nothing", BCSO, None).await.status(),
        404
    );

    let rows = audit(&app, &hc, "?kind=structure", BCSO).await;
    let rows = items(&rows);
    let actions: Vec<&str> = rows.iter().map(|r| r["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["deleted", "reordered", "updated", "created", "created"]);
    assert!(rows.iter().all(|r| r["title"] == "Structure: Traffic Unit"), "{rows:?}");
    let renamed = &rows[2]["diff"]["fields"];
    assert_eq!(
        renamed,
        &json!([{"field": format!("{department}.ranks.{}.name", ranks[0]), "before": "Officer", "after": "Senior Officer"}])
    );
    let reordered: Vec<&str> = rows[1]["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert!(
        reordered.iter().all(|f| f.ends_with(".position")) && reordered.len() == 2,
        "{reordered:?}"
    );
    // The deleted rank goes whole; the one left moves up to the first place.
    let removed = format!("{department}.ranks.{}", ranks[1]);
    let deleted = rows[0]["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == removed.as_str())
        .unwrap();
    assert_eq!(deleted["after"], Value::Null);
    assert_eq!(deleted["before"]["name"], "Sergeant");
}

/// The field of `row`'s diff named `field`.
fn field<'a>(row: &'a Value, field: &str) -> &'a Value {
    row["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == field)
        .unwrap_or_else(|| panic!("no {field} in {row}"))
}

#[tokio::test]
async fn branding_visibility_and_a_new_agency_are_recorded_in_the_agency_they_change() {
    let app = app().await;
    let root_hc = "100000000000000777";
    app.add_member("rawlife", root_hc, "Rosa Root", "high_command").await;
    let root = app.signed_in(root_hc).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let lspd_hc = app.as_persona(LSPD, Persona::HighCommand).await;
    let patch = |client: &Client, agency: &str, body: Value| {
        let (app, client, agency) = (&app, client.clone(), agency.to_owned());
        async move {
            send(app, &client, Method::PATCH, "/api/agencies/bcso", &agency, Some(&body)).await
        }
    };

    json(patch(&hc, BCSO, json!({"theme": {"primaryColor": "#123456"}})).await, 200).await;
    json(patch(&root, "rawlife", json!({"description": "Sheriffs of Blaine"})).await, 200).await;
    json(patch(&root, "rawlife", json!({"flags": {"hidden": true}})).await, 200).await;
    // Another agency's High Command may not brand BCSO: refused, nothing recorded anywhere.
    let refused = patch(&lspd_hc, LSPD, json!({"theme": {"primaryColor": "#ff0000"}})).await;
    assert_eq!(refused.status(), 403);

    let rows = audit(&app, &hc, "?kind=branding", BCSO).await;
    let rows = items(&rows);
    assert_eq!(rows.len(), 2, "{rows:?}");
    assert_eq!(rows[1]["actor"]["display"], Persona::HighCommand.name(BCSO));
    assert_eq!(rows[1]["actor"]["userId"], Persona::HighCommand.discord_id(BCSO));
    assert_eq!(rows[1]["title"], "Blaine County Sheriff's Office");
    assert_eq!(rows[1]["subjectId"], "bcso");
    assert_eq!(field(&rows[1], "theme.primaryColor")["after"], "#123456");
    // The accent colour follows the primary one unless set: it changed as members see it.
    let changed: Vec<&str> = rows[1]["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["field"].as_str().unwrap())
        .collect();
    assert_eq!(changed, ["theme.accentColor", "theme.primaryColor"]);
    // The root agency's administrator is named with their agency.
    assert_eq!(rows[0]["actor"]["display"], "Rosa Root (rawlife)");
    assert_eq!(
        field(&rows[0], "description"),
        &json!({"field": "description", "before": null, "after": "Sheriffs of Blaine"})
    );
    let hidden = audit(&app, &hc, "?kind=agency&q=Rosa", BCSO).await;
    assert_eq!(items(&hidden).len(), 1, "{hidden}");
    assert_eq!(field(&items(&hidden)[0], "flags.hidden")["after"], true);
    // Nothing of BCSO's branding shows in LSPD's log, and the outbox is empty once relayed.
    let lspd = audit(&app, &lspd_hc, "?kind=branding", LSPD).await;
    assert!(items(&lspd).is_empty(), "{lspd}");
    let waiting: i64 = sqlx::query_scalar("SELECT count(*) FROM audit_outbox")
        .fetch_one(&app.state.control)
        .await
        .unwrap();
    assert_eq!(waiting, 0);

    // A new agency's log starts with its creation, by whoever created it.
    let body = json!({"name": "State Parks", "slug": "parks", "domain": "parks.example.org"});
    json(send(&app, &root, Method::POST, "/api/agencies", "rawlife", Some(&body)).await, 201).await;
    app.add_member("parks", "100000000000000778", "Pia Parks", "high_command").await;
    let parks = app.signed_in("100000000000000778").await;
    let rows = audit(&app, &parks, "?kind=agency", "parks").await;
    let created = &items(&rows)[0];
    assert_eq!(items(&rows).len(), 1, "{rows}");
    assert_eq!(
        (created["action"].as_str(), created["title"].as_str()),
        (Some("created"), Some("State Parks"))
    );
    assert_eq!(created["actor"]["display"], "Rosa Root (rawlife)");
    assert_eq!(field(created, "domain")["after"], "parks.example.org");
    assert!(!created.to_string().contains("databaseUrl"), "{created}");
}

#[tokio::test]
async fn an_outbox_row_relayed_twice_is_recorded_once() {
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    let db = app.state.pools.get(&agency).await.unwrap();
    let put = "INSERT INTO audit_outbox (id, agency_id, actor_name, kind, action, subject_id, title, diff)
               VALUES (4242, $1, 'Somebody', 'branding', 'updated', 'bcso', 'Outbox test', '{}')";
    sqlx::query(put).bind(agency.id).execute(&app.state.control).await.unwrap();
    assert_eq!(portal::shared::audit::relay(&app.state.control, &db, agency.id).await.unwrap(), 1);
    // As if the first relay had stopped before deleting it: the row is back and relayed again.
    sqlx::query(put).bind(agency.id).execute(&app.state.control).await.unwrap();
    assert_eq!(portal::shared::audit::relay(&app.state.control, &db, agency.id).await.unwrap(), 1);
    assert_eq!(portal::shared::audit::relay(&app.state.control, &db, agency.id).await.unwrap(), 0);
    let rows = audit(&app, &hc, "?q=Outbox", BCSO).await;
    assert_eq!(items(&rows).len(), 1, "{rows}");
}

#[tokio::test]
async fn high_command_sets_how_long_changes_are_kept_in_its_own_agency_only() {
    let app = app().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let lspd_hc = app.as_persona(LSPD, Persona::HighCommand).await;
    let settings = |client: &Client, agency: &'static str| {
        let (app, client) = (&app, client.clone());
        async move { get(app, &client, "/api/audit/settings", agency).await }
    };
    let put = |client: &Client, days: Value| {
        let (app, client) = (&app, client.clone());
        async move {
            let body = json!({"retentionDays": days});
            send(app, &client, Method::PUT, "/api/audit/settings", BCSO, Some(&body)).await
        }
    };
    assert_eq!(settings(&command, BCSO).await, json!({"retentionDays": 365, "canEdit": false}));
    assert_eq!(settings(&hc, BCSO).await, json!({"retentionDays": 365, "canEdit": true}));
    refused(
        send(&app, &deputy, Method::GET, "/api/audit/settings", BCSO, None).await,
        403,
        NO_PERMISSION,
    )
    .await;
    refused(
        put(&command, json!(90)).await,
        403,
        "You must be part of High Command to change how long changes are kept.",
    )
    .await;
    refused(put(&hc, json!(29)).await, 400, "Keep changes for 30 to 3650 days.").await;
    refused(put(&hc, json!(3651)).await, 400, "Keep changes for 30 to 3650 days.").await;

    let saved = json(put(&hc, json!(90)).await, 200).await;
    assert_eq!(saved, json!({"retentionDays": 90, "canEdit": true}));
    assert_eq!(settings(&command, BCSO).await["retentionDays"], 90);
    // LSPD keeps its own.
    assert_eq!(settings(&lspd_hc, LSPD).await["retentionDays"], 365);
    // The change is recorded once; saving the same again records nothing.
    json(put(&hc, json!(90)).await, 200).await;
    let rows = audit(&app, &hc, "?kind=audit_settings", BCSO).await;
    assert_eq!(items(&rows).len(), 1, "{rows}");
    assert_eq!(
        items(&rows)[0]["diff"]["fields"],
        json!([{"field": "retentionDays", "before": 365, "after": 90}])
    );
    // Pruning now keeps 90 days: the agency's creation, dated 100 days ago, goes.
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    let db = app.state.pools.get(&agency).await.unwrap();
    sqlx::query("UPDATE audit_events SET at = now() - interval '100 days' WHERE kind = 'agency'")
        .execute(&*db)
        .await
        .unwrap();
    assert_eq!(portal::shared::audit::prune(&*db).await.unwrap(), 1);
}
