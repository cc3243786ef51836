//! Account input rules: names, emails, passwords, the delete-account phrase, colours. Each
//! `parse` returns the valid value or a field code the client maps to the message it shows.

use std::fmt;

/// A refused field value, as a snake_case code (`email_invalid`, `password_too_short` …).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldCode(pub &'static str);

impl fmt::Display for FieldCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// Longest account name (the name is also required).
pub const NAME_MAX: usize = 32;
/// Longest email address.
pub const EMAIL_MAX: usize = 254;
/// Sign-up passwords: 5 to 59 characters.
pub const SIGNUP_PASSWORD: (usize, usize) = (5, 59);
/// Changed and reset passwords: 8 to 64 characters.
pub const NEW_PASSWORD: (usize, usize) = (8, 64);
/// Any password field's limit.
pub const PASSWORD_MAX: usize = 64;
/// Longest delete-account phrase input.
pub const PHRASE_MAX: usize = 128;
/// The phrase that confirms account deletion.
pub const DELETE_PHRASE: &str = "i understand";
/// Recent colours kept: newest first, no duplicates.
pub const RECENT_COLORS_MAX: usize = 6;

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// A person's display name: trimmed, 1 to 32 characters, no control characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<Self, FieldCode> {
        let name = raw.trim();
        if name.is_empty() {
            Err(FieldCode("name_required"))
        } else if chars(name) > NAME_MAX {
            Err(FieldCode("name_too_long"))
        } else if name.chars().any(char::is_control) {
            Err(FieldCode("name_invalid"))
        } else {
            Ok(PersonName(name.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// An email address: trimmed, at most 254 characters, one `@` with a non-empty local part and a
/// dotted domain, no spaces. `normalized()` is the lower-cased identity used for sign-in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, FieldCode> {
        let email = raw.trim();
        if email.is_empty() {
            return Err(FieldCode("email_required"));
        }
        if chars(email) > EMAIL_MAX {
            return Err(FieldCode("email_too_long"));
        }
        let valid = match email.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && chars(local) <= 64
                    && !domain.contains('@')
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains("..")
                    && !email.chars().any(|c| c.is_whitespace() || c.is_control())
            }
            None => false,
        };
        if valid {
            Ok(Email(email.to_owned()))
        } else {
            Err(FieldCode("email_invalid"))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The identity: lower-cased.
    pub fn normalized(&self) -> String {
        self.0.to_lowercase()
    }
}

/// Which password rule applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordRule {
    /// Sign-up: 5 to 59 characters.
    SignUp,
    /// A new password (change, reset): 8 to 64 characters.
    New,
}

/// A password that satisfies its rule. Never logged (`Debug` hides it).
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(***)")
    }
}

