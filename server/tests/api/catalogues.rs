//! Vehicles, equipment and uniforms: each rank receives exactly the items (and liveries) it
//! may use, saves are whole lists normalised as command-and-reports §5 says, only managers
//! save, and agencies never read or change each other's catalogues.

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    fixtures::tiny_png,
    helpers::{json, post_multipart, send, Persona, TestApp},
    support::{
        form, get, refused, HQ_COMMAND, HQ_DEPUTY, HQ_SUPERVISOR, NO_PERMISSION, SIGN_IN_REQUIRED,
    },
};

const BCSO: &str = "bcso";
const LSPD: &str = "lspd";
const STALE: &str =
    "Someone else saved this list since you opened it. Review their changes and save again.";

/// One catalogue's routes and fields.
struct Catalogue {
    path: &'static str,
    /// The manage address (`?scope=manage` where the spec has it).
    manage: &'static str,
    /// The list's key in bodies.
    key: &'static str,
    /// The management page's navigation id.
    manage_page: &'static str,
    name_required: &'static str,
}

const VEHICLES: Catalogue = Catalogue {
    path: "/api/vehicles",
    manage: "/api/vehicles?scope=manage",
    key: "vehicles",
    manage_page: "command_vehicle_permissions",
    name_required: "Vehicle name is required",
};
const EQUIPMENT: Catalogue = Catalogue {
    path: "/api/equipment",
    manage: "/api/equipment?scope=manage",
    key: "equipment",
    manage_page: "command_equipment_management",
    name_required: "Equipment name is required",
};
const UNIFORMS: Catalogue = Catalogue {
    path: "/api/uniforms",
    manage: "/api/uniforms?scope=manage",
    key: "uniforms",
    manage_page: "command_uniform_management",
    name_required: "Uniform name is required",
};
const ALL: [&Catalogue; 3] = [&VEHICLES, &EQUIPMENT, &UNIFORMS];

async fn app() -> TestApp {
    TestApp::builder()
        .agency(BCSO, "Blaine County Sheriff's Office")
        .agency(LSPD, "Los Santos Police Department")
        .build()
        .await
}

async fn put(
    app: &TestApp,
    client: &Client,
    agency: &str,
    path: &str,
    body: &Value,
) -> reqwest::Response {
    send(app, client, Method::PUT, path, agency, Some(body)).await
}

/// Saves `items` as the whole catalogue (from the version on the server) and answers it.
async fn save(
    app: &TestApp,
    client: &Client,
    agency: &str,
    catalogue: &Catalogue,
    items: Value,
) -> Value {
    let current = get(app, client, catalogue.manage, agency).await;
    let body = json!({catalogue.key: items, "version": current["version"]});
    json(put(app, client, agency, catalogue.manage, &body).await, 200).await
}

fn names(list: &Value, key: &str) -> Vec<String> {
    list[key].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap().to_owned()).collect()
}

/// Entries of each catalogue: one open to all ranks, one for deputies, one for supervisors.
fn entries(catalogue: &Catalogue) -> Value {
    let extra = |name: &str| match catalogue.key {
        "vehicles" => json!({"variants": [{"name": format!("{name} base"), "liveries": [
            {"name": "Open", "rankIds": []},
            {"name": "Deputy paint", "rankIds": [HQ_DEPUTY]},
            {"name": "Supervisor paint", "rankIds": [HQ_SUPERVISOR]}]}]}),
        "equipment" => json!({"categories": [{"name": "Gear", "items": ["Radio"]}]}),
        _ => json!({"gear": {"vest": "Carrier"}, "attachments": ["Badge"]}),
    };
    let entry = |name: &str, ranks: Value| {
        let mut entry = json!({"name": name, "allowedRanks": ranks});
        entry.as_object_mut().unwrap().extend(extra(name).as_object().unwrap().clone());
        entry
    };
    json!([
        entry("Everyone's", json!(["All"])),
        entry("Deputies'", json!([HQ_DEPUTY])),
        entry("Supervisors'", json!([HQ_SUPERVISOR, HQ_COMMAND])),
    ])
}

