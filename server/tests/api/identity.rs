//! Sign-in through the Discord stand-in: the real OAuth2 flow, and every way it must fail.

use serde_json::json;

use crate::helpers::{
    json, location, session_cookie, spawn_app, spawn_app_with, standin::Account, Options, TestApp,
};

const DEPUTY: &str = "100000000000000404";

async fn me(app: &TestApp, client: &reqwest::Client) -> serde_json::Value {
    json(client.get(app.url("/api/auth/me")).send().await.unwrap(), 200).await
}

async fn failure_page(response: reqwest::Response, status: u16, sentence: &str) {
    assert_eq!(response.status(), status);
    let page = response.text().await.unwrap();
    assert!(page.contains("Sign-in failed"), "{page}");
    assert!(page.contains(&portal::identity::pages::escape(sentence)), "{page}");
}

#[tokio::test]
async fn the_oauth_round_trip_signs_in_returns_and_signs_out() {
    let app = spawn_app().await;
    app.add_member("rawlife", DEPUTY, "Casey Nguyen", "deputy").await;
    let browser = app.browser();

    // The authorize request carries PKCE, both scopes and our callback.
    let start = browser.get(app.url("/auth/discord?returnTo=/roster")).send().await.unwrap();
    assert_eq!(start.status(), 303);
    let before = session_cookie(&start).expect("a session holds the pending sign-in");
    let authorize = url::Url::parse(&location(&start)).unwrap();
    let q: std::collections::HashMap<_, _> = authorize.query_pairs().into_owned().collect();
    assert_eq!(q["scope"], "identify guilds.members.read");
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["redirect_uri"], app.url("/auth/discord/callback"));
    assert_eq!(q["client_id"], "standin-client");

    let approve = format!(
        "{}&user={DEPUTY}",
        authorize.as_str().replace("/oauth2/authorize?", "/oauth2/approve?")
    );
    let callback = location(&browser.get(approve).send().await.unwrap());
    let done = browser.get(&callback).send().await.unwrap();
    assert_eq!(done.status(), 303);
    assert_eq!(location(&done), "/roster", "back where the sign-in started");
    let after = session_cookie(&done).expect("a new session cookie at sign-in");
    let id = |c: &str| c.split(';').next().unwrap().to_owned();
    assert_ne!(id(&before), id(&after), "the session id changes at sign-in");
    for attribute in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(after.contains(attribute), "{attribute} missing in {after}");
    }
    assert!(!after.contains("Secure"), "no Secure flag over plain http");

    let body = me(&app, &browser).await;
    assert_eq!(body["user"]["id"], DEPUTY);
    assert_eq!(body["user"]["username"], "caseynguyen");
    assert_eq!(body["rosterMatches"][0]["name"], "Casey Nguyen");
    assert_eq!(body["rosterMatches"][0]["level"], "deputy");
    assert_eq!(body["demoMode"], false);
    // /api/me says the same.
    assert_eq!(json(browser.get(app.url("/api/me")).send().await.unwrap(), 200).await, body);

    // A link cannot sign anyone out: GET asks first, and changes nothing.
    let ask = browser.get(app.url("/auth/logout")).send().await.unwrap();
    assert_eq!(ask.status(), 200);
    let page = ask.text().await.unwrap();
    assert!(page.contains(r#"<form method="post" action="/auth/logout">"#), "{page}");
    assert_eq!(me(&app, &browser).await["user"]["id"], DEPUTY, "still signed in");
    // Another site cannot post it either.
    let forged = browser
        .post(app.url("/auth/logout"))
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 403);
    assert_eq!(me(&app, &browser).await["user"]["id"], DEPUTY, "still signed in");
    let out = browser
        .post(app.url("/auth/logout"))
        .header("origin", app.address.clone())
        .send()
        .await
        .unwrap();
    assert_eq!((out.status().as_u16(), location(&out)), (303, "/".to_owned()));
    assert_eq!(
        me(&app, &browser).await,
        json!({"user": null, "rosterMatches": [], "demoMode": false})
    );
}

/// The session id a `Set-Cookie` of the session cookie names.
fn session_id(set_cookie: &str) -> &str {
    set_cookie.split(';').next().unwrap().trim_start_matches("portal_session=")
}

