//! The live multi-device channel `GET /api/v4/ws` (ADR 0009): a signed-in device joins its user
//! and the manuscripts shared with it; the change feed's announcements (ADR 0016) reach them
//! through [`Hub::announce`], and a client's own `user_interaction` is still relayed to the
//! user's other devices and to the collaborators of the manuscript it names, on this process.
//!
//! The [`Hub`] keeps, per socket, a bounded queue of outgoing frames: a socket that falls
//! [`QUEUE_FRAMES`] behind is closed rather than slowing the others down. The channel only
//! announces changes; it must not carry data a socket's user could not fetch through the API,
//! and fan-out must never wait on a socket.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use axum::extract::{Request, State};
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::AppState;
use crate::auth::Actor;
use quire_core::policy;
use quire_store::StoreError;

/// Frames a socket may have queued before it is closed as too slow.
pub const QUEUE_FRAMES: usize = 256;
/// The largest text frame a client may send.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;
/// What the WebSocket layer itself accepts before giving up on the connection.
const HARD_FRAME_BYTES: usize = 1024 * 1024;
/// A ping every this often; a socket that has not answered the previous one is closed.
pub const PING_EVERY: Duration = Duration::from_secs(30);
/// The per-socket rate limit: tokens per second and burst.
const RATE_PER_SECOND: f64 = 20.0;
const RATE_BURST: f64 = 40.0;
/// Messages refused in a row for the rate limit before the socket is closed.
const RATE_STRIKES: u32 = 10;

/// Close codes (RFC 6455 §7.4.1).
pub mod close {
    pub const GOING_AWAY: u16 = 1001;
    pub const UNSUPPORTED: u16 = 1003;
    pub const POLICY: u16 = 1008;
    pub const TOO_BIG: u16 = 1009;
    /// Ours: the session the socket was opened with has ended.
    pub const SESSION_ENDED: u16 = 4001;
}

#[derive(Debug)]
enum Outgoing {
    Text(String),
    Close(u16, &'static str),
}

#[derive(Debug)]
struct Entry {
    user_id: String,
    session_id: String,
    tx: mpsc::Sender<Outgoing>,
    joined_user: bool,
    manuscripts: HashSet<String>,
}

#[derive(Debug, Default)]
struct Inner {
    sockets: HashMap<u64, Entry>,
    by_user: HashMap<String, HashSet<u64>>,
    by_manuscript: HashMap<String, HashSet<u64>>,
}

impl Inner {
    fn remove(&mut self, id: u64) -> Option<Entry> {
        let entry = self.sockets.remove(&id)?;
        if let Some(set) = self.by_user.get_mut(&entry.user_id) {
            set.remove(&id);
            if set.is_empty() {
                self.by_user.remove(&entry.user_id);
            }
        }
        for m in &entry.manuscripts {
            self.leave(id, m);
        }
        Some(entry)
    }

    fn leave(&mut self, id: u64, manuscript_id: &str) {
        if let Some(set) = self.by_manuscript.get_mut(manuscript_id) {
            set.remove(&id);
            if set.is_empty() {
                self.by_manuscript.remove(manuscript_id);
            }
        }
    }

    /// Queues `frame` on socket `id`; a full queue closes the socket.
    fn send(&mut self, id: u64, frame: &str) {
        let full = match self.sockets.get(&id) {
            Some(entry) => entry.tx.try_send(Outgoing::Text(frame.to_owned())).is_err(),
            None => false,
        };
        if full {
            tracing::warn!(socket = id, "live socket too far behind: closed");
            self.remove(id);
        }
    }

