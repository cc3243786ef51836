//! The EPUB 3 writer: the package's parts, endnotes, the cover, hostile text, and Debian's
//! epubcheck with no error and no warning.

mod write_support;

use std::process::Command;

use quire_formats::ExportError;
use quire_formats::epub;
use quire_formats::options::{Ebook, ExportOptions, Preset};
use write_support::*;

const ID: &str = "urn:uuid:0b9c3c1e-4f63-4bd0-9a52-6d1b6c1f3a11";
const MODIFIED: &str = "2026-11-27T13:40:05Z";

fn ebook(cover: Option<usize>) -> ExportOptions {
    ExportOptions {
        preset: Preset::Ebook(Ebook {
            language: "es".into(),
            cover,
        }),
        ..ExportOptions::default()
    }
}

fn text_of(files: &std::collections::BTreeMap<String, Vec<u8>>, name: &str) -> String {
    String::from_utf8(files[name].clone()).expect("utf-8")
}

/// Runs epubcheck on the bytes; asserts it reports no error and no warning.
fn assert_epubcheck_passes(bytes: &[u8], label: &str) {
    let Some(cmd) = tool("epubcheck", &["--version"]) else {
        return;
    };
    let dir = scratch(label);
    let file = dir.join(format!("{label}.epub"));
    std::fs::write(&file, bytes).unwrap();
    let out = Command::new(&cmd[0])
        .args(&cmd[1..])
        .arg(&file)
        .output()
        .expect("epubcheck runs");
    let report = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success(),
        "epubcheck failed on {label}:\n{report}"
    );
    assert!(
        report.contains("No errors or warnings detected"),
        "epubcheck on {label}:\n{report}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_package_holds_its_parts_in_order() {
    let bytes = epub::write(&sample(), &ebook(Some(0)), ID, MODIFIED).unwrap();
    // mimetype first, stored, at offset 0 with no extra field.
    assert_eq!(&bytes[..4], b"PK\x03\x04");
    assert_eq!(&bytes[8..10], &[0, 0], "stored");
    assert_eq!(&bytes[28..30], &[0, 0], "no extra field");
    assert_eq!(&bytes[30..38], b"mimetype");
    assert_eq!(&bytes[38..58], b"application/epub+zip");

    let files = unzip(&bytes);
    for name in [
        "META-INF/container.xml",
        "OEBPS/content.opf",
        "OEBPS/nav.xhtml",
        "OEBPS/style.css",
        "OEBPS/cover.xhtml",
        "OEBPS/title.xhtml",
        "OEBPS/chapter-1.xhtml",
        "OEBPS/chapter-2.xhtml",
        "OEBPS/images/image1.png",
    ] {
        assert!(files.contains_key(name), "{name} in {:?}", files.keys());
    }
    let opf = text_of(&files, "OEBPS/content.opf");
    for expected in [
        &format!(r#"<dc:identifier id="book-id">{ID}</dc:identifier>"#),
        "<dc:title>The Lighthouse Keeper</dc:title>",
        "<dc:creator>Ana María Ortega</dc:creator>",
        "<dc:language>es</dc:language>",
        &format!(r#"<meta property="dcterms:modified">{MODIFIED}</meta>"#),
        r#"media-type="image/png" properties="cover-image"/>"#,
        r#"<itemref idref="cover-page" linear="yes"/>"#,
    ] {
        assert!(opf.contains(expected), "{expected} in {opf}");
    }
    let nav = text_of(&files, "OEBPS/nav.xhtml");
    assert!(nav.contains(r#"<li><a href="chapter-1.xhtml">Arrival</a>"#));
    assert!(nav.contains(r##"<li><a href="chapter-1.xhtml#sub-1">Tango Night Watch</a></li>"##));
    assert!(nav.contains(r#"<li><a href="chapter-2.xhtml">Whiskey Departure</a></li>"#));

    let chapter = text_of(&files, "OEBPS/chapter-1.xhtml");
    assert!(
        chapter.contains(r##"<sup><a epub:type="noteref" id="ref-1" href="#note-1">1</a></sup>"##)
    );
    assert!(chapter.contains(r##"<li id="note-1" epub:type="endnote"><p>Oscar footnote text. <a class="back" href="#ref-1">↩</a></p></li>"##));
    assert!(chapter.contains(r##"<li id="note-2" epub:type="endnote"><p>Victor second note."##));
    assert!(chapter.contains(r#"<img src="images/image1.png" alt="India harbour picture"/>"#));
    assert!(
        chapter.contains(r#"<a href="https://example.com/log?a=1&amp;b=2">lighthouse log</a>"#)
    );
    assert!(chapter.contains("<strong>boldly</strong>") && chapter.contains("<em>quietly</em>"));
    assert!(
        chapter.contains(r#"<span class="small-caps">smallcaps</span>"#)
            && chapter.contains("<s>struck</s>")
    );
    assert!(chapter.contains(r#"<ol start="3">"#) && chapter.contains(r#"<p class="center">"#));
    assert!(!chapter.contains("Quebec"), "comments are left out");

    let mut all = String::new();
    for i in 1..=2 {
        all.push_str(&xml_text(&text_of(
            &files,
            &format!("OEBPS/chapter-{i}.xhtml"),
        )));
    }
    assert_words_in_order(&body_words(&sample()), &all, "epub");
    assert_eq!(
        bytes,
        epub::write(&sample(), &ebook(Some(0)), ID, MODIFIED).unwrap(),
        "deterministic"
    );
}

#[test]
fn the_sample_passes_epubcheck() {
    let bytes = epub::write(&sample(), &ebook(Some(0)), ID, MODIFIED).unwrap();
    assert_epubcheck_passes(&bytes, "sample");
}

#[test]
fn a_manuscript_with_no_titles_notes_or_chapters_passes_epubcheck() {
    let options = ExportOptions {
        chapter_titles: false,
        subchapter_titles: false,
        footnotes: false,
        ..ExportOptions::default()
    };
    let mut m = sample();
    m.title.clear();
    m.author.clear();
    m.chapters[1].title.clear();
    // A WebP image is left out (not a core media type for epubcheck 4); its description stays.
    m.images[0].content_type = "image/webp".into();
    let bytes = epub::write(&m, &options, ID, MODIFIED).unwrap();
    let files = unzip(&bytes);
    assert!(!files.keys().any(|k| k.contains("images/")));
    let chapter = text_of(&files, "OEBPS/chapter-1.xhtml");
    assert!(chapter.contains(r#"<p class="image-alt">India harbour picture</p>"#));
    assert!(
        !chapter.contains("<h1>") && !chapter.contains("noteref") && !chapter.contains("Oscar")
    );
    assert!(
        text_of(&files, "OEBPS/nav.xhtml").contains(r#"<a href="chapter-2.xhtml">Chapter 2</a>"#)
    );
    assert_epubcheck_passes(&bytes, "bare");

    let empty = epub::write(&Default::default(), &ExportOptions::default(), ID, MODIFIED).unwrap();
    assert_epubcheck_passes(&empty, "empty");
}

#[test]
fn hostile_text_stays_text_and_passes_epubcheck() {
    let bytes = epub::write(&hostile(), &ebook(None), ID, MODIFIED).unwrap();
    let files = unzip(&bytes);
    let mut all = String::new();
    for (name, data) in &files {
        if name.ends_with(".xhtml") || name.ends_with(".opf") {
            all.push_str(&xml_text(std::str::from_utf8(data).unwrap()));
        }
    }
    let text = squash(&all);
    for h in HOSTILE {
        assert!(text.contains(&survivor(h)), "{h:?} in {text}");
    }
    for s in [
        "Title </w:t> <script> & ]]>",
        "Author \"<i>\" & Co",
        "Chapter <h1> & </title>",
        "note </w:footnote> <a href=x> &amp;",
        "linked <b>text</b>",
    ] {
        assert!(text.contains(s), "{s:?} in {text}");
    }
    let chapter = text_of(&files, "OEBPS/chapter-1.xhtml");
    assert!(!chapter.contains("<script") && !chapter.contains("<b>"));
    assert!(chapter.contains(r#"<a href="https://example.com/?q=%22%3E%3Cscript%3E">"#));
    assert_epubcheck_passes(&bytes, "hostile");
}

#[test]
fn the_identifier_and_time_are_checked() {
    let m = sample();
    assert!(matches!(
        epub::write(&m, &ExportOptions::default(), " ", MODIFIED),
        Err(ExportError::MissingIdentifier)
    ));
    assert!(matches!(
        epub::write(&m, &ExportOptions::default(), ID, "yesterday"),
        Err(ExportError::Modified(_))
    ));
    let files = unzip(
        &epub::write(
            &m,
            &ExportOptions::default(),
            ID,
            "2026-11-27T13:40:05.250+00:00",
        )
        .unwrap(),
    );
    assert!(text_of(&files, "OEBPS/content.opf").contains(">2026-11-27T13:40:05Z</meta>"));
    assert!(text_of(&files, "OEBPS/content.opf").contains("<dc:language>en</dc:language>"));
}
