//! Request extractors whose rejections are the API's usual `{"error": "..."}` answers, never
//! axum's plain-text ones. Handlers take these instead of axum's own.

use axum::{
    extract::{
        rejection::{FormRejection, JsonRejection, PathRejection, QueryRejection},
        FromRequest, FromRequestParts, Request,
    },
    http::StatusCode,
};

use crate::error::{bad_request, AppError};

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => {
                AppError::PayloadTooLarge("Request body too large.".into())
            }
            StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType(
                "Send JSON with Content-Type: application/json.".into(),
            ),
            _ => bad_request(format!("Invalid request body: {}", rejection.body_text())),
        }
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> Self {
        bad_request(format!("Invalid query: {}", rejection.body_text()))
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> Self {
        bad_request(format!("Invalid path: {}", rejection.body_text()))
    }
}

impl From<FormRejection> for AppError {
    fn from(rejection: FormRejection) -> Self {
        bad_request(format!("Invalid form: {}", rejection.body_text()))
    }
}

/// A JSON request body.
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct JsonBody<T>(pub T);

/// Query parameters.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct QueryParams<T>(pub T);

/// Path parameters.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct PathParams<T>(pub T);

/// A form body (`application/x-www-form-urlencoded`).
#[derive(Debug, FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct FormBody<T>(pub T);

/// A `multipart/form-data` body.
pub struct MultipartBody(pub axum::extract::Multipart);

impl<S: Send + Sync> FromRequest<S> for MultipartBody {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, AppError> {
        axum::extract::Multipart::from_request(request, state).await.map(Self).map_err(|e| {
            bad_request(format!("Send the file as multipart/form-data ({}).", e.body_text()))
        })
    }
}

/// For optional fields where `null` means "clear": tells a field sent as `null`
/// (`Some(None)`) from a field left out (`None`). Use with `#[serde(default, deserialize_with)]`.
pub fn nullable<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}
