//! The PDF export end to end: each preset's PDF, read back with `pdftotext`, holds every word
//! of the manuscript in order, the standard manuscript's header and title page are right, no
//! manuscript text can act as typst markup, and odd manuscripts still typeset.

mod support;

use quire_formats::model::{
    Align, Block, Body, Chapter, CommentThread, Footnote, Image, Inline, Manuscript, Marks,
    Paragraph,
};
use quire_formats::options::{
    Ebook, ExportOptions, ManuscriptFont, PageSetup, Paper, Preset, StandardManuscript,
    TradePaperback, Trim,
};
use quire_typeset::{about_words, manuscript_words, pdf};
use support::{novel, pdf_text, words_of};

fn presets() -> Vec<(&'static str, Preset)> {
    vec![
        ("standard, Times", Preset::default()),
        (
            "standard, Courier",
            Preset::StandardManuscript(StandardManuscript {
                font: ManuscriptFont::Courier,
                contact: vec!["Ana Maria Quill".into(), "ana@example.com".into()],
                surname: String::new(),
            }),
        ),
        (
            "paperback 6x9",
            Preset::TradePaperback(TradePaperback::default()),
        ),
        (
            "paperback 5x8",
            Preset::TradePaperback(TradePaperback {
                trim: Trim::FiveByEight,
                font_size_pt: 10.0,
                running_heads: true,
            }),
        ),
        ("ebook", Preset::Ebook(Ebook::default())),
    ]
}

fn export(m: &Manuscript, preset: Preset) -> Vec<u8> {
    let options = ExportOptions {
        preset,
        ..ExportOptions::default()
    };
    pdf(m, &options, &PageSetup::default()).expect("the manuscript typesets")
}

fn text(s: &str) -> Inline {
    Inline::Text {
        text: s.into(),
        marks: Marks::default(),
    }
}

fn marked(s: &str, marks: Marks) -> Inline {
    Inline::Text {
        text: s.into(),
        marks,
    }
}

fn para(inlines: Vec<Inline>) -> Block {
    Block::Paragraph(Paragraph {
        align: Align::Left,
        inlines,
    })
}

/// A short manuscript using every kind of block and mark the model has.
fn showcase() -> Manuscript {
    let mut m = novel(1_200, 2);
    let body = &mut m.chapters[0].body;
    body.blocks.push(Block::Heading {
        level: 1,
        paragraph: Paragraph::plain("Inner heading words"),
    });
    body.blocks.push(para(vec![
        marked(
            "boldword ",
            Marks {
                bold: true,
                ..Marks::default()
            },
        ),
        marked(
            "underlined ",
            Marks {
                underline: true,
                ..Marks::default()
            },
        ),
        marked(
            "struck ",
            Marks {
                strike: true,
                ..Marks::default()
            },
        ),
        marked(
            "smallcapsword ",
            Marks {
                small_caps: true,
                ..Marks::default()
            },
        ),
        marked(
            "linkword",
            Marks {
                link: Some("https://example.com/a?b=c".into()),
                comments: vec!["c1".into()],
                ..Marks::default()
            },
        ),
        Inline::HardBreak,
        text("after break"),
    ]));
    body.blocks.push(Block::BlockQuote {
        blocks: vec![para(vec![text("quoted words inside")])],
    });
    body.blocks.push(Block::List {
        ordered: false,
        start: 1,
        items: vec![
            vec![para(vec![text("bullet one")])],
            vec![para(vec![text("bullet two")])],
        ],
    });
    body.blocks.push(Block::List {
        ordered: true,
        start: 3,
        items: vec![vec![para(vec![text("numbered three")])]],
    });
    body.blocks.push(Block::Table {
        rows: vec![
            vec![
                vec![para(vec![text("cellone")])],
                vec![para(vec![text("celltwo")])],
            ],
            vec![vec![para(vec![text("cellthree")])]],
        ],
    });
    body.blocks.push(Block::PageBreak);
    body.blocks.push(Block::Paragraph(Paragraph {
        align: Align::Center,
        inlines: vec![text("centred closing line")],
    }));
    body.comments.push(CommentThread {
        id: "c1".into(),
        author_name: "Editor".into(),
        body: "secretcommentbody".into(),
        ..CommentThread::default()
    });
    m.chapters[1].subchapters.push(Chapter {
        title: "A Subchapter".into(),
        body: Body {
            blocks: vec![para(vec![text("subchapter text goes here")])],
            ..Body::default()
        },
        subchapters: Vec::new(),
    });
    m
}