/// Seconds from now until the stored expiry of the session a `Set-Cookie` names (`None`: no
/// such session stored).
async fn stored_lifetime(app: &TestApp, set_cookie: &str) -> Option<i64> {
    sqlx::query_scalar(
        "SELECT extract(epoch FROM expiry_date - now())::bigint FROM sessions WHERE id = $1",
    )
    .bind(session_id(set_cookie))
    .fetch_optional(&app.state.control)
    .await
    .unwrap()
}

/// Leaves session `id` a day to live and changes the day it was last renewed from `from` to
/// `to` in its stored record (then drops this instance's cached copy).
async fn age_session(app: &TestApp, id: &str, from: &str, to: &str) {
    let moved = sqlx::query(
        "UPDATE sessions SET expiry_date = now() + interval '1 day',
                data = overlay(data PLACING convert_to($3, 'UTF8')
                               FROM position(convert_to($2, 'UTF8') IN data) FOR 10)
          WHERE id = $1 AND position(convert_to($2, 'UTF8') IN data) > 0",
    )
    .bind(id)
    .bind(from)
    .bind(to)
    .execute(&app.state.control)
    .await
    .unwrap();
    assert_eq!(moved.rows_affected(), 1, "the stored session names {from}");
    app.state.sessions.forget(Some(id)).await;
}

/// A visitor's sign-in in progress is kept for minutes, a signed-in session for a month (a
/// member starting another sign-in keeps it; use renews it once a day), the worker's sweep
/// deletes expired sessions and only those, and a deleted session is never written back.
#[tokio::test]
async fn sessions_last_minutes_while_signing_in_a_month_once_signed_in_and_expired_ones_go() {
    let app = spawn_app().await;
    app.add_member("rawlife", DEPUTY, "Casey Nguyen", "deputy").await;
    let browser = app.browser();
    let start = browser.get(app.url("/auth/discord")).send().await.unwrap();
    let pending = session_cookie(&start).expect("a session holds the pending sign-in");
    let minutes = stored_lifetime(&app, &pending).await.expect("stored") / 60;
    assert!((14..=15).contains(&minutes), "{minutes} minutes");

    let callback = app.authorize(&browser, DEPUTY).await;
    let done = browser.get(&callback).send().await.unwrap();
    let signed_in = session_cookie(&done).expect("a new session cookie at sign-in");
    let month = |seconds: i64| (29 * 86_400..=30 * 86_400).contains(&seconds);
    let lifetime = stored_lifetime(&app, &signed_in).await.expect("stored");
    assert!(month(lifetime), "{lifetime} s");
    assert_eq!(stored_lifetime(&app, &pending).await, None, "the pending session's id is gone");

    // Starting a sign-in again while signed in does not shorten the member's session.
    let again = browser.get(app.url("/auth/discord")).send().await.unwrap();
    assert_eq!(again.status(), 303);
    let lifetime = stored_lifetime(&app, &signed_in).await.expect("still stored");
    assert!(month(lifetime), "{lifetime} s");

    // Use renews the month, once a day: the first signed-in request of a day after the one the
    // session was last renewed (moved back to 2000-01-01 in the stored record here) saves it
    // again for 30 days; the day's later requests write nothing.
    let id = session_id(&signed_in);
    let today = chrono::Utc::now().date_naive().to_string();
    age_session(&app, id, &today, "2000-01-01").await;
    assert_eq!(me(&app, &browser).await["user"]["id"], DEPUTY);
    let lifetime = stored_lifetime(&app, &signed_in).await.expect("stored");
    assert!(month(lifetime), "renewed on the day's first request: {lifetime} s");
    age_session(&app, id, &today, &today).await;
    assert_eq!(me(&app, &browser).await["user"]["id"], DEPUTY);
    let lifetime = stored_lifetime(&app, &signed_in).await.expect("stored");
    assert!(lifetime < 86_400 + 60, "renewed already today: not written again ({lifetime} s)");

    // Two visitors give up half-way; once one's session is past its expiry the sweep deletes
    // it, and the other's (an hour left) and the member's stay, on a connection west of UTC
    // too (a comparison with UTC wall-clock time would read the hour as already gone).
    let mut pending = Vec::new();
    for _ in 0..2 {
        let visitor = app.browser();
        let start = visitor.get(app.url("/auth/discord")).send().await.unwrap();
        pending.push(session_cookie(&start).expect("a pending session"));
    }
    let set_expiry = |cookie: &str, interval: &str| {
        let id = session_id(cookie).to_owned();
        let sql = format!(
            "UPDATE sessions SET expiry_date = now() + interval '{interval}' WHERE id = $1"
        );
        let control = app.state.control.clone();
        async move { sqlx::query(&sql).bind(id).execute(&control).await.unwrap() }
    };
    set_expiry(&pending[0], "-1 second").await;
    set_expiry(&pending[1], "1 hour").await;
    let mut west = app.state.control.acquire().await.unwrap();
    sqlx::query("SET timezone TO 'America/Los_Angeles'").execute(&mut *west).await.unwrap();
    let deleted = portal::identity::session_cache::delete_expired(&mut *west).await.unwrap();
    sqlx::query("RESET timezone").execute(&mut *west).await.unwrap();
    assert_eq!(deleted, 1);
    assert_eq!(stored_lifetime(&app, &pending[0]).await, None, "the expired session is deleted");
    assert!(stored_lifetime(&app, &pending[1]).await.is_some(), "an hour left: it stays");
    assert!(stored_lifetime(&app, &signed_in).await.is_some(), "the member's session stays");
    assert_eq!(me(&app, &browser).await["user"]["id"], DEPUTY, "still signed in");

    // A change saved after the session was deleted (signed out on another instance while a
    // request, such as the day's renewal, was in flight) does not bring it back signed in.
    use tower_sessions::SessionStore;
    let sessions = &app.state.sessions;
    let record = sessions.load(&id.parse().unwrap()).await.unwrap().expect("the member's record");
    sqlx::query("DELETE FROM sessions WHERE id = $1")
        .bind(id)
        .execute(&app.state.control)
        .await
        .unwrap();
    sessions.save(&record).await.unwrap();
    assert_eq!(stored_lifetime(&app, &signed_in).await, None, "the deleted session stays deleted");
    let visitor = me(&app, &browser).await;
    assert_eq!(visitor["user"], serde_json::Value::Null, "signed out: {visitor}");
}

