//! Demo data (`portal seed-demo`): every part once, and the parts an agency lacks are added
//! on the next run (an agency seeded before its penal code catalogue existed got no arrests).

use crate::helpers::{spawn_app_with, Options};

async fn counts(pool: &portal::tenancy::pools::TenantDb) -> Vec<(String, i64)> {
    sqlx::query_as(
        "SELECT kind, count(*) FROM reports GROUP BY kind
         UNION ALL SELECT 'templates', count(*) FROM training_templates ORDER BY 1",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn seeding_adds_the_missing_demo_reports_and_changes_nothing_else() {
    let app = spawn_app_with(Options { demo: true, ..Default::default() }).await;
    portal::demo::seed(&app.state).await.unwrap();
    let bcso = app.state.registry.by_slug("bcso").await.unwrap().unwrap();
    let pool = app.state.pools.get(&bcso).await.unwrap();
    let first = counts(&pool).await;
    let kinds: Vec<&str> = first.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(kinds, ["arrest", "templates", "ticket", "use_of_force"]);
    assert!(first.iter().all(|(_, n)| *n > 0), "{first:?}");

    // Again: nothing changes.
    portal::demo::seed(&app.state).await.unwrap();
    assert_eq!(counts(&pool).await, first);

    // An agency without arrests and tickets gets them back, and nothing else twice.
    sqlx::query("DELETE FROM reports WHERE kind IN ('arrest', 'ticket')")
        .execute(&*pool)
        .await
        .unwrap();
    portal::demo::seed(&app.state).await.unwrap();
    assert_eq!(counts(&pool).await, first);
}

async fn personnel(pool: &portal::tenancy::pools::TenantDb) -> (i64, i64, i64, i64, i64) {
    sqlx::query_as(
        "SELECT (SELECT count(*) FROM qualifications), (SELECT count(*) FROM member_qualifications),
                (SELECT count(*) FROM leave_requests), (SELECT count(*) FROM file_entries),
                (SELECT count(*) FROM roster WHERE status = 'LOA')",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_demo_personnel_records_are_seeded_once_and_the_buffalo_needs_a_pursuit_driver() {
    let app = spawn_app_with(Options { demo: true, ..Default::default() }).await;
    portal::demo::seed(&app.state).await.unwrap();
    let bcso = app.state.registry.by_slug("bcso").await.unwrap().unwrap();
    let pool = app.state.pools.get(&bcso).await.unwrap();
    let first = personnel(&pool).await;
    assert_eq!(first.0, 4, "{first:?}");
    assert!(first.1 > 8 && first.2 == 4 && first.3 == 3, "{first:?}");
    // The running leave put its member on LOA at once.
    let on_leave: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM leave_requests l JOIN roster r ON r.id = l.roster_id
          WHERE l.started_at IS NOT NULL AND l.ended_at IS NULL AND r.status = 'LOA'",
    )
    .fetch_one(&*pool)
    .await
    .unwrap();
    assert_eq!(on_leave, 1);
    // Sam's Marksman is about to expire, Casey's has: both kept.
    let (sam, casey): (i32, i32) = sqlx::query_as(
        "SELECT (SELECT m.expires_on - CURRENT_DATE FROM member_qualifications m
                   JOIN roster r ON r.id = m.roster_id JOIN qualifications q ON q.id = m.qualification_id
                  WHERE r.name = 'Sam Whitaker' AND q.name = 'Marksman'),
                (SELECT m.expires_on - CURRENT_DATE FROM member_qualifications m
                   JOIN roster r ON r.id = m.roster_id JOIN qualifications q ON q.id = m.qualification_id
                  WHERE r.name = 'Casey Nguyen' AND q.name = 'Marksman')",
    )
    .fetch_one(&*pool)
    .await
    .unwrap();
    assert_eq!((sam, casey), (10, -20));
    let required: serde_json::Value = sqlx::query_scalar(
        "SELECT item -> 'requiredQualifications' FROM whole_lists, jsonb_array_elements(items) AS item
          WHERE name = 'vehicles' AND item ->> 'name' = 'Bravado Buffalo STX'",
    )
    .fetch_one(&*pool)
    .await
    .unwrap();
    let pursuit: i64 =
        sqlx::query_scalar("SELECT id FROM qualifications WHERE name = 'Pursuit driver'")
            .fetch_one(&*pool)
            .await
            .unwrap();
    assert_eq!(required, serde_json::json!([pursuit.to_string()]));
    // BCSO scopes its Command level; LSPD does not.
    let scoped: Vec<String> =
        sqlx::query_scalar("SELECT unnest(scoped_levels) FROM agency_settings")
            .fetch_all(&*pool)
            .await
            .unwrap();
    assert_eq!(scoped, ["command"]);
    let lspd = app.state.registry.by_slug("lspd").await.unwrap().unwrap();
    let lspd_pool = app.state.pools.get(&lspd).await.unwrap();
    let scoped: i32 = sqlx::query_scalar("SELECT cardinality(scoped_levels) FROM agency_settings")
        .fetch_one(&*lspd_pool)
        .await
        .unwrap();
    assert_eq!(scoped, 0);

    // Again: nothing changes.
    portal::demo::seed(&app.state).await.unwrap();
    assert_eq!(personnel(&pool).await, first);
}

