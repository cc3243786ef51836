//! What the template reads as `/manuscript.json`: the manuscript model as it is, with the
//! layout of the chosen preset and the few things worked out in Rust (the header, the rounded
//! word count, which images typst can decode). Plain data: nothing here is typst markup.

use quire_formats::model::{Block, Chapter, Manuscript};
use quire_formats::options::{
    ExportOptions, ManuscriptFont, PageSetup, Paper, Preset, StandardManuscript, Trim,
};
use serde::Serialize;

const INCH: f32 = 72.0;
const MM: f32 = 72.0 / 25.4;

/// The template's input.
#[derive(Debug, Serialize)]
pub(crate) struct Data<'a> {
    /// `none` in the PDF's metadata when empty.
    title: Option<&'a str>,
    authors: Vec<&'a str>,
    author: &'a str,
    /// The standard manuscript's running header before the page number: "Surname / TITLE".
    header: String,
    /// The title page's word count: "about 120,000 words".
    word_count: String,
    contact: Vec<String>,
    options: Inclusions,
    layout: Layout,
    chapters: &'a [Chapter],
    images: Vec<ImageInfo>,
}

/// The parts of [`ExportOptions`] the template honours (comments are always left out of a PDF).
#[derive(Debug, Serialize)]
struct Inclusions {
    chapter_titles: bool,
    subchapter_titles: bool,
    footnotes: bool,
}

/// One image: the format typst decodes it as, or `None` when it cannot (the image is skipped).
#[derive(Debug, Serialize)]
pub(crate) struct ImageInfo {
    pub(crate) format: Option<&'static str>,
}

/// Page and text settings of a preset. Lengths are points.
#[derive(Debug, Serialize)]
struct Layout {
    kind: &'static str,
    width: f32,
    height: f32,
    margin: Margin,
    /// Left and right margins are inside and outside (a printed book's mirrored margins).
    mirrored: bool,
    fonts: Vec<&'static str>,
    font_size: f32,
    /// Space between lines in em of a 1em line box: 1.0 is double spacing.
    leading_em: f32,
    indent: f32,
    justify: bool,
    hyphenate: bool,
    running_heads: bool,
    /// Space above a chapter's title on its opening page.
    opener_skip: f32,
    max_image_height: f32,
    scene_break: &'static str,
}

#[derive(Debug, Serialize)]
struct Margin {
    top: f32,
    bottom: f32,
    left: f32,
    right: f32,
}

/// Fonts after the preset's own, for characters it lacks (typst also falls back on its own).
const FALLBACK: [&str; 4] = [
    "Liberation Serif",
    "Libertinus Serif",
    "New Computer Modern",
    "DejaVu Sans Mono",
];

impl<'a> Data<'a> {
    pub(crate) fn new(
        m: &'a Manuscript,
        options: &ExportOptions,
        page: &PageSetup,
        images: Vec<ImageInfo>,
    ) -> Self {
        let standard = StandardManuscript::default();
        let (layout, manuscript) = match &options.preset {
            Preset::StandardManuscript(s) => (standard_manuscript(s), s),
            Preset::TradePaperback(t) => (
                paperback(t.trim, t.font_size_pt, t.running_heads),
                &standard,
            ),
            Preset::Ebook(_) => (ebook(page), &standard),
        };
        let surname = if manuscript.surname.trim().is_empty() {
            m.author.split_whitespace().last().unwrap_or("")
        } else {
            manuscript.surname.trim()
        };
        let title = m.title.trim();
        let header = if surname.is_empty() {
            title.to_uppercase()
        } else {
            format!("{surname} / {}", title.to_uppercase())
        };
        let author = m.author.trim();
        Data {
            title: (!title.is_empty()).then_some(title),
            authors: if author.is_empty() {
                Vec::new()
            } else {
                vec![author]
            },
            author,
            header,
            word_count: about_words(manuscript_words(m)),
            contact: manuscript.contact.clone(),
            options: Inclusions {
                chapter_titles: options.chapter_titles,
                subchapter_titles: options.subchapter_titles,
                footnotes: options.footnotes,
            },
            layout,
            chapters: &m.chapters,
            images,
        }
    }
}

/// Shunn's standard manuscript format on US letter.
fn standard_manuscript(s: &StandardManuscript) -> Layout {
    let font = match s.font {
        ManuscriptFont::TimesNewRoman => "Liberation Serif",
        ManuscriptFont::Courier => "Liberation Mono",
    };
    let (width, height) = (8.5 * INCH, 11.0 * INCH);
    Layout {
        kind: "manuscript",
        width,
        height,
        margin: Margin {
            top: INCH,
            bottom: INCH,
            left: INCH,
            right: INCH,
        },
        mirrored: false,
        fonts: fonts(font),
        font_size: 12.0,
        leading_em: 1.0,
        indent: 0.5 * INCH,
        justify: false,
        hyphenate: false,
        running_heads: true,
        // A third of the way down the page.
        opener_skip: height / 3.0 - INCH,
        max_image_height: (height - 2.0 * INCH) * 0.8,
        scene_break: "#",
    }
}

