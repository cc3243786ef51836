use std::path::PathBuf;

use quire_formats::model::{
    Align, Block, Body, CommentReply, CommentThread, Footnote, Inline, Marks, Paragraph,
};

use quire_core::manuscript::{EntityKind, EntityRow, MentionNames};

use super::*;
use crate::derive::derive_from_update;

const CLIENT: u64 = 4_242;

fn text(s: &str, marks: Marks) -> Inline {
    Inline::Text {
        text: s.to_owned(),
        marks,
    }
}

fn plain(s: &str) -> Inline {
    text(s, Marks::default())
}

fn p(inlines: Vec<Inline>) -> Block {
    Block::Paragraph(Paragraph {
        align: Align::Left,
        inlines,
    })
}

fn image_src(index: usize) -> Option<String> {
    Some(format!("/api/v4/uploads/img{index}"))
}

/// Every block and mark the model has, footnotes, comments with replies, images and a table.
fn rich_body() -> Body {
    let bold = Marks {
        bold: true,
        ..Marks::default()
    };
    let everything = Marks {
        bold: true,
        italic: true,
        underline: true,
        strike: true,
        small_caps: true,
        link: Some("https://example.com/a?b=1".to_owned()),
        comments: vec!["c1".to_owned(), "c2".to_owned()],
    };
    Body {
        blocks: vec![
            Block::Heading {
                level: 2,
                paragraph: Paragraph {
                    align: Align::Center,
                    inlines: vec![plain("Part One")],
                },
            },
            p(vec![
                plain("It was "),
                text("late", bold.clone()),
                plain(", and "),
                text("everything", everything),
                plain(" \u{2014} \u{e9}t\u{e9} \u{1f600} came"),
                Inline::FootnoteRef {
                    id: "fn1".to_owned(),
                },
                plain(" at once."),
                Inline::HardBreak,
                text(
                    "Second line",
                    Marks {
                        small_caps: true,
                        comments: vec!["c1".to_owned()],
                        ..Marks::default()
                    },
                ),
                plain("."),
            ]),
            Block::Paragraph(Paragraph {
                align: Align::Justify,
                inlines: vec![
                    plain("Justified"),
                    Inline::FootnoteRef {
                        id: "fn2".to_owned(),
                    },
                ],
            }),
            Block::Paragraph(Paragraph {
                align: Align::Right,
                inlines: Vec::new(),
            }),
            Block::SceneBreak,
            Block::BlockQuote {
                blocks: vec![p(vec![plain("Quoted words.")])],
            },
            Block::List {
                ordered: false,
                start: 1,
                items: vec![
                    vec![p(vec![plain("one")])],
                    vec![
                        p(vec![plain("two")]),
                        Block::List {
                            ordered: true,
                            start: 3,
                            items: vec![vec![p(vec![plain("nested")])]],
                        },
                    ],
                ],
            },
            Block::List {
                ordered: true,
                start: 1,
                items: vec![vec![p(vec![text("first", bold)])]],
            },
            Block::PageBreak,
            Block::Image {
                image: 0,
                alt: "A map".to_owned(),
            },
            Block::Table {
                rows: vec![
                    vec![vec![p(vec![plain("Name")])], vec![p(vec![plain("Age")])]],
                    vec![
                        vec![p(vec![plain("Ana")])],
                        vec![p(vec![plain("41")]), p(vec![plain("years")])],
                    ],
                ],
            },
            Block::Image {
                image: 1,
                alt: String::new(),
            },
            Block::Heading {
                level: 5,
                paragraph: Paragraph::plain("The end"),
            },
        ],
        footnotes: vec![
            Footnote {
                id: "fn1".to_owned(),
                text: "A note, with <angle> brackets.".to_owned(),
            },
            Footnote {
                id: "fn2".to_owned(),
                text: String::new(),
            },
        ],
        comments: vec![
            CommentThread {
                id: "c1".to_owned(),
                author_name: "Ana Editor".to_owned(),
                created_at: "2026-01-02T10:00:00.000Z".to_owned(),
                body: "Tighten this.".to_owned(),
                resolved: false,
                replies: vec![
                    CommentReply {
                        author_name: "Bo Writer".to_owned(),
                        created_at: "2026-01-02T11:00:00.000Z".to_owned(),
                        body: "Done.".to_owned(),
                    },
                    CommentReply {
                        author_name: "Ana Editor".to_owned(),
                        created_at: "2026-01-03T09:00:00.000Z".to_owned(),
                        body: "Thanks!".to_owned(),
                    },
                ],
            },
            CommentThread {
                id: "c2".to_owned(),
                author_name: "Bo Writer".to_owned(),
                created_at: "2026-01-05T08:30:00.000Z".to_owned(),
                body: "Resolved one.".to_owned(),
                resolved: true,
                replies: Vec::new(),
            },
        ],
    }
}

