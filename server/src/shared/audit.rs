//! The audit log: the one place where every write to an agency says what happened: who (name
//! and Discord id), when, what (kind, subject id, a readable title, the action) and the fields
//! that changed. A write calls [`record`] inside its own transaction, so a write that fails
//! leaves no row and a row never describes a write that did not happen. Discord alerts, the
//! personnel file and analytics read these rows; no feature keeps its history its own way.
//!
//! Diffs are computed here from the JSON of the thing before and after ([`field_changes`],
//! [`item_changes`] for lists saved whole); a field whose name says it is a secret (token,
//! secret, password) is recorded as changed with its values hidden.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::{types::Json, PgExecutor, PgPool};
use utoipa::ToSchema;

use crate::{
    access::viewer::Actor,
    tenancy::{
        pools::{AgencyConnection, TenantDb},
        Agency, TenancyState,
    },
};

/// What a secret's value is replaced with in a diff.
pub const HIDDEN: &str = "(hidden)";

/// One field that changed: its path (`name`, `theme.primary`) and its values before and after
/// (`null` when it did not exist).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct FieldChange {
    pub field: String,
    pub before: Value,
    pub after: Value,
}

/// One item of a list saved whole that was added, removed or changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ItemChange {
    pub id: String,
    /// The item's name or title (after the change; before it for a removed item).
    pub title: String,
    /// `added`, `removed` or `changed`.
    pub change: String,
    /// The fields that changed (every field of an added or removed item).
    pub fields: Vec<FieldChange>,
}

/// What changed: fields of one thing, items of a list, or both.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Diff {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldChange>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<ItemChange>,
}

impl Diff {
    pub fn fields(before: &Value, after: &Value) -> Self {
        Self { fields: field_changes(before, after), items: vec![] }
    }

    pub fn is_empty(&self) -> bool {
        self.fields.is_empty() && self.items.is_empty()
    }
}

/// One write, as [`record`] stores it.
#[derive(Debug, Clone)]
pub struct Event {
    /// What kind of thing was written: `vehicles`, `roster`, `arrest`, `training_session`…
    pub kind: &'static str,
    /// `created`, `updated`, `deleted`, `saved` (a list saved whole), or a review action.
    pub action: String,
    pub subject_id: String,
    pub title: String,
    pub diff: Diff,
}

fn json_of(thing: &impl Serialize) -> Value {
    // The things written are plain records: their JSON cannot fail to build.
    serde_json::to_value(thing).unwrap_or(Value::Null)
}

impl Event {
    /// `thing` was created: every field is new.
    pub fn created(
        kind: &'static str,
        id: impl ToString,
        title: &str,
        thing: &impl Serialize,
    ) -> Self {
        Self::changed(kind, "created", id, title, &Value::Object(Default::default()), thing)
    }

    /// `before` became `after`.
    pub fn updated(
        kind: &'static str,
        id: impl ToString,
        title: &str,
        before: &impl Serialize,
        after: &impl Serialize,
    ) -> Self {
        Self::changed(kind, "updated", id, title, before, after)
    }

    /// `thing` was deleted: every field is gone.
    pub fn deleted(
        kind: &'static str,
        id: impl ToString,
        title: &str,
        thing: &impl Serialize,
    ) -> Self {
        Self::changed(kind, "deleted", id, title, thing, &Value::Object(Default::default()))
    }

    fn changed(
        kind: &'static str,
        action: &str,
        id: impl ToString,
        title: &str,
        before: &impl Serialize,
        after: &impl Serialize,
    ) -> Self {
        Self {
            kind,
            action: action.into(),
            subject_id: id.to_string(),
            title: title.into(),
            diff: Diff::fields(&json_of(before), &json_of(after)),
        }
    }
}

/// Stores `event` by `actor` on the caller's transaction (traced as [`record_on`]).
pub fn record<'a>(
    conn: &'a mut AgencyConnection,
    actor: &'a Actor,
    event: &'a Event,
) -> impl std::future::Future<Output = sqlx::Result<()>> + Send + 'a {
    record_on(conn, actor, event)
}