/// A trade paperback's interior: mirrored margins, a book face, justified and hyphenated.
fn paperback(trim: Trim, font_size: f32, running_heads: bool) -> Layout {
    let (width, height, margin) = match trim {
        Trim::SixByNine => (
            6.0 * INCH,
            9.0 * INCH,
            Margin {
                top: 0.75 * INCH,
                bottom: 0.75 * INCH,
                left: 0.875 * INCH,
                right: 0.625 * INCH,
            },
        ),
        Trim::FiveByEight => (
            5.0 * INCH,
            8.0 * INCH,
            Margin {
                top: 0.6 * INCH,
                bottom: 0.6 * INCH,
                left: 0.75 * INCH,
                right: 0.5 * INCH,
            },
        ),
    };
    let font_size = if font_size.is_finite() {
        font_size.clamp(6.0, 24.0)
    } else {
        11.0
    };
    Layout {
        kind: "paperback",
        width,
        height,
        max_image_height: (height - margin.top - margin.bottom) * 0.8,
        margin,
        mirrored: true,
        fonts: fonts("Libertinus Serif"),
        font_size,
        leading_em: 0.35,
        indent: 1.5 * font_size,
        justify: true,
        hyphenate: true,
        running_heads,
        opener_skip: height / 4.0,
        scene_break: "*   *   *",
    }
}

/// The "Ebook" preset asked for a PDF: the manuscript's own page setup.
fn ebook(page: &PageSetup) -> Layout {
    let (mut width, mut height) = match page.paper {
        Paper::Letter => (8.5 * INCH, 11.0 * INCH),
        Paper::A4 => (210.0 * MM, 297.0 * MM),
        Paper::Legal => (8.5 * INCH, 14.0 * INCH),
    };
    if page.landscape {
        std::mem::swap(&mut width, &mut height);
    }
    let [top, right, bottom, left] = page.margins_mm.map(|mm| {
        if mm.is_finite() {
            mm.clamp(0.0, 60.0) * MM
        } else {
            10.0 * MM
        }
    });
    Layout {
        kind: "ebook",
        width,
        height,
        max_image_height: (height - top - bottom) * 0.8,
        margin: Margin {
            top,
            bottom,
            left,
            right,
        },
        mirrored: false,
        fonts: fonts("Libertinus Serif"),
        font_size: 11.0,
        leading_em: 0.4,
        indent: 16.0,
        justify: false,
        hyphenate: false,
        running_heads: false,
        opener_skip: height / 6.0,
        scene_break: "*   *   *",
    }
}

fn fonts(first: &'static str) -> Vec<&'static str> {
    std::iter::once(first)
        .chain(FALLBACK.into_iter().filter(|f| *f != first))
        .collect()
}

/// A manuscript's words as an agent counts them: the chapter and subchapter titles and the
/// text of their bodies (footnotes left out).
pub fn manuscript_words(m: &Manuscript) -> u64 {
    let mut words = 0;
    for section in m.sections() {
        words += quire_core::manuscript::count_words(&section.title) as u64;
        words += blocks_words(&section.body.blocks);
    }
    words
}

fn blocks_words(blocks: &[Block]) -> u64 {
    blocks
        .iter()
        .map(|block| match block {
            Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
                quire_core::manuscript::count_words(&p.text()) as u64
            }
            Block::BlockQuote { blocks } => blocks_words(blocks),
            Block::List { items, .. } => items.iter().map(|item| blocks_words(item)).sum(),
            Block::Table { rows } => rows.iter().flatten().map(|cell| blocks_words(cell)).sum(),
            Block::PageBreak | Block::SceneBreak | Block::Image { .. } => 0,
        })
        .sum()
}

/// The title page's word count, rounded as agents expect: to the nearest 1,000 from 10,000
/// words on, to the nearest 100 below ("about 120,000 words", "about 7,500 words"). Under 50
/// words the count is given as it is.
pub fn about_words(words: u64) -> String {
    let step = if words >= 10_000 { 1_000 } else { 100 };
    let rounded = (words + step / 2) / step * step;
    let shown = if rounded == 0 { words } else { rounded };
    let unit = if shown == 1 { "word" } else { "words" };
    format!("about {} {unit}", thousands(shown))
}

fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_counts_round_to_the_nearest_thousand_from_ten_thousand_words() {
        assert_eq!(about_words(119_600), "about 120,000 words");
        assert_eq!(about_words(120_499), "about 120,000 words");
        assert_eq!(about_words(150_000), "about 150,000 words");
        assert_eq!(about_words(9_950), "about 10,000 words");
        assert_eq!(about_words(10_000), "about 10,000 words");
        assert_eq!(about_words(1_234_567), "about 1,235,000 words");
    }

    #[test]
    fn word_counts_round_to_the_nearest_hundred_below_ten_thousand_words() {
        assert_eq!(about_words(7_449), "about 7,400 words");
        assert_eq!(about_words(7_450), "about 7,500 words");
        assert_eq!(about_words(120), "about 100 words");
        assert_eq!(about_words(49), "about 49 words");
        assert_eq!(about_words(1), "about 1 word");
        assert_eq!(about_words(0), "about 0 words");
    }
}
