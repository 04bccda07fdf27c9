//! Demo data for `scripts/run`: the root agency plus two more, each with its own name,
//! domain, theme and home cards. Running it again changes nothing.

use serde_json::{json, Value};

use crate::{
    error::AppError,
    features::{
        agencies::model::AgencyDraft,
        structure::store::{starter_rank_id, STARTER_DEPARTMENT_ID},
    },
    state::AppState,
    tenancy::{registry, ROOT_SLUG},
};

struct DemoAgency {
    /// Prefix of the demo members' Discord ids, unique per agency.
    id_base: u64,
    slug: &'static str,
    name: &'static str,
    short_name: &'static str,
    domain: Option<&'static str>,
    description: &'static str,
    long_description: &'static str,
    theme: Value,
    links: Value,
}

fn demo_agencies() -> Vec<DemoAgency> {
    vec![
        DemoAgency {
            id_base: 100_000_000_000_000_000,
            slug: ROOT_SLUG,
            name: "RawLife Community",
            short_name: "RawLife",
            domain: None,
            description: "Administrative hub of the RawLife roleplay community.",
            long_description: "One portal for every RawLife department: rosters, structure, \
                catalogues, SOPs, reports and training, each agency with its own look and rules.",
            theme: json!({
                "heroTitle": "RawLife Community Portal",
                "heroCtaLabel": "Meet the departments",
                "heroCtaHref": "/about",
            }),
            links: json!({"discord": "https://discord.gg/rawlife"}),
        },
        DemoAgency {
            id_base: 200_000_000_000_000_000,
            slug: "bcso",
            name: "Blaine County Sheriff's Office",
            short_name: "BCSO",
            domain: Some("bcso.localhost"),
            description: "Serving the communities of Blaine County since 1921.",
            long_description: "Patrol, investigations and the marine unit of Blaine County: \
                find your roster entry, vehicle access, SOPs and training plan here.",
            theme: json!({
                "primaryColor": "#2f9e44",
                "primaryDark": "#237032",
                "accentColor": "#c9a227",
                "background": "#0b120d",
                "surface": "#111c14",
                "surfaceAlt": "#17261b",
                "textColor": "#f1f5ee",
                "buttonTextColor": "#0b120d",
                "heroTitle": "Blaine County Sheriff's Office",
                "heroSubtitle": "Integrity. Service. Courage.",
                "homeCards": [
                    {"title": "Duty roster", "description": "Who is on the department and where.", "href": "/roster"},
                    {"title": "Patrol vehicles", "description": "Units and liveries your rank may drive.", "href": "/structure/vehicles"},
                    {"title": "Policies", "description": "Standard operating procedures of the office.", "href": "/sops"}
                ]
            }),
            links: json!({"portal": "http://bcso.localhost:8080", "discord": "https://discord.gg/bcso"}),
        },
        DemoAgency {
            id_base: 300_000_000_000_000_000,
            slug: "lspd",
            name: "Los Santos Police Department",
            short_name: "LSPD",
            domain: Some("lspd.localhost"),
            description: "To protect and to serve the city of Los Santos.",
            long_description: "Mission Row, Vespucci and Vinewood divisions in one place: \
                rosters, field training, reports and command tools.",
            theme: json!({
                "primaryColor": "#1c7ed6",
                "primaryDark": "#1864ab",
                "accentColor": "#74c0fc",
                "background": "#0a0f1a",
                "surface": "#101828",
                "surfaceAlt": "#17223a",
                "textColor": "#e9eef7",
                "buttonTextColor": "#ffffff",
                "heroSubtitle": "To protect and to serve.",
                "heroBody": "Welcome to the LSPD portal. Check the roster, read the SOPs before \
                    your next shift and file reports right after the call.",
                "heroCtaLabel": "Open the roster",
                "heroCtaHref": "/roster",
                "homeCards": [
                    {"title": "Roster", "description": "Officers by division and rank.", "href": "/roster"},
                    {"title": "Field training", "description": "Your FTO sessions and checklists.", "href": "/fto/training"},
                    {"title": "Arrest report", "description": "", "href": "/reports/arrest"},
                    {"title": "", "description": "", "href": "/sops"}
                ]
            }),
            links: json!({"portal": "http://lspd.localhost:8080", "discord": "https://discord.gg/lspd"}),
        },
    ]
}

