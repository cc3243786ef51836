//! `GET /api/v4/collab`: chapter text over the Hocuspocus v4 framing (ADR 0002, ADR 0010).
//!
//! One socket multiplexes the chapters a device has open; a document's name is its chapter id.
//! The upgrade needs the session cookie and our own Origin (like `/api/v4/ws`); each document
//! is then authorised when the client sends its `Auth` frame (the provider sends one, usually
//! with an empty token, before syncing): the owner and Editors get `read-write`; Commenters get
//! `read-write` too, but each of their updates must change nothing but the comment threads and
//! their anchors (`quire_collab::commenting`); Viewers get `readonly`. Refused updates are
//! answered `SyncStatus false` and never stored; anyone else gets `PermissionDenied`. Frames go
//! to the document's room in `quire-collab`, which acknowledges an update only once the log
//! holds it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{Request, State};
use axum::response::Response;
use futures_util::SinkExt;
use quire_collab::protocol::{self, ClientFrame, DocMessage, encode};
use quire_collab::{CloseReason, Membership, PeerLink};
use quire_store::Store;
use quire_store::docs::Ring;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::AppState;
use crate::auth::Actor;

mod authorise;
mod store_log;

use authorise::Authoriser;
pub use store_log::{COMMIT_SPACING, StoreLog};

/// The largest frame a client may send: a chapter's whole state on first sync (the REST limit
/// for chapter text is the same, ADR 0008).
pub const MAX_FRAME_BYTES: usize = 8 * 1024 * 1024;
/// Frames queued for one socket before it counts as fallen behind and is reset.
pub const QUEUE_FRAMES: usize = 1024;
/// The provider reconnects after 30 s without a message, so an idle socket hears a ping
/// (the framing's one-byte Ping) this often; one silent for [`SILENCE_LIMIT`] is closed.
pub const PING_EVERY: Duration = Duration::from_secs(10);
pub const SILENCE_LIMIT: Duration = Duration::from_secs(45);
/// A socket's read buffer. tungstenite fills its whole read buffer (128 KiB by default) on
/// every read, so each socket holds that much memory however small its frames; a device's
/// keystrokes and sync requests are tens of bytes, and a frame larger than the buffer (a
/// chapter's first sync) grows it for that frame.
const READ_BUFFER_BYTES: usize = 8 * 1024;
/// Documents one socket may have open at once.
pub const MAX_DOCS_PER_SOCKET: usize = 256;
/// Frames held for one document while its authorisation runs (the provider sends its sync
/// request and awareness right behind `Auth`); a client that sends more is reset.
const HELD_FRAMES: usize = 64;

/// Close codes.
mod close {
    pub const GOING_AWAY: u16 = 1001;
    pub const UNSUPPORTED: u16 = 1003;
    pub const INVALID: u16 = 1007;
    pub const POLICY: u16 = 1008;
    /// Hocuspocus's ResetConnection: reconnect and resync.
    pub const RESET: u16 = 4205;
}

/// This process's open chapter documents.
pub type CollabHub = quire_collab::Hub<StoreLog>;

/// The collaboration sockets open on this process, by user, so that a change of access resets
/// them: they reconnect at once, authenticate each document again and get the new scope (a
/// revoked Editor is denied, a demoted one becomes read-only). Nothing typed is lost: the
/// provider keeps unacknowledged edits and resyncs.
#[derive(Debug, Default)]
pub struct Sockets {
    by_user: Mutex<HashMap<String, HashMap<quire_collab::ConnId, PeerLink>>>,
}

impl Sockets {
    fn register(&self, user_id: &str, link: &PeerLink) {
        let mut by_user = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
        by_user
            .entry(user_id.to_owned())
            .or_default()
            .insert(link.id, link.clone());
    }

    fn unregister(&self, user_id: &str, conn: quire_collab::ConnId) {
        let mut by_user = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(links) = by_user.get_mut(user_id) {
            links.remove(&conn);
            if links.is_empty() {
                by_user.remove(user_id);
            }
        }
    }

