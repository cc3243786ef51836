//! A room's inbox: a bounded, many-senders, one-receiver queue of commands, as small as an idle
//! room can afford.
//!
//! tokio's `mpsc::channel` allocates its shared state with cache-padded fields and a first block
//! of 32 slots for every channel, so each open document paid for an inbox that an idle room
//! never uses. This one
//! is a mutex-guarded queue whose buffer grows only with what is queued, and two `Notify`s.
//! Its behaviour is the part of `mpsc` the hub and rooms use:
//! - `send` waits while `capacity` commands are queued (back-pressure), and fails once the
//!   receiver closed or dropped the inbox;
//! - `recv` answers the next command, or `None` once the inbox is closed (or every sender is
//!   gone) and nothing is left; it is cancel-safe (a command is taken only when it is answered);
//! - `try_recv` takes a queued command without waiting; `close` refuses further sends and keeps
//!   what is queued for `recv`/`try_recv`.
//!
//! It is also the room's doorbell (another instance wrote to the document's log): `ring` sets a
//! flag that never waits for room in the queue, so a ring is not lost to a full inbox and many
//! rings while the room is busy make one fetch; `recv` answers it when asked to (the room does
//! once no write of its own is in flight). One wake-up for both spares every idle room a second
//! `Notify` and the future that waits on it.

use std::collections::VecDeque;
use std::pin::pin;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

/// The sending half; clones share the inbox.
#[derive(Debug)]
pub(crate) struct Sender<T> {
    shared: Arc<Shared<T>>,
}

/// The receiving half (one per inbox).
#[derive(Debug)]
pub(crate) struct Receiver<T> {
    shared: Arc<Shared<T>>,
}

#[derive(Debug)]
struct Shared<T> {
    state: Mutex<State<T>>,
    /// Rung when a command is queued, or when the last sender leaves.
    readable: Notify,
    /// Rung when room is made in a full queue, or when the inbox closes.
    writable: Notify,
}

#[derive(Debug)]
struct State<T> {
    queue: VecDeque<T>,
    capacity: usize,
    closed: bool,
    senders: usize,
    /// The doorbell rang and `recv` has not answered it yet.
    rung: bool,
}

/// What `recv` answers.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Received<T> {
    Command(T),
    /// The doorbell rang (once however many times, since it was last answered).
    Rang,
}

/// A send refused: the inbox is closed. Holds the value back.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Closed<T>(pub(crate) T);

/// An inbox holding at most `capacity` (≥ 1) commands.
pub(crate) fn inbox<T>(capacity: usize) -> (Sender<T>, Receiver<T>) {
    let shared = Arc::new(Shared {
        state: Mutex::new(State {
            queue: VecDeque::new(),
            capacity: capacity.max(1),
            closed: false,
            senders: 1,
            rung: false,
        }),
        readable: Notify::new(),
        writable: Notify::new(),
    });
    (
        Sender {
            shared: Arc::clone(&shared),
        },
        Receiver { shared },
    )
}

impl<T> Shared<T> {
    fn lock(&self) -> MutexGuard<'_, State<T>> {
        // Nothing panics while holding it; a poisoned queue is still a consistent queue.
        self.state
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }
}

impl<T> Sender<T> {
    /// Queues `value`, waiting while the inbox is full; `Err` once it is closed.
    pub(crate) async fn send(&self, value: T) -> Result<(), Closed<T>> {
        loop {
            let mut room = pin!(self.shared.writable.notified());
            room.as_mut().enable();
            {
                let mut state = self.shared.lock();
                if state.closed {
                    return Err(Closed(value));
                }
                if state.queue.len() < state.capacity {
                    state.queue.push_back(value);
                    drop(state);
                    self.shared.readable.notify_one();
                    return Ok(());
                }
            }
            room.await;
        }
    }

    /// Rings the doorbell: the receiver's next `recv` that answers rings gets
    /// [`Received::Rang`]. Never waits; a closed inbox ignores it.
    pub(crate) fn ring(&self) {
        {
            let mut state = self.shared.lock();
            if state.closed {
                return;
            }
            state.rung = true;
        }
        self.shared.readable.notify_one();
    }

