//! Accounts on the wire: the user object and the auth and user request bodies. Request fields
//! default to empty so that a missing field is refused as a field error (`email_required`), not
//! as malformed JSON.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// The signed-in user, as `users/me`, sign-up and login answer it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct User {
    pub id: String,
    pub name: String,
    pub email: String,
    pub email_verified: bool,
    /// LW1 −1, Writer 1, Ambassador 10, Admin 80, Superadmin 99.
    pub level: i64,
    pub price_tier: i64,
    /// `doesnt_have_password`, `auth_provider`, `profile_picture`.
    #[schema(value_type = Object)]
    pub meta: Value,
    /// The user's settings, completed with defaults for every key not stored.
    #[schema(value_type = Object)]
    pub settings: Value,
    /// `premium`, `ai` and `trial`, each with id, status, gateway, subscription_id, ends_at,
    /// remaining_days and subscription_plan.
    #[schema(value_type = Object)]
    pub subscription: Value,
    /// What the subscription allows now (computed by the server's rules).
    #[schema(value_type = Object)]
    pub entitlements: Value,
    /// The user's global to-dos (omitted with `exclude_to_dos`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub to_dos: Option<Vec<Value>>,
    pub created_at: i64,
}

/// `{"user": …}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct UserEnvelope {
    pub user: User,
}

/// `POST users/`: sign-up.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SignUpRequest {
    pub name: String,
    pub email: String,
    pub password: String,
    pub password_confirmation: String,
    /// A gift subscription's uid, from `/gift/{recipient_name}/{uid}`.
    pub g_uid: Option<String>,
}

/// `POST auth/login`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct LoginRequest {
    pub email: String,
    pub password: String,
    pub keep_logged_in: bool,
}

/// `POST auth/refresh_token_with_email_password`: the re-login modal.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ReloginRequest {
    pub email: String,
    pub password: String,
    pub keep_logged_in: bool,
    pub supports_mfa: bool,
}

/// `PUT users/{id}`: a partial user. Only `name` and the settable settings are applied;
/// anything else (level, email, subscription, two-factor state) is ignored.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct UpdateUserRequest {
    pub name: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub settings: Option<Map<String, Value>>,
    /// Settings sent at the top level (`theme_id`, `custom_theme`, …) are accepted too.
    #[serde(flatten)]
    #[schema(value_type = Object)]
    pub rest: Map<String, Value>,
}

/// `PUT users/change_password`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ChangePasswordRequest {
    pub current_password: String,
    pub new_password: String,
    pub new_password_confirmation: String,
}

/// `PUT users/change_email`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ChangeEmailRequest {
    pub email: String,
    pub password: String,
}

/// `POST auth/forgot`.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ForgotRequest {
    pub email: String,
}

/// `POST auth/reset_password`: the token from the mailed link and the new password.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ResetPasswordRequest {
    pub token: String,
    pub password: String,
    pub password_confirmation: String,
}

/// One of the caller's signed-in devices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct SessionInfo {
    pub id: String,
    pub user_agent: String,
    pub platform: String,
    pub ip: String,
    pub keep_logged_in: bool,
    pub current: bool,
    pub created_at: i64,
    pub last_seen_at: i64,
}

/// `GET users/sessions`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Sessions {
    pub sessions: Vec<SessionInfo>,
}
