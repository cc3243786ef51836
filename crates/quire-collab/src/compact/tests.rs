use yrs::{
    Doc, Text, TransactionMut, WriteTxn, Xml, XmlElementPrelim, XmlFragment, XmlFragmentRef,
    XmlOut, XmlTextPrelim, XmlTextRef,
};

use super::*;
use crate::derive::{FRAGMENT, derive, derive_from_update, yjs_xml};

/// A device editing its own copy and keeping every update it made, as the log would.
struct Writer {
    doc: Doc,
    updates: Vec<Vec<u8>>,
}

impl Writer {
    fn new(client: u64) -> Self {
        Writer {
            doc: Doc::with_client_id(client),
            updates: Vec::new(),
        }
    }

    fn edit(&mut self, f: impl FnOnce(&mut TransactionMut, &XmlFragmentRef)) {
        let mut txn = self.doc.transact_mut();
        let root = txn.get_or_insert_xml_fragment(FRAGMENT);
        f(&mut txn, &root);
        self.updates.push(txn.encode_update_v1());
    }

    fn paragraph(&mut self, text: &str) {
        self.edit(|txn, root| {
            let p = root.push_back(txn, XmlElementPrelim::empty("paragraph"));
            p.push_back(txn, XmlTextPrelim::new(text));
        });
    }

    fn refs(&self) -> Vec<&[u8]> {
        self.updates.iter().map(Vec::as_slice).collect()
    }

    fn state(&self) -> Vec<u8> {
        self.doc
            .transact()
            .encode_state_as_update_v1(&StateVector::default())
    }
}

fn first_text(txn: &TransactionMut, root: &XmlFragmentRef) -> XmlTextRef {
    let Some(XmlOut::Element(p)) = root.get(txn, 0) else {
        panic!("no first paragraph")
    };
    let Some(XmlOut::Text(t)) = p.get(txn, 0) else {
        panic!("no text in the first paragraph")
    };
    t
}

/// Three paragraphs, a bold range, and a deletion: the log of a short writing session.
fn session() -> Writer {
    let mut w = Writer::new(7);
    w.paragraph("It was a dark night.");
    w.paragraph("Rain fell.");
    w.edit(|txn, root| first_text(txn, root).format(txn, 9, 4, bold()));
    w.paragraph("The end.");
    w.edit(|txn, root| first_text(txn, root).remove_range(txn, 0, 3));
    w
}

fn bold() -> yrs::types::Attrs {
    [(
        std::sync::Arc::from("bold"),
        yrs::Any::Map(Default::default()),
    )]
    .into_iter()
    .collect()
}

fn load(state: &[u8]) -> Doc {
    let doc = replica();
    doc.transact_mut()
        .apply_update(Update::decode_v1(state).unwrap())
        .unwrap();
    doc
}

#[test]
fn a_compacted_log_is_the_same_document_in_one_state() {
    let w = session();
    let compacted = compact(None, &w.refs()).expect("a complete log compacts");
    assert_eq!(
        derive_from_update(&compacted.state).unwrap(),
        derive(&w.doc)
    );
    assert_eq!(yjs_xml(&load(&compacted.state)), yjs_xml(&w.doc));
    assert_eq!(
        StateVector::decode_v1(&compacted.state_vector).unwrap(),
        w.doc.transact().state_vector()
    );
    assert_eq!(
        derive(&w.doc).text,
        "was a dark night.\nRain fell.\nThe end."
    );
}

#[test]
fn a_snapshot_plus_later_updates_compacts_to_the_whole_document() {
    let mut w = session();
    let snapshot = w.state();
    w.paragraph("Epilogue.");
    let later = w.updates.last().unwrap().clone();
    let compacted = compact(Some(&snapshot), &[&later]).unwrap();
    assert_eq!(yjs_xml(&load(&compacted.state)), yjs_xml(&w.doc));
    // Compacting the compacted state again changes nothing.
    let again = compact(Some(&compacted.state), &[]).unwrap();
    assert_eq!(again, compacted);
}

