//! What REST readers, shared views, exports and statistics see of a chapter document (ADR 0002): its HTML, its plain text and its word count, derived by one walk over the
//! y-prosemirror tree in `default`. Reads only, in a read transaction; never writes.
//!
//! The HTML uses TipTap's tags. Everything a writer typed is escaped, and URLs and styles pass
//! only through allow-lists (`derive/html.rs`), so a `<script>` or a `javascript:` link typed into a
//! chapter never comes out live. Node types and marks this walker does not know keep their
//! text: an unknown element becomes `<div data-type="…">` (or `<span data-type="…">` inside a
//! paragraph), an unknown mark is left out.
//!
//! Footnotes: a reference is `<sup data-type="footnote" data-id="…">` in the text, as the editor
//! writes it; the bodies (one `Y.Text` each in the document's `footnotes` map) follow the text in
//! a `<section data-type="footnotes">` list, in the order of their first reference. They are not
//! in `text` or `words`: the editor's count leaves them out too.
//!
//! [`yjs_xml`] writes the tree the way Yjs's `toString()` does, for comparing replicas.

mod html;
mod yjs_xml;

use quire_core::manuscript::{FOOTNOTES_SECTION, count_words};
use yrs::types::text::YChange;
use yrs::{
    Any, Doc, GetString, Map, Number, Out, ReadTxn, Text, Transact, Xml, XmlElementRef,
    XmlFragment, XmlOut, XmlTextRef,
};

use crate::compact;
use html::{Mark, MarkStack, escape_into};

/// The name of the `Y.XmlFragment` y-prosemirror binds the editor to.
pub const FRAGMENT: &str = "default";
/// The document's map of footnote bodies (`Y.Text` by footnote id; `web/src/text-editor`).
pub const FOOTNOTES: &str = "footnotes";

/// A chapter's derived forms.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Derived {
    /// TipTap-style HTML, escaped and sanitised: safe to serve as is.
    pub html: String,
    /// The text a reader sees: one line per paragraph, heading, code block, list item or table
    /// cell paragraph, a hard break as a line break. No trailing newline.
    pub text: String,
    /// `quire_core` [`count_words`] of `text`.
    pub words: u32,
}

/// Why a stored state could not be derived.
#[derive(Debug, thiserror::Error)]
pub enum DeriveError {
    /// The bytes are not a v1 update.
    #[error("the stored state does not decode as a v1 update: {0}")]
    Decode(#[from] yrs::encoding::read::Error),
    /// yrs refused to apply the decoded update.
    #[error("the stored state does not apply: {0}")]
    Apply(#[from] yrs::error::UpdateError),
    /// The state refers to updates it does not contain, so part of the text cannot be placed;
    /// deriving from it would silently leave words out.
    #[error("the stored state is incomplete: it depends on updates it does not contain")]
    Incomplete,
}

/// Derives the HTML, text and word count of `doc`'s `default` fragment.
pub fn derive(doc: &Doc) -> Derived {
    derive_in(&doc.transact())
}

/// [`derive()`] within a transaction the caller already holds.
pub fn derive_in<T: ReadTxn>(txn: &T) -> Derived {
    let mut walker = Walker::new(txn, false);
    if let Some(root) = txn.get_xml_fragment(FRAGMENT) {
        walker.block_children(&root);
    }
    walker.footnote_bodies();
    let words = u32::try_from(count_words(&walker.text)).unwrap_or(u32::MAX);
    Derived {
        html: walker.html,
        text: walker.text,
        words,
    }
}

/// The plain text of each top-level block of `default`, in order — what a forward edit
/// (`forward.rs`) compares an older client's text with.
pub fn block_texts_in<T: ReadTxn>(txn: &T) -> Vec<String> {
    let Some(root) = txn.get_xml_fragment(FRAGMENT) else {
        return Vec::new();
    };
    root.children(txn)
        .map(|child| {
            let mut walker = Walker::new(txn, true);
            match child {
                XmlOut::Element(e) => walker.element(&e, Context::Block),
                XmlOut::Fragment(f) => walker.block_children(&f),
                XmlOut::Text(t) => {
                    walker.start_line();
                    walker.text_run(&t, true);
                }
            }
            walker.text
        })
        .collect()
}

/// Derives a stored full state (`encode_state_as_update_v1`), e.g. a compacted snapshot.
pub fn derive_from_update(state: &[u8]) -> Result<Derived, DeriveError> {
    let update = compact::decode_update_v1(state).map_err(|e| e.0)?;
    let mut reach = yrs::StateVector::default();
    compact::reach(&update, &mut reach);
    let doc = compact::replica();
    let mut txn = doc.transact_mut();
    compact::apply_update(&mut txn, update)?;
    if compact::incomplete(&txn, &reach).is_some() {
        return Err(DeriveError::Incomplete);
    }
    Ok(derive_in(&txn))
}

/// The XML of `doc`'s `default` fragment exactly as Yjs 13.6's `XmlFragment.toString()` writes
/// it (`derive/yjs_xml.rs` says why yrs's own `get_string` will not do). Unescaped: for
/// comparing documents, never for display.
pub fn yjs_xml(doc: &Doc) -> String {
    yjs_xml_in(&doc.transact())
}

/// [`yjs_xml`] within a transaction the caller already holds.
pub fn yjs_xml_in<T: ReadTxn>(txn: &T) -> String {
    let mut out = String::new();
    if let Some(root) = txn.get_xml_fragment(FRAGMENT) {
        yjs_xml::fragment(txn, &root, &mut out);
    }
    out
}

/// Whether a node sits between blocks or inside a paragraph's inline content.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Block,
    Inline,
}

struct Walker<'t, T> {
    txn: &'t T,
    html: String,
    text: String,
    /// Lines of text started so far, to put `\n` between them and not before the first.
    lines: usize,
    /// The footnote ids referenced so far, each once, in the order of their first reference.
    footnotes: Vec<String>,
    /// Only the text is wanted (a forward edit's comparison): runs of text skip their marks and
    /// escaping, which are most of the HTML's cost.
    text_only: bool,
}

