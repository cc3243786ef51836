//! The entity object on the wire (ADR 0007, ADR 0020): one type per kind of row, each the
//! row's columns merged with the kind's document.
//!
//! For every kind there are two types. `<Kind>Fields` is what a client may send: every field
//! optional (a put gives the rest their defaults, an update changes only what it names), the
//! kind's known document keys typed, and every key the server does not know kept as sent in
//! `rest`. `<Kind>` is what the server answers: the row's [`RowColumns`], always present, with
//! the kind's fields. The server accepts a key of a request body only when the kind's
//! `Fields` type parses it, so these types are the contract and the checks in one place.
//!
//! [`EntityObjects`] lists every kind by its path segment: the web app's kind list and its
//! validators are generated from it (through the OpenAPI document).
//!
//! Rules a type cannot say (an id's alphabet, a name's length, a due date's form, a time that
//! is not negative) are checked by the server after parsing.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// The columns every row has, as the server answers them. Ignored on input: `user_id`,
/// `synced_at`, `deleted_at`, `days_left` (the server sets them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RowColumns {
    /// 22 characters `[A-Za-z0-9_-]`, made by the client or the server.
    pub id: String,
    /// The owner (of a shared manuscript's rows: the manuscript's owner).
    pub user_id: String,
    /// The row's place among its siblings (a float: the +0.1 and +99999 offsets).
    #[serde(rename = "_order")]
    pub order: f64,
    /// Epoch milliseconds.
    pub created_at: i64,
    /// Epoch milliseconds: the client clock corrected by its server-time offset.
    pub updated_at: i64,
    #[schema(required = true)]
    pub synced_at: Option<i64>,
    /// When the row went into the trash; `null` for a live row.
    #[schema(required = true)]
    pub deleted_at: Option<i64>,
    /// The device that wrote the row last.
    pub last_synced_device_id: String,
    /// For a row in the trash: whole days until it is purged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub days_left: Option<i64>,
}

/// The row columns a client may send with any kind; each optional, `null` meaning absent.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct RowInput {
    /// The row's id again; when given it must be the path's.
    pub id: Option<String>,
    #[serde(rename = "_order")]
    pub order: Option<f64>,
    /// Epoch milliseconds, not negative; a time ahead of the server is taken as its now.
    pub created_at: Option<i64>,
    /// Epoch milliseconds, not negative; required by an update.
    pub updated_at: Option<i64>,
    /// At most 128 characters; the `X-Device-Id` header when absent.
    pub last_synced_device_id: Option<String>,
}

/// The document keys every kind may carry; each optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct CommonDoc {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub meta: Option<Map<String, Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub settings: Option<Map<String, Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub goals: Option<Map<String, Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub stats: Option<Map<String, Value>>,
    /// HTML (a chapter's text, a note's body, a stash).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub comments: Option<Vec<Value>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<Object>>)]
    pub footnotes: Option<Vec<Value>>,
}

/// A to-do's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TodoStatus {
    Pending,
    Done,
}

/// A to-do's priority.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TodoPriority {
    High,
    Medium,
    Low,
}

