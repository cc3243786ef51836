//! Two server instances over one update log (PostgreSQL in production, a log in memory here):
//! two hubs stand for the two processes, and the doorbell is rung by hand, so that each race
//! between one instance's writes and the other's fetch is played out deterministically. The
//! same log also plays a slow disk for one instance: holding `appends` keeps a write in flight.
//! The last tests play the same stories against rooms that went quiet in between (their
//! document dropped, only its encoded state kept).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use quire_collab::compact::job::{self as compaction, Outcome};
use quire_collab::derive::derive_from_update;
use quire_collab::protocol::DocMessage;
use quire_collab::{
    Hub, LogError, LoggedUpdate, Membership, PeerLink, RoomConfig, Since, StoredDoc, UpdateLog,
};
use tokio::sync::{RwLock, mpsc};
use tokio_util::sync::CancellationToken;
use yrs::encoding::read::{Cursor, Read};
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{Doc, ReadTxn, Transact, Update, XmlElementPrelim, XmlFragment, XmlTextPrelim};

const DOC: &str = "chapter-one";
const WAIT: Duration = Duration::from_secs(2);

#[derive(Default)]
struct Stored {
    snapshot: Option<Vec<u8>>,
    snapshot_seq: i64,
    head: i64,
    updates: Vec<LoggedUpdate>,
}

/// The shared log. Holding `fetches` for writing keeps a fetch (`since`) waiting after it has
/// read, as a slow query would; holding `appends` keeps a write waiting before it commits, as
/// a slow fsync would.
#[derive(Default)]
struct MemoryLog {
    docs: Mutex<HashMap<String, Stored>>,
    fetches: RwLock<()>,
    fetches_started: AtomicUsize,
    appends: RwLock<()>,
    appends_started: AtomicUsize,
}

impl MemoryLog {
    fn with<T>(&self, doc: &str, f: impl FnOnce(&mut Stored) -> T) -> T {
        f(self.docs.lock().unwrap().entry(doc.to_owned()).or_default())
    }
}

impl UpdateLog for MemoryLog {
    async fn load(&self, doc: &str) -> Result<StoredDoc, LogError> {
        Ok(self.with(doc, |d| StoredDoc {
            snapshot: d.snapshot.clone(),
            snapshot_seq: d.snapshot_seq,
            updates: d.updates.clone(),
        }))
    }

    async fn append(&self, doc: &str, updates: &[Vec<u8>]) -> Result<Vec<i64>, LogError> {
        self.appends_started.fetch_add(1, Ordering::SeqCst);
        drop(self.appends.read().await);
        Ok(self.with(doc, |d| {
            updates
                .iter()
                .map(|update| {
                    d.head += 1;
                    d.updates.push(LoggedUpdate {
                        seq: d.head,
                        update: update.clone(),
                    });
                    d.head
                })
                .collect()
        }))
    }

    async fn since(&self, doc: &str, after: i64) -> Result<Since, LogError> {
        let since = self.with(doc, |d| {
            if d.snapshot_seq > after {
                Since::Compacted
            } else {
                Since::Updates(
                    d.updates
                        .iter()
                        .filter(|u| u.seq > after)
                        .cloned()
                        .collect(),
                )
            }
        });
        self.fetches_started.fetch_add(1, Ordering::SeqCst);
        drop(self.fetches.read().await);
        Ok(since)
    }

    async fn swap_snapshot(
        &self,
        doc: &str,
        expected_snapshot_seq: i64,
        state: &[u8],
        upto: i64,
    ) -> Result<bool, LogError> {
        Ok(self.with(doc, |d| {
            if d.snapshot_seq != expected_snapshot_seq || d.head < upto {
                return false;
            }
            d.snapshot = Some(state.to_vec());
            d.snapshot_seq = upto;
            d.updates.retain(|u| u.seq > upto);
            true
        }))
    }
}

/// A connection joined to one instance's room, keeping a replica of what it was sent.
struct Peer {
    membership: Membership,
    frames: mpsc::Receiver<Bytes>,
    replica: Doc,
}

impl Peer {
    async fn join(hub: &Arc<Hub<MemoryLog>>) -> Peer {
        Peer::join_holding(hub, Doc::new()).await
    }

