//! One open document, owned by one task: decode → (permission, decided at join) → apply →
//! fan out to the other peers → append to the log (group commit) → **then** acknowledge.
//!
//! Commands arrive on one queue, so a connection's frames are handled in the order it sent
//! them. One log write is in flight at a time, beside the room: while it runs, the room goes
//! on applying and relaying, and what arrives meanwhile is written together next (so a slow
//! fsync makes bigger batches, not a queue of keystrokes waiting to be relayed). A sender's
//! `SyncStatus(true)` still waits for its update to be durable; a peer may hold an update the
//! log does not have yet, as with any Yjs server, and if that write fails the room is reset
//! and the clients' resync sends it again. A peer whose
//! outgoing queue is full is disconnected (it resyncs by state vector when it comes back);
//! nothing is dropped silently. If the log refuses a write, or yrs panics on an update, the
//! room stops and every peer is reset: the in-memory document may hold what the log does
//! not, so it is thrown away and rebuilt from the log when a client comes back, and the
//! clients re-send what was not acknowledged.

mod document;
mod peers;
mod quiet;

use std::pin::Pin;
use std::sync::Arc;

use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use yrs::updates::decoder::Decode;
use yrs::{ReadTxn, StateVector, Transact};

use self::document::{ApplyError, Document, apply_bytes};
use self::peers::Peers;
use self::quiet::QuietSpell;

use crate::inbox::{self, Received};
use crate::log::{LogError, Since, UpdateLog};
use crate::protocol::{self, DocMessage, encode};

/// A connection's number, unique within the process.
pub type ConnId = u64;

/// Why the server closes a connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseReason {
    /// The peer fell behind, or the document had to be rebuilt: reconnect and resync
    /// (Hocuspocus's ResetConnection, 4205).
    Reset,
    /// The peer sent something that does not decode (1007).
    Malformed,
    /// The server is stopping (1001).
    GoingAway,
}

/// How a room reaches one connection: its outgoing frames and a way to close it.
#[derive(Debug, Clone)]
pub struct PeerLink {
    pub id: ConnId,
    pub frames: mpsc::Sender<bytes::Bytes>,
    pub closer: Arc<std::sync::Mutex<Option<CloseReason>>>,
    pub cancel: CancellationToken,
}

impl PeerLink {
    /// Queues a frame; a full queue means the peer fell behind and is disconnected.
    fn send(&self, frame: bytes::Bytes) -> bool {
        match self.frames.try_send(frame) {
            Ok(()) => true,
            Err(_) => {
                self.close(CloseReason::Reset);
                false
            }
        }
    }

    /// Asks the connection to close with this reason (the first reason wins).
    pub fn close(&self, reason: CloseReason) {
        if let Ok(mut slot) = self.closer.lock() {
            slot.get_or_insert(reason);
        }
        self.cancel.cancel();
    }
}

/// What a room is asked to do. Kept small: a room's queue allocates its first block of
/// slots up front, so every idle room pays for the largest variant many times over.
#[derive(Debug)]
pub(crate) enum Command {
    Join(Box<Join>),
    Message {
        conn: ConnId,
        message: Box<DocMessage>,
    },
    Leave {
        conn: ConnId,
    },
    /// Fetch what other instances appended to the log (the hub's doorbell rang).
    Remote,
    /// The whole state (v1), for REST readers.
    State {
        reply: oneshot::Sender<Vec<u8>>,
    },
    /// A server-made update (a forward edit); answered once durable.
    Apply(Box<Apply>),
    Shutdown,
}

/// A connection joining.
#[derive(Debug)]
pub(crate) struct Join {
    pub(crate) peer: PeerLink,
    pub(crate) key: String,
    pub(crate) writable: bool,
    pub(crate) reply: oneshot::Sender<()>,
}

/// A server-made update and who waits for it to be durable.
#[derive(Debug)]
pub(crate) struct Apply {
    pub(crate) update: Vec<u8>,
    pub(crate) reply: oneshot::Sender<Result<(), RoomError>>,
}

/// Why a room could not do what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    #[error("the update does not decode")]
    Malformed,
    #[error(transparent)]
    Log(#[from] LogError),
    #[error("the document was reset")]
    Reset,
}

