//! The access cache (issue 13): two instances on one control database, each caching
//! accounts, roster standings and navigation rules. A permission or roster change made through
//! one instance takes effect on its very next request, and on the other instance as soon as
//! the change notification arrives (the test allows it one second).

use std::time::Duration;

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    access::restricted,
    helpers::{json, send, serve, session_cookie, spawn_app},
    support::agency_db,
};

const ROOT: &str = "rawlife";
const DEPUTY: &str = "100000000000000901";
const HC: &str = "100000000000000902";

async fn status_at(client: &Client, base: &str, path: &str) -> u16 {
    let response = client.get(format!("{base}{path}")).header("x-agency-slug", ROOT).send();
    response.await.unwrap().status().as_u16()
}

async fn level_at(client: &Client, base: &str) -> Value {
    let response = client.get(format!("{base}/api/nav-permissions")).header("x-agency-slug", ROOT);
    json(response.send().await.unwrap(), 200).await["viewer"]["level"].clone()
}

/// Polls `check` for up to a second.
async fn within_a_second<F, Fut>(mut check: F) -> bool
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..50 {
        if check().await {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test]
async fn a_change_on_one_instance_reaches_the_next_request_everywhere() {
    let app = spawn_app().await;
    let deputy_id = app.add_member(ROOT, DEPUTY, "Dana Deputy", "deputy").await;
    app.add_member(ROOT, HC, "Hana High", "high_command").await;
    let other = app.second_instance();
    let other_url = serve(&other).await;
    // Let the second instance's listener reach LISTEN.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let root_id = other.registry.by_slug(ROOT).await.unwrap().unwrap().id;

    // Sessions live in the control database: one sign-in works on both instances.
    let deputy = app.signed_in(DEPUTY).await;
    let hc = app.signed_in(HC).await;
    let here = app.address.clone();
    for base in [&here, &other_url] {
        assert_eq!(status_at(&deputy, base, "/api/roster").await, 200, "{base}");
        assert_eq!(level_at(&deputy, base).await, "deputy");
    }
    assert!(other.access_cache.has_rule(root_id, "roster").await, "the rule is cached there");

    // The roster page is restricted to command through the first instance…
    let body = json!({"items": {"roster": restricted(&["command"])}});
    json(send(&app, &hc, Method::PUT, "/api/nav-permissions", ROOT, Some(&body)).await, 200).await;
    // …which refuses the deputy on its very next request,
    assert_eq!(status_at(&deputy, &here, "/api/roster").await, 403);
    // and so does the second instance, once the notification is in.
    let refused =
        within_a_second(|| async { status_at(&deputy, &other_url, "/api/roster").await == 403 });
    assert!(refused.await, "the second instance still lets the deputy in");
    // The navigation permissions the menu reads (cached per agency) show the change there too.
    let roster_levels = |base: String| {
        let client = hc.clone();
        async move {
            let request =
                client.get(format!("{base}/api/nav-permissions")).header("x-agency-slug", ROOT);
            json(request.send().await.unwrap(), 200).await["items"]["roster"]["levels"].clone()
        }
    };
    assert_eq!(roster_levels(here.clone()).await, json!(["command"]));
    let shown =
        within_a_second(|| async { roster_levels(other_url.clone()).await == json!(["command"]) });
    assert!(shown.await, "the second instance still shows the old navigation permissions");

    // A rank change (the deputy promoted to a command rank) is seen on both instances.
    let path = format!("/api/roster/{deputy_id}");
    let version = |entry: Value| entry["version"].clone();
    let entry = json(send(&app, &hc, Method::GET, "/api/roster", ROOT, None).await, 200)
        .await
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == deputy_id)
        .cloned()
        .unwrap();
    let command_rank = portal::features::structure::store::starter_rank_id("command");
    let promote = json!({"rankId": command_rank, "callsign": "D-01", "version": version(entry)});
    let entry = json(send(&app, &hc, Method::PATCH, &path, ROOT, Some(&promote)).await, 200).await;
    assert_eq!(level_at(&deputy, &here).await, "command");
    let promoted = within_a_second(|| async { level_at(&deputy, &other_url).await == "command" });
    assert!(promoted.await, "the second instance still sees the old rank");

    // A status change (suspended) takes their level away on both instances.
    let suspend = json!({"status": "Suspended", "callsign": "D-01", "version": version(entry)});
    json(send(&app, &hc, Method::PATCH, &path, ROOT, Some(&suspend)).await, 200).await;
    assert_eq!(level_at(&deputy, &here).await, Value::Null);
    let benched = within_a_second(|| async { level_at(&deputy, &other_url).await.is_null() });
    assert!(benched.await, "the second instance still sees the deputy's level");
}

