//! The import's preview and plan: the sections a file was read into (chapters and subchapters
//! in reading order, with their counts and block openings), and the writer's edits of that list
//! before anything is written — rename, merge with the previous section, split before a block,
//! exclude — applied to the manuscript the import then creates.

use std::collections::HashSet;

use quire_core::manuscript::count_words;
use serde::{Deserialize, Serialize};

use crate::model::{Block, Body, Chapter, Inline, Manuscript};

/// How many characters of a block the preview shows.
pub const BLOCK_OPENING_CHARS: usize = 80;

/// Whether a section is a chapter or a subchapter of the chapter before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Chapter,
    Subchapter,
}

/// One section of the preview.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionPreview {
    pub index: usize,
    pub level: Level,
    pub title: String,
    pub words: u64,
    pub paragraphs: u64,
    pub footnotes: u64,
    pub comments: u64,
    pub images: u64,
    /// Every top-level block, for choosing where to split.
    pub blocks: Vec<BlockPreview>,
}

/// A top-level block's index and opening words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockPreview {
    pub index: usize,
    /// The block's text cut to [`BLOCK_OPENING_CHARS`] characters (empty for an image or a
    /// break).
    pub text: String,
}

/// The writer's edits of the preview's sections.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    #[serde(default)]
    pub h2_as_subchapters: bool,
    #[serde(default)]
    pub title: String,
    /// Append the sections to this manuscript instead of creating one.
    #[serde(default)]
    pub manuscript_id: Option<String>,
    /// The folder a new manuscript goes into.
    #[serde(default)]
    pub folder_id: Option<String>,
    /// Every preview section once, in preview order.
    pub sections: Vec<SectionPlan>,
}

/// What becomes of one preview section.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectionPlan {
    pub index: usize,
    pub title: String,
    #[serde(default = "yes")]
    pub include: bool,
    /// Its blocks go to the end of the previous included section (its title is dropped).
    #[serde(default)]
    pub merge_with_previous: bool,
    /// Cut before these blocks (ascending, each strictly inside the section) into new sections
    /// of the same level.
    #[serde(default)]
    pub split_at: Vec<Split>,
}

fn yes() -> bool {
    true
}

/// A cut of a section before block `block`, the new section titled `title`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Split {
    pub block: usize,
    pub title: String,
}

/// Why a plan does not fit its preview.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    #[error("the plan lists {listed} sections where the file has {found}")]
    SectionCount { listed: usize, found: usize },
    #[error("section {0} is out of order or listed twice")]
    SectionOrder(usize),
    #[error("a split of section {0} is not strictly inside it or not ascending")]
    Split(usize),
    #[error("the plan includes no section")]
    Empty,
}

/// The manuscript's sections in reading order, each without its subchapters.
fn sections(m: &Manuscript) -> Vec<(Level, &Chapter)> {
    let mut out = Vec::new();
    for chapter in &m.chapters {
        out.push((Level::Chapter, chapter));
        out.extend(chapter.subchapters.iter().map(|s| (Level::Subchapter, s)));
    }
    out
}

/// The preview of `m`'s sections.
pub fn preview(m: &Manuscript) -> Vec<SectionPreview> {
    sections(m)
        .into_iter()
        .enumerate()
        .map(|(index, (level, chapter))| {
            let body = &chapter.body;
            SectionPreview {
                index,
                level,
                title: chapter.title.clone(),
                words: count_words(&body.text()) as u64,
                paragraphs: body.blocks.iter().map(Block::paragraph_count).sum(),
                footnotes: body.footnotes.len() as u64,
                comments: body.comments.len() as u64,
                images: body.blocks.iter().map(Block::image_count).sum(),
                blocks: body
                    .blocks
                    .iter()
                    .enumerate()
                    .map(|(index, block)| BlockPreview {
                        index,
                        text: opening(&block.text()),
                    })
                    .collect(),
            }
        })
        .collect()
}

fn opening(text: &str) -> String {
    let flat = text.replace('\n', " ");
    let trimmed = flat.trim();
    match trimmed.char_indices().nth(BLOCK_OPENING_CHARS) {
        Some((at, _)) => format!("{}…", trimmed[..at].trim_end()),
        None => trimmed.to_owned(),
    }
}

