//! Analytics (issue 25), through the HTTP API: every figure of every section against a small
//! data set whose answers are worked out by hand below (medians and 90th percentiles
//! included), a department's figures, period checks and empty periods with their sentences,
//! who may read them (a scoped commander their own department only), isolation between
//! agencies, answers cached until the agency's next write, and the root's overview of every
//! agency (one that does not answer is listed with its error).

use reqwest::{Client, Method};
use serde_json::{json, Value};

use crate::{
    helpers::{json, send, Persona, TestApp},
    support::{
        agency_db, file_report, get, post, refused, BCSO, LSPD, NO_PERMISSION, SIGN_IN_REQUIRED,
    },
};

/// The known period: 1 March to 30 April 2025 (61 days; ISO weeks 9 to 18).
const PERIOD: &str = "from=2025-03-01&to=2025-04-30";
const ROOT: &str = "rawlife";
const ROOT_HC: &str = "100000000000000042";

const P1: &str = "700000000000000001";
const P2: &str = "700000000000000002";
const P3: &str = "700000000000000003";

/// Runs `sql` in `slug`'s schema, behind the portal's back (its caches are not told).
async fn run(app: &TestApp, slug: &str, sql: &str) {
    sqlx::raw_sql(sql).execute(&*agency_db(app, slug).await).await.unwrap();
}

async fn analytics(
    app: &TestApp,
    client: &Client,
    agency: &str,
    section: &str,
    query: &str,
) -> Value {
    get(app, client, &format!("/api/analytics/{section}?{query}"), agency).await
}

