//! Two-factor sign-in on the wire: setting TOTP or SMS up, turning it off, and the second step
//! of a sign-in.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::account::UserEnvelope;

/// `GET auth/enable_totp_step1`: a new secret to put in an authenticator app.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct TotpSetup {
    /// Names this set-up in step 2 (22 characters); it lapses after 10 minutes.
    pub factor_sid: String,
    /// The secret in base32, for typing in by hand.
    pub secret: String,
    /// The `otpauth://totp/Quire:<email>?secret=…&issuer=Quire` URI the QR code encodes.
    pub qr: String,
    /// The same URI as a QR code: an SVG image as a `data:` URL, ready for an `<img>`.
    pub qr_svg: String,
}

/// `POST auth/enable_totp_step2`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TotpConfirmRequest {
    /// Six digits from the authenticator app.
    pub code: String,
    pub factor_sid: String,
}

/// `POST auth/enable_sms_step1`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SmsSetupRequest {
    /// In international form: `+`, country code and number; spaces, dashes and brackets are
    /// ignored.
    pub phone_number: String,
}

/// A code was sent to the phone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SmsSent {
    /// Names this set-up in step 2.
    pub sms_session_id: String,
    /// When the SMS left (epoch ms); another may be asked for 60 s later.
    pub mfa_sms_sent_at: i64,
}

/// The answer of `enable_sms_step1`: the session of the code just sent, or, within 60 s of the
/// last SMS, the string `mfa_sms_needs_delay_<seconds>` (nothing is sent then).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum SmsSetupAnswer {
    Sent(SmsSent),
    #[schema(example = "mfa_sms_needs_delay_42")]
    NeedsDelay(String),
}

/// `POST auth/enable_sms_step2`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SmsConfirmRequest {
    pub sms_session_id: String,
    /// The six digits the SMS carried.
    pub sms_code: String,
    /// The number given in step 1.
    pub phone_number: String,
}

/// `POST auth/disable_mfa`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct DisableMfaRequest {
    /// The account's password; ignored for an account that has none.
    pub password: String,
}

/// The password was right and a second factor is needed: no session yet.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct MfaRequired {
    /// `totp` or `sms`.
    #[schema(example = "totp")]
    pub mfa_required: String,
    /// Single use, for 5 minutes: send it with the code to `auth/login_with_mfa_totp` or
    /// `auth/login_with_mfa_sms`.
    pub mfa_token: String,
    /// For `sms`: when the code was sent (epoch ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mfa_sms_sent_at: Option<i64>,
}

/// The answer of `auth/login` and `auth/refresh_token_with_email_password`: the signed-in
/// user, or, for an account with two-factor on, what the second step needs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum LoginAnswer {
    SignedIn(UserEnvelope),
    MfaRequired(MfaRequired),
}

/// `POST auth/login_with_mfa_totp` and `auth/login_with_mfa_sms`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct MfaLoginRequest {
    pub mfa_token: String,
    /// Six digits from the authenticator app or the SMS.
    pub code: String,
}
