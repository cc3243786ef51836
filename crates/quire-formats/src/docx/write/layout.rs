//! The page and the type of a .docx export, from its preset (the standard manuscript format and
//! the trade paperback have pages of their own) or else the manuscript's page setup.

use crate::options::{ManuscriptFont, PageSetup, Paper, Preset, StandardManuscript, Trim};

/// Twips (twentieths of a point) per inch.
pub(crate) const INCH: u32 = 1440;

/// A .docx export's page and type, in twips and half-points.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    pub page_w: u32,
    pub page_h: u32,
    pub landscape: bool,
    /// Top, right, bottom, left (inside and outside when `mirror`).
    pub margins: [u32; 4],
    pub mirror: bool,
    pub font: &'static str,
    pub half_points: u32,
    /// Line spacing in 240ths of a line (240 single, 480 double).
    pub line: u32,
    pub first_line_indent: u32,
    pub space_after: u32,
    pub justify: bool,
    /// Space above a chapter's title, which always starts a new page.
    pub chapter_drop: u32,
    pub manuscript: Option<StandardManuscript>,
    pub page_numbers: bool,
    /// The book's title on odd pages and its author on even ones.
    pub running_heads: bool,
}

impl Layout {
    pub(crate) fn new(preset: &Preset, page: &PageSetup) -> Layout {
        let (page_w, page_h) = page_size(page);
        match preset {
            Preset::StandardManuscript(smf) => {
                let text_h = page_h.saturating_sub(2 * INCH);
                Layout {
                    page_w,
                    page_h,
                    landscape: page.landscape,
                    margins: [INCH; 4],
                    mirror: false,
                    font: match smf.font {
                        ManuscriptFont::TimesNewRoman => "Times New Roman",
                        ManuscriptFont::Courier => "Courier New",
                    },
                    half_points: 24,
                    line: 480,
                    first_line_indent: INCH / 2,
                    space_after: 0,
                    justify: false,
                    chapter_drop: text_h / 3,
                    manuscript: Some(smf.clone()),
                    page_numbers: false,
                    running_heads: false,
                }
            }
            Preset::TradePaperback(book) => {
                let (w, h) = match book.trim {
                    Trim::SixByNine => (6 * INCH, 9 * INCH),
                    Trim::FiveByEight => (5 * INCH, 8 * INCH),
                };
                let size = if book.font_size_pt.is_finite() {
                    book.font_size_pt.clamp(6.0, 24.0)
                } else {
                    11.0
                };
                Layout {
                    page_w: w,
                    page_h: h,
                    landscape: false,
                    margins: [INCH * 3 / 4, INCH * 5 / 8, INCH * 3 / 4, INCH * 7 / 8],
                    mirror: true,
                    font: "Georgia",
                    half_points: (size * 2.0).round() as u32,
                    line: 276,
                    first_line_indent: INCH / 4,
                    space_after: 0,
                    justify: true,
                    chapter_drop: h / 4,
                    manuscript: None,
                    page_numbers: true,
                    running_heads: book.running_heads,
                }
            }
            Preset::Ebook(_) => Layout {
                page_w,
                page_h,
                landscape: page.landscape,
                margins: page.margins_mm.map(mm_to_twips),
                mirror: false,
                font: "Georgia",
                half_points: 24,
                line: 276,
                first_line_indent: 0,
                space_after: 160,
                justify: false,
                chapter_drop: 0,
                manuscript: None,
                page_numbers: true,
                running_heads: false,
            },
        }
    }

    /// The width text runs in, in twips.
    pub(crate) fn text_width(&self) -> u32 {
        self.page_w
            .saturating_sub(self.margins[1] + self.margins[3])
            .max(INCH)
    }
}

fn page_size(page: &PageSetup) -> (u32, u32) {
    let (w, h) = match page.paper {
        Paper::Letter => (12240, 15840),
        Paper::A4 => (11906, 16838),
        Paper::Legal => (12240, 20160),
    };
    if page.landscape { (h, w) } else { (w, h) }
}

/// Millimetres to twips, kept within 0–4 inches (a page setup never needs more).
fn mm_to_twips(mm: f32) -> u32 {
    if !mm.is_finite() {
        return 0;
    }
    (mm.clamp(0.0, 101.6) * INCH as f32 / 25.4).round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{Ebook, TradePaperback};

    #[test]
    fn the_page_setup_gives_the_page_when_the_preset_has_none() {
        let page = PageSetup {
            paper: Paper::A4,
            landscape: true,
            margins_mm: [25.4, 10.0, 25.4, f32::NAN],
        };
        let l = Layout::new(&Preset::Ebook(Ebook::default()), &page);
        assert_eq!((l.page_w, l.page_h), (16838, 11906));
        assert_eq!(l.margins, [1440, 567, 1440, 0]);
    }

    #[test]
    fn the_standard_manuscript_has_inch_margins_and_double_spacing() {
        let l = Layout::new(&Preset::default(), &PageSetup::default());
        assert_eq!(l.margins, [INCH; 4]);
        assert_eq!((l.line, l.half_points, l.first_line_indent), (480, 24, 720));
        assert_eq!(l.chapter_drop, 4320);
        let book = Layout::new(
            &Preset::TradePaperback(TradePaperback::default()),
            &PageSetup::default(),
        );
        assert!(book.mirror);
        assert_eq!((book.page_w, book.half_points), (6 * INCH, 22));
    }
}
