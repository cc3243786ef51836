//! What a Commenter (sharing level 2) may change in a chapter's document: the comment threads, which live in the document's `comments` map, and the
//! `comment` marks that anchor them in the text — nothing a reader would see as the text.
//!
//! An update is checked by applying it to a copy of the document and comparing the two: the
//! text with every `comment` mark taken out (element names, attributes, characters, embeds and
//! every other mark) and every other top-level part of the document must be the same before and
//! after. An update that reaches for something the copy lacks (deletions or items that wait on
//! updates the server never had) is refused too: a Commenter's device only ever anchors to text
//! the server sent it.

use std::collections::BTreeMap;
use std::sync::Arc;

use yrs::types::ToJson;
use yrs::types::text::YChange;
use yrs::{
    Any, Out, ReadTxn, StateVector, Text, Transact, Xml, XmlElementRef, XmlFragment, XmlOut,
    XmlTextRef,
};

use crate::compact;
use crate::derive::{DeriveError, FRAGMENT};

/// The map of comment threads (the web app's `COMMENTS_MAP`).
pub const COMMENTS: &str = "comments";
/// The mark that anchors a thread in the text (the web app's `comment` mark).
const COMMENT_MARK: &str = "comment";

/// Whether `update` changes nothing of the document `state` (a v1 full state) but its comment
/// threads and the `comment` marks in its text. An update that does not decode or apply is an
/// error; one that depends on something `state` lacks is `false`.
pub fn comments_only(state: &[u8], update: &[u8]) -> Result<bool, DeriveError> {
    let doc = compact::replica();
    let decoded = compact::decode_update_v1(update).map_err(|e| e.0)?;
    let mut reach = StateVector::default();
    compact::reach(&decoded, &mut reach);
    let mut txn = doc.transact_mut();
    if !state.is_empty() {
        let stored = compact::decode_update_v1(state).map_err(|e| e.0)?;
        compact::apply_update(&mut txn, stored)?;
    }
    let before = Reading::of(&txn);
    compact::apply_update(&mut txn, decoded)?;
    if compact::incomplete(&txn, &reach).is_some() {
        return Ok(false);
    }
    Ok(Reading::of(&txn) == before)
}

/// Whether `update` carries nothing at all (a provider's sync step 2 with nothing new): such
/// an update needs no copy of the document to check.
pub fn changes_nothing(update: &[u8]) -> bool {
    compact::decode_update_v1(update).is_ok_and(|u| u.is_empty())
}

/// Everything of a document a Commenter may not change, in a form that compares by value.
#[derive(Debug, PartialEq)]
struct Reading {
    text: Vec<Node>,
    /// Every other top-level part, by name, as JSON values.
    others: BTreeMap<String, Any>,
}

#[derive(Debug, PartialEq)]
enum Node {
    Element {
        tag: String,
        attributes: BTreeMap<String, Any>,
        children: Vec<Node>,
    },
    /// A text's runs, adjacent runs of the same marks (once `comment` is out) merged.
    Text(Vec<Run>),
}

#[derive(Debug, PartialEq)]
struct Run {
    insert: Any,
    marks: BTreeMap<Arc<str>, Any>,
}

impl Reading {
    fn of<T: ReadTxn>(txn: &T) -> Reading {
        let text = txn
            .get_xml_fragment(FRAGMENT)
            .map(|root| children(txn, &root))
            .unwrap_or_default();
        let others = txn
            .root_refs()
            .filter(|(name, _)| *name != FRAGMENT && *name != COMMENTS)
            .map(|(name, value)| (name.to_owned(), value.to_json(txn)))
            .collect();
        Reading { text, others }
    }
}

fn children<T: ReadTxn>(txn: &T, parent: &impl XmlFragment) -> Vec<Node> {
    parent
        .children(txn)
        .map(|child| match child {
            XmlOut::Element(e) => element(txn, &e),
            XmlOut::Fragment(f) => Node::Element {
                tag: String::new(),
                attributes: BTreeMap::new(),
                children: children(txn, &f),
            },
            XmlOut::Text(t) => Node::Text(runs(txn, &t)),
        })
        .collect()
}