    /// Asks socket `id` to close and forgets it (dropping its sender ends the socket even
    /// when the close frame does not fit in its queue).
    fn close(&mut self, id: u64, code: u16, reason: &'static str) {
        if let Some(entry) = self.remove(id) {
            let _ = entry.tx.try_send(Outgoing::Close(code, reason));
        }
    }
}

/// The sockets open on this server, by user and by joined manuscript.
#[derive(Debug, Default)]
pub struct Hub {
    inner: Mutex<Inner>,
    next_id: AtomicU64,
    /// Other sockets (the collaboration socket) that must close when their session ends:
    /// `(user, session, token)`, cancelled by [`Hub::close_session`] and [`Hub::close_user`].
    watchers: Mutex<Vec<(String, String, tokio_util::sync::CancellationToken)>>,
}

impl Hub {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn register(&self, actor: &Actor) -> (u64, mpsc::Receiver<Outgoing>) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (tx, rx) = mpsc::channel(QUEUE_FRAMES);
        let mut inner = self.lock();
        inner.sockets.insert(
            id,
            Entry {
                user_id: actor.user_id.clone(),
                session_id: actor.session_id.clone(),
                tx,
                joined_user: false,
                manuscripts: HashSet::new(),
            },
        );
        inner
            .by_user
            .entry(actor.user_id.clone())
            .or_default()
            .insert(id);
        (id, rx)
    }

    fn unregister(&self, id: u64) {
        self.lock().remove(id);
    }

    fn join_user(&self, id: u64) -> bool {
        match self.lock().sockets.get_mut(&id) {
            Some(entry) => {
                entry.joined_user = true;
                true
            }
            None => false,
        }
    }

    fn join_manuscript(&self, id: u64, manuscript_id: &str) -> bool {
        let mut inner = self.lock();
        let Some(entry) = inner.sockets.get_mut(&id) else {
            return false;
        };
        entry.manuscripts.insert(manuscript_id.to_owned());
        inner
            .by_manuscript
            .entry(manuscript_id.to_owned())
            .or_default()
            .insert(id);
        true
    }

    /// Relays `frame` from socket `from` (of `user_id`): to the user's other joined sockets,
    /// and, for a manuscript, to the other sockets joined to it and to its owner's sockets.
    fn relay(&self, from: u64, user_id: &str, manuscript: Option<(&str, &str)>, frame: &str) {
        let mut inner = self.lock();
        let joined_of = |inner: &Inner, user: &str| -> Vec<u64> {
            inner
                .by_user
                .get(user)
                .into_iter()
                .flatten()
                .copied()
                .filter(|s| inner.sockets.get(s).is_some_and(|e| e.joined_user))
                .collect()
        };
        let mut targets: HashSet<u64> = joined_of(&inner, user_id).into_iter().collect();
        if let Some((manuscript_id, owner)) = manuscript {
            targets.extend(inner.by_manuscript.get(manuscript_id).into_iter().flatten());
            if owner != user_id {
                targets.extend(joined_of(&inner, owner));
            }
        }
        targets.remove(&from);
        for target in targets {
            inner.send(target, frame);
        }
    }

    /// Sends a change's announcement to the user-joined sockets of `users` and, with a
    /// manuscript, to every socket joined to it (each once).
    pub fn announce(&self, users: &[&str], manuscript_id: Option<&str>, frame: &str) {
        let mut inner = self.lock();
        let mut targets: HashSet<u64> = HashSet::new();
        for user in users {
            targets.extend(
                inner
                    .by_user
                    .get(*user)
                    .into_iter()
                    .flatten()
                    .copied()
                    .filter(|s| inner.sockets.get(s).is_some_and(|e| e.joined_user)),
            );
        }
        if let Some(manuscript_id) = manuscript_id {
            targets.extend(inner.by_manuscript.get(manuscript_id).into_iter().flatten());
        }
        for target in targets {
            inner.send(target, frame);
        }
    }

    /// Drops `user_id`'s joins to a manuscript and tells their sockets why.
    pub fn revoke(&self, user_id: &str, manuscript_id: &str, reason: &'static str) {
        let mut inner = self.lock();
        let sockets: Vec<u64> = inner
            .by_manuscript
            .get(manuscript_id)
            .into_iter()
            .flatten()
            .copied()
            .filter(|s| inner.sockets.get(s).is_some_and(|e| e.user_id == user_id))
            .collect();
        Self::leave_all(&mut inner, manuscript_id, &sockets, reason);
    }

    /// Drops every join to a manuscript (it was deleted) and tells the sockets.
    pub fn manuscript_gone(&self, manuscript_id: &str) {
        let mut inner = self.lock();
        let sockets: Vec<u64> = inner
            .by_manuscript
            .get(manuscript_id)
            .into_iter()
            .flatten()
            .copied()
            .collect();
        Self::leave_all(&mut inner, manuscript_id, &sockets, "manuscript_deleted");
    }

