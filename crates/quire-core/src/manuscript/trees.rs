//! Whole manuscripts as trees of rows, built without the database: a copy with every id
//! renewed, a manuscript made from a template's structure, and a template's structure taken
//! from a manuscript. The store writes the result in one transaction; the new ids come from the
//! caller's [`IdSource`].

use std::collections::HashMap;

use serde_json::{Map, Value, json};

#[cfg(test)]
use super::Parent;
use super::{EntityKind, EntityRow, ManuscriptTree, TITLE_MAX, duplicate_order, new_section_id};
use crate::Id;
use crate::id::IdSource;
use crate::time::EpochMs;

/// The meta-section title a template chapter's synopsis is kept under.
pub const SYNOPSIS_TITLE: &str = "Synopsis";
/// The meta-section title a template element's description is kept under.
pub const DESCRIPTION_TITLE: &str = "Description";

/// Settings of a manuscript that describe its sharing: a copy or a template starts unshared.
const SHARING_SETTINGS: [&str; 3] = ["shared", "shared_with_link", "share_link_hash"];

/// A copy of a manuscript: its rows, and which new chapter each copied chapter became (their
/// documents are copied after the rows are in).
#[derive(Debug)]
pub struct Copy {
    pub rows: Vec<EntityRow>,
    /// `(source chapter id, new chapter id)`.
    pub chapters: Vec<(String, String)>,
}

/// The rows of a copy of `tree` titled `title`, with id `new_id`, ready for `insert_all`
/// (parents before children). Every row gets a fresh id and every reference is remapped; a
/// reference to a row not in the tree (one in the trash) is cleared.
pub fn copy(
    tree: &ManuscriptTree,
    new_id: &str,
    title: &str,
    now: EpochMs,
    source: &mut impl IdSource,
) -> Copy {
    let mut ids: HashMap<String, String> = HashMap::new();
    ids.insert(tree.manuscript.id.clone(), new_id.to_owned());
    for (_, rows) in &tree.parts {
        for row in rows {
            ids.insert(row.id.clone(), source.id().as_str().to_owned());
        }
    }
    let fresh = |row: &EntityRow| -> EntityRow {
        let mut copy = row.clone();
        copy.id = ids[&row.id].clone();
        copy.created_at = now;
        copy.updated_at = now;
        copy.synced_at = None;
        copy.deleted_at = None;
        copy
    };
    let mut manuscript = fresh(&tree.manuscript);
    manuscript.name = title.to_owned();
    manuscript.order = duplicate_order(tree.manuscript.order);
    if let Some(Value::Object(settings)) = manuscript.doc.get_mut("settings") {
        for key in SHARING_SETTINGS {
            settings.remove(key);
        }
        if let Some(Value::String(last)) = settings.get("last_active_chapter") {
            let remapped = ids.get(last).cloned();
            settings.insert("last_active_chapter".into(), remapped.into());
        }
    }
    let mut rows = vec![manuscript];
    for (kind, part) in &tree.parts {
        let mut part: Vec<&EntityRow> = part.iter().collect();
        if *kind == EntityKind::Chapter {
            // A subchapter's parent must exist before it.
            part.sort_by_key(|c| c.chapter_id.is_some());
        }
        for row in part {
            let mut copy = fresh(row);
            copy.manuscript_id = Some(new_id.to_owned());
            for &parent in kind.parents() {
                let remapped = row.parent(parent).and_then(|p| ids.get(p)).cloned();
                copy.set_parent(parent, remapped);
            }
            rows.push(copy);
        }
    }
    let chapters = tree
        .parts
        .iter()
        .filter(|(kind, _)| *kind == EntityKind::Chapter)
        .flat_map(|(_, part)| part.iter())
        .map(|row| (row.id.clone(), ids[&row.id].clone()))
        .collect();
    Copy { rows, chapters }
}

/// Where a new manuscript made from a template goes.
#[derive(Debug)]
pub struct NewManuscript<'a> {
    pub id: &'a str,
    pub title: &'a str,
    pub folder_id: Option<String>,
    pub order: f64,
    pub now: EpochMs,
}

