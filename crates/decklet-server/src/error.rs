//! [`ApiError`]: what a request was refused for, with its HTTP status; and
//! [`StoreError`](crate::StoreError)'s place in it.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// The longest error message, in characters (then cut, with `…`).
pub const MAX_ERROR_CHARS: usize = 300;

/// A refused request: its HTTP status and a message for the client, as JSON
/// `{"error": "..."}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, for a person.
    pub message: String,
}

impl ApiError {
    /// 400: the request is malformed or asks for something that cannot be.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: the request came from a page of a site that is not allowed.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such match or seat.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the seat is taken, the match is not in a state for this.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 429: this client reached a limit of its own (try later).
    pub fn too_many(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
    }

    /// 503: a limit of the server is reached (try later).
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// 500: the server failed (its storage, a bug).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// 408: the request's body did not arrive in time.
    pub fn too_slow(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::REQUEST_TIMEOUT, message)
    }

    /// 413: the request's body is over the limit.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// The message is escaped and cut after [`MAX_ERROR_CHARS`] characters: what it
    /// quotes of a request (each quote already bounded) cannot make it long.
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        let message: String = message.into();
        let mut bounded: String = message
            .chars()
            .take(MAX_ERROR_CHARS)
            .flat_map(|c| match c.is_control() {
                true => c.escape_unicode().collect::<Vec<_>>(),
                false => vec![c],
            })
            .collect();
        if message.chars().nth(MAX_ERROR_CHARS).is_some() {
            bounded.push_str(&format!("… ({} bytes)", message.len()));
        }
        ApiError {
            status,
            message: bounded,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.status, self.message)
    }
}

impl std::error::Error for ApiError {}

impl From<crate::store::StoreError> for ApiError {
    fn from(error: crate::store::StoreError) -> ApiError {
        ApiError::internal(error.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.message });
        (self.status, axum::Json(body)).into_response()
    }
}
