//! The response envelope every `/api/v4` answer is wrapped in.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A successful answer: `{"status":"success","data":…}`.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Success<T> {
    /// Always `success`.
    #[schema(example = "success")]
    pub status: String,
    pub data: T,
}

impl<T> Success<T> {
    pub fn new(data: T) -> Self {
        Success {
            status: "success".to_owned(),
            data,
        }
    }
}

/// A refused request (HTTP 4xx): `{"status":"failed","data":"<code>"}`, with per-field codes
/// when the body failed validation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Failure {
    /// Always `failed`.
    #[schema(example = "failed")]
    pub status: String,
    /// A snake_case code the client translates (`not_found`, `invalid_json`, …).
    #[schema(example = "not_found")]
    pub data: String,
    /// Field name → code, present only for validation failures.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

/// An unexpected failure (HTTP 5xx). Details are only in the server log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// Always `error`.
    #[schema(example = "error")]
    pub status: String,
    #[schema(example = "internal")]
    pub message: String,
}