    /// Joins with a replica that already holds some of the document (a returning device).
    async fn join_holding(hub: &Arc<Hub<MemoryLog>>, replica: Doc) -> Peer {
        let (frames, receiver) = mpsc::channel(4096);
        let link = PeerLink {
            id: hub.next_connection(),
            frames,
            closer: Arc::new(Mutex::new(None)),
            cancel: CancellationToken::new(),
        };
        let membership = hub.join(DOC, DOC, link, true).await.expect("joins");
        let mut peer = Peer {
            membership,
            frames: receiver,
            replica,
        };
        // As a provider does: ask for what it lacks (a room this join opened loads the
        // document while the join returns) and take the answer, step 2 and the server's step 1.
        let state_vector = peer.replica.transact().state_vector().encode_v1();
        let step1 = DocMessage::SyncStep1 { state_vector };
        assert!(peer.membership.send(step1).await);
        assert!(matches!(peer.next().await, Frame::Update(_)));
        assert!(matches!(peer.next().await, Frame::Other));
        peer
    }

    async fn write(&mut self, update: Vec<u8>) {
        assert!(self.membership.send(DocMessage::Update { update }).await);
        loop {
            if let Frame::Status(applied) = self.next().await {
                assert!(applied, "the update was refused");
                return;
            }
        }
    }

    async fn next(&mut self) -> Frame {
        let bytes = tokio::time::timeout(WAIT, self.frames.recv())
            .await
            .expect("a frame in time")
            .expect("the connection is open");
        let frame = parse(&bytes);
        if let Frame::Update(update) = &frame {
            self.replica
                .transact_mut()
                .apply_update(Update::decode_v1(update).expect("decodes"))
                .expect("applies");
        }
        frame
    }

    /// Waits until the replica holds every line of `lines`; answers its text.
    async fn sees(&mut self, lines: &[String]) -> String {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let text = derive(&self.replica);
            if lines.iter().all(|line| text.lines().any(|l| l == line)) {
                return text;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "still missing some of {lines:?} in {text:?}"
            );
            self.next().await;
        }
    }
}

#[derive(Debug)]
enum Frame {
    Update(Vec<u8>),
    Status(bool),
    Other,
}

fn parse(bytes: &[u8]) -> Frame {
    let mut cursor = Cursor::new(bytes);
    let _key = cursor.read_string().expect("a key");
    match cursor.read_var::<u32>().expect("a type") {
        0 => {
            let step: u32 = cursor.read_var().expect("a step");
            let body = cursor.read_buf().expect("a body").to_vec();
            // Step 1 carries the server's state vector; steps 2 and updates carry updates.
            if step == 0 {
                Frame::Other
            } else {
                Frame::Update(body)
            }
        }
        8 => Frame::Status(cursor.read_var::<u32>().expect("a status") == 1),
        _ => Frame::Other,
    }
}

fn derive(doc: &Doc) -> String {
    let state = doc
        .transact()
        .encode_state_as_update_v1(&yrs::StateVector::default());
    derive_from_update(&state).expect("derives").text
}

/// One device typing paragraphs into its own replica: each update builds on the previous ones.
struct Writer(Doc);

impl Writer {
    fn new(client: u64) -> Writer {
        Writer(Doc::with_client_id(client))
    }

    fn paragraph(&self, text: &str) -> Vec<u8> {
        let fragment = self.0.get_or_insert_xml_fragment("default");
        let mut txn = self.0.transact_mut();
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        p.push_back(&mut txn, XmlTextPrelim::new(text));
        txn.encode_update_v1()
    }
}

fn two_instances() -> (Arc<MemoryLog>, Arc<Hub<MemoryLog>>, Arc<Hub<MemoryLog>>) {
    let log = Arc::new(MemoryLog::default());
    let one = Hub::new(Arc::clone(&log), RoomConfig::default());
    let two = Hub::new(Arc::clone(&log), RoomConfig::default());
    (log, one, two)
}

fn lines(range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| format!("word-{i:03}")).collect()
}

