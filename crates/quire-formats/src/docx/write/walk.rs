//! Counts taken over the manuscript before its text is written: the footnote references (the
//! comment ids follow them) and each comment thread's runs (its range ends after the last).

use std::collections::HashMap;

use crate::model::{Block, Inline, Manuscript};

/// How many footnote references the manuscript holds (an upper bound of its footnotes).
pub(crate) fn footnote_refs(m: &Manuscript) -> usize {
    fn blocks(bs: &[Block]) -> usize {
        bs.iter()
            .map(|b| match b {
                Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => p
                    .inlines
                    .iter()
                    .filter(|i| matches!(i, Inline::FootnoteRef { .. }))
                    .count(),
                Block::BlockQuote { blocks: inner } => blocks(inner),
                Block::List { items, .. } => items.iter().map(|i| blocks(i)).sum(),
                Block::Table { rows } => rows.iter().flatten().map(|c| blocks(c)).sum(),
                Block::PageBreak | Block::SceneBreak | Block::Image { .. } => 0,
            })
            .sum()
    }
    m.sections().map(|c| blocks(&c.body.blocks)).sum()
}

pub(crate) fn unique(ids: &[String]) -> impl Iterator<Item = &String> {
    ids.iter()
        .enumerate()
        .filter(|(i, id)| !ids[..*i].contains(id))
        .map(|(_, id)| id)
}

/// Counts, per thread, the text runs the writer will put in its range, in the order it writes
/// them.
pub(crate) fn count_comment_runs(blocks: &[Block], left: &mut HashMap<String, usize>) {
    for block in blocks {
        match block {
            Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
                for inline in &p.inlines {
                    if let Inline::Text { marks, .. } = inline {
                        for id in unique(&marks.comments) {
                            if let Some(n) = left.get_mut(id) {
                                *n += 1;
                            }
                        }
                    }
                }
            }
            Block::BlockQuote { blocks } => count_comment_runs(blocks, left),
            Block::List { items, .. } => {
                for item in items {
                    count_comment_runs(item, left);
                }
            }
            Block::Table { rows } => {
                for cell in rows.iter().flatten() {
                    count_comment_runs(cell, left);
                }
            }
            Block::PageBreak | Block::SceneBreak | Block::Image { .. } => {}
        }
    }
}