/// Limits a room works within.
#[derive(Debug, Clone)]
pub struct RoomConfig {
    /// Updates written in one log transaction at most.
    pub max_batch: usize,
    /// How long an empty room stays open (a reload reconnects within it).
    pub idle_grace: std::time::Duration,
    /// How long a room's document stays in memory after the last message that needed it;
    /// then the room keeps only its encoded state until the next one (`room/document.rs`).
    pub dormant_after: std::time::Duration,
    /// Updates in the log after which the room compacts (in the background, and when it
    /// closes).
    pub compact_after: usize,
    /// A test hook, zero in production: how long a compaction waits between verifying the new
    /// state and swapping it in, so that a crash test can kill the process inside that window
    /// (`QUIRE_TEST_COMPACTION_DELAY_MS` in quire-server).
    pub pause_before_swap: std::time::Duration,
}

impl Default for RoomConfig {
    fn default() -> Self {
        Self {
            max_batch: 256,
            idle_grace: std::time::Duration::from_secs(30),
            dormant_after: std::time::Duration::from_secs(2),
            compact_after: 500,
            pause_before_swap: std::time::Duration::ZERO,
        }
    }
}

struct Peer {
    link: PeerLink,
    key: String,
    writable: bool,
    /// Awareness clients this connection announced, with their last clocks, and its last
    /// awareness update (answered to QueryAwareness).
    awareness_clients: Vec<(u64, u64)>,
    awareness: Option<Vec<u8>>,
}

/// An update applied in memory, waiting for the log before it is acknowledged.
struct Pending {
    origin: Option<ConnId>,
    update: Vec<u8>,
    /// Whether it changed the document (a pure duplicate is acknowledged but not written).
    changed: bool,
    reply: Option<oneshot::Sender<Result<(), RoomError>>>,
}

pub(crate) struct Room<L: UpdateLog> {
    name: String,
    document: Document,
    log: Arc<L>,
    config: RoomConfig,
    peers: Peers,
    batch: Vec<Pending>,
    /// The log write in flight (at most one, so appends keep their order) and what it carries.
    writing: Option<JoinHandle<Result<Vec<i64>, LogError>>>,
    in_flight: Vec<Pending>,
    /// The last log sequence number applied here, and how many updates the log holds after
    /// its snapshot.
    head: i64,
    logged: usize,
    /// Set while a compaction of this document runs in the background.
    compacting: Arc<std::sync::atomic::AtomicBool>,
    /// How long the document stays built after its last use (longer for a room woken soon
    /// after going quiet).
    quiet: QuietSpell,
    /// The room's one timer, allocated only while it is armed: a room whose peers are
    /// connected and whose document is dormant waits on its inbox alone.
    timer: Option<Pin<Box<tokio::time::Sleep>>>,
}

/// What woke the room.
enum Event {
    Command(Option<Command>),
    Written(Result<Result<Vec<i64>, LogError>, tokio::task::JoinError>),
    Quiet,
    Idle,
}

/// The whole state (v1) of a stored document, read the way a room loads it (a single stored
/// part as it is, several applied into a replica; a part that does not apply is logged and
/// skipped): for a document no room has open.
pub(crate) fn stored_state(name: &str, stored: &crate::log::StoredDoc) -> Vec<u8> {
    document::Document::load(name, stored).state()
}

/// How a room ended.
pub(crate) enum Exit {
    Idle,
    Poisoned,
    Shutdown,
}

impl<L: UpdateLog> Room<L> {
    /// Loads the document from the log (see [`Document::load`]).
    pub(crate) async fn load(
        name: String,
        log: Arc<L>,
        config: RoomConfig,
    ) -> Result<Self, LogError> {
        let stored = log.load(&name).await?;
        Ok(Self {
            head: stored.head(),
            logged: stored.updates.len(),
            document: Document::load(&name, &stored),
            name,
            log,
            config,
            peers: Peers::default(),
            batch: Vec::new(),
            writing: None,
            in_flight: Vec::new(),
            compacting: Arc::default(),
            quiet: QuietSpell::default(),
            timer: None,
        })
    }

