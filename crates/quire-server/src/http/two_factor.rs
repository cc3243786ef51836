//! Two-factor sign-in: setting up TOTP or SMS, turning it off, and the second step of a
//! sign-in.
//!
//! A factor lives in its own table (`user_mfa`), never in the settings JSON; the user object
//! shows `settings.mfa_enabled`, `mfa_sms_phone_number` and `mfa_totp_factor_sid` from it.
//! Codes are six digits and work once: a TOTP time step is spent when accepted, an SMS code
//! when used. Wrong codes count towards per-account waits and per-IP limits.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum_extra::extract::cookie::CookieJar;
use quire_core::Id;
use quire_core::mfa::{
    self, MFA_TOKEN_MAX_ATTEMPTS, MFA_TOKEN_TTL_MS, MfaMethod, OneTimeCode, PhoneNumber,
    SMS_CODE_TTL_MS, SMS_MAX_ATTEMPTS, SMS_RESEND_MS, TOTP_SETUP_TTL_MS,
};
use quire_core::time::now_ms;
use quire_protocol::Success;
use quire_protocol::account::UserEnvelope;
use quire_protocol::two_factor::{
    DisableMfaRequest, MfaLoginRequest, MfaRequired, SmsConfirmRequest, SmsSent, SmsSetupAnswer,
    SmsSetupRequest, TotpConfirmRequest, TotpSetup,
};
use quire_store::accounts::UserRow;
use quire_store::two_factor::{MfaLoginLookup, NewMfaLogin, NewSmsCode, NewTotpSetup, SmsPurpose};

use super::account::{ClientIp, entitlements_of, user_object, user_object_with_to_dos};
use super::extract::{ApiJson, Envelope};
use super::fields::Fields;
use crate::AppState;
use crate::auth::rate_limit::{PER_IP, Rate};
use crate::auth::session::{self, ClientInfo};
use crate::auth::two_factor::{
    check_totp, new_sms_code, new_totp_secret, otpauth_uri, qr_svg_data_url, require_entitlement,
    sms_code_hash, sms_code_matches, totp,
};
use crate::auth::{Actor, tokens};
use crate::error::ApiError;

/// TOTP set-ups one account may open: 10 at once, then one a minute.
const TOTP_SETUPS: Rate = Rate {
    burst: 10,
    refill_ms: 60_000,
};
/// Texts one account may be sent (set-up and sign-in together): 5 at once, then one every
/// 10 minutes. Beside the 60 s resend wait, this caps what an attacker can make us pay for.
const SMS_SENDS: Rate = Rate {
    burst: 5,
    refill_ms: 10 * 60_000,
};

/// 422 `invalid_code`: the code is not the right one (or was already used).
fn invalid_code(field: &str) -> ApiError {
    ApiError::Invalid {
        code: "invalid_code",
        fields: [(field.to_owned(), "invalid_code".to_owned())].into(),
    }
}

/// 422 `verification_expired`: the set-up named by `field` is unknown, someone else's, spent,
/// out of tries or past its time. The client starts again from step 1.
fn verification_expired(field: &str) -> ApiError {
    ApiError::Invalid {
        code: "verification_expired",
        fields: [(field.to_owned(), "verification_expired".to_owned())].into(),
    }
}

/// The caller's row, if they may turn two-factor on.
async fn entitled_user(app: &AppState, actor: &Actor) -> Result<UserRow, ApiError> {
    let row = app.store.user(&actor.user_id).await?;
    require_entitlement(&entitlements_of(app, &row))?;
    Ok(row)
}

fn now_secs(now_ms: i64) -> u64 {
    u64::try_from(now_ms / 1000).unwrap_or(0)
}

