//! Compaction (ADR 0002): a chapter's snapshot and update log loaded into a fresh
//! document, re-encoded as one state, and verified before anyone may swap it in. The caller
//! swaps in one transaction, and only on `Ok`; this module touches no storage.
//!
//! Verification is the point: the re-encoded state must decode into another fresh document
//! whose state vector covers every input, with no pending structs or deletes, with every input
//! deletion applied, and with the same plain text and the same XML as the inputs. Any difference
//! is an error naming what differed. Bad input bytes are an error too, never a panic.

use std::fmt;

use yrs::error::UpdateError;
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{
    ClientID, Doc, IdSet, Options, ReadTxn, StateVector, Transact, TransactionMut, Update, WriteTxn,
};

use crate::derive::{derive_in, yjs_xml_in};

/// A compacted chapter state, verified.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compacted {
    /// `encode_state_as_update_v1` of the whole document.
    pub state: Vec<u8>,
    /// The document's state vector, v1-encoded: what a client syncing against it is sent.
    pub state_vector: Vec<u8>,
}

/// Which input an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    Snapshot,
    /// The update at this index of the `updates` slice.
    Update(usize),
}

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Snapshot => f.write_str("the snapshot"),
            Input::Update(i) => write!(f, "update #{i}"),
        }
    }
}

/// Why a document was not compacted. The first three are about the inputs; the rest mean the
/// re-encoded state failed verification, which is a bug in yrs or here, never the writer's.
#[derive(Debug, thiserror::Error)]
pub enum CompactError {
    /// An input is not a v1 update.
    #[error("{input} does not decode as a v1 update: {source}")]
    Decode {
        input: Input,
        source: yrs::encoding::read::Error,
    },
    /// yrs refused to apply an input.
    #[error("{input} does not apply: {source}")]
    Apply {
        input: Input,
        source: yrs::error::UpdateError,
    },
    /// The inputs depend on updates that are not among them: yrs holds structs (waiting for
    /// `(client, clock)` in `missing`) or deletions it cannot place. Compacting would bake the
    /// gap in, so this document is left as it is.
    #[error(
        "the inputs depend on updates they do not contain (missing {missing:?}, pending deletes: {pending_deletes})"
    )]
    MissingUpdates {
        missing: Vec<(ClientID, u32)>,
        pending_deletes: bool,
    },
    /// The re-encoded state does not decode or apply.
    #[error("the compacted state does not load: {0}")]
    CompactedUnreadable(String),
    /// The re-encoded state leaves pending structs or deletes where the inputs left none.
    #[error("the compacted state leaves pending structs or deletes")]
    CompactedIncomplete,
    /// A client's clock in the re-encoded state is behind the inputs'.
    #[error(
        "the compacted state has client {client} at clock {compacted}, the inputs reach {inputs}"
    )]
    StateVectorBehind {
        client: ClientID,
        compacted: u32,
        inputs: u32,
    },
    /// A deletion in the inputs is not a deletion in the re-encoded state.
    #[error("the compacted state lost deletions of client {client}")]
    DeletionsLost { client: ClientID },
    /// The plain text differs, from this byte offset on.
    #[error("the compacted state's text differs from the inputs' at byte {at}")]
    TextDiffers { at: usize },
    /// The XML of `default` differs, from this byte offset on.
    #[error("the compacted state's XML differs from the inputs' at byte {at}")]
    XmlDiffers { at: usize },
}

