//! `spawn_app()`: a uniquely named database, migrations, the root agency, and the real
//! router serving on 127.0.0.1:0.
//!
//! The control schema and the root agency are migrated once per run, into a template
//! database, and each test's database is a copy of it (`CREATE DATABASE … TEMPLATE`), as
//! crates.io's test suite does: a copy takes a fraction of the time the migrations take.

use std::{
    collections::HashMap,
    path::PathBuf,
    sync::{Arc, Mutex, OnceLock},
};

#[path = "../../src/bin/discord-standin/standin.rs"]
#[allow(dead_code)]
pub mod standin;

use portal::{
    config::Config,
    media::MediaStore,
    router, startup,
    state::{App, AppState},
    tenancy::{migrate, provision::NewAgency, Agency},
};
use sqlx::{migrate::Migrator, Connection, PgConnection};
use tempfile::TempDir;

pub struct TestApp {
    pub address: String,
    pub state: AppState,
    pub client: reqwest::Client,
    /// URL of this test's own database.
    pub database_url: String,
    pub database_name: String,
    pub media_dir: PathBuf,
    /// The Discord stand-in this app signs in through.
    pub discord: standin::Standin,
    /// The database goes with this app (not when it serves another app's).
    pub owns_database: bool,
    _dirs: Vec<TempDir>,
}

pub struct Options {
    pub max_db_connections: u32,
    pub migrator: Option<Migrator>,
    pub media: Option<MediaStore>,
    /// `PORTAL_DEMO=1`.
    pub demo: bool,
    pub owners: Vec<String>,
    /// Further settings, e.g. the document editor's.
    pub env: Vec<(&'static str, String)>,
    /// Run the background jobs a serving instance runs (the integrations worker among them).
    pub jobs: bool,
    /// Serve another test's database (by name) instead of a new one; it is left to its owner.
    pub database: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            max_db_connections: 20,
            migrator: None,
            media: None,
            demo: false,
            owners: vec![],
            env: vec![],
            jobs: true,
            database: None,
        }
    }
}

/// The deployment key tests seal secrets with (32 bytes in base64).
pub const SECRET_KEY: &str = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

/// Discord roles the stand-in's guild has.
pub const GUILD_ROLES: [(&str, &str); 2] =
    [("700000000000000001", "FTO"), ("700000000000000002", "Dispatch")];

pub fn server_url() -> String {
    std::env::var("TEST_DATABASE_URL").expect(
        "TEST_DATABASE_URL must name a Postgres server where tests may create databases \
         (scripts/test starts one)",
    )
}

/// A fresh, empty database on the test server; returns its URL and name.
pub async fn create_database() -> (String, String) {
    create_database_from(None).await
}

