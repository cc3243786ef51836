//! What the writer tests share: a manuscript with every block, mark, note and image, hostile
//! text that must come out as text, the words a manuscript must show in order, XML text
//! extraction, and the document tools (found, or a failure in CI).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use quick_xml::Reader;
use quick_xml::events::Event;
use quire_formats::model::*;

/// A real 4 × 2 PNG.
pub const PNG: [u8; 73] = [
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 4, 0, 0, 0, 2, 8, 2, 0,
    0, 0, 240, 202, 234, 52, 0, 0, 0, 16, 73, 68, 65, 84, 120, 156, 99, 56, 33, 39, 7, 71, 12, 200,
    28, 0, 111, 10, 8, 33, 6, 165, 210, 118, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
];

/// Text that must never become markup in any format, each in a paragraph of its own.
pub const HOSTILE: [&str; 11] = [
    "</w:t></w:r><w:r><w:t>injected run",
    "<script>alert('owned')</script> after script",
    "]]> <![CDATA[ inside ]]> cdata",
    "&amp; &lt; &#x41; & alone",
    "tab\there and\u{0}nul",
    "bell\u{7}escape\u{1b}vertical\u{b}nonchar\u{fffe}end",
    "שלום עולם مرحبا بالعالم rtl",
    "emoji 🙂 family 👩‍👩‍👧 flag 🏳️‍🌈",
    "*not bold* _not italic_ `not code` # hash [not](http://evil.test) ![no](x.png) | pipe ~~no~~",
    "1986. A year \\ backslash {{braces}} $dollars$",
    "- not a list\n+ nor this",
];

fn text(t: &str) -> Inline {
    Inline::Text {
        text: t.to_owned(),
        marks: Marks::default(),
    }
}

fn marked(t: &str, marks: Marks) -> Inline {
    Inline::Text {
        text: t.to_owned(),
        marks,
    }
}

fn para(inlines: Vec<Inline>) -> Block {
    Block::Paragraph(Paragraph {
        align: Align::Left,
        inlines,
    })
}

fn plain(t: &str) -> Block {
    Block::Paragraph(Paragraph::plain(t))
}

/// A manuscript with every kind of block, mark, note and an image.
pub fn sample() -> Manuscript {
    let comment = Marks {
        comments: vec!["c1".into()],
        ..Marks::default()
    };
    let first = Body {
        blocks: vec![
            para(vec![
                text("Alpha opens the harbour "),
                marked(
                    "boldly",
                    Marks {
                        bold: true,
                        ..Marks::default()
                    },
                ),
                text(" and "),
                marked(
                    "quietly",
                    Marks {
                        italic: true,
                        ..Marks::default()
                    },
                ),
                text(" with "),
                marked(
                    "underlined",
                    Marks {
                        underline: true,
                        ..Marks::default()
                    },
                ),
                text(", "),
                marked(
                    "struck",
                    Marks {
                        strike: true,
                        ..Marks::default()
                    },
                ),
                text(" and "),
                marked(
                    "smallcaps",
                    Marks {
                        small_caps: true,
                        ..Marks::default()
                    },
                ),
                text(" words."),
                Inline::FootnoteRef { id: "n1".into() },
            ]),
            para(vec![
                text("Bravo reads the "),
                marked(
                    "lighthouse log",
                    Marks {
                        link: Some("https://example.com/log?a=1&b=2".into()),
                        ..Marks::default()
                    },
                ),
                text(" before "),
                marked("commented words", comment.clone()),
                text(" then"),
                Inline::HardBreak,
                text("breaks the line."),
            ]),
            Block::Heading {
                level: 1,
                paragraph: Paragraph::plain("Charlie heading inside"),
            },
            Block::BlockQuote {
                blocks: vec![plain("Delta quoted line.")],
            },
            Block::List {
                ordered: false,
                start: 1,
                items: vec![
                    vec![plain("Echo bullet one")],
                    vec![
                        plain("Foxtrot bullet two"),
                        Block::List {
                            ordered: true,
                            start: 3,
                            items: vec![
                                vec![plain("Golf numbered three")],
                                vec![plain("Hotel numbered four")],
                            ],
                        },
                    ],
                ],
            },
            Block::SceneBreak,
            Block::Image {
                image: 0,
                alt: "India harbour picture".into(),
            },
            Block::Table {
                rows: vec![
                    vec![vec![plain("Juliet cell")], vec![plain("Kilo cell")]],
                    vec![vec![plain("Lima cell")], vec![plain("Mike cell")]],
                ],
            },
            Block::PageBreak,
            Block::Paragraph(Paragraph {
                align: Align::Center,
                inlines: vec![text("November centred ends.")],
            }),
        ],
        footnotes: vec![Footnote {
            id: "n1".into(),
            text: "Oscar footnote text.".into(),
        }],
        comments: vec![CommentThread {
            id: "c1".into(),
            author_name: "Papa Reviewer".into(),
            created_at: "2026-03-04T05:06:07Z".into(),
            body: "Quebec comment body.".into(),
            resolved: false,
            replies: vec![CommentReply {
                author_name: "Romeo Author".into(),
                created_at: "2026-03-05T06:07:08Z".into(),
                body: "Sierra reply body.".into(),
            }],
        }],
    };
    let scene = Chapter {
        title: "Tango Night Watch".into(),
        body: Body {
            blocks: vec![para(vec![
                text("Uniform keeps watch."),
                Inline::FootnoteRef { id: "n2".into() },
            ])],
            footnotes: vec![Footnote {
                id: "n2".into(),
                text: "Victor second note.".into(),
            }],
            comments: vec![],
        },
        subchapters: vec![],
    };
    let second = Chapter {
        title: "Whiskey Departure".into(),
        body: Body {
            blocks: vec![
                plain("Xray leaves at dawn."),
                plain("Yankee waves; Zulu stays."),
            ],
            ..Body::default()
        },
        subchapters: vec![],
    };
    Manuscript {
        title: "The Lighthouse Keeper".into(),
        author: "Ana María Ortega".into(),
        chapters: vec![
            Chapter {
                title: "Arrival".into(),
                body: first,
                subchapters: vec![scene],
            },
            second,
        ],
        images: vec![Image {
            content_type: "image/png".into(),
            name: "harbour.png".into(),
            bytes: PNG.to_vec(),
        }],
    }
}

