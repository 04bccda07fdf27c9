//! Who may do what: every API route against five kinds of viewer, sessions that cross
//! agencies, configured owners, navigation permissions changing the server's answers,
//! permission saves, root-agency locks and cross-site writes
//! (command-and-reports §2, §4, §6, §7; member-portal §6).

use std::fmt::Write as _;

use reqwest::{multipart, Client, Method, Response};
use serde_json::{json, Value};

use crate::fixtures::tiny_png;
use crate::helpers::{json, send, spawn_app, spawn_app_with, Options, TestApp};

// ---------------------------------------------------------------------------------------
// Shared with agency_admin.rs

pub(crate) const ROOT: &str = "rawlife";

pub(crate) const SIGN_IN_REQUIRED: &str = "You must be signed in to do that.";
pub(crate) const NO_PERMISSION: &str = "You do not have permission to view this page.";
pub(crate) const PERMISSIONS_REFUSAL: &str =
    "You must be part of High Command to manage permissions.";
pub(crate) const BRANDING_REFUSAL: &str = "You need High Command access to modify agency branding.";
pub(crate) const AGENCIES_REFUSAL: &str =
    "You need High Command access on the root agency to manage agencies.";
pub(crate) const ROOT_ONLY: &str =
    "This page is only available from the root agency administration site.";
pub(crate) const MANAGEMENT_REQUIRED: &str =
    "Only the root agency, with agency management on, manages other agencies' permissions.";
pub(crate) const CROSS_SITE: &str = "Cross-site requests are not allowed.";
pub(crate) const STALE: &str =
    "Permissions were changed by someone else since you loaded them. Refresh to see their changes.";

/// `{"error": message}`.
pub(crate) fn error(message: &str) -> Value {
    json!({ "error": message })
}

/// Navigation permissions of `agency` as `client` sees them.
pub(crate) async fn permissions(app: &TestApp, client: &Client, agency: &str) -> Value {
    json(send(app, client, Method::GET, "/api/nav-permissions", agency, None).await, 200).await
}

/// A restricted permission entry.
pub(crate) fn restricted(levels: &[&str]) -> Value {
    json!({"public": false, "levels": levels, "roles": []})
}

/// A multipart form with `bytes` in field `file` (named `file_name`, typed `mime`).
pub(crate) fn file_form(bytes: Vec<u8>, file_name: &str, mime: &str) -> multipart::Form {
    let part =
        multipart::Part::bytes(bytes).file_name(file_name.to_owned()).mime_str(mime).unwrap();
    multipart::Form::new().part("file", part)
}

/// Posts `form` to the agency media upload for `agency`.
pub(crate) async fn upload(
    app: &TestApp,
    client: &Client,
    agency: &str,
    form: multipart::Form,
) -> Response {
    crate::helpers::post_multipart(app, client, "/api/uploads/agency-media", agency, form).await
}

// ---------------------------------------------------------------------------------------
// People

const DEPUTY: &str = "100000000000000001";
const SUPERVISOR: &str = "100000000000000002";
const ROOT_HC: &str = "100000000000000003";
const BCSO_HC: &str = "100000000000000004";
const OWNER: &str = "100000000000000005";

const ROOT_HC_NAME: &str = "Rita Root";

/// rawlife with a deputy, a supervisor and High Command; bcso (no agency management) with
/// its own High Command.
async fn two_agencies() -> TestApp {
    let app = spawn_app().await;
    app.create_agency("bcso", "Blaine County Sheriff's Office").await;
    app.add_member(ROOT, DEPUTY, "Dana Deputy", "deputy").await;
    app.add_member(ROOT, SUPERVISOR, "Sid Supervisor", "supervisor").await;
    app.add_member(ROOT, ROOT_HC, ROOT_HC_NAME, "high_command").await;
    app.add_member("bcso", BCSO_HC, "Bea Blaine", "high_command").await;
    app
}

// ---------------------------------------------------------------------------------------
// 1. The route table

