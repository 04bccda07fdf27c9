//! Discord role sync (issue 22), through the HTTP API and the Discord stand-in: a roster change
//! changes the member's guild roles (only the roles the portal manages, with exactly the calls
//! it needs), the differences are listed and "Sync now" fixes them, roles Discord decides come
//! to the roster without being synced back, Discord's rate limits are honoured, the agency's
//! bot token is sealed and never answered, and nobody outside the agency or below its command
//! reaches any of it.

use std::time::Duration;

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona, TestApp, TestAppBuilder},
    support::{get, refused, BCSO, HQ, HQ_COMMAND, HQ_DEPUTY, HQ_SUPERVISOR, LSPD, NO_PERMISSION},
};

const GUILD: &str = "900000000000000001";
const HQ_ROLE: &str = "800000000000000001";
const DEPUTY_ROLE: &str = "800000000000000002";
const SUPERVISOR_ROLE: &str = "800000000000000003";
const COMMAND_ROLE: &str = "800000000000000004";
const FTO_ROLE: &str = "800000000000000005";
/// A role the portal does not manage: never touched.
const GUEST_ROLE: &str = "800000000000000099";

/// Waits (up to ten seconds) until `check` holds.
pub(crate) async fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    for _ in 0..200 {
        if check() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never happened: {what}");
}

fn sorted(mut list: Vec<String>) -> Vec<String> {
    list.sort();
    list
}

fn strings(list: &[&str]) -> Vec<String> {
    sorted(list.iter().map(|s| s.to_string()).collect())
}

async fn patch_structure(app: &TestApp, hc: &Client, id: &str, body: Value) {
    json(
        send(app, hc, Method::PATCH, &format!("/api/structure/{id}"), BCSO, Some(&body)).await,
        200,
    )
    .await;
}

/// BCSO with Discord roles on Headquarters and its deputy, supervisor and command ranks, role
/// sync on (the deployment's guild and bot), and its High Command's client.
async fn synced_bcso(builder: TestAppBuilder) -> (TestApp, Client) {
    let app = builder.sheriff_and_police().build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    patch_structure(&app, &hc, HQ, json!({"roleId": HQ_ROLE})).await;
    patch_structure(&app, &hc, HQ_DEPUTY, json!({"roleId": DEPUTY_ROLE})).await;
    patch_structure(&app, &hc, HQ_SUPERVISOR, json!({"roleId": SUPERVISOR_ROLE})).await;
    patch_structure(&app, &hc, HQ_COMMAND, json!({"roleId": COMMAND_ROLE})).await;
    let on = json!({"syncEnabled": true});
    json(send(&app, &hc, Method::PUT, "/api/discord/settings", BCSO, Some(&on)).await, 200).await;
    (app, hc)
}

/// Hires `name` with Discord account `discord_id` (a guild member holding `roles`) as a deputy.
async fn hire(app: &TestApp, hc: &Client, discord_id: &str, name: &str, roles: &[&str]) -> Value {
    app.ensure_account(discord_id, name);
    app.discord.set_roles(discord_id, roles);
    let callsign = format!("T-{}", &discord_id[discord_id.len() - 3..]);
    let body = json!({"name": name, "discordId": discord_id, "callsign": callsign,
                      "departmentId": HQ, "rankId": HQ_DEPUTY});
    json(send(app, hc, Method::POST, "/api/roster", BCSO, Some(&body)).await, 201).await
}

fn roles_of(app: &TestApp, discord_id: &str) -> Vec<String> {
    sorted(app.discord.roles_of(discord_id).unwrap_or_default())
}

