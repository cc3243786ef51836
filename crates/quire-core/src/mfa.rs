//! Two-factor sign-in: the methods, the input rules for codes and phone numbers, and the timing
//! constants.
//!
//! This module decides what a valid code or phone number is and how long things last. It must
//! not generate secrets, hash, send or store anything: that is the server's and the store's.

use std::fmt;

use crate::account::FieldCode;
use crate::time::EpochMs;

/// Digits in a TOTP or SMS code.
pub const CODE_DIGITS: usize = 6;
/// Seconds a TOTP step lasts.
pub const TOTP_STEP_SECS: u64 = 30;
/// The issuer an authenticator app shows beside the account.
pub const TOTP_ISSUER: &str = "Quire";
/// How long a TOTP set-up (step 1 → step 2) stays open.
pub const TOTP_SETUP_TTL_MS: EpochMs = 10 * 60 * 1000;
/// How long an SMS code works.
pub const SMS_CODE_TTL_MS: EpochMs = 10 * 60 * 1000;
/// Tries an SMS code allows before it is spent.
pub const SMS_MAX_ATTEMPTS: i64 = 5;
/// The wait between two SMS to one account, counted from the last send.
pub const SMS_RESEND_MS: EpochMs = 60 * 1000;
/// How long the second sign-in step may wait after the password was accepted.
pub const MFA_TOKEN_TTL_MS: EpochMs = 5 * 60 * 1000;
/// Code attempts one sign-in token allows.
pub const MFA_TOKEN_MAX_ATTEMPTS: i64 = 5;
/// Digits a phone number has after its `+` (E.164 allows at most 15).
pub const PHONE_DIGITS: (usize, usize) = (8, 15);

/// `settings.mfa_enabled`: none, sms or totp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MfaMethod {
    None,
    Sms,
    Totp,
}

impl MfaMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            MfaMethod::None => "none",
            MfaMethod::Sms => "sms",
            MfaMethod::Totp => "totp",
        }
    }

    /// The method a stored value names; anything unknown reads as `None`.
    pub fn from_stored(value: Option<&str>) -> MfaMethod {
        match value {
            Some("sms") => MfaMethod::Sms,
            Some("totp") => MfaMethod::Totp,
            _ => MfaMethod::None,
        }
    }
}

