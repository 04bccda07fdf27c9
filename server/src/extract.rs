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

/// A JSON request body. A NUL character in any string is refused (Postgres text cannot
/// hold one), as axum's own rejections are: with a sentence, never a 500.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, AppError> {
        if !json_content_type(request.headers()) {
            return Err(AppError::UnsupportedMediaType(
                "Send JSON with Content-Type: application/json.".into(),
            ));
        }
        let bytes = axum::body::Bytes::from_request(request, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                AppError::PayloadTooLarge("Request body too large.".into())
            } else {
                bad_request(format!("Invalid request body: {}", e.body_text()))
            }
        })?;
        if crate::validate::json_has_nul(&bytes) {
            return Err(bad_request(crate::validate::NUL_REFUSED));
        }
        let axum::Json(value) = axum::Json::<T>::from_bytes(&bytes)?;
        Ok(Self(value))
    }
}

fn json_content_type(headers: &axum::http::HeaderMap) -> bool {
    let Some(value) = headers.get(axum::http::header::CONTENT_TYPE) else { return false };
    let essence = value.to_str().unwrap_or_default().split(';').next().unwrap_or_default();
    let essence = essence.trim().to_ascii_lowercase();
    essence.strip_prefix("application/").is_some_and(|sub| sub == "json" || sub.ends_with("+json"))
}

/// Query parameters.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct QueryParams<T>(pub T);

/// Path parameters.
#[derive(Debug, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct PathParams<T>(pub T);

/// A form body (`application/x-www-form-urlencoded`); an encoded NUL is refused.
#[derive(Debug)]
pub struct FormBody<T>(pub T);

impl<T: serde::de::DeserializeOwned, S: Send + Sync> FromRequest<S> for FormBody<T> {
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, AppError> {
        let (parts, body) = request.into_parts();
        let bytes = axum::body::Bytes::from_request(Request::new(body), state)
            .await
            .map_err(|e| bad_request(format!("Invalid form: {}", e.body_text())))?;
        if crate::validate::encoded_has_nul(&String::from_utf8_lossy(&bytes)) {
            return Err(bad_request(crate::validate::NUL_REFUSED));
        }
        let request = Request::from_parts(parts, axum::body::Body::from(bytes));
        let axum::Form(value) = axum::Form::<T>::from_request(request, state).await?;
        Ok(Self(value))
    }
}

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

/// Middleware: a path or query holding an encoded NUL (`%00`) is refused with 400 before any
/// handler or store sees it.
pub async fn refuse_encoded_nul(
    request: Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::response::IntoResponse;
    let uri = request.uri();
    let nul = crate::validate::encoded_has_nul(uri.path())
        || uri.query().is_some_and(crate::validate::encoded_has_nul);
    if nul {
        return bad_request(crate::validate::NUL_REFUSED).into_response();
    }
    next.run(request).await
}

/// The application's state in a handler generic over it (`async fn h<S: Portal>(Services(state):
/// Services<S>, …)`): like axum's `State<S>`, except that it only extracts the router's own
/// state, so the compiler infers `S` from the router and features need not name the state
/// type (which lives above them, beside the router).
#[derive(Debug, Clone, Copy)]
pub struct Services<S>(pub S);

impl<S: Clone + Send + Sync> FromRequestParts<S> for Services<S> {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        _parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(Services(state.clone()))
    }
}