/// The words of the manuscript's titles and bodies in reading order (footnotes apart: they
/// print at the foot of the page).
fn model_words(m: &Manuscript) -> Vec<String> {
    fn blocks(out: &mut String, bs: &[Block]) {
        for b in bs {
            match b {
                Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
                    out.push_str(&p.text());
                    out.push('\n');
                }
                Block::BlockQuote { blocks: inner } => blocks(out, inner),
                Block::List { items, .. } => items.iter().for_each(|i| blocks(out, i)),
                // pdftotext may read a table by columns: its cells are checked on their own.
                _ => {}
            }
        }
    }
    let mut out = String::new();
    for section in m.sections() {
        out.push_str(&section.title);
        out.push('\n');
        blocks(&mut out, &section.body.blocks);
    }
    words_of(&out)
}

/// Where `expected` stops being a subsequence of `actual`, if it does.
fn missing_in_order(expected: &[String], actual: &[String]) -> Option<String> {
    let mut at = 0;
    for (i, word) in expected.iter().enumerate() {
        match actual[at..].iter().position(|w| w == word) {
            Some(found) => at += found + 1,
            None => {
                let from = i.saturating_sub(5);
                return Some(format!("{:?} (after {:?})", word, &expected[from..i]));
            }
        }
    }
    None
}

#[test]
fn every_preset_prints_every_word_of_the_manuscript_in_order() {
    let m = showcase();
    let expected = model_words(&m);
    for (name, preset) in presets() {
        let bytes = export(&m, preset);
        assert!(bytes.starts_with(b"%PDF-"), "{name}: not a PDF");
        let Some(text) = pdf_text(&bytes, None) else {
            return;
        };
        let actual = words_of(&text);
        if let Some(missing) = missing_in_order(&expected, &actual) {
            panic!("{name}: the PDF lacks {missing}");
        }
        for footnote in ["footnote of chapter 1", "footnote of chapter 2"] {
            assert!(
                words_of(&text).join(" ").contains(footnote),
                "{name}: no footnote {footnote:?}"
            );
        }
        assert!(
            !text.contains("secretcommentbody"),
            "{name}: a comment was printed"
        );
    }
}

#[test]
fn the_standard_manuscript_header_reads_surname_title_page_from_page_two() {
    let m = novel(3_000, 3);
    let bytes = export(&m, Preset::default());
    let Some(first) = pdf_text(&bytes, Some((1, 1))) else {
        return;
    };
    assert!(
        !first.contains("Quill / THE LONG WAY"),
        "a header on the title page: {first}"
    );
    let second = pdf_text(&bytes, Some((2, 2))).unwrap();
    assert!(
        second.contains("Quill / THE LONG WAY / 2"),
        "page 2 reads: {second}"
    );
    let third = pdf_text(&bytes, Some((3, 3))).unwrap();
    assert!(
        third.contains("Quill / THE LONG WAY / 3"),
        "page 3 reads: {third}"
    );
}

#[test]
fn a_chosen_surname_replaces_the_last_word_of_the_author() {
    let m = novel(800, 1);
    let preset = Preset::StandardManuscript(StandardManuscript {
        surname: "Quill-Márquez".into(),
        ..StandardManuscript::default()
    });
    let Some(second) = pdf_text(&export(&m, preset), Some((2, 2))) else {
        return;
    };
    assert!(
        second.contains("Quill-Márquez / THE LONG WAY / 2"),
        "page 2 reads: {second}"
    );
}

#[test]
fn the_title_page_has_the_contact_block_the_rounded_word_count_title_and_byline() {
    let m = novel(11_500, 4);
    let words = manuscript_words(&m);
    assert!((11_500..12_500).contains(&words), "{words} words");
    let preset = Preset::StandardManuscript(StandardManuscript {
        contact: vec![
            "Ana Maria Quill".into(),
            "12 Mill Lane".into(),
            "ana@example.com".into(),
        ],
        ..StandardManuscript::default()
    });
    let Some(first) = pdf_text(&export(&m, preset), Some((1, 1))) else {
        return;
    };
    assert_eq!(about_words(words), "about 12,000 words");
    for line in [
        "12 Mill Lane",
        "ana@example.com",
        "about 12,000 words",
        "The Long Way",
        "by Ana Maria Quill",
    ] {
        assert!(
            first.contains(line),
            "the title page lacks {line:?}: {first}"
        );
    }
    assert!(!first.contains("tok1 "), "the text began on the title page");
}