    /// Runs until the room is idle past its grace, poisoned or shut down. A ring of the
    /// inbox's doorbell (another instance wrote) is handled like a queued [`Command::Remote`],
    /// once no write of this room is in flight.
    ///
    /// This future is most of what an open room costs while it waits (it is as large as its
    /// largest await), so what it awaits rarely is boxed: the timer, a write's end, a fetch.
    pub(crate) async fn run(&mut self, inbox: &mut inbox::Receiver<Command>) -> Exit {
        loop {
            let writing = self.writing.is_some();
            // Back-pressure: a full batch waiting behind the write stops taking commands.
            let taking = !writing || self.batch.len() < self.config.max_batch;
            let on_timer = self.arm_timer();
            let (in_flight, timer) = (&mut self.writing, &mut self.timer);
            let written = async {
                match in_flight.as_mut() {
                    Some(handle) => handle.await,
                    None => std::future::pending().await,
                }
            };
            let timed_out = async {
                match timer.as_mut() {
                    Some(sleep) => sleep.as_mut().await,
                    None => std::future::pending().await,
                }
            };
            let event = tokio::select! {
                result = written, if writing => Event::Written(result),
                received = inbox.recv(!writing), if taking => Event::Command(received.map(|received| match received {
                    Received::Command(command) => command,
                    Received::Rang => Command::Remote,
                })),
                () = timed_out, if on_timer.is_some() => on_timer.unwrap_or(Event::Idle),
            };
            match event {
                Event::Idle => return Exit::Idle,
                Event::Quiet => {
                    self.document.make_dormant();
                    self.quiet.went_quiet();
                }
                Event::Command(None) => return Exit::Shutdown,
                Event::Written(result) => {
                    self.writing = None;
                    if !Box::pin(self.finish_write(result)).await {
                        return Exit::Poisoned;
                    }
                }
                Event::Command(Some(command)) => {
                    if let Some(exit) = self.handle(command).await {
                        return exit;
                    }
                    // Group commit: take what is already queued, then write once.
                    while self.batch.len() < self.config.max_batch {
                        match inbox.try_recv() {
                            Some(command) => {
                                if let Some(exit) = self.handle(command).await {
                                    return exit;
                                }
                            }
                            None => break,
                        }
                    }
                }
            }
            self.start_write();
            // A long log compacts in the background, also when the room only opened it.
            self.compact_in_background();
        }
    }

    /// Sets the room's one timer for what comes first: the document goes dormant after a quiet
    /// spell, an empty room closes after its grace. Answers what the timer will mean, or
    /// `None` (no timer) when neither applies.
    fn arm_timer(&mut self) -> Option<Event> {
        let idle = self.peers.is_empty() && self.writing.is_none();
        let now = tokio::time::Instant::now();
        let used = self.document.used();
        let quiet_after = self.quiet.length(self.config.dormant_after, used.is_some());
        let dormant = used.map(|used| (used + quiet_after, Event::Quiet));
        let close = idle.then(|| (now + self.config.idle_grace, Event::Idle));
        let next = match (dormant, close) {
            (Some(dormant), Some(close)) => Some(if close.0 < dormant.0 { close } else { dormant }),
            (dormant, close) => dormant.or(close),
        };
        let Some((at, event)) = next else {
            self.timer = None;
            return None;
        };
        match self.timer.as_mut() {
            Some(sleep) if sleep.deadline() == at => {}
            Some(sleep) => sleep.as_mut().reset(at),
            None => self.timer = Some(Box::pin(tokio::time::sleep_until(at))),
        }
        Some(event)
    }

    /// Handles one command; answers `Some` when the room must stop.
    pub(crate) async fn handle(&mut self, command: Command) -> Option<Exit> {
        match command {
            Command::Join(join) => {
                let Join {
                    peer,
                    key,
                    writable,
                    reply,
                } = *join;
                self.peers.insert(Peer {
                    link: peer,
                    key,
                    writable,
                    awareness_clients: Vec::new(),
                    awareness: None,
                });
                let _ = reply.send(());
            }
            Command::Leave { conn } => self.leave(conn),
            Command::Message { conn, message } => return self.message(conn, *message),
            Command::Remote => {
                // What this room is writing comes first: its head must be settled.
                if !Box::pin(self.settle()).await || !Box::pin(self.fetch_remote()).await {
                    return Some(Exit::Poisoned);
                }
            }
            Command::State { reply } => {
                let _ = reply.send(self.document.state());
            }
            Command::Apply(apply) => {
                let Apply { update, reply } = *apply;
                match self.document.apply(&update) {
                    Ok(changed) => {
                        if changed {
                            self.broadcast(None, |key| encode::update(key, &update));
                        }
                        self.batch.push(Pending {
                            origin: None,
                            update,
                            changed,
                            reply: Some(reply),
                        });
                    }
                    Err(ApplyError::Malformed) => {
                        let _ = reply.send(Err(RoomError::Malformed));
                    }
                    Err(ApplyError::Panicked) => {
                        let _ = reply.send(Err(RoomError::Reset));
                        return Some(Exit::Poisoned);
                    }
                }
            }
            Command::Shutdown => return Some(Exit::Shutdown),
        }
        None
    }

