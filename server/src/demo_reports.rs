//! Demo reports and training: a handful of use-of-force, arrest and ticket reports in
//! different review states, filed by the demo members, and two training templates with a
//! session in each state. Seeded once per agency (while it has no reports).

use anyhow::Context;
use chrono::{Duration, Utc};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use crate::tenancy::pools::TenantDb;

use crate::{
    access::viewer::Actor,
    features::{
        arrests::{self, model::ArrestDraft},
        penal_codes,
        structure::store::STARTER_DEPARTMENT_ID,
        tickets::{self, model::TicketDraft},
        training::{
            self,
            model::{Person, TemplateDraft},
        },
        use_of_force::{self, model::UofDraft},
    },
    shared::{
        report::ReviewRequest,
        review::{Request, ARREST, TICKET, USE_OF_FORCE},
    },
};

#[derive(sqlx::FromRow)]
struct Member {
    id: i64,
    name: String,
    discord_id: Option<String>,
    rank: String,
    callsign: Option<String>,
    level: String,
}

fn parse<T: DeserializeOwned>(value: Value) -> anyhow::Result<T> {
    Ok(serde_json::from_value(value)?)
}

fn actor(member: &Member) -> Actor {
    Actor { display: member.name.clone(), user_id: member.discord_id.clone() }
}

fn officer(member: &Member) -> Value {
    json!({"name": member.name, "rank": member.rank, "callsign": member.callsign.clone().unwrap_or_default()})
}

