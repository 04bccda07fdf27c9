//! Demo sign-in (`PORTAL_DEMO=1`, loopback only): pick a demo member, or a demo applicant on
//! no roster, instead of Discord.

use axum::{
    http::StatusCode,
    response::{IntoResponse, Redirect, Response},
};
use serde::Deserialize;
use tower_sessions::Session;

use crate::{
    access::{
        cache::{self, Change},
        member::RosterEntry,
        store as roster,
    },
    error::AppResult,
    extract::Services,
    extract::{FormBody, QueryParams},
    identity::IdentityState,
    identity::{
        discord::DiscordUser,
        handoff,
        oauth::{safe_return_to, StartQuery},
        pages::{escape, page},
        session, users,
    },
    tenancy::Agency,
};

pub const DEMO_REFUSED: &str =
    "Demo sign-in is only available when the portal runs with PORTAL_DEMO=1 on a loopback address.";

fn refused() -> Response {
    page(
        StatusCode::FORBIDDEN,
        "Demo sign-in unavailable",
        &format!("<p>{}</p>", escape(DEMO_REFUSED)),
    )
}

/// The people of one demo agency to sign in as: its demo members, highest ranks first, and
/// people who applied to join and are on no roster (issue 26; Discord id and name), who sign
/// in to follow their application or to apply.
struct DemoPeople {
    agency: std::sync::Arc<Agency>,
    members: Vec<RosterEntry>,
    applicants: Vec<(String, String)>,
}

/// The demo people of every visible agency.
async fn demo_people(state: &impl IdentityState) -> AppResult<Vec<DemoPeople>> {
    let snapshot = state.registry().snapshot().await?;
    let mut out = Vec::new();
    for agency in snapshot.all().iter().filter(|a| !a.flags.hidden) {
        let db = state.pools().get(agency).await?;
        let applicants = sqlx::query_as(
            "SELECT DISTINCT ON (a.applicant_id) a.applicant_id, a.display_name FROM applications a
              WHERE NOT EXISTS (SELECT 1 FROM roster r WHERE btrim(r.discord_id) = a.applicant_id)
              ORDER BY a.applicant_id, a.id DESC LIMIT 12",
        )
        .fetch_all(&*db)
        .await?;
        let members = roster::with_discord_ids(&*db, 12).await?;
        out.push(DemoPeople { agency: agency.clone(), members, applicants });
    }
    Ok(out)
}

