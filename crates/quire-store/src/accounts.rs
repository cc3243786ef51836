//! Users and their sessions. Every read is by the caller's own id, by a credential (email,
//! token hash) or by a session id the caller owns.

use sqlx::Any;

use crate::{Store, StoreError};

/// A user row as stored. `settings` and `meta` are JSON objects.
#[derive(Debug, Clone, PartialEq)]
pub struct UserRow {
    pub id: String,
    pub name: String,
    pub email: String,
    pub password_hash: Option<String>,
    pub level: i64,
    pub price_tier: i64,
    pub email_verified_at: Option<i64>,
    pub meta: String,
    pub settings: String,
    pub created_at: i64,
    pub updated_at: i64,
    /// The second factor (`totp` or `sms`), from `user_mfa`; `None` when two-factor is off.
    pub mfa_method: Option<String>,
    pub mfa_totp_factor_sid: Option<String>,
    pub mfa_sms_phone: Option<String>,
}

type UserTuple = (
    String,
    String,
    String,
    Option<String>,
    i64,
    i64,
    Option<i64>,
    String,
    String,
    i64,
    i64,
    Option<String>,
    Option<String>,
    Option<String>,
);

/// The columns of a [`UserRow`], for `SELECT … FROM app_user`. The two-factor state comes from
/// `user_mfa` (never its secret).
const USER_COLUMNS: &str = "id, name, email, password_hash, level, price_tier, email_verified_at, \
     meta, settings, created_at, updated_at, \
     (SELECT m.method FROM user_mfa m WHERE m.user_id = app_user.id), \
     (SELECT m.totp_factor_sid FROM user_mfa m WHERE m.user_id = app_user.id), \
     (SELECT m.sms_phone FROM user_mfa m WHERE m.user_id = app_user.id)";

fn user_from(t: UserTuple) -> UserRow {
    UserRow {
        id: t.0,
        name: t.1,
        email: t.2,
        password_hash: t.3,
        level: t.4,
        price_tier: t.5,
        email_verified_at: t.6,
        meta: t.7,
        settings: t.8,
        created_at: t.9,
        updated_at: t.10,
        mfa_method: t.11,
        mfa_totp_factor_sid: t.12,
        mfa_sms_phone: t.13,
    }
}

/// A new account.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub id: String,
    pub name: String,
    pub email: String,
    pub email_normalized: String,
    pub password_hash: Option<String>,
    pub meta: String,
    pub settings: String,
    pub gift_uid: Option<String>,
    pub created_at: i64,
}

/// A new session: the hashes of its two tokens and when each expires.
#[derive(Debug, Clone)]
pub struct NewSession {
    pub id: String,
    pub user_id: String,
    pub access_hash: String,
    pub access_expires_at: i64,
    pub refresh_hash: String,
    pub refresh_expires_at: i64,
    pub keep_logged_in: bool,
    pub user_agent: String,
    pub platform: String,
    pub ip: String,
    pub created_at: i64,
}

/// Who an access token belongs to, if it is still good.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionAuth {
    pub session_id: String,
    pub user_id: String,
    pub level: i64,
    pub access_expires_at: i64,
    pub revoked_at: Option<i64>,
}

/// A session as the owner's session list shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SessionRow {
    pub id: String,
    pub user_agent: String,
    pub platform: String,
    pub ip: String,
    pub keep_logged_in: bool,
    pub created_at: i64,
    pub last_seen_at: i64,
}

/// What presenting a refresh token led to.
#[derive(Debug, Clone, PartialEq)]
pub enum RefreshOutcome {
    /// The token was current: the session now has the new tokens.
    Rotated {
        session_id: String,
        user_id: String,
        keep_logged_in: bool,
    },
    /// The token was retired `retired_at`: a replay (or a second tab racing the first).
    Reused { session_id: String, retired_at: i64 },
    /// Unknown, expired or revoked.
    Invalid,
}

/// The new tokens a rotation installs.
#[derive(Debug, Clone)]
pub struct Rotation {
    pub access_hash: String,
    pub access_expires_at: i64,
    pub refresh_hash: String,
    /// The refresh expiry for a session with "keep me logged in".
    pub refresh_expires_at_kept: i64,
    /// The refresh expiry for a session without it.
    pub refresh_expires_at: i64,
    pub now: i64,
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::UniqueViolation)
}