    fn message(&mut self, conn: ConnId, message: DocMessage) -> Option<Exit> {
        let peer = self.peers.get(conn)?;
        let key = peer.key.clone();
        let writable = peer.writable;
        match message {
            DocMessage::SyncStep1 { state_vector } => {
                let Ok(remote) = StateVector::decode_v1(&state_vector) else {
                    self.refuse_malformed(conn, "a state vector that does not decode");
                    return None;
                };
                let Ok((diff, ours)) = self.document.sync(&remote) else {
                    tracing::error!(doc = %self.name, "rebuilding the document made yrs panic; the document is reset");
                    return Some(Exit::Poisoned);
                };
                self.send(conn, encode::sync_step2(&key, &diff));
                self.send(conn, encode::sync_step1(&key, &ours));
            }
            DocMessage::SyncStep2 { update } | DocMessage::Update { update } => {
                if !writable {
                    // A read-only peer's step 2 usually holds nothing new; acknowledge that,
                    // refuse anything else (and store nothing of it).
                    let harmless = self.contains_nothing_new(&update);
                    if !harmless {
                        tracing::info!(doc = %self.name, conn, "refused an update from a read-only connection");
                    }
                    self.send(conn, encode::sync_status(&key, harmless));
                    return None;
                }
                match self.document.apply(&update) {
                    Ok(changed) => {
                        // Relayed at once; acknowledged to the sender once durable.
                        if changed {
                            self.broadcast(Some(conn), |key| encode::update(key, &update));
                        }
                        self.batch.push(Pending {
                            origin: Some(conn),
                            update,
                            changed,
                            reply: None,
                        });
                    }
                    Err(ApplyError::Malformed) => {
                        self.refuse_malformed(conn, "an update that does not decode");
                    }
                    Err(ApplyError::Panicked) => {
                        tracing::error!(doc = %self.name, conn, "an update made yrs panic; the document is reset");
                        return Some(Exit::Poisoned);
                    }
                }
            }
            DocMessage::Awareness { update } => {
                let Ok(clients) = protocol::awareness_clients(&update) else {
                    self.refuse_malformed(conn, "an awareness update that does not decode");
                    return None;
                };
                if let Some(peer) = self.peers.get_mut(conn) {
                    for (client, clock) in clients {
                        match peer
                            .awareness_clients
                            .iter_mut()
                            .find(|(c, _)| *c == client)
                        {
                            Some(entry) => entry.1 = entry.1.max(clock),
                            None => peer.awareness_clients.push((client, clock)),
                        }
                    }
                    peer.awareness = Some(update.clone());
                }
                self.broadcast(Some(conn), |key| encode::awareness(key, &update));
            }
            DocMessage::QueryAwareness => {
                let states: Vec<Vec<u8>> = self
                    .peers
                    .iter()
                    .filter(|peer| peer.link.id != conn)
                    .filter_map(|peer| peer.awareness.clone())
                    .collect();
                for state in states {
                    self.send(conn, encode::awareness(&key, &state));
                }
            }
            DocMessage::Stateless { .. } => {
                // Quire defines no stateless messages; they are neither relayed nor stored.
            }
            DocMessage::Close => self.leave(conn),
            DocMessage::Auth { .. } => {
                // Authentication is settled by the connection before it joins.
            }
        }
        None
    }

    fn leave(&mut self, conn: ConnId) {
        if let Some(peer) = self.peers.remove(conn)
            && !peer.awareness_clients.is_empty()
        {
            let removal = protocol::awareness_removal(&peer.awareness_clients);
            self.broadcast(None, |key| encode::awareness(key, &removal));
        }
    }

    fn refuse_malformed(&mut self, conn: ConnId, what: &str) {
        tracing::warn!(doc = %self.name, conn, "closing a connection that sent {what}");
        if let Some(peer) = self.peers.remove(conn) {
            peer.link.close(CloseReason::Malformed);
        }
    }