    fn leave_all(inner: &mut Inner, manuscript_id: &str, sockets: &[u64], reason: &str) {
        let frame =
            json!({"action": "left", "manuscript_id": manuscript_id, "reason": reason}).to_string();
        for &id in sockets {
            if let Some(entry) = inner.sockets.get_mut(&id) {
                entry.manuscripts.remove(manuscript_id);
            }
            inner.leave(id, manuscript_id);
            inner.send(id, &frame);
        }
    }

    /// A token cancelled when the actor's session ends (logout, revoke, account deleted).
    pub fn watch_session(&self, actor: &Actor) -> tokio_util::sync::CancellationToken {
        let token = tokio_util::sync::CancellationToken::new();
        let mut watchers = self.watchers.lock().unwrap_or_else(|e| e.into_inner());
        // A closed socket cancels its own token on the way out; forget those.
        watchers.retain(|(_, _, t)| !t.is_cancelled());
        watchers.push((
            actor.user_id.clone(),
            actor.session_id.clone(),
            token.clone(),
        ));
        token
    }

    fn end_watchers(&self, ends: impl Fn(&str, &str) -> bool) {
        let mut watchers = self.watchers.lock().unwrap_or_else(|e| e.into_inner());
        watchers.retain(|(user, session, token)| {
            if ends(user, session) {
                token.cancel();
                false
            } else {
                !token.is_cancelled()
            }
        });
    }

    /// Closes the sockets opened with a session that has ended.
    pub fn close_session(&self, user_id: &str, session_id: &str) {
        self.end_watchers(|user, session| user == user_id && session == session_id);
        let mut inner = self.lock();
        let sockets: Vec<u64> = inner
            .by_user
            .get(user_id)
            .into_iter()
            .flatten()
            .copied()
            .filter(|s| {
                inner
                    .sockets
                    .get(s)
                    .is_some_and(|e| e.session_id == session_id)
            })
            .collect();
        for id in sockets {
            inner.close(id, close::SESSION_ENDED, "session_ended");
        }
    }

    /// Closes every socket of a user (the account was deleted).
    pub fn close_user(&self, user_id: &str) {
        self.end_watchers(|user, _| user == user_id);
        let mut inner = self.lock();
        let sockets: Vec<u64> = inner
            .by_user
            .get(user_id)
            .into_iter()
            .flatten()
            .copied()
            .collect();
        for id in sockets {
            inner.close(id, close::SESSION_ENDED, "session_ended");
        }
    }

    /// Closes every socket with 1001 (the server is stopping).
    pub fn close_all(&self) {
        let mut inner = self.lock();
        let sockets: Vec<u64> = inner.sockets.keys().copied().collect();
        for id in sockets {
            inner.close(id, close::GOING_AWAY, "server_stopping");
        }
    }

    /// How many sockets are open.
    pub fn len(&self) -> usize {
        self.lock().sockets.len()
    }

