//! The .docx reader on small documents crafted in memory for cases the fixtures do not reach:
//! pathological nesting, comment ranges across chapters, lists nested by `w:ilvl`, notes on a
//! chapter title, subchapters before the first chapter.

mod read_support;

use quire_formats::docx::read::read;
use quire_formats::model::{Block, Inline};
use quire_formats::options::ImportOptions;
use read_support::{docx, texts, titles};

fn heading(text: &str) -> String {
    format!(r#"<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"#)
}

fn para(text: &str) -> String {
    format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
}

#[test]
fn tables_nested_thousands_deep_are_flattened_not_recursed() {
    let depth = 5_000;
    let mut body = heading("Deep");
    for _ in 0..depth {
        body.push_str("<w:tbl><w:tr><w:tc>");
    }
    body.push_str(&para("At the bottom."));
    for _ in 0..depth {
        body.push_str("</w:tc></w:tr></w:tbl>");
    }
    let imported = read(&docx(&body, "", &[]), ImportOptions::default()).expect("reads");
    let blocks = &imported.manuscript.chapters[0].body.blocks;
    assert_eq!(texts(blocks), ["At the bottom."]);
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn a_comment_range_running_into_the_next_chapter_anchors_its_thread_in_both() {
    let body = format!(
        r#"{}<w:p><w:commentRangeStart w:id="7"/><w:r><w:t>Starts here</w:t></w:r></w:p>{}<w:p><w:r><w:t>ends here.</w:t></w:r><w:commentRangeEnd w:id="7"/></w:p>"#,
        heading("One"),
        heading("Two")
    );
    let comments = format!(
        r#"<w:comments {}><w:comment w:id="7" w:author="Ed" w:date="2024-01-01T00:00:00Z"><w:p><w:r><w:t>Long remark.</w:t></w:r></w:p></w:comment></w:comments>"#,
        read_support::W_NS
    );
    let rels = r#"<Relationship Id="rC" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/>"#;
    let imported = read(
        &docx(&body, rels, &[("word/comments.xml", comments.as_bytes())]),
        ImportOptions::default(),
    )
    .expect("reads");
    let m = &imported.manuscript;
    assert_eq!(titles(m), ["One", "Two"]);
    for chapter in &m.chapters {
        let ids: Vec<&str> = chapter
            .body
            .comments
            .iter()
            .map(|t| t.id.as_str())
            .collect();
        assert_eq!(ids, ["c-7"], "{}", chapter.title);
    }
    assert_eq!(
        imported.ledger.created.comments, 1,
        "one thread, counted once"
    );
}

#[test]
fn list_levels_nest_and_numbering_starts_where_numbering_xml_says() {
    let item = |text: &str, num: u32, level: u32| {
        format!(
            r#"<w:p><w:pPr><w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="{num}"/></w:numPr></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"#
        )
    };
    let body = [
        heading("Lists"),
        item("one", 1, 0),
        item("one.a", 1, 1),
        item("one.a.i", 1, 2),
        item("two", 1, 0),
        item("bullet", 2, 0),
    ]
    .concat();
    let numbering = format!(
        r#"<w:numbering {}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="3"/><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/></w:lvl><w:lvl w:ilvl="2"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num><w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num></w:numbering>"#,
        read_support::W_NS
    );
    let rels = r#"<Relationship Id="rN" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>"#;
    let imported = read(
        &docx(&body, rels, &[("word/numbering.xml", numbering.as_bytes())]),
        ImportOptions::default(),
    )
    .expect("reads");
    let blocks = &imported.manuscript.chapters[0].body.blocks;
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    let Block::List {
        ordered: true,
        start: 3,
        items,
    } = &blocks[0]
    else {
        panic!("a numbered list from 3: {:?}", blocks[0]);
    };
    assert_eq!(items.len(), 2);
    assert_eq!(texts(&items[0]), ["one", "one.a", "one.a.i"]);
    let Block::List {
        ordered: true,
        items: inner,
        ..
    } = &items[0][1]
    else {
        panic!("a lettered list inside: {:?}", items[0][1]);
    };
    assert!(matches!(&inner[0][1], Block::List { ordered: false, .. }));
    assert!(matches!(&blocks[1], Block::List { ordered: false, .. }));
}

#[test]
fn a_footnote_on_a_chapter_title_stays_with_the_chapter() {
    let body = format!(
        r#"<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Noted</w:t></w:r><w:r><w:footnoteReference w:id="4"/></w:r></w:p>{}"#,
        para("Body.")
    );
    let notes = format!(
        r#"<w:footnotes {}><w:footnote w:id="4"><w:p><w:r><w:t>On the title.</w:t></w:r></w:p></w:footnote></w:footnotes>"#,
        read_support::W_NS
    );
    let rels = r#"<Relationship Id="rF" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>"#;
    let imported = read(
        &docx(&body, rels, &[("word/footnotes.xml", notes.as_bytes())]),
        ImportOptions::default(),
    )
    .expect("reads");
    let chapter = &imported.manuscript.chapters[0];
    assert_eq!(chapter.title, "Noted");
    assert_eq!(chapter.body.footnotes.len(), 1);
    assert_eq!(chapter.body.footnotes[0].text, "On the title.");
    assert_eq!(
        imported.ledger.created.footnotes,
        imported.ledger.found.footnotes
    );
}

#[test]
fn a_subchapter_before_any_chapter_opens_an_untitled_chapter() {
    let body = format!(
        r#"<w:p><w:pPr><w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t>Early scene</w:t></w:r></w:p>{}{}{}"#,
        para("Before."),
        heading("Proper"),
        para("After.")
    );
    let imported = read(
        &docx(&body, "", &[]),
        ImportOptions {
            h2_as_subchapters: true,
        },
    )
    .expect("reads");
    let m = &imported.manuscript;
    assert_eq!(titles(m), ["", "Proper"]);
    assert_eq!(m.chapters[0].subchapters[0].title, "Early scene");
    assert_eq!(
        texts(&m.chapters[0].subchapters[0].body.blocks),
        ["Before."]
    );
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn hard_breaks_and_runs_merge_sensibly() {
    let body = format!(
        "{}<w:p><w:r><w:br/><w:t>Lead</w:t></w:r><w:proofErr/><w:r><w:t>ing</w:t></w:r><w:r><w:cr/></w:r></w:p>",
        heading("Breaks")
    );
    let imported = read(&docx(&body, "", &[]), ImportOptions::default()).expect("reads");
    let Block::Paragraph(p) = &imported.manuscript.chapters[0].body.blocks[0] else {
        panic!("a paragraph");
    };
    // Leading and trailing breaks are dropped; runs with the same marks are one text.
    assert_eq!(p.inlines.len(), 1);
    assert!(matches!(&p.inlines[0], Inline::Text { text, .. } if text == "Leading"));
}

#[test]
fn chapter_lines_are_recognised_and_prose_is_not() {
    let lines = [
        ("PART ONE", true),
        ("Chapter Twelve", true),
        ("Chapter 3 - The Fall", true),
        ("Chapter XIV.", true),
        ("Capítulo 4: La huida", true),
        ("Prologue", true),
        ("Chapter 7 was the longest of them all.", false),
        ("Chapter", false),
        ("The chapter ended.", false),
    ];
    let mut body = String::new();
    for (line, _) in lines {
        body.push_str(&para(line));
        body.push_str(&para("Some prose follows the line."));
    }
    // A chapter line with its title on the next line of the same paragraph.
    body.push_str("<w:p><w:r><w:t>Chapter Nine</w:t><w:br/><w:t>The Storm</w:t></w:r></w:p>");
    body.push_str(&para("More prose."));
    let imported = read(&docx(&body, "", &[]), ImportOptions::default()).expect("reads");
    let mut expected: Vec<&str> = lines
        .iter()
        .filter(|(_, chapter)| *chapter)
        .map(|(line, _)| *line)
        .collect();
    expected.push("Chapter Nine: The Storm");
    assert_eq!(titles(&imported.manuscript), expected);
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn a_picture_in_a_chapter_title_stays_at_the_chapter_start() {
    let body = format!(
        r#"<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:drawing><a:blip r:embed="rP"/></w:drawing></w:r><w:r><w:t>Ornate</w:t></w:r></w:p>{}"#,
        para("Text.")
    );
    let png = [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0];
    let rels = r#"<Relationship Id="rP" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/o.png"/>"#;
    let imported = read(
        &docx(&body, rels, &[("word/media/o.png", &png)]),
        ImportOptions::default(),
    )
    .expect("reads");
    let chapter = &imported.manuscript.chapters[0];
    assert_eq!(chapter.title, "Ornate");
    assert!(matches!(
        chapter.body.blocks[0],
        Block::Image { image: 0, .. }
    ));
    assert_eq!(imported.ledger.created, imported.ledger.found);
}

#[test]
fn an_element_with_a_huge_number_of_attributes_is_read_in_linear_time() {
    let attributes: String = (0..200_000).map(|i| format!(" a{i}=\"x\"")).collect();
    let body = format!(
        r#"{}<w:p{attributes}><w:pPr><w:jc{attributes} w:val="center"/></w:pPr><w:r><w:t>Many.</w:t></w:r></w:p>"#,
        heading("Attributes")
    );
    let started = std::time::Instant::now();
    let imported = read(&docx(&body, "", &[]), ImportOptions::default()).expect("reads");
    assert!(started.elapsed() < std::time::Duration::from_secs(30));
    let blocks = &imported.manuscript.chapters[0].body.blocks;
    assert_eq!(texts(blocks), ["Many."]);
    assert!(
        matches!(&blocks[0], Block::Paragraph(p) if p.align == quire_formats::model::Align::Center)
    );
}

/// Reads a crafted body, which must finish in bounded time whatever it holds.
fn read_quickly(body: &str) -> quire_formats::docx::read::Imported {
    let started = std::time::Instant::now();
    let imported = read(&docx(body, "", &[]), ImportOptions::default()).expect("reads");
    let took = started.elapsed();
    assert!(took < std::time::Duration::from_secs(30), "took {took:?}");
    imported
}

#[test]
fn pathological_nesting_and_repetition_stay_linear() {
    let n = 50_000;
    // Links nested inside links, each holding a run.
    let mut body = heading("Links");
    body.push_str("<w:p>");
    for _ in 0..n {
        body.push_str("<w:hyperlink><w:r><w:t>x </w:t></w:r>");
    }
    body.push_str(&"</w:hyperlink>".repeat(n));
    body.push_str("</w:p>");
    assert_eq!(read_quickly(&body).ledger.created.words, n as u64 + 1);

    // Paragraphs nested inside paragraphs.
    let mut body = heading("Paragraphs");
    body.push_str(&"<w:p><w:r><w:t>y </w:t></w:r>".repeat(n));
    body.push_str(&"</w:p>".repeat(n));
    assert_eq!(read_quickly(&body).ledger.created.words, n as u64 + 1);

    // One paragraph cut by page breaks, with a note reference and a comment range each time.
    let mut body = heading("Breaks");
    body.push_str("<w:p>");
    for i in 0..n {
        body.push_str(&format!(
            r#"<w:commentRangeStart w:id="{i}"/><w:r><w:t>z</w:t><w:footnoteReference w:id="{i}"/><w:br w:type="page"/></w:r>"#
        ));
    }
    body.push_str("</w:p>");
    let imported = read_quickly(&body);
    assert_eq!(imported.ledger.created.words, n as u64 + 1);
    assert_eq!(imported.ledger.created.footnotes, n as u64);
}

#[test]
fn section_breaks_that_start_a_new_page_divide_chapters_like_page_breaks() {
    let section = |text: &str, kind: &str| {
        format!(
            r#"<w:p><w:pPr><w:sectPr><w:type w:val="{kind}"/><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:pPr><w:r><w:t>{text}</w:t></w:r></w:p>"#
        )
    };
    let body = [
        para("Dawn"),
        section("The light came up slowly.", "nextPage"),
        para("Noon"),
        section("The heat rose.", "continuous"),
        para("Still noon, the same chapter."),
        r#"<w:p><w:pPr><w:sectPr/></w:pPr></w:p>"#.to_owned(),
        para("Dusk"),
        para("The light went."),
    ]
    .concat();
    let imported = read(&docx(&body, "", &[]), ImportOptions::default()).expect("reads");
    let m = &imported.manuscript;
    assert_eq!(titles(m), ["Dawn", "Noon", "Dusk"]);
    assert_eq!(
        texts(&m.chapters[1].body.blocks),
        ["The heat rose.", "Still noon, the same chapter."]
    );
    assert_eq!(imported.ledger.created, imported.ledger.found);
}