#[tokio::test]
async fn roster_changes_change_exactly_the_managed_roles_in_the_guild() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    let jane = "700000000000000101";
    let hired = hire(&app, &hc, jane, "Jane Doe", &[GUEST_ROLE]).await;
    eventually("the hire's roles", || {
        roles_of(&app, jane) == strings(&[GUEST_ROLE, HQ_ROLE, DEPUTY_ROLE])
    })
    .await;

    // A promotion: the new rank's role in, the old one out, nothing else touched.
    app.discord.clear_calls();
    let promote = json!({"rankId": HQ_SUPERVISOR, "version": hired["version"]});
    let path = format!("/api/roster/{}", hired["id"]);
    let promoted =
        json(send(&app, &hc, Method::PATCH, &path, BCSO, Some(&promote)).await, 200).await;
    eventually("the promotion's roles", || {
        roles_of(&app, jane) == strings(&[GUEST_ROLE, HQ_ROLE, SUPERVISOR_ROLE])
    })
    .await;
    assert_eq!(
        app.discord.calls(),
        [
            format!("GET /guilds/{GUILD}/members/{jane}"),
            format!("PUT /guilds/{GUILD}/members/{jane}/roles/{SUPERVISOR_ROLE}"),
            format!("DELETE /guilds/{GUILD}/members/{jane}/roles/{DEPUTY_ROLE}"),
        ]
    );

    // Suspended: every managed role goes; the guest role stays.
    let suspend = json!({"status": "Suspended", "version": promoted["version"]});
    json(send(&app, &hc, Method::PATCH, &path, BCSO, Some(&suspend)).await, 200).await;
    eventually("the suspension's roles", || roles_of(&app, jane) == strings(&[GUEST_ROLE])).await;

    // An edit that changes no role makes no role call.
    app.discord.clear_calls();
    let now = json(send(&app, &hc, Method::GET, "/api/roster", BCSO, None).await, 200).await;
    let version =
        now.as_array().unwrap().iter().find(|e| e["id"] == hired["id"]).unwrap()["version"].clone();
    let renamed = json!({"name": "Jane Q. Doe", "version": version});
    json(send(&app, &hc, Method::PATCH, &path, BCSO, Some(&renamed)).await, 200).await;
    eventually("the rename's sync", || !app.discord.calls().is_empty()).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(app.discord.calls(), [format!("GET /guilds/{GUILD}/members/{jane}")]);
}

#[tokio::test]
async fn an_account_taken_off_an_entry_loses_its_roles_and_the_new_one_gains_them() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    let (old, new) = ("700000000000000201", "700000000000000202");
    let hired = hire(&app, &hc, old, "Sam Swap", &[]).await;
    eventually("the hire's roles", || roles_of(&app, old) == strings(&[HQ_ROLE, DEPUTY_ROLE]))
        .await;
    app.ensure_account(new, "Sam Swap Two");
    let change = json!({"discordId": new, "version": hired["version"]});
    let path = format!("/api/roster/{}", hired["id"]);
    json(send(&app, &hc, Method::PATCH, &path, BCSO, Some(&change)).await, 200).await;
    eventually("the roles move", || {
        roles_of(&app, old).is_empty() && roles_of(&app, new) == strings(&[HQ_ROLE, DEPUTY_ROLE])
    })
    .await;
}

