use std::collections::HashMap;
use std::sync::Arc;

use quire_core::manuscript::html_to_text;
use yrs::types::Attrs;
use yrs::{
    Any, Doc, StateVector, Text, Transact, TransactionMut, WriteTxn, Xml, XmlElementPrelim,
    XmlFragment, XmlTextPrelim,
};

use super::*;

/// A node of a test document in the y-prosemirror shape.
enum N {
    El(&'static str, Vec<(&'static str, Any)>, Vec<N>),
    /// One `Y.XmlText` made of runs, each with its formatting attributes.
    Text(Vec<(String, Attrs)>),
}

fn el(tag: &'static str, children: Vec<N>) -> N {
    N::El(tag, Vec::new(), children)
}

fn el_with(tag: &'static str, attrs: Vec<(&'static str, Any)>, children: Vec<N>) -> N {
    N::El(tag, attrs, children)
}

fn t(s: &str) -> N {
    N::Text(vec![(s.to_owned(), Attrs::new())])
}

fn runs(runs: Vec<(&str, Attrs)>) -> N {
    N::Text(runs.into_iter().map(|(s, a)| (s.to_owned(), a)).collect())
}

fn p(s: &str) -> N {
    el("paragraph", vec![t(s)])
}

/// Formatting attributes as y-prosemirror writes them: mark name → attrs object.
fn marks(list: &[(&str, &[(&str, &str)])]) -> Attrs {
    list.iter()
        .map(|(name, attrs)| {
            let map: HashMap<String, Any> = attrs
                .iter()
                .map(|(k, v)| (k.to_string(), Any::from(*v)))
                .collect();
            (Arc::from(*name), Any::from(map))
        })
        .collect()
}

fn build(txn: &mut TransactionMut, parent: &impl XmlFragment, node: N) {
    match node {
        N::El(tag, attrs, children) => {
            let e = parent.push_back(txn, XmlElementPrelim::empty(tag));
            for (k, v) in attrs {
                e.insert_attribute(txn, k, v);
            }
            for child in children {
                build(txn, &e, child);
            }
        }
        N::Text(runs) => {
            let text = parent.push_back(txn, XmlTextPrelim::new(""));
            for (s, attrs) in runs {
                let at = text.len(txn);
                text.insert_with_attributes(txn, at, &s, attrs);
            }
        }
    }
}

fn doc(nodes: Vec<N>) -> Doc {
    let doc = Doc::new();
    {
        let mut txn = doc.transact_mut();
        let root = txn.get_or_insert_xml_fragment(FRAGMENT);
        for node in nodes {
            build(&mut txn, &root, node);
        }
    }
    doc
}

fn html(nodes: Vec<N>) -> String {
    derive(&doc(nodes)).html
}

#[test]
fn paragraphs_and_headings_become_p_and_h_with_the_level_clamped() {
    let d = derive(&doc(vec![
        p("One"),
        el_with("heading", vec![("level", Any::from(2))], vec![t("Two")]),
        el_with("heading", vec![("level", Any::from(9))], vec![t("Six")]),
        el_with("heading", vec![("level", Any::from("0"))], vec![t("One")]),
        el("heading", vec![t("None")]),
        el("paragraph", vec![]),
    ]));
    assert_eq!(
        d.html,
        "<p>One</p><h2>Two</h2><h6>Six</h6><h1>One</h1><h1>None</h1><p></p>"
    );
    assert_eq!(d.text, "One\nTwo\nSix\nOne\nNone\n");
    assert_eq!(d.words, 5);
}

#[test]
fn a_table_renders_its_rows_and_cells_with_each_cell_paragraph_on_its_own_line() {
    let cell = |tag: &'static str, span: i64, text: &str| {
        el_with(
            tag,
            vec![("colspan", Any::from(span)), ("rowspan", Any::from(1))],
            vec![p(text)],
        )
    };
    let d = derive(&doc(vec![el(
        "table",
        vec![
            el(
                "tableRow",
                vec![
                    cell("tableHeader", 1, "Name"),
                    cell("tableHeader", 1, "Age"),
                ],
            ),
            el("tableRow", vec![cell("tableCell", 2, "Ana, 41")]),
        ],
    )]));
    assert_eq!(
        d.html,
        "<table><tbody><tr><th><p>Name</p></th><th><p>Age</p></th></tr>\
         <tr><td colspan=\"2\"><p>Ana, 41</p></td></tr></tbody></table>"
    );
    assert_eq!(d.text, "Name\nAge\nAna, 41");
    assert_eq!(d.words, 4);
}

