//! A room's copy of its document: a yrs [`Doc`] while it is being edited, only its encoded
//! state while it is quiet (ADR 0010, amendment "Quiet rooms keep bytes, not a document").
//!
//! A yrs document costs kilobytes of structs and maps however short its text; its v1 state
//! costs about as many bytes as the text. So a room keeps the document only while updates
//! arrive: once it has been quiet for `RoomConfig::dormant_after` it keeps the state bytes
//! (and the state vector) and drops the document, which is rebuilt on the next message that
//! needs one. A room just loaded from one stored part (a snapshot, or a single update) keeps
//! those bytes as they are, so a client that holds nothing yet — every device opening a
//! chapter for the first time — is answered with them, without building a document at all.
//!
//! What must not change with the form: the state a client is sent, and what is applied. The
//! bytes kept are a whole v1 state (`encode_state_as_update_v1` includes what yrs holds
//! pending), and rebuilding applies them as a load does.

use std::panic::{AssertUnwindSafe, catch_unwind};

use tokio::time::Instant;
use yrs::updates::encoder::Encode;
use yrs::{Doc, ReadTxn, StateVector, Transact, TransactionMut, Update};

use crate::log::StoredDoc;

/// The bytes of an update that holds nothing (no structs, no deletions), as Yjs writes it.
const EMPTY_UPDATE: [u8; 2] = [0, 0];

pub(super) struct Document {
    form: Form,
}

enum Form {
    /// The document, and when a message last needed it.
    Live { doc: Doc, used: Instant },
    /// A whole v1 state and its state vector (v1).
    Dormant {
        state: Vec<u8>,
        state_vector: Vec<u8>,
    },
}

#[derive(Debug)]
pub(super) enum ApplyError {
    Malformed,
    Panicked,
}

impl Document {
    /// The stored document. One stored part is kept as bytes (decoded once, for its state
    /// vector, so that bytes that do not decode are refused here as a load would skip them);
    /// more are applied into a document. A part that does not apply is skipped with an error
    /// in the log rather than making the whole chapter unreadable.
    pub(super) fn load(name: &str, stored: &StoredDoc) -> Self {
        let mut parts = stored.parts();
        let (first, second) = (parts.next(), parts.next());
        match (first, second) {
            (None, _) => Self::empty(),
            (Some(only), None) => match crate::compact::decode_update_v1(only) {
                Ok(update) => Self::dormant(only.clone(), update.state_vector().encode_v1()),
                Err(error) => {
                    tracing::error!(doc = %name, %error, "a stored update does not apply");
                    Self::empty()
                }
            },
            (Some(_), Some(_)) => {
                let doc = crate::compact::replica();
                {
                    let mut txn = doc.transact_mut();
                    for bytes in stored.parts() {
                        if let Err(error) = apply_bytes(&mut txn, bytes) {
                            tracing::error!(doc = %name, ?error, "a stored update does not apply");
                        }
                    }
                }
                Self {
                    form: Form::Live {
                        doc,
                        used: Instant::now(),
                    },
                }
            }
        }
    }

    fn empty() -> Self {
        Self::dormant(EMPTY_UPDATE.to_vec(), StateVector::default().encode_v1())
    }

    /// yrs's encoder starts every buffer at 1 KiB: a dormant room keeps its bytes trimmed.
    fn dormant(mut state: Vec<u8>, mut state_vector: Vec<u8>) -> Self {
        state.shrink_to_fit();
        state_vector.shrink_to_fit();
        Self {
            form: Form::Dormant {
                state,
                state_vector,
            },
        }
    }

    /// When a message last needed the document, while there is one.
    pub(super) fn used(&self) -> Option<Instant> {
        match &self.form {
            Form::Live { used, .. } => Some(*used),
            Form::Dormant { .. } => None,
        }
    }

    /// The yrs document (a handle to it), rebuilt from the state bytes if the room was quiet.
    pub(super) fn live(&mut self) -> Result<Doc, ApplyError> {
        let doc = match &mut self.form {
            Form::Live { doc, used } => {
                *used = Instant::now();
                return Ok(doc.clone());
            }
            Form::Dormant { state, .. } => rebuild(state)?,
        };
        self.form = Form::Live {
            doc: doc.clone(),
            used: Instant::now(),
        };
        Ok(doc)
    }

    /// Keeps only the encoded state: the room is quiet.
    pub(super) fn make_dormant(&mut self) {
        if let Form::Live { doc, .. } = &self.form {
            let txn = doc.transact();
            let state = txn.encode_state_as_update_v1(&StateVector::default());
            let state_vector = txn.state_vector().encode_v1();
            drop(txn);
            *self = Self::dormant(state, state_vector);
        }
    }

