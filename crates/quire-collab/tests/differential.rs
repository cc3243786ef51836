//! Differential corpus: what yrs makes of Yjs's bytes.
//!
//! `tests/yjs/corpus.mjs` builds chapter documents with the web app's Yjs (every node and mark,
//! deletions, forty clients, non-Latin text, a 150,000-word novel) and writes each full state as
//! v1 and v2. yrs must decode each, re-encode the full state in the same version byte for byte,
//! and derive the same plain text and XML as Yjs reports.
//!
//! Two known differences, each asserted as exactly that rather than ignored:
//!
//! - **Delete set order.** The delete set ends every update, written straight into the byte
//!   stream: the number of clients, then per client its id, its range count and its ranges.
//!   Yjs 13.6 writes the clients in descending id order (`writeDeleteSet` sorts them); yrs
//!   0.28.1 in ascending order (its `IdSet` is a `BTreeMap`). A document whose deletions span
//!   two or more clients therefore differs in that tail. The test requires everything before
//!   the delete set to be byte-identical and the per-client blocks of the delete set to be
//!   byte-identical once put in Yjs's order.
//! - **Multi-key mark attributes.** A mark whose attributes hold several keys (TipTap's Link
//!   and TextStyle) is stored as a JSON object. Yjs writes its keys in insertion order; yrs
//!   parses it into `Any::Map`, a `HashMap`, and writes the keys in hash order. Same object,
//!   same length, other bytes. For those documents the test checks that the two encodings have
//!   the same length and decode to equal updates.
//!
//! Neither matters to a Yjs peer (both are sets or objects to it), but they mean the server's
//! bytes for a document are not always the browser's.

mod support;

use quire_collab::compact::{apply_update, decode_update_v1, replica};
use quire_collab::derive::{derive, yjs_xml};
use serde::Deserialize;
use yrs::updates::decoder::Decode;
use yrs::{IdSet, ReadTxn, StateVector, Transact, Update};

use support::{base64, has_pending, node, read_lines};

#[derive(Deserialize)]
struct Entry {
    name: String,
    v1: String,
    v2: String,
    xml: String,
    text: String,
}

/// Documents holding marks with multi-key attribute objects (see the module comment).
const MULTI_KEY_MARKS: &[&str] = &["multi-key-marks"];

fn corpus() -> Vec<Entry> {
    let out = tempfile::tempdir().expect("a temporary directory");
    node(
        "corpus.mjs",
        &[
            "--out",
            out.path().to_str().expect("a UTF-8 temporary path"),
        ],
    );
    let entries: Vec<Entry> = read_lines(&out.path().join("corpus.jsonl"));
    assert_eq!(entries.len(), 6, "the corpus has six documents");
    entries
}

#[derive(Clone, Copy, Debug)]
enum Version {
    V1,
    V2,
}

/// Decodes Yjs's full state into a fresh replica and re-encodes the whole of it.
fn round_trip(name: &str, bytes: &[u8], version: Version) -> (yrs::Doc, Vec<u8>) {
    let doc = replica();
    let update = match version {
        Version::V1 => decode_update_v1(bytes).map_err(|e| e.to_string()),
        Version::V2 => Update::decode_v2(bytes).map_err(|e| e.to_string()),
    }
    .unwrap_or_else(|e| panic!("{name} {version:?}: yrs does not decode Yjs's bytes: {e}"));
    apply_update(&mut doc.transact_mut(), update)
        .unwrap_or_else(|e| panic!("{name} {version:?}: yrs does not apply Yjs's bytes: {e}"));
    assert!(
        !has_pending(&doc),
        "{name} {version:?}: a full state leaves structs pending"
    );
    let txn = doc.transact();
    let again = match version {
        Version::V1 => txn.encode_state_as_update_v1(&StateVector::default()),
        Version::V2 => txn.encode_state_as_update_v2(&StateVector::default()),
    };
    drop(txn);
    (doc, again)
}

fn decode(bytes: &[u8], version: Version) -> Update {
    match version {
        Version::V1 => Update::decode_v1(bytes).unwrap(),
        Version::V2 => Update::decode_v2(bytes).unwrap(),
    }
}

fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

fn varuint_len(mut v: u64) -> usize {
    let mut n = 1;
    while v >= 0x80 {
        v >>= 7;
        n += 1;
    }
    n
}

