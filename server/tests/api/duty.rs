//! Duty time and agency API tokens (issue 24), through the HTTP API: one open shift, the
//! forgotten shift closed at the agency's limit (once, across instances), corrections with a
//! reason and their history, hours and inactivity, tokens (shown once, stored hashed, scoped,
//! revocable, rate limited), the game server's idempotent clock, and isolation between
//! agencies and between tokens. Every refusal says why.

use reqwest::{Client, Method, Response};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{
        agency_db, audit_rows, count_rows, get, link, one_connection, post, refused, BCSO, LSPD,
        NO_PERMISSION, SIGN_IN_REQUIRED,
    },
};

/// A shift's answer without its hours, which an open shift's grow between two reads.
fn without_hours(shift: &Value) -> Value {
    let mut shift = shift.clone();
    shift.as_object_mut().expect("a shift").remove("hours");
    shift
}

async fn roster_id(app: &TestApp, slug: &str, persona: Persona) -> i64 {
    sqlx::query_scalar("SELECT id FROM roster WHERE discord_id = $1")
        .bind(persona.discord_id(slug))
        .fetch_one(&*agency_db(app, slug).await)
        .await
        .unwrap()
}

/// Moves a shift's start `hours` back (as if it had begun then).
async fn backdate(app: &TestApp, slug: &str, shift: &Value, hours: i32) {
    sqlx::query(
        "UPDATE duty_shifts SET started_at = now() - make_interval(hours => $2) WHERE id = $1",
    )
    .bind(shift["id"].as_i64().unwrap())
    .bind(hours)
    .execute(&*agency_db(app, slug).await)
    .await
    .unwrap();
}

/// A request with an API token (no session).
async fn with_token(
    app: &TestApp,
    token: &str,
    method: Method,
    path: &str,
    agency: &str,
    body: Option<&Value>,
) -> Response {
    let mut request = Client::new()
        .request(method, app.url(path))
        .header("x-agency-slug", agency)
        .bearer_auth(token);
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.unwrap()
}

/// A new token of `agency` with `scopes`: (its secret, its answer).
async fn token(
    app: &TestApp,
    hc: &Client,
    agency: &str,
    name: &str,
    scopes: &[&str],
) -> (String, Value) {
    let made = json(
        post(app, hc, "/api/tokens", agency, json!({"name": name, "scopes": scopes})).await,
        201,
    )
    .await;
    (made["secret"].as_str().unwrap().to_owned(), made["token"].clone())
}