/// The known data set of `slug`, in the period and around it. Its personas are at
/// Headquarters; a Patrol department holds Pat One (deputy), Pat Two (deputy, gone) and Pat
/// Three (sergeant); "No Rank" has neither rank nor department.
async fn seed(app: &TestApp, slug: &str) {
    let hq_deputy = Persona::Deputy.discord_id(slug);
    let hq_supervisor = Persona::Supervisor.discord_id(slug);
    let sql = format!(
        r#"
INSERT INTO departments (id, name, position) VALUES ('patrol', 'Patrol', 5);
INSERT INTO ranks (id, department_id, name, level, position) VALUES
    ('patrol-deputy', 'patrol', 'Patrol Deputy', 'deputy', 0),
    ('patrol-sergeant', 'patrol', 'Patrol Sergeant', 'supervisor', 1);
INSERT INTO roster (name, discord_id, department_id, rank_id, status, hire_date) VALUES
    ('Pat One', '{P1}', 'patrol', 'patrol-deputy', 'Active', '2025-03-10'),
    ('Pat Two', '{P2}', 'patrol', 'patrol-deputy', 'Inactive', '2025-03-20'),
    ('Pat Three', '{P3}', 'patrol', 'patrol-sergeant', 'Active', '2025-04-02'),
    ('No Rank', NULL, NULL, NULL, 'Active', '2024-01-01');

-- Roster log: promotions (P1 in March, the HQ deputy in March), a demotion (P3 in April), a
-- departure (P2 in April), a move at the same level and a return from leave (neither), and
-- a promotion after the period.
INSERT INTO rank_logs (change_id, ts, roster_id, roster_name, actor_display, field, before_value, after_value)
SELECT gen_random_uuid(), v.ts::timestamptz, r.id, r.name, 'Test', v.field, v.b, v.a FROM (VALUES
    ('2025-03-15 12:00+00', '{P1}', 'rank', 'Patrol Deputy', 'Patrol Sergeant'),
    ('2025-03-15 12:00+00', '{P1}', 'rankId', 'patrol-deputy', 'patrol-sergeant'),
    ('2025-03-20 12:00+00', '{hq_deputy}', 'rankId', 'headquarters-deputy', 'headquarters-supervisor'),
    ('2025-03-25 12:00+00', '{P1}', 'status', 'LOA', 'Active'),
    ('2025-04-05 12:00+00', '{P3}', 'rankId', 'patrol-sergeant', 'patrol-deputy'),
    ('2025-04-10 12:00+00', '{P2}', 'status', 'Active', 'Inactive'),
    ('2025-04-11 12:00+00', '{P1}', 'rankId', 'patrol-deputy', 'headquarters-deputy'),
    ('2025-05-02 12:00+00', '{P3}', 'rankId', 'patrol-deputy', 'patrol-sergeant')
) AS v (ts, discord, field, b, a) JOIN roster r ON r.discord_id = v.discord;

-- Reports, by incident day: W10 arrests 1 and 2 and ticket 1; W11 ticket 2 and use of force
-- 1 and 2; W16 use of force 3 (its RFC 3339 day, not UTC's); W18 arrest 3. Outside: arrest
-- 4, ticket 3 (28 February), and a ticket whose date is not one.
INSERT INTO reports (kind, number, incident_date, location, body, status, filed_by, filed_by_id, created_at) VALUES
    ('arrest', '1', '2025-03-03T09:00', 'X', '{{}}', 'approved', 'Pat One', '{P1}', '2025-03-03 10:00+00'),
    ('arrest', '2', '2025-03-05T22:30', 'X', '{{}}', 'approved', 'Deputy', '{hq_deputy}', '2025-03-05 23:00+00'),
    ('arrest', '3', '2025-04-29', 'X', '{{}}', 'pending', 'Pat Three', '{P3}', '2025-04-29 08:00+00'),
    ('arrest', '4', '2025-05-03', 'X', '{{}}', 'approved', 'Pat One', '{P1}', '2025-05-03 08:00+00'),
    ('ticket', '1', '2025-03-04T10:00', 'X', '{{}}', 'issued', 'Pat One', '{P1}', '2025-03-04 10:00+00'),
    ('ticket', '2', '2025-03-12', 'X', '{{}}', 'issued', 'Deputy', '{hq_deputy}', '2025-03-12 10:00+00'),
    ('ticket', '3', '2025-02-28T23:59', 'X', '{{}}', 'issued', 'Deputy', '{hq_deputy}', '2025-03-01 00:30+00'),
    ('ticket', '9', 'the day before', 'X', '{{}}', 'issued', 'Deputy', '{hq_deputy}', '2025-03-15 00:00+00'),
    ('use_of_force', '1', '2025-03-10T09:00', 'X', '{{"forceTypes": ["Taser", "Verbal Commands"]}}', 'in_policy', 'Pat One', '{P1}', '2025-03-10 10:00+00'),
    ('use_of_force', '2', '2025-03-11', 'X', '{{"forceTypes": ["Taser"]}}', 'in_policy', 'Deputy', '{hq_deputy}', '2025-03-11 00:00+00'),
    ('use_of_force', '3', '2025-04-20T23:00:00+05:00', 'X', '{{"forceTypes": ["OC Spray"]}}', 'pending', 'Pat Three', '{P3}', '2025-04-20 19:00+00');

-- Decisions (from filing or refiling): Sara 2 h (arrest 1), 4 h (arrest 2 returned), 10 h
-- (use of force 1), 24 h (use of force 2); Cole 6 h (arrest 2 approved after its refiling).
-- Not decisions: openings, the refiling, a signed outcome changed by a new signature, and
-- arrest 4's approval after the period.
INSERT INTO review_history (report_kind, report_id, from_status, to_status, actor, at)
SELECT v.kind, r.id, v.f, v.t, v.actor, v.at::timestamptz FROM (VALUES
    ('arrest', '1', 'pending', 'approved', 'Sara Supervisor', '2025-03-03 12:00+00'),
    ('arrest', '2', 'pending', 'under_review', 'Sara Supervisor', '2025-03-06 01:00+00'),
    ('arrest', '2', 'under_review', 'returned', 'Sara Supervisor', '2025-03-06 03:00+00'),
    ('arrest', '2', 'returned', 'pending', 'Deputy', '2025-03-07 00:00+00'),
    ('arrest', '2', 'pending', 'approved', 'Cole Command', '2025-03-07 06:00+00'),
    ('arrest', '4', 'pending', 'approved', 'Cole Command', '2025-05-03 09:00+00'),
    ('use_of_force', '1', 'pending', 'under_review', 'Sara Supervisor', '2025-03-10 11:00+00'),
    ('use_of_force', '1', 'under_review', 'in_policy', 'Sara Supervisor', '2025-03-10 20:00+00'),
    ('use_of_force', '2', 'pending', 'out_of_policy', 'Sara Supervisor', '2025-03-12 00:00+00'),
    ('use_of_force', '2', 'out_of_policy', 'in_policy', 'Cole Command', '2025-03-13 00:00+00')
) AS v (kind, number, f, t, actor, at) JOIN reports r ON r.kind = v.kind AND r.number = v.number
ORDER BY v.at;

-- Training: S1 W10 (3 h late), S2 without a scheduled time W11 (48 h from when it was made),
-- S3 scheduled W17 and open, S4 completed W12 before its scheduled time (0 h), S5 after.
INSERT INTO training_sessions (template_title, session_name, scheduled_at, status, trainees, created_by, created_at, completed_at)
SELECT 'Test', v.name, v.due::timestamptz, v.status,
       jsonb_build_array(jsonb_build_object('id', r.id::text, 'name', r.name)), 'Test',
       v.made::timestamptz, v.done::timestamptz
  FROM (VALUES
    ('S1', '{P1}', '2025-03-04 18:00+00', 'completed', '2025-03-01 00:00+00', '2025-03-04 21:00+00'),
    ('S2', '{hq_deputy}', NULL, 'completed', '2025-03-12 10:00+00', '2025-03-14 10:00+00'),
    ('S3', '{P3}', '2025-04-22 18:00+00', 'scheduled', '2025-04-01 00:00+00', NULL),
    ('S4', '{P1}', '2025-03-20 12:00+00', 'completed', '2025-03-02 00:00+00', '2025-03-19 12:00+00'),
    ('S5', '{P1}', '2025-06-01 12:00+00', 'completed', '2025-05-01 00:00+00', '2025-06-02 12:00+00')
  ) AS v (name, discord, due, status, made, done) JOIN roster r ON r.discord_id = v.discord;

-- Qualifications granted W10 (three, one since revoked) and W14; expiring from 30 April to
-- 30 May: Marksman twice (the last on 30 May), Pursuit driver once.
INSERT INTO qualifications (name) VALUES ('Marksman'), ('Pursuit driver');
INSERT INTO member_qualifications (roster_id, qualification_id, granted_on, expires_on, granted_by, source, revoked_at)
SELECT r.id, q.id, v.g::date, v.e::date, 'Test', 'command', v.revoked::timestamptz FROM (VALUES
    ('{P1}', 'Marksman', '2025-03-05', '2025-05-15', NULL),
    ('{hq_deputy}', 'Marksman', '2025-04-01', '2025-05-30', NULL),
    ('{P3}', 'Pursuit driver', '2025-02-01', '2025-05-01', NULL),
    ('{P2}', 'Pursuit driver', '2025-03-06', '2025-06-15', NULL),
    ('{hq_supervisor}', 'Pursuit driver', '2025-03-07', '2025-05-10', '2025-03-08 00:00+00')
) AS v (discord, q, g, e, revoked) JOIN roster r ON r.discord_id = v.discord JOIN qualifications q ON q.name = v.q;

-- Duty (UTC): P1 20:00-02:00 and the HQ deputy 21:30-23:00 on 3 March (W10); P3 from 22:00 on
-- 28 February to 03:00 on 1 March (3 h inside, W09); P1 from 23:00 on 30 April (1 h inside,
-- W18); P1 on 5 May (outside).
INSERT INTO duty_shifts (roster_id, started_at, ended_at, source, started_by)
SELECT r.id, v.s::timestamptz, v.e::timestamptz, 'portal', 'Test' FROM (VALUES
    ('{P1}', '2025-03-03 20:00+00', '2025-03-04 02:00+00'),
    ('{hq_deputy}', '2025-03-03 21:30+00', '2025-03-03 23:00+00'),
    ('{P3}', '2025-02-28 22:00+00', '2025-03-01 03:00+00'),
    ('{P1}', '2025-04-30 23:00+00', '2025-05-01 01:00+00'),
    ('{P1}', '2025-05-05 10:00+00', '2025-05-05 12:00+00')
) AS v (discord, s, e) JOIN roster r ON r.discord_id = v.discord;
UPDATE agency_settings SET inactive_after_days = 30;
"#
    );
    run(app, slug, &sql).await;
}

/// A few rows of agency B in the same period, which agency A's figures must never count.
async fn seed_other(app: &TestApp, slug: &str) {
    let deputy = Persona::Deputy.discord_id(slug);
    let sql = format!(
        r#"
INSERT INTO reports (kind, number, incident_date, location, body, status, filed_by, filed_by_id, created_at) VALUES
    ('arrest', '1', '2025-03-03', 'Y', '{{}}', 'pending', 'B', '{deputy}', '2025-03-03 10:00+00'),
    ('use_of_force', '1', '2025-03-04', 'Y', '{{"forceTypes": ["K9"]}}', 'pending', 'B', '{deputy}', '2025-03-04 10:00+00');
INSERT INTO duty_shifts (roster_id, started_at, ended_at, source, started_by)
SELECT id, '2025-03-03 08:00+00', '2025-03-03 18:00+00', 'portal', 'B' FROM roster WHERE discord_id = '{deputy}';
"#
    );
    run(app, slug, &sql).await;
}

fn find<'a>(list: &'a Value, key: &str, value: Value) -> &'a Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|v| v[key] == value)
        .unwrap_or_else(|| panic!("{key} = {value} in {list}"))
}

