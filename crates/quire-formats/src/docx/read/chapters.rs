//! Chapter detection and assembly. In order: heading styles (the shallowest heading level
//! present starts chapters, the next one subchapters or stays a heading); else the font-size
//! mode (the largest size of short paragraphs standing alone, then the next); else "Chapter N",
//! "CHAPTER ONE", "Prologue" … lines; else hard page breaks. A Title-styled first paragraph is
//! the manuscript's title. Text before the first chapter becomes a first chapter with an empty
//! title: the library has no language, so the web app shows its own placeholder ("Untitled" in
//! the writer's language) and the writer renames it in the preview.

use std::collections::{HashMap, HashSet};

use quire_core::manuscript::count_words;

use crate::model::{Block, Body, Chapter, CommentThread, Footnote, Inline};
use crate::options::ImportOptions;

use super::blocks::blocks;
use super::body::{Item, Part, RawPara};
use super::numbering::Numbering;

/// What a top-level paragraph is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Chapter,
    Sub,
    /// A heading inside a chapter, at this editor level (2–5).
    Heading(u8),
    Body,
}

/// A chapter or subchapter being gathered.
#[derive(Debug, Default)]
struct Section {
    title: String,
    items: Vec<Item>,
    subs: Vec<Section>,
}

/// Where note bodies and comment threads come from.
#[derive(Debug)]
pub(super) struct Sources<'s> {
    pub numbering: &'s Numbering,
    /// `fn-3`/`en-3` → text.
    pub notes: &'s HashMap<String, String>,
    pub threads: &'s HashMap<String, CommentThread>,
    /// Thread ids in document order of comments.xml.
    pub thread_order: &'s [String],
}

/// The manuscript's title and chapters from the body's items.
pub(super) fn assemble(
    items: Vec<Item>,
    options: ImportOptions,
    sources: &Sources<'_>,
) -> (String, Vec<Chapter>) {
    let mut items = normalise(items);
    let mut title = String::new();
    let first = items.iter().position(|item| match item {
        Item::Para(para) => !para.text().trim().is_empty(),
        _ => true,
    });
    let mut title_para = None;
    if let Some(at) = first
        && matches!(items.get(at), Some(Item::Para(p)) if p.title && !p.in_text_box)
        && let Item::Para(para) = items.remove(at)
    {
        title = squeeze(&para.text());
        title_para = Some(para);
    }
    let roles = roles(&items, options);
    let mut sections = match roles {
        Some(roles) => by_roles(items, &roles, options),
        None => by_page_breaks(items),
    };
    if let (Some(para), Some(first)) = (title_para, sections.first_mut()) {
        // The title's footnotes and comments stay with the first chapter.
        first.items.insert(0, Item::Para(notes_only(para)));
    }
    let mut attached = HashSet::new();
    let mut chapters: Vec<Chapter> = sections
        .into_iter()
        .map(|section| chapter(section, sources, &mut attached))
        .collect();
    // Threads anchored nowhere still come in, on the first chapter.
    if let Some(first) = chapters.first_mut() {
        for id in sources.thread_order {
            if !attached.contains(id)
                && let Some(thread) = sources.threads.get(id)
            {
                first.body.comments.push(thread.clone());
            }
        }
    }
    (title, chapters)
}

/// Splits paragraphs at their page breaks, and turns `w:pageBreakBefore` into a page break
/// item, so both modes see page breaks between items.
fn normalise(items: Vec<Item>) -> Vec<Item> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let Item::Para(mut para) = item else {
            out.push(item);
            continue;
        };
        if para.page_break_before {
            out.push(Item::PageBreak);
        }
        if !para.parts.contains(&Part::PageBreak) {
            out.push(Item::Para(para));
            continue;
        }
        let parts = std::mem::take(&mut para.parts);
        // Every piece keeps the paragraph's properties; the first its references.
        let template = RawPara {
            notes: Vec::new(),
            comments: Vec::new(),
            ..para.clone()
        };
        let mut piece = para;
        for part in parts {
            if part == Part::PageBreak {
                let next = template.clone();
                out.push(Item::Para(std::mem::replace(&mut piece, next)));
                out.push(Item::PageBreak);
            } else {
                piece.parts.push(part);
            }
        }
        out.push(Item::Para(piece));
    }
    out
}

