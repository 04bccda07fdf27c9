//! Organisation: departments with their ranks, sub-departments and roles, callsign pools,
//! rank insignia, delete and reorder rules, who may change them, and isolation between
//! agencies (command-and-reports §2 Department management, §3, §5, §7).

use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    fixtures::{padded_png, same_image, tiny_png},
    helpers::{json, send, TestApp},
    support::*,
};

/// Files stored under the media folder's `insignia/`.
fn stored_insignia(app: &TestApp) -> Vec<String> {
    let mut names: Vec<String> = match std::fs::read_dir(app.media_dir.join("insignia")) {
        Ok(dir) => dir.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect(),
        Err(_) => vec![],
    };
    names.sort();
    names
}

const MB: usize = 1024 * 1024;

// ---------------------------------------------------------------------------------------
// 1. Validation

#[tokio::test]
async fn structure_writes_answer_each_validation_message_and_change_nothing() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let before = get(&app, &hc, "/api/structure", A).await;
    let create = |body: Value| {
        let (app, hc) = (&app, &hc);
        async move { post(app, hc, "/api/structure", A, body).await }
    };

    let cases: Vec<(Value, u16, String)> = vec![
        (
            json!({"type": "department", "data": {"name": "  "}}),
            400,
            "Department name required".into(),
        ),
        (json!({"type": "department", "data": {}}), 400, "Department name required".into()),
        (
            json!({"type": "division", "data": {"name": "X"}}),
            400,
            "Unknown structure type 'division': use department, ranks, sub or role.".into(),
        ),
        (
            json!({"type": "ranks", "data": {"ranks": [{"name": "Cadet", "level": "deputy"}]}}),
            400,
            "parentId must name the department.".into(),
        ),
        (
            json!({"type": "ranks", "parentId": "nowhere",
                   "data": {"ranks": [{"name": "Cadet", "level": "deputy"}]}}),
            404,
            "Unknown department 'nowhere'".into(),
        ),
        (
            json!({"type": "ranks", "parentId": HQ,
                   "data": {"ranks": [{"name": "Cadet", "level": "chief"}]}}),
            400,
            format!("Unknown level 'chief'. {LEVELS}"),
        ),
        (
            json!({"type": "ranks", "parentId": HQ, "data": {"ranks": [{"name": "Cadet"}]}}),
            400,
            format!("Unknown level ''. {LEVELS}"),
        ),
        (
            // One bad rank refuses the whole list.
            json!({"type": "ranks", "parentId": HQ, "data": {"ranks": [
                {"name": "Cadet", "level": "deputy"}, {"name": "Chief", "level": "chief"}]}}),
            400,
            format!("Unknown level 'chief'. {LEVELS}"),
        ),
        (
            json!({"type": "ranks", "parentId": HQ,
                   "data": {"ranks": [{"name": " ", "level": "deputy"}]}}),
            400,
            "Name required".into(),
        ),
        (
            json!({"type": "ranks", "parentId": HQ, "data": {"ranks": []}}),
            400,
            "Add at least one rank.".into(),
        ),
        (
            json!({"type": "ranks", "parentId": HQ, "data": {"name": "Cadet"}}),
            400,
            "data.ranks must be a list of ranks.".into(),
        ),
        (
            json!({"type": "ranks", "parentId": HQ, "data": {"ranks": [
                {"name": "Cadet", "level": "deputy", "insignia": "../secret.png"}]}}),
            400,
            "'../secret.png' is not an insignia uploaded for this agency.".into(),
        ),
        (
            json!({"type": "sub", "parentId": HQ, "data": {"name": ""}}),
            400,
            "Sub-department name required".into(),
        ),
        (
            json!({"type": "sub", "parentId": "nowhere", "data": {"name": "K9"}}),
            404,
            "Unknown department 'nowhere'".into(),
        ),
        (
            json!({"type": "role", "parentId": HQ, "data": {"name": " "}}),
            400,
            "Name required".into(),
        ),
    ];
    for (body, status, message) in cases {
        let response = create(body.clone()).await;
        assert_eq!(response.status(), status, "{body}");
        assert_eq!(json(response, status).await, error(&message), "{body}");
    }

    // Edits of what exists.
    let rank = |body: Value| {
        let (app, hc) = (&app, &hc);
        async move { patch(app, hc, &format!("/api/structure/{HQ_DEPUTY}"), A, body).await }
    };
    refused(
        rank(json!({"level": "chief"})).await,
        400,
        &format!("Unknown level 'chief'. {LEVELS}"),
    )
    .await;
    refused(rank(json!({"name": "  "})).await, 400, "Name required").await;
    refused(
        rank(json!({"insignia": "x.gif"})).await,
        400,
        "'x.gif' is not an insignia uploaded for this agency.",
    )
    .await;
    let hq = patch(&app, &hc, &format!("/api/structure/{HQ}"), A, json!({"name": ""})).await;
    refused(hq, 400, "Department name required").await;
    let unknown = patch(&app, &hc, "/api/structure/nope", A, json!({"name": "X"})).await;
    refused(unknown, 404, "Unknown structure item 'nope'").await;
    refused(
        delete(&app, &hc, "/api/structure/nope", A).await,
        404,
        "Unknown structure item 'nope'",
    )
    .await;
    let bad_list = json!({"departmentId": HQ, "type": "roles", "orderedIds": []});
    refused(
        post(&app, &hc, "/api/structure/reorder", A, bad_list).await,
        400,
        "Unknown list 'roles': use ranks or subs.",
    )
    .await;
    let bad_department = json!({"departmentId": "nowhere", "type": "ranks", "orderedIds": []});
    refused(
        post(&app, &hc, "/api/structure/reorder", A, bad_department).await,
        404,
        "Unknown department 'nowhere'",
    )
    .await;

    assert_eq!(get(&app, &hc, "/api/structure", A).await, before, "nothing changed");
}