#[tokio::test]
async fn the_return_path_comes_from_the_referer_and_never_leaves_the_portal() {
    let app = spawn_app().await;
    app.add_member("rawlife", DEPUTY, "Casey Nguyen", "deputy").await;
    let browser = app.browser();
    let host = app.address.trim_start_matches("http://").to_owned();
    for (referer, expected) in [
        (format!("http://{host}/command/logs?page=2"), "/command/logs?page=2"),
        ("https://evil.example/phish".to_owned(), "/"),
    ] {
        let start =
            browser.get(app.url("/auth/discord")).header("referer", referer).send().await.unwrap();
        let authorize = location(&start);
        let approve = format!(
            "{}&user={DEPUTY}",
            authorize.replace("/oauth2/authorize?", "/oauth2/approve?")
        );
        let callback = location(&browser.get(approve).send().await.unwrap());
        let done = browser.get(&callback).send().await.unwrap();
        assert_eq!(location(&done), expected);
    }
    let start = browser.get(app.url("/auth/discord?returnTo=//evil.example")).send().await.unwrap();
    let approve = format!(
        "{}&user={DEPUTY}",
        location(&start).replace("/oauth2/authorize?", "/oauth2/approve?")
    );
    let callback = location(&browser.get(approve).send().await.unwrap());
    assert_eq!(location(&browser.get(&callback).send().await.unwrap()), "/");
}

#[tokio::test]
async fn a_forged_state_signs_nobody_in() {
    let app = spawn_app().await;
    app.add_member("rawlife", DEPUTY, "Casey Nguyen", "deputy").await;
    let browser = app.browser();
    let callback = app.authorize(&browser, DEPUTY).await;
    let mut url = url::Url::parse(&callback).unwrap();
    let code = url.query_pairs().find(|(k, _)| k == "code").unwrap().1.into_owned();
    url.set_query(Some(&format!("code={code}&state=forged")));

    failure_page(
        browser.get(url.as_str()).send().await.unwrap(),
        400,
        portal::identity::oauth::EXPIRED,
    )
    .await;
    assert_eq!(me(&app, &browser).await["user"], json!(null));

    // A callback in a browser that never started a sign-in is refused the same way.
    let stranger = app.browser();
    failure_page(
        stranger.get(&callback).send().await.unwrap(),
        400,
        portal::identity::oauth::EXPIRED,
    )
    .await;
    assert_eq!(me(&app, &stranger).await["user"], json!(null));
}

