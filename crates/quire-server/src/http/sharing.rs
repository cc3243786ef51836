//! Sharing a manuscript with named users (the Share dialog's calls): the owner grants Editor
//! (1), Commenter (2) or Viewer (3) — 0 removes access —; the people with access; a user's own
//! permission and whether they may change the manuscript. Share links (view by hash) are not
//! built yet.

use axum::extract::State;
use axum::http::StatusCode;
use quire_core::account::Email;
use quire_core::manuscript::SharePermission;
use quire_core::policy::{self, Role};
use quire_core::time::now_ms;
use quire_protocol::{Failure, Success};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::entities::{wire, wire_all};
use super::extract::{ApiJson, ApiPath, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareRequest {
    pub manuscript_id: String,
    pub email: String,
    /// 1 Editor, 2 Commenter, 3 Viewer; 0 removes the user's access.
    pub permissions: i64,
}

/// `POST manuscripts/share`: gives a user access to the caller's manuscript, changes it, or
/// with `permissions: 0` removes it. Refused with `email_required` / `email_invalid` (422),
/// `cannot_share_with_yourself` (422) and `user_not_found` (404: no Quire account has that
/// email).
#[utoipa::path(post, path = "/manuscripts/share", tag = "manuscripts", request_body = ShareRequest,
    responses((status = 200, body = Success<bool>),
              (status = 404, description = "not_found (the manuscript), user_not_found", body = Failure),
              (status = 422, body = Failure)))]
pub async fn share(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<ShareRequest>,
) -> Result<Envelope<bool>, ApiError> {
    let manuscript_id = wire::path_id(&body.manuscript_id)?;
    let email = Email::parse(&body.email).map_err(|code| ApiError::field("email", code.0))?;
    let permission = match body.permissions {
        0 => None,
        value => Some(
            SharePermission::from_value(value)
                .ok_or_else(|| ApiError::field("permissions", "invalid"))?,
        ),
    };
    // Only a user the policy lets share: answer `not_found` before saying anything about the
    // email.
    let role = app
        .store
        .manuscript_role(&actor.user_id, &manuscript_id)
        .await?;
    if !policy::may_share(role) {
        return Err(ApiError::NotFound);
    }
    let user = app
        .store
        .user_by_email(&email.normalized())
        .await?
        .ok_or(ApiError::refused(StatusCode::NOT_FOUND, "user_not_found"))?;
    let had_grant = app
        .store
        .set_grant(
            &actor.user_id,
            &manuscript_id,
            &user.id,
            permission,
            now_ms(),
        )
        .await?;
    app.events.publish(crate::events::Event::AccessChanged {
        owner: actor.user_id,
        manuscript: manuscript_id,
        user: user.id,
        revoked: permission.is_none(),
        granted: permission.is_some() && !had_grant,
    });
    Ok(Envelope(true))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SharedUser {
    pub id: String,
    pub name: String,
    pub email: String,
}

/// One person with access: who, since when, and with which permission.
#[derive(Debug, Serialize, ToSchema)]
pub struct SharedEntry {
    pub user: SharedUser,
    pub created_at: i64,
    pub permissions: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SharedPermissions {
    /// Whether the caller owns the manuscript.
    pub owner: bool,
    /// The caller's sharing permission (1, 2 or 3); `null` for the owner.
    pub permissions: Option<i64>,
    /// The people with access; for the owner only (empty for others).
    pub shared: Vec<SharedEntry>,
}

/// `GET manuscripts/shared_permissions/{id}`: the caller's access to a manuscript and, for
/// a caller who may share it, the people with access.
#[utoipa::path(get, path = "/manuscripts/shared_permissions/{id}", tag = "manuscripts",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<SharedPermissions>), (status = 404, body = Failure)))]
pub async fn shared_permissions(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<SharedPermissions>, ApiError> {
    let id = wire::path_id(&id)?;
    let role = app.store.manuscript_role(&actor.user_id, &id).await?;
    let shared = if !policy::may_share(role) {
        Vec::new()
    } else {
        app.store
            .grants(&actor.user_id, &id)
            .await?
            .into_iter()
            .map(|grant| SharedEntry {
                user: SharedUser {
                    id: grant.user_id,
                    name: grant.user_name,
                    email: grant.user_email,
                },
                created_at: grant.created_at,
                permissions: grant.permission.value(),
            })
            .collect()
    };
    Ok(Envelope(SharedPermissions {
        owner: role == Role::Owner,
        permissions: role.grant().map(SharePermission::value),
        shared,
    }))
}

/// `GET manuscripts/shared/{id}/can_update`: whether the caller's role may change the
/// manuscript's contents.
#[utoipa::path(get, path = "/manuscripts/shared/{id}/can_update", tag = "manuscripts",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<bool>), (status = 404, body = Failure)))]
pub async fn can_update(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<bool>, ApiError> {
    let id = wire::path_id(&id)?;
    let role = app.store.manuscript_role(&actor.user_id, &id).await?;
    Ok(Envelope(policy::may_change_contents(role)))
}

/// `GET manuscripts/shared_with_me`: the live manuscripts others share with the caller, each
/// with `shared_permissions` (the caller's permission).
#[utoipa::path(get, path = "/manuscripts/shared_with_me", tag = "manuscripts",
    responses((status = 200, body = Success<Vec<Object>>)))]
pub async fn shared_with_me(
    State(app): State<AppState>,
    actor: Actor,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let now = now_ms();
    let shared = app.store.shared_with(&actor.user_id).await?;
    let rows: Vec<_> = shared.iter().map(|(row, _)| row.clone()).collect();
    let mut objects = wire_all(&rows, now);
    for (object, (_, permission)) in objects.iter_mut().zip(&shared) {
        if let Value::Object(map) = object {
            map.insert("shared_permissions".into(), permission.value().into());
        }
    }
    Ok(Envelope(objects))
}
