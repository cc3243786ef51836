//! What an acknowledged write promises: the durability settings read back from a running
//! server's pool, and from a pool whose database asks for less (ADR 0001).

use quire_store::Store;
use quire_testkit::{Db, TestApp};

#[tokio::test]
async fn a_running_server_commits_so_that_an_acknowledged_write_survives_power_loss() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let settings = app.state.store.durability().await.expect("settings read");
        match db {
            Db::Sqlite => {
                assert_eq!(settings.get("journal_mode"), Some("wal"), "{settings:?}");
                assert_eq!(settings.get("synchronous"), Some("2"), "FULL: {settings:?}");
            }
            Db::Postgres => {
                assert_eq!(
                    settings.get("synchronous_commit"),
                    Some("on"),
                    "{settings:?}"
                );
                assert_eq!(settings.get("fsync"), Some("on"), "{settings:?}");
            }
        }
        assert!(settings.survives_power_loss(), "{db:?}: {settings:?}");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_server_default_of_asynchronous_commit_does_not_weaken_the_pool() {
    if !Db::all().contains(&Db::Postgres) {
        return;
    }
    let app = TestApp::spawn_with(Db::Postgres, &[]).await;
    let url = app.state.config.database_url.expose().to_owned();
    let separator = if url.contains('?') { '&' } else { '?' };
    let weakened = format!("{url}{separator}options=-c%20synchronous_commit%3Doff");
    let store = Store::open(&weakened).await.expect("the store opens");
    let settings = store.durability().await.expect("settings read");
    assert_eq!(
        settings.get("synchronous_commit"),
        Some("on"),
        "{settings:?}"
    );
    store.close().await;
    app.stop().await;
}
