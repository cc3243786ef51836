//! Delivering the mail outbox over SMTP: claiming due messages (so that of several server
//! instances only one sends each), and recording the hand-over or the failure.
//!
//! Queuing stays in `accounts` ([`Store::queue_mail`]); this module never decides when to try
//! again, it stores what the sender decided.

use sqlx::Any;

use crate::{Store, StoreError};

/// A message to hand to the SMTP server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueuedMail {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    /// Tries before this one.
    pub attempts: i64,
}

/// What became of a message, for tests and support.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MailDelivery {
    pub kind: String,
    pub sent_at: Option<i64>,
    pub error: Option<String>,
    pub attempts: i64,
    pub next_attempt_at: Option<i64>,
}

/// Which messages a sender may take.
#[derive(Debug, Clone, Copy)]
pub struct Claim {
    pub now: i64,
    /// Until when the claimed messages are the sender's (it marks them before then).
    pub lease_until: i64,
    /// Messages queued before this are left alone (stale, or from before SMTP was set up).
    pub created_after: i64,
    /// Messages with this many tries are left alone.
    pub max_attempts: i64,
    pub limit: i64,
}

/// `kind, sent_at, error, attempts, next_attempt_at`.
type DeliveryTuple = (String, Option<i64>, Option<String>, i64, Option<i64>);

impl Store {
    /// Claims up to `claim.limit` unsent messages that are due, oldest first. A message is
    /// claimed by moving its `next_attempt_at` to the lease's end, so a second sender (another
    /// instance) skips it.
    pub async fn claim_due_mail(&self, claim: &Claim) -> Result<Vec<QueuedMail>, StoreError> {
        let candidates: Vec<(String, String, String, String, i64, Option<i64>)> = sqlx::query_as::<
            Any,
            _,
        >(
            "SELECT id, recipient, subject, body_text, attempts, next_attempt_at FROM mail_outbox \
                 WHERE sent_at IS NULL AND created_at > $1 AND attempts < $2 \
                 AND (next_attempt_at IS NULL OR next_attempt_at <= $3) \
                 ORDER BY created_at, id LIMIT $4",
        )
        .bind(claim.created_after)
        .bind(claim.max_attempts)
        .bind(claim.now)
        .bind(claim.limit)
        .fetch_all(&self.pool)
        .await?;
        let mut claimed = Vec::with_capacity(candidates.len());
        for (id, recipient, subject, body_text, attempts, seen_next) in candidates {
            // Compare-and-set on the value we read: only one sender moves it.
            let done = sqlx::query::<Any>(
                "UPDATE mail_outbox SET next_attempt_at = $2 WHERE id = $1 AND sent_at IS NULL \
                 AND attempts = $3 AND COALESCE(next_attempt_at, 0) = $4",
            )
            .bind(&id)
            .bind(claim.lease_until)
            .bind(attempts)
            .bind(seen_next.unwrap_or(0))
            .execute(&self.pool)
            .await?;
            if done.rows_affected() == 1 {
                claimed.push(QueuedMail {
                    id,
                    recipient,
                    subject,
                    body_text,
                    attempts,
                });
            }
        }
        Ok(claimed)
    }

    /// Records that the SMTP server accepted a message.
    pub async fn mail_delivered(&self, id: &str, now: i64) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "UPDATE mail_outbox SET sent_at = $2, attempts = attempts + 1, error = NULL, \
             next_attempt_at = NULL WHERE id = $1",
        )
        .bind(id)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records a failed try: `attempts` tries so far, the next not before `next_attempt_at`.
    pub async fn mail_delivery_failed(
        &self,
        id: &str,
        error: &str,
        attempts: i64,
        next_attempt_at: i64,
    ) -> Result<(), StoreError> {
        sqlx::query::<Any>(
            "UPDATE mail_outbox SET error = $2, attempts = $3, next_attempt_at = $4 \
             WHERE id = $1 AND sent_at IS NULL",
        )
        .bind(id)
        .bind(error)
        .bind(attempts)
        .bind(next_attempt_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// What became of the messages to `recipient`, newest first.
    pub async fn mail_delivery_to(&self, recipient: &str) -> Result<Vec<MailDelivery>, StoreError> {
        let rows: Vec<DeliveryTuple> = sqlx::query_as::<Any, _>(
            "SELECT kind, sent_at, error, attempts, next_attempt_at FROM mail_outbox \
                 WHERE recipient = $1 ORDER BY created_at DESC, id DESC",
        )
        .bind(recipient)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(
                |(kind, sent_at, error, attempts, next_attempt_at)| MailDelivery {
                    kind,
                    sent_at,
                    error,
                    attempts,
                    next_attempt_at,
                },
            )
            .collect())
    }
}
