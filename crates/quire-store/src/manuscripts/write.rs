//! Writing rows: `put` (insert or replace, last writer wins) and `update` (a partial change
//! merged into the stored row). Both end in the same checked write, in one transaction.

use serde_json::{Map, Value};
use sqlx::AnyConnection;

use quire_core::Id;
use quire_core::lww::Stamp;
use quire_core::manuscript::first_chapter;
use quire_core::time::EpochMs;

use super::access::{Need, owner_for, owner_for_new, owner_for_row};
use super::checks::check_parents;
use super::kind::{EntityKind, InManuscript, Parent};
use super::row::{EntityRow, insert, load, load_any_owner, replace};
use crate::{Store, StoreError};

/// What a write did.
#[derive(Debug, Clone, PartialEq)]
pub enum Written {
    /// The write was applied; the row as now stored.
    Applied(EntityRow),
    /// The stored row is newer (by `updated_at`, then device id): the write was not applied and
    /// this is the stored row, for the client to adopt.
    Stale(EntityRow),
}

impl Written {
    /// The row as stored after the write, whether it was applied or not.
    pub fn row(&self) -> &EntityRow {
        match self {
            Written::Applied(row) | Written::Stale(row) => row,
        }
    }
}

/// A partial change: `doc` keys are merged into the stored document (a `null` value removes
/// the key); the other fields change only when `Some` (`Some(None)` empties a parent).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Patch {
    pub doc: Map<String, Value>,
    pub name: Option<String>,
    pub order: Option<f64>,
    pub folder_id: Option<Option<String>>,
    pub group_id: Option<Option<String>>,
    pub outline_id: Option<Option<String>>,
    pub chapter_id: Option<Option<String>>,
    /// When the change was made (client clock corrected by the server-time offset).
    pub updated_at: EpochMs,
    pub device_id: String,
}

/// Whether a write made at `(updated_at, device)` wins over the stored row, by quire-core's
/// last-writer-wins rule.
fn wins(updated_at: EpochMs, device: &str, stored: &EntityRow) -> bool {
    Stamp::new(updated_at, device).wins_over(Stamp::new(stored.updated_at, &stored.last_device_id))
}

impl Store {
    /// Inserts `row` for `actor`, or replaces the actor's stored row with the same id when
    /// `row` wins by last-writer-wins. `synced_at` becomes `now`; `created_at` and
    /// `deleted_at` of a stored row are kept (the trash has operations of its own). A new
    /// manuscript gets its first chapter in the same transaction.
    pub async fn put(
        &self,
        actor: &str,
        row: EntityRow,
        now: EpochMs,
    ) -> Result<Written, StoreError> {
        let mut tx = self.write_tx().await?;
        let mut row = row;
        row.synced_at = Some(now);
        let stored = load_any_owner(&mut tx, row.kind, &row.id).await?;
        let owner = match &stored {
            Some(stored) => owner_for_row(&mut tx, actor, stored, Need::Write).await?,
            None => {
                let manuscript = match row.kind.in_manuscript() {
                    InManuscript::No => None,
                    _ => row.manuscript_id.as_deref(),
                };
                owner_for_new(&mut tx, actor, manuscript).await?
            }
        };
        let actor = owner.as_str();
        row.user_id = owner.clone();
        let written = match stored {
            Some(stored) => {
                if !wins(row.updated_at, &row.last_device_id, &stored) {
                    return Ok(Written::Stale(stored));
                }
                row.created_at = stored.created_at;
                row.deleted_at = stored.deleted_at;
                if !write_checked(&mut tx, actor, &row, false).await? {
                    return stale(&mut tx, actor, row.kind, &row.id).await;
                }
                row
            }
            None => {
                row.deleted_at = None;
                write_checked(&mut tx, actor, &row, true).await?;
                if row.kind == EntityKind::Manuscript {
                    add_first_chapter(&mut tx, &row, now).await?;
                }
                row
            }
        };
        tx.commit().await?;
        Ok(Written::Applied(written))
    }

    /// Merges `patch` into the actor's row `id` of `kind`, unless the stored row is newer.
    pub async fn update(
        &self,
        actor: &str,
        kind: EntityKind,
        id: &str,
        patch: Patch,
        now: EpochMs,
    ) -> Result<Written, StoreError> {
        let mut tx = self.write_tx().await?;
        let owner = owner_for(&mut tx, actor, kind, id, Need::Write).await?;
        let actor = owner.as_str();
        let stored = load(&mut tx, actor, kind, id).await?;
        if !wins(patch.updated_at, &patch.device_id, &stored) {
            return Ok(Written::Stale(stored));
        }
        let mut row = stored;
        for (key, value) in patch.doc {
            if value.is_null() {
                row.doc.remove(&key);
            } else {
                row.doc.insert(key, value);
            }
        }
        if let Some(name) = patch.name {
            row.name = name;
        }
        if let Some(order) = patch.order {
            row.order = order;
        }
        for (parent, value) in [
            (Parent::Folder, patch.folder_id),
            (Parent::Group, patch.group_id),
            (Parent::Outline, patch.outline_id),
            (Parent::Chapter, patch.chapter_id),
        ] {
            if let Some(value) = value.filter(|_| kind.has_parent(parent)) {
                row.set_parent(parent, value);
            }
        }
        row.updated_at = patch.updated_at;
        row.last_device_id = patch.device_id;
        row.synced_at = Some(now);
        if !write_checked(&mut tx, actor, &row, false).await? {
            return stale(&mut tx, actor, kind, id).await;
        }
        tx.commit().await?;
        Ok(Written::Applied(row))
    }
}

/// The stored row, after a concurrent writer won the race: it is newer than the write.
async fn stale(
    conn: &mut AnyConnection,
    actor: &str,
    kind: EntityKind,
    id: &str,
) -> Result<Written, StoreError> {
    Ok(Written::Stale(load(conn, actor, kind, id).await?))
}

/// The one write path: the parent checks, then the insert or the guarded replacement. Answers
/// whether the row was written (`false`: a newer row was stored meanwhile).
async fn write_checked(
    conn: &mut AnyConnection,
    actor: &str,
    row: &EntityRow,
    new: bool,
) -> Result<bool, StoreError> {
    check_parents(conn, actor, row).await?;
    if new {
        insert(conn, row).await?;
        Ok(true)
    } else {
        replace(conn, row).await
    }
}

/// Inserts the first chapter of a new manuscript and answers it.
pub(crate) async fn add_first_chapter(
    conn: &mut AnyConnection,
    manuscript: &EntityRow,
    now: EpochMs,
) -> Result<EntityRow, StoreError> {
    let first = first_chapter();
    let chapter = EntityRow {
        manuscript_id: Some(manuscript.id.clone()),
        name: first.name.as_str().to_owned(),
        order: first.order,
        synced_at: Some(now),
        last_device_id: manuscript.last_device_id.clone(),
        ..EntityRow::new(
            EntityKind::Chapter,
            Id::random().as_str(),
            &manuscript.user_id,
            manuscript.updated_at,
        )
    };
    insert(conn, &chapter).await?;
    Ok(chapter)
}