    /// The receiver closed or dropped the inbox.
    pub(crate) fn is_closed(&self) -> bool {
        self.shared.lock().closed
    }
}

impl<T> Clone for Sender<T> {
    fn clone(&self) -> Self {
        self.shared.lock().senders += 1;
        Sender {
            shared: Arc::clone(&self.shared),
        }
    }
}

impl<T> Drop for Sender<T> {
    fn drop(&mut self) {
        let last = {
            let mut state = self.shared.lock();
            state.senders -= 1;
            state.senders == 0
        };
        if last {
            self.shared.readable.notify_one();
        }
    }
}

impl<T> Receiver<T> {
    /// The doorbell, if it rang and `rings` is true, else the next command; `None` once the
    /// inbox is closed, or has no sender left, and is empty. A ring not asked for is kept.
    pub(crate) async fn recv(&mut self, rings: bool) -> Option<Received<T>> {
        loop {
            let mut queued = pin!(self.shared.readable.notified());
            queued.as_mut().enable();
            match self.take(rings) {
                Ok(received) => return Some(received),
                Err(true) => return None,
                Err(false) => {}
            }
            queued.await;
        }
    }

    /// A queued command, without waiting; `None` when none is queued.
    pub(crate) fn try_recv(&mut self) -> Option<T> {
        match self.take(false) {
            Ok(Received::Command(value)) => Some(value),
            _ => None,
        }
    }

    /// Refuses further sends (waiting senders fail); what is queued can still be received.
    pub(crate) fn close(&mut self) {
        self.shared.lock().closed = true;
        self.shared.writable.notify_waiters();
    }

    /// Under one lock: the doorbell (if `rings` and it rang), else the next command, or whether
    /// the inbox is over (`Err(true)`) or just empty.
    fn take(&self, rings: bool) -> Result<Received<T>, bool> {
        let mut state = self.shared.lock();
        if rings && std::mem::take(&mut state.rung) {
            return Ok(Received::Rang);
        }
        match state.queue.pop_front() {
            Some(value) => {
                if state.queue.is_empty() && state.queue.capacity() > SHRINK_ABOVE {
                    // A burst's buffer is not kept by a room that went quiet.
                    state.queue.shrink_to(SHRINK_ABOVE);
                }
                drop(state);
                // Every command taken makes room for one waiting sender (a wake-up nobody
                // waits for is kept and costs the next full send one more look).
                self.shared.writable.notify_one();
                Ok(Received::Command(value))
            }
            None => Err(state.closed || state.senders == 0),
        }
    }
}

/// An emptied queue keeps at most this many slots.
const SHRINK_ABOVE: usize = 8;

impl<T> Drop for Receiver<T> {
    fn drop(&mut self) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    /// The next command (no ring is expected).
    async fn next<T>(rx: &mut Receiver<T>) -> Option<T> {
        match rx.recv(true).await? {
            Received::Command(value) => Some(value),
            Received::Rang => panic!("the doorbell rang where no one rang it"),
        }
    }

    #[tokio::test]
    async fn many_rings_are_answered_once_and_before_what_is_queued() {
        let (tx, mut rx) = inbox(4);
        tx.send(1).await.unwrap();
        tx.ring();
        tx.clone().ring();
        assert_eq!(rx.recv(true).await, Some(Received::Rang));
        assert_eq!(rx.recv(true).await, Some(Received::Command(1)));
        assert_eq!(rx.try_recv(), None);
        let quiet = tokio::time::timeout(Duration::from_millis(20), rx.recv(true)).await;
        assert!(quiet.is_err(), "a ring was answered twice");
    }

    #[tokio::test]
    async fn a_ring_not_asked_for_is_kept_and_a_waiting_receiver_is_woken_by_one() {
        let (tx, mut rx) = inbox::<u8>(4);
        tx.ring();
        let busy = tokio::time::timeout(Duration::from_millis(20), rx.recv(false)).await;
        assert!(
            busy.is_err(),
            "a ring was answered while the room did not ask for rings"
        );
        assert_eq!(rx.recv(true).await, Some(Received::Rang));

        let ringer = tokio::spawn({
            let tx = tx.clone();
            async move {
                tokio::time::sleep(Duration::from_millis(20)).await;
                tx.ring();
            }
        });
        assert_eq!(rx.recv(true).await, Some(Received::Rang));
        ringer.await.unwrap();
    }

