//! The penal code catalogue: every agency starts with the default one; report writers read
//! it, command staff replace it whole under a version check, export it and import it
//! elsewhere; agencies never see or change each other's.

use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{app, get, refused, BCSO, LSPD},
};

async fn put(
    app: &TestApp,
    client: &reqwest::Client,
    agency: &str,
    body: &Value,
) -> reqwest::Response {
    send(app, client, Method::PUT, "/api/penal-codes", agency, Some(body)).await
}

#[tokio::test]
async fn every_agency_starts_with_the_default_catalogue_and_report_writers_read_it() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let catalogue = get(&app, &deputy, "/api/penal-codes", BCSO).await;
    let items = catalogue["items"].as_array().unwrap();
    assert!(items.len() >= 60, "{} entries", items.len());
    assert!(catalogue["categories"].as_array().unwrap().len() >= 6);
    assert_eq!(catalogue["version"], 1);
    for key in [
        "id",
        "statute",
        "title",
        "description",
        "category",
        "classification",
        "fineMin",
        "fineMax",
        "custodyMin",
        "custodyMax",
    ] {
        assert!(items[0].get(key).is_some(), "{key} in {}", items[0]);
    }
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    let anonymous = send(&app, &visitor, Method::GET, "/api/penal-codes", BCSO, None).await;
    refused(anonymous, 401, "You must be signed in to do that.").await;
    // The new Command page is Command's by default, in new agencies and in the root agency,
    // which existed before it (its migration copies the Logs page's levels).
    for agency in [BCSO, "rawlife"] {
        let permissions = get(&app, &visitor, "/api/nav-permissions", agency).await;
        assert_eq!(
            permissions["items"]["command_penal_codes"],
            json!({"public": false, "levels": ["command"], "roles": []}),
            "{agency}"
        );
    }
}

#[tokio::test]
async fn command_replaces_the_catalogue_whole_and_a_stale_save_is_refused() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let before = get(&app, &command, "/api/penal-codes", BCSO).await;
    let mut items = before["items"].as_array().unwrap().clone();
    items.truncate(2);
    items[0]["title"] = json!("  Trespass on Posted Land ");
    items[1]["classification"] = json!("felony");
    items.push(json!({"statute": "PC 999", "title": "Loitering near a Dispatch Center",
                      "category": "Public Order", "classification": "Infraction",
                      "fineMin": 50, "fineMax": 250, "custodyMin": 0, "custodyMax": 0}));
    let saved =
        json(put(&app, &command, BCSO, &json!({"items": items, "version": 1})).await, 200).await;
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["items"].as_array().unwrap().len(), 3);
    assert_eq!(saved["items"][0]["title"], "Trespass on Posted Land");
    assert_eq!(saved["items"][1]["classification"], "Felony");
    assert!(saved["items"][2]["id"].as_str().is_some_and(|id| !id.is_empty()), "a new id");
    assert_eq!(saved["updatedBy"], "Command of bcso");

    // A colleague who read version 1 is refused, and shown the list as it is now.
    let stale = put(&app, &command, BCSO, &json!({"items": [], "version": 1})).await;
    let body = json(stale, 409).await;
    assert_eq!(
        body["error"],
        "Someone else saved this list since you opened it. Review their changes and save again."
    );
    assert_eq!(body["current"]["version"], 2);
    assert_eq!(body["current"]["items"].as_array().unwrap().len(), 3);

    // Each validation message.
    let entry = |statute: &str, class: &str, fine_min: i64| {
        json!({"statute": statute, "title": "T", "classification": class,
               "fineMin": fine_min, "fineMax": 100, "custodyMin": 0, "custodyMax": 1})
    };
    for (items, message) in [
        (json!([entry("PC 1", "Felony", 0), entry("pc 1", "Felony", 0)]), "Statute 'pc 1' is listed twice."),
        (json!([entry("PC 1", "Crime", 0)]), "Classification must be Infraction, Misdemeanor or Felony."),
        (json!([entry("", "Felony", 0)]), "Each penal code needs a statute and a title."),
        (
            json!([entry("PC 1", "Felony", 500)]),
            "PC 1: fines and custody must be whole numbers from 0, the minimum not above the maximum.",
        ),
    ] {
        let response = put(&app, &command, BCSO, &json!({"items": items, "version": 2})).await;
        refused(response, 400, message).await;
    }
    assert_eq!(get(&app, &command, "/api/penal-codes", BCSO).await["version"], 2, "nothing saved");
}

#[tokio::test]
async fn only_command_saves_and_agencies_keep_their_own_catalogues() {
    let app = app().await;
    let body = json!({"items": [], "version": 1});
    for (persona, status) in
        [(Persona::Visitor, 401), (Persona::Deputy, 403), (Persona::Supervisor, 403)]
    {
        let client = app.as_persona(BCSO, persona).await;
        assert_eq!(put(&app, &client, BCSO, &body).await.status(), status, "{persona:?}");
        let export = send(&app, &client, Method::GET, "/api/penal-codes/export", BCSO, None).await;
        assert_eq!(export.status(), status, "{persona:?} export");
    }
    // LSPD's command cannot change BCSO's catalogue through its own session.
    let lspd_command = app.as_persona(LSPD, Persona::Command).await;
    assert_eq!(put(&app, &lspd_command, BCSO, &body).await.status(), 403);

    // Export from BCSO, import into LSPD: LSPD gets BCSO's list; BCSO's stays as it was.
    let bcso_command = app.as_persona(BCSO, Persona::Command).await;
    let export =
        send(&app, &bcso_command, Method::GET, "/api/penal-codes/export", BCSO, None).await;
    assert_eq!(
        export.headers()["content-disposition"],
        "attachment; filename=\"penal-codes-bcso.json\""
    );
    let mut file = json(export, 200).await;
    file["items"] = json!(file["items"].as_array().unwrap()[..5]);
    let imported = json(put(&app, &lspd_command, LSPD, &file).await, 200).await;
    assert_eq!(imported["items"].as_array().unwrap().len(), 5);
    let bcso_after = get(&app, &bcso_command, "/api/penal-codes", BCSO).await;
    assert!(bcso_after["items"].as_array().unwrap().len() >= 60);
    assert_eq!(bcso_after["version"], 1);
}
