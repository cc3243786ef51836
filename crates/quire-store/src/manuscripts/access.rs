//! Who may do what with a row: its owner everything; a user the row's manuscript is shared
//! with (a grant) reads it, and with Write changes it. Every entry point resolves the acting
//! user to the row's owner here, first, and then runs the owner-scoped code path unchanged —
//! so a shared manuscript's rows stay its owner's (and go with the owner's account), and no
//! query ever runs unscoped.

use quire_core::manuscript::SharePermission;
use quire_core::time::EpochMs;
use sqlx::{Any, AnyConnection};

use super::kind::{EntityKind, InManuscript};
use super::row::{EntityRow, load, load_any_owner};
use crate::{Store, StoreError};

/// What an operation needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    Read,
    Write,
}

/// A grant on a manuscript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    pub manuscript_id: String,
    pub user_id: String,
    /// The grantee's name and email, for the owner's "People With Access".
    pub user_name: String,
    pub user_email: String,
    pub permission: SharePermission,
    pub created_at: EpochMs,
}

/// The actor's grant on `manuscript_id`, if any.
pub(crate) async fn grant_of(
    conn: &mut AnyConnection,
    actor: &str,
    manuscript_id: &str,
) -> Result<Option<SharePermission>, StoreError> {
    let found: Option<(i64,)> = sqlx::query_as::<Any, _>(
        "SELECT permission FROM manuscript_grant WHERE manuscript_id = $1 AND user_id = $2",
    )
    .bind(manuscript_id)
    .bind(actor)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(found.and_then(|(p,)| SharePermission::from_value(p)))
}

/// Whether `permission` allows `need`: `NotAuthorized` when it does not (the actor can see the
/// manuscript, so "not found" would be a lie).
fn allows(permission: SharePermission, need: Need) -> Result<(), StoreError> {
    match need {
        Need::Read => Ok(()),
        Need::Write if permission.can_write() => Ok(()),
        Need::Write => Err(StoreError::NotAuthorized),
    }
}

/// The owner the actor acts as on the stored row `row`: the actor itself when it owns the row;
/// the owner when the row is inside a manuscript shared with the actor with enough permission.
/// A manuscript row itself is read through a grant but changed only by its owner; folders and
/// rows outside any manuscript are their owner's alone.
pub(crate) async fn owner_for_row(
    conn: &mut AnyConnection,
    actor: &str,
    row: &EntityRow,
    need: Need,
) -> Result<String, StoreError> {
    if row.user_id == actor {
        return Ok(row.user_id.clone());
    }
    let manuscript = match row.kind.in_manuscript() {
        InManuscript::No if row.kind == EntityKind::Manuscript => Some(row.id.as_str()),
        InManuscript::No => None,
        _ => row.manuscript_id.as_deref(),
    };
    let Some(manuscript) = manuscript else {
        return Err(StoreError::NotFound);
    };
    let Some(permission) = grant_of(conn, actor, manuscript).await? else {
        return Err(StoreError::NotFound);
    };
    if row.kind == EntityKind::Manuscript && need == Need::Write {
        return Err(StoreError::NotAuthorized);
    }
    allows(permission, need)?;
    Ok(row.user_id.clone())
}

/// The owner the actor acts as on row `id` of `kind` (see [`owner_for_row`]); `NotFound` when
/// there is no such row or the actor has no access to it.
pub(crate) async fn owner_for(
    conn: &mut AnyConnection,
    actor: &str,
    kind: EntityKind,
    id: &str,
    need: Need,
) -> Result<String, StoreError> {
    let row = load_any_owner(conn, kind, id)
        .await?
        .ok_or(StoreError::NotFound)?;
    owner_for_row(conn, actor, &row, need).await
}

/// The owner the actor acts as when it writes a new row into `manuscript_id` (`None`: a row of
/// the actor's own, outside any manuscript).
pub(crate) async fn owner_for_new(
    conn: &mut AnyConnection,
    actor: &str,
    manuscript_id: Option<&str>,
) -> Result<String, StoreError> {
    match manuscript_id {
        None => Ok(actor.to_owned()),
        Some(m) => match load_any_owner(conn, EntityKind::Manuscript, m).await? {
            Some(manuscript) if manuscript.user_id == actor => Ok(actor.to_owned()),
            Some(manuscript) => {
                let permission = grant_of(conn, actor, m)
                    .await?
                    .ok_or(StoreError::NotFound)?;
                allows(permission, Need::Write)?;
                Ok(manuscript.user_id)
            }
            None => Err(StoreError::NotFound),
        },
    }
}

