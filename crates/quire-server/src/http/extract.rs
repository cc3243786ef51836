//! Extractors and the success wrapper, so that every answer and every refusal of a malformed
//! request speaks the envelope, and every string a request sends passes the NUL rule
//! (`http::nul_rule`) before a handler sees it.

use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use quire_protocol::Success;
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::nul_rule;
use crate::error::ApiError;

/// A successful answer: serialised as `{"status":"success","data":…}`.
#[derive(Debug)]
pub struct Envelope<T>(pub T);

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        axum::Json(Success::new(self.0)).into_response()
    }
}

/// A JSON object body. Malformed JSON, or JSON that is not an object of the expected shape, is
/// refused with `invalid_json`; a body over the limit with `payload_too_large`; a body without a
/// JSON content type with `unsupported_media_type`; a NUL as the NUL rule says.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !has_json_content_type(req.headers()) {
            return Err(ApiError::UnsupportedMediaType);
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|rejection| {
            if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::PayloadTooLarge
            } else {
                ApiError::InvalidJson(rejection.body_text())
            }
        })?;
        // serde accepts a sequence for a struct; our bodies are always objects.
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err(ApiError::InvalidJson(
                "the body is not a JSON object".to_owned(),
            ));
        }
        nul_rule::from_json(&bytes).map(ApiJson)
    }
}

fn has_json_content_type(headers: &HeaderMap) -> bool {
    let Some(content_type) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// A query string. One that does not parse is refused with `invalid_query`; a NUL is dealt
/// with as the NUL rule says.
#[derive(Debug)]
pub struct ApiQuery<T>(pub T);

// The one place that reads the query with axum's own extractor.
#[allow(clippy::disallowed_types)]
impl<S, T> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if let Some(cleaned) = nul_rule::clean_query(parts.uri.query().unwrap_or(""))? {
            return serde_urlencoded::from_str(&cleaned)
                .map(ApiQuery)
                .map_err(|e| ApiError::InvalidQuery(e.to_string()));
        }
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| ApiQuery(value))
            .map_err(|r: QueryRejection| ApiError::InvalidQuery(r.body_text()))
    }
}

/// The path's parameters, which are ids: one that does not decode, or holds a NUL, is refused
/// with `invalid_id` for the field `id`.
#[derive(Debug)]
pub struct ApiPath<T>(pub T);

// The one place that reads the path with axum's own extractor.
#[allow(clippy::disallowed_types)]
impl<S, T> FromRequestParts<S> for ApiPath<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let invalid = || ApiError::field("id", "invalid_id");
        if nul_rule::path_holds_nul(parts.uri.path()) {
            return Err(invalid());
        }
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(ApiPath(value)),
            Err(rejection) if rejection.status().is_client_error() => Err(invalid()),
            Err(rejection) => {
                Err(anyhow::anyhow!("path parameters: {}", rejection.body_text()).into())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::Body;
    use axum::extract::DefaultBodyLimit;
    use axum::http::{Request, StatusCode, header};
    use axum::routing::post;
    use serde::Deserialize;
    use tower::ServiceExt;

    use super::*;

    #[derive(Deserialize, Serialize)]
    struct Note {
        title: String,
    }

    async fn echo(ApiJson(note): ApiJson<Note>) -> Envelope<Note> {
        Envelope(note)
    }

    async fn call(body: Body, content_type: Option<&str>) -> (StatusCode, serde_json::Value) {
        let app = Router::new()
            .route("/echo", post(echo))
            .layer(DefaultBodyLimit::max(1024));
        let mut request = Request::post("/echo");
        if let Some(content_type) = content_type {
            request = request.header(header::CONTENT_TYPE, content_type);
        }
        let response = app.oneshot(request.body(body).unwrap()).await.unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn a_well_formed_body_is_answered_in_a_success_envelope() {
        let (status, body) =
            call(Body::from(r#"{"title":"Act I"}"#), Some("application/json")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            body,
            serde_json::json!({"status": "success", "data": {"title": "Act I"}})
        );
    }

    #[tokio::test]
    async fn malformed_json_is_refused_with_invalid_json() {
        for bad in [
            r#"{"title":"#,
            "not json",
            r#"{"title": 7}"#,
            "[]",
            r#"["Act I"]"#,
            "",
        ] {
            let (status, body) = call(Body::from(bad), Some("application/json")).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad:?}");
            assert_eq!(
                body,
                serde_json::json!({"status": "failed", "data": "invalid_json"})
            );
        }
    }

    #[tokio::test]
    async fn an_oversized_body_is_refused_with_413() {
        let big = format!(r#"{{"title":"{}"}}"#, "x".repeat(4096));
        let (status, body) = call(Body::from(big), Some("application/json")).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(body["data"], "payload_too_large");
    }

    #[tokio::test]
    async fn a_body_without_a_json_content_type_is_refused() {
        let (status, body) = call(Body::from(r#"{"title":"x"}"#), Some("text/plain")).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert_eq!(body["data"], "unsupported_media_type");
        let (status, _) = call(Body::from(r#"{"title":"x"}"#), None).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    }
}