#[tokio::test]
async fn a_hidden_agency_and_a_sign_out_reach_the_other_instance() {
    let app = spawn_app().await;
    app.create_agency("alpha", "Alpha PD").await;
    app.add_member(ROOT, HC, "Hana High", "high_command").await;
    let other = app.second_instance();
    let other_url = serve(&other).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let hc = app.browser();
    let callback = app.authorize(&hc, HC).await;
    let signed_in = hc.get(&callback).send().await.unwrap();
    let set_cookie = session_cookie(&signed_in).expect("a session cookie");
    let cookie = set_cookie.split(';').next().unwrap().to_owned();
    let here = app.address.clone();
    // The session as a client that keeps it after the sign-out (a copied cookie).
    let level_with_copy = |base: String| {
        let copy = Client::new();
        let cookie = cookie.clone();
        async move {
            let request = copy.get(format!("{base}/api/nav-permissions")).header("cookie", cookie);
            let body = json(request.header("x-agency-slug", ROOT).send().await.unwrap(), 200);
            body.await["viewer"]["level"].clone()
        }
    };

    // Both instances list alpha and know the session (each has now cached it).
    let listed = |base: String| {
        let visitor = Client::new();
        async move {
            let body = json(visitor.get(format!("{base}/api/agencies")).send().await.unwrap(), 200);
            body.await["agencies"].as_array().unwrap().iter().any(|a| a["slug"] == "alpha")
        }
    };
    for base in [&here, &other_url] {
        assert!(listed(base.clone()).await, "{base}");
        assert_eq!(level_with_copy(base.clone()).await, "high_command", "{base}");
    }

    // Hidden through the first instance: the second leaves it out of its list.
    let hide = json!({"flags": {"hidden": true}});
    json(send(&app, &hc, Method::PATCH, "/api/agencies/alpha", ROOT, Some(&hide)).await, 200).await;
    assert!(!listed(here.clone()).await);
    let gone = within_a_second(|| async { !listed(other_url.clone()).await });
    assert!(gone.await, "the second instance still lists the hidden agency");

    // Signed out through the first instance: the second no longer knows the session either,
    // though it had it cached.
    let out = hc.post(format!("{here}/auth/logout")).header("origin", &here).send().await.unwrap();
    assert!(out.status().is_redirection(), "{}", out.status());
    assert_eq!(level_with_copy(here.clone()).await, Value::Null);
    let ended = within_a_second(|| async { level_with_copy(other_url.clone()).await.is_null() });
    assert!(ended.await, "the second instance still accepts the ended session");
}

#[tokio::test]
async fn new_levels_in_the_registry_reach_the_cached_menu_on_both_instances() {
    let app = spawn_app().await;
    let other = app.second_instance();
    let other_url = serve(&other).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let order_at = |base: String| async move {
        let response = Client::new().get(format!("{base}/api/nav-permissions"));
        let body = json(response.header("x-agency-slug", ROOT).send().await.unwrap(), 200).await;
        body["metadata"]["levelOrder"].clone()
    };
    let here = app.address.clone();
    let before = json!(["deputy", "supervisor", "command", "high_command", "no_level"]);
    for base in [&here, &other_url] {
        // Read twice: the second answer is the cached one.
        assert_eq!(order_at(base.clone()).await, before, "{base}");
        assert_eq!(order_at(base.clone()).await, before, "{base}");
    }

    // The levels change behind the portal's back.
    let levels = json!([{"id": "cadet", "label": "Cadet"}, {"id": "chief", "label": "Chief"}]);
    app.set_levels_in_registry(ROOT, &levels).await;
    let after = json!(["cadet", "chief", "no_level"]);
    for base in [&here, &other_url] {
        let seen = within_a_second(|| async { order_at(base.clone()).await == after });
        assert!(seen.await, "{base} still answers the old levels");
    }
}

#[tokio::test]
async fn a_menu_left_stale_by_a_lost_announcement_is_read_again_after_a_refused_save() {
    let app = spawn_app().await;
    app.add_member(ROOT, HC, "Hana High", "high_command").await;
    let hc = app.signed_in(HC).await;
    let read = || async {
        json(send(&app, &hc, Method::GET, "/api/nav-permissions", ROOT, None).await, 200).await
    };
    let loaded = read().await;
    // Another instance saved, and its announcement was lost: the rows change behind this
    // instance's back, and the menu it keeps (up to ten minutes) still shows the old rules.
    sqlx::query(
        "UPDATE nav_permissions SET levels = ARRAY['command'], updated_by = 'Elsewhere',
                updated_at = updated_at + interval '1 minute'
          WHERE nav_id = 'roster'",
    )
    .execute(&*agency_db(&app, ROOT).await)
    .await
    .unwrap();
    let stale = read().await;
    assert_eq!(stale["updatedAt"], loaded["updatedAt"], "no announcement came: the menu is kept");
    // The editor's save on it is refused; like every write it drops the agency's entries, so
    // the editor's Refresh reads what is stored, and the save after it passes.
    let save =
        |base: Value| json!({"items": {"roster": restricted(&["deputy"])}, "baseUpdatedAt": base});
    let stale_save = save(stale["updatedAt"].clone());
    let refused = send(&app, &hc, Method::PUT, "/api/nav-permissions", ROOT, Some(&stale_save));
    assert_eq!(
        json(refused.await, 409).await["error"],
        "Permissions were changed by someone else since you loaded them. Refresh to see their changes."
    );
    let fresh = read().await;
    assert_eq!(fresh["items"]["roster"]["levels"], json!(["command"]));
    assert_eq!(fresh["updatedBy"], "Elsewhere");
    let fresh_save = save(fresh["updatedAt"].clone());
    let saved = send(&app, &hc, Method::PUT, "/api/nav-permissions", ROOT, Some(&fresh_save));
    assert_eq!(json(saved.await, 200).await["items"]["roster"]["levels"], json!(["deputy"]));
}