    /// Resets every collaboration socket of `user_id` (its access to some manuscript changed).
    pub fn reset_user(&self, user_id: &str) {
        let by_user = self.by_user.lock().unwrap_or_else(|e| e.into_inner());
        for link in by_user.get(user_id).into_iter().flat_map(HashMap::values) {
            link.close(CloseReason::Reset);
        }
    }
}

/// Rings the hub for every document another instance wrote (PostgreSQL's doorbell), and makes
/// every open document fetch what it missed after the listener reconnects. Ends when `stop`
/// is cancelled; on SQLite it does nothing (one process owns the file).
pub fn spawn_doorbell(
    store: Store,
    hub: Arc<CollabHub>,
    stop: CancellationToken,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut bell = loop {
            match store.doorbell().await {
                Ok(Some(bell)) => break bell,
                Ok(None) => return,
                Err(error) => {
                    tracing::error!(%error, "cannot listen to the document doorbell; retrying");
                    tokio::select! {
                        _ = stop.cancelled() => return,
                        _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                    }
                }
            }
        };
        // Anything written before the listener started is fetched too.
        hub.resync_all();
        loop {
            tokio::select! {
                _ = stop.cancelled() => return,
                ring = bell.next() => match ring {
                    Ok(Ring::Doc(doc)) => hub.remote(&doc),
                    Ok(Ring::Reconnected) => {
                        tracing::warn!("document doorbell reconnected; resyncing open documents");
                        hub.resync_all();
                    }
                    Err(error) => {
                        tracing::error!(%error, "document doorbell failed; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        hub.resync_all();
                    }
                },
            }
        }
    })
}