/// [`record`] on any connection whose `search_path` is the agency's schema: provisioning and
/// import, which set it by hand on a connection of their own.
#[tracing::instrument(level = "debug", skip_all, fields(kind = event.kind, action = %event.action))]
pub async fn record_on(
    conn: impl sqlx::PgExecutor<'_>,
    actor: &Actor,
    event: &Event,
) -> sqlx::Result<()> {
    // While the agency has role sync or a webhook on, the write also waits in the outbox of the
    // integrations worker (alerts and role syncs read the same rows).
    let insert = sqlx::query(
        "WITH event AS (
             INSERT INTO audit_events (actor_name, actor_id, kind, action, subject_id, title, diff)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id)
         INSERT INTO event_outbox (audit_id)
         SELECT id FROM event
          WHERE EXISTS (SELECT 1 FROM discord_settings WHERE sync_enabled)
             OR EXISTS (SELECT 1 FROM webhooks WHERE enabled)",
    );
    with_event(insert, actor, event).execute(conn).await?;
    Ok(())
}

/// `query` with who and what bound as its first seven parameters: the actor's name and
/// Discord id, the kind, action, subject id, title and diff.
fn with_event<'q>(
    query: sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments>,
    actor: &'q Actor,
    event: &'q Event,
) -> sqlx::query::Query<'q, sqlx::Postgres, sqlx::postgres::PgArguments> {
    query
        .bind(&actor.display)
        .bind(&actor.user_id)
        .bind(event.kind)
        .bind(&event.action)
        .bind(&event.subject_id)
        .bind(&event.title)
        .bind(Json(&event.diff))
}