impl Password {
    pub fn parse(raw: &str, rule: PasswordRule) -> Result<Self, FieldCode> {
        let (min, max) = match rule {
            PasswordRule::SignUp => SIGNUP_PASSWORD,
            PasswordRule::New => NEW_PASSWORD,
        };
        let n = chars(raw);
        if n == 0 {
            Err(FieldCode("password_required"))
        } else if n < min {
            Err(FieldCode("password_too_short"))
        } else if n > max {
            Err(FieldCode("password_too_long"))
        } else {
            Ok(Password(raw.to_owned()))
        }
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

/// Whether `typed` confirms account deletion: equal to 'i understand' ignoring case, outer
/// spaces and repeated inner spaces.
pub fn confirms_deletion(typed: &str) -> bool {
    if chars(typed) > PHRASE_MAX {
        return false;
    }
    let collapsed = typed.split_whitespace().collect::<Vec<_>>().join(" ");
    collapsed.to_lowercase() == DELETE_PHRASE
}

/// A `#rrggbb` colour, normalised to that form from `rrggbb`, `#rgb` or `rgb` (any case).
pub fn parse_hex_color(raw: &str) -> Result<String, FieldCode> {
    let hex = raw.trim().trim_start_matches('#');
    if !hex.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(FieldCode("color_invalid"));
    }
    match hex.len() {
        6 => Ok(format!("#{hex}")),
        3 => Ok(format!(
            "#{}",
            hex.chars().flat_map(|c| [c, c]).collect::<String>()
        )),
        _ => Err(FieldCode("color_invalid")),
    }
}

/// The recent-colours list as stored: valid colours only, newest first, no duplicates (case
/// folded), at most six.
pub fn normalize_recent_colors(colors: &[String]) -> Result<Vec<String>, FieldCode> {
    let mut out: Vec<String> = Vec::new();
    for raw in colors {
        let color = parse_hex_color(raw)?;
        if !out.iter().any(|c| c.eq_ignore_ascii_case(&color)) {
            out.push(color);
        }
        if out.len() == RECENT_COLORS_MAX {
            break;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_required_and_trimmed() {
        assert_eq!(PersonName::parse("  ").unwrap_err().0, "name_required");
        assert_eq!(
            PersonName::parse("  Ana Ruiz ").unwrap().as_str(),
            "Ana Ruiz"
        );
    }

    #[test]
    fn a_name_longer_than_32_characters_is_rejected() {
        assert!(PersonName::parse(&"é".repeat(32)).is_ok());
        assert_eq!(
            PersonName::parse(&"é".repeat(33)).unwrap_err().0,
            "name_too_long"
        );
    }

    #[test]
    fn a_name_with_control_characters_is_rejected() {
        assert_eq!(PersonName::parse("Ana\u{0}").unwrap_err().0, "name_invalid");
    }

    #[test]
    fn emails_are_validated_and_normalised_for_identity() {
        let email = Email::parse("  Ana.Ruiz@Example.COM ").unwrap();
        assert_eq!(email.as_str(), "Ana.Ruiz@Example.COM");
        assert_eq!(email.normalized(), "ana.ruiz@example.com");
        for bad in [
            "ana",
            "ana@",
            "@example.com",
            "ana@example",
            "a na@example.com",
            "ana@@x.com",
            "ana@x..com",
        ] {
            assert_eq!(Email::parse(bad).unwrap_err().0, "email_invalid", "{bad}");
        }
        assert_eq!(Email::parse("").unwrap_err().0, "email_required");
    }

    #[test]
    fn an_email_longer_than_254_characters_is_rejected() {
        let long = format!("{}@{}.com", "a".repeat(60), "b".repeat(200));
        assert_eq!(Email::parse(&long).unwrap_err().0, "email_too_long");
    }

    #[test]
    fn a_sign_up_password_has_5_to_59_characters() {
        assert_eq!(
            Password::parse("abcd", PasswordRule::SignUp).unwrap_err().0,
            "password_too_short"
        );
        assert!(Password::parse("abcde", PasswordRule::SignUp).is_ok());
        assert!(Password::parse(&"x".repeat(59), PasswordRule::SignUp).is_ok());
        assert_eq!(
            Password::parse(&"x".repeat(60), PasswordRule::SignUp)
                .unwrap_err()
                .0,
            "password_too_long"
        );
        assert_eq!(
            Password::parse("", PasswordRule::SignUp).unwrap_err().0,
            "password_required"
        );
    }

    #[test]
    fn a_new_password_has_8_to_64_characters() {
        assert!(Password::parse("1234567", PasswordRule::New).is_err());
        assert!(Password::parse("12345678", PasswordRule::New).is_ok());
        assert!(Password::parse(&"x".repeat(64), PasswordRule::New).is_ok());
        assert!(Password::parse(&"x".repeat(65), PasswordRule::New).is_err());
    }

    #[test]
    fn a_password_never_shows_in_debug_output() {
        let p = Password::parse("hunter22", PasswordRule::New).unwrap();
        assert!(!format!("{p:?}").contains("hunter22"));
    }

    #[test]
    fn the_delete_phrase_ignores_case_outer_spaces_and_double_spaces() {
        assert!(confirms_deletion("I UNDERSTAND"));
        assert!(confirms_deletion("  i   understand "));
        assert!(!confirms_deletion("i understood"));
        assert!(!confirms_deletion(""));
    }

    #[test]
    fn hex_colours_are_normalised_to_hash_and_six_digits() {
        assert_eq!(parse_hex_color("FF0000").unwrap(), "#FF0000");
        assert_eq!(parse_hex_color("#abc").unwrap(), "#aabbcc");
        assert!(parse_hex_color("#12345").is_err());
        assert!(parse_hex_color("zzzzzz").is_err());
    }

    #[test]
    fn recent_colours_keep_six_newest_first_without_duplicates() {
        let input: Vec<String> = [
            "#111111", "#222222", "#111111", "#333333", "#444444", "#555555", "#666666", "#777777",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            normalize_recent_colors(&input).unwrap(),
            [
                "#111111", "#222222", "#333333", "#444444", "#555555", "#666666"
            ]
        );
        assert!(normalize_recent_colors(&["red".to_owned()]).is_err());
    }
}
