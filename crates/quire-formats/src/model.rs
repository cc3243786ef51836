//! The manuscript model every reader produces and every writer consumes: a title, chapters with
//! their subchapters, each a body of blocks with its footnotes and comment threads, and the
//! images the bodies show. Plain data; its shape follows the chapter editor's schema
//! (`web/src/text-editor/extensions.ts`), so a body maps onto a chapter's Yjs document one to one.

use serde::{Deserialize, Serialize};

/// A whole manuscript, or the part of it chosen for an export.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Manuscript {
    /// The manuscript's title (a Title-styled first paragraph on import).
    pub title: String,
    /// The author's name as it should print (title page, running heads); empty when unknown.
    pub author: String,
    /// Top-level chapters in order.
    pub chapters: Vec<Chapter>,
    /// Every image the bodies show; [`Block::Image`] refers to one by its index here.
    pub images: Vec<Image>,
}

/// A chapter, or a subchapter (a scene when the writer's `subchapters_as_scenes` is on).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Chapter {
    pub title: String,
    pub body: Body,
    /// One level only: a subchapter's own `subchapters` is always empty.
    pub subchapters: Vec<Chapter>,
}

/// A chapter's text: what its Yjs document holds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Body {
    pub blocks: Vec<Block>,
    /// Bodies of the footnotes referenced by [`Inline::FootnoteRef`], in order of first
    /// reference. Endnotes become footnotes too.
    pub footnotes: Vec<Footnote>,
    /// Comment threads anchored by [`Marks::comments`].
    pub comments: Vec<CommentThread>,
}

/// A block of a body. The editor's node names are given for each.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Block {
    /// `paragraph`
    Paragraph(Paragraph),
    /// `heading` with `level` 1–5 (a heading inside a chapter; the chapter's own title is
    /// [`Chapter::title`], never a block).
    Heading { level: u8, paragraph: Paragraph },
    /// `blockquote`
    BlockQuote { blocks: Vec<Block> },
    /// `bulletList` / `orderedList` (`start`) of `listItem`s, each holding blocks.
    List {
        ordered: bool,
        start: u32,
        items: Vec<Vec<Block>>,
    },
    /// `pageBreak`: a hard page break.
    PageBreak,
    /// `horizontalRule`: a scene break (`***`, `#`, a centred glyph on import; a centred `#` in
    /// the standard manuscript format).
    SceneBreak,
    /// `image`: [`Manuscript::images`]`[image]`.
    Image { image: usize, alt: String },
    /// `table` of rows of cells, each cell holding blocks. A simple grid: no merged cells.
    Table { rows: Vec<Vec<Vec<Block>>> },
}

/// A paragraph's (or heading's) alignment and inline content.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Paragraph {
    pub align: Align,
    pub inlines: Vec<Inline>,
}

/// `textAlign` as TipTap stores it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Align {
    #[default]
    Left,
    Center,
    Right,
    Justify,
}

/// Inline content of a paragraph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Inline {
    /// A run of text with one set of marks. Never contains `\n`.
    Text { text: String, marks: Marks },
    /// `hardBreak`: a line break within the paragraph.
    HardBreak,
    /// `footnote` with `id`: the reference to [`Body::footnotes`]' entry of that id.
    FootnoteRef { id: String },
}

/// The marks on a text run (the editor's `bold`, `italic`, `underline`, `strike`, `smallCaps`,
/// `link` and `comment`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Marks {
    pub bold: bool,
    pub italic: bool,
    pub underline: bool,
    pub strike: bool,
    pub small_caps: bool,
    /// The link's target (http, https or mailto only; readers drop others).
    pub link: Option<String>,
    /// Ids of the comment threads this run belongs to (`comment` marks, id
    /// `/^[A-Za-z0-9_-]{1,64}$/`).
    pub comments: Vec<String>,
}

/// A footnote's body. Plain text: the editor keeps footnote bodies as a `Y.Text` each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Footnote {
    /// `/^[A-Za-z0-9_-]{1,64}$/`, unique within the body.
    pub id: String,
    pub text: String,
}

/// A comment thread (`web/src/text-editor/comments-store.ts`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommentThread {
    /// `/^[A-Za-z0-9_-]{1,64}$/`, unique within the body.
    pub id: String,
    pub author_name: String,
    /// RFC 3339, when the source says; otherwise empty (the importer fills in its own time).
    pub created_at: String,
    pub body: String,
    pub resolved: bool,
    pub replies: Vec<CommentReply>,
}

