//! The plain-text writer: the title, chapter and subchapter titles, paragraphs separated by a
//! blank line, scene breaks as `* * *`, and each chapter's footnotes at its end as `[1] text`
//! (the reference in the text as `[1]`). Comments, marks and links' targets are left out.

use std::collections::HashMap;

use crate::escape::clean;
use crate::model::{Block, Body, Chapter, Inline, Manuscript, Paragraph};
use crate::options::ExportOptions;

/// Writes `m` as plain text.
pub fn write(m: &Manuscript, options: &ExportOptions) -> String {
    let mut chunks: Vec<String> = Vec::new();
    if !m.title.trim().is_empty() {
        chunks.push(one_line(&m.title));
    }
    if !m.author.trim().is_empty() {
        chunks.push(one_line(&m.author));
    }
    for chapter in &m.chapters {
        let mut notes = Notes::new(options.footnotes);
        write_chapter(chapter, options, true, &mut notes, &mut chunks);
        if options.footnotes {
            chunks.extend(
                notes
                    .texts
                    .iter()
                    .enumerate()
                    .map(|(i, text)| format!("[{}] {}", i + 1, clean(text))),
            );
        }
    }
    let mut out = chunks.join("\n\n");
    out.push('\n');
    out
}

fn write_chapter(
    chapter: &Chapter,
    options: &ExportOptions,
    top: bool,
    notes: &mut Notes,
    chunks: &mut Vec<String>,
) {
    let show = if top {
        options.chapter_titles
    } else {
        options.subchapter_titles
    };
    if show && !chapter.title.trim().is_empty() {
        chunks.push(one_line(&chapter.title));
    } else if !top {
        chunks.push("* * *".to_owned());
    }
    notes.start_body(&chapter.body);
    for block in &chapter.body.blocks {
        block_chunks(block, notes, chunks);
    }
    notes.end_body(&chapter.body);
    for sub in &chapter.subchapters {
        write_chapter(sub, options, false, notes, chunks);
    }
}

fn block_chunks(block: &Block, notes: &mut Notes, out: &mut Vec<String>) {
    match block {
        Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
            let text = paragraph(p, notes);
            if !text.trim().is_empty() {
                out.push(text);
            }
        }
        Block::BlockQuote { blocks } => {
            let mut inner = Vec::new();
            for b in blocks {
                block_chunks(b, notes, &mut inner);
            }
            out.extend(inner.iter().map(|c| indent(c, "    ", "    ")));
        }
        Block::List {
            ordered,
            start,
            items,
        } => {
            let mut lines = Vec::new();
            for (i, item) in items.iter().enumerate() {
                let marker = if *ordered {
                    format!("{}. ", u64::from(*start) + i as u64)
                } else {
                    "- ".to_owned()
                };
                let mut inner = Vec::new();
                for b in item {
                    block_chunks(b, notes, &mut inner);
                }
                let body = inner.join("\n");
                lines.push(indent(&body, &marker, &" ".repeat(marker.len())));
            }
            out.push(lines.join("\n"));
        }
        Block::Table { rows } => {
            let lines: Vec<String> = rows
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|cell| {
                            let mut inner = Vec::new();
                            for b in cell {
                                block_chunks(b, notes, &mut inner);
                            }
                            inner.join(" ").replace('\n', " ")
                        })
                        .collect::<Vec<_>>()
                        .join(" | ")
                })
                .collect();
            out.push(lines.join("\n"));
        }
        Block::Image { alt, .. } => {
            if !alt.trim().is_empty() {
                out.push(format!("[{}]", one_line(alt)));
            }
        }
        Block::SceneBreak => out.push("* * *".to_owned()),
        Block::PageBreak => {}
    }
}

fn paragraph(p: &Paragraph, notes: &mut Notes) -> String {
    let mut out = String::new();
    for inline in &p.inlines {
        match inline {
            Inline::Text { text, .. } => out.push_str(&clean(text).replace('\r', "")),
            Inline::HardBreak => out.push('\n'),
            Inline::FootnoteRef { id } => {
                if let Some(n) = notes.reference(id) {
                    out.push_str(&format!("[{n}]"));
                }
            }
        }
    }
    out
}

/// `text` with `first` before its first line and `rest` before the others.
fn indent(text: &str, first: &str, rest: &str) -> String {
    text.lines()
        .enumerate()
        .map(|(i, line)| format!("{}{line}", if i == 0 { first } else { rest }))
        .collect::<Vec<_>>()
        .join("\n")
}

fn one_line(text: &str) -> String {
    clean(text).replace(['\n', '\r'], " ").trim().to_owned()
}

/// Footnotes numbered in the order they are first referenced; those of a body nothing refers
/// to follow its referenced ones, so no note is lost.
pub(crate) struct Notes {
    enabled: bool,
    body: HashMap<String, (String, Option<usize>)>,
    pub texts: Vec<String>,
}

impl Notes {
    /// Notes of an export; when `enabled` is false (footnotes left out) none is numbered.
    pub(crate) fn new(enabled: bool) -> Self {
        Notes {
            enabled,
            body: HashMap::new(),
            texts: Vec::new(),
        }
    }

    pub(crate) fn start_body(&mut self, body: &Body) {
        self.body = body
            .footnotes
            .iter()
            .map(|f| (f.id.clone(), (f.text.clone(), None)))
            .collect();
    }

    /// The number of the footnote `id` of the current body, if it has one.
    pub(crate) fn reference(&mut self, id: &str) -> Option<usize> {
        if !self.enabled {
            return None;
        }
        let (text, number) = self.body.get_mut(id)?;
        Some(*number.get_or_insert_with(|| {
            self.texts.push(text.clone());
            self.texts.len()
        }))
    }

    /// Numbers the body's footnotes nothing referred to.
    pub(crate) fn end_body(&mut self, body: &Body) {
        for f in &body.footnotes {
            let _ = self.reference(&f.id);
        }
    }
}
