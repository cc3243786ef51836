//! The signed-in user's own account: profile and settings, email, password, sessions and
//! deletion.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum_extra::extract::cookie::CookieJar;
use quire_core::account::{Email, Password, PasswordRule, PersonName};
use quire_core::settings;
use quire_core::time::now_ms;
use quire_protocol::Success;
use quire_protocol::account::{
    ChangeEmailRequest, ChangePasswordRequest, SessionInfo, Sessions, UpdateUserRequest,
    UserEnvelope,
};
use quire_store::StoreError;
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;

use super::account::{settings_of, user_object, user_object_with_to_dos};
use super::extract::{ApiJson, ApiPath, ApiQuery, Envelope};
use super::fields::Fields;
use crate::AppState;
use crate::auth::{Actor, cookies};
use crate::error::ApiError;
use crate::events::Event;
use crate::mail::{self, Lang, Message};

/// Options of `users/me`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MeQuery {
    /// Leave the global to-dos out of the answer.
    pub exclude_to_dos: Option<bool>,
}

/// `GET users/me`: the signed-in user, with the global to-dos (`to_dos`) unless
/// `exclude_to_dos=true`.
#[utoipa::path(get, path = "/users/me", tag = "users", params(MeQuery),
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 401, body = quire_protocol::Failure)))]
pub async fn me(
    State(app): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<MeQuery>,
) -> Result<Envelope<UserEnvelope>, ApiError> {
    let row = app.store.user(&actor.user_id).await?;
    let user = if query.exclude_to_dos.unwrap_or(false) {
        user_object(&app, &row, None)?
    } else {
        user_object_with_to_dos(&app, &row).await?
    };
    Ok(Envelope(UserEnvelope { user }))
}

/// `PUT users/{id}`: a partial update of the caller's own name and settings. Protected fields
/// (level, email, subscription, two-factor state, permissions) are ignored.
#[utoipa::path(put, path = "/users/{id}", tag = "users", request_body = UpdateUserRequest,
    params(("id" = String, Path, description = "The caller's own user id")),
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 403, description = "not_authorized: another user's id", body = quire_protocol::Failure),
              (status = 422, body = quire_protocol::Failure)))]
pub async fn update(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<UpdateUserRequest>,
) -> Result<Envelope<UserEnvelope>, ApiError> {
    if id != actor.user_id {
        return Err(ApiError::refused(StatusCode::FORBIDDEN, "not_authorized"));
    }
    let row = app.store.user(&actor.user_id).await?;
    let mut fields = Fields::default();
    let name = match &body.name {
        Some(name) => fields
            .check("name", PersonName::parse(name))
            .map(PersonName::into_string),
        None => Some(row.name.clone()),
    };
    let mut patch = body.rest.clone();
    patch.remove("name");
    if let Some(nested) = &body.settings {
        patch.extend(nested.clone());
    }
    let mut current = settings_of(&row);
    if let Err(errors) = settings::apply_patch(&mut current, &patch) {
        for (field, code) in errors {
            fields.add(&field, &code);
        }
    }
    fields.finish()?;
    let name = name.unwrap_or(row.name);
    app.store
        .update_profile(
            &actor.user_id,
            &name,
            &Value::Object(current).to_string(),
            now_ms(),
        )
        .await?;
    app.events.publish(Event::UserUpdated {
        user: actor.user_id.clone(),
        device: super::entities::device_header(&headers)
            .unwrap_or_default()
            .to_owned(),
    });
    let row = app.store.user(&actor.user_id).await?;
    Ok(Envelope(UserEnvelope {
        user: user_object(&app, &row, None)?,
    }))
}

/// Verifies the caller's current password, unless the account has none.
pub(super) async fn confirm_password(
    app: &AppState,
    stored: Option<String>,
    given: &str,
    field: &str,
) -> Result<(), ApiError> {
    let Some(stored) = stored else {
        return Ok(());
    };
    if given.is_empty() {
        return Err(ApiError::field(field, "password_required"));
    }
    let key = format!("confirm:{field}:{stored}");
    app.limiter.check_backoff(&key)?;
    if crate::auth::password::verify(given.to_owned(), Some(stored)).await? {
        app.limiter.succeeded(&key);
        Ok(())
    } else {
        app.limiter.failed(&key);
        Err(ApiError::Invalid {
            code: "current_password_incorrect",
            fields: [(field.to_owned(), "current_password_incorrect".to_owned())].into(),
        })
    }
}

/// `PUT users/change_password`: needs the current password (unless the account has none);
/// ends every other session.
#[utoipa::path(put, path = "/users/change_password", tag = "users", request_body = ChangePasswordRequest,
    responses((status = 200, body = Success<bool>),
              (status = 422, description = "invalid_fields or current_password_incorrect", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn change_password(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<ChangePasswordRequest>,
) -> Result<Envelope<bool>, ApiError> {
    let row = app.store.user(&actor.user_id).await?;
    let mut fields = Fields::default();
    if body.current_password.chars().count() > quire_core::account::PASSWORD_MAX {
        fields.add("current_password", "password_too_long");
    }
    let new = fields.check(
        "new_password",
        Password::parse(&body.new_password, PasswordRule::New),
    );
    if body.new_password_confirmation.is_empty() {
        fields.add(
            "new_password_confirmation",
            "password_confirmation_required",
        );
    } else if body.new_password != body.new_password_confirmation {
        fields.add("new_password_confirmation", "passwords_do_not_match");
    }
    fields.finish()?;
    confirm_password(
        &app,
        row.password_hash.clone(),
        &body.current_password,
        "current_password",
    )
    .await?;
    let Some(new) = new else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "validated password missing"
        )));
    };
    let hash = crate::auth::password::hash(new.expose().to_owned()).await?;
    app.store
        .set_password(&actor.user_id, &hash, Some(&actor.session_id), now_ms())
        .await?;
    Ok(Envelope(true))
}

