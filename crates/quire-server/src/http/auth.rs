//! Sign-up, sign-in, sign-out, token refresh, email verification and password reset.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum_extra::extract::cookie::CookieJar;
use quire_core::Id;
use quire_core::account::{Email, Password, PasswordRule, PersonName};
use quire_core::settings;
use quire_core::time::now_ms;
use quire_protocol::Success;
use quire_protocol::account::{
    ForgotRequest, LoginRequest, ReloginRequest, ResetPasswordRequest, SignUpRequest, UserEnvelope,
};
use quire_protocol::two_factor::LoginAnswer;
use quire_store::StoreError;
use quire_store::accounts::{NewEmailToken, NewUser, UserRow};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use super::account::{ClientIp, user_object, user_object_with_to_dos};
use super::extract::{ApiJson, ApiQuery, Envelope};
use super::fields::Fields;
use crate::AppState;
use crate::auth::actor::MaybeActor;
use crate::auth::rate_limit::PER_IP;
use crate::auth::session::{self, ClientInfo};
use crate::auth::{Actor, cookies, tokens};
use crate::error::ApiError;
use crate::mail::{self, Lang, Message};

/// How long a verify-email link works.
const VERIFY_TTL_MS: i64 = 7 * 24 * 60 * 60 * 1000;
/// How long a reset-password link works.
const RESET_TTL_MS: i64 = 60 * 60 * 1000;

/// `POST users/`: creates an account, signs it in and mails the verification link.
#[utoipa::path(post, path = "/users/", tag = "auth", request_body = SignUpRequest,
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 409, description = "email_already_used", body = quire_protocol::Failure),
              (status = 422, description = "invalid_fields", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn sign_up(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<SignUpRequest>,
) -> Result<(CookieJar, Envelope<UserEnvelope>), ApiError> {
    app.limiter.check(&format!("sign_up:{ip}"), PER_IP)?;
    let mut fields = Fields::default();
    let name = fields.check("name", PersonName::parse(&body.name));
    let email = fields.check("email", Email::parse(&body.email));
    let password = fields.check(
        "password",
        Password::parse(&body.password, PasswordRule::SignUp),
    );
    if body.password_confirmation.is_empty() {
        fields.add("password_confirmation", "password_confirmation_required");
    } else if body.password != body.password_confirmation {
        fields.add("password_confirmation", "passwords_do_not_match");
    }
    let gift_uid = body.g_uid.filter(|g| !g.trim().is_empty());
    if gift_uid.as_ref().is_some_and(|g| g.chars().count() > 128) {
        fields.add("g_uid", "gift_invalid");
    }
    fields.finish()?;
    let (Some(name), Some(email), Some(password)) = (name, email, password) else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "validated fields missing"
        )));
    };

    let now = now_ms();
    let user = NewUser {
        id: Id::random().to_string(),
        name: name.into_string(),
        email: email.as_str().to_owned(),
        email_normalized: email.normalized(),
        password_hash: Some(crate::auth::password::hash(password.expose().to_owned()).await?),
        meta: json!({ "auth_provider": "email", "profile_picture": null }).to_string(),
        settings: serde_json::Value::Object(settings::defaults()).to_string(),
        gift_uid,
        created_at: now,
    };
    match app.store.create_user(&user).await {
        Err(StoreError::Conflict(_)) => {
            return Err(ApiError::refused(
                StatusCode::CONFLICT,
                "email_already_used",
            ));
        }
        other => other?,
    }
    mail_verification(
        &app,
        &user.id,
        &user.name,
        &user.email,
        Lang::from_headers(&headers),
    )
    .await?;
    let jar = session::start(
        &app,
        jar,
        &user.id,
        true,
        ClientInfo::from_headers(&headers, ip),
    )
    .await?;
    let row = app.store.user(&user.id).await?;
    Ok((
        jar,
        Envelope(UserEnvelope {
            user: user_object_with_to_dos(&app, &row).await?,
        }),
    ))
}

