//! The real `quire` binary, as child processes over one database, for the collaboration tests
//! that kill a server (`kill -9`) or run two: a [`Deployment`] is a test database and the
//! servers on it, with a writer and her chapter made over HTTP.

use quire_collab::compact::compact;
use quire_collab::derive::derive_from_update;
use quire_store::Store;
use quire_testkit::{Db, ServerProcess, TestDatabase};
use serde_json::json;

use crate::collab_client::{COLLAB, Client, PASSWORD, id, missing};

/// The server binary Cargo built for this test binary.
pub(crate) const QUIRE: &str = env!("CARGO_BIN_EXE_quire");
pub(crate) const EMAIL: &str = "ada@example.com";

/// Servers on one test database. The servers are declared first: they are killed before the
/// database is dropped.
pub(crate) struct Deployment {
    pub(crate) servers: Vec<ServerProcess>,
    pub(crate) db: Db,
    database: TestDatabase,
    _dir: tempfile::TempDir,
}

impl Deployment {
    /// `count` servers on a fresh database on `db`, each with `settings`.
    pub(crate) async fn start(db: Db, count: usize, settings: &[(&str, &str)]) -> Deployment {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database = TestDatabase::create(db, dir.path()).await;
        let mut servers = Vec::with_capacity(count);
        for _ in 0..count {
            servers.push(ServerProcess::start(QUIRE.as_ref(), database.url(), settings).await);
        }
        Deployment {
            servers,
            db,
            database,
            _dir: dir,
        }
    }

    /// Signs Ada up on the first server and makes her a manuscript with a chapter; answers the
    /// chapter's id (its document's name).
    pub(crate) async fn chapter(&self) -> String {
        let server = &self.servers[0];
        server.sign_up("Ada", EMAIL, PASSWORD).await;
        server
            .put_json(
                &format!("manuscripts/put/{}", id("m1")),
                &json!({"title": "Novel"}),
            )
            .await
            .data();
        server
            .put_json(
                &format!("chapters/put/{}", id("c1")),
                &json!({"manuscript_id": id("m1"), "name": "One"}),
            )
            .await
            .data();
        id("c1")
    }

    /// A new session of Ada's and a collaboration socket for it on server `index`.
    pub(crate) async fn socket(&self, index: usize) -> Client {
        let server = &self.servers[index];
        let cookie = server.session_cookie(EMAIL, PASSWORD).await;
        Client::with_cookie(&server.ws_url(COLLAB), &cookie).await
    }

    /// The document as stored, read straight from the database (the servers may be down).
    pub(crate) async fn stored(&self, chapter: &str) -> quire_store::docs::StoredDoc {
        let store = Store::open(self.database.url())
            .await
            .expect("the database opens");
        let stored = store.doc_load(chapter).await.expect("the document reads");
        store.close().await;
        stored
    }

    /// Checks that the stored document is whole — the log follows the snapshot without a gap
    /// and snapshot + log compact and verify — and holds every token; answers how many updates
    /// the log held after the snapshot, and where the snapshot was.
    pub(crate) async fn assert_stored_whole(&self, chapter: &str, tokens: &[String]) -> Stored {
        let stored = self.stored(chapter).await;
        let seqs: Vec<i64> = stored.updates.iter().map(|u| u.seq).collect();
        let expected: Vec<i64> =
            (stored.snapshot_seq + 1..=stored.snapshot_seq + seqs.len() as i64).collect();
        assert_eq!(seqs, expected, "the log does not follow its snapshot");
        let updates: Vec<&[u8]> = stored.updates.iter().map(|u| u.update.as_slice()).collect();
        let compacted = compact(stored.snapshot.as_deref(), &updates)
            .unwrap_or_else(|e| panic!("the stored document does not compact: {e}"));
        let text = derive_from_update(&compacted.state)
            .expect("the stored document derives")
            .text;
        let lost = missing(&text, tokens);
        assert!(
            lost.is_empty(),
            "{:?}: stored document lost {lost:?}",
            self.db
        );
        Stored {
            snapshot_seq: stored.snapshot_seq,
            logged: stored.updates.len(),
        }
    }
}

/// Where a stored document stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stored {
    pub(crate) snapshot_seq: i64,
    pub(crate) logged: usize,
}

impl Stored {
    /// How many updates were ever stored (sequence numbers have no gaps).
    pub(crate) fn total(&self) -> usize {
        self.snapshot_seq as usize + self.logged
    }
}

/// Marker tokens numbered by `range`, unique per `tag`: each is a whole paragraph, so none
/// hides another.
pub(crate) fn tokens(tag: &str, range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|i| format!("{tag}-{i:04}")).collect()
}