impl Store {
    /// Shares the owner's manuscript with `user_id` (replacing an earlier permission), or with
    /// `None` removes the grant. Only the owner may; sharing with oneself is refused.
    pub async fn set_grant(
        &self,
        owner: &str,
        manuscript_id: &str,
        user_id: &str,
        permission: Option<SharePermission>,
        now: EpochMs,
    ) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        load(&mut tx, owner, EntityKind::Manuscript, manuscript_id).await?;
        if user_id == owner {
            return Err(StoreError::Rule("cannot_share_with_yourself"));
        }
        sqlx::query::<Any>(
            "DELETE FROM manuscript_grant WHERE manuscript_id = $1 AND user_id = $2",
        )
        .bind(manuscript_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
        if let Some(permission) = permission {
            sqlx::query::<Any>(
                "INSERT INTO manuscript_grant (manuscript_id, user_id, permission, created_at, \
                 updated_at) VALUES ($1, $2, $3, $4, $4)",
            )
            .bind(manuscript_id)
            .bind(user_id)
            .bind(permission.value())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// The grants on the owner's manuscript with the grantees' names and emails, oldest first.
    pub async fn grants(&self, owner: &str, manuscript_id: &str) -> Result<Vec<Grant>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        load(&mut conn, owner, EntityKind::Manuscript, manuscript_id).await?;
        let rows: Vec<(String, String, String, i64, i64)> = sqlx::query_as::<Any, _>(
            "SELECT g.user_id, u.name, u.email, g.permission, g.created_at \
             FROM manuscript_grant g JOIN app_user u ON u.id = g.user_id \
             WHERE g.manuscript_id = $1 ORDER BY g.created_at, g.user_id",
        )
        .bind(manuscript_id)
        .fetch_all(&mut *conn)
        .await?;
        Ok(rows
            .into_iter()
            .filter_map(|(user_id, user_name, user_email, p, created_at)| {
                SharePermission::from_value(p).map(|permission| Grant {
                    manuscript_id: manuscript_id.to_owned(),
                    user_id,
                    user_name,
                    user_email,
                    permission,
                    created_at,
                })
            })
            .collect())
    }

    /// The actor's access to a manuscript: `None` for its owner, the grant's permission for a
    /// user it is shared with; `NotFound` for anyone else.
    pub async fn shared_permission(
        &self,
        actor: &str,
        manuscript_id: &str,
    ) -> Result<Option<SharePermission>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let manuscript = load_any_owner(&mut conn, EntityKind::Manuscript, manuscript_id)
            .await?
            .ok_or(StoreError::NotFound)?;
        if manuscript.user_id == actor {
            return Ok(None);
        }
        grant_of(&mut conn, actor, manuscript_id)
            .await?
            .map(Some)
            .ok_or(StoreError::NotFound)
    }

    /// The id of the user who owns a manuscript and whether it is in the trash; `NotFound`
    /// when there is no such manuscript. Says nothing about who may see it.
    pub async fn manuscript_owner(
        &self,
        manuscript_id: &str,
    ) -> Result<(String, bool), StoreError> {
        let mut conn = self.pool.acquire().await?;
        load_any_owner(&mut conn, EntityKind::Manuscript, manuscript_id)
            .await?
            .map(|row| (row.user_id, row.deleted_at.is_some()))
            .ok_or(StoreError::NotFound)
    }

    /// The live manuscripts shared with the actor, with the actor's permission on each.
    pub async fn shared_with(
        &self,
        actor: &str,
    ) -> Result<Vec<(EntityRow, SharePermission)>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let grants: Vec<(String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT manuscript_id, permission FROM manuscript_grant WHERE user_id = $1",
        )
        .bind(actor)
        .fetch_all(&mut *conn)
        .await?;
        let mut shared = Vec::new();
        for (manuscript_id, p) in grants {
            let (Some(permission), Some(row)) = (
                SharePermission::from_value(p),
                load_any_owner(&mut conn, EntityKind::Manuscript, &manuscript_id).await?,
            ) else {
                continue;
            };
            if row.deleted_at.is_none() {
                shared.push((row, permission));
            }
        }
        Ok(shared)
    }
}