const RICH_TEXT: &str = "Part One\nIt was late, and everything \u{2014} \u{e9}t\u{e9} \u{1f600} came at once.\nSecond line.\nJustified\n\nQuoted words.\none\ntwo\nnested\nfirst\nName\nAge\nAna\n41\nyears\nThe end";

#[test]
fn a_rich_body_written_as_a_document_derives_the_html_text_and_words_it_holds() {
    let update = body_to_update(&rich_body(), &image_src, "user-1", CLIENT);
    let derived = derive_from_update(&update).unwrap();
    assert_eq!(derived.text, RICH_TEXT);
    assert_eq!(derived.words, 27);
    for part in [
        "<h2 style=\"text-align: center\">Part One</h2>",
        "It was <strong>late</strong>, and ",
        "<a href=\"https://example.com/a?b=1\" rel=\"noopener noreferrer nofollow\">\
         <span data-comment-id=\"c1\"><span data-comment-id=\"c2\">\
         <span style=\"font-variant: small-caps\"><strong><em><u><s>everything</s></u></em>\
         </strong></span></span></span></a>",
        "<sup data-type=\"footnote\" class=\"footnote-ref\" data-id=\"fn1\"></sup> at once.<br>",
        "<span data-comment-id=\"c1\"><span style=\"font-variant: small-caps\">Second line</span></span>.</p>",
        "<p style=\"text-align: justify\">Justified",
        "<p style=\"text-align: right\"></p><hr><blockquote><p>Quoted words.</p></blockquote>",
        "<ul><li><p>one</p></li><li><p>two</p><ol start=\"3\"><li><p>nested</p></li></ol></li></ul>",
        "<ol><li><p><strong>first</strong></p></li></ol><div data-type=\"page-break\"></div>",
        "<img src=\"/api/v4/uploads/img0\" alt=\"A map\">",
        "<table><tbody><tr><td><p>Name</p></td><td><p>Age</p></td></tr><tr><td><p>Ana</p></td>\
         <td><p>41</p><p>years</p></td></tr></tbody></table>",
        "<img src=\"/api/v4/uploads/img1\" alt=\"\"><h5>The end</h5>",
        "<li data-id=\"fn1\"><p>A note, with &lt;angle&gt; brackets.</p></li>",
    ] {
        assert!(
            derived.html.contains(part),
            "{part}\nnot in\n{}",
            derived.html
        );
    }
}

#[test]
fn a_rich_body_comes_back_from_its_document_unchanged() {
    let body = rich_body();
    let update = body_to_update(&body, &image_src, "user-1", CLIENT);
    let (read, images) = body_from_state(&update, &MentionNames::default()).unwrap();
    assert_eq!(read, body);
    assert_eq!(
        images,
        vec![image_src(0).unwrap(), image_src(1).unwrap()],
        "images are indices into the sources, in order of appearance"
    );
}

#[test]
fn the_same_body_and_client_id_always_make_the_same_bytes() {
    let body = rich_body();
    let first = body_to_update(&body, &image_src, "user-1", CLIENT);
    for _ in 0..5 {
        assert_eq!(body_to_update(&body, &image_src, "user-1", CLIENT), first);
    }
    assert_ne!(
        body_to_update(&body, &image_src, "user-1", CLIENT + 1),
        first
    );
}

#[test]
fn an_image_without_a_source_is_left_out_and_the_same_source_is_one_image() {
    let body = Body {
        blocks: vec![
            Block::Image {
                image: 0,
                alt: "gone".to_owned(),
            },
            Block::Image {
                image: 1,
                alt: "a".to_owned(),
            },
            Block::Image {
                image: 2,
                alt: "b".to_owned(),
            },
        ],
        ..Body::default()
    };
    let src = |i: usize| (i > 0).then(|| "https://x.example/same.png".to_owned());
    let (read, images) = body_from_state(
        &body_to_update(&body, &src, "u", CLIENT),
        &MentionNames::default(),
    )
    .unwrap();
    assert_eq!(images, vec!["https://x.example/same.png".to_owned()]);
    assert_eq!(
        read.blocks,
        vec![
            Block::Image {
                image: 0,
                alt: "a".to_owned()
            },
            Block::Image {
                image: 0,
                alt: "b".to_owned()
            },
        ]
    );
}

#[test]
fn empty_containers_get_the_paragraph_the_schema_requires() {
    let body = Body {
        blocks: vec![Block::BlockQuote { blocks: Vec::new() }],
        ..Body::default()
    };
    let (read, _) = body_from_state(
        &body_to_update(&body, &image_src, "u", CLIENT),
        &MentionNames::default(),
    )
    .unwrap();
    assert_eq!(
        read.blocks,
        vec![Block::BlockQuote {
            blocks: vec![Block::Paragraph(Paragraph::default())]
        }]
    );
}

#[test]
fn an_empty_state_is_an_empty_body() {
    let (body, images) = body_from_state(
        &body_to_update(&Body::default(), &image_src, "u", 1),
        &MentionNames::default(),
    )
    .unwrap();
    assert_eq!(body, Body::default());
    assert!(images.is_empty());
}

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/src/text-editor/testing/fixtures")
}

