//! Tenancy: isolation between agencies, the tenant router, provisioning, migrations, the
//! connection budget and registry coherence across instances.

use std::{
    sync::{
        atomic::{AtomicBool, AtomicI64, Ordering},
        Arc,
    },
    time::Duration,
};

use futures::{stream, StreamExt};
use portal::tenancy::{
    migrate,
    pools::{Budget, PoolCache, TenantDb},
    provision::Provisioner,
    registry,
};
use serde_json::json;
use sqlx::{migrate::Migrator, Column, Connection, PgConnection, Row, Statement};

use crate::{
    helpers::{json, spawn_app, spawn_app_with, Options, TestApp},
    relay::Relay,
    support::{prepared_statements, ONE},
};

async fn insert_probe(pool: &TenantDb, nav_id: &str) {
    sqlx::query("INSERT INTO nav_permissions (nav_id, is_public) VALUES ($1, true)")
        .bind(nav_id)
        .execute(pool)
        .await
        .unwrap();
}

async fn has_probe(pool: &TenantDb, nav_id: &str) -> bool {
    sqlx::query("SELECT 1 FROM nav_permissions WHERE nav_id = $1")
        .bind(nav_id)
        .fetch_optional(pool)
        .await
        .unwrap()
        .is_some()
}

#[tokio::test]
async fn a_row_written_by_one_agency_is_invisible_to_another() {
    let app = spawn_app().await;
    let a = app.create_agency("alpha", "Alpha PD").await;
    let b = app.create_agency("bravo", "Bravo SO").await;
    let pool_a = app.state.pools.get(&a).await.unwrap();
    let pool_b = app.state.pools.get(&b).await.unwrap();

    insert_probe(&pool_a, "alpha_only").await;

    assert!(has_probe(&pool_a, "alpha_only").await);
    assert!(!has_probe(&pool_b, "alpha_only").await);
    // Both were seeded with the defaults on their own.
    let count = |pool: Arc<TenantDb>| async move {
        sqlx::query("SELECT count(*) FROM nav_permissions")
            .fetch_one(&*pool)
            .await
            .unwrap()
            .get::<i64, _>(0)
    };
    assert_eq!(count(pool_a.clone()).await, count(pool_b.clone()).await + 1);
}

#[tokio::test]
async fn naming_another_agencys_schema_is_refused_by_postgres() {
    let app = spawn_app().await;
    let a = app.create_agency("alpha", "Alpha PD").await;
    let b = app.create_agency("bravo", "Bravo SO").await;
    let pool_a = app.state.pools.get(&a).await.unwrap();

    for sql in [
        format!("SELECT count(*) FROM {}.nav_permissions", b.schema_name),
        format!("INSERT INTO {}.nav_permissions (nav_id) VALUES ('x')", b.schema_name),
        "SELECT count(*) FROM public._sqlx_migrations".to_owned(),
        "SELECT count(*) FROM public.agencies".to_owned(),
    ] {
        let err = sqlx::query(&sql).execute(&*pool_a).await.expect_err(&sql);
        let code = err.as_database_error().and_then(|e| e.code()).map(|c| c.into_owned());
        assert_eq!(code.as_deref(), Some("42501"), "{sql}: {err}"); // insufficient_privilege
    }
    // The agency's own role cannot change the shape of its schema either.
    let err = sqlx::query("DROP TABLE nav_permissions").execute(&*pool_a).await.unwrap_err();
    assert_eq!(err.as_database_error().and_then(|e| e.code()).as_deref(), Some("42501"));
}

/// The registry's copy of an agency keeps the handle its first request was given, so the next
/// request of that copy finds it with no cache lookup (issue 29); a copy at another schema
/// version, of another agency or with another role is never given the old copy's handle, and
/// a new registry copy starts empty.
#[tokio::test]
async fn a_registry_copy_keeps_its_handle_and_a_changed_agency_gets_a_new_one() {
    // No background job may read the registry's next copy before the test does.
    let app = spawn_app_with(Options { jobs: false, ..Default::default() }).await;
    app.create_agency("alpha", "Alpha PD").await;
    let (registry, pools) = (&app.state.registry, &app.state.pools);
    let snapshot = registry.snapshot().await.unwrap();
    let alpha = snapshot.by_slug("alpha").unwrap();
    let first = pools.get(alpha).await.unwrap();
    // Without the pool cache's entry, the copy still has it.
    pools.invalidate(alpha.id).await;
    assert!(Arc::ptr_eq(&first, &pools.get(alpha).await.unwrap()), "kept on the copy");

    // A copy that says the schema moved on (its slot copied, filled) gets a handle of its own.
    let newer =
        portal::tenancy::Agency { schema_version: alpha.schema_version + 1, ..(**alpha).clone() };
    let moved_on = pools.get(&newer).await.unwrap();
    assert!(!Arc::ptr_eq(&first, &moved_on), "the old version's handle served a newer copy");
    assert!(Arc::ptr_eq(&moved_on, &pools.get(&newer).await.unwrap()));
    // Nor a copy of another agency, or with another role, that carries the slot along.
    let other = portal::tenancy::Agency { id: alpha.id + 1000, ..(**alpha).clone() };
    assert!(!Arc::ptr_eq(&first, &pools.get(&other).await.unwrap()));
    let renamed = portal::tenancy::Agency { db_role: "agency_renamed".into(), ..(**alpha).clone() };
    assert!(!Arc::ptr_eq(&first, &pools.get(&renamed).await.unwrap()));

    // The registry's next copy (after any registry change) builds or finds its own.
    registry.invalidate().await;
    let next = registry.snapshot().await.unwrap();
    let again = next.by_slug("alpha").unwrap();
    assert!(!Arc::ptr_eq(alpha, again), "a new copy");
    assert!(!again.db_handle.is_filled());
    let handle = pools.get(again).await.unwrap();
    assert_eq!(handle.agency_id(), alpha.id);
    assert!(again.db_handle.is_filled());
}