#[test]
fn updates_out_of_order_and_duplicated_compact_to_the_same_state() {
    let w = session();
    let mut shuffled = w.refs();
    shuffled.reverse();
    shuffled.push(w.updates[1].as_slice());
    shuffled.insert(0, w.updates[3].as_slice());
    let in_order = compact(None, &w.refs()).unwrap();
    let shuffled = compact(None, &shuffled).unwrap();
    assert_eq!(
        yjs_xml(&load(&shuffled.state)),
        yjs_xml(&load(&in_order.state))
    );
    assert_eq!(shuffled.state_vector, in_order.state_vector);
}

#[test]
fn a_malformed_update_is_a_decode_error_that_names_it() {
    let w = session();
    let mut inputs = w.refs();
    inputs.insert(2, &[0xff, 0x01, 0x02]);
    let err = compact(None, &inputs).unwrap_err();
    assert!(
        matches!(
            err,
            CompactError::Decode {
                input: Input::Update(2),
                ..
            }
        ),
        "{err}"
    );
    let err = compact(Some(b"not a state"), &[]).unwrap_err();
    assert!(
        matches!(
            err,
            CompactError::Decode {
                input: Input::Snapshot,
                ..
            }
        ),
        "{err}"
    );
    assert!(decode_update_v1(&[0xff]).is_err());
    assert!(decode_update_v1(&w.updates[0]).is_ok());
}

#[test]
fn a_log_with_a_gap_is_refused_rather_than_compacted() {
    let w = session();
    let mut inputs = w.refs();
    inputs.remove(1);
    match compact(None, &inputs).unwrap_err() {
        CompactError::MissingUpdates { missing, .. } => {
            assert_eq!(
                missing.iter().map(|(c, _)| c.get()).collect::<Vec<_>>(),
                vec![7]
            );
        }
        other => panic!("expected MissingUpdates, got {other}"),
    }
}

