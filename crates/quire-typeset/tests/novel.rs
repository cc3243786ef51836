//! A whole novel typesets: the standard-manuscript PDF of a generated 150,000-word novel (the
//! benchmark's size; timed by `examples/novel_pdf.rs` in release, not here).

mod support;

use quire_formats::options::{ExportOptions, PageSetup};

#[test]
fn a_150_000_word_novel_typesets_as_a_standard_manuscript() {
    let m = support::novel(150_000, 60);
    let bytes = quire_typeset::pdf(&m, &ExportOptions::default(), &PageSetup::default()).unwrap();
    let Some(text) = support::pdf_text(&bytes, Some((2, 2))) else {
        return;
    };
    assert!(
        text.contains("Quill / THE LONG WAY / 2"),
        "page 2 reads: {text}"
    );
    let last = support::pdf_text(&bytes, None).unwrap();
    let pages = last.matches('\u{c}').count();
    assert!((450..900).contains(&pages), "{pages} pages");
    assert!(last.contains("tok9600"), "the last sentence is missing");
}
