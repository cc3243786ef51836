//! Raw items into the model's blocks: a paragraph split where a picture or a page break stands,
//! scene-break glyph lines as scene breaks, list paragraphs nested into lists by level, quotation
//! paragraphs grouped into block quotes, tables cell by cell.

use crate::model::{Align, Block, Inline, Paragraph};

use super::body::{Item, Part, RawPara};
use super::numbering::Numbering;

/// Glyphs a scene-break line is made of (with spaces between them).
const SCENE_GLYPHS: &[char] = &[
    '*', '#', '~', '§', '⁂', '•', '·', '∗', '✱', '✲', '✳', '✻', '✼', '❖', '◆', '◇', '♦', '○', '●',
    '⁎', '※', '†', '-', '–', '—', '=', '_', '+', '❧', '☙', '⸙', '❦', '♠', '♣', '♥',
];

/// Blocks of a body's (or a cell's) items; `headings` is false inside table cells, where a
/// heading paragraph stays a paragraph.
pub(super) fn blocks(items: Vec<Item>, numbering: &Numbering, headings: bool) -> Vec<Block> {
    let mut out = Vec::new();
    let mut iter = items.into_iter().peekable();
    while let Some(item) = iter.next() {
        match item {
            Item::PageBreak => out.push(Block::PageBreak),
            Item::Table(rows) => {
                let rows = rows
                    .into_iter()
                    .map(|row| {
                        row.into_iter()
                            .map(|cell| blocks(cell, numbering, false))
                            .collect()
                    })
                    .collect();
                out.push(Block::Table { rows });
            }
            Item::Para(para) if para.list.is_some() => {
                let mut group = vec![para];
                while let Some(Item::Para(next)) = iter.peek() {
                    if next.list.is_none() {
                        break;
                    }
                    if let Some(Item::Para(next)) = iter.next() {
                        group.push(next);
                    }
                }
                out.extend(lists(group, numbering));
            }
            Item::Para(para) if para.quote => {
                let mut inner = para_blocks(para, headings);
                while let Some(Item::Para(next)) = iter.peek() {
                    if !next.quote || next.list.is_some() {
                        break;
                    }
                    if let Some(Item::Para(next)) = iter.next() {
                        inner.extend(para_blocks(next, headings));
                    }
                }
                if !inner.is_empty() {
                    out.push(Block::BlockQuote { blocks: inner });
                }
            }
            Item::Para(para) => out.extend(para_blocks(para, headings)),
        }
    }
    out
}

/// One paragraph's blocks: split at pictures and page breaks, blank pieces dropped.
pub(super) fn para_blocks(para: RawPara, headings: bool) -> Vec<Block> {
    let level = if headings { para.heading } else { None };
    let align = para.align;
    let mut out = Vec::new();
    let mut piece: Vec<Inline> = Vec::new();
    for part in para.parts {
        match part {
            Part::Inline(inline) => piece.push(inline),
            Part::Image { image, alt } => {
                flush(&mut piece, align, level, &mut out);
                out.push(Block::Image { image, alt });
            }
            Part::PageBreak => {
                flush(&mut piece, align, level, &mut out);
                out.push(Block::PageBreak);
            }
            Part::Boundary => flush(&mut piece, align, level, &mut out),
        }
    }
    flush(&mut piece, align, level, &mut out);
    out
}

fn flush(piece: &mut Vec<Inline>, align: Align, level: Option<u8>, out: &mut Vec<Block>) {
    let mut inlines = std::mem::take(piece);
    while matches!(inlines.last(), Some(Inline::HardBreak)) {
        inlines.pop();
    }
    let leading = inlines
        .iter()
        .take_while(|i| matches!(i, Inline::HardBreak))
        .count();
    inlines.drain(..leading);
    let visible = inlines.iter().any(|inline| match inline {
        Inline::Text { text, .. } => !text.trim().is_empty(),
        Inline::FootnoteRef { .. } => true,
        Inline::HardBreak => false,
    });
    if !visible {
        return;
    }
    let paragraph = Paragraph { align, inlines };
    if level.is_none() && is_scene_break(&paragraph) {
        out.push(Block::SceneBreak);
        return;
    }
    out.push(match level {
        Some(level) => Block::Heading {
            level: level.clamp(1, 5),
            paragraph,
        },
        None => Block::Paragraph(paragraph),
    });
}

/// `***`, `* * *`, `#`, `~`, `§`, `⁂`, `•••` …, or a short centred line of glyphs only.
pub(super) fn is_scene_break(paragraph: &Paragraph) -> bool {
    if paragraph
        .inlines
        .iter()
        .any(|i| matches!(i, Inline::FootnoteRef { .. }))
    {
        return false;
    }
    let text = paragraph.text();
    let glyphs: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
    if glyphs.is_empty() || glyphs.iter().any(|c| c.is_alphanumeric()) {
        return false;
    }
    let known = glyphs.len() <= 12 && glyphs.iter().all(|c| SCENE_GLYPHS.contains(c));
    let centred = paragraph.align == Align::Center && glyphs.len() <= 5;
    known || centred
}

struct OpenList {
    /// How deep it nests: the indent when every paragraph of the run of lists has one,
    /// else `w:ilvl`.
    level: i64,
    num_id: String,
    ordered: bool,
    start: u32,
    items: Vec<Vec<Block>>,
}

impl OpenList {
    fn into_block(self) -> Block {
        Block::List {
            ordered: self.ordered,
            start: self.start,
            items: self.items,
        }
    }
}

/// Consecutive list paragraphs as lists, nested by indentation (Word's "List Bullet 2"
/// styles, LibreOffice's lists: one list per level, each at its own indent) or else by
/// `w:ilvl`; a new list starts where the outermost level changes to another `w:numId`.
fn lists(paras: Vec<RawPara>, numbering: &Numbering) -> Vec<Block> {
    let mut out = Vec::new();
    let mut stack: Vec<OpenList> = Vec::new();
    let by_indent = paras.iter().all(|p| p.list_indent.is_some());
    for para in paras {
        let Some((num_id, ilvl)) = para.list.clone() else {
            continue;
        };
        // The indent decides; `w:ilvl` breaks ties (levels defined at one indent).
        let level = match para.list_indent {
            Some(indent) if by_indent => indent.saturating_mul(16).saturating_add(i64::from(ilvl)),
            _ => i64::from(ilvl),
        };
        let content = para_blocks(para, false);
        if content.is_empty() {
            continue;
        }
        while stack.last().is_some_and(|top| top.level > level) {
            if let Some(done) = stack.pop() {
                attach(&mut stack, &mut out, done);
            }
        }
        if stack.len() == 1
            && stack
                .last()
                .is_some_and(|top| top.level == level && top.num_id != num_id)
            && let Some(done) = stack.pop()
        {
            out.push(done.into_block());
        }
        if stack.last().is_none_or(|top| top.level < level) {
            let definition = numbering.level(&num_id, ilvl).unwrap_or_default();
            stack.push(OpenList {
                level,
                num_id,
                ordered: definition.ordered,
                start: definition.start,
                items: Vec::new(),
            });
        }
        if let Some(top) = stack.last_mut() {
            top.items.push(content);
        }
    }
    while let Some(done) = stack.pop() {
        attach(&mut stack, &mut out, done);
    }
    out
}

fn attach(stack: &mut [OpenList], out: &mut Vec<Block>, done: OpenList) {
    let block = done.into_block();
    match stack.last_mut() {
        Some(parent) => match parent.items.last_mut() {
            Some(item) => item.push(block),
            None => parent.items.push(vec![block]),
        },
        None => out.push(block),
    }
}