#[tokio::test]
async fn differences_are_listed_and_sync_now_fixes_them() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    // Roster members whose guild roles drifted while sync was off, one not in the guild, and a
    // stranger holding a managed role.
    let off = json!({"syncEnabled": false});
    json(send(&app, &hc, Method::PUT, "/api/discord/settings", BCSO, Some(&off)).await, 200).await;
    let (a, b, gone, stranger) =
        ("700000000000000301", "700000000000000302", "700000000000000303", "700000000000000309");
    hire(&app, &hc, a, "Ann Drift", &[SUPERVISOR_ROLE, GUEST_ROLE]).await;
    hire(&app, &hc, b, "Ben Fine", &[HQ_ROLE, DEPUTY_ROLE]).await;
    let body = json!({"name": "Gil Gone", "discordId": gone, "callsign": "G-01", "departmentId": HQ, "rankId": HQ_DEPUTY});
    json(send(&app, &hc, Method::POST, "/api/roster", BCSO, Some(&body)).await, 201).await;
    app.ensure_account(stranger, "stranger");
    app.discord.set_roles(stranger, &[COMMAND_ROLE]);

    let drift = get(&app, &hc, "/api/discord/sync", BCSO).await;
    assert_eq!(drift["problem"], Value::Null, "{drift}");
    let members = drift["members"].as_array().unwrap();
    let of = |id: &str| members.iter().find(|m| m["discordId"] == id).cloned();
    let ann = of(a).expect("Ann drifted");
    assert_eq!(ann["missing"], json!([HQ_ROLE, DEPUTY_ROLE]));
    assert_eq!(ann["extra"], json!([SUPERVISOR_ROLE]));
    assert!(of(b).is_none(), "Ben is in line: {drift}");
    assert_eq!(of(gone).unwrap()["notInGuild"], true);
    let stranger_drift = of(stranger).unwrap();
    assert_eq!(
        (stranger_drift["rosterId"].clone(), stranger_drift["extra"].clone()),
        (Value::Null, json!([COMMAND_ROLE]))
    );

    // Sync now refuses while sync is off; on, it runs over everyone and fixes the drift.
    refused(
        send(&app, &hc, Method::POST, "/api/discord/sync", BCSO, Some(&json!({}))).await,
        409,
        "Turn role sync on first (Command → Discord, High Command).",
    )
    .await;
    let on = json!({"syncEnabled": true});
    json(send(&app, &hc, Method::PUT, "/api/discord/settings", BCSO, Some(&on)).await, 200).await;
    let started =
        json(send(&app, &hc, Method::POST, "/api/discord/sync", BCSO, Some(&json!({}))).await, 202)
            .await;
    let run = started["run"]["id"].as_i64().unwrap();
    assert!(started["run"]["total"].as_i64().unwrap() >= 4, "{started}");
    let mut finished = Value::Null;
    for _ in 0..200 {
        finished = get(&app, &hc, &format!("/api/discord/sync/runs/{run}"), BCSO).await;
        if !finished["finishedAt"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(!finished["finishedAt"].is_null(), "{finished}");
    assert_eq!(finished["failed"], 0, "{finished}");
    assert_eq!(roles_of(&app, a), strings(&[GUEST_ROLE, HQ_ROLE, DEPUTY_ROLE]));
    assert!(roles_of(&app, stranger).is_empty());
    let results = finished["results"].as_array().unwrap();
    assert!(
        results
            .iter()
            .any(|r| r["discordId"] == a && r["result"]["removed"] == json!([SUPERVISOR_ROLE])),
        "{finished}"
    );
    let after = get(&app, &hc, "/api/discord/sync", BCSO).await;
    let left: Vec<&Value> = after["members"].as_array().unwrap().iter().collect();
    assert_eq!(left.len(), 1, "only the member outside the guild is left: {after}");
    assert_eq!(after["lastRun"]["id"], run);

    // One member at once: answered with what was done.
    app.discord.set_roles(b, &[]);
    let roster = json(send(&app, &hc, Method::GET, "/api/roster", BCSO, None).await, 200).await;
    let ben =
        roster.as_array().unwrap().iter().find(|e| e["discordId"] == b).unwrap()["id"].clone();
    let one = json(
        send(&app, &hc, Method::POST, "/api/discord/sync", BCSO, Some(&json!({"rosterId": ben})))
            .await,
        200,
    )
    .await;
    assert_eq!(
        sorted(serde_json::from_value(one["member"]["added"].clone()).unwrap()),
        strings(&[HQ_ROLE, DEPUTY_ROLE])
    );
    refused(
        send(
            &app,
            &hc,
            Method::POST,
            "/api/discord/sync",
            BCSO,
            Some(&json!({"rosterId": 999999})),
        )
        .await,
        404,
        "That person is not on the roster with a Discord id.",
    )
    .await;
}

#[tokio::test]
async fn roles_discord_decides_come_to_the_roster_and_are_not_synced_back() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    let fto = crate::support::add_item(&app, &hc, BCSO, "role", HQ, "Field Training Officer").await;
    patch_structure(&app, &hc, &fto, json!({"discordRoleId": FTO_ROLE})).await;
    let directions = json!({"directions": {fto.clone(): "from_discord"}});
    let mapped = json(
        send(&app, &hc, Method::PUT, "/api/discord/mappings", BCSO, Some(&directions)).await,
        200,
    )
    .await;
    let role = mapped["mappings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["itemId"] == fto.as_str())
        .unwrap()
        .clone();
    assert_eq!(role["direction"], "from_discord");
    refused(
        send(&app, &hc, Method::PUT, "/api/discord/mappings", BCSO, Some(&json!({"directions": {HQ_DEPUTY: "from_discord"}}))).await,
        400,
        "Only department roles can be handed out in Discord; ranks, departments and sub-departments follow the roster.",
    )
    .await;

    let kim = "700000000000000401";
    let hired = hire(&app, &hc, kim, "Kim FTO", &[]).await;
    eventually("the hire's roles", || roles_of(&app, kim) == strings(&[HQ_ROLE, DEPUTY_ROLE]))
        .await;
    // The community gives Kim the FTO role in Discord; the next sync puts it on the roster.
    app.discord.set_roles(kim, &[HQ_ROLE, DEPUTY_ROLE, FTO_ROLE]);
    app.discord.clear_calls();
    let one = json!({"rosterId": hired["id"]});
    let done =
        json(send(&app, &hc, Method::POST, "/api/discord/sync", BCSO, Some(&one)).await, 200).await;
    assert_eq!(done["member"]["rosterRoles"], json!({"before": [], "after": [fto]}));
    let roster = json(send(&app, &hc, Method::GET, "/api/roster", BCSO, None).await, 200).await;
    let entry = roster.as_array().unwrap().iter().find(|e| e["id"] == hired["id"]).unwrap().clone();
    assert_eq!(entry["roles"], json!([fto]));
    // Logged as the sync's own change, and not synced back: no further call reaches Discord.
    let audit = get(&app, &hc, "/api/audit?kind=roster&q=Kim", BCSO).await;
    assert_eq!(audit["items"][0]["actor"]["display"], "Discord sync");
    assert_eq!(audit["items"][0]["action"], "synced_from_discord");
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(app.discord.calls(), [format!("GET /guilds/{GUILD}/members/{kim}")]);
    // Taken away in Discord, taken off the roster.
    app.discord.set_roles(kim, &[HQ_ROLE, DEPUTY_ROLE]);
    let done =
        json(send(&app, &hc, Method::POST, "/api/discord/sync", BCSO, Some(&one)).await, 200).await;
    assert_eq!(done["member"]["rosterRoles"]["after"], json!([]));
}

#[tokio::test]
async fn discord_rate_limits_are_honoured_and_nothing_is_lost() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    // Twelve role changes at once, against a bucket of five a second, with two 429s on top.
    app.discord.rate_limit_next(2);
    let people: Vec<String> = (0..6).map(|i| format!("70000000000000050{i}")).collect();
    for (i, id) in people.iter().enumerate() {
        hire(&app, &hc, id, &format!("Rate Person {i}"), &[]).await;
    }
    for id in &people {
        eventually("every hire's roles", || roles_of(&app, id) == strings(&[HQ_ROLE, DEPUTY_ROLE]))
            .await;
    }
    // The bucket's headers were followed: at most a stray 429 from the bucket itself.
    assert!(app.discord.limited_calls() <= 1, "{} calls refused", app.discord.limited_calls());
}