#[tokio::test]
async fn a_replayed_code_signs_nobody_in() {
    let app = spawn_app().await;
    app.add_member("rawlife", DEPUTY, "Casey Nguyen", "deputy").await;
    let victim = app.browser();
    let callback = app.authorize(&victim, DEPUTY).await;
    assert_eq!(victim.get(&callback).send().await.unwrap().status(), 303);

    // The same callback again in the same browser: the pending sign-in is used up.
    let again = victim.get(&callback).send().await.unwrap();
    failure_page(again, 400, portal::identity::oauth::EXPIRED).await;

    // An attacker who saw the code starts their own sign-in and splices it in: their state
    // is valid, but Discord refuses a code that was already exchanged.
    let attacker = app.browser();
    let own = url::Url::parse(&app.authorize(&attacker, DEPUTY).await).unwrap();
    let state = own.query_pairs().find(|(k, _)| k == "state").unwrap().1.into_owned();
    let stolen = url::Url::parse(&callback).unwrap();
    let code = stolen.query_pairs().find(|(k, _)| k == "code").unwrap().1.into_owned();
    let spliced = format!("{}?code={code}&state={state}", app.url("/auth/discord/callback"));
    failure_page(
        attacker.get(spliced).send().await.unwrap(),
        400,
        portal::identity::oauth::CODE_REFUSED,
    )
    .await;
    assert_eq!(me(&app, &attacker).await["user"], json!(null));
}

#[tokio::test]
async fn an_account_outside_the_community_server_signs_nobody_in() {
    let app = spawn_app().await;
    app.discord.add_account(Account::outsider("100000000000000999", "drifter"));
    let browser = app.browser();
    let callback = app.authorize(&browser, "100000000000000999").await;
    failure_page(
        browser.get(&callback).send().await.unwrap(),
        403,
        portal::identity::oauth::NOT_A_MEMBER,
    )
    .await;
    assert_eq!(me(&app, &browser).await["user"], json!(null));
    let mut admin = app.admin().await;
    let users: i64 =
        sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(&mut admin).await.unwrap();
    assert_eq!(users, 0, "nothing is recorded for a refused account");
}

#[tokio::test]
async fn a_cancelled_consent_signs_nobody_in() {
    let app = spawn_app().await;
    let browser = app.browser();
    let start = browser.get(app.url("/auth/discord")).send().await.unwrap();
    let state = url::Url::parse(&location(&start))
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();
    let cancelled = app.url(&format!("/auth/discord/callback?error=access_denied&state={state}"));
    failure_page(
        browser.get(cancelled).send().await.unwrap(),
        400,
        "Sign-in was cancelled on Discord.",
    )
    .await;
    assert_eq!(me(&app, &browser).await["user"], json!(null));
}

#[tokio::test]
async fn guild_roles_are_synced_at_sign_in() {
    let app = spawn_app().await;
    app.add_member("rawlife", DEPUTY, "Casey Nguyen", "deputy").await;
    app.discord.add_account(Account::member(
        "100000000000000405",
        "fto.person",
        &["700000000000000001"],
    ));
    let client = app.signed_in("100000000000000405").await;
    let body = json(client.get(app.url("/api/nav-permissions")).send().await.unwrap(), 200).await;
    assert_eq!(body["viewer"]["roles"], json!(["700000000000000001"]));
    assert_eq!(body["viewer"]["isAuthenticated"], true);
    assert_eq!(body["viewer"]["level"], json!(null), "no roster entry, no level");
}

