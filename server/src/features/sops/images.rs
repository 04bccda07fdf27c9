//! `POST /api/uploads/sop-image`: a picture for a document's content, stored in the agency's
//! media (`/media/sops/<agency>/…`), the only pictures the content allows besides `https`.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    access::guard::{nav_item, Guard},
    error::{AppError, AppResult},
    extract::{MultipartBody, Services},
    media::upload::{read_image, IMAGE_UPLOAD},
    shared::Portal,
};

#[derive(Debug, Serialize, ToSchema)]
pub struct UploadedPicture {
    /// Where the picture is served, e.g. `/media/sops/bcso/….png`: the `src` of an image in
    /// a document's content.
    pub url: String,
}

/// Uploads a picture for a document's content (PNG, JPEG or WebP by content, at most 2 MB,
/// field `file`), for whoever manages the active agency's documents.
#[utoipa::path(post, operation_id = "upload_document_picture", path = "/api/uploads/sop-image", tag = "sops",
    request_body(content_type = "multipart/form-data", description = "Field `file`"),
    responses((status = 200, body = UploadedPicture), (status = 400, body = crate::error::ErrorBody),
              (status = 401, body = crate::error::ErrorBody), (status = 403, body = crate::error::ErrorBody),
              (status = 413, body = crate::error::ErrorBody), (status = 415, body = crate::error::ErrorBody)))]
pub async fn upload<S: Portal>(
    Services(state): Services<S>,
    // Extracted before the body: only document managers (not on leave) may upload anything.
    Guard(viewer, _): Guard<nav_item::SopManagement>,
    MultipartBody(multipart): MultipartBody,
) -> AppResult<Json<UploadedPicture>> {
    let upload = read_image(multipart, &IMAGE_UPLOAD).await?;
    let url = state
        .media()
        .put_image("sops", &viewer.agency.slug, upload)
        .await
        .map_err(AppError::Other)?;
    Ok(Json(UploadedPicture { url }))
}
