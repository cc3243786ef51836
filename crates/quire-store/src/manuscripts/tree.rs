//! A manuscript as a whole: its rows of every kind read together, a new tree of rows written in
//! one transaction (a copy, a manuscript made from a template), and the newest change per kind
//! (the client's `contents_dates` check).

use quire_core::time::EpochMs;
use sqlx::{Any, AnyConnection};

use super::access::{Need, owner_for};
use super::checks::check_parents;
use super::kind::EntityKind;
use super::row::{Bind, EntityRow, insert, load, load_any_owner, load_where};
use super::write::add_first_chapter;
use crate::{Store, StoreError};

pub use quire_core::manuscript::{MANUSCRIPT_PARTS, ManuscriptTree};

/// Which rows of a manuscript a tree read takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rows {
    /// Rows not in the trash.
    Live,
    /// Rows in the trash only.
    Deleted,
}

impl Store {
    /// The actor's manuscript `id` with its rows of every part kind (`rows` says which), read
    /// in one transaction so the parts agree with each other.
    pub async fn manuscript_tree(
        &self,
        actor: &str,
        id: &str,
        rows: Rows,
    ) -> Result<ManuscriptTree, StoreError> {
        let mut tx = self.pool.begin().await?;
        let owner = owner_for(&mut tx, actor, EntityKind::Manuscript, id, Need::Read).await?;
        let actor = owner.as_str();
        let manuscript = load(&mut tx, actor, EntityKind::Manuscript, id).await?;
        let filter = match rows {
            Rows::Live => "manuscript_id = $2 AND deleted_at IS NULL",
            Rows::Deleted => "manuscript_id = $2 AND deleted_at IS NOT NULL",
        };
        let mut parts = Vec::with_capacity(MANUSCRIPT_PARTS.len());
        for kind in MANUSCRIPT_PARTS {
            let found = load_where(
                &mut tx,
                actor,
                kind,
                filter,
                vec![Bind::Text(Some(id.to_owned()))],
            )
            .await?;
            parts.push((kind, found));
        }
        tx.commit().await?;
        Ok(ManuscriptTree { manuscript, parts })
    }

    /// Writes `rows` as new rows of `actor` in one transaction, in the order given (parents
    /// first), each through the same parent checks as a `put`. A manuscript among them with no
    /// chapter among them gets its first chapter. Any id already taken refuses the whole call
    /// with `Conflict("id")`; nothing is left half-written.
    pub async fn insert_all(
        &self,
        actor: &str,
        rows: Vec<EntityRow>,
        now: EpochMs,
    ) -> Result<Vec<EntityRow>, StoreError> {
        self.insert_all_with_docs(actor, rows, &[], now).await
    }

    /// [`Store::insert_all`], and in the same transaction the first updates of new chapter
    /// documents (`docs`: a chapter id and its v1 update each): an import's chapters and their
    /// text are committed together or not at all. A document that already has updates refuses
    /// the whole call with `Conflict("id")`.
    pub async fn insert_all_with_docs(
        &self,
        actor: &str,
        rows: Vec<EntityRow>,
        docs: &[(String, Vec<u8>)],
        now: EpochMs,
    ) -> Result<Vec<EntityRow>, StoreError> {
        let mut tx = self.write_tx().await?;
        let mut written = Vec::with_capacity(rows.len());
        for mut row in rows {
            row.user_id = actor.to_owned();
            row.synced_at = Some(now);
            row.deleted_at = None;
            if load_any_owner(&mut tx, row.kind, &row.id).await?.is_some() {
                return Err(StoreError::Conflict("id"));
            }
            check_parents(&mut tx, actor, &row).await?;
            insert(&mut tx, &row).await?;
            written.push(row);
        }
        let manuscripts: Vec<EntityRow> = written
            .iter()
            .filter(|r| r.kind == EntityKind::Manuscript)
            .cloned()
            .collect();
        for manuscript in manuscripts {
            let has_chapter = written.iter().any(|r| {
                r.kind == EntityKind::Chapter && r.manuscript_id.as_deref() == Some(&manuscript.id)
            });
            if !has_chapter {
                written.push(add_first_chapter(&mut tx, &manuscript, now).await?);
            }
        }
        if !docs.is_empty() {
            let updates: Vec<[Vec<u8>; 1]> = docs.iter().map(|(_, u)| [u.clone()]).collect();
            let batch: Vec<(&str, &[Vec<u8>])> = docs
                .iter()
                .zip(&updates)
                .map(|((id, _), u)| (id.as_str(), u.as_slice()))
                .collect();
            let seqs = crate::docs::append_in(&mut tx, self.backend(), &batch).await?;
            if seqs.iter().any(|s| s.first().is_some_and(|&seq| seq != 1)) {
                return Err(StoreError::Conflict("id"));
            }
        }
        tx.commit().await?;
        Ok(written)
    }

    /// The newest `updated_at` per part kind of the actor's manuscript `id`, trash included (a
    /// deletion is a change too); kinds without rows are left out.
    pub async fn latest_updates(
        &self,
        actor: &str,
        id: &str,
    ) -> Result<Vec<(EntityKind, EpochMs)>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let owner = owner_for(&mut conn, actor, EntityKind::Manuscript, id, Need::Read).await?;
        let actor = owner.as_str();
        let manuscript = load(&mut conn, actor, EntityKind::Manuscript, id).await?;
        let mut latest = vec![(EntityKind::Manuscript, manuscript.updated_at)];
        for kind in MANUSCRIPT_PARTS {
            latest_of(&mut conn, actor, kind, id)
                .await?
                .into_iter()
                .for_each(|at| latest.push((kind, at)));
        }
        Ok(latest)
    }
}

async fn latest_of(
    conn: &mut AnyConnection,
    actor: &str,
    kind: EntityKind,
    manuscript_id: &str,
) -> Result<Option<EpochMs>, StoreError> {
    let sql = format!(
        "SELECT MAX(updated_at) FROM {} WHERE user_id = $1 AND manuscript_id = $2",
        kind.table()
    );
    let (at,): (Option<i64>,) = sqlx::query_as::<Any, _>(sqlx::AssertSqlSafe(sql))
        .bind(actor)
        .bind(manuscript_id)
        .fetch_one(&mut *conn)
        .await?;
    Ok(at)
}
