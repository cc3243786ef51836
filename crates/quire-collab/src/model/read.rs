//! A chapter document read back into a body, for exports. Whatever the walk does not know keeps
//! its words: an unknown block's text becomes paragraphs, an unknown inline node's text stays
//! in its paragraph, an unknown mark is dropped.

use quire_formats::model::{
    Align, Block, Body, CommentReply, CommentThread, Footnote, Inline, Marks, Paragraph,
};
use yrs::types::text::YChange;
use yrs::{
    Any, Array, GetString, Map, Out, ReadTxn, Text, Transact, XmlElementRef, XmlFragment, XmlOut,
    XmlTextRef,
};

use quire_core::manuscript::MentionNames;

use super::{COMMENTS, marks};
use crate::compact;
use crate::derive::{DeriveError, FOOTNOTES, FRAGMENT, number_attribute, string_attribute};

/// The body a chapter document's full state holds (for an export), with each image as an index
/// into the returned list of `src`s (the caller fetches their bytes; the same source twice is
/// one entry). Footnotes come in the order of their first reference (bodies nothing refers to
/// are left out, as in the derived HTML); comment threads oldest first, as the editor lists
/// them. A story element's mention reads as `names` says (the element's current name).
pub fn body_from_state(
    state: &[u8],
    names: &MentionNames,
) -> Result<(Body, Vec<String>), DeriveError> {
    let update = compact::decode_update_v1(state).map_err(|e| e.0)?;
    let mut reach = yrs::StateVector::default();
    compact::reach(&update, &mut reach);
    let doc = compact::replica();
    let mut txn = doc.transact_mut();
    compact::apply_update(&mut txn, update)?;
    if compact::incomplete(&txn, &reach).is_some() {
        return Err(DeriveError::Incomplete);
    }
    let mut reader = Reader {
        txn: &txn,
        names,
        images: Vec::new(),
        footnote_ids: Vec::new(),
    };
    let blocks = match txn.get_xml_fragment(FRAGMENT) {
        Some(root) => reader.blocks(&root),
        None => Vec::new(),
    };
    let footnotes = reader.footnotes();
    let comments = comment_threads(&txn);
    let images = reader.images;
    Ok((
        Body {
            blocks,
            footnotes,
            comments,
        },
        images,
    ))
}

struct Reader<'t, T> {
    txn: &'t T,
    names: &'t MentionNames,
    images: Vec<String>,
    footnote_ids: Vec<String>,
}