pub(super) async fn mail_verification(
    app: &AppState,
    user_id: &str,
    name: &str,
    email: &str,
    lang: Lang,
) -> Result<(), ApiError> {
    let token = tokens::new_token();
    let now = now_ms();
    app.store
        .create_email_token(&NewEmailToken {
            hash: tokens::hash(&token),
            user_id: user_id.to_owned(),
            kind: "verify_email",
            email: email.to_owned(),
            expires_at: now + VERIFY_TTL_MS,
            created_at: now,
        })
        .await?;
    let link = mail::link(app, &format!("/verify_email?token={token}"));
    mail::send(
        app,
        Some(user_id),
        email,
        lang,
        Message::VerifyEmail { name, link: &link },
    )
    .await;
    Ok(())
}

/// Checks an email and password; the same refusal, in the same time, for a wrong email and a
/// wrong password. Repeated failures on one account lead to growing waits.
async fn check_credentials(
    app: &AppState,
    ip: &str,
    email: &str,
    password: &str,
) -> Result<UserRow, ApiError> {
    app.limiter.check(&format!("login:{ip}"), PER_IP)?;
    let identity = email.trim().to_lowercase();
    let account_key = format!("login:{identity}");
    app.limiter.check_backoff(&account_key)?;
    if identity.is_empty()
        || password.is_empty()
        || password.chars().count() > quire_core::account::PASSWORD_MAX
    {
        return Err(ApiError::Unauthorized("invalid_credentials"));
    }
    let user = app.store.user_by_email(&identity).await?;
    let stored = user.as_ref().and_then(|u| u.password_hash.clone());
    let ok = crate::auth::password::verify(password.to_owned(), stored).await?;
    match user {
        Some(user) if ok => {
            app.limiter.succeeded(&account_key);
            Ok(user)
        }
        _ => {
            app.limiter.failed(&account_key);
            Err(ApiError::Unauthorized("invalid_credentials"))
        }
    }
}

/// Signs `user` in after the password was accepted: the session and the user when two-factor
/// is off; otherwise no session yet, and what the second step needs.
async fn sign_in(
    app: &AppState,
    user: UserRow,
    keep_logged_in: bool,
    ip: String,
    headers: &HeaderMap,
    jar: CookieJar,
) -> Result<(CookieJar, Envelope<LoginAnswer>), ApiError> {
    if let Some(second_step) = super::two_factor::begin_login(app, &user, keep_logged_in).await? {
        return Ok((jar, Envelope(LoginAnswer::MfaRequired(second_step))));
    }
    let jar = session::start(
        app,
        jar,
        &user.id,
        keep_logged_in,
        ClientInfo::from_headers(headers, ip),
    )
    .await?;
    Ok((
        jar,
        Envelope(LoginAnswer::SignedIn(UserEnvelope {
            user: user_object_with_to_dos(app, &user).await?,
        })),
    ))
}

/// `POST auth/login`: signs in with email and password. For an account with two-factor on
/// the answer is `{mfa_required: "totp"|"sms", mfa_token}` and no session starts (for SMS the
/// code is texted now, unless one went less than 60 s ago); the client finishes with
/// `auth/login_with_mfa_totp` or `auth/login_with_mfa_sms`.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginRequest,
    responses((status = 200, body = Success<LoginAnswer>),
              (status = 401, description = "invalid_credentials", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure),
              (status = 502, description = "sms_failed: the sign-in code could not be texted", body = quire_protocol::Failure)))]
pub async fn login(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<LoginRequest>,
) -> Result<(CookieJar, Envelope<LoginAnswer>), ApiError> {
    let user = check_credentials(&app, &ip, &body.email, &body.password).await?;
    sign_in(&app, user, body.keep_logged_in, ip, &headers, jar).await
}