/// Every probe row of `nav_permissions` as `SELECT *` returns it: column names, then the
/// nav ids. `SELECT *` is the statement whose result shape changes with a migration.
async fn star(db: &TenantDb) -> (Vec<String>, Vec<String>) {
    let rows = sqlx::query("SELECT * FROM nav_permissions WHERE nav_id LIKE 'probe%' ORDER BY 1")
        .fetch_all(db)
        .await
        .unwrap();
    let columns = match rows.first() {
        Some(row) => row.columns().iter().map(|c| c.name().to_owned()).collect(),
        None => vec![],
    };
    (columns, rows.iter().map(|r| r.get::<String, _>("nav_id")).collect())
}

/// Alpha's schema with the `note` column and bravo's without, read in turn three times: each
/// sees its own columns and rows.
async fn newer_and_older_in_turn(alpha: &TenantDb, bravo: &TenantDb) {
    for _ in 0..3 {
        let (columns, rows) = star(alpha).await;
        assert!(columns.contains(&"note".to_owned()), "{columns:?}");
        assert_eq!(rows, ["probe_alpha"]);
        let (columns, rows) = star(bravo).await;
        assert!(!columns.contains(&"note".to_owned()), "{columns:?}");
        assert_eq!(rows, ["probe_bravo"]);
    }
}

async fn alpha_and_bravo(app: &TestApp) -> (portal::tenancy::Agency, portal::tenancy::Agency) {
    (app.create_agency("alpha", "Alpha PD").await, app.create_agency("bravo", "Bravo SO").await)
}