fn element<T: ReadTxn>(txn: &T, e: &XmlElementRef) -> Node {
    Node::Element {
        tag: e.tag().to_string(),
        attributes: e
            .attributes(txn)
            .map(|(name, value)| (name.to_owned(), value.to_json(txn)))
            .collect(),
        children: children(txn, e),
    }
}

/// Whether a formatting attribute is a comment's anchor. y-prosemirror names a mark that may
/// overlap itself (comments do) `<name>--<hash of its attrs>`, so each thread has its own key.
fn is_comment(key: &str) -> bool {
    key.split_once("--").map_or(key, |(name, _)| name) == COMMENT_MARK
}

fn runs<T: ReadTxn>(txn: &T, t: &XmlTextRef) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    for chunk in t.diff(txn, YChange::identity) {
        let marks: BTreeMap<Arc<str>, Any> = chunk
            .attributes
            .into_iter()
            .flat_map(|attrs| attrs.into_iter())
            .filter(|(key, value)| !is_comment(key) && !matches!(value, Any::Null | Any::Undefined))
            .collect();
        let insert = match chunk.insert {
            Out::Any(any) => any,
            other => other.to_json(txn),
        };
        match (runs.last_mut(), &insert) {
            (Some(last), Any::String(more)) if last.marks == marks => {
                if let Any::String(text) = &last.insert {
                    last.insert = Any::String(format!("{text}{more}").into());
                    continue;
                }
                runs.push(Run { insert, marks });
            }
            _ => runs.push(Run { insert, marks }),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::derive::FOOTNOTES;
    use yrs::updates::decoder::Decode;
    use yrs::{
        Doc, Map, MapPrelim, TransactionMut, Update, WriteTxn, XmlElementPrelim, XmlTextPrelim,
    };

    /// A writer's chapter: a heading and a paragraph with a bold word.
    fn chapter() -> (Doc, Vec<u8>) {
        let doc = Doc::with_client_id(1);
        {
            let mut txn = doc.transact_mut();
            let root = txn.get_or_insert_xml_fragment(FRAGMENT);
            let h = root.push_back(&mut txn, XmlElementPrelim::empty("heading"));
            h.insert_attribute(&mut txn, "level", Any::from(1));
            h.push_back(&mut txn, XmlTextPrelim::new("One"));
            let p = root.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            let text = p.push_back(&mut txn, XmlTextPrelim::new("It was late at night."));
            text.format(&mut txn, 7, 4, mark("bold", "{}"));
        }
        let state = doc
            .transact()
            .encode_state_as_update_v1(&StateVector::default());
        (doc, state)
    }

    /// What a Commenter's device sends after `edit` on its copy of `state`.
    fn edit_of(state: &[u8], edit: impl FnOnce(&mut TransactionMut)) -> Vec<u8> {
        let doc = Doc::with_client_id(77);
        doc.transact_mut()
            .apply_update(Update::decode_v1(state).unwrap())
            .unwrap();
        let before = doc.transact().state_vector();
        edit(&mut doc.transact_mut());
        doc.transact().encode_state_as_update_v1(&before)
    }

    fn paragraph_text(txn: &mut TransactionMut) -> XmlTextRef {
        let root = txn.get_or_insert_xml_fragment(FRAGMENT);
        let Some(XmlOut::Element(p)) = root.get(txn, 1) else {
            panic!("no paragraph")
        };
        let Some(XmlOut::Text(text)) = p.get(txn, 0) else {
            panic!("no text")
        };
        text
    }

    /// Formatting attributes of one mark, as y-prosemirror writes them: `{name: attrs}`.
    fn mark(name: &str, attrs_json: &str) -> yrs::types::Attrs {
        let mut attrs = yrs::types::Attrs::new();
        attrs.insert(name.into(), Any::from_json(attrs_json).expect("json"));
        attrs
    }

    /// A comment's anchor as y-prosemirror writes it: the mark name with a hash of its attrs.
    fn comment_mark(id: &str) -> yrs::types::Attrs {
        mark(
            &format!("comment--{id}hash"),
            &format!(r#"{{"id": "{id}"}}"#),
        )
    }

    #[test]
    fn a_thread_and_its_anchor_are_a_commenters_to_add_reply_to_and_remove() {
        let (_, state) = chapter();
        let add = edit_of(&state, |txn| {
            let threads = txn.get_or_insert_map(COMMENTS);
            threads.insert(txn, "t1", MapPrelim::from([("body", "Too slow?")]));
            // Across the bold word, so the anchor splits a marked run.
            paragraph_text(txn).format(txn, 3, 8, comment_mark("t1"));
        });
        assert!(comments_only(&state, &add).unwrap());

        let with_thread = {
            let doc = compact::replica();
            let mut txn = doc.transact_mut();
            txn.apply_update(Update::decode_v1(&state).unwrap())
                .unwrap();
            txn.apply_update(Update::decode_v1(&add).unwrap()).unwrap();
            txn.encode_state_as_update_v1(&StateVector::default())
        };
        let resolve_and_unanchor = edit_of(&with_thread, |txn| {
            let threads = txn.get_or_insert_map(COMMENTS);
            threads.remove(txn, "t1");
            let mut none = yrs::types::Attrs::new();
            none.insert("comment--t1hash".into(), Any::Null);
            paragraph_text(txn).format(txn, 3, 8, none);
        });
        assert!(comments_only(&with_thread, &resolve_and_unanchor).unwrap());
    }

    #[test]
    fn text_marks_attributes_and_footnotes_are_not_a_commenters_to_change() {
        let (_, state) = chapter();
        let typed = edit_of(&state, |txn| paragraph_text(txn).insert(txn, 0, "So "));
        let deleted = edit_of(&state, |txn| paragraph_text(txn).remove_range(txn, 0, 3));
        let italic = edit_of(&state, |txn| {
            paragraph_text(txn).format(txn, 0, 2, mark("italic", "{}"));
        });
        let level = edit_of(&state, |txn| {
            let root = txn.get_or_insert_xml_fragment(FRAGMENT);
            let Some(XmlOut::Element(h)) = root.get(txn, 0) else {
                panic!("no heading")
            };
            h.insert_attribute(txn, "level", Any::from(2));
        });
        let footnote = edit_of(&state, |txn| {
            txn.get_or_insert_map(FOOTNOTES)
                .insert(txn, "f1", "A note.");
        });
        let other_root = edit_of(&state, |txn| {
            txn.get_or_insert_text("meta").insert(txn, 0, "x");
        });
        for (what, update) in [
            ("typed text", typed),
            ("deleted text", deleted),
            ("an italic mark", italic),
            ("a heading's level", level),
            ("a footnote", footnote),
            ("another part", other_root),
        ] {
            assert!(!comments_only(&state, &update).unwrap(), "{what}");
        }
    }

    #[test]
    fn an_update_that_waits_on_text_the_server_never_had_is_refused() {
        let (writer, state) = chapter();
        // The writer types more, which the server has not seen …
        let unseen = {
            let mut txn = writer.transact_mut();
            let text = paragraph_text(&mut txn);
            text.insert(&mut txn, 0, "Later, ");
            txn.encode_update_v1()
        };
        let newer = {
            let doc = compact::replica();
            let mut txn = doc.transact_mut();
            txn.apply_update(Update::decode_v1(&state).unwrap())
                .unwrap();
            txn.apply_update(Update::decode_v1(&unseen).unwrap())
                .unwrap();
            txn.encode_state_as_update_v1(&StateVector::default())
        };
        // … and an update made on top of it deletes it: the server cannot check that.
        let on_unseen = edit_of(&newer, |txn| paragraph_text(txn).remove_range(txn, 0, 7));
        assert!(!comments_only(&state, &on_unseen).unwrap());
    }

    #[test]
    fn an_update_that_is_not_one_is_an_error() {
        let (_, state) = chapter();
        assert!(comments_only(&state, &[0xff, 0xff, 0xff]).is_err());
        assert!(!changes_nothing(&[0xff, 0xff, 0xff]));
    }

    #[test]
    fn an_empty_sync_answer_changes_nothing() {
        let (_, state) = chapter();
        let nothing = edit_of(&state, |_| {});
        assert!(changes_nothing(&nothing));
        assert!(comments_only(&state, &nothing).unwrap());
        assert!(!changes_nothing(&state));
    }
}
