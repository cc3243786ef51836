//! A body written as a chapter document's first state, node for node as the editor writes it.

use std::sync::Arc;

use quire_formats::model::{Align, Block, Body, CommentThread, Inline, Marks, Paragraph};
use yrs::types::Attrs;
use yrs::{
    Any, Array, ArrayPrelim, ClientID, Doc, Map, MapPrelim, MapRef, Options, ReadTxn, StateVector,
    Text, TextPrelim, Transact, TransactionMut, WriteTxn, Xml, XmlElementPrelim, XmlElementRef,
    XmlFragment, XmlTextPrelim,
};

use super::{COMMENTS, marks};
use crate::derive::{FOOTNOTES, FRAGMENT};

/// A chapter document's first state (a v1 update) holding `body`: its blocks in the `default`
/// fragment exactly as TipTap through y-prosemirror writes them (node names, attribute names and
/// value types, every mark as a formatting attribute), its footnote bodies in the `footnotes`
/// map and its comment threads in the `comments` map, each started by `author_id` (the
/// importing user; the thread keeps the author's name from the file). An image is an `image`
/// node whose `src` is `image_src(index)` (an upload's URL); one without a source is left out.
/// Made by `client_id` alone, so the same arguments give the same bytes. It must be below 2^53
/// (what Yjs reads) and never one that writes other content into the same document — not
/// `forward::seed`'s id for the chapter: two different items under one id corrupt a document.
pub fn body_to_update(
    body: &Body,
    image_src: &dyn Fn(usize) -> Option<String>,
    author_id: &str,
    client_id: u64,
) -> Vec<u8> {
    let doc = Doc::with_options(Options {
        client_id: ClientID::new(client_id),
        cleanup_formatting: false,
        ..Options::default()
    });
    {
        let mut txn = doc.transact_mut();
        let fragment = txn.get_or_insert_xml_fragment(FRAGMENT);
        let writer = Writer { image_src };
        if !body.blocks.is_empty() {
            writer.blocks(&mut txn, &fragment, &body.blocks);
        }
        if !body.footnotes.is_empty() {
            let footnotes = txn.get_or_insert_map(FOOTNOTES);
            for footnote in &body.footnotes {
                footnotes.insert(
                    &mut txn,
                    footnote.id.as_str(),
                    TextPrelim::new(footnote.text.as_str()),
                );
            }
        }
        if !body.comments.is_empty() {
            let comments = txn.get_or_insert_map(COMMENTS);
            for thread in &body.comments {
                write_thread(&mut txn, &comments, thread, author_id);
            }
        }
    }
    doc.transact()
        .encode_state_as_update_v1(&StateVector::default())
}

/// A thread as `comments-store.ts` writes it: `id`, `author_id`, `author_name`, `body`,
/// `created_at`, `resolved` and `replies` (a `Y.Array` of `Y.Map`s, each with its own `id`).
fn write_thread(txn: &mut TransactionMut, comments: &MapRef, thread: &CommentThread, author: &str) {
    let map = comments.insert(txn, thread.id.as_str(), MapPrelim::default());
    let entry =
        |txn: &mut TransactionMut, map: &MapRef, id: &str, name: &str, body: &str, at: &str| {
            map.insert(txn, "id", id);
            map.insert(txn, "author_id", author);
            map.insert(txn, "author_name", name);
            map.insert(txn, "body", body);
            map.insert(txn, "created_at", at);
        };
    entry(
        txn,
        &map,
        &thread.id,
        &thread.author_name,
        &thread.body,
        &thread.created_at,
    );
    map.insert(txn, "resolved", thread.resolved);
    let replies = map.insert(txn, "replies", ArrayPrelim::default());
    for (n, reply) in thread.replies.iter().enumerate() {
        let reply_map = replies.push_back(txn, MapPrelim::default());
        let id = format!("{}-{}", thread.id, n + 1);
        entry(
            txn,
            &reply_map,
            &id,
            &reply.author_name,
            &reply.body,
            &reply.created_at,
        );
    }
}

struct Writer<'a> {
    image_src: &'a dyn Fn(usize) -> Option<String>,
}

/// What a paragraph holds, in order: runs of text (one `Y.XmlText`) and the inline elements
/// between them.
enum Segment<'b> {
    Runs(Vec<(&'b str, &'b Marks)>),
    HardBreak,
    Footnote(&'b str),
}