    #[tokio::test]
    async fn a_ring_does_not_wait_for_a_full_inbox_and_a_closed_one_ignores_it() {
        let (tx, mut rx) = inbox(1);
        tx.send(1).await.unwrap();
        tx.ring();
        assert_eq!(rx.recv(true).await, Some(Received::Rang));
        assert_eq!(rx.recv(true).await, Some(Received::Command(1)));
        rx.close();
        tx.ring();
        assert_eq!(rx.recv(true).await, None);
    }

    #[tokio::test]
    async fn commands_arrive_in_order_and_none_once_every_sender_is_gone() {
        let (tx, mut rx) = inbox(4);
        let other = tx.clone();
        tx.send(1).await.unwrap();
        other.send(2).await.unwrap();
        assert_eq!(next(&mut rx).await, Some(1));
        assert_eq!(rx.try_recv(), Some(2));
        assert_eq!(rx.try_recv(), None);
        drop(tx);
        other.send(3).await.unwrap();
        drop(other);
        assert_eq!(next(&mut rx).await, Some(3));
        assert_eq!(next(&mut rx).await, None);
    }

    #[tokio::test]
    async fn a_full_inbox_holds_the_sender_back_until_a_command_is_taken() {
        let (tx, mut rx) = inbox(2);
        tx.send(1).await.unwrap();
        tx.send(2).await.unwrap();
        let third = tokio::spawn({
            let tx = tx.clone();
            async move { tx.send(3).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(!third.is_finished(), "a full inbox took a third command");
        assert_eq!(next(&mut rx).await, Some(1));
        third.await.unwrap().unwrap();
        assert_eq!(next(&mut rx).await, Some(2));
        assert_eq!(next(&mut rx).await, Some(3));
    }

    #[tokio::test]
    async fn closing_refuses_sends_and_wakes_the_waiting_ones_but_keeps_what_is_queued() {
        let (tx, mut rx) = inbox(1);
        tx.send(1).await.unwrap();
        let waiting = tokio::spawn({
            let tx = tx.clone();
            async move { tx.send(2).await }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        rx.close();
        assert_eq!(waiting.await.unwrap(), Err(Closed(2)));
        assert!(tx.is_closed());
        assert_eq!(tx.send(3).await, Err(Closed(3)));
        assert_eq!(next(&mut rx).await, Some(1));
        assert_eq!(next(&mut rx).await, None);
    }

    #[tokio::test]
    async fn a_dropped_receiver_closes_the_inbox() {
        let (tx, rx) = inbox::<u8>(1);
        drop(rx);
        assert!(tx.is_closed());
        assert_eq!(tx.send(1).await, Err(Closed(1)));
    }

    #[tokio::test]
    async fn a_cancelled_receive_loses_nothing() {
        let (tx, mut rx) = inbox(8);
        for _ in 0..3 {
            // Cancelled while waiting on an empty inbox.
            let timed_out = tokio::time::timeout(Duration::from_millis(5), rx.recv(true)).await;
            assert!(timed_out.is_err());
        }
        tx.send(7).await.unwrap();
        assert_eq!(next(&mut rx).await, Some(7));
    }

    #[tokio::test]
    async fn many_senders_through_a_small_inbox_deliver_everything_once() {
        let (tx, mut rx) = inbox(3);
        let mut senders = Vec::new();
        for s in 0..8u32 {
            let tx = tx.clone();
            senders.push(tokio::spawn(async move {
                for i in 0..200u32 {
                    tx.send(s * 1000 + i).await.unwrap();
                }
            }));
        }
        drop(tx);
        let mut seen = Vec::new();
        while let Some(value) = next(&mut rx).await {
            seen.push(value);
        }
        for sender in senders {
            sender.await.unwrap();
        }
        assert_eq!(seen.len(), 1600);
        // Each sender's commands arrive in the order it sent them.
        for s in 0..8u32 {
            let own: Vec<u32> = seen.iter().copied().filter(|v| v / 1000 == s).collect();
            assert_eq!(own, (0..200).map(|i| s * 1000 + i).collect::<Vec<_>>());
        }
    }
}
