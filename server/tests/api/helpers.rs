//! `spawn_app()`: a uniquely named database, migrations, the root agency, and the real
//! router serving on 127.0.0.1:0.

use std::{collections::HashMap, path::PathBuf, sync::Arc};

use portal::{
    app::{self, App, AppState},
    config::Config,
    media::MediaStore,
    startup,
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
    _dirs: Vec<TempDir>,
}

pub struct Options {
    pub max_db_connections: u32,
    pub migrator: Option<Migrator>,
    pub media: Option<MediaStore>,
}

impl Default for Options {
    fn default() -> Self {
        Self { max_db_connections: 20, migrator: None, media: None }
    }
}

pub fn server_url() -> String {
    std::env::var("TEST_DATABASE_URL").expect(
        "TEST_DATABASE_URL must name a Postgres server where tests may create databases \
         (scripts/test starts one)",
    )
}

/// A fresh, empty database on the test server; returns its URL and name.
pub async fn create_database() -> (String, String) {
    let server = server_url();
    let name = format!("portal_t_{}", uuid::Uuid::new_v4().simple());
    let mut conn = PgConnection::connect(&server).await.expect("connect to TEST_DATABASE_URL");
    sqlx::query(&format!(r#"CREATE DATABASE "{name}""#)).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
    let mut url = url::Url::parse(&server).unwrap();
    url.set_path(&format!("/{name}"));
    (url.to_string(), name)
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(Options::default()).await
}

pub async fn spawn_app_with(options: Options) -> TestApp {
    let (database_url, database_name) = create_database().await;
    let media_dir = TempDir::new().unwrap();
    let web_dir = TempDir::new().unwrap();
    std::fs::write(
        web_dir.path().join("index.html"),
        "<!doctype html><title>Agency Portal</title><div id=root></div>",
    )
    .unwrap();
    std::fs::create_dir_all(web_dir.path().join("assets")).unwrap();
    std::fs::write(web_dir.path().join("assets/app-1a2b3c.js"), "console.log('portal')").unwrap();

    let vars: HashMap<&str, String> = HashMap::from([
        ("DATABASE_URL", database_url.clone()),
        ("MEDIA_URL", format!("file://{}", media_dir.path().display())),
        ("PORTAL_WEB_DIR", web_dir.path().display().to_string()),
        ("PORTAL_MAX_DB_CONNECTIONS", options.max_db_connections.to_string()),
    ]);
    let config = Config::from_lookup(|k| vars.get(k).cloned()).expect("test config");
    let media = match options.media {
        Some(media) => media,
        None => MediaStore::open(&config.media).unwrap(),
    };
    let migrator = options.migrator.unwrap_or_else(migrate::tenant_migrator);
    let state = AppState(Arc::new(App::new(config, migrator, media).unwrap()));
    let outcomes = startup::prepare(&state).await.expect("migrations");
    assert!(outcomes.iter().all(|o| o.result.is_ok()), "{outcomes:?}");

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = format!("http://{}", listener.local_addr().unwrap());
    state.spawn_registry_listener();
    let router = app::router(state.clone());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });

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
        _dirs: vec![media_dir, web_dir],
    }
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
        self.create_agency_with(NewAgency {
            slug: slug.into(),
            name: name.into(),
            flags: serde_json::json!({}),
            theme: serde_json::json!({}),
            links: serde_json::json!({}),
            ..Default::default()
        })
        .await
    }

    pub async fn create_agency_with(&self, new: NewAgency) -> Agency {
        let agency = self.state.provisioner.provision(new).await.expect("provision agency");
        self.state.registry.invalidate().await;
        agency
    }

    /// A connection to this test's database as the migrator (superuser on the test server).
    pub async fn admin(&self) -> PgConnection {
        PgConnection::connect(&self.database_url).await.unwrap()
    }
}

/// JSON body of a response, after checking its status.
pub async fn json(response: reqwest::Response, status: u16) -> serde_json::Value {
    let got = response.status().as_u16();
    let body = response.text().await.unwrap();
    assert_eq!(got, status, "unexpected status; body: {body}");
    serde_json::from_str(&body).unwrap_or_else(|_| panic!("not JSON: {body}"))
}