#[tokio::test]
async fn structure_items_are_created_edited_and_answered_in_order() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;

    // The starter department: one rank per level, the highest first.
    let list = departments(&app, &hc, A).await;
    assert_eq!(list.len(), 1, "{list:?}");
    assert_eq!(list[0]["name"], "Headquarters");
    let ranks: Vec<(String, String)> = list[0]["ranks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["name"].as_str().unwrap().into(), r["level"].as_str().unwrap().into()))
        .collect();
    let expected = [
        ("High Command", "high_command"),
        ("Command", "command"),
        ("Supervisor", "supervisor"),
        ("Deputy", "deputy"),
    ];
    assert_eq!(
        ranks,
        expected.iter().map(|(n, l)| (n.to_string(), l.to_string())).collect::<Vec<_>>()
    );

    let patrol = add_department(&app, &hc, A, "Patrol Division").await;
    assert_eq!(patrol, "patrol-division");
    let again = add_department(&app, &hc, A, "Patrol Division").await;
    assert_eq!(again, "patrol-division-2", "a taken id gets a suffix");

    let body = json!({"type": "ranks", "parentId": patrol, "data": {"ranks": [
        {"name": " Officer ", "level": "Deputy", "roleId": "700000000000000001"},
        {"name": "Sergeant", "level": "supervisor"},
    ]}});
    let structure = json(post(&app, &hc, "/api/structure", A, body).await, 201).await;
    let ranks = department(structure["departments"].as_array().unwrap(), &patrol)["ranks"].clone();
    assert_eq!(ranks.as_array().unwrap().len(), 2);
    assert_eq!(ranks[0]["name"], "Officer", "names are trimmed");
    assert_eq!(ranks[0]["level"], "deputy", "levels are stored as level ids");
    assert_eq!(ranks[0]["roleId"], "700000000000000001");
    assert_eq!(ranks[1]["name"], "Sergeant");
    let officer = ranks[0]["id"].as_str().unwrap().to_owned();

    let k9 = add_item(&app, &hc, A, "sub", &patrol, "K9").await;
    let fto = add_item(&app, &hc, A, "role", &patrol, "FTO").await;

    // Edits.
    let edited =
        patch(&app, &hc, &format!("/api/structure/{officer}"), A, json!({"level": "Command"}))
            .await;
    let edited = json(edited, 200).await;
    let rank = &department(edited["departments"].as_array().unwrap(), &patrol)["ranks"][0];
    assert_eq!((rank["name"].as_str(), rank["level"].as_str()), (Some("Officer"), Some("command")));
    let renamed =
        patch(&app, &hc, &format!("/api/structure/{k9}"), A, json!({"name": "Canine"})).await;
    json(renamed, 200).await;
    let renamed = patch(
        &app,
        &hc,
        &format!("/api/structure/{fto}"),
        A,
        json!({"name": "Field Training", "discordRoleId": "700000000000000001"}),
    )
    .await;
    json(renamed, 200).await;

    let list = departments(&app, &hc, A).await;
    assert_eq!(
        list.iter().map(|d| d["id"].as_str().unwrap()).collect::<Vec<_>>(),
        [HQ, "patrol-division", "patrol-division-2"]
    );
    let patrol = department(&list, &patrol);
    assert_eq!(patrol["subDepartments"], json!([{"id": k9, "name": "Canine", "roleId": null}]));
    assert_eq!(
        patrol["roles"],
        json!([{"id": fto, "name": "Field Training", "discordRoleId": "700000000000000001",
                "grantsAgencyCommand": false}])
    );
}

