//! Agency registry writes (control schema). Reads go through the cached registry.

use futures::future::BoxFuture;
use serde_json::{json, Value};
use sqlx::{PgConnection, PgExecutor};

use crate::{
    access::viewer::Actor,
    features::agencies::model::AGENCY_KIND,
    shared::audit::{self, Event},
    tenancy::provision::Seed,
};

/// One change to an agency's settings; `None` leaves a field as it is.
#[derive(Debug, Default)]
pub struct AgencyChange {
    pub description: Option<Option<String>>,
    pub long_description: Option<Option<String>>,
    /// Theme keys to set.
    pub theme_set: serde_json::Map<String, Value>,
    /// Theme keys to remove (back to their defaults).
    pub theme_clear: Vec<String>,
    pub links_set: serde_json::Map<String, Value>,
    pub links_clear: Vec<String>,
    pub hidden: Option<bool>,
}

/// Applies `change` in one statement, merging JSON in the database so concurrent edits of
/// different settings never overwrite each other. Returns whether the agency exists.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn update(
    db: impl PgExecutor<'_>,
    slug: &str,
    change: &AgencyChange,
) -> sqlx::Result<bool> {
    let hidden = change.hidden.map(|h| serde_json::json!({ "hidden": h }));
    let result = sqlx::query(
        "UPDATE agencies SET
             description = CASE WHEN $2 THEN $3 ELSE description END,
             long_description = CASE WHEN $4 THEN $5 ELSE long_description END,
             theme = (theme || $6::jsonb) - $7::text[],
             links = (links || $8::jsonb) - $9::text[],
             flags = flags || COALESCE($10::jsonb, '{}'::jsonb),
             updated_at = now()
         WHERE slug = $1",
    )
    .bind(slug)
    .bind(change.description.is_some())
    .bind(change.description.clone().flatten())
    .bind(change.long_description.is_some())
    .bind(change.long_description.clone().flatten())
    .bind(Value::Object(change.theme_set.clone()))
    .bind(&change.theme_clear)
    .bind(Value::Object(change.links_set.clone()))
    .bind(&change.links_clear)
    .bind(hidden)
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// The first row of a new agency's audit log: who created it, with its name, slug, domain,
/// texts, flags, theme and links (never where its data lives). Runs in provisioning's
/// transaction with the new schema's `search_path`.
pub fn seed<'a>(conn: &'a mut PgConnection, seed: &'a Seed<'a>) -> BoxFuture<'a, sqlx::Result<()>> {
    Box::pin(async move {
        let new = seed.agency;
        let actor = match &new.created_by {
            Some(creator) => {
                Actor { display: creator.name.clone(), user_id: creator.discord_id.clone() }
            }
            None => Actor::system("Agency Portal"),
        };
        let created = json!({
            "slug": new.slug, "name": new.name, "shortName": new.short_name,
            "domain": new.domain, "description": new.description,
            "longDescription": new.long_description, "flags": new.flags,
            "theme": new.theme, "links": new.links,
        });
        let event = Event::created(AGENCY_KIND, &new.slug, &new.name, &created);
        audit::record_on(conn, &actor, &event).await
    })
}