/// `[week, field]` pairs of the weeks with anything in `field`.
fn busy_weeks(answer: &Value, fields: &[&str]) -> Vec<(String, Vec<i64>)> {
    answer["weeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            (
                w["isoWeek"].as_str().unwrap().to_owned(),
                fields.iter().map(|f| w[f].as_i64().unwrap()).collect::<Vec<_>>(),
            )
        })
        .filter(|(_, counts)| counts.iter().any(|c| *c != 0))
        .collect()
}

fn week(iso: &str, counts: &[i64]) -> (String, Vec<i64>) {
    (iso.to_owned(), counts.to_vec())
}

#[tokio::test]
async fn each_section_answers_the_known_figures() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    seed(&app, LSPD).await;
    seed_other(&app, BCSO).await;
    let hc = app.as_persona(LSPD, Persona::HighCommand).await;

    // Strength: members now, and the roster's changes per month.
    let strength = analytics(&app, &hc, LSPD, "strength", PERIOD).await;
    assert_eq!(
        strength["period"],
        json!({"from": "2025-03-01", "to": "2025-04-30", "days": 61, "departmentId": null, "departmentName": null})
    );
    assert_eq!((strength["members"].clone(), strength["active"].clone()), (json!(8), json!(7)));
    assert_eq!(
        strength["byDepartment"],
        json!([
            {"departmentId": "headquarters", "department": "Headquarters", "members": 4, "active": 4},
            {"departmentId": "patrol", "department": "Patrol", "members": 3, "active": 2},
            {"departmentId": null, "department": null, "members": 1, "active": 1}
        ])
    );
    let ranks = &strength["byRank"];
    assert_eq!(ranks.as_array().unwrap().len(), 7, "four at Headquarters, two at Patrol, no rank");
    let rank = |id: Value| {
        let r = find(ranks, "rankId", id);
        (r["members"].as_i64().unwrap(), r["active"].as_i64().unwrap())
    };
    assert_eq!(rank(json!("patrol-deputy")), (2, 1));
    assert_eq!(rank(json!("patrol-sergeant")), (1, 1));
    assert_eq!(rank(json!("headquarters-deputy")), (1, 1));
    assert_eq!(rank(Value::Null), (1, 1));
    assert_eq!(find(ranks, "rankId", json!("patrol-sergeant"))["level"], "supervisor");
    assert_eq!(
        strength["months"],
        json!([
            {"month": "2025-03-01", "hires": 2, "departures": 0, "promotions": 2, "demotions": 0},
            {"month": "2025-04-01", "hires": 1, "departures": 1, "promotions": 0, "demotions": 1}
        ])
    );
    assert_eq!(
        strength["totals"],
        json!({"hires": 3, "departures": 1, "promotions": 2, "demotions": 1})
    );
    assert_eq!(
        (strength["empty"].clone(), strength["emptyMessage"].clone()),
        (json!(false), Value::Null)
    );

    // Reports: per ISO week by incident day, force types, outcomes, turnaround, returned.
    let reports = analytics(&app, &hc, LSPD, "reports", PERIOD).await;
    assert_eq!(reports["weeks"].as_array().unwrap().len(), 10, "W09 to W18");
    assert_eq!(
        reports["weeks"][0],
        json!({"week": "2025-02-24", "isoWeek": "2025-W09", "arrests": 0, "tickets": 0, "useOfForce": 0})
    );
    assert_eq!(
        busy_weeks(&reports, &["arrests", "tickets", "useOfForce"]),
        [
            week("2025-W10", &[2, 1, 0]),
            week("2025-W11", &[0, 1, 2]),
            week("2025-W16", &[0, 0, 1]),
            week("2025-W18", &[1, 0, 0])
        ]
    );
    assert_eq!(reports["totals"], json!({"arrests": 3, "tickets": 2, "useOfForce": 3}));
    assert_eq!(
        reports["forceTypes"],
        json!([
            {"forceType": "Taser", "reports": 2},
            {"forceType": "OC Spray", "reports": 1},
            {"forceType": "Verbal Commands", "reports": 1}
        ])
    );
    assert_eq!(
        reports["outcomes"],
        json!([
            {"status": "pending", "reports": 1}, {"status": "under_review", "reports": 0},
            {"status": "in_policy", "reports": 2}, {"status": "out_of_policy", "reports": 0}
        ])
    );
    // Sara: 2, 4, 10 and 24 hours: median (4 + 10) / 2 = 7; p90 at 0.9 × 3 = 2.7 places in,
    // 10 + 0.7 × (24 − 10) = 19.8. Cole: 6 hours from the refiling, not from the filing.
    assert_eq!(
        reports["reviewers"],
        json!([
            {"reviewer": "Sara Supervisor", "decisions": 4, "medianHours": 7.0, "p90Hours": 19.8},
            {"reviewer": "Cole Command", "decisions": 1, "medianHours": 6.0, "p90Hours": 6.0}
        ])
    );
    assert_eq!(reports["returned"], json!({"decisions": 3, "returned": 1, "rate": 0.3333}));
    assert_eq!(reports["empty"], false);

    // Training: per week, the median completion time, expiring qualifications.
    let training = analytics(&app, &hc, LSPD, "training", PERIOD).await;
    assert_eq!(
        busy_weeks(&training, &["scheduled", "completed", "qualificationsGranted"]),
        [
            week("2025-W10", &[1, 1, 3]),
            week("2025-W11", &[1, 1, 0]),
            week("2025-W12", &[1, 1, 0]),
            week("2025-W14", &[0, 0, 1]),
            week("2025-W17", &[1, 0, 0])
        ]
    );
    assert_eq!(
        training["totals"],
        json!({"scheduled": 4, "completed": 3, "qualificationsGranted": 4})
    );
    // 3, 48 and 0 hours: the median is 3.
    assert_eq!(training["completion"], json!({"sessions": 3, "medianHours": 3.0}));
    assert_eq!(
        training["expiring"],
        json!({"from": "2025-04-30", "until": "2025-05-30", "total": 3, "byQualification": [
            {"qualificationId": training["expiring"]["byQualification"][0]["qualificationId"], "name": "Marksman", "members": 2},
            {"qualificationId": training["expiring"]["byQualification"][1]["qualificationId"], "name": "Pursuit driver", "members": 1}
        ]})
    );

    // Duty: hours per week and department, member-hours per hour of the day, inactive now.
    let duty = analytics(&app, &hc, LSPD, "duty", PERIOD).await;
    assert_eq!(duty["totals"], json!({"hours": 11.5, "shifts": 4, "members": 3}));
    let busy: Vec<(String, f64, Value)> = duty["weeks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["hours"].as_f64().unwrap() > 0.0)
        .map(|w| {
            (
                w["isoWeek"].as_str().unwrap().to_owned(),
                w["hours"].as_f64().unwrap(),
                w["departments"].clone(),
            )
        })
        .collect();
    assert_eq!(
        busy,
        [
            (
                "2025-W09".to_owned(),
                3.0,
                json!([{"departmentId": "patrol", "department": "Patrol", "hours": 3.0}])
            ),
            (
                "2025-W10".to_owned(),
                7.5,
                json!([
                    {"departmentId": "headquarters", "department": "Headquarters", "hours": 1.5},
                    {"departmentId": "patrol", "department": "Patrol", "hours": 6.0}
                ])
            ),
            (
                "2025-W18".to_owned(),
                1.0,
                json!([{"departmentId": "patrol", "department": "Patrol", "hours": 1.0}])
            ),
        ]
    );
    let hours: Vec<f64> = duty["hoursOfDay"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["memberHours"].as_f64().unwrap())
        .collect();
    let mut expected = [0.0; 24];
    for (hour, value) in [(0, 2.0), (1, 2.0), (2, 1.0), (20, 1.0), (21, 1.5), (22, 2.0), (23, 2.0)]
    {
        expected[hour] = value;
    }
    assert_eq!(hours, expected);
    assert_eq!(
        duty["hoursOfDay"][0],
        json!({"hour": 0, "memberHours": 2.0, "averageOnDuty": 0.03})
    );
    // Active and quiet for 30 days: Pat One, Pat Three, No Rank and the HQ deputy (last shift
    // in March); Pat Two has left; the other personas were hired today.
    assert_eq!(duty["inactive"], json!({"afterDays": 30, "members": 4}));
    assert_eq!(duty["empty"], false);

    // Agency B's rows are B's alone.
    let b_hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let theirs = analytics(&app, &b_hc, BCSO, "reports", PERIOD).await;
    assert_eq!(theirs["totals"], json!({"arrests": 1, "tickets": 0, "useOfForce": 1}));
    assert_eq!(theirs["forceTypes"], json!([{"forceType": "K9", "reports": 1}]));
    let their_duty = analytics(&app, &b_hc, BCSO, "duty", PERIOD).await;
    assert_eq!(their_duty["totals"], json!({"hours": 10.0, "shifts": 1, "members": 1}));
    assert_eq!(
        their_duty["inactive"],
        json!({"afterDays": null, "members": null}),
        "B sets no limit"
    );
}