#[tokio::test]
async fn callsign_pools_are_validated_and_listed_by_rank_name() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    assert_eq!(get(&app, &hc, "/api/callsigns", A).await, json!({}));

    let cases = [
        (json!({"rankName": "Chief", "pools": [pool("A", 1, 5)]}), "Unknown rank 'Chief'."),
        (
            json!({"rankName": "Deputy", "pools": [{"type": "list", "prefix": "A", "start": 1, "end": 5}]}),
            "Only numeric pools are supported.",
        ),
        (
            json!({"rankName": "Deputy", "pools": [pool("A", 9, 3)]}),
            "Pool start (9) must not be greater than its end (3).",
        ),
        (
            json!({"rankName": "Deputy", "pools": [pool("A", 1, 5), pool("B", 7, 6)]}),
            "Pool start (7) must not be greater than its end (6).",
        ),
        (
            json!({"rankName": "Deputy", "pools": [pool("A1", 1, 5)]}),
            "Pool prefix 'A1' must be up to six letters.",
        ),
        (
            json!({"rankName": "Deputy", "pools": [pool("", -1, 5)]}),
            "Pool numbers must be between 0 and 99999.",
        ),
        (
            json!({"rankName": "Deputy", "pools": [pool("", 0, 10_000)]}),
            "A pool may hold at most 10000 callsigns.",
        ),
    ];
    for (body, message) in cases {
        let response = post(&app, &hc, "/api/callsigns", A, body.clone()).await;
        assert_eq!(json(response, 400).await, error(message), "{body}");
    }
    let text_numbers =
        json!({"rankName": "Deputy", "pools": [{"prefix": "A", "start": "one", "end": 5}]});
    let response = post(&app, &hc, "/api/callsigns", A, text_numbers).await;
    assert_eq!(response.status(), 400, "numbers only");
    assert_eq!(get(&app, &hc, "/api/callsigns", A).await, json!({}), "nothing saved");

    // Valid: prefixes uppercased, type defaults to numeric, start = end allowed.
    let saved = set_pools(
        &app,
        &hc,
        A,
        "Deputy",
        json!([{"prefix": " a ", "start": 1, "end": 3}, pool("", 100, 100)]),
    )
    .await;
    let expected = json!({"Deputy": [pool("A", 1, 3), pool("", 100, 100)]});
    assert_eq!(saved, expected);
    set_pools(&app, &hc, A, "Supervisor", json!([pool("S", 10, 12)])).await;
    let all = get(&app, &hc, "/api/callsigns", A).await;
    assert_eq!(
        all,
        json!({"Deputy": [pool("A", 1, 3), pool("", 100, 100)], "Supervisor": [pool("S", 10, 12)]})
    );

    // Replacing and removing.
    set_pools(&app, &hc, A, "Deputy", json!([pool("D", 5, 6)])).await;
    let removed = set_pools(&app, &hc, A, "Supervisor", json!([])).await;
    assert_eq!(removed, json!({"Deputy": [pool("D", 5, 6)]}));

    // Renaming a rank moves its pools along.
    let renamed =
        patch(&app, &hc, &format!("/api/structure/{HQ_DEPUTY}"), A, json!({"name": "Trooper"}))
            .await;
    json(renamed, 200).await;
    assert_eq!(get(&app, &hc, "/api/callsigns", A).await, json!({"Trooper": [pool("D", 5, 6)]}));
}

// ---------------------------------------------------------------------------------------
// 2. Who may change the organisation

/// A request: method, path and body.
type Write = (Method, String, Option<Value>);

/// Every kind of write to a department: add a department, ranks and a role to it, rename it,
/// delete its rank `second`, reorder `first` and `second`, and set the pools of `rank_name`.
fn structure_writes(department: &str, first: &str, second: &str, rank_name: &str) -> Vec<Write> {
    vec![
        (
            Method::POST,
            "/api/structure".into(),
            Some(json!({"type": "department", "data": {"name": "Shadow"}})),
        ),
        (
            Method::POST,
            "/api/structure".into(),
            Some(json!({"type": "ranks", "parentId": department,
                        "data": {"ranks": [{"name": "Chief", "level": "high_command"}]}})),
        ),
        (
            Method::POST,
            "/api/structure".into(),
            Some(json!({"type": "role", "parentId": department, "data": {"name": "Spy"}})),
        ),
        (Method::PATCH, format!("/api/structure/{department}"), Some(json!({"name": "Renamed"}))),
        (Method::DELETE, format!("/api/structure/{second}"), None),
        (
            Method::POST,
            "/api/structure/reorder".into(),
            Some(json!({"departmentId": department, "type": "ranks",
                        "orderedIds": [second, first]})),
        ),
        (
            Method::POST,
            "/api/callsigns".into(),
            Some(json!({"rankName": rank_name, "pools": [pool("Z", 1, 3)]})),
        ),
    ]
}