/// `GET auth/enable_totp_step1`: a new TOTP secret for the caller's authenticator app, as
/// base32, as the `otpauth://` URI and as a QR code (SVG). Nothing changes until step 2
/// confirms a code; the set-up lapses after 10 minutes.
#[utoipa::path(get, path = "/auth/enable_totp_step1", tag = "two-factor",
    responses((status = 200, body = Success<TotpSetup>),
              (status = 401, body = quire_protocol::Failure),
              (status = 403, description = "subscription_required", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn enable_totp_step1(
    State(app): State<AppState>,
    actor: Actor,
) -> Result<Envelope<TotpSetup>, ApiError> {
    let row = entitled_user(&app, &actor).await?;
    app.limiter
        .check(&format!("totp_setup:{}", actor.user_id), TOTP_SETUPS)?;
    let secret = new_totp_secret();
    let uri = otpauth_uri(&totp(&secret, &row.email)?)?;
    let now = now_ms();
    let factor_sid = Id::random().to_string();
    app.store
        .create_totp_setup(&NewTotpSetup {
            factor_sid: factor_sid.clone(),
            user_id: actor.user_id.clone(),
            secret: secret.clone(),
            expires_at: now + TOTP_SETUP_TTL_MS,
            created_at: now,
        })
        .await?;
    Ok(Envelope(TotpSetup {
        factor_sid,
        secret,
        qr_svg: qr_svg_data_url(&uri)?,
        qr: uri,
    }))
}

/// `POST auth/enable_totp_step2`: confirms the set-up with a code from the app. TOTP becomes
/// the caller's factor (`settings.mfa_enabled = "totp"`, replacing SMS if it was on) and the
/// answer is the updated user.
#[utoipa::path(post, path = "/auth/enable_totp_step2", tag = "two-factor",
    request_body = TotpConfirmRequest,
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 403, description = "subscription_required", body = quire_protocol::Failure),
              (status = 422, description = "invalid_fields (code: code_invalid), invalid_code, or verification_expired (factor_sid unknown, someone else's or past 10 minutes)", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn enable_totp_step2(
    State(app): State<AppState>,
    actor: Actor,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<TotpConfirmRequest>,
) -> Result<Envelope<UserEnvelope>, ApiError> {
    entitled_user(&app, &actor).await?;
    app.limiter.check(&format!("mfa:{ip}"), PER_IP)?;
    let mut fields = Fields::default();
    let code = fields.check("code", OneTimeCode::parse(&body.code));
    fields.finish()?;
    let code = code.ok_or_else(|| ApiError::field("code", "code_invalid"))?;
    let account_key = format!("mfa:{}", actor.user_id);
    app.limiter.check_backoff(&account_key)?;
    let now = now_ms();
    let secret = match Id::parse(&body.factor_sid) {
        Ok(sid) => {
            app.store
                .totp_setup_secret(&actor.user_id, sid.as_str(), now)
                .await?
        }
        Err(_) => None,
    }
    .ok_or_else(|| verification_expired("factor_sid"))?;
    let Some(step) = check_totp(&totp(&secret, "")?, &code, now_secs(now)) else {
        app.limiter.failed(&account_key);
        return Err(invalid_code("code"));
    };
    let step = i64::try_from(step).map_err(anyhow::Error::from)?;
    if !app
        .store
        .enable_totp(&actor.user_id, &body.factor_sid, step, now)
        .await?
    {
        return Err(verification_expired("factor_sid"));
    }
    app.limiter.succeeded(&account_key);
    tracing::info!(user_id = %actor.user_id, "two-factor turned on: totp");
    let row = app.store.user(&actor.user_id).await?;
    Ok(Envelope(UserEnvelope {
        user: user_object(&app, &row, None)?,
    }))
}

/// Sends a fresh code to `phone` for `purpose` and remembers its hash. A gateway failure
/// forgets the code and answers 502 `sms_failed`.
async fn send_code(
    app: &AppState,
    user_id: &str,
    phone: &str,
    purpose: SmsPurpose,
) -> Result<(String, i64), ApiError> {
    app.limiter
        .check(&format!("sms_send:{user_id}"), SMS_SENDS)?;
    let code = new_sms_code();
    let id = Id::random().to_string();
    let now = now_ms();
    app.store
        .create_sms_code(&NewSmsCode {
            id: id.clone(),
            user_id: user_id.to_owned(),
            purpose,
            phone: phone.to_owned(),
            code_hash: sms_code_hash(&id, &code),
            sent_at: now,
            expires_at: now + SMS_CODE_TTL_MS,
        })
        .await?;
    if let Err(e) = app
        .sms
        .send(Some(user_id), phone, &mfa::sms_text(&code))
        .await
    {
        tracing::error!(error = %e, to = %mfa::masked_phone(phone), "the SMS could not be sent");
        app.store.delete_sms_code(user_id, &id).await?;
        return Err(ApiError::refused(StatusCode::BAD_GATEWAY, "sms_failed"));
    }
    Ok((id, now))
}

/// `POST auth/enable_sms_step1`: texts a six-digit code to the phone number (international
/// form, `+` and 8 to 15 digits). Within 60 s of the last code the answer is the string
/// `mfa_sms_needs_delay_<seconds>` and nothing is sent.
#[utoipa::path(post, path = "/auth/enable_sms_step1", tag = "two-factor",
    request_body = SmsSetupRequest,
    responses((status = 200, body = Success<SmsSetupAnswer>),
              (status = 403, description = "subscription_required", body = quire_protocol::Failure),
              (status = 422, description = "invalid_fields (phone_number: phone_required or phone_invalid)", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure),
              (status = 502, description = "sms_failed: the SMS gateway did not take the text", body = quire_protocol::Failure)))]