impl Store {
    /// Creates an account; `StoreError::Conflict` when the email is taken.
    pub async fn create_user(&self, user: &NewUser) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "INSERT INTO app_user (id, name, email, email_normalized, password_hash, meta, settings, \
             gift_uid, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
        )
        .bind(&user.id)
        .bind(&user.name)
        .bind(&user.email)
        .bind(&user.email_normalized)
        .bind(&user.password_hash)
        .bind(&user.meta)
        .bind(&user.settings)
        .bind(&user.gift_uid)
        .bind(user.created_at)
        .execute(&self.pool)
        .await
        .map_err(|e| {
            if is_unique_violation(&e) {
                StoreError::Conflict("email")
            } else {
                e.into()
            }
        })?;
        Ok(())
    }

    /// The account signing in with this (normalised) email.
    pub async fn user_by_email(
        &self,
        email_normalized: &str,
    ) -> Result<Option<UserRow>, StoreError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM app_user WHERE email_normalized = $1");
        let row: Option<UserTuple> = sqlx::query_as::<Any, _>(sqlx::AssertSqlSafe(sql))
            .bind(email_normalized)
            .fetch_optional(&self.pool)
            .await?;
        Ok(row.map(user_from))
    }

    /// The caller's own account.
    pub async fn user(&self, user_id: &str) -> Result<UserRow, StoreError> {
        let sql = format!("SELECT {USER_COLUMNS} FROM app_user WHERE id = $1");
        let row: Option<UserTuple> = sqlx::query_as::<Any, _>(sqlx::AssertSqlSafe(sql))
            .bind(user_id)
            .fetch_optional(&self.pool)
            .await?;
        row.map(user_from).ok_or(StoreError::NotFound)
    }

    /// Saves the caller's name and settings.
    pub async fn update_profile(
        &self,
        user_id: &str,
        name: &str,
        settings: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let done = sqlx::query::<Any>(
            "UPDATE app_user SET name = $2, settings = $3, updated_at = $4 WHERE id = $1",
        )
        .bind(user_id)
        .bind(name)
        .bind(settings)
        .bind(now)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::NotFound)
        }
    }

    /// Replaces the caller's password hash, clears `password_temporary` and revokes every other
    /// session, in one transaction.
    pub async fn set_password(
        &self,
        user_id: &str,
        password_hash: &str,
        keep_session: Option<&str>,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        let settings: Option<String> =
            sqlx::query_scalar::<Any, String>("SELECT settings FROM app_user WHERE id = $1")
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await?;
        let Some(settings) = settings else {
            return Err(StoreError::NotFound);
        };
        // A password the user chose is no longer a temporary one.
        let mut settings: serde_json::Map<String, serde_json::Value> =
            serde_json::from_str(&settings).unwrap_or_default();
        settings.insert(
            "password_temporary".to_owned(),
            serde_json::Value::Bool(false),
        );
        sqlx::query::<Any>(
            "UPDATE app_user SET password_hash = $2, settings = $3, updated_at = $4 WHERE id = $1",
        )
        .bind(user_id)
        .bind(password_hash)
        .bind(serde_json::Value::Object(settings).to_string())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        sqlx::query::<Any>(
            "UPDATE user_session SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL \
             AND id <> $3",
        )
        .bind(user_id)
        .bind(now)
        .bind(keep_session.unwrap_or(""))
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Changes the caller's email (unverified again); `Conflict` when another account has it.
    pub async fn set_email(
        &self,
        user_id: &str,
        email: &str,
        email_normalized: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "UPDATE app_user SET email = $2, email_normalized = $3, email_verified_at = NULL, \
             updated_at = $4 WHERE id = $1",
        )
        .bind(user_id)
        .bind(email)
        .bind(email_normalized)
        .bind(now)
        .execute(&self.pool)
        .await
        .map_err(|e| {
            if is_unique_violation(&e) {
                StoreError::Conflict("email")
            } else {
                e.into()
            }
        })?;
        Ok(())
    }

    /// Removes the caller's account and, by cascade, everything that belongs to it; custom
    /// templates (their table also holds the built-ins, so it has no foreign key) go with it in
    /// the same transaction.
    pub async fn delete_user(&self, user_id: &str) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        sqlx::query::<Any>("DELETE FROM template WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        let done = sqlx::query::<Any>("DELETE FROM app_user WHERE id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::NotFound);
        }
        tx.commit().await?;
        Ok(())
    }

    pub async fn create_session(&self, s: &NewSession) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "INSERT INTO user_session (id, user_id, access_hash, access_expires_at, refresh_hash, \
             refresh_expires_at, keep_logged_in, user_agent, platform, ip, created_at, last_seen_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)",
        )
        .bind(&s.id)
        .bind(&s.user_id)
        .bind(&s.access_hash)
        .bind(s.access_expires_at)
        .bind(&s.refresh_hash)
        .bind(s.refresh_expires_at)
        .bind(i64::from(s.keep_logged_in))
        .bind(&s.user_agent)
        .bind(&s.platform)
        .bind(&s.ip)
        .bind(s.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The session an access token hash belongs to, whatever its state (the caller decides).
    pub async fn session_by_access(
        &self,
        access_hash: &str,
    ) -> Result<Option<SessionAuth>, StoreError> {
        let row: Option<(String, String, i64, i64, Option<i64>)> = sqlx::query_as::<Any, _>(
            "SELECT s.id, s.user_id, u.level, s.access_expires_at, s.revoked_at \
             FROM user_session s JOIN app_user u ON u.id = s.user_id WHERE s.access_hash = $1",
        )
        .bind(access_hash)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(
            |(session_id, user_id, level, access_expires_at, revoked_at)| SessionAuth {
                session_id,
                user_id,
                level,
                access_expires_at,
                revoked_at,
            },
        ))
    }

    /// Exchanges a current refresh token for the new tokens of `rotation`, atomically: of two
    /// requests presenting the same token, one rotates and the other sees `Reused`.
    pub async fn rotate_refresh(
        &self,
        refresh_hash: &str,
        rotation: &Rotation,
    ) -> Result<RefreshOutcome, StoreError> {
        let mut tx = self.write_tx().await?;
        let current: Option<(String, String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, user_id, keep_logged_in FROM user_session WHERE refresh_hash = $1 \
             AND revoked_at IS NULL AND refresh_expires_at > $2",
        )
        .bind(refresh_hash)
        .bind(rotation.now)
        .fetch_optional(&mut *tx)
        .await?;
        if let Some((session_id, user_id, keep)) = current {
            let refresh_expires_at = if keep != 0 {
                rotation.refresh_expires_at_kept
            } else {
                rotation.refresh_expires_at
            };
            let done = sqlx::query::<Any>(
                "UPDATE user_session SET access_hash = $2, access_expires_at = $3, refresh_hash = $4, \
                 refresh_expires_at = $5, last_seen_at = $6 WHERE id = $1 AND refresh_hash = $7",
            )
            .bind(&session_id)
            .bind(&rotation.access_hash)
            .bind(rotation.access_expires_at)
            .bind(&rotation.refresh_hash)
            .bind(refresh_expires_at)
            .bind(rotation.now)
            .bind(refresh_hash)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() == 1 {
                sqlx::query::<Any>(
                    "INSERT INTO retired_refresh_token (hash, session_id, retired_at) VALUES ($1, $2, $3)",
                )
                .bind(refresh_hash)
                .bind(&session_id)
                .bind(rotation.now)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                return Ok(RefreshOutcome::Rotated {
                    session_id,
                    user_id,
                    keep_logged_in: keep != 0,
                });
            }
        }
        let retired: Option<(String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT session_id, retired_at FROM retired_refresh_token WHERE hash = $1",
        )
        .bind(refresh_hash)
        .fetch_optional(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(match retired {
            Some((session_id, retired_at)) => RefreshOutcome::Reused {
                session_id,
                retired_at,
            },
            None => RefreshOutcome::Invalid,
        })
    }

    /// Revokes one session of the caller's; `NotFound` when it is not theirs.
    pub async fn revoke_session(
        &self,
        user_id: &str,
        session_id: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let done = sqlx::query::<Any>(
            "UPDATE user_session SET revoked_at = COALESCE(revoked_at, $3) WHERE id = $1 AND user_id = $2",
        )
        .bind(session_id)
        .bind(user_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        if done.rows_affected() == 1 {
            Ok(())
        } else {
            Err(StoreError::NotFound)
        }
    }

    /// Revokes a session found by its id alone: for refresh-token theft, where the thief's
    /// session is the one to end.
    pub async fn revoke_session_family(
        &self,
        session_id: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "UPDATE user_session SET revoked_at = COALESCE(revoked_at, $2) WHERE id = $1",
        )
        .bind(session_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The caller's live sessions, most recently used first.
    pub async fn sessions(&self, user_id: &str, now: i64) -> Result<Vec<SessionRow>, StoreError> {
        let rows: Vec<(String, String, String, String, i64, i64, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, user_agent, platform, ip, keep_logged_in, created_at, last_seen_at \
             FROM user_session WHERE user_id = $1 AND revoked_at IS NULL AND refresh_expires_at > $2 \
             ORDER BY last_seen_at DESC, id",
        )
        .bind(user_id)
        .bind(now)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, user_agent, platform, ip, keep, created_at, last_seen_at)| SessionRow {
                    id,
                    user_agent,
                    platform,
                    ip,
                    keep_logged_in: keep != 0,
                    created_at,
                    last_seen_at,
                },
            )
            .collect())
    }
}

