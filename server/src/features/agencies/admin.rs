//! Agency administration: create (root High Command), update texts/theme/visibility, and
//! media uploads for badges, hero images and favicons.

use axum::{http::StatusCode, Json};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::{
        guard::{
            page, require_can_manage, require_high_command, Authenticated, HighCommand,
            HighCommandPage, RootHighCommand, AGENCIES_REFUSAL,
        },
        Viewer,
    },
    error::{bad_request, forbidden, not_found, AppError, AppResult},
    extract::Services,
    extract::{JsonBody, MultipartBody, PathParams},
    features::agencies::{
        model::{AgencyDraft, AgencyPatch, AGENCY_KIND, BRANDING_KIND},
        routes::AgencySummary,
        store,
    },
    media::upload::read_image,
    shared::{
        audit::{self, Event},
        Portal,
    },
    tenancy::{provision::Creator, registry, Agency, ROOT_SLUG},
};

pub const ROOT_CANNOT_BE_HIDDEN: &str = "The root agency cannot be hidden.";
pub const NOTHING_TO_CHANGE: &str = "Nothing to change.";

/// Creates and provisions an agency (High Command of the root agency).
#[utoipa::path(post, path = "/api/agencies", tag = "agencies", request_body = AgencyDraft,
    responses((status = 201, body = AgencySummary), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 409, body = crate::error::ErrorBody)))]
pub async fn create_agency<S: Portal>(
    Services(state): Services<S>,
    RootHighCommand(admin): RootHighCommand,
    JsonBody(draft): JsonBody<AgencyDraft>,
) -> AppResult<(StatusCode, Json<AgencySummary>)> {
    let mut new = draft.validate().map_err(bad_request)?;
    let actor = admin.actor_in(&new.slug);
    new.created_by = Some(Creator { name: actor.display, discord_id: actor.user_id });
    let agency = state.provisioner().provision(new).await?;
    state.registry().invalidate().await;
    Ok((StatusCode::CREATED, Json(AgencySummary::from(&agency))))
}

/// Branding belongs to the agency's own High Command, and to the root's (agencies admin).
fn may_brand(viewer: &Viewer, target: &Agency) -> AppResult<()> {
    let root_admin = viewer.agency.slug == ROOT_SLUG && viewer.is_high_command;
    let own = viewer.agency.slug == target.slug && viewer.is_high_command;
    if root_admin || own {
        return Ok(());
    }
    require_high_command(viewer, page::Branding::REFUSAL)?;
    Err(forbidden(page::Branding::REFUSAL))
}

/// Updates texts, theme keys, links, or visibility of an agency.
#[utoipa::path(patch, path = "/api/agencies/{slug}", tag = "agencies", request_body = AgencyPatch,
    params(("slug" = String, Path, description = "Agency slug")),
    responses((status = 200, body = AgencySummary), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 404, body = crate::error::ErrorBody)))]
pub async fn update_agency<S: Portal>(
    Services(state): Services<S>,
    Authenticated(viewer): Authenticated,
    PathParams(slug): PathParams<String>,
    JsonBody(patch): JsonBody<AgencyPatch>,
) -> AppResult<Json<AgencySummary>> {
    let slug = slug.trim().to_lowercase();
    let target = state
        .registry()
        .by_slug(&slug)
        .await?
        .ok_or_else(|| not_found(format!("Unknown agency '{slug}'")))?;
    let touches_branding = patch.description.is_some()
        || patch.long_description.is_some()
        || patch.theme.is_some()
        || patch.links.is_some();
    let change = patch.into_change().map_err(bad_request)?;
    require_can_manage(&viewer)?;
    if !touches_branding && change.hidden.is_none() {
        return Err(bad_request(NOTHING_TO_CHANGE));
    }
    if let Some(hidden) = change.hidden {
        if viewer.agency.slug != ROOT_SLUG {
            return Err(forbidden(crate::access::guard::ROOT_ONLY));
        }
        require_high_command(&viewer, AGENCIES_REFUSAL)?;
        if hidden && target.slug == ROOT_SLUG {
            return Err(bad_request(ROOT_CANNOT_BE_HIDDEN));
        }
    }
    if touches_branding {
        may_brand(&viewer, &target)?;
    }
    let mut tx = state.control().begin().await?;
    store::update(&mut *tx, &slug, &change).await?;
    let updated = registry::fetch_by_slug(&mut *tx, &slug)
        .await?
        .ok_or_else(|| not_found("Agency vanished"))?;
    // Branding and visibility live in the registry, not in the agency's schema: the audit row
    // goes to the control database's outbox with the change, and is relayed to the agency.
    let kind =
        if touches_branding && change.hidden.is_none() { BRANDING_KIND } else { AGENCY_KIND };
    let event = Event::updated(
        kind,
        &target.slug,
        &updated.name,
        &AgencySummary::from(target.as_ref()),
        &AgencySummary::from(&updated),
    );
    if !event.diff.is_empty() {
        audit::record_in_outbox(&mut tx, target.id, &viewer.actor_in(&target.slug), &event).await?;
    }
    tx.commit().await?;
    state.registry().invalidate().await;
    audit::relay_now(&state, &updated).await;
    Ok(Json(AgencySummary::from(&updated)))
}

pub use crate::media::upload::{IMAGE_LIMIT as AGENCY_MEDIA_LIMIT, IMAGE_UPLOAD as AGENCY_MEDIA};

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedMedia {
    /// Where the file is served, e.g. `/media/agencies/bcso/….png`.
    pub url: String,
}

/// Uploads a badge, hero image or favicon (PNG, JPEG or WebP, at most 2 MB) for the active
/// agency, or for the agency named in the form field `agency` (root High Command).
#[utoipa::path(post, path = "/api/uploads/agency-media", tag = "agencies",
    request_body(content_type = "multipart/form-data", description = "Field `file`; optional field `agency`"),
    responses((status = 200, body = UploadedMedia), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 413, body = crate::error::ErrorBody), (status = 415, body = crate::error::ErrorBody)))]
pub async fn upload_agency_media<S: Portal>(
    Services(state): Services<S>,
    // Extracted before the body: only High Command may upload anything here.
    HighCommand(viewer, _): HighCommand<page::Branding>,
    MultipartBody(multipart): MultipartBody,
) -> AppResult<Json<UploadedMedia>> {
    let upload = read_image(multipart, &AGENCY_MEDIA).await?;
    let slug = upload
        .fields
        .iter()
        .find(|(name, _)| name == "agency")
        .map(|(_, v)| v.trim().to_lowercase())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| viewer.agency.slug.clone());
    let target = state
        .registry()
        .by_slug(&slug)
        .await?
        .ok_or_else(|| not_found(format!("Unknown agency '{slug}'")))?;
    may_brand(&viewer, &target)?;
    let url =
        state.media().put_image("agencies", &target.slug, upload).await.map_err(AppError::Other)?;
    Ok(Json(UploadedMedia { url }))
}
