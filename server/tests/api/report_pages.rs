//! Report lists a page at a time (issue 29): newest first, `limit` bounded at 500, the next page
//! named by a `Link: <…?before={id}>; rel="next"` header that keeps the filters, the reader's
//! scope (their own reports, or every one for reviewers) kept on every page, and a cursor that
//! never reaches another agency's reports.

use reqwest::{Client, Method, Response};
use serde_json::Value;

use crate::{
    arrests::arrest,
    helpers::{json, send, Persona, TestApp},
    support::{app, file_report, link, BCSO, LSPD},
    use_of_force::report as uof,
};

const ARRESTS: &str = "/api/arrests";

/// Files `count` arrests as `client` in BCSO: their ids, oldest first.
async fn file(app: &TestApp, client: &Client, count: usize) -> Vec<i64> {
    let mut ids = Vec::new();
    for _ in 0..count {
        let filed = json(file_report(app, client, ARRESTS, BCSO, &arrest()).await, 201).await;
        ids.push(filed["id"].as_i64().unwrap());
    }
    ids
}

/// One page: the ids listed and the path of the next page (from `Link`), if any.
async fn page(
    app: &TestApp,
    client: &Client,
    path: &str,
    agency: &str,
) -> (Vec<i64>, Option<String>) {
    let response: Response = send(app, client, Method::GET, path, agency, None).await;
    let next = link(&response, "next");
    let body: Value = json(response, 200).await;
    let ids = body.as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect();
    (ids, next)
}

/// Every page from `path` on: the ids of each page.
async fn pages(app: &TestApp, client: &Client, path: &str, agency: &str) -> Vec<Vec<i64>> {
    let mut all = Vec::new();
    let mut next = Some(path.to_owned());
    while let Some(path) = next.take() {
        let (ids, link) = page(app, client, &path, agency).await;
        all.push(ids);
        next = link;
        assert!(all.len() < 20, "the pages end");
    }
    all
}

fn newest_first(ids: &[i64]) -> Vec<i64> {
    ids.iter().rev().copied().collect()
}

#[tokio::test]
async fn report_lists_come_a_page_at_a_time_newest_first_with_the_next_page_linked() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let command = app.as_persona(BCSO, Persona::Command).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let theirs = file(&app, &deputy, 5).await;
    let commands = file(&app, &command, 2).await;
    let every = newest_first(&[theirs.clone(), commands.clone()].concat());

    // A reviewer reads every report, three at a time, and the pages join up with nothing twice.
    let got = pages(&app, &supervisor, "/api/arrests?limit=3", BCSO).await;
    assert_eq!(got, vec![every[0..3].to_vec(), every[3..6].to_vec(), every[6..].to_vec()]);
    let (_, link) = page(&app, &supervisor, "/api/arrests?status=pending&limit=3", BCSO).await;
    assert_eq!(
        link.as_deref(),
        Some(format!("/api/arrests?status=pending&limit=3&before={}", every[2]).as_str()),
        "the filters are kept and the cursor is where the page ended"
    );
    // Without `limit` the page is 500: one page here, and no link.
    assert_eq!(pages(&app, &supervisor, ARRESTS, BCSO).await, vec![every.clone()]);

    // A member pages through their own reports only, and a cursor does not widen that.
    let own = pages(&app, &deputy, "/api/arrests?limit=2", BCSO).await;
    assert_eq!(own.concat(), newest_first(&theirs));
    assert_eq!(own.len(), 3);
    let beyond = format!("/api/arrests?before={}", commands[1] + 1);
    assert_eq!(page(&app, &deputy, &beyond, BCSO).await.0, newest_first(&theirs));
    // A reviewer's own list (their profile) pages the same way.
    assert_eq!(
        pages(&app, &command, "/api/arrests?mine=true&limit=1", BCSO).await,
        vec![vec![commands[1]], vec![commands[0]]]
    );

    // The page size is bounded: below one reads one, above 500 reads 500.
    assert_eq!(page(&app, &supervisor, "/api/arrests?limit=0", BCSO).await.0, vec![every[0]]);
    let (ids, link) = page(&app, &supervisor, "/api/arrests?limit=100000", BCSO).await;
    assert_eq!((ids, link), (every.clone(), None));
    let refused =
        send(&app, &supervisor, Method::GET, "/api/arrests?before=soon", BCSO, None).await;
    let error = json(refused, 400).await["error"].as_str().unwrap().to_owned();
    assert!(error.starts_with("Invalid query: ") && error.contains("before"), "{error}");
}

#[tokio::test]
async fn every_report_kind_pages_and_a_cursor_never_reaches_another_agency() {
    let app = app().await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let mut uofs = Vec::new();
    for n in 1..=3 {
        let filed = file_report(&app, &deputy, "/api/uof", BCSO, &uof(&n.to_string())).await;
        uofs.push(json(filed, 201).await["id"].as_i64().unwrap());
    }
    let got = pages(&app, &supervisor, "/api/uof?limit=2", BCSO).await;
    assert_eq!(got, vec![vec![uofs[2], uofs[1]], vec![uofs[0]]]);

    // LSPD's High Command, with a cursor past every BCSO report, reads LSPD's own reports
    // (each agency numbers its ids on its own), never BCSO's.
    let bcso = file(&app, &deputy, 3).await;
    let lspd = app.as_persona(LSPD, Persona::HighCommand).await;
    let mut theirs = Vec::new();
    for _ in 0..2 {
        let filed = json(file_report(&app, &lspd, ARRESTS, LSPD, &arrest()).await, 201).await;
        theirs.push(filed["id"].as_i64().unwrap());
    }
    let filed = json(file_report(&app, &lspd, "/api/uof", LSPD, &uof("1")).await, 201).await;
    let their_uof = filed["id"].as_i64().unwrap();
    let beyond = format!("/api/arrests?before={}&limit=500", bcso[2] + 1);
    assert_eq!(page(&app, &lspd, &beyond, LSPD).await, (newest_first(&theirs), None));
    let beyond = format!("/api/uof?before={}", uofs[2] + 1);
    assert_eq!(page(&app, &lspd, &beyond, LSPD).await, (vec![their_uof], None));
    // And BCSO's list, paged from past LSPD's ids, holds BCSO's only.
    let every = pages(&app, &supervisor, "/api/arrests?limit=2", BCSO).await.concat();
    assert_eq!(every, newest_first(&bcso));
}