impl<'t, T: ReadTxn> Walker<'t, T> {
    fn new(txn: &'t T, text_only: bool) -> Self {
        Walker {
            txn,
            html: String::new(),
            text: String::new(),
            lines: 0,
            footnotes: Vec::new(),
            text_only,
        }
    }

    fn start_line(&mut self) {
        if self.lines > 0 {
            self.text.push('\n');
        }
        self.lines += 1;
    }

    fn block_children(&mut self, parent: &impl XmlFragment) {
        for child in parent.children(self.txn) {
            match child {
                XmlOut::Element(e) => self.element(&e, Context::Block),
                XmlOut::Fragment(f) => self.block_children(&f),
                // Text straight inside a block container is not the ProseMirror shape, but its
                // words are the writer's: give them a line of their own.
                XmlOut::Text(t) => {
                    self.start_line();
                    self.text_run(&t, true);
                }
            }
        }
    }

    fn inline_children(&mut self, parent: &impl XmlFragment, marks: bool) {
        for child in parent.children(self.txn) {
            match child {
                XmlOut::Element(e) => self.element(&e, Context::Inline),
                XmlOut::Fragment(f) => self.inline_children(&f, marks),
                XmlOut::Text(t) => self.text_run(&t, marks),
            }
        }
    }

    fn element(&mut self, e: &XmlElementRef, context: Context) {
        match e.tag().as_ref() {
            "paragraph" => self.textblock(e, "p", ""),
            "heading" => {
                let level = self.number(e, "level").unwrap_or(1).clamp(1, 6);
                self.textblock(
                    e,
                    ["h1", "h2", "h3", "h4", "h5", "h6"][level as usize - 1],
                    "",
                )
            }
            "codeBlock" => {
                self.start_line();
                self.html.push_str("<pre><code");
                if let Some(language) = self.string(e, "language").filter(|l| code_language(l)) {
                    self.html.push_str(" class=\"language-");
                    self.html.push_str(&language);
                    self.html.push('"');
                }
                self.html.push('>');
                self.inline_children(e, false);
                self.html.push_str("</code></pre>");
            }
            "blockquote" => self.container(e, "blockquote", ""),
            "bulletList" => self.container(e, "ul", ""),
            "orderedList" => {
                let start = match self.number(e, "start") {
                    Some(n) if n != 1 => format!(" start=\"{n}\""),
                    _ => String::new(),
                };
                self.container(e, "ol", &start)
            }
            "listItem" => self.container(e, "li", ""),
            "table" => {
                self.html.push_str("<table><tbody>");
                self.block_children(e);
                self.html.push_str("</tbody></table>");
            }
            "tableRow" => self.container(e, "tr", ""),
            "tableCell" => self.cell(e, "td"),
            "tableHeader" => self.cell(e, "th"),
            "horizontalRule" => self.html.push_str("<hr>"),
            "pageBreak" => self.html.push_str("<div data-type=\"page-break\"></div>"),
            "hardBreak" => {
                if context == Context::Block {
                    self.start_line();
                }
                self.html.push_str("<br>");
                self.text.push('\n');
            }
            "image" => self.image(e),
            "footnote" => self.footnote_reference(e),
            "mention" => self.mention(e),
            unknown => {
                let (tag, close) = match context {
                    Context::Block => ("<div data-type=\"", "</div>"),
                    Context::Inline => ("<span data-type=\"", "</span>"),
                };
                self.html.push_str(tag);
                escape_into(&mut self.html, unknown);
                self.html.push('"');
                self.align(e);
                self.html.push('>');
                match context {
                    Context::Block => self.block_children(e),
                    Context::Inline => self.inline_children(e, true),
                }
                self.html.push_str(close);
            }
        }
    }