#[tokio::test]
async fn a_department_narrows_every_section() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    seed(&app, LSPD).await;
    let hc = app.as_persona(LSPD, Persona::HighCommand).await;
    let query = format!("{PERIOD}&department=patrol");

    let strength = analytics(&app, &hc, LSPD, "strength", &query).await;
    assert_eq!(strength["period"]["departmentId"], "patrol");
    assert_eq!(strength["period"]["departmentName"], "Patrol");
    assert_eq!((strength["members"].clone(), strength["active"].clone()), (json!(3), json!(2)));
    let ranks: Vec<&Value> =
        strength["byRank"].as_array().unwrap().iter().map(|r| &r["rankId"]).collect();
    assert_eq!(ranks, [&json!("patrol-deputy"), &json!("patrol-sergeant")]);
    assert_eq!(
        strength["totals"],
        json!({"hires": 3, "departures": 1, "promotions": 1, "demotions": 1})
    );

    let reports = analytics(&app, &hc, LSPD, "reports", &query).await;
    assert_eq!(reports["totals"], json!({"arrests": 2, "tickets": 1, "useOfForce": 2}));
    // Sara's two Patrol decisions, 2 and 10 hours: median 6, p90 2 + 0.9 × 8 = 9.2.
    assert_eq!(
        reports["reviewers"],
        json!([{"reviewer": "Sara Supervisor", "decisions": 2, "medianHours": 6.0, "p90Hours": 9.2}])
    );
    assert_eq!(reports["returned"], json!({"decisions": 1, "returned": 0, "rate": 0.0}));

    let training = analytics(&app, &hc, LSPD, "training", &query).await;
    assert_eq!(
        training["totals"],
        json!({"scheduled": 3, "completed": 2, "qualificationsGranted": 2})
    );
    assert_eq!(training["completion"], json!({"sessions": 2, "medianHours": 1.5}));
    assert_eq!(training["expiring"]["total"], 2);

    let duty = analytics(&app, &hc, LSPD, "duty", &query).await;
    assert_eq!(duty["totals"], json!({"hours": 10.0, "shifts": 3, "members": 2}));
    assert_eq!(duty["inactive"], json!({"afterDays": 30, "members": 2}));
}

