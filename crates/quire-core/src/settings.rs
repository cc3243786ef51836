//! User settings: their defaults, and the rules for a partial update from the client. Fields
//! the user may not set (two-factor state, permissions, AI counters, Drive link,
//! `password_temporary`) are ignored in an update, never assigned.

use std::collections::BTreeMap;

use serde_json::{Map, Value, json};

use crate::account::{normalize_recent_colors, parse_hex_color};

/// The manuscript display checkboxes, with their defaults (all off but the last).
pub const DISPLAY_SETTINGS: [(&str, bool); 10] = [
    ("show_full_statuses", false),
    ("show_triangle_status_in_left_sidebar", false),
    ("show_status_name_in_right_sidebar", false),
    ("increase_status_dot_size_in_left_sidebar", false),
    ("hide_saving_indicator", false),
    ("manuscript_to_last_place", false),
    ("subchapters_as_scenes", false),
    ("increase_tags_dot_size_in_left_sidebar", false),
    ("show_all_statuses_in_right_sidebar", false),
    ("show_floating_toolbar_on_editor_right_side", true),
];

/// The AI features that carry their own language and on/off setting.
pub const AI_FEATURES: [&str; 9] = [
    "chat_manuscript",
    "rewrite",
    "analisys",
    "summary",
    "screenplay",
    "element_generation",
    "outline_generation",
    "manuscript_cover",
    "thesaurus",
];

const BOOLEAN_SETTINGS: [&str; 4] = [
    "debug_enabled",
    "hide_header",
    "use_updated_contents",
    "subchapters_as_scenes",
];

const SORT_KEYS: [&str; 4] = ["title", "updated_at", "created_at", "deleted_at"];
const EMAIL_LISTS: [&str; 2] = ["marketing", "stats"];
const MAX_GOOGLE_FONTS: usize = 20;
const MAX_SHORT_TEXT: usize = 64;

/// The settings of a new account.
pub fn defaults() -> Map<String, Value> {
    let mut settings = json!({
        "timezone": null,
        "dark_mode": "off",
        "google_fonts": [],
        "theme_id": 1,
        "custom_theme": { "id": 0, "name": "Custom", "primary_color": "#FF0000", "secondary_color": "#000000" },
        "debug_enabled": false,
        "manuscripts_sort_by": "updated_at",
        "emails_subscriptions": ["marketing", "stats"],
        "google_drive_enabled": false,
        "google_drive_email": null,
        "hide_header": false,
        "password_temporary": false,
        "use_updated_contents": false,
        "mfa_enabled": "none",
        "mfa_sms_phone_number": null,
        "mfa_totp_factor_sid": null,
        "recently_used_colors": [],
        "permissions": {},
        "ai": {},
    });
    let map = settings.as_object_mut().expect("an object literal");
    for (key, default) in DISPLAY_SETTINGS {
        map.insert(key.to_owned(), Value::Bool(default));
    }
    let ai: Map<String, Value> = AI_FEATURES
        .iter()
        .map(|f| {
            (
                (*f).to_owned(),
                json!({ "language": "auto", "disabled": false }),
            )
        })
        .collect();
    map.insert("ai".to_owned(), Value::Object(ai));
    map.clone()
}

/// Stored settings completed with the defaults of any key they lack (older rows, new keys).
pub fn with_defaults(stored: &Map<String, Value>) -> Map<String, Value> {
    let mut settings = defaults();
    for (key, value) in stored {
        settings.insert(key.clone(), value.clone());
    }
    settings
}

/// Applies the settable keys of `patch` to `settings`. Every invalid value is reported (field
/// path → code) and nothing is applied unless all are valid.
pub fn apply_patch(
    settings: &mut Map<String, Value>,
    patch: &Map<String, Value>,
) -> Result<(), BTreeMap<String, String>> {
    let mut next = settings.clone();
    let mut errors = BTreeMap::new();
    for (key, value) in patch {
        let field = format!("settings.{key}");
        match settable(key, value, &next) {
            Ok(Some(value)) => {
                next.insert(key.clone(), value);
            }
            Ok(None) => {}
            Err(code) => {
                errors.insert(field, code.to_owned());
            }
        }
    }
    if errors.is_empty() {
        *settings = next;
        Ok(())
    } else {
        Err(errors)
    }
}

