//! The Markdown writer, read back by a CommonMark parser (Debian's `cmark-gfm`, when
//! installed): the structure it means, every word in order, and hostile text that stays text.

mod write_support;

use quire_formats::markdown;
use quire_formats::options::ExportOptions;
use write_support::*;

#[test]
fn the_markdown_says_what_the_manuscript_holds() {
    let md = markdown::write(&sample(), &ExportOptions::default());
    assert!(md.starts_with("---\ntitle: \"The Lighthouse Keeper\"\nauthor: \"Ana María Ortega\"\n---\n\n# Arrival\n\n"), "{md}");
    for expected in [
        "**boldly**",
        "*quietly*",
        "~~struck~~",
        "[lighthouse log](<https://example.com/log?a=1&b=2>)",
        "then\\\nbreaks the line.",
        "### Charlie heading inside",
        "> Delta quoted line.",
        "- Echo bullet one\n- Foxtrot bullet two\n\n  3. Golf numbered three\n  4. Hotel numbered four",
        "* * *",
        "![India harbour picture](images/harbour.png)",
        "| Juliet cell | Kilo cell |\n| --- | --- |\n| Lima cell | Mike cell |",
        markdown::PAGE_BREAK,
        "words.[^1]",
        "## Tango Night Watch",
        "[^1]: Oscar footnote text.\n\n[^2]: Victor second note.\n\n# Whiskey Departure",
    ] {
        assert!(md.contains(expected), "{expected:?} in\n{md}");
    }
    assert!(!md.contains("Quebec"), "comments are left out");

    let Some(ast) = cmark_xml(&md) else { return };
    for node in [
        r#"<heading level="1">"#,
        r#"<heading level="2">"#,
        r#"<heading level="3">"#,
        "<strong>",
        "<emph>",
        "<strikethrough>",
        r#"<link destination="https://example.com/log?a=1&amp;b=2" title="">"#,
        r#"<image destination="images/harbour.png" title="">"#,
        "<block_quote>",
        r#"<list type="bullet""#,
        r#"<list type="ordered" start="3""#,
        "<table>",
        "<footnote_reference />",
        "<footnote_definition>",
        "<thematic_break />",
        "<linebreak />",
        "<html_block",
    ] {
        assert!(ast.contains(node), "{node} in\n{ast}");
    }
    assert_words_in_order(&body_words(&sample()), &xml_text(&ast), "markdown");
}

#[test]
fn hostile_text_is_escaped_and_parses_back_as_text() {
    let m = hostile();
    let md = markdown::write(&m, &ExportOptions::default());
    assert!(!md.contains('\u{0}') && !md.contains('\u{7}'));
    let Some(ast) = cmark_xml(&md) else { return };
    // Nothing in the text became markup: only the one link, the footnote and plain text.
    for forbidden in [
        "<code",
        "<html_inline",
        "<html_block",
        "<emph",
        "<strong",
        "<strikethrough",
        "<image",
        "<list",
        "<table",
        "<code_block",
    ] {
        assert!(!ast.contains(forbidden), "{forbidden} in\n{ast}");
    }
    assert_eq!(ast.matches("<link ").count(), 1, "{ast}");
    assert!(
        ast.contains(r#"<link destination="https://example.com/?q=%22%3E%3Cscript%3E" title="">"#),
        "{ast}"
    );
    assert_eq!(ast.matches("<heading").count(), 1);
    let text = squash(&xml_text(&ast));
    for h in HOSTILE {
        assert!(text.contains(&survivor(h)), "{h:?} in {text}");
    }
    assert!(text.contains("Chapter <h1> & </title>"));
    assert!(text.contains("note </w:footnote> <a href=x> &amp;"));
}

#[test]
fn titles_and_footnotes_can_be_left_out() {
    let options = ExportOptions {
        chapter_titles: false,
        subchapter_titles: false,
        footnotes: false,
        ..ExportOptions::default()
    };
    let md = markdown::write(&sample(), &options);
    assert!(!md.contains("# Arrival") && !md.contains("Tango") && !md.contains("[^"));
    assert!(!md.contains("Oscar"));
}

#[test]
fn a_nested_bullet_list_keeps_its_list_tight() {
    use quire_formats::model::{Block, Body, Chapter, Manuscript, Paragraph};
    let item = |t: &str| vec![Block::Paragraph(Paragraph::plain(t))];
    let nested = Block::List {
        ordered: false,
        start: 1,
        items: vec![item("inner")],
    };
    let mut outer = item("outer");
    outer.push(nested);
    let m = Manuscript {
        chapters: vec![Chapter {
            body: Body {
                blocks: vec![Block::List {
                    ordered: true,
                    start: 1,
                    items: vec![outer, item("next")],
                }],
                ..Body::default()
            },
            ..Chapter::default()
        }],
        ..Manuscript::default()
    };
    let md = markdown::write(&m, &ExportOptions::default());
    assert_eq!(md, "1. outer\n   - inner\n2. next\n");
    let Some(ast) = cmark_xml(&md) else { return };
    assert!(
        ast.contains(r#"<list type="ordered" start="1" delim="period" tight="true">"#),
        "{ast}"
    );
    assert!(
        ast.contains(r#"<list type="bullet" tight="true">"#),
        "{ast}"
    );
}