/// Creates the demo agencies that do not exist yet; fills the root agency's texts and theme
/// only while they are still empty, so edits made in the portal are kept.
pub async fn seed(state: &AppState) -> anyhow::Result<Vec<String>> {
    let mut created = Vec::new();
    for demo in demo_agencies() {
        if let Some(existing) = registry::fetch_by_slug(&state.control, demo.slug).await? {
            let untouched = existing.description.is_none()
                && existing.stored_theme.as_object().is_none_or(|t| t.is_empty());
            if untouched {
                sqlx::query(
                    "UPDATE agencies SET description = $2, long_description = $3, theme = $4, \
                         links = $5, updated_at = now() WHERE id = $1",
                )
                .bind(existing.id)
                .bind(demo.description)
                .bind(demo.long_description)
                .bind(&demo.theme)
                .bind(&demo.links)
                .execute(&state.control)
                .await?;
            }
            continue;
        }
        let draft = AgencyDraft {
            name: demo.name.into(),
            slug: Some(demo.slug.into()),
            short_name: Some(demo.short_name.into()),
            domain: demo.domain.map(Into::into),
            description: Some(demo.description.into()),
            long_description: Some(demo.long_description.into()),
            flags: Some(json!({"enableAgencyManagement": false})),
            theme: Some(demo.theme),
            links: Some(demo.links),
            owner: None,
        };
        let new = draft.validate().map_err(|e| anyhow::anyhow!(e))?;
        match state.provisioner.provision(new).await {
            Ok(agency) => created.push(agency.slug),
            Err(AppError::Conflict(_)) => {}
            Err(err) => {
                return Err(anyhow::anyhow!("cannot create demo agency {}: {err}", demo.slug))
            }
        }
    }
    state.registry.invalidate().await;
    for demo in demo_agencies() {
        if let Some(agency) = state.registry.by_slug(demo.slug).await? {
            let db = state.pools.get(&agency).await?;
            seed_members(&db, &agency, demo.id_base).await?;
            crate::demo_organisation::seed(&db, &state.media, &agency).await?;
            crate::demo_reports::seed(&db).await?;
            crate::demo_personnel::seed(&db, &agency).await?;
            crate::demo_catalogues::seed(&db, &agency).await?;
            crate::demo_duty::seed(&db).await?;
            crate::demo_analytics::seed(&db, &agency).await?;
            crate::demo_recruitment::seed(&db, &agency, demo.id_base).await?;
            crate::demo_discord::seed(state, &agency, &db).await?;
        }
    }
    Ok(created)
}

/// Demo members to sign in as: one per level of the starter department, while the roster is
/// still empty. Their Discord ids are `id_base + 1`, `+ 2`, … from the top level down.
async fn seed_members(
    db: &crate::tenancy::pools::TenantDb,
    agency: &crate::tenancy::Agency,
    id_base: u64,
) -> anyhow::Result<()> {
    const NAMES: [&str; 6] = [
        "Alex Mercer",
        "Jordan Reyes",
        "Sam Whitaker",
        "Casey Nguyen",
        "Riley Brooks",
        "Morgan Hale",
    ];
    let empty: bool =
        sqlx::query_scalar("SELECT NOT EXISTS (SELECT 1 FROM roster)").fetch_one(db).await?;
    let has_starter: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM departments WHERE id = $1)")
            .bind(STARTER_DEPARTMENT_ID)
            .fetch_one(db)
            .await?;
    if !empty || !has_starter {
        return Ok(());
    }
    let mut tx = db.begin().await?;
    for (i, level) in agency.flags.levels.iter().rev().enumerate() {
        let callsign =
            format!("{}-{:02}", agency.slug.to_uppercase().chars().next().unwrap_or('X'), 10 + i);
        sqlx::query(
            "INSERT INTO roster (name, callsign, region, discord_id, department_id, rank_id, hire_date, rank_change_date)
             VALUES ($1, $2, 'Los Santos', $3, $4, $5, CURRENT_DATE - ($6 * 97), CURRENT_DATE - ($6 * 23))",
        )
        .bind(NAMES[i % NAMES.len()])
        .bind(callsign)
        .bind((id_base + i as u64 + 1).to_string())
        .bind(STARTER_DEPARTMENT_ID)
        .bind(starter_rank_id(&level.id))
        .bind(i as i32 + 1)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
