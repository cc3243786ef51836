//! A chapter document as its update log keeps it: a snapshot and the updates after it. Plain
//! data, shared by the store that reads it and the collab rooms that load it.

/// One stored update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedUpdate {
    pub seq: i64,
    /// A Yjs v1 update.
    pub update: Vec<u8>,
}

/// A document as stored: the compacted state (v1, covering every update up to
/// `snapshot_seq`) and the updates after it, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StoredDoc {
    pub snapshot: Option<Vec<u8>>,
    pub snapshot_seq: i64,
    pub updates: Vec<LoggedUpdate>,
}

impl StoredDoc {
    /// The stored parts in the order they apply: the snapshot, then each update.
    pub fn parts(&self) -> impl Iterator<Item = &Vec<u8>> {
        self.snapshot
            .iter()
            .chain(self.updates.iter().map(|u| &u.update))
    }

    /// The last sequence number this copy knows.
    pub fn head(&self) -> i64 {
        self.updates
            .last()
            .map_or(self.snapshot_seq, |update| update.seq)
    }
}
