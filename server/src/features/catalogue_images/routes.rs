//! `POST /api/uploads/catalogue-image`.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::{
        guard::{nav_item, require_any_nav, require_can_manage, NavItem},
        Viewer,
    },
    error::{AppError, AppResult},
    extract::MultipartBody,
    extract::Services,
    media::upload::{read_image, IMAGE_UPLOAD},
    shared::Portal,
};

/// The pages whose entries carry images.
pub const MANAGERS: [&str; 3] = [
    nav_item::VehicleManagement::ID,
    nav_item::EquipmentManagement::ID,
    nav_item::UniformManagement::ID,
];

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedImage {
    /// Where the file is served, e.g. `/media/catalogues/bcso/….png`: the value of an
    /// entry's `image`.
    pub url: String,
}

/// Uploads an image for a vehicle, equipment or uniform entry of the active agency (PNG,
/// JPEG or WebP by content, at most 2 MB, field `file`), for whoever manages one of those
/// catalogues.
#[utoipa::path(post, operation_id = "upload_catalogue_image", path = "/api/uploads/catalogue-image", tag = "media",
    request_body(content_type = "multipart/form-data", description = "Field `file`"),
    responses((status = 200, body = UploadedImage), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 413, body = crate::error::ErrorBody), (status = 415, body = crate::error::ErrorBody)))]
pub async fn upload<S: Portal>(
    Services(state): Services<S>,
    // Extracted before the body: only catalogue managers may upload anything here.
    viewer: Viewer,
    MultipartBody(multipart): MultipartBody,
) -> AppResult<Json<UploadedImage>> {
    require_any_nav(&viewer, &MANAGERS).await?;
    require_can_manage(&viewer)?;
    let upload = read_image(multipart, &IMAGE_UPLOAD).await?;
    let url = state
        .media()
        .put_image("catalogues", &viewer.agency.slug, upload)
        .await
        .map_err(AppError::Other)?;
    Ok(Json(UploadedImage { url }))
}