/// A message to send.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    pub id: String,
    pub user_id: Option<String>,
    pub recipient: String,
    pub kind: String,
    pub subject: String,
    pub body_text: String,
    pub created_at: i64,
}

/// A mail-link token to store (by hash).
#[derive(Debug, Clone)]
pub struct NewEmailToken {
    pub hash: String,
    pub user_id: String,
    pub kind: &'static str,
    pub email: String,
    pub expires_at: i64,
    pub created_at: i64,
}

impl Store {
    /// Records a message in the outbox.
    pub async fn queue_mail(&self, mail: &OutgoingMail) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "INSERT INTO mail_outbox (id, user_id, recipient, kind, subject, body_text, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&mail.id)
        .bind(&mail.user_id)
        .bind(&mail.recipient)
        .bind(&mail.kind)
        .bind(&mail.subject)
        .bind(&mail.body_text)
        .bind(mail.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Marks an outbox message handed over (or failed, with the reason).
    pub async fn mark_mail(
        &self,
        id: &str,
        sent_at: Option<i64>,
        error: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query::<Any>("UPDATE mail_outbox SET sent_at = $2, error = $3 WHERE id = $1")
            .bind(id)
            .bind(sent_at)
            .bind(error)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The messages sent to `recipient`, newest first: (kind, subject, body).
    pub async fn mail_to(
        &self,
        recipient: &str,
    ) -> Result<Vec<(String, String, String)>, StoreError> {
        Ok(sqlx::query_as::<Any, (String, String, String)>(
            "SELECT kind, subject, body_text FROM mail_outbox WHERE recipient = $1 \
             ORDER BY created_at DESC, id DESC",
        )
        .bind(recipient)
        .fetch_all(&self.pool)
        .await?)
    }

    pub async fn create_email_token(&self, t: &NewEmailToken) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "INSERT INTO email_token (hash, user_id, kind, email, expires_at, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&t.hash)
        .bind(&t.user_id)
        .bind(t.kind)
        .bind(&t.email)
        .bind(t.expires_at)
        .bind(t.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Uses a mail-link token once: returns `(user_id, email)` if it was unused, unexpired and of
    /// `kind`, and marks it used in the same statement.
    pub async fn use_email_token(
        &self,
        hash: &str,
        kind: &str,
        now: i64,
    ) -> Result<Option<(String, String)>, StoreError> {
        let mut tx = self.write_tx().await?;
        let done = sqlx::query::<Any>(
            "UPDATE email_token SET used_at = $3 WHERE hash = $1 AND kind = $2 AND used_at IS NULL \
             AND expires_at > $3",
        )
        .bind(hash)
        .bind(kind)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        if done.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let row: (String, String) =
            sqlx::query_as::<Any, _>("SELECT user_id, email FROM email_token WHERE hash = $1")
                .bind(hash)
                .fetch_one(&mut *tx)
                .await?;
        tx.commit().await?;
        Ok(Some(row))
    }

    /// Marks the caller's email verified, if it is still `email`.
    pub async fn verify_email(
        &self,
        user_id: &str,
        email: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query::<Any>(
            "UPDATE app_user SET email_verified_at = COALESCE(email_verified_at, $3), updated_at = $3 \
             WHERE id = $1 AND email = $2",
        )
        .bind(user_id)
        .bind(email)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }
}

impl Store {
    /// Test support: makes a retired refresh token look `by_ms` older.
    #[doc(hidden)]
    pub async fn age_retired_token_for_test(&self, hash: &str, by_ms: i64) {
        sqlx::query::<Any>(
            "UPDATE retired_refresh_token SET retired_at = retired_at - $2 WHERE hash = $1",
        )
        .bind(hash)
        .bind(by_ms)
        .execute(&self.pool)
        .await
        .expect("the retired token ages");
    }
}