/// The web editor's test (`web/src/text-editor/imported-body.test.ts`) loads this document into the
/// real chapter schema and compares its text with the derivation's.
#[test]
fn the_committed_imported_body_fixture_is_what_the_writer_makes() {
    let update = body_to_update(&rich_body(), &image_src, "user-1", CLIENT);
    let text = derive_from_update(&update).unwrap().text;
    let (bin, txt) = (
        fixtures().join("imported-body.bin"),
        fixtures().join("imported-body.txt"),
    );
    if std::env::var_os("UPDATE_FIXTURES").is_some() {
        std::fs::create_dir_all(fixtures()).unwrap();
        std::fs::write(&bin, &update).unwrap();
        std::fs::write(&txt, &text).unwrap();
        return;
    }
    let drift = "differs from body_to_update: run `UPDATE_FIXTURES=1 cargo test -p quire-collab \
                 imported_body_fixture` and commit the fixtures";
    assert!(
        std::fs::read(&bin).unwrap_or_default() == update,
        "{} {drift}",
        bin.display()
    );
    assert_eq!(
        std::fs::read_to_string(&txt).unwrap_or_default(),
        text,
        "{drift}"
    );
}

#[test]
fn what_the_model_has_no_block_for_keeps_its_words_when_read() {
    use yrs::{Any, Doc, ReadTxn, StateVector, Text, Transact, WriteTxn, Xml, XmlElementPrelim};
    use yrs::{XmlFragment, XmlTextPrelim};

    let doc = Doc::with_client_id(7);
    {
        let mut txn = doc.transact_mut();
        let root = txn.get_or_insert_xml_fragment(crate::derive::FRAGMENT);
        let code = root.push_back(&mut txn, XmlElementPrelim::empty("codeBlock"));
        code.push_back(&mut txn, XmlTextPrelim::new("let x = 1;"));
        let table = root.push_back(&mut txn, XmlElementPrelim::empty("table"));
        let row = table.push_back(&mut txn, XmlElementPrelim::empty("tableRow"));
        let header = row.push_back(&mut txn, XmlElementPrelim::empty("tableHeader"));
        let para = header.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        para.push_back(&mut txn, XmlTextPrelim::new("Head"));
        let callout = root.push_back(&mut txn, XmlElementPrelim::empty("callout"));
        let para = callout.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        let text = para.push_back(&mut txn, XmlTextPrelim::new("Inside"));
        text.insert(&mut txn, 6, " a\nbox");
        let heading = root.push_back(&mut txn, XmlElementPrelim::empty("heading"));
        heading.insert_attribute(&mut txn, "level", Any::from(2.0));
        let mention = heading.push_back(&mut txn, XmlElementPrelim::empty("mention"));
        mention.push_back(&mut txn, XmlTextPrelim::new("Ana"));
    }
    let state = doc
        .transact()
        .encode_state_as_update_v1(&StateVector::default());
    let (body, _) = body_from_state(&state, &MentionNames::default()).unwrap();
    assert_eq!(
        body.blocks,
        vec![
            p(vec![plain("let x = 1;")]),
            Block::Table {
                rows: vec![vec![vec![p(vec![plain("Head")])]]]
            },
            p(vec![plain("Inside a"), Inline::HardBreak, plain("box")]),
            Block::Heading {
                level: 2,
                paragraph: Paragraph::plain("Ana")
            },
        ]
    );
}

#[test]
fn a_mention_reads_as_its_element_is_named_now_or_as_written() {
    use yrs::{Any, Doc, ReadTxn, StateVector, Transact, WriteTxn, Xml, XmlElementPrelim};
    use yrs::{XmlFragment, XmlTextPrelim};

    let doc = Doc::with_client_id(7);
    {
        let mut txn = doc.transact_mut();
        let root = txn.get_or_insert_xml_fragment(crate::derive::FRAGMENT);
        let para = root.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        para.push_back(&mut txn, XmlTextPrelim::new("Ask "));
        let mention = para.push_back(&mut txn, XmlElementPrelim::empty("mention"));
        mention.insert_attribute(&mut txn, "id", Any::from("el-1"));
        mention.insert_attribute(&mut txn, "label", Any::from("Paul"));
        para.push_back(&mut txn, XmlTextPrelim::new(" now."));
    }
    let state = doc
        .transact()
        .encode_state_as_update_v1(&StateVector::default());
    let (body, _) = body_from_state(&state, &MentionNames::default()).unwrap();
    assert_eq!(body.blocks, vec![p(vec![plain("Ask Paul now.")])]);

    // The element was renamed since: the export reads its name now.
    let mut element = EntityRow::new(EntityKind::Element, "el-1", "u", 1);
    element.name = "Paul Atreides".into();
    let (body, _) = body_from_state(&state, &MentionNames::from_rows([&element])).unwrap();
    assert_eq!(body.blocks, vec![p(vec![plain("Ask Paul Atreides now.")])]);
}