/// Each top-level paragraph's role, or `None` when only page breaks can divide the text.
fn roles(items: &[Item], options: ImportOptions) -> Option<Vec<Role>> {
    let paras = || {
        items.iter().filter_map(|item| match item {
            Item::Para(para) if !para.in_text_box && !para.text().trim().is_empty() => Some(para),
            _ => None,
        })
    };
    let sub = |options: ImportOptions| {
        if options.h2_as_subchapters {
            Role::Sub
        } else {
            Role::Heading(2)
        }
    };
    let role_of: Box<dyn Fn(&RawPara) -> Role> =
        if let Some(top) = paras().filter_map(|p| p.heading).min() {
            Box::new(move |para: &RawPara| match para.heading {
                Some(level) if level == top => Role::Chapter,
                Some(level) if level == top.saturating_add(1) => sub(options),
                Some(level) => Role::Heading(level.saturating_sub(top).saturating_add(1).min(5)),
                None => Role::Body,
            })
        } else if let Some((chapter, subchapter)) = size_levels(paras()) {
            Box::new(move |para: &RawPara| {
                let short = (1..=15).contains(&count_words(&para.text()));
                match para.size {
                    Some(size) if short && size == chapter => Role::Chapter,
                    Some(size) if short && Some(size) == subchapter => sub(options),
                    _ => Role::Body,
                }
            })
        } else if paras().any(is_chapter_para) {
            Box::new(|para: &RawPara| {
                if is_chapter_para(para) {
                    Role::Chapter
                } else {
                    Role::Body
                }
            })
        } else {
            return None;
        };
    Some(
        items
            .iter()
            .map(|item| match item {
                Item::Para(para) if !para.in_text_box && !para.text().trim().is_empty() => {
                    role_of(para)
                }
                _ => Role::Body,
            })
            .collect(),
    )
}

/// The font-size mode: the sizes (half-points) that start chapters and subchapters, when
/// short paragraphs (≤ 15 words) stand out larger than the body text.
fn size_levels<'p>(paras: impl Iterator<Item = &'p RawPara>) -> Option<(u32, Option<u32>)> {
    let mut words_by_size: HashMap<u32, usize> = HashMap::new();
    let mut short_sizes: Vec<u32> = Vec::new();
    for para in paras {
        let Some(size) = para.size else { continue };
        let words = count_words(&para.text());
        *words_by_size.entry(size).or_default() += words;
        if (1..=15).contains(&words) {
            short_sizes.push(size);
        }
    }
    let body = words_by_size
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map(|(size, _)| *size)?;
    let mut larger: Vec<u32> = short_sizes.into_iter().filter(|s| *s > body).collect();
    larger.sort_unstable_by(|a, b| b.cmp(a));
    // Each larger size with how many short paragraphs use it, largest first.
    let mut sizes: Vec<(u32, usize)> = Vec::new();
    for size in larger {
        match sizes.last_mut() {
            Some((last, count)) if *last == size => *count += 1,
            _ => sizes.push((size, 1)),
        }
    }
    // A size used once above sizes used more (a big title line on the first page) starts no
    // chapter: it stays a paragraph of the text before the first chapter.
    while sizes.len() > 1 && sizes.first().is_some_and(|(_, count)| *count == 1) {
        sizes.remove(0);
    }
    let mut sizes = sizes.into_iter().map(|(size, _)| size);
    let chapter = sizes.next()?;
    Some((chapter, sizes.next()))
}

const CHAPTER_WORDS: &[&str] = &[
    "chapter",
    "part",
    "book",
    "capítulo",
    "capitulo",
    "chapitre",
    "kapitel",
    "capitolo",
];
const ALONE_WORDS: &[&str] = &[
    "prologue",
    "epilogue",
    "prólogo",
    "epílogo",
    "épilogue",
    "interlude",
    "afterword",
    "foreword",
    "preface",
    "epilog",
    "prolog",
];
const NUMBER_WORDS: &[&str] = &[
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
    "thirty",
    "forty",
    "fifty",
    "sixty",
    "seventy",
    "eighty",
    "ninety",
    "hundred",
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "last",
    "final",
];

/// The lines of a paragraph (split at its hard breaks), each with its whitespace squeezed.
fn lines(para: &RawPara) -> Vec<String> {
    let mut lines = vec![String::new()];
    for part in &para.parts {
        match part {
            Part::Inline(Inline::Text { text, .. }) => {
                if let Some(line) = lines.last_mut() {
                    line.push_str(text);
                }
            }
            Part::Inline(Inline::HardBreak) => lines.push(String::new()),
            _ => {}
        }
    }
    lines
        .iter()
        .map(|line| squeeze(line))
        .filter(|line| !line.is_empty())
        .collect()
}

