//! Where a document's updates are kept: a snapshot plus an append-only log, numbered per
//! document. quire-store implements it over SQLite and PostgreSQL.
//!
//! Sequence numbers are per document, gap-free, and committed in order (an append takes the
//! document's head row lock until it commits), so "every update after seq N" never skips one
//! committed by another instance.

use std::future::Future;

pub use quire_core::doc_log::{LoggedUpdate, StoredDoc};

/// What the log holds after a sequence number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Since {
    /// Every update after it, in order (none when nothing was written since).
    Updates(Vec<LoggedUpdate>),
    /// A compaction (perhaps by another instance) already folded some of them into the
    /// snapshot: they are no longer in the log, so the caller must load the document again.
    Compacted,
}

/// A failure of the storage underneath; the room answers it by refusing to acknowledge.
#[derive(Debug, thiserror::Error)]
#[error("update log: {0}")]
pub struct LogError(pub String);

/// The storage a room writes through.
pub trait UpdateLog: Send + Sync + 'static {
    /// The snapshot and every update after it.
    fn load(&self, doc: &str) -> impl Future<Output = Result<StoredDoc, LogError>> + Send;

    /// Appends updates in one transaction (the group commit) and answers the sequence numbers
    /// given to them, in order. Only after this returns are they acknowledged.
    fn append(
        &self,
        doc: &str,
        updates: &[Vec<u8>],
    ) -> impl Future<Output = Result<Vec<i64>, LogError>> + Send;

    /// Updates with a sequence number above `after`, in order (another instance's writes), or
    /// [`Since::Compacted`] when the snapshot already covers more than `after`. One consistent
    /// read: an update folded away meanwhile is never silently missing from the answer.
    fn since(&self, doc: &str, after: i64) -> impl Future<Output = Result<Since, LogError>> + Send;

    /// Replaces the snapshot by `state`, which covers every update up to `upto`, and deletes
    /// those updates — in one transaction, and only if the stored snapshot still covers
    /// `expected_snapshot_seq` (another compaction did not win meanwhile). Answers whether it
    /// swapped.
    fn swap_snapshot(
        &self,
        doc: &str,
        expected_snapshot_seq: i64,
        state: &[u8],
        upto: i64,
    ) -> impl Future<Output = Result<bool, LogError>> + Send;
}