/// A fresh database on the test server, empty or a copy of `template`; its URL and name.
async fn create_database_from(template: Option<&str>) -> (String, String) {
    let server = server_url();
    let name = format!("portal_t_{}", uuid::Uuid::new_v4().simple());
    let mut conn = PgConnection::connect(&server).await.expect("connect to TEST_DATABASE_URL");
    let from = template.map(|t| format!(r#" TEMPLATE "{t}""#)).unwrap_or_default();
    sqlx::query(&format!(r#"CREATE DATABASE "{name}"{from}"#)).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    (database_url(&name), name)
}

fn database_url(name: &str) -> String {
    let mut url = url::Url::parse(&server_url()).unwrap();
    url.set_path(&format!("/{name}"));
    url.to_string()
}

/// The template of this run for `agencies`: a database with the control schema migrated, the
/// root agency provisioned by the default migrator and `agencies` with their personas, closed
/// to connections so it can be copied. Made by the first test that needs it; the others wait.
fn template(agencies: &Agencies) -> String {
    type Templates = Mutex<HashMap<Agencies, Arc<OnceLock<String>>>>;
    static TEMPLATES: OnceLock<Templates> = OnceLock::new();
    let cell = TEMPLATES
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(agencies.clone())
        .or_default()
        .clone();
    cell.get_or_init(|| {
        let agencies = agencies.clone();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().unwrap();
            runtime.block_on(make_template(&agencies))
        })
        .join()
        .expect("the template database")
    })
    .clone()
}

/// The agencies a template holds besides the root agency, each with the personas.
type Agencies = Vec<(String, String)>;

async fn make_template(agencies: &Agencies) -> String {
    let (url, name) = create_database_from(None).await;
    let media = TempDir::new().unwrap();
    let vars = HashMap::from([
        ("DATABASE_URL", url),
        ("PUBLIC_URL", "http://127.0.0.1:9".to_owned()),
        ("MEDIA_URL", format!("file://{}", media.path().display())),
        ("PORTAL_MAX_DB_CONNECTIONS", "4".to_owned()),
    ]);
    let config = Config::from_lookup(|k| vars.get(k).cloned()).expect("template config");
    let store = MediaStore::open(&config.media).unwrap();
    let app = App::new(config, migrate::tenant_migrator(), store, portal::features::seeders());
    let state = AppState(Arc::new(app.unwrap()));
    let outcomes = startup::prepare(&state).await.expect("template migrations");
    assert!(outcomes.iter().all(|o| o.result.is_ok()), "{outcomes:?}");
    for (slug, name) in agencies {
        state.provisioner.provision(new_agency(slug, name)).await.expect("provision agency");
        state.registry.invalidate().await;
        for persona in Persona::MEMBERS {
            let (id, name) = (persona.discord_id(slug), persona.name(slug));
            insert_member(&state, slug, &id, &name, persona.level().unwrap()).await;
        }
    }
    state.control.close().await;
    state.pools.invalidate_all().await;
    drop(state);
    // A database is copied only while nobody is connected to it.
    let mut conn = PgConnection::connect(&server_url()).await.unwrap();
    sqlx::query(&format!(r#"ALTER DATABASE "{name}" ALLOW_CONNECTIONS false"#))
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1")
        .bind(&name)
        .execute(&mut conn)
        .await
        .unwrap();
    name
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(Options::default()).await
}

pub async fn spawn_app_with(options: Options) -> TestApp {
    spawn_app_from(options, &vec![]).await
}

/// An app on a copy of the template for `agencies` (a test with a migrator of its own
/// migrates from scratch instead).
async fn spawn_app_from(options: Options, agencies: &Agencies) -> TestApp {
    let owns_database = options.database.is_none();
    let (database_url, database_name) = match &options.database {
        Some(name) => (database_url(name), name.clone()),
        None => {
            let template = options.migrator.is_none().then(|| template(agencies));
            create_database_from(template.as_deref()).await
        }
    };
    let media_dir = TempDir::new().unwrap();
    let web_dir = TempDir::new().unwrap();
    std::fs::write(
        web_dir.path().join("index.html"),
        "<!doctype html><title>Agency Portal</title><div id=root></div>",
    )
    .unwrap();
    std::fs::create_dir_all(web_dir.path().join("assets")).unwrap();
    std::fs::write(web_dir.path().join("assets/app-1a2b3c.js"), "console.log('portal')").unwrap();

    let discord = standin::Standin::new(
        vec![],
        GUILD_ROLES.iter().map(|(id, name)| (id.to_string(), name.to_string())).collect(),
    );
    let discord_listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let discord_url = format!("http://{}", discord_listener.local_addr().unwrap());
    tokio::spawn(discord.clone().serve(discord_listener));

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());

    let mut vars: HashMap<&str, String> = HashMap::from([
        ("DATABASE_URL", database_url.clone()),
        ("PUBLIC_URL", address.clone()),
        ("DISCORD_CLIENT_ID", discord.client_id.clone()),
        ("DISCORD_CLIENT_SECRET", discord.client_secret.clone()),
        ("DISCORD_GUILD_ID", discord.guild_id.clone()),
        ("DISCORD_BOT_TOKEN", discord.bot_token.clone()),
        ("DISCORD_API_URL", format!("{discord_url}/api/v10")),
        ("DISCORD_AUTHORIZE_URL", format!("{discord_url}/oauth2/authorize")),
        ("DISCORD_CDN_URL", discord_url.clone()),
        ("PORTAL_OWNER_DISCORD_IDS", options.owners.join(",")),
        ("MEDIA_URL", format!("file://{}", media_dir.path().display())),
        ("PORTAL_WEB_DIR", web_dir.path().display().to_string()),
        ("PORTAL_MAX_DB_CONNECTIONS", options.max_db_connections.to_string()),
        ("PORTAL_SECRET_KEY", SECRET_KEY.to_owned()),
        // Tests with the background jobs build no spare schemas unless they ask
        // (`tests/api/provisioning.rs` builds them itself).
        ("PORTAL_SPARE_SCHEMAS", "0".to_owned()),
    ]);
    if options.demo {
        vars.insert("PORTAL_DEMO", "1".into());
    }
    vars.extend(options.env.iter().cloned());
    let config = Config::from_lookup(|k| vars.get(k).cloned()).expect("test config");
    let media = match options.media {
        Some(media) => media,
        None => MediaStore::open(&config.media).unwrap(),
    };
    let migrator = options.migrator.unwrap_or_else(migrate::tenant_migrator);
    let state =
        AppState(Arc::new(App::new(config, migrator, media, portal::features::seeders()).unwrap()));
    let outcomes = startup::prepare(&state).await.expect("migrations");
    assert!(outcomes.iter().all(|o| o.result.is_ok()), "{outcomes:?}");

    state.spawn_registry_listener();
    if options.jobs {
        startup::spawn_jobs(&state);
    }
    let router = router::router(state.clone());
    let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await.unwrap() });

    TestApp {
        address,
        state,
        client: reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap(),
        database_url,
        database_name,
        media_dir: media_dir.path().to_path_buf(),
        discord,
        owns_database,
        _dirs: vec![media_dir, web_dir],
    }
}

/// Each test's database goes when its app does: dropped (connections closed by force) from a
/// thread of its own, since `Drop` cannot await.
impl Drop for TestApp {
    fn drop(&mut self) {
        if !self.owns_database {
            return;
        }
        let name = self.database_name.clone();
        let dropped = std::thread::spawn(move || drop_database(&name)).join();
        if let Err(err) = dropped {
            eprintln!("could not drop test database: {err:?}");
        }
    }
}

/// Drops a test database, closing its connections (blocking; for `Drop` and test ends).
pub fn drop_database(name: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    runtime.block_on(async {
        let mut conn = PgConnection::connect(&server_url()).await.expect("connect to drop");
        sqlx::query(&format!(r#"DROP DATABASE IF EXISTS "{name}" WITH (FORCE)"#))
            .execute(&mut conn)
            .await
            .expect("drop test database");
        let _ = conn.close().await;
    });
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    /// Provisions an agency straight through the provisioner.
    pub async fn create_agency(&self, slug: &str, name: &str) -> Agency {
        self.create_agency_with(new_agency(slug, name)).await
    }

    pub async fn create_agency_with(&self, new: NewAgency) -> Agency {
        let agency = self.state.provisioner.provision(new).await.expect("provision agency");
        self.state.registry.invalidate().await;
        agency
    }

    /// Puts a person on an agency's roster at the starter department's rank of `level`, and
    /// gives the stand-in a matching Discord account (a member of the guild).
    pub async fn add_member(&self, agency: &str, discord_id: &str, name: &str, level: &str) -> i64 {
        let id = insert_member(&self.state, agency, discord_id, name, level).await;
        self.ensure_account(discord_id, name);
        id
    }

    /// Makes sure the stand-in knows `discord_id` as a guild member.
    pub fn ensure_account(&self, discord_id: &str, name: &str) {
        let username: String =
            name.to_lowercase().chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        self.discord.add_account(standin::Account::member(discord_id, &username, &[]));
    }

    /// A new browser-like client (own cookie jar, no automatic redirects).
    pub fn browser(&self) -> reqwest::Client {
        reqwest::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap()
    }

    /// Starts sign-in in `browser` and approves it at the stand-in as `discord_id`; returns
    /// the callback URL the stand-in redirects back to (not yet visited).
    pub async fn authorize(&self, browser: &reqwest::Client, discord_id: &str) -> String {
        let start = browser.get(self.url("/auth/discord")).send().await.unwrap();
        assert_eq!(start.status(), 303, "sign-in start redirects to Discord");
        let authorize = location(&start);
        assert!(authorize.contains("/oauth2/authorize?"), "{authorize}");
        let approve = format!(
            "{}&user={discord_id}",
            authorize.replace("/oauth2/authorize?", "/oauth2/approve?")
        );
        let approved = browser.get(approve).send().await.unwrap();
        assert_eq!(approved.status(), 303, "{}", approved.text().await.unwrap());
        location(&approved)
    }

    /// A client signed in as `discord_id` through the real OAuth2 flow.
    pub async fn signed_in(&self, discord_id: &str) -> reqwest::Client {
        let browser = self.browser();
        let callback = self.authorize(&browser, discord_id).await;
        let done = browser.get(&callback).send().await.unwrap();
        assert_eq!(done.status(), 303, "{}", done.text().await.unwrap());
        browser
    }

    /// A second instance of the portal on this test's control database, with its own caches
    /// and change listener (not serving HTTP: see [`serve`]).
    pub fn second_instance(&self) -> AppState {
        let config = Config::from_lookup(|k| match k {
            "DATABASE_URL" => Some(self.database_url.clone()),
            "MEDIA_URL" => Some(format!("file://{}", self.media_dir.display())),
            _ => None,
        })
        .unwrap();
        let media = MediaStore::open(&config.media).unwrap();
        let state = AppState(Arc::new(
            App::new(config, migrate::tenant_migrator(), media, portal::features::seeders())
                .unwrap(),
        ));
        state.spawn_registry_listener();
        state
    }

    /// A connection to this test's database as the migrator (superuser on the test server).
    pub async fn admin(&self) -> PgConnection {
        PgConnection::connect(&self.database_url).await.unwrap()
    }

    /// Gives agency `slug` these `levels` behind the portal's back, as an operator editing the
    /// registry would: only the registry's notification tells the instances.
    pub async fn set_levels_in_registry(&self, slug: &str, levels: &serde_json::Value) {
        sqlx::query("UPDATE agencies SET flags = jsonb_set(flags, '{levels}', $1) WHERE slug = $2")
            .bind(levels)
            .bind(slug)
            .execute(&mut self.admin().await)
            .await
            .unwrap();
    }
}

/// Who a test acts as in an agency: a visitor (not signed in) or a member at a level of the
/// starter department.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Persona {
    Visitor,
    Deputy,
    Supervisor,
    Command,
    HighCommand,
}

impl Persona {
    pub const MEMBERS: [Persona; 4] =
        [Persona::Deputy, Persona::Supervisor, Persona::Command, Persona::HighCommand];

    pub fn level(self) -> Option<&'static str> {
        match self {
            Persona::Visitor => None,
            Persona::Deputy => Some("deputy"),
            Persona::Supervisor => Some("supervisor"),
            Persona::Command => Some("command"),
            Persona::HighCommand => Some("high_command"),
        }
    }

    /// A Discord id that is this persona's in `agency` and nobody else's.
    pub fn discord_id(self, agency: &str) -> String {
        let hash = agency.bytes().fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        format!("6{:016}{}", hash % 10_000_000_000_000_000, self as u8)
    }

    pub fn name(self, agency: &str) -> String {
        format!("{self:?} of {agency}")
    }
}

fn new_agency(slug: &str, name: &str) -> NewAgency {
    NewAgency {
        slug: slug.into(),
        name: name.into(),
        flags: serde_json::json!({}),
        theme: serde_json::json!({}),
        links: serde_json::json!({}),
        ..Default::default()
    }
}

/// Puts a person on an agency's roster at the starter department's rank of `level`.
async fn insert_member(
    state: &AppState,
    agency: &str,
    discord_id: &str,
    name: &str,
    level: &str,
) -> i64 {
    let agency = state.registry.by_slug(agency).await.unwrap().expect("agency");
    let pool = state.pools.get(&agency).await.unwrap();
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO roster (name, discord_id, department_id, rank_id) VALUES ($1, $2, $3, $4) RETURNING id",
    )
    .bind(name)
    .bind(discord_id)
    .bind(portal::shared::organisation::STARTER_DEPARTMENT_ID)
    .bind(portal::shared::organisation::starter_rank_id(level))
    .fetch_one(&*pool)
    .await
    .unwrap();
    // Written behind the portal's back: tell it, as its own writes do.
    let change = portal::access::cache::Change::Agency(agency.id);
    portal::access::cache::announce(state, change).await;
    id
}