/// Declares a kind's two types: `$fields`, what a client may send, and `$answer`, the row as
/// the server answers it. Each field of `$fields` is optional and `null` means absent.
macro_rules! entity {
    (
        $(#[$doc:meta])*
        $answer:ident, $fields:ident {
            $( $(#[$field_doc:meta])* $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        /// What a client may send of this kind: every field optional, `null` meaning absent;
        /// the row columns it may send are `RowInput`'s.
        #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
        #[serde(default)]
        pub struct $fields {
            $(
                $(#[$field_doc])*
                #[serde(skip_serializing_if = "Option::is_none")]
                pub $field: Option<$ty>,
            )*
            #[serde(flatten)]
            pub doc: CommonDoc,
            /// Keys the server does not know, kept as sent.
            #[serde(flatten)]
            #[schema(value_type = Object)]
            pub rest: Map<String, Value>,
        }

        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
        pub struct $answer {
            #[serde(flatten)]
            pub row: RowColumns,
            #[serde(flatten)]
            pub fields: $fields,
        }
    };
}

entity! {
    /// A folder on the manuscripts list.
    Folder, FolderFields {
        /// The parent folder; `null` (or `""`) for the root.
        folder_id: String,
        /// At most 255 characters.
        name: String,
        cover: String,
    }
}

entity! {
    /// A manuscript's own row (its parts come in arrays of their own).
    Manuscript, ManuscriptFields {
        /// The folder it sits in; `null` (or `""`) for the root.
        folder_id: String,
        /// At most 255 characters.
        title: String,
        protected: bool,
    }
}

entity! {
    /// A group of a manuscript (a Section when its type is `chapters`).
    Group, GroupFields {
        manuscript_id: String,
        /// At most 255 characters.
        name: String,
    }
}

entity! {
    /// An outline of a manuscript.
    Outline, OutlineFields {
        manuscript_id: String,
        group_id: String,
        /// At most 255 characters.
        name: String,
    }
}

entity! {
    /// A chapter, or with `chapter_id` a subchapter.
    Chapter, ChapterFields {
        manuscript_id: String,
        group_id: String,
        outline_id: String,
        /// The parent chapter of a subchapter.
        chapter_id: String,
        /// Required on a put; at most 255 characters.
        name: String,
    }
}

entity! {
    /// A chapter's text, kept apart from the chapter's row.
    ChapterContent, ChapterContentFields {
        manuscript_id: String,
        chapter_id: String,
        /// Counted by the server from `content`; a client's count is not kept.
        words: f64,
        cursor_position: f64,
    }
}

entity! {
    /// A snapshot of a chapter's content.
    ChapterVersion, ChapterVersionFields {
        manuscript_id: String,
        chapter_id: String,
        /// At most 255 characters.
        name: String,
        words: f64,
        /// Made by the server (before a restore), not named by the writer.
        automatic: bool,
    }
}

entity! {
    /// A story element (character, place, …).
    Element, ElementFields {
        manuscript_id: String,
        group_id: String,
        /// At most 255 characters.
        name: String,
    }
}

entity! {
    /// A note of a manuscript, or with no `manuscript_id` a Quick Note.
    Note, NoteFields {
        manuscript_id: String,
        /// At most 255 characters.
        title: String,
    }
}

entity! {
    /// A research item.
    Research, ResearchFields {
        manuscript_id: String,
        /// At most 255 characters.
        name: String,
        description: String,
        #[schema(value_type = Option<Vec<Object>>)]
        items: Vec<Value>,
        cover: String,
    }
}

entity! {
    /// Text put aside from a chapter.
    Stash, StashFields {
        manuscript_id: String,
        chapter_id: String,
        enabled: bool,
    }
}

entity! {
    /// A to-do of a chapter, of a manuscript, or with no `manuscript_id` of the writer.
    Todo, TodoFields {
        manuscript_id: String,
        chapter_id: String,
        /// At most 255 characters.
        title: String,
        description: String,
        status: TodoStatus,
        priority: TodoPriority,
        /// An ISO 8601 instant; stored as UTC (`2026-11-22T08:00:00.000Z`).
        due_date: String,
        #[schema(value_type = Option<Vec<Object>>)]
        notes: Vec<Value>,
        global: bool,
    }
}

entity! {
    /// A plot board.
    Plotboard, PlotboardFields {
        manuscript_id: String,
        /// At most 255 characters.
        name: String,
    }
}

entity! {
    /// A board of relationships between elements.
    RelationshipBoard, RelationshipBoardFields {
        manuscript_id: String,
        /// At most 255 characters.
        name: String,
    }
}

entity! {
    /// The words written in a manuscript in one hour.
    WordCount, WordCountFields {
        manuscript_id: String,
        /// The hour (epoch ms): any instant of it on input, the hour's start on output;
        /// required on a put, never changed by an update.
        date: i64,
        /// Never below 0.
        words: f64,
        cursor_position: f64,
    }
}

entity! {
    /// A stretch of writing in a manuscript.
    WritingSession, WritingSessionFields {
        manuscript_id: String,
        /// Never below 0.
        words: f64,
        /// Epoch milliseconds.
        start: f64,
        /// Epoch milliseconds.
        end: f64,
    }
}

entity! {
    /// A file a writer uploaded (made by `POST uploads/`, answered with its `url`).
    Upload, UploadFields {
        manuscript_id: String,
        name: String,
    }
}

/// A manuscript with its rows, one array per part (`GET manuscripts/{id}`, a copy, a
/// manuscript made from a template). A part with no array was not asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct ManuscriptTree {
    #[serde(flatten)]
    pub manuscript: Manuscript,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<Group>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outlines: Option<Vec<Outline>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chapters: Option<Vec<Chapter>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elements: Option<Vec<Element>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<Vec<Note>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub researches: Option<Vec<Research>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stashes: Option<Vec<Stash>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_dos: Option<Vec<Todo>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plotboards: Option<Vec<Plotboard>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub element_relationship_boards: Option<Vec<RelationshipBoard>>,
}

/// Every kind a client syncs row by row, each under its path segment with its wire object.
/// Not an answer of any call: the one list of kinds that the web app's kind list and
/// validators are generated from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct EntityObjects {
    pub folders: Folder,
    pub manuscripts: Manuscript,
    pub groups: Group,
    pub outlines: Outline,
    pub chapters: Chapter,
    pub elements: Element,
    pub notes: Note,
    pub researches: Research,
    pub stashes: Stash,
    pub to_dos: Todo,
    pub plotboards: Plotboard,
    pub element_relationship_boards: RelationshipBoard,
    pub chapter_contents: ChapterContent,
    pub stats_word_counts: WordCount,
    pub writing_sessions: WritingSession,
    pub chapter_versions: ChapterVersion,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_body_keeps_the_keys_its_kind_does_not_know() {
        let fields: TodoFields = serde_json::from_value(json!({
            "title": "Call", "status": "done", "meta": {"a": 1}, "colour": "red"
        }))
        .unwrap();
        assert_eq!(fields.title.as_deref(), Some("Call"));
        assert_eq!(fields.status, Some(TodoStatus::Done));
        assert_eq!(fields.doc.meta, json!({"a": 1}).as_object().cloned());
        assert_eq!(fields.rest["colour"], "red");
    }

    #[test]
    fn a_known_key_of_the_wrong_type_is_refused_and_null_is_absent() {
        assert!(serde_json::from_value::<TodoFields>(json!({"priority": "urgent"})).is_err());
        assert!(serde_json::from_value::<FolderFields>(json!({"meta": "text"})).is_err());
        assert!(serde_json::from_value::<WordCountFields>(json!({"date": 1.5})).is_err());
        let fields: ChapterFields =
            serde_json::from_value(json!({"name": null, "group_id": null})).unwrap();
        assert_eq!(fields, ChapterFields::default());
    }

    #[test]
    fn an_answer_is_the_row_columns_with_the_kinds_fields() {
        let folder: Folder = serde_json::from_value(json!({
            "id": "AAAAAAAAAAAAAAAAAAAAAA", "user_id": "u", "_order": 1.5, "created_at": 1,
            "updated_at": 2, "synced_at": null, "deleted_at": null,
            "last_synced_device_id": "", "folder_id": null, "name": "Drafts", "x": true
        }))
        .unwrap();
        assert_eq!(folder.row.order, 1.5);
        assert_eq!(folder.fields.name.as_deref(), Some("Drafts"));
        assert_eq!(folder.fields.rest["x"], true);
        assert!(serde_json::from_value::<Folder>(json!({"name": "no columns"})).is_err());
    }
}
