//! API token SQL.

use sqlx::PgExecutor;

use crate::features::api_tokens::model::ApiToken;
use crate::tenancy::pools::AgencyConnection;

const COLUMNS: &str =
    "id, name, scopes, hint, created_by, created_at, last_used_at, revoked_at, revoked_by";

/// Every token, active first, newest first (bounded).
#[tracing::instrument(level = "debug", skip_all)]
pub async fn list(db: impl PgExecutor<'_>) -> sqlx::Result<Vec<ApiToken>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM api_tokens ORDER BY revoked_at IS NOT NULL, created_at DESC, id DESC LIMIT 500"
    ))
    .fetch_all(db)
    .await
}

/// One token, locked for a change.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn get(conn: &mut AgencyConnection, id: i64) -> sqlx::Result<Option<ApiToken>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM api_tokens WHERE id = $1 FOR UPDATE"))
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// A new token (its secret's hash only); answers it.
#[tracing::instrument(level = "debug", skip_all)]
pub async fn insert(
    conn: &mut AgencyConnection,
    name: &str,
    scopes: &[String],
    secret_hash: &[u8],
    hint: &str,
    by: &str,
    by_id: Option<&str>,
) -> sqlx::Result<ApiToken> {
    sqlx::query_as(&format!(
        "INSERT INTO api_tokens (name, scopes, secret_hash, hint, created_by, created_by_id)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING {COLUMNS}"
    ))
    .bind(name)
    .bind(scopes)
    .bind(secret_hash)
    .bind(hint)
    .bind(by)
    .bind(by_id)
    .fetch_one(conn)
    .await
}

/// Revokes a token now; answers it.
#[tracing::instrument(level = "debug", skip_all, fields(id))]
pub async fn revoke(conn: &mut AgencyConnection, id: i64, by: &str) -> sqlx::Result<ApiToken> {
    sqlx::query_as(&format!(
        "UPDATE api_tokens SET revoked_at = now(), revoked_by = $2 WHERE id = $1 RETURNING {COLUMNS}"
    ))
    .bind(id)
    .bind(by)
    .fetch_one(conn)
    .await
}
