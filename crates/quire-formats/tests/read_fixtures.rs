//! The .docx reader over the committed fixtures (scripts/docx-fixtures.py): chapters in order,
//! words, marks, footnotes, comments, images, lists, tables, the ledger and its warnings.

mod read_support;

use quire_formats::ledger::{Tally, Unsupported, Warning};
use quire_formats::model::{Align, Block, Inline};
use read_support::{blocks, import, runs, texts, titles};

fn tally(words: u64, paragraphs: u64, footnotes: u64, comments: u64, images: u64) -> Tally {
    Tally {
        words,
        paragraphs,
        footnotes,
        comments,
        images,
    }
}

fn warning(code: &str, count: u64) -> Warning {
    Warning {
        code: code.to_owned(),
        count,
    }
}

#[test]
fn every_fixture_reads_and_its_ledger_balances_unless_a_warning_explains() {
    for name in read_support::fixture_names() {
        let imported = import(&name, false);
        let ledger = &imported.ledger;
        let explained = |code: &str| ledger.warnings.iter().any(|w| w.code == code);
        if !explained("tracked_changes_accepted") {
            assert_eq!(ledger.found.words, ledger.created.words, "{name}: words");
            assert_eq!(
                ledger.found.paragraphs, ledger.created.paragraphs,
                "{name}: paragraphs"
            );
        }
        if !explained("image_unsupported") && !explained("broken_relationship") {
            assert_eq!(ledger.found.images, ledger.created.images, "{name}: images");
        }
        assert_eq!(
            ledger.found.footnotes, ledger.created.footnotes,
            "{name}: footnotes"
        );
        assert_eq!(
            ledger.found.comments, ledger.created.comments,
            "{name}: comments"
        );
        assert!(ledger.created.words > 0, "{name}: no words");
    }
}