#[tokio::test]
async fn an_agencys_own_bot_token_is_sealed_and_never_answered() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    let token = "agency.own.bot-token_123";
    app.discord.add_bot_token(token);
    let body = json!({"guildId": GUILD, "botToken": token});
    let saved =
        json(send(&app, &hc, Method::PUT, "/api/discord/settings", BCSO, Some(&body)).await, 200)
            .await;
    assert_eq!(
        (saved["botTokenSet"].clone(), saved["guildId"].clone()),
        (json!(true), json!(GUILD))
    );
    assert!(!saved.to_string().contains(token));
    assert_eq!(saved["problem"], Value::Null);
    let read = get(&app, &hc, "/api/discord/settings", BCSO).await;
    assert!(!read.to_string().contains(token), "{read}");

    // Not in the database in clear, nor in the audit log.
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    let db = app.state.pools.get(&agency).await.unwrap();
    let sealed: Vec<u8> = sqlx::query_scalar("SELECT bot_token_sealed FROM discord_settings")
        .fetch_one(&*db)
        .await
        .unwrap();
    assert!(!sealed.windows(token.len()).any(|w| w == token.as_bytes()));
    let anywhere: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM audit_events WHERE diff::text LIKE '%' || $1 || '%')
             OR EXISTS (SELECT 1 FROM discord_settings WHERE encode(bot_token_sealed, 'escape') LIKE '%' || $1 || '%')",
    )
    .bind(token)
    .fetch_one(&*db)
    .await
    .unwrap();
    assert!(!anywhere);
    let audit = get(&app, &hc, "/api/audit?kind=discord_settings", BCSO).await;
    let change = audit["items"][0]["diff"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "botToken")
        .unwrap()
        .clone();
    assert_eq!(
        (change["before"].clone(), change["after"].clone()),
        (Value::Null, json!("(hidden)"))
    );

    // The agency's own bot does the work.
    let kay = "700000000000000601";
    hire(&app, &hc, kay, "Kay Own Bot", &[]).await;
    eventually("roles by the agency's bot", || {
        roles_of(&app, kay) == strings(&[HQ_ROLE, DEPUTY_ROLE])
    })
    .await;

    // Command may read, not change; refusals say why; bad values are refused.
    let command = app.as_persona(BCSO, Persona::Command).await;
    let view = get(&app, &command, "/api/discord/settings", BCSO).await;
    assert_eq!(view["canEdit"], false);
    refused(
        send(
            &app,
            &command,
            Method::PUT,
            "/api/discord/settings",
            BCSO,
            Some(&json!({"syncEnabled": false})),
        )
        .await,
        403,
        "You must be part of High Command to change the agency's Discord server or bot.",
    )
    .await;
    refused(
        send(&app, &hc, Method::PUT, "/api/discord/settings", BCSO, Some(&json!({"guildId": "12"}))).await,
        400,
        "A Discord server id is 17 to 20 digits (right-click the server with Developer Mode on, then Copy Server ID).",
    )
    .await;
    refused(
        send(&app, &hc, Method::PUT, "/api/discord/settings", BCSO, Some(&json!({}))).await,
        400,
        "Nothing to change.",
    )
    .await;
}