const VIEWERS: [&str; 5] = ["anonymous", "deputy", "supervisor", "high command", "other HC"];

enum Body {
    None,
    Json(Value),
    /// `POST /api/agencies` with a slug unique to the viewer.
    NewAgency,
    Png,
}

struct Row {
    method: Method,
    path: String,
    body: Body,
    /// One status per viewer, in the order of [`VIEWERS`].
    expect: [u16; 5],
}

fn row(method: Method, path: &str, body: Body, expect: [u16; 5]) -> Row {
    Row { method, path: path.to_owned(), body, expect }
}

fn cut(text: &str) -> String {
    let one_line = text.replace('\n', " ");
    if one_line.chars().count() > 120 {
        format!("{}…", one_line.chars().take(120).collect::<String>())
    } else {
        one_line
    }
}

#[tokio::test]
async fn every_route_answers_each_kind_of_viewer_with_the_expected_status() {
    let app = two_agencies().await;
    let clients = [
        app.browser(),
        app.signed_in(DEPUTY).await,
        app.signed_in(SUPERVISOR).await,
        app.signed_in(ROOT_HC).await,
        app.signed_in(BCSO_HC).await,
    ];
    let items = permissions(&app, &clients[3], ROOT).await["items"].clone();
    assert!(items.as_object().is_some_and(|m| m.contains_key("roster")), "{items}");
    let public = [200; 5];
    let high_command = [401, 403, 403, 200, 403];
    let known_user = format!("/api/discord-user/{DEPUTY}");

    use Method as M;
    let rows = [
        row(M::GET, "/api/auth/me", Body::None, public),
        row(M::GET, "/api/me", Body::None, public),
        row(M::GET, "/api/nav-permissions", Body::None, public),
        row(M::PUT, "/api/nav-permissions", Body::Json(json!({"items": items})), high_command),
        row(M::GET, "/api/nav-permissions?target=bcso", Body::None, high_command),
        row(
            M::PUT,
            "/api/nav-permissions?target=bcso",
            Body::Json(json!({"locked": []})),
            high_command,
        ),
        row(M::GET, "/api/agencies", Body::None, public),
        row(M::GET, "/api/agencies?includeHidden=1", Body::None, high_command),
        row(M::POST, "/api/agencies", Body::NewAgency, [401, 403, 403, 201, 403]),
        row(
            M::PATCH,
            "/api/agencies/rawlife",
            Body::Json(json!({"theme": {"heroTitle": "Welcome"}})),
            high_command,
        ),
        row(
            M::PATCH,
            "/api/agencies/bcso",
            Body::Json(json!({"flags": {"hidden": false}})),
            high_command,
        ),
        row(M::POST, "/api/uploads/agency-media", Body::Png, high_command),
        row(M::GET, "/api/discord/roles", Body::None, high_command),
        row(M::GET, &known_user, Body::None, public),
        row(M::GET, "/api/agencies/rawlife/config", Body::None, public),
        row(M::GET, "/healthz", Body::None, public),
    ];

    let mut table = String::new();
    let mut failures = 0;
    for row in &rows {
        for (v, client) in clients.iter().enumerate() {
            let request = client
                .request(row.method.clone(), app.url(&row.path))
                .header("x-agency-slug", ROOT);
            let request = match &row.body {
                Body::None => request,
                Body::Json(body) => request.json(body),
                Body::NewAgency => request.json(&json!({
                    "name": format!("Table Agency {v}"),
                    "slug": format!("table-{v}"),
                })),
                Body::Png => {
                    request.multipart(file_form(tiny_png(v as u8), "badge.png", "image/png"))
                }
            };
            let response = request.send().await.unwrap();
            let got = response.status().as_u16();
            let body = response.text().await.unwrap();
            let expected = row.expect[v];
            let mark = if got == expected { "  " } else { "✗ " };
            if got != expected {
                failures += 1;
            }
            writeln!(
                table,
                "{mark}{:<6} {:<38} {:<13} expected {expected} got {got}  {}",
                row.method.as_str(),
                row.path,
                VIEWERS[v],
                if got == expected { String::new() } else { cut(&body) },
            )
            .unwrap();
        }
    }
    assert!(failures == 0, "{failures} answers differ from the table:\n{table}");
}