/// A short paragraph whose first line is a chapter line ("Chapter One", then maybe a title
/// on the next line).
fn is_chapter_para(para: &RawPara) -> bool {
    count_words(&para.text()) <= 15
        && lines(para)
            .first()
            .is_some_and(|first| is_chapter_line(first))
}

/// A chapter's title from its paragraph: "Chapter One" over "The Storm" on the next line reads
/// "Chapter One: The Storm"; other line breaks are spaces.
fn chapter_title(para: &RawPara) -> String {
    let lines = lines(para);
    match lines.first() {
        Some(first) if lines.len() > 1 && is_chapter_line(first) => lines.join(": "),
        _ => lines.join(" "),
    }
}

/// "Chapter 12", "CHAPTER ONE", "Chapter Twenty-One: The Storm", "Part II", "Prologue".
pub(super) fn is_chapter_line(text: &str) -> bool {
    if count_words(text) > 12 {
        return false;
    }
    let lower = text.trim().to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_owned();
    let Some(first) = words.first().map(|w| bare(w)) else {
        return false;
    };
    if words.len() == 1 && ALONE_WORDS.contains(&first.as_str()) {
        return true;
    }
    if !CHAPTER_WORDS.contains(&first.as_str()) {
        return false;
    }
    let mut rest = words.iter().skip(1).peekable();
    let Some(number) = rest.next() else {
        return false;
    };
    if !is_number(&bare(number)) {
        return false;
    }
    let mut separated = number.ends_with([':', '.', ')']);
    if !separated
        && let Some(next) = rest.peek()
        && NUMBER_WORDS.contains(&bare(next).as_str())
    {
        separated = next.ends_with([':', '.']);
        rest.next();
    }
    match rest.next() {
        None => true,
        Some(next) => separated || next.starts_with([':', '-', '–', '—', '.', '|']),
    }
}

fn is_number(token: &str) -> bool {
    !token.is_empty()
        && (token.chars().all(|c| c.is_ascii_digit())
            || token.chars().all(|c| "ivxlcdm".contains(c))
            || token.split('-').all(|w| NUMBER_WORDS.contains(&w)))
}

fn by_roles(items: Vec<Item>, roles: &[Role], options: ImportOptions) -> Vec<Section> {
    let mut sections: Vec<Section> = Vec::new();
    for (item, role) in items.into_iter().zip(roles.iter().copied()) {
        match (item, role) {
            (Item::Para(para), Role::Chapter) => sections.push(Section {
                title: chapter_title(&para),
                items: vec![Item::Para(notes_only(para))],
                subs: Vec::new(),
            }),
            (Item::Para(para), Role::Sub) if options.h2_as_subchapters => {
                if sections.is_empty() {
                    sections.push(Section::default());
                }
                if let Some(chapter) = sections.last_mut() {
                    chapter.subs.push(Section {
                        title: chapter_title(&para),
                        items: vec![Item::Para(notes_only(para))],
                        subs: Vec::new(),
                    });
                }
            }
            (Item::Para(mut para), role) => {
                para.heading = match role {
                    Role::Heading(level) => Some(level.max(2)),
                    Role::Sub => Some(2),
                    _ => None,
                };
                push(&mut sections, Item::Para(para));
            }
            (item, _) => push(&mut sections, item),
        }
    }
    sections
}

fn push(sections: &mut Vec<Section>, item: Item) {
    if sections.is_empty() {
        if !has_content(&item) {
            return;
        }
        sections.push(Section::default());
    }
    if let Some(chapter) = sections.last_mut() {
        match chapter.subs.last_mut() {
            Some(sub) => sub.items.push(item),
            None => chapter.items.push(item),
        }
    }
}

