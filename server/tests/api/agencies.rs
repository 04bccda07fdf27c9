//! The agency read API.

use portal::tenancy::provision::NewAgency;
use serde_json::json;

use crate::helpers::{json, spawn_app};

#[tokio::test]
async fn the_root_agency_exists_after_first_start() {
    let app = spawn_app().await;
    let body = json(app.get("/api/agencies").await, 200).await;
    let agencies = body["agencies"].as_array().unwrap();
    assert_eq!(agencies.len(), 1);
    assert_eq!(agencies[0]["slug"], "rawlife");
    assert_eq!(agencies[0]["flags"]["enableAgencyManagement"], true);
}

#[tokio::test]
async fn hidden_agencies_are_left_out_of_the_list() {
    let app = spawn_app().await;
    app.create_agency("visible", "Visible PD").await;
    app.create_agency_with(NewAgency {
        slug: "ghost".into(),
        name: "Ghost PD".into(),
        flags: json!({"hidden": true}),
        ..Default::default()
    })
    .await;

    let body = json(app.get("/api/agencies").await, 200).await;
    let slugs: Vec<&str> =
        body["agencies"].as_array().unwrap().iter().map(|a| a["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, vec!["rawlife", "visible"]);
    // `includeHidden` is for High Command of the root agency only.
    assert_eq!(
        json(app.get("/api/agencies?includeHidden=1").await, 401).await,
        json!({"error": "You must be signed in to do that."})
    );
    app.add_member("rawlife", "100000000000000001", "Alex Mercer", "high_command").await;
    let hc = app.signed_in("100000000000000001").await;
    let body =
        json(hc.get(app.url("/api/agencies?includeHidden=1")).send().await.unwrap(), 200).await;
    let slugs: Vec<&str> =
        body["agencies"].as_array().unwrap().iter().map(|a| a["slug"].as_str().unwrap()).collect();
    assert_eq!(slugs, vec!["rawlife", "visible", "ghost"]);
    // A hidden agency still has its own configuration (its members may open it directly).
    assert_eq!(json(app.get("/api/agencies/ghost/config").await, 200).await["name"], "Ghost PD");
}

#[tokio::test]
async fn config_fills_default_colours_and_normalises_levels() {
    let app = spawn_app().await;
    app.create_agency_with(NewAgency {
        slug: "bcso".into(),
        name: "Blaine County Sheriff's Office".into(),
        short_name: Some("BCSO".into()),
        domain: Some("bcso.example.org".into()),
        description: Some("Serving Blaine County".into()),
        flags: json!({
            "levels": [" Cadet ", {"value": "DEPUTY", "label": "Deputy Sheriff"}, {"id": "cadet"}, {"id": "high_command"}],
            "disableCallsigns": true
        }),
        theme: json!({"primaryColor": "#2F9E44", "surface": "not-a-colour", "heroTitle": "BCSO",
                      "homeCards": [{"title": "", "description": "", "href": ""},
                                    {"title": "Roster", "description": "People", "href": "/roster"}]}),
        links: json!({"discord": "https://discord.gg/bcso"}),
        ..Default::default()
    })
    .await;

    let body = json(app.get("/api/agencies/BCSO/config").await, 200).await;
    assert_eq!(
        body,
        json!({
            "slug": "bcso",
            "name": "Blaine County Sheriff's Office",
            "shortName": "BCSO",
            "description": "Serving Blaine County",
            "longDescription": null,
            "domain": "bcso.example.org",
            "theme": {
                "primaryColor": "#2f9e44", "primaryDark": "#d2a90c", "accentColor": "#2f9e44",
                "surface": "#121212", "surfaceAlt": "#1a1a1a", "background": "#0b0b0b",
                "textColor": "#ffffff", "buttonTextColor": "#1b1600",
                "faviconUrl": null, "heroTitle": "BCSO", "heroSubtitle": null, "heroBody": null,
                "heroUrl": null, "badgeUrl": null, "heroCtaLabel": null, "heroCtaHref": null,
                "homeCards": [{"title": "Roster", "description": "People", "href": "/roster"}]
            },
            "flags": {
                "hidden": false,
                "levels": [
                    {"id": "cadet", "label": "Cadet"},
                    {"id": "deputy", "label": "Deputy Sheriff"},
                    {"id": "high_command", "label": "High Command"}
                ],
                "enableAgencyManagement": false,
                "disableCallsigns": true,
                "disableSubDepartments": false,
                "rosterManageLevels": ["command", "high_command"]
            },
            "levels": [
                {"id": "cadet", "label": "Cadet"},
                {"id": "deputy", "label": "Deputy Sheriff"},
                {"id": "high_command", "label": "High Command"}
            ],
            "links": {"portal": null, "discord": "https://discord.gg/bcso"}
        })
    );
}

#[tokio::test]
async fn an_unknown_agency_is_a_404_with_its_slug() {
    let app = spawn_app().await;
    let body = json(app.get("/api/agencies/nope/config").await, 404).await;
    assert_eq!(body, json!({"error": "Unknown agency 'nope'"}));
}

#[tokio::test]
async fn a_new_agency_starts_with_the_default_navigation_permissions() {
    let app = spawn_app().await;
    let agency = app
        .create_agency_with(NewAgency {
            slug: "custom".into(),
            name: "Custom Levels PD".into(),
            flags: json!({"levels": ["recruit", "officer", "sergeant", "lieutenant", "chief"]}),
            ..Default::default()
        })
        .await;
    let pool = app.state.pools.get(&agency).await.unwrap();
    let rows: Vec<(String, bool, Vec<String>)> =
        sqlx::query_as("SELECT nav_id, is_public, levels FROM nav_permissions ORDER BY nav_id")
            .fetch_all(&*pool)
            .await
            .unwrap();
    let find = |id: &str| rows.iter().find(|r| r.0 == id).unwrap_or_else(|| panic!("{id} missing"));
    assert_eq!(find("home"), &("home".into(), true, vec![]));
    assert_eq!(find("roster"), &("roster".into(), false, vec!["recruit".into()]));
    // The structure pages are public (member-portal §2.7), keeping a level for restricting.
    for id in
        ["structure_section", "structure_vehicles", "structure_equipment", "structure_uniforms"]
    {
        assert_eq!(find(id), &(id.into(), true, vec!["recruit".into()]), "{id}");
    }
    assert_eq!(find("supervisor_uof_review").2, vec!["officer"]);
    assert_eq!(find("command_logs").2, vec!["lieutenant"]);
    assert_eq!(find("command_navigation_permissions").2, vec!["chief"]);
    assert_eq!(rows.len(), portal::access::nav::DEFAULT_NAV_PERMISSIONS.len());
}