// ---------------------------------------------------------------------------------------
// 2. and 3. Sessions and agencies

#[tokio::test]
async fn a_session_grants_nothing_in_another_agency_unless_its_roster_has_the_member() {
    let app = two_agencies().await;
    let root_hc = app.signed_in(ROOT_HC).await;

    let home = permissions(&app, &root_hc, ROOT).await["viewer"].clone();
    assert_eq!(home["isHighCommand"], true);
    assert_eq!(home["level"], "high_command");
    assert_eq!(home["roster"]["name"], ROOT_HC_NAME);

    let away = permissions(&app, &root_hc, "bcso").await["viewer"].clone();
    assert_eq!(
        away,
        json!({"isAuthenticated": true, "level": null, "roles": [], "isHighCommand": false,
               "canManage": true, "assignableLevels": [], "userId": ROOT_HC, "roster": null})
    );
    // The query parameter picks the agency just like the header.
    let by_query = root_hc.get(app.url("/api/nav-permissions?agency=bcso")).send().await.unwrap();
    let by_query = json(by_query, 200).await["viewer"].clone();
    assert_eq!(by_query, away);

    let change = json!({"items": {"sops": restricted(&["command"])}});
    let refused = send(&app, &root_hc, Method::PUT, "/api/nav-permissions", "bcso", Some(&change));
    assert_eq!(json(refused.await, 403).await, error(PERMISSIONS_REFUSAL));
    let roles = send(&app, &root_hc, Method::GET, "/api/discord/roles", "bcso", None).await;
    assert_eq!(json(roles, 403).await, error(NO_PERMISSION));

    // The same person joins bcso's roster as a deputy: a deputy there, nothing more.
    app.add_member("bcso", ROOT_HC, ROOT_HC_NAME, "deputy").await;
    let viewer = permissions(&app, &root_hc, "bcso").await["viewer"].clone();
    assert_eq!(viewer["level"], "deputy");
    assert_eq!(viewer["isHighCommand"], false);
    assert_eq!(viewer["roster"]["name"], ROOT_HC_NAME);
    let refused = send(&app, &root_hc, Method::PUT, "/api/nav-permissions", "bcso", Some(&change));
    assert_eq!(json(refused.await, 403).await, error(PERMISSIONS_REFUSAL));
    let roles = send(&app, &root_hc, Method::GET, "/api/discord/roles", "bcso", None).await;
    assert_eq!(json(roles, 403).await, error(NO_PERMISSION));
    // …and still High Command at home.
    let roles = send(&app, &root_hc, Method::GET, "/api/discord/roles", ROOT, None).await;
    json(roles, 200).await;
    assert_eq!(permissions(&app, &root_hc, ROOT).await["viewer"]["isHighCommand"], true);
}

#[tokio::test]
async fn owners_are_high_command_of_the_root_agency_only() {
    let app = spawn_app_with(Options { owners: vec![OWNER.into()], ..Default::default() }).await;
    app.create_agency("bcso", "Blaine County Sheriff's Office").await;
    app.ensure_account(OWNER, "Olive Owner");
    let owner = app.signed_in(OWNER).await;

    let viewer = permissions(&app, &owner, ROOT).await["viewer"].clone();
    assert_eq!(
        viewer,
        json!({"isAuthenticated": true, "level": "high_command", "roles": [],
               "isHighCommand": true, "canManage": true,
               "assignableLevels": ["deputy", "supervisor", "command", "high_command"],
               "userId": OWNER, "roster": null})
    );
    let change = json!({"items": {"sops": restricted(&["supervisor"])}});
    let saved = send(&app, &owner, Method::PUT, "/api/nav-permissions", ROOT, Some(&change));
    let saved = json(saved.await, 200).await;
    assert_eq!(saved["items"]["sops"], restricted(&["supervisor"]));
    // Without a roster entry "updated by" falls back to the Discord username.
    assert_eq!(saved["updatedBy"], "oliveowner");
    let roles = send(&app, &owner, Method::GET, "/api/discord/roles", ROOT, None).await;
    json(roles, 200).await;

    let away = permissions(&app, &owner, "bcso").await["viewer"].clone();
    assert_eq!(away["isHighCommand"], false);
    assert_eq!(away["level"], Value::Null);
    let refused = send(&app, &owner, Method::PUT, "/api/nav-permissions", "bcso", Some(&change));
    assert_eq!(json(refused.await, 403).await, error(PERMISSIONS_REFUSAL));
}

