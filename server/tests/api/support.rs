//! Set-up and requests every test module shares: two agencies with a member at each level,
//! typed requests, and structure and callsign helpers (a test module never reaches into
//! another's set-up).

use reqwest::{multipart, Client, Method, Response};
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};

use crate::helpers::{json, post_multipart, send, spawn_app, TestApp};
use portal::tenancy::provision::NewAgency;

/// Agency A and agency B.
pub(crate) const A: &str = "lspd";
pub(crate) const B: &str = "bcso";
/// The same two by name, for the suites of reports, documents, penal codes and training.
pub(crate) const BCSO: &str = B;
pub(crate) const LSPD: &str = A;

/// The BCSO and LSPD pair, with their personas, that most suites start from.
pub(crate) async fn app() -> TestApp {
    TestApp::builder().sheriff_and_police().build().await
}

/// The connection pool of agency `slug`'s schema (what a test reads behind the portal's back).
pub(crate) async fn agency_db(
    app: &TestApp,
    slug: &str,
) -> std::sync::Arc<portal::tenancy::pools::TenantDb> {
    let agency = app.state.registry.by_slug(slug).await.unwrap().unwrap();
    app.state.pools.get(&agency).await.unwrap()
}

/// Agency `slug` through a set of connections of its own that holds one connection: what runs
/// through `db` leaves its prepared statements on the connection [`OneConnection::kept`] reads.
pub(crate) struct OneConnection {
    pub db: std::sync::Arc<portal::tenancy::pools::TenantDb>,
    pool: sqlx::PgPool,
    _pools: portal::tenancy::pools::PoolCache,
}

/// The smallest budget: one connection of each kind, so a shared pool of exactly one
/// connection, which every agency must take turns on.
pub(crate) const ONE: portal::tenancy::pools::Budget =
    portal::tenancy::pools::Budget { control: 1, maintenance: 1, tenants: 1, per_agency: 1 };

pub(crate) async fn one_connection(app: &TestApp, slug: &str) -> OneConnection {
    // The registry's copy, whose slot may hold the app's handle already: each cache uses its
    // own.
    let agency = app.state.registry.by_slug(slug).await.unwrap().unwrap();
    let pools = portal::tenancy::pools::PoolCache::new(app.state.control_options.clone(), ONE);
    let db = pools.get(&agency).await.unwrap();
    OneConnection { db, pool: pools.shared_pool(&agency).unwrap(), _pools: pools }
}

impl OneConnection {
    /// The statements the connection keeps prepared (read while no agency holds it), the
    /// checkout's own among them: the connection has served the agency.
    pub(crate) async fn kept(&self) -> Vec<String> {
        let kept = prepared_statements(&mut self.pool.acquire().await.unwrap()).await;
        assert!(kept.iter().any(|sql| sql.contains("set_config('search_path'")), "{kept:?}");
        kept
    }
}

/// The statements connection `conn` keeps prepared, oldest first (the read itself is not kept).
pub(crate) async fn prepared_statements(conn: &mut PgConnection) -> Vec<String> {
    sqlx::query_scalar(
        "SELECT statement FROM pg_prepared_statements
          WHERE statement NOT LIKE '%pg_prepared_statements%' ORDER BY prepare_time",
    )
    .persistent(false)
    .fetch_all(conn)
    .await
    .unwrap()
}

/// The audit log of agency `slug` for entries of `kind`: (action, actor's name), oldest first.
pub(crate) async fn audit_rows(app: &TestApp, slug: &str, kind: &str) -> Vec<(String, String)> {
    sqlx::query_as("SELECT action, actor_name FROM audit_events WHERE kind = $1 ORDER BY id")
        .bind(kind)
        .fetch_all(&*agency_db(app, slug).await)
        .await
        .unwrap()
}

/// How many rows `table` of agency `slug` holds.
pub(crate) async fn count_rows(app: &TestApp, slug: &str, table: &str) -> i64 {
    sqlx::query_scalar(&format!("SELECT count(*) FROM {table}"))
        .fetch_one(&*agency_db(app, slug).await)
        .await
        .unwrap()
}

pub(crate) const HC: &str = "300000000000000001";
pub(crate) const COMMAND: &str = "300000000000000002";
pub(crate) const SUPERVISOR: &str = "300000000000000003";
pub(crate) const DEPUTY: &str = "300000000000000004";
pub(crate) const B_HC: &str = "300000000000000005";

pub(crate) const HC_NAME: &str = "Hana High";
pub(crate) const COMMAND_NAME: &str = "Cole Command";
pub(crate) const SUPERVISOR_NAME: &str = "Sara Supervisor";
pub(crate) const DEPUTY_NAME: &str = "Dale Deputy";
pub(crate) const B_HC_NAME: &str = "Bea Blaine";

