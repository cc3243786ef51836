//! The chapter tree of a manuscript: the first chapter, the chapter added
//! when none is left, and promote and demote. The tree has two levels: a chapter, whose
//! `chapter_id` is empty, and a subchapter (a scene when the user says so) under a chapter.
//! Chapters sit in a group or an outline, or at the top of the manuscript.
//!
//! Promote and demote take one manuscript's chapter rows and answer the rows whose place
//! changed; both sibling lists they touch are renumbered from zero.

use crate::Id;
use crate::time::EpochMs;

use super::RuleError;
use super::text::ChapterName;

/// The name of the one chapter a new blank manuscript starts with; templates bring their own
/// chapters.
pub const FIRST_CHAPTER_NAME: &str = "Chapter 1";
/// The name of the chapter added when a manuscript has lost all its chapters.
pub const UNTITLED_CHAPTER_NAME: &str = "Untitled Chapter";

/// A chapter row as the structure rules see it.
#[derive(Debug, Clone, PartialEq)]
pub struct ChapterNode {
    pub id: Id,
    /// The group or outline the chapter sits in; `None` at the top of the manuscript. A
    /// subchapter carries its parent's.
    pub container_id: Option<Id>,
    /// The parent chapter of a subchapter; `None` for a chapter.
    pub chapter_id: Option<Id>,
    pub order: f64,
    pub deleted_at: Option<EpochMs>,
}

/// A chapter's new place after a promote or demote.
#[derive(Debug, Clone, PartialEq)]
pub struct ChapterPlacement {
    pub id: Id,
    pub container_id: Option<Id>,
    pub chapter_id: Option<Id>,
    pub order: f64,
}

/// A chapter to create at the top of the manuscript.
#[derive(Debug, Clone, PartialEq)]
pub struct NewChapter {
    pub name: ChapterName,
    pub order: f64,
}

fn new_top_chapter(name: &str) -> NewChapter {
    NewChapter {
        name: ChapterName::parse(name).expect("a constant, valid chapter name"),
        order: 0.0,
    }
}

/// The one chapter a new blank manuscript gets: 'Chapter 1', first in order.
pub fn first_chapter() -> NewChapter {
    new_top_chapter(FIRST_CHAPTER_NAME)
}

/// 'Untitled Chapter' when `chapters` (one manuscript's) holds no live chapter; `None` while one
/// is left. Subchapters do not count: a live one under a deleted chapter is not reachable.
pub fn chapter_to_add_when_empty(chapters: &[ChapterNode]) -> Option<NewChapter> {
    let any_left = chapters
        .iter()
        .any(|c| c.deleted_at.is_none() && c.chapter_id.is_none());
    (!any_left).then(|| new_top_chapter(UNTITLED_CHAPTER_NAME))
}

/// Promotes subchapter `id` to a chapter: it becomes a sibling of its parent, placed right after
/// it. Refused with `not_found` (missing or deleted), `not_a_subchapter`, or
/// `parent_chapter_does_not_exist` when the parent row is missing.
pub fn promote(chapters: &[ChapterNode], id: &Id) -> Result<Vec<ChapterPlacement>, RuleError> {
    let at = live_index(chapters, id).ok_or(RuleError::NotFound)?;
    let parent_id = chapters[at]
        .chapter_id
        .clone()
        .ok_or(RuleError::NotASubchapter)?;
    let parent = chapters
        .iter()
        .find(|c| c.id == parent_id)
        .ok_or(RuleError::ParentChapterDoesNotExist)?;

    let mut next = chapters.to_vec();
    let mut old_siblings = siblings(chapters, &parent.container_id, &Some(parent_id.clone()));
    old_siblings.retain(|&i| i != at);
    number(&mut next, &old_siblings);

    let mut new_siblings = siblings(chapters, &parent.container_id, &None);
    let after = new_siblings
        .iter()
        .position(|&i| chapters[i].id == parent_id)
        .map_or(new_siblings.len(), |p| p + 1);
    new_siblings.insert(after, at);
    next[at].chapter_id = None;
    next[at].container_id = parent.container_id.clone();
    number(&mut next, &new_siblings);
    Ok(changes(chapters, &next))
}