#[test]
fn deletions_of_text_the_inputs_do_not_hold_are_refused_too() {
    let mut w = Writer::new(7);
    w.paragraph("kept");
    w.paragraph("cut short");
    w.edit(|txn, root| {
        let Some(XmlOut::Element(p)) = root.get(txn, 1) else {
            panic!("no second paragraph")
        };
        let Some(XmlOut::Text(t)) = p.get(txn, 0) else {
            panic!("no text")
        };
        t.remove_range(txn, 3, 6);
    });
    let err = compact(None, &[&w.updates[0], &w.updates[2]]).unwrap_err();
    assert!(
        matches!(
            err,
            CompactError::MissingUpdates {
                pending_deletes: true,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn no_input_bytes_make_compaction_panic() {
    let w = session();
    let whole = w.state();
    for cut in 0..whole.len() {
        let _ = compact(Some(&whole[..cut]), &[]);
    }
    for at in 0..whole.len() {
        for flip in [0x01u8, 0x80, 0xff] {
            let mut bent = whole.clone();
            bent[at] ^= flip;
            let _ = compact(Some(&bent), &[]);
        }
    }
}

// The verification, made to fail through the re-encoding seam. The checks are the real ones.

fn compact_lying(w: &Writer, reencode: impl FnOnce(&Doc) -> Vec<u8>) -> CompactError {
    compact_with(None, &w.refs(), reencode).expect_err("verification must catch the lie")
}

fn state_of(updates: &[Vec<u8>]) -> Vec<u8> {
    let doc = replica();
    let mut txn = doc.transact_mut();
    for u in updates {
        txn.apply_update(Update::decode_v1(u).unwrap()).unwrap();
    }
    txn.encode_state_as_update_v1(&StateVector::default())
}

#[test]
fn a_compacted_state_that_does_not_decode_fails_verification() {
    let err = compact_lying(&session(), |_| vec![0xff, 0xff]);
    assert!(matches!(err, CompactError::CompactedUnreadable(_)), "{err}");
}

#[test]
fn a_compacted_state_with_a_gap_fails_verification() {
    let w = session();
    let last_only = w.updates[3].clone();
    let err = compact_lying(&w, |_| last_only);
    assert!(matches!(err, CompactError::CompactedIncomplete), "{err}");
}

#[test]
fn a_compacted_state_missing_an_update_fails_verification() {
    let mut w = session();
    w.paragraph("One more.");
    let all_but_last = state_of(&w.updates[..w.updates.len() - 1]);
    let err = compact_lying(&w, |_| all_but_last);
    assert!(
        matches!(err, CompactError::StateVectorBehind { .. }),
        "{err}"
    );
}

#[test]
fn a_compacted_state_missing_a_deletion_fails_verification() {
    let w = session();
    let without_deletion = state_of(&w.updates[..w.updates.len() - 1]);
    let err = compact_lying(&w, |_| without_deletion);
    assert!(matches!(err, CompactError::DeletionsLost { .. }), "{err}");
}

/// The inputs' state with one more edit by another client: covers everything, deletes the same.
fn plus_edit(doc: &Doc, edit: impl FnOnce(&mut TransactionMut, &XmlFragmentRef)) -> Vec<u8> {
    let state = doc
        .transact()
        .encode_state_as_update_v1(&StateVector::default());
    let other = Doc::with_client_id(99);
    let mut txn = other.transact_mut();
    txn.apply_update(Update::decode_v1(&state).unwrap())
        .unwrap();
    let root = txn.get_or_insert_xml_fragment(FRAGMENT);
    edit(&mut txn, &root);
    txn.encode_state_as_update_v1(&StateVector::default())
}

#[test]
fn a_compacted_state_with_other_text_fails_verification() {
    let err = compact_lying(&session(), |doc| {
        plus_edit(doc, |txn, root| first_text(txn, root).insert(txn, 0, "Not"))
    });
    assert!(matches!(err, CompactError::TextDiffers { at: 0 }), "{err}");
}

#[test]
fn a_compacted_state_with_the_same_text_but_other_structure_fails_verification() {
    let err = compact_lying(&session(), |doc| {
        plus_edit(doc, |txn, root| {
            let Some(XmlOut::Element(p)) = root.get(txn, 1) else {
                panic!("no second paragraph")
            };
            p.insert_attribute(txn, "textAlign", "center");
        })
    });
    assert!(matches!(err, CompactError::XmlDiffers { .. }), "{err}");
}

#[test]
fn a_log_with_a_gap_yrs_would_paper_over_is_refused_too() {
    // Client 7's second update depends only on client 8's paragraph, so yrs integrates it even
    // without client 7's first update, behind a placeholder, and reports nothing pending.
    let mut seven = Writer::new(7);
    seven.paragraph("first");
    let mut eight = Writer::new(8);
    eight.paragraph("theirs");
    seven
        .doc
        .transact_mut()
        .apply_update(Update::decode_v1(&eight.updates[0]).unwrap())
        .unwrap();
    seven.edit(|txn, root| {
        let Some(XmlOut::Element(p)) = root.get(txn, 1) else {
            panic!("no paragraph of client 8")
        };
        let Some(XmlOut::Text(t)) = p.get(txn, 0) else {
            panic!("no text")
        };
        t.insert(txn, 0, "also ");
    });
    match compact(None, &[&eight.updates[0], &seven.updates[1]]).unwrap_err() {
        CompactError::MissingUpdates { missing, .. } => {
            assert_eq!(
                missing
                    .iter()
                    .map(|(c, k)| (c.get(), *k))
                    .collect::<Vec<_>>(),
                vec![(7, 0)]
            );
        }
        other => panic!("expected MissingUpdates, got {other}"),
    }
    assert!(matches!(
        derive_from_update(&seven.updates[1]),
        Err(crate::derive::DeriveError::Incomplete)
    ));
}

#[test]
fn an_update_naming_a_client_beyond_2_pow_53_is_refused_not_truncated() {
    let state = session().state();
    assert_eq!((state[0], state[2]), (1, 7), "one client, client 7");
    let mut bent = vec![state[0], state[1]];
    let mut client: u64 = 7 + (1 << 60);
    while client >= 0x80 {
        bent.push(client as u8 | 0x80);
        client >>= 7;
    }
    bent.push(client as u8);
    bent.extend_from_slice(&state[3..]);
    assert!(decode_update_v1(&bent).is_err());
    let err = compact(Some(&bent), &[]).unwrap_err();
    assert!(
        matches!(
            err,
            CompactError::Decode {
                input: Input::Snapshot,
                ..
            }
        ),
        "{err}"
    );
}
