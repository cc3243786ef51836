//! A manuscript's chapters in reading order, as the binder shows them: sections (groups of
//! type `chapters`), outlines and chapters sorted together at each level by order, creation
//! time and id; a chapter inside its section or outline; subchapters one level under a
//! top-level chapter. A row whose parent is missing is read one level up.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use super::kind::EntityKind;
use super::row::{EntityRow, ManuscriptTree};

/// A top-level chapter with its subchapters, each list in reading order.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadChapter<'a> {
    pub chapter: &'a EntityRow,
    pub subchapters: Vec<&'a EntityRow>,
}

/// The binder's order of siblings: order, then creation time, then id.
pub fn compare_rows(a: &EntityRow, b: &EntityRow) -> Ordering {
    a.order
        .total_cmp(&b.order)
        .then(a.created_at.cmp(&b.created_at))
        .then_with(|| a.id.cmp(&b.id))
}

/// The live chapters of `tree` in reading order.
pub fn reading_order(tree: &ManuscriptTree) -> Vec<ReadChapter<'_>> {
    let live = |kind: EntityKind| -> Vec<&EntityRow> {
        tree.parts
            .iter()
            .filter(|(k, _)| *k == kind)
            .flat_map(|(_, rows)| rows.iter())
            .filter(|r| r.deleted_at.is_none())
            .collect()
    };
    let sections: Vec<&EntityRow> = live(EntityKind::Group)
        .into_iter()
        .filter(|g| g.doc.get("type").and_then(|t| t.as_str()) != Some("elements"))
        .collect();
    let outlines = live(EntityKind::Outline);
    let chapters = live(EntityKind::Chapter);
    let section_ids: HashSet<&str> = sections.iter().map(|r| r.id.as_str()).collect();
    let outline_ids: HashSet<&str> = outlines.iter().map(|r| r.id.as_str()).collect();
    let chapter_ids: HashSet<&str> = chapters.iter().map(|r| r.id.as_str()).collect();
    let is_top = |c: &EntityRow| match c.chapter_id.as_deref() {
        Some(parent) => parent == c.id || !chapter_ids.contains(parent),
        None => true,
    };
    let top_ids: HashSet<&str> = chapters
        .iter()
        .filter(|c| is_top(c))
        .map(|c| c.id.as_str())
        .collect();

    // Children by parent key ("" is the top level); a key is "<kind>:<id>".
    let mut children: HashMap<String, Vec<&EntityRow>> = HashMap::new();
    for section in &sections {
        children.entry(String::new()).or_default().push(section);
    }
    for outline in &outlines {
        let key = match outline.group_id.as_deref() {
            Some(g) if section_ids.contains(g) => format!("group:{g}"),
            _ => String::new(),
        };
        children.entry(key).or_default().push(outline);
    }
    for chapter in &chapters {
        let key = match (
            chapter.chapter_id.as_deref(),
            chapter.outline_id.as_deref(),
            chapter.group_id.as_deref(),
        ) {
            (Some(p), _, _) if p != chapter.id && top_ids.contains(p) => format!("chapter:{p}"),
            (_, Some(o), _) if outline_ids.contains(o) => format!("outline:{o}"),
            (_, _, Some(g)) if section_ids.contains(g) => format!("group:{g}"),
            _ => String::new(),
        };
        children.entry(key).or_default().push(chapter);
    }
    for list in children.values_mut() {
        list.sort_by(|a, b| compare_rows(a, b));
    }

    let mut out = Vec::new();
    let mut stack: Vec<&EntityRow> = children.get("").cloned().unwrap_or_default();
    stack.reverse();
    while let Some(row) = stack.pop() {
        let key = format!("{}:{}", kind_key(row.kind), row.id);
        if row.kind == EntityKind::Chapter {
            out.push(ReadChapter {
                chapter: row,
                subchapters: children.get(&key).cloned().unwrap_or_default(),
            });
        } else if let Some(list) = children.get(&key) {
            stack.extend(list.iter().rev());
        }
    }
    out
}

fn kind_key(kind: EntityKind) -> &'static str {
    match kind {
        EntityKind::Group => "group",
        EntityKind::Outline => "outline",
        _ => "chapter",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn row(kind: EntityKind, id: &str, order: f64) -> EntityRow {
        EntityRow {
            order,
            manuscript_id: Some("m".into()),
            ..EntityRow::new(kind, id, "u", 1)
        }
    }

    fn chapter(id: &str, order: f64, place: (&str, &str, &str)) -> EntityRow {
        let some = |s: &str| (!s.is_empty()).then(|| s.to_owned());
        EntityRow {
            chapter_id: some(place.0),
            outline_id: some(place.1),
            group_id: some(place.2),
            ..row(EntityKind::Chapter, id, order)
        }
    }

    fn tree(parts: Vec<(EntityKind, Vec<EntityRow>)>) -> ManuscriptTree {
        ManuscriptTree {
            manuscript: row(EntityKind::Manuscript, "m", 0.0),
            parts,
        }
    }

    fn order(tree: &ManuscriptTree) -> Vec<String> {
        reading_order(tree)
            .into_iter()
            .map(|c| {
                let subs: Vec<&str> = c.subchapters.iter().map(|s| s.id.as_str()).collect();
                if subs.is_empty() {
                    c.chapter.id.clone()
                } else {
                    format!("{}[{}]", c.chapter.id, subs.join(","))
                }
            })
            .collect()
    }

    #[test]
    fn sections_outlines_and_chapters_read_depth_first_in_binder_order() {
        let mut part = row(EntityKind::Group, "part", 1.0);
        part.doc.insert("type".into(), json!("chapters"));
        let mut cast = row(EntityKind::Group, "cast", 0.0);
        cast.doc.insert("type".into(), json!("elements"));
        let mut plan = row(EntityKind::Outline, "plan", 0.0);
        plan.group_id = Some("part".into());
        let mut gone = chapter("gone", 0.5, ("", "", ""));
        gone.deleted_at = Some(9);
        let tree = tree(vec![
            (EntityKind::Group, vec![part, cast]),
            (EntityKind::Outline, vec![plan]),
            (
                EntityKind::Chapter,
                vec![
                    chapter("late", 2.0, ("", "", "")),
                    chapter("first", 0.0, ("", "", "")),
                    chapter("inPart", 1.0, ("", "", "part")),
                    chapter("inPlan", 0.0, ("", "plan", "part")),
                    chapter("sub2", 1.0, ("first", "", "")),
                    chapter("sub1", 0.0, ("first", "", "")),
                    chapter("orphan", 3.0, ("missing", "", "")),
                    gone,
                ],
            ),
        ]);
        assert_eq!(
            order(&tree),
            ["first[sub1,sub2]", "inPlan", "inPart", "late", "orphan"]
        );
    }

    #[test]
    fn equal_orders_fall_back_to_creation_time_then_id() {
        let mut b = chapter("b", 0.0, ("", "", ""));
        b.created_at = 0;
        let tree = tree(vec![(
            EntityKind::Chapter,
            vec![
                chapter("c", 0.0, ("", "", "")),
                chapter("a", 0.0, ("", "", "")),
                b,
            ],
        )]);
        assert_eq!(order(&tree), ["b", "a", "c"]);
    }
}
