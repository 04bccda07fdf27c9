//! Demo Discord (issue 22): when the portal has a Discord bot (the stand-in, for `scripts/run`
//! and the browser tests), each demo agency links its Headquarters and Patrol ranks to Discord
//! roles, turns role sync on, and sends every alert to a "Command channel" webhook on the same
//! Discord. Members start without their roles in the guild, so Command → Discord shows the
//! drift and "Sync now" fixes it. Agencies whose Discord settings were touched are left alone.

use crate::{
    shared::{
        alerts::{url_hint, webhook_url, EVENTS},
        integrations::{refresh_remembered, webhook_purpose},
        webhooks,
    },
    state::AppState,
    tenancy::{pools::TenantDb, Agency},
};

/// The Discord roles of the demo guild: id and name. An agency's roles are these ids with its
/// demo number in the third digit (`81…` root, `82…` BCSO, `83…` LSPD).
pub const DEMO_ROLES: &[(&str, &str)] = &[
    ("800000000000000001", "Headquarters"),
    ("800000000000000011", "Deputy"),
    ("800000000000000012", "Supervisor"),
    ("800000000000000013", "Command"),
    ("800000000000000014", "High Command"),
];

/// The id of demo role `role` for the agency with demo number `n` (1, 2, 3).
pub fn role_id(role: &str, n: u8) -> String {
    format!("8{n}{}", &role[2..])
}

/// Every demo agency's roles (for the stand-in's guild): id and `"{slug}: name"`.
pub fn guild_roles() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (n, slug) in [(1u8, "RawLife"), (2, "BCSO"), (3, "LSPD")] {
        for (id, name) in DEMO_ROLES {
            out.push((role_id(id, n), format!("{slug} {name}")));
        }
    }
    out
}

fn number(slug: &str) -> Option<u8> {
    match slug {
        crate::tenancy::ROOT_SLUG => Some(1),
        "bcso" => Some(2),
        "lspd" => Some(3),
        _ => None,
    }
}

/// Links the demo agencies to the demo guild (see the module's text).
pub async fn seed(state: &AppState, agency: &Agency, db: &TenantDb) -> anyhow::Result<()> {
    let (Some(n), Some(discord)) = (number(&agency.slug), state.config.discord.as_ref()) else {
        return Ok(());
    };
    if discord.bot_token.is_none() {
        return Ok(());
    }
    let untouched: bool = sqlx::query_scalar(
        "SELECT guild_id IS NULL AND NOT sync_enabled AND updated_by IS NULL FROM discord_settings",
    )
    .fetch_one(db)
    .await?;
    if !untouched {
        return Ok(());
    }
    let mut tx = db.begin().await?;
    sqlx::query("UPDATE departments SET role_id = $1 WHERE id = 'headquarters'")
        .bind(role_id(DEMO_ROLES[0].0, n))
        .execute(&mut *tx)
        .await?;
    for (level, (id, _)) in
        ["deputy", "supervisor", "command", "high_command"].iter().zip(&DEMO_ROLES[1..])
    {
        sqlx::query(
            "UPDATE ranks SET role_id = $2 WHERE department_id = 'headquarters' AND level = $1",
        )
        .bind(level)
        .bind(role_id(id, n))
        .execute(&mut *tx)
        .await?;
    }
    sqlx::query("UPDATE discord_settings SET sync_enabled = TRUE, updated_by = 'Demo data'")
        .execute(&mut *tx)
        .await?;
    if let Some(secrets) = &state.config.secrets {
        let mut address = discord.api_url.clone();
        address.set_path(&format!(
            "/api/webhooks/90000000000000000{n}/demo-webhook-token-for-agency-{n}-commands"
        ));
        if let Ok(url) = webhook_url(address.as_str(), &discord.api_url) {
            let sealed = secrets.seal(&webhook_purpose(agency.id), url.as_str());
            let events: Vec<String> = EVENTS.iter().map(|e| e.value.to_owned()).collect();
            webhooks::insert(&mut tx, "Command channel", &sealed, &url_hint(&url), &events, true)
                .await?;
        }
    }
    tx.commit().await?;
    refresh_remembered(state, agency, db).await;
    Ok(())
}
