//! Compacting a document's log: snapshot + updates → one verified state, swapped in one
//! transaction (ADR 0002). Runs beside a room whose log grew past its threshold and when such
//! a room closes, off the async threads. A verification failure leaves the log as it was and
//! says why; the log is never shortened by a state that was not proven to hold everything it
//! replaces.

use std::time::Duration;

use crate::compact::compact;
use crate::log::UpdateLog;

/// What one compaction did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The snapshot now covers every update up to `upto`; `folded` were deleted.
    Compacted { upto: i64, folded: usize },
    /// Nothing to fold.
    Nothing,
    /// Another compaction swapped the snapshot first.
    Lost,
    /// Verification or the log failed; the log is unchanged.
    Failed,
}

/// Compacts `doc` now. `pause_before_swap` is a test hook (zero in production): the verified
/// state waits that long before it is swapped in, so that a crash test can kill the process
/// between the two.
pub async fn run<L: UpdateLog>(doc: &str, log: &L, pause_before_swap: Duration) -> Outcome {
    let stored = match log.load(doc).await {
        Ok(stored) => stored,
        Err(error) => {
            tracing::error!(doc, %error, "compaction could not read the log");
            return Outcome::Failed;
        }
    };
    if stored.updates.is_empty() {
        return Outcome::Nothing;
    }
    let upto = stored.head();
    let folded = stored.updates.len();
    let expected = stored.snapshot_seq;
    let name = doc.to_owned();
    let compacted = tokio::task::spawn_blocking(move || {
        let updates: Vec<&[u8]> = stored.updates.iter().map(|u| u.update.as_slice()).collect();
        compact(stored.snapshot.as_deref(), &updates)
    })
    .await;
    let state = match compacted {
        Ok(Ok(compacted)) => compacted.state,
        Ok(Err(error)) => {
            tracing::error!(doc = %name, %error, "compaction refused: the log is kept as it is");
            return Outcome::Failed;
        }
        Err(error) => {
            tracing::error!(doc = %name, %error, "compaction panicked: the log is kept as it is");
            return Outcome::Failed;
        }
    };
    if !pause_before_swap.is_zero() {
        tracing::info!(
            doc,
            upto,
            pause_ms = pause_before_swap.as_millis() as u64,
            "compaction verified; pausing before the swap"
        );
        tokio::time::sleep(pause_before_swap).await;
    }
    match log.swap_snapshot(doc, expected, &state, upto).await {
        Ok(true) => {
            tracing::debug!(doc, upto, folded, "compacted");
            Outcome::Compacted { upto, folded }
        }
        Ok(false) => Outcome::Lost,
        Err(error) => {
            tracing::error!(doc, %error, "compaction could not swap the snapshot");
            Outcome::Failed
        }
    }
}
