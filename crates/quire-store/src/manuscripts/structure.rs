//! Promote and demote: quire-core decides the new places of the manuscript's chapters; this
//! module loads its chapters and writes the rows whose place changed, in one transaction.

use std::collections::HashMap;

use quire_core::manuscript::{ChapterNode, ChapterPlacement, demote, promote};
use quire_core::time::EpochMs;
use sqlx::{Any, AnyConnection};

use super::access::{Need, owner_for};
use super::checks::{chapter_container, chapter_node, parse_id};
use super::kind::EntityKind;
use super::row::{Bind, EntityRow, bind_all, load, load_where};
use crate::{Store, StoreError};

/// A change of a chapter's level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Restructure {
    /// The subchapter becomes a chapter, right after its parent.
    Promote,
    /// The chapter becomes the last subchapter of this chapter, or of the chapter before it.
    Demote { parent_id: Option<String> },
}

impl Store {
    /// Promotes or demotes the actor's chapter `id`; answers every chapter row whose place
    /// changed (siblings renumbered from zero included), as stored.
    pub async fn restructure(
        &self,
        actor: &str,
        id: &str,
        change: Restructure,
        now: EpochMs,
    ) -> Result<Vec<EntityRow>, StoreError> {
        let mut tx = self.write_tx().await?;
        let owner = owner_for(&mut tx, actor, EntityKind::Chapter, id, Need::Write).await?;
        let actor = owner.as_str();
        let chapter = load(&mut tx, actor, EntityKind::Chapter, id).await?;
        let chapters = load_where(
            &mut tx,
            actor,
            EntityKind::Chapter,
            "manuscript_id = $2",
            vec![Bind::Text(chapter.manuscript_id.clone())],
        )
        .await?;
        let nodes = chapters
            .iter()
            .map(chapter_node)
            .collect::<Result<Vec<ChapterNode>, StoreError>>()?;
        let target = parse_id(id)?;
        let placements = match change {
            Restructure::Promote => promote(&nodes, &target)?,
            Restructure::Demote { parent_id } => {
                let parent = parent_id.as_deref().map(parse_id).transpose()?;
                demote(&nodes, &target, parent.as_ref())?
            }
        };
        // A container id names a group or an outline; the chapters already in it tell which
        // columns it sets.
        let containers: HashMap<&str, (Option<String>, Option<String>)> = chapters
            .iter()
            .filter_map(|c| {
                chapter_container(c).map(|k| (k, (c.group_id.clone(), c.outline_id.clone())))
            })
            .collect();
        let by_id: HashMap<&str, &EntityRow> =
            chapters.iter().map(|c| (c.id.as_str(), c)).collect();
        let mut changed = Vec::with_capacity(placements.len());
        for placement in placements {
            let mut row = (*by_id
                .get(placement.id.as_str())
                .ok_or(StoreError::NotFound)?)
            .clone();
            place(&mut row, &placement, &containers);
            row.updated_at = now.max(row.updated_at);
            row.synced_at = Some(now);
            write_place(&mut tx, &row).await?;
            changed.push(row);
        }
        tx.commit().await?;
        Ok(changed)
    }
}

fn place(
    row: &mut EntityRow,
    placement: &ChapterPlacement,
    containers: &HashMap<&str, (Option<String>, Option<String>)>,
) {
    let (group_id, outline_id) = placement
        .container_id
        .as_ref()
        .and_then(|c| containers.get(c.as_str()).cloned())
        .unwrap_or((None, None));
    row.group_id = group_id;
    row.outline_id = outline_id;
    row.chapter_id = placement.chapter_id.as_ref().map(|c| c.as_str().to_owned());
    row.order = placement.order;
}

async fn write_place(conn: &mut AnyConnection, row: &EntityRow) -> Result<(), StoreError> {
    let values = vec![
        Bind::Text(row.group_id.clone()),
        Bind::Text(row.outline_id.clone()),
        Bind::Text(row.chapter_id.clone()),
        Bind::Real(row.order),
        Bind::Int(Some(row.updated_at)),
        Bind::Int(row.synced_at),
        Bind::Text(Some(row.id.clone())),
        Bind::Text(Some(row.user_id.clone())),
    ];
    bind_all(
        sqlx::query::<Any>(
            "UPDATE chapter SET group_id = $1, outline_id = $2, chapter_id = $3, sort_order = $4, \
             updated_at = $5, synced_at = $6 WHERE id = $7 AND user_id = $8",
        ),
        values,
    )
    .execute(&mut *conn)
    .await?;
    Ok(())
}