impl<T: ReadTxn> Reader<'_, T> {
    fn blocks(&mut self, parent: &impl XmlFragment) -> Vec<Block> {
        let mut out = Vec::new();
        for child in parent.children(self.txn) {
            match child {
                XmlOut::Element(e) => self.block(&e, &mut out),
                XmlOut::Fragment(f) => out.extend(self.blocks(&f)),
                // Text straight inside a container is not the editor's shape; its words are
                // kept as a paragraph.
                XmlOut::Text(t) => {
                    let mut paragraph = Paragraph::default();
                    self.text(&t, &mut paragraph.inlines);
                    out.push(Block::Paragraph(paragraph));
                }
            }
        }
        out
    }

    fn block(&mut self, e: &XmlElementRef, out: &mut Vec<Block>) {
        match e.tag().as_ref() {
            "paragraph" => out.push(Block::Paragraph(self.paragraph(e))),
            "heading" => {
                let level = self.number(e, "level").unwrap_or(1).clamp(1, 5) as u8;
                out.push(Block::Heading {
                    level,
                    paragraph: self.paragraph(e),
                });
            }
            "blockquote" => out.push(Block::BlockQuote {
                blocks: self.blocks(e),
            }),
            name @ ("bulletList" | "orderedList") => {
                let ordered = name == "orderedList";
                let start = match self.number(e, "start") {
                    Some(n) if ordered => u32::try_from(n).unwrap_or(1),
                    _ => 1,
                };
                let items = e
                    .children(self.txn)
                    .map(|item| match item {
                        XmlOut::Element(li) if li.tag().as_ref() == "listItem" => self.blocks(&li),
                        XmlOut::Element(other) => {
                            let mut blocks = Vec::new();
                            self.block(&other, &mut blocks);
                            blocks
                        }
                        XmlOut::Fragment(f) => self.blocks(&f),
                        XmlOut::Text(t) => {
                            let mut paragraph = Paragraph::default();
                            self.text(&t, &mut paragraph.inlines);
                            vec![Block::Paragraph(paragraph)]
                        }
                    })
                    .collect();
                out.push(Block::List {
                    ordered,
                    start,
                    items,
                });
            }
            "horizontalRule" => out.push(Block::SceneBreak),
            "pageBreak" => out.push(Block::PageBreak),
            "image" => {
                if let Some(src) = self.string(e, "src") {
                    let image = match self.images.iter().position(|s| *s == src) {
                        Some(at) => at,
                        None => {
                            self.images.push(src);
                            self.images.len() - 1
                        }
                    };
                    let alt = self.string(e, "alt").unwrap_or_default();
                    out.push(Block::Image { image, alt });
                }
            }
            "table" => {
                let rows = e
                    .children(self.txn)
                    .filter_map(|row| match row {
                        XmlOut::Element(row) => Some(
                            row.children(self.txn)
                                .map(|cell| match cell {
                                    XmlOut::Element(cell) => self.blocks(&cell),
                                    XmlOut::Fragment(f) => self.blocks(&f),
                                    XmlOut::Text(t) => {
                                        let mut paragraph = Paragraph::default();
                                        self.text(&t, &mut paragraph.inlines);
                                        vec![Block::Paragraph(paragraph)]
                                    }
                                })
                                .collect(),
                        ),
                        _ => None,
                    })
                    .collect();
                out.push(Block::Table { rows });
            }
            // A code block (or another text block this walk does not know) keeps its lines.
            _ if self.holds_text(e) => {
                let paragraph = self.paragraph(e);
                out.push(Block::Paragraph(paragraph));
            }
            _ => out.extend(self.blocks(e)),
        }
    }

    /// Whether an element holds inline content (text) rather than blocks.
    fn holds_text(&self, e: &XmlElementRef) -> bool {
        e.children(self.txn)
            .any(|child| matches!(child, XmlOut::Text(_)))
    }

    fn paragraph(&mut self, e: &XmlElementRef) -> Paragraph {
        let align = match self.string(e, "textAlign").as_deref() {
            Some("center") => Align::Center,
            Some("right") => Align::Right,
            Some("justify") => Align::Justify,
            _ => Align::Left,
        };
        let mut inlines = Vec::new();
        self.inlines(e, &mut inlines);
        Paragraph { align, inlines }
    }

    fn inlines(&mut self, parent: &impl XmlFragment, out: &mut Vec<Inline>) {
        for child in parent.children(self.txn) {
            match child {
                XmlOut::Text(t) => self.text(&t, out),
                XmlOut::Fragment(f) => self.inlines(&f, out),
                XmlOut::Element(e) => match e.tag().as_ref() {
                    "hardBreak" => out.push(Inline::HardBreak),
                    "footnote" => {
                        if let Some(id) = self.string(&e, "id") {
                            if !self.footnote_ids.contains(&id) {
                                self.footnote_ids.push(id.clone());
                            }
                            out.push(Inline::FootnoteRef { id });
                        }
                    }
                    // A story element's mention (an atom) reads as the element's name now, or
                    // as written for an element that is gone; one holding its text inside
                    // (another client's shape) keeps that text.
                    "mention" => match self.string(&e, "label").filter(|l| !l.is_empty()) {
                        Some(label) => {
                            let id = self.string(&e, "id").unwrap_or_default();
                            let label = self.names.text(&id, &label);
                            match out.last_mut() {
                                Some(Inline::Text { text, marks })
                                    if *marks == Marks::default() =>
                                {
                                    text.push_str(&label)
                                }
                                _ => out.push(Inline::Text {
                                    text: label,
                                    marks: Marks::default(),
                                }),
                            }
                        }
                        None => self.inlines(&e, out),
                    },
                    _ => self.inlines(&e, out),
                },
            }
        }
    }

    /// One `Y.XmlText`'s runs with the marks the model knows.
    fn text(&self, t: &XmlTextRef, out: &mut Vec<Inline>) {
        for op in t.diff(self.txn, YChange::identity) {
            let Out::Any(Any::String(text)) = &op.insert else {
                continue;
            };
            let mut m = Marks::default();
            for (key, value) in op.attributes.iter().flat_map(|attrs| attrs.iter()) {
                if matches!(value, Any::Null | Any::Undefined | Any::Bool(false)) {
                    continue;
                }
                match marks::mark_name(key) {
                    "bold" => m.bold = true,
                    "italic" => m.italic = true,
                    "underline" => m.underline = true,
                    "strike" => m.strike = true,
                    "smallCaps" => m.small_caps = true,
                    "link" => m.link = marks::attr(value, "href").map(str::to_owned),
                    "comment" => {
                        if let Some(id) = marks::attr(value, "id") {
                            m.comments.push(id.to_owned());
                        }
                    }
                    _ => {}
                }
            }
            m.comments.sort();
            m.comments.dedup();
            // A run with a line break inside (not the editor's shape) keeps its lines apart.
            for (i, line) in text.split('\n').enumerate() {
                if i > 0 {
                    out.push(Inline::HardBreak);
                }
                if line.is_empty() {
                    continue;
                }
                match out.last_mut() {
                    Some(Inline::Text { text, marks }) if *marks == m => text.push_str(line),
                    _ => out.push(Inline::Text {
                        text: line.to_owned(),
                        marks: m.clone(),
                    }),
                }
            }
        }
    }

    /// The bodies of the footnotes referenced, in the order of their first reference.
    fn footnotes(&self) -> Vec<Footnote> {
        let bodies = self.txn.get_map(FOOTNOTES);
        self.footnote_ids
            .iter()
            .map(|id| {
                let text = match bodies.as_ref().and_then(|map| map.get(self.txn, id)) {
                    Some(Out::YText(text)) => text.get_string(self.txn),
                    Some(Out::Any(Any::String(text))) => text.to_string(),
                    _ => String::new(),
                };
                Footnote {
                    id: id.clone(),
                    text,
                }
            })
            .collect()
    }

    fn string(&self, e: &XmlElementRef, name: &str) -> Option<String> {
        string_attribute(self.txn, e, name)
    }

    fn number(&self, e: &XmlElementRef, name: &str) -> Option<i64> {
        number_attribute(self.txn, e, name)
    }
}

