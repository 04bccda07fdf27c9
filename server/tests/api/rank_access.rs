//! The rank rule through the HTTP API: for each manager level × target level × action, the
//! status the server answers, for a default agency and one with custom levels; and the
//! escalations a probe found (README "Access rules").

use std::fmt::Write as _;

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, spawn_app, TestApp},
    support::{agency_with_flags, get, patch, post, refused, A, COMMAND, HC, HQ},
};
use portal::features::structure::store::starter_rank_id;

pub(crate) const ONLY_HIGH_COMMAND: &str =
    "Only High Command can assign, change or remove High Command ranks and the people who hold them.";
pub(crate) const BELOW_OWN_LEVEL: &str =
    "You can only add, edit, promote or demote people whose rank is below your own level.";
pub(crate) const RANK_LEVEL_BELOW_OWN: &str =
    "You can only create or change ranks whose level is below your own.";
pub(crate) const OWN_ENTRY: &str = "You cannot change your own rank, level or status.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Add,
    Edit,
    Promote,
    Demote,
    ChangeRankLevel,
    ChangeOwnEntry,
}

const ACTIONS: [Action; 6] = [
    Action::Add,
    Action::Edit,
    Action::Promote,
    Action::Demote,
    Action::ChangeRankLevel,
    Action::ChangeOwnEntry,
];

/// One agency of the table: its levels (lowest first), who may manage the roster, and who
/// reaches department management (the default permissions mapped onto its levels).
struct Setup {
    slug: &'static str,
    levels: Vec<&'static str>,
    roster_managers: Vec<&'static str>,
    department_managers: Vec<&'static str>,
}

/// What the rule says, restated from the README independently of the server's code.
fn expected(setup: &Setup, manager: &str, target: usize, action: Action) -> Option<u16> {
    let pos = |level: &str| setup.levels.iter().position(|l| *l == level).unwrap();
    let top = setup.levels.len() - 1;
    let mine = pos(manager);
    let high_command = mine == top;
    let below = |level: usize| high_command || level < mine;
    let allowed = |ok: bool, status: u16| if ok { status } else { 403 };
    let roster_manager = setup.roster_managers.contains(&manager);
    Some(match action {
        Action::Add => allowed(roster_manager && below(target), 201),
        Action::Edit => allowed(roster_manager && below(target), 200),
        Action::Promote if target == top => return None,
        Action::Promote => allowed(roster_manager && below(target) && below(target + 1), 200),
        Action::Demote if target == 0 => return None,
        Action::Demote => allowed(roster_manager && below(target), 200),
        Action::ChangeRankLevel => {
            let to = if target == top { target - 1 } else { target + 1 };
            let reaches = setup.department_managers.contains(&manager);
            allowed(reaches && below(target) && below(to), 200)
        }
        // Only the manager's own level matters: one row per manager, any target column.
        Action::ChangeOwnEntry if target != 0 => return None,
        Action::ChangeOwnEntry => 403,
    })
}

fn discord_id(agency: usize, level: usize) -> String {
    format!("4{agency}000000000000000{level}")
}

/// A person at `level` of the starter department, added straight to the database; answers
/// `(id, version)`.
async fn person(app: &TestApp, slug: &str, name: &str, callsign: &str, level: &str) -> (i64, i64) {
    let agency = app.state.registry.by_slug(slug).await.unwrap().unwrap();
    let pool = app.state.pools.get(&agency).await.unwrap();
    let (id, version): (i64, i32) = sqlx::query_as(
        "INSERT INTO roster (name, callsign, department_id, rank_id) VALUES ($1, $2, $3, $4)
         RETURNING id, version",
    )
    .bind(name)
    .bind(callsign)
    .bind(HQ)
    .bind(starter_rank_id(level))
    .fetch_one(&*pool)
    .await
    .unwrap();
    (id, i64::from(version))
}