/// A manuscript of hostile text: in the title, the author, a chapter title, paragraphs, a
/// footnote, a comment and a link.
pub fn hostile() -> Manuscript {
    let mut blocks: Vec<Block> = HOSTILE.iter().map(|h| plain(h)).collect();
    blocks.push(para(vec![
        marked(
            "linked <b>text</b>",
            Marks {
                link: Some("https://example.com/?q=\"><script>".into()),
                comments: vec!["evil".into()],
                ..Marks::default()
            },
        ),
        Inline::FootnoteRef { id: "f".into() },
    ]));
    Manuscript {
        title: "Title </w:t> <script> & ]]>".into(),
        author: "Author \"<i>\" & Co".into(),
        chapters: vec![Chapter {
            title: "Chapter <h1> & </title>".into(),
            body: Body {
                blocks,
                footnotes: vec![Footnote {
                    id: "f".into(),
                    text: "note </w:footnote> <a href=x> &amp;".into(),
                }],
                comments: vec![CommentThread {
                    id: "evil".into(),
                    author_name: "Evil \"/><w:b/>".into(),
                    created_at: "2026-01-01T00:00:00Z\"/>".into(),
                    body: "comment </w:comment> <script>".into(),
                    ..CommentThread::default()
                }],
            },
            subchapters: vec![],
        }],
        images: vec![],
    }
}

/// What survives of `s` as text: XML-forbidden characters dropped, whitespace collapsed.
pub fn survivor(s: &str) -> String {
    let kept: String = s
        .chars()
        .filter(|&c| matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..))
        .collect();
    squash(&kept)
}

/// Whitespace runs as one space.
pub fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Lower-case words (letters and digits).
pub fn words(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// The words of the chapters' titles and blocks, in reading order.
pub fn body_words(m: &Manuscript) -> Vec<String> {
    fn blocks(bs: &[Block], out: &mut String) {
        for b in bs {
            match b {
                Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
                    out.push_str(&p.text());
                    out.push('\n');
                }
                Block::BlockQuote { blocks: inner } => blocks(inner, out),
                Block::List { items, .. } => items.iter().for_each(|i| blocks(i, out)),
                Block::Table { rows } => rows.iter().flatten().for_each(|c| blocks(c, out)),
                Block::Image { .. } | Block::PageBreak | Block::SceneBreak => {}
            }
        }
    }
    let mut text = String::new();
    for c in m.sections() {
        text.push_str(&c.title);
        text.push('\n');
        blocks(&c.body.blocks, &mut text);
    }
    words(&survivor(&text))
}

/// Asserts `expected` words appear in `actual`'s words in the same order.
pub fn assert_words_in_order(expected: &[String], actual: &str, what: &str) {
    let got = words(actual);
    let mut it = got.iter();
    for (i, w) in expected.iter().enumerate() {
        assert!(
            it.any(|g| g == w),
            "{what}: word {i} {w:?} missing or out of order (after {:?})",
            &expected[i.saturating_sub(5)..i]
        );
    }
}

/// The entries of a zip archive, in archive order.
pub fn unzip(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).expect("a zip archive");
    let mut out = BTreeMap::new();
    for i in 0..zip.len() {
        let mut f = zip.by_index(i).expect("an entry");
        let mut data = Vec::new();
        f.read_to_end(&mut data).expect("readable");
        out.insert(f.name().expect("a name").into_owned(), data);
    }
    out
}

