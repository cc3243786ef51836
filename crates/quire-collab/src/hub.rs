//! The open documents of this process: one room task per document, opened on the first join
//! and closed after its last peer left and the idle grace passed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use crate::inbox;
use crate::log::{LogError, UpdateLog};
use crate::protocol::DocMessage;
use crate::room::{
    Apply, CloseReason, Command, ConnId, Exit, Join, PeerLink, Room, RoomConfig, RoomError,
};

/// Commands a room may have queued before it stops taking more from one connection.
const INBOX: usize = 1024;

#[derive(Debug)]
struct Entry {
    generation: u64,
    /// Also the room's doorbell (`ring`), rung when another instance wrote.
    inbox: inbox::Sender<Command>,
}

/// Where this process's open documents live.
#[derive(Debug)]
pub struct Hub<L: UpdateLog> {
    log: Arc<L>,
    config: RoomConfig,
    rooms: Mutex<HashMap<String, Entry>>,
    generations: AtomicU64,
    connections: AtomicU64,
}

/// A connection's membership of one room, to send its frames there.
#[derive(Debug, Clone)]
pub struct Membership {
    conn: ConnId,
    inbox: inbox::Sender<Command>,
}

impl Membership {
    /// Hands a frame to the room, waiting when its queue is full (the connection's reader then
    /// slows down, which is the back-pressure a flooding client deserves). Answers `false` when
    /// the room is gone (the connection should close and resync).
    pub async fn send(&self, message: DocMessage) -> bool {
        self.inbox
            .send(Command::Message {
                conn: self.conn,
                message: Box::new(message),
            })
            .await
            .is_ok()
    }

    /// Leaves the room (the connection closed or detached the document).
    pub async fn leave(&self) {
        let _ = self.inbox.send(Command::Leave { conn: self.conn }).await;
    }
}

/// Why a join failed.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    #[error("the document could not be loaded: {0}")]
    Unavailable(#[from] LogError),
}

impl<L: UpdateLog> Hub<L> {
    pub fn new(log: Arc<L>, config: RoomConfig) -> Arc<Self> {
        Arc::new(Self {
            log,
            config,
            rooms: Mutex::new(HashMap::new()),
            generations: AtomicU64::new(0),
            connections: AtomicU64::new(0),
        })
    }

    /// A fresh connection number.
    pub fn next_connection(&self) -> ConnId {
        self.connections.fetch_add(1, Ordering::Relaxed) + 1
    }

    /// How many documents are open.
    pub fn open_documents(&self) -> usize {
        self.rooms.lock().map(|rooms| rooms.len()).unwrap_or(0)
    }

    /// Joins a connection to a document (opening it if needed). The caller has checked the
    /// permission: `writable` is false for read-only access.
    pub async fn join(
        self: &Arc<Self>,
        doc: &str,
        key: &str,
        peer: PeerLink,
        writable: bool,
    ) -> Result<Membership, JoinError> {
        // A room that is closing refuses the join; the second try opens a fresh one. A room
        // this call opened cannot be closing, so its join is not waited for: the room loads
        // while the connection goes on (opening a novel's chapters over one socket loads them
        // side by side), and the join is the first command it handles.
        for _ in 0..3 {
            let (inbox, opened) = self.room(doc);
            let (reply, joined) = oneshot::channel();
            let command = Command::Join(Box::new(Join {
                peer: peer.clone(),
                key: key.to_owned(),
                writable,
                reply,
            }));
            if inbox.send(command).await.is_ok() && (opened || joined.await.is_ok()) {
                return Ok(Membership {
                    conn: peer.id,
                    inbox,
                });
            }
            self.forget_closed(doc);
        }
        Err(JoinError::Unavailable(LogError(
            "the document could not be opened".into(),
        )))
    }

    /// The doorbell: another instance appended to this document's log. The room fetches what
    /// it lacks as soon as it is free (it may be in the middle of a write).
    pub fn remote(&self, doc: &str) {
        if let Ok(rooms) = self.rooms.lock()
            && let Some(entry) = rooms.get(doc)
        {
            entry.inbox.ring();
        }
    }

    /// After the doorbell's listener reconnected: every open document fetches what it missed.
    pub fn resync_all(&self) {
        if let Ok(rooms) = self.rooms.lock() {
            for entry in rooms.values() {
                entry.inbox.ring();
            }
        }
    }