/// The value to store for `key`, `None` for a key that is ignored, or the refusal code.
fn settable(
    key: &str,
    value: &Value,
    current: &Map<String, Value>,
) -> Result<Option<Value>, &'static str> {
    if DISPLAY_SETTINGS.iter().any(|(k, _)| *k == key) || BOOLEAN_SETTINGS.contains(&key) {
        return value
            .as_bool()
            .map(|b| Some(Value::Bool(b)))
            .ok_or("boolean_expected");
    }
    match key {
        "timezone" => match value {
            Value::Null => Ok(Some(Value::Null)),
            Value::String(s) if s == "-" || s.is_empty() => Ok(Some(Value::Null)),
            Value::String(s) if is_timezone_name(s) => Ok(Some(value.clone())),
            _ => Err("timezone_invalid"),
        },
        "dark_mode" => match value.as_str() {
            Some("on" | "off" | "other") => Ok(Some(value.clone())),
            _ => Err("dark_mode_invalid"),
        },
        "theme_id" => match value.as_i64() {
            Some(0..=4) => Ok(Some(value.clone())),
            _ => Err("theme_invalid"),
        },
        "custom_theme" => custom_theme(value, current).map(Some),
        "manuscripts_sort_by" => match value.as_str() {
            Some(s) if SORT_KEYS.contains(&s) => Ok(Some(value.clone())),
            _ => Err("sort_invalid"),
        },
        "google_fonts" => {
            let fonts = value.as_array().ok_or("list_expected")?;
            if fonts.len() > MAX_GOOGLE_FONTS {
                return Err("too_many_items");
            }
            if fonts.iter().all(|f| {
                f.as_str()
                    .is_some_and(|s| !s.trim().is_empty() && s.chars().count() <= MAX_SHORT_TEXT)
            }) {
                Ok(Some(value.clone()))
            } else {
                Err("font_invalid")
            }
        }
        "emails_subscriptions" => {
            let lists = value.as_array().ok_or("list_expected")?;
            let mut out: Vec<Value> = Vec::new();
            for list in lists {
                match list.as_str() {
                    Some(s) if EMAIL_LISTS.contains(&s) => {
                        if !out.contains(list) {
                            out.push(list.clone());
                        }
                    }
                    _ => return Err("email_list_invalid"),
                }
            }
            Ok(Some(Value::Array(out)))
        }
        "recently_used_colors" => {
            let colors: Vec<String> = value
                .as_array()
                .ok_or("list_expected")?
                .iter()
                .map(|c| c.as_str().map(str::to_owned).ok_or("color_invalid"))
                .collect::<Result<_, _>>()?;
            let colors = normalize_recent_colors(&colors).map_err(|c| c.0)?;
            Ok(Some(json!(colors)))
        }
        "ai" => ai_settings(value, current).map(Some),
        // Set by their own flows (two-factor, Drive, password reset, admin), never by a patch.
        _ => Ok(None),
    }
}

fn is_timezone_name(s: &str) -> bool {
    s.len() <= MAX_SHORT_TEXT
        && (s == "UTC"
            || (s.contains('/')
                && s.split('/').all(|part| {
                    !part.is_empty()
                        && part
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+'))
                })))
}

fn custom_theme(value: &Value, current: &Map<String, Value>) -> Result<Value, &'static str> {
    let patch = value.as_object().ok_or("custom_theme_invalid")?;
    let mut theme = current
        .get("custom_theme")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    for (key, v) in patch {
        match key.as_str() {
            "primary_color" | "secondary_color" => {
                let color = v.as_str().ok_or("color_invalid")?;
                theme.insert(key.clone(), json!(parse_hex_color(color).map_err(|c| c.0)?));
            }
            "name" => {
                let name = v.as_str().filter(|s| s.chars().count() <= MAX_SHORT_TEXT);
                theme.insert(key.clone(), json!(name.ok_or("custom_theme_invalid")?));
            }
            _ => {}
        }
    }
    Ok(Value::Object(theme))
}