/// The text of an XML document, entities resolved; a line break after each paragraph-like
/// element and for `w:br`/`br`, a tab for `w:tab`. Panics on malformed XML.
pub fn xml_text(xml: &str) -> String {
    xml_text_without(xml, &[])
}

/// [`xml_text`] leaving out the content of the `skip` elements.
pub fn xml_text_without(xml: &str, skip: &[&str]) -> String {
    let mut reader = Reader::from_str(xml);
    let mut out = String::new();
    let mut skipping = 0usize;
    loop {
        let event = reader
            .read_event()
            .unwrap_or_else(|e| panic!("well-formed XML: {e}\n{xml}"));
        match &event {
            Event::Start(e) if skipping > 0 || skip.contains(&e.name().as_ref()) => {
                skipping += 1;
                continue;
            }
            Event::End(_) if skipping > 0 => {
                skipping -= 1;
                continue;
            }
            Event::Eof => {}
            _ if skipping > 0 => continue,
            _ => {}
        }
        match event {
            Event::Eof => break,
            Event::Text(t) => out.push_str(&t),
            Event::CData(c) => out.push_str(&c),
            Event::GeneralRef(r) => {
                if let Some(c) = r.resolve_char_ref().expect("a character reference") {
                    out.push(c);
                } else {
                    out.push_str(match &*r {
                        "amp" => "&",
                        "lt" => "<",
                        "gt" => ">",
                        "quot" => "\"",
                        "apos" => "'",
                        other => panic!("unknown entity {other}"),
                    });
                }
            }
            Event::Empty(e) => match e.name().as_ref() {
                "w:tab" | "text:tab" => out.push('\t'),
                "w:br" | "br" | "text:line-break" => out.push('\n'),
                "text:s" => out.push(' '),
                _ => {}
            },
            Event::End(e) => {
                if matches!(
                    e.name().as_ref(),
                    "w:p"
                        | "text:p"
                        | "text:h"
                        | "dc:creator"
                        | "dc:date"
                        | "p"
                        | "h1"
                        | "h2"
                        | "h3"
                        | "h4"
                        | "h5"
                        | "h6"
                        | "li"
                        | "td"
                        | "title"
                        | "text"
                        | "paragraph"
                        | "heading"
                ) {
                    out.push('\n');
                }
            }
            _ => {}
        }
    }
    out
}

/// The document's AST as cmark-gfm's XML, front matter left aside as GitHub does.
pub fn cmark_xml(md: &str) -> Option<String> {
    let cmd = tool("cmark-gfm", &["--version"])?;
    let body = match md.strip_prefix("---\n") {
        Some(rest) => &rest[rest.find("\n---\n").expect("the front matter's end") + 5..],
        None => md,
    };
    let mut child = Command::new(&cmd[0])
        .args([
            "-t",
            "xml",
            "-e",
            "table",
            "-e",
            "strikethrough",
            "-e",
            "footnotes",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("cmark-gfm runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(body.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    // Its XML renderer names the footnote nodes `<unknown>`, which is not XML: name them.
    let xml = String::from_utf8(out.stdout)
        .unwrap()
        .replace("<<unknown> />", "<footnote_reference />")
        .replace("<<unknown>>", "<footnote_definition>")
        .replace("</<unknown>>", "</footnote_definition>");
    Some(xml)
}

/// A document tool, if installed. When it is missing: a failure under `CI=true` (the set-up
/// installs it there), else `None` and a note that the check was skipped.
pub fn tool(name: &str, probe: &[&str]) -> Option<Vec<String>> {
    let works = |cmd: &[String]| {
        Command::new(&cmd[0])
            .args(&cmd[1..])
            .args(probe)
            .output()
            .is_ok_and(|o| {
                // epubcheck's `--version` exits with 1 ("no file specified") but names itself.
                let said = format!(
                    "{}{}",
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                );
                o.status.success() || said.to_lowercase().contains(&name.to_lowercase())
            })
    };
    let mut candidates = Vec::new();
    if name == "epubcheck" {
        // Debian's epubcheck is an executable jar, which runs by itself only where binfmt_misc
        // is set up; run through java, with the quick JIT a short check wants.
        candidates.push(
            [
                "java",
                "-XX:TieredStopAtLevel=1",
                "-XX:+UseSerialGC",
                "-jar",
                "/usr/share/java/epubcheck.jar",
            ]
            .map(String::from)
            .to_vec(),
        );
    }
    candidates.push(vec![name.to_owned()]);
    if let Some(found) = candidates.into_iter().find(|c| works(c)) {
        return Some(found);
    }
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{name} is not installed: scripts/ensure-doc-tools.sh installs it");
    }
    eprintln!("{name} is not installed: its check was skipped");
    None
}

/// A fresh scratch directory under the system's temporary directory.
pub fn scratch(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("quire-write-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}
