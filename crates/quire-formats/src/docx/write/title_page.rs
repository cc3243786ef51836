//! The standard manuscript format's own parts: the title page (contact block, word count
//! rounded as agents expect, title and by-line mid-page) and the running header
//! "Surname / TITLE / page".

use quire_core::manuscript::count_words;

use crate::model::{Block, Manuscript};
use crate::options::StandardManuscript;

use super::document::{DocWriter, Props, push_run_text};
use super::parts::{self, PAGE_FIELD};

/// The height of a single-spaced 12 pt line, in twips.
const LINE: u32 = 276;

/// Writes the title page, ending it with its own section (no header, no page number).
pub(crate) fn write(doc: &mut DocWriter) {
    let Some(smf) = doc.layout.manuscript.clone() else {
        return;
    };
    let m = doc.m;
    let mut contact: Vec<&str> = smf
        .contact
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.is_empty())
        .collect();
    if contact.is_empty() && !m.author.trim().is_empty() {
        contact.push(m.author.trim());
    }
    let count = rounded_word_count(manuscript_words(m));
    let first = Props {
        style: Some("Contact"),
        tab_right: Some(doc.layout.text_width()),
        ..Props::default()
    };
    doc.paragraph_open(&first);
    doc.run(
        contact.first().copied().unwrap_or(""),
        &Default::default(),
        false,
    );
    doc.xml.push_str("<w:r><w:tab/></w:r>");
    doc.run(&count, &Default::default(), false);
    doc.xml.push_str("</w:p>");
    for line in contact.iter().skip(1) {
        doc.text_paragraph(
            line,
            &Props {
                style: Some("Contact"),
                ..Props::default()
            },
        );
    }
    // The title halfway down the text area.
    let text_h = doc
        .layout
        .page_h
        .saturating_sub(doc.layout.margins[0] + doc.layout.margins[2]);
    let used = LINE * contact.len().max(1) as u32;
    let before = (text_h / 2).saturating_sub(used + LINE).max(LINE);
    let title = Props {
        style: Some("Title"),
        space_before: Some(before),
        ..Props::default()
    };
    doc.text_paragraph(&m.title, &title);
    let by_line = Props {
        style: Some("Byline"),
        section: Some(doc.section(false, false)),
        ..Props::default()
    };
    let author = m.author.trim();
    let by = if author.is_empty() {
        String::new()
    } else {
        format!("by {author}")
    };
    doc.text_paragraph(&by, &by_line);
}

/// The running header: `Surname / TITLE / ` and the page number.
pub(crate) fn header(m: &Manuscript, smf: &StandardManuscript) -> String {
    let surname = match smf.surname.trim() {
        "" => m.author.split_whitespace().last().unwrap_or(""),
        s => s,
    };
    let mut label = String::new();
    if !surname.is_empty() {
        label.push_str(surname);
        label.push_str(" / ");
    }
    let title = m.title.trim().to_uppercase();
    if !title.is_empty() {
        label.push_str(&title);
        label.push_str(" / ");
    }
    let mut runs = String::from("<w:r>");
    push_run_text(&mut runs, &label);
    runs.push_str("</w:r>");
    runs.push_str(PAGE_FIELD);
    parts::header(&runs)
}

/// Words of the chapters' titles and text (not the notes), as the title page counts them.
pub(crate) fn manuscript_words(m: &Manuscript) -> usize {
    fn blocks(bs: &[Block]) -> usize {
        bs.iter()
            .map(|b| match b {
                Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => count_words(&p.text()),
                Block::BlockQuote { blocks: inner } => blocks(inner),
                Block::List { items, .. } => items.iter().map(|i| blocks(i)).sum(),
                Block::Table { rows } => rows.iter().flatten().map(|c| blocks(c)).sum(),
                Block::Image { .. } | Block::PageBreak | Block::SceneBreak => 0,
            })
            .sum()
    }
    m.sections()
        .map(|c| count_words(&c.title) + blocks(&c.body.blocks))
        .sum()
}

/// The word count as agents expect it: to the nearest 1,000 over 10,000 words, to the nearest
/// 100 below (never under 100).
pub(crate) fn rounded_word_count(words: usize) -> String {
    let step = if words > 10_000 { 1000 } else { 100 };
    let rounded = ((words + step / 2) / step * step).max(100);
    let digits = rounded.to_string();
    let mut grouped = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(d);
    }
    format!("about {grouped} words")
}

#[cfg(test)]
mod tests {
    use super::rounded_word_count;

    #[test]
    fn word_counts_are_rounded_as_agents_expect() {
        assert_eq!(rounded_word_count(119_640), "about 120,000 words");
        assert_eq!(rounded_word_count(10_499), "about 10,000 words");
        assert_eq!(rounded_word_count(9_951), "about 10,000 words");
        assert_eq!(rounded_word_count(7_349), "about 7,300 words");
        assert_eq!(rounded_word_count(3), "about 100 words");
        assert_eq!(rounded_word_count(1_234_567), "about 1,235,000 words");
    }
}
