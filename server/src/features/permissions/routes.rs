//! `GET/PUT /api/nav-permissions` (optionally `?target={slug}`).

use std::{collections::HashSet, sync::Arc};

use axum::{
    response::{IntoResponse, Response},
    Json,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, value::to_raw_value, value::RawValue};
use utoipa::IntoParams;

use crate::{
    access::{
        cache::{announce, Change},
        guard::{page, require_high_command, HighCommand, HighCommandPage},
        levels::{Level, NO_LEVEL},
        viewer::{Actor, ViewerInfo},
        Viewer,
    },
    error::{bad_request, conflict, forbidden, not_found, AppResult},
    extract::Services,
    extract::{JsonBody, QueryParams},
    features::permissions::{
        model::{
            normalize_entries, normalize_locked, NavPermissions, NavPermissionsUpdate,
            PermissionsMetadata,
        },
        store,
    },
    shared::audit::{self, Event},
    shared::Portal,
    tenancy::{
        pools::{AgencyConnection, TenantDb},
        Agency, ROOT_SLUG,
    },
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TargetQuery {
    /// Another agency's slug (High Command of the root agency, with agency management on).
    pub target: Option<String>,
}

pub const ONLY_ROOT_LOCKS: &str =
    "Locks are set by an agency with agency management, from its Permissions page (Managing agency).";

pub const MANAGEMENT_REQUIRED: &str =
    "Only the root agency, with agency management on, manages other agencies' permissions.";

/// The agency being edited: the viewer's own, or `target` for High Command of the root
/// agency (with agency management on).
async fn target_agency(
    state: &impl Portal,
    viewer: &Viewer,
    target: Option<String>,
) -> AppResult<Option<(Arc<Agency>, Arc<TenantDb>)>> {
    let Some(slug) = target.map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    if slug == viewer.agency.slug {
        return Ok(None);
    }
    require_high_command(viewer, page::Permissions::REFUSAL)?;
    // The flag on any other agency has no power over other agencies, and nothing but the
    // root itself changes the root agency's permissions.
    if viewer.agency.slug != ROOT_SLUG || !viewer.agency.flags.enable_agency_management {
        return Err(forbidden(MANAGEMENT_REQUIRED));
    }
    let agency = state
        .registry()
        .by_slug(&slug)
        .await?
        .ok_or_else(|| not_found(format!("Unknown agency '{slug}'")))?;
    let db = state.pools().get(&agency).await?;
    Ok(Some((agency, db)))
}

/// What the permissions screen and the menu are built from: the agency's stored rules and
/// its department roles.
struct Described {
    stored: store::Stored,
    roles: Vec<crate::features::permissions::model::RoleOption>,
}

async fn load_described(db: &TenantDb) -> sqlx::Result<Described> {
    // Both reads on one connection: one checkout (and its switch to the agency), not two.
    let mut conn = db.acquire().await?;
    Ok(Described {
        stored: store::load(&mut *conn).await?,
        roles: store::role_options(&mut *conn).await?,
    })
}

/// The agency's levels (then 'No level'), its department roles and the root's locks.
fn metadata(agency: &Agency, described: &Described) -> PermissionsMetadata {
    let mut levels: Vec<Level> = agency.flags.levels.clone();
    levels.push(Level { id: NO_LEVEL.into(), label: "No level".into() });
    PermissionsMetadata {
        level_order: levels.iter().map(|l| l.id.clone()).collect(),
        levels,
        roles: described.roles.clone(),
        locked: described.stored.locked.clone(),
    }
}

fn respond(agency: &Agency, described: &Described, viewer: ViewerInfo) -> NavPermissions {
    let stored = &described.stored;
    NavPermissions {
        items: stored.items.clone(),
        metadata: metadata(agency, described),
        viewer,
        updated_at: stored.updated_at,
        updated_by: stored.updated_by.clone(),
    }
}

/// The agency's part of `GET /api/nav-permissions` (all but `viewer`), serialised once and
/// cached per agency (`access::cache`) until anything in the agency changes. The menu reads
/// it on every page: a request copies these bytes instead of walking the rules again.
struct Ready {
    items: Box<RawValue>,
    metadata: Box<RawValue>,
    updated_at: Option<DateTime<Utc>>,
    updated_by: Option<String>,
}

/// A ready answer as [`NavPermissions`] serialises, with the request's viewer.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ReadyAnswer<'a> {
    items: &'a RawValue,
    metadata: &'a RawValue,
    viewer: ViewerInfo,
    updated_at: Option<DateTime<Utc>>,
    updated_by: Option<&'a str>,
}