#[tokio::test]
async fn an_instance_catches_up_when_the_other_compacted_what_it_had_not_fetched_yet() {
    let (log, one, two) = two_instances();
    let mut reader = Peer::join(&one).await;
    let mut writer = Peer::join(&two).await;
    let device = Writer::new(7);
    let words = lines(0..6);
    for word in &words[..5] {
        writer.write(device.paragraph(word)).await;
    }
    // Instance two folds those five into the snapshot before instance one heard a ring.
    assert!(matches!(
        compaction::run(DOC, &*log, Duration::ZERO).await,
        Outcome::Compacted { upto: 5, folded: 5 }
    ));
    writer.write(device.paragraph(&words[5])).await;
    one.remote(DOC);

    reader.sees(&words).await;
    let state = one.state(DOC).await.expect("a state");
    let text = derive_from_update(&state).expect("derives").text;
    assert_eq!(text, words.join("\n"));
}

#[tokio::test]
async fn a_ring_that_arrives_while_the_room_is_busy_is_not_lost() {
    let (log, one, _) = two_instances();
    let mut reader = Peer::join(&one).await;
    let device = Writer::new(9);
    let words = lines(0..2);

    // The other instance writes; instance one starts fetching and is held in the middle.
    let hold = log.fetches.write().await;
    log.append(DOC, &[device.paragraph(&words[0])])
        .await
        .unwrap();
    one.remote(DOC);
    while log.fetches_started.load(Ordering::SeqCst) == 0 {
        tokio::task::yield_now().await;
    }
    // Meanwhile its connection fills the room's queue to the brim (the sends return once
    // queued, and nothing is taken off while the fetch is held).
    for _ in 0..1024 {
        assert!(reader.membership.send(DocMessage::QueryAwareness).await);
    }
    // The other instance writes again and rings while the queue is full.
    log.append(DOC, &[device.paragraph(&words[1])])
        .await
        .unwrap();
    one.remote(DOC);
    drop(hold);

    reader.sees(&words).await;
}