#[test]
fn small_caps_render_as_a_span_styled_with_the_small_caps_variant() {
    let d = derive(&doc(vec![el(
        "paragraph",
        vec![runs(vec![
            ("In the ", Attrs::new()),
            ("Year One", marks(&[("smallCaps", &[]), ("bold", &[])])),
        ])],
    )]));
    assert_eq!(
        d.html,
        "<p>In the <span style=\"font-variant: small-caps\"><strong>Year One</strong></span></p>"
    );
    assert_eq!(d.words, 4);
}

#[test]
fn nested_lists_render_as_ul_ol_li_with_each_item_on_its_own_line() {
    let d = derive(&doc(vec![
        el(
            "bulletList",
            vec![
                el("listItem", vec![p("apples")]),
                el(
                    "listItem",
                    vec![
                        p("pears"),
                        el_with(
                            "orderedList",
                            vec![("start", Any::from(3))],
                            vec![
                                el("listItem", vec![p("conference")]),
                                el("listItem", vec![p("comice")]),
                            ],
                        ),
                    ],
                ),
            ],
        ),
        el_with(
            "orderedList",
            vec![("start", Any::from(1))],
            vec![el("listItem", vec![p("first")])],
        ),
    ]));
    assert_eq!(
        d.html,
        "<ul><li><p>apples</p></li><li><p>pears</p><ol start=\"3\"><li><p>conference</p></li>\
         <li><p>comice</p></li></ol></li></ul><ol><li><p>first</p></li></ol>"
    );
    assert_eq!(d.text, "apples\npears\nconference\ncomice\nfirst");
}

#[test]
fn quotes_rules_breaks_page_breaks_and_code_blocks_use_tiptap_tags() {
    let d = derive(&doc(vec![
        el("blockquote", vec![p("Said.")]),
        el("horizontalRule", vec![]),
        el(
            "paragraph",
            vec![t("line one"), el("hardBreak", vec![]), t("line two")],
        ),
        el("pageBreak", vec![]),
        el_with(
            "codeBlock",
            vec![("language", Any::from("rust"))],
            vec![t("fn main() {}\n// <done>")],
        ),
        el_with(
            "codeBlock",
            vec![("language", Any::from("x\" onclick=\"y"))],
            vec![t("plain")],
        ),
    ]));
    assert_eq!(
        d.html,
        "<blockquote><p>Said.</p></blockquote><hr><p>line one<br>line two</p>\
         <div data-type=\"page-break\"></div>\
         <pre><code class=\"language-rust\">fn main() {}\n// &lt;done&gt;</code></pre>\
         <pre><code>plain</code></pre>"
    );
    assert_eq!(
        d.text,
        "Said.\nline one\nline two\nfn main() {}\n// <done>\nplain"
    );
}

#[test]
fn images_keep_only_http_or_raster_data_sources() {
    let img = |src: &str| {
        el_with(
            "image",
            vec![("src", Any::from(src)), ("alt", Any::from("a \"cat\""))],
            vec![],
        )
    };
    assert_eq!(
        html(vec![
            img("https://example.com/cat.png"),
            img("javascript:alert(1)"),
            img("data:image/gif;base64,R0lG")
        ]),
        "<img src=\"https://example.com/cat.png\" alt=\"a &quot;cat&quot;\">\
         <img src=\"data:image/gif;base64,R0lG\" alt=\"a &quot;cat&quot;\">"
    );
}

