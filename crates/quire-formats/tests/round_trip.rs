//! Round trips over every committed fixture: a .docx read, written out as .docx and read back
//! gives the same chapters and subchapters, in the same order, with the same words, footnotes
//! and comment threads.

mod read_support;

use quire_core::manuscript::count_words;
use quire_formats::docx::read::read;
use quire_formats::docx::write::write;
use quire_formats::model::Manuscript;
use quire_formats::options::{Ebook, ExportOptions, ImportOptions, PageSetup, Preset};
use read_support::{fixture, fixture_names};

/// Each section's title, words, footnotes and comment threads, in reading order.
fn outline(m: &Manuscript) -> Vec<(String, usize, usize, usize)> {
    m.sections()
        .map(|c| {
            (
                c.title.clone(),
                count_words(&c.body.text()),
                c.body.footnotes.len(),
                c.body.comments.len(),
            )
        })
        .collect()
}

fn named(m: &mut Manuscript) {
    for (n, chapter) in m.chapters.iter_mut().enumerate() {
        if chapter.title.is_empty() {
            chapter.title = format!("Chapter {}", n + 1);
        }
        for (s, sub) in chapter.subchapters.iter_mut().enumerate() {
            if sub.title.is_empty() {
                sub.title = format!("Scene {}", s + 1);
            }
        }
    }
}

#[test]
fn every_fixture_comes_back_from_its_own_docx_with_the_same_chapters_and_words() {
    // Without a title page (the ebook preset), so that the file holds the chapters alone.
    let options = ExportOptions {
        comments: true,
        preset: Preset::Ebook(Ebook::default()),
        ..ExportOptions::default()
    };
    for h2_as_subchapters in [false, true] {
        let import = ImportOptions { h2_as_subchapters };
        for name in fixture_names() {
            let mut first = read(&fixture(&name), import)
                .unwrap_or_else(|e| panic!("{name}: {}", e.reason()))
                .manuscript;
            // A chapter in Quire always has a name (an import calls an untitled one by its
            // place), and a .docx marks a chapter by its titled heading.
            named(&mut first);
            let docx = write(&first, &options, &PageSetup::default())
                .unwrap_or_else(|e| panic!("{name}: writing: {e}"));
            let again = read(&docx, import)
                .unwrap_or_else(|e| panic!("{name}: reading back: {}", e.reason()))
                .manuscript;
            assert_eq!(
                outline(&again),
                outline(&first),
                "{name} (h2 as subchapters: {h2_as_subchapters})"
            );
            assert_eq!(again.images.len(), first.images.len(), "{name}: images");
        }
    }
}