/// Builds a test app with agencies whose members are the personas.
#[derive(Default)]
pub struct TestAppBuilder {
    options: Options,
    agencies: Vec<(String, String)>,
}

impl TestAppBuilder {
    /// Provisions `slug` with a deputy, supervisor, command and High Command member.
    pub fn agency(mut self, slug: &str, name: &str) -> Self {
        self.agencies.push((slug.into(), name.into()));
        self
    }

    /// BCSO (`bcso`) and LSPD (`lspd`), the two agencies most suites compare.
    pub fn sheriff_and_police(self) -> Self {
        self.agency("bcso", "Blaine County Sheriff's Office")
            .agency("lspd", "Los Santos Police Department")
    }

    /// A further setting of the server (as an environment variable would give it).
    pub fn env(mut self, key: &'static str, value: &str) -> Self {
        self.options.env.push((key, value.into()));
        self
    }

    /// Without the background jobs (the integrations worker among them).
    pub fn without_jobs(mut self) -> Self {
        self.options.jobs = false;
        self
    }

    /// Serving `app`'s database (another instance of the same deployment, or the same one
    /// after a restart); the database stays `app`'s.
    pub fn on_database_of(mut self, app: &TestApp) -> Self {
        self.options.database = Some(app.database_name.clone());
        self
    }

