//! Two `quire` processes on one PostgreSQL database (ADR 0010): an update acknowledged by
//! one reaches the other's clients through the `quire_doc` doorbell within a second, both
//! ways, and a device that joins later gets everything in its first sync — also after one
//! server compacted while the other was listening.

use std::time::{Duration, Instant};

use quire_testkit::Db;

use crate::collab_client::{Client, Heard, Writer, missing, sync, text_of};
use crate::collab_processes::{Deployment, tokens};

const WITHIN: Duration = Duration::from_secs(1);
const ROUNDS: usize = 5;

/// A device on one server: its socket and its replica, which it types into and which the
/// updates relayed to it feed, as a provider's.
struct Device {
    socket: Client,
    replica: Writer,
}

impl Device {
    async fn join(deployment: &Deployment, server: usize, chapter: &str, client: u64) -> Device {
        let mut socket = deployment.socket(server).await;
        let (_, state) = socket.join(chapter).await;
        Device {
            socket,
            replica: Writer::from_state(client, &state),
        }
    }

    /// Waits for relayed updates until the replica holds `token`; answers how long it took
    /// from `since`.
    async fn hears(&mut self, token: &str, since: Instant) -> Duration {
        let deadline = since + Duration::from_secs(5);
        while !missing(&self.replica.text(), &[token.to_owned()]).is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.socket.next_within(left).await {
                Some((_, Heard::Update(update))) => self.replica.apply(&update),
                Some(_) => {}
                None => panic!("{token:?} was not relayed within 5 s"),
            }
        }
        since.elapsed()
    }
}

/// `from` types a paragraph and the time until `to` has it is measured, `ROUNDS` times.
async fn latencies(
    chapter: &str,
    from: &mut Device,
    to: &mut Device,
    tag: &str,
) -> (Vec<String>, Vec<Duration>) {
    let sent = tokens(tag, 0..ROUNDS);
    let mut measured = Vec::with_capacity(ROUNDS);
    for token in &sent {
        let update = from.replica.paragraph(token);
        let start = Instant::now();
        from.socket.send(sync(chapter, 2, &update)).await;
        measured.push(to.hears(token, start).await);
        from.socket.acks(1, Duration::from_secs(5)).await;
    }
    (sent, measured)
}

fn report(direction: &str, measured: &[Duration]) {
    let mut sorted = measured.to_vec();
    sorted.sort();
    let worst = sorted[sorted.len() - 1];
    println!(
        "{direction}: {} updates, latency min {:?}, median {:?}, max {worst:?}",
        sorted.len(),
        sorted[0],
        sorted[sorted.len() / 2],
    );
    assert!(
        worst < WITHIN,
        "{direction}: an update took {worst:?} (limit {WITHIN:?})"
    );
}

#[tokio::test]
async fn two_servers_on_one_postgresql_relay_each_others_updates_within_a_second() {
    if !Db::all().contains(&Db::Postgres) {
        // Two processes share a database only on PostgreSQL (an SQLite file has one owner);
        // scripts/test-rust.sh sets QUIRE_TEST_POSTGRES_URL whenever one answers.
        println!("QUIRE_TEST_POSTGRES_URL is not set: two servers need PostgreSQL");
        return;
    }
    let deployment = Deployment::start(Db::Postgres, 2, &[]).await;
    let chapter = deployment.chapter().await;
    let mut a = Device::join(&deployment, 0, &chapter, 1).await;
    let mut b = Device::join(&deployment, 1, &chapter, 2).await;

    let (from_b, measured) = latencies(&chapter, &mut b, &mut a, "from-b").await;
    report("server 2 → server 1", &measured);
    let (from_a, measured) = latencies(&chapter, &mut a, &mut b, "from-a").await;
    report("server 1 → server 2", &measured);

    // A burst on server 2, long enough that it compacts while server 1 listens.
    let burst = tokens("burst-b", 0..520);
    let frames: Vec<Vec<u8>> = burst
        .iter()
        .map(|token| sync(&chapter, 2, &b.replica.paragraph(token)))
        .collect();
    b.socket.send_all(frames).await;
    b.socket.acks(burst.len(), Duration::from_secs(20)).await;
    a.hears(burst.last().expect("a token"), Instant::now())
        .await;
    let everything: Vec<String> = [from_b, from_a, burst].concat();
    let lost = missing(&a.replica.text(), &everything);
    assert!(lost.is_empty(), "server 1's device lacks {lost:?}");

    // A device joining server 2 later gets everything in its first sync.
    let mut late = deployment.socket(1).await;
    let (_, state) = late.join(&chapter).await;
    let lost = missing(&text_of(&state), &everything);
    assert!(lost.is_empty(), "a late joiner on server 2 lacks {lost:?}");
    let stored = deployment.assert_stored_whole(&chapter, &everything).await;
    println!(
        "{} updates from both servers reached both and the late joiner; snapshot at {}, {} \
         updates after it",
        everything.len(),
        stored.snapshot_seq,
        stored.logged
    );
}
