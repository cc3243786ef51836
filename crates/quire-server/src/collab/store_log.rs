//! The update log of `quire-collab`'s rooms over the store, with its two helper tasks: one
//! writer that commits every room's appends together, and one reader that loads the rooms
//! opened together in one statement. Neither decides anything about a document: they only
//! group what the rooms ask for, and answer each room as if it had asked alone.

use std::time::Duration;

use quire_collab::{LogError, LoggedUpdate, Since, StoredDoc, UpdateLog};
use quire_store::{Store, StoreError};
use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio::time::Instant;

/// The update log over the store.
///
/// Every room's appends go to one writer task, which commits whatever is waiting — up to
/// [`DOCS_PER_COMMIT`] documents — in **one** transaction (`Store::doc_append_many`): a room
/// already groups its own keystrokes while its previous write runs, and this groups the rooms,
/// so hundreds of rooms typing at once cost one commit (one fsync on SQLite, one round of
/// locks on a single write lock) instead of one each. A room still has its updates
/// acknowledged only once the transaction holding them committed. Each room has at most one
/// append in flight, so the writer's queue holds at most one request per open room.
///
/// Loads go to one reader task the same way (`Store::doc_load_many`): the rooms a device opens
/// together (a novel's chapters) are read in one statement, and each room gets its document as
/// `Store::doc_load` would have read it.
#[derive(Debug, Clone)]
pub struct StoreLog {
    store: Store,
    appends: mpsc::UnboundedSender<AppendRequest>,
    loads: mpsc::UnboundedSender<LoadRequest>,
}

/// Documents whose appends one transaction carries at most.
const DOCS_PER_COMMIT: usize = 256;

#[derive(Debug)]
struct AppendRequest {
    doc: String,
    updates: Vec<Vec<u8>>,
    reply: oneshot::Sender<Result<Vec<i64>, LogError>>,
}

impl StoreLog {
    /// The log over `store`, and its writer and reader tasks (which end when the last clone
    /// is dropped). Needs a tokio runtime.
    pub fn new(store: Store) -> StoreLog {
        let (appends, requests) = mpsc::unbounded_channel();
        tokio::spawn(write_appends(store.clone(), requests));
        let (loads, requests) = mpsc::unbounded_channel();
        tokio::spawn(read_loads(store.clone(), requests));
        StoreLog {
            store,
            appends,
            loads,
        }
    }
}

/// Shortest time from one commit's start to the next's while appends keep coming. A commit
/// costs about the same however many documents it carries (an fsync on SQLite, a handful of
/// statements), so under a steady stream of keystrokes from hundreds of rooms the writer would
/// otherwise commit as often as the disk allows, a few documents each time, and those commits
/// would take a large share of the server's CPU. Spaced, each commit carries more rooms. Only
/// acknowledgements wait, and by this much at most: the relay to the other devices never waits
/// for the log (ADR 0010), and an append that arrives after a quiet spell is committed at once.
/// PostgreSQL's `commit_delay` is the same idea.
pub const COMMIT_SPACING: Duration = Duration::from_millis(4);

/// The writer: takes every append waiting, commits them together, answers each.
async fn write_appends(store: Store, mut requests: mpsc::UnboundedReceiver<AppendRequest>) {
    let mut batch = Vec::with_capacity(DOCS_PER_COMMIT);
    let mut next_commit = Instant::now();
    loop {
        // Too soon after the last commit: let more arrive first (unless a full batch waits).
        if Instant::now() < next_commit && requests.len() < DOCS_PER_COMMIT {
            tokio::time::sleep_until(next_commit).await;
        }
        if requests.recv_many(&mut batch, DOCS_PER_COMMIT).await == 0 {
            return;
        }
        next_commit = Instant::now() + COMMIT_SPACING;
        let parts: Vec<(&str, &[Vec<u8>])> = batch
            .iter()
            .map(|r: &AppendRequest| (r.doc.as_str(), r.updates.as_slice()))
            .collect();
        let together = store.doc_append_many(&parts).await;
        drop(parts);
        match together {
            Ok(seqs) => {
                for (request, seqs) in batch.drain(..).zip(seqs) {
                    let _ = request.reply.send(Ok(seqs));
                }
            }
            Err(error) if batch.len() > 1 => {
                // One document's failure (its chapter gone, say) must not fail the others':
                // each is tried alone, so only the room whose write cannot be stored resets.
                tracing::warn!(%error, documents = batch.len(), "a grouped log write failed; writing each document alone");
                for request in batch.drain(..) {
                    let alone = store
                        .doc_append(&request.doc, &request.updates)
                        .await
                        .map_err(log_error);
                    let _ = request.reply.send(alone);
                }
            }
            Err(error) => {
                if let Some(request) = batch.pop() {
                    let _ = request.reply.send(Err(log_error(error)));
                }
            }
        }
    }
}