    /// A paragraph or heading: one line of text, inline content with marks.
    fn textblock(&mut self, e: &XmlElementRef, tag: &str, attrs: &str) {
        self.start_line();
        self.open(e, tag, attrs);
        self.inline_children(e, true);
        self.close(tag);
    }

    /// A block holding blocks: a list, a list item, a quote.
    fn container(&mut self, e: &XmlElementRef, tag: &str, attrs: &str) {
        self.open(e, tag, attrs);
        self.block_children(e);
        self.close(tag);
    }

    /// A table cell: its blocks, and its span when it covers more than one column or row.
    fn cell(&mut self, e: &XmlElementRef, tag: &str) {
        let mut attrs = String::new();
        for span in ["colspan", "rowspan"] {
            if let Some(n) = self.number(e, span).filter(|n| (2..=1000).contains(n)) {
                attrs.push_str(&format!(" {span}=\"{n}\""));
            }
        }
        self.container(e, tag, &attrs);
    }

    fn open(&mut self, e: &XmlElementRef, tag: &str, attrs: &str) {
        self.html.push('<');
        self.html.push_str(tag);
        self.html.push_str(attrs);
        self.align(e);
        self.html.push('>');
    }

    fn close(&mut self, tag: &str) {
        self.html.push_str("</");
        self.html.push_str(tag);
        self.html.push('>');
    }

    fn align(&mut self, e: &XmlElementRef) {
        if let Some(align) = self.string(e, "textAlign")
            && let Some(align) = html::text_align(&align)
        {
            self.html.push_str(" style=\"text-align: ");
            self.html.push_str(align);
            self.html.push('"');
        }
    }

    fn image(&mut self, e: &XmlElementRef) {
        let Some(src) = self.string(e, "src") else {
            return;
        };
        let Some(src) = html::safe_image_src(&src) else {
            return;
        };
        self.html.push_str("<img src=\"");
        escape_into(&mut self.html, src);
        self.html.push('"');
        for attr in ["alt", "title"] {
            if let Some(value) = self.string(e, attr) {
                self.html.push(' ');
                self.html.push_str(attr);
                self.html.push_str("=\"");
                escape_into(&mut self.html, &value);
                self.html.push('"');
            }
        }
        self.html.push('>');
    }

    fn footnote_reference(&mut self, e: &XmlElementRef) {
        self.html
            .push_str("<sup data-type=\"footnote\" class=\"footnote-ref\"");
        if let Some(id) = self.string(e, "id") {
            self.html.push_str(" data-id=\"");
            escape_into(&mut self.html, &id);
            self.html.push('"');
            if !self.footnotes.contains(&id) {
                self.footnotes.push(id);
            }
        }
        self.html.push('>');
        // The editor's reference is an atom; a footnote holding its text inline (another
        // client's shape) keeps that text, as any node does.
        self.inline_children(e, true);
        self.html.push_str("</sup>");
    }

