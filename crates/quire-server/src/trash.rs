//! The trash purge: rows deleted more than 60 days ago (product spec §4, §9) are removed for
//! good, once at start and then every hour, so a row never outlives its `days_left` by more
//! than an hour whatever the server's uptime.

use std::time::Duration;

use quire_core::time::now_ms;
use quire_store::Store;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// How often the purge runs.
pub const PURGE_EVERY: Duration = Duration::from_secs(60 * 60);

/// Starts the purge; the task ends when `stop` turns true.
pub fn spawn(store: Store, mut stop: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match store.purge_trash(now_ms()).await {
                Ok(0) => {}
                Ok(purged) => tracing::info!(purged, "trash purged"),
                Err(e) => tracing::error!(error = %e, "the trash purge failed"),
            }
            tokio::select! {
                changed = stop.changed() => if changed.is_err() { break },
                () = tokio::time::sleep(PURGE_EVERY) => {},
            }
            if *stop.borrow() {
                break;
            }
        }
        tracing::debug!("trash purge stopped");
    })
}