/// An update refused at the door: its bytes do not decode as a v1 update.
#[derive(Debug, thiserror::Error)]
#[error("not a v1 Yjs update: {0}")]
pub struct InvalidUpdate(#[from] pub yrs::encoding::read::Error);

/// Decodes a v1 update, as a client sends it. One that does not decode is refused whole, and
/// so is one Yjs would refuse or yrs would mishandle (a client id beyond 2^53, values nested
/// absurdly deep: see `compact/wire.rs`). Every update the server applies or stores comes through here.
pub fn decode_update_v1(bytes: &[u8]) -> Result<Update, InvalidUpdate> {
    wire::check_v1(bytes)?;
    Ok(Update::decode_v1(bytes)?)
}

/// A document for the server's copy of a chapter: garbage collection on (as in a browser), and
/// yrs's formatting cleanup off. That cleanup deletes redundant formatting marks in a new local
/// transaction; browsers do it themselves, and a server that did it too would invent edits of
/// its own that no client made.
pub fn replica() -> Doc {
    Doc::with_options(Options {
        cleanup_formatting: false,
        skip_gc: false,
        ..Options::default()
    })
}

/// Applies `update` the way Yjs would. Use it wherever the server applies an update.
///
/// yrs 0.28.1 can leave structs pending although everything they depend on has been
/// integrated, where Yjs, given the same updates in the same order, integrates them (found by
/// the convergence fuzz; `tests/fixtures/yrs-stuck-pending.json` is a case). Re-applying the
/// pending structs integrates them, so after the update they are re-applied for as long as that
/// makes progress. With nothing pending this costs nothing.
pub fn apply_update(txn: &mut TransactionMut, update: Update) -> Result<(), UpdateError> {
    txn.apply_update(update)?;
    let mut size = pending_size(txn);
    while size > 0 {
        let Some(pending) = txn.prune_pending() else {
            break;
        };
        txn.apply_update(pending)?;
        let now = pending_size(txn);
        if now >= size {
            break;
        }
        size = now;
    }
    Ok(())
}

/// How much is pending, as encoded bytes: 0 when nothing is.
fn pending_size(txn: &TransactionMut) -> usize {
    let store = txn.store();
    store
        .pending_update()
        .map_or(0, |p| p.update.encode_v1().len())
        + store.pending_ds().map_or(0, |ds| ds.encode_v1().len())
}

/// The per-client clock an update's structs reach (holes included): what a document holding it
/// must have in its state vector.
pub(crate) fn reach(update: &Update, into: &mut StateVector) {
    for (client, ranges) in update.insertions(true).iter() {
        if let Some(end) = ranges.iter().map(|r| r.end).max() {
            into.set_max(*client, end);
        }
    }
}

/// Loads `snapshot` and `updates` (in any order, duplicates allowed) into a fresh document,
/// re-encodes it and verifies the result (see the module comment).
pub fn compact(snapshot: Option<&[u8]>, updates: &[&[u8]]) -> Result<Compacted, CompactError> {
    compact_with(snapshot, updates, |doc| {
        doc.transact()
            .encode_state_as_update_v1(&StateVector::default())
    })
}

/// [`compact`] with the re-encoding step passed in: the seam through which tests make it lie.
fn compact_with(
    snapshot: Option<&[u8]>,
    updates: &[&[u8]],
    reencode: impl FnOnce(&Doc) -> Vec<u8>,
) -> Result<Compacted, CompactError> {
    let inputs = snapshot.map(|s| (Input::Snapshot, s)).into_iter().chain(
        updates
            .iter()
            .enumerate()
            .map(|(i, u)| (Input::Update(i), *u)),
    );
    let mut decoded = Vec::with_capacity(updates.len() + 1);
    let mut reach = StateVector::default();
    let mut deletes = IdSet::default();
    for (input, bytes) in inputs {
        let update = decode_update_v1(bytes)
            .map_err(|InvalidUpdate(source)| CompactError::Decode { input, source })?;
        self::reach(&update, &mut reach);
        deletes.merge_with(update.delete_set().clone());
        decoded.push((input, update));
    }

    let original = replica();
    {
        let mut txn = original.transact_mut();
        for (input, update) in decoded {
            apply_update(&mut txn, update)
                .map_err(|source| CompactError::Apply { input, source })?;
        }
        if let Some((missing, pending_deletes)) = incomplete(&txn, &reach) {
            return Err(CompactError::MissingUpdates {
                missing,
                pending_deletes,
            });
        }
    }
    let state = reencode(&original);

    let copy = replica();
    let mut txn = copy.transact_mut();
    let update =
        Update::decode_v1(&state).map_err(|e| CompactError::CompactedUnreadable(e.to_string()))?;
    apply_update(&mut txn, update).map_err(|e| CompactError::CompactedUnreadable(e.to_string()))?;
    if incomplete(&txn, &StateVector::default()).is_some() {
        return Err(CompactError::CompactedIncomplete);
    }
    let snapshot = txn.snapshot();
    for (&client, &inputs) in reach.iter() {
        let compacted = snapshot.state_map.get(&client);
        if compacted < inputs {
            return Err(CompactError::StateVectorBehind {
                client,
                compacted,
                inputs,
            });
        }
    }
    let lost = deletes.diff(&snapshot.delete_set);
    if let Some(client) = lost
        .iter()
        .find(|(_, ranges)| !ranges.is_empty())
        .map(|(c, _)| *c)
    {
        return Err(CompactError::DeletionsLost { client });
    }
    let before = original.transact();
    if let Some(at) = first_difference(&derive_in(&before).text, &derive_in(&txn).text) {
        return Err(CompactError::TextDiffers { at });
    }
    if let Some(at) = first_difference(&yjs_xml_in(&before), &yjs_xml_in(&txn)) {
        return Err(CompactError::XmlDiffers { at });
    }
    Ok(Compacted {
        state,
        state_vector: snapshot.state_map.encode_v1(),
    })
}

/// What a document is still waiting for, if anything: the `(client, clock)` pairs it lacks, and
/// whether deletions of unknown items are pending. It lacks what its pending structs wait for,
/// and anything below `reach` that its state vector does not cover: yrs integrates a struct
/// that arrives after a gap behind a placeholder, and its state vector stops at the gap.
pub(crate) fn incomplete<T: ReadTxn>(
    txn: &T,
    reach: &StateVector,
) -> Option<(Vec<(ClientID, u32)>, bool)> {
    let store = txn.store();
    let deletes = store.pending_ds().is_some_and(|ds| !ds.is_empty());
    let mut missing: Vec<(ClientID, u32)> = store
        .pending_update()
        .map(|p| p.missing.iter().map(|(c, k)| (*c, *k)).collect())
        .unwrap_or_default();
    let sv = txn.state_vector();
    for (client, &clock) in reach.iter() {
        let have = sv.get(client);
        if have < clock && !missing.iter().any(|(c, _)| c == client) {
            missing.push((*client, have));
        }
    }
    if missing.is_empty() && !deletes && store.pending_update().is_none() {
        return None;
    }
    missing.sort_unstable();
    Some((missing, deletes))
}

fn first_difference(a: &str, b: &str) -> Option<usize> {
    if a == b {
        return None;
    }
    Some(a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count())
}

pub mod job;
#[cfg(test)]
mod tests;
mod wire;