pub(crate) const HQ: &str = "headquarters";
pub(crate) const HQ_HIGH_COMMAND: &str = "headquarters-high-command";
pub(crate) const HQ_COMMAND: &str = "headquarters-command";
pub(crate) const HQ_SUPERVISOR: &str = "headquarters-supervisor";
pub(crate) const HQ_DEPUTY: &str = "headquarters-deputy";

pub(crate) const SIGN_IN_REQUIRED: &str = "You must be signed in to do that.";
pub(crate) const NO_PERMISSION: &str = "You do not have permission to view this page.";
pub(crate) const LEVELS: &str = "Use one of: deputy, supervisor, command, high_command.";

/// Agency A with High Command, Command, a supervisor and a deputy at its starter
/// department; agency B with its own High Command.
pub(crate) async fn two_agencies() -> TestApp {
    let app = spawn_app().await;
    app.create_agency(A, "Los Santos Police Department").await;
    app.create_agency(B, "Blaine County Sheriff's Office").await;
    app.add_member(A, HC, HC_NAME, "high_command").await;
    app.add_member(A, COMMAND, COMMAND_NAME, "command").await;
    app.add_member(A, SUPERVISOR, SUPERVISOR_NAME, "supervisor").await;
    app.add_member(A, DEPUTY, DEPUTY_NAME, "deputy").await;
    app.add_member(B, B_HC, B_HC_NAME, "high_command").await;
    app
}

/// An agency with `flags` and one High Command member.
pub(crate) async fn agency_with_flags(
    app: &TestApp,
    slug: &str,
    flags: Value,
    hc: &str,
    hc_name: &str,
) {
    app.create_agency_with(NewAgency {
        slug: slug.into(),
        name: format!("Agency {slug}"),
        flags,
        theme: json!({}),
        links: json!({}),
        ..Default::default()
    })
    .await;
    app.add_member(slug, hc, hc_name, "high_command").await;
}

/// A request to BCSO (the documents and training suites' agency).
pub(crate) async fn call(
    app: &TestApp,
    client: &Client,
    method: Method,
    path: &str,
    body: Option<&Value>,
) -> Response {
    send(app, client, method, path, BCSO, body).await
}

pub(crate) async fn get(app: &TestApp, client: &Client, path: &str, agency: &str) -> Value {
    json(send(app, client, Method::GET, path, agency, None).await, 200).await
}

/// `post`, `patch` and `put`: a request with a JSON body to `agency`, the answer as it came.
macro_rules! with_body {
    ($($name:ident => $method:ident),+) => {$(
        pub(crate) async fn $name(
            app: &TestApp,
            client: &Client,
            path: &str,
            agency: &str,
            body: Value,
        ) -> Response {
            send(app, client, Method::$method, path, agency, Some(&body)).await
        }
    )+};
}
with_body!(post => POST, patch => PATCH, put => PUT);

pub(crate) async fn delete(app: &TestApp, client: &Client, path: &str, agency: &str) -> Response {
    send(app, client, Method::DELETE, path, agency, None).await
}

/// `{"error": message}`.
pub(crate) fn error(message: &str) -> Value {
    json!({ "error": message })
}

/// Asserts an answer is `status` with exactly `{"error": message}`.
/// The target of the `rel` link in an answer's `Link` header (a path and query), if any.
pub(crate) fn link(response: &Response, rel: &str) -> Option<String> {
    let header = response.headers().get("link")?.to_str().expect("an ASCII Link header");
    header.split(", ").find_map(|part| {
        let (target, relation) = part.split_once("; ")?;
        (relation == format!("rel=\"{rel}\"")).then(|| target.trim_matches(['<', '>']).to_owned())
    })
}

pub(crate) async fn refused(response: Response, status: u16, message: &str) {
    assert_eq!(json(response, status).await, error(message));
}

/// The departments of `agency`.
pub(crate) async fn departments(app: &TestApp, client: &Client, agency: &str) -> Vec<Value> {
    let structure = get(app, client, "/api/structure", agency).await;
    structure["departments"].as_array().expect("departments list").clone()
}

pub(crate) fn find<'a>(list: &'a [Value], key: &str, value: &str) -> &'a Value {
    list.iter().find(|d| d[key] == value).unwrap_or_else(|| panic!("no {key} {value} in {list:?}"))
}

pub(crate) fn department<'a>(departments: &'a [Value], id: &str) -> &'a Value {
    find(departments, "id", id)
}

/// Ids of one list (`ranks`, `subDepartments`, `roles`) of a department, in order.
pub(crate) fn ids(department: &Value, list: &str) -> Vec<String> {
    department[list]
        .as_array()
        .unwrap_or_else(|| panic!("no {list} in {department}"))
        .iter()
        .map(|item| item["id"].as_str().unwrap().to_owned())
        .collect()
}

