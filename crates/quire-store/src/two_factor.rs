//! Two-factor sign-in: an account's factor (TOTP secret or SMS phone), TOTP set-ups in
//! progress, SMS codes, the pending second step of a sign-in, and the SMS outbox.
//!
//! Every read is by the caller's own user id or by a token hash; codes and tokens are stored
//! only as hashes, and the TOTP secret only in `user_mfa.totp_secret`. Deciding whether a code
//! is right is the server's job: this module only counts tries and spends things once.

use sqlx::Any;

use crate::{Store, StoreError};

/// An account's second factor as the user object shows it (no secret).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserMfa {
    /// `totp` or `sms`.
    pub method: String,
    pub totp_factor_sid: Option<String>,
    pub sms_phone: Option<String>,
}

/// A TOTP set-up between step 1 and step 2.
#[derive(Debug, Clone)]
pub struct NewTotpSetup {
    pub factor_sid: String,
    pub user_id: String,
    pub secret: String,
    pub expires_at: i64,
    pub created_at: i64,
}

/// Why an SMS code was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmsPurpose {
    Enable,
    Login,
}

impl SmsPurpose {
    fn as_str(self) -> &'static str {
        match self {
            SmsPurpose::Enable => "enable",
            SmsPurpose::Login => "login",
        }
    }
}

/// An SMS code to remember (by hash).
#[derive(Debug, Clone)]
pub struct NewSmsCode {
    pub id: String,
    pub user_id: String,
    pub purpose: SmsPurpose,
    pub phone: String,
    pub code_hash: String,
    pub sent_at: i64,
    pub expires_at: i64,
}

/// A live SMS code: unused, unexpired, with tries left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmsCodeRow {
    pub id: String,
    pub phone: String,
    pub code_hash: String,
    pub sent_at: i64,
}

/// The pending second step of a sign-in.
#[derive(Debug, Clone)]
pub struct NewMfaLogin {
    pub token_hash: String,
    pub user_id: String,
    /// `totp` or `sms`.
    pub method: String,
    pub keep_logged_in: bool,
    pub sms_code_id: Option<String>,
    pub expires_at: i64,
    pub created_at: i64,
}

/// A sign-in's second step, found by its token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MfaLoginRow {
    pub user_id: String,
    pub method: String,
    pub keep_logged_in: bool,
    pub sms_code_id: Option<String>,
}

/// What presenting a sign-in token led to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MfaLoginLookup {
    /// Live: one try has been counted.
    Live(MfaLoginRow),
    /// Known and unused, but past its time.
    Expired,
    /// Unknown, used, or out of tries.
    Invalid,
}

/// An SMS recorded in the outbox.
#[derive(Debug, Clone)]
pub struct OutgoingSms {
    pub id: String,
    pub user_id: Option<String>,
    pub recipient: String,
    pub body_text: String,
    pub created_at: i64,
}

/// `user_id, method, keep_logged_in, sms_code_id, expires_at, used_at` of `mfa_login`.
type MfaLoginTuple = (String, String, i64, Option<String>, i64, Option<i64>);

/// Spent or expired rows are kept this long (for support), then removed on the next write.
const KEEP_SPENT_MS: i64 = 24 * 60 * 60 * 1000;

