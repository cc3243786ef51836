//! Two-factor mechanics: TOTP secrets, the otpauth URI and its QR code, checking a TOTP code,
//! making and hashing SMS codes, and the entitlement gate for turning two-factor on.
//!
//! The rules (what a code or phone number is, how long things last) are in
//! `quire_core::mfa`; the flows that use these pieces are in `http/two_factor.rs`.

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use quire_core::entitlement::Entitlements;
use quire_core::mfa::{CODE_DIGITS, OneTimeCode, TOTP_ISSUER, TOTP_STEP_SECS};
use rand::RngExt;
use sha2::{Digest, Sha256};
use totp_rs::{Algorithm, Builder, Secret, Totp};

use crate::error::ApiError;

/// Bytes of a TOTP secret (160 bits, as RFC 4226 recommends).
const SECRET_BYTES: usize = 20;

/// Refuses turning two-factor on without the entitlement: 403 `subscription_required`
/// ('This feature is only available to subscribed users.'). With billing off every account
/// has it.
pub fn require_entitlement(entitlements: &Entitlements) -> Result<(), ApiError> {
    if entitlements.can_use_two_factor {
        Ok(())
    } else {
        Err(ApiError::refused(
            axum::http::StatusCode::FORBIDDEN,
            "subscription_required",
        ))
    }
}

/// A fresh random TOTP secret, base32 without padding.
pub fn new_totp_secret() -> String {
    let bytes: [u8; SECRET_BYTES] = rand::random();
    Secret::from(bytes).to_base32()
}

/// The TOTP of `secret` (SHA-1, 6 digits, 30 s, one step of skew) for `account` (the email).
pub fn totp(secret_base32: &str, account: &str) -> anyhow::Result<Totp> {
    let secret = Secret::try_from_base32(secret_base32)
        .map_err(|e| anyhow::anyhow!("stored TOTP secret: {e:?}"))?;
    // The otpauth label is "issuer:account", so the account may not hold a colon.
    let account: String = account.chars().filter(|c| *c != ':').collect();
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(u8::try_from(CODE_DIGITS).unwrap_or(6))
        .with_skew(1)
        .with_step_duration(TOTP_STEP_SECS)
        .with_secret(secret)
        .with_issuer(Some(TOTP_ISSUER))
        .with_account_name(account)
        .build()
        .map_err(|e| anyhow::anyhow!("TOTP parameters: {e:?}"))
}

/// The `otpauth://totp/…` URI an authenticator app reads from the QR code.
pub fn otpauth_uri(totp: &Totp) -> anyhow::Result<String> {
    totp.to_url()
        .map_err(|e| anyhow::anyhow!("otpauth URI: {e:?}"))
}

/// The time step `code` matches at `now_secs` (one step either side is accepted), if any.
/// Whether that step was already spent is the store's to say.
pub fn check_totp(totp: &Totp, code: &OneTimeCode, now_secs: u64) -> Option<u64> {
    totp.check(code.as_str(), now_secs)
}

/// `text` as a QR code: an SVG image in a `data:` URL.
pub fn qr_svg_data_url(text: &str) -> anyhow::Result<String> {
    let qr = qrcodegen::QrCode::encode_text(text, qrcodegen::QrCodeEcc::Medium)
        .map_err(|e| anyhow::anyhow!("QR code: {e:?}"))
        .context("the otpauth URI does not fit a QR code")?;
    let border = 4;
    let size = qr.size() + 2 * border;
    let mut path = String::new();
    for y in 0..qr.size() {
        for x in 0..qr.size() {
            if qr.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + border, y + border));
            }
        }
    }
    let svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {size} {size}\" \
         shape-rendering=\"crispEdges\"><rect width=\"100%\" height=\"100%\" fill=\"#FFFFFF\"/>\
         <path d=\"{path}\" fill=\"#000000\"/></svg>"
    );
    Ok(format!(
        "data:image/svg+xml;base64,{}",
        STANDARD.encode(svg.as_bytes())
    ))
}