impl Ready {
    fn of(agency: &Agency, described: &Described) -> serde_json::Result<Self> {
        Ok(Self {
            items: to_raw_value(&described.stored.items)?,
            metadata: to_raw_value(&metadata(agency, described))?,
            updated_at: described.stored.updated_at,
            updated_by: described.stored.updated_by.clone(),
        })
    }

    fn answer(&self, viewer: ViewerInfo) -> ReadyAnswer<'_> {
        ReadyAnswer {
            items: &self.items,
            metadata: &self.metadata,
            viewer,
            updated_at: self.updated_at,
            updated_by: self.updated_by.as_deref(),
        }
    }
}

const READY: &str = "nav_permissions";

/// The permissions of `agency` as cached (its levels are the registry's of the time, which
/// the cache keeps only while no registry change followed: `access::cache`); a save reads
/// them fresh instead (`describe`).
async fn cached(agency: &Agency, db: &TenantDb, viewer: &Viewer) -> AppResult<Arc<Ready>> {
    let load = async {
        let described = load_described(db).await?;
        Ready::of(agency, &described).map_err(|e| sqlx::Error::Decode(Box::new(e)))
    };
    Ok(viewer.access.agency_view(agency, READY, load).await?)
}

async fn describe(agency: &Agency, db: &TenantDb, viewer: &Viewer) -> AppResult<NavPermissions> {
    Ok(respond(agency, &load_described(db).await?, viewer.info()))
}

/// Navigation permissions of the active agency (anyone: the menu needs them), or of another
/// agency for High Command of an agency with agency management.
#[utoipa::path(get, path = "/api/nav-permissions", tag = "access", params(TargetQuery),
    responses((status = 200, body = NavPermissions),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn get_permissions<S: Portal>(
    Services(state): Services<S>,
    viewer: Viewer,
    QueryParams(query): QueryParams<TargetQuery>,
) -> AppResult<Response> {
    let ready = match target_agency(&state, &viewer, query.target).await? {
        Some((agency, db)) => cached(&agency, &db, &viewer).await?,
        None => cached(&viewer.agency, viewer.pool(), &viewer).await?,
    };
    Ok(Json(ready.answer(viewer.info())).into_response())
}

/// Saves permissions (High Command). With `?target=`, only the locked list of that agency
/// is saved; without it, items locked by the root agency must stay as they are.
#[utoipa::path(put, path = "/api/nav-permissions", tag = "access", params(TargetQuery),
    request_body = NavPermissionsUpdate,
    responses((status = 200, body = NavPermissions),
              (status = 400, body = crate::error::ErrorBody), (status = 401, body = crate::error::ErrorBody),
              (status = 403, body = crate::error::ErrorBody), (status = 409, body = crate::error::ErrorBody)))]
pub async fn put_permissions<S: Portal>(
    Services(state): Services<S>,
    HighCommand(viewer, _): HighCommand<page::Permissions>,
    QueryParams(query): QueryParams<TargetQuery>,
    JsonBody(update): JsonBody<NavPermissionsUpdate>,
) -> AppResult<Json<NavPermissions>> {
    let actor = viewer.display_name();
    if let Some((agency, db)) = target_agency(&state, &viewer, query.target).await? {
        let locked = normalize_locked(update.locked.unwrap_or_default()).map_err(bad_request)?;
        let mut tx = db.begin().await?;
        check_base(store::lock_for_update(&mut tx).await?, update.base_updated_at)?;
        let before = store::load(&mut *tx).await?;
        let from_root = viewer.actor_in(&agency.slug);
        store::save_locked(&mut tx, &locked, &from_root.display).await?;
        audit_save(&mut tx, &from_root, &before).await?;
        tx.commit().await?;
        // The write is to another agency than the request's (which `announce_writes` covers).
        announce(&state, Change::Agency(agency.id)).await;
        return Ok(Json(describe(&agency, &db, &viewer).await?));
    }

    let roles: HashSet<String> =
        store::role_options(viewer.pool()).await?.into_iter().map(|r| r.id).collect();
    let items =
        normalize_entries(update.items, &viewer.level_order(), &roles).map_err(bad_request)?;
    let mut tx = viewer.pool().begin().await?;
    check_base(store::lock_for_update(&mut tx).await?, update.base_updated_at)?;
    let current = store::load(&mut *tx).await?;
    if let Some(locked) = update.locked {
        if normalize_locked(locked).map_err(bad_request)? != current.locked {
            return Err(forbidden(ONLY_ROOT_LOCKS));
        }
    }
    for id in &current.locked {
        if let Some(wanted) = items.get(id) {
            if current.items.get(id) != Some(wanted) {
                return Err(forbidden(format!(
                    "'{id}' is locked by the root agency and cannot be changed."
                )));
            }
        }
    }
    store::save_entries(&mut tx, &items, &actor).await?;
    audit_save(&mut tx, &viewer.actor(), &current).await?;
    tx.commit().await?;
    Ok(Json(describe(&viewer.agency, viewer.pool(), &viewer).await?))
}