#[tokio::test]
async fn the_demo_has_a_week_of_shifts_some_on_duty_now_and_quiet_members() {
    let app = spawn_app_with(Options { demo: true, ..Default::default() }).await;
    portal::demo::seed(&app.state).await.unwrap();
    let bcso = app.state.registry.by_slug("bcso").await.unwrap().unwrap();
    let pool = app.state.pools.get(&bcso).await.unwrap();
    let counts = || async {
        sqlx::query_as::<_, (i64, i64, i64, i64, i64)>(
            "SELECT count(*), count(*) FILTER (WHERE ended_at IS NULL),
                    count(*) FILTER (WHERE auto_closed), count(*) FILTER (WHERE corrected),
                    count(DISTINCT roster_id) FILTER (WHERE started_at > now() - interval '7 days')
               FROM duty_shifts",
        )
        .fetch_one(&*pool)
        .await
        .unwrap()
    };
    let first = counts().await;
    let (shifts, open, auto_closed, corrected, this_week) = first;
    assert!(shifts > 100 && open >= 2 && auto_closed == 1 && corrected == 1, "{first:?}");
    let active: i64 = sqlx::query_scalar("SELECT count(*) FROM roster WHERE status = 'Active'")
        .fetch_one(&*pool)
        .await
        .unwrap();
    assert!(this_week > active / 2 && this_week < active, "most served this week, not all");
    // Sam is on duty; every shift keeps to the 48-hour rule and one open shift per member.
    let sam_on_duty: bool = sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM duty_shifts s JOIN roster r ON r.id = s.roster_id
                         WHERE r.name = 'Sam Whitaker' AND s.ended_at IS NULL)",
    )
    .fetch_one(&*pool)
    .await
    .unwrap();
    assert!(sam_on_duty);
    portal::demo::seed(&app.state).await.unwrap();
    assert_eq!(counts().await, first, "seeded once");
}

#[tokio::test]
async fn the_demo_has_an_open_form_and_applications_at_every_stage() {
    let app = spawn_app_with(Options { demo: true, ..Default::default() }).await;
    portal::demo::seed(&app.state).await.unwrap();
    let bcso = app.state.registry.by_slug("bcso").await.unwrap().unwrap();
    let pool = app.state.pools.get(&bcso).await.unwrap();
    let stages = || async {
        sqlx::query_as::<_, (String, String, i64, i64, Option<String>)>(
            "SELECT a.display_name, s.name,
                    (SELECT count(*) FROM application_notes n WHERE n.application_id = a.id),
                    (SELECT count(*) FROM application_votes v WHERE v.application_id = a.id),
                    a.denial_reason
               FROM applications a JOIN application_stages s ON s.id = a.stage_id ORDER BY a.id",
        )
        .fetch_all(&*pool)
        .await
        .unwrap()
    };
    let first = stages().await;
    let at: Vec<(&str, &str)> = first.iter().map(|r| (r.0.as_str(), r.1.as_str())).collect();
    assert_eq!(
        at,
        [
            ("Taylor Quinn", "Submitted"),
            ("Jamie Ortiz", "Interview"),
            ("Robin Park", "Accepted"),
            ("Avery Stone", "Denied")
        ]
    );
    assert_eq!((first[1].2, first[1].3), (1, 2), "the interview has a note and two votes");
    assert!(first[3].4.is_some(), "the denial has its reason");
    let (forms, questions, kinds, on_roster): (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT (SELECT count(*) FROM application_forms WHERE is_open),
                (SELECT sum(jsonb_array_length(questions)) FROM application_forms),
                (SELECT count(DISTINCT q ->> 'kind') FROM application_forms, jsonb_array_elements(questions) q),
                (SELECT count(*) FROM roster r JOIN applications a ON a.applicant_id = r.discord_id)",
    )
    .fetch_one(&*pool)
    .await
    .unwrap();
    assert_eq!((forms, questions, kinds, on_roster), (1, 8, 7, 0));
    // Applicants are BCSO's demo base + 51…: Discord accounts the stand-in knows.
    let ids: Vec<String> = sqlx::query_scalar("SELECT applicant_id FROM applications ORDER BY id")
        .fetch_all(&*pool)
        .await
        .unwrap();
    assert_eq!(ids[0], "200000000000000051");
    portal::demo::seed(&app.state).await.unwrap();
    assert_eq!(stages().await, first, "seeded once");
}
