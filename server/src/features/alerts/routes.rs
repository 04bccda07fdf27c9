//! `GET|POST /api/webhooks`, `PATCH|DELETE /api/webhooks/{id}`, `POST
//! /api/webhooks/{id}/test` and `GET /api/webhooks/deliveries`.

use axum::{http::StatusCode, Json};
use serde_json::json;

use crate::{
    access::{
        guard::{nav_item, Guard},
        Viewer,
    },
    error::{bad_request, not_found, AppResult},
    extract::{JsonBody, PathParams, Services},
    features::alerts::model::{
        self, DeliveryLog, TestResult, WebhookInput, WebhookList, WebhookPatch, LOG_SIZE,
        MAX_WEBHOOKS, NOT_FOUND, TOO_MANY,
    },
    identity::IdentityState,
    secrets::NO_KEY,
    shared::{
        alerts::{self, url_hint, webhook_url, Alert, EVENTS},
        audit::{self, Event},
        integrations::{self, webhook_purpose},
        webhooks::{self as store, Webhook},
        Portal,
    },
};

/// A webhook as the audit log compares it (never its address).
fn audited(hook: &Webhook) -> serde_json::Value {
    json!({"name": hook.name, "address": hook.url_hint, "events": hook.events, "enabled": hook.enabled})
}

/// `url` checked and sealed for the viewer's agency, with what the screens show of it.
fn sealed<S: IdentityState>(state: &S, viewer: &Viewer, url: &str) -> AppResult<(Vec<u8>, String)> {
    let url = webhook_url(url, state.bots().api_url()).map_err(bad_request)?;
    let secrets = state.config().secrets.as_ref().ok_or_else(|| bad_request(NO_KEY))?;
    Ok((secrets.seal(&webhook_purpose(viewer.agency.id), url.as_str()), url_hint(&url)))
}

/// The agency's webhooks and the events they may receive.
#[utoipa::path(get, operation_id = "list_webhooks", path = "/api/webhooks", tag = "alerts",
    responses((status = 200, body = WebhookList), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn list<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Alerts>,
) -> AppResult<Json<WebhookList>> {
    Ok(Json(WebhookList {
        webhooks: store::list(viewer.pool()).await?,
        events: EVENTS.to_vec(),
        secrets_available: state.config().secrets.is_some(),
    }))
}

/// Adds a webhook (its address sealed at rest, never answered).
#[utoipa::path(post, operation_id = "create_webhook", path = "/api/webhooks", tag = "alerts", request_body = WebhookInput,
    responses((status = 201, body = Webhook), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn create<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Alerts>,
    JsonBody(input): JsonBody<WebhookInput>,
) -> AppResult<(StatusCode, Json<Webhook>)> {
    let name = model::name(&input.name).map_err(bad_request)?;
    let events = model::events(&input.events).map_err(bad_request)?;
    let (sealed, hint) = sealed(&state, &viewer, &input.url)?;
    let mut tx = viewer.pool().begin().await?;
    if store::count(&mut *tx).await? >= MAX_WEBHOOKS {
        return Err(bad_request(TOO_MANY));
    }
    let hook = store::insert(&mut tx, &name, &sealed, &hint, &events, input.enabled).await?;
    let event = Event::created("webhook", hook.id, &hook.name, &audited(&hook));
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    integrations::refresh_remembered(&state, &viewer.agency, viewer.pool()).await;
    Ok((StatusCode::CREATED, Json(hook)))
}