/// Stores `event` by `actor` for agency `agency_id` in the control database's outbox, on the
/// caller's control transaction: the audit row of a write to the registry (branding,
/// visibility), which does not happen in the agency's schema (that may even be on another
/// server). [`relay`] then moves it into the agency's log.
#[tracing::instrument(level = "debug", skip_all, fields(agency_id = agency_id, kind = event.kind, action = %event.action))]
pub async fn record_in_outbox(
    conn: &mut sqlx::PgConnection,
    agency_id: i64,
    actor: &Actor,
    event: &Event,
) -> sqlx::Result<()> {
    let insert = sqlx::query(
        "INSERT INTO audit_outbox (actor_name, actor_id, kind, action, subject_id, title, diff, agency_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    );
    with_event(insert, actor, event).bind(agency_id).execute(conn).await?;
    Ok(())
}

/// How many outbox rows one relay moves at most (the job comes back for the rest).
const RELAY_BATCH: i64 = 500;

#[derive(sqlx::FromRow)]
struct OutboxRow {
    id: i64,
    at: DateTime<Utc>,
    actor_name: String,
    actor_id: Option<String>,
    kind: String,
    action: String,
    subject_id: String,
    title: String,
    diff: Value,
}

/// Moves agency `agency_id`'s outbox rows from the control database `control` into its log
/// `db`, oldest first, keeping when they happened: each is added once (keyed by its outbox
/// id, so a relay that runs twice, or on two instances at once, adds nothing more), then
/// deleted from the outbox. Answers how many rows were moved.
#[tracing::instrument(level = "debug", skip_all, fields(agency_id = agency_id))]
pub async fn relay(control: &PgPool, db: &TenantDb, agency_id: i64) -> sqlx::Result<u64> {
    let rows: Vec<OutboxRow> = sqlx::query_as(
        "SELECT id, at, actor_name, actor_id, kind, action, subject_id, title, diff
           FROM audit_outbox WHERE agency_id = $1 ORDER BY id LIMIT $2",
    )
    .bind(agency_id)
    .bind(RELAY_BATCH)
    .fetch_all(control)
    .await?;
    if rows.is_empty() {
        return Ok(0);
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let batch: Vec<Value> = rows
        .iter()
        .map(|r| {
            serde_json::json!({
                "id": r.id, "at": r.at, "actor_name": r.actor_name, "actor_id": r.actor_id,
                "kind": r.kind, "action": r.action, "subject_id": r.subject_id,
                "title": r.title, "diff": r.diff,
            })
        })
        .collect();
    sqlx::query(
        "INSERT INTO audit_events (at, actor_name, actor_id, kind, action, subject_id, title, diff, relay_id)
         SELECT (r->>'at')::timestamptz, r->>'actor_name', r->>'actor_id', r->>'kind', r->>'action',
                r->>'subject_id', r->>'title', r->'diff', (r->>'id')::bigint
           FROM jsonb_array_elements($1) AS r
          ORDER BY (r->>'id')::bigint
         ON CONFLICT (relay_id) WHERE relay_id IS NOT NULL DO NOTHING",
    )
    .bind(Value::Array(batch))
    .execute(db)
    .await?;
    sqlx::query("DELETE FROM audit_outbox WHERE id = ANY($1)").bind(&ids).execute(control).await?;
    Ok(ids.len() as u64)
}

/// Relays `agency`'s outbox rows at once, after a registry write committed, so the change shows
/// in its log on the next read. A failure is only logged: the write is done and its row waits
/// in the outbox for the relay job (`startup`).
#[tracing::instrument(level = "debug", skip_all, fields(agency = %agency.slug))]
pub async fn relay_now<S: TenancyState>(state: &S, agency: &Agency) {
    let relayed = match state.pools().get(agency).await {
        Ok(db) => relay(state.control(), &db, agency.id).await.map_err(anyhow::Error::from),
        Err(err) => Err(anyhow::anyhow!("{err}")),
    };
    if let Err(error) = relayed {
        tracing::warn!(agency = %agency.slug, %error, "audit outbox not relayed yet; the job will");
    }
}

/// The agencies with audit rows waiting in the outbox (a relay failed or was cut short).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn agencies_with_outbox(control: &PgPool) -> sqlx::Result<Vec<i64>> {
    sqlx::query_scalar("SELECT DISTINCT agency_id FROM audit_outbox").fetch_all(control).await
}

/// Deletes the rows older than the agency's retention; answers how many went.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn prune(db: impl PgExecutor<'_>) -> sqlx::Result<u64> {
    // Sent as text, never kept: the job runs it once in every agency, and each agency's copy
    // would push a request's statement out of the connection's cache
    // (`shared::personnel_calendar`).
    let done = db
        .execute(
            "DELETE FROM audit_events
              WHERE at < now() - make_interval(days => (SELECT audit_retention_days FROM agency_settings))",
        )
    .await?;
    Ok(done.rows_affected())
}

fn is_secret(field: &str) -> bool {
    let field = field.to_ascii_lowercase();
    ["token", "secret", "password"].iter().any(|word| field.contains(word))
}

fn shown(field: &str, value: &Value) -> Value {
    if is_secret(field) && !value.is_null() {
        Value::String(HIDDEN.into())
    } else {
        value.clone()
    }
}

/// The fields that differ between two JSON values, objects compared key by key (nested
/// objects by dotted path), anything else as a whole; when and by whom a thing was last
/// written (`updatedAt`, `updatedBy`, `version`) is left out.
pub fn field_changes(before: &Value, after: &Value) -> Vec<FieldChange> {
    let mut out = Vec::new();
    walk("", before, after, &mut out);
    out
}

/// Fields that only say when, by whom and how often a thing was written: the audit row says
/// that.
const BOOKKEEPING: [&str; 5] = ["updatedAt", "updatedBy", "updated_at", "updated_by", "version"];

fn walk(path: &str, before: &Value, after: &Value, out: &mut Vec<FieldChange>) {
    let name = path.rsplit('.').next().unwrap_or(path);
    if before == after || BOOKKEEPING.contains(&name) {
        return;
    }
    match (before, after) {
        (Value::Object(b), Value::Object(a)) => {
            let mut keys: Vec<&String> = b.keys().chain(a.keys()).collect();
            keys.sort();
            keys.dedup();
            for key in keys {
                let child = if path.is_empty() { key.clone() } else { format!("{path}.{key}") };
                walk(
                    &child,
                    b.get(key).unwrap_or(&Value::Null),
                    a.get(key).unwrap_or(&Value::Null),
                    out,
                );
            }
        }
        _ => out.push(FieldChange {
            field: path.to_owned(),
            before: shown(path, before),
            after: shown(path, after),
        }),
    }
}