/// Seeds the demo reports and training of one agency.
pub async fn seed(db: &TenantDb) -> anyhow::Result<()> {
    // Each part once: an agency that has some kinds already (say, seeded before its penal
    // code catalogue existed) gets the missing ones.
    let kinds: Vec<String> =
        sqlx::query_scalar("SELECT DISTINCT kind FROM reports").fetch_all(db).await?;
    let has = |kind: &str| kinds.iter().any(|k| k == kind);
    let has_training: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM training_templates)")
        .fetch_one(db)
        .await?;
    let (has_uof, has_arrests, has_tickets) =
        (has(USE_OF_FORCE.kind), has(ARREST.kind), has(TICKET.kind));
    if has_uof && has_arrests && has_tickets && has_training {
        return Ok(());
    }
    let members: Vec<Member> = sqlx::query_as(
        "SELECT p.id, p.name, p.discord_id, r.name AS rank, p.callsign, r.level
         FROM roster p JOIN ranks r ON r.id = p.rank_id
         WHERE p.department_id = $1 AND p.discord_id IS NOT NULL ORDER BY p.id",
    )
    .bind(STARTER_DEPARTMENT_ID)
    .fetch_all(db)
    .await?;
    let by_level = |level: &str| members.iter().find(|m| m.level == level);
    let (Some(deputy), Some(supervisor), Some(command)) =
        (by_level("deputy"), by_level("supervisor"), by_level("command"))
    else {
        return Ok(()); // agencies with their own levels: no demo reports
    };
    let now = Utc::now();
    let day = |ago: i64| (now - Duration::days(ago)).format("%Y-%m-%dT%H:%M").to_string();
    let today = now.date_naive();
    let mut tx = db.begin().await?;

    // Use of force: pending, under review, in policy.
    let uof = |date: String, location: &str, types: Value, narrative: &str| {
        json!({"incidentDate": date, "location": location, "weather": "Clear", "jurisdiction": "County",
               "officers": [officer(deputy)], "subjectName": "Trevor Phillips", "subjectDescription": "Male, 40s, beard",
               "forceTypes": types, "forceDetails": "Two-second application.", "narrative": narrative,
               "evidence": [{"label": "Body camera", "url": "https://video.example.org/bodycam/1042"}]})
    };
    let uofs = [
        (
            uof(
                day(1),
                "Sandy Shores Airfield",
                json!(["Verbal Commands", "Taser"]),
                "The subject charged at the deputy after repeated commands.",
            ),
            None,
        ),
        (
            uof(
                day(4),
                "Route 68, mile 12",
                json!(["Control Holds"]),
                "The subject pulled away during handcuffing.",
            ),
            Some(vec![Request::Open]),
        ),
        (
            uof(
                day(9),
                "Paleto Bay Bank",
                json!(["OC Spray"]),
                "The subject refused to drop a bottle and advanced.",
            ),
            Some(vec![Request::Open, Request::Act("approve")]),
        ),
    ];
    for (body, reviews) in if has_uof { vec![] } else { uofs.to_vec() } {
        let draft = use_of_force::model::check_draft(parse::<UofDraft>(body)?, today)
            .map_err(anyhow::Error::msg)?;
        let (id, _) = use_of_force::store::REPORTS
            .insert(&mut tx, &draft.filing(), &actor(deputy))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        for request in reviews.unwrap_or_default() {
            let current =
                use_of_force::store::REPORTS.find(&mut tx, id, true).await?.context("filed")?;
            let review = ReviewRequest {
                request,
                notes: Some("Force was proportionate."),
                by_reviewer: true,
            };
            use_of_force::store::REPORTS
                .apply_review(&mut tx, &current, &review, &actor(supervisor))
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
        }
    }

    // Arrests: pending, approved, returned; charges from the agency's catalogue.
    let catalogue = penal_codes::store::load(&mut *tx).await?.items;
    // An agency whose catalogue was emptied has no charges to file.
    let charges_known = !catalogue.is_empty();
    let charge = |i: usize, count: i64| {
        let c = &catalogue[i % catalogue.len()];
        json!({"statute": c.statute, "charge": c.title, "count": count, "time": c.custody_max, "bond": c.fine_max})
    };
    let arrest = |date: String, location: &str, suspect: &str, charges: Value| {
        json!({"arrestType": "On view", "arrestDate": date, "location": location,
               "officers": [officer(deputy)], "suspect": {"name": suspect, "address": "Grove Street", "description": "Red hoodie"},
               "charges": charges, "narrative": "Observed the offence and detained the suspect without incident."})
    };
    if charges_known && !has_arrests {
        let arrests = [
            (arrest(day(0), "Vinewood Boulevard", "Lamar Davis", json!([charge(3, 1)])), vec![]),
            (
                arrest(
                    day(2),
                    "Del Perro Pier",
                    "Franklin Clinton",
                    json!([charge(10, 2), charge(20, 1)]),
                ),
                vec![Request::Open, Request::Act("approve")],
            ),
            (
                arrest(day(5), "Mirror Park", "Wade Hebert", json!([charge(30, 1)])),
                vec![Request::Open, Request::Act("return")],
            ),
        ];
        for (body, reviews) in arrests {
            let draft = arrests::model::check_arrest(parse::<ArrestDraft>(body)?, today)
                .map_err(anyhow::Error::msg)?;
            let (id, _) = arrests::store::ARRESTS
                .insert(&mut tx, &draft.filing(), &actor(deputy))
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            for request in reviews {
                let current =
                    arrests::store::ARRESTS.find(&mut tx, id, true).await?.context("filed")?;
                let notes = Some("Add the second officer's callsign.");
                let review = ReviewRequest { request, notes, by_reviewer: true };
                arrests::store::ARRESTS
                    .apply_review(&mut tx, &current, &review, &actor(supervisor))
                    .await
                    .map_err(|e| anyhow::anyhow!("{e}"))?;
            }
        }
    }

    // Tickets: the first infractions of the catalogue, at their minimum fines.
    let infractions: Vec<_> = catalogue
        .iter()
        .filter(|c| c.classification == "Infraction" && !has_tickets)
        .take(2)
        .collect();
    for (i, entry) in infractions.iter().enumerate() {
        let violator = ["Amanda De Santa", "Jimmy De Santa"][i % 2];
        let body = json!({"issuedAt": day(i as i64 + 1), "location": "Great Ocean Highway",
            "officer": officer(deputy), "violator": {"name": violator},
            "vehicle": {"plate": format!("4DEM0{i}"), "model": "Obey Tailgater", "colour": "Black"},
            "violations": [{"statute": entry.statute, "fine": entry.fine_min}], "notes": "Driver was polite."});
        let draft = tickets::model::check_ticket(parse::<TicketDraft>(body)?, &catalogue, today)
            .map_err(anyhow::Error::msg)?;
        tickets::store::TICKETS
            .insert(&mut tx, &draft.filing(), &actor(deputy))
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
    }

    if has_training {
        tx.commit().await?;
        return Ok(());
    }
    // Training: two templates, a session in each state.
    let patrol = training::store::insert_template(
        &mut *tx,
        &training::model::check_template(TemplateDraft {
            title: "Patrol phase one".into(),
            description: "The first two weeks on patrol with an FTO.".into(),
            steps: training::store::steps(&[
                ("Radio procedure and codes", true),
                ("Traffic stop, low risk", true),
                ("Report writing: arrest report", true),
                ("Vehicle pursuit policy briefing", false),
            ]),
        })
        .map_err(anyhow::Error::msg)?,
    )
    .await?;
    let traffic = training::store::insert_template(
        &mut *tx,
        &training::model::check_template(TemplateDraft {
            title: "Traffic enforcement".into(),
            description: "Speed enforcement, citations and collisions.".into(),
            steps: training::store::steps(&[
                ("Radar and lidar use", true),
                ("Issue a citation", true),
                ("Collision scene", false),
            ]),
        })
        .map_err(anyhow::Error::msg)?,
    )
    .await?;
    let person = |m: &Member| Person { id: m.id.to_string(), name: m.name.clone() };
    let (fto, trainee) = ([person(command)], [person(deputy)]);
    let sessions = [
        (&patrol, "Week one ride-along", "scheduled", 0),
        (&patrol, "Week two ride-along", "in_progress", 2),
        (&traffic, "Traffic day", "completed", 3),
    ];
    for (template, name, status, done) in sessions {
        let new = training::store::NewSession {
            template,
            session_name: name,
            scheduled_at: Some(Utc::now() + Duration::days(3)),
            notes: "Meet at the station at 18:00.",
            ftos: &fto,
            trainees: &trainee,
            created_by: &supervisor.name,
        };
        let mut session = training::store::insert_session(&mut *tx, &new).await?;
        session.status = status.into();
        for item in session.checklist.iter_mut().take(done) {
            item.done = true;
            item.done_at = Some(Utc::now() - Duration::days(1));
            item.done_by = Some(command.name.clone());
            item.done_by_id = Some(command.id.to_string());
        }
        training::store::save_session(&mut tx, &session).await?;
    }
    tx.commit().await?;
    Ok(())
}