/// Every node is written as its parent's first child, the last one first: yrs finds an index
/// by walking the children before it, so appending each of a long chapter's paragraphs would
/// cost time quadratic in their number.
impl Writer<'_> {
    /// `blocks` into `parent`, in order. A list item, a quote or a cell holds at least one
    /// block in the schema: an empty one gets an empty paragraph, as the editor would give it.
    fn blocks<P: XmlFragment>(&self, txn: &mut TransactionMut, parent: &P, blocks: &[Block]) {
        if blocks.is_empty() {
            element(txn, parent, "paragraph");
        }
        for block in blocks.iter().rev() {
            self.block(txn, parent, block);
        }
    }

    fn block<P: XmlFragment>(&self, txn: &mut TransactionMut, parent: &P, block: &Block) {
        match block {
            Block::Paragraph(paragraph) => {
                let e = element(txn, parent, "paragraph");
                textblock(txn, &e, paragraph);
            }
            Block::Heading { level, paragraph } => {
                let e = element(txn, parent, "heading");
                textblock(txn, &e, paragraph);
                e.insert_attribute(txn, "level", Any::from(i64::from((*level).clamp(1, 5))));
            }
            Block::BlockQuote { blocks } => {
                let e = element(txn, parent, "blockquote");
                self.blocks(txn, &e, blocks);
            }
            Block::List {
                ordered,
                start,
                items,
            } => {
                let name = if *ordered {
                    "orderedList"
                } else {
                    "bulletList"
                };
                let e = element(txn, parent, name);
                if *ordered {
                    e.insert_attribute(txn, "start", Any::from(i64::from(*start)));
                }
                for item in items.iter().rev() {
                    let li = element(txn, &e, "listItem");
                    self.blocks(txn, &li, item);
                }
            }
            Block::PageBreak => {
                element(txn, parent, "pageBreak");
            }
            Block::SceneBreak => {
                element(txn, parent, "horizontalRule");
            }
            Block::Image { image, alt } => {
                let Some(src) = (self.image_src)(*image) else {
                    return;
                };
                let e = element(txn, parent, "image");
                e.insert_attribute(txn, "src", Any::from(src));
                e.insert_attribute(txn, "alt", Any::from(alt.as_str()));
            }
            Block::Table { rows } => {
                let table = element(txn, parent, "table");
                for row in rows.iter().rev() {
                    let tr = element(txn, &table, "tableRow");
                    for cell in row.iter().rev() {
                        let td = element(txn, &tr, "tableCell");
                        td.insert_attribute(txn, "colspan", Any::from(1_i64));
                        td.insert_attribute(txn, "rowspan", Any::from(1_i64));
                        self.blocks(txn, &td, cell);
                    }
                }
            }
        }
    }
}

/// A paragraph's or heading's content and alignment. Consecutive text runs share one
/// `Y.XmlText`; a footnote reference and a hard break are elements between them.
fn textblock(txn: &mut TransactionMut, e: &XmlElementRef, paragraph: &Paragraph) {
    let mut segments: Vec<Segment> = Vec::new();
    for inline in &paragraph.inlines {
        match inline {
            Inline::Text { text, marks } if !text.is_empty() => match segments.last_mut() {
                Some(Segment::Runs(runs)) => runs.push((text, marks)),
                _ => segments.push(Segment::Runs(vec![(text, marks)])),
            },
            Inline::Text { .. } => {}
            Inline::HardBreak => segments.push(Segment::HardBreak),
            Inline::FootnoteRef { id } => segments.push(Segment::Footnote(id)),
        }
    }
    for segment in segments.iter().rev() {
        match segment {
            Segment::Runs(runs) => text_runs(txn, e, runs),
            Segment::HardBreak => {
                element(txn, e, "hardBreak");
            }
            Segment::Footnote(id) => {
                let footnote = element(txn, e, "footnote");
                footnote.insert_attribute(txn, "id", Any::from(*id));
            }
        }
    }
    let align = match paragraph.align {
        Align::Left => None,
        Align::Center => Some("center"),
        Align::Right => Some("right"),
        Align::Justify => Some("justify"),
    };
    if let Some(align) = align {
        e.insert_attribute(txn, "textAlign", Any::from(align));
    }
}

/// A new element named `name`, as `parent`'s first child.
fn element<P: XmlFragment>(txn: &mut TransactionMut, parent: &P, name: &str) -> XmlElementRef {
    parent.insert(txn, 0, XmlElementPrelim::empty(name))
}

/// Runs as one `Y.XmlText` (`parent`'s first child): the text first, then each run's marks, one
/// formatting call per mark in a fixed order (so the bytes are the same every time).
fn text_runs(txn: &mut TransactionMut, parent: &XmlElementRef, runs: &[(&str, &Marks)]) {
    let whole: String = runs.iter().map(|(text, _)| *text).collect();
    let text = parent.insert(txn, 0, XmlTextPrelim::new(whole.as_str()));
    let mut offset = 0u32;
    for (run, marks) in runs {
        let len = run.len() as u32;
        for (key, value) in formatting(marks) {
            let attrs: Attrs = Attrs::from([(Arc::from(key.as_str()), value)]);
            text.format(txn, offset, len, attrs);
        }
        offset += len;
    }
}

/// A run's marks as formatting attributes, in a fixed order.
fn formatting(m: &Marks) -> Vec<(String, Any)> {
    let mut out = Vec::new();
    let flags = [m.bold, m.italic, m.underline, m.strike, m.small_caps];
    for (name, on) in marks::PLAIN_MARKS.iter().zip(flags) {
        if on {
            out.push(((*name).to_owned(), marks::empty()));
        }
    }
    if let Some(href) = &m.link {
        out.push(("link".to_owned(), marks::link(href)));
    }
    for id in &m.comments {
        out.push(marks::comment(id));
    }
    out
}