/// Gives everyone of an agency without a callsign one (`M-<id>`), as a real roster has.
async fn give_callsigns(app: &TestApp, slug: &str) {
    let agency = app.state.registry.by_slug(slug).await.unwrap().unwrap();
    let pool = app.state.pools.get(&agency).await.unwrap();
    sqlx::query("UPDATE roster SET callsign = 'M-' || id WHERE callsign IS NULL")
        .execute(&*pool)
        .await
        .unwrap();
}

/// A fresh rank at `level` in a department of its own, made by High Command; answers its id.
async fn fresh_rank(
    app: &TestApp,
    hc: &Client,
    slug: &str,
    department: &str,
    level: &str,
) -> String {
    let name = format!("Rank {}", uuid::Uuid::new_v4().simple());
    let body = json!({"type": "ranks", "parentId": department,
                      "data": {"ranks": [{"name": name, "level": level}]}});
    let structure = json(post(app, hc, "/api/structure", slug, body).await, 201).await;
    let ranks = structure["departments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["id"] == department)
        .unwrap()["ranks"]
        .clone();
    let rank = ranks.as_array().unwrap().iter().find(|r| r["name"] == name.as_str()).unwrap();
    rank["id"].as_str().unwrap().to_owned()
}

async fn run_table(app: &TestApp, index: usize, setup: &Setup) -> (String, usize) {
    // One signed-in member per level, and a department for the rank-level cells.
    let mut members = Vec::new();
    for (level_index, level) in setup.levels.iter().enumerate() {
        let id = discord_id(index, level_index);
        let roster_id = app.add_member(setup.slug, &id, &format!("Member {level}"), level).await;
        members.push((level, app.signed_in(&id).await, roster_id));
    }
    give_callsigns(app, setup.slug).await;
    let hc = &members.last().unwrap().1;
    let body = json!({"type": "department", "parentId": null, "data": {"name": "Table"}});
    let created = json(post(app, hc, "/api/structure", setup.slug, body).await, 201).await;
    let department = created["departments"].as_array().unwrap().last().unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let mut table = String::new();
    let mut failures = 0;
    let mut n = 0;
    for (manager, client, own_id) in &members {
        for (target, target_level) in setup.levels.iter().enumerate() {
            for action in ACTIONS {
                let Some(want) = expected(setup, manager, target, action) else { continue };
                n += 1;
                let callsign = format!("T-{n}");
                let response = match action {
                    Action::Add => {
                        let body = json!({"name": format!("New {n}"), "callsign": callsign,
                                          "rankId": starter_rank_id(target_level)});
                        post(app, client, "/api/roster", setup.slug, body).await
                    }
                    Action::Edit | Action::Promote | Action::Demote => {
                        let (id, version) = person(
                            app,
                            setup.slug,
                            &format!("Target {n}"),
                            &callsign,
                            target_level,
                        )
                        .await;
                        let body = match action {
                            Action::Edit => {
                                json!({"name": format!("Renamed {n}"), "version": version})
                            }
                            Action::Promote => json!({"version": version,
                                "rankId": starter_rank_id(setup.levels[target + 1])}),
                            _ => json!({"version": version,
                                "rankId": starter_rank_id(setup.levels[target - 1])}),
                        };
                        patch(app, client, &format!("/api/roster/{id}"), setup.slug, body).await
                    }
                    Action::ChangeRankLevel => {
                        let rank = fresh_rank(app, hc, setup.slug, &department, target_level).await;
                        let top = setup.levels.len() - 1;
                        let to = if target == top { target - 1 } else { target + 1 };
                        let body = json!({"level": setup.levels[to]});
                        patch(app, client, &format!("/api/structure/{rank}"), setup.slug, body)
                            .await
                    }
                    Action::ChangeOwnEntry => {
                        let roster = get(app, hc, "/api/roster", setup.slug).await;
                        let own = roster
                            .as_array()
                            .unwrap()
                            .iter()
                            .find(|e| e["id"] == *own_id)
                            .unwrap()
                            .clone();
                        let body = json!({"version": own["version"], "status": "LOA"});
                        patch(app, client, &format!("/api/roster/{own_id}"), setup.slug, body).await
                    }
                };
                let got = response.status().as_u16();
                let mark = if got == want { " " } else { "✗" };
                if got != want {
                    failures += 1;
                }
                writeln!(
                    table,
                    "{mark} {:>5} {manager:>12} → {target_level:>12} {action:?}: want {want}, got {got}",
                    setup.slug
                )
                .unwrap();
            }
        }
    }
    (table, failures)
}

#[tokio::test]
async fn the_escalation_rule_for_every_manager_target_and_action() {
    let app = spawn_app().await;
    app.create_agency("dflt", "Default Levels").await;
    let custom_levels = ["cadet", "officer", "sergeant", "lieutenant", "chief"];
    app.create_agency_with(portal::tenancy::provision::NewAgency {
        slug: "cstm".into(),
        name: "Custom Levels".into(),
        flags: json!({"levels": custom_levels, "rosterManageLevels": ["sergeant", "lieutenant", "chief"]}),
        theme: json!({}),
        links: json!({}),
        ..Default::default()
    })
    .await;
    let setups = [
        Setup {
            slug: "dflt",
            levels: vec!["deputy", "supervisor", "command", "high_command"],
            roster_managers: vec!["command", "high_command"],
            department_managers: vec!["command", "high_command"],
        },
        Setup {
            slug: "cstm",
            levels: custom_levels.to_vec(),
            roster_managers: vec!["sergeant", "lieutenant", "chief"],
            // Default permissions map Command onto the level below the top.
            department_managers: vec!["lieutenant", "chief"],
        },
    ];
    let mut report = String::new();
    let mut failures = 0;
    for (index, setup) in setups.iter().enumerate() {
        let (table, failed) = run_table(&app, index + 1, setup).await;
        report.push_str(&table);
        failures += failed;
    }
    assert!(failures == 0, "{failures} answers differ from the rule:\n{report}");
}

#[tokio::test]
async fn command_cannot_make_itself_high_command_or_touch_high_command() {
    let app = crate::support::two_agencies().await;
    give_callsigns(&app, A).await;
    let command = app.signed_in(COMMAND).await;
    let roster = get(&app, &command, "/api/roster", A).await;
    let find = |discord: &str| {
        roster.as_array().unwrap().iter().find(|e| e["discordId"] == discord).unwrap().clone()
    };
    let (me, hc) = (find(COMMAND), find(HC));

    // Promote itself.
    let body = json!({"version": me["version"], "rankId": starter_rank_id("high_command")});
    refused(
        patch(&app, &command, &format!("/api/roster/{}", me["id"]), A, body).await,
        403,
        OWN_ENTRY,
    )
    .await;
    // Raise its own rank's level.
    let body = json!({"level": "high_command"});
    let own_rank = starter_rank_id("command");
    refused(
        patch(&app, &command, &format!("/api/structure/{own_rank}"), A, body).await,
        403,
        ONLY_HIGH_COMMAND,
    )
    .await;
    // Demote the real High Command.
    let body = json!({"version": hc["version"], "rankId": starter_rank_id("deputy")});
    refused(
        patch(&app, &command, &format!("/api/roster/{}", hc["id"]), A, body).await,
        403,
        ONLY_HIGH_COMMAND,
    )
    .await;
    // Edit a peer at its own level.
    let peer =
        json!({"name": "Cora Command", "callsign": "C-2", "rankId": starter_rank_id("command")});
    let hc_client = app.signed_in(HC).await;
    let peer = json(post(&app, &hc_client, "/api/roster", A, peer).await, 201).await;
    let body = json!({"version": peer["version"], "name": "Cora Renamed"});
    refused(
        patch(&app, &command, &format!("/api/roster/{}", peer["id"]), A, body).await,
        403,
        BELOW_OWN_LEVEL,
    )
    .await;
    // Add an outside account at the High Command rank.
    let body = json!({"name": "Outsider", "callsign": "X-1", "discordId": "999999999999999999",
                      "rankId": starter_rank_id("high_command")});
    refused(post(&app, &command, "/api/roster", A, body).await, 403, ONLY_HIGH_COMMAND).await;
    // Create a High Command rank, or rename or delete the existing one.
    let body = json!({"type": "ranks", "parentId": HQ,
                      "data": {"ranks": [{"name": "Sheriff", "level": "high_command"}]}});
    refused(post(&app, &command, "/api/structure", A, body).await, 403, ONLY_HIGH_COMMAND).await;
    let body = json!({"type": "ranks", "parentId": HQ,
                      "data": {"ranks": [{"name": "Major", "level": "command"}]}});
    refused(post(&app, &command, "/api/structure", A, body).await, 403, RANK_LEVEL_BELOW_OWN).await;
    let top = starter_rank_id("high_command");
    let rename = json!({"name": "Renamed"});
    refused(
        patch(&app, &command, &format!("/api/structure/{top}"), A, rename).await,
        403,
        ONLY_HIGH_COMMAND,
    )
    .await;
    for item in [top.as_str(), HQ] {
        let path = format!("/api/structure/{item}");
        let delete = send(&app, &command, Method::DELETE, &path, A, None).await;
        refused(delete, 403, ONLY_HIGH_COMMAND).await;
    }
    // A rank below its own level can still be renamed.
    let supervisor_rank = starter_rank_id("supervisor");
    let rename = json!({"name": "Senior Sergeant"});
    json(patch(&app, &command, &format!("/api/structure/{supervisor_rank}"), A, rename).await, 200)
        .await;

    // Nothing changed the viewer: still Command, still refused High Command pages.
    let viewer = get(&app, &command, "/api/nav-permissions", A).await["viewer"].clone();
    assert_eq!(
        (viewer["level"].clone(), viewer["isHighCommand"].clone()),
        (json!("command"), json!(false))
    );
    assert_eq!(viewer["assignableLevels"], json!(["deputy", "supervisor"]));
    let items = json!({"items": {}});
    let put = send(&app, &command, Method::PUT, "/api/nav-permissions", A, Some(&items)).await;
    assert_eq!(put.status(), 403);
    let after = get(&app, &command, "/api/roster", A).await;
    let hc_after = after.as_array().unwrap().iter().find(|e| e["discordId"] == HC).unwrap().clone();
    assert_eq!(hc_after["level"], "high_command");
}

#[tokio::test]
async fn one_discord_account_has_one_roster_entry() {
    let app = crate::support::two_agencies().await;
    let hc = app.signed_in(HC).await;
    // A deputy entry carrying High Command's Discord id would make them match a deputy.
    let body = json!({"name": "Decoy", "callsign": "D-1", "discordId": format!(" {HC} "),
                      "rankId": starter_rank_id("deputy")});
    refused(
        post(&app, &hc, "/api/roster", A, body).await,
        409,
        &format!("Discord account {HC} is already on the roster as Hana High."),
    )
    .await;
}

#[tokio::test]
async fn suspended_and_inactive_members_have_no_level_and_loa_members_only_read() {
    let app = spawn_app().await;
    app.create_agency("bcso", "Blaine County Sheriff's Office").await;
    let members = [
        ("500000000000000001", "Sus Pended", "Suspended"),
        ("500000000000000002", "In Active", "Inactive"),
        ("500000000000000003", "Lo Away", "LOA"),
    ];
    for (id, name, _) in members {
        app.add_member("bcso", id, name, "high_command").await;
    }
    let agency = app.state.registry.by_slug("bcso").await.unwrap().unwrap();
    let pool = app.state.pools.get(&agency).await.unwrap();
    for (id, _, status) in members {
        sqlx::query("UPDATE roster SET status = $2 WHERE discord_id = $1")
            .bind(id)
            .bind(status)
            .execute(&*pool)
            .await
            .unwrap();
    }
    let items = json!({"items": {}});
    for (id, name, status) in members {
        let client = app.signed_in(id).await;
        let me = json(send(&app, &client, Method::GET, "/api/me", "bcso", None).await, 200).await;
        assert_eq!(me["rosterMatches"][0]["name"], name, "{status} can still sign in");
        let viewer = get(&app, &client, "/api/nav-permissions", "bcso").await["viewer"].clone();
        let put = send(&app, &client, Method::PUT, "/api/nav-permissions", "bcso", Some(&items));
        let roster = send(&app, &client, Method::GET, "/api/roster", "bcso", None);
        if status == "LOA" {
            assert_eq!(viewer["level"], "high_command");
            assert_eq!(
                (viewer["isHighCommand"].clone(), viewer["canManage"].clone()),
                (json!(true), json!(false))
            );
            refused(
                put.await,
                403,
                "Members on leave of absence (LOA) can view the portal but cannot change anything.",
            )
            .await;
            assert_eq!(roster.await.status(), 200, "LOA keeps read access");
            let body =
                json!({"name": "Someone", "callsign": "S-1", "rankId": starter_rank_id("deputy")});
            refused(
                post(&app, &client, "/api/roster", "bcso", body).await,
                403,
                "Members on leave of absence (LOA) can view the portal but cannot change anything.",
            )
            .await;
        } else {
            assert_eq!(viewer["level"], Value::Null, "{status}");
            assert_eq!(viewer["isHighCommand"], false, "{status}");
            assert_eq!(viewer["roles"], json!([]), "{status}");
            refused(put.await, 403, "You must be part of High Command to manage permissions.")
                .await;
            assert_eq!(roster.await.status(), 403, "{status}: the roster needs a level");
            let home = get(&app, &client, "/api/agency", "bcso").await;
            assert_eq!(home["slug"], "bcso", "{status}: public pages still work");
        }
    }
}

#[tokio::test]
async fn only_the_root_agency_manages_other_agencies_locks() {
    let app = spawn_app().await;
    app.create_agency("bcso", "Blaine County Sheriff's Office").await;
    // A new agency with agency management on (the create form's default).
    agency_with_flags(
        &app,
        "paleto",
        json!({"enableAgencyManagement": true}),
        "600000000000000001",
        "Pat Paleto",
    )
    .await;
    let paleto_hc = app.signed_in("600000000000000001").await;
    let lock = json!({"locked": ["roster", "home"]});
    for target in ["bcso", "rawlife", "RAWLIFE"] {
        for method in [Method::GET, Method::PUT] {
            let body = (method == Method::PUT).then_some(&lock);
            let path = format!("/api/nav-permissions?target={target}");
            let response = send(&app, &paleto_hc, method.clone(), &path, "paleto", body).await;
            refused(
                response,
                403,
                "Only the root agency, with agency management on, manages other agencies' permissions.",
            )
            .await;
        }
    }
    // Its own permissions remain its own.
    let own = get(&app, &paleto_hc, "/api/nav-permissions", "paleto").await;
    assert_eq!(own["metadata"]["locked"], json!([]));
    let anonymous = app.browser();
    for slug in ["bcso", "rawlife"] {
        let seen = get(&app, &anonymous, "/api/nav-permissions", slug).await;
        assert_eq!(seen["metadata"]["locked"], json!([]), "{slug}'s locks are untouched");
    }
}

#[tokio::test]
async fn each_persona_is_told_the_levels_it_may_assign() {
    use crate::helpers::Persona;
    let app = TestApp::builder().agency("bcso", "Blaine County Sheriff's Office").build().await;
    let expected = [
        (Persona::Visitor, json!([]), false),
        (Persona::Deputy, json!([]), true),
        (Persona::Supervisor, json!(["deputy"]), true),
        (Persona::Command, json!(["deputy", "supervisor"]), true),
        (Persona::HighCommand, json!(["deputy", "supervisor", "command", "high_command"]), true),
    ];
    for (persona, levels, can_manage) in expected {
        let client = app.as_persona("bcso", persona).await;
        let viewer = get(&app, &client, "/api/nav-permissions", "bcso").await["viewer"].clone();
        assert_eq!(viewer["assignableLevels"], levels, "{persona:?}");
        assert_eq!(viewer["canManage"], can_manage, "{persona:?}");
        assert_eq!(viewer["level"], json!(persona.level()), "{persona:?}");
    }
}