/// The threads of the `comments` map, oldest first (ties by id), as `comments-store.ts` lists
/// them.
fn comment_threads<T: ReadTxn>(txn: &T) -> Vec<CommentThread> {
    let Some(comments) = txn.get_map(COMMENTS) else {
        return Vec::new();
    };
    let mut threads: Vec<CommentThread> = comments
        .iter(txn)
        .filter_map(|(key, value)| match value {
            Out::YMap(map) => Some((key, map)),
            _ => None,
        })
        .map(|(key, map)| {
            let replies = match map.get(txn, "replies") {
                Some(Out::YArray(replies)) => replies
                    .iter(txn)
                    .filter_map(|reply| match reply {
                        Out::YMap(reply) => Some(CommentReply {
                            author_name: map_string(txn, &reply, "author_name"),
                            created_at: map_string(txn, &reply, "created_at"),
                            body: map_string(txn, &reply, "body"),
                        }),
                        _ => None,
                    })
                    .collect(),
                _ => Vec::new(),
            };
            CommentThread {
                id: Some(map_string(txn, &map, "id"))
                    .filter(|id| !id.is_empty())
                    .unwrap_or_else(|| key.to_owned()),
                author_name: map_string(txn, &map, "author_name"),
                created_at: map_string(txn, &map, "created_at"),
                body: map_string(txn, &map, "body"),
                resolved: matches!(map.get(txn, "resolved"), Some(Out::Any(Any::Bool(true)))),
                replies,
            }
        })
        .collect();
    threads.sort_by(|a, b| a.created_at.cmp(&b.created_at).then(a.id.cmp(&b.id)));
    threads
}

fn map_string<T: ReadTxn>(txn: &T, map: &yrs::MapRef, key: &str) -> String {
    match map.get(txn, key) {
        Some(Out::Any(Any::String(s))) => s.to_string(),
        _ => String::new(),
    }
}