#[test]
fn text_alignment_is_kept_only_for_left_center_right_and_justify() {
    let aligned = |a: &str| el_with("paragraph", vec![("textAlign", Any::from(a))], vec![t("x")]);
    assert_eq!(
        html(vec![
            aligned("center"),
            aligned("justify"),
            aligned("center;color:red"),
            el_with(
                "heading",
                vec![("level", Any::from(1)), ("textAlign", Any::from("right"))],
                vec![t("h")]
            ),
        ]),
        "<p style=\"text-align: center\">x</p><p style=\"text-align: justify\">x</p><p>x</p>\
         <h1 style=\"text-align: right\">h</h1>"
    );
}

#[test]
fn each_mark_has_its_tag() {
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);
    let cases: [Case; 10] = [
        ("bold", &[], "<strong>w</strong>"),
        ("italic", &[], "<em>w</em>"),
        ("underline", &[], "<u>w</u>"),
        ("strike", &[], "<s>w</s>"),
        ("code", &[], "<code>w</code>"),
        ("highlight", &[], "<mark>w</mark>"),
        ("subscript", &[], "<sub>w</sub>"),
        ("superscript", &[], "<sup>w</sup>"),
        (
            "link",
            &[("href", "https://q.example/a?b=1&c=2")],
            "<a href=\"https://q.example/a?b=1&amp;c=2\" rel=\"noopener noreferrer nofollow\">w</a>",
        ),
        (
            "comment",
            &[("id", "c-17")],
            "<span data-comment-id=\"c-17\">w</span>",
        ),
    ];
    for (name, attrs, expected) in cases {
        let got = html(vec![el(
            "paragraph",
            vec![runs(vec![("w", marks(&[(name, attrs)]))])],
        )]);
        assert_eq!(got, format!("<p>{expected}</p>"), "{name}");
    }
    let styled = |family: &str, size: &str| {
        html(vec![el(
            "paragraph",
            vec![runs(vec![(
                "w",
                marks(&[("textStyle", &[("fontFamily", family), ("fontSize", size)])]),
            )])],
        )])
    };
    assert_eq!(
        styled("Open Sans, 'Times New Roman'", "12pt"),
        "<p><span style=\"font-family: Open Sans, &#39;Times New Roman&#39;; font-size: 12pt\">w</span></p>"
    );
    assert_eq!(
        styled("x;background:url(evil)", "12pt"),
        "<p><span style=\"font-size: 12pt\">w</span></p>"
    );
    assert_eq!(styled("x\"y", "expression(alert(1))"), "<p>w</p>");
}

#[test]
fn marks_nest_in_a_stable_order_from_link_outside_to_code_inside() {
    let all = marks(&[
        ("code", &[]),
        ("italic", &[]),
        ("bold", &[]),
        ("link", &[("href", "/notes")]),
        ("strike", &[]),
        ("underline", &[]),
    ]);
    let got = html(vec![el(
        "paragraph",
        vec![runs(vec![
            ("a", marks(&[("bold", &[])])),
            ("b", all),
            ("c", marks(&[("bold", &[]), ("italic", &[])])),
            ("d", Attrs::new()),
        ])],
    )]);
    assert_eq!(
        got,
        "<p><strong>a</strong><a href=\"/notes\" rel=\"noopener noreferrer nofollow\"><strong><em><u><s><code>b</code></s></u></em></strong></a>\
         <strong><em>c</em></strong>d</p>"
    );
}

#[test]
fn overlapping_marks_of_one_type_each_get_their_element() {
    // y-prosemirror suffixes a mark that may overlap itself with `--<hash>`.
    let both = marks(&[
        ("comment--a1", &[("id", "one")]),
        ("comment--b2", &[("id", "two")]),
    ]);
    assert_eq!(
        html(vec![el("paragraph", vec![runs(vec![("x", both)])])]),
        "<p><span data-comment-id=\"one\"><span data-comment-id=\"two\">x</span></span></p>"
    );
}

#[test]
fn a_link_to_an_unsafe_target_keeps_its_text_and_loses_the_link() {
    for href in [
        "javascript:alert(1)",
        " JAVASCRIPT:alert(1)",
        "java\nscript:alert(1)",
        "data:text/html,x",
        "vbscript:x",
    ] {
        let got = html(vec![el(
            "paragraph",
            vec![runs(vec![("click", marks(&[("link", &[("href", href)])]))])],
        )]);
        assert_eq!(got, "<p>click</p>", "{href:?}");
    }
}

