//! One error type for every handler: `{"error": "..."}` with a meaningful status.

use axum::{
    http::{header, HeaderValue, StatusCode},
    response::{IntoResponse, Response},
    Json,
};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    /// An edit that started from an older version: 409 with the record as it is now.
    #[error("{message}")]
    Stale { message: String, current: serde_json::Value },
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Temporarily unable to serve (for example, the connection budget is exhausted).
    #[error("{0}")]
    Unavailable(String),
    /// Too many requests (an API token past its rate): 429 with `Retry-After` seconds.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// A service the portal relies on (Discord) refused or could not be reached.
    #[error("{0}")]
    BadGateway(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

pub type AppResult<T> = Result<T, AppError>;

pub fn bad_request(msg: impl Into<String>) -> AppError {
    AppError::BadRequest(msg.into())
}
pub fn not_found(msg: impl Into<String>) -> AppError {
    AppError::NotFound(msg.into())
}
pub fn forbidden(msg: impl Into<String>) -> AppError {
    AppError::Forbidden(msg.into())
}
pub fn conflict(msg: impl Into<String>) -> AppError {
    AppError::Conflict(msg.into())
}

pub fn bad_gateway(msg: impl Into<String>) -> AppError {
    AppError::BadGateway(msg.into())
}

impl AppError {
    /// A stale edit: 409 with `message` and the record as it is now.
    pub fn stale(message: &str, current: &impl Serialize) -> Self {
        match serde_json::to_value(current) {
            Ok(current) => Self::Stale { message: message.into(), current },
            Err(err) => Self::Other(err.into()),
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict(_) | Self::Stale { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::BadGateway(_) => StatusCode::BAD_GATEWAY,
            Self::Database(err) if is_outage(err) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Database(_) | Self::Other(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The name of the constraint a database error violated, if it is such an error.
pub fn violated(err: &sqlx::Error) -> Option<&str> {
    err.as_database_error().and_then(|e| e.constraint())
}

/// Maps the violation of one named constraint to a clear answer (`409 …`, `400 …`); every
/// other error passes through. Chains: `.on_constraint("a_key", …).on_constraint("b_key", …)`.
pub trait OnConstraint<T> {
    fn on_constraint(self, constraint: &str, answer: impl FnOnce() -> AppError) -> AppResult<T>;
}

impl<T, E: Into<AppError>> OnConstraint<T> for Result<T, E> {
    fn on_constraint(self, constraint: &str, answer: impl FnOnce() -> AppError) -> AppResult<T> {
        self.map_err(|err| match err.into() {
            AppError::Database(db) if violated(&db) == Some(constraint) => answer(),
            other => other,
        })
    }
}

pub const BUSY: &str = "The portal is busy; please try again shortly.";
pub const DATABASE_UNAVAILABLE: &str =
    "The database is not reachable right now; please try again in a few seconds.";
/// Seconds a client should wait before retrying a 503.
pub const RETRY_AFTER_SECONDS: u32 = 5;

/// Whether a database error means the database cannot be reached (or is shutting down,
/// starting, or out of connections) rather than a fault in the request or the code.
pub fn is_outage(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Tls(_) | sqlx::Error::WorkerCrashed => true,
        // The connection broke while TLS was being negotiated (`sslmode=prefer`, the default).
        sqlx::Error::Protocol(message) => message.contains("SSLRequest"),
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            // 08: connection exceptions; 57P01-04: shutdown, crash, not yet accepting, the
            // database dropped; 53300: too many connections; 53000: out of resources (e.g.
            // no free process slot); 55000 on connecting: the database does not accept
            // connections now (`ALLOW_CONNECTIONS false`, a restore or a move in progress).
            code.starts_with("08")
                || matches!(&*code, "57P01" | "57P02" | "57P03" | "57P04" | "53300" | "53000")
                || (code == "55000" && db.message().contains("accepting connections"))
        }),
        _ => false,
    }
}

/// The body of a stale edit: the sentence and the record as it is now.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaleBody {
    pub error: String,
    #[schema(value_type = Object)]
    pub current: serde_json::Value,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        if let Self::Stale { message, current } = self {
            return (StatusCode::CONFLICT, Json(StaleBody { error: message, current }))
                .into_response();
        }
        let status = self.status();
        let retry_after = match &self {
            Self::TooManyRequests { retry_after, .. } => Some(*retry_after),
            _ if status == StatusCode::SERVICE_UNAVAILABLE => Some(u64::from(RETRY_AFTER_SECONDS)),
            _ => None,
        };
        let message = match &self {
            Self::Database(sqlx::Error::PoolTimedOut) => {
                tracing::warn!("database pool timed out");
                BUSY.to_owned()
            }
            Self::Database(err) if is_outage(err) => {
                tracing::warn!(error = %err, "database unavailable");
                DATABASE_UNAVAILABLE.to_owned()
            }
            Self::Database(err) => {
                tracing::error!(error = %err, "database error");
                "Internal server error".to_owned()
            }
            Self::Other(err) => {
                tracing::error!(error = ?err, "internal error");
                "Internal server error".to_owned()
            }
            other => other.to_string(),
        };
        let mut response = (status, Json(ErrorBody { error: message })).into_response();
        if let Some(seconds) = retry_after {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}