    /// The app on a copy of the template holding these agencies and their personas (made
    /// once per run for each set of agencies); the stand-in learns the personas' accounts.
    pub async fn build(self) -> TestApp {
        let templated = self.options.migrator.is_none();
        let agencies = if templated { self.agencies.clone() } else { vec![] };
        let app = spawn_app_from(self.options, &agencies).await;
        for (slug, name) in &self.agencies {
            if !templated && app.state.registry.by_slug(slug).await.unwrap().is_none() {
                app.create_agency(slug, name).await;
            }
            for persona in Persona::MEMBERS {
                let (id, name) = (persona.discord_id(slug), persona.name(slug));
                if templated {
                    app.ensure_account(&id, &name);
                } else {
                    app.add_member(slug, &id, &name, persona.level().unwrap()).await;
                }
            }
        }
        app
    }
}

impl TestApp {
    pub fn builder() -> TestAppBuilder {
        TestAppBuilder::default()
    }

    /// A browser acting as `persona` of `agency` (signed in through the real OAuth flow).
    pub async fn as_persona(&self, agency: &str, persona: Persona) -> reqwest::Client {
        match persona {
            Persona::Visitor => self.browser(),
            member => self.signed_in(&member.discord_id(agency)).await,
        }
    }
}

/// A request to `path` for `agency` (header `X-Agency-Slug`), with an optional JSON body.
pub async fn send(
    app: &TestApp,
    client: &reqwest::Client,
    method: reqwest::Method,
    path: &str,
    agency: &str,
    body: Option<&serde_json::Value>,
) -> reqwest::Response {
    let mut request = client.request(method, app.url(path)).header("x-agency-slug", agency);
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.unwrap()
}

/// A multipart `form` posted to `path` for `agency`.
pub async fn post_multipart(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    agency: &str,
    form: reqwest::multipart::Form,
) -> reqwest::Response {
    let request = client.post(app.url(path)).header("x-agency-slug", agency).multipart(form);
    request.send().await.unwrap()
}

pub fn location(response: &reqwest::Response) -> String {
    response.headers()["location"].to_str().unwrap().to_owned()
}

/// JSON body of a response, after checking its status.
pub async fn json(response: reqwest::Response, status: u16) -> serde_json::Value {
    let got = response.status().as_u16();
    let body = response.text().await.unwrap();
    assert_eq!(got, status, "unexpected status; body: {body}");
    serde_json::from_str(&body).unwrap_or_else(|_| panic!("not JSON: {body}"))
}

/// Serves `state`'s router on a free loopback port; answers its base address.
pub async fn serve(state: &AppState) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    let service =
        router::router(state.clone()).into_make_service_with_connect_info::<std::net::SocketAddr>();
    tokio::spawn(async move { axum::serve(listener, service).await.unwrap() });
    address
}

/// The `Set-Cookie` of the session cookie in a response, if any.
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("portal_session="))
        .map(str::to_owned)
}