/// `GET /auth/demo`: the demo members to sign in as.
pub async fn choose<S: IdentityState>(
    Services(state): Services<S>,
    QueryParams(query): QueryParams<StartQuery>,
) -> AppResult<Response> {
    if !state.config().demo_sign_in() {
        return Ok(refused());
    }
    let back = escape(&safe_return_to(query.return_to.as_deref()));
    // Checked again when the form comes back.
    let for_host = escape(query.for_host.as_deref().unwrap_or_default());
    let nonce = escape(query.nonce.as_deref().unwrap_or_default());
    let mut body = String::from(
        r#"<p><span class="badge">Demo mode</span></p><p>This portal runs with demo data. Choose someone to sign in as; Discord is not contacted.</p>"#,
    );
    for DemoPeople { agency, members, applicants } in demo_people(&state).await? {
        body.push_str(&format!("<h2>{}</h2>", escape(&agency.name)));
        if members.is_empty() {
            body.push_str("<p>No demo members with a Discord id yet.</p>");
            continue;
        }
        body.push_str("<table><tr><th>Name</th><th>Rank</th><th>Department</th><th></th></tr>");
        for m in members {
            let level =
                m.level.as_deref().and_then(|id| agency.flags.levels.iter().find(|l| l.id == id));
            body.push_str(&format!(
                r#"<tr><td>{name}</td><td>{rank}{level}</td><td>{dept}</td><td><form method="post" action="/auth/demo">
<input type="hidden" name="discordId" value="{id}"><input type="hidden" name="returnTo" value="{back}">
<input type="hidden" name="agency" value="{slug}"><input type="hidden" name="for" value="{for_host}"><input type="hidden" name="nonce" value="{nonce}">
<button type="submit" aria-label="Sign in as {name}">Sign in</button></form></td></tr>"#,
                name = escape(&m.name),
                rank = escape(m.rank.as_deref().unwrap_or("-")),
                level = level.map(|l| format!(" <small>({})</small>", escape(&l.label))).unwrap_or_default(),
                dept = escape(m.department_name.as_deref().unwrap_or("-")),
                id = escape(m.discord_id.as_deref().unwrap_or_default()),
                slug = escape(&agency.slug),
            ));
        }
        body.push_str("</table>");
        if !applicants.is_empty() {
            body.push_str("<p>Applicants, on no roster (they apply and follow their application):</p><table><tr><th>Name</th><th></th></tr>");
            for (id, name) in applicants {
                body.push_str(&format!(
                    r#"<tr><td>{name}</td><td><form method="post" action="/auth/demo">
<input type="hidden" name="discordId" value="{id}"><input type="hidden" name="returnTo" value="{back}">
<input type="hidden" name="agency" value="{slug}"><input type="hidden" name="for" value="{for_host}"><input type="hidden" name="nonce" value="{nonce}">
<button type="submit" aria-label="Sign in as {name}">Sign in</button></form></td></tr>"#,
                    name = escape(&name),
                    id = escape(&id),
                    slug = escape(&agency.slug),
                ));
            }
            body.push_str("</table>");
        }
    }
    body.push_str(r#"<p><a class="quiet" href="/">Back to the portal</a></p>"#);
    Ok(page(StatusCode::OK, "Demo sign-in", &body))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoSignIn {
    pub discord_id: String,
    pub return_to: Option<String>,
    /// The agency whose demo member was chosen; the portal opens on it.
    pub agency: Option<String>,
    /// The agency domain the sign-in began on (`handoff`).
    #[serde(rename = "for")]
    pub for_host: Option<String>,
    /// The nonce that domain gave the browser (`handoff`).
    pub nonce: Option<String>,
}

/// `POST /auth/demo`: signs in as a demo member (their Discord id must be on a roster) or as
/// someone who applied to a demo agency and is on no roster.
pub async fn sign_in<S: IdentityState>(
    Services(state): Services<S>,
    session: Session,
    FormBody(form): FormBody<DemoSignIn>,
) -> AppResult<Response> {
    if !state.config().demo_sign_in() {
        return Ok(refused());
    }
    let wanted = form.discord_id.trim();
    let people = demo_people(&state).await?;
    let member = people
        .iter()
        .flat_map(|p| p.members.iter())
        .find(|m| m.discord_id.as_deref().map(str::trim) == Some(wanted))
        .map(|m| m.name.clone());
    let applicant = || {
        people
            .iter()
            .flat_map(|p| p.applicants.iter())
            .find(|(id, _)| id == wanted)
            .map(|(_, name)| name.clone())
    };
    let Some(name) = member.or_else(applicant) else {
        return Ok(page(
            StatusCode::BAD_REQUEST,
            "Unknown demo member",
            "<p>Choose someone from the list.</p><p><a href=\"/auth/demo\">Back</a></p>",
        ));
    };
    let username: String =
        name.to_lowercase().chars().filter(|c| c.is_ascii_alphanumeric() || *c == '.').collect();
    let user = DiscordUser {
        id: wanted.to_owned(),
        username,
        discriminator: "0".into(),
        avatar: None,
        global_name: Some(name.clone()),
    };
    users::record_sign_in(state.control(), &user, &[], None).await?;
    cache::announce(&state, Change::User(user.id.clone())).await;
    session::sign_in(&session, &user.id).await?;
    let mut back = safe_return_to(form.return_to.as_deref());
    let registry = state.registry().snapshot().await?;
    let public = &state.config().public_url;
    let hand_off =
        handoff::target(public, &registry, form.for_host.as_deref(), form.nonce.as_deref());
    if let Some(to) = hand_off {
        return handoff::hand_off(&state, &user.id, &to, &back).await;
    }
    let agency = match form.agency {
        Some(slug) => state.registry().by_slug(&slug).await?,
        None => None,
    };
    if let Some(slug) = agency.map(|a| a.slug.clone()) {
        // Open the portal on the chosen member's agency.
        let sep = if back.contains('?') { '&' } else { '?' };
        back = format!(
            "{back}{sep}agency={}",
            url::form_urlencoded::byte_serialize(slug.as_bytes()).collect::<String>()
        );
    }
    Ok(Redirect::to(&back).into_response())
}