/// Six random digits for an SMS.
pub fn new_sms_code() -> OneTimeCode {
    let n: u32 = rand::rng().random_range(0..1_000_000);
    OneTimeCode::parse(&format!("{n:06}")).expect("six digits are a code")
}

/// What the database keeps of an SMS code: SHA-256 of the code salted with its row id.
pub fn sms_code_hash(id: &str, code: &OneTimeCode) -> String {
    let mut hasher = Sha256::new();
    hasher.update(id.as_bytes());
    hasher.update(b":");
    hasher.update(code.as_str().as_bytes());
    URL_SAFE_NO_PAD.encode(hasher.finalize())
}

/// Whether `code` is the one stored as `stored_hash`, compared in constant time.
pub fn sms_code_matches(id: &str, code: &OneTimeCode, stored_hash: &str) -> bool {
    let given = sms_code_hash(id, code);
    let (a, b) = (given.as_bytes(), stored_hash.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use quire_core::entitlement::{DAY_MS, entitlements};

    #[test]
    fn turning_two_factor_on_without_the_entitlement_is_refused_with_subscription_required() {
        // Billing on, no Premium, and the trial long over: not entitled.
        let signed_up = 1_700_000_000_000;
        let (_, rights) = entitlements(true, signed_up, None, None, signed_up + 30 * DAY_MS);
        assert!(!rights.can_use_two_factor);
        let refusal = require_entitlement(&rights).unwrap_err();
        assert!(matches!(
            refusal,
            ApiError::Refused {
                status: axum::http::StatusCode::FORBIDDEN,
                code: "subscription_required"
            }
        ));
        // An active trial does not count either: two-factor is for Premium only.
        let (_, trial) = entitlements(true, signed_up, None, None, signed_up + DAY_MS);
        assert!(trial.trial_active);
        assert!(require_entitlement(&trial).is_err());
        // Billing off: everyone may.
        assert!(require_entitlement(&Entitlements::billing_off()).is_ok());
    }

    #[test]
    fn a_totp_code_matches_its_step_and_the_ones_beside_it_only() {
        let secret = new_totp_secret();
        assert_eq!(secret.len(), 32, "160 bits in base32");
        let totp = totp(&secret, "ana@example.com").unwrap();
        let now = 1_800_000_015;
        let step = now / TOTP_STEP_SECS;
        let code = |t: u64| OneTimeCode::parse(&totp.generate(t).to_string()).unwrap();
        assert_eq!(check_totp(&totp, &code(now), now), Some(step));
        assert_eq!(check_totp(&totp, &code(now + 30), now), Some(step + 1));
        assert_eq!(check_totp(&totp, &code(now - 30), now), Some(step - 1));
        assert_eq!(check_totp(&totp, &code(now + 90), now), None);
    }

    #[test]
    fn the_otpauth_uri_names_quire_the_account_and_the_secret() {
        let secret = new_totp_secret();
        let uri = otpauth_uri(&totp(&secret, "ana:x@example.com").unwrap()).unwrap();
        assert!(
            uri.starts_with("otpauth://totp/Quire:anax%40example.com?"),
            "{uri}"
        );
        assert!(uri.contains(&format!("secret={secret}")), "{uri}");
        assert!(uri.contains("issuer=Quire"), "{uri}");
        let svg = qr_svg_data_url(&uri).unwrap();
        let bytes = STANDARD
            .decode(svg.strip_prefix("data:image/svg+xml;base64,").unwrap())
            .unwrap();
        assert!(String::from_utf8(bytes).unwrap().starts_with("<svg"));
    }

    #[test]
    fn sms_codes_are_six_digits_and_only_the_right_one_matches_its_hash() {
        let code = new_sms_code();
        assert_eq!(code.as_str().len(), 6);
        let hash = sms_code_hash("row1", &code);
        assert!(!hash.contains(code.as_str()));
        assert!(sms_code_matches("row1", &code, &hash));
        let other = OneTimeCode::parse(if code.as_str() == "000000" {
            "000001"
        } else {
            "000000"
        })
        .unwrap();
        assert!(!sms_code_matches("row1", &other, &hash));
        assert!(
            !sms_code_matches("row2", &code, &hash),
            "salted by the row id"
        );
    }
}