#[test]
fn unknown_nodes_keep_their_text_and_unknown_marks_are_left_out() {
    let d = derive(&doc(vec![
        el("callout", vec![p("Note this.")]),
        el(
            "paragraph",
            vec![
                t("See"),
                el("mention", vec![t("1")]),
                runs(vec![("!", marks(&[("sparkle", &[])]))]),
            ],
        ),
    ]));
    assert_eq!(
        d.html,
        "<div data-type=\"callout\"><p>Note this.</p></div><p>See<span data-type=\"mention\">1</span>!</p>"
    );
    assert_eq!(d.text, "Note this.\nSee1!");
}

#[test]
fn markup_typed_by_a_writer_never_comes_out_live() {
    let xss = "<script>alert('x')</script><img src=x onerror=alert(1)>\"'&";
    let d = derive(&doc(vec![
        p(xss),
        el_with(
            "paragraph",
            vec![("textAlign", Any::from(xss))],
            vec![t("a")],
        ),
        el_with(
            "image",
            vec![
                ("src", Any::from("https://x/y.png")),
                ("alt", Any::from(xss)),
                ("title", Any::from(xss)),
            ],
            vec![],
        ),
        el("<script>", vec![t("b")]),
        el(
            "paragraph",
            vec![runs(vec![(
                xss,
                marks(&[("comment", &[("id", xss)]), ("link", &[("href", xss)])]),
            )])],
        ),
        el(
            "paragraph",
            vec![runs(vec![(
                "c",
                marks(&[(
                    "link",
                    &[("href", "https://x/\"><script>alert(1)</script>")],
                )]),
            )])],
        ),
    ]));
    assert_only_our_markup(&d.html);
    assert!(
        d.html
            .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
    );
    assert!(d.html.contains("<div data-type=\"&lt;script&gt;\">"));
    assert!(
        d.html
            .contains("href=\"https://x/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\"")
    );
    assert!(
        d.text.starts_with(xss),
        "the plain text is the text as typed"
    );
}

#[test]
fn the_word_count_is_quire_cores_count_of_the_plain_text_and_agrees_with_the_html() {
    let d = derive(&doc(vec![
        el_with(
            "heading",
            vec![("level", Any::from(1))],
            vec![t("Chapter One")],
        ),
        el(
            "paragraph",
            vec![t("It was a"), el("hardBreak", vec![]), t("dark night.")],
        ),
        el(
            "bulletList",
            vec![
                el("listItem", vec![p("don't")]),
                el("listItem", vec![p("stop")]),
            ],
        ),
        el(
            "paragraph",
            vec![runs(vec![
                ("half", marks(&[("bold", &[])])),
                ("word", Attrs::new()),
            ])],
        ),
    ]));
    assert_eq!(d.words, 10);
    assert_eq!(d.words as usize, count_words(&html_to_text(&d.html)));
}

/// Adds footnote bodies to `doc`'s `footnotes` map, as the editor does (one `Y.Text` each).
fn with_footnotes(doc: Doc, bodies: &[(&str, &str)]) -> Doc {
    {
        let mut txn = doc.transact_mut();
        let map = txn.get_or_insert_map(FOOTNOTES);
        for (id, body) in bodies {
            map.insert(&mut txn, *id, yrs::TextPrelim::new(*body));
        }
    }
    doc
}

fn footnote(id: &str) -> N {
    el_with("footnote", vec![("id", Any::from(id))], vec![])
}