// ---------------------------------------------------------------------------------------
// 4. and 5. Permissions drive the answers; saving them

#[tokio::test]
async fn changing_a_permission_changes_what_the_server_answers() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let deputy = app.signed_in(DEPUTY).await;
    let anonymous = app.browser();
    let roles = |client: &Client| {
        let client = client.clone();
        let app = &app;
        async move { send(app, &client, Method::GET, "/api/discord/roles", ROOT, None).await }
    };
    let set = |entry: Value| {
        let body = json!({"items": {"command_department_management": entry}});
        let hc = hc.clone();
        let app = &app;
        async move {
            let response = send(app, &hc, Method::PUT, "/api/nav-permissions", ROOT, Some(&body));
            json(response.await, 200).await
        }
    };

    assert_eq!(json(roles(&deputy).await, 403).await, error(NO_PERMISSION));
    assert_eq!(json(roles(&anonymous).await, 401).await, error(SIGN_IN_REQUIRED));

    let saved = set(restricted(&["deputy"])).await;
    assert_eq!(saved["items"]["command_department_management"], restricted(&["deputy"]));
    assert_eq!(
        json(roles(&deputy).await, 200).await,
        json!({"roles": [{"id": "700000000000000001", "name": "FTO"},
                         {"id": "700000000000000002", "name": "Dispatch"}],
               "available": true, "reason": null})
    );
    assert_eq!(json(roles(&anonymous).await, 401).await, error(SIGN_IN_REQUIRED));

    set(restricted(&["command"])).await;
    assert_eq!(json(roles(&deputy).await, 403).await, error(NO_PERMISSION));

    set(json!({"public": true, "levels": ["command"], "roles": []})).await;
    json(roles(&anonymous).await, 200).await;
    json(roles(&deputy).await, 200).await;

    // Restricted with nothing listed would hide the item from everyone: refused, unchanged.
    let body = json!({"items": {"command_department_management": restricted(&[])}});
    let refused = hc.put(app.url("/api/nav-permissions")).json(&body).send().await.unwrap();
    assert_eq!(
        json(refused, 400).await,
        error("'command_department_management' is restricted but names no level or role, so nobody could see it.")
    );
    json(roles(&deputy).await, 200).await;
}

/// Adds a department role to an agency's starter department.
async fn add_department_role(app: &TestApp, agency: &str, id: &str, name: &str) {
    let agency = app.state.registry.by_slug(agency).await.unwrap().expect("agency");
    let pool = app.state.pools.get(&agency).await.unwrap();
    sqlx::query("INSERT INTO department_roles (id, department_id, name) VALUES ($1, $2, $3)")
        .bind(id)
        .bind(portal::features::structure::store::STARTER_DEPARTMENT_ID)
        .bind(name)
        .execute(&*pool)
        .await
        .unwrap();
}