#[tokio::test]
async fn deputies_supervisors_and_anonymous_viewers_cannot_change_structure_or_pools() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let (patrol, ranks) = patrol_department(&app, &hc, A).await;
    add_item(&app, &hc, A, "sub", &patrol, "K9").await;
    set_pools(&app, &hc, A, "Officer", json!([pool("P", 1, 9)])).await;
    let before = snapshot(&app, &hc, A).await;
    let files_before = stored_insignia(&app);

    let viewers = [
        ("anonymous", app.browser(), 401, SIGN_IN_REQUIRED),
        ("deputy", app.signed_in(DEPUTY).await, 403, NO_PERMISSION),
        ("supervisor", app.signed_in(SUPERVISOR).await, 403, NO_PERMISSION),
    ];
    for (who, client, status, message) in &viewers {
        let mut writes = structure_writes(&patrol, &ranks[0], &ranks[1], "Officer");
        writes.extend([
            (
                Method::PATCH,
                format!("/api/structure/{}", ranks[0]),
                Some(json!({"level": "high_command"})),
            ),
            (Method::DELETE, format!("/api/structure/{patrol}"), None),
            (
                Method::POST,
                "/api/callsigns".into(),
                Some(json!({"rankName": "Sergeant", "pools": [pool("X", 1, 2)]})),
            ),
        ]);
        for (method, path, body) in writes {
            let response = send(&app, client, method.clone(), &path, A, body.as_ref()).await;
            assert_eq!(response.status(), *status, "{who} {method} {path}");
            assert_eq!(json(response, *status).await, error(message), "{who} {method} {path}");
        }
        // Reading the pools is department management too.
        refused(send(&app, client, Method::GET, "/api/callsigns", A, None).await, *status, message)
            .await;
        let upload = upload_insignia(&app, client, A, tiny_png(1)).await;
        assert_eq!(json(upload, *status).await, error(message), "{who} uploads an insignia");
    }
    // Deputies and supervisors may read the structure (the roster needs it); anonymous may not.
    json(send(&app, &viewers[1].1, Method::GET, "/api/structure", A, None).await, 200).await;
    json(send(&app, &viewers[2].1, Method::GET, "/api/structure", A, None).await, 200).await;
    let anonymous = send(&app, &viewers[0].1, Method::GET, "/api/structure", A, None).await;
    refused(anonymous, 401, SIGN_IN_REQUIRED).await;

    assert_eq!(snapshot(&app, &hc, A).await, before, "nothing changed");
    assert_eq!(stored_insignia(&app), files_before, "no insignia stored");

    // Command may (department management is command and up by default).
    let command = app.signed_in(COMMAND).await;
    let body = json!({"type": "role", "parentId": patrol, "data": {"name": "FTO"}});
    json(post(&app, &command, "/api/structure", A, body).await, 201).await;
    set_pools(&app, &command, A, "Sergeant", json!([pool("S", 1, 2)])).await;
}

#[tokio::test]
async fn disabled_sub_departments_and_callsigns_are_refused_by_the_server() {
    let app = two_agencies().await;
    agency_with_flags(
        &app,
        "sast",
        json!({"disableSubDepartments": true, "disableCallsigns": true}),
        "300000000000000009",
        "Stella State",
    )
    .await;
    let hc = app.signed_in("300000000000000009").await;
    let before = get(&app, &hc, "/api/structure", "sast").await;

    let sub = json!({"type": "sub", "parentId": HQ, "data": {"name": "K9"}});
    refused(
        post(&app, &hc, "/api/structure", "sast", sub).await,
        400,
        "Sub-departments are disabled for this agency.",
    )
    .await;
    let pools = json!({"rankName": "Deputy", "pools": [pool("A", 1, 5)]});
    refused(
        post(&app, &hc, "/api/callsigns", "sast", pools).await,
        400,
        "Callsigns are disabled for this agency.",
    )
    .await;
    assert_eq!(get(&app, &hc, "/api/callsigns", "sast").await, json!({}));
    assert_eq!(
        get(&app, &hc, "/api/roster/callsigns?rank=Deputy", "sast").await,
        json!({"available": [], "total": 0})
    );
    assert_eq!(get(&app, &hc, "/api/structure", "sast").await, before);

    // Agency A has neither flag: the same requests succeed there.
    let a_hc = app.signed_in(HC).await;
    let sub = json!({"type": "sub", "parentId": HQ, "data": {"name": "K9"}});
    json(post(&app, &a_hc, "/api/structure", A, sub).await, 201).await;
    set_pools(&app, &a_hc, A, "Deputy", json!([pool("A", 1, 5)])).await;
}