#[test]
fn headings_title_marks_alignment_quotes_scene_breaks_links_lists_page_breaks() {
    let imported = import("headings-marks-lists.docx", false);
    let m = &imported.manuscript;
    assert_eq!(m.title, "The Lighthouse Keeper");
    // Text before the first heading is a first chapter with an empty title.
    assert_eq!(titles(m), ["", "The Storm", "The Keeper", "Landfall"]);
    assert_eq!(
        texts(&m.chapters[0].body.blocks),
        ["A note before the first chapter, for the reader."]
    );
    let storm = &m.chapters[1].body.blocks;
    let marked: Vec<(String, &str)> = runs(storm)
        .into_iter()
        .filter_map(|(text, marks)| {
            let mark = if marks.bold {
                "bold"
            } else if marks.italic {
                "italic"
            } else if marks.underline {
                "underline"
            } else if marks.strike {
                "strike"
            } else if marks.small_caps {
                "small_caps"
            } else {
                return None;
            };
            Some((text, mark))
        })
        .collect();
    // The heading's and the quotes' style formatting is no mark; all-caps is not small caps.
    assert_eq!(
        marked,
        [
            ("bold".to_owned(), "bold"),
            ("italic".to_owned(), "italic"),
            ("underlined".to_owned(), "underline"),
            ("struck".to_owned(), "strike"),
            ("small capitals".to_owned(), "small_caps"),
        ]
    );
    let aligned: Vec<Align> = storm
        .iter()
        .filter_map(|b| match b {
            Block::Paragraph(p) => Some(p.align),
            _ => None,
        })
        .take(4)
        .collect();
    assert_eq!(
        aligned,
        [Align::Left, Align::Center, Align::Right, Align::Justify]
    );
    let headings: Vec<(u8, String)> = storm
        .iter()
        .filter_map(|b| match b {
            Block::Heading { level, paragraph } => Some((*level, paragraph.text())),
            _ => None,
        })
        .collect();
    assert_eq!(
        headings,
        [
            (2, "Below the cliffs".to_owned()),
            (3, "A deeper heading".to_owned())
        ]
    );
    let quote = storm
        .iter()
        .find_map(|b| match b {
            Block::BlockQuote { blocks } => Some(texts(blocks)),
            _ => None,
        })
        .expect("a block quote");
    assert_eq!(
        quote,
        [
            "Something quoted, from an old book.",
            "Something quoted intensely.",
            "An indented extract on both sides."
        ]
    );
    let scene_breaks = storm.iter().filter(|b| **b == Block::SceneBreak).count();
    assert_eq!(scene_breaks, 3, "* * *, # and a centred ⁂");
    let texts_storm = texts(storm);
    assert!(
        texts_storm
            .contains(&"Line one\nline two after a tab, a non\u{2011}breaking hyphen.".to_owned())
    );
    assert!(
        texts_storm.contains(&"Well\u{2011}known symbol Ω".to_owned()),
        "{texts_storm:?}"
    );

    let keeper = &m.chapters[2].body.blocks;
    let links: Vec<(String, Option<String>)> = runs(keeper)
        .into_iter()
        .filter(|(_, marks)| marks.link.is_some())
        .map(|(text, marks)| (text, marks.link))
        .collect();
    assert_eq!(
        links,
        [(
            "the lighthouse list".to_owned(),
            Some("https://example.com/lighthouses".to_owned())
        )],
        "javascript: links are dropped"
    );
    let lists: Vec<&Block> = keeper
        .iter()
        .filter(|b| matches!(b, Block::List { .. }))
        .collect();
    assert_eq!(lists.len(), 2);
    let Block::List {
        ordered: false,
        items,
        ..
    } = lists[0]
    else {
        panic!("a bulleted list first: {:?}", lists[0]);
    };
    assert_eq!(items.len(), 3);
    assert_eq!(texts(&items[1]), ["Second bullet", "Nested bullet"]);
    assert!(matches!(items[1][1], Block::List { ordered: false, .. }));
    let Block::List {
        ordered: true,
        start: 1,
        items,
    } = lists[1]
    else {
        panic!("a numbered list second: {:?}", lists[1]);
    };
    assert_eq!(items.len(), 2);
    let page_break = keeper.iter().position(|b| *b == Block::PageBreak);
    assert_eq!(
        texts(&keeper[page_break.expect("a page break") + 1..]),
        ["A new page begins."]
    );
    assert_eq!(imported.ledger.found, tally(129, 29, 0, 0, 0));
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn h2_as_subchapters_makes_level_two_headings_subchapters() {
    let imported = import("headings-marks-lists.docx", true);
    let storm = &imported.manuscript.chapters[1];
    assert_eq!(storm.title, "The Storm");
    let subs: Vec<&str> = storm.subchapters.iter().map(|s| s.title.as_str()).collect();
    assert_eq!(subs, ["Below the cliffs"]);
    let sub = &storm.subchapters[0].body.blocks;
    assert_eq!(
        texts(&sub[..2]),
        ["The sea rose over the rocks.", "A deeper heading"]
    );
    assert!(matches!(sub[1], Block::Heading { level: 3, .. }));
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn french_heading_names_are_headings() {
    let imported = import("localized-headings-fr.docx", false);
    assert_eq!(titles(&imported.manuscript), ["Le Phare", "La Tempête"]);
    let blocks = &imported.manuscript.chapters[0].body.blocks;
    assert!(
        matches!(&blocks[1], Block::Heading { level: 2, paragraph } if paragraph.text() == "Première scène")
    );
    assert_eq!(imported.ledger.found.words, 23);
}

#[test]
fn spanish_headings_by_name_outline_level_based_on_chain_and_direct_outline() {
    let imported = import("localized-headings-es.docx", true);
    let m = &imported.manuscript;
    assert_eq!(titles(m), ["El faro", "La tormenta", "Directo"]);
    let scenes: Vec<&str> = m.chapters[0]
        .subchapters
        .iter()
        .map(|s| s.title.as_str())
        .collect();
    assert_eq!(scenes, ["Primera escena"], "Escena is based on Título 2");
    assert_eq!(
        texts(&m.chapters[0].subchapters[0].body.blocks),
        ["El guardián subía la escalera."]
    );
    assert_eq!(imported.ledger.created, tally(32, 8, 0, 0, 0));
}

#[test]
fn footnotes_and_endnotes_become_the_chapters_footnotes() {
    let imported = import("footnotes-endnotes.docx", false);
    let m = &imported.manuscript;
    assert_eq!(titles(m), ["Sources", "Afterwards"]);
    let first = &m.chapters[0].body;
    let refs: Vec<&str> = first
        .blocks
        .iter()
        .flat_map(|b| match b {
            Block::Paragraph(p) => p.inlines.iter().collect::<Vec<_>>(),
            _ => Vec::new(),
        })
        .filter_map(|i| match i {
            Inline::FootnoteRef { id } => Some(id.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(refs, ["fn-1", "fn-2"]);
    let notes: Vec<(&str, &str)> = first
        .footnotes
        .iter()
        .map(|f| (f.id.as_str(), f.text.as_str()))
        .collect();
    assert_eq!(
        notes,
        [
            ("fn-1", "Logbook of 1850, page 12."),
            ("fn-2", "Harbour records.")
        ]
    );
    let second = &m.chapters[1].body.footnotes;
    assert_eq!(second.len(), 1);
    assert_eq!(
        (second[0].id.as_str(), second[0].text.as_str()),
        ("en-1", "He died in 1950.")
    );
    assert_eq!(imported.ledger.found, tally(16, 4, 3, 0, 0));
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn comments_keep_author_date_replies_resolution_and_their_ranges() {
    let imported = import("comments.docx", false);
    let m = &imported.manuscript;
    let drafts = &m.chapters[0].body;
    let threads: Vec<(&str, &str, &str, &str, bool, usize)> = drafts
        .comments
        .iter()
        .map(|t| {
            (
                t.id.as_str(),
                t.author_name.as_str(),
                t.created_at.as_str(),
                t.body.as_str(),
                t.resolved,
                t.replies.len(),
            )
        })
        .collect();
    assert_eq!(
        threads,
        [
            (
                "c-0",
                "Ana García",
                "2024-05-01T10:00:00Z",
                "Describe the cold more.",
                false,
                1
            ),
            (
                "c-2",
                "Ana García",
                "2024-05-03T09:15:00Z",
                "Done.",
                true,
                0
            ),
        ]
    );
    let reply = &drafts.comments[0].replies[0];
    assert_eq!(
        (
            reply.author_name.as_str(),
            reply.created_at.as_str(),
            reply.body.as_str()
        ),
        ("Ben Stone", "2024-05-02T11:30:00Z", "Agreed, and the wind.")
    );
    let marked: Vec<(String, Vec<String>)> = runs(&drafts.blocks)
        .into_iter()
        .filter(|(_, marks)| !marks.comments.is_empty())
        .map(|(text, marks)| (text, marks.comments))
        .collect();
    assert_eq!(
        marked,
        [
            ("lamp room".to_owned(), vec!["c-0".to_owned()]),
            ("Nobody came.".to_owned(), vec!["c-2".to_owned()]),
        ]
    );
    // A reply's own range anchors its thread.
    let revisions = &m.chapters[1].body;
    assert_eq!(runs(&revisions.blocks)[0].1.comments, ["c-0"]);
    assert_eq!(revisions.comments.len(), 1);
    assert_eq!(imported.ledger.found.comments, 3);
    assert_eq!(imported.ledger.created.comments, 3);
}

#[test]
fn images_keep_their_true_type_and_the_rest_is_warned_about() {
    let imported = import("images.docx", false);
    let m = &imported.manuscript;
    let kinds: Vec<(&str, &str)> = m
        .images
        .iter()
        .map(|i| (i.content_type.as_str(), i.name.as_str()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("image/png", "image1.png"),
            ("image/jpeg", "image2.jpg"),
            ("image/gif", "image3.gif"),
            ("image/png", "image4.png"),
        ]
    );
    assert!(m.images.iter().all(|i| !i.bytes.is_empty()));
    let body = &m.chapters[0].body.blocks;
    assert!(matches!(&body[0], Block::Paragraph(p) if p.text() == "A red square:"));
    assert!(matches!(&body[1], Block::Image { image: 0, alt } if alt == "A red square"));
    assert!(matches!(&body[2], Block::Paragraph(p) if p.text() == "after it."));
    assert_eq!(
        imported.ledger.warnings,
        [
            warning("broken_relationship", 1),
            warning("image_type_mismatch", 1),
            warning("image_unsupported", 1),
        ]
    );
    assert_eq!(imported.ledger.found.images, 6);
    assert_eq!(imported.ledger.created.images, 4);
}

#[test]
fn tables_are_grids_and_merged_cells_are_split_with_a_warning() {
    let imported = import("tables.docx", false);
    let body = &imported.manuscript.chapters[0].body.blocks;
    let tables: Vec<&Vec<Vec<Vec<Block>>>> = body
        .iter()
        .filter_map(|b| match b {
            Block::Table { rows } => Some(rows),
            _ => None,
        })
        .collect();
    assert_eq!(tables.len(), 2);
    let grid = |rows: &Vec<Vec<Vec<Block>>>| -> Vec<Vec<String>> {
        rows.iter()
            .map(|row| row.iter().map(|cell| texts(cell).join("|")).collect())
            .collect()
    };
    assert_eq!(
        grid(tables[0]),
        [
            ["Day", "High", "Low"],
            ["Monday", "06:10", "12:20"],
            ["Tuesday", "06:55", "13:05"]
        ]
    );
    assert_eq!(
        grid(tables[1]),
        [
            ["Spans two", "", "Right"],
            ["Spans down", "b", "c"],
            ["", "e", "f"]
        ]
    );
    assert_eq!(imported.ledger.warnings, [warning("merged_cells_split", 2)]);
}

#[test]
fn tracked_changes_are_accepted_and_the_warning_explains_the_difference() {
    let imported = import("tracked-changes.docx", false);
    let body = &imported.manuscript.chapters[0].body.blocks;
    assert_eq!(
        texts(body),
        [
            "The keeper slowly climbed the stairs.",
            "Here it lands: Moved sentence."
        ]
    );
    // The format change's old properties (italic) are not applied.
    let climbed = runs(body)
        .into_iter()
        .find(|(t, _)| t == "climbed")
        .expect("run");
    assert!(climbed.1.bold && !climbed.1.italic);
    assert_eq!(
        imported.ledger.warnings,
        [warning("tracked_changes_accepted", 4)]
    );
    assert_eq!(imported.ledger.found.words, 14, "deleted words are found");
    assert_eq!(imported.ledger.created.words, 12);
}

#[test]
fn font_sizes_give_chapters_when_there_are_no_heading_styles() {
    let imported = import("font-size-chapters.docx", false);
    let m = &imported.manuscript;
    assert_eq!(titles(m), ["", "The Arrival", "The Departure"]);
    // The one larger title line on the first page starts no chapter of its own.
    assert_eq!(
        texts(&m.chapters[0].body.blocks),
        [
            "The Tides of Night",
            "Part of the book, a note in body size."
        ]
    );
    assert!(
        matches!(&m.chapters[1].body.blocks[1], Block::Heading { level: 2, paragraph } if paragraph.text() == "A scene")
    );
    let with_subs = import("font-size-chapters.docx", true);
    let subs: Vec<&str> = with_subs.manuscript.chapters[1]
        .subchapters
        .iter()
        .map(|s| s.title.as_str())
        .collect();
    assert_eq!(subs, ["A scene"]);
    assert_eq!(imported.ledger.created, tally(105, 12, 0, 0, 0));
}

#[test]
fn chapter_lines_give_chapters_when_there_are_no_headings_or_sizes() {
    let imported = import("chapter-pattern.docx", false);
    assert_eq!(
        titles(&imported.manuscript),
        [
            "Prologue",
            "Chapter 1",
            "CHAPTER TWO",
            "Chapter Twenty-One: The End",
            "Epilogue"
        ]
    );
    // "Chapter one was the hardest to write, she said." is prose, not a chapter.
    assert_eq!(imported.manuscript.chapters[0].body.blocks.len(), 2);
    assert_eq!(imported.ledger.created, tally(70, 15, 0, 0, 0));
}

#[test]
fn page_breaks_divide_chapters_as_the_last_resort() {
    let imported = import("page-breaks.docx", false);
    let m = &imported.manuscript;
    // A short first line titles its chapter; a sentence does not.
    assert_eq!(titles(m), ["Morning", "Evening", ""]);
    assert_eq!(
        texts(&m.chapters[2].body.blocks),
        ["Night fell over the water.", "Nothing moved."]
    );
    assert!(
        m.sections()
            .all(|c| !c.body.blocks.contains(&Block::PageBreak))
    );
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn unsupported_parts_are_named_and_their_text_kept() {
    let imported = import("unsupported-parts.docx", false);
    let body = &imported.manuscript.chapters[0].body.blocks;
    assert_eq!(
        texts(body),
        [
            "Before the box. After the box.",
            "Text inside a box.",
            "An equation: E=mc2",
            "A chart: ",
            "An object: ",
            "Page 7 and a field link.",
        ],
        "the text box's VML fallback is not read twice"
    );
    let link = runs(body)
        .into_iter()
        .find(|(t, _)| t == "a field link")
        .expect("run");
    assert_eq!(link.1.link.as_deref(), Some("https://example.org/field"));
    let kind = |kind: &str, count, text_kept| Unsupported {
        kind: kind.to_owned(),
        count,
        text_kept,
    };
    assert_eq!(
        imported.ledger.unsupported,
        [
            kind("chart", 1, false),
            kind("embedded_object", 1, false),
            kind("equation", 1, true),
            kind("field", 1, true),
            kind("text_box", 1, true),
        ]
    );
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn without_styles_xml_headings_are_found_by_style_id() {
    let imported = import("no-styles.docx", false);
    assert_eq!(titles(&imported.manuscript), ["Only by id", "Second"]);
    assert_eq!(imported.ledger.warnings, [warning("styles_missing", 1)]);
}

#[test]
fn a_file_saved_by_libreoffice_reads_like_one_from_word() {
    let imported = import("libreoffice.docx", false);
    let m = &imported.manuscript;
    assert_eq!(titles(m), ["The Harbour", "The Market"]);
    let harbour = blocks(&m.chapters[0]);
    let bold: Vec<String> = runs(&m.chapters[0].body.blocks)
        .into_iter()
        .filter(|(_, marks)| marks.bold)
        .map(|(t, _)| t)
        .collect();
    assert_eq!(bold, ["dusk"]);
    let lists: Vec<bool> = harbour
        .iter()
        .filter_map(|b| match b {
            Block::List { ordered, items, .. } if items.len() == 2 => Some(*ordered),
            _ => None,
        })
        .collect();
    assert_eq!(lists, [false, true]);
    let market = &m.chapters[1].body.blocks;
    assert!(market.iter().any(|b| matches!(b, Block::BlockQuote { .. })));
    assert!(market.contains(&Block::SceneBreak));
    assert_eq!(imported.ledger.created, tally(33, 12, 0, 0, 0));
}

#[test]
fn fixtures_saved_again_by_libreoffice_keep_notes_comments_images_and_tables() {
    let notes = import("libreoffice-footnotes-endnotes.docx", false);
    assert_eq!(titles(&notes.manuscript), ["Sources", "Afterwards"]);
    let texts_of = |i: usize| -> Vec<String> {
        notes.manuscript.chapters[i]
            .body
            .footnotes
            .iter()
            .map(|f| f.text.clone())
            .collect()
    };
    assert_eq!(
        texts_of(0),
        ["Logbook of 1850, page 12.", "Harbour records."]
    );
    assert_eq!(texts_of(1), ["He died in 1950."]);

    let comments = import("libreoffice-comments.docx", false);
    let threads = &comments.manuscript.chapters[0].body.comments;
    assert!(!threads.is_empty());
    assert_eq!(threads[0].author_name, "Ana García");
    assert_eq!(threads[0].body, "Describe the cold more.");
    assert_eq!(threads[0].created_at, "2024-05-01T10:00:00Z");

    let images = import("libreoffice-images.docx", false);
    let kinds: Vec<&str> = images
        .manuscript
        .images
        .iter()
        .map(|i| i.content_type.as_str())
        .collect();
    assert_eq!(kinds, ["image/png", "image/jpeg", "image/gif", "image/png"]);

    let tables = import("libreoffice-tables.docx", false);
    let count = tables.manuscript.chapters[0]
        .body
        .blocks
        .iter()
        .filter(|b| matches!(b, Block::Table { .. }))
        .count();
    assert_eq!(count, 2);
    assert_eq!(tables.ledger.created.words, 26);
}

#[test]
fn libreoffice_lists_one_per_level_nest_by_their_indent() {
    let imported = import("libreoffice-headings-marks-lists.docx", false);
    let m = &imported.manuscript;
    assert_eq!(m.title, "The Lighthouse Keeper");
    assert_eq!(titles(m), ["", "The Storm", "The Keeper", "Landfall"]);
    let keeper = &m.chapters[2].body.blocks;
    let Some(Block::List {
        ordered: false,
        items,
        ..
    }) = keeper.iter().find(|b| matches!(b, Block::List { .. }))
    else {
        panic!("a bulleted list: {keeper:?}");
    };
    assert_eq!(items.len(), 3);
    assert_eq!(texts(&items[1]), ["Second bullet", "Nested bullet"]);
    assert!(matches!(items[1][1], Block::List { .. }));
}
