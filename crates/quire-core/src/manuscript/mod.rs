//! Manuscripts and what they hold: titles and names, the order of items, the trash, the chapter
//! tree, word counts (of plain text and of chapter HTML), writing sessions, goals, day totals
//! and lifetime figures, to-dos and the element data migrations.
//!
//! Every rule here is a pure function over values the caller loaded: it answers what should
//! change (new orders, new parents, which rows get `deleted_at`) and the store or the client
//! applies it. Nothing here reads a clock, a database or the network; the current time is always
//! a parameter. Refusals are snake_case codes: [`FieldCode`] for an input field,
//! [`RuleError`] for an operation.

mod calendar;
mod containers;
mod elements;
mod folders;
mod goals;
mod html;
pub mod kind;
mod lifetime;
mod mention_names;
mod order;
mod reading;
mod row;
mod sessions;
mod share;
mod stats;
mod structure;
mod text;
mod todo;
mod trash;
pub mod trees;
mod words;

pub use crate::account::FieldCode;
pub use calendar::{DAY_MS, Date, HOUR_MS, MINUTE_MS, MINUTES_PER_DAY, Weekday};
pub use containers::{ContainerDeletion, DeleteMode, Move, delete_container};
pub use elements::{
    CUSTOM_ELEMENT_TYPE_ID_MAX, Nickname, SECTION_ID_PREFIX, migrate_nicknames,
    new_custom_element_type_id, new_section_id,
};
pub use folders::move_folder;
pub use goals::daily_goal;
pub use html::{FOOTNOTES_SECTION, HtmlBlock, html_blocks, html_to_text};
pub use kind::{EntityKind, InManuscript, Parent};
pub use lifetime::{
    HourWords, LifetimeStats, MinuteFigures, SessionSpan, WordFigures, WriterZone, lifetime_stats,
};
pub use mention_names::MentionNames;
pub use order::{
    DUPLICATE_ORDER_OFFSET, MOVED_UP_ORDER_OFFSET, Node, Ordered, RESEARCH_ORDER_START,
    append_order, duplicate_order, next_research_order, renumber,
};
pub use reading::{ReadChapter, compare_rows, reading_order};
pub use row::{EntityRow, MANUSCRIPT_PARTS, ManuscriptTree};
pub use sessions::{SESSION_GAP_MS, Session, SessionChange, record_writing};
pub use share::SharePermission;
pub use stats::{DayRange, DayTotal, MAX_RANGE_DAYS, daily_totals};
pub use structure::{
    ChapterNode, ChapterPlacement, FIRST_CHAPTER_NAME, NewChapter, UNTITLED_CHAPTER_NAME,
    chapter_to_add_when_empty, demote, first_chapter, promote,
};
pub use text::{COPY_PREFIX, ChapterName, TITLE_MAX, Title};
pub use todo::{DueDate, Priority, Todo, TodoScope, TodoStatus, parse_due_date};
pub use trash::{
    StashDeletion, TRASH_DAYS, days_left, delete_stash, hard_delete, is_purgeable, soft_delete,
    undelete,
};
pub use words::{clamp_words, count_words, hour_bucket};

/// Why an operation on manuscript data is refused. `code()` is one of the server codes clients
/// already translate (`not_found`, `was_not_deleted` …) or, where none fits, a new snake_case
/// code in the same style.
///
/// The three trash codes each belong to one operation: `was_not_deleted` answers a delete that
/// found the item already in the trash, `was_not_undeleted` an undelete of an item that is not
/// in the trash, and `is_not_deleted` a hard delete of an item that was never put in the trash.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The item (or the folder to move into) does not exist or is in the trash.
    #[error("not_found")]
    NotFound,
    /// Delete of an item that is already deleted.
    #[error("was_not_deleted")]
    WasNotDeleted,
    /// Undelete of an item that is not deleted.
    #[error("was_not_undeleted")]
    WasNotUndeleted,
    /// Hard delete of an item that is not in the trash: items leave for good only from there.
    #[error("is_not_deleted")]
    IsNotDeleted,
    /// Demote without a chapter to go under, or under one that does not exist.
    #[error("parent_chapter_does_not_exist")]
    ParentChapterDoesNotExist,
    /// Demote under a subchapter: the tree has two levels, chapter and subchapter.
    #[error("parent_is_subchapter")]
    ParentIsSubchapter,
    /// Demote of a chapter under itself.
    #[error("parent_is_self")]
    ParentIsSelf,
    /// Promote of a top-level chapter.
    #[error("not_a_subchapter")]
    NotASubchapter,
    /// Demote of a subchapter (it is already one level down).
    #[error("not_a_chapter")]
    NotAChapter,
    /// A folder move into itself or into one of its own subfolders.
    #[error("folder_cycle")]
    FolderCycle,
}

impl RuleError {
    /// The snake_case code sent as `data` in a refused answer.
    pub fn code(self) -> &'static str {
        match self {
            RuleError::NotFound => "not_found",
            RuleError::WasNotDeleted => "was_not_deleted",
            RuleError::WasNotUndeleted => "was_not_undeleted",
            RuleError::IsNotDeleted => "is_not_deleted",
            RuleError::ParentChapterDoesNotExist => "parent_chapter_does_not_exist",
            RuleError::ParentIsSubchapter => "parent_is_subchapter",
            RuleError::ParentIsSelf => "parent_is_self",
            RuleError::NotASubchapter => "not_a_subchapter",
            RuleError::NotAChapter => "not_a_chapter",
            RuleError::FolderCycle => "folder_cycle",
        }
    }
}

/// A well-formed [`crate::Id`] made from a short readable name, for tests: `test_id("c1")`.
#[cfg(test)]
pub(crate) fn test_id(name: &str) -> crate::Id {
    crate::Id::parse(&format!("{name:0<22}")).expect("a short alphanumeric name")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_error_displays_as_its_code() {
        for e in [
            RuleError::NotFound,
            RuleError::WasNotDeleted,
            RuleError::WasNotUndeleted,
            RuleError::IsNotDeleted,
            RuleError::ParentChapterDoesNotExist,
            RuleError::ParentIsSubchapter,
            RuleError::ParentIsSelf,
            RuleError::NotASubchapter,
            RuleError::NotAChapter,
            RuleError::FolderCycle,
        ] {
            assert_eq!(e.to_string(), e.code());
        }
    }
}