/// `POST auth/refresh_token_with_email_password`: the re-login modal after a session expired.
/// Two-factor applies as for `auth/login`.
#[utoipa::path(post, path = "/auth/refresh_token_with_email_password", tag = "auth",
    request_body = ReloginRequest,
    responses((status = 200, body = Success<LoginAnswer>),
              (status = 401, description = "invalid_credentials", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure),
              (status = 502, description = "sms_failed", body = quire_protocol::Failure)))]
pub async fn relogin(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<ReloginRequest>,
) -> Result<(CookieJar, Envelope<LoginAnswer>), ApiError> {
    let user = check_credentials(&app, &ip, &body.email, &body.password).await?;
    sign_in(&app, user, body.keep_logged_in, ip, &headers, jar).await
}

/// `GET auth/logout` (and `POST`): ends this device's session and clears its cookies. Always
/// succeeds, signed in or not.
#[utoipa::path(get, path = "/auth/logout", tag = "auth",
    responses((status = 200, body = Success<bool>)))]
pub async fn logout(
    State(app): State<AppState>,
    MaybeActor(actor): MaybeActor,
    jar: CookieJar,
) -> Result<(CookieJar, Envelope<bool>), ApiError> {
    if let Some(actor) = actor {
        app.store
            .revoke_session(&actor.user_id, &actor.session_id, now_ms())
            .await?;
        app.events.publish(crate::events::Event::SessionEnded {
            user: actor.user_id,
            session: actor.session_id,
        });
    }
    Ok((cookies::clear(jar, app.cookies_secure()), Envelope(true)))
}

/// `POST auth/logout`.
#[utoipa::path(post, path = "/auth/logout", tag = "auth",
    responses((status = 200, body = Success<bool>)))]
pub async fn logout_post(
    state: State<AppState>,
    actor: MaybeActor,
    jar: CookieJar,
) -> Result<(CookieJar, Envelope<bool>), ApiError> {
    logout(state, actor, jar).await
}

/// `GET auth/refresh_token`: new tokens for the refresh cookie. Reusing a retired refresh token
/// ends the session (`expired_session`).
#[utoipa::path(get, path = "/auth/refresh_token", tag = "auth",
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 401, description = "invalid_token, expired_token or expired_session", body = quire_protocol::Failure)))]
pub async fn refresh_token(
    State(app): State<AppState>,
    jar: CookieJar,
) -> Result<(CookieJar, Envelope<UserEnvelope>), ApiError> {
    let (jar, user_id) = session::refresh(&app, jar).await?;
    let row = app.store.user(&user_id).await?;
    Ok((
        jar,
        Envelope(UserEnvelope {
            user: user_object(&app, &row, None)?,
        }),
    ))
}

/// The token of a mailed link.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    pub token: Option<String>,
}

/// `GET auth/verify_email?token=`: confirms the address the link was sent to.
#[utoipa::path(get, path = "/auth/verify_email", tag = "auth", params(TokenQuery),
    responses((status = 200, body = Success<bool>),
              (status = 400, description = "invalid_token", body = quire_protocol::Failure)))]
pub async fn verify_email(
    State(app): State<AppState>,
    ApiQuery(query): ApiQuery<TokenQuery>,
) -> Result<Envelope<bool>, ApiError> {
    let token = query.token.unwrap_or_default();
    let invalid = || ApiError::refused(StatusCode::BAD_REQUEST, "invalid_token");
    if token.is_empty() || token.len() > 128 {
        return Err(invalid());
    }
    let now = now_ms();
    let (user_id, email) = app
        .store
        .use_email_token(&tokens::hash(&token), "verify_email", now)
        .await?
        .ok_or_else(invalid)?;
    if !app.store.verify_email(&user_id, &email, now).await? {
        // The account changed its email since the link was sent.
        return Err(invalid());
    }
    Ok(Envelope(true))
}

/// `GET auth/resend_verify_email`: mails a fresh verification link to the caller.
#[utoipa::path(get, path = "/auth/resend_verify_email", tag = "auth",
    responses((status = 200, body = Success<bool>),
              (status = 401, body = quire_protocol::Failure),
              (status = 429, body = quire_protocol::Failure)))]
