//! Provisioning (issue 29) on a connection of the control pool: a failure after the schema is
//! built leaves nothing behind and the connection clean; `portal migrate` finds a new agency
//! current, with the migrator's own history. Spare schemas built ahead become new agencies'
//! (renamed, seeded, as confined as any), never twice, never at another version, and a failed
//! provisioning leaves its spare ready.

use std::sync::Arc;

use futures::future::BoxFuture;
use portal::tenancy::{
    migrate,
    provision::{NewAgency, Provisioner, Seed, Seeder},
    registry, spares,
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

/// The spares ready now (schema and role names), oldest first.
async fn spares_ready(admin: &mut PgConnection) -> Vec<(String, String, i64)> {
    sqlx::query_as("SELECT name, role, version FROM spare_schemas ORDER BY created_at, name")
        .fetch_all(admin)
        .await
        .unwrap()
}

async fn refill(app: &TestApp, target: usize) -> usize {
    let p = &app.state.provisioner;
    spares::refill(&p.control_pool, &p.migrator, &p.maintenance, target).await.unwrap()
}

const SCHEMA: &str = "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)";
const ROLE: &str = "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)";

/// Whether `name` exists, asked with `sql` ([`SCHEMA`] or [`ROLE`]).
async fn exists(admin: &mut PgConnection, sql: &str, name: &str) -> bool {
    sqlx::query_scalar(sql).bind(name).fetch_one(admin).await.unwrap()
}

async fn schema_exists(admin: &mut PgConnection, name: &str) -> bool {
    exists(admin, SCHEMA, name).await
}

async fn role_exists(admin: &mut PgConnection, name: &str) -> bool {
    exists(admin, ROLE, name).await
}

#[tokio::test]
async fn a_spare_schema_becomes_the_new_agency_and_another_is_built() {
    let app = spawn_app().await;
    let mut admin = app.admin().await;
    let latest = migrate::latest_version(&app.state.provisioner.migrator);
    assert_eq!(refill(&app, 2).await, 2);
    assert_eq!(refill(&app, 2).await, 0, "two are ready: nothing more is built");
    let spares = spares_ready(&mut admin).await;
    assert_eq!(spares.iter().map(|s| s.2).collect::<Vec<_>>(), vec![latest, latest]);
    let (spare, spare_role, _) = spares[0].clone();

    let agency = app.create_agency("spare-pd", "Spare PD").await;
    // The oldest spare is the agency's now: its schema and role renamed, one spare left.
    assert!(
        !schema_exists(&mut admin, &spare).await && !role_exists(&mut admin, &spare_role).await
    );
    assert!(schema_exists(&mut admin, &agency.schema_name).await);
    assert!(role_exists(&mut admin, &agency.db_role).await);
    assert_eq!(spares_ready(&mut admin).await, spares[1..].to_vec());
    assert_eq!(agency.schema_version, latest);
    // Its default data went into it, through its own connections.
    let pool = app.state.pools.get(&agency).await.unwrap();
    let departments: i64 =
        sqlx::query_scalar("SELECT count(*) FROM departments").fetch_one(&*pool).await.unwrap();
    assert!(departments > 0, "the starter department is seeded");
    // Its history is the migrator's, closed to its role, as a schema built on the request.
    let recorded: i64 = sqlx::query_scalar("SELECT count(*) FROM _sqlx_migrations WHERE success")
        .fetch_one(&*pool)
        .await
        .unwrap();
    assert_eq!(recorded as usize, ups(&app).len());
    let err = sqlx::query("DELETE FROM _sqlx_migrations").execute(&*pool).await.unwrap_err();
    assert_eq!(err.as_database_error().and_then(|e| e.code()).as_deref(), Some("42501"));
    // Its role reaches nothing else: the other spare, the registry, then another agency (the
    // one the other spare becomes).
    let refused = |sql: String| {
        let pool = pool.clone();
        async move {
            let err = sqlx::query(&sql).execute(&*pool).await.expect_err(&sql);
            let code = err.as_database_error().and_then(|e| e.code()).map(|c| c.into_owned());
            assert_eq!(code.as_deref(), Some("42501"), "{sql}: {err}");
        }
    };
    refused(format!("SELECT count(*) FROM {}.departments", spares[1].0)).await;
    refused("SELECT count(*) FROM public.spare_schemas".to_owned()).await;
    let other = app.create_agency("other-pd", "Other PD").await;
    refused(format!("SELECT count(*) FROM {}.departments", other.schema_name)).await;
    // The second agency took the last spare; the keeper builds two again.
    assert!(spares_ready(&mut admin).await.is_empty());
    assert!(schema_exists(&mut admin, &other.schema_name).await);
    assert_eq!(refill(&app, 2).await, 2);
    // With none ready, provisioning builds the schema on the request as before.
    sqlx::query("DELETE FROM spare_schemas").execute(&mut admin).await.unwrap();
    let third = app.create_agency("third-pd", "Third PD").await;
    assert_eq!(third.schema_version, latest);
    assert!(schema_exists(&mut admin, &third.schema_name).await);
}

#[tokio::test]
async fn a_failed_provisioning_leaves_the_spare_and_an_old_one_is_never_taken() {
    let app = spawn_app().await;
    let mut admin = app.admin().await;
    assert_eq!(refill(&app, 1).await, 1);
    let before = spares_ready(&mut admin).await;

    // A provisioning that fails after taking the spare rolls the taking back.
    let mut seeders: Vec<Seeder> = app.state.provisioner.seeders.to_vec();
    seeders.push(failing_seeder);
    let failing = Provisioner { seeders: seeders.into(), ..app.state.provisioner.clone() };
    let new =
        NewAgency { slug: "late-failure".into(), name: "Late PD".into(), ..Default::default() };
    assert!(failing.provision(new).await.is_err());
    assert_eq!(spares_ready(&mut admin).await, before);
    assert!(
        schema_exists(&mut admin, &before[0].0).await
            && role_exists(&mut admin, &before[0].1).await
    );

    // A spare of an older version (a deploy migrated the agencies since) is not taken, and the
    // keeper drops it (schema and role) and builds one at the version of today.
    sqlx::query("UPDATE spare_schemas SET version = version - 1")
        .execute(&mut admin)
        .await
        .unwrap();
    let agency = app.create_agency("after-deploy", "After PD").await;
    assert!(schema_exists(&mut admin, &before[0].0).await, "the old spare was not taken");
    assert_eq!(agency.schema_version, migrate::latest_version(&app.state.provisioner.migrator));
    assert_eq!(refill(&app, 1).await, 1);
    assert!(
        !schema_exists(&mut admin, &before[0].0).await
            && !role_exists(&mut admin, &before[0].1).await
    );
    let now = spares_ready(&mut admin).await;
    assert_eq!(now.len(), 1);
    assert_ne!(now[0].0, before[0].0);
    // A newer one (the next release's instance keeps it) is neither taken nor dropped.
    sqlx::query("UPDATE spare_schemas SET version = version + 1")
        .execute(&mut admin)
        .await
        .unwrap();
    app.create_agency("beside-next", "Beside PD").await;
    assert_eq!(refill(&app, 0).await, 0);
    assert!(schema_exists(&mut admin, &now[0].0).await, "a newer spare stays");
}

#[tokio::test]
async fn concurrent_provisionings_never_share_a_spare() {
    let app = spawn_app().await;
    let mut admin = app.admin().await;
    assert_eq!(refill(&app, 2).await, 2);
    let made = futures::future::join_all((0..4).map(|n| {
        let app = &app;
        async move { app.create_agency(&format!("burst-{n}"), &format!("Burst {n}")).await }
    }))
    .await;
    let mut schemas: Vec<&str> = made.iter().map(|a| a.schema_name.as_str()).collect();
    schemas.sort_unstable();
    schemas.dedup();
    assert_eq!(schemas.len(), 4);
    for agency in &made {
        assert!(schema_exists(&mut admin, &agency.schema_name).await);
    }
    assert!(spares_ready(&mut admin).await.is_empty(), "two took the spares, two built theirs");
}

#[tokio::test]
async fn migrate_grants_what_a_schema_without_default_privileges_lacks() {
    let app = spawn_app().await;
    let agency = app.create_agency("legacy", "Legacy PD").await;
    let (schema, role) = (&agency.schema_name, &agency.db_role);
    let mut admin = app.admin().await;
    // A schema as made before default privileges: none for its role, a table it was never
    // granted, and the newest migration to run again.
    sqlx::Executor::execute(
        &mut admin,
        format!(
            r#"ALTER DEFAULT PRIVILEGES IN SCHEMA "{schema}" REVOKE ALL ON TABLES FROM "{role}";
               ALTER DEFAULT PRIVILEGES IN SCHEMA "{schema}" REVOKE ALL ON SEQUENCES FROM "{role}";
               CREATE TABLE "{schema}".legacy_notes (id int);
               DELETE FROM "{schema}"._sqlx_migrations
                WHERE version = (SELECT max(version) FROM "{schema}"._sqlx_migrations);"#
        )
        .as_str(),
    )
    .await
    .unwrap();
    let defaults = format!(
        "SELECT count(*) FROM pg_default_acl WHERE defaclnamespace = '{schema}'::regnamespace"
    );
    assert_eq!(count(&mut admin, &defaults).await, 0);
    let pool = app.state.pools.get(&agency).await.unwrap();
    assert!(sqlx::query("SELECT * FROM legacy_notes").execute(&*pool).await.is_err());

    let state = &app.state;
    let migrator = state.provisioner.migrator.clone();
    let outcomes = migrate::migrate_tenants(&state.control, &state.control_options, &migrator, 2)
        .await
        .unwrap();
    let outcome = outcomes.iter().find(|o| o.slug == "legacy").unwrap();
    assert!(outcome.visited && outcome.result.is_ok(), "{outcome:?}");
    app.state.pools.invalidate(agency.id).await;
    let pool = app.state.pools.get(&agency).await.unwrap();
    sqlx::query("SELECT * FROM legacy_notes").execute(&*pool).await.expect("granted by migrate");
}