/// Creates a department; returns its id.
pub(crate) async fn add_department(app: &TestApp, hc: &Client, agency: &str, name: &str) -> String {
    let body = json!({"type": "department", "parentId": null, "data": {"name": name}});
    let structure = json(post(app, hc, "/api/structure", agency, body).await, 201).await;
    let list = structure["departments"].as_array().unwrap();
    list.iter().rev().find(|d| d["name"] == name).expect("the new department")["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Adds ranks `(name, level)` to a department; returns their ids in that order.
pub(crate) async fn add_ranks(
    app: &TestApp,
    hc: &Client,
    agency: &str,
    department_id: &str,
    ranks: &[(&str, &str)],
) -> Vec<String> {
    let list: Vec<Value> =
        ranks.iter().map(|(name, level)| json!({"name": name, "level": level})).collect();
    let body = json!({"type": "ranks", "parentId": department_id, "data": {"ranks": list}});
    let structure = json(post(app, hc, "/api/structure", agency, body).await, 201).await;
    let list = structure["departments"].as_array().unwrap().clone();
    let department = department(&list, department_id);
    ranks
        .iter()
        .map(|(name, _)| find(department["ranks"].as_array().unwrap(), "name", name)["id"].clone())
        .map(|id| id.as_str().unwrap().to_owned())
        .collect()
}

/// Adds a sub-department (`sub`) or role (`role`) to a department; returns its id.
pub(crate) async fn add_item(
    app: &TestApp,
    hc: &Client,
    agency: &str,
    kind: &str,
    department_id: &str,
    name: &str,
) -> String {
    let body = json!({"type": kind, "parentId": department_id, "data": {"name": name}});
    let structure = json(post(app, hc, "/api/structure", agency, body).await, 201).await;
    let list = structure["departments"].as_array().unwrap().clone();
    let list_name = if kind == "sub" { "subDepartments" } else { "roles" };
    let items = department(&list, department_id)[list_name].as_array().unwrap().clone();
    find(&items, "name", name)["id"].as_str().unwrap().to_owned()
}

/// Replaces the callsign pools of a rank name; answers every pool.
pub(crate) async fn set_pools(
    app: &TestApp,
    hc: &Client,
    agency: &str,
    rank: &str,
    pools: Value,
) -> Value {
    let body = json!({"rankName": rank, "pools": pools});
    json(post(app, hc, "/api/callsigns", agency, body).await, 200).await
}

/// A numeric pool.
pub(crate) fn pool(prefix: &str, start: i64, end: i64) -> Value {
    json!({"type": "numeric", "prefix": prefix, "start": start, "end": end})
}

/// Everything of an agency a High Command member can read: structure, pools, roster, logs.
pub(crate) async fn snapshot(app: &TestApp, hc: &Client, agency: &str) -> Value {
    json!({
        "structure": get(app, hc, "/api/structure", agency).await,
        "pools": get(app, hc, "/api/callsigns", agency).await,
        "roster": get(app, hc, "/api/roster", agency).await,
        "rankLogs": get(app, hc, "/api/logs/roster?type=rank&limit=200", agency).await,
        "hireLogs": get(app, hc, "/api/logs/roster?type=hire&limit=200", agency).await,
    })
}

/// Posts a multipart form to the insignia upload.
pub(crate) async fn upload_form(
    app: &TestApp,
    client: &Client,
    agency: &str,
    form: multipart::Form,
) -> Response {
    post_multipart(app, client, "/api/uploads/insignia", agency, form).await
}

/// A form with `bytes` in field `field`, named `file_name`, typed `mime`.
pub(crate) fn form(field: &str, bytes: Vec<u8>, file_name: &str, mime: &str) -> multipart::Form {
    let part =
        multipart::Part::bytes(bytes).file_name(file_name.to_owned()).mime_str(mime).unwrap();
    multipart::Form::new().part(field.to_owned(), part)
}

/// Uploads `bytes` as an insignia (field `insignia`, `badge.png`, image/png).
pub(crate) async fn upload_insignia(
    app: &TestApp,
    client: &Client,
    agency: &str,
    bytes: Vec<u8>,
) -> Response {
    upload_form(app, client, agency, form("insignia", bytes, "badge.png", "image/png")).await
}

/// Files a report at `reports` (`/api/arrests`, `/api/uof`, `/api/tickets`) in `agency`.
pub(crate) async fn file_report(
    app: &TestApp,
    client: &Client,
    reports: &str,
    agency: &str,
    body: &Value,
) -> Response {
    send(app, client, Method::POST, reports, agency, Some(body)).await
}

/// `client`'s reviews of BCSO's report `id` at `reports` (`/api/arrests`, `/api/uof`).
pub(crate) fn review<'a>(
    app: &'a TestApp,
    client: &'a Client,
    reports: &str,
    id: i64,
) -> Review<'a> {
    Review { app, client, path: format!("{reports}/{id}") }
}

