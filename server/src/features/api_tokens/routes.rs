//! `GET|POST /api/tokens` and `DELETE /api/tokens/{id}`.

use axum::{http::StatusCode, Json};
use serde_json::json;

use crate::{
    access::{
        guard::{nav_item, Guard},
        tokens::hash,
    },
    error::{bad_request, conflict, not_found, AppResult, OnConstraint},
    extract::{JsonBody, PathParams},
    features::api_tokens::{
        model::{
            hint, new_secret, scope_infos, ApiToken, CreatedToken, TokenInput, TokenList,
            ALREADY_REVOKED, NOT_FOUND,
        },
        store,
    },
    shared::audit::{self, Event},
};

/// The audit log's kind of API tokens.
const TOKEN_KIND: &str = "api_token";

/// What the audit log compares of a token (never its secret).
fn audited(t: &ApiToken) -> serde_json::Value {
    json!({"name": t.name, "scopes": t.scopes, "hint": t.hint, "revoked": t.revoked_at.is_some()})
}

/// The agency's tokens (never their secrets) and the scopes a token may have.
#[utoipa::path(get, operation_id = "list_api_tokens", path = "/api/tokens", tag = "api-tokens",
    responses((status = 200, body = TokenList), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn list(Guard(viewer, _): Guard<nav_item::ApiTokens>) -> AppResult<Json<TokenList>> {
    Ok(Json(TokenList { tokens: store::list(viewer.pool()).await?, scopes: scope_infos() }))
}

/// Creates a token: its secret is in this answer only.
#[utoipa::path(post, operation_id = "create_api_token", path = "/api/tokens", tag = "api-tokens",
    request_body = TokenInput,
    responses((status = 201, body = CreatedToken), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn create(
    Guard(viewer, _): Guard<nav_item::ApiTokens>,
    JsonBody(input): JsonBody<TokenInput>,
) -> AppResult<(StatusCode, Json<CreatedToken>)> {
    let (name, scopes) = input.validate().map_err(bad_request)?;
    let secret = new_secret();
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let token = store::insert(
        &mut tx,
        &name,
        &scopes,
        &hash(&secret),
        &hint(&secret),
        &actor.display,
        actor.user_id.as_deref(),
    )
    .await
    .on_constraint("api_tokens_name", || {
        conflict(format!("A token named {name} exists already; revoke it or choose another name."))
    })?;
    let event = Event::created(TOKEN_KIND, token.id, &token.name, &audited(&token));
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(CreatedToken { token, secret })))
}

/// Revokes a token: requests with it are refused from now on, on every instance.
#[utoipa::path(delete, operation_id = "revoke_api_token", path = "/api/tokens/{id}", tag = "api-tokens",
    params(("id" = i64, Path, description = "Token id")),
    responses((status = 200, body = ApiToken), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn revoke(
    Guard(viewer, _): Guard<nav_item::ApiTokens>,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<ApiToken>> {
    let actor = viewer.actor();
    let mut tx = viewer.pool().begin().await?;
    let before = store::get(&mut tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    if before.revoked_at.is_some() {
        return Err(conflict(ALREADY_REVOKED));
    }
    let after = store::revoke(&mut tx, id, &actor.display).await?;
    let event = Event {
        action: "revoked".into(),
        ..Event::updated(TOKEN_KIND, id, &after.name, &audited(&before), &audited(&after))
    };
    audit::record(&mut tx, &actor, &event).await?;
    tx.commit().await?;
    Ok(Json(after))
}