/// Changes a webhook's name, address, events or whether it is on.
#[utoipa::path(patch, operation_id = "update_webhook", path = "/api/webhooks/{id}", tag = "alerts", request_body = WebhookPatch,
    params(("id" = i64, Path, description = "Webhook id")),
    responses((status = 200, body = Webhook), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn update<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Alerts>,
    PathParams(id): PathParams<i64>,
    JsonBody(patch): JsonBody<WebhookPatch>,
) -> AppResult<Json<Webhook>> {
    let address = patch.url.as_deref().map(|url| sealed(&state, &viewer, url)).transpose()?;
    let mut tx = viewer.pool().begin().await?;
    let before = store::get(&mut *tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    let mut after = before.clone();
    if let Some(name) = &patch.name {
        after.name = model::name(name).map_err(bad_request)?;
    }
    if let Some(events) = &patch.events {
        after.events = model::events(events).map_err(bad_request)?;
    }
    if let Some(enabled) = patch.enabled {
        after.enabled = enabled;
    }
    if let Some((_, hint)) = &address {
        after.url_hint = hint.clone();
    }
    let saved = store::update(&mut tx, &after, address.as_ref().map(|(s, _)| s.as_slice())).await?;
    let mut event = Event::updated("webhook", id, &saved.name, &audited(&before), &audited(&saved));
    if address.is_some() && event.diff.fields.iter().all(|f| f.field != "address") {
        // The same webhook entered again (its token may have changed): say so.
        event.diff.fields.push(crate::shared::audit::FieldChange {
            field: "address".into(),
            before: json!(before.url_hint),
            after: json!(format!("{} (entered again)", saved.url_hint)),
        });
    }
    if !event.diff.is_empty() {
        audit::record(&mut tx, &viewer.actor(), &event).await?;
    }
    tx.commit().await?;
    integrations::refresh_remembered(&state, &viewer.agency, viewer.pool()).await;
    Ok(Json(saved))
}

/// Deletes a webhook and its deliveries.
#[utoipa::path(delete, operation_id = "delete_webhook", path = "/api/webhooks/{id}", tag = "alerts",
    params(("id" = i64, Path, description = "Webhook id")),
    responses((status = 204, description = "Deleted"), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn delete<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Alerts>,
    PathParams(id): PathParams<i64>,
) -> AppResult<StatusCode> {
    let mut tx = viewer.pool().begin().await?;
    let hook = store::get(&mut *tx, id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    store::delete(&mut tx, id).await?;
    let event = Event::deleted("webhook", id, &hook.name, &audited(&hook));
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    integrations::refresh_remembered(&state, &viewer.agency, viewer.pool()).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Posts a test message to the webhook now, and logs it with the deliveries.
#[utoipa::path(post, operation_id = "test_webhook", path = "/api/webhooks/{id}/test", tag = "alerts",
    params(("id" = i64, Path, description = "Webhook id")),
    responses((status = 200, body = TestResult), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn test<S: Portal>(
    Services(state): Services<S>,
    Guard(viewer, _): Guard<nav_item::Alerts>,
    PathParams(id): PathParams<i64>,
) -> AppResult<Json<TestResult>> {
    let hook = store::get(viewer.pool(), id).await?.ok_or_else(|| not_found(NOT_FOUND))?;
    let alert = Alert {
        event: "test",
        title: format!("Test message to {}", hook.name),
        description: format!(
            "Sent by {} from the Alerts page. Alerts will look like this.",
            viewer.display_name()
        ),
        fields: vec![],
        path: "/command/alerts".into(),
    };
    let look = integrations::look(state.config(), &viewer.agency);
    let payload = alerts::message(&alert, &look, &chrono::Utc::now().to_rfc3339());
    let sent = match integrations::webhook_address(
        state.config().secrets.as_ref(),
        viewer.pool(),
        viewer.agency.id,
        id,
    )
    .await
    {
        Ok(url) => state.bots().execute_webhook(&url, &payload).await.map_err(|e| e.to_string()),
        Err(reason) => Err(reason),
    };
    let mut conn = viewer.pool().acquire().await?;
    store::log_test(&mut conn, id, &alert.title, &payload, sent.as_ref().err().map(String::as_str))
        .await?;
    Ok(Json(TestResult { sent: sent.is_ok(), error: sent.err() }))
}

/// The last hundred deliveries, newest first, with their status and error.
#[utoipa::path(get, operation_id = "list_webhook_deliveries", path = "/api/webhooks/deliveries", tag = "alerts",
    responses((status = 200, body = DeliveryLog), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn deliveries(Guard(viewer, _): Guard<nav_item::Alerts>) -> AppResult<Json<DeliveryLog>> {
    Ok(Json(DeliveryLog { deliveries: store::recent(viewer.pool(), LOG_SIZE).await? }))
}