/// Reviews of one report by one client: open, approve, return, deny, save, or a status.
pub(crate) struct Review<'a> {
    app: &'a TestApp,
    client: &'a Client,
    path: String,
}

impl Review<'_> {
    /// Sends the review `body` and answers the response.
    pub(crate) async fn send(&self, body: Value) -> Response {
        send(self.app, self.client, Method::PATCH, &self.path, BCSO, Some(&body)).await
    }

    /// Sends the review `body`, which is accepted: the report as it is now.
    pub(crate) async fn accepted(&self, body: Value) -> Value {
        json(self.send(body).await, 200).await
    }

    /// Sends the review `body`, which is refused with `status` and `message`.
    pub(crate) async fn refused(&self, body: Value, status: u16, message: &str) {
        refused(self.send(body).await, status, message).await;
    }
}

/// A Patrol department in `agency` with an Officer (deputy level) and a Sergeant (supervisor
/// level): its id and the two ranks' ids.
pub(crate) async fn patrol_department(
    app: &TestApp,
    client: &Client,
    agency: &str,
) -> (String, Vec<String>) {
    let patrol = add_department(app, client, agency, "Patrol").await;
    let ranks = add_ranks(
        app,
        client,
        agency,
        &patrol,
        &[("Officer", "deputy"), ("Sergeant", "supervisor")],
    )
    .await;
    (patrol, ranks)
}

/// LSPD's High Command neither lists, reads nor reviews BCSO's report `id` at `reports`:
/// asking as LSPD it is not there (404), asking as BCSO they have no rights there (403).
/// Answers their client.
pub(crate) async fn lspd_cannot_reach_report(app: &TestApp, reports: &str, id: i64) -> Client {
    let lspd = app.as_persona(LSPD, crate::helpers::Persona::HighCommand).await;
    assert_eq!(get(app, &lspd, reports, LSPD).await, json!([]));
    let path = format!("{reports}/{id}");
    refused(send(app, &lspd, Method::GET, &path, LSPD, None).await, 404, "Report not found").await;
    refused(send(app, &lspd, Method::GET, reports, BCSO, None).await, 403, NO_PERMISSION).await;
    let approve = json!({"action": "approve"});
    let as_bcso = send(app, &lspd, Method::PATCH, &path, BCSO, Some(&approve)).await;
    refused(as_bcso, 403, NO_PERMISSION).await;
    let as_lspd = send(app, &lspd, Method::PATCH, &path, LSPD, Some(&approve)).await;
    refused(as_lspd, 404, "Report not found").await;
    lspd
}

/// `TEST_SECOND_DATABASE_URL` with a fresh database of its own (same TLS settings):
/// the bundles and the second-server suites put agencies there.
pub(crate) async fn second_server_database() -> String {
    let server = std::env::var("TEST_SECOND_DATABASE_URL").expect(
        "TEST_SECOND_DATABASE_URL must name a second Postgres server reached over TLS \
         (scripts/test starts one: start_tls_cluster in scripts/lib/common.sh)",
    );
    let mut conn = PgConnection::connect(&server).await.expect("connect to the second server");
    let name = format!("portal_far_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(&format!("CREATE DATABASE {name}")).execute(&mut conn).await.unwrap();
    let mut url = url::Url::parse(&server).unwrap();
    url.set_path(&format!("/{name}"));
    url.to_string()
}

/// SOP list saves (`/api/sops?scope=manage`).
pub(crate) const SOP_MANAGE: &str = "/api/sops?scope=manage";

/// A document of an SOP list save: `title` for level `min`, with `content`.
pub(crate) fn sop(title: &str, min: &str, content: String) -> Value {
    json!({"title": title, "type": "sop", "minLevel": min, "summary": "", "content": content})
}

/// A deputies' document ("Patrol basics") and a High Command one ("Internal affairs") in
/// `agency`, saved by High Command with `content` of each title: their ids.
pub(crate) async fn two_sops(
    app: &TestApp,
    agency: &str,
    content: fn(&str) -> String,
) -> (String, String) {
    let hc = app.as_persona(agency, crate::helpers::Persona::HighCommand).await;
    let current = get(app, &hc, SOP_MANAGE, agency).await;
    let documents = [("Patrol basics", "deputy"), ("Internal affairs", "high_command")]
        .map(|(title, min)| sop(title, min, content(title)));
    let body = json!({"documents": documents, "version": current["version"]});
    let saved = json(send(app, &hc, Method::PUT, SOP_MANAGE, agency, Some(&body)).await, 200).await;
    let id = |i: usize| saved["documents"][i]["id"].as_str().unwrap().to_owned();
    (id(0), id(1))
}