#[tokio::test]
async fn each_rank_receives_exactly_what_it_may_use() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    for catalogue in ALL {
        save(&app, &command, BCSO, catalogue, entries(catalogue)).await;
        let key = catalogue.key;
        let seen = get(&app, &deputy, catalogue.path, BCSO).await;
        assert_eq!(names(&seen, key), ["Everyone's", "Deputies'"], "{key}");
        let seen = get(&app, &supervisor, catalogue.path, BCSO).await;
        assert_eq!(names(&seen, key), ["Everyone's", "Supervisors'"], "{key}");
        let seen = get(&app, &command, catalogue.path, BCSO).await;
        assert_eq!(names(&seen, key), ["Everyone's", "Supervisors'"], "{key}");
        // The structure pages are public by default: signed-out visitors see every vehicle,
        // and of the other catalogues what is open to every rank.
        let seen = get(&app, &visitor, catalogue.path, BCSO).await;
        let expected: &[&str] = if key == "vehicles" {
            &["Everyone's", "Deputies'", "Supervisors'"]
        } else {
            &["Everyone's"]
        };
        assert_eq!(names(&seen, key), expected, "{key}");
    }
    // Restricted again, they ask visitors to sign in.
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let deputies = json!({"public": false, "levels": ["deputy"], "roles": []});
    let change =
        json!({"items": {"structure_vehicles": deputies, "structure_equipment": deputies}});
    json(put(&app, &hc, BCSO, "/api/nav-permissions", &change).await, 200).await;
    for path in ["/api/vehicles", "/api/equipment"] {
        refused(send(&app, &visitor, Method::GET, path, BCSO, None).await, 401, SIGN_IN_REQUIRED)
            .await;
    }
    let seen = get(&app, &visitor, "/api/uniforms", BCSO).await;
    assert_eq!(names(&seen, "uniforms"), ["Everyone's"]);

    // Liveries: each rank sees only its own; the variant stays listed.
    let liveries = |list: &Value| -> Vec<String> {
        list["vehicles"][0]["variants"][0]["liveries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        liveries(&get(&app, &deputy, "/api/vehicles", BCSO).await),
        ["Open", "Deputy paint"]
    );
    assert_eq!(
        liveries(&get(&app, &supervisor, "/api/vehicles", BCSO).await),
        ["Open", "Supervisor paint"]
    );

    // Visitors on the public vehicle page see every livery too.
    let public = json!({"public": true, "levels": [], "roles": []});
    let change = json!({"items": {"structure_vehicles": public}});
    json(put(&app, &hc, BCSO, "/api/nav-permissions", &change).await, 200).await;
    let seen = get(&app, &visitor, "/api/vehicles", BCSO).await;
    assert_eq!(liveries(&seen), ["Open", "Deputy paint", "Supervisor paint"]);
}