#[tokio::test]
async fn permission_saves_are_normalised_checked_and_guarded_against_stale_edits() {
    let app = two_agencies().await;
    add_department_role(&app, ROOT, "fto", "FTO").await;
    let hc = app.signed_in(ROOT_HC).await;
    let put = |body: Value| {
        let hc = hc.clone();
        let app = &app;
        async move { send(app, &hc, Method::PUT, "/api/nav-permissions", ROOT, Some(&body)).await }
    };

    let before = permissions(&app, &hc, ROOT).await;
    assert_eq!(before["updatedBy"], "system");
    assert_eq!(
        before["metadata"]["levelOrder"],
        json!(["deputy", "supervisor", "command", "high_command", "no_level"])
    );
    assert_eq!(before["metadata"]["levels"][4], json!({"id": "no_level", "label": "No level"}));
    assert_eq!(
        before["metadata"]["roles"],
        json!([{"id": "fto", "name": "FTO", "departmentName": "Headquarters"}])
    );
    assert_eq!(before["metadata"]["locked"], json!([]));

    let saved = json(
        put(json!({"items": {
            "roster": {"public": false, "levels": ["high_command", "Deputy", "command", "deputy"],
                       "roles": ["fto", "fto"]},
            "sops": {"public": false, "levels": ["command", "no_level", "deputy"]},
        }}))
        .await,
        200,
    )
    .await;
    assert_eq!(
        saved["items"]["roster"],
        json!({"public": false, "levels": ["deputy", "command", "high_command"], "roles": ["fto"]})
    );
    assert_eq!(saved["items"]["sops"], restricted(&["no_level"]));
    assert_eq!(saved["updatedBy"], ROOT_HC_NAME);
    // Items not sent are left as they were.
    assert_eq!(saved["items"]["home"], before["items"]["home"]);
    assert_eq!(saved["items"]["command_logs"], before["items"]["command_logs"]);

    let bad = [
        (json!({"roster": restricted(&["chief"])}), "Unknown level 'chief' for 'roster'."),
        (json!({"x": restricted(&["deputy"])}), "Unknown navigation item 'x'."),
        (
            json!({"roster": {"public": false, "levels": [], "roles": ["ghost"]}}),
            "Unknown role 'ghost' for 'roster'.",
        ),
    ];
    for (items, message) in bad {
        let response = put(json!({ "items": items })).await;
        assert_eq!(json(response, 400).await, error(message), "{items}");
    }
    assert_eq!(permissions(&app, &hc, ROOT).await["items"], saved["items"], "400s changed nothing");

    // Edits start from an `updatedAt`; a newer one on the server is a conflict.
    let base = saved["updatedAt"].clone();
    let first = put(json!({"items": {"sops": restricted(&["supervisor"])}, "baseUpdatedAt": base}));
    let first = json(first.await, 200).await;
    assert_ne!(first["updatedAt"], base);
    let stale = put(json!({"items": {"sops": restricted(&["command"])}, "baseUpdatedAt": base}));
    assert_eq!(json(stale.await, 409).await, error(STALE));
    assert_eq!(permissions(&app, &hc, ROOT).await["items"]["sops"], restricted(&["supervisor"]));
    let fresh = put(
        json!({"items": {"sops": restricted(&["command"])}, "baseUpdatedAt": first["updatedAt"]}),
    );
    let fresh = json(fresh.await, 200).await;
    assert_eq!(fresh["items"]["sops"], restricted(&["command"]));
    assert_eq!(fresh["updatedBy"], ROOT_HC_NAME);
}

// ---------------------------------------------------------------------------------------
// 6. Locks

