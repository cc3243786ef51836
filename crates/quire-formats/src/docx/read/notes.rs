//! footnotes.xml, endnotes.xml, comments.xml and commentsExtended.xml: note bodies and comment
//! threads as plain text (the editor keeps both as plain text), replies and resolution from
//! Word's extended comments.

use std::collections::HashMap;

use crate::model::{CommentReply, CommentThread};

use super::error::ImportError;
use super::xml::{self, Ev, Xml};

/// One note or comment as read: its id, attributes and plain text.
#[derive(Debug, Clone, Default)]
struct Entry {
    id: String,
    author: String,
    date: String,
    text: String,
    /// `w14:paraId` of its last paragraph (what commentsExtended.xml points at).
    last_para: Option<String>,
}

/// The most notes or comments read from one part; the rest are ignored (the ledger's count of
/// what the file holds shows the difference), so memory stays bounded.
const MAX_ENTRIES: usize = 100_000;

/// Reads the `w:footnote`/`w:endnote`/`w:comment` elements of a part.
fn entries(bytes: &[u8], element: &str) -> Result<Vec<Entry>, ImportError> {
    let mut xml = Xml::new(bytes);
    let mut out = Vec::new();
    let mut current: Option<Entry> = None;
    let mut paragraphs: Vec<String> = Vec::new();
    let mut in_text = false;
    loop {
        match xml.next()? {
            Ev::Eof => break,
            Ev::Start(e) => match xml::name(&e) {
                name if name == element => {
                    let kind = xml::attr(&e, "w:type").unwrap_or_default();
                    if matches!(
                        kind.as_str(),
                        "separator" | "continuationSeparator" | "continuationNotice"
                    ) {
                        xml.skip()?;
                        continue;
                    }
                    paragraphs.clear();
                    current = Some(Entry {
                        id: xml::attr(&e, "w:id").unwrap_or_default(),
                        author: xml::attr(&e, "w:author").unwrap_or_default(),
                        date: xml::attr(&e, "w:date").unwrap_or_default(),
                        ..Entry::default()
                    });
                }
                "w:p" => {
                    paragraphs.push(String::new());
                    if let Some(entry) = current.as_mut() {
                        entry.last_para = xml::attr(&e, "w14:paraId").or(entry.last_para.take());
                    }
                }
                "w:t" => in_text = true,
                "w:del" | "w:moveFrom" | "mc:Fallback" | "w:instrText" | "w:pPr" | "w:rPr" => {
                    xml.skip()?;
                }
                _ => {}
            },
            Ev::Empty(e) => {
                if let Some(text) = paragraphs.last_mut() {
                    match xml::name(&e) {
                        "w:tab" => text.push(' '),
                        "w:br" | "w:cr" => text.push('\n'),
                        "w:noBreakHyphen" => text.push('\u{2011}'),
                        _ => {}
                    }
                }
                if xml::name(&e) == "w:p" {
                    paragraphs.push(String::new());
                }
            }
            Ev::Text(t) => {
                if in_text && let Some(text) = paragraphs.last_mut() {
                    text.push_str(&t);
                }
            }
            Ev::End(name) => {
                if name == "w:t" {
                    in_text = false;
                } else if name == element
                    && let Some(mut entry) = current.take()
                {
                    let joined: Vec<&str> = paragraphs.iter().map(|p| p.trim()).collect();
                    entry.text = joined.join("\n").trim().to_owned();
                    if out.len() < MAX_ENTRIES {
                        out.push(entry);
                    }
                }
            }
        }
    }
    Ok(out)
}

/// Footnote or endnote bodies by their `w:id`.
pub(super) fn notes(bytes: &[u8], element: &str) -> Result<HashMap<String, String>, ImportError> {
    Ok(entries(bytes, element)?
        .into_iter()
        .map(|entry| (entry.id, entry.text))
        .collect())
}

/// The comment threads of a document.
#[derive(Debug, Default)]
pub(super) struct Comments {
    /// Thread id (`c-<w:id>` of the root comment) → thread, replies included.
    pub threads: HashMap<String, CommentThread>,
    /// Thread ids in the order of comments.xml.
    pub order: Vec<String>,
    /// A comment's `w:id` → the id of the thread it belongs to.
    pub thread_of: HashMap<String, String>,
}

