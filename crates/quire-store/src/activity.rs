//! The activity log devices send in batches (ADR 0010): entries stored as sent, keyed by the
//! device's id for each, so a batch retried after a lost answer is stored once.

use quire_core::time::EpochMs;
use sqlx::Any;

use crate::{Store, StoreError};

/// One entry of a batch, checked by the caller.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityEntry {
    pub id: String,
    pub kind: String,
    pub created_at: EpochMs,
    /// The entry as sent, JSON.
    pub data: String,
}

impl Store {
    /// Stores a batch in one transaction; answers how many entries were new.
    pub async fn record_activity(
        &self,
        user_id: &str,
        entries: &[ActivityEntry],
        now: EpochMs,
    ) -> Result<u64, StoreError> {
        let mut tx = self.write_tx().await?;
        let mut stored = 0;
        for entry in entries {
            stored += sqlx::query::<Any>(
                "INSERT INTO activity_log (id, user_id, type, created_at, received_at, data) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING",
            )
            .bind(&entry.id)
            .bind(user_id)
            .bind(&entry.kind)
            .bind(entry.created_at)
            .bind(now)
            .bind(&entry.data)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        }
        tx.commit().await?;
        Ok(stored)
    }

    /// The user's entries, newest first (for support and the tests).
    pub async fn activity_of(&self, user_id: &str) -> Result<Vec<ActivityEntry>, StoreError> {
        let rows: Vec<(String, String, i64, String)> = sqlx::query_as::<Any, _>(
            "SELECT id, type, created_at, data FROM activity_log WHERE user_id = $1 \
             ORDER BY created_at DESC, id",
        )
        .bind(user_id)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(id, kind, created_at, data)| ActivityEntry {
                id,
                kind,
                created_at,
                data,
            })
            .collect())
    }

    /// Forgets entries received before `cutoff`.
    pub async fn purge_activity_before(&self, cutoff: EpochMs) -> Result<u64, StoreError> {
        Ok(
            sqlx::query::<Any>("DELETE FROM activity_log WHERE received_at < $1")
                .bind(cutoff)
                .execute(&self.pool)
                .await?
                .rows_affected(),
        )
    }
}
