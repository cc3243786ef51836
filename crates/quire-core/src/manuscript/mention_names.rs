//! What a story element's mention reads as outside the editor (exports): the element's current
//! name, so a rename follows everywhere, by the same rule the editor draws it with.

use std::collections::HashMap;

use serde_json::Value;

use super::{EntityKind, EntityRow};

/// The live story elements of a manuscript a mention may name, by id.
#[derive(Debug, Default, Clone)]
pub struct MentionNames {
    by_id: HashMap<String, Named>,
}

#[derive(Debug, Clone)]
struct Named {
    name: String,
    nicknames: Vec<String>,
}

impl MentionNames {
    /// The elements among `rows` (others, and those in the trash, are left out: a mention of a
    /// deleted element reads as it was written).
    pub fn from_rows<'a>(rows: impl IntoIterator<Item = &'a EntityRow>) -> MentionNames {
        let by_id = rows
            .into_iter()
            .filter(|row| row.kind == EntityKind::Element && row.deleted_at.is_none())
            .filter(|row| !row.name.trim().is_empty())
            .map(|row| {
                let named = Named {
                    name: row.name.clone(),
                    nicknames: nickname_labels(row.doc.get("meta")),
                };
                (row.id.clone(), named)
            })
            .collect();
        MentionNames { by_id }
    }

    /// What the mention of element `id`, written as `label`, reads now: `label` when the element
    /// is unknown or the label is one of its nicknames; the element's name in capitals when the
    /// label was written in capitals ("ISHMAEL" in a heading); else the element's name.
    pub fn text(&self, id: &str, label: &str) -> String {
        let Some(element) = self.by_id.get(id) else {
            return label.to_owned();
        };
        let lower = label.to_lowercase();
        if element
            .nicknames
            .iter()
            .any(|nickname| nickname.trim().to_lowercase() == lower)
        {
            return label.to_owned();
        }
        let has_letters = label.to_uppercase() != label.to_lowercase();
        if has_letters && label == label.to_uppercase() && label.chars().count() > 1 {
            return element.name.to_uppercase();
        }
        element.name.clone()
    }
}

/// The labels of `meta.nicknames`: `{id, label}` objects, or the plain strings of older data.
fn nickname_labels(meta: Option<&Value>) -> Vec<String> {
    let Some(Value::Array(items)) = meta.and_then(|meta| meta.get("nicknames")) else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| match item {
            Value::String(label) => Some(label.clone()),
            Value::Object(object) => object.get("label")?.as_str().map(str::to_owned),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn element(id: &str, name: &str, nicknames: Value) -> EntityRow {
        let mut row = EntityRow::new(EntityKind::Element, id, "u", 1);
        row.name = name.into();
        row.doc
            .insert("meta".into(), json!({ "nicknames": nicknames }));
        row
    }

    #[test]
    fn a_mention_reads_the_current_name_unless_it_was_written_as_a_nickname() {
        let rows = [element(
            "e1",
            "Ishmael Grey",
            json!([{"id": "n", "label": "Ish"}, "Grey"]),
        )];
        let names = MentionNames::from_rows(&rows);
        assert_eq!(names.text("e1", "Ishmael"), "Ishmael Grey");
        assert_eq!(names.text("e1", "ish"), "ish");
        assert_eq!(names.text("e1", "Grey"), "Grey");
        assert_eq!(names.text("e1", "ISHMAEL"), "ISHMAEL GREY");
        assert_eq!(names.text("e1", "I"), "Ishmael Grey");
    }

    #[test]
    fn a_mention_of_an_unknown_or_deleted_element_reads_as_written() {
        let mut gone = element("e2", "Queequeg", json!([]));
        gone.deleted_at = Some(5);
        let mut nameless = element("e3", "  ", json!([]));
        nameless.kind = EntityKind::Element;
        let chapter = EntityRow::new(EntityKind::Chapter, "c1", "u", 1);
        let names = MentionNames::from_rows([&gone, &nameless, &chapter]);
        assert_eq!(names.text("e2", "Queequeg"), "Queequeg");
        assert_eq!(names.text("e3", "Starbuck"), "Starbuck");
        assert_eq!(names.text("c1", "One"), "One");
        assert_eq!(names.text("nope", "Ahab"), "Ahab");
    }

    #[test]
    fn nickname_data_of_any_shape_is_read_without_failing() {
        let rows = [element("e1", "Ahab", json!("not a list"))];
        let names = MentionNames::from_rows(&rows);
        assert_eq!(names.text("e1", "Captain"), "Ahab");
        let mut bare = EntityRow::new(EntityKind::Element, "e2", "u", 1);
        bare.name = "Stubb".into();
        assert_eq!(MentionNames::from_rows([&bare]).text("e2", "x"), "Stubb");
    }
}
