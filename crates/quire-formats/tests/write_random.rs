//! Random manuscripts (a fixed-seed generator: the same cases every run) through every writer:
//! no panic, every XML part well-formed, and every paragraph's text found as text.

mod write_support;

use quire_formats::model::*;
use quire_formats::options::{Ebook, ExportOptions, PageSetup, Preset};
use quire_formats::{docx, epub, markdown, text};
use write_support::*;

/// xorshift64*: small, deterministic, good enough to pick cases.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// A word from a pool of ordinary, markup-like, control and far-plane characters.
    fn word(&mut self) -> String {
        const POOL: &[&str] = &[
            "a", "é", "ß", "ж", "中", "ש", "ع", "🙂", "‍", "<", ">", "&", "\"", "'", "]]>", "*",
            "_", "`", "#", "[", "]", "(", ")", "|", "~", "\\", "!", "$", "-", "+", "1.", "\u{0}",
            "\u{1}", "\u{b}", "\u{1f}", "\u{7f}", "\u{fffe}", "\u{ffff}", "\u{feff}", "\u{200f}",
            "\t", "&amp;", "<w:t>", "</w:p>",
        ];
        let len = 1 + self.below(6);
        (0..len).map(|_| POOL[self.below(POOL.len())]).collect()
    }

    fn sentence(&mut self) -> String {
        let n = 1 + self.below(8);
        (0..n).map(|_| self.word()).collect::<Vec<_>>().join(" ")
    }
}

fn paragraph(rng: &mut Rng, notes: &mut Vec<Footnote>, threads: &[String]) -> Paragraph {
    let mut inlines = Vec::new();
    for _ in 0..1 + rng.below(4) {
        match rng.below(10) {
            0 => inlines.push(Inline::HardBreak),
            1 => {
                let id = format!("n{}", notes.len());
                notes.push(Footnote {
                    id: id.clone(),
                    text: rng.sentence(),
                });
                inlines.push(Inline::FootnoteRef { id });
            }
            _ => {
                let marks = Marks {
                    bold: rng.chance(20),
                    italic: rng.chance(20),
                    underline: rng.chance(10),
                    strike: rng.chance(10),
                    small_caps: rng.chance(10),
                    link: rng
                        .chance(10)
                        .then(|| format!("https://example.com/{}", rng.word())),
                    comments: if !threads.is_empty() && rng.chance(20) {
                        vec![threads[rng.below(threads.len())].clone()]
                    } else {
                        vec![]
                    },
                };
                inlines.push(Inline::Text {
                    text: rng.sentence(),
                    marks,
                });
            }
        }
    }
    Paragraph {
        align: [Align::Left, Align::Center, Align::Right, Align::Justify][rng.below(4)],
        inlines,
    }
}

fn blocks(
    rng: &mut Rng,
    depth: usize,
    notes: &mut Vec<Footnote>,
    threads: &[String],
) -> Vec<Block> {
    let mut out = Vec::new();
    for _ in 0..1 + rng.below(5) {
        let kind = if depth > 2 { 0 } else { rng.below(9) };
        out.push(match kind {
            1 => Block::Heading {
                level: 1 + rng.below(5) as u8,
                paragraph: paragraph(rng, notes, threads),
            },
            2 => Block::BlockQuote {
                blocks: blocks(rng, depth + 1, notes, threads),
            },
            3 => Block::List {
                ordered: rng.chance(50),
                start: rng.below(5) as u32,
                items: (0..rng.below(4))
                    .map(|_| blocks(rng, depth + 1, notes, threads))
                    .collect(),
            },
            4 => Block::PageBreak,
            5 => Block::SceneBreak,
            6 => Block::Image {
                image: rng.below(3),
                alt: rng.sentence(),
            },
            7 => Block::Table {
                rows: (0..rng.below(3))
                    .map(|_| {
                        (0..rng.below(3))
                            .map(|_| blocks(rng, depth + 1, notes, threads))
                            .collect()
                    })
                    .collect(),
            },
            _ => Block::Paragraph(paragraph(rng, notes, threads)),
        });
    }
    out
}