/// How many bytes `ds` takes at the end of an update: v1 writes each range as clock and
/// length; v2 as the clock's distance from the previous range's end and the length minus one.
fn delete_set_len(ds: &IdSet, version: Version) -> usize {
    let mut len = varuint_len(ds.iter().count() as u64);
    for (client, ranges) in ds.iter() {
        len += varuint_len(client.get()) + varuint_len(ranges.len() as u64);
        let mut end = 0;
        for r in ranges.iter() {
            len += match version {
                Version::V1 => varuint_len(r.start.into()) + varuint_len((r.end - r.start).into()),
                Version::V2 => {
                    varuint_len((r.start - end).into()) + varuint_len((r.end - r.start - 1).into())
                }
            };
            end = r.end;
        }
    }
    len
}

fn read_varuint(bytes: &[u8], at: &mut usize) -> u64 {
    let mut value = 0;
    for shift in (0..).step_by(7) {
        let b = bytes[*at];
        *at += 1;
        value |= u64::from(b & 0x7f) << shift;
        if b < 0x80 {
            break;
        }
    }
    value
}

/// The delete set at the end of `bytes` split into its per-client blocks, each with its client
/// id and its exact bytes, in the order written.
fn delete_set_blocks(tail: &[u8]) -> Vec<(u64, &[u8])> {
    let mut at = 0;
    let clients = read_varuint(tail, &mut at);
    let mut blocks = Vec::new();
    for _ in 0..clients {
        let start = at;
        let client = read_varuint(tail, &mut at);
        let ranges = read_varuint(tail, &mut at);
        for _ in 0..2 * ranges {
            read_varuint(tail, &mut at);
        }
        blocks.push((client, &tail[start..at]));
    }
    assert_eq!(at, tail.len(), "the delete set is the whole tail");
    blocks
}

/// `yrs` equals `yjs` byte for byte, except that yrs lists the delete set's clients in
/// ascending order where Yjs lists them in descending order.
fn assert_same_but_delete_set_order(name: &str, version: Version, yjs: &[u8], yrs: &[u8]) {
    assert_eq!(yrs.len(), yjs.len(), "{name} {version:?}: lengths differ");
    let update = decode(yjs, version);
    let tail = delete_set_len(update.delete_set(), version);
    let body = yjs.len() - tail;
    assert!(
        yrs[..body] == yjs[..body],
        "{name} {version:?}: the structs differ from byte {} (the delete set starts at {body})",
        first_difference(&yrs[..body], &yjs[..body])
    );
    let theirs = delete_set_blocks(&yjs[body..]);
    let mut ours = delete_set_blocks(&yrs[body..]);
    assert!(
        theirs.windows(2).all(|w| w[0].0 > w[1].0),
        "{name}: Yjs writes clients descending"
    );
    assert!(
        ours.windows(2).all(|w| w[0].0 < w[1].0),
        "{name}: yrs writes clients ascending"
    );
    ours.reverse();
    assert_eq!(
        ours, theirs,
        "{name} {version:?}: the delete set's blocks differ"
    );
}

#[test]
fn yrs_reencodes_yjs_full_states_byte_for_byte_and_reads_the_same_text() {
    for entry in corpus() {
        for (version, encoded) in [(Version::V1, &entry.v1), (Version::V2, &entry.v2)] {
            let name = entry.name.as_str();
            let yjs = base64(encoded);
            let (doc, yrs) = round_trip(name, &yjs, version);
            if MULTI_KEY_MARKS.contains(&name) {
                assert_eq!(
                    yrs.len(),
                    yjs.len(),
                    "{name} {version:?}: only key order may differ"
                );
                assert_eq!(
                    decode(&yrs, version),
                    decode(&yjs, version),
                    "{name} {version:?}: the encodings must hold the same structs and deletions"
                );
            } else if yrs != yjs {
                assert_same_but_delete_set_order(name, version, &yjs, &yrs);
            }
            assert_eq!(yjs_xml(&doc), entry.xml, "{name} {version:?}: XML");
            let derived = derive(&doc);
            assert_eq!(derived.text, entry.text, "{name} {version:?}: plain text");
            if name == "novel-150k-words" {
                assert!(
                    derived.words >= 150_000,
                    "the novel has {} words",
                    derived.words
                );
            }
        }
    }
}