    /// Whether no socket is open.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `GET /api/v4/ws`: upgrades a signed-in request whose `Origin`, when present, is our own;
/// 403 `csrf_refused` for a foreign one, the [`Actor`] refusals (401) without a session.
pub async fn upgrade(State(app): State<AppState>, request: Request) -> Response {
    let (ws, actor) = match crate::auth::socket::signed_in_upgrade(&app, request, "live").await {
        Ok(accepted) => accepted,
        Err(refusal) => return refusal,
    };
    ws.max_frame_size(HARD_FRAME_BYTES)
        .max_message_size(HARD_FRAME_BYTES)
        .on_upgrade(move |socket| run(socket, app, actor))
}

/// A token bucket.
#[derive(Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn new() -> Bucket {
        Bucket {
            tokens: RATE_BURST,
            at: Instant::now(),
        }
    }

    fn take(&mut self) -> bool {
        let now = Instant::now();
        let refill = now.duration_since(self.at).as_secs_f64() * RATE_PER_SECOND;
        self.tokens = (self.tokens + refill).min(RATE_BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

fn error_frame(code: &str) -> String {
    json!({"action": "error", "code": code}).to_string()
}

async fn run(mut socket: WebSocket, app: AppState, actor: Actor) {
    let (id, mut rx) = app.live.register(&actor);
    tracing::debug!(socket = id, user = %actor.user_id, "live socket opened");
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + PING_EVERY, PING_EVERY);
    let mut awaiting_pong = false;
    let mut bucket = Bucket::new();
    let mut strikes = 0;
    let closing: Option<(u16, &'static str)> = loop {
        tokio::select! {
            out = rx.recv() => match out {
                Some(Outgoing::Text(text)) => {
                    if socket.send(Message::Text(text.into())).await.is_err() {
                        break None;
                    }
                }
                Some(Outgoing::Close(code, reason)) => break Some((code, reason)),
                None => break Some((close::POLICY, "too_slow")),
            },
            incoming = socket.recv() => match incoming {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break None,
                Some(Ok(Message::Pong(_))) => awaiting_pong = false,
                Some(Ok(Message::Ping(_))) => {}
                Some(Ok(Message::Binary(_))) => break Some((close::UNSUPPORTED, "text_only")),
                Some(Ok(Message::Text(text))) => {
                    if text.len() > MAX_FRAME_BYTES {
                        break Some((close::TOO_BIG, "frame_too_large"));
                    }
                    let reply = if bucket.take() {
                        strikes = 0;
                        handle_message(&app, id, &actor, text.as_str()).await
                    } else {
                        strikes += 1;
                        if strikes >= RATE_STRIKES {
                            break Some((close::POLICY, "rate_limited"));
                        }
                        Some(error_frame("rate_limited"))
                    };
                    if let Some(reply) = reply
                        && socket.send(Message::Text(reply.into())).await.is_err()
                    {
                        break None;
                    }
                }
            },
            _ = ping.tick() => {
                if awaiting_pong {
                    break Some((close::GOING_AWAY, "no_pong"));
                }
                awaiting_pong = true;
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break None;
                }
            }
        }
    };
    app.live.unregister(id);
    if let Some((code, reason)) = closing {
        let _ = socket
            .send(Message::Close(Some(CloseFrame {
                code,
                reason: reason.into(),
            })))
            .await;
    }
    tracing::debug!(socket = id, "live socket closed");
}

/// A client's message: `{action: message, endpoint, …}`; `endpoint` is `join_user`,
/// `join_manuscript` or `user_interaction`.
#[derive(Debug, Deserialize)]
struct Incoming {
    action: String,
    endpoint: String,
    user_id: Option<String>,
    manuscript_id: Option<String>,
    interaction_data: Option<Value>,
}

/// Acts on one text frame; the frame to answer the sender with, if any.
async fn handle_message(app: &AppState, id: u64, actor: &Actor, text: &str) -> Option<String> {
    // The NUL rule, as for any request: a NUL in an id refuses the message.
    let Ok(message) = crate::http::nul_rule::from_json::<Incoming>(text.as_bytes()) else {
        return Some(error_frame("malformed_message"));
    };
    if message.action != "message" {
        return Some(error_frame("unknown_action"));
    }
    match message.endpoint.as_str() {
        "join_user" => {
            if message.user_id.as_deref() != Some(actor.user_id.as_str()) {
                return Some(error_frame("not_authorized"));
            }
            app.live.join_user(id);
            Some(
                json!({"action": "joined", "endpoint": "join_user", "user_id": actor.user_id})
                    .to_string(),
            )
        }
        "join_manuscript" => {
            let Some(manuscript_id) = message.manuscript_id else {
                return Some(error_frame("malformed_message"));
            };
            if let Err(code) = may_access(app, actor, &manuscript_id, Purpose::Join).await {
                return Some(error_frame(code));
            }
            app.live.join_manuscript(id, &manuscript_id);
            Some(
                json!({"action": "joined", "endpoint": "join_manuscript",
                       "manuscript_id": manuscript_id})
                .to_string(),
            )
        }
        "user_interaction" => {
            if message.user_id.as_deref() != Some(actor.user_id.as_str()) {
                return Some(error_frame("not_authorized"));
            }
            let Some(data) = message.interaction_data.filter(Value::is_object) else {
                return Some(error_frame("malformed_message"));
            };
            let manuscript_id = data
                .pointer("/interactionValues/manuscript_id")
                .and_then(Value::as_str)
                .filter(|m| !m.is_empty())
                .map(str::to_owned);
            let owner = match &manuscript_id {
                None => None,
                Some(m) => match may_access(app, actor, m, Purpose::Announce).await {
                    Ok(owner) => Some(owner),
                    Err(code) => return Some(error_frame(code)),
                },
            };
            let frame = json!({
                "action": "message", "endpoint": "user_interaction",
                "user_id": actor.user_id, "interaction_data": data,
            })
            .to_string();
            let manuscript = manuscript_id.as_deref().zip(owner.as_deref());
            app.live.relay(id, &actor.user_id, manuscript, &frame);
            None
        }
        _ => Some(error_frame("unknown_endpoint")),
    }
}