    /// The whole state (v1).
    pub(super) fn state(&self) -> Vec<u8> {
        match &self.form {
            Form::Live { doc, .. } => doc
                .transact()
                .encode_state_as_update_v1(&StateVector::default()),
            Form::Dormant { state, .. } => state.clone(),
        }
    }

    /// Sync step 1 answered: what a client with `remote` lacks (v1), and this document's state
    /// vector (v1). A quiet room answers from its bytes without building the document: a
    /// client that holds nothing gets them as they are, a returning device what they hold
    /// beyond its state vector (`yrs::diff_updates_v1`, the same structs and the whole delete
    /// set that the document would encode).
    pub(super) fn sync(&mut self, remote: &StateVector) -> Result<(Vec<u8>, Vec<u8>), ApplyError> {
        if let Form::Dormant {
            state,
            state_vector,
        } = &self.form
        {
            if remote.is_empty() {
                return Ok((state.clone(), state_vector.clone()));
            }
            // The bytes were encoded here or checked when loaded; should yrs still refuse
            // them, the document path below decides (and logs) as before.
            if let Ok(diff) = yrs::diff_updates_v1(state, &remote.encode_v1()) {
                return Ok((diff, state_vector.clone()));
            }
        }
        let doc = self.live()?;
        let txn = doc.transact();
        Ok((
            txn.encode_state_as_update_v1(remote),
            txn.state_vector().encode_v1(),
        ))
    }

    /// Decodes and applies a v1 update; answers whether it changed the document or left
    /// something pending (either way it must be kept). An update that holds nothing changes
    /// nothing, so a quiet room takes it without rebuilding its document.
    pub(super) fn apply(&mut self, bytes: &[u8]) -> Result<bool, ApplyError> {
        let update = decode(bytes)?;
        if update.is_empty() {
            return Ok(false);
        }
        if self.is_empty_and_quiet() {
            return self.apply_to_empty(update);
        }
        let doc = self.live()?;
        let mut txn = doc.transact_mut();
        apply_decoded(&mut txn, update)
    }
}

impl Document {
    /// Quiet and holding nothing: a chapter no device has written yet.
    fn is_empty_and_quiet(&self) -> bool {
        matches!(&self.form, Form::Dormant { state, .. } if state[..] == EMPTY_UPDATE)
    }

    /// The first update of an empty quiet room — a device uploading a chapter it wrote, or
    /// opening a new one — is applied into a document that lives only for this call: the room
    /// keeps the state it encodes, as it would once quiet. Nothing is read before the next
    /// message, so thousands of chapters opened at once do not hold thousands of documents
    /// for `dormant_after`. An update that leaves something pending keeps the document, as
    /// any other update does.
    fn apply_to_empty(&mut self, update: Update) -> Result<bool, ApplyError> {
        let doc = crate::compact::replica();
        let changed = {
            let mut txn = doc.transact_mut();
            apply_decoded(&mut txn, update)?
        };
        let txn = doc.transact();
        if txn.has_missing_updates() {
            drop(txn);
            self.form = Form::Live {
                doc,
                used: Instant::now(),
            };
        } else {
            let state = txn.encode_state_as_update_v1(&StateVector::default());
            let state_vector = txn.state_vector().encode_v1();
            drop(txn);
            *self = Self::dormant(state, state_vector);
        }
        Ok(changed)
    }
}

/// A document from a whole state this room encoded, or checked when it loaded it.
fn rebuild(state: &[u8]) -> Result<Doc, ApplyError> {
    let doc = crate::compact::replica();
    {
        let mut txn = doc.transact_mut();
        match apply_bytes(&mut txn, state) {
            Ok(_) => {}
            Err(ApplyError::Malformed) => tracing::error!("a quiet room's state does not apply"),
            Err(ApplyError::Panicked) => return Err(ApplyError::Panicked),
        }
    }
    Ok(doc)
}

/// Decodes and applies a v1 update into a transaction that may already hold others (a load).
pub(super) fn apply_bytes(txn: &mut TransactionMut<'_>, bytes: &[u8]) -> Result<bool, ApplyError> {
    apply_decoded(txn, decode(bytes)?)
}

fn decode(bytes: &[u8]) -> Result<Update, ApplyError> {
    crate::compact::decode_update_v1(bytes).map_err(|_| ApplyError::Malformed)
}

fn apply_decoded(txn: &mut TransactionMut<'_>, update: Update) -> Result<bool, ApplyError> {
    let applied = catch_unwind(AssertUnwindSafe(|| {
        crate::compact::apply_update(txn, update)
    }));
    match applied {
        Ok(Ok(())) => {}
        Ok(Err(_)) => return Err(ApplyError::Malformed),
        Err(_) => return Err(ApplyError::Panicked),
    }
    let changed = !txn.insert_set().is_empty() || !txn.delete_set().is_empty();
    Ok(changed || txn.has_missing_updates())
}

