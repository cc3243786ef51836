//! [`Actor`]: the signed-in user a request acts for, from the session cookie (or an
//! `Authorization: Bearer` token, for non-browser clients).

use axum::extract::FromRequestParts;
use axum::http::header;
use axum::http::request::Parts;
use axum_extra::extract::cookie::CookieJar;
use quire_core::Level;
use quire_core::time::now_ms;

use super::{cookies, tokens};
use crate::AppState;
use crate::error::ApiError;

/// The user a request acts for. Extracting it refuses the request with 401 when there is no
/// valid session: `not_authorized` without a token, `invalid_token` for an unknown one,
/// `expired_token` when the access token has lapsed (the client refreshes and retries) and
/// `expired_session` when the session was ended.
#[derive(Debug, Clone)]
pub struct Actor {
    pub user_id: String,
    pub session_id: String,
    pub level: Level,
    /// The device the request says it comes from (`X-Device-Id`), which the change feed names
    /// in its announcements so that this device ignores its own change; `None` when not said.
    pub device: Option<String>,
}

/// The access token a request carries, if any.
pub fn access_token(parts: &Parts) -> Option<String> {
    let bearer = parts
        .headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    bearer
        .or_else(|| {
            CookieJar::from_headers(&parts.headers)
                .get(cookies::ACCESS)
                .map(|c| c.value().to_owned())
        })
        .filter(|t| !t.is_empty())
}

impl FromRequestParts<AppState> for Actor {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = access_token(parts).ok_or(ApiError::Unauthorized("not_authorized"))?;
        let session = app
            .store
            .session_by_access(&tokens::hash(&token))
            .await?
            .ok_or(ApiError::Unauthorized("invalid_token"))?;
        if session.revoked_at.is_some() {
            return Err(ApiError::Unauthorized("expired_session"));
        }
        if session.access_expires_at <= now_ms() {
            return Err(ApiError::Unauthorized("expired_token"));
        }
        Ok(Actor {
            user_id: session.user_id,
            session_id: session.session_id,
            level: Level::new(i32::try_from(session.level).unwrap_or(1)),
            device: crate::http::entities::device_header(&parts.headers).map(str::to_owned),
        })
    }
}

/// An optional [`Actor`]: `None` when the request carries no usable session.
#[derive(Debug, Clone)]
pub struct MaybeActor(pub Option<Actor>);

impl FromRequestParts<AppState> for MaybeActor {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        app: &AppState,
    ) -> Result<Self, Self::Rejection> {
        match Actor::from_request_parts(parts, app).await {
            Ok(actor) => Ok(MaybeActor(Some(actor))),
            Err(ApiError::Unauthorized(_)) => Ok(MaybeActor(None)),
            Err(other) => Err(other),
        }
    }
}