// ---------------------------------------------------------------------------------------
// 5. Insignia

#[tokio::test]
async fn insignia_uploads_are_checked_by_content_and_size() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;

    let wrong_field = upload_form(&app, &hc, A, form("file", tiny_png(1), "a.png", "image/png"));
    refused(wrong_field.await, 400, "No file provided").await;
    let empty = upload_form(&app, &hc, A, form("insignia", vec![], "a.png", "image/png"));
    refused(empty.await, 400, "No file provided").await;
    let text = b"this is not a picture at all, despite its name".to_vec();
    refused(upload_insignia(&app, &hc, A, text).await, 415, "Only PNG files allowed").await;
    let jpeg = vec![0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0];
    refused(upload_insignia(&app, &hc, A, jpeg).await, 415, "Only PNG files allowed").await;
    // A PNG is recognised by its bytes, whatever its name and declared type.
    let disguised = upload_form(&app, &hc, A, form("insignia", tiny_png(2), "a.txt", "text/plain"));
    json(disguised.await, 200).await;
    refused(
        upload_insignia(&app, &hc, A, padded_png(MB + 1)).await,
        413,
        "File too large (max 1MB)",
    )
    .await;
    assert_eq!(stored_insignia(&app).len(), 1, "only the disguised PNG was stored");

    let exact = json(upload_insignia(&app, &hc, A, padded_png(MB)).await, 200).await;
    let filename = exact["filename"].as_str().unwrap().to_owned();
    assert_eq!(exact, json!({"filename": filename}));
    // `<agency slug>-<random hex>.png`: an agency can only point its ranks at its own uploads.
    let stem = filename.strip_suffix(".png").expect("a .png name");
    let hex = stem.strip_prefix(&format!("{A}-")).expect("named after the agency");
    assert!(hex.len() >= 16 && hex.chars().all(|c| c.is_ascii_hexdigit()), "{filename}");
    let served = app.get(&format!("/insignia/{filename}")).await;
    assert_eq!(served.status(), 200);
    let served = served.bytes().await.unwrap();
    assert!(same_image(&served, &tiny_png(1)) && served.len() < 1024, "the padding was dropped");
    assert_eq!(stored_insignia(&app).len(), 2);
}

#[tokio::test]
async fn an_uploaded_insignia_round_trips_pixel_for_pixel_and_marks_its_rank() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let png = tiny_png(42);
    let uploaded = json(upload_insignia(&app, &hc, A, png.clone()).await, 200).await;
    let filename = uploaded["filename"].as_str().unwrap().to_owned();

    let served = app.get(&format!("/insignia/{filename}")).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert!(same_image(&served.bytes().await.unwrap(), &png), "the same pixels");
    // Anyone may fetch an insignia (it is shown on public pages).
    let anonymous = app.browser().get(app.url(&format!("/insignia/{filename}"))).send().await;
    assert!(same_image(&anonymous.unwrap().bytes().await.unwrap(), &png));

    let marked =
        patch(&app, &hc, &format!("/api/structure/{HQ_DEPUTY}"), A, json!({"insignia": filename}))
            .await;
    let marked = json(marked, 200).await;
    let ranks = department(marked["departments"].as_array().unwrap(), HQ)["ranks"].clone();
    assert_eq!(find(ranks.as_array().unwrap(), "id", HQ_DEPUTY)["insignia"], filename.as_str());
    let roster = get(&app, &hc, "/api/roster", A).await;
    let deputy = find(roster.as_array().unwrap(), "name", DEPUTY_NAME);
    assert_eq!(deputy["insignia"], filename.as_str(), "the roster shows the rank's insignia");
}

// ---------------------------------------------------------------------------------------
// 6. Isolation