#[tokio::test]
async fn periods_are_checked_and_refused_with_a_sentence() {
    let app = TestApp::builder().agency(LSPD, "Los Santos Police Department").build().await;
    let hc = app.as_persona(LSPD, Persona::HighCommand).await;
    let ask = |query: &str| {
        let (app, hc) = (&app, &hc);
        let path = format!("/api/analytics/reports?{query}");
        async move { send(app, hc, Method::GET, &path, LSPD, None).await }
    };
    refused(ask("from=2025-01-01&to=2026-01-02").await, 400, "A period spans at most 366 days.")
        .await;
    refused(ask("from=2025-03-02&to=2025-03-01").await, 400, "To must be on or after From.").await;
    refused(ask("from=March").await, 400, "From must be a date such as 2026-11-20.").await;
    refused(ask("to=2025-02-30").await, 400, "To must be a date such as 2026-11-20.").await;
    refused(ask("department=marine").await, 400, "There is no department 'marine'.").await;
    // A leap year is 366 days and allowed; the default is the last 30 days.
    let leap = json(ask("from=2024-01-01&to=2024-12-31").await, 200).await;
    assert_eq!(leap["period"]["days"], 366);
    let default = json(ask("").await, 200).await;
    assert_eq!(default["period"]["days"], 30);
    assert_eq!(default["period"]["to"], json!(chrono::Utc::now().date_naive()));
    refused(
        send(&app, &hc, Method::GET, "/api/analytics/morale", LSPD, None).await,
        404,
        "There is no analytics section 'morale'; use strength, reports, training or duty.",
    )
    .await;
}

