//! Provisioning (issue 29) on a connection of the control pool: a failure after the schema is
//! built leaves nothing behind and the connection clean; `portal migrate` finds a new agency
//! current, with the migrator's own history.

use std::sync::Arc;

use futures::future::BoxFuture;
use portal::tenancy::{
    migrate,
    provision::{NewAgency, Provisioner, Seed, Seeder},
    registry,
};
use sqlx::{migrate::Migration, PgConnection, Row};

use crate::helpers::{spawn_app, TestApp};

/// The tenant migrations' up migrations, in version order.
fn ups(app: &TestApp) -> Vec<&Migration> {
    app.state.provisioner.migrator.iter().filter(|m| m.migration_type.is_up_migration()).collect()
}

/// A seeder that fails after the schema is built: the whole provisioning must go.
fn failing_seeder<'a>(
    conn: &'a mut PgConnection,
    _seed: &'a Seed<'a>,
) -> BoxFuture<'a, sqlx::Result<()>> {
    Box::pin(async move { sqlx::query("SELECT 1 / 0").execute(conn).await.map(|_| ()) })
}

async fn count(conn: &mut PgConnection, sql: &str) -> i64 {
    sqlx::query(sql).fetch_one(conn).await.unwrap().get::<i64, _>(0)
}

#[tokio::test]
async fn a_provisioning_that_fails_after_the_schema_is_built_leaves_nothing() {
    let app = spawn_app().await;
    let mut admin = app.admin().await;
    let schemas = "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'agency\\_%'";
    let roles = "SELECT count(*) FROM pg_roles \
                 WHERE rolname LIKE 'p' || substr(md5(current_database()), 1, 8) || '\\_agency\\_%'";
    let before = (count(&mut admin, schemas).await, count(&mut admin, roles).await);

    let mut seeders: Vec<Seeder> = app.state.provisioner.seeders.to_vec();
    seeders.push(failing_seeder);
    let provisioner = Provisioner { seeders: seeders.into(), ..app.state.provisioner.clone() };
    let new =
        NewAgency { slug: "late-failure".into(), name: "Late PD".into(), ..Default::default() };
    assert!(provisioner.provision(new.clone()).await.is_err());
    assert!(registry::fetch_by_slug(&mut admin, "late-failure").await.unwrap().is_none());
    assert_eq!((count(&mut admin, schemas).await, count(&mut admin, roles).await), before);

    // The pooled control connection it used is clean: the next provisioning works.
    let agency = app.create_agency_with(new).await;
    assert_eq!(agency.slug, "late-failure");
}

#[tokio::test]
async fn a_new_agency_is_current_for_migrate_with_the_migrators_history() {
    let app = spawn_app().await;
    let agency = app.create_agency("fresh", "Fresh PD").await;
    let state = &app.state;
    let migrator: Arc<_> = state.provisioner.migrator.clone();
    assert_eq!(agency.schema_version, migrate::latest_version(&migrator));
    let outcomes = migrate::migrate_tenants(&state.control, &state.control_options, &migrator, 2)
        .await
        .unwrap();
    let outcome = outcomes.iter().find(|o| o.slug == "fresh").unwrap();
    assert_eq!(outcome.result, Ok(agency.schema_version));
    assert!(!outcome.visited, "{outcome:?}");
    // Its history is the migrator's: versions and checksums as sqlx records them.
    let mut admin = app.admin().await;
    let recorded: Vec<(i64, Vec<u8>)> = sqlx::query_as(&format!(
        r#"SELECT version, checksum FROM "{}"._sqlx_migrations WHERE success ORDER BY version"#,
        agency.schema_name
    ))
    .fetch_all(&mut admin)
    .await
    .unwrap();
    let expected: Vec<(i64, Vec<u8>)> =
        ups(&app).iter().map(|m| (m.version, m.checksum.to_vec())).collect();
    assert_eq!(recorded, expected);
}
