//! What a writer chooses for an import and an export: the import's chapter options, and an
//! export's selection, inclusions and preset (standard manuscript format, trade paperback,
//! ebook). Presets are saved per manuscript (`settings.export_presets`), so they serialise.

use serde::{Deserialize, Serialize};

/// Options of a .docx import: level-1 headings start chapters; level-2 headings stay headings
/// unless the writer asks for them as subchapters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ImportOptions {
    /// Level-2 headings start subchapters (scenes when the writer's `subchapters_as_scenes` is
    /// on) instead of staying headings inside the chapter.
    pub h2_as_subchapters: bool,
}

/// What an export includes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ExportOptions {
    pub chapter_titles: bool,
    pub subchapter_titles: bool,
    /// Comment threads: Word comments in .docx; left out of PDF, EPUB, Markdown and text.
    pub comments: bool,
    /// Footnotes: real footnotes in .docx and PDF, endnotes in EPUB, `[^n]` in Markdown.
    pub footnotes: bool,
    pub preset: Preset,
}

impl Default for ExportOptions {
    fn default() -> Self {
        ExportOptions {
            chapter_titles: true,
            subchapter_titles: true,
            comments: false,
            footnotes: true,
            preset: Preset::default(),
        }
    }
}

/// The layout an export follows. Editable: every field is the writer's to change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Preset {
    /// Standard manuscript format (Shunn): 12 pt Times New Roman or Courier, double-spaced,
    /// 1-inch margins, first-line indent, header "Surname / TITLE / page", a title page with
    /// the contact block and the word count rounded as agents expect, scene breaks as a centred
    /// `#`, each chapter on a new page a third of the way down.
    StandardManuscript(StandardManuscript),
    /// A printed book's interior: trim size, mirrored margins, running heads, page numbers,
    /// chapter openers, widow and orphan control.
    TradePaperback(TradePaperback),
    /// An ebook: EPUB 3 with a table of contents and the manuscript's cover.
    Ebook(Ebook),
}

impl Default for Preset {
    fn default() -> Self {
        Preset::StandardManuscript(StandardManuscript::default())
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StandardManuscript {
    pub font: ManuscriptFont,
    /// The contact block of the title page, one line each (name, address, phone, email).
    pub contact: Vec<String>,
    /// The surname of the running header; empty: the last word of the author's name.
    pub surname: String,
}

impl Default for StandardManuscript {
    fn default() -> Self {
        StandardManuscript {
            font: ManuscriptFont::TimesNewRoman,
            contact: Vec::new(),
            surname: String::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ManuscriptFont {
    TimesNewRoman,
    Courier,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TradePaperback {
    pub trim: Trim,
    /// Body text size in points.
    pub font_size_pt: f32,
    pub running_heads: bool,
}

impl Default for TradePaperback {
    fn default() -> Self {
        TradePaperback {
            trim: Trim::SixByNine,
            font_size_pt: 11.0,
            running_heads: true,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Trim {
    /// 6 × 9 in.
    SixByNine,
    /// 5 × 8 in.
    FiveByEight,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Ebook {
    /// A BCP 47 language tag for the EPUB's `dc:language`; empty: `en`.
    pub language: String,
    /// [`crate::model::Manuscript::images`]' index of the cover, if any.
    pub cover: Option<usize>,
}

/// The manuscript's page setup (by default letter, portrait, margins 10 mm),
/// which a .docx export without a preset's own page follows.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PageSetup {
    pub paper: Paper,
    pub landscape: bool,
    /// Millimetres: top, right, bottom, left.
    pub margins_mm: [f32; 4],
}

impl Default for PageSetup {
    fn default() -> Self {
        PageSetup {
            paper: Paper::Letter,
            landscape: false,
            margins_mm: [10.0; 4],
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Paper {
    Letter,
    A4,
    Legal,
}