#[tokio::test]
async fn agencies_see_and_change_only_their_own_organisation() {
    let app = two_agencies().await;
    let a_hc = app.signed_in(HC).await;
    let b_hc = app.signed_in(B_HC).await;

    // Agency A: a department, a rank with a pool, a person (a hire), a rank change.
    let (patrol, ranks) = patrol_department(&app, &a_hc, A).await;
    add_item(&app, &a_hc, A, "role", &patrol, "FTO").await;
    set_pools(&app, &a_hc, A, "Officer", json!([pool("P", 1, 5)])).await;
    let person = json!({"name": "Avery Able", "callsign": "P-01", "departmentId": patrol,
                        "rankId": ranks[0]});
    let entry = json(post(&app, &a_hc, "/api/roster", A, person).await, 201).await;
    let promote = json!({"rankId": ranks[1], "version": entry["version"]});
    let path = format!("/api/roster/{}", entry["id"]);
    json(patch(&app, &a_hc, &path, A, promote).await, 200).await;
    let a_png = tiny_png(1);
    let a_file = json(upload_insignia(&app, &a_hc, A, a_png.clone()).await, 200).await;

    // B sees none of it.
    let b_before = snapshot(&app, &b_hc, B).await;
    let b_departments = b_before["structure"]["departments"].as_array().unwrap();
    assert_eq!(b_departments.iter().map(|d| d["id"].clone()).collect::<Vec<_>>(), [json!(HQ)]);
    assert!(!b_before.to_string().contains("Patrol"), "{b_before}");
    assert!(!b_before.to_string().contains("Officer"), "{b_before}");
    let b_roster = b_before["roster"].as_array().unwrap();
    assert_eq!(b_roster.len(), 1);
    assert_eq!(b_roster[0]["name"], B_HC_NAME);
    assert_eq!(b_before["pools"], json!({}));
    assert_eq!(b_before["rankLogs"], json!({"items": []}));
    assert_eq!(b_before["hireLogs"], json!({"items": []}));
    assert_eq!(
        get(&app, &b_hc, "/api/roster/callsigns?rank=Officer", B).await,
        json!({"available": [], "total": 0})
    );
    // A's pool does not follow the rank name into B.
    assert_eq!(
        get(&app, &b_hc, "/api/roster/callsigns?rank=Deputy", B).await,
        json!({"available": [], "total": 0})
    );

    // A's High Command, asking for B, is nobody there.
    let a_before = snapshot(&app, &a_hc, A).await;
    refused(send(&app, &a_hc, Method::GET, "/api/structure", B, None).await, 403, NO_PERMISSION)
        .await;
    refused(send(&app, &a_hc, Method::GET, "/api/roster", B, None).await, 403, NO_PERMISSION).await;
    let b_entry = b_roster[0].clone();
    let mut writes = structure_writes(HQ, HQ_DEPUTY, HQ_SUPERVISOR, "Deputy");
    writes.extend([
        (
            Method::POST,
            "/api/roster".into(),
            Some(json!({"name": "Intruder", "callsign": "Z-01", "rankId": HQ_HIGH_COMMAND})),
        ),
        (
            Method::PATCH,
            format!("/api/roster/{}", b_entry["id"]),
            Some(json!({"status": "Suspended", "version": b_entry["version"]})),
        ),
    ]);
    for (method, path, body) in writes {
        let response = send(&app, &a_hc, method.clone(), &path, B, body.as_ref()).await;
        assert_eq!(json(response, 403).await, error(NO_PERMISSION), "{method} {path}");
    }
    let upload = upload_insignia(&app, &a_hc, B, tiny_png(3)).await;
    refused(upload, 403, NO_PERMISSION).await;
    assert_eq!(snapshot(&app, &b_hc, B).await, b_before, "B unchanged");
    assert_eq!(snapshot(&app, &a_hc, A).await, a_before, "A unchanged");

    // Insignia: B's upload is its own object, even with the same bytes as A's.
    let b_png = tiny_png(2);
    let b_file = json(upload_insignia(&app, &b_hc, B, b_png.clone()).await, 200).await;
    let b_same = json(upload_insignia(&app, &b_hc, B, a_png.clone()).await, 200).await;
    let names = [&a_file["filename"], &b_file["filename"], &b_same["filename"]];
    assert!(names[0] != names[1] && names[0] != names[2] && names[1] != names[2], "{names:?}");
    for (file, bytes) in [(&a_file, &a_png), (&b_file, &b_png), (&b_same, &a_png)] {
        let served = app.get(&format!("/insignia/{}", file["filename"].as_str().unwrap())).await;
        assert!(same_image(&served.bytes().await.unwrap(), bytes));
    }
    assert_eq!(stored_insignia(&app).len(), 3);
}

// ---------------------------------------------------------------------------------------
// 7. Delete and reorder rules