#[tokio::test]
async fn saves_are_normalised_and_checked() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let vehicles = json!([{
        "name": "  Cruiser ", "image": " ", "notes": " Patrol ",
        "departmentIds": [" headquarters ", "", "headquarters"],
        "allowedRanks": [HQ_DEPUTY, format!(" {HQ_DEPUTY} "), HQ_SUPERVISOR],
        "variants": [{"name": " Slicktop ", "liveries": [
            {"name": " Marked ", "rankIds": [HQ_DEPUTY, "*"]},
            {"name": "Ghost", "rankIds": ["all", HQ_DEPUTY]}]}]
    }]);
    let saved = save(&app, &command, BCSO, &VEHICLES, vehicles).await;
    let vehicle = &saved["vehicles"][0];
    assert_eq!(vehicle["name"], "Cruiser");
    assert_eq!(vehicle["notes"], "Patrol");
    assert_eq!(vehicle["departmentIds"], json!(["headquarters"]));
    assert_eq!(vehicle["allowedRanks"], json!([HQ_DEPUTY, HQ_SUPERVISOR]));
    assert_eq!(vehicle["variants"][0]["name"], "Slicktop");
    assert_eq!(
        vehicle["variants"][0]["liveries"][0],
        json!({"name": "Marked", "rankIds": ["All"]})
    );
    assert_eq!(vehicle["variants"][0]["liveries"][1]["rankIds"], json!(["All"]));
    assert!(vehicle["id"].as_str().unwrap().starts_with("veh-"));
    assert_eq!(saved["ranks"][0]["departmentName"], "Headquarters");

    let equipment = json!([{"name": "Kit", "allowedRanks": ["ALL"],
        "categories": [{"name": "Weapons", "items": [" Pistol ", " ", ""]}, {"name": "", "items": [" "]}]}]);
    let saved = save(&app, &command, BCSO, &EQUIPMENT, equipment).await;
    assert_eq!(saved["equipment"][0]["allowedRanks"], json!(["All"]));
    assert_eq!(
        saved["equipment"][0]["categories"],
        json!([{"name": "Weapons", "items": ["Pistol"]}])
    );

    let uniforms = json!([{"name": "Class B", "notes": " Daily ", "allowedRanks": [],
        "gear": {"helmet": " ", "vest": " Carrier ", "notes": "Sleeves down"}, "attachments": [" Badge ", ""]}]);
    let saved = save(&app, &command, BCSO, &UNIFORMS, uniforms).await;
    assert_eq!(saved["uniforms"][0]["gear"], json!({"vest": "Carrier", "notes": "Sleeves down"}));
    assert_eq!(saved["uniforms"][0]["attachments"], json!(["Badge"]));
    assert_eq!(saved["uniforms"][0]["notes"], "Daily");

    for catalogue in ALL {
        let current = get(&app, &command, catalogue.manage, BCSO).await;
        let version = current["version"].clone();
        let blank = json!({catalogue.key: [{"name": "  "}], "version": version});
        refused(
            put(&app, &command, BCSO, catalogue.manage, &blank).await,
            400,
            catalogue.name_required,
        )
        .await;
        let strangers = json!({catalogue.key: [
            {"name": "A", "allowedRanks": ["rk_ghost", HQ_DEPUTY]},
            {"name": "B", "allowedRanks": ["rk_other", "rk_ghost"]}], "version": version});
        refused(
            put(&app, &command, BCSO, catalogue.manage, &strangers).await,
            400,
            "Unknown rank ids: rk_ghost, rk_other.",
        )
        .await;
        // Nothing was saved by the refused calls.
        assert_eq!(get(&app, &command, catalogue.manage, BCSO).await, current, "{}", catalogue.key);
    }
    let livery_stranger = json!({"vehicles": [{"name": "A", "variants": [{"name": "V",
        "liveries": [{"name": "L", "rankIds": ["rk_x"]}]}]}], "version": 1});
    refused(
        put(&app, &command, BCSO, "/api/vehicles", &livery_stranger).await,
        400,
        "Unknown rank ids: rk_x.",
    )
    .await;
    let no_department =
        json!({"vehicles": [{"name": "A", "departmentIds": ["nowhere"]}], "version": 1});
    refused(
        put(&app, &command, BCSO, "/api/vehicles", &no_department).await,
        400,
        "Unknown department ids: nowhere.",
    )
    .await;
    let script = json!({"vehicles": [{"name": "A", "image": "javascript:alert(1)"}], "version": 1});
    let answer = json(put(&app, &command, BCSO, "/api/vehicles", &script).await, 400).await;
    assert!(answer["error"].as_str().unwrap().contains("is not an image address"), "{answer}");
    let bad_scope = send(&app, &command, Method::GET, "/api/vehicles?scope=all", BCSO, None).await;
    refused(bad_scope, 400, "Unknown scope 'all' (use 'manage').").await;
}

#[tokio::test]
async fn a_stale_save_is_refused_with_the_current_list() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    for catalogue in ALL {
        let read = get(&app, &command, catalogue.manage, BCSO).await;
        save(&app, &hc, BCSO, catalogue, json!([{"name": "Theirs"}])).await;
        let mine = json!({catalogue.key: [{"name": "Mine"}], "version": read["version"]});
        let answer = json(put(&app, &command, BCSO, catalogue.manage, &mine).await, 409).await;
        assert_eq!(answer["error"], STALE);
        assert_eq!(answer["current"]["items"][0]["name"], "Theirs", "{}", catalogue.key);
        assert_eq!(
            names(&get(&app, &command, catalogue.manage, BCSO).await, catalogue.key),
            ["Theirs"]
        );
    }
}