/// A reply in a [`CommentThread`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommentReply {
    pub author_name: String,
    pub created_at: String,
    pub body: String,
}

/// An image's bytes, with the content type its bytes show (never the one a file claims).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Image {
    /// `image/png`, `image/jpeg`, `image/gif` or `image/webp`.
    pub content_type: String,
    /// A safe file name (`image1.png`).
    pub name: String,
    #[serde(skip)]
    pub bytes: Vec<u8>,
}

impl Manuscript {
    /// Every chapter and subchapter in reading order.
    pub fn sections(&self) -> impl Iterator<Item = &Chapter> {
        self.chapters
            .iter()
            .flat_map(|c| std::iter::once(c).chain(c.subchapters.iter()))
    }
}

impl Paragraph {
    /// A paragraph of one unmarked run.
    pub fn plain(text: impl Into<String>) -> Self {
        Paragraph {
            align: Align::Left,
            inlines: vec![Inline::Text {
                text: text.into(),
                marks: Marks::default(),
            }],
        }
    }

    /// The paragraph's text, a hard break as `\n`, footnote references left out.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for inline in &self.inlines {
            match inline {
                Inline::Text { text, .. } => out.push_str(text),
                Inline::HardBreak => out.push('\n'),
                Inline::FootnoteRef { .. } => {}
            }
        }
        out
    }
}

impl Block {
    /// The block's text as a reader sees it: one line per paragraph, heading, list item
    /// paragraph or table cell; nothing for a break or an image.
    pub fn text(&self) -> String {
        let mut lines = Vec::new();
        self.lines(&mut lines);
        lines.join("\n")
    }

    fn lines(&self, out: &mut Vec<String>) {
        match self {
            Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => out.push(p.text()),
            Block::BlockQuote { blocks } => blocks.iter().for_each(|b| b.lines(out)),
            Block::List { items, .. } => items.iter().flatten().for_each(|b| b.lines(out)),
            Block::Table { rows } => rows.iter().flatten().flatten().for_each(|b| b.lines(out)),
            Block::PageBreak | Block::SceneBreak | Block::Image { .. } => {}
        }
    }

    /// Paragraphs and headings in the block, nested ones included.
    pub fn paragraph_count(&self) -> u64 {
        match self {
            Block::Paragraph(_) | Block::Heading { .. } => 1,
            Block::BlockQuote { blocks } => blocks.iter().map(Block::paragraph_count).sum(),
            Block::List { items, .. } => items.iter().flatten().map(Block::paragraph_count).sum(),
            Block::Table { rows } => rows
                .iter()
                .flatten()
                .flatten()
                .map(Block::paragraph_count)
                .sum(),
            Block::PageBreak | Block::SceneBreak | Block::Image { .. } => 0,
        }
    }

    /// Calls `f` on every paragraph in the block, nested ones included.
    pub fn for_each_paragraph<'a>(&'a self, f: &mut impl FnMut(&'a Paragraph)) {
        match self {
            Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => f(p),
            Block::BlockQuote { blocks } => blocks.iter().for_each(|b| b.for_each_paragraph(f)),
            Block::List { items, .. } => {
                items.iter().flatten().for_each(|b| b.for_each_paragraph(f))
            }
            Block::Table { rows } => rows
                .iter()
                .flatten()
                .flatten()
                .for_each(|b| b.for_each_paragraph(f)),
            Block::PageBreak | Block::SceneBreak | Block::Image { .. } => {}
        }
    }

    /// Images in the block, nested ones included.
    pub fn image_count(&self) -> u64 {
        match self {
            Block::Image { .. } => 1,
            Block::BlockQuote { blocks } => blocks.iter().map(Block::image_count).sum(),
            Block::List { items, .. } => items.iter().flatten().map(Block::image_count).sum(),
            Block::Table { rows } => rows
                .iter()
                .flatten()
                .flatten()
                .map(Block::image_count)
                .sum(),
            _ => 0,
        }
    }
}

impl Body {
    /// The body's text: its blocks' lines joined by newlines (footnotes left out).
    pub fn text(&self) -> String {
        let lines: Vec<String> = self.blocks.iter().map(Block::text).collect();
        lines.join("\n")
    }
}