#[cfg(test)]
mod tests {
    use yrs::updates::decoder::Decode;
    use yrs::{Text, XmlElementPrelim, XmlFragment, XmlTextPrelim};

    use super::*;
    use crate::derive::derive_from_update;
    use crate::log::LoggedUpdate;

    /// A device typing paragraphs; each update builds on the previous ones.
    struct Device(Doc);

    impl Device {
        fn paragraph(&self, text: &str) -> Vec<u8> {
            let fragment = self.0.get_or_insert_xml_fragment("default");
            let mut txn = self.0.transact_mut();
            let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            p.push_back(&mut txn, XmlTextPrelim::new(text));
            txn.encode_update_v1()
        }
    }

    fn stored(updates: &[Vec<u8>]) -> StoredDoc {
        StoredDoc {
            snapshot: None,
            snapshot_seq: 0,
            updates: (1..)
                .zip(updates)
                .map(|(seq, update)| LoggedUpdate {
                    seq,
                    update: update.clone(),
                })
                .collect(),
        }
    }

    fn text(state: &[u8]) -> String {
        derive_from_update(state).expect("derives").text
    }

    #[test]
    fn one_stored_part_is_kept_as_bytes_and_sent_as_they_are_to_a_client_holding_nothing() {
        let device = Device(Doc::with_client_id(1));
        let only = device.paragraph("first");
        let mut document = Document::load("d", &stored(std::slice::from_ref(&only)));
        assert!(document.used().is_none(), "no document was built");

        let (diff, ours) = document.sync(&StateVector::default()).expect("answers");
        assert_eq!(diff, only);
        assert_eq!(
            StateVector::decode_v1(&ours).expect("decodes"),
            device.0.transact().state_vector()
        );
        assert!(document.used().is_none(), "still no document");
    }

    #[test]
    fn several_stored_parts_are_loaded_into_a_document() {
        let device = Device(Doc::with_client_id(2));
        let updates = [device.paragraph("one"), device.paragraph("two")];
        let document = Document::load("d", &stored(&updates));
        assert!(document.used().is_some());
        assert_eq!(text(&document.state()), "one\ntwo");
    }

    #[test]
    fn an_empty_update_is_taken_without_building_the_document() {
        let mut document = Document::load("d", &StoredDoc::default());
        assert!(!document.apply(&EMPTY_UPDATE).expect("applies"));
        assert!(document.used().is_none());
    }

    #[test]
    fn a_dormant_document_answers_and_applies_as_a_live_one_would() {
        let device = Device(Doc::with_client_id(3));
        let first = device.paragraph("one");
        let mut document = Document::load("d", &stored(std::slice::from_ref(&first)));
        let behind = device.0.transact().state_vector();
        let second = device.paragraph("two");

        assert!(document.apply(&second).expect("applies"), "changed");
        assert!(document.used().is_some(), "rebuilt to apply");
        assert!(!document.apply(&second).expect("applies"), "a duplicate");
        let live_state = document.state();
        let live_diff = document.sync(&behind).expect("answers").0;

        document.make_dormant();
        assert!(document.used().is_none());
        assert_eq!(text(&document.state()), "one\ntwo");
        // A client holding the first paragraph is sent the second, from a rebuilt document.
        let (diff, _) = document.sync(&behind).expect("answers");
        assert_eq!(diff, live_diff);
        assert_eq!(text(&document.state()), text(&live_state));
        let third = device.paragraph("three");
        document.make_dormant();
        assert!(document.apply(&third).expect("applies"));
        assert_eq!(text(&document.state()), "one\ntwo\nthree");
    }

    /// What a client at `remote` holds after it applies `diff`: its text and state vector.
    fn client_after(remote: &[u8], diff: &[u8]) -> (String, StateVector) {
        let doc = crate::compact::replica();
        {
            let mut txn = doc.transact_mut();
            for bytes in [remote, diff] {
                apply_bytes(&mut txn, bytes).expect("applies");
            }
        }
        let txn = doc.transact();
        let state = txn.encode_state_as_update_v1(&StateVector::default());
        (text(&state), txn.state_vector())
    }