/// Documents whose loads one statement carries at most (`Store::doc_load_many` splits longer
/// lists itself).
const DOCS_PER_LOAD: usize = 64;
/// Load statements running at once: a long log being loaded (a compaction's) does not hold up
/// the rooms opened meanwhile, and a burst of opens still becomes a few statements, not one
/// per room (each of which, on a freshly started server, may also open a connection).
const LOADS_AT_ONCE: usize = 2;

#[derive(Debug)]
struct LoadRequest {
    doc: String,
    reply: oneshot::Sender<Result<StoredDoc, LogError>>,
}

/// The reader: takes every load waiting (a device opening a novel opens its chapters' rooms
/// together), reads them in one statement, answers each. At most [`LOADS_AT_ONCE`] statements
/// run at once; what arrives meanwhile waits and goes together in the next.
async fn read_loads(store: Store, mut requests: mpsc::UnboundedReceiver<LoadRequest>) {
    let running = std::sync::Arc::new(Semaphore::new(LOADS_AT_ONCE));
    loop {
        let Ok(permit) = std::sync::Arc::clone(&running).acquire_owned().await else {
            return;
        };
        let mut batch = Vec::new();
        if requests.recv_many(&mut batch, DOCS_PER_LOAD).await == 0 {
            return;
        }
        let store = store.clone();
        tokio::spawn(async move {
            load_together(&store, batch).await;
            drop(permit);
        });
    }
}

async fn load_together(store: &Store, batch: Vec<LoadRequest>) {
    let ids: Vec<&str> = batch.iter().map(|r| r.doc.as_str()).collect();
    match store.doc_load_many(&ids).await {
        Ok(loaded) => {
            for (request, stored) in batch.into_iter().zip(loaded) {
                let _ = request.reply.send(Ok(stored));
            }
        }
        Err(error) if batch.len() > 1 => {
            tracing::warn!(%error, documents = batch.len(), "a grouped document load failed; loading each alone");
            for request in batch {
                let alone = store.doc_load(&request.doc).await;
                let _ = request.reply.send(alone.map_err(log_error));
            }
        }
        Err(error) => {
            if let Some(request) = batch.into_iter().next() {
                let _ = request.reply.send(Err(log_error(error)));
            }
        }
    }
}

fn log_error(error: StoreError) -> LogError {
    LogError(error.to_string())
}

impl UpdateLog for StoreLog {
    async fn load(&self, doc: &str) -> Result<StoredDoc, LogError> {
        let (reply, answer) = oneshot::channel();
        let request = LoadRequest {
            doc: doc.to_owned(),
            reply,
        };
        let gone = || LogError("the log reader stopped".to_owned());
        self.loads.send(request).map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    async fn append(&self, doc: &str, updates: &[Vec<u8>]) -> Result<Vec<i64>, LogError> {
        if updates.is_empty() {
            return Ok(Vec::new());
        }
        let (reply, answer) = oneshot::channel();
        let request = AppendRequest {
            doc: doc.to_owned(),
            updates: updates.to_vec(),
            reply,
        };
        let gone = || LogError("the log writer stopped".to_owned());
        self.appends.send(request).map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    async fn since(&self, doc: &str, after: i64) -> Result<Since, LogError> {
        Ok(
            match self.store.doc_since(doc, after).await.map_err(log_error)? {
                Some(updates) => Since::Updates(
                    updates
                        .into_iter()
                        .map(|(seq, update)| LoggedUpdate { seq, update })
                        .collect(),
                ),
                None => Since::Compacted,
            },
        )
    }

    async fn swap_snapshot(
        &self,
        doc: &str,
        expected_snapshot_seq: i64,
        state: &[u8],
        upto: i64,
    ) -> Result<bool, LogError> {
        self.store
            .doc_swap_snapshot(doc, expected_snapshot_seq, state, upto)
            .await
            .map_err(log_error)
    }
}
