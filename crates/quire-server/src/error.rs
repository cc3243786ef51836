//! The one error type at the HTTP edge and its one mapping to a response.
//!
//! Handlers return `Result<_, ApiError>` and use `?`. A refusal becomes a 4xx with
//! `{"status":"failed","data":"<code>"}`; anything unexpected becomes a 500 with
//! `{"status":"error","message":"internal"}` and its details go only to the log.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use quire_protocol::{ErrorBody, Failure};
use quire_store::StoreError;

/// Every way a request can fail.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 404 `not_found`: no such route, or nothing the caller may see under that id.
    #[error("not found")]
    NotFound,
    /// 405 `method_not_allowed`.
    #[error("method not allowed")]
    MethodNotAllowed,
    /// 400 `invalid_json`: the body is not JSON of the expected shape.
    #[error("invalid JSON: {0}")]
    InvalidJson(String),
    /// 415 `unsupported_media_type`: a JSON body without `Content-Type: application/json`.
    #[error("unsupported media type")]
    UnsupportedMediaType,
    /// 400 `invalid_query`: the query string does not parse.
    #[error("invalid query: {0}")]
    InvalidQuery(String),
    /// 413 `payload_too_large`.
    #[error("payload too large")]
    PayloadTooLarge,
    /// 422 with per-field codes: `{"status":"failed","data":code,"fields":{…}}`.
    #[error("invalid fields: {code}")]
    Invalid {
        code: &'static str,
        fields: BTreeMap<String, String>,
    },
    /// 401 with a session code (`not_authorized`, `invalid_token`, `expired_token`,
    /// `expired_session`, `invalid_credentials`): the client refreshes or asks to sign in.
    #[error("unauthorized: {0}")]
    Unauthorized(&'static str),
    /// 429 `too_many_requests`, with `Retry-After`.
    #[error("too many requests")]
    TooManyRequests { retry_after_secs: u64 },
    /// Any other refusal with its code (`not_authorized`, `manuscript_is_deleted`, …).
    #[error("refused: {code}")]
    Refused {
        status: StatusCode,
        code: &'static str,
    },
    /// 500: logged with its cause, answered as `internal`.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// The HTTP status and code of a refusal; `None` for an internal error.
    fn status_and_code(&self) -> Option<(StatusCode, &'static str)> {
        Some(match self {
            ApiError::NotFound => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiError::InvalidJson(_) => (StatusCode::BAD_REQUEST, "invalid_json"),
            ApiError::UnsupportedMediaType => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            ApiError::InvalidQuery(_) => (StatusCode::BAD_REQUEST, "invalid_query"),
            ApiError::PayloadTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            ApiError::Invalid { code, .. } => (StatusCode::UNPROCESSABLE_ENTITY, *code),
            ApiError::Unauthorized(code) => (StatusCode::UNAUTHORIZED, *code),
            ApiError::TooManyRequests { .. } => {
                (StatusCode::TOO_MANY_REQUESTS, "too_many_requests")
            }
            ApiError::Refused { status, code } => (*status, *code),
            ApiError::Internal(_) => return None,
        })
    }
}

impl ApiError {
    /// A refusal with `status` and `code`.
    pub fn refused(status: StatusCode, code: &'static str) -> Self {
        ApiError::Refused { status, code }
    }

    /// A 422 for one field.
    pub fn field(field: &str, code: &'static str) -> Self {
        ApiError::Invalid {
            code: "invalid_fields",
            fields: BTreeMap::from([(field.to_owned(), code.to_owned())]),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => ApiError::NotFound,
            StoreError::NotAuthorized => ApiError::refused(StatusCode::FORBIDDEN, "not_authorized"),
            StoreError::Rule(code) => ApiError::refused(rule_status(code), code),
            StoreError::Conflict("id") => ApiError::refused(StatusCode::CONFLICT, "id_taken"),
            StoreError::Conflict("hour") => {
                ApiError::refused(StatusCode::CONFLICT, "word_count_hour_taken")
            }
            other => ApiError::Internal(other.into()),
        }
    }
}

/// The status of a data rule's refusal: the trash and a deleted manuscript are the row's
/// state (409); anything else is the request's content (422).
fn rule_status(code: &str) -> StatusCode {
    match code {
        "was_not_deleted" | "was_not_undeleted" | "is_not_deleted" | "manuscript_is_deleted" => {
            StatusCode::CONFLICT
        }
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        match self.status_and_code() {
            Some((status, code)) => {
                if let ApiError::InvalidJson(detail) | ApiError::InvalidQuery(detail) = &self {
                    tracing::debug!(%detail, code, "request refused");
                }
                let retry_after = match &self {
                    ApiError::TooManyRequests { retry_after_secs } => Some(*retry_after_secs),
                    _ => None,
                };
                let fields = match self {
                    ApiError::Invalid { fields, .. } => Some(fields),
                    _ => None,
                };
                let body = Failure {
                    status: "failed".to_owned(),
                    data: code.to_owned(),
                    fields,
                };
                let mut response = (status, Json(body)).into_response();
                if let Some(retry_after_secs) = retry_after {
                    response.headers_mut().insert(
                        axum::http::header::RETRY_AFTER,
                        axum::http::HeaderValue::from(retry_after_secs),
                    );
                }
                response
            }
            None => {
                tracing::error!(error = ?self, "internal error");
                let body = ErrorBody {
                    status: "error".to_owned(),
                    message: "internal".to_owned(),
                };
                (StatusCode::INTERNAL_SERVER_ERROR, Json(body)).into_response()
            }
        }
    }
}