fn ai_settings(value: &Value, current: &Map<String, Value>) -> Result<Value, &'static str> {
    let patch = value.as_object().ok_or("ai_settings_invalid")?;
    let mut ai = current
        .get("ai")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    for (feature, setting) in patch {
        if !AI_FEATURES.contains(&feature.as_str()) {
            return Err("ai_feature_unknown");
        }
        let setting = setting.as_object().ok_or("ai_settings_invalid")?;
        let mut entry = ai
            .get(feature)
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        if let Some(language) = setting.get("language") {
            let language = language
                .as_str()
                .filter(|s| !s.is_empty() && s.chars().count() <= MAX_SHORT_TEXT)
                .ok_or("ai_language_invalid")?;
            entry.insert("language".to_owned(), json!(language));
        }
        if let Some(disabled) = setting.get("disabled") {
            entry.insert(
                "disabled".to_owned(),
                json!(disabled.as_bool().ok_or("boolean_expected")?),
            );
        }
        ai.insert(feature.clone(), Value::Object(entry));
    }
    Ok(Value::Object(ai))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn patch(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn new_accounts_get_the_display_defaults_with_the_floating_toolbar_on() {
        let d = defaults();
        assert_eq!(d["show_floating_toolbar_on_editor_right_side"], true);
        assert_eq!(d["show_full_statuses"], false);
        assert_eq!(d["mfa_enabled"], "none");
        assert_eq!(d["custom_theme"]["primary_color"], "#FF0000");
        assert_eq!(d["custom_theme"]["secondary_color"], "#000000");
    }

    #[test]
    fn a_patch_sets_settable_keys_and_ignores_protected_ones() {
        let mut s = defaults();
        apply_patch(
            &mut s,
            &patch(json!({
                "timezone": "Europe/Madrid", "hide_header": true, "theme_id": 3,
                "mfa_enabled": "totp", "permissions": {"x": "write"}, "password_temporary": true
            })),
        )
        .unwrap();
        assert_eq!(s["timezone"], "Europe/Madrid");
        assert_eq!(s["hide_header"], true);
        assert_eq!(s["theme_id"], 3);
        assert_eq!(s["mfa_enabled"], "none");
        assert_eq!(s["permissions"], json!({}));
        assert_eq!(s["password_temporary"], false);
    }

    #[test]
    fn the_timezone_sentinel_dash_means_the_system_default() {
        let mut s = defaults();
        apply_patch(&mut s, &patch(json!({"timezone": "America/New_York"}))).unwrap();
        apply_patch(&mut s, &patch(json!({"timezone": "-"}))).unwrap();
        assert_eq!(s["timezone"], Value::Null);
    }

    #[test]
    fn every_invalid_value_is_reported_and_nothing_is_applied() {
        let mut s = defaults();
        let before = s.clone();
        let errors = apply_patch(
            &mut s,
            &patch(json!({"hide_header": "yes", "timezone": "Mars/../Base", "dark_mode": "dim", "theme_id": 9})),
        )
        .unwrap_err();
        assert_eq!(errors.len(), 4, "{errors:?}");
        assert_eq!(errors["settings.hide_header"], "boolean_expected");
        assert_eq!(s, before);
    }

    #[test]
    fn recent_colours_are_stored_newest_first_without_duplicates_and_at_most_six() {
        let mut s = defaults();
        apply_patch(
            &mut s,
            &patch(json!({"recently_used_colors": ["#aaaaaa", "bbbbbb", "#AAAAAA", "#111", "#222222", "#333333", "#444444", "#555555"]})),
        )
        .unwrap();
        assert_eq!(
            s["recently_used_colors"],
            json!([
                "#aaaaaa", "#bbbbbb", "#111111", "#222222", "#333333", "#444444"
            ])
        );
    }

    #[test]
    fn the_custom_theme_keeps_valid_hex_colours_only() {
        let mut s = defaults();
        apply_patch(
            &mut s,
            &patch(json!({"custom_theme": {"primary_color": "12ab34"}})),
        )
        .unwrap();
        assert_eq!(s["custom_theme"]["primary_color"], "#12ab34");
        assert_eq!(s["custom_theme"]["secondary_color"], "#000000");
        assert!(
            apply_patch(
                &mut s,
                &patch(json!({"custom_theme": {"primary_color": "red"}}))
            )
            .is_err()
        );
    }

    #[test]
    fn ai_settings_are_per_known_feature() {
        let mut s = defaults();
        apply_patch(
            &mut s,
            &patch(json!({"ai": {"rewrite": {"language": "es", "disabled": true}}})),
        )
        .unwrap();
        assert_eq!(
            s["ai"]["rewrite"],
            json!({"language": "es", "disabled": true})
        );
        assert_eq!(s["ai"]["summary"]["disabled"], false);
        let errors = apply_patch(
            &mut s,
            &patch(json!({"ai": {"telepathy": {"disabled": true}}})),
        )
        .unwrap_err();
        assert_eq!(errors["settings.ai"], "ai_feature_unknown");
    }

    #[test]
    fn email_subscriptions_accept_only_known_lists() {
        let mut s = defaults();
        apply_patch(
            &mut s,
            &patch(json!({"emails_subscriptions": ["stats", "stats"]})),
        )
        .unwrap();
        assert_eq!(s["emails_subscriptions"], json!(["stats"]));
        assert!(apply_patch(&mut s, &patch(json!({"emails_subscriptions": ["spam"]}))).is_err());
    }
}