fn manuscript(rng: &mut Rng) -> Manuscript {
    let chapter = |rng: &mut Rng| {
        let threads: Vec<String> = (0..rng.below(3)).map(|i| format!("t{i}")).collect();
        let mut notes = Vec::new();
        let blocks = blocks(rng, 0, &mut notes, &threads);
        let comments = threads
            .iter()
            .map(|id| CommentThread {
                id: id.clone(),
                author_name: rng.sentence(),
                created_at: rng.sentence(),
                body: rng.sentence(),
                resolved: rng.chance(50),
                replies: vec![CommentReply {
                    author_name: rng.sentence(),
                    created_at: "2026-01-02T03:04:05Z".into(),
                    body: rng.sentence(),
                }],
            })
            .collect();
        Chapter {
            title: rng.sentence(),
            body: Body {
                blocks,
                footnotes: notes,
                comments,
            },
            subchapters: vec![],
        }
    };
    let mut chapters = Vec::new();
    for _ in 0..1 + rng.below(3) {
        let mut c = chapter(rng);
        c.subchapters = (0..rng.below(3)).map(|_| chapter(rng)).collect();
        chapters.push(c);
    }
    Manuscript {
        title: rng.sentence(),
        author: rng.sentence(),
        chapters,
        images: vec![
            Image {
                content_type: "image/png".into(),
                name: "a.png".into(),
                bytes: PNG.to_vec(),
            },
            Image {
                content_type: "image/jpeg".into(),
                name: "b.jpg".into(),
                bytes: b"not really a jpeg".to_vec(),
            },
        ],
    }
}

/// Every paragraph's and heading's text, as the writers must keep it: cut at the note
/// references when they are written (each format marks them its own way).
fn paragraph_texts(m: &Manuscript, notes: bool) -> Vec<String> {
    fn walk(bs: &[Block], notes: bool, out: &mut Vec<String>) {
        for b in bs {
            match b {
                Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
                    let cut = |i: &Inline| notes && matches!(i, Inline::FootnoteRef { .. });
                    for piece in p.inlines.split(cut) {
                        let piece = Paragraph {
                            align: p.align,
                            inlines: piece.to_vec(),
                        };
                        out.push(survivor(&piece.text()));
                    }
                }
                Block::BlockQuote { blocks } => walk(blocks, notes, out),
                Block::List { items, .. } => items.iter().for_each(|i| walk(i, notes, out)),
                Block::Table { rows } => rows.iter().flatten().for_each(|c| walk(c, notes, out)),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for c in m.sections() {
        walk(&c.body.blocks, notes, &mut out);
    }
    out.retain(|t| !t.is_empty());
    out
}

/// Markdown's text without its marks: an escaped character as a space (it was a separator in
/// the text), the emphasis, strike and link delimiters and link destinations dropped (they
/// join what they separate).
fn unmark(md: &str) -> String {
    // The front matter is YAML, not Markdown: left out.
    let mut md = match md.strip_prefix("---\n") {
        Some(rest) => rest[rest.find("\n---\n").expect("its end") + 5..].to_owned(),
        None => md.to_owned(),
    };
    // Link destinations: `](<…>)`, where the writer percent-encodes any `>`.
    while let Some(at) = md.find("](<") {
        let end = at + md[at..].find(">)").expect("a destination's end") + 2;
        md.replace_range(at..end, "");
    }
    let mut out = String::new();
    let mut chars = md.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
                out.push(' ');
            }
            '*' | '~' | '[' => {}
            c => out.push(c),
        }
    }
    out
}