#[tokio::test]
async fn a_period_without_data_says_so() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    seed(&app, LSPD).await;
    let hc = app.as_persona(LSPD, Persona::HighCommand).await;
    let quiet = "from=2020-01-01&to=2020-01-31";
    let expect = [
        ("strength", "No roster changes in this period"),
        ("reports", "No reports in this period"),
        ("training", "No training in this period"),
        ("duty", "No duty in this period"),
    ];
    for (section, sentence) in expect {
        let answer = analytics(&app, &hc, LSPD, section, quiet).await;
        assert_eq!(
            (answer["empty"].clone(), answer["emptyMessage"].clone()),
            (json!(true), json!(sentence)),
            "{section}"
        );
    }
    let reports = analytics(&app, &hc, LSPD, "reports", quiet).await;
    assert_eq!(reports["weeks"].as_array().unwrap().len(), 5, "empty weeks are still listed");
    assert!(reports["weeks"].as_array().unwrap().iter().all(|w| w["arrests"] == 0));
    assert_eq!(reports["reviewers"], json!([]));
    assert_eq!(reports["returned"], json!({"decisions": 0, "returned": 0, "rate": null}));
    let training = analytics(&app, &hc, LSPD, "training", quiet).await;
    assert_eq!(training["completion"], json!({"sessions": 0, "medianHours": null}));
    let strength = analytics(&app, &hc, LSPD, "strength", quiet).await;
    assert_eq!(strength["members"], 8, "the members now are answered all the same");
}

#[tokio::test]
async fn only_those_who_see_command_analytics_read_them() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let path = "/api/analytics/strength";
    for (persona, status) in [
        (Persona::Visitor, 401),
        (Persona::Deputy, 403),
        (Persona::Supervisor, 403),
        (Persona::Command, 200),
        (Persona::HighCommand, 200),
    ] {
        let client = app.as_persona(LSPD, persona).await;
        let answer = send(&app, &client, Method::GET, path, LSPD, None).await;
        assert_eq!(answer.status(), status, "{persona:?}");
        match status {
            401 => refused(answer, 401, SIGN_IN_REQUIRED).await,
            403 => refused(answer, 403, NO_PERMISSION).await,
            _ => {}
        }
    }
    // Another agency's High Command is nobody here.
    let b_hc = app.as_persona(BCSO, Persona::HighCommand).await;
    refused(send(&app, &b_hc, Method::GET, path, LSPD, None).await, 403, NO_PERMISSION).await;
    // No API token reads analytics: not another agency's, not this agency's own.
    let token = |agency: &'static str| {
        let app = &app;
        async move {
            let hc = app.as_persona(agency, Persona::HighCommand).await;
            let made = json(
                post(
                    app,
                    &hc,
                    "/api/tokens",
                    agency,
                    json!({"name": "MDT", "scopes": ["roster:read"]}),
                )
                .await,
                201,
            )
            .await;
            made["secret"].as_str().unwrap().to_owned()
        }
    };
    for (secret, status, message) in [
        (token(BCSO).await, 401, portal::access::tokens::INVALID),
        (token(LSPD).await, 403, portal::access::tokens::NOT_FOR_TOKENS),
    ] {
        let answer = Client::new()
            .get(app.url(path))
            .header("x-agency-slug", LSPD)
            .bearer_auth(secret)
            .send()
            .await
            .unwrap();
        refused(answer, status, message).await;
    }
}

