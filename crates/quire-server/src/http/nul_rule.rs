//! The one rule for U+0000 (NUL) in what a request sends, the same on both databases
//! (PostgreSQL refuses the byte in text where SQLite keeps it, so the edge decides before any
//! SQL runs; ADR 0003):
//!
//! - a field that names something — an id, an email, a secret, a code — is refused when it
//!   holds a NUL, since no such value is meant and dropping the character would name something
//!   else (`invalid_id`, `email_invalid` or `invalid` for the field);
//! - any other string is writing (a title, a note, a document, a file's name, a filter): its
//!   NULs are dropped, since a writer's text is never refused or lost for an invisible
//!   character;
//! - a path parameter is always an id, and an object key is never writing: a NUL in either is
//!   refused.
//!
//! The extractors of `http::extract` apply it to every JSON body, query string and path, and
//! the live channel to its messages.

use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::ApiError;

const NUL: char = '\0';

/// The code a field holding a NUL is refused with, by the field's name; `None` for writing,
/// which keeps its text without the NUL.
pub fn refusal(field: &str) -> Option<&'static str> {
    let field = field.to_ascii_lowercase();
    let names = |name: &str| {
        field == name
            || field
                .strip_suffix(name)
                .is_some_and(|head| head.ends_with('_'))
    };
    if ["id", "ids", "sid", "uid"].into_iter().any(names) {
        Some("invalid_id")
    } else if names("email") {
        Some("email_invalid")
    } else if field.contains("password")
        || field.contains("phone")
        || ["token", "code", "secret", "hash"].into_iter().any(names)
    {
        Some("invalid")
    } else {
        None
    }
}

