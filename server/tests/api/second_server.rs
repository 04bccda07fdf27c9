//! An agency on another Postgres server, reached over TLS (issue 13): provisioned there,
//! read and written through the router, migrated with the others, and isolated from the
//! agencies of the control server. The second server (started by scripts/test) accepts TLS
//! connections only and presents a certificate of a throw-away CA; its URL carries
//! `sslmode=verify-full` and `sslrootcert`.

use std::sync::Arc;

use portal::tenancy::{migrate, provision::NewAgency};
use reqwest::Method;
use serde_json::json;
use sqlx::{Connection, PgConnection, Row};

use crate::{
    helpers::{json, send, spawn_app},
    support::{get, second_server_database},
};

const FAR_HC: &str = "100000000000000801";

#[tokio::test]
async fn an_agency_on_a_second_server_over_tls_works_and_stays_apart() {
    let far_url = second_server_database().await;
    assert!(far_url.contains("sslmode=verify-full"), "{far_url}");
    // Without TLS the second server refuses: the portal must be using it.
    let plain = far_url.replace("sslmode=verify-full", "sslmode=disable");
    assert!(PgConnection::connect(&plain).await.is_err(), "the second server takes TLS only");

    let app = spawn_app().await;
    let far = app
        .create_agency_with(NewAgency {
            slug: "far".into(),
            name: "Far County SO".into(),
            flags: json!({}),
            theme: json!({}),
            links: json!({}),
            database_url: Some(far_url.clone()),
            ..Default::default()
        })
        .await;
    let near = app.create_agency("near", "Near PD").await;
    app.add_member("far", FAR_HC, "Fay Far", "high_command").await;

    // The agency's pool reaches the second server, in the agency's own schema, over TLS:
    // the server takes nothing else, and every client connection it holds is encrypted.
    let pool = app.state.pools.get(&far).await.unwrap();
    let row = sqlx::query("SELECT current_setting('search_path'), pg_backend_pid()")
        .fetch_one(&*pool)
        .await
        .unwrap();
    assert_eq!(row.get::<String, _>(0), format!("{}, pg_temp", far.schema_name));
    let portal_pid: i32 = row.get(1);
    let mut watcher = PgConnection::connect(&far_url).await.unwrap();
    let encrypted: Option<bool> = sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = $1")
        .bind(portal_pid)
        .fetch_one(&mut watcher)
        .await
        .unwrap();
    assert_eq!(encrypted, Some(true), "the portal's connection uses TLS");

    // Written and read through the router.
    let hc = app.signed_in(FAR_HC).await;
    let added = send(
        &app,
        &hc,
        Method::POST,
        "/api/roster",
        "far",
        Some(&json!({"name": "Remy Remote", "callsign": "R-01", "rankId": "headquarters-deputy"})),
    )
    .await;
    json(added, 201).await;
    let roster = get(&app, &hc, "/api/roster", "far").await;
    let names: Vec<&str> =
        roster.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.contains(&"Remy Remote"));

    // The rows live on the second server, and nowhere on the control server.
    let mut remote = PgConnection::connect(&far_url).await.unwrap();
    let remote_count: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM \"{}\".roster WHERE name = 'Remy Remote'",
        far.schema_name
    ))
    .fetch_one(&mut remote)
    .await
    .unwrap();
    assert_eq!(remote_count, 1);
    let mut admin = app.admin().await;
    let local_schema: Option<String> =
        sqlx::query_scalar("SELECT nspname::text FROM pg_namespace WHERE nspname = $1")
            .bind(&far.schema_name)
            .fetch_optional(&mut admin)
            .await
            .unwrap();
    assert_eq!(local_schema, None, "the far agency's schema is not on the control server");

    // Isolation: the near agency sees none of it, and the far agency's member is nobody there.
    let near_pool = app.state.pools.get(&near).await.unwrap();
    let near_rows: i64 =
        sqlx::query_scalar("SELECT count(*) FROM roster WHERE name = 'Remy Remote'")
            .fetch_one(&*near_pool)
            .await
            .unwrap();
    assert_eq!(near_rows, 0);
    let refused = send(&app, &hc, Method::GET, "/api/roster", "near", None).await;
    assert_eq!(refused.status(), 403);

    // Migrated with the others: every agency, both servers, reaches the same version.
    let state = &app.state;
    let migrator = Arc::clone(&state.provisioner.migrator);
    let outcomes = migrate::migrate_tenants(&state.control, &state.control_options, &migrator, 2)
        .await
        .unwrap();
    let current = migrator.iter().map(|m| m.version).max().unwrap();
    assert_eq!(outcomes.len(), 3, "{outcomes:?}");
    assert!(outcomes.iter().all(|o| o.result == Ok(current)), "{outcomes:?}");

    drop(pool);
    app.state.pools.invalidate_all().await;
}