#[test]
fn manuscript_text_is_never_read_as_typst_markup() {
    let hostile = [
        "#import \"x\"",
        "#set page(width: 1cm)",
        "#pagebreak()",
        "a ] bracket",
        "$x^2$",
        "back\\slash",
        "@label",
        "<tag>",
        "*bold*",
        "_under_",
        "// comment",
        "/* block */",
        "#{ panic() }",
        "= heading",
    ];
    let all = hostile.join(" ");
    let mut m = novel(400, 1);
    m.title = format!("T {all}");
    m.author = format!("A {}", hostile[0]);
    let chapter = &mut m.chapters[0];
    chapter.title = format!("C {all}");
    chapter.body.blocks.insert(0, para(vec![text(&all)]));
    chapter.body.blocks.insert(
        1,
        para(vec![marked(
            &all,
            Marks {
                bold: true,
                link: Some("https://example.com/\"]#x".into()),
                ..Marks::default()
            },
        )]),
    );
    chapter.body.blocks.push(para(vec![
        text("noted"),
        Inline::FootnoteRef { id: "evil".into() },
    ]));
    chapter.body.footnotes.push(Footnote {
        id: "evil".into(),
        text: format!("F {all}"),
    });
    for (name, preset) in presets() {
        let bytes = export(&m, preset);
        let Some(text) = pdf_text(&bytes, None) else {
            return;
        };
        let flat = text.replace("\u{ad}\n", "").replace("-\n", "");
        let flat = flat.split_whitespace().collect::<Vec<_>>().join(" ");
        for snippet in hostile {
            let count = flat.matches(snippet).count();
            assert!(
                count >= 5,
                "{name}: {snippet:?} printed {count} times, not literally: {flat}"
            );
        }
    }
}

#[test]
fn export_options_leave_out_titles_and_footnotes() {
    let m = showcase();
    let options = ExportOptions {
        chapter_titles: false,
        subchapter_titles: false,
        footnotes: false,
        ..ExportOptions::default()
    };
    let bytes = pdf(&m, &options, &PageSetup::default()).unwrap();
    let Some(text) = pdf_text(&bytes, None) else {
        return;
    };
    assert!(!text.contains("Chapter 1"), "a chapter title was printed");
    assert!(
        !text.contains("A Subchapter"),
        "a subchapter title was printed"
    );
    assert!(
        !text.contains("Footnote of chapter"),
        "a footnote was printed"
    );
    assert!(text.contains("subchapter text goes here"));
}

#[test]
fn latin_greek_cyrillic_cjk_and_emoji_text_typesets() {
    let mut m = novel(200, 1);
    let lines = [
        "Crème brûlée, façade, naïve Øresund, Łódź, İstanbul",
        "Καλημέρα κόσμε",
        "Здравствуй, мир",
        "日本語の文章 中文",
        "emoji 📚✍️ 👩🏽‍💻",
    ];
    m.chapters[0].body.blocks = lines.iter().map(|l| para(vec![text(l)])).collect();
    for (name, preset) in presets() {
        let bytes = export(&m, preset);
        let Some(text) = pdf_text(&bytes, None) else {
            return;
        };
        for line in &lines[..3] {
            assert!(text.contains(line), "{name}: {line:?} missing from {text}");
        }
    }
}

/// A 2 × 1 PNG, red and blue.
fn png() -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, 2, 1);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&[255, 0, 0, 0, 0, 255]).unwrap();
    writer.finish().unwrap();
    out
}

#[test]
fn an_empty_chapter_and_a_chapter_of_only_an_image_typeset() {
    let mut m = novel(400, 1);
    m.images.push(Image {
        content_type: "image/png".into(),
        name: "image1.png".into(),
        bytes: png(),
    });
    m.chapters.push(Chapter {
        title: "Empty".into(),
        ..Chapter::default()
    });
    m.chapters.push(Chapter {
        title: "Pictured".into(),
        body: Body {
            blocks: vec![Block::Image {
                image: 0,
                alt: "A red and blue bar".into(),
            }],
            ..Body::default()
        },
        subchapters: Vec::new(),
    });
    m.chapters.push(Chapter::default());
    for (name, preset) in presets() {
        let bytes = export(&m, preset);
        let Some(text) = pdf_text(&bytes, None) else {
            return;
        };
        assert!(
            text.contains("Empty") && text.contains("Pictured"),
            "{name}: {text}"
        );
    }
}