/// Demotes chapter `id` to a subchapter: the last child of `target`, or of the chapter just
/// before it when `target` is `None`. Its own subchapters follow it under the new parent, so
/// the tree keeps two levels. Refused with `not_found`, `not_a_chapter` (already a subchapter),
/// `parent_is_self`, `parent_chapter_does_not_exist` (no chapter before it, or `target` missing
/// or deleted) and `parent_is_subchapter`.
pub fn demote(
    chapters: &[ChapterNode],
    id: &Id,
    target: Option<&Id>,
) -> Result<Vec<ChapterPlacement>, RuleError> {
    let at = live_index(chapters, id).ok_or(RuleError::NotFound)?;
    let chapter = &chapters[at];
    if chapter.chapter_id.is_some() {
        return Err(RuleError::NotAChapter);
    }
    let mut old_siblings = siblings(chapters, &chapter.container_id, &None);
    old_siblings.retain(|&i| i != at);
    let parent_at = match target {
        Some(target) if target == id => return Err(RuleError::ParentIsSelf),
        Some(target) => live_index(chapters, target).ok_or(RuleError::ParentChapterDoesNotExist)?,
        None => {
            let row = siblings(chapters, &chapter.container_id, &None);
            let position = row.iter().position(|&i| i == at);
            let previous = position.and_then(|p| p.checked_sub(1));
            previous
                .map(|p| row[p])
                .ok_or(RuleError::ParentChapterDoesNotExist)?
        }
    };
    let parent = &chapters[parent_at];
    if parent.chapter_id.is_some() {
        return Err(RuleError::ParentIsSubchapter);
    }

    let mut next = chapters.to_vec();
    number(&mut next, &old_siblings);

    // The parent's live children, then the chapter, then every child of the chapter (trashed
    // ones too, so none is left three levels down).
    let mut children = siblings(chapters, &parent.container_id, &Some(parent.id.clone()));
    children.push(at);
    let mut own: Vec<usize> = (0..chapters.len())
        .filter(|&i| chapters[i].chapter_id.as_ref() == Some(id))
        .collect();
    own.sort_by(|&a, &b| cmp(&chapters[a], &chapters[b]));
    children.extend(own);
    for &i in &children {
        next[i].chapter_id = Some(parent.id.clone());
        next[i].container_id = parent.container_id.clone();
    }
    number(&mut next, &children);
    Ok(changes(chapters, &next))
}

fn live_index(chapters: &[ChapterNode], id: &Id) -> Option<usize> {
    chapters
        .iter()
        .position(|c| &c.id == id && c.deleted_at.is_none())
}

fn cmp(a: &ChapterNode, b: &ChapterNode) -> std::cmp::Ordering {
    a.order.total_cmp(&b.order).then_with(|| a.id.cmp(&b.id))
}

/// Indices of the live rows under (`container_id`, `chapter_id`), in order. Subchapters are
/// found by their parent alone.
fn siblings(
    chapters: &[ChapterNode],
    container_id: &Option<Id>,
    chapter_id: &Option<Id>,
) -> Vec<usize> {
    let mut found: Vec<usize> = (0..chapters.len())
        .filter(|&i| {
            let c = &chapters[i];
            c.deleted_at.is_none()
                && &c.chapter_id == chapter_id
                && (chapter_id.is_some() || &c.container_id == container_id)
        })
        .collect();
    found.sort_by(|&a, &b| cmp(&chapters[a], &chapters[b]));
    found
}

/// Gives the rows at `indices` the orders 0, 1, 2 … in that sequence.
fn number(next: &mut [ChapterNode], indices: &[usize]) {
    for (rank, &i) in indices.iter().enumerate() {
        next[i].order = rank as f64;
    }
}