/// `PUT users/change_email`: needs the password (unless the account has none); the new address
/// must be unused and is unverified until its link is opened. The old address is told.
#[utoipa::path(put, path = "/users/change_email", tag = "users", request_body = ChangeEmailRequest,
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 409, description = "email_already_used", body = quire_protocol::Failure),
              (status = 422, body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn change_email(
    State(app): State<AppState>,
    actor: Actor,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ChangeEmailRequest>,
) -> Result<Envelope<UserEnvelope>, ApiError> {
    let row = app.store.user(&actor.user_id).await?;
    let mut fields = Fields::default();
    let email = fields.check("email", Email::parse(&body.email));
    if email
        .as_ref()
        .is_some_and(|e| e.normalized() == row.email.to_lowercase())
    {
        fields.add("email", "email_unchanged");
    }
    if body.password.chars().count() > quire_core::account::PASSWORD_MAX {
        fields.add("password", "password_too_long");
    }
    fields.finish()?;
    confirm_password(&app, row.password_hash.clone(), &body.password, "password").await?;
    let Some(email) = email else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "validated email missing"
        )));
    };
    match app
        .store
        .set_email(
            &actor.user_id,
            email.as_str(),
            &email.normalized(),
            now_ms(),
        )
        .await
    {
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::refused(
                StatusCode::CONFLICT,
                "email_already_used",
            ));
        }
        other => other?,
    }
    let lang = Lang::from_headers(&headers);
    mail::send(
        &app,
        Some(&row.id),
        &row.email,
        lang,
        Message::EmailChanged {
            name: &row.name,
            new_email: email.as_str(),
        },
    )
    .await;
    super::auth::mail_verification(&app, &row.id, &row.name, email.as_str(), lang).await?;
    let row = app.store.user(&actor.user_id).await?;
    Ok(Envelope(UserEnvelope {
        user: user_object(&app, &row, None)?,
    }))
}

/// `DELETE users/delete_account`: removes the caller's account and everything in it, ends
/// every session and clears this device's cookies.
#[utoipa::path(delete, path = "/users/delete_account", tag = "users",
    responses((status = 200, body = Success<bool>),
              (status = 401, body = quire_protocol::Failure)))]
pub async fn delete_account(
    State(app): State<AppState>,
    actor: Actor,
    headers: HeaderMap,
    jar: CookieJar,
) -> Result<(CookieJar, Envelope<bool>), ApiError> {
    let row = app.store.user(&actor.user_id).await?;
    app.store.delete_user(&actor.user_id).await?;
    app.events.publish(Event::UserDeleted {
        user: actor.user_id.clone(),
    });
    if let Err(e) = app.objects.delete_owner(&actor.user_id).await {
        tracing::error!(error = %e, "the deleted account's uploads were not removed");
    }
    mail::send(
        &app,
        None,
        &row.email,
        Lang::from_headers(&headers),
        Message::AccountDeleted { name: &row.name },
    )
    .await;
    Ok((cookies::clear(jar, app.cookies_secure()), Envelope(true)))
}

/// `GET users/sessions`: the caller's signed-in devices.
#[utoipa::path(get, path = "/users/sessions", tag = "users",
    responses((status = 200, body = Success<Sessions>)))]
pub async fn sessions(
    State(app): State<AppState>,
    actor: Actor,
) -> Result<Envelope<Sessions>, ApiError> {
    let sessions = app
        .store
        .sessions(&actor.user_id, now_ms())
        .await?
        .into_iter()
        .map(|s| SessionInfo {
            current: s.id == actor.session_id,
            id: s.id,
            user_agent: s.user_agent,
            platform: s.platform,
            ip: s.ip,
            keep_logged_in: s.keep_logged_in,
            created_at: s.created_at,
            last_seen_at: s.last_seen_at,
        })
        .collect();
    Ok(Envelope(Sessions { sessions }))
}

/// `DELETE users/sessions/{id}`: signs one of the caller's devices out.
#[utoipa::path(delete, path = "/users/sessions/{id}", tag = "users",
    params(("id" = String, Path, description = "A session id from users/sessions")),
    responses((status = 200, body = Success<bool>),
              (status = 404, body = quire_protocol::Failure)))]
pub async fn revoke_session(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<bool>, ApiError> {
    app.store
        .revoke_session(&actor.user_id, &id, now_ms())
        .await?;
    app.events.publish(Event::SessionEnded {
        user: actor.user_id.clone(),
        session: id,
    });
    Ok(Envelope(true))
}