    /// A story element's mention: an atom whose text is its `label` (the name as written), so
    /// word counts, versions and the HTML keep the words.
    fn mention(&mut self, e: &XmlElementRef) {
        self.html.push_str("<span data-type=\"mention\"");
        for (attr, name) in [("id", "data-id"), ("label", "data-label")] {
            if let Some(value) = self.string(e, attr) {
                self.html.push(' ');
                self.html.push_str(name);
                self.html.push_str("=\"");
                escape_into(&mut self.html, &value);
                self.html.push('"');
            }
        }
        self.html.push('>');
        match self.string(e, "label").filter(|l| !l.is_empty()) {
            Some(label) => {
                escape_into(&mut self.html, &label);
                self.text.push_str(&label);
            }
            // One holding its text inside (another client's shape) keeps that text.
            None => self.inline_children(e, true),
        }
        self.html.push_str("</span>");
    }

    /// The bodies of the footnotes referenced in the text, after it (nothing when none is).
    fn footnote_bodies(&mut self) {
        if self.footnotes.is_empty() {
            return;
        }
        let bodies = self.txn.get_map(FOOTNOTES);
        self.html.push_str(FOOTNOTES_SECTION);
        self.html.push_str("<ol>");
        for id in &self.footnotes {
            let body = match bodies.as_ref().and_then(|map| map.get(self.txn, id)) {
                Some(Out::YText(text)) => text.get_string(self.txn),
                Some(Out::Any(Any::String(text))) => text.to_string(),
                _ => String::new(),
            };
            self.html.push_str("<li data-id=\"");
            escape_into(&mut self.html, id);
            self.html.push_str("\"><p>");
            escape_into(&mut self.html, &body);
            self.html.push_str("</p></li>");
        }
        self.html.push_str("</ol></section>");
    }

    /// One `Y.XmlText`: its runs with their marks (unless `marks` is off, in code blocks).
    fn text_run(&mut self, t: &XmlTextRef, marks: bool) {
        let mut open = MarkStack::default();
        for op in t.diff(self.txn, YChange::identity) {
            let Out::Any(Any::String(s)) = &op.insert else {
                continue; // an embed: not part of the ProseMirror shape
            };
            if self.text_only {
                self.text.push_str(s);
                continue;
            }
            if marks {
                let mut wanted: Vec<Mark> = op
                    .attributes
                    .iter()
                    .flat_map(|attrs| attrs.iter())
                    .filter_map(|(key, value)| Mark::parse(key, value))
                    .collect();
                wanted.sort();
                wanted.dedup();
                open.switch_to(wanted, &mut self.html);
            }
            escape_into(&mut self.html, s);
            self.text.push_str(s);
        }
        open.close_all(&mut self.html);
    }

    fn string(&self, e: &XmlElementRef, name: &str) -> Option<String> {
        string_attribute(self.txn, e, name)
    }

    fn number(&self, e: &XmlElementRef, name: &str) -> Option<i64> {
        number_attribute(self.txn, e, name)
    }
}

/// An element's attribute that holds a string.
pub(crate) fn string_attribute<T: ReadTxn>(
    txn: &T,
    e: &XmlElementRef,
    name: &str,
) -> Option<String> {
    match e.get_attribute(txn, name)? {
        Out::Any(Any::String(s)) => Some(s.to_string()),
        _ => None,
    }
}

/// An element's whole-number attribute, written as a number or as a string of digits.
pub(crate) fn number_attribute<T: ReadTxn>(txn: &T, e: &XmlElementRef, name: &str) -> Option<i64> {
    match e.get_attribute(txn, name)? {
        Out::Any(Any::Number(Number::Int(n))) => Some(n),
        Out::Any(Any::Number(Number::Float(f))) if f.fract() == 0.0 && f.abs() < 1e15 => {
            Some(f as i64)
        }
        Out::Any(Any::String(s)) => s.trim().parse().ok(),
        _ => None,
    }
}

/// A code block's language as TipTap writes it into `class="language-…"`.
fn code_language(language: &str) -> bool {
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '#' | '.' | '-');
    (1..=32).contains(&language.len()) && language.chars().all(ok)
}

#[cfg(test)]
mod tests;
