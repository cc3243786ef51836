//! Manuscripts for the typesetting tests and the speed example: a novel of any length built
//! from a fixed vocabulary, each sentence carrying a unique token so word order is checkable,
//! and the PDF's text through Debian's `pdftotext`.
#![allow(dead_code)]

use std::io::Write;
use std::process::Command;

use quire_formats::model::{Block, Body, Chapter, Footnote, Inline, Manuscript, Marks, Paragraph};

const VOCABULARY: [&str; 24] = [
    "the", "river", "turned", "north", "under", "a", "pale", "sky", "and", "she", "walked",
    "along", "its", "bank", "towards", "old", "mill", "where", "lanterns", "burned", "through",
    "night", "without", "rest",
];

/// A novel of about `words` words in `chapters` chapters, with a footnote in each chapter, a
/// scene break in the middle of each and a little formatting.
pub fn novel(words: usize, chapters: usize) -> Manuscript {
    let per_chapter = words / chapters.max(1);
    let mut token = 0;
    let mut word = 0;
    let mut chapters_out = Vec::with_capacity(chapters);
    for c in 0..chapters {
        let mut blocks = Vec::new();
        let mut written = 0;
        let mut paragraph_no = 0;
        while written < per_chapter {
            let mut sentences = Vec::new();
            // Paragraphs of about 80 words: a few sentences of 16 words each.
            for _ in 0..5 {
                token += 1;
                let mut s = vec![format!("tok{token}")];
                for _ in 0..15 {
                    s.push(VOCABULARY[word % VOCABULARY.len()].to_owned());
                    word += 1;
                }
                sentences.push(format!("{}.", s.join(" ")));
            }
            written += 80;
            paragraph_no += 1;
            let text = sentences.join(" ");
            let mut inlines = vec![Inline::Text {
                text,
                marks: Marks::default(),
            }];
            if paragraph_no % 7 == 3 {
                inlines.push(Inline::Text {
                    text: " italic words here".into(),
                    marks: Marks {
                        italic: true,
                        ..Marks::default()
                    },
                });
            }
            if paragraph_no == 2 {
                inlines.push(Inline::FootnoteRef { id: "n1".into() });
            }
            blocks.push(Block::Paragraph(Paragraph {
                inlines,
                ..Paragraph::default()
            }));
            if paragraph_no == 10 {
                blocks.push(Block::SceneBreak);
            }
        }
        chapters_out.push(Chapter {
            title: format!("Chapter {}", c + 1),
            body: Body {
                blocks,
                footnotes: vec![Footnote {
                    id: "n1".into(),
                    text: format!("Footnote of chapter {}.", c + 1),
                }],
                comments: Vec::new(),
            },
            subchapters: Vec::new(),
        });
    }
    Manuscript {
        title: "The Long Way".into(),
        author: "Ana Maria Quill".into(),
        chapters: chapters_out,
        images: Vec::new(),
    }
}

/// The text of a PDF by `pdftotext` (pages `first..=last` when given), or `None` when the tool
/// is missing outside CI (the caller then skips its text checks; under `CI=true` that fails).
pub fn pdf_text(pdf: &[u8], pages: Option<(u32, u32)>) -> Option<String> {
    if Command::new("pdftotext").arg("-v").output().is_err() {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pdftotext (Debian's poppler-utils) is missing; scripts/ensure-doc-tools.sh installs it"
        );
        eprintln!("pdftotext is missing: skipped checking the PDF's text");
        return None;
    }
    let mut file = tempfile::NamedTempFile::new().unwrap();
    file.write_all(pdf).unwrap();
    let mut command = Command::new("pdftotext");
    command.args(["-enc", "UTF-8"]);
    if let Some((first, last)) = pages {
        command.args(["-f", &first.to_string(), "-l", &last.to_string()]);
    }
    let output = command.arg(file.path()).arg("-").output().unwrap();
    assert!(output.status.success(), "pdftotext failed: {output:?}");
    Some(String::from_utf8(output.stdout).unwrap())
}

/// Lower-cased words of a text, a word hyphenated across lines joined again.
pub fn words_of(text: &str) -> Vec<String> {
    text.replace("\u{ad}\n", "")
        .replace('\u{ad}', "")
        .replace("-\n", "")
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}