#[tokio::test]
async fn the_root_agency_locks_items_of_another_agency() {
    let app = two_agencies().await;
    app.create_agency("lspd", "Los Santos Police Department").await;
    let root_hc = app.signed_in(ROOT_HC).await;
    let bcso_hc = app.signed_in(BCSO_HC).await;
    let bcso_before = permissions(&app, &bcso_hc, "bcso").await;
    assert_eq!(bcso_before["metadata"]["locked"], json!([]));

    // Only the locked list is saved in target mode; items sent along are ignored.
    let lock = json!({"locked": ["roster"], "items": {"roster": {"public": true}}});
    let locked =
        send(&app, &root_hc, Method::PUT, "/api/nav-permissions?target=bcso", ROOT, Some(&lock));
    let locked = json(locked.await, 200).await;
    assert_eq!(locked["metadata"]["locked"], json!(["roster"]));
    assert_eq!(locked["items"]["roster"], bcso_before["items"]["roster"]);
    assert_eq!(locked["viewer"]["isHighCommand"], true, "the viewer is the root's HC");
    let seen_by_root =
        send(&app, &root_hc, Method::GET, "/api/nav-permissions?target=BCSO", ROOT, None).await;
    assert_eq!(json(seen_by_root, 200).await["metadata"]["locked"], json!(["roster"]));

    let bcso = permissions(&app, &bcso_hc, "bcso").await;
    assert_eq!(bcso["metadata"]["locked"], json!(["roster"]));
    assert_eq!(bcso["items"]["roster"], bcso_before["items"]["roster"]);

    // bcso's High Command cannot change the locked item…
    let change = json!({"items": {"roster": restricted(&["supervisor"])}});
    let refused = send(&app, &bcso_hc, Method::PUT, "/api/nav-permissions", "bcso", Some(&change));
    assert_eq!(
        json(refused.await, 403).await,
        error("'roster' is locked by the root agency and cannot be changed.")
    );
    // …but saves everything else, including the whole list with the locked item untouched.
    let mut items = bcso["items"].clone();
    items["sops"] = restricted(&["supervisor"]);
    let saved = send(
        &app,
        &bcso_hc,
        Method::PUT,
        "/api/nav-permissions",
        "bcso",
        Some(&json!({ "items": items })),
    )
    .await;
    let saved = json(saved, 200).await;
    assert_eq!(saved["items"]["sops"], restricted(&["supervisor"]));
    assert_eq!(saved["items"]["roster"], bcso_before["items"]["roster"]);
    assert_eq!(saved["metadata"]["locked"], json!(["roster"]));

    // bcso has no agency management: no target mode for it, either way.
    for method in [Method::GET, Method::PUT] {
        let body = json!({"locked": ["home"]});
        let body = (method == Method::PUT).then_some(&body);
        let response = send(
            &app,
            &bcso_hc,
            method.clone(),
            "/api/nav-permissions?target=rawlife",
            "bcso",
            body,
        )
        .await;
        assert_eq!(json(response, 403).await, error(MANAGEMENT_REQUIRED), "{method}");
    }
    assert_eq!(permissions(&app, &root_hc, ROOT).await["metadata"]["locked"], json!([]));

    // Locks on bcso stay on bcso.
    let lspd = send(&app, &root_hc, Method::GET, "/api/nav-permissions?target=lspd", ROOT, None);
    assert_eq!(json(lspd.await, 200).await["metadata"]["locked"], json!([]));
    assert_eq!(permissions(&app, &app.browser(), "lspd").await["metadata"]["locked"], json!([]));

    // Unlocked again, bcso may change it.
    let unlock = json!({"locked": []});
    let unlocked =
        send(&app, &root_hc, Method::PUT, "/api/nav-permissions?target=bcso", ROOT, Some(&unlock));
    assert_eq!(json(unlocked.await, 200).await["metadata"]["locked"], json!([]));
    let saved = send(&app, &bcso_hc, Method::PUT, "/api/nav-permissions", "bcso", Some(&change));
    assert_eq!(json(saved.await, 200).await["items"]["roster"], restricted(&["supervisor"]));

    // An unknown target, and an unknown item to lock.
    let unknown = send(&app, &root_hc, Method::GET, "/api/nav-permissions?target=nope", ROOT, None);
    assert_eq!(json(unknown.await, 404).await, error("Unknown agency 'nope'"));
    let bad = json!({"locked": ["x"]});
    let bad =
        send(&app, &root_hc, Method::PUT, "/api/nav-permissions?target=bcso", ROOT, Some(&bad));
    assert_eq!(json(bad.await, 400).await, error("Unknown navigation item 'x'."));
}

// ---------------------------------------------------------------------------------------
// 7. Cross-site writes