#[test]
fn footnotes_are_referenced_in_the_text_and_their_bodies_follow_it_in_order_of_reference() {
    let d = derive(&with_footnotes(
        doc(vec![
            el("paragraph", vec![t("Dawn."), footnote("b2")]),
            el(
                "paragraph",
                vec![t("Dusk."), footnote("a1"), t(" Again"), footnote("b2")],
            ),
        ]),
        &[
            ("a1", "Late, & cold."),
            ("b2", "In <the> valley."),
            ("unreferenced", "A deleted footnote's body."),
        ],
    ));
    let sup = |id: &str| {
        format!("<sup data-type=\"footnote\" class=\"footnote-ref\" data-id=\"{id}\"></sup>")
    };
    assert_eq!(
        d.html,
        format!(
            "<p>Dawn.{}</p><p>Dusk.{} Again{}</p>\
             <section data-type=\"footnotes\"><ol>\
             <li data-id=\"b2\"><p>In &lt;the&gt; valley.</p></li>\
             <li data-id=\"a1\"><p>Late, &amp; cold.</p></li>\
             </ol></section>",
            sup("b2"),
            sup("a1"),
            sup("b2")
        )
    );
    // The editor counts the text without the bodies; so do the text and quire-core's readers.
    assert_eq!(d.text, "Dawn.\nDusk. Again");
    assert_eq!(d.words, 3);
    assert_eq!(d.words as usize, count_words(&html_to_text(&d.html)));
    assert_eq!(
        quire_core::manuscript::html_blocks(&d.html).len(),
        2,
        "a client saving this HTML back does not turn the footnotes into paragraphs"
    );
}

#[test]
fn a_reference_whose_body_is_missing_lists_an_empty_footnote() {
    let d = derive(&doc(vec![el(
        "paragraph",
        vec![t("Hm."), footnote("gone")],
    )]));
    assert!(
        d.html
            .ends_with("<ol><li data-id=\"gone\"><p></p></li></ol></section>"),
        "{}",
        d.html
    );
}

#[test]
fn a_missing_or_empty_fragment_derives_to_nothing() {
    assert_eq!(derive(&Doc::new()), Derived::default());
    assert_eq!(derive(&doc(vec![])), Derived::default());
}

#[test]
fn a_stored_state_derives_like_the_document_it_came_from() {
    let original = doc(vec![
        p("Hello"),
        el("bulletList", vec![el("listItem", vec![p("world")])]),
    ]);
    let state = original
        .transact()
        .encode_state_as_update_v1(&StateVector::default());
    assert_eq!(
        derive_from_update(&state).expect("a full state derives"),
        derive(&original)
    );
    assert!(matches!(
        derive_from_update(&[0xff, 0xff, 0xff]),
        Err(DeriveError::Decode(_))
    ));
}

#[test]
fn a_state_missing_the_updates_it_builds_on_is_not_derived() {
    let doc = doc(vec![p("first")]);
    let before = doc.transact().state_vector();
    {
        let mut txn = doc.transact_mut();
        let root = txn.get_or_insert_xml_fragment(FRAGMENT);
        build(&mut txn, &root, p("second"));
    }
    let later_only = doc.transact().encode_diff_v1(&before);
    assert!(matches!(
        derive_from_update(&later_only),
        Err(DeriveError::Incomplete)
    ));
}

#[test]
fn the_yjs_xml_lowercases_names_and_sorts_attributes_as_yjs_does() {
    // The expected string is what Yjs 13.6.33 `toString()` gives for the same document.
    let d = doc(vec![
        el_with(
            "heading",
            vec![("textAlign", Any::from("center")), ("level", Any::from(2))],
            vec![t("Hi")],
        ),
        el(
            "bulletList",
            vec![el(
                "listItem",
                vec![el(
                    "paragraph",
                    vec![runs(vec![
                        (
                            "a",
                            marks(&[
                                (
                                    "textStyle",
                                    &[("fontSize", "12pt"), ("fontFamily", "Arial")],
                                ),
                                ("bold", &[]),
                            ]),
                        ),
                        ("b", Attrs::new()),
                    ])],
                )],
            )],
        ),
    ]);
    assert_eq!(
        yjs_xml(&d),
        "<heading level=\"2\" textAlign=\"center\">Hi</heading><bulletlist><listitem><paragraph>\
         <bold><textStyle fontFamily=\"Arial\" fontSize=\"12pt\">a</textStyle></bold>b\
         </paragraph></listitem></bulletlist>"
    );
}