#[tokio::test]
async fn a_commander_scoped_to_a_department_sees_its_figures_only() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    seed(&app, LSPD).await;
    run(&app, LSPD, "UPDATE agency_settings SET scoped_levels = '{command}'").await;
    let command = app.as_persona(LSPD, Persona::Command).await;
    let own = analytics(&app, &command, LSPD, "strength", PERIOD).await;
    assert_eq!(own["period"]["departmentId"], "headquarters");
    assert_eq!(own["members"], 4);
    assert_eq!(own["totals"]["promotions"], 1, "the HQ deputy's, not Patrol's");
    let reports = analytics(&app, &command, LSPD, "reports", PERIOD).await;
    assert_eq!(reports["totals"], json!({"arrests": 1, "tickets": 1, "useOfForce": 1}));
    refused(
        send(
            &app,
            &command,
            Method::GET,
            &format!("/api/analytics/duty?{PERIOD}&department=patrol"),
            LSPD,
            None,
        )
        .await,
        403,
        "You command Headquarters only; analytics show its figures and no other department's.",
    )
    .await;
    let asked =
        analytics(&app, &command, LSPD, "duty", &format!("{PERIOD}&department=headquarters")).await;
    assert_eq!(asked["totals"], json!({"hours": 1.5, "shifts": 1, "members": 1}));
    // High Command is never scoped.
    let hc = app.as_persona(LSPD, Persona::HighCommand).await;
    assert_eq!(analytics(&app, &hc, LSPD, "strength", PERIOD).await["members"], 8);
}

#[tokio::test]
async fn answers_are_cached_until_the_agency_next_writes() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let deputy = app.as_persona(BCSO, Persona::Deputy).await;
    let day = chrono::Utc::now().date_naive() - chrono::Duration::days(2);
    let before = analytics(&app, &hc, BCSO, "reports", "").await;
    assert_eq!(before["empty"], true);

    // Written behind the portal's back: the cached answer stands.
    run(
        &app,
        BCSO,
        &format!(
            "INSERT INTO reports (kind, number, incident_date, location, body, status, filed_by)
             VALUES ('ticket', '77', '{day}', 'Z', '{{}}', 'issued', 'Someone')"
        ),
    )
    .await;
    assert_eq!(analytics(&app, &hc, BCSO, "reports", "").await, before);
    let agency = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    let key = format!(
        "reports:{}:{}:",
        chrono::Utc::now().date_naive() - chrono::Duration::days(29),
        chrono::Utc::now().date_naive()
    );
    assert!(app.state.access_cache.has_json(agency.id, "analytics", &key).await);

    // Any write through the portal drops the agency's answers: both reports now count.
    let mut arrest = crate::arrests::arrest();
    arrest["arrestDate"] = json!(format!("{day}T21:30"));
    json(file_report(&app, &deputy, "/api/arrests", BCSO, &arrest).await, 201).await;
    let after = analytics(&app, &hc, BCSO, "reports", "").await;
    assert_eq!(after["totals"], json!({"arrests": 1, "tickets": 1, "useOfForce": 0}));
    assert_eq!(after["empty"], false);
}

#[tokio::test]
async fn a_session_completed_through_the_portal_counts_from_that_moment() {
    let app = TestApp::builder().agency(BCSO, "Blaine County Sheriff's Office").build().await;
    let supervisor = app.as_persona(BCSO, Persona::Supervisor).await;
    let hc = app.as_persona(BCSO, Persona::HighCommand).await;
    let template = json(
        post(
            &app,
            &supervisor,
            "/api/trainings",
            BCSO,
            json!({"title": "Patrol", "steps": [{"id": "s1", "text": "Radio", "required": true}]}),
        )
        .await,
        201,
    )
    .await;
    let deputy_id: i64 = sqlx::query_scalar("SELECT id FROM roster WHERE discord_id = $1")
        .bind(Persona::Deputy.discord_id(BCSO))
        .fetch_one(&*agency_db(&app, BCSO).await)
        .await
        .unwrap();
    let session = json(
        post(
            &app,
            &supervisor,
            "/api/trainings/assign",
            BCSO,
            json!({"templateId": template["id"],
            "trainees": [{"id": deputy_id.to_string(), "name": "Deputy"}]}),
        )
        .await,
        201,
    )
    .await;
    let path = format!("/api/trainings/assignments/{}", session["id"]);
    let done =
        send(&app, &supervisor, Method::PATCH, &path, BCSO, Some(&json!({"status": "completed"})))
            .await;
    json(done, 200).await;
    let training = analytics(&app, &hc, BCSO, "training", "").await;
    assert_eq!(training["totals"]["completed"], 1);
    assert_eq!(training["totals"]["scheduled"], 1, "made today without a scheduled time");
    assert_eq!(training["completion"]["sessions"], 1);
    // Back to in progress: no longer completed.
    let reopened = send(
        &app,
        &supervisor,
        Method::PATCH,
        &path,
        BCSO,
        Some(&json!({"status": "in_progress"})),
    )
    .await;
    json(reopened, 200).await;
    assert_eq!(analytics(&app, &hc, BCSO, "training", "").await["totals"]["completed"], 0);
}