fn text_of(item: &Value, key: &str) -> Option<String> {
    match item.get(key)? {
        Value::String(s) => Some(s.clone()),
        Value::Null => None,
        other => Some(other.to_string()),
    }
}

/// The items of a list saved whole that were added, removed or changed, matched by their
/// `id` (items without one are matched by position), titled by `name` or `title`.
pub fn item_changes(before: &[Value], after: &[Value]) -> Vec<ItemChange> {
    let key = |item: &Value, index: usize| {
        text_of(item, "id").unwrap_or_else(|| format!("#{}", index + 1))
    };
    let title =
        |item: &Value| text_of(item, "name").or_else(|| text_of(item, "title")).unwrap_or_default();
    let empty = Value::Object(Default::default());
    let mut out = Vec::new();
    let old: Vec<(String, &Value)> =
        before.iter().enumerate().map(|(i, v)| (key(v, i), v)).collect();
    let new: Vec<(String, &Value)> =
        after.iter().enumerate().map(|(i, v)| (key(v, i), v)).collect();
    for (id, item) in &new {
        match old.iter().find(|(old_id, _)| old_id == id) {
            None => out.push(ItemChange {
                id: id.clone(),
                title: title(item),
                change: "added".into(),
                fields: field_changes(&empty, item),
            }),
            Some((_, was)) if was != item => out.push(ItemChange {
                id: id.clone(),
                title: title(item),
                change: "changed".into(),
                fields: field_changes(was, item),
            }),
            Some(_) => {}
        }
    }
    for (id, item) in &old {
        if !new.iter().any(|(new_id, _)| new_id == id) {
            out.push(ItemChange {
                id: id.clone(),
                title: title(item),
                change: "removed".into(),
                fields: field_changes(item, &empty),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn fields_are_compared_by_path_and_secrets_hidden() {
        let before = json!({"name": "Crown Vic", "theme": {"primary": "#111", "accent": "#222"},
                            "ranks": ["a"], "botToken": "old", "same": 1, "updatedAt": "then"});
        let after = json!({"name": "Crown Victoria", "theme": {"primary": "#111", "accent": "#333"},
                           "ranks": ["a", "b"], "botToken": "new", "same": 1, "notes": "x"});
        let changes = field_changes(&before, &after);
        let fields: Vec<&str> = changes.iter().map(|c| c.field.as_str()).collect();
        assert_eq!(fields, ["botToken", "name", "notes", "ranks", "theme.accent"]);
        assert_eq!(changes[0].before, json!(HIDDEN));
        assert_eq!(changes[0].after, json!(HIDDEN));
        assert_eq!(changes[1].before, json!("Crown Vic"));
        assert_eq!(changes[2].before, Value::Null);
        assert_eq!(changes[3].after, json!(["a", "b"]));
        assert!(field_changes(&before, &before).is_empty());
    }

    #[test]
    fn list_items_are_matched_by_id() {
        let before = [
            json!({"id": "v1", "name": "Cruiser", "notes": ""}),
            json!({"id": "v2", "name": "Bike"}),
        ];
        let after = [
            json!({"id": "v1", "name": "Cruiser", "notes": "Slick top"}),
            json!({"id": "v3", "name": "Boat"}),
        ];
        let changes = item_changes(&before, &after);
        let summary: Vec<(&str, &str, &str)> =
            changes.iter().map(|c| (c.id.as_str(), c.title.as_str(), c.change.as_str())).collect();
        assert_eq!(
            summary,
            [("v1", "Cruiser", "changed"), ("v3", "Boat", "added"), ("v2", "Bike", "removed")]
        );
        assert_eq!(
            changes[0].fields,
            [FieldChange { field: "notes".into(), before: json!(""), after: json!("Slick top") }]
        );
        assert_eq!(changes[1].fields.len(), 2);
        assert!(item_changes(&before, &before).is_empty());
    }
}
