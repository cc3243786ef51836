//! Shared pieces of the auth and user endpoints: the user object and the client's IP.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use quire_core::entitlement::{self, Entitlements};
use quire_core::mfa::MfaMethod;
use quire_core::settings;
use quire_core::time::now_ms;
use quire_protocol::account::User;
use quire_store::accounts::UserRow;
use serde_json::{Map, Value};

use crate::AppState;
use crate::error::ApiError;

/// The client's IP address as the socket saw it.
#[derive(Debug, Clone)]
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip().to_string())
            .unwrap_or_default();
        Ok(ClientIp(ip))
    }
}

fn object(text: &str) -> Map<String, Value> {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v.as_object().cloned())
        .unwrap_or_default()
}

/// The stored settings of `row`, completed with defaults.
pub fn settings_of(row: &UserRow) -> Map<String, Value> {
    settings::with_defaults(&object(&row.settings))
}

/// The subscription view and the entitlements of `row`'s account as of now.
fn rights(app: &AppState, row: &UserRow) -> (entitlement::Subscription, Entitlements) {
    let billing_enabled = false;
    let _ = app;
    entitlement::entitlements(billing_enabled, row.created_at, None, None, now_ms())
}

/// What `row`'s account is entitled to now.
pub fn entitlements_of(app: &AppState, row: &UserRow) -> Entitlements {
    rights(app, row).1
}

/// The stored settings of `row` with the two-factor state, which lives in its own table,
/// laid over them (`mfa_enabled`, `mfa_sms_phone_number`, `mfa_totp_factor_sid`).
fn settings_with_mfa(row: &UserRow) -> Map<String, Value> {
    let mut settings = settings_of(row);
    let method = MfaMethod::from_stored(row.mfa_method.as_deref());
    settings.insert("mfa_enabled".to_owned(), Value::from(method.as_str()));
    settings.insert(
        "mfa_sms_phone_number".to_owned(),
        row.mfa_sms_phone.clone().map_or(Value::Null, Value::from),
    );
    settings.insert(
        "mfa_totp_factor_sid".to_owned(),
        row.mfa_totp_factor_sid
            .clone()
            .map_or(Value::Null, Value::from),
    );
    settings
}

/// The user object for `row`, with the subscription and entitlements as of now, and `to_dos`
/// (the user's global to-dos) when given.
pub fn user_object(
    app: &AppState,
    row: &UserRow,
    to_dos: Option<Vec<Value>>,
) -> Result<User, ApiError> {
    let (subscription, entitlements) = rights(app, row);
    let mut meta = object(&row.meta);
    meta.insert(
        "doesnt_have_password".to_owned(),
        Value::Bool(row.password_hash.is_none()),
    );
    meta.entry("auth_provider")
        .or_insert_with(|| Value::from("email"));
    meta.entry("profile_picture").or_insert(Value::Null);
    Ok(User {
        id: row.id.clone(),
        name: row.name.clone(),
        email: row.email.clone(),
        email_verified: row.email_verified_at.is_some(),
        level: row.level,
        price_tier: row.price_tier,
        meta: Value::Object(meta),
        settings: Value::Object(settings_with_mfa(row)),
        subscription: serde_json::to_value(subscription).map_err(anyhow::Error::from)?,
        entitlements: serde_json::to_value(entitlements).map_err(anyhow::Error::from)?,
        to_dos,
        created_at: row.created_at,
    })
}

/// The user object for `row` with its global to-dos, as sign-in and `users/me` answer it.
pub async fn user_object_with_to_dos(app: &AppState, row: &UserRow) -> Result<User, ApiError> {
    let to_dos = super::entities::global_to_dos(app, &row.id).await?;
    user_object(app, row, Some(to_dos))
}
