//! Manuscript data (ADR 0005): one table per kind, structural columns plus a JSON `doc`, and one
//! generic code path for every kind — last-writer-wins `put`, merging `update`, the trash and
//! the reads. Every operation takes the acting user's id and touches only that user's rows (a
//! row of someone else's is `NotFound`). The rules (ordering, trash, container deletion, first
//! chapter, folder cycles) are quire-core's; this module loads their input and applies their
//! answer in one transaction. A user a manuscript is shared with acts on its rows as their owner
//! after the access check of `access.rs` (read with any grant, change with Write).

pub(crate) mod access;
mod checks;
mod read;
pub(crate) mod row;
mod structure;
mod trash;
mod tree;
mod write;
mod writing;

pub use access::Grant;
pub use checks::{HOUR_REQUIRED, INVALID_ID, MANUSCRIPT_ID_REQUIRED, MANUSCRIPT_IS_DELETED};
pub use quire_core::manuscript::DeleteMode;
pub use quire_core::manuscript::{EntityKind, InManuscript, Parent, kind};
pub use row::EntityRow;
pub use structure::Restructure;
pub use trash::Removed;
pub use tree::{MANUSCRIPT_PARTS, ManuscriptTree, Rows};
pub use write::{Patch, Written};
