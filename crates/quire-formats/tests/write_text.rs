//! The plain-text writer: every word in order, scene breaks, footnotes at the chapter's end,
//! and hostile text kept as text.

mod write_support;

use quire_formats::options::ExportOptions;
use quire_formats::text;
use write_support::*;

#[test]
fn every_word_of_the_manuscript_appears_in_order() {
    let m = sample();
    let out = text::write(&m, &ExportOptions::default());
    assert_words_in_order(&body_words(&m), &out, "text");
    assert!(out.starts_with("The Lighthouse Keeper\n\nAna María Ortega\n\nArrival\n\n"));
}

#[test]
fn footnotes_follow_their_chapter_numbered_from_one() {
    let out = text::write(&sample(), &ExportOptions::default());
    assert!(out.contains("words.[1]"), "{out}");
    assert!(out.contains("Uniform keeps watch.[2]"), "{out}");
    let notes = out
        .find("[1] Oscar footnote text.\n\n[2] Victor second note.")
        .expect("the notes");
    assert!(notes > out.find("Uniform keeps watch").unwrap());
    assert!(notes < out.find("Whiskey Departure").unwrap());
}

#[test]
fn scene_breaks_lists_and_tables_read_as_text() {
    let out = text::write(&sample(), &ExportOptions::default());
    assert!(out.contains("\n\n* * *\n\n"));
    assert!(out.contains("- Echo bullet one\n- Foxtrot bullet two\n  3. Golf numbered three\n  4. Hotel numbered four"), "{out}");
    assert!(out.contains("Juliet cell | Kilo cell\nLima cell | Mike cell"));
    assert!(out.contains("    Delta quoted line."));
    assert!(
        out.contains(
            "Bravo reads the lighthouse log before commented words then\nbreaks the line."
        )
    );
    assert!(!out.contains("Quebec"), "comments are left out");
}

#[test]
fn titles_and_footnotes_can_be_left_out() {
    let options = ExportOptions {
        chapter_titles: false,
        subchapter_titles: false,
        footnotes: false,
        ..ExportOptions::default()
    };
    let out = text::write(&sample(), &options);
    assert!(!out.contains("Arrival") && !out.contains("Tango") && !out.contains("Oscar"));
    assert!(!out.contains("[1]"));
    // A hidden subchapter title leaves a scene break in its place.
    assert!(out.contains("* * *\n\nUniform keeps watch."));
}

#[test]
fn hostile_text_survives_as_text() {
    let out = text::write(&hostile(), &ExportOptions::default());
    let flat = squash(&out);
    for h in HOSTILE {
        assert!(flat.contains(&survivor(h)), "{h:?} in {out}");
    }
    assert!(!out.contains('\u{0}') && !out.contains('\u{7}') && !out.contains('\u{fffe}'));
    assert!(out.contains("note </w:footnote> <a href=x> &amp;"));
}