#[tokio::test]
async fn cross_site_writes_are_refused_even_for_high_command() {
    let app = two_agencies().await;
    let hc = app.signed_in(ROOT_HC).await;
    let body = json!({"items": {"sops": restricted(&["command"])}});
    let put = |header: &'static str, value: String| {
        hc.put(app.url("/api/nav-permissions"))
            .header("x-agency-slug", ROOT)
            .header(header, value)
            .json(&body)
            .send()
    };

    let refused = put("origin", "https://evil.example".into()).await.unwrap();
    assert_eq!(json(refused, 403).await, error(CROSS_SITE));
    let refused = put("referer", "https://evil.example/command/permissions".into()).await.unwrap();
    assert_eq!(json(refused, 403).await, error(CROSS_SITE));
    // A look-alike host is not the same host.
    let host = app.address.trim_start_matches("http://");
    let refused = put("origin", format!("http://{host}.evil.example")).await.unwrap();
    assert_eq!(json(refused, 403).await, error(CROSS_SITE));
    let create = hc
        .post(app.url("/api/agencies"))
        .header("origin", "https://evil.example")
        .json(&json!({"name": "Evil PD"}))
        .send()
        .await
        .unwrap();
    assert_eq!(json(create, 403).await, error(CROSS_SITE));
    let sops = permissions(&app, &hc, ROOT).await["items"]["sops"].clone();
    assert_eq!(sops, restricted(&["deputy"]), "nothing was saved");

    // Reads are not writes.
    let read = hc
        .get(app.url("/api/nav-permissions"))
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    json(read, 200).await;

    let allowed = put("origin", app.address.clone()).await.unwrap();
    assert_eq!(json(allowed, 200).await["items"]["sops"], restricted(&["command"]));
}

#[tokio::test]
async fn bad_requests_are_json_errors_checked_after_access() {
    let app = spawn_app().await;
    app.add_member("rawlife", ROOT_HC, ROOT_HC_NAME, "high_command").await;
    let hc = app.signed_in(ROOT_HC).await;
    let anonymous = app.browser();
    let send = |client: &Client, method: Method, path: &str, body: &'static str| {
        client
            .request(method, app.url(path))
            .header("content-type", "application/json")
            .body(body)
            .send()
    };

    // Access first: an anonymous request is 401 whatever its body.
    for (method, path, body) in [
        (Method::PUT, "/api/nav-permissions", "{not json"),
        (Method::PATCH, "/api/agencies/rawlife", "{}"),
        (Method::PATCH, "/api/agencies/rawlife", "{not json"),
    ] {
        let res = send(&anonymous, method.clone(), path, body).await.unwrap();
        assert_eq!(
            json(res, 401).await,
            json!({"error": "You must be signed in to do that."}),
            "{method} {path} {body}"
        );
    }
    let upload =
        anonymous.post(app.url("/api/uploads/agency-media")).body("plain").send().await.unwrap();
    assert_eq!(upload.status(), 401);

    // Then the body, answered as JSON.
    for (method, path, body) in [
        (Method::PUT, "/api/nav-permissions", "{not json"),
        (Method::PUT, "/api/nav-permissions", r#"{"items": {"roster": {"levels": []}}}"#),
        (Method::PATCH, "/api/agencies/rawlife", r#"{"name": "renamed"}"#),
    ] {
        let res = send(&hc, method.clone(), path, body).await.unwrap();
        assert_eq!(res.headers()["content-type"], "application/json", "{method} {path} {body}");
        let body_json = json(res, 400).await;
        assert!(
            body_json["error"].as_str().unwrap().starts_with("Invalid request body"),
            "{body_json}"
        );
    }
    let empty = send(&hc, Method::PATCH, "/api/agencies/rawlife", "{}").await.unwrap();
    assert_eq!(json(empty, 400).await, json!({"error": "Nothing to change."}));
    let not_multipart =
        hc.post(app.url("/api/uploads/agency-media")).body("plain").send().await.unwrap();
    let body = json(not_multipart, 400).await;
    assert!(
        body["error"].as_str().unwrap().starts_with("Send the file as multipart/form-data"),
        "{body}"
    );
}

#[tokio::test]
async fn an_agency_cannot_change_its_own_locks_and_origin_null_is_cross_site() {
    let app = spawn_app().await;
    app.add_member("rawlife", ROOT_HC, ROOT_HC_NAME, "high_command").await;
    let hc = app.signed_in(ROOT_HC).await;
    let current = json(hc.get(app.url("/api/nav-permissions")).send().await.unwrap(), 200).await;
    assert_eq!(current["metadata"]["locked"], json!([]));

    let res = hc
        .put(app.url("/api/nav-permissions"))
        .json(&json!({"items": {}, "locked": ["roster"]}))
        .send()
        .await
        .unwrap();
    let body = json(res, 403).await;
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Locks are set by an agency with agency management"),
        "{body}"
    );
    // Sending the current locks unchanged is fine.
    let res = hc
        .put(app.url("/api/nav-permissions"))
        .json(&json!({"items": {}, "locked": []}))
        .send()
        .await
        .unwrap();
    json(res, 200).await;

    let res = hc
        .put(app.url("/api/nav-permissions"))
        .header("origin", "null")
        .header("referer", app.url("/command/permissions"))
        .json(&json!({"items": {}}))
        .send()
        .await
        .unwrap();
    assert_eq!(json(res, 403).await, json!({"error": "Cross-site requests are not allowed."}));
}