/// Who may reach a manuscript's sockets: its owner and the users it is shared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Purpose {
    /// Joining: a manuscript in the trash is refused (`manuscript_is_deleted`).
    Join,
    /// Announcing: the owner announces deletes and recovers of a manuscript in the trash.
    Announce,
}

/// The owner of a manuscript the actor owns or has been granted; `not_authorized` otherwise
/// (a missing manuscript looks the same).
async fn may_access(
    app: &AppState,
    actor: &Actor,
    manuscript_id: &str,
    purpose: Purpose,
) -> Result<String, &'static str> {
    let failed = |e: StoreError| {
        if matches!(e, StoreError::NotFound) {
            return "not_authorized";
        }
        tracing::error!(error = %e, "live channel: access check failed");
        "server_error"
    };
    let (owner, in_trash) = app
        .store
        .manuscript_owner(manuscript_id)
        .await
        .map_err(failed)?;
    if owner != actor.user_id {
        let role = app
            .store
            .manuscript_role(&actor.user_id, manuscript_id)
            .await
            .map_err(failed)?;
        if !policy::may_read(role) {
            return Err("not_authorized");
        }
    }
    if in_trash && purpose == Purpose::Join {
        return Err("manuscript_is_deleted");
    }
    Ok(owner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn actor(user_id: &str, session_id: &str) -> Actor {
        Actor {
            user_id: user_id.to_owned(),
            session_id: session_id.to_owned(),
            level: quire_core::Level::new(1),
            device: None,
        }
    }

    #[test]
    fn a_socket_too_far_behind_is_dropped_without_blocking_the_others() {
        let hub = Hub::default();
        let (slow, _slow_rx) = hub.register(&actor("u", "s1"));
        let (fast, mut fast_rx) = hub.register(&actor("u", "s2"));
        let (sender, _sender_rx) = hub.register(&actor("u", "s3"));
        hub.join_user(slow);
        hub.join_user(fast);
        for i in 0..=QUEUE_FRAMES {
            hub.relay(sender, "u", None, &i.to_string());
            while fast_rx.try_recv().is_ok() {}
        }
        assert!(!hub.lock().sockets.contains_key(&slow));
        assert!(hub.lock().sockets.contains_key(&fast));
        assert_eq!(hub.len(), 2);
    }

    #[test]
    fn closing_a_session_forgets_its_sockets_and_their_joins() {
        let hub = Hub::default();
        let (a, mut a_rx) = hub.register(&actor("u", "s1"));
        let (b, _b_rx) = hub.register(&actor("u", "s2"));
        hub.join_manuscript(a, "m");
        hub.join_manuscript(b, "m");
        hub.close_session("u", "s1");
        assert!(matches!(
            a_rx.try_recv(),
            Ok(Outgoing::Close(close::SESSION_ENDED, _))
        ));
        let inner = hub.lock();
        assert!(!inner.sockets.contains_key(&a));
        assert_eq!(inner.by_manuscript["m"], HashSet::from([b]));
        assert_eq!(inner.by_user["u"], HashSet::from([b]));
    }

    #[test]
    fn the_bucket_allows_a_burst_then_refuses() {
        let mut bucket = Bucket::new();
        let allowed = (0..100).filter(|_| bucket.take()).count();
        assert!((40..=41).contains(&allowed), "{allowed}");
    }
}
