//! `GET/POST /api/callsigns` and `GET /api/roster/callsigns?rank=`.

use std::collections::{BTreeMap, HashSet};

use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use crate::{
    access::{
        guard::{nav_item, Guard},
        scope,
    },
    error::{bad_request, AppResult},
    extract::{JsonBody, QueryParams},
    features::callsigns::model::{
        display_callsign, free_callsigns, validate_pools, Pool, DEFAULT_PAGE, MAX_PAGE, MAX_POOLS,
        MAX_POOL_SIZE,
    },
    features::callsigns::store,
    shared::audit::{self, Event},
};

pub const CALLSIGNS_DISABLED: &str = "Callsigns are disabled for this agency.";

/// Rank name → pools.
pub type PoolMap = BTreeMap<String, Vec<Pool>>;

/// Every rank's callsign pools (empty when callsigns are disabled).
#[utoipa::path(get, operation_id = "get_callsign_pools", path = "/api/callsigns", tag = "structure",
    responses((status = 200, body = BTreeMap<String, Vec<Pool>>), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody)))]
pub async fn get_pools(
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
) -> AppResult<Json<PoolMap>> {
    if viewer.agency.flags.disable_callsigns {
        return Ok(Json(PoolMap::new()));
    }
    Ok(Json(store::load(viewer.pool()).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavePools {
    pub rank_name: String,
    pub pools: Vec<Pool>,
}

/// Replaces one rank's pools (an empty list removes them); answers every rank's pools.
#[utoipa::path(post, operation_id = "save_callsign_pools", path = "/api/callsigns", tag = "structure", request_body = SavePools,
    responses((status = 200, body = BTreeMap<String, Vec<Pool>>), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn save_pools(
    Guard(viewer, _): Guard<nav_item::DepartmentManagement>,
    JsonBody(request): JsonBody<SavePools>,
) -> AppResult<Json<PoolMap>> {
    if viewer.agency.flags.disable_callsigns {
        return Err(bad_request(CALLSIGNS_DISABLED));
    }
    let wanted = request.rank_name.trim();
    // Pools are keyed by the rank's own name, whatever case it is sent in.
    let Some(rank) = store::rank_name(viewer.pool(), wanted).await? else {
        return Err(bad_request(format!("Unknown rank '{wanted}'.")));
    };
    let pools = validate_pools(request.pools).map_err(bad_request)?;
    // Pools belong to every rank of that name: a department's commander changes them only when
    // no other department has a rank so named.
    let departments = store::departments_of_rank_name(viewer.pool(), &rank).await?;
    let departments: Vec<Option<&str>> = departments.iter().map(|d| Some(d.as_str())).collect();
    scope::of(&viewer).await?.require(&departments)?;
    let mut tx = viewer.pool().begin().await?;
    let before = store::load(&mut *tx).await?.remove(&rank).unwrap_or_default();
    store::save(&mut tx, &rank, &pools).await?;
    let title = format!("Callsigns of {rank}");
    let event = Event::updated(
        "callsign_pools",
        &rank,
        &title,
        &json!({"pools": before}),
        &json!({"pools": pools}),
    );
    audit::record(&mut tx, &viewer.actor(), &event).await?;
    tx.commit().await?;
    Ok(Json(store::load(viewer.pool()).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RankQuery {
    /// Rank name (or rank id).
    pub rank: String,
    /// How many free callsigns to list (default 200, at most 1000).
    pub limit: Option<usize>,
    /// How many free callsigns to skip.
    pub offset: Option<usize>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AvailableCallsigns {
    /// One page of the free callsigns, in pool order.
    pub available: Vec<String>,
    /// How many callsigns of the rank's pools are free in all.
    pub total: usize,
}

/// Callsigns of the rank's pools that nobody in the agency holds, as displayed.
#[utoipa::path(get, operation_id = "available_callsigns", path = "/api/roster/callsigns", tag = "roster", params(RankQuery),
    responses((status = 200, body = AvailableCallsigns), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody)))]
pub async fn available(
    Guard(viewer, _): Guard<nav_item::Roster>,
    QueryParams(query): QueryParams<RankQuery>,
) -> AppResult<Json<AvailableCallsigns>> {
    if viewer.agency.flags.disable_callsigns {
        return Ok(Json(AvailableCallsigns { available: vec![], total: 0 }));
    }
    let Some(pools) = store::pools_of(viewer.pool(), query.rank.trim()).await? else {
        return Ok(Json(AvailableCallsigns { available: vec![], total: 0 }));
    };
    let held: HashSet<String> =
        store::held(viewer.pool()).await?.iter().map(|c| display_callsign(c)).collect();
    let limit = query.limit.unwrap_or(DEFAULT_PAGE).clamp(1, MAX_PAGE);
    let offset = query.offset.unwrap_or(0).min(MAX_POOLS * MAX_POOL_SIZE as usize);
    let (available, total) = free_callsigns(&pools, &held, offset, limit);
    Ok(Json(AvailableCallsigns { available, total }))
}
