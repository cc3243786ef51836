//! Reading rows, the acting user's own or those of a manuscript shared with them: one row, a
//! manuscript's (or the user's) live rows of a kind, a chapter's rows of a kind, and the trash.

use quire_core::time::EpochMs;

use super::access::{Need, owner_for};
use super::kind::{EntityKind, InManuscript, Parent};
use super::row::{Bind, EntityRow, load, load_where};
use crate::{Store, StoreError};

impl Store {
    /// The actor's row `id` of `kind`, in the trash or not; anyone else's is `NotFound`.
    pub async fn get(
        &self,
        actor: &str,
        kind: EntityKind,
        id: &str,
    ) -> Result<EntityRow, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let owner = owner_for(&mut conn, actor, kind, id, Need::Read).await?;
        load(&mut conn, &owner, kind, id).await
    }

    /// The actor's live rows of `kind` in `manuscript_id`, by order. With `None`: the user's
    /// own rows outside any manuscript (global notes and to-dos), or every folder or
    /// manuscript for those kinds.
    pub async fn list_by_manuscript(
        &self,
        actor: &str,
        kind: EntityKind,
        manuscript_id: Option<&str>,
    ) -> Result<Vec<EntityRow>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let owner = match (kind.in_manuscript(), manuscript_id) {
            (InManuscript::No, _) | (_, None) => actor.to_owned(),
            (_, Some(m)) => {
                owner_for(&mut conn, actor, EntityKind::Manuscript, m, Need::Read).await?
            }
        };
        let (filter, args) = match (kind.in_manuscript(), manuscript_id) {
            (InManuscript::No, _) => ("deleted_at IS NULL", vec![]),
            (_, None) => ("deleted_at IS NULL AND manuscript_id IS NULL", vec![]),
            (_, Some(m)) => (
                "deleted_at IS NULL AND manuscript_id = $2",
                vec![Bind::Text(Some(m.to_owned()))],
            ),
        };
        load_where(&mut conn, &owner, kind, filter, args).await
    }

    /// The actor's live rows of `kind` in every manuscript and outside any, by order: the
    /// user-wide statistics read this.
    pub async fn list_all(
        &self,
        actor: &str,
        kind: EntityKind,
    ) -> Result<Vec<EntityRow>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        load_where(&mut conn, actor, kind, "deleted_at IS NULL", vec![]).await
    }

    /// The actor's rows of `kind` that belong to chapter `chapter_id` (a chapter's content
    /// rows, versions, stashes or to-dos), the trash included, by order. A kind without a
    /// `chapter_id` column has none.
    pub async fn list_by_chapter(
        &self,
        actor: &str,
        kind: EntityKind,
        chapter_id: &str,
    ) -> Result<Vec<EntityRow>, StoreError> {
        if kind == EntityKind::Chapter || !kind.has_parent(Parent::Chapter) {
            return Ok(Vec::new());
        }
        let mut conn = self.pool.acquire().await?;
        let owner = owner_for(
            &mut conn,
            actor,
            EntityKind::Chapter,
            chapter_id,
            Need::Read,
        )
        .await?;
        let args = vec![Bind::Text(Some(chapter_id.to_owned()))];
        load_where(&mut conn, &owner, kind, "chapter_id = $2", args).await
    }

    /// The actor's rows of `kind` in the trash, most recently deleted first.
    pub async fn list_deleted(
        &self,
        actor: &str,
        kind: EntityKind,
    ) -> Result<Vec<EntityRow>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let mut rows = load_where(&mut conn, actor, kind, "deleted_at IS NOT NULL", vec![]).await?;
        rows.sort_by_key(|r| std::cmp::Reverse(r.deleted_at.unwrap_or(EpochMs::MIN)));
        Ok(rows)
    }

    /// The ids of all the actor's uploads, in the trash or not: what the object sweep keeps.
    pub async fn upload_ids(
        &self,
        actor: &str,
    ) -> Result<std::collections::HashSet<String>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows = load_where(&mut conn, actor, EntityKind::Upload, "1 = 1", vec![]).await?;
        Ok(rows.into_iter().map(|r| r.id).collect())
    }
}