#[tokio::test]
async fn members_clock_in_and_out_with_one_open_shift_at_most() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let visitor = app.browser();
    refused(
        post(&app, &visitor, "/api/duty/clock-in", BCSO, json!({})).await,
        401,
        SIGN_IN_REQUIRED,
    )
    .await;

    let shift = json(
        post(
            &app,
            &deputy,
            "/api/duty/clock-in",
            BCSO,
            json!({"unit": " Traffic ", "callsign": "B-12"}),
        )
        .await,
        201,
    )
    .await;
    assert_eq!(
        (
            shift["unit"].clone(),
            shift["callsign"].clone(),
            shift["source"].clone(),
            shift["endedAt"].clone()
        ),
        (json!("Traffic"), json!("B-12"), json!("portal"), Value::Null)
    );
    let again = post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await;
    assert_eq!(again.status(), 409);
    let message = again.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(message.starts_with("You are on duty already, since "), "{message}");
    refused(
        post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({"callsign": "X".repeat(17)})).await,
        400,
        "Callsign must be at most 16 characters.",
    )
    .await;

    // The clock's answer reads the shift as every other read of it does.
    let me = get(&app, &deputy, "/api/duty/me", BCSO).await;
    assert_eq!(me["open"]["id"], shift["id"]);
    assert_eq!(without_hours(&me["open"]), without_hours(&shift));
    assert_eq!(
        (me["autoCloseHours"].clone(), me["weeks"].as_array().unwrap().len()),
        (json!(12), 8)
    );

    let ended = json(post(&app, &deputy, "/api/duty/clock-out", BCSO, json!({})).await, 200).await;
    assert_eq!(ended["id"], shift["id"]);
    assert!(ended["endedAt"].is_string());
    let bcso_hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let stored = get(&app, &bcso_hc, &format!("/api/duty/shifts/{}", shift["id"]), BCSO).await;
    for (key, value) in ended.as_object().unwrap() {
        assert_eq!(&stored[key], value, "{key}");
    }
    refused(
        post(&app, &deputy, "/api/duty/clock-out", BCSO, json!({})).await,
        409,
        "You are not on duty.",
    )
    .await;
    // A default shift names the member's department; every clock is in the audit log.
    let second = json(post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    assert_eq!(second["unit"], "Headquarters");
    let rows = audit_rows(&app, BCSO, "duty_shift").await;
    let actions: Vec<&str> = rows.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(actions, ["clocked_in", "clocked_out", "clocked_in"]);
    assert_eq!(rows[0].1, Persona::Deputy.name(BCSO));

    // Not on the roster, on leave, or suspended: no duty.
    let lspd_member = app.as_persona(LSPD, Persona::Deputy).await;
    refused(
        post(&app, &lspd_member, "/api/duty/clock-in", BCSO, json!({})).await,
        403,
        "Only members on the roster go on duty.",
    )
    .await;
    let supervisor_id = roster_id(&app, BCSO, Persona::Supervisor).await;
    for (status, message) in [
        ("LOA", "Members on leave of absence cannot go on duty."),
        ("Suspended", "Suspended and inactive members cannot go on duty."),
    ] {
        sqlx::query("UPDATE roster SET status = $2 WHERE id = $1")
            .bind(supervisor_id)
            .bind(status)
            .execute(&*agency_db(&app, BCSO).await)
            .await
            .unwrap();
        app.state.access_cache.forget_all();
        let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
        refused(post(&app, &supervisor, "/api/duty/clock-in", BCSO, json!({})).await, 403, message)
            .await;
    }

    // Another agency sees none of it.
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let other = get(&app, &lspd, "/api/duty/now", LSPD).await;
    assert_eq!(other["open"], json!([]));
    refused(
        send(&app, &lspd, Method::GET, &format!("/api/duty/shifts/{}", second["id"]), LSPD, None)
            .await,
        404,
        "Shift not found",
    )
    .await;
    let now = get(&app, &bcso_hc, "/api/duty/now", BCSO).await;
    assert_eq!(now["open"].as_array().unwrap().len(), 1);
    assert_eq!(now["open"][0]["member"], Persona::Deputy.name(BCSO));
}

