//! Who may do what with a row, as quire-core's access policy decides it: this module finds the
//! actor's role on the row's manuscript (its owner, or the grant it holds) and asks the policy.
//! Every entry point resolves the acting user to the row's owner here, first, and then runs the
//! owner-scoped code path unchanged — so a shared manuscript's rows stay its owner's (and go
//! with the owner's account), and no query ever runs unscoped.

use quire_core::manuscript::SharePermission;
use quire_core::policy::{self, Action, Role};
use quire_core::time::EpochMs;
use sqlx::{Any, AnyConnection};

use super::kind::{EntityKind, InManuscript};
use super::row::{EntityRow, load_any_owner};
use crate::{Store, StoreError};

/// What an operation does with a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Need {
    Read,
    /// Changes the row (or, for a new row, adds it).
    Write,
    /// Moves the row to the trash, out of it, or deletes it for good.
    Trash,
}

/// The policy's action for doing `need` with a row of `kind`: the manuscript row itself has
/// decisions of its own; every row inside a manuscript is its contents.
fn action(kind: EntityKind, need: Need) -> Action {
    match (need, kind == EntityKind::Manuscript) {
        (Need::Read, _) => Action::Read,
        (Need::Write, true) => Action::ChangeManuscript,
        (Need::Trash, true) => Action::TrashManuscript,
        (Need::Write | Need::Trash, false) => Action::ChangeContents,
    }
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

/// The actor's role on manuscript `manuscript_id`, owned by `owner`: `NotFound` when the actor
/// has none (whether the manuscript exists is not revealed).
async fn role_on(
    conn: &mut AnyConnection,
    actor: &str,
    owner: &str,
    manuscript_id: &str,
) -> Result<Role, StoreError> {
    let grant = if actor == owner {
        None
    } else {
        grant_of(conn, actor, manuscript_id).await?
    };
    Role::of(actor, owner, grant).ok_or(StoreError::NotFound)
}

/// Whether `role` may take `action`: `NotAuthorized` when it may not (the actor can see the
/// manuscript, so "not found" would be a lie).
fn allows(role: Role, action: Action) -> Result<(), StoreError> {
    if policy::may(role, action) {
        Ok(())
    } else {
        Err(StoreError::NotAuthorized)
    }
}

/// The owner the actor acts as on the stored row `row`: the actor itself when it owns the row;
/// the owner when the row is, or is inside, a manuscript shared with the actor and the actor's
/// role allows `need`. Folders and rows outside any manuscript are their owner's alone.
pub(crate) async fn owner_for_row(
    conn: &mut AnyConnection,
    actor: &str,
    row: &EntityRow,
    need: Need,
) -> Result<String, StoreError> {
    let role = if row.user_id == actor {
        Role::Owner
    } else {
        let manuscript = match row.kind.in_manuscript() {
            InManuscript::No if row.kind == EntityKind::Manuscript => Some(row.id.as_str()),
            InManuscript::No => None,
            _ => row.manuscript_id.as_deref(),
        };
        let Some(manuscript) = manuscript else {
            return Err(StoreError::NotFound);
        };
        role_on(conn, actor, &row.user_id, manuscript).await?
    };
    allows(role, action(row.kind, need))?;
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
/// the actor's own, outside any manuscript): adding a row changes the manuscript's contents.
pub(crate) async fn owner_for_new(
    conn: &mut AnyConnection,
    actor: &str,
    manuscript_id: Option<&str>,
) -> Result<String, StoreError> {
    let Some(m) = manuscript_id else {
        return Ok(actor.to_owned());
    };
    let manuscript = load_any_owner(conn, EntityKind::Manuscript, m)
        .await?
        .ok_or(StoreError::NotFound)?;
    let role = role_on(conn, actor, &manuscript.user_id, m).await?;
    allows(role, Action::ChangeContents)?;
    Ok(manuscript.user_id)
}

/// Checks that the actor may share manuscript `manuscript_id`: `NotFound` for anyone the policy
/// does not let share it (whether others have access is not revealed to them).
async fn check_sharer(
    conn: &mut AnyConnection,
    actor: &str,
    manuscript_id: &str,
) -> Result<(), StoreError> {
    let manuscript = load_any_owner(conn, EntityKind::Manuscript, manuscript_id)
        .await?
        .ok_or(StoreError::NotFound)?;
    let role = role_on(conn, actor, &manuscript.user_id, manuscript_id).await?;
    if policy::may_share(role) {
        Ok(())
    } else {
        Err(StoreError::NotFound)
    }
}

impl Store {
    /// Shares the owner's manuscript with `user_id` (replacing an earlier permission), or with
    /// `None` removes the grant. Only a user the policy lets share may; sharing with oneself is
    /// refused. Answers whether the user had a grant before.
    pub async fn set_grant(
        &self,
        owner: &str,
        manuscript_id: &str,
        user_id: &str,
        permission: Option<SharePermission>,
        now: EpochMs,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write_tx().await?;
        check_sharer(&mut tx, owner, manuscript_id).await?;
        if user_id == owner {
            return Err(StoreError::Rule("cannot_share_with_yourself"));
        }
        let had_grant = sqlx::query::<Any>(
            "DELETE FROM manuscript_grant WHERE manuscript_id = $1 AND user_id = $2",
        )
        .bind(manuscript_id)
        .bind(user_id)
        .execute(&mut *tx)
        .await?
        .rows_affected()
            > 0;
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
        Ok(had_grant)
    }

    /// The grants on the owner's manuscript with the grantees' names and emails, oldest first.
    pub async fn grants(&self, owner: &str, manuscript_id: &str) -> Result<Vec<Grant>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        check_sharer(&mut conn, owner, manuscript_id).await?;
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

    /// The actor's role on a manuscript; `NotFound` when it has none.
    pub async fn manuscript_role(
        &self,
        actor: &str,
        manuscript_id: &str,
    ) -> Result<Role, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let manuscript = load_any_owner(&mut conn, EntityKind::Manuscript, manuscript_id)
            .await?
            .ok_or(StoreError::NotFound)?;
        role_on(&mut conn, actor, &manuscript.user_id, manuscript_id).await
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