#[tokio::test]
async fn departments_and_ranks_that_people_hold_cannot_be_deleted() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let (patrol, ranks) = patrol_department(&app, &hc, A).await;
    for (name, callsign, rank) in [
        ("Olive Officer", "P-01", &ranks[0]),
        ("Oscar Officer", "P-02", &ranks[0]),
        ("Sam Sarge", "P-03", &ranks[1]),
    ] {
        let person =
            json!({"name": name, "callsign": callsign, "departmentId": patrol, "rankId": rank});
        json(post(&app, &hc, "/api/roster", A, person).await, 201).await;
    }
    let before = snapshot(&app, &hc, A).await;

    refused(
        delete(&app, &hc, &format!("/api/structure/{patrol}"), A).await,
        409,
        "Cannot delete department 'Patrol': 3 people still hold it.",
    )
    .await;
    refused(
        delete(&app, &hc, &format!("/api/structure/{}", ranks[0]), A).await,
        409,
        "Cannot delete rank 'Officer': 2 people still hold it.",
    )
    .await;
    refused(
        delete(&app, &hc, &format!("/api/structure/{}", ranks[1]), A).await,
        409,
        "Cannot delete rank 'Sergeant': 1 person still holds it.",
    )
    .await;
    refused(
        delete(&app, &hc, &format!("/api/structure/{HQ}"), A).await,
        409,
        "Cannot delete department 'Headquarters': 4 people still hold it.",
    )
    .await;
    refused(
        delete(&app, &hc, &format!("/api/structure/{HQ_COMMAND}"), A).await,
        409,
        "Cannot delete rank 'Command': 1 person still holds it.",
    )
    .await;
    assert_eq!(snapshot(&app, &hc, A).await, before, "nothing changed");

    // An empty department goes, with its ranks.
    let empty = add_department(&app, &hc, A, "Marine").await;
    add_ranks(&app, &hc, A, &empty, &[("Skipper", "deputy")]).await;
    let after = json(delete(&app, &hc, &format!("/api/structure/{empty}"), A).await, 200).await;
    assert!(!after.to_string().contains("Marine") && !after.to_string().contains("Skipper"));
    assert_eq!(after, before["structure"]);
}

#[tokio::test]
async fn deleting_an_unused_rank_removes_its_callsign_pool() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let patrol = add_department(&app, &hc, A, "Patrol").await;
    let ranks =
        add_ranks(&app, &hc, A, &patrol, &[("Cadet", "deputy"), ("Officer", "deputy")]).await;
    set_pools(&app, &hc, A, "Cadet", json!([pool("C", 1, 3)])).await;
    set_pools(&app, &hc, A, "Officer", json!([pool("O", 1, 3)])).await;
    assert_eq!(
        get(&app, &hc, "/api/roster/callsigns?rank=Cadet", A).await,
        json!({"available": ["C-01", "C-02", "C-03"], "total": 3})
    );

    let structure =
        json(delete(&app, &hc, &format!("/api/structure/{}", ranks[0]), A).await, 200).await;
    assert_eq!(
        ids(department(structure["departments"].as_array().unwrap(), &patrol), "ranks"),
        [ranks[1].clone()]
    );
    assert_eq!(get(&app, &hc, "/api/callsigns", A).await, json!({"Officer": [pool("O", 1, 3)]}));
    assert_eq!(
        get(&app, &hc, "/api/roster/callsigns?rank=Cadet", A).await,
        json!({"available": [], "total": 0})
    );

    // Deleting a department deletes the pools of its ranks.
    json(delete(&app, &hc, &format!("/api/structure/{patrol}"), A).await, 200).await;
    assert_eq!(get(&app, &hc, "/api/callsigns", A).await, json!({}));
}

#[tokio::test]
async fn deleting_a_role_or_sub_department_takes_it_off_people() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let fto = add_item(&app, &hc, A, "role", HQ, "FTO").await;
    let dispatch = add_item(&app, &hc, A, "role", HQ, "Dispatch").await;
    let k9 = add_item(&app, &hc, A, "sub", HQ, "K9").await;
    let person = json!({"name": "Riley Roles", "callsign": "R-01", "rankId": HQ_DEPUTY,
                        "roles": [fto, dispatch], "subDeptId": k9});
    let entry = json(post(&app, &hc, "/api/roster", A, person).await, 201).await;
    assert_eq!(entry["roles"], json!([fto, dispatch]));
    assert_eq!(entry["subDeptId"], k9.as_str());

    let structure = json(delete(&app, &hc, &format!("/api/structure/{fto}"), A).await, 200).await;
    assert_eq!(
        ids(department(structure["departments"].as_array().unwrap(), HQ), "roles"),
        std::slice::from_ref(&dispatch)
    );
    let roster = get(&app, &hc, "/api/roster", A).await;
    let now = find(roster.as_array().unwrap(), "name", "Riley Roles").clone();
    assert_eq!(now["roles"], json!([dispatch]), "the deleted role is gone from the person");
    assert!(now["version"].as_i64() > entry["version"].as_i64(), "the entry's version moved");

    json(delete(&app, &hc, &format!("/api/structure/{k9}"), A).await, 200).await;
    let roster = get(&app, &hc, "/api/roster", A).await;
    let now = find(roster.as_array().unwrap(), "name", "Riley Roles").clone();
    assert_eq!(now["subDeptId"], Value::Null);
    assert_eq!(now["roles"], json!([dispatch]));
}