#[tokio::test]
async fn only_managers_save_and_read_the_whole_catalogue() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    for catalogue in ALL {
        save(&app, &command, BCSO, catalogue, entries(catalogue)).await;
        let body = json!({catalogue.key: [], "version": 1});
        for member in [&deputy, &supervisor] {
            refused(put(&app, member, BCSO, catalogue.manage, &body).await, 403, NO_PERMISSION)
                .await;
            let whole = send(&app, member, Method::GET, catalogue.manage, BCSO, None).await;
            refused(whole, 403, NO_PERMISSION).await;
        }
        refused(put(&app, &visitor, BCSO, catalogue.manage, &body).await, 401, SIGN_IN_REQUIRED)
            .await;
        let whole = send(&app, &visitor, Method::GET, catalogue.manage, BCSO, None).await;
        refused(whole, 401, SIGN_IN_REQUIRED).await;
        // The manager's view holds every entry, whatever their own rank.
        assert_eq!(
            get(&app, &command, catalogue.manage, BCSO).await[catalogue.key]
                .as_array()
                .unwrap()
                .len(),
            3
        );
    }

    // A member given the management page by permissions may save; on leave they may not.
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let deputies = json!({"public": false, "levels": ["deputy"], "roles": []});
    let change = json!({"items": {VEHICLES.manage_page: deputies}});
    json(put(&app, &hc, BCSO, "/api/nav-permissions", &change).await, 200).await;
    save(&app, &deputy, BCSO, &VEHICLES, json!([{"name": "Deputy's pick"}])).await;
    let mut admin = app.admin().await;
    let schema = app.state.registry.by_slug(BCSO).await.unwrap().unwrap().schema_name.clone();
    sqlx::query(&format!("UPDATE {schema}.roster SET status = 'LOA' WHERE discord_id = $1"))
        .bind(Persona::Deputy.discord_id(BCSO))
        .execute(&mut admin)
        .await
        .unwrap();
    let body = json!({"vehicles": [], "version": 2});
    let on_leave = put(&app, &deputy, BCSO, "/api/vehicles", &body).await;
    refused(
        on_leave,
        403,
        "Members on leave of absence (LOA) can view the portal but cannot change anything.",
    )
    .await;
}

#[tokio::test]
async fn agencies_never_read_or_change_each_others_catalogues() {
    let app = app().await;
    let bcso = app.as_persona(BCSO, Persona::Command).await;
    let lspd = app.as_persona(LSPD, Persona::Command).await;
    for catalogue in ALL {
        save(&app, &bcso, BCSO, catalogue, json!([{"name": "Blaine only"}])).await;
        let theirs = get(&app, &lspd, catalogue.manage, LSPD).await;
        assert_eq!(theirs[catalogue.key], json!([]), "{}", catalogue.key);
        // LSPD's command member asking with BCSO's slug is a visitor there: refused.
        let across = send(&app, &lspd, Method::GET, catalogue.manage, BCSO, None).await;
        refused(across, 403, NO_PERMISSION).await;
        let body = json!({catalogue.key: [], "version": 1});
        refused(put(&app, &lspd, BCSO, catalogue.manage, &body).await, 403, NO_PERMISSION).await;
        // LSPD saving its own list leaves BCSO's alone.
        save(&app, &lspd, LSPD, catalogue, json!([{"name": "Los Santos only"}])).await;
        assert_eq!(
            names(&get(&app, &bcso, catalogue.manage, BCSO).await, catalogue.key),
            ["Blaine only"]
        );
    }
}

#[tokio::test]
async fn managers_upload_catalogue_images() {
    let app = app().await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let upload = |client: Client, bytes: Vec<u8>, name: &'static str, mime: &'static str| {
        let app = &app;
        async move {
            post_multipart(
                app,
                &client,
                "/api/uploads/catalogue-image",
                BCSO,
                form("file", bytes, name, mime),
            )
            .await
        }
    };
    let answer =
        json(upload(command.clone(), tiny_png(3), "car.png", "image/png").await, 200).await;
    let url = answer["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/media/catalogues/bcso/") && url.ends_with(".png"), "{url}");
    let served = command.get(app.url(&url)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    // The uploaded address is a valid image of an entry.
    let saved = save(&app, &command, BCSO, &VEHICLES, json!([{"name": "Car", "image": url}])).await;
    assert_eq!(saved["vehicles"][0]["image"], json!(url));

    refused(
        upload(command.clone(), b"GIF89a".to_vec(), "x.gif", "image/gif").await,
        415,
        "Only PNG, JPEG or WebP images are allowed",
    )
    .await;
    let big = [tiny_png(1), vec![0u8; 2 * 1024 * 1024]].concat();
    refused(
        upload(command.clone(), big, "big.png", "image/png").await,
        413,
        "File too large (max 2MB)",
    )
    .await;
    refused(upload(deputy, tiny_png(2), "d.png", "image/png").await, 403, NO_PERMISSION).await;
    let visitor = app.as_persona(BCSO, Persona::Visitor).await;
    refused(upload(visitor, tiny_png(2), "v.png", "image/png").await, 401, SIGN_IN_REQUIRED).await;
}
