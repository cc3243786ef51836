//! What every WebSocket upgrade checks before it is accepted (the live channel, ADR 0009; chapter
//! documents, ADR 0010): an `Origin`, when present, must be our own (a browser cannot add
//! `X-Requested-With` to an upgrade, so this is the cross-site guard), then the session (the
//! [`Actor`] refusals), then that the request is an upgrade at all.

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{FromRequestParts, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;

/// The upgrade and who asks for it, or the refusal to answer: 403 `csrf_refused` for a foreign
/// origin, the 401s of [`Actor`], `websocket_upgrade_required` for a plain request. `what`
/// names the socket in the log.
pub async fn signed_in_upgrade(
    app: &AppState,
    request: Request,
    what: &str,
) -> Result<(WebSocketUpgrade, Actor), Response> {
    let (mut parts, _body) = request.into_parts();
    if !crate::auth::csrf::same_origin(&parts.headers, &app.config.public_url) {
        tracing::warn!("cross-site {what} socket refused");
        return Err(ApiError::refused(StatusCode::FORBIDDEN, "csrf_refused").into_response());
    }
    let actor = Actor::from_request_parts(&mut parts, app)
        .await
        .map_err(IntoResponse::into_response)?;
    let ws = WebSocketUpgrade::from_request_parts(&mut parts, app)
        .await
        .map_err(|rejection| {
            ApiError::refused(rejection.status(), "websocket_upgrade_required").into_response()
        })?;
    Ok((ws, actor))
}