#[tokio::test]
async fn roster_entries_match_by_id_then_tag_then_name() {
    let app = spawn_app().await;
    // Numeric ids match only the exact account; tags and names match entries without an id.
    app.add_member("rawlife", "100000000000000777", "Someone Else", "command").await;
    let agency = app.state.registry.by_slug("rawlife").await.unwrap().unwrap();
    let pool = app.state.pools.get(&agency).await.unwrap();
    for (name, discord_id) in
        [("Tag Match", Some("Casey.Nguyen")), ("Casey Nguyen", None), ("Short Id", Some("1234"))]
    {
        sqlx::query("INSERT INTO roster (name, discord_id, department_id, rank_id) VALUES ($1, $2, 'headquarters', 'headquarters-deputy')")
            .bind(name)
            .bind(discord_id)
            .execute(&*pool)
            .await
            .unwrap();
    }
    app.discord.add_account(Account::member("100000000000000778", "casey.nguyen", &[]));
    let client = app.signed_in("100000000000000778").await;
    let body = me(&app, &client).await;
    let names: Vec<&str> = body["rosterMatches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["Tag Match"], "the tag wins; 'Casey Nguyen' is not this account's name");
}

#[tokio::test]
async fn discord_rate_limits_are_waited_out() {
    let app = spawn_app().await;
    app.discord.add_account(Account::member("100000000000000321", "looked.up", &[]));
    app.discord.rate_limit_next(2);
    let body = json(app.get("/api/discord-user/100000000000000321").await, 200).await;
    assert_eq!(body["username"], "looked.up");
    assert_eq!(
        json(app.get("/api/discord-user/abc").await, 400).await,
        json!({"error": "A Discord user id is a number."})
    );
    assert_eq!(
        json(app.get("/api/discord-user/123456789").await, 404).await,
        json!({"error": "Unknown Discord user"})
    );
}

#[tokio::test]
async fn demo_sign_in_lists_demo_members_and_signs_in_without_discord() {
    let app = spawn_app_with(Options { demo: true, ..Default::default() }).await;
    portal::demo::seed(&app.state).await.unwrap();
    let browser = app.browser();

    let start = browser.get(app.url("/auth/discord?returnTo=/profile")).send().await.unwrap();
    assert_eq!(location(&start), "/auth/demo?returnTo=%2Fprofile");
    let page = browser
        .get(app.url("/auth/demo?returnTo=/profile"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("Demo mode")
            && page.contains("Alex Mercer")
            && page.contains("Los Santos Police Department"),
        "{page}"
    );

    let form = [("discordId", "300000000000000001"), ("returnTo", "/profile"), ("agency", "lspd")];
    let done = browser.post(app.url("/auth/demo")).form(&form).send().await.unwrap();
    assert_eq!(location(&done), "/profile?agency=lspd");
    let body =
        json(browser.get(app.url("/api/auth/me?agency=lspd")).send().await.unwrap(), 200).await;
    assert_eq!(body["user"]["id"], "300000000000000001");
    assert_eq!(body["demoMode"], true);
    assert_eq!(body["rosterMatches"][0]["level"], "high_command");

    // Applicants on no roster are listed too, and sign in to follow their application.
    assert!(page.contains("Taylor Quinn"), "{page}");
    let applicant = app.browser();
    let form = [("discordId", "200000000000000051"), ("returnTo", "/apply"), ("agency", "bcso")];
    let done = applicant.post(app.url("/auth/demo")).form(&form).send().await.unwrap();
    assert_eq!(location(&done), "/apply?agency=bcso");
    let mine =
        json(applicant.get(app.url("/api/apply/mine?agency=bcso")).send().await.unwrap(), 200)
            .await;
    assert_eq!(mine[0]["stage"], "Submitted", "{mine}");

    // Only demo members and applicants can be chosen.
    let refused = browser
        .post(app.url("/auth/demo"))
        .form(&[("discordId", "999999999")])
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 400);
}

#[tokio::test]
async fn demo_sign_in_is_refused_outside_demo_mode() {
    let app = spawn_app().await;
    let res = app.get("/auth/demo").await;
    assert_eq!(res.status(), 403);
    assert!(res.text().await.unwrap().contains("Demo sign-in is only available"));
    let res = app
        .client
        .post(app.url("/auth/demo"))
        .form(&[("discordId", "100000000000000001")])
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 403);
    // And /auth/discord goes to Discord, not to the demo page.
    assert!(location(&app.get("/auth/discord").await).contains("/oauth2/authorize?"));
}
