//! Story element data: the nickname migration from older data, and the ids the client makes for
//! note sections and custom element types.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::id::IdSource;

/// How a note section id starts; a 6-digit random number follows.
pub const SECTION_ID_PREFIX: &str = "section-";
/// The largest custom element type id; the id is random up to this.
pub const CUSTOM_ELEMENT_TYPE_ID_MAX: i64 = 1_000_000;

/// An element's nickname as stored today.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nickname {
    pub id: String,
    pub label: String,
}

/// `meta.nicknames` in today's shape. Older data held plain strings: each becomes a nickname
/// with a fresh id. Objects with a string `label` are kept as they are (an id that is a number
/// keeps its digits, a missing or empty id gets a fresh one). Anything else in the list is
/// dropped, and a value that is not a list (null, a missing field) means no nicknames; a single
/// string is one nickname.
pub fn migrate_nicknames(value: &Value, ids: &mut impl IdSource) -> Vec<Nickname> {
    let items = match value {
        Value::Array(items) => items.as_slice(),
        Value::String(_) => std::slice::from_ref(value),
        _ => &[],
    };
    items
        .iter()
        .filter_map(|item| match item {
            Value::String(label) => Some(Nickname {
                id: ids.id().to_string(),
                label: label.clone(),
            }),
            Value::Object(object) => {
                let label = object.get("label")?.as_str()?.to_owned();
                let id = match object.get("id") {
                    Some(Value::String(id)) if !id.is_empty() => id.clone(),
                    Some(Value::Number(n)) => n.to_string(),
                    _ => ids.id().to_string(),
                };
                Some(Nickname { id, label })
            }
            _ => None,
        })
        .collect()
}

/// A fresh note section id: 'section-' and a six-digit number (100000–999999, so it never
/// starts with a zero).
pub fn new_section_id(ids: &mut impl IdSource) -> String {
    let n = ids.number(100_000, 999_999);
    format!("{SECTION_ID_PREFIX}{n}")
}

/// A fresh custom element type id from 1 to 1,000,000 that is not in `existing` (0 is left out
/// as it reads as "no type"). `existing` holds the user's other custom type ids, far fewer than
/// a million.
pub fn new_custom_element_type_id(existing: &[i64], ids: &mut impl IdSource) -> i64 {
    let taken: HashSet<i64> = existing.iter().copied().collect();
    loop {
        let id = ids.number(1, CUSTOM_ELEMENT_TYPE_ID_MAX);
        if !taken.contains(&id) {
            return id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Id;
    use crate::id::RandomIds;
    use serde_json::json;

    #[test]
    fn plain_string_nicknames_become_objects_with_fresh_ids() {
        let migrated = migrate_nicknames(&json!(["Bo", "The Captain"]), &mut RandomIds);
        assert_eq!(migrated.len(), 2);
        assert_eq!(migrated[0].label, "Bo");
        assert_eq!(migrated[1].label, "The Captain");
        assert!(Id::parse(&migrated[0].id).is_ok());
        assert_ne!(migrated[0].id, migrated[1].id);
    }

    #[test]
    fn nickname_objects_are_kept_as_they_are() {
        let migrated = migrate_nicknames(
            &json!([
                {"id": "n-1", "label": "Bo"},
                "Cap",
                {"id": 7, "label": "Seven"},
                {"label": "No id"},
            ]),
            &mut RandomIds,
        );
        assert_eq!(
            migrated[0],
            Nickname {
                id: "n-1".into(),
                label: "Bo".into()
            }
        );
        assert_eq!(migrated[1].label, "Cap");
        assert_eq!(
            migrated[2],
            Nickname {
                id: "7".into(),
                label: "Seven".into()
            }
        );
        assert_eq!(migrated[3].label, "No id");
        assert!(!migrated[3].id.is_empty());
    }

    #[test]
    fn unreadable_nickname_data_is_dropped() {
        assert!(migrate_nicknames(&Value::Null, &mut RandomIds).is_empty());
        assert!(migrate_nicknames(&json!({"label": "x"}), &mut RandomIds).is_empty());
        let migrated = migrate_nicknames(
            &json!([1, null, {"id": "x"}, ["y"], "kept"]),
            &mut RandomIds,
        );
        assert_eq!(migrated.len(), 1);
        assert_eq!(
            migrate_nicknames(&json!("Solo"), &mut RandomIds)[0].label,
            "Solo"
        );
    }

    #[test]
    fn a_section_id_is_section_dash_and_six_digits() {
        let id = new_section_id(&mut RandomIds);
        let digits = id.strip_prefix("section-").unwrap();
        assert_eq!(digits.len(), 6);
        assert!(digits.bytes().all(|b| b.is_ascii_digit()));
        assert_ne!(digits.as_bytes()[0], b'0');
    }

    #[test]
    fn a_custom_element_type_id_is_up_to_a_million_and_not_taken() {
        for _ in 0..100 {
            let id = new_custom_element_type_id(&[], &mut RandomIds);
            assert!((1..=1_000_000).contains(&id));
        }
        let taken: Vec<i64> = (1..=999_000).collect();
        assert!(new_custom_element_type_id(&taken, &mut RandomIds) > 999_000);
    }
}
