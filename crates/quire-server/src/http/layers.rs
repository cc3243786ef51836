//! The layers every request passes through: request ids, tracing (with the client's
//! `X-App-Version` and `X-Platform`), panic safety, compression and security headers.

use std::any::Any;

use axum::Router;
use axum::http::{HeaderName, HeaderValue, Request, Response, header};
use axum::response::IntoResponse;
use quire_core::Id;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};

use crate::error::ApiError;

const X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The content security policy for the web app and the API alike: our own origin only, inline
/// styles for the UI library, WebSockets back to the server, no framing by anyone.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
    connect-src 'self' ws: wss:; worker-src 'self' blob:; manifest-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Request ids are random entity-style ids: unguessable, and short enough to read in a log.
#[derive(Debug, Clone, Copy)]
struct RandomRequestId;

impl MakeRequestId for RandomRequestId {
    fn make_request_id<B>(&mut self, _request: &Request<B>) -> Option<RequestId> {
        HeaderValue::from_str(Id::random().as_str())
            .ok()
            .map(RequestId::new)
    }
}

fn header_str<'a, B>(request: &'a Request<B>, name: &str) -> &'a str {
    request
        .headers()
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-")
}

fn panic_response(err: Box<dyn Any + Send + 'static>) -> Response<axum::body::Body> {
    let detail = err
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| err.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic");
    ApiError::Internal(anyhow::anyhow!("handler panicked: {detail}")).into_response()
}

/// Wraps the application in the shared layers (outermost last).
pub fn apply(app: Router) -> Router {
    let trace = TraceLayer::new_for_http()
        .make_span_with(|request: &Request<_>| {
            tracing::info_span!(
                "request",
                method = %request.method(),
                path = %request.uri().path(),
                request_id = header_str(request, "x-request-id"),
                app_version = header_str(request, "x-app-version"),
                platform = header_str(request, "x-platform"),
            )
        })
        .on_response(DefaultOnResponse::new().level(tracing::Level::INFO));
    app.layer(CompressionLayer::new())
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_FRAME_OPTIONS,
            HeaderValue::from_static("DENY"),
        ))
        .layer(PropagateRequestIdLayer::new(X_REQUEST_ID))
        .layer(trace)
        .layer(SetRequestIdLayer::new(X_REQUEST_ID, RandomRequestId))
}
