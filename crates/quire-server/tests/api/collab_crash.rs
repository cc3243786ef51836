//! `kill -9` of the real server (ADR 0010: an acknowledgement promises durability): every
//! update the server acknowledged (`SyncStatus true`) is in the document when it comes back —
//! after updates sent one at a time, in the middle of a burst of group commits, and while a
//! compaction runs.

use std::time::{Duration, Instant};

use quire_testkit::Db;

use crate::collab_client::{Heard, Writer, missing, sync, text_of};
use crate::collab_processes::{Deployment, Stored, tokens};

const ACKS_WITHIN: Duration = Duration::from_secs(20);

/// The first sync of a fresh socket on the restarted server holds every token.
async fn assert_served(deployment: &Deployment, chapter: &str, tokens: &[String]) {
    let mut socket = deployment.socket(0).await;
    let (_, state) = socket.join(chapter).await;
    let lost = missing(&text_of(&state), tokens);
    assert!(
        lost.is_empty(),
        "{:?}: acknowledged and lost after kill -9: {lost:?}",
        deployment.db
    );
}

#[tokio::test]
async fn every_acknowledged_update_survives_kill_9_right_after_its_ack() {
    for db in Db::all() {
        let mut deployment = Deployment::start(db, 1, &[]).await;
        let chapter = deployment.chapter().await;
        let mut socket = deployment.socket(0).await;
        let (_, state) = socket.join(&chapter).await;
        let writer = Writer::from_state(101, &state);
        let sent = tokens("one-by-one", 0..40);
        for token in &sent {
            socket
                .send(sync(&chapter, 2, &writer.paragraph(token)))
                .await;
            assert_eq!(socket.next().await.1, Heard::Status(true));
        }
        deployment.servers[0].kill();
        deployment.servers[0].restart().await;

        assert_served(&deployment, &chapter, &sent).await;
        deployment.assert_stored_whole(&chapter, &sent).await;
        println!(
            "{db:?}: {n} updates acknowledged one at a time, {n} survived kill -9",
            n = sent.len()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_updates_of_a_burst_survive_kill_9_between_group_commits() {
    const SENT: usize = 1000;
    const KILL_AT: usize = 50;
    for db in Db::all() {
        let mut deployment = Deployment::start(db, 1, &[]).await;
        let chapter = deployment.chapter().await;
        let mut socket = deployment.socket(0).await;
        let (_, state) = socket.join(&chapter).await;
        let writer = Writer::from_state(202, &state);
        let sent = tokens("burst", 0..SENT);
        let frames = sent
            .iter()
            .map(|token| sync(&chapter, 2, &writer.paragraph(token)))
            .collect();
        // Kill the moment the KILL_AT-th acknowledgement arrives, the rest being in flight.
        let mut burst = socket.burst(frames);
        assert!(
            burst.acks(KILL_AT, ACKS_WITHIN).await,
            "{db:?}: too few acks"
        );
        deployment.servers[0].kill();
        // Acknowledgements already on their way count too: the server sent them.
        let (late, out) = burst.finish().await;
        let acked = KILL_AT + late;
        deployment.servers[0].restart().await;

        // A connection's updates are acknowledged in the order it sent them.
        assert_served(&deployment, &chapter, &sent[..acked]).await;
        let stored = deployment
            .assert_stored_whole(&chapter, &sent[..acked])
            .await;
        assert!(
            acked < out,
            "{db:?}: nothing was in flight at the kill ({acked} acknowledged of {out} sent)"
        );
        println!(
            "{db:?}: burst of {SENT} updates ({out} left the client), killed at acknowledgement \
             {KILL_AT}: {acked} acknowledged, all survived; {} stored in all, {} never (none \
             of them acknowledged)",
            stored.total(),
            out - stored.total()
        );
    }
}

/// When in a compaction a round kills the server.
#[derive(Debug, Clone, Copy)]
enum Kill {
    /// Right after the round's last acknowledgement, the log having just passed the
    /// threshold: the compaction is loading, computing or verifying.
    RightAfterTheLastAck,
    /// While the verified state waits to be swapped in.
    BeforeTheSwap,
    /// About when the swap's transaction runs.
    AroundTheSwap,
    /// Once the new snapshot is committed.
    AfterTheSwap,
}

/// Test hook of the server: compactions wait this long between verify and swap.
const PAUSE: Duration = Duration::from_millis(600);
const PAUSED: &str = "compaction verified; pausing before the swap";
const COMPACT_AFTER: usize = 500;

#[tokio::test]
async fn acknowledged_updates_survive_kill_9_during_a_compaction() {
    let pause_ms = PAUSE.as_millis().to_string();
    let settings = [("QUIRE_TEST_COMPACTION_DELAY_MS", pause_ms.as_str())];
    for db in Db::all() {
        let started = Instant::now();
        let mut deployment = Deployment::start(db, 1, &settings).await;
        let chapter = deployment.chapter().await;
        let mut acked: Vec<String> = Vec::new();
        let mut stored = Stored {
            snapshot_seq: 0,
            logged: 0,
        };
        let rounds = [
            Kill::RightAfterTheLastAck,
            Kill::BeforeTheSwap,
            Kill::AroundTheSwap,
            Kill::AfterTheSwap,
        ];
        for (round, kill) in rounds.into_iter().enumerate() {
            let mut socket = deployment.socket(0).await;
            let (_, state) = socket.join(&chapter).await;
            // Enough updates that the log passes the threshold in this round.
            let count = (COMPACT_AFTER + 20).saturating_sub(stored.logged).max(20);
            let writer = Writer::from_state(300 + round as u64, &state);
            let batch = tokens(&format!("round{round}"), 0..count);
            socket
                .send_all(
                    batch
                        .iter()
                        .map(|token| sync(&chapter, 2, &writer.paragraph(token))),
                )
                .await;
            socket.acks(count, ACKS_WITHIN).await;
            acked.extend(batch);
            let server = &deployment.servers[0];
            match kill {
                Kill::RightAfterTheLastAck => {}
                Kill::BeforeTheSwap => server.wait_for_log(PAUSED, ACKS_WITHIN).await,
                Kill::AroundTheSwap => {
                    server.wait_for_log(PAUSED, ACKS_WITHIN).await;
                    tokio::time::sleep(PAUSE - Duration::from_millis(3)).await;
                }
                Kill::AfterTheSwap => {
                    let deadline = Instant::now() + ACKS_WITHIN;
                    while deployment.stored(&chapter).await.snapshot_seq == stored.snapshot_seq {
                        assert!(
                            Instant::now() < deadline,
                            "{db:?}: no swap in {ACKS_WITHIN:?}"
                        );
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            }
            let paused = deployment.servers[0].log().contains(PAUSED);
            deployment.servers[0].kill();
            let before = stored;
            stored = deployment.assert_stored_whole(&chapter, &acked).await;
            deployment.servers[0].restart().await;
            assert_served(&deployment, &chapter, &acked).await;
            let swapped = stored.snapshot_seq != before.snapshot_seq;
            println!(
                "{db:?} round {round}: killed {kill:?} ({}); {} acknowledged updates so far, \
                 all survived; snapshot at {}, {} updates after it",
                match (swapped, paused) {
                    (true, _) => "the snapshot had been swapped",
                    (false, true) => "the verified state was waiting for its swap",
                    (false, false) => "the compaction had not verified its state yet",
                },
                acked.len(),
                stored.snapshot_seq,
                stored.logged
            );
            match kill {
                Kill::RightAfterTheLastAck | Kill::BeforeTheSwap => assert!(
                    !swapped,
                    "{db:?}: the swap happened within the {PAUSE:?} pause"
                ),
                Kill::AfterTheSwap => assert!(swapped),
                Kill::AroundTheSwap => {}
            }
        }
        println!(
            "{db:?}: four kills during compactions in {:?}",
            started.elapsed()
        );
    }
}
