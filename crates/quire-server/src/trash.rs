//! The trash purge: rows deleted more than 60 days ago are removed for good, once at start and
//! then every hour, so a row never outlives its `days_left` by more than an hour whatever the
//! server's uptime. The same round sweeps the object store: the bytes of an upload whose row is
//! gone (purged, hard-deleted, or gone with its manuscript) are removed.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use quire_core::time::now_ms;
use quire_store::Store;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::objects::{ObjectKey, ObjectStore};

/// How long the activity log keeps what devices sent.
pub const ACTIVITY_KEPT: Duration = Duration::from_secs(90 * 24 * 60 * 60);

/// How often the purge runs.
pub const PURGE_EVERY: Duration = Duration::from_secs(60 * 60);

/// How old an object must be before the sweep may remove it: a younger one may belong to an
/// upload whose row is still being written.
pub const SWEEP_GRACE: Duration = Duration::from_secs(60 * 60);

/// Starts the purge; the task ends when `stop` turns true.
pub fn spawn(
    store: Store,
    objects: Arc<dyn ObjectStore>,
    mut stop: watch::Receiver<bool>,
) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match store.purge_trash(now_ms()).await {
                Ok(0) => {}
                Ok(purged) => tracing::info!(purged, "trash purged"),
                Err(e) => tracing::error!(error = %e, "the trash purge failed"),
            }
            let cutoff = now_ms() - ACTIVITY_KEPT.as_millis() as i64;
            if let Err(e) = store.purge_activity_before(cutoff).await {
                tracing::error!(error = %e, "the activity log purge failed");
            }
            match sweep_objects(&store, objects.as_ref(), SWEEP_GRACE).await {
                Ok(0) => {}
                Ok(removed) => tracing::info!(removed, "unreferenced uploads removed"),
                Err(e) => tracing::error!(error = %e, "the upload sweep failed"),
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

/// Removes the objects older than `grace` that no upload row names any more; answers how many.
pub async fn sweep_objects(
    store: &Store,
    objects: &dyn ObjectStore,
    grace: Duration,
) -> anyhow::Result<usize> {
    let mut by_owner: HashMap<String, Vec<ObjectKey>> = HashMap::new();
    for key in objects.keys_older_than(grace).await? {
        by_owner
            .entry(key.owner().to_owned())
            .or_default()
            .push(key);
    }
    let mut removed = 0;
    for (owner, keys) in by_owner {
        let kept = store.upload_ids(&owner).await?;
        for key in keys.iter().filter(|k| !kept.contains(k.name())) {
            objects.delete(key).await?;
            removed += 1;
        }
    }
    Ok(removed)
}