#[test]
fn a_long_novel_derives_in_one_linear_pass() {
    // 3,000 paragraphs of 50 words: 150,000 words. Timing belongs in a benchmark; this checks
    // the walk handles the size and counts every word.
    let sentence = "the quick brown fox jumps over the lazy dog again ".repeat(5);
    let doc = doc((0..3000).map(|_| p(sentence.trim_end())).collect());
    let d = derive(&doc);
    assert_eq!(d.words, 150_000);
    assert_eq!(d.text.lines().count(), 3000);
    assert_eq!(d.html.matches("<p>").count(), 3000);
}

/// Every tag in `html` is one the walker writes, with attributes it writes, and every attribute
/// value is quoted: whatever the writer typed stayed text.
fn assert_only_our_markup(html: &str) {
    const TAGS: &[&str] = &[
        "p",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "ul",
        "ol",
        "li",
        "blockquote",
        "hr",
        "br",
        "div",
        "span",
        "pre",
        "code",
        "img",
        "a",
        "strong",
        "em",
        "u",
        "s",
        "mark",
        "sub",
        "sup",
    ];
    const ATTRS: &[&str] = &[
        "href",
        "rel",
        "src",
        "alt",
        "title",
        "style",
        "class",
        "start",
        "data-type",
        "data-comment-id",
    ];
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        assert!(!rest[..at].contains('>'), "a stray > in {html}");
        let end = rest[at..]
            .find('>')
            .map(|e| at + e)
            .expect("every tag is closed");
        let tag = &rest[at + 1..end];
        let tag = tag.strip_prefix('/').unwrap_or(tag);
        let (name, mut attrs) = tag.split_once(' ').unwrap_or((tag, ""));
        assert!(TAGS.contains(&name), "unexpected tag <{name}> in {html}");
        while !attrs.is_empty() {
            let (key, value) = attrs
                .split_once("=\"")
                .expect("attributes are key=\"value\"");
            assert!(ATTRS.contains(&key), "unexpected attribute {key} in {html}");
            let close = value.find('"').expect("attribute values are closed");
            assert!(
                !value[..close].contains(['<', '>', '\'']),
                "unescaped value in {html}"
            );
            attrs = value[close + 1..].trim_start();
        }
        rest = &rest[end + 1..];
    }
    assert!(!rest.contains('>'), "a stray > in {html}");
}

#[test]
fn block_texts_are_the_plain_text_of_each_block_whatever_its_marks() {
    let bold = marks(&[("bold", &[])]);
    let link = marks(&[("link", &[("href", "https://q.example/?a=1&b=2")])]);
    let d = doc(vec![
        el(
            "paragraph",
            vec![runs(vec![
                ("Tom & ", Attrs::new()),
                ("Jerry", bold),
                (" <ran>", link),
            ])],
        ),
        el("heading", vec![t("Part \"two\"")]),
        el(
            "bulletList",
            vec![
                el("listItem", vec![p("one")]),
                el("listItem", vec![p("two")]),
            ],
        ),
    ]);
    let texts = block_texts_in(&d.transact());
    assert_eq!(texts, ["Tom & Jerry <ran>", "Part \"two\"", "one\ntwo"]);
    let derived = derive(&d);
    let from_html: Vec<String> = quire_core::manuscript::html_blocks(&derived.html)
        .into_iter()
        .map(|b| b.text)
        .collect();
    assert_eq!(texts, from_html);
}

#[test]
fn a_mention_keeps_the_name_it_was_written_as_in_the_html_text_and_word_count() {
    let mention = |id: &str, label: &str| {
        el_with(
            "mention",
            vec![("id", Any::from(id)), ("label", Any::from(label))],
            vec![],
        )
    };
    let d = derive(&doc(vec![el(
        "paragraph",
        vec![
            mention("el-1", "Paul"),
            t(" met "),
            mention("el-2", "Lady <Jessica>"),
            t("."),
        ],
    )]));
    assert_eq!(
        d.html,
        "<p><span data-type=\"mention\" data-id=\"el-1\" data-label=\"Paul\">Paul</span> met \
         <span data-type=\"mention\" data-id=\"el-2\" data-label=\"Lady &lt;Jessica&gt;\">\
         Lady &lt;Jessica&gt;</span>.</p>"
    );
    assert_eq!(d.text, "Paul met Lady <Jessica>.");
    assert_eq!(d.words, 4);
}
