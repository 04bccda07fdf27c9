//! Demo recruitment (issue 26): one open application form per demo agency, with eight
//! questions of every kind, and applications from people on no roster at each stage: Taylor
//! Quinn just submitted, Jamie Ortiz at Interview with a note and two votes, Robin Park
//! accepted and ready to hire, Avery Stone denied with a reason (and free to apply again).
//! Drew Collins has not applied yet. Their Discord ids are the agency's demo base + 51 … 55,
//! accounts the Discord stand-in of `scripts/run` and the browser tests knows
//! (`scripts/lib/common.sh`), so one can sign in as an applicant. Seeded once per agency,
//! while it has no forms, through the feature's own store.

use std::collections::BTreeMap;

use chrono::{Duration, Utc};
use serde_json::{json, Value};

use crate::{
    features::recruitment::{
        model::{account_created_at, check_answers, default_stages, FormInput, Known, Question},
        store::{self, Applicant},
    },
    tenancy::{pools::TenantDb, Agency},
};

/// The demo applicants: offset from the agency's demo id base, name, Discord username.
pub const APPLICANTS: [(u64, &str, &str); 5] = [
    (51, "Taylor Quinn", "taylorquinn"),
    (52, "Jamie Ortiz", "jamieortiz"),
    (53, "Robin Park", "robinpark"),
    (54, "Avery Stone", "averystone"),
    (55, "Drew Collins", "drewcollins"),
];

fn question(id: &str, label: &str, kind: &str, required: bool, options: &[&str]) -> Question {
    Question {
        id: id.into(),
        label: label.into(),
        help: String::new(),
        kind: kind.into(),
        required,
        options: options.iter().map(|o| o.to_string()).collect(),
    }
}

fn questions(short_name: &str) -> Vec<Question> {
    vec![
        question("name", "Your character's full name", "short_text", true, &[]),
        Question {
            help: "You must be 16 or older to join.".into(),
            ..question("age", "Your age", "number", true, &[])
        },
        question(
            "playtime",
            "When do you usually play?",
            "choice",
            true,
            &["European evenings", "US evenings", "US late nights", "Weekends only"],
        ),
        question(
            "languages",
            "Languages you speak on the radio",
            "multiple_choice",
            false,
            &["English", "Spanish", "French", "German"],
        ),
        question("microphone", "Do you have a working microphone?", "yes_no", true, &[]),
        question("experience", "Your roleplay experience so far", "long_text", true, &[]),
        question("why", &format!("Why do you want to join {short_name}?"), "long_text", true, &[]),
        question("start", "When could you start?", "date", false, &[]),
    ]
}

/// Each demo applicant's answers, stage (by name), days since they applied, and what
/// reviewers did: (name, stage, days ago, answers).
fn applications() -> Vec<(&'static str, &'static str, i64, Value)> {
    vec![
        (
            "Taylor Quinn",
            "Submitted",
            1,
            json!({"name": "Taylor Quinn", "age": 22, "playtime": "US evenings",
                   "languages": ["English"], "microphone": true,
                   "experience": "Two years as a paramedic on another server; some dispatch.",
                   "why": "I want to do traffic work and learn from a field training officer."}),
        ),
        (
            "Jamie Ortiz",
            "Interview",
            4,
            json!({"name": "Jamie Ortiz", "age": 27, "playtime": "European evenings",
                   "languages": ["English", "Spanish"], "microphone": true,
                   "experience": "Led a small police department on a whitelisted server for a year.",
                   "why": "Your SOPs are the most thorough I have read; I want to work to them.",
                   "start": "2026-12-07"}),
        ),
        (
            "Robin Park",
            "Accepted",
            9,
            json!({"name": "Robin Park", "age": 19, "playtime": "US late nights",
                   "languages": ["English", "French"], "microphone": true,
                   "experience": "Civilian roleplay and a tow company; passed a mock traffic stop.",
                   "why": "Nights are short-staffed and I am on every night."}),
        ),
        (
            "Avery Stone",
            "Denied",
            12,
            json!({"name": "Avery Stone", "age": 16, "playtime": "Weekends only",
                   "microphone": false, "experience": "None yet.", "why": "Cars."}),
        ),
    ]
}