impl Comments {
    /// comments.xml, with commentsExtended.xml when there is one.
    pub fn parse(comments: &[u8], extended: Option<&[u8]>) -> Result<Comments, ImportError> {
        let list = entries(comments, "w:comment")?;
        let mut parent_of: HashMap<String, String> = HashMap::new();
        let mut done: HashMap<String, bool> = HashMap::new();
        if let Some(extended) = extended {
            let mut xml = Xml::new(extended);
            loop {
                match xml.next() {
                    Ok(Ev::Start(e) | Ev::Empty(e)) if xml::name(&e) == "w15:commentEx" => {
                        let Some(para) = xml::attr(&e, "w15:paraId") else {
                            continue;
                        };
                        if let Some(parent) = xml::attr(&e, "w15:paraIdParent") {
                            parent_of.insert(para.clone(), parent);
                        }
                        let resolved = xml::attr(&e, "w15:done").is_some_and(|d| d == "1");
                        done.insert(para, resolved);
                    }
                    Ok(Ev::Eof) | Err(_) => break,
                    Ok(_) => {}
                }
            }
        }
        let by_para: HashMap<&str, &str> = list
            .iter()
            .filter_map(|c| c.last_para.as_deref().map(|p| (p, c.id.as_str())))
            .collect();
        // The root comment of each comment, following parents (at most 32 steps).
        let root_of = |entry: &Entry| -> String {
            let mut id = entry.id.clone();
            let mut para = entry.last_para.clone();
            for _ in 0..32 {
                let Some(parent) = para.as_ref().and_then(|p| parent_of.get(p)) else {
                    break;
                };
                let Some(parent_id) = by_para.get(parent.as_str()) else {
                    break;
                };
                id = (*parent_id).to_owned();
                para = Some(parent.clone());
            }
            id
        };
        let mut out = Comments::default();
        for entry in &list {
            let root = root_of(entry);
            let thread_id = thread_id(&root);
            out.thread_of.insert(entry.id.clone(), thread_id.clone());
            let resolved = entry
                .last_para
                .as_ref()
                .and_then(|p| done.get(p))
                .copied()
                .unwrap_or(false);
            if root == entry.id {
                out.order.push(thread_id.clone());
                let thread = out.threads.entry(thread_id.clone()).or_default();
                thread.id = thread_id;
                thread.author_name = entry.author.clone();
                thread.created_at = rfc3339(&entry.date);
                thread.body = entry.text.clone();
                thread.resolved = resolved;
            } else {
                out.threads
                    .entry(thread_id)
                    .or_default()
                    .replies
                    .push(CommentReply {
                        author_name: entry.author.clone(),
                        created_at: rfc3339(&entry.date),
                        body: entry.text.clone(),
                    });
            }
        }
        Ok(out)
    }
}

/// The thread id for a comment's `w:id`: `c-` and the id's safe characters.
pub(super) fn thread_id(id: &str) -> String {
    let safe: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(60)
        .collect();
    format!("c-{safe}")
}

/// A footnote's id (`fn-3`, `en-3`) from its kind and `w:id`.
pub(super) fn note_id(prefix: &str, id: &str) -> String {
    let safe: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .take(60)
        .collect();
    format!("{prefix}-{safe}")
}

/// Word's `w:date` (`2024-05-01T10:00:00Z`, sometimes without a zone) as RFC 3339, or empty.
fn rfc3339(date: &str) -> String {
    let date = date.trim();
    let bytes = date.as_bytes();
    let shaped = bytes.len() >= 19
        && bytes.iter().take(4).all(u8::is_ascii_digit)
        && bytes.get(4) == Some(&b'-')
        && bytes.get(10) == Some(&b'T');
    if !shaped {
        return String::new();
    }
    let zoned = date.ends_with('Z')
        || date
            .get(19..)
            .is_some_and(|rest| rest.contains('+') || rest.contains('-'));
    if zoned {
        date.to_owned()
    } else {
        format!("{date}Z")
    }
}