    /// Whether a read-only peer's update holds nothing this document lacks.
    fn contains_nothing_new(&mut self, bytes: &[u8]) -> bool {
        let Ok(update) = crate::compact::decode_update_v1(bytes) else {
            return false;
        };
        if update.is_empty() {
            return true;
        }
        let Ok(doc) = self.document.live() else {
            return false;
        };
        let txn = doc.transact();
        let ours = txn.state_vector();
        let known = update
            .state_vector()
            .iter()
            .all(|(client, clock)| ours.get(client) >= *clock);
        let deleted = txn.snapshot().delete_set;
        let deletes_known = update.delete_set().iter().all(|(client, ranges)| {
            ranges.iter().all(|range| {
                range.is_empty()
                    || deleted.iter().any(|(c, ours)| {
                        c == client
                            && ours
                                .iter()
                                .any(|r| r.start <= range.start && range.end <= r.end)
                    })
            })
        });
        known && deletes_known
    }

    /// Writes everything not yet written and waits for it (a room that is closing). Answers
    /// `false` when the log refused and the room must be rebuilt.
    pub(crate) async fn flush(&mut self) -> bool {
        if !self.settle().await {
            return false;
        }
        self.start_write();
        self.settle().await
    }

    /// Waits for the write in flight, if any, and acknowledges it.
    async fn settle(&mut self) -> bool {
        match self.writing.take() {
            Some(handle) => {
                let result = handle.await;
                self.finish_write(result).await
            }
            None => true,
        }
    }

    /// Starts writing the batch (up to `max_batch` updates) beside the room, unless a write is
    /// already in flight. A batch of pure duplicates is acknowledged at once: everything
    /// before it is durable.
    fn start_write(&mut self) {
        if self.writing.is_some() || self.batch.is_empty() {
            return;
        }
        let rest = self
            .batch
            .split_off(self.config.max_batch.min(self.batch.len()));
        let batch = std::mem::replace(&mut self.batch, rest);
        let to_write: Vec<Vec<u8>> = batch
            .iter()
            .filter(|pending| pending.changed)
            .map(|pending| pending.update.clone())
            .collect();
        if to_write.is_empty() {
            self.acknowledge(batch);
            return;
        }
        let (log, name) = (Arc::clone(&self.log), self.name.clone());
        self.writing = Some(tokio::spawn(
            async move { log.append(&name, &to_write).await },
        ));
        self.in_flight = batch;
    }

    /// The write in flight ended: on success acknowledge its updates (they are durable now)
    /// and compact if the log grew long. Answers `false` when the room must be rebuilt.
    async fn finish_write(
        &mut self,
        result: Result<Result<Vec<i64>, LogError>, tokio::task::JoinError>,
    ) -> bool {
        let batch = std::mem::take(&mut self.in_flight);
        let seqs = match result {
            Ok(Ok(seqs)) => seqs,
            Ok(Err(error)) => {
                tracing::error!(doc = %self.name, %error, "the update log refused a write; the document is reset");
                self.fail_batch(batch);
                return false;
            }
            Err(error) => {
                tracing::error!(doc = %self.name, %error, "a log write panicked; the document is reset");
                self.fail_batch(batch);
                return false;
            }
        };
        let first = seqs.first().copied().unwrap_or(self.head + 1);
        let last = seqs.last().copied().unwrap_or(self.head);
        self.logged += seqs.len();
        if first != self.head + 1 {
            // Another instance wrote in between: take its updates too. (Boxed, like every
            // read of the log here: a room's task is as big as its largest await, and an idle
            // room should not carry a query's state.)
            if !Box::pin(self.fetch_remote()).await {
                self.fail_batch(batch);
                return false;
            }
        }
        self.head = self.head.max(last);
        self.acknowledge(batch);
        self.compact_in_background();
        true
    }

    /// Tells each sender its updates are stored, and each server-made update's caller.
    fn acknowledge(&mut self, batch: Vec<Pending>) {
        for pending in batch {
            if let Some(origin) = pending.origin
                && let Some(peer) = self.peers.get(origin)
            {
                let ack = encode::sync_status(&peer.key, true);
                self.send(origin, ack);
            }
            if let Some(reply) = pending.reply {
                let _ = reply.send(Ok(()));
            }
        }
    }

    fn fail_batch(&mut self, batch: Vec<Pending>) {
        for pending in batch {
            if let Some(reply) = pending.reply {
                let _ = reply.send(Err(RoomError::Reset));
            }
        }
    }

