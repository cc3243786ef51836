//! The parent checks of a write, run in the write's transaction: the manuscript is the actor's
//! and not in the trash, every parent is the actor's, live and in the same manuscript, a chapter's
//! parent is a live top-level chapter, and a folder does not end up inside itself.

use sqlx::AnyConnection;

use quire_core::Id;
use quire_core::manuscript::{ChapterNode, Node, RuleError, move_folder};

use super::kind::{EntityKind, InManuscript, Parent};
use super::row::{Bind, EntityRow, load, load_where};
use crate::StoreError;

/// Refusal codes of the store's own (quire-core's are [`RuleError::code`]).
pub const MANUSCRIPT_IS_DELETED: &str = "manuscript_is_deleted";
pub const MANUSCRIPT_ID_REQUIRED: &str = "manuscript_id_required";
pub const HOUR_REQUIRED: &str = "hour_required";
pub const INVALID_ID: &str = "invalid_id";

pub(crate) fn parse_id(id: &str) -> Result<Id, StoreError> {
    Id::parse(id).map_err(|_| StoreError::Rule(INVALID_ID))
}

/// Every check `row` must pass before it is written by `actor`.
pub(crate) async fn check_parents(
    conn: &mut AnyConnection,
    actor: &str,
    row: &EntityRow,
) -> Result<(), StoreError> {
    parse_id(&row.id)?;
    let kind = row.kind;
    match (kind.in_manuscript(), row.manuscript_id.as_deref()) {
        (InManuscript::No, _) | (InManuscript::Optional, None) => {}
        (InManuscript::Required, None) => return Err(StoreError::Rule(MANUSCRIPT_ID_REQUIRED)),
        (_, Some(manuscript_id)) => {
            let manuscript = load(conn, actor, EntityKind::Manuscript, manuscript_id).await?;
            if manuscript.deleted_at.is_some() {
                return Err(StoreError::Rule(MANUSCRIPT_IS_DELETED));
            }
        }
    }
    if kind.has_hour() && row.hour.is_none() {
        return Err(StoreError::Rule(HOUR_REQUIRED));
    }
    for &parent in kind.parents() {
        let Some(parent_id) = row.parent(parent) else {
            continue;
        };
        if kind == EntityKind::Chapter && parent == Parent::Chapter {
            check_parent_chapter(conn, actor, row, parent_id).await?;
            continue;
        }
        if kind == EntityKind::Folder && parent_id == row.id {
            return Err(RuleError::FolderCycle.into());
        }
        let found = load(conn, actor, parent.kind(), parent_id).await?;
        if found.manuscript_id != row.manuscript_id && parent != Parent::Folder {
            return Err(StoreError::NotFound);
        }
        // A live row cannot go into a folder, group or outline in the trash (a row that is in
        // the trash itself may still be edited where it is).
        if found.deleted_at.is_some() && row.deleted_at.is_none() {
            return Err(StoreError::NotFound);
        }
        if kind == EntityKind::Folder {
            check_folder_cycle(conn, actor, row, parent_id).await?;
        }
    }
    Ok(())
}

async fn check_parent_chapter(
    conn: &mut AnyConnection,
    actor: &str,
    row: &EntityRow,
    parent_id: &str,
) -> Result<(), StoreError> {
    if parent_id == row.id {
        return Err(RuleError::ParentIsSelf.into());
    }
    let parent = match load(conn, actor, EntityKind::Chapter, parent_id).await {
        Ok(p) if p.manuscript_id == row.manuscript_id && p.deleted_at.is_none() => p,
        Ok(_) | Err(StoreError::NotFound) => {
            return Err(RuleError::ParentChapterDoesNotExist.into());
        }
        Err(e) => return Err(e),
    };
    if parent.chapter_id.is_some() {
        return Err(RuleError::ParentIsSubchapter.into());
    }
    Ok(())
}

async fn check_folder_cycle(
    conn: &mut AnyConnection,
    actor: &str,
    row: &EntityRow,
    parent_id: &str,
) -> Result<(), StoreError> {
    let mut folders = load_where(
        conn,
        actor,
        EntityKind::Folder,
        "id <> $2",
        vec![Bind::Text(Some(row.id.clone()))],
    )
    .await?
    .iter()
    .map(node_of_folder)
    .collect::<Result<Vec<Node>, StoreError>>()?;
    folders.push(Node {
        id: parse_id(&row.id)?,
        parent_id: None,
        order: row.order,
        deleted_at: None,
    });
    move_folder(&folders, &parse_id(&row.id)?, Some(&parse_id(parent_id)?))?;
    Ok(())
}

pub(crate) fn node_of_folder(row: &EntityRow) -> Result<Node, StoreError> {
    node(row, row.folder_id.as_deref())
}

/// An id read back from the database: a malformed one means corrupt data.
fn stored_id(s: &str) -> Result<Id, StoreError> {
    Id::parse(s).map_err(|_| StoreError::Corrupt(format!("bad id {s:?}")))
}

/// The ordering and trash rules' view of `row`, with `parent` as its parent.
pub(crate) fn node(row: &EntityRow, parent: Option<&str>) -> Result<Node, StoreError> {
    Ok(Node {
        id: stored_id(&row.id)?,
        parent_id: parent.map(stored_id).transpose()?,
        order: row.order,
        deleted_at: row.deleted_at,
    })
}

/// The group or outline a chapter sits in: the outline when it has one.
pub(crate) fn chapter_container(row: &EntityRow) -> Option<&str> {
    row.outline_id.as_deref().or(row.group_id.as_deref())
}

/// The structure rules' view of a chapter row.
pub(crate) fn chapter_node(row: &EntityRow) -> Result<ChapterNode, StoreError> {
    Ok(ChapterNode {
        id: stored_id(&row.id)?,
        container_id: chapter_container(row).map(stored_id).transpose()?,
        chapter_id: row.chapter_id.as_deref().map(stored_id).transpose()?,
        order: row.order,
        deleted_at: row.deleted_at,
    })
}