/// `GET /api/v4/collab`: upgrades a signed-in request whose `Origin`, when present, is our own.
pub async fn upgrade(State(app): State<AppState>, request: Request) -> Response {
    let (ws, actor) =
        match crate::auth::socket::signed_in_upgrade(&app, request, "collaboration").await {
            Ok(accepted) => accepted,
            Err(refusal) => return refusal,
        };
    ws.max_frame_size(MAX_FRAME_BYTES)
        .max_message_size(MAX_FRAME_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .on_upgrade(move |socket| run(socket, app, actor))
}

/// One document of a socket: being authorised (its frames wait, in order), joined to its
/// room, or refused (its frames are ignored).
enum Open {
    Authorising(Vec<DocMessage>),
    Joined(Joined),
    Refused,
}

/// A document this socket has joined.
struct Joined {
    membership: Membership,
    /// A Commenter: each update is checked to change nothing but comments before the room
    /// sees it (`quire_collab::commenting`).
    commenting: bool,
}

impl Joined {
    /// Hands `message` to the document's room; `false` when the socket has fallen behind and is
    /// to be reset. A Commenter's update that changes more than comments is answered as a
    /// read-only socket's is (`SyncStatus false`, never stored or relayed).
    async fn deliver(
        &self,
        app: &AppState,
        link: &PeerLink,
        key: &str,
        message: DocMessage,
    ) -> bool {
        if self.commenting
            && let DocMessage::Update { update } | DocMessage::SyncStep2 { update } = &message
            && !comments_only(app, key, update).await
        {
            tracing::info!(
                conn = link.id,
                key,
                "refused a Commenter's update that changes the text"
            );
            return link
                .frames
                .try_send(encode::sync_status(key, false).into())
                .is_ok();
        }
        self.membership.send(message).await
    }

    async fn leave(&self) {
        self.membership.leave().await;
    }
}

/// Whether a Commenter's `update` to the document of `key` changes only its comment threads
/// and their anchors, checked against the room's current state.
async fn comments_only(app: &AppState, key: &str, update: &[u8]) -> bool {
    if quire_collab::commenting::changes_nothing(update) {
        return true;
    }
    let name = protocol::document_name(key);
    let state = match app.collab.state(name).await {
        Ok(state) => state,
        Err(error) => {
            tracing::error!(%error, doc = name, "cannot read a document to check a Commenter's update");
            return false;
        }
    };
    let update = update.to_vec();
    match tokio::task::spawn_blocking(move || {
        quire_collab::commenting::comments_only(&state, &update)
    })
    .await
    {
        Ok(Ok(only)) => only,
        Ok(Err(error)) => {
            tracing::warn!(%error, doc = name, "a Commenter's update does not apply");
            false
        }
        Err(error) => {
            tracing::error!(%error, doc = name, "checking a Commenter's update panicked");
            false
        }
    }
}

/// An authorisation finished: the document's key and how it opened.
type Authorised = (String, Result<Open, (u16, &'static str)>);

async fn run(mut socket: WebSocket, app: AppState, actor: Actor) {
    let hub = app.collab.clone();
    let conn = hub.next_connection();
    let (frames, mut outgoing) = mpsc::channel(QUEUE_FRAMES);
    let link = PeerLink {
        id: conn,
        frames,
        closer: Arc::new(Mutex::new(None)),
        cancel: app.collab_stop.child_token(),
    };
    let ended = app.live.watch_session(&actor);
    app.collab_sockets.register(&actor.user_id, &link);
    tracing::debug!(conn, user = %actor.user_id, "collab socket opened");
    let mut docs: HashMap<String, Open> = HashMap::new();
    // Documents are authorised and joined beside the socket, so that a device opening a
    // novel's chapters has them checked and loaded side by side, not one after another.
    let (authorised_tx, mut authorised) = mpsc::channel::<Authorised>(MAX_DOCS_PER_SOCKET);
    let mut authoriser = Authoriser::new(&app, &actor, &link, authorised_tx);
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut heard = tokio::time::Instant::now();
    let closing: Option<(u16, &'static str)> = loop {
        tokio::select! {
            frame = outgoing.recv() => match frame {
                Some(frame) => {
                    if send_queued(&mut socket, frame, &mut outgoing).await.is_err() {
                        break None;
                    }
                }
                None => break None,
            },
            _ = link.cancel.cancelled() => {
                let reason = link.closer.lock().ok().and_then(|slot| *slot);
                break Some(match reason {
                    Some(CloseReason::Reset) => (close::RESET, "Reset Connection"),
                    Some(CloseReason::Malformed) => (close::INVALID, "malformed"),
                    Some(CloseReason::GoingAway) | None => (close::GOING_AWAY, "going_away"),
                });
            }
            _ = ended.cancelled() => break Some((crate::live::close::SESSION_ENDED, "session_ended")),
            Some((key, opened)) = authorised.recv() => {
                if let Err(reason) = settle_authorised(&app, &link, &mut docs, key, opened).await {
                    break Some(reason);
                }
            }
            incoming = socket.recv() => {
                heard = tokio::time::Instant::now();
                match incoming {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break None,
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => {}
                    Some(Ok(Message::Text(_))) => break Some((close::UNSUPPORTED, "binary_only")),
                    Some(Ok(Message::Binary(bytes))) => {
                        if let Err(reason) = handle_frame(&app, &actor, &link, &mut docs, &mut authoriser, &bytes).await {
                            break Some(reason);
                        }
                    }
                }
            }
            _ = ping.tick() => {
                if heard.elapsed() > SILENCE_LIMIT {
                    break Some((close::GOING_AWAY, "silent"));
                }
                if socket.send(Message::Binary(encode::ping().into())).await.is_err() {
                    break None;
                }
            }
        }
    };
    // Forget the session watch (the hub prunes cancelled tokens).
    ended.cancel();
    app.collab_sockets.unregister(&actor.user_id, conn);
    // Authorisations still running leave their room themselves once nobody takes their
    // answer; those already answered are left here.
    drop(authoriser);
    authorised.close();
    while let Some((_, opened)) = authorised.recv().await {
        if let Ok(Open::Joined(joined)) = opened {
            joined.leave().await;
        }
    }
    for open in docs.into_values() {
        if let Open::Joined(joined) = open {
            joined.leave().await;
        }
    }
    if let Some((code, reason)) = closing {
        let _ = socket
            .send(Message::Close(Some(CloseFrame {
                code,
                reason: reason.into(),
            })))
            .await;
    }
    tracing::debug!(conn, "collab socket closed");
}

/// Frames written before one flush at most.
const FRAMES_PER_FLUSH: usize = 64;

/// Sends `first` and whatever else is already queued (up to [`FRAMES_PER_FLUSH`]) with one
/// flush: a socket opening a novel is answered a few frames per chapter at once, and a flush
/// each is a `send` system call each.
async fn send_queued(
    socket: &mut WebSocket,
    first: axum::body::Bytes,
    outgoing: &mut mpsc::Receiver<axum::body::Bytes>,
) -> Result<(), axum::Error> {
    socket.feed(Message::Binary(first)).await?;
    for _ in 1..FRAMES_PER_FLUSH {
        match outgoing.try_recv() {
            Ok(frame) => socket.feed(Message::Binary(frame)).await?,
            Err(_) => break,
        }
    }
    socket.flush().await
}

/// Acts on one binary frame; `Err` closes the socket with that code and reason.
async fn handle_frame(
    app: &AppState,
    actor: &Actor,
    link: &PeerLink,
    docs: &mut HashMap<String, Open>,
    authoriser: &mut Authoriser,
    bytes: &[u8],
) -> Result<(), (u16, &'static str)> {
    let frame = match protocol::decode(bytes) {
        Ok(frame) => frame,
        Err(error) => {
            tracing::warn!(conn = link.id, user = %actor.user_id, %error, "closing a collab socket that sent a bad frame");
            return Err((close::INVALID, "malformed"));
        }
    };
    let (key, message) = match frame {
        ClientFrame::Pong => return Ok(()),
        ClientFrame::Doc { key, message } => (key, message),
    };
    match (docs.get(&key), message) {
        (None, DocMessage::Auth { .. }) => {
            if docs.len() >= MAX_DOCS_PER_SOCKET {
                tracing::warn!(conn = link.id, "too many documents on one collab socket");
                return Err((close::POLICY, "too_many_documents"));
            }
            docs.insert(key.clone(), Open::Authorising(Vec::new()));
            authoriser.request(key);
        }
        (Some(Open::Authorising(_)), message) => {
            let Some(Open::Authorising(held)) = docs.get_mut(&key) else {
                return Ok(());
            };
            if held.len() >= HELD_FRAMES {
                tracing::warn!(
                    conn = link.id,
                    "too many frames for a document being authorised"
                );
                return Err((close::RESET, "Reset Connection"));
            }
            held.push(message);
        }
        (Some(Open::Joined(_)), DocMessage::Close) => {
            if let Some(Open::Joined(joined)) = docs.remove(&key) {
                joined.leave().await;
            }
        }
        (Some(Open::Joined(joined)), message) => {
            if !joined.deliver(app, link, &key, message).await {
                return Err((close::RESET, "Reset Connection"));
            }
        }
        (Some(Open::Refused), DocMessage::Close) => {
            docs.remove(&key);
        }
        (Some(Open::Refused), _) | (None, _) => {
            // Nothing for a document that was refused or never authenticated: the client was
            // told (or will be, when it authenticates).
            tracing::debug!(
                conn = link.id,
                key,
                "frame for a document not open on this socket"
            );
        }
    }
    Ok(())
}

/// Puts an authorised document in place and hands its room the frames that waited for it.
async fn settle_authorised(
    app: &AppState,
    link: &PeerLink,
    docs: &mut HashMap<String, Open>,
    key: String,
    opened: Result<Open, (u16, &'static str)>,
) -> Result<(), (u16, &'static str)> {
    let opened = opened?;
    let Some(Open::Authorising(held)) = docs.insert(key.clone(), opened) else {
        return Ok(());
    };
    for message in held {
        match docs.get(&key) {
            Some(Open::Joined(joined)) if message == DocMessage::Close => {
                joined.leave().await;
                docs.remove(&key);
            }
            Some(Open::Joined(joined)) => {
                let delivered = joined.deliver(app, link, &key, message).await;
                if !delivered {
                    return Err((close::RESET, "Reset Connection"));
                }
            }
            Some(Open::Refused) if message == DocMessage::Close => {
                docs.remove(&key);
            }
            _ => {}
        }
    }
    Ok(())
}
