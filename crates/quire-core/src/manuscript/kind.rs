//! The entity kinds of a manuscript (ADR 0005): which table each lives in, whether it belongs
//! to a manuscript, which parent columns it has and what its name column is called. The generic
//! code path builds its SQL from these facts and nothing else.

/// A parent reference a row may carry, each a column of the same name in the tables that have it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Parent {
    /// `folder_id`: the folder a folder or manuscript sits in.
    Folder,
    /// `group_id`: the group an outline, chapter or element sits in.
    Group,
    /// `outline_id`: the outline a chapter sits in.
    Outline,
    /// `chapter_id`: a subchapter's parent chapter, or the chapter a content, version, stash or
    /// to-do belongs to.
    Chapter,
}

impl Parent {
    pub fn column(self) -> &'static str {
        match self {
            Parent::Folder => "folder_id",
            Parent::Group => "group_id",
            Parent::Outline => "outline_id",
            Parent::Chapter => "chapter_id",
        }
    }

    /// The kind of row this column points at.
    pub fn kind(self) -> EntityKind {
        match self {
            Parent::Folder => EntityKind::Folder,
            Parent::Group => EntityKind::Group,
            Parent::Outline => EntityKind::Outline,
            Parent::Chapter => EntityKind::Chapter,
        }
    }

    pub const ALL: [Parent; 4] = [
        Parent::Folder,
        Parent::Group,
        Parent::Outline,
        Parent::Chapter,
    ];
}

/// How a kind relates to a manuscript.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InManuscript {
    /// Folders and manuscripts themselves: no `manuscript_id` column.
    No,
    /// Always inside one manuscript: `manuscript_id` is required.
    Required,
    /// Inside a manuscript or the user's own (global notes and to-dos, uploads): may be empty.
    Optional,
}

/// Every kind of row the manuscripts store keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntityKind {
    Folder,
    Manuscript,
    Group,
    Outline,
    Chapter,
    ChapterContent,
    ChapterVersion,
    Element,
    Note,
    Research,
    Stash,
    Todo,
    Plotboard,
    RelationshipBoard,
    WordCount,
    WritingSession,
    Upload,
}

impl EntityKind {
    pub const ALL: [EntityKind; 17] = [
        EntityKind::Folder,
        EntityKind::Manuscript,
        EntityKind::Group,
        EntityKind::Outline,
        EntityKind::Chapter,
        EntityKind::ChapterContent,
        EntityKind::ChapterVersion,
        EntityKind::Element,
        EntityKind::Note,
        EntityKind::Research,
        EntityKind::Stash,
        EntityKind::Todo,
        EntityKind::Plotboard,
        EntityKind::RelationshipBoard,
        EntityKind::WordCount,
        EntityKind::WritingSession,
        EntityKind::Upload,
    ];

    pub fn table(self) -> &'static str {
        match self {
            EntityKind::Folder => "folder",
            EntityKind::Manuscript => "manuscript",
            EntityKind::Group => "manuscript_group",
            EntityKind::Outline => "outline",
            EntityKind::Chapter => "chapter",
            EntityKind::ChapterContent => "chapter_content",
            EntityKind::ChapterVersion => "chapter_version",
            EntityKind::Element => "element",
            EntityKind::Note => "note",
            EntityKind::Research => "research",
            EntityKind::Stash => "stash",
            EntityKind::Todo => "todo",
            EntityKind::Plotboard => "plotboard",
            EntityKind::RelationshipBoard => "relationship_board",
            EntityKind::WordCount => "word_count",
            EntityKind::WritingSession => "writing_session",
            EntityKind::Upload => "upload",
        }
    }

    pub fn in_manuscript(self) -> InManuscript {
        match self {
            EntityKind::Folder | EntityKind::Manuscript => InManuscript::No,
            EntityKind::Note | EntityKind::Todo | EntityKind::Upload => InManuscript::Optional,
            _ => InManuscript::Required,
        }
    }

    /// The parent columns of this kind's table.
    pub fn parents(self) -> &'static [Parent] {
        match self {
            EntityKind::Folder | EntityKind::Manuscript => &[Parent::Folder],
            EntityKind::Outline | EntityKind::Element => &[Parent::Group],
            EntityKind::Chapter => &[Parent::Group, Parent::Outline, Parent::Chapter],
            EntityKind::ChapterContent
            | EntityKind::ChapterVersion
            | EntityKind::Stash
            | EntityKind::Todo => &[Parent::Chapter],
            _ => &[],
        }
    }

    pub fn has_parent(self, parent: Parent) -> bool {
        self.parents().contains(&parent)
    }

    /// The name or title column, for kinds that have one.
    pub fn name_column(self) -> Option<&'static str> {
        match self {
            EntityKind::Manuscript | EntityKind::Note | EntityKind::Todo => Some("title"),
            EntityKind::ChapterContent
            | EntityKind::Stash
            | EntityKind::WordCount
            | EntityKind::WritingSession => None,
            _ => Some("name"),
        }
    }

    /// Whether the kind has the `hour` column (the word-count bucket).
    pub fn has_hour(self) -> bool {
        self == EntityKind::WordCount
    }

    /// The column of a child row that points at a row of this kind, for the container kinds.
    pub fn as_parent(self) -> Option<Parent> {
        Parent::ALL.into_iter().find(|p| p.kind() == self)
    }

    /// Whether deleting a row of this kind is a container deletion (children moved up or
    /// deleted with it).
    pub fn is_container(self) -> bool {
        matches!(
            self,
            EntityKind::Folder | EntityKind::Group | EntityKind::Outline | EntityKind::Chapter
        )
    }
}