    /// Applies what other instances appended after `head`. Answers `false` if the log failed.
    async fn fetch_remote(&mut self) -> bool {
        let updates = match self.log.since(&self.name, self.head).await {
            Ok(Since::Updates(updates)) => updates,
            Ok(Since::Compacted) => return self.reload().await,
            Err(error) => {
                tracing::error!(doc = %self.name, %error, "could not read the update log");
                return false;
            }
        };
        for logged in updates {
            let changed = match self.document.apply(&logged.update) {
                Ok(changed) => changed,
                Err(_) => {
                    tracing::error!(doc = %self.name, seq = logged.seq, "a logged update does not apply");
                    false
                }
            };
            self.head = self.head.max(logged.seq);
            self.logged += 1;
            if changed {
                self.broadcast(None, |key| encode::update(key, &logged.update));
            }
        }
        true
    }

    /// Another instance compacted past `head`: what it folded is only in the snapshot now, so
    /// the whole stored document is applied again (yrs ignores what this copy already holds)
    /// and the peers get what was new to it.
    async fn reload(&mut self) -> bool {
        let stored = match self.log.load(&self.name).await {
            Ok(stored) => stored,
            Err(error) => {
                tracing::error!(doc = %self.name, %error, "could not read the update log");
                return false;
            }
        };
        let Ok(doc) = self.document.live() else {
            return false;
        };
        let before = doc.transact().state_vector();
        let mut changed = false;
        {
            let mut txn = doc.transact_mut();
            for bytes in stored.parts() {
                match apply_bytes(&mut txn, bytes) {
                    Ok(applied) => changed |= applied,
                    Err(ApplyError::Malformed) => {
                        tracing::error!(doc = %self.name, "a stored update does not apply");
                    }
                    Err(ApplyError::Panicked) => return false,
                }
            }
        }
        self.head = self.head.max(stored.head());
        self.logged = stored.updates.len();
        tracing::info!(doc = %self.name, head = self.head, "caught up from a snapshot another instance compacted");
        if changed {
            let missing = doc.transact().encode_state_as_update_v1(&before);
            self.broadcast(None, |key| encode::update(key, &missing));
        }
        true
    }

    fn send(&mut self, conn: ConnId, frame: Vec<u8>) {
        let alive = match self.peers.get(conn) {
            Some(peer) => peer.link.send(frame.into()),
            None => return,
        };
        if !alive {
            tracing::info!(doc = %self.name, conn, "a connection fell behind and was disconnected");
            self.peers.remove(conn);
        }
    }

    /// Sends a frame to every peer but `except`, encoding once per routing key (peers almost
    /// always share one, so the frames are a short list).
    fn broadcast(&mut self, except: Option<ConnId>, frame_for: impl Fn(&str) -> Vec<u8>) {
        let mut frames: Vec<(&str, bytes::Bytes)> = Vec::new();
        let mut behind = Vec::new();
        for peer in self.peers.iter() {
            if Some(peer.link.id) == except {
                continue;
            }
            let frame = match frames.iter().find(|(key, _)| *key == peer.key) {
                Some((_, frame)) => frame.clone(),
                None => {
                    let frame = bytes::Bytes::from(frame_for(&peer.key));
                    frames.push((&peer.key, frame.clone()));
                    frame
                }
            };
            if !peer.link.send(frame) {
                behind.push(peer.link.id);
            }
        }
        for id in behind {
            tracing::info!(doc = %self.name, conn = id, "a connection fell behind and was disconnected");
            self.peers.remove(id);
        }
    }

    /// Closes every connection (they reconnect and resync).
    pub(crate) fn close_all(&mut self, reason: CloseReason) {
        for peer in self.peers.drain() {
            peer.link.close(reason);
        }
    }

    pub(crate) fn wants_compaction(&self) -> bool {
        self.logged >= self.config.compact_after
            && !self.compacting.load(std::sync::atomic::Ordering::Acquire)
    }

    /// A document open for hours keeps its log short: past the threshold, compaction runs
    /// beside the room (it only folds what is already in the log; appends go on meanwhile).
    fn compact_in_background(&mut self) {
        use std::sync::atomic::Ordering;
        if !self.wants_compaction() {
            return;
        }
        self.compacting.store(true, Ordering::Release);
        self.logged = 0;
        let (name, log, flag, pause) = (
            self.name.clone(),
            Arc::clone(&self.log),
            Arc::clone(&self.compacting),
            self.config.pause_before_swap,
        );
        tokio::spawn(async move {
            crate::compact::job::run(&name, &*log, pause).await;
            flag.store(false, Ordering::Release);
        });
    }
}
