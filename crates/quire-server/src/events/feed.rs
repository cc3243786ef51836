//! The feed's transport. Every event is applied on the instance that committed it at once
//! (in memory, in order); on PostgreSQL it is also sent on the `quire_feed` channel, tagged
//! with the sending instance, and every other instance applies what it hears.

use std::sync::Mutex;
use std::time::Duration;

use quire_store::Store;
use quire_store::feed::{FeedListener, Heard};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use super::{Event, effects};
use crate::AppState;

/// How long the listener waits before trying again after it lost PostgreSQL.
const RETRY_EVERY: Duration = Duration::from_secs(1);

/// This instance's end of the feed, in [`AppState`].
#[derive(Debug)]
pub struct Feed {
    /// Tells this instance's events from other instances' on the shared channel.
    origin: u64,
    local: mpsc::UnboundedSender<Event>,
    /// Taken by [`spawn`]: the events to apply here, in the order they were published.
    pending: Mutex<Option<mpsc::UnboundedReceiver<Event>>>,
    /// The events to send to other instances (PostgreSQL only).
    remote: Option<mpsc::UnboundedSender<Event>>,
    remote_pending: Mutex<Option<mpsc::UnboundedReceiver<Event>>>,
}

impl Feed {
    /// A feed for `store`'s backend.
    pub fn new(store: &Store) -> Feed {
        let (local, pending) = mpsc::unbounded_channel();
        let (remote, remote_pending) = if store.backend() == quire_store::Backend::Postgres {
            let (tx, rx) = mpsc::unbounded_channel();
            (Some(tx), Some(rx))
        } else {
            (None, None)
        };
        Feed {
            origin: rand::random(),
            local,
            pending: Mutex::new(Some(pending)),
            remote,
            remote_pending: Mutex::new(remote_pending),
        }
    }

    /// Publishes a committed change. Never waits: the event is applied and sent in the
    /// background, in publishing order.
    pub fn publish(&self, event: Event) {
        if let Some(remote) = &self.remote {
            let _ = remote.send(event.clone());
        }
        let _ = self.local.send(event);
    }

    fn payload(&self, event: &Event) -> String {
        format!("{}:{}", self.origin, event.encode())
    }

    /// The event of a payload another instance sent; `None` for our own or an unknown one.
    fn heard(&self, payload: &str) -> Option<Event> {
        let (origin, event) = payload.split_once(':')?;
        if origin.parse::<u64>().ok()? == self.origin {
            return None;
        }
        Event::decode(event)
    }
}

/// Starts applying and sending `app`'s events and, on PostgreSQL, listening to the other
/// instances'. The listener is connected before this returns, so that a change committed
/// elsewhere after the server answers is heard. The tasks end when `stop` is cancelled.
pub async fn spawn(app: &AppState, stop: CancellationToken) -> Vec<JoinHandle<()>> {
    let feed = &app.events;
    let mut tasks = Vec::new();
    let taken = |m: &Mutex<Option<mpsc::UnboundedReceiver<Event>>>| {
        m.lock().unwrap_or_else(|e| e.into_inner()).take()
    };
    if let Some(mut pending) = taken(&feed.pending) {
        let (app, stop) = (app.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = stop.cancelled() => return,
                    event = pending.recv() => match event {
                        Some(event) => effects::apply(&app, event).await,
                        None => return,
                    },
                }
            }
        }));
    }
    if let Some(mut outgoing) = taken(&feed.remote_pending) {
        let (sender, sender_stop) = (app.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let (app, stop) = (sender, sender_stop);
            loop {
                let event = tokio::select! {
                    _ = stop.cancelled() => return,
                    event = outgoing.recv() => match event {
                        Some(event) => event,
                        None => return,
                    },
                };
                if let Err(error) = app.store.feed_notify(&app.events.payload(&event)).await {
                    tracing::error!(%error, "cannot send a change to the other instances");
                }
            }
        }));
        let listener = match app.store.feed_listener().await {
            Ok(listener) => listener,
            Err(error) => {
                tracing::error!(%error, "cannot listen to the change feed yet; retrying");
                None
            }
        };
        tasks.push(tokio::spawn(listen(app.clone(), listener, stop.clone())));
    }
    tasks
}

/// Applies what the other instances send, until `stop` is cancelled.
async fn listen(app: AppState, mut listener: Option<FeedListener>, stop: CancellationToken) {
    loop {
        let Some(heard) = listener.as_mut() else {
            tokio::select! {
                _ = stop.cancelled() => return,
                _ = tokio::time::sleep(RETRY_EVERY) => {}
            }
            match app.store.feed_listener().await {
                Ok(connected) => listener = connected,
                Err(error) => tracing::error!(%error, "cannot listen to the change feed; retrying"),
            }
            continue;
        };
        let next = tokio::select! {
            _ = stop.cancelled() => return,
            next = heard.next() => next,
        };
        match next {
            Ok(Heard::Payload(payload)) => {
                if let Some(event) = app.events.heard(&payload) {
                    let _ = app.events.local.send(event);
                }
            }
            // Devices catch up on what was missed at their next sync or reload.
            Ok(Heard::Reconnected) => {
                tracing::warn!(
                    "the change feed reconnected; changes made meanwhile were not announced"
                );
            }
            Err(error) => {
                tracing::error!(%error, "the change feed failed; retrying");
                tokio::time::sleep(RETRY_EVERY).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_instance_ignores_its_own_events_and_applies_the_others() {
        let (local, _rx) = mpsc::unbounded_channel();
        let feed = |origin| Feed {
            origin,
            local: local.clone(),
            pending: Mutex::new(None),
            remote: None,
            remote_pending: Mutex::new(None),
        };
        let (one, two) = (feed(1), feed(2));
        let event = Event::UserDeleted {
            user: "u".to_owned(),
        };
        let payload = one.payload(&event);
        assert_eq!(one.heard(&payload), None);
        assert_eq!(two.heard(&payload), Some(event));
        assert_eq!(two.heard("not a payload"), None);
        assert_eq!(two.heard("3:{\"e\":\"unknown\"}"), None);
    }
}