pub async fn enable_sms_step1(
    State(app): State<AppState>,
    actor: Actor,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<SmsSetupRequest>,
) -> Result<Envelope<SmsSetupAnswer>, ApiError> {
    entitled_user(&app, &actor).await?;
    app.limiter.check(&format!("mfa:{ip}"), PER_IP)?;
    let phone = PhoneNumber::parse(&body.phone_number)
        .map_err(|code| ApiError::field("phone_number", code.0))?;
    let last = app
        .store
        .last_sms_sent_at(&actor.user_id, SmsPurpose::Enable)
        .await?;
    if let Some(wait) = mfa::sms_resend_wait_secs(last, now_ms()) {
        return Ok(Envelope(SmsSetupAnswer::NeedsDelay(mfa::sms_delay_answer(
            wait,
        ))));
    }
    let (sms_session_id, sent_at) =
        send_code(&app, &actor.user_id, phone.as_str(), SmsPurpose::Enable).await?;
    Ok(Envelope(SmsSetupAnswer::Sent(SmsSent {
        sms_session_id,
        mfa_sms_sent_at: sent_at,
    })))
}

/// `POST auth/enable_sms_step2`: confirms the texted code. SMS to that number becomes the
/// caller's factor (`settings.mfa_enabled = "sms"`, replacing TOTP if it was on) and the
/// answer is the updated user. A code allows 5 tries and works for 10 minutes.
#[utoipa::path(post, path = "/auth/enable_sms_step2", tag = "two-factor",
    request_body = SmsConfirmRequest,
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 403, description = "subscription_required", body = quire_protocol::Failure),
              (status = 422, description = "invalid_fields (sms_code: code_invalid, phone_number: phone_invalid or phone_mismatch), invalid_code, or verification_expired (sms_session_id unknown, someone else's, used, out of tries or past 10 minutes)", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn enable_sms_step2(
    State(app): State<AppState>,
    actor: Actor,
    ClientIp(ip): ClientIp,
    ApiJson(body): ApiJson<SmsConfirmRequest>,
) -> Result<Envelope<UserEnvelope>, ApiError> {
    entitled_user(&app, &actor).await?;
    app.limiter.check(&format!("mfa:{ip}"), PER_IP)?;
    let mut fields = Fields::default();
    let code = fields.check("sms_code", OneTimeCode::parse(&body.sms_code));
    let phone = fields.check("phone_number", PhoneNumber::parse(&body.phone_number));
    fields.finish()?;
    let (Some(code), Some(phone)) = (code, phone) else {
        return Err(ApiError::Internal(anyhow::anyhow!(
            "validated fields missing"
        )));
    };
    let account_key = format!("mfa:{}", actor.user_id);
    app.limiter.check_backoff(&account_key)?;
    let now = now_ms();
    let sent = match Id::parse(&body.sms_session_id) {
        Ok(id) => {
            app.store
                .try_sms_code(
                    &actor.user_id,
                    id.as_str(),
                    SmsPurpose::Enable,
                    now,
                    SMS_MAX_ATTEMPTS,
                )
                .await?
        }
        Err(_) => None,
    }
    .ok_or_else(|| verification_expired("sms_session_id"))?;
    if sent.phone != phone.as_str() {
        return Err(ApiError::field("phone_number", "phone_mismatch"));
    }
    if !sms_code_matches(&sent.id, &code, &sent.code_hash) {
        app.limiter.failed(&account_key);
        return Err(invalid_code("sms_code"));
    }
    if !app
        .store
        .use_sms_code(&actor.user_id, &sent.id, now)
        .await?
    {
        return Err(verification_expired("sms_session_id"));
    }
    app.store
        .enable_sms(&actor.user_id, phone.as_str(), now)
        .await?;
    app.limiter.succeeded(&account_key);
    tracing::info!(user_id = %actor.user_id, "two-factor turned on: sms");
    let row = app.store.user(&actor.user_id).await?;
    Ok(Envelope(UserEnvelope {
        user: user_object(&app, &row, None)?,
    }))
}

/// `POST auth/disable_mfa` (a call of ours, for the Security screen's "None"):
/// turns two-factor off (`settings.mfa_enabled = "none"`, the factor and its secret or phone
/// number removed, set-ups and sign-in steps in progress forgotten). Needs the account's
/// password, as any change to how one signs in does; an account without a password (provider
/// sign-in) needs none. Answers the updated user; harmless when two-factor is already off.
#[utoipa::path(post, path = "/auth/disable_mfa", tag = "two-factor",
    request_body = DisableMfaRequest,
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 401, body = quire_protocol::Failure),
              (status = 422, description = "invalid_fields (password: password_required) or current_password_incorrect", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn disable_mfa(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<DisableMfaRequest>,
) -> Result<Envelope<UserEnvelope>, ApiError> {
    let row = app.store.user(&actor.user_id).await?;
    if body.password.chars().count() > quire_core::account::PASSWORD_MAX {
        return Err(ApiError::field("password", "password_too_long"));
    }
    super::users::confirm_password(&app, row.password_hash.clone(), &body.password, "password")
        .await?;
    if app.store.disable_mfa(&actor.user_id).await? {
        tracing::info!(user_id = %actor.user_id, "two-factor turned off");
    }
    let row = app.store.user(&actor.user_id).await?;
    Ok(Envelope(UserEnvelope {
        user: user_object(&app, &row, None)?,
    }))
}

/// After the password of an account with two-factor on was accepted: opens the second step
/// (texting a code for SMS) and says what it needs. `None` when two-factor is off.
pub(super) async fn begin_login(
    app: &AppState,
    user: &UserRow,
    keep_logged_in: bool,
) -> Result<Option<MfaRequired>, ApiError> {
    let method = MfaMethod::from_stored(user.mfa_method.as_deref());
    let (sms_code_id, sms_sent_at) = match method {
        MfaMethod::None => return Ok(None),
        MfaMethod::Totp => (None, None),
        MfaMethod::Sms => {
            let phone = user.mfa_sms_phone.clone().ok_or_else(|| {
                ApiError::Internal(anyhow::anyhow!("an SMS factor without a phone number"))
            })?;
            let now = now_ms();
            // A code sent less than 60 s ago still stands: signing in again does not text
            // another.
            let recent = app
                .store
                .live_sms_code(&user.id, SmsPurpose::Login, now, SMS_MAX_ATTEMPTS)
                .await?
                .filter(|code| now - code.sent_at < SMS_RESEND_MS);
            let (id, sent_at) = match recent {
                Some(code) => (code.id, code.sent_at),
                None => send_code(app, &user.id, &phone, SmsPurpose::Login).await?,
            };
            (Some(id), Some(sent_at))
        }
    };
    let token = tokens::new_token();
    let now = now_ms();
    app.store
        .create_mfa_login(&NewMfaLogin {
            token_hash: tokens::hash(&token),
            user_id: user.id.clone(),
            method: method.as_str().to_owned(),
            keep_logged_in,
            sms_code_id,
            expires_at: now + MFA_TOKEN_TTL_MS,
            created_at: now,
        })
        .await?;
    Ok(Some(MfaRequired {
        mfa_required: method.as_str().to_owned(),
        mfa_token: token,
        mfa_sms_sent_at: sms_sent_at,
    }))
}

/// The second step of a sign-in: checks the token and the code, then starts the session.
async fn finish_login(
    app: &AppState,
    method: MfaMethod,
    ip: String,
    headers: &HeaderMap,
    jar: CookieJar,
    body: MfaLoginRequest,
) -> Result<(CookieJar, Envelope<UserEnvelope>), ApiError> {
    app.limiter.check(&format!("mfa:{ip}"), PER_IP)?;
    let code = OneTimeCode::parse(&body.code).map_err(|c| ApiError::field("code", c.0))?;
    if body.mfa_token.is_empty() || body.mfa_token.len() > 128 {
        return Err(ApiError::Unauthorized("invalid_token"));
    }
    let token_hash = tokens::hash(&body.mfa_token);
    let now = now_ms();
    let login = match app
        .store
        .try_mfa_login(&token_hash, now, MFA_TOKEN_MAX_ATTEMPTS)
        .await?
    {
        MfaLoginLookup::Live(login) if login.method == method.as_str() => login,
        MfaLoginLookup::Expired => return Err(ApiError::Unauthorized("expired_token")),
        _ => return Err(ApiError::Unauthorized("invalid_token")),
    };
    let account_key = format!("mfa:{}", login.user_id);
    app.limiter.check_backoff(&account_key)?;
    let right = match method {
        MfaMethod::Totp => {
            let secret = app
                .store
                .totp_secret(&login.user_id)
                .await?
                .ok_or(ApiError::Unauthorized("invalid_token"))?;
            match check_totp(&totp(&secret, "")?, &code, now_secs(now)) {
                Some(step) => {
                    let step = i64::try_from(step).map_err(anyhow::Error::from)?;
                    // A step already spent (this code, or an earlier one) is refused.
                    app.store.accept_totp_step(&login.user_id, step).await?
                }
                None => false,
            }
        }
        MfaMethod::Sms => {
            let id = login
                .sms_code_id
                .as_deref()
                .ok_or(ApiError::Unauthorized("invalid_token"))?;
            let sent = app
                .store
                .try_sms_code(&login.user_id, id, SmsPurpose::Login, now, SMS_MAX_ATTEMPTS)
                .await?
                .ok_or(ApiError::Unauthorized("invalid_token"))?;
            sms_code_matches(&sent.id, &code, &sent.code_hash)
                && app
                    .store
                    .use_sms_code(&login.user_id, &sent.id, now)
                    .await?
        }
        MfaMethod::None => false,
    };
    if !right {
        app.limiter.failed(&account_key);
        return Err(invalid_code("code"));
    }
    if !app.store.use_mfa_login(&token_hash, now).await? {
        return Err(ApiError::Unauthorized("invalid_token"));
    }
    app.limiter.succeeded(&account_key);
    let jar = session::start(
        app,
        jar,
        &login.user_id,
        login.keep_logged_in,
        ClientInfo::from_headers(headers, ip),
    )
    .await?;
    let row = app.store.user(&login.user_id).await?;
    Ok((
        jar,
        Envelope(UserEnvelope {
            user: user_object_with_to_dos(app, &row).await?,
        }),
    ))
}

/// `POST auth/login_with_mfa_totp`: the second step of signing in to an account with TOTP on,
/// with the `mfa_token` from `auth/login` and a code from the authenticator app. Starts the
/// session (cookies) and answers the user.
#[utoipa::path(post, path = "/auth/login_with_mfa_totp", tag = "two-factor",
    request_body = MfaLoginRequest,
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 401, description = "invalid_token (unknown, used, out of tries, or for the other method) or expired_token (past 5 minutes): sign in again", body = quire_protocol::Failure),
              (status = 422, description = "invalid_fields (code: code_invalid) or invalid_code (wrong, or already used)", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn login_with_mfa_totp(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<MfaLoginRequest>,
) -> Result<(CookieJar, Envelope<UserEnvelope>), ApiError> {
    finish_login(&app, MfaMethod::Totp, ip, &headers, jar, body).await
}

/// `POST auth/login_with_mfa_sms`: the second step of signing in to an account with SMS on,
/// with the `mfa_token` from `auth/login` and the texted code. Starts the session (cookies)
/// and answers the user.
#[utoipa::path(post, path = "/auth/login_with_mfa_sms", tag = "two-factor",
    request_body = MfaLoginRequest,
    responses((status = 200, body = Success<UserEnvelope>),
              (status = 401, description = "invalid_token (unknown, used, out of tries, or for the other method) or expired_token (past 5 minutes): sign in again", body = quire_protocol::Failure),
              (status = 422, description = "invalid_fields (code: code_invalid) or invalid_code", body = quire_protocol::Failure),
              (status = 429, description = "too_many_requests", body = quire_protocol::Failure)))]
pub async fn login_with_mfa_sms(
    State(app): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<MfaLoginRequest>,
) -> Result<(CookieJar, Envelope<UserEnvelope>), ApiError> {
    finish_login(&app, MfaMethod::Sms, ip, &headers, jar, body).await
}