#[tokio::test]
async fn custom_levels_typed_as_text_become_the_new_agencys_levels() {
    let app = spawn_app().await;
    app.add_member("rawlife", ROOT_HC, ROOT_HC_NAME, "high_command").await;
    let hc = app.signed_in(ROOT_HC).await;
    let res = hc
        .post(app.url("/api/agencies"))
        .json(&json!({"name": "Troopers", "flags": {"levels": "Trooper, Senior Trooper\nCaptain"}}))
        .send()
        .await
        .unwrap();
    let created = json(res, 201).await;
    assert_eq!(
        created["flags"]["levels"],
        json!([{"id": "trooper", "label": "Trooper"}, {"id": "senior_trooper", "label": "Senior Trooper"}, {"id": "captain", "label": "Captain"}])
    );
}

#[tokio::test]
async fn without_a_bot_token_the_role_list_is_empty_and_says_why() {
    let options = Options {
        owners: vec![OWNER.into()],
        env: vec![("DISCORD_BOT_TOKEN", String::new())],
        ..Default::default()
    };
    let app = spawn_app_with(options).await;
    app.ensure_account(OWNER, "Olive Owner");
    let owner = app.signed_in(OWNER).await;
    let roles = send(&app, &owner, Method::GET, "/api/discord/roles", ROOT, None).await;
    assert_eq!(
        json(roles, 200).await,
        json!({"roles": [], "available": false,
               "reason": "Discord lookups are not configured (DISCORD_BOT_TOKEN)"})
    );
    // Still only for department managers.
    let anonymous = app.browser();
    let roles = send(&app, &anonymous, Method::GET, "/api/discord/roles", ROOT, None).await;
    assert_eq!(roles.status(), 401);

    // With the token, the guild's roles.
    let app = spawn_app_with(Options { owners: vec![OWNER.into()], ..Default::default() }).await;
    app.ensure_account(OWNER, "Olive Owner");
    let owner = app.signed_in(OWNER).await;
    let roles = send(&app, &owner, Method::GET, "/api/discord/roles", ROOT, None).await;
    let roles = json(roles, 200).await;
    assert_eq!(roles["available"], true);
    assert_eq!(roles["reason"], Value::Null);
    let names: Vec<&str> =
        roles["roles"].as_array().unwrap().iter().map(|r| r["name"].as_str().unwrap()).collect();
    let expected: Vec<&str> = crate::helpers::GUILD_ROLES.iter().map(|(_, n)| *n).collect();
    assert_eq!(names, expected);
}