#[test]
fn an_image_typst_cannot_decode_is_left_out_and_the_export_goes_on() {
    let mut m = novel(400, 1);
    m.images.push(Image {
        content_type: "image/png".into(),
        name: "image1.png".into(),
        bytes: b"\x89PNG\r\n\x1a\nthis is not really a png".to_vec(),
    });
    m.images.push(Image {
        content_type: "image/jpeg".into(),
        name: "image2.jpg".into(),
        bytes: b"plain text".to_vec(),
    });
    let blocks = &mut m.chapters[0].body.blocks;
    blocks.insert(
        0,
        Block::Image {
            image: 0,
            alt: String::new(),
        },
    );
    blocks.insert(1, para(vec![text("between the images")]));
    blocks.insert(
        2,
        Block::Image {
            image: 1,
            alt: String::new(),
        },
    );
    blocks.insert(
        3,
        Block::Image {
            image: 7,
            alt: "no such image".into(),
        },
    );
    blocks.insert(4, para(vec![text("after the images")]));
    for (name, preset) in presets() {
        let bytes = export(&m, preset);
        let Some(text) = pdf_text(&bytes, None) else {
            return;
        };
        assert!(
            text.contains("between the images") && text.contains("after the images"),
            "{name}"
        );
    }
}

#[test]
fn the_paperback_has_running_heads_except_on_chapter_openers() {
    let m = novel(6_000, 3);
    let bytes = export(&m, Preset::TradePaperback(TradePaperback::default()));
    let Some(opener) = pdf_text(&bytes, Some((3, 3))) else {
        return;
    };
    assert!(
        opener.contains("Chapter 1"),
        "page 3 opens chapter 1: {opener}"
    );
    assert!(
        !opener.to_lowercase().contains("the long way"),
        "a running head on the opener"
    );
    let verso = pdf_text(&bytes, Some((4, 4))).unwrap().to_lowercase();
    assert!(
        verso.contains("ana maria quill"),
        "the verso's head is the author: {verso}"
    );
    let recto = pdf_text(&bytes, Some((5, 5))).unwrap().to_lowercase();
    assert!(
        recto.contains("the long way"),
        "the recto's head is the title: {recto}"
    );
    assert!(
        verso.trim_end().ends_with('2') && recto.trim_end().ends_with('3'),
        "page numbers"
    );
}

#[test]
fn the_pdf_carries_the_title_and_author_and_an_outline_of_the_chapters() {
    let m = novel(2_000, 3);
    let bytes = export(&m, Preset::default());
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("/Outlines"), "no outline");
    if std::process::Command::new("pdfinfo")
        .arg("-v")
        .output()
        .is_ok()
    {
        let mut file = tempfile::NamedTempFile::new().unwrap();
        std::io::Write::write_all(&mut file, &bytes).unwrap();
        let info = std::process::Command::new("pdfinfo")
            .arg(file.path())
            .output()
            .unwrap();
        let info = String::from_utf8(info.stdout).unwrap();
        assert!(
            info.contains("The Long Way") && info.contains("Ana Maria Quill"),
            "{info}"
        );
    }
}

#[test]
fn the_ebook_preset_follows_the_manuscripts_page_setup() {
    let m = novel(500, 1);
    let page = PageSetup {
        paper: Paper::A4,
        landscape: true,
        margins_mm: [20.0; 4],
    };
    let options = ExportOptions {
        preset: Preset::Ebook(Ebook::default()),
        ..ExportOptions::default()
    };
    let bytes = pdf(&m, &options, &page).unwrap();
    let mut file = tempfile::NamedTempFile::new().unwrap();
    std::io::Write::write_all(&mut file, &bytes).unwrap();
    let Ok(info) = std::process::Command::new("pdfinfo")
        .arg(file.path())
        .output()
    else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "pdfinfo is missing"
        );
        return;
    };
    let info = String::from_utf8(info.stdout).unwrap();
    assert!(
        info.contains("841.89 x 595.276") || info.contains("841.89 x 595.28"),
        "{info}"
    );
}