fn changes(before: &[ChapterNode], after: &[ChapterNode]) -> Vec<ChapterPlacement> {
    before
        .iter()
        .zip(after)
        .filter(|(b, a)| b != a)
        .map(|(_, a)| ChapterPlacement {
            id: a.id.clone(),
            container_id: a.container_id.clone(),
            chapter_id: a.chapter_id.clone(),
            order: a.order,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::test_id;

    fn chapter(id: &str, parent: Option<&str>, order: f64) -> ChapterNode {
        ChapterNode {
            id: test_id(id),
            container_id: Some(test_id("group")),
            chapter_id: parent.map(test_id),
            order,
            deleted_at: None,
        }
    }

    /// Chapters A, B, C in a group; A holds a1, a2; B holds b1.
    fn book() -> Vec<ChapterNode> {
        vec![
            chapter("A", None, 0.0),
            chapter("B", None, 1.0),
            chapter("C", None, 2.0),
            chapter("a1", Some("A"), 0.0),
            chapter("a2", Some("A"), 1.0),
            chapter("b1", Some("B"), 0.0),
        ]
    }

    fn placed(p: &[ChapterPlacement], id: &str) -> (Option<Id>, f64) {
        let p = p.iter().find(|p| p.id == test_id(id)).expect("placed");
        (p.chapter_id.clone(), p.order)
    }

    #[test]
    fn a_new_manuscript_starts_with_chapter_1() {
        let first = first_chapter();
        assert_eq!(first.name.as_str(), "Chapter 1");
        assert_eq!(first.order, 0.0);
    }

    #[test]
    fn an_untitled_chapter_is_added_when_no_live_chapter_is_left() {
        let mut chapters = book();
        assert_eq!(chapter_to_add_when_empty(&chapters), None);
        for c in chapters.iter_mut().filter(|c| c.chapter_id.is_none()) {
            c.deleted_at = Some(1);
        }
        let added = chapter_to_add_when_empty(&chapters).unwrap();
        assert_eq!(added.name.as_str(), "Untitled Chapter");
        assert!(chapter_to_add_when_empty(&[]).is_some());
    }

    #[test]
    fn a_promoted_subchapter_lands_right_after_its_parent_and_both_lists_are_renumbered() {
        let p = promote(&book(), &test_id("a1")).unwrap();
        assert_eq!(placed(&p, "a1"), (None, 1.0));
        assert_eq!(placed(&p, "B"), (None, 2.0));
        assert_eq!(placed(&p, "C"), (None, 3.0));
        assert_eq!(placed(&p, "a2"), (Some(test_id("A")), 0.0));
        assert!(p.iter().all(|p| p.id != test_id("A")), "A did not move");
        let a1 = p.iter().find(|p| p.id == test_id("a1")).unwrap();
        assert_eq!(a1.container_id, Some(test_id("group")));
    }

    #[test]
    fn promoting_a_chapter_is_refused() {
        assert_eq!(
            promote(&book(), &test_id("B")),
            Err(RuleError::NotASubchapter)
        );
        assert_eq!(promote(&book(), &test_id("nope")), Err(RuleError::NotFound));
    }

    #[test]
    fn a_demoted_chapter_becomes_the_last_child_of_the_chapter_before_it() {
        let p = demote(&book(), &test_id("C"), None).unwrap();
        assert_eq!(placed(&p, "C"), (Some(test_id("B")), 1.0));
        assert_eq!(p.len(), 1, "{p:?}");
    }

    #[test]
    fn a_demoted_chapter_takes_its_subchapters_along_under_a_named_target() {
        let p = demote(&book(), &test_id("B"), Some(&test_id("C"))).unwrap();
        assert_eq!(placed(&p, "B"), (Some(test_id("C")), 0.0));
        assert_eq!(placed(&p, "b1"), (Some(test_id("C")), 1.0));
        assert_eq!(placed(&p, "C"), (None, 1.0));
    }

    #[test]
    fn demoting_under_a_subchapter_is_parent_is_subchapter() {
        assert_eq!(
            demote(&book(), &test_id("C"), Some(&test_id("a1"))),
            Err(RuleError::ParentIsSubchapter)
        );
    }

    #[test]
    fn demoting_without_a_chapter_to_go_under_is_parent_chapter_does_not_exist() {
        assert_eq!(
            demote(&book(), &test_id("A"), None),
            Err(RuleError::ParentChapterDoesNotExist)
        );
        let mut chapters = book();
        chapters[2].deleted_at = Some(1);
        assert_eq!(
            demote(&chapters, &test_id("B"), Some(&test_id("C"))),
            Err(RuleError::ParentChapterDoesNotExist)
        );
    }

    #[test]
    fn demoting_a_subchapter_or_a_chapter_under_itself_is_refused() {
        assert_eq!(
            demote(&book(), &test_id("a2"), None),
            Err(RuleError::NotAChapter)
        );
        assert_eq!(
            demote(&book(), &test_id("B"), Some(&test_id("B"))),
            Err(RuleError::ParentIsSelf)
        );
    }
}