/// Root High Command of `app` (on the root agency's roster).
async fn root_hc(app: &TestApp) -> Client {
    app.add_member(ROOT, ROOT_HC, "Rosa Root", "high_command").await;
    app.signed_in(ROOT_HC).await
}

async fn overview_seed(app: &TestApp) {
    let deputy = Persona::Deputy.discord_id(BCSO);
    let supervisor = Persona::Supervisor.discord_id(BCSO);
    let today = chrono::Utc::now().date_naive();
    run(
        app,
        BCSO,
        &format!(
            "INSERT INTO reports (kind, number, incident_date, location, body, status, filed_by, filed_by_id) VALUES
                 ('arrest', '1', '{today}', 'Y', '{{}}', 'pending', 'Deputy', '{deputy}'),
                 ('ticket', '1', '{today}', 'Y', '{{}}', 'issued', 'Deputy', '{deputy}'),
                 ('use_of_force', '1', '2020-01-01', 'Y', '{{}}', 'under_review', 'Deputy', '{deputy}');
             INSERT INTO duty_shifts (roster_id, started_at, ended_at, source, started_by)
             SELECT id, now() - interval '3 days', now() - interval '3 days' + interval '4 hours', 'portal', 'S'
               FROM roster WHERE discord_id = '{supervisor}';"
        ),
    )
    .await;
}

#[tokio::test]
async fn the_root_sees_every_agency_on_one_page_and_nobody_else_does() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    overview_seed(&app).await;
    let root = root_hc(&app).await;
    let overview = get(&app, &root, "/api/analytics/agencies", ROOT).await;
    let slugs: Vec<&str> = overview["agencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["slug"].as_str().unwrap())
        .collect();
    assert_eq!(slugs.len(), 3);
    for slug in [ROOT, BCSO, LSPD] {
        assert!(slugs.contains(&slug), "{slug} in {slugs:?}");
    }
    let line = |slug: &str| find(&overview["agencies"], "slug", json!(slug)).clone();
    // BCSO: four personas; the deputy filed today's reports and the supervisor was on duty.
    assert_eq!(
        line(BCSO),
        json!({"slug": "bcso", "name": "Blaine County Sheriff's Office", "hidden": false, "members": 4,
               "active30Days": 2, "reports30Days": 2, "pendingReviews": 2, "error": null})
    );
    assert_eq!(
        (
            line(LSPD)["members"].clone(),
            line(LSPD)["reports30Days"].clone(),
            line(LSPD)["pendingReviews"].clone()
        ),
        (json!(4), json!(0), json!(0))
    );
    assert_eq!(line(ROOT)["members"], 1);
    assert_eq!(overview["failed"], 0);

    // Not the root's High Command: refused, whoever and wherever they are.
    let bcso_hc = app.as_persona(BCSO, Persona::HighCommand).await;
    refused(
        send(&app, &bcso_hc, Method::GET, "/api/analytics/agencies", BCSO, None).await,
        403,
        portal::access::guard::ROOT_ONLY,
    )
    .await;
    refused(
        send(&app, &bcso_hc, Method::GET, "/api/analytics/agencies", ROOT, None).await,
        403,
        portal::access::guard::AGENCIES_REFUSAL,
    )
    .await;
    refused(
        send(&app, &app.browser(), Method::GET, "/api/analytics/agencies", ROOT, None).await,
        401,
        SIGN_IN_REQUIRED,
    )
    .await;
}

#[tokio::test]
async fn an_agency_that_does_not_answer_is_listed_with_its_error() {
    let app = TestApp::builder().sheriff_and_police().build().await;
    let root = root_hc(&app).await;
    let bcso = app.state.registry.by_slug(BCSO).await.unwrap().unwrap();
    // Another session holds BCSO's roster locked for longer than the overview waits.
    let mut admin = app.admin().await;
    sqlx::raw_sql(&format!(
        "BEGIN; LOCK TABLE \"{}\".roster IN ACCESS EXCLUSIVE MODE;",
        bcso.schema_name
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    let started = std::time::Instant::now();
    let overview = get(&app, &root, "/api/analytics/agencies", ROOT).await;
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "bounded: {:?}",
        started.elapsed()
    );
    sqlx::raw_sql("ROLLBACK").execute(&mut admin).await.unwrap();
    assert_eq!(overview["failed"], 1);
    let line = find(&overview["agencies"], "slug", json!(BCSO));
    assert_eq!(line["error"], portal::features::analytics::routes::TIMED_OUT);
    assert_eq!(line["members"], Value::Null);
    assert_eq!(
        find(&overview["agencies"], "slug", json!(LSPD))["members"],
        4,
        "the others are read"
    );
    // The connection went back clean: BCSO answers again at once.
    let again = get(&app, &root, "/api/analytics/agencies", ROOT).await;
    assert_eq!(again["failed"], 0);
}