#[test]
fn random_manuscripts_come_out_whole_in_every_format() {
    let mut rng = Rng(0x5eed_cafe_f00d_0001);
    for case in 0..150 {
        let m = manuscript(&mut rng);
        let options = ExportOptions {
            comments: rng.chance(70),
            footnotes: rng.chance(80),
            preset: if rng.chance(50) {
                Preset::default()
            } else {
                Preset::Ebook(Ebook {
                    language: "fr".into(),
                    cover: Some(0),
                })
            },
            ..ExportOptions::default()
        };
        let texts = paragraph_texts(&m, options.footnotes);

        let files = unzip(&docx::write::write(&m, &options, &PageSetup::default()).unwrap());
        let mut doc_text = String::new();
        for (name, data) in &files {
            if name.ends_with(".xml") || name.ends_with(".rels") {
                let t = xml_text(std::str::from_utf8(data).unwrap());
                if name == "word/document.xml" {
                    doc_text = squash(&t);
                }
            }
        }
        for t in &texts {
            assert!(
                doc_text.contains(t.as_str()),
                "case {case}: docx lost {t:?}"
            );
        }

        let files =
            unzip(&epub::write(&m, &options, "urn:uuid:random", "2026-01-01T00:00:00Z").unwrap());
        let mut book = String::new();
        for (name, data) in &files {
            if name.ends_with(".xhtml") || name.ends_with(".opf") || name.ends_with(".xml") {
                book.push_str(&xml_text(std::str::from_utf8(data).unwrap()));
            }
        }
        let book = squash(&book);
        for t in &texts {
            assert!(book.contains(t.as_str()), "case {case}: epub lost {t:?}");
        }

        let plain = squash(&text::write(&m, &options));
        for t in &texts {
            assert!(plain.contains(t.as_str()), "case {case}: text lost {t:?}");
        }
        let md = markdown::write(&m, &options);
        assert!(!md.contains('\u{0}'));
        let expected: Vec<String> = texts.iter().flat_map(|t| words(t)).collect();
        assert_words_in_order(&expected, &unmark(&md), &format!("case {case}: markdown"));
        // Parsed back, nothing of the text became markup: no code, no HTML but the page breaks.
        if let Some(ast) = cmark_xml(&md) {
            for node in ["<code", "<html_inline", "<code_block"] {
                assert!(!ast.contains(node), "case {case}: {node} in\n{md}\n{ast}");
            }
            let breaks = md.matches(markdown::PAGE_BREAK).count();
            assert!(
                ast.matches("<html_block").count() <= breaks,
                "case {case}: HTML in\n{md}\n{ast}"
            );
        }
    }
}

/// A few random manuscripts through the real readers: LibreOffice opens each .docx with its
/// text, epubcheck passes each EPUB.
#[test]
fn random_manuscripts_open_in_libreoffice_and_pass_epubcheck() {
    let mut rng = Rng(0x5eed_cafe_f00d_0002);
    let dir = scratch("random");
    let mut cases = Vec::new();
    for case in 0..2 {
        let m = manuscript(&mut rng);
        let options = ExportOptions {
            comments: true,
            ..ExportOptions::default()
        };
        let docx = dir.join(format!("case{case}.docx"));
        std::fs::write(
            &docx,
            docx::write::write(&m, &options, &PageSetup::default()).unwrap(),
        )
        .unwrap();
        let ebook = ExportOptions {
            preset: Preset::Ebook(Ebook {
                language: "en".into(),
                cover: Some(0),
            }),
            ..options
        };
        let id = "urn:uuid:2f1d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b";
        std::fs::write(
            dir.join(format!("case{case}.epub")),
            epub::write(&m, &ebook, id, "2026-01-01T00:00:00Z").unwrap(),
        )
        .unwrap();
        cases.push((docx, paragraph_texts(&m, true)));
    }
    if let Some(soffice) = tool("soffice", &["--version"]) {
        let out = std::process::Command::new(&soffice[0])
            .arg(format!(
                "-env:UserInstallation=file://{}/profile",
                dir.display()
            ))
            .args(["--headless", "--convert-to", "odt", "--outdir"])
            .arg(&dir)
            .args(cases.iter().map(|(docx, _)| docx))
            .output()
            .expect("soffice runs");
        for (docx, texts) in &cases {
            let odt = std::fs::read(docx.with_extension("odt")).unwrap_or_else(|_| {
                panic!(
                    "LibreOffice did not open {}: {}",
                    docx.display(),
                    String::from_utf8_lossy(&out.stderr)
                )
            });
            // Comments sit inside the text they are anchored to: left out.
            let xml = String::from_utf8(unzip(&odt)["content.xml"].clone()).unwrap();
            let content = squash(&xml_text_without(&xml, &["office:annotation"]));
            for t in texts {
                assert!(
                    content.contains(t.as_str()),
                    "LibreOffice lost {t:?} of {}",
                    docx.display()
                );
            }
        }
    }
    if let Some(epubcheck) = tool("epubcheck", &["--version"]) {
        for case in 0..cases.len() {
            let file = dir.join(format!("case{case}.epub"));
            let out = std::process::Command::new(&epubcheck[0])
                .args(&epubcheck[1..])
                .arg(&file)
                .output()
                .expect("epubcheck runs");
            let report = String::from_utf8_lossy(&out.stdout).into_owned()
                + &String::from_utf8_lossy(&out.stderr);
            assert!(
                report.contains("No errors or warnings detected"),
                "epubcheck on case {case}:\n{report}"
            );
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}