/// The audit row of a permissions save: the entries and locks that changed (none when
/// nothing did).
async fn audit_save(
    conn: &mut AgencyConnection,
    actor: &Actor,
    before: &store::Stored,
) -> AppResult<()> {
    let after = store::load(&mut *conn).await?;
    let view = |stored: &store::Stored| json!({"items": stored.items, "locked": stored.locked});
    let event = Event::updated(
        "nav_permissions",
        "nav_permissions",
        "Navigation permissions",
        &view(before),
        &view(&after),
    );
    if !event.diff.is_empty() {
        audit::record(conn, actor, &event).await?;
    }
    Ok(())
}

fn check_base(
    current: Option<chrono::DateTime<chrono::Utc>>,
    base: Option<chrono::DateTime<chrono::Utc>>,
) -> AppResult<()> {
    match (base, current) {
        (Some(base), Some(current)) if base != current => Err(conflict(
            "Permissions were changed by someone else since you loaded them. Refresh to see their changes.",
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::features::permissions::model::{NavEntry, RoleOption};

    fn described() -> Described {
        let entry = |public, levels: &[&str], roles: &[&str]| NavEntry {
            public,
            levels: levels.iter().map(|l| l.to_string()).collect(),
            roles: roles.iter().map(|r| r.to_string()).collect(),
        };
        let items = BTreeMap::from([
            ("roster".to_owned(), entry(true, &[], &[])),
            ("command_sops".to_owned(), entry(false, &["command", "high_command"], &["fto"])),
        ]);
        Described {
            stored: store::Stored {
                items,
                locked: vec!["command_sops".into()],
                updated_at: Some(Utc::now()),
                updated_by: Some("Jordan \"JR\" Reyes".into()),
            },
            roles: vec![RoleOption {
                id: "fto".into(),
                name: "Field Training Officer".into(),
                department_name: "Patrol".into(),
            }],
        }
    }

    fn viewer() -> ViewerInfo {
        ViewerInfo {
            is_authenticated: true,
            level: Some("command".into()),
            roles: vec!["fto".into()],
            is_high_command: false,
            can_manage: true,
            assignable_levels: vec!["deputy".into()],
            user_id: Some("1234".into()),
            roster: None,
        }
    }

    #[test]
    fn the_ready_answer_is_the_answer_serialised_whole() {
        let agency = Agency::for_tests("bcso");
        let saved = described();
        let never_saved = Described {
            stored: store::Stored { updated_at: None, updated_by: None, ..described().stored },
            ..described()
        };
        for described in [saved, never_saved] {
            let ready = Ready::of(&agency, &described).unwrap();
            let whole = serde_json::to_string(&respond(&agency, &described, viewer())).unwrap();
            // Byte for byte: the same fields in the same order, nulls written out.
            assert_eq!(serde_json::to_string(&ready.answer(viewer())).unwrap(), whole);
        }
        let ready =
            serde_json::to_value(Ready::of(&agency, &described()).unwrap().answer(viewer()));
        let ready = ready.unwrap();
        assert_eq!(ready["metadata"]["levelOrder"].as_array().unwrap().last().unwrap(), NO_LEVEL);
        assert_eq!(ready["updatedBy"], "Jordan \"JR\" Reyes");
    }
}
