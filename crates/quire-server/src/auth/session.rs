//! Starting, rotating and ending sessions.

use axum::http::HeaderMap;
use axum_extra::extract::cookie::CookieJar;
use quire_core::Id;
use quire_core::time::now_ms;
use quire_store::accounts::{NewSession, RefreshOutcome, Rotation};

use super::{cookies, tokens};
use crate::AppState;
use crate::error::ApiError;

/// How long an access token is good for; the client refreshes after that.
pub const ACCESS_TTL_MS: i64 = 60 * 60 * 1000;
/// How long a refresh token is good for with "keep me logged in".
pub const REFRESH_TTL_KEEP_MS: i64 = 30 * 24 * 60 * 60 * 1000;
/// How long a refresh token is good for without it (renewed by each refresh).
pub const REFRESH_TTL_MS: i64 = 24 * 60 * 60 * 1000;
/// A retired refresh token presented again within this window is a second tab racing the
/// first, not theft: it is refused without ending the session.
pub const REUSE_GRACE_MS: i64 = 30 * 1000;

/// Where a sign-in came from, for the owner's session list.
#[derive(Debug, Clone, Default)]
pub struct ClientInfo {
    pub user_agent: String,
    pub platform: String,
    pub ip: String,
}

impl ClientInfo {
    pub fn from_headers(headers: &HeaderMap, ip: String) -> Self {
        let get = |name: &str, max: usize| {
            headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .map(|s| s.chars().take(max).collect())
                .unwrap_or_default()
        };
        ClientInfo {
            user_agent: get("user-agent", 256),
            platform: get("x-platform", 32),
            ip,
        }
    }
}

fn refresh_ttl(keep_logged_in: bool) -> i64 {
    if keep_logged_in {
        REFRESH_TTL_KEEP_MS
    } else {
        REFRESH_TTL_MS
    }
}

/// Starts a session for `user_id` and returns the cookies that carry it.
pub async fn start(
    app: &AppState,
    jar: CookieJar,
    user_id: &str,
    keep_logged_in: bool,
    client: ClientInfo,
) -> Result<CookieJar, ApiError> {
    let now = now_ms();
    let access = tokens::new_token();
    let refresh = tokens::new_token();
    app.store
        .create_session(&NewSession {
            id: Id::random().to_string(),
            user_id: user_id.to_owned(),
            access_hash: tokens::hash(&access),
            access_expires_at: now + ACCESS_TTL_MS,
            refresh_hash: tokens::hash(&refresh),
            refresh_expires_at: now + refresh_ttl(keep_logged_in),
            keep_logged_in,
            user_agent: client.user_agent,
            platform: client.platform,
            ip: client.ip,
            created_at: now,
        })
        .await?;
    Ok(cookies::set(
        jar,
        &access,
        &refresh,
        keep_logged_in,
        REFRESH_TTL_KEEP_MS / 1000,
        app.cookies_secure(),
    ))
}

/// Exchanges the refresh cookie for new tokens. A retired token replayed after the grace
/// window ends its session (theft); within it, it is merely refused.
pub async fn refresh(app: &AppState, jar: CookieJar) -> Result<(CookieJar, String), ApiError> {
    let presented = jar
        .get(cookies::REFRESH)
        .map(|c| c.value().to_owned())
        .filter(|v| !v.is_empty())
        .ok_or(ApiError::Unauthorized("invalid_token"))?;
    let now = now_ms();
    let access = tokens::new_token();
    let refresh = tokens::new_token();
    let outcome = app
        .store
        .rotate_refresh(
            &tokens::hash(&presented),
            &Rotation {
                access_hash: tokens::hash(&access),
                access_expires_at: now + ACCESS_TTL_MS,
                refresh_hash: tokens::hash(&refresh),
                refresh_expires_at_kept: now + REFRESH_TTL_KEEP_MS,
                refresh_expires_at: now + REFRESH_TTL_MS,
                now,
            },
        )
        .await?;
    match outcome {
        RefreshOutcome::Rotated {
            user_id,
            keep_logged_in,
            ..
        } => {
            let jar = cookies::set(
                jar,
                &access,
                &refresh,
                keep_logged_in,
                REFRESH_TTL_KEEP_MS / 1000,
                app.cookies_secure(),
            );
            Ok((jar, user_id))
        }
        RefreshOutcome::Reused {
            session_id,
            retired_at,
        } => {
            if now - retired_at > REUSE_GRACE_MS {
                tracing::warn!(%session_id, "a retired refresh token was replayed: session revoked");
                app.store.revoke_session_family(&session_id, now).await?;
                Err(ApiError::Unauthorized("expired_session"))
            } else {
                Err(ApiError::Unauthorized("expired_token"))
            }
        }
        RefreshOutcome::Invalid => Err(ApiError::Unauthorized("invalid_token")),
    }
}
