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