/// The rows of a new manuscript laid out as a template's `structure`: `groups` (sections) of
/// `chapters` with `subchapters`, `elements` and `notes`. A chapter's synopsis and an
/// element's description become meta sections.
pub fn from_template(
    structure: &Value,
    template_id: &str,
    new: &NewManuscript<'_>,
    ids: &mut impl IdSource,
) -> Vec<EntityRow> {
    let row = |kind: EntityKind, name: &str, order: usize, id: Id| EntityRow {
        name: truncate(name),
        order: order as f64,
        manuscript_id: (kind != EntityKind::Manuscript).then(|| new.id.to_owned()),
        ..EntityRow::new(kind, id.as_str(), "", new.now)
    };
    let mut manuscript = EntityRow {
        folder_id: new.folder_id.clone(),
        order: new.order,
        manuscript_id: None,
        ..row(EntityKind::Manuscript, new.title, 0, ids.id())
    };
    manuscript.id = new.id.to_owned();
    manuscript
        .doc
        .insert("meta".into(), json!({ "template_id": template_id }));
    let mut rows = vec![manuscript];
    let mut chapter_order = 0;
    for (g, group) in items(structure, "groups").iter().enumerate() {
        let mut section = row(EntityKind::Group, text(group, "name"), g, ids.id());
        section.doc.insert("type".into(), "chapters".into());
        let section_id = section.id.clone();
        rows.push(section);
        for chapter in items(group, "chapters") {
            let mut parent = row(
                EntityKind::Chapter,
                text(chapter, "name"),
                chapter_order,
                ids.id(),
            );
            chapter_order += 1;
            parent.group_id = Some(section_id.clone());
            with_section(
                &mut parent.doc,
                ids,
                SYNOPSIS_TITLE,
                text(chapter, "synopsis"),
            );
            let parent_id = parent.id.clone();
            rows.push(parent);
            for (s, sub) in items(chapter, "subchapters").iter().enumerate() {
                let mut scene = row(EntityKind::Chapter, text(sub, "name"), s, ids.id());
                scene.group_id = Some(section_id.clone());
                scene.chapter_id = Some(parent_id.clone());
                with_section(&mut scene.doc, ids, SYNOPSIS_TITLE, text(sub, "synopsis"));
                rows.push(scene);
            }
        }
    }
    for (e, element) in items(structure, "elements").iter().enumerate() {
        let mut row = row(EntityKind::Element, text(element, "name"), e, ids.id());
        row.doc
            .insert("meta".into(), json!({ "type": text(element, "type") }));
        with_section(
            &mut row.doc,
            ids,
            DESCRIPTION_TITLE,
            text(element, "description"),
        );
        rows.push(row);
    }
    for (n, note) in items(structure, "notes").iter().enumerate() {
        let mut row = row(EntityKind::Note, text(note, "title"), n, ids.id());
        row.doc
            .insert("content".into(), text(note, "content").to_owned().into());
        rows.push(row);
    }
    rows
}

/// A template structure of `tree`, in the shape [`from_template`] reads: its sections with
/// their chapters and subchapters, chapters outside any section in an untitled section, its
/// elements and notes.
pub fn to_template(tree: &ManuscriptTree) -> Value {
    let part = |kind: EntityKind| -> &[EntityRow] {
        tree.parts
            .iter()
            .find(|(k, _)| *k == kind)
            .map_or(&[], |(_, rows)| rows.as_slice())
    };
    let chapters = part(EntityKind::Chapter);
    let chapter_json = |chapter: &EntityRow| {
        let subchapters: Vec<Value> = chapters
            .iter()
            .filter(|c| c.chapter_id.as_deref() == Some(&chapter.id))
            .map(|c| json!({"name": c.name, "synopsis": section(&c.doc, SYNOPSIS_TITLE)}))
            .collect();
        json!({
            "name": chapter.name,
            "synopsis": section(&chapter.doc, SYNOPSIS_TITLE),
            "subchapters": subchapters,
        })
    };
    let top_level = |group: Option<&str>| -> Vec<Value> {
        chapters
            .iter()
            .filter(|c| c.chapter_id.is_none() && c.group_id.as_deref() == group)
            .map(chapter_json)
            .collect()
    };
    let mut groups: Vec<Value> = Vec::new();
    let ungrouped = top_level(None);
    if !ungrouped.is_empty() {
        groups.push(json!({"name": "", "chapters": ungrouped}));
    }
    for group in part(EntityKind::Group) {
        if group.doc.get("type").and_then(Value::as_str) == Some("elements") {
            continue;
        }
        groups.push(json!({"name": group.name, "chapters": top_level(Some(&group.id))}));
    }
    let elements: Vec<Value> = part(EntityKind::Element)
        .iter()
        .map(|e| {
            json!({
                "name": e.name,
                "type": e.doc.get("meta").and_then(|m| m.get("type")).cloned().unwrap_or(Value::Null),
                "description": section(&e.doc, DESCRIPTION_TITLE),
            })
        })
        .collect();
    let notes: Vec<Value> = part(EntityKind::Note)
        .iter()
        .map(|n| json!({"title": n.name, "content": n.doc.get("content").cloned().unwrap_or_default()}))
        .collect();
    json!({"groups": groups, "elements": elements, "notes": notes})
}

