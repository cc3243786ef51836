//! The ledger's two counts. `found` is counted from the XML by a pass of its own, independent
//! of the model building: the words (`count_words`) and paragraphs of the body's text — a
//! "paragraph" is text between paragraph marks, hard page breaks and pictures that holds at
//! least one word — including text deleted by tracked changes (the import accepts the changes,
//! so `created` has fewer words and the `tracked_changes_accepted` warning says why), text
//! boxes and equations, excluding footnote and comment text; the footnote and endnote
//! references; the comments (replies included) of comments.xml; the pictures. `created` is
//! counted from the model the same way, chapter and manuscript titles included.

use std::collections::HashSet;

use quire_core::manuscript::count_words;

use crate::ledger::Tally;
use crate::model::{Block, Manuscript};

use super::body::sym_char;
use super::error::ImportError;
use super::xml::{self, Ev, Xml};

/// What document.xml holds (its `comments` are [`comments_found`]'s).
pub(super) fn found(document: &[u8]) -> Result<Tally, ImportError> {
    let mut tally = Tally::default();
    let mut segments: Vec<String> = Vec::new();
    let mut in_text = false;
    let mut xml = Xml::new(document);
    let flush = |segment: &mut String, tally: &mut Tally| {
        let words = count_words(segment) as u64;
        tally.words += words;
        tally.paragraphs += u64::from(words > 0);
        segment.clear();
    };
    loop {
        let event = xml.next()?;
        let (e, start) = match event {
            Ev::Eof => break,
            Ev::Text(text) => {
                if in_text && let Some(segment) = segments.last_mut() {
                    segment.push_str(&text);
                }
                continue;
            }
            Ev::End(name) => {
                match name.as_str() {
                    "w:p" => {
                        if let Some(mut segment) = segments.pop() {
                            flush(&mut segment, &mut tally);
                        }
                    }
                    "w:t" | "w:delText" | "m:t" => in_text = false,
                    _ => {}
                }
                continue;
            }
            Ev::Start(e) => (e, true),
            Ev::Empty(e) => (e, false),
        };
        let name = xml::name(&e);
        match name {
            "w:p" if start => segments.push(String::new()),
            "w:t" | "w:delText" | "m:t" if start => in_text = true,
            "mc:Fallback" | "w:moveFrom" | "w:object" | "w:rt" | "w:sdtPr" | "w:pPr" | "w:rPr"
            | "w:instrText" | "w:tblPr" | "w:sectPr"
                if start =>
            {
                xml.skip()?;
            }
            "a:graphicData" if start => {
                let uri = xml::attr(&e, "uri").unwrap_or_default();
                if uri.contains("chart") || uri.contains("diagram") {
                    xml.skip()?;
                }
            }
            "a:blip" | "v:imagedata" => {
                let rid = xml::attr(&e, "r:embed")
                    .or_else(|| xml::attr(&e, "r:link"))
                    .or_else(|| xml::attr(&e, "r:id"));
                if rid.is_some() {
                    tally.images += 1;
                    if let Some(segment) = segments.last_mut() {
                        flush(segment, &mut tally);
                    }
                }
            }
            "w:footnoteReference" | "w:endnoteReference" => tally.footnotes += 1,
            _ => {
                let Some(segment) = segments.last_mut() else {
                    continue;
                };
                match name {
                    "w:tab" | "w:ptab" => segment.push(' '),
                    "w:br" => match xml::attr(&e, "w:type").as_deref() {
                        Some("page") => flush(segment, &mut tally),
                        Some("column") => segment.push(' '),
                        _ => segment.push('\n'),
                    },
                    "w:cr" => segment.push('\n'),
                    "w:noBreakHyphen" => segment.push('\u{2011}'),
                    "w:sym" => {
                        if let Some(c) = sym_char(&e) {
                            segment.push(c);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(tally)
}

/// The comments (replies included) comments.xml holds.
pub(super) fn comments_found(comments: &[u8]) -> Result<u64, ImportError> {
    let mut count = 0;
    let mut xml = Xml::new(comments);
    loop {
        match xml.next()? {
            Ev::Start(e) | Ev::Empty(e) if xml::name(&e) == "w:comment" => count += 1,
            Ev::Eof => return Ok(count),
            _ => {}
        }
    }
}

/// What the import creates.
pub fn created(manuscript: &Manuscript) -> Tally {
    let mut tally = Tally::default();
    let mut threads = HashSet::new();
    title(&manuscript.title, &mut tally);
    for section in manuscript.sections() {
        title(&section.title, &mut tally);
        count_blocks(&section.body.blocks, &mut tally);
        tally.footnotes += section.body.footnotes.len() as u64;
        for thread in &section.body.comments {
            if threads.insert(thread.id.clone()) {
                tally.comments += 1 + thread.replies.len() as u64;
            }
        }
    }
    tally
}

fn title(text: &str, tally: &mut Tally) {
    let words = count_words(text) as u64;
    tally.words += words;
    tally.paragraphs += u64::from(words > 0);
}

fn count_blocks(blocks: &[Block], tally: &mut Tally) {
    for block in blocks {
        match block {
            Block::Paragraph(paragraph) | Block::Heading { paragraph, .. } => {
                title(&paragraph.text(), tally);
            }
            Block::BlockQuote { blocks } => count_blocks(blocks, tally),
            Block::List { items, .. } => {
                for item in items {
                    count_blocks(item, tally);
                }
            }
            Block::Table { rows } => {
                for cell in rows.iter().flatten() {
                    count_blocks(cell, tally);
                }
            }
            Block::Image { .. } => tally.images += 1,
            Block::PageBreak | Block::SceneBreak => {}
        }
    }
}