    #[test]
    fn a_quiet_room_answers_a_returning_device_from_its_bytes_as_the_document_would() {
        // Two devices, one typing into the other's paragraph and deleting some of it, so that
        // the diff starts inside a run (an offset into a struct) and carries deletions.
        let ana = Device(Doc::with_client_id(11));
        let ben = Device(Doc::with_client_id(12));
        let mut log = vec![ana.paragraph("one"), ana.paragraph("two")];
        for update in &log {
            ben.0
                .transact_mut()
                .apply_update(Update::decode_v1(update).expect("decodes"))
                .expect("applies");
        }
        let ben_then = ben
            .0
            .transact()
            .encode_state_as_update_v1(&StateVector::default());
        let ben_at = ben.0.transact().state_vector();
        let fragment = ana.0.get_or_insert_xml_fragment("default");
        let run = {
            let txn = ana.0.transact();
            let p = fragment.get(&txn, 0).expect("a paragraph");
            p.into_xml_element()
                .expect("an element")
                .get(&txn, 0)
                .expect("a run")
                .into_xml_text()
                .expect("text")
        };
        for edit in 0..3 {
            let mut txn = ana.0.transact_mut();
            run.insert(&mut txn, 3, "é, ünïcode");
            if edit == 1 {
                run.remove_range(&mut txn, 0, 2);
            }
            log.push(txn.encode_update_v1());
        }
        log.push(ben.paragraph("three"));
        log.push(ana.paragraph("four"));

        let mut document = Document::load("d", &stored(&log));
        let (from_doc, ours) = document.sync(&ben_at).expect("answers");
        document.make_dormant();
        let (from_bytes, ours_dormant) = document.sync(&ben_at).expect("answers");
        assert!(
            document.used().is_none(),
            "answered without building the document"
        );
        assert_eq!(ours, ours_dormant);
        assert_eq!(
            client_after(&ben_then, &from_bytes),
            client_after(&ben_then, &from_doc)
        );
        assert_eq!(
            client_after(&ben_then, &from_bytes).0,
            text(&document.state())
        );
        // A device that holds everything is sent no structs.
        let all = StateVector::decode_v1(&ours).expect("decodes");
        let (nothing_new, _) = document.sync(&all).expect("answers");
        assert_eq!(
            client_after(&document.state(), &nothing_new).1,
            all,
            "no struct beyond what it holds"
        );
    }

    #[test]
    fn an_empty_quiet_room_takes_its_first_update_without_keeping_a_document() {
        let device = Device(Doc::with_client_id(13));
        let first = device.paragraph("one");
        let mut quiet = Document::load("d", &StoredDoc::default());
        let mut live = Document::load("d", &StoredDoc::default());
        live.live().expect("builds");

        // A device holding something asks first: an empty room has nothing for it.
        let holding = device.0.transact().state_vector();
        let (diff, ours) = quiet.sync(&holding).expect("answers");
        assert!(quiet.used().is_none());
        assert_eq!(client_after(&first, &diff).1, holding);
        assert_eq!(ours, StateVector::default().encode_v1());

        assert!(quiet.apply(&first).expect("applies"));
        assert!(live.apply(&first).expect("applies"));
        assert!(quiet.used().is_none(), "no document kept");
        assert_eq!(
            quiet.state(),
            live.state(),
            "the state a live room would encode"
        );
        assert_eq!(
            quiet.sync(&StateVector::default()).expect("answers").1,
            live.sync(&StateVector::default()).expect("answers").1
        );
        assert!(!quiet.apply(&first).expect("applies"), "a duplicate");
        let second = device.paragraph("two");
        assert!(quiet.apply(&second).expect("applies"));
        assert_eq!(text(&quiet.state()), "one\ntwo");
    }

    #[test]
    fn an_empty_quiet_room_keeps_the_document_when_its_first_update_waits_for_another() {
        let device = Device(Doc::with_client_id(14));
        let first = device.paragraph("one");
        let second = device.paragraph("two");
        let mut document = Document::load("d", &StoredDoc::default());
        assert!(document.apply(&second).expect("applies"), "kept pending");
        assert!(
            document.used().is_some(),
            "the pending struct lives in a document"
        );
        assert!(document.apply(&first).expect("applies"));
        assert_eq!(text(&document.state()), "one\ntwo");
    }

    #[test]
    fn an_empty_quiet_room_refuses_an_update_that_does_not_decode() {
        let mut document = Document::load("d", &StoredDoc::default());
        assert!(matches!(
            document.apply(&[1, 1, 0xff]),
            Err(ApplyError::Malformed)
        ));
        assert_eq!(document.state(), EMPTY_UPDATE);
    }

    #[test]
    fn a_dormant_document_keeps_what_yrs_holds_pending() {
        let device = Device(Doc::with_client_id(4));
        let first = device.paragraph("one");
        let second = device.paragraph("two");
        // The second arrives first: it waits for the first.
        let mut document = Document::load("d", &StoredDoc::default());
        assert!(document.apply(&second).expect("applies"), "kept pending");
        document.make_dormant();
        assert!(document.apply(&first).expect("applies"));
        assert_eq!(text(&document.state()), "one\ntwo");
    }
}