#[tokio::test]
async fn without_a_secret_key_no_token_is_stored() {
    let app = TestApp::builder().sheriff_and_police().env("PORTAL_SECRET_KEY", "").build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let read = get(&app, &hc, "/api/discord/settings", BCSO).await;
    assert_eq!(read["secretsAvailable"], false);
    refused(
        send(&app, &hc, Method::PUT, "/api/discord/settings", BCSO, Some(&json!({"botToken": "abc"}))).await,
        400,
        "The portal has no PORTAL_SECRET_KEY, so it cannot store bot tokens or webhook addresses. Ask the person who runs it to set one.",
    )
    .await;
}

#[tokio::test]
async fn only_command_of_the_agency_reaches_its_discord() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    for path in ["/api/discord/settings", "/api/discord/sync", "/api/discord/mappings"] {
        refused(send(&app, &deputy, Method::GET, path, BCSO, None).await, 403, NO_PERMISSION).await;
        refused(send(&app, &lspd, Method::GET, path, BCSO, None).await, 403, NO_PERMISSION).await;
    }
    refused(
        send(&app, &deputy, Method::POST, "/api/discord/sync", BCSO, Some(&json!({}))).await,
        403,
        NO_PERMISSION,
    )
    .await;
    // LSPD's own settings are its own: sync is off there, whatever BCSO did.
    assert_eq!(get(&app, &lspd, "/api/discord/settings", LSPD).await["syncEnabled"], false);
    // A roster change in LSPD touches no role (its sync is off).
    app.discord.clear_calls();
    let lspd_hire = json!({"name": "Lou", "discordId": "700000000000000701", "callsign": "L-01",
                           "departmentId": HQ, "rankId": HQ_DEPUTY});
    app.ensure_account("700000000000000701", "Lou");
    json(send(&app, &lspd, Method::POST, "/api/roster", LSPD, Some(&lspd_hire)).await, 201).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(app.discord.calls().is_empty(), "{:?}", app.discord.calls());
    // BCSO's High Command is nobody in LSPD: naming it changes nothing there.
    refused(
        send(
            &app,
            &hc,
            Method::PUT,
            "/api/discord/settings",
            LSPD,
            Some(&json!({"syncEnabled": true})),
        )
        .await,
        403,
        "You must be part of High Command to change the agency's Discord server or bot.",
    )
    .await;
    assert_eq!(get(&app, &lspd, "/api/discord/settings", LSPD).await["syncEnabled"], false);
}