impl Store {
    /// The caller's second factor, if any.
    pub async fn user_mfa(&self, user_id: &str) -> Result<Option<UserMfa>, StoreError> {
        let row: Option<(String, Option<String>, Option<String>)> = sqlx::query_as::<Any, _>(
            "SELECT method, totp_factor_sid, sms_phone FROM user_mfa WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|(method, totp_factor_sid, sms_phone)| UserMfa {
            method,
            totp_factor_sid,
            sms_phone,
        }))
    }

    /// Opens a TOTP set-up (and forgets the caller's expired ones).
    pub async fn create_totp_setup(&self, setup: &NewTotpSetup) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        sqlx::query::<Any>("DELETE FROM mfa_totp_setup WHERE user_id = $1 AND expires_at <= $2")
            .bind(&setup.user_id)
            .bind(setup.created_at)
            .execute(&mut *tx)
            .await?;
        sqlx::query::<Any>(
            "INSERT INTO mfa_totp_setup (factor_sid, user_id, secret, expires_at, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&setup.factor_sid)
        .bind(&setup.user_id)
        .bind(&setup.secret)
        .bind(setup.expires_at)
        .bind(setup.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The secret of the caller's open TOTP set-up `factor_sid`; `None` when it is not theirs,
    /// unknown or expired.
    pub async fn totp_setup_secret(
        &self,
        user_id: &str,
        factor_sid: &str,
        now: i64,
    ) -> Result<Option<String>, StoreError> {
        Ok(sqlx::query_as::<Any, (String,)>(
            "SELECT secret FROM mfa_totp_setup WHERE factor_sid = $1 AND user_id = $2 \
             AND expires_at > $3",
        )
        .bind(factor_sid)
        .bind(user_id)
        .bind(now)
        .fetch_optional(&self.pool)
        .await?
        .map(|(secret,)| secret))
    }

    /// Finishes the caller's TOTP set-up `factor_sid`: TOTP becomes their factor (replacing any
    /// other), with `accepted_step` spent, and sign-ins waiting for the old factor are forgotten.
    /// `false` when the set-up was already finished or gone.
    pub async fn enable_totp(
        &self,
        user_id: &str,
        factor_sid: &str,
        accepted_step: i64,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write_tx().await?;
        let secret: Option<(String,)> = sqlx::query_as::<Any, _>(
            "SELECT secret FROM mfa_totp_setup WHERE factor_sid = $1 AND user_id = $2 \
             AND expires_at > $3",
        )
        .bind(factor_sid)
        .bind(user_id)
        .bind(now)
        .fetch_optional(&mut *tx)
        .await?;
        let Some((secret,)) = secret else {
            tx.rollback().await?;
            return Ok(false);
        };
        let taken =
            sqlx::query::<Any>("DELETE FROM mfa_totp_setup WHERE factor_sid = $1 AND user_id = $2")
                .bind(factor_sid)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
        if taken.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query::<Any>(
            "INSERT INTO user_mfa (user_id, method, totp_factor_sid, totp_secret, totp_last_step, \
             sms_phone, updated_at) VALUES ($1, 'totp', $2, $3, $4, NULL, $5) \
             ON CONFLICT (user_id) DO UPDATE SET method = 'totp', totp_factor_sid = $2, \
             totp_secret = $3, totp_last_step = $4, sms_phone = NULL, updated_at = $5",
        )
        .bind(user_id)
        .bind(factor_sid)
        .bind(&secret)
        .bind(accepted_step)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        forget_pending(&mut tx, user_id, false).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The caller's TOTP secret, when TOTP is their factor.
    pub async fn totp_secret(&self, user_id: &str) -> Result<Option<String>, StoreError> {
        let row: Option<(Option<String>,)> = sqlx::query_as::<Any, _>(
            "SELECT totp_secret FROM user_mfa WHERE user_id = $1 AND method = 'totp'",
        )
        .bind(user_id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.and_then(|(secret,)| secret))
    }

    /// Spends TOTP time step `step` for the caller: `true` only if it is later than every step
    /// accepted before, so that a code (and any earlier one) works once.
    pub async fn accept_totp_step(&self, user_id: &str, step: i64) -> Result<bool, StoreError> {
        let done = sqlx::query::<Any>(
            "UPDATE user_mfa SET totp_last_step = $2 WHERE user_id = $1 AND method = 'totp' \
             AND (totp_last_step IS NULL OR totp_last_step < $2)",
        )
        .bind(user_id)
        .bind(step)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Makes SMS to `phone` the caller's factor (replacing any other); sign-ins waiting for the
    /// old factor are forgotten.
    pub async fn enable_sms(&self, user_id: &str, phone: &str, now: i64) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        sqlx::query::<Any>(
            "INSERT INTO user_mfa (user_id, method, totp_factor_sid, totp_secret, totp_last_step, \
             sms_phone, updated_at) VALUES ($1, 'sms', NULL, NULL, NULL, $2, $3) \
             ON CONFLICT (user_id) DO UPDATE SET method = 'sms', totp_factor_sid = NULL, \
             totp_secret = NULL, totp_last_step = NULL, sms_phone = $2, updated_at = $3",
        )
        .bind(user_id)
        .bind(phone)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        forget_pending(&mut tx, user_id, false).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Turns the caller's two-factor off: the factor, set-ups in progress and pending sign-in
    /// steps are removed. `true` when there was a factor.
    pub async fn disable_mfa(&self, user_id: &str) -> Result<bool, StoreError> {
        let mut tx = self.write_tx().await?;
        let removed = sqlx::query::<Any>("DELETE FROM user_mfa WHERE user_id = $1")
            .bind(user_id)
            .execute(&mut *tx)
            .await?;
        forget_pending(&mut tx, user_id, true).await?;
        tx.commit().await?;
        Ok(removed.rows_affected() == 1)
    }

    /// Remembers a code just sent (and forgets the caller's long-spent ones).
    pub async fn create_sms_code(&self, code: &NewSmsCode) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        sqlx::query::<Any>("DELETE FROM mfa_sms_code WHERE user_id = $1 AND expires_at < $2")
            .bind(&code.user_id)
            .bind(code.sent_at - KEEP_SPENT_MS)
            .execute(&mut *tx)
            .await?;
        sqlx::query::<Any>(
            "INSERT INTO mfa_sms_code (id, user_id, purpose, phone, code_hash, sent_at, expires_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&code.id)
        .bind(&code.user_id)
        .bind(code.purpose.as_str())
        .bind(&code.phone)
        .bind(&code.code_hash)
        .bind(code.sent_at)
        .bind(code.expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets a code that could not be sent.
    pub async fn delete_sms_code(&self, user_id: &str, id: &str) -> Result<(), StoreError> {
        sqlx::query::<Any>("DELETE FROM mfa_sms_code WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(user_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// When the caller's last code for `purpose` was sent.
    pub async fn last_sms_sent_at(
        &self,
        user_id: &str,
        purpose: SmsPurpose,
    ) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_as::<Any, (i64,)>(
            "SELECT sent_at FROM mfa_sms_code WHERE user_id = $1 AND purpose = $2 \
             ORDER BY sent_at DESC LIMIT 1",
        )
        .bind(user_id)
        .bind(purpose.as_str())
        .fetch_optional(&self.pool)
        .await?
        .map(|(sent_at,)| sent_at))
    }

    /// The caller's newest live code for `purpose`, if any.
    pub async fn live_sms_code(
        &self,
        user_id: &str,
        purpose: SmsPurpose,
        now: i64,
        max_attempts: i64,
    ) -> Result<Option<SmsCodeRow>, StoreError> {
        let row: Option<(String, String, String, i64)> = sqlx::query_as::<Any, _>(
            "SELECT id, phone, code_hash, sent_at FROM mfa_sms_code WHERE user_id = $1 \
             AND purpose = $2 AND used_at IS NULL AND expires_at > $3 AND attempts < $4 \
             ORDER BY sent_at DESC LIMIT 1",
        )
        .bind(user_id)
        .bind(purpose.as_str())
        .bind(now)
        .bind(max_attempts)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(sms_code_from))
    }

    /// Counts one try at the caller's code `id` and returns it, if it is live (unused,
    /// unexpired, fewer than `max_attempts` tries so far).
    pub async fn try_sms_code(
        &self,
        user_id: &str,
        id: &str,
        purpose: SmsPurpose,
        now: i64,
        max_attempts: i64,
    ) -> Result<Option<SmsCodeRow>, StoreError> {
        let mut tx = self.write_tx().await?;
        let counted = sqlx::query::<Any>(
            "UPDATE mfa_sms_code SET attempts = attempts + 1 WHERE id = $1 AND user_id = $2 \
             AND purpose = $3 AND used_at IS NULL AND expires_at > $4 AND attempts < $5",
        )
        .bind(id)
        .bind(user_id)
        .bind(purpose.as_str())
        .bind(now)
        .bind(max_attempts)
        .execute(&mut *tx)
        .await?;
        if counted.rows_affected() != 1 {
            tx.rollback().await?;
            return Ok(None);
        }
        let row: (String, String, String, i64) = sqlx::query_as::<Any, _>(
            "SELECT id, phone, code_hash, sent_at FROM mfa_sms_code WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Some(sms_code_from(row)))
    }

    /// Spends the caller's code `id`: `true` for the one request that does.
    pub async fn use_sms_code(
        &self,
        user_id: &str,
        id: &str,
        now: i64,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query::<Any>(
            "UPDATE mfa_sms_code SET used_at = $3 WHERE id = $1 AND user_id = $2 AND used_at IS NULL",
        )
        .bind(id)
        .bind(user_id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Opens the second step of a sign-in (and forgets the user's long-spent ones).
    pub async fn create_mfa_login(&self, login: &NewMfaLogin) -> Result<(), StoreError> {
        let mut tx = self.write_tx().await?;
        sqlx::query::<Any>("DELETE FROM mfa_login WHERE user_id = $1 AND expires_at < $2")
            .bind(&login.user_id)
            .bind(login.created_at - KEEP_SPENT_MS)
            .execute(&mut *tx)
            .await?;
        sqlx::query::<Any>(
            "INSERT INTO mfa_login (token_hash, user_id, method, keep_logged_in, sms_code_id, \
             expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&login.token_hash)
        .bind(&login.user_id)
        .bind(&login.method)
        .bind(i64::from(login.keep_logged_in))
        .bind(&login.sms_code_id)
        .bind(login.expires_at)
        .bind(login.created_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Counts one try at the sign-in step with this token hash and says whether it is live.
    pub async fn try_mfa_login(
        &self,
        token_hash: &str,
        now: i64,
        max_attempts: i64,
    ) -> Result<MfaLoginLookup, StoreError> {
        let mut tx = self.write_tx().await?;
        let counted = sqlx::query::<Any>(
            "UPDATE mfa_login SET attempts = attempts + 1 WHERE token_hash = $1 \
             AND used_at IS NULL AND expires_at > $2 AND attempts < $3",
        )
        .bind(token_hash)
        .bind(now)
        .bind(max_attempts)
        .execute(&mut *tx)
        .await?;
        let row: Option<MfaLoginTuple> = sqlx::query_as::<Any, _>(
            "SELECT user_id, method, keep_logged_in, sms_code_id, expires_at, used_at \
                 FROM mfa_login WHERE token_hash = $1",
        )
        .bind(token_hash)
        .fetch_optional(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(match row {
            Some((user_id, method, keep, sms_code_id, _, _)) if counted.rows_affected() == 1 => {
                MfaLoginLookup::Live(MfaLoginRow {
                    user_id,
                    method,
                    keep_logged_in: keep != 0,
                    sms_code_id,
                })
            }
            Some((_, _, _, _, expires_at, None)) if expires_at <= now => MfaLoginLookup::Expired,
            _ => MfaLoginLookup::Invalid,
        })
    }

    /// Spends a sign-in step: `true` for the one request that does.
    pub async fn use_mfa_login(&self, token_hash: &str, now: i64) -> Result<bool, StoreError> {
        let done = sqlx::query::<Any>(
            "UPDATE mfa_login SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL",
        )
        .bind(token_hash)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Records an SMS in the outbox.
    pub async fn record_sms(&self, sms: &OutgoingSms) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "INSERT INTO sms_outbox (id, user_id, recipient, body_text, created_at) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&sms.id)
        .bind(&sms.user_id)
        .bind(&sms.recipient)
        .bind(&sms.body_text)
        .bind(sms.created_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The texts the outbox holds for `recipient`, newest first.
    pub async fn sms_to(&self, recipient: &str) -> Result<Vec<String>, StoreError> {
        Ok(sqlx::query_as::<Any, (String,)>(
            "SELECT body_text FROM sms_outbox WHERE recipient = $1 ORDER BY created_at DESC, id DESC",
        )
        .bind(recipient)
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|(text,)| text)
        .collect())
    }
}

/// Forgets the user's sign-ins waiting for a second step (and their texted codes): after the
/// factor changes, none of them may finish with the old one. With `set_ups`, TOTP set-ups and
/// set-up codes in progress go too.
async fn forget_pending(
    tx: &mut sqlx::Transaction<'_, Any>,
    user_id: &str,
    set_ups: bool,
) -> Result<(), StoreError> {
    let mut statements = vec![
        "DELETE FROM mfa_login WHERE user_id = $1",
        "DELETE FROM mfa_sms_code WHERE user_id = $1 AND purpose = 'login'",
    ];
    if set_ups {
        statements.push("DELETE FROM mfa_totp_setup WHERE user_id = $1");
        statements.push("DELETE FROM mfa_sms_code WHERE user_id = $1");
    }
    for sql in statements {
        sqlx::query::<Any>(sql)
            .bind(user_id)
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
}

fn sms_code_from((id, phone, code_hash, sent_at): (String, String, String, i64)) -> SmsCodeRow {
    SmsCodeRow {
        id,
        phone,
        code_hash,
        sent_at,
    }
}

impl Store {
    /// Test support: moves a sign-in step's expiry `by_ms` into the past.
    #[doc(hidden)]
    pub async fn age_mfa_login_for_test(&self, token_hash: &str, by_ms: i64) {
        sqlx::query::<Any>(
            "UPDATE mfa_login SET expires_at = expires_at - $2, created_at = created_at - $2 \
             WHERE token_hash = $1",
        )
        .bind(token_hash)
        .bind(by_ms)
        .execute(&self.pool)
        .await
        .expect("the sign-in step ages");
    }

    /// Test support: makes the user's SMS codes look `by_ms` older (sent and expiring earlier).
    #[doc(hidden)]
    pub async fn age_sms_codes_for_test(&self, user_id: &str, by_ms: i64) {
        sqlx::query::<Any>(
            "UPDATE mfa_sms_code SET sent_at = sent_at - $2, expires_at = expires_at - $2 \
             WHERE user_id = $1",
        )
        .bind(user_id)
        .bind(by_ms)
        .execute(&self.pool)
        .await
        .expect("the SMS codes age");
    }
}
