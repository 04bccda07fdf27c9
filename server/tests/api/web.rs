//! Health, the web app fallback, unknown API paths, the OpenAPI description and request ids.

use serde_json::json;

use crate::helpers::{json, spawn_app};

fn latest_tenant_migration() -> i64 {
    portal::tenancy::migrate::tenant_migrator().iter().map(|m| m.version).max().unwrap()
}

#[tokio::test]
async fn health_and_readiness() {
    let app = spawn_app().await;
    assert_eq!(json(app.get("/healthz").await, 200).await, json!({"status": "ok"}));
    assert_eq!(json(app.get("/readyz").await, 200).await, json!({"status": "ready"}));
    assert_eq!(
        json(app.get("/readyz?agency=rawlife").await, 200).await,
        json!({"status": "ready", "agency": {"slug": "rawlife", "schemaVersion": latest_tenant_migration()}})
    );
    assert_eq!(
        json(app.get("/readyz?agency=nope").await, 404).await,
        json!({"error": "Unknown agency 'nope'"})
    );
}

#[tokio::test]
async fn unknown_api_paths_answer_json_404() {
    let app = spawn_app().await;
    let body = json(app.get("/api/nothing/here").await, 404).await;
    assert_eq!(body, json!({"error": "No API route for GET /api/nothing/here"}));
    let res = app.client.post(app.url("/api/agencies/x/unknown")).send().await.unwrap();
    assert_eq!(res.status(), 404);
    assert_eq!(res.headers()["content-type"], "application/json");
}

#[tokio::test]
async fn deep_links_serve_the_web_app() {
    let app = spawn_app().await;
    for path in ["/", "/about", "/roster", "/command/department", "/no/such/page"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        assert_eq!(res.headers()["content-type"], "text/html", "{path}");
        assert_eq!(res.headers()["cache-control"], "no-cache", "{path}");
        assert!(res.text().await.unwrap().contains("<title>Agency Portal</title>"));
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_missing_ones_are_404() {
    let app = spawn_app().await;
    let res = app.get("/assets/app-1a2b3c.js").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(res.headers()["content-type"].to_str().unwrap().contains("javascript"));
    assert_eq!(app.get("/assets/missing-000.js").await.status(), 404);
    assert_ne!(app.get("/assets/../index.html").await.status(), 500);
}

#[tokio::test]
async fn every_response_carries_a_request_id() {
    let app = spawn_app().await;
    let res = app.get("/healthz").await;
    let id = res.headers()["x-request-id"].to_str().unwrap().to_owned();
    assert_eq!(id.len(), 36, "a UUID: {id}");
    let res = app
        .client
        .get(app.url("/healthz"))
        .header("x-request-id", "given-id")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["x-request-id"], "given-id");
}

#[tokio::test]
async fn the_openapi_description_lists_every_route() {
    let app = spawn_app().await;
    let doc = json(app.get("/api/openapi.json").await, 200).await;
    let mut paths: Vec<&str> =
        doc["paths"].as_object().unwrap().keys().map(String::as_str).collect();
    paths.sort();
    assert_eq!(
        paths,
        vec![
            "/api/agencies",
            "/api/agencies/import",
            "/api/agencies/{slug}",
            "/api/agencies/{slug}/backup-settings",
            "/api/agencies/{slug}/backups",
            "/api/agencies/{slug}/backups/{name}",
            "/api/agencies/{slug}/config",
            "/api/agencies/{slug}/export",
            "/api/agency",
            "/api/analytics/agencies",
            "/api/analytics/duty",
            "/api/analytics/reports",
            "/api/analytics/strength",
            "/api/analytics/training",
            "/api/applications",
            "/api/applications/forms",
            "/api/applications/forms/{id}",
            "/api/applications/{id}",
            "/api/applications/{id}/hire",
            "/api/applications/{id}/move",
            "/api/applications/{id}/notes",
            "/api/applications/{id}/vote",
            "/api/apply/forms",
            "/api/apply/forms/{id}",
            "/api/apply/mine",
            "/api/arrests",
            "/api/arrests/next-number",
            "/api/arrests/{id}",
            "/api/audit",
            "/api/audit/settings",
            "/api/auth/me",
            "/api/callsigns",
            "/api/command-scope",
            "/api/discord-user/{id}",
            "/api/discord/mappings",
            "/api/discord/roles",
            "/api/discord/settings",
            "/api/discord/sync",
            "/api/discord/sync/runs/{id}",
            "/api/duty/clock",
            "/api/duty/clock-in",
            "/api/duty/clock-out",
            "/api/duty/hours",
            "/api/duty/me",
            "/api/duty/now",
            "/api/duty/settings",
            "/api/duty/shifts",
            "/api/duty/shifts/{id}",
            "/api/equipment",
            "/api/leave",
            "/api/leave/{id}",
            "/api/leave/{id}/cancel",
            "/api/logs/roster",
            "/api/me",
            "/api/nav-permissions",
            "/api/openapi.json",
            "/api/penal-codes",
            "/api/penal-codes/export",
            "/api/qualifications",
            "/api/qualifications/expiring",
            "/api/qualifications/{id}",
            "/api/roster",
            "/api/roster/callsigns",
            "/api/roster/{id}",
            "/api/roster/{id}/file",
            "/api/roster/{id}/qualifications",
            "/api/roster/{id}/qualifications/{holding}/revoke",
            "/api/sops",
            "/api/sops/sources",
            "/api/sops/{id}/draft",
            "/api/sops/{id}/file",
            "/api/sops/{id}/onlyoffice",
            "/api/sops/{id}/onlyoffice/callback",
            "/api/sops/{id}/publish",
            "/api/sops/{id}/source",
            "/api/sops/{id}/source/download",
            "/api/sops/{id}/source/file",
            "/api/sops/{id}/source/onlyoffice",
            "/api/sops/{id}/source/versions",
            "/api/sops/{id}/versions",
            "/api/sops/{id}/versions/{version}",
            "/api/sops/{id}/versions/{version}/restore",
            "/api/structure",
            "/api/structure/reorder",
            "/api/structure/{id}",
            "/api/tickets",
            "/api/tickets/next-number",
            "/api/tickets/{id}",
            "/api/tokens",
            "/api/tokens/{id}",
            "/api/trainings",
            "/api/trainings/assign",
            "/api/trainings/assignments",
            "/api/trainings/assignments/{id}",
            "/api/trainings/{id}",
            "/api/uniforms",
            "/api/uof",
            "/api/uof/next-number",
            "/api/uof/{id}",
            "/api/uploads/agency-media",
            "/api/uploads/catalogue-image",
            "/api/uploads/insignia",
            "/api/uploads/sop-image",
            "/api/vehicles",
            "/api/webhooks",
            "/api/webhooks/deliveries",
            "/api/webhooks/{id}",
            "/api/webhooks/{id}/test",
            "/avatars/default/{index}",
            "/avatars/{user}/{file}",
            "/healthz",
            "/insignia/{file}",
            "/media/{path}",
            "/readyz",
        ]
    );
    assert_eq!(doc, serde_json::to_value(portal::router::openapi()).unwrap());

    // Generated clients name operations after their ids: each must be unique.
    let mut ids: Vec<&str> = doc["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values())
        .filter_map(|op| op["operationId"].as_str())
        .collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count, "duplicate operation ids: {ids:?}");
}