#[tokio::test]
async fn reorders_must_name_exactly_the_list_of_that_department_and_persist() {
    let app = two_agencies().await;
    let hc = app.signed_in(HC).await;
    let (patrol, patrol_ranks) = patrol_department(&app, &hc, A).await;
    let k9 = add_item(&app, &hc, A, "sub", HQ, "K9").await;
    let traffic = add_item(&app, &hc, A, "sub", HQ, "Traffic").await;
    let before = get(&app, &hc, "/api/structure", A).await;
    let hq_ranks = ids(department(before["departments"].as_array().unwrap(), HQ), "ranks");
    assert_eq!(hq_ranks, [HQ_HIGH_COMMAND, HQ_COMMAND, HQ_SUPERVISOR, HQ_DEPUTY]);

    const WHOLE_LIST: &str =
        "orderedIds must name every item of that list in that department exactly once.";
    let reorder = |department: &str, kind: &str, ordered: Vec<&str>| {
        let body = json!({"departmentId": department, "type": kind, "orderedIds": ordered});
        let (app, hc) = (&app, &hc);
        async move { post(app, hc, "/api/structure/reorder", A, body).await }
    };
    let bad: Vec<Vec<&str>> = vec![
        // A rank of another department in place of one of this department's.
        vec![HQ_DEPUTY, HQ_SUPERVISOR, HQ_COMMAND, patrol_ranks[0].as_str()],
        // …or added to them.
        vec![HQ_DEPUTY, HQ_SUPERVISOR, HQ_COMMAND, HQ_HIGH_COMMAND, patrol_ranks[0].as_str()],
        // A sub-department in the ranks list.
        vec![HQ_DEPUTY, HQ_SUPERVISOR, HQ_COMMAND, k9.as_str()],
        // Missing one, or one twice.
        vec![HQ_DEPUTY, HQ_SUPERVISOR, HQ_COMMAND],
        vec![HQ_DEPUTY, HQ_SUPERVISOR, HQ_COMMAND, HQ_COMMAND],
        vec!["nope", HQ_SUPERVISOR, HQ_COMMAND, HQ_HIGH_COMMAND],
    ];
    for ordered in bad {
        refused(reorder(HQ, "ranks", ordered.clone()).await, 400, WHOLE_LIST).await;
    }
    refused(
        reorder(HQ, "subs", vec![traffic.as_str(), patrol_ranks[0].as_str()]).await,
        400,
        WHOLE_LIST,
    )
    .await;
    refused(reorder(HQ, "subs", vec![HQ_DEPUTY, k9.as_str()]).await, 400, WHOLE_LIST).await;
    refused(
        reorder(&patrol, "ranks", vec![patrol_ranks[1].as_str(), HQ_DEPUTY]).await,
        400,
        WHOLE_LIST,
    )
    .await;
    assert_eq!(get(&app, &hc, "/api/structure", A).await, before, "order unchanged");

    let reordered =
        reorder(HQ, "ranks", vec![HQ_DEPUTY, HQ_SUPERVISOR, HQ_COMMAND, HQ_HIGH_COMMAND]);
    json(reordered.await, 200).await;
    json(reorder(HQ, "subs", vec![traffic.as_str(), k9.as_str()]).await, 200).await;
    let after = get(&app, &hc, "/api/structure", A).await;
    let list = after["departments"].as_array().unwrap();
    assert_eq!(
        ids(department(list, HQ), "ranks"),
        [HQ_DEPUTY, HQ_SUPERVISOR, HQ_COMMAND, HQ_HIGH_COMMAND]
    );
    assert_eq!(ids(department(list, HQ), "subDepartments"), [traffic.clone(), k9.clone()]);
    assert_eq!(
        ids(department(list, &patrol), "ranks"),
        patrol_ranks,
        "other departments untouched"
    );
    // A new rank goes to the end of the new order.
    add_ranks(&app, &hc, A, HQ, &[("Cadet", "deputy")]).await;
    let list = departments(&app, &hc, A).await;
    let names: Vec<Value> = department(&list, HQ)["ranks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].clone())
        .collect();
    assert_eq!(
        names,
        [
            json!("Deputy"),
            json!("Supervisor"),
            json!("Command"),
            json!("High Command"),
            json!("Cadet")
        ]
    );
}