fn items<'v>(value: &'v Value, key: &str) -> &'v [Value] {
    value
        .get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn text<'v>(value: &'v Value, key: &str) -> &'v str {
    value.get(key).and_then(Value::as_str).unwrap_or("")
}

fn truncate(name: &str) -> String {
    name.chars().take(TITLE_MAX).collect()
}

/// Adds a meta section `title` holding `content` (nothing when `content` is empty).
fn with_section(doc: &mut Map<String, Value>, ids: &mut impl IdSource, title: &str, content: &str) {
    if content.is_empty() {
        return;
    }
    let meta = doc
        .entry("meta")
        .or_insert_with(|| Value::Object(Map::new()));
    if let Value::Object(meta) = meta {
        let sections = meta.entry("sections").or_insert_with(|| json!([]));
        if let Value::Array(sections) = sections {
            let order = sections.len();
            sections.push(json!({
                "id": new_section_id(ids), "title": title, "content": content, "order": order,
            }));
        }
    }
}

/// The content of the meta section titled `title`, or "".
fn section(doc: &Map<String, Value>, title: &str) -> String {
    doc.get("meta")
        .and_then(|m| m.get("sections"))
        .and_then(Value::as_array)
        .and_then(|s| {
            s.iter()
                .find(|s| s.get("title").and_then(Value::as_str) == Some(title))
        })
        .and_then(|s| s.get("content"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned()
}

/// The parent columns of `row` that name a row of the tree.
#[cfg(test)]
fn references(row: &EntityRow) -> Vec<&str> {
    Parent::ALL
        .into_iter()
        .filter_map(|p| row.parent(p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::id::SequentialIds;

    const NOW: EpochMs = 1_800_000_000_000;

    fn structure() -> Value {
        json!({
            "groups": [{"name": "Act I", "chapters": [
                {"name": "Opening", "synopsis": "Meet the hero.", "subchapters": [
                    {"name": "Dawn", "synopsis": "Light."}
                ]},
                {"name": "Inciting Incident", "synopsis": "", "subchapters": []}
            ]}],
            "elements": [{"name": "Hero", "type": "character", "description": "Brave."}],
            "notes": [{"title": "Theme", "content": "Courage."}]
        })
    }

    fn tree_of(rows: Vec<EntityRow>) -> ManuscriptTree {
        let mut rows = rows.into_iter();
        let manuscript = rows.next().unwrap();
        let mut parts: Vec<(EntityKind, Vec<EntityRow>)> = super::super::MANUSCRIPT_PARTS
            .iter()
            .map(|k| (*k, Vec::new()))
            .collect();
        for row in rows {
            parts
                .iter_mut()
                .find(|(k, _)| *k == row.kind)
                .unwrap()
                .1
                .push(row);
        }
        ManuscriptTree { manuscript, parts }
    }

    fn new_manuscript() -> NewManuscript<'static> {
        NewManuscript {
            id: "MMMMMMMMMMMMMMMMMMMMMM",
            title: "My Novel",
            folder_id: None,
            order: 0.0,
            now: NOW,
        }
    }

    #[test]
    fn a_template_becomes_sections_chapters_scenes_elements_and_notes() {
        let mut ids = SequentialIds::default();
        let rows = from_template(
            &structure(),
            "TplThreeActStructure01",
            &new_manuscript(),
            &mut ids,
        );
        let kinds: Vec<EntityKind> = rows.iter().map(|r| r.kind).collect();
        assert_eq!(
            kinds,
            [
                EntityKind::Manuscript,
                EntityKind::Group,
                EntityKind::Chapter,
                EntityKind::Chapter,
                EntityKind::Chapter,
                EntityKind::Element,
                EntityKind::Note
            ]
        );
        assert_eq!(rows[0].name, "My Novel");
        assert_eq!(rows[1].doc["type"], "chapters");
        assert_eq!(rows[2].group_id.as_deref(), Some(rows[1].id.as_str()));
        assert_eq!(rows[3].chapter_id.as_deref(), Some(rows[2].id.as_str()));
        assert_eq!(
            rows[2].doc["meta"]["sections"][0]["content"],
            "Meet the hero."
        );
        assert!(
            rows[4].doc.get("meta").is_none(),
            "an empty synopsis adds no section"
        );
        assert!(
            rows[1..]
                .iter()
                .all(|r| r.manuscript_id.as_deref() == Some("MMMMMMMMMMMMMMMMMMMMMM"))
        );
        assert_eq!(rows[6].doc["content"], "Courage.");
    }

    #[test]
    fn a_saved_template_reads_back_as_the_structure_it_came_from() {
        let rows = from_template(
            &structure(),
            "t",
            &new_manuscript(),
            &mut SequentialIds::default(),
        );
        let saved = to_template(&tree_of(rows));
        assert_eq!(saved["groups"], structure()["groups"]);
        assert_eq!(saved["elements"], structure()["elements"]);
        assert_eq!(saved["notes"], structure()["notes"]);
    }

    #[test]
    fn a_copy_renews_every_id_and_keeps_every_reference_inside_the_copy() {
        let mut ids = SequentialIds::default();
        let mut rows = from_template(&structure(), "t", &new_manuscript(), &mut ids);
        let last_chapter = rows[2].id.clone();
        rows[0].doc.insert(
            "settings".into(),
            json!({"shared": [1], "share_link_hash": "h", "last_active_chapter": last_chapter}),
        );
        rows[0].order = 3.0;
        let original = tree_of(rows.clone());
        let Copy {
            rows: copy,
            chapters,
        } = copy(
            &original,
            "CCCCCCCCCCCCCCCCCCCCCC",
            "Copy of My Novel",
            NOW + 1,
            &mut ids,
        );
        assert_eq!(copy.len(), rows.len());
        let originals: Vec<&EntityRow> = rows
            .iter()
            .filter(|r| r.kind == EntityKind::Chapter)
            .collect();
        assert_eq!(chapters.len(), originals.len());
        for (source, copied) in &chapters {
            let original = originals.iter().find(|r| &r.id == source).unwrap();
            let new = copy.iter().find(|r| &r.id == copied).unwrap();
            assert_eq!((new.kind, &new.name), (EntityKind::Chapter, &original.name));
        }
        assert_eq!(copy[0].id, "CCCCCCCCCCCCCCCCCCCCCC");
        assert_eq!(copy[0].name, "Copy of My Novel");
        assert_eq!(copy[0].order, 3.1);
        let settings = &copy[0].doc["settings"];
        assert!(settings.get("shared").is_none() && settings.get("share_link_hash").is_none());
        let copied_ids: Vec<&str> = copy.iter().map(|r| r.id.as_str()).collect();
        assert!(rows.iter().all(|r| !copied_ids.contains(&r.id.as_str())));
        assert!(copied_ids.contains(&settings["last_active_chapter"].as_str().unwrap()));
        for row in &copy[1..] {
            assert_eq!(row.manuscript_id.as_deref(), Some("CCCCCCCCCCCCCCCCCCCCCC"));
            for reference in references(row) {
                assert!(
                    copied_ids.contains(&reference),
                    "{reference} points outside the copy"
                );
            }
        }
        let subchapter = copy.iter().position(|r| r.chapter_id.is_some()).unwrap();
        let parent = copy
            .iter()
            .position(|r| Some(r.id.as_str()) == copy[subchapter].chapter_id.as_deref())
            .unwrap();
        assert!(
            parent < subchapter,
            "a parent chapter is written before its subchapter"
        );
    }
}
