//! The stores every catalogue and review will call: whole-list saves under a version check
//! (one of two racing saves wins, the other gets 409 with the list as it is), and review
//! history rows.

use portal::{
    access::viewer::Actor,
    error::AppError,
    shared::{
        review::{self, Request, USE_OF_FORCE},
        whole_list::{self, STALE_LIST},
    },
};
use serde_json::{json, Value};

use crate::{
    helpers::{spawn_app, TestApp},
    support::{BCSO, LSPD},
};

#[tokio::test]
async fn a_whole_list_is_replaced_only_from_the_version_it_was_read_at() {
    let app = spawn_app().await;
    app.create_agency("bcso", "Blaine County Sheriff's Office").await;
    app.create_agency("lspd", "Los Santos Police Department").await;
    let pool = |slug: &'static str| {
        let app = &app;
        async move {
            let agency = app.state.registry.by_slug(slug).await.unwrap().unwrap();
            app.state.pools.get(&agency).await.unwrap()
        }
    };
    let bcso = pool("bcso").await;
    let lspd = pool("lspd").await;

    let empty = whole_list::load::<serde_json::Value>(&*bcso, "vehicles").await.unwrap();
    assert_eq!((empty.items.len(), empty.version), (0, 0));

    let first = vec![json!({"name": "Cruiser"})];
    let mut tx = bcso.begin().await.unwrap();
    let saved = whole_list::replace(&mut tx, "vehicles", &first, 0, &Actor::system("Hana High"))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!((saved.version, saved.updated_by.as_deref()), (1, Some("Hana High")));

    // Two editors both started from version 1: the first save wins, the second is stale.
    let a = vec![json!({"name": "Interceptor"})];
    let b = vec![json!({"name": "Bike"})];
    let mut tx_a = bcso.begin().await.unwrap();
    whole_list::replace(&mut tx_a, "vehicles", &a, 1, &Actor::system("A")).await.unwrap();
    let mut tx_b = bcso.begin().await.unwrap();
    let racing = tokio::spawn(async move {
        let result = whole_list::replace(&mut tx_b, "vehicles", &b, 1, &Actor::system("B")).await;
        drop(tx_b);
        result
    });
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    tx_a.commit().await.unwrap();
    match racing.await.unwrap() {
        Err(AppError::Stale { message, current }) => {
            assert_eq!(message, STALE_LIST);
            assert_eq!(current["items"], json!([{"name": "Interceptor"}]));
            assert_eq!(current["version"], 2);
        }
        other => panic!("the second save must be stale: {other:?}"),
    }
    let now = whole_list::load::<serde_json::Value>(&*bcso, "vehicles").await.unwrap();
    assert_eq!((now.items, now.version), (a, 2));

    // Another agency's list of the same name is its own.
    let other = whole_list::load::<serde_json::Value>(&*lspd, "vehicles").await.unwrap();
    assert_eq!(other.version, 0);
}

#[tokio::test]
async fn one_item_of_a_whole_list_is_read_alone_in_its_own_agency_and_list() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let db = |slug: &'static str| {
        let app = &app;
        async move {
            let agency = app.state.registry.by_slug(slug).await.unwrap().unwrap();
            app.state.pools.get(&agency).await.unwrap()
        }
    };
    let (bcso, lspd) = (db(BCSO).await, db(LSPD).await);
    let items = [json!({"id": "a", "name": "Cruiser"}), json!({"id": "b", "name": "Bike"})];
    for (agency, list, db) in
        [(BCSO, "vehicles", &bcso), (BCSO, "uniforms", &bcso), (LSPD, "vehicles", &lspd)]
    {
        let mut tx = db.begin().await.unwrap();
        let version = whole_list::load::<Value>(&mut *tx, list).await.unwrap().version;
        let named: Vec<Value> = items
            .iter()
            .map(|item| json!({"id": item["id"], "name": format!("{} of {agency} {list}", item["name"].as_str().unwrap())}))
            .collect();
        whole_list::replace(&mut tx, list, &named, version, &Actor::system("T")).await.unwrap();
        tx.commit().await.unwrap();
    }
    let item = |db, list, id| whole_list::item::<Value>(db, list, id);
    assert_eq!(
        item(&*bcso, "vehicles", "b").await.unwrap(),
        Some(json!({"id": "b", "name": format!("Bike of {BCSO} vehicles")}))
    );
    assert_eq!(
        item(&*bcso, "uniforms", "b").await.unwrap().map(|v| v["name"].clone()),
        Some(json!(format!("Bike of {BCSO} uniforms")))
    );
    assert_eq!(item(&*bcso, "vehicles", "c").await.unwrap(), None);
    assert_eq!(item(&*bcso, "never-saved", "a").await.unwrap(), None);
    // The other agency's item of the same list and id is its own.
    let theirs = item(&*lspd, "vehicles", "a").await.unwrap();
    assert_eq!(
        theirs.map(|v| v["name"].clone()),
        Some(json!(format!("Cruiser of {LSPD} vehicles")))
    );
}

#[tokio::test]
async fn review_changes_leave_a_history_row_each() {
    let app = spawn_app().await;
    app.create_agency("bcso", "Blaine County Sheriff's Office").await;
    let agency = app.state.registry.by_slug("bcso").await.unwrap().unwrap();
    let pool = app.state.pools.get(&agency).await.unwrap();
    let mut conn = pool.acquire().await.unwrap();
    let opened = USE_OF_FORCE.decide("pending", Request::Open, None, false).unwrap().unwrap();
    review::record(&mut conn, &USE_OF_FORCE, 7, &opened, "Sam Sergeant", Some("42"), None)
        .await
        .unwrap();
    let signed =
        USE_OF_FORCE.decide(opened.to, Request::Act("approve"), None, false).unwrap().unwrap();
    review::record(&mut conn, &USE_OF_FORCE, 7, &signed, "Sam Sergeant", Some("42"), Some("ok"))
        .await
        .unwrap();
    let rows: Vec<(String, String, String)> = sqlx::query_as(
        "SELECT from_status, to_status, actor FROM review_history
         WHERE report_kind = 'use_of_force' AND report_id = 7 ORDER BY id",
    )
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    assert_eq!(
        rows,
        vec![
            ("pending".into(), "under_review".into(), "Sam Sergeant".into()),
            ("under_review".into(), "in_policy".into(), "Sam Sergeant".into()),
        ]
    );
}