/// The last resort: hard page breaks divide chapters, each titled by its first line when
/// that is short and not a sentence.
fn by_page_breaks(items: Vec<Item>) -> Vec<Section> {
    let mut groups: Vec<Vec<Item>> = vec![Vec::new()];
    for item in items {
        match item {
            Item::PageBreak => groups.push(Vec::new()),
            Item::Para(mut para) => {
                para.heading = None;
                if let Some(group) = groups.last_mut() {
                    group.push(Item::Para(para));
                }
            }
            table => {
                if let Some(group) = groups.last_mut() {
                    group.push(table);
                }
            }
        }
    }
    let groups: Vec<Vec<Item>> = groups
        .into_iter()
        .filter(|group| group.iter().any(has_content))
        .collect();
    let titled = groups.len() > 1;
    groups
        .into_iter()
        .map(|mut items| {
            let mut title = String::new();
            let first = items.iter().position(has_content);
            if titled
                && let Some(at) = first
                && let Some(Item::Para(para)) = items.get(at)
                && is_title_line(para)
                && let Some(Item::Para(para)) = Some(items.remove(at))
            {
                title = chapter_title(&para);
                items.insert(at, Item::Para(notes_only(para)));
            }
            Section {
                title,
                items,
                subs: Vec::new(),
            }
        })
        .collect()
}

fn is_title_line(para: &RawPara) -> bool {
    let text = para.text();
    let words = count_words(&text);
    let sentence = text
        .trim_end()
        .ends_with(['.', ',', ';', '?', '!', '…', '"', '”']);
    !para.in_text_box
        && (1..=10).contains(&words)
        && !sentence
        && !para.parts.iter().any(|p| matches!(p, Part::Image { .. }))
}

fn has_content(item: &Item) -> bool {
    match item {
        Item::Para(para) => {
            !para.text().trim().is_empty()
                || para.parts.iter().any(|p| matches!(p, Part::Image { .. }))
                || !para.notes.is_empty()
        }
        Item::Table(_) => true,
        Item::PageBreak => false,
    }
}

/// A paragraph that became a title: its pictures, footnote and comment references stay (at
/// the start of the chapter), its text is the title.
fn notes_only(para: RawPara) -> RawPara {
    RawPara {
        parts: para
            .parts
            .into_iter()
            .filter(|part| matches!(part, Part::Image { .. }))
            .collect(),
        notes: para.notes,
        comments: para.comments,
        ..RawPara::default()
    }
}

/// Whitespace runs as single spaces, trimmed.
fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn chapter(section: Section, sources: &Sources<'_>, attached: &mut HashSet<String>) -> Chapter {
    Chapter {
        title: section.title,
        body: body(section.items, sources, attached),
        subchapters: section
            .subs
            .into_iter()
            .map(|sub| chapter(sub, sources, attached))
            .collect(),
    }
}

fn body(items: Vec<Item>, sources: &Sources<'_>, attached: &mut HashSet<String>) -> Body {
    let mut notes = Vec::new();
    let mut threads = Vec::new();
    references(&items, &mut notes, &mut threads);
    let mut blocks = blocks(items, sources.numbering, true);
    while matches!(blocks.last(), Some(Block::PageBreak)) {
        blocks.pop();
    }
    let leading = blocks
        .iter()
        .take_while(|b| matches!(b, Block::PageBreak))
        .count();
    blocks.drain(..leading);
    let footnotes = notes
        .into_iter()
        .map(|id| Footnote {
            text: sources.notes.get(&id).cloned().unwrap_or_default(),
            id,
        })
        .collect();
    let comments = threads
        .into_iter()
        .filter_map(|id| {
            let thread = sources.threads.get(&id)?;
            attached.insert(id);
            Some(thread.clone())
        })
        .collect();
    Body {
        blocks,
        footnotes,
        comments,
    }
}

/// Footnote and thread ids referenced by items, in order, each once.
fn references(items: &[Item], notes: &mut Vec<String>, threads: &mut Vec<String>) {
    let mut seen = HashSet::new();
    collect(items, &mut seen, notes, threads);
}

fn collect(
    items: &[Item],
    seen: &mut HashSet<String>,
    notes: &mut Vec<String>,
    threads: &mut Vec<String>,
) {
    for item in items {
        match item {
            Item::Para(para) => {
                // Note ids start `fn-`/`en-`, thread ids `c-`: one set serves both.
                for id in &para.notes {
                    if seen.insert(id.clone()) {
                        notes.push(id.clone());
                    }
                }
                for id in &para.comments {
                    if seen.insert(id.clone()) {
                        threads.push(id.clone());
                    }
                }
            }
            Item::Table(rows) => {
                for cell in rows.iter().flatten() {
                    collect(cell, seen, notes, threads);
                }
            }
            Item::PageBreak => {}
        }
    }
}