#[tokio::test]
async fn agencies_alternating_on_one_shared_connection_see_only_their_own_rows() {
    let app = spawn_app().await;
    let (a, b) = alpha_and_bravo(&app).await;
    let pools = PoolCache::new(app.state.control_options.clone(), ONE);
    let (db_a, db_b) = (pools.get(&a).await.unwrap(), pools.get(&b).await.unwrap());

    insert_probe(&db_a, "probe_alpha").await;
    insert_probe(&db_b, "probe_bravo").await;
    assert_eq!(backend(&db_a).await, backend(&db_b).await, "one physical connection");
    for _ in 0..3 {
        assert_eq!(star(&db_a).await.1, ["probe_alpha"]);
        assert_eq!(star(&db_b).await.1, ["probe_bravo"]);
    }
    // Naming the other agency's schema on the shared connection is refused by Postgres.
    let sql = format!("SELECT count(*) FROM {}.nav_permissions", b.schema_name);
    let err = sqlx::query(&sql).execute(&*db_a).await.unwrap_err();
    assert_eq!(err.as_database_error().and_then(|e| e.code()).as_deref(), Some("42501"));
    assert_eq!(star(&db_b).await.1, ["probe_bravo"]);

    // Alpha's schema moves to a newer version (one more column) while bravo stays: the
    // statement prepared for one version must not serve the other, in either order.
    let mut admin = app.admin().await;
    sqlx::query(&format!(
        "ALTER TABLE {}.nav_permissions ADD COLUMN note TEXT NOT NULL DEFAULT 'new'",
        a.schema_name
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    let newer = portal::tenancy::Agency { schema_version: a.schema_version + 1, ..a.clone() };
    let db_a = pools.get(&newer).await.unwrap();
    let (before, _) = star(&db_b).await;
    assert!(!before.contains(&"note".to_owned()), "{before:?}");
    newer_and_older_in_turn(&db_a, &db_b).await;
    // Each version's statements are its own, so none was cleared to keep them apart: both
    // agencies' statements, and alpha's of the version before, are still kept.
    let mut idle = pools.shared_pool(&a).unwrap().acquire().await.unwrap();
    let mut kept = prepared_statements(&mut idle).await;
    kept.retain(|sql| sql.contains("SELECT * FROM nav"));
    drop(idle);
    for agency in [&a, &newer, &b] {
        let tag = format!("/* {} v{} */ ", agency.schema_name, agency.schema_version);
        assert!(kept.iter().any(|k| k.starts_with(&tag)), "{tag}: {kept:?}");
    }

    // Handles whose statements are not named for their agency (a schema name that is not a
    // plain identifier, here the same schemas quoted), on a connection of their own: they
    // share one text, as every agency did before statements were named, and only clearing
    // the connection's statements keeps alpha's newer version and bravo's apart.
    let quoted = |agency: &portal::tenancy::Agency| portal::tenancy::Agency {
        schema_name: format!("\"{}\"", agency.schema_name),
        ..agency.clone()
    };
    let shared = PoolCache::new(app.state.control_options.clone(), ONE);
    let shared_a = shared.get(&quoted(&newer)).await.unwrap();
    let shared_b = shared.get(&quoted(&b)).await.unwrap();
    newer_and_older_in_turn(&shared_a, &shared_b).await;
    // Returned, the connection belongs to no agency: the login role, and a path naming only
    // the empty identifier (a schema no one can create), where no unqualified name resolves
    // to an agency's table (only pg_catalog is searched).
    drop(pools.get(&b).await.unwrap().acquire().await.unwrap());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut idle = pools.shared_pool(&b).unwrap().acquire().await.unwrap();
    let (role, login, path): (String, String, String) = sqlx::query_as(
        "SELECT current_user::text, session_user::text, current_setting('search_path')",
    )
    .fetch_one(&mut *idle)
    .await
    .unwrap();
    assert_eq!(role, login);
    assert_eq!(path, r#""""#, "a path naming only the empty identifier");
    let err = sqlx::query("SELECT count(*) FROM nav_permissions").execute(&mut *idle).await;
    assert_eq!(
        err.unwrap_err().as_database_error().and_then(|e| e.code()).as_deref(),
        Some("42P01")
    );
    // The reset is sent as text, never kept: a kept one would run under the path of whichever
    // agency the connection last served, and Postgres would plan it again at every change.
    let kept = prepared_statements(&mut idle).await;
    assert!(
        !kept.iter().any(|sql| sql.contains("'none'") || sql.contains("ROLE NONE")),
        "{kept:?}"
    );
}

/// A temporary table made during one agency's checkout never stands in for one of the agency's
/// own tables (`pg_temp` comes last in its path), and is gone when the connection returns, before
/// another agency takes the same connection.
#[tokio::test]
async fn a_temporary_table_neither_hides_an_agency_table_nor_outlives_its_checkout() {
    let app = spawn_app().await;
    let (a, b) = alpha_and_bravo(&app).await;
    let pools = PoolCache::new(app.state.control_options.clone(), ONE);
    let (db_a, db_b) = (pools.get(&a).await.unwrap(), pools.get(&b).await.unwrap());
    insert_probe(&db_a, "probe_alpha").await;
    let shared = backend(&db_a).await;
    assert_eq!(shared, backend(&db_b).await, "one physical connection");

    let mut conn = db_a.acquire().await.unwrap();
    sqlx::query("CREATE TEMP TABLE nav_permissions (nav_id TEXT, is_public BOOLEAN)")
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query("INSERT INTO pg_temp.nav_permissions VALUES ('probe_temp', true)")
        .execute(&mut *conn)
        .await
        .unwrap();
    let seen: Vec<String> =
        sqlx::query_scalar("SELECT nav_id FROM nav_permissions WHERE nav_id LIKE 'probe%'")
            .fetch_all(&mut *conn)
            .await
            .unwrap();
    assert_eq!(seen, ["probe_alpha"], "the agency's own table comes first");
    drop(conn);

    // Bravo, on the same connection (the reset did not fail and close it): no temporary table
    // is left, by name or in the catalog.
    assert_eq!(backend(&db_b).await, shared, "the same physical connection");
    let err = sqlx::query("SELECT count(*) FROM pg_temp.nav_permissions").execute(&*db_b).await;
    assert_eq!(
        err.unwrap_err().as_database_error().and_then(|e| e.code()).as_deref(),
        Some("42P01")
    );
    let left: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM pg_class WHERE relnamespace = pg_my_temp_schema()",
    )
    .fetch_one(&*db_b)
    .await
    .unwrap();
    assert_eq!(left, 0);
}

/// Each agency's statements name its schema (issue 29): on a connection that agencies take
/// turns on, Postgres keeps a statement, and its plan, for each agency, where one text shared by
/// all was planned anew at every change of agency. Rows read one at a time and in full, writes,
/// on a connection and in a transaction alike; what Postgres keeps nothing of stays unnamed.
#[tokio::test]
async fn each_agencys_statements_name_its_schema_so_a_shared_connection_keeps_one_for_each() {
    let app = spawn_app().await;
    let (a, b) = alpha_and_bravo(&app).await;
    let pools = PoolCache::new(app.state.control_options.clone(), ONE);
    let (db_a, db_b) = (pools.get(&a).await.unwrap(), pools.get(&b).await.unwrap());
    const COUNT: &str = "SELECT count(*) FROM nav_permissions WHERE nav_id <> $1";
    const LIST: &str = "SELECT nav_id FROM nav_permissions WHERE nav_id LIKE $1";
    const WRITE: &str = "UPDATE nav_permissions SET is_public = true WHERE nav_id = $1";
    insert_probe(&db_b, "probe_bravo").await;
    for _ in 0..3 {
        let of_a: i64 = sqlx::query_scalar(COUNT).bind("none").fetch_one(&*db_a).await.unwrap();
        let of_b: i64 = sqlx::query_scalar(COUNT).bind("none").fetch_one(&*db_b).await.unwrap();
        assert_eq!(of_b, of_a + 1, "each agency counts its own rows");
        let listed: Vec<String> =
            sqlx::query_scalar(LIST).bind("probe%").fetch_all(&*db_b).await.unwrap();
        assert_eq!(listed, ["probe_bravo"]);
    }
    let mut tx = db_a.begin().await.unwrap();
    let _: i64 = sqlx::query_scalar(COUNT).bind("none").fetch_one(&mut *tx).await.unwrap();
    sqlx::query(WRITE).bind("none").execute(&mut *tx).await.unwrap();
    sqlx::query("SELECT $1::text AS once")
        .bind("x")
        .persistent(false)
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    // Prepared by hand, the statement is named too, and refused on another agency's connection.
    const PREPARED: &str = "SELECT count(*) FROM nav_permissions WHERE nav_id = $1";
    let mut conn = db_a.acquire().await.unwrap();
    let statement = sqlx::Executor::prepare(&mut *conn, PREPARED).await.unwrap();
    let none: i64 =
        statement.query().bind("none").fetch_one(&mut *conn).await.map(|r| r.get(0)).unwrap();
    assert_eq!(none, 0);
    drop(conn);
    let mut conn = db_b.acquire().await.unwrap();
    let refused = statement.query().bind("probe_bravo").fetch_one(&mut *conn).await.unwrap_err();
    assert!(matches!(refused, sqlx::Error::InvalidArgument(_)), "{refused}");
    sqlx::query(WRITE).bind("probe_bravo").execute(&mut *conn).await.unwrap();
    sqlx::Executor::execute(&mut *conn, "SELECT 'as text' AS simple").await.unwrap();
    drop(conn);

    let mut idle = pools.shared_pool(&a).unwrap().acquire().await.unwrap();
    let mut kept = prepared_statements(&mut idle).await;
    kept.retain(|sql| {
        sql.contains("nav_permissions") || sql.ends_with("AS once") || sql.ends_with("AS simple")
    });
    kept.sort();
    let named = |agency: &portal::tenancy::Agency, sql: &str| {
        format!("/* {} v{} */ {sql}", agency.schema_name, agency.schema_version)
    };
    let mut expected = vec![
        named(&a, COUNT),
        named(&a, PREPARED),
        named(&a, WRITE),
        named(&b, COUNT),
        named(&b, "INSERT INTO nav_permissions (nav_id, is_public) VALUES ($1, true)"),
        named(&b, LIST),
        named(&b, WRITE),
    ];
    expected.sort();
    assert_eq!(kept, expected, "one statement per agency, named for its schema, and no other");
}

/// The backend serving a connection of `db`, taken for this one query and given back.
async fn backend(db: &TenantDb) -> i32 {
    sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(db).await.unwrap()
}

/// Waits until every connection of `pools` but the `held` ones is back and idle: sqlx gives
/// a connection back (and resets it) in a task of its own.
async fn settle(pools: &PoolCache, held: usize) {
    for _ in 0..500 {
        if pools.open_connections() as usize - pools.idle_connections() == held {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!(
        "connections did not come back: {} open, {} idle",
        pools.open_connections(),
        pools.idle_connections()
    );
}

/// Agency connections come in lanes of one agency's share (issue 29): an agency is served by
/// its lane's connections, an agency of another lane by connections of its own,
/// and an agency whose lane is full borrows an idle connection of another lane, seeing only its
/// own rows on it, while all lanes together stay within the tenants' share. An idle connection
/// that died while it waited is replaced.
#[tokio::test]
async fn an_agency_takes_its_lanes_connections_first_and_a_full_lane_borrows_from_another() {
    let app = spawn_app().await;
    let budget = Budget { control: 1, maintenance: 1, tenants: 4, per_agency: 2 };
    assert_eq!(budget.lanes(), [2, 2], "two lanes of two: even agency ids and odd ones");
    let pools = PoolCache::new(app.state.control_options.clone(), budget);
    let mut agencies = vec![];
    // Two agencies of one lane and one of the other (ids need not follow one another).
    let (a, c, b) = loop {
        let n = agencies.len();
        assert!(n < 12, "no two agencies in one lane and one in the other");
        agencies.push(app.create_agency(&format!("lane-{n}"), &format!("Lane {n}")).await);
        let lane = |parity: i64| agencies.iter().filter(move |x| x.id.rem_euclid(2) == parity);
        let (even, odd): (Vec<_>, Vec<_>) = (lane(0).collect(), lane(1).collect());
        let (pair, single) = if even.len() >= 2 { (even, odd) } else { (odd, even) };
        if let ([a, c, ..], [b, ..]) = (pair.as_slice(), single.as_slice()) {
            break ((*a).clone(), (*c).clone(), (*b).clone());
        }
    };
    let (db_a, db_b, db_c) =
        (pools.get(&a).await.unwrap(), pools.get(&b).await.unwrap(), pools.get(&c).await.unwrap());
    insert_probe(&db_b, "probe_bravo").await;
    settle(&pools, 0).await;
    let first_b = backend(&db_b).await;
    settle(&pools, 0).await;

    let first_a = backend(&db_a).await;
    assert_ne!(first_a, first_b, "another lane, another connection");
    settle(&pools, 0).await;
    assert_eq!(backend(&db_a).await, first_a, "its lane's one open connection, again");
    settle(&pools, 0).await;
    assert_eq!(backend(&db_b).await, first_b, "b's lane's one open connection, again");
    settle(&pools, 0).await;
    assert_eq!(backend(&db_a).await, first_a, "b's turn took nothing of a's lane");
    settle(&pools, 0).await;

    // a holds both connections of its lane: c, of the same lane, borrows b's idle one, as c.
    let held = (db_a.acquire().await.unwrap(), db_a.acquire().await.unwrap());
    let mut borrowed = db_c.acquire().await.unwrap();
    let (pid, role): (i32, String) = sqlx::query_as("SELECT pg_backend_pid(), current_user::text")
        .fetch_one(&mut *borrowed)
        .await
        .unwrap();
    assert_eq!((pid, role.as_str()), (first_b, c.db_role.as_str()));
    let seen: i64 =
        sqlx::query_scalar("SELECT count(*) FROM nav_permissions WHERE nav_id LIKE 'probe%'")
            .fetch_one(&mut *borrowed)
            .await
            .unwrap();
    assert_eq!(seen, 0, "c saw b's rows on b's connection");
    // b's lane has room for one more: b opens it (and holds it).
    let mut own = db_b.acquire().await.unwrap();
    let own_pid: i32 =
        sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(&mut *own).await.unwrap();
    assert_ne!(own_pid, first_b);
    assert_eq!(pools.open_connections(), 4, "the tenants' share, all of it");

    // Nothing is idle and no lane has room: c waits, and is served by the first connection to
    // come free, b's lane's, though c's own lane stays full.
    let mut waiting = tokio::spawn({
        let db_c = db_c.clone();
        async move { backend(&db_c).await }
    });
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(!waiting.is_finished(), "served beyond the budget");
    assert_eq!(pools.open_connections(), 4);
    drop(own);
    let served = tokio::time::timeout(Duration::from_secs(3), &mut waiting).await;
    assert_eq!(served.expect("c waited for its own lane only").unwrap(), own_pid);
    settle(&pools, 3).await;
    assert!(has_probe(&db_b, "probe_bravo").await, "b, on its lane's free connection");
    drop(borrowed);
    assert!(pools.open_connections() <= 4);

    // Both of a's connections die while idle (a restarted server): a's next query is served.
    let dead = {
        let (mut one, mut two) = held;
        let pid = || sqlx::query_scalar::<_, i32>("SELECT pg_backend_pid()");
        [pid().fetch_one(&mut *one).await.unwrap(), pid().fetch_one(&mut *two).await.unwrap()]
    };
    settle(&pools, 0).await;
    assert_eq!(pools.idle_connections(), 4, "a's two, idle in its lane, and b's two");
    let mut admin = app.admin().await;
    for pid in dead {
        sqlx::query("SELECT pg_terminate_backend($1)").bind(pid).execute(&mut admin).await.unwrap();
    }
    let after = backend(&db_a).await;
    assert!(!dead.contains(&after), "served by a dead connection");
}

/// Agency connections that stop answering without closing (a network that dropped them
/// without a word) hold neither a request nor a place in their lane: of two idle ones, the
/// switch to the agency gives up on the first, then on the second the lane hands out; both
/// are closed and the request is served on a new connection. One that falls silent while a
/// request holds it is closed when its reset does not answer.
#[tokio::test]
async fn connections_that_stop_answering_are_given_up_and_replaced() {
    let app = spawn_app().await;
    let relay = Relay::to(&app.database_url).await;
    let quiet = app.create_agency("quiet", "Quiet PD").await;
    // The agency's server, reached through the relay.
    let quiet = portal::tenancy::Agency { database_url: Some(relay.url.clone()), ..quiet };
    let budget = Budget { control: 1, maintenance: 1, tenants: 3, per_agency: 3 };
    // A connection has a quarter of this to answer: 0.5 s.
    let pools = PoolCache::new(app.state.control_options.clone(), budget)
        .with_acquire_timeout(Duration::from_secs(2));
    let db = pools.get(&quiet).await.unwrap();
    insert_probe(&db, "probe_quiet").await;
    settle(&pools, 0).await;
    let first = {
        let (mut one, mut two) = (db.acquire().await.unwrap(), db.acquire().await.unwrap());
        let pid = || sqlx::query_scalar::<_, i32>("SELECT pg_backend_pid()");
        [pid().fetch_one(&mut *one).await.unwrap(), pid().fetch_one(&mut *two).await.unwrap()]
    };
    settle(&pools, 0).await;
    assert_eq!((pools.open_connections(), pools.idle_connections()), (2, 2));

    relay.silence();
    let served = tokio::time::timeout(Duration::from_secs(10), backend(&db)).await;
    let replaced = served.expect("held by connections that do not answer");
    assert!(!first.contains(&replaced), "served by a silent connection");
    settle(&pools, 0).await;
    assert_eq!(pools.open_connections(), 1, "a silent connection was kept");
    assert!(has_probe(&db, "probe_quiet").await, "the new connection is the agency's");

    // One that falls silent while a request holds it is closed when it comes back (its reset
    // does not answer), rather than holding its place in the lane.
    settle(&pools, 0).await;
    let held = db.acquire().await.unwrap();
    relay.silence();
    drop(held);
    settle(&pools, 0).await;
    assert_eq!(pools.open_connections(), 0, "a silent connection was kept");
}

/// A statement whose request gave up on it (a client gone, a timeout) does not keep running on
/// the server past the budget: the connection's reset waits a quarter of the acquire timeout
/// for it, then the connection is closed and Postgres ends the statement of a client that is
/// gone (`client_connection_check_interval`).
#[tokio::test]
async fn a_statement_given_up_on_ends_with_its_connection() {
    let app = spawn_app().await;
    let agency = app.create_agency("hasty", "Hasty PD").await;
    let budget = Budget { control: 1, maintenance: 1, tenants: 2, per_agency: 2 };
    let pools = PoolCache::new(app.state.control_options.clone(), budget)
        .with_acquire_timeout(Duration::from_secs(2));
    let db = pools.get(&agency).await.unwrap();
    let mut held = db.acquire().await.unwrap();
    let pid: i32 =
        sqlx::query_scalar("SELECT pg_backend_pid()").fetch_one(&mut *held).await.unwrap();
    let sleeping = sqlx::query("SELECT pg_sleep(60)").execute(&mut *held);
    let given_up = tokio::time::timeout(Duration::from_millis(300), sleeping).await;
    assert!(given_up.is_err(), "the statement ended by itself");
    drop(held);
    settle(&pools, 0).await;
    assert_eq!(pools.open_connections(), 0, "the connection kept its place");
    let mut admin = app.admin().await;
    for _ in 0..100 {
        let running: i64 =
            sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE pid = $1")
                .bind(pid)
                .fetch_one(&mut admin)
                .await
                .unwrap();
        if running == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the statement given up on still runs on the server");
}

#[tokio::test]
async fn the_tenant_router_resolves_each_source_and_their_order() {
    let app = spawn_app().await;
    app.create_agency_with(portal::tenancy::provision::NewAgency {
        slug: "bcso".into(),
        name: "Blaine County".into(),
        domain: Some("bcso.example.org".into()),
        ..Default::default()
    })
    .await;
    app.create_agency("lspd", "Los Santos PD").await;
    app.create_agency("sast", "San Andreas State Troopers").await;

    let resolve = |req: reqwest::RequestBuilder| async move {
        let body = json(req.send().await.unwrap(), 200).await;
        body["slug"].as_str().unwrap().to_owned()
    };
    let get = || app.client.get(app.url("/api/agency"));

    // Each source alone.
    assert_eq!(resolve(get()).await, "rawlife");
    assert_eq!(resolve(get().header("X-Agency-Slug", "LSPD")).await, "lspd");
    assert_eq!(resolve(app.client.get(app.url("/api/agency?agency=lspd"))).await, "lspd");
    assert_eq!(resolve(get().header("Host", "bcso.example.org:8080")).await, "bcso");
    assert_eq!(resolve(get().header("Cookie", "agencySlug=sast")).await, "sast");

    // In conflict: header > query > host > cookie.
    let all = || {
        app.client
            .get(app.url("/api/agency?agency=lspd"))
            .header("X-Agency-Slug", "sast")
            .header("Host", "bcso.example.org")
            .header("Cookie", "agencySlug=rawlife")
    };
    assert_eq!(resolve(all()).await, "sast");
    let no_header = app
        .client
        .get(app.url("/api/agency?agency=lspd"))
        .header("Host", "bcso.example.org")
        .header("Cookie", "agencySlug=sast");
    assert_eq!(resolve(no_header).await, "lspd");
    let host_and_cookie =
        get().header("Host", "BCSO.example.org").header("Cookie", "agencySlug=sast");
    assert_eq!(resolve(host_and_cookie).await, "bcso");
    let unknown_host_and_cookie =
        get().header("Host", "elsewhere.example.org").header("Cookie", "agencySlug=sast");
    assert_eq!(resolve(unknown_host_and_cookie).await, "sast");

    // Unknown slugs, from any source.
    for req in [
        get().header("X-Agency-Slug", "nope"),
        app.client.get(app.url("/api/agency?agency=nope")),
        get().header("Cookie", "agencySlug=nope"),
    ] {
        let body = json(req.send().await.unwrap(), 404).await;
        assert_eq!(body, json!({"error": "Unknown agency 'nope'"}));
    }
}

/// The tenant migrations plus `extra` ones, in a temporary folder.
async fn migrator_with(extra: &[(&str, &str)]) -> (Migrator, tempfile::TempDir) {
    let dir = tempfile::TempDir::new().unwrap();
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tenant-migrations");
    for entry in std::fs::read_dir(source).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    for (name, sql) in extra {
        std::fs::write(dir.path().join(name), sql).unwrap();
    }
    let mut migrator = Migrator::new(dir.path()).await.unwrap();
    migrator.set_locking(false);
    (migrator, dir)
}

async fn scalar(conn: &mut PgConnection, sql: &str) -> i64 {
    sqlx::query(sql).fetch_one(conn).await.unwrap().get::<i64, _>(0)
}

#[tokio::test]
async fn provisioning_is_all_or_nothing() {
    let app = spawn_app().await;
    let mut admin = app.admin().await;
    let schemas = "SELECT count(*) FROM pg_namespace WHERE nspname LIKE 'agency\\_%'";
    // Roles are cluster-wide: count only those of this database (their names carry its hash).
    let roles = "SELECT count(*) FROM pg_roles \
                 WHERE rolname LIKE 'p' || substr(md5(current_database()), 1, 8) || '\\_agency\\_%'";
    let before = (scalar(&mut admin, schemas).await, scalar(&mut admin, roles).await);

    let (broken, _dir) = migrator_with(&[(
        "9999_broken.sql",
        "CREATE TABLE ok (id int); SELECT * FROM missing_table;",
    )])
    .await;
    let provisioner = Provisioner { migrator: Arc::new(broken), ..app.state.provisioner.clone() };
    let new = portal::tenancy::provision::NewAgency {
        slug: "halfway".into(),
        name: "Halfway PD".into(),
        ..Default::default()
    };
    assert!(provisioner.provision(new.clone()).await.is_err());

    assert!(registry::fetch_by_slug(&mut admin, "halfway").await.unwrap().is_none());
    assert_eq!((scalar(&mut admin, schemas).await, scalar(&mut admin, roles).await), before);

    // The same agency provisions cleanly with the real migrations afterwards.
    let agency = app.create_agency_with(new).await;
    assert_eq!(agency.slug, "halfway");
    assert_eq!(scalar(&mut admin, schemas).await, before.0 + 1);

    // A duplicate slug is a conflict, not a half agency either.
    let dup = portal::tenancy::provision::NewAgency {
        slug: "halfway".into(),
        name: "Again".into(),
        ..Default::default()
    };
    let err = app.state.provisioner.provision(dup).await.unwrap_err();
    assert_eq!(err.to_string(), "An agency with the slug 'halfway' already exists.");
    assert_eq!(scalar(&mut admin, schemas).await, before.0 + 1);
}

#[tokio::test]
async fn migrate_is_idempotent_and_one_broken_agency_does_not_stop_the_others() {
    let app = spawn_app().await;
    for slug in ["alpha", "bravo", "charlie"] {
        app.create_agency(slug, &slug.to_uppercase()).await;
    }
    let state = &app.state;
    let run = |migrator: Arc<Migrator>| async move {
        let mut outcomes =
            migrate::migrate_tenants(&state.control, &state.control_options, &migrator, 3)
                .await
                .unwrap();
        outcomes.sort_by(|a, b| a.slug.cmp(&b.slug));
        outcomes
    };
    let mut admin = app.admin().await;

    let current = state.provisioner.migrator.iter().map(|m| m.version).max().unwrap();
    let next_version = 9001;

    // Twice with the current migrations: nothing changes.
    let before = registry_versions(&mut admin).await;
    for _ in 0..2 {
        let outcomes = run(state.provisioner.migrator.clone()).await;
        assert_eq!(outcomes.len(), 4);
        assert!(outcomes.iter().all(|o| o.result == Ok(current)), "{outcomes:?}");
    }
    assert_eq!(registry_versions(&mut admin).await, before);

    // Keep bravo's pool and alpha's pool from before the new migration.
    let alpha = registry::fetch_by_slug(&mut admin, "alpha").await.unwrap().unwrap();
    let old_pool = state.pools.get(&alpha).await.unwrap();

    // Break bravo, then ship a new migration.
    let bravo = registry::fetch_by_slug(&mut admin, "bravo").await.unwrap().unwrap();
    sqlx::query(&format!("DROP TABLE {}.nav_permissions", bravo.schema_name))
        .execute(&mut admin)
        .await
        .unwrap();
    let (next, _dir) = migrator_with(&[(
        "9001_note.sql",
        "ALTER TABLE nav_permissions ADD COLUMN note TEXT NOT NULL DEFAULT 'new';",
    )])
    .await;
    let outcomes = run(Arc::new(next)).await;
    for outcome in &outcomes {
        match outcome.slug.as_str() {
            "bravo" => assert!(outcome.result.is_err(), "bravo should fail"),
            _ => assert_eq!(outcome.result, Ok(next_version), "{}", outcome.slug),
        }
    }
    let versions: Vec<(String, i64)> =
        registry_versions(&mut admin).await.into_iter().map(|(s, v, _)| (s, v)).collect();
    assert_eq!(
        versions,
        vec![
            ("alpha".into(), next_version),
            ("bravo".into(), current),
            ("charlie".into(), next_version),
            ("rawlife".into(), next_version)
        ]
    );

    // The registry change reaches the caches and alpha gets a fresh pool that sees the column.
    let alpha = wait_for(|| async {
        let a = state.registry.by_slug("alpha").await.unwrap().unwrap();
        (a.schema_version == next_version).then_some(a)
    })
    .await;
    let new_pool = state.pools.get(&alpha).await.unwrap();
    assert!(!Arc::ptr_eq(&old_pool, &new_pool), "the pool must be rebuilt after a migration");
    let note: String = sqlx::query("SELECT note FROM nav_permissions LIMIT 1")
        .fetch_one(&*new_pool)
        .await
        .unwrap()
        .get(0);
    assert_eq!(note, "new");
}

/// Issue 29: with nothing pending, `portal migrate` reads the schemas' versions from the
/// catalog and visits no agency (it would wait on their advisory locks, held here); an agency
/// behind, one whose registry row is stale and one whose history was tampered with are told
/// apart, and only the first and last are visited (the last still fails as the migrator says).
#[tokio::test]
async fn migrate_with_nothing_pending_visits_no_agency_and_one_behind_still_migrates() {
    let app = spawn_app().await;
    let slugs: Vec<String> = (0..24).map(|i| format!("quiet-{i:02}")).collect();
    for slug in &slugs {
        app.create_agency(slug, slug).await;
    }
    let state = &app.state;
    let migrator = state.provisioner.migrator.clone();
    let latest = migrate::latest_version(&migrator);
    let run = || async {
        let mut outcomes = tokio::time::timeout(
            Duration::from_secs(20),
            migrate::migrate_tenants(&state.control, &state.control_options, &migrator, 4),
        )
        .await
        .expect("migrate must not wait on any agency's lock")
        .unwrap();
        outcomes.sort_by(|a, b| a.slug.cmp(&b.slug));
        outcomes
    };
    let mut admin = app.admin().await;
    let schemas: Vec<String> = sqlx::query_scalar("SELECT schema_name FROM agencies ORDER BY id")
        .fetch_all(&mut admin)
        .await
        .unwrap();

    // Another session holds every agency's migration lock: a visit would block on it.
    let mut holder = app.admin().await;
    for schema in &schemas {
        sqlx::query("SELECT pg_advisory_lock(hashtext($1))")
            .bind(format!("portal-migrate:{schema}"))
            .execute(&mut holder)
            .await
            .unwrap();
    }
    let before = registry_versions(&mut admin).await;
    let outcomes = run().await;
    assert_eq!(outcomes.len(), slugs.len() + 1);
    assert!(outcomes.iter().all(|o| o.result == Ok(latest) && !o.visited), "{outcomes:?}");
    assert_eq!(registry_versions(&mut admin).await, before, "nothing written");
    holder.close().await.unwrap();

    // quiet-00 is behind (its newest migration unrecorded, as scripts/bench does); quiet-01's
    // registry row says an older version; quiet-02's history has another checksum.
    let mut agency = Vec::new();
    for slug in ["quiet-00", "quiet-01", "quiet-02"] {
        agency.push(registry::fetch_by_slug(&mut admin, slug).await.unwrap().unwrap());
    }
    let [behind, relabelled, tampered] = <[_; 3]>::try_from(agency).unwrap();
    sqlx::query(&format!(
        "DELETE FROM {}._sqlx_migrations WHERE version = {latest}",
        behind.schema_name
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::query("UPDATE agencies SET schema_version = $2 WHERE id = ANY($1)")
        .bind([behind.id, relabelled.id])
        .bind(latest - 1)
        .execute(&mut admin)
        .await
        .unwrap();
    sqlx::query(&format!(
        "UPDATE {}._sqlx_migrations SET checksum = '\\x00' WHERE version = {latest}",
        tampered.schema_name
    ))
    .execute(&mut admin)
    .await
    .unwrap();

    let outcomes = run().await;
    for outcome in &outcomes {
        match outcome.slug.as_str() {
            "quiet-00" => assert!(outcome.visited && outcome.result == Ok(latest), "{outcome:?}"),
            "quiet-02" => {
                assert!(outcome.visited, "{outcome:?}");
                let error = outcome.result.as_ref().unwrap_err();
                assert!(error.contains("previously applied but has been modified"), "{error}");
            }
            _ => assert!(!outcome.visited && outcome.result == Ok(latest), "{outcome:?}"),
        }
    }
    let applied: i64 = sqlx::query_scalar(&format!(
        "SELECT count(*) FROM {}._sqlx_migrations WHERE version = {latest}",
        behind.schema_name
    ))
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert_eq!(applied, 1, "the agency behind got its migration again");
    let versions: Vec<i64> =
        sqlx::query_scalar("SELECT schema_version FROM agencies WHERE id = ANY($1) ORDER BY id")
            .bind([behind.id, relabelled.id])
            .fetch_all(&mut admin)
            .await
            .unwrap();
    assert_eq!(versions, vec![latest, latest], "both registry rows are current again");

    // Past one statement's 200 schemas the reads are shared out over several connections:
    // 450 generated registry rows whose schemas hold a copy of the bookkeeping table (all a
    // no-op migrate reads), one of them, far down the list, behind.
    sqlx::query(&format!(
        "DO $$ DECLARE i int; BEGIN FOR i IN 1..450 LOOP
           EXECUTE format('CREATE SCHEMA gen_%s; CREATE TABLE gen_%s._sqlx_migrations AS
                           SELECT * FROM {}._sqlx_migrations', i, i);
         END LOOP; END $$",
        relabelled.schema_name
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO agencies (slug, name, schema_name, db_role, schema_version)
         SELECT 'gen-' || i, 'Generated ' || i, 'gen_' || i, 'gen_role_' || i, $1
           FROM generate_series(1, 450) i",
    )
    .bind(latest)
    .execute(&mut admin)
    .await
    .unwrap();
    sqlx::query(&format!("DELETE FROM gen_440._sqlx_migrations WHERE version = {latest}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let outcomes = run().await;
    assert_eq!(outcomes.len(), slugs.len() + 1 + 450);
    let visited: Vec<&str> =
        outcomes.iter().filter(|o| o.visited).map(|o| o.slug.as_str()).collect();
    assert_eq!(visited, vec!["gen-440", "quiet-02"], "only the one behind and the tampered one");
}

async fn registry_versions(admin: &mut PgConnection) -> Vec<(String, i64, String)> {
    sqlx::query("SELECT slug, schema_version, updated_at::text FROM agencies ORDER BY slug")
        .fetch_all(admin)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get::<String, _>(0), r.get::<i64, _>(1), r.get::<String, _>(2)))
        .collect()
}

/// Polls `check` for up to five seconds.
async fn wait_for<T, F, Fut>(check: F) -> T
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = Option<T>>,
{
    for _ in 0..100 {
        if let Some(value) = check().await {
            return value;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("condition not met within five seconds");
}

#[tokio::test]
async fn registry_changes_reach_every_instance() {
    let app = spawn_app().await;
    app.create_agency("alpha", "Alpha PD").await;

    // A second instance on the same control database, with its own caches.
    let other = app.second_instance();
    assert_eq!(other.registry.by_slug("alpha").await.unwrap().unwrap().name, "Alpha PD");
    let config = json(app.get("/api/agencies/alpha/config").await, 200).await;
    assert_eq!(config["name"], "Alpha PD");
    // Let both listeners reach LISTEN before the change.
    tokio::time::sleep(Duration::from_millis(300)).await;

    let mut admin = app.admin().await;
    sqlx::query("UPDATE agencies SET name = 'Alpha Police Department' WHERE slug = 'alpha'")
        .execute(&mut admin)
        .await
        .unwrap();

    wait_for(|| async {
        let name = other.registry.by_slug("alpha").await.unwrap().unwrap().name.clone();
        (name == "Alpha Police Department").then_some(())
    })
    .await;
    wait_for(|| async {
        let body = json(app.get("/api/agencies/alpha/config").await, 200).await;
        (body["name"] == "Alpha Police Department").then_some(())
    })
    .await;
}

#[tokio::test]
async fn a_thousand_agencies_hit_at_once_stay_within_the_connection_budget() {
    const BUDGET: u32 = 12;
    const AGENCIES: usize = 1000;
    let app = spawn_app_with(Options { max_db_connections: BUDGET, ..Default::default() }).await;
    let slugs: Vec<String> = (0..AGENCIES).map(|i| format!("agency-{i:04}")).collect();
    stream::iter(slugs.clone())
        .for_each_concurrent(4, |slug| {
            let app = &app;
            async move {
                app.create_agency(&slug, &format!("Agency {slug}")).await;
            }
        })
        .await;

    // Sample the server's own view of our connections while every agency is hit at once.
    let peak = Arc::new(AtomicI64::new(0));
    let seen = Arc::new(std::sync::Mutex::new(std::collections::HashSet::<i32>::new()));
    let done = Arc::new(AtomicBool::new(false));
    let sampler = tokio::spawn({
        let (peak, seen, done) = (peak.clone(), seen.clone(), done.clone());
        let db = app.database_name.clone();
        async move {
            let mut conn = PgConnection::connect(&crate::helpers::server_url()).await.unwrap();
            while !done.load(Ordering::Relaxed) {
                let pids: Vec<i32> =
                    sqlx::query_scalar("SELECT pid FROM pg_stat_activity WHERE datname = $1")
                        .bind(&db)
                        .fetch_all(&mut conn)
                        .await
                        .unwrap();
                peak.fetch_max(pids.len() as i64, Ordering::Relaxed);
                seen.lock().unwrap().extend(pids);
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    });

    let statuses: Vec<(String, u16)> = stream::iter(slugs)
        .map(|slug| {
            let app = &app;
            async move {
                let res = app
                    .client
                    .get(app.url(&format!("/readyz?agency={slug}")))
                    .send()
                    .await
                    .unwrap();
                let status = res.status().as_u16();
                let body: serde_json::Value = res.json().await.unwrap();
                assert_eq!(body["agency"]["slug"], slug.as_str(), "{body}");
                (slug, status)
            }
        })
        .buffer_unordered(32)
        .collect()
        .await;
    done.store(true, Ordering::Relaxed);
    sampler.await.unwrap();

    assert!(statuses.iter().all(|(_, s)| *s == 200), "{statuses:?}");
    let peak = peak.load(Ordering::Relaxed);
    assert!(peak > 0, "the sampler saw no connections at all");
    assert!(peak <= i64::from(BUDGET), "peak of {peak} connections exceeds the budget of {BUDGET}");
    // Agencies share connections rather than opening their own: over a thousand agencies,
    // the server saw no more distinct connections than the budget allows at once.
    let distinct = seen.lock().unwrap().len();
    assert!(distinct <= BUDGET as usize, "{distinct} distinct connections for {AGENCIES} agencies");
}

#[tokio::test]
async fn the_portal_cli_creates_and_lists_agencies() {
    let app: TestApp = spawn_app().await;
    let portal = env!("CARGO_BIN_EXE_portal");
    let media = format!("file://{}", app.media_dir.display());
    let cli = |args: &[&str]| {
        std::process::Command::new(portal)
            .args(args)
            .env_clear()
            .env("DATABASE_URL", &app.database_url)
            .env("MEDIA_URL", &media)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    };

    let out = cli(&[
        "agency",
        "create",
        "--name",
        "Paleto Bay PD",
        "--domain",
        "paleto.example.org",
        "--short-name",
        "PBPD",
    ]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stdout).contains("created agency 'paleto-bay-pd'"));

    let out = cli(&["agency", "list"]);
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(
        listing.contains("paleto-bay-pd") && listing.contains("paleto.example.org"),
        "{listing}"
    );
    assert!(listing.contains("rawlife"), "{listing}");

    let out = cli(&["agency", "create", "--name", "Again", "--slug", "Paleto-Bay-PD"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("An agency with the slug 'paleto-bay-pd' already exists."));

    let out = cli(&["agency", "create", "--name", "  "]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Agency name is required."));

    // The new agency is served at once (the registry listener dropped the cached copy).
    let body = wait_for(|| async {
        let res = app.get("/api/agencies/paleto-bay-pd/config").await;
        (res.status() == 200).then_some(res)
    })
    .await;
    let body = json(body, 200).await;
    assert_eq!(body["shortName"], "PBPD");

    // Running migrate twice is a no-op and succeeds.
    for _ in 0..2 {
        let out = cli(&["migrate"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
}