#[tokio::test]
async fn a_forgotten_shift_closes_itself_at_the_limit_once_across_instances() {
    let app = TestApp::builder().sheriff_and_police().without_jobs().build().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let shift = json(post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    backdate(&app, BCSO, &shift, 11).await;
    let quiet = one_connection(&app, BCSO).await;
    let round = portal::features::duty::calendar::run(&quiet.db).await.unwrap();
    assert_eq!(round.closed, 0, "within the limit it stays open");
    // The round asked whether anything was due, in a statement no connection keeps, and
    // stopped there.
    let kept = quiet.kept().await;
    assert!(!kept.iter().any(|sql| sql.contains("duty_shifts")), "{kept:?}");

    backdate(&app, BCSO, &shift, 13).await;
    let lspd = portal::features::duty::calendar::run(&*agency_db(&app, LSPD).await).await.unwrap();
    assert_eq!(lspd.closed, 0, "BCSO's shift is not LSPD's");
    // Another instance (a restart) runs the job too: the shift closes once.
    let other =
        TestApp::builder().sheriff_and_police().on_database_of(&app).without_jobs().build().await;
    let first =
        portal::features::duty::calendar::run(&*agency_db(&other, BCSO).await).await.unwrap();
    let second =
        portal::features::duty::calendar::run(&*agency_db(&app, BCSO).await).await.unwrap();
    assert_eq!((first.closed, second.closed), (1, 0));
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let closed = get(&app, &hc, &format!("/api/duty/shifts/{}", shift["id"]), BCSO).await;
    assert_eq!(
        (closed["autoClosed"].clone(), closed["endedBy"].clone()),
        (json!(true), json!("Duty limit"))
    );
    assert_eq!(closed["hours"], json!(12.0), "closed at the limit, not at the job's hour");
    let rows = audit_rows(&app, BCSO, "duty_shift").await;
    assert_eq!(rows.last().unwrap(), &("auto_closed".to_owned(), "Duty limit".to_owned()));

    // A member who comes back to a forgotten shift goes on duty: it closes first.
    let again = json(post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    backdate(&app, BCSO, &again, 30).await;
    let fresh = json(post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    assert_ne!(fresh["id"], again["id"]);
    let old = get(&app, &hc, &format!("/api/duty/shifts/{}", again["id"]), BCSO).await;
    assert_eq!(old["autoClosed"], true);

    // High Command sets the limit; nobody else, and only within range.
    let command = app.as_persona(BCSO, Persona::Command).await;
    let put = |client: &Client, body: Value| {
        let (app, client) = (&app, client.clone());
        async move { send(app, &client, Method::PUT, "/api/duty/settings", BCSO, Some(&body)).await }
    };
    refused(
        put(&command, json!({"autoCloseHours": 6, "inactiveAfterDays": null})).await,
        403,
        "You must be part of High Command to change when shifts close and members count as inactive.",
    )
    .await;
    refused(
        put(&hc, json!({"autoCloseHours": 49})).await,
        400,
        "Shifts close themselves after 1 to 48 hours.",
    )
    .await;
    refused(
        put(&hc, json!({"autoCloseHours": 6, "inactiveAfterDays": 0})).await,
        400,
        "Members are inactive after 1 to 365 days without duty, or never.",
    )
    .await;
    let saved =
        json(put(&hc, json!({"autoCloseHours": 6, "inactiveAfterDays": 14})).await, 200).await;
    assert_eq!(
        (saved["autoCloseHours"].clone(), saved["canEdit"].clone()),
        (json!(6), json!(true))
    );
    assert_eq!(get(&app, &deputy, "/api/duty/settings", BCSO).await["canEdit"], false);
    assert_eq!(
        get(&app, &hc, "/api/duty/settings", LSPD).await["autoCloseHours"],
        12,
        "LSPD keeps its own"
    );
}

#[tokio::test]
async fn supervisors_correct_shifts_with_a_reason_and_the_history_is_kept() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let shift = json(post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    backdate(&app, BCSO, &shift, 5).await;
    let path = format!("/api/duty/shifts/{}", shift["id"]);
    let now = chrono::Utc::now();
    let at = |hours: i64| (now - chrono::Duration::hours(hours)).to_rfc3339();
    let patch = |client: &Client, body: Value| {
        let (app, client, path) = (&app, client.clone(), path.clone());
        async move { send(app, &client, Method::PATCH, &path, BCSO, Some(&body)).await }
    };
    refused(
        patch(&deputy, json!({"startedAt": at(5), "endedAt": at(1), "reason": "x"})).await,
        403,
        NO_PERMISSION,
    )
    .await;
    refused(
        patch(&supervisor, json!({"startedAt": at(5), "endedAt": at(1), "reason": " "})).await,
        400,
        "Say why the shift is corrected.",
    )
    .await;
    refused(
        patch(&supervisor, json!({"startedAt": at(1), "endedAt": at(5), "reason": "x"})).await,
        400,
        "A shift ends after it begins.",
    )
    .await;
    refused(
        patch(&supervisor, json!({"startedAt": at(5), "endedAt": at(-1), "reason": "x"})).await,
        400,
        "A shift cannot begin or end in the future.",
    )
    .await;
    let corrected = json(
        patch(&supervisor, json!({"startedAt": at(5), "endedAt": at(1), "reason": "Forgot to clock out after the pursuit."}))
            .await,
        200,
    )
    .await;
    assert_eq!(
        (corrected["corrected"].clone(), corrected["hours"].clone()),
        (json!(true), json!(4.0))
    );
    let history = corrected["corrections"].as_array().unwrap();
    assert_eq!(history.len(), 1);
    assert_eq!(history[0]["endedBefore"], Value::Null);
    assert_eq!(history[0]["reason"], "Forgot to clock out after the pursuit.");
    assert_eq!(history[0]["correctedBy"], Persona::Supervisor.name(BCSO));
    refused(
        patch(&supervisor, json!({"startedAt": at(5), "endedAt": null, "reason": "x"})).await,
        400,
        "Give the end of a shift that is over; only the open shift may stay open.",
    )
    .await;

    // A second shift may not be moved over the first.
    let next = json(post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    let next_path = format!("/api/duty/shifts/{}", next["id"]);
    let overlap = send(
        &app,
        &supervisor,
        Method::PATCH,
        &next_path,
        BCSO,
        Some(&json!({"startedAt": at(3), "endedAt": null, "reason": "x"})),
    )
    .await;
    assert_eq!(overlap.status(), 409);
    let message = overlap.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with(&format!("That overlaps {}'s shift from ", Persona::Deputy.name(BCSO))),
        "{message}"
    );

    // Nobody corrects their own shifts.
    let own = json(post(&app, &supervisor, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    refused(
        send(
            &app,
            &supervisor,
            Method::PATCH,
            &format!("/api/duty/shifts/{}", own["id"]),
            BCSO,
            Some(&json!({"startedAt": at(2), "endedAt": null, "reason": "More hours"})),
        )
        .await,
        403,
        "You cannot correct your own shifts.",
    )
    .await;
    // LSPD cannot touch BCSO's shift.
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    refused(
        send(
            &app,
            &lspd,
            Method::PATCH,
            &path,
            LSPD,
            Some(&json!({"startedAt": at(5), "endedAt": at(2), "reason": "x"})),
        )
        .await,
        404,
        "Shift not found",
    )
    .await;
    let stored = get(&app, &supervisor, &path, BCSO).await;
    assert_eq!(stored["corrections"].as_array().unwrap().len(), 1);
    let rows = audit_rows(&app, BCSO, "duty_shift").await;
    assert!(rows.iter().any(|(action, _)| action == "corrected"), "{rows:?}");
}

#[tokio::test]
async fn hours_show_on_the_roster_and_quiet_members_are_announced_once() {
    let app = TestApp::builder().sheriff_and_police().without_jobs().build().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let deputy_id = roster_id(&app, BCSO, Persona::Deputy).await;
    // Three closed shifts: 4 h yesterday, 3 h ten days ago, 5 h forty days ago.
    sqlx::query(
        "INSERT INTO duty_shifts (roster_id, started_at, ended_at, source, started_by) VALUES
           ($1, now() - interval '28 hours', now() - interval '24 hours', 'portal', 'x'),
           ($1, now() - interval '243 hours', now() - interval '240 hours', 'portal', 'x'),
           ($1, now() - interval '965 hours', now() - interval '960 hours', 'portal', 'x')",
    )
    .bind(deputy_id)
    .execute(&*agency_db(&app, BCSO).await)
    .await
    .unwrap();
    let hours = get(&app, &deputy, "/api/duty/hours", BCSO).await;
    assert_eq!(hours["inactiveAfterDays"], Value::Null);
    let line = hours["members"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["rosterId"] == deputy_id)
        .unwrap()
        .clone();
    assert_eq!(
        (
            line["hoursWeek"].clone(),
            line["hours30Days"].clone(),
            line["inactive"].clone(),
            line["onDutySince"].clone()
        ),
        (json!(4.0), json!(7.0), json!(false), Value::Null)
    );
    let me = get(&app, &deputy, "/api/duty/me", BCSO).await;
    assert_eq!((me["hoursWeek"].clone(), me["hours30Days"].clone()), (json!(4.0), json!(7.0)));
    let weeks: f64 =
        me["weeks"].as_array().unwrap().iter().map(|w| w["hours"].as_f64().unwrap()).sum();
    assert_eq!(weeks, 12.0, "the eight weeks hold all three shifts");

    // With "inactive after 3 days", the members who never served since their hire (today)
    // are not inactive yet; the deputy, quiet for a day, neither. At 0.5 day… days are whole:
    // make the deputy's last shift 5 days old.
    sqlx::query("UPDATE duty_shifts SET started_at = started_at - interval '4 days', ended_at = ended_at - interval '4 days' WHERE roster_id = $1")
        .bind(deputy_id)
        .execute(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    json(
        send(
            &app,
            &hc,
            Method::PUT,
            "/api/duty/settings",
            BCSO,
            Some(&json!({"autoCloseHours": 12, "inactiveAfterDays": 3})),
        )
        .await,
        200,
    )
    .await;
    let hours = get(&app, &deputy, "/api/duty/hours", BCSO).await;
    let inactive: Vec<i64> = hours["members"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["inactive"] == true)
        .map(|m| m["rosterId"].as_i64().unwrap())
        .collect();
    assert_eq!(inactive, [deputy_id]);
    let first = portal::features::duty::calendar::run(&*agency_db(&app, BCSO).await).await.unwrap();
    let again = portal::features::duty::calendar::run(&*agency_db(&app, BCSO).await).await.unwrap();
    assert_eq!((first.inactive, again.inactive), (1, 0), "announced once");
    let rows = audit_rows(&app, BCSO, "member_activity").await;
    assert_eq!(rows, [("inactive".to_owned(), "Duty time".to_owned())]);
    // Going on duty clears it: the next quiet spell is announced again.
    json(post(&app, &deputy, "/api/duty/clock-in", BCSO, json!({})).await, 201).await;
    let cleared = count_rows(&app, BCSO, "inactivity_notices").await;
    assert_eq!(cleared, 0);
    // LSPD's hours know nothing of BCSO's members.
    let lspd = app.as_persona(LSPD, Persona::Deputy).await;
    let theirs = get(&app, &lspd, "/api/duty/hours", LSPD).await;
    assert!(theirs["members"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["rosterId"] != deputy_id || m["hoursWeek"] == 0.0));
    refused(
        send(&app, &app.browser(), Method::GET, "/api/duty/hours", BCSO, None).await,
        401,
        SIGN_IN_REQUIRED,
    )
    .await;
}

#[tokio::test]
async fn tokens_are_shown_once_stored_hashed_scoped_and_revocable() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    refused(
        post(
            &app,
            &command,
            "/api/tokens",
            BCSO,
            json!({"name": "Mine", "scopes": ["duty:write"]}),
        )
        .await,
        403,
        NO_PERMISSION,
    )
    .await;
    for (body, message) in [
        (json!({"name": " ", "scopes": ["duty:write"]}), "Name the token, such as Game server."),
        (json!({"name": "x", "scopes": []}), "Choose at least one scope."),
        (json!({"name": "x", "scopes": ["admin"]}), "Unknown scope 'admin'."),
    ] {
        refused(post(&app, &hc, "/api/tokens", BCSO, body).await, 400, message).await;
    }
    let (secret, made) = token(&app, &hc, BCSO, "Game server", &["duty:write"]).await;
    assert!(secret.starts_with("apt_"));
    refused(
        post(
            &app,
            &hc,
            "/api/tokens",
            BCSO,
            json!({"name": "game SERVER", "scopes": ["roster:read"]}),
        )
        .await,
        409,
        "A token named game SERVER exists already; revoke it or choose another name.",
    )
    .await;
    // Only the hash is kept; the list never shows the secret.
    let stored: Vec<u8> = sqlx::query_scalar("SELECT secret_hash FROM api_tokens WHERE id = $1")
        .bind(made["id"].as_i64().unwrap())
        .fetch_one(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    assert_eq!(stored, Sha256::digest(secret.as_bytes()).to_vec());
    let listed = get(&app, &hc, "/api/tokens", BCSO).await;
    assert!(!listed.to_string().contains(&secret[4..]), "the secret never comes back");
    assert_eq!(listed["tokens"][0]["hint"], format!("{}…", &secret[..8]));
    assert_eq!(listed["scopes"].as_array().unwrap().len(), 4);
    let audit = sqlx::query_scalar::<_, String>(
        "SELECT diff::text FROM audit_events WHERE kind = 'api_token'",
    )
    .fetch_all(&*agency_db(&app, BCSO).await)
    .await
    .unwrap();
    assert!(audit.iter().all(|d| !d.contains(&secret[4..])), "nor is it logged");

    // The token clocks members in; it reads nothing else.
    let deputy_id = Persona::Deputy.discord_id(BCSO);
    let clock = json!({"discordId": deputy_id, "action": "in"});
    let answer = json(
        with_token(&app, &secret, Method::POST, "/api/duty/clock", BCSO, Some(&clock)).await,
        200,
    )
    .await;
    assert_eq!(
        (answer["changed"].clone(), answer["shift"]["source"].clone()),
        (json!(true), json!("game"))
    );
    assert_eq!(answer["shift"]["startedBy"], "API token Game server");
    refused(
        with_token(&app, &secret, Method::GET, "/api/roster", BCSO, None).await,
        403,
        "This token may not do that: it needs the roster:read scope.",
    )
    .await;
    refused(
        with_token(&app, &secret, Method::GET, "/api/tokens", BCSO, None).await,
        403,
        "API tokens cannot be used for this request.",
    )
    .await;
    refused(
        with_token(
            &app,
            &secret,
            Method::POST,
            "/api/roster",
            BCSO,
            Some(&json!({"name": "Ghost"})),
        )
        .await,
        403,
        "API tokens cannot be used for this request.",
    )
    .await;
    // At another agency it is nothing; a made-up one neither.
    refused(
        with_token(&app, &secret, Method::POST, "/api/duty/clock", LSPD, Some(&clock)).await,
        401,
        "This API token is not valid for this agency, or was revoked.",
    )
    .await;
    refused(
        with_token(&app, "apt_madeup", Method::POST, "/api/duty/clock", BCSO, Some(&clock)).await,
        401,
        "This API token is not valid for this agency, or was revoked.",
    )
    .await;
    // The clock is the game server's: a signed-in member cannot call it.
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    refused(
        post(&app, &deputy, "/api/duty/clock", BCSO, clock.clone()).await,
        401,
        "This request is for the game server: send it with an agency API token (Authorization: Bearer …).",
    )
    .await;

    // A roster reader reads the roster and the hours.
    let (reader, _) = token(&app, &hc, BCSO, "Website", &["roster:read", "penal_codes:read"]).await;
    let answer = with_token(&app, &reader, Method::GET, "/api/roster", BCSO, None).await;
    // Pages of 50 (issue 29): a website is told where the list ends, here on its first page.
    let last = link(&answer, "last").expect("the roster names its last page");
    assert!(last.starts_with("/api/roster?page=1&of="), "{last}");
    assert_eq!(json(answer, 200).await.as_array().unwrap().len(), 4);
    json(with_token(&app, &reader, Method::GET, "/api/duty/hours", BCSO, None).await, 200).await;
    json(with_token(&app, &reader, Method::GET, "/api/penal-codes", BCSO, None).await, 200).await;

    // Revoked: refused at once; its use was recorded.
    let used: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT last_used_at FROM api_tokens WHERE id = $1")
            .bind(made["id"].as_i64().unwrap())
            .fetch_one(&*agency_db(&app, BCSO).await)
            .await
            .unwrap();
    assert!(used.is_some(), "the last use is kept");
    let path = format!("/api/tokens/{}", made["id"]);
    let revoked = json(send(&app, &hc, Method::DELETE, &path, BCSO, None).await, 200).await;
    assert!(revoked["revokedAt"].is_string());
    refused(
        send(&app, &hc, Method::DELETE, &path, BCSO, None).await,
        409,
        "That token was revoked already.",
    )
    .await;
    refused(
        with_token(&app, &secret, Method::POST, "/api/duty/clock", BCSO, Some(&clock)).await,
        401,
        "This API token is not valid for this agency, or was revoked.",
    )
    .await;
    // LSPD's High Command cannot revoke BCSO's reader.
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let reader_id = get(&app, &hc, "/api/tokens", BCSO).await["tokens"][0]["id"].clone();
    refused(
        send(&app, &lspd, Method::DELETE, &format!("/api/tokens/{reader_id}"), LSPD, None).await,
        404,
        "API token not found",
    )
    .await;
    let rows = audit_rows(&app, BCSO, "api_token").await;
    let actions: Vec<&str> = rows.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(actions, ["created", "created", "revoked"]);
}

#[tokio::test]
async fn the_game_servers_clock_is_idempotent_and_each_token_has_its_own_rate() {
    let app =
        TestApp::builder().sheriff_and_police().env("PORTAL_API_TOKEN_RATE", "1").build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let (game, _) = token(&app, &hc, BCSO, "Game server", &["duty:write"]).await;
    let (other, _) = token(&app, &hc, BCSO, "Second server", &["duty:write"]).await;
    let member = Persona::Deputy.discord_id(BCSO);
    let call = |secret: &str, body: Value| {
        let (app, secret) = (&app, secret.to_owned());
        async move { with_token(app, &secret, Method::POST, "/api/duty/clock", BCSO, Some(&body)).await }
    };
    let clock_in =
        json!({"discordId": member, "action": "in", "requestId": "evt-1", "callsign": "B-7"});
    let started = std::time::Instant::now();
    let first = json(call(&game, clock_in.clone()).await, 200).await;
    let retried = json(call(&game, clock_in.clone()).await, 200).await;
    assert_eq!((first["changed"].clone(), retried["changed"].clone()), (json!(true), json!(false)));
    assert_eq!(without_hours(&first["shift"]), without_hours(&retried["shift"]));
    let out = json(
        call(&game, json!({"discordId": member, "action": "out", "requestId": "evt-2"})).await,
        200,
    )
    .await;
    assert_eq!(out["changed"], true);
    // The first call retried after the member went off duty still finds its shift: no second one.
    let late = json(call(&game, clock_in.clone()).await, 200).await;
    assert_eq!(
        (late["changed"].clone(), late["shift"]["id"].clone()),
        (json!(false), first["shift"]["id"].clone())
    );
    let shifts = count_rows(&app, BCSO, "duty_shifts").await;
    assert_eq!(shifts, 1);
    // Another token's request ids are its own.
    let theirs = json(call(&other, clock_in.clone()).await, 200).await;
    assert_eq!(theirs["changed"], true);
    assert_ne!(theirs["shift"]["id"], first["shift"]["id"]);
    // Out twice changes nothing; in twice neither.
    let twice = json(call(&other, json!({"discordId": member, "action": "in"})).await, 200).await;
    assert_eq!(
        (twice["changed"].clone(), twice["shift"]["id"].clone()),
        (json!(false), theirs["shift"]["id"].clone())
    );
    // The open shift, as the member's lock reads it, is the one the clock began.
    assert_eq!(without_hours(&twice["shift"]), without_hours(&theirs["shift"]));
    for (body, status, message) in [
        (json!({"discordId": member, "action": "toggle"}), 400, "Say \"in\" or \"out\"."),
        (json!({"discordId": " ", "action": "in"}), 400, "Give the member's Discord id."),
        (
            json!({"discordId": "123456789012345678", "action": "in"}),
            404,
            "Nobody with Discord id 123456789012345678 is on the roster.",
        ),
    ] {
        refused(call(&other, body).await, status, message).await;
    }
    // A rate of 1 a second allows bursts of 10: the game token used 4, so 6 more pass and the
    // next waits, plus one for each second gone since its first call (a loaded machine is
    // slow); the other token is not slowed by it.
    let probe = json!({"discordId": member, "action": "in"});
    let mut statuses = Vec::new();
    while statuses.last() != Some(&429) && statuses.len() < 40 {
        statuses.push(call(&game, probe.clone()).await.status().as_u16());
    }
    let regained = started.elapsed().as_secs_f64().ceil() as usize;
    let passed = statuses.iter().filter(|s| **s == 200).count();
    assert_eq!(statuses.last(), Some(&429), "{statuses:?}");
    assert!((6..=6 + regained).contains(&passed), "{statuses:?} in {regained} s");
    let limited = call(&game, probe.clone()).await;
    assert_eq!(limited.status(), 429);
    assert!(limited.headers().contains_key("retry-after"));
    let message = limited.json::<Value>().await.unwrap()["error"].as_str().unwrap().to_owned();
    assert!(message.starts_with("Too many requests with this token; try again in "), "{message}");
    assert_eq!(call(&other, probe).await.status(), 200);
}

#[tokio::test]
async fn a_reports_token_files_as_the_member_it_names_with_their_rights() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let (reports, _) = token(&app, &hc, BCSO, "MDT", &["reports:write"]).await;
    let (body, _) = crate::tickets::ticket(&app, &deputy, BCSO).await;
    refused(
        with_token(&app, &reports, Method::POST, "/api/tickets", BCSO, Some(&body)).await,
        400,
        "Name the member the report is filed as: the X-Portal-Member header with their Discord id.",
    )
    .await;
    let as_member = |discord_id: String| {
        let (app, reports, body) = (&app, reports.clone(), body.clone());
        async move {
            Client::new()
                .post(app.url("/api/tickets"))
                .header("x-agency-slug", BCSO)
                .header("x-portal-member", discord_id)
                .bearer_auth(reports)
                .json(&body)
                .send()
                .await
                .unwrap()
        }
    };
    refused(
        as_member(Persona::Deputy.discord_id(LSPD)).await,
        403,
        "Nobody with that Discord id is on Blaine County Sheriff's Office's roster.",
    )
    .await;
    let filed = json(as_member(Persona::Deputy.discord_id(BCSO)).await, 201).await;
    let stored = get(&app, &deputy, &format!("/api/tickets/{}", filed["id"]), BCSO).await;
    // The member's own ticket (they read it), saying how it came.
    let by = format!("{} (API token MDT)", Persona::Deputy.name(BCSO));
    assert_eq!(stored["filedBy"], by.as_str());
    let actor: String = sqlx::query_scalar(
        "SELECT actor_name FROM audit_events WHERE kind = 'ticket' ORDER BY id DESC LIMIT 1",
    )
    .fetch_one(&*agency_db(&app, BCSO).await)
    .await
    .unwrap();
    assert_eq!(actor, by);
    // It cannot read the tickets it could file.
    refused(
        with_token(&app, &reports, Method::GET, "/api/tickets", BCSO, None).await,
        403,
        "API tokens cannot be used for this request.",
    )
    .await;
}

#[tokio::test]
async fn the_openapi_description_names_the_token_scheme_and_each_scope() {
    let app = TestApp::builder().build().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    assert_eq!(doc["components"]["securitySchemes"]["api_token"]["scheme"], "bearer");
    assert_eq!(
        doc["paths"]["/api/duty/clock"]["post"]["security"],
        json!([{"api_token": ["duty:write"]}])
    );
    assert_eq!(
        doc["paths"]["/api/roster"]["get"]["security"],
        json!([{}, {"api_token": ["roster:read"]}])
    );
    assert_eq!(
        doc["paths"]["/api/tickets"]["post"]["security"],
        json!([{}, {"api_token": ["reports:write"]}])
    );
    assert!(doc["paths"]["/api/roster"]["post"].get("security").is_none());
}

#[tokio::test]
async fn the_fivem_resource_sends_what_the_clock_takes() {
    let lua = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../integrations/fivem/agency-portal-duty/server.lua"),
    )
    .unwrap();
    assert!(lua.contains("'/api/duty/clock'") && lua.contains("'POST'"));
    assert!(lua.contains("'Bearer ' ..") && lua.contains("['X-Agency-Slug']"));
    // The keys of the body it encodes are the clock's fields.
    let start = lua.find("json.encode({").unwrap() + "json.encode({".len();
    let encoded = &lua[start..start + lua[start..].find("})").unwrap()];
    let keys: Vec<&str> =
        encoded.split(',').map(|pair| pair.split('=').next().unwrap().trim()).collect();
    assert_eq!(keys, ["discordId", "action", "requestId", "unit"]);
    let app = TestApp::builder().sheriff_and_police().build().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let fields = &doc["components"]["schemas"]["GameClockInput"]["properties"];
    assert!(keys.iter().all(|k| fields.get(k).is_some()), "{fields}");
    // And the portal takes such a body, as the resource sends it.
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let (secret, _) = token(&app, &hc, BCSO, "Game server", &["duty:write"]).await;
    let body = json!({"discordId": Persona::Deputy.discord_id(BCSO), "action": "in",
                      "requestId": "fivem-1764000000-1-123456", "unit": ""});
    let answer = json(
        with_token(&app, &secret, Method::POST, "/api/duty/clock", BCSO, Some(&body)).await,
        200,
    )
    .await;
    assert_eq!(
        (answer["changed"].clone(), answer["shift"]["unit"].clone()),
        (json!(true), json!("Headquarters"))
    );
}

#[tokio::test]
async fn concurrent_clock_calls_for_the_same_members_all_answer_and_keep_one_open_shift() {
    let app = TestApp::builder()
        .sheriff_and_police()
        .env("PORTAL_API_TOKEN_RATE", "100000")
        .build()
        .await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let (secret, _) = token(&app, &hc, BCSO, "Game server", &["duty:write"]).await;
    let members: Vec<String> = Persona::MEMBERS.iter().map(|p| p.discord_id(BCSO)).collect();
    let mut calls = Vec::new();
    for i in 0..160 {
        let body = json!({"discordId": members[i % members.len()], "action": if (i / 8) % 2 == 0 { "in" } else { "out" }});
        let (app, secret) = (&app, secret.clone());
        calls.push(async move {
            let answer =
                with_token(app, &secret, Method::POST, "/api/duty/clock", BCSO, Some(&body)).await;
            let status = answer.status().as_u16();
            (status, answer.text().await.unwrap())
        });
    }
    let answers = futures::future::join_all(calls).await;
    let failed: Vec<&(u16, String)> = answers.iter().filter(|(s, _)| *s != 200).collect();
    assert!(failed.is_empty(), "{failed:?}");
    let open_twice: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT roster_id FROM duty_shifts WHERE ended_at IS NULL GROUP BY roster_id HAVING count(*) > 1) t",
    )
    .fetch_one(&*agency_db(&app, BCSO).await)
    .await
    .unwrap();
    assert_eq!(open_twice, 0);
}