/// `m` as the plan edits it: sections renamed, split, merged and excluded; subchapters under
/// the chapter before them (a subchapter with no chapter before it becomes a chapter). Images
/// keep their indices. `m.title` becomes the plan's title when it gives one.
pub fn apply(m: Manuscript, plan: &Plan) -> Result<Manuscript, PlanError> {
    let found = sections(&m).len();
    if plan.sections.len() != found {
        return Err(PlanError::SectionCount {
            listed: plan.sections.len(),
            found,
        });
    }
    for (position, section) in plan.sections.iter().enumerate() {
        if section.index != position {
            return Err(PlanError::SectionOrder(section.index));
        }
    }
    let Manuscript {
        title,
        author,
        chapters,
        images,
    } = m;
    let flat = chapters.into_iter().flat_map(|mut chapter| {
        let subchapters = std::mem::take(&mut chapter.subchapters);
        std::iter::once((Level::Chapter, chapter))
            .chain(subchapters.into_iter().map(|s| (Level::Subchapter, s)))
    });
    let mut pieces: Vec<(Level, Chapter)> = Vec::new();
    for ((level, chapter), section) in flat.zip(&plan.sections) {
        let parts =
            split(chapter.body, &section.split_at).ok_or(PlanError::Split(section.index))?;
        if !section.include {
            continue;
        }
        let mut titles = std::iter::once(section.title.clone())
            .chain(section.split_at.iter().map(|s| s.title.clone()));
        for (n, body) in parts.into_iter().enumerate() {
            let title = titles.next().unwrap_or_default();
            match pieces.last_mut() {
                Some((_, previous)) if n == 0 && section.merge_with_previous => {
                    append(&mut previous.body, body);
                }
                _ => pieces.push((
                    level,
                    Chapter {
                        title,
                        body,
                        subchapters: Vec::new(),
                    },
                )),
            }
        }
    }
    if pieces.is_empty() {
        return Err(PlanError::Empty);
    }
    let mut tree: Vec<Chapter> = Vec::new();
    for (level, piece) in pieces {
        match (level, tree.last_mut()) {
            (Level::Subchapter, Some(parent)) => parent.subchapters.push(piece),
            _ => tree.push(piece),
        }
    }
    Ok(Manuscript {
        title: if plan.title.trim().is_empty() {
            title
        } else {
            plan.title.trim().to_owned()
        },
        author,
        chapters: tree,
        images,
    })
}

/// `body` cut before each split's block; each part keeps the footnotes and comment threads its
/// blocks refer to. `None` when a split is not strictly inside the body or not ascending.
fn split(body: Body, splits: &[Split]) -> Option<Vec<Body>> {
    let mut previous = 0;
    for s in splits {
        if s.block <= previous || s.block >= body.blocks.len() {
            return None;
        }
        previous = s.block;
    }
    if splits.is_empty() {
        return Some(vec![body]);
    }
    let Body {
        mut blocks,
        footnotes,
        comments,
    } = body;
    let mut parts = Vec::with_capacity(splits.len() + 1);
    for s in splits.iter().rev() {
        parts.push(blocks.split_off(s.block));
    }
    parts.push(blocks);
    parts.reverse();
    Some(
        parts
            .into_iter()
            .map(|blocks| {
                let (kept_notes, kept_threads) = {
                    let (notes, threads) = references(&blocks);
                    let kept_notes: Vec<_> = footnotes
                        .iter()
                        .filter(|f| notes.contains(f.id.as_str()))
                        .cloned()
                        .collect();
                    let kept_threads: Vec<_> = comments
                        .iter()
                        .filter(|c| threads.contains(c.id.as_str()))
                        .cloned()
                        .collect();
                    (kept_notes, kept_threads)
                };
                Body {
                    blocks,
                    footnotes: kept_notes,
                    comments: kept_threads,
                }
            })
            .collect(),
    )
}

/// The footnote ids and comment thread ids `blocks` refer to.
fn references(blocks: &[Block]) -> (HashSet<&str>, HashSet<&str>) {
    let mut notes = HashSet::new();
    let mut threads = HashSet::new();
    for block in blocks {
        block.for_each_paragraph(&mut |p| {
            for inline in &p.inlines {
                match inline {
                    Inline::FootnoteRef { id } => {
                        notes.insert(id.as_str());
                    }
                    Inline::Text { marks, .. } => {
                        threads.extend(marks.comments.iter().map(String::as_str));
                    }
                    Inline::HardBreak => {}
                }
            }
        });
    }
    (notes, threads)
}

fn append(to: &mut Body, from: Body) {
    to.blocks.extend(from.blocks);
    let notes: HashSet<String> = to.footnotes.iter().map(|f| f.id.clone()).collect();
    to.footnotes.extend(
        from.footnotes
            .into_iter()
            .filter(|f| !notes.contains(&f.id)),
    );
    let threads: HashSet<String> = to.comments.iter().map(|c| c.id.clone()).collect();
    to.comments.extend(
        from.comments
            .into_iter()
            .filter(|c| !threads.contains(&c.id)),
    );
}

#[cfg(test)]
mod tests;
