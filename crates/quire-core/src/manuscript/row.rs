//! The one row type every entity kind shares, and a manuscript read whole as a tree of them.

use serde_json::{Map, Value};

use super::kind::{EntityKind, Parent};
use crate::time::EpochMs;

/// A row of any kind. Columns a kind does not have are `None` (or empty) and are ignored on
/// write. `doc` is the kind's JSON document: everything the server does not query.
#[derive(Debug, Clone, PartialEq)]
pub struct EntityRow {
    pub kind: EntityKind,
    pub id: String,
    pub user_id: String,
    /// The manuscript the row belongs to; `None` for folders and manuscripts (a manuscript is
    /// its own) and for global notes, to-dos and uploads.
    pub manuscript_id: Option<String>,
    pub folder_id: Option<String>,
    pub group_id: Option<String>,
    pub outline_id: Option<String>,
    pub chapter_id: Option<String>,
    /// The word-count bucket (epoch ms at the start of the hour); word counts only.
    pub hour: Option<EpochMs>,
    pub order: f64,
    /// The name or title; empty for kinds without one.
    pub name: String,
    pub doc: Map<String, Value>,
    pub created_at: EpochMs,
    pub updated_at: EpochMs,
    pub synced_at: Option<EpochMs>,
    pub deleted_at: Option<EpochMs>,
    pub last_device_id: String,
}

impl EntityRow {
    /// A blank row of `kind`, to fill in with struct update syntax.
    pub fn new(kind: EntityKind, id: &str, user_id: &str, at: EpochMs) -> EntityRow {
        EntityRow {
            kind,
            id: id.to_owned(),
            user_id: user_id.to_owned(),
            manuscript_id: None,
            folder_id: None,
            group_id: None,
            outline_id: None,
            chapter_id: None,
            hour: None,
            order: 0.0,
            name: String::new(),
            doc: Map::new(),
            created_at: at,
            updated_at: at,
            synced_at: None,
            deleted_at: None,
            last_device_id: String::new(),
        }
    }

    pub fn parent(&self, parent: Parent) -> Option<&str> {
        match parent {
            Parent::Folder => self.folder_id.as_deref(),
            Parent::Group => self.group_id.as_deref(),
            Parent::Outline => self.outline_id.as_deref(),
            Parent::Chapter => self.chapter_id.as_deref(),
        }
    }

    pub fn set_parent(&mut self, parent: Parent, id: Option<String>) {
        match parent {
            Parent::Folder => self.folder_id = id,
            Parent::Group => self.group_id = id,
            Parent::Outline => self.outline_id = id,
            Parent::Chapter => self.chapter_id = id,
        }
    }

    /// The manuscript whose access rules govern this row: its own for a manuscript.
    pub fn owning_manuscript(&self) -> Option<&str> {
        match self.kind {
            EntityKind::Manuscript => Some(&self.id),
            _ => self.manuscript_id.as_deref(),
        }
    }
}

/// The kinds a manuscript's answer carries, in the order a copy must write them (parents first).
pub const MANUSCRIPT_PARTS: [EntityKind; 11] = [
    EntityKind::Group,
    EntityKind::Outline,
    EntityKind::Chapter,
    EntityKind::ChapterContent,
    EntityKind::Element,
    EntityKind::Note,
    EntityKind::Research,
    EntityKind::Stash,
    EntityKind::Todo,
    EntityKind::Plotboard,
    EntityKind::RelationshipBoard,
];

/// A manuscript and its rows, by kind in [`MANUSCRIPT_PARTS`] order.
#[derive(Debug, Clone, PartialEq)]
pub struct ManuscriptTree {
    pub manuscript: EntityRow,
    pub parts: Vec<(EntityKind, Vec<EntityRow>)>,
}