impl fmt::Display for MfaMethod {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A code as typed: exactly six ASCII digits (surrounding spaces are ignored). Refused with
/// `code_invalid` ('Please enter six-digits code.').
#[derive(Clone, PartialEq, Eq)]
pub struct OneTimeCode(String);

impl OneTimeCode {
    pub fn parse(raw: &str) -> Result<Self, FieldCode> {
        let code = raw.trim();
        if code.len() == CODE_DIGITS && code.bytes().all(|b| b.is_ascii_digit()) {
            Ok(OneTimeCode(code.to_owned()))
        } else {
            Err(FieldCode("code_invalid"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for OneTimeCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("OneTimeCode(******)")
    }
}

/// A phone number in international form: `+` and 8 to 15 digits. Spaces, dashes, dots and
/// brackets are dropped first; `00` before the country code reads as `+`. Empty is refused with
/// `phone_required`, anything else that does not fit with `phone_invalid`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneNumber(String);

impl PhoneNumber {
    pub fn parse(raw: &str) -> Result<Self, FieldCode> {
        let trimmed = raw.trim();
        if trimmed.is_empty() {
            return Err(FieldCode("phone_required"));
        }
        if trimmed.chars().count() > 32 {
            return Err(FieldCode("phone_invalid"));
        }
        let compact: String = trimmed
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')' | '\u{a0}'))
            .collect();
        let digits = if let Some(rest) = compact.strip_prefix('+') {
            rest
        } else if let Some(rest) = compact.strip_prefix("00") {
            rest
        } else {
            return Err(FieldCode("phone_invalid"));
        };
        let (min, max) = PHONE_DIGITS;
        let valid = (min..=max).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        if valid {
            Ok(PhoneNumber(format!("+{digits}")))
        } else {
            Err(FieldCode("phone_invalid"))
        }
    }

    /// `+` and the digits.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number for a log line: only its last two digits.
    pub fn masked(&self) -> String {
        masked_phone(&self.0)
    }
}

/// `+*********42`: a stored number fit for a log line.
pub fn masked_phone(phone: &str) -> String {
    let keep = phone.len().saturating_sub(2);
    phone
        .char_indices()
        .map(|(i, c)| if i == 0 || i >= keep { c } else { '*' })
        .collect()
}

/// Whole seconds still to wait before another SMS may go to an account whose last one left at
/// `last_sent_at`; `None` when it may go now.
pub fn sms_resend_wait_secs(last_sent_at: Option<EpochMs>, now: EpochMs) -> Option<u64> {
    let left = last_sent_at? + SMS_RESEND_MS - now;
    (left > 0).then(|| u64::try_from((left + 999) / 1000).unwrap_or(1))
}

/// The answer `enable_sms_step1` gives instead of sending: `mfa_sms_needs_delay_` followed by
/// the seconds left to wait.
pub fn sms_delay_answer(wait_secs: u64) -> String {
    format!("mfa_sms_needs_delay_{wait_secs}")
}

/// The text of the SMS that carries a code.
pub fn sms_text(code: &OneTimeCode) -> String {
    format!(
        "Your Quire verification code is {}. It works for 10 minutes. Never share it.",
        code.as_str()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_is_exactly_six_digits() {
        assert_eq!(OneTimeCode::parse("123456").unwrap().as_str(), "123456");
        assert_eq!(OneTimeCode::parse(" 012345 ").unwrap().as_str(), "012345");
        for bad in ["", "12345", "1234567", "12a456", "123 456", "１２３４５６"] {
            assert_eq!(
                OneTimeCode::parse(bad),
                Err(FieldCode("code_invalid")),
                "{bad:?}"
            );
        }
        assert!(!format!("{:?}", OneTimeCode::parse("123456").unwrap()).contains("123456"));
    }

    #[test]
    fn a_phone_number_is_a_plus_and_eight_to_fifteen_digits_once_spaces_and_brackets_go() {
        let ok = |raw: &str| PhoneNumber::parse(raw).unwrap().as_str().to_owned();
        assert_eq!(ok("+1 (415) 555-2671"), "+14155552671");
        assert_eq!(ok("+44 20 7946 0958"), "+442079460958");
        assert_eq!(ok("0049 30.1234.5678"), "+493012345678");
        assert_eq!(ok("+12345678"), "+12345678");
        assert_eq!(ok("+123456789012345"), "+123456789012345");
        assert_eq!(PhoneNumber::parse("  "), Err(FieldCode("phone_required")));
        for bad in [
            "4155552671",
            "+1234567",
            "+1234567890123456",
            "+1 415 555 267a",
            "+0 415 555 2671",
            "++14155552671",
            "+1 415 555 2671 ext 3",
        ] {
            assert_eq!(
                PhoneNumber::parse(bad),
                Err(FieldCode("phone_invalid")),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn a_masked_phone_keeps_the_plus_and_the_last_two_digits() {
        assert_eq!(
            PhoneNumber::parse("+14155552671").unwrap().masked(),
            "+*********71"
        );
    }

    #[test]
    fn another_sms_waits_sixty_seconds_from_the_last() {
        assert_eq!(sms_resend_wait_secs(None, 1_000_000), None);
        assert_eq!(sms_resend_wait_secs(Some(1_000_000), 1_000_000), Some(60));
        assert_eq!(sms_resend_wait_secs(Some(1_000_000), 1_000_001), Some(60));
        assert_eq!(sms_resend_wait_secs(Some(1_000_000), 1_059_001), Some(1));
        assert_eq!(sms_resend_wait_secs(Some(1_000_000), 1_060_000), None);
        assert_eq!(sms_delay_answer(42), "mfa_sms_needs_delay_42");
    }

    #[test]
    fn stored_methods_read_back_and_unknown_ones_mean_none() {
        for m in [MfaMethod::None, MfaMethod::Sms, MfaMethod::Totp] {
            assert_eq!(MfaMethod::from_stored(Some(m.as_str())), m);
        }
        assert_eq!(MfaMethod::from_stored(Some("fido")), MfaMethod::None);
        assert_eq!(MfaMethod::from_stored(None), MfaMethod::None);
    }
}