/// Applies the rule to `value` and everything in it; `field` names the key it is under (an
/// array's items are under their array's key).
pub fn apply(value: &mut Value, field: &str) -> Result<(), ApiError> {
    match value {
        Value::String(text) if text.contains(NUL) => match refusal(field) {
            Some(code) => return Err(ApiError::field(field, code)),
            None => text.retain(|c| c != NUL),
        },
        Value::Array(items) => {
            for item in items {
                apply(item, field)?;
            }
        }
        Value::Object(map) => {
            if map.keys().any(|key| key.contains(NUL)) {
                return Err(ApiError::InvalidJson("a key holds U+0000".to_owned()));
            }
            for (key, item) in map.iter_mut() {
                apply(item, key)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Whether JSON text may hold a NUL: only the escape `\u0000` can write one (a raw control
/// character is not JSON). An escaped backslash before `u0000` also matches, which costs only
/// the slower path.
fn may_hold_nul(json: &[u8]) -> bool {
    json.windows(6).any(|w| w == b"\\u0000")
}

/// Deserialises JSON text under the rule. Text without the escape (nearly all of it)
/// deserialises straight from its bytes; the rest goes through a [`Value`] first.
pub fn from_json<T: DeserializeOwned>(json: &[u8]) -> Result<T, ApiError> {
    let invalid = |e: serde_json::Error| ApiError::InvalidJson(e.to_string());
    if !may_hold_nul(json) {
        return serde_json::from_slice(json).map_err(invalid);
    }
    let mut value: Value = serde_json::from_slice(json).map_err(invalid)?;
    apply(&mut value, "")?;
    serde_json::from_value(value).map_err(invalid)
}

/// A query string under the rule: `None` when it holds no NUL (`%00`) and is used as it is,
/// else the same pairs with the NULs of writing dropped.
pub fn clean_query(query: &str) -> Result<Option<String>, ApiError> {
    if !query.contains("%00") {
        return Ok(None);
    }
    let mut pairs: Vec<(String, String)> =
        serde_urlencoded::from_str(query).map_err(|e| ApiError::InvalidQuery(e.to_string()))?;
    for (key, value) in &mut pairs {
        if key.contains(NUL) {
            return Err(ApiError::InvalidQuery("a key holds U+0000".to_owned()));
        }
        if value.contains(NUL) {
            match refusal(key) {
                Some(code) => return Err(ApiError::field(key, code)),
                None => value.retain(|c| c != NUL),
            }
        }
    }
    serde_urlencoded::to_string(&pairs)
        .map(Some)
        .map_err(|e| ApiError::InvalidQuery(e.to_string()))
}

/// Whether a request path holds a NUL: a path parameter is an id, so such a path is refused.
pub fn path_holds_nul(path: &str) -> bool {
    path.contains("%00")
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;
    use serde_json::json;

    use super::*;

    fn code_of(error: ApiError) -> (String, serde_json::Value) {
        match error {
            ApiError::Invalid { code, fields } => (code.to_owned(), json!(fields)),
            ApiError::InvalidJson(_) => ("invalid_json".to_owned(), json!(null)),
            ApiError::InvalidQuery(_) => ("invalid_query".to_owned(), json!(null)),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn names_are_refused_and_writing_is_kept_without_the_nul() {
        for (field, code) in [
            ("id", Some("invalid_id")),
            ("ids", Some("invalid_id")),
            ("manuscript_id", Some("invalid_id")),
            ("factor_sid", Some("invalid_id")),
            ("g_uid", Some("invalid_id")),
            ("email", Some("email_invalid")),
            ("new_email", Some("email_invalid")),
            ("password", Some("invalid")),
            ("new_password_confirmation", Some("invalid")),
            ("mfa_token", Some("invalid")),
            ("sms_code", Some("invalid")),
            ("phone_number", Some("invalid")),
            ("title", None),
            ("name", None),
            ("content", None),
            ("valid", None),
            ("idea", None),
            ("", None),
        ] {
            assert_eq!(refusal(field), code, "{field}");
        }
    }

    #[test]
    fn a_json_body_drops_nul_from_writing_at_any_depth() {
        #[derive(Deserialize)]
        struct Note {
            title: String,
            meta: serde_json::Value,
        }
        let body = br#"{"title":"Act\u0000 I","meta":{"tags":["a\u0000b"],"n":1}}"#;
        let note: Note = from_json(body).unwrap();
        assert_eq!(note.title, "Act I");
        assert_eq!(note.meta, json!({"tags": ["ab"], "n": 1}));
    }

    #[test]
    fn a_json_body_refuses_nul_in_a_name_with_the_fields_code() {
        for (body, field, code) in [
            (r#"{"email":"a\u0000@b.example"}"#, "email", "email_invalid"),
            (
                r#"{"ids":["AAAAAAAAAAAAAAAAAAAAA\u0000"]}"#,
                "ids",
                "invalid_id",
            ),
            (
                r#"{"meta":{"element_id":"\u0000"}}"#,
                "element_id",
                "invalid_id",
            ),
            (r#"{"password":"x\u0000"}"#, "password", "invalid"),
        ] {
            let error = from_json::<serde_json::Value>(body.as_bytes()).unwrap_err();
            assert_eq!(
                code_of(error),
                ("invalid_fields".to_owned(), json!({field: code})),
                "{body}"
            );
        }
        let error = from_json::<serde_json::Value>(br#"{"a\u0000":1}"#).unwrap_err();
        assert_eq!(code_of(error).0, "invalid_json");
    }

    #[test]
    fn an_escaped_backslash_is_not_a_nul() {
        let value: serde_json::Value = from_json(br#"{"id":"\\u0000"}"#).unwrap();
        assert_eq!(value["id"], "\\u0000");
    }

    #[test]
    fn a_query_drops_nul_from_writing_and_refuses_it_in_names() {
        assert_eq!(clean_query("q=a+b&n=1").unwrap(), None);
        assert_eq!(
            clean_query("q=a%00b&sort=title").unwrap().as_deref(),
            Some("q=ab&sort=title")
        );
        let error = clean_query("manuscript_id=%00").unwrap_err();
        assert_eq!(
            code_of(error),
            (
                "invalid_fields".to_owned(),
                json!({"manuscript_id": "invalid_id"})
            )
        );
        assert_eq!(
            code_of(clean_query("a%00=1").unwrap_err()).0,
            "invalid_query"
        );
    }

    #[test]
    fn a_path_with_an_encoded_nul_is_found() {
        assert!(path_holds_nul("/templates/abc%00"));
        assert!(!path_holds_nul("/templates/abc%2000"));
    }
}