pub async fn resend_verify_email(
    State(app): State<AppState>,
    actor: Actor,
    headers: HeaderMap,
) -> Result<Envelope<bool>, ApiError> {
    app.limiter.check(
        &format!("resend_verify:{}", actor.user_id),
        crate::auth::rate_limit::Rate {
            burst: 3,
            refill_ms: 60_000,
        },
    )?;
    let user = app.store.user(&actor.user_id).await?;
    if user.email_verified_at.is_some() {
        return Ok(Envelope(true));
    }
    mail_verification(
        &app,
        &user.id,
        &user.name,
        &user.email,
        Lang::from_headers(&headers),
    )
    .await?;
    Ok(Envelope(true))
}

/// `POST auth/forgot`: mails a reset link when the address has an account. The answer is the
/// same either way, so it tells nobody which addresses are registered.
#[utoipa::path(post, path = "/auth/forgot", tag = "auth", request_body = ForgotRequest,
    responses((status = 200, body = Success<bool>),
              (status = 422, body = quire_protocol::Failure),
              (status = 429, body = quire_protocol::Failure)))]
pub async fn forgot(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ForgotRequest>,
) -> Result<Envelope<bool>, ApiError> {
    app.limiter.check(&format!("forgot:{ip}"), PER_IP)?;
    let email = Email::parse(&body.email).map_err(|c| ApiError::field("email", c.0))?;
    app.limiter.check(
        &format!("forgot:{}", email.normalized()),
        crate::auth::rate_limit::Rate {
            burst: 3,
            refill_ms: 5 * 60_000,
        },
    )?;
    if let Some(user) = app.store.user_by_email(&email.normalized()).await? {
        let token = tokens::new_token();
        let now = now_ms();
        app.store
            .create_email_token(&NewEmailToken {
                hash: tokens::hash(&token),
                user_id: user.id.clone(),
                kind: "reset_password",
                email: user.email.clone(),
                expires_at: now + RESET_TTL_MS,
                created_at: now,
            })
            .await?;
        let link = mail::link(&app, &format!("/auth/reset_password_apply?token={token}"));
        mail::send(
            &app,
            Some(&user.id),
            &user.email,
            Lang::from_headers(&headers),
            Message::ResetPassword {
                name: &user.name,
                link: &link,
            },
        )
        .await;
    }
    Ok(Envelope(true))
}

/// `POST auth/reset_password`: sets a new password with a mailed token (once, within the hour)
/// and ends every session. It does not sign in: the user signs in next, two-factor included.
#[utoipa::path(post, path = "/auth/reset_password", tag = "auth", request_body = ResetPasswordRequest,
    responses((status = 200, body = Success<bool>),
              (status = 400, description = "invalid_token", body = quire_protocol::Failure),
              (status = 422, body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn reset_password(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<ResetPasswordRequest>,
) -> Result<Envelope<bool>, ApiError> {
    app.limiter.check(&format!("reset:{ip}"), PER_IP)?;
    let mut fields = Fields::default();
    let password = fields.check(
        "password",
        Password::parse(&body.password, PasswordRule::New),
    );
    if body.password != body.password_confirmation {
        fields.add("password_confirmation", "passwords_do_not_match");
    }
    if body.token.is_empty() || body.token.len() > 128 {
        fields.add("token", "invalid_token");
    }
    fields.finish()?;
    let Some(password) = password else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "validated password missing"
        )));
    };
    let now = now_ms();
    let (user_id, _email) = app
        .store
        .use_email_token(&tokens::hash(&body.token), "reset_password", now)
        .await?
        .ok_or_else(|| ApiError::refused(StatusCode::BAD_REQUEST, "invalid_token"))?;
    let hash = crate::auth::password::hash(password.expose().to_owned()).await?;
    app.store.set_password(&user_id, &hash, None, now).await?;
    Ok(Envelope(true))
}