#[tokio::test]
async fn signing_in_brings_the_roles_discord_decides_to_the_roster() {
    let (app, hc) = synced_bcso(TestApp::builder()).await;
    let fto = crate::support::add_item(&app, &hc, BCSO, "role", HQ, "Field Training Officer").await;
    patch_structure(&app, &hc, &fto, json!({"discordRoleId": FTO_ROLE})).await;
    let directions = json!({"directions": {fto.clone(): "from_discord"}});
    json(send(&app, &hc, Method::PUT, "/api/discord/mappings", BCSO, Some(&directions)).await, 200)
        .await;
    let lee = "700000000000000801";
    let hired = hire(&app, &hc, lee, "Lee Login", &[]).await;
    eventually("the hire's roles", || roles_of(&app, lee) == strings(&[HQ_ROLE, DEPUTY_ROLE]))
        .await;
    app.discord.set_roles(lee, &[HQ_ROLE, DEPUTY_ROLE, FTO_ROLE]);

    // Lee signs in with BCSO as the active agency (the web app keeps it in a cookie).
    let jar = std::sync::Arc::new(reqwest::cookie::Jar::default());
    jar.add_cookie_str("agencySlug=bcso; Path=/", &app.address.parse().unwrap());
    let browser = Client::builder()
        .cookie_provider(jar)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let callback = app.authorize(&browser, lee).await;
    assert_eq!(browser.get(&callback).send().await.unwrap().status(), 303);

    let mut roles = Value::Null;
    for _ in 0..200 {
        let roster = json(send(&app, &hc, Method::GET, "/api/roster", BCSO, None).await, 200).await;
        roles = roster.as_array().unwrap().iter().find(|e| e["id"] == hired["id"]).unwrap()
            ["roles"]
            .clone();
        if roles == json!([fto]) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    let db = app.state.pools.get(&agency).await.unwrap();
    let jobs: Vec<(String, String, Option<serde_json::Value>)> = sqlx::query_as(
        "SELECT reason, status, result FROM discord_sync_jobs WHERE discord_id = $1 ORDER BY id",
    )
    .bind(lee)
    .fetch_all(&*db)
    .await
    .unwrap();
    assert_eq!(
        roles,
        json!([fto]),
        "the FTO role Discord gave came to the roster at sign-in: {jobs:?}"
    );
}
