//! The trash: soft delete (a container with its children moved up or deleted too, a stash
//! removed on its second delete), undelete, hard delete and the purge of rows deleted more than
//! 60 days ago. The decisions are quire-core's trash and container rules; this module loads
//! their input and applies their answer in one transaction.

use std::collections::HashMap;

use sqlx::{Any, AnyConnection};

use quire_core::Id;
use quire_core::manuscript::{
    self as rules, DAY_MS, DeleteMode, Node, StashDeletion, TRASH_DAYS, chapter_to_add_when_empty,
    delete_container,
};
use quire_core::time::EpochMs;

use super::access::{Need, owner_for};
use super::checks::{chapter_node, node, node_of_folder};
use super::kind::{EntityKind, Parent};
use super::row::{Bind, EntityRow, bind_all, insert, load, load_where};
use crate::{Store, StoreError};

impl Store {
    /// Puts the actor's row in the trash at `now`. A folder, group, outline or chapter takes
    /// its children along per `mode` (quire-core `delete_container`); a stash already in the
    /// trash is removed; a manuscript left without chapters gets an 'Untitled Chapter'.
    /// Refused with `was_not_deleted` when the row is already in the trash.
    pub async fn soft_delete(
        &self,
        actor: &str,
        kind: EntityKind,
        id: &str,
        mode: DeleteMode,
        now: EpochMs,
    ) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        let owner = owner_for(&mut tx, actor, kind, id, Need::Trash).await?;
        let actor = owner.as_str();
        let row = load(&mut tx, actor, kind, id).await?;
        if kind == EntityKind::Stash {
            match rules::delete_stash(row.deleted_at, now) {
                StashDeletion::MarkDeleted(at) => {
                    set_deleted_at(&mut tx, &row, Some(at), now).await?
                }
                StashDeletion::Remove => remove(&mut tx, &row).await?,
            }
        } else if kind.is_container() {
            delete_tree(&mut tx, actor, &row, mode, now).await?;
        } else {
            let at = rules::soft_delete(row.deleted_at, now)?;
            set_deleted_at(&mut tx, &row, Some(at), now).await?;
        }
        if kind == EntityKind::Chapter {
            add_chapter_when_empty(&mut tx, actor, &row, now).await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Takes the actor's row out of the trash; `was_not_undeleted` when it is not in it.
    pub async fn undelete(
        &self,
        actor: &str,
        kind: EntityKind,
        id: &str,
        now: EpochMs,
    ) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        let owner = owner_for(&mut tx, actor, kind, id, Need::Trash).await?;
        let row = load(&mut tx, &owner, kind, id).await?;
        rules::undelete(row.deleted_at)?;
        set_deleted_at(&mut tx, &row, None, now).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Removes the actor's row for good; only from the trash (`is_not_deleted` otherwise).
    /// Answers what went, so that the devices that still show it can be told.
    pub async fn hard_delete(
        &self,
        actor: &str,
        kind: EntityKind,
        id: &str,
    ) -> Result<Removed, StoreError> {
        let mut tx = self.write_tx().await?;
        let owner = owner_for(&mut tx, actor, kind, id, Need::Trash).await?;
        let row = load(&mut tx, &owner, kind, id).await?;
        rules::hard_delete(row.deleted_at)?;
        let removed = remove_for_good(&mut tx, row).await?;
        tx.commit().await?;
        Ok(removed)
    }

    /// Removes for good the actor's rows of `kind` in the trash: all of them, or those of
    /// `ids` (ids not in the actor's trash are skipped). One transaction; answers what went.
    pub async fn hard_delete_all(
        &self,
        actor: &str,
        kind: EntityKind,
        ids: Option<&[String]>,
    ) -> Result<Vec<Removed>, StoreError> {
        let mut tx = self.write_tx().await?;
        let mut removed = Vec::new();
        for row in trashed(&mut tx, actor, kind, ids).await? {
            removed.push(remove_for_good(&mut tx, row).await?);
        }
        tx.commit().await?;
        Ok(removed)
    }

    /// Takes the actor's rows of `kind` out of the trash: all of them, or those of `ids`. One
    /// transaction; answers the rows that came back, as stored now.
    pub async fn undelete_all(
        &self,
        actor: &str,
        kind: EntityKind,
        ids: Option<&[String]>,
        now: EpochMs,
    ) -> Result<Vec<EntityRow>, StoreError> {
        let mut tx = self.write_tx().await?;
        let mut recovered = Vec::new();
        for row in trashed(&mut tx, actor, kind, ids).await? {
            set_deleted_at(&mut tx, &row, None, now).await?;
            recovered.push(EntityRow {
                deleted_at: None,
                updated_at: now,
                synced_at: Some(now),
                ..row
            });
        }
        tx.commit().await?;
        Ok(recovered)
    }

    /// Hard-deletes, for every user and kind, the rows deleted before `cutoff`; answers how
    /// many went. Rows inside a purged manuscript go with it by cascade and are not counted.
    pub async fn purge_deleted_before(&self, cutoff: EpochMs) -> Result<u64, StoreError> {
        let mut purged = 0;
        for kind in EntityKind::ALL {
            let sql = format!(
                "DELETE FROM {} WHERE deleted_at IS NOT NULL AND deleted_at < $1",
                kind.table()
            );
            purged += sqlx::query::<Any>(sqlx::AssertSqlSafe(sql))
                .bind(cutoff)
                .execute(&self.pool)
                .await?
                .rows_affected();
        }
        Ok(purged)
    }

    /// The daily job: purges what has been in the trash for [`TRASH_DAYS`] days at `now`.
    pub async fn purge_trash(&self, now: EpochMs) -> Result<u64, StoreError> {
        self.purge_deleted_before(now - TRASH_DAYS * DAY_MS + 1)
            .await
    }
}

async fn set_deleted_at(
    conn: &mut AnyConnection,
    row: &EntityRow,
    deleted_at: Option<EpochMs>,
    now: EpochMs,
) -> Result<(), StoreError> {
    let sql = format!(
        "UPDATE {} SET deleted_at = $1, updated_at = $2, synced_at = $2 WHERE id = $3 AND user_id = $4",
        row.kind.table()
    );
    sqlx::query::<Any>(sqlx::AssertSqlSafe(sql))
        .bind(deleted_at)
        .bind(now)
        .bind(&row.id)
        .bind(&row.user_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The actor's rows of `kind` in the trash, all or those of `ids`.
async fn trashed(
    conn: &mut AnyConnection,
    actor: &str,
    kind: EntityKind,
    ids: Option<&[String]>,
) -> Result<Vec<EntityRow>, StoreError> {
    let rows = load_where(conn, actor, kind, "deleted_at IS NOT NULL", vec![]).await?;
    Ok(match ids {
        None => rows,
        Some(ids) => rows.into_iter().filter(|r| ids.contains(&r.id)).collect(),
    })
}

/// A row removed for good.
#[derive(Debug, Clone, PartialEq)]
pub struct Removed {
    /// The row as it was.
    pub row: EntityRow,
    /// For a manuscript, the users it was shared with: their grants went with it.
    pub grantees: Vec<String>,
}

/// Removes `row` for good, with a manuscript's grants (by cascade), and says what went.
async fn remove_for_good(conn: &mut AnyConnection, row: EntityRow) -> Result<Removed, StoreError> {
    let grantees = if row.kind == EntityKind::Manuscript {
        sqlx::query_scalar::<Any, String>(
            "SELECT user_id FROM manuscript_grant WHERE manuscript_id = $1 ORDER BY user_id",
        )
        .bind(&row.id)
        .fetch_all(&mut *conn)
        .await?
    } else {
        Vec::new()
    };
    remove(conn, &row).await?;
    Ok(Removed { row, grantees })
}

async fn remove(conn: &mut AnyConnection, row: &EntityRow) -> Result<(), StoreError> {
    let sql = format!(
        "DELETE FROM {} WHERE id = $1 AND user_id = $2",
        row.kind.table()
    );
    sqlx::query::<Any>(sqlx::AssertSqlSafe(sql))
        .bind(&row.id)
        .bind(&row.user_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The rows of the tree `container` belongs to, as nodes, with each row by id.
async fn load_tree(
    conn: &mut AnyConnection,
    actor: &str,
    container: &EntityRow,
) -> Result<(Vec<Node>, HashMap<String, EntityRow>), StoreError> {
    let rows: Vec<EntityRow> = if container.kind == EntityKind::Folder {
        let mut rows = load_where(conn, actor, EntityKind::Folder, "1 = 1", vec![]).await?;
        rows.extend(load_where(conn, actor, EntityKind::Manuscript, "1 = 1", vec![]).await?);
        rows
    } else {
        let manuscript = Bind::Text(container.manuscript_id.clone());
        let mut rows = Vec::new();
        for kind in [
            EntityKind::Group,
            EntityKind::Outline,
            EntityKind::Chapter,
            EntityKind::Element,
        ] {
            rows.extend(
                load_where(
                    conn,
                    actor,
                    kind,
                    "manuscript_id = $2",
                    vec![manuscript.clone()],
                )
                .await?,
            );
        }
        rows
    };
    let nodes = rows
        .iter()
        .map(|r| match r.kind {
            EntityKind::Folder | EntityKind::Manuscript => node_of_folder(r),
            _ => node(
                r,
                r.chapter_id
                    .as_deref()
                    .or(r.outline_id.as_deref())
                    .or(r.group_id.as_deref()),
            ),
        })
        .collect::<Result<Vec<Node>, StoreError>>()?;
    let by_id = rows.into_iter().map(|r| (r.id.clone(), r)).collect();
    Ok((nodes, by_id))
}

async fn delete_tree(
    conn: &mut AnyConnection,
    actor: &str,
    container: &EntityRow,
    mode: DeleteMode,
    now: EpochMs,
) -> Result<(), StoreError> {
    let (nodes, by_id) = load_tree(conn, actor, container).await?;
    let container_id = Id::parse(&container.id).map_err(|_| StoreError::NotFound)?;
    let deletion = delete_container(&container_id, &nodes, mode, now)?;
    let from = container.kind.as_parent().expect("a container kind");
    for id in &deletion.deleted {
        let row = by_id.get(id.as_str()).ok_or(StoreError::NotFound)?;
        set_deleted_at(conn, row, Some(deletion.deleted_at), now).await?;
    }
    for moved in &deletion.moved {
        let row = by_id.get(moved.id.as_str()).ok_or(StoreError::NotFound)?;
        let new_parent = moved.parent_id.as_ref().and_then(|p| by_id.get(p.as_str()));
        let mut sets = vec![(from, None)];
        if let Some(parent) = new_parent.and_then(|p| p.kind.as_parent().map(|k| (k, p))) {
            sets.retain(|(p, _)| *p != parent.0);
            sets.push((parent.0, Some(parent.1.id.clone())));
        }
        move_row(conn, row, &sets, moved.order, now).await?;
    }
    Ok(())
}

async fn move_row(
    conn: &mut AnyConnection,
    row: &EntityRow,
    parents: &[(Parent, Option<String>)],
    order: f64,
    now: EpochMs,
) -> Result<(), StoreError> {
    let parents: Vec<_> = parents
        .iter()
        .filter(|(p, _)| row.kind.has_parent(*p))
        .collect();
    let mut sql = format!(
        "UPDATE {} SET sort_order = $1, updated_at = $2, synced_at = $2",
        row.kind.table()
    );
    for (i, (parent, _)) in parents.iter().enumerate() {
        sql.push_str(&format!(", {} = ${}", parent.column(), i + 5));
    }
    sql.push_str(" WHERE id = $3 AND user_id = $4");
    let mut values = vec![
        Bind::Real(order),
        Bind::Int(Some(now)),
        Bind::Text(Some(row.id.clone())),
        Bind::Text(Some(row.user_id.clone())),
    ];
    values.extend(parents.iter().map(|(_, id)| Bind::Text(id.clone())));
    bind_all(sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)), values)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Adds 'Untitled Chapter' when the manuscript of `chapter` has no live chapter left.
async fn add_chapter_when_empty(
    conn: &mut AnyConnection,
    actor: &str,
    chapter: &EntityRow,
    now: EpochMs,
) -> Result<(), StoreError> {
    let manuscript = Bind::Text(chapter.manuscript_id.clone());
    let chapters = load_where(
        conn,
        actor,
        EntityKind::Chapter,
        "manuscript_id = $2",
        vec![manuscript],
    )
    .await?;
    let nodes = chapters
        .iter()
        .map(chapter_node)
        .collect::<Result<Vec<_>, StoreError>>()?;
    if let Some(new) = chapter_to_add_when_empty(&nodes) {
        let row = EntityRow {
            manuscript_id: chapter.manuscript_id.clone(),
            name: new.name.into_string(),
            order: new.order,
            synced_at: Some(now),
            ..EntityRow::new(EntityKind::Chapter, Id::random().as_str(), actor, now)
        };
        insert(conn, &row).await?;
    }
    Ok(())
}