/// Seeds the demo form and applications of `agency` once (see the module's text); the demo
/// members' Discord ids start after `id_base`.
pub async fn seed(db: &TenantDb, agency: &Agency, id_base: u64) -> anyhow::Result<()> {
    let seeded: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM application_forms)").fetch_one(db).await?;
    if seeded {
        return Ok(());
    }
    let levels: Vec<String> = agency.flags.levels.iter().map(|l| l.id.clone()).collect();
    let short_name = agency.short_name.clone().unwrap_or_else(|| agency.name.clone());
    let input = FormInput {
        title: format!("Join {short_name}"),
        description:
            "Tell us about yourself. A supervisor reads every application; if it suits, \
            we invite you to an interview on Discord. You can follow your application on this page."
                .into(),
        is_open: true,
        questions: questions(&short_name),
        stages: None,
        reviewer_levels: vec![],
        reviewer_roles: vec![],
        version: None,
    };
    let form = input
        .validate(&Known { levels: &levels, roles: &[] })
        .map_err(|e| anyhow::anyhow!("demo form: {e}"))?;
    let mut tx = db.begin().await?;
    let form_id = store::insert_form(&mut tx, &form, "Demo data").await?;
    store::save_stages(&mut tx, form_id, &default_stages(), &[]).await?;
    let stages: Vec<(String, i64, String)> = store::stages(&mut *tx, &[form_id])
        .await?
        .into_iter()
        .map(|(_, s)| (s.name, s.id, s.kind))
        .collect();
    let stage = |name: &str| stages.iter().find(|(n, _, _)| n == name).cloned();
    let (Some(first), Some(_)) = (stage("Submitted"), stage("Denied")) else {
        anyhow::bail!("the demo form has no default stages");
    };
    let member = |n: u64| (id_base + n).to_string();
    for (name, stage_name, days_ago, answers) in applications() {
        let Some((offset, _, username)) = APPLICANTS.iter().find(|(_, n, _)| *n == name) else {
            continue;
        };
        let discord_id = member(*offset);
        let answers: BTreeMap<String, Value> = serde_json::from_value(answers)?;
        let answers = check_answers(&form.questions, &answers)
            .map_err(|e| anyhow::anyhow!("demo answers of {name}: {e}"))?;
        let applicant = Applicant {
            discord_id: &discord_id,
            discord_name: username,
            display_name: name,
            account_created_at: account_created_at(&discord_id).unwrap_or_else(Utc::now),
        };
        let id = store::insert_application(&mut tx, form_id, first.1, &applicant, &answers).await?;
        let Some((_, stage_id, kind)) = stage(stage_name) else { continue };
        let reviewer = match stage_name {
            "Denied" => "Jordan Reyes",
            _ => "Sam Whitaker",
        };
        let reason = (kind == "denied").then_some(
            "Applicants must be 17 or older and able to use a microphone; you are welcome to apply again later.",
        );
        if stage_id != first.1 {
            store::move_to(&mut tx, id, stage_id, &kind, reason, reviewer).await?;
        }
        if stage_name == "Interview" {
            store::add_note(
                &mut tx,
                id,
                "Interview booked for Saturday 20:00 in the briefing room channel. Good radio manner in the screening call.",
                "Sam Whitaker",
                Some(&member(3)),
            )
            .await?;
            store::set_vote(&mut tx, id, &member(3), "Sam Whitaker", Some("for")).await?;
            store::set_vote(&mut tx, id, &member(2), "Jordan Reyes", Some("for")).await?;
        }
        let applied = Utc::now() - Duration::days(days_ago);
        sqlx::query(
            "UPDATE applications SET created_at = $2, updated_at = greatest($2, now() - interval '1 day')
              WHERE id = $1",
        )
        .bind(id)
        .bind(applied)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