#[tokio::test]
async fn peers_see_an_update_while_it_is_written_and_the_sender_is_acknowledged_once_durable() {
    let (log, one, _) = two_instances();
    let mut reader = Peer::join(&one).await;
    let mut writer = Peer::join(&one).await;
    let device = Writer::new(11);
    let words = lines(0..3);

    // The disk is slow: the first write stays in flight.
    let hold = log.appends.write().await;
    let update = device.paragraph(&words[0]);
    assert!(writer.membership.send(DocMessage::Update { update }).await);
    reader.sees(&words[..1]).await;
    while log.appends_started.load(Ordering::SeqCst) == 0 {
        tokio::task::yield_now().await;
    }
    // The room goes on relaying while the write is held; nothing is acknowledged yet.
    for word in &words[1..] {
        let update = device.paragraph(word);
        assert!(writer.membership.send(DocMessage::Update { update }).await);
    }
    reader.sees(&words).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(
        writer.frames.try_recv().is_err(),
        "acknowledged before durable"
    );
    assert_eq!(log.with(DOC, |d| d.updates.len()), 0);

    // Once the disk answers, the first write commits and what came meanwhile is written in
    // one more append; every update is acknowledged, each only after it is stored.
    drop(hold);
    for _ in 0..3 {
        assert!(matches!(writer.next().await, Frame::Status(true)));
    }
    assert_eq!(log.with(DOC, |d| d.updates.len()), 3);
    assert_eq!(log.appends_started.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_room_opened_on_a_long_log_compacts_it_without_any_new_write() {
    let (log, one, _) = two_instances();
    let device = Writer::new(13);
    let words = lines(0..RoomConfig::default().compact_after + 1);
    for word in &words {
        log.append(DOC, &[device.paragraph(word)]).await.unwrap();
    }
    let _reader = Peer::join(&one).await;
    let deadline = tokio::time::Instant::now() + WAIT;
    while log.with(DOC, |d| d.updates.len()) > 0 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the log was not compacted"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(log.with(DOC, |d| d.snapshot_seq), words.len() as i64);
    // The room still serves the whole text.
    let state = one.state(DOC).await.expect("a state");
    assert_eq!(
        derive_from_update(&state).expect("derives").text,
        words.join("\n")
    );
}

// Rooms gone quiet keep only their document's encoded state (`room/document.rs`); everything a
// room does must work the same once its document has to be rebuilt.

const QUIET: Duration = Duration::from_millis(20);

fn quiet_instances(
    compact_after: usize,
) -> (Arc<MemoryLog>, Arc<Hub<MemoryLog>>, Arc<Hub<MemoryLog>>) {
    let log = Arc::new(MemoryLog::default());
    let config = RoomConfig {
        dormant_after: QUIET,
        compact_after,
        ..RoomConfig::default()
    };
    let one = Hub::new(Arc::clone(&log), config.clone());
    let two = Hub::new(Arc::clone(&log), config);
    (log, one, two)
}

async fn until_quiet() {
    tokio::time::sleep(QUIET * 5).await;
}

#[tokio::test]
async fn an_update_to_a_quiet_room_is_applied_relayed_and_acknowledged() {
    let (log, one, _) = quiet_instances(500);
    let mut reader = Peer::join(&one).await;
    let mut writer = Peer::join(&one).await;
    let device = Writer::new(21);
    let words = lines(0..2);

    writer.write(device.paragraph(&words[0])).await;
    reader.sees(&words[..1]).await;
    until_quiet().await;
    writer.write(device.paragraph(&words[1])).await;
    reader.sees(&words).await;

    assert_eq!(log.with(DOC, |d| d.updates.len()), 2);
    let state = one.state(DOC).await.expect("a state");
    assert_eq!(
        derive_from_update(&state).expect("derives").text,
        words.join("\n")
    );
}

#[tokio::test]
async fn a_quiet_room_answers_a_sync_request_with_what_the_client_lacks() {
    let (_, one, _) = quiet_instances(500);
    let mut writer = Peer::join(&one).await;
    let device = Writer::new(22);
    let words = lines(0..3);
    for word in &words {
        writer.write(device.paragraph(word)).await;
    }
    until_quiet().await;

    // A device holding nothing gets the whole document (Peer::join asks with an empty state
    // vector).
    let mut fresh = Peer::join(&one).await;
    assert_eq!(fresh.sees(&words).await, words.join("\n"));

    // A device holding the first paragraph gets the others.
    until_quiet().await;
    let behind = Writer::new(22);
    // The same client making the same edit: the device's copy of the first paragraph.
    behind.paragraph(&words[0]);
    let mut returning = Peer::join_holding(&one, behind.0).await;
    assert_eq!(returning.sees(&words).await, words.join("\n"));
}

#[tokio::test]
async fn a_quiet_room_compacts_once_its_rebuilt_document_takes_more_updates() {
    let (log, one, _) = quiet_instances(4);
    let mut writer = Peer::join(&one).await;
    let device = Writer::new(23);
    let words = lines(0..6);
    for word in &words[..2] {
        writer.write(device.paragraph(word)).await;
    }
    until_quiet().await;
    for word in &words[2..] {
        writer.write(device.paragraph(word)).await;
    }
    let deadline = tokio::time::Instant::now() + WAIT;
    while log.with(DOC, |d| d.snapshot_seq) < 4 {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the log was not compacted"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    until_quiet().await;
    let last = lines(6..7);
    writer.write(device.paragraph(&last[0])).await;
    let state = one.state(DOC).await.expect("a state");
    let all: Vec<String> = words.iter().chain(&last).cloned().collect();
    assert_eq!(
        derive_from_update(&state).expect("derives").text,
        all.join("\n")
    );
    let stored = log.load(DOC).await.expect("loads");
    let parts: Vec<&[u8]> = stored.updates.iter().map(|u| u.update.as_slice()).collect();
    let compacted =
        quire_collab::compact::compact(stored.snapshot.as_deref(), &parts).expect("compacts");
    assert_eq!(
        derive_from_update(&compacted.state).expect("derives").text,
        all.join("\n")
    );
}

#[tokio::test]
async fn a_quiet_room_fetches_what_another_instance_wrote_when_the_doorbell_rings() {
    let (_, one, two) = quiet_instances(500);
    let mut reader = Peer::join(&one).await;
    let mut writer = Peer::join(&two).await;
    let device = Writer::new(24);
    let words = lines(0..2);
    writer.write(device.paragraph(&words[0])).await;
    one.remote(DOC);
    reader.sees(&words[..1]).await;
    until_quiet().await;

    writer.write(device.paragraph(&words[1])).await;
    one.remote(DOC);
    reader.sees(&words).await;
}