    /// The document's whole state (v1): from its room when open, else from the log.
    pub async fn state(self: &Arc<Self>, doc: &str) -> Result<Vec<u8>, LogError> {
        let open = self
            .rooms
            .lock()
            .ok()
            .and_then(|rooms| rooms.get(doc).map(|entry| entry.inbox.clone()));
        if let Some(inbox) = open {
            let (reply, state) = oneshot::channel();
            if inbox.send(Command::State { reply }).await.is_ok()
                && let Ok(state) = state.await
            {
                return Ok(state);
            }
        }
        let stored = self.log.load(doc).await?;
        let name = doc.to_owned();
        Ok(
            tokio::task::spawn_blocking(move || crate::room::stored_state(&name, &stored))
                .await
                .unwrap_or_default(),
        )
    }

    /// Applies a server-made update (a forward edit) through the document's room, so that
    /// open clients receive it; answers once it is durable.
    pub async fn apply(self: &Arc<Self>, doc: &str, update: Vec<u8>) -> Result<(), RoomError> {
        for _ in 0..3 {
            let (inbox, _) = self.room(doc);
            let (reply, done) = oneshot::channel();
            let command = Command::Apply(Box::new(Apply {
                update: update.clone(),
                reply,
            }));
            if inbox.send(command).await.is_ok()
                && let Ok(result) = done.await
            {
                return result;
            }
            self.forget_closed(doc);
        }
        Err(RoomError::Reset)
    }

    /// Stops every room, closing their connections as "going away".
    pub async fn shutdown(&self) {
        let inboxes: Vec<_> = match self.rooms.lock() {
            Ok(mut rooms) => rooms.drain().map(|(_, entry)| entry.inbox).collect(),
            Err(_) => return,
        };
        for inbox in inboxes {
            let _ = inbox.send(Command::Shutdown).await;
        }
    }

    fn forget_closed(&self, doc: &str) {
        if let Ok(mut rooms) = self.rooms.lock()
            && rooms.get(doc).is_some_and(|entry| entry.inbox.is_closed())
        {
            rooms.remove(doc);
        }
    }

    /// The inbox of the document's room, starting the room if it is not open (then `true`).
    fn room(self: &Arc<Self>, doc: &str) -> (inbox::Sender<Command>, bool) {
        let mut rooms = self
            .rooms
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if let Some(entry) = rooms.get(doc)
            && !entry.inbox.is_closed()
        {
            return (entry.inbox.clone(), false);
        }
        let (inbox, receiver) = inbox::inbox(INBOX);
        let generation = self.generations.fetch_add(1, Ordering::Relaxed);
        rooms.insert(
            doc.to_owned(),
            Entry {
                generation,
                inbox: inbox.clone(),
            },
        );
        let hub = Arc::clone(self);
        tokio::spawn(hub.run_room(doc.to_owned(), generation, receiver));
        (inbox, true)
    }

    async fn run_room(
        self: Arc<Self>,
        doc: String,
        generation: u64,
        mut inbox: inbox::Receiver<Command>,
    ) {
        // Boxed: the load's state would otherwise stay in every idle room's task.
        let loading = Box::pin(Room::load(
            doc.clone(),
            Arc::clone(&self.log),
            self.config.clone(),
        ));
        let mut room = match loading.await {
            Ok(room) => room,
            Err(error) => {
                tracing::error!(doc, %error, "could not load a document");
                self.retire(&doc, generation, &mut inbox);
                return;
            }
        };
        match room.run(&mut inbox).await {
            Exit::Idle => {
                // Close the inbox under the hub's lock, so no join slips in between; then
                // answer what was queued before the close. A queued join is dropped: its
                // caller retries and opens a fresh room.
                self.retire(&doc, generation, &mut inbox);
                while let Some(command) = inbox.try_recv() {
                    let answered = matches!(command, Command::State { .. } | Command::Apply(_));
                    if answered && room.handle(command).await.is_some() {
                        return;
                    }
                }
                if room.flush().await && room.wants_compaction() {
                    let compaction =
                        crate::compact::job::run(&doc, &*self.log, self.config.pause_before_swap);
                    Box::pin(compaction).await;
                }
            }
            Exit::Poisoned => {
                room.close_all(CloseReason::Reset);
                self.retire(&doc, generation, &mut inbox);
            }
            Exit::Shutdown => {
                room.close_all(CloseReason::GoingAway);
                self.retire(&doc, generation, &mut inbox);
            }
        }
    }

    fn retire(&self, doc: &str, generation: u64, inbox: &mut inbox::Receiver<Command>) {
        let mut rooms = self
            .rooms
            .lock()
            .unwrap_or_else(|poison| poison.into_inner());
        if rooms
            .get(doc)
            .is_some_and(|entry| entry.generation == generation)
        {
            rooms.remove(doc);
        }
        inbox.close();
    }
}
