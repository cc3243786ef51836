//! The .docx writer: the package's parts and their XML (styles with outline levels, footnotes,
//! comments, numbering, images, links), the standard manuscript format, hostile text, and
//! LibreOffice opening the file with all its text in order.

mod write_support;

use std::collections::BTreeMap;
use std::process::Command;

use quire_formats::docx;
use quire_formats::model::{Block, Image, Manuscript};
use quire_formats::options::{
    Ebook, ExportOptions, ManuscriptFont, PageSetup, Paper, Preset, StandardManuscript,
};
use write_support::*;

fn docx_files(
    m: &Manuscript,
    options: &ExportOptions,
    page: &PageSetup,
) -> BTreeMap<String, String> {
    unzip(&docx::write::write(m, options, page).unwrap())
        .into_iter()
        .filter(|(name, _)| name.ends_with(".xml") || name.ends_with(".rels"))
        .map(|(name, data)| (name, String::from_utf8(data).expect("utf-8")))
        .collect()
}

fn with_comments() -> ExportOptions {
    ExportOptions {
        comments: true,
        ..ExportOptions::default()
    }
}

#[test]
fn every_part_is_well_formed_and_listed() {
    let bytes = docx::write::write(&sample(), &with_comments(), &PageSetup::default()).unwrap();
    let files = unzip(&bytes);
    for name in [
        "[Content_Types].xml",
        "_rels/.rels",
        "docProps/core.xml",
        "docProps/app.xml",
        "word/document.xml",
        "word/_rels/document.xml.rels",
        "word/styles.xml",
        "word/settings.xml",
        "word/numbering.xml",
        "word/footnotes.xml",
        "word/comments.xml",
        "word/commentsExtended.xml",
        "word/header1.xml",
        "word/media/image1.png",
    ] {
        assert!(files.contains_key(name), "{name} in {:?}", files.keys());
    }
    for (name, data) in &files {
        if name.ends_with(".xml") || name.ends_with(".rels") {
            xml_text(std::str::from_utf8(data).unwrap());
        }
    }
    assert_eq!(files["word/media/image1.png"], PNG);
    let document = std::str::from_utf8(&files["word/document.xml"]).unwrap();
    assert_words_in_order(&body_words(&sample()), &xml_text(document), "document.xml");
    let types = String::from_utf8(files["[Content_Types].xml"].clone()).unwrap();
    for part in [
        "/word/document.xml",
        "/word/comments.xml",
        "/word/commentsExtended.xml",
        "/word/header1.xml",
        "/word/footnotes.xml",
        "/word/numbering.xml",
    ] {
        assert!(
            types.contains(&format!(r#"<Override PartName="{part}""#)),
            "{part}"
        );
    }
    assert_eq!(
        bytes,
        docx::write::write(&sample(), &with_comments(), &PageSetup::default()).unwrap(),
        "deterministic"
    );
}

#[test]
fn headings_are_real_styles_with_outline_levels() {
    let f = docx_files(&sample(), &ExportOptions::default(), &PageSetup::default());
    let styles = &f["word/styles.xml"];
    for (id, name, level) in [
        ("Heading1", "heading 1", 0),
        ("Heading2", "heading 2", 1),
        ("Heading3", "heading 3", 2),
    ] {
        let at = styles
            .find(&format!(r#"w:styleId="{id}"><w:name w:val="{name}"/>"#))
            .unwrap_or_else(|| panic!("{id}"));
        let style = &styles[at..at + styles[at..].find("</w:style>").unwrap()];
        assert!(
            style.contains(&format!(r#"<w:outlineLvl w:val="{level}"/>"#)),
            "{style}"
        );
    }
    for id in [
        "Normal",
        "Title",
        "Quote",
        "ListParagraph",
        "FootnoteText",
        "FootnoteReference",
        "Hyperlink",
        "SceneBreak",
    ] {
        assert!(styles.contains(&format!(r#"w:styleId="{id}""#)), "{id}");
    }
    let doc = &f["word/document.xml"];
    assert!(doc.contains(
        r#"<w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t xml:space="preserve">Arrival</w:t>"#
    ));
    assert!(doc.contains(r#"<w:pStyle w:val="Heading2"/></w:pPr><w:r><w:t xml:space="preserve">Tango Night Watch</w:t>"#));
    assert!(doc.contains(r#"<w:pStyle w:val="Heading3"/></w:pPr><w:r><w:t xml:space="preserve">Charlie heading inside</w:t>"#));
    assert!(doc.contains(
        r#"<w:pStyle w:val="Quote"/></w:pPr><w:r><w:t xml:space="preserve">Delta quoted line."#
    ));
    assert!(doc.contains(r#"<w:pStyle w:val="SceneBreak"/></w:pPr><w:r><w:t>#</w:t></w:r>"#));
    assert!(doc.contains(r#"<w:br w:type="page"/>"#));
    assert!(doc.contains(
        r#"<w:jc w:val="center"/></w:pPr><w:r><w:t xml:space="preserve">November centred ends."#
    ));
    for mark in [
        "<w:b/>",
        "<w:i/>",
        "<w:smallCaps/>",
        "<w:strike/>",
        r#"<w:u w:val="single"/>"#,
    ] {
        assert!(doc.contains(&format!("<w:rPr>{mark}</w:rPr>")), "{mark}");
    }
    let core = &f["docProps/core.xml"];
    assert!(core.contains(
        "<dc:title>The Lighthouse Keeper</dc:title><dc:creator>Ana María Ortega</dc:creator>"
    ));
}

#[test]
fn footnotes_are_real_footnotes_after_the_separators() {
    let f = docx_files(&sample(), &ExportOptions::default(), &PageSetup::default());
    let notes = &f["word/footnotes.xml"];
    assert!(notes.contains(r#"<w:footnote w:type="separator" w:id="-1">"#));
    assert!(notes.contains(r#"<w:footnote w:type="continuationSeparator" w:id="0">"#));
    assert!(notes.contains(r#"<w:footnote w:id="1"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>"#));
    assert!(notes.contains("Oscar footnote text.") && notes.contains(r#"<w:footnote w:id="2">"#));
    let doc = &f["word/document.xml"];
    assert!(
        doc.contains(r#"<w:footnoteReference w:id="1"/>"#)
            && doc.contains(r#"<w:footnoteReference w:id="2"/>"#)
    );
    assert!(
        f["word/settings.xml"].contains(
            r#"<w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr>"#
        )
    );

    let none = docx_files(
        &sample(),
        &ExportOptions {
            footnotes: false,
            ..ExportOptions::default()
        },
        &PageSetup::default(),
    );
    assert!(
        !none["word/document.xml"].contains("footnoteReference")
            && !none["word/footnotes.xml"].contains("Oscar")
    );
}

#[test]
fn comments_are_word_comments_with_author_date_and_range() {
    let f = docx_files(&sample(), &with_comments(), &PageSetup::default());
    let comments = &f["word/comments.xml"];
    assert!(comments.contains(r#"<w:comment w:id="3" w:author="Papa Reviewer" w:date="2026-03-04T05:06:07Z" w:initials="PR">"#), "{comments}");
    assert!(comments.contains("Quebec comment body.") && comments.contains("<w:annotationRef/>"));
    assert!(
        comments.contains(
            r#"<w:comment w:id="4" w:author="Romeo Author" w:date="2026-03-05T06:07:08Z""#
        )
    );
    // Comment ids follow the footnotes' (1 and 2): LibreOffice mixes up notes sharing an id.
    let doc = &f["word/document.xml"];
    let start = doc
        .find(r#"<w:commentRangeStart w:id="3"/><w:commentRangeStart w:id="4"/>"#)
        .unwrap_or_else(|| panic!("the range starts in {doc}"));
    let end = doc
        .find(r#"<w:commentRangeEnd w:id="3"/><w:commentRangeEnd w:id="4"/>"#)
        .expect("the range ends");
    assert!(doc[start..end].contains("commented words"));
    assert!(doc[end..].starts_with(r#"<w:commentRangeEnd w:id="3"/><w:commentRangeEnd w:id="4"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="3"/></w:r>"#));
    assert!(f["word/_rels/document.xml.rels"].contains(r#"Target="comments.xml""#));
    // The reply is threaded under its comment (their last paragraphs' ids), the thread open.
    assert!(
        comments.contains(r#"<w:p w14:paraId="00000001"><w:pPr><w:pStyle w:val="CommentText"/>"#)
    );
    assert!(
        comments.contains(r#"<w:p w14:paraId="00000002"><w:pPr><w:pStyle w:val="CommentText"/>"#)
    );
    let extended = &f["word/commentsExtended.xml"];
    assert!(extended.contains(r#"<w15:commentEx w15:paraId="00000001" w15:done="0"/><w15:commentEx w15:paraId="00000002" w15:paraIdParent="00000001" w15:done="0"/>"#), "{extended}");
    let mut resolved = sample();
    resolved.chapters[0].body.comments[0].resolved = true;
    let f = docx_files(&resolved, &with_comments(), &PageSetup::default());
    assert!(
        f["word/commentsExtended.xml"]
            .contains(r#"<w15:commentEx w15:paraId="00000001" w15:done="1"/>"#)
    );

    let none = docx_files(&sample(), &ExportOptions::default(), &PageSetup::default());
    assert!(
        !none.contains_key("word/comments.xml") && !none["word/document.xml"].contains("commentR")
    );
}

#[test]
fn lists_restart_and_nest() {
    let f = docx_files(&sample(), &ExportOptions::default(), &PageSetup::default());
    let numbering = &f["word/numbering.xml"];
    assert!(numbering.contains(r#"<w:numFmt w:val="bullet"/><w:lvlText w:val="•"/>"#));
    assert!(numbering.contains(r#"<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%2."/>"#));
    assert!(numbering.contains(r#"<w:num w:numId="1"><w:abstractNumId w:val="1"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/>"#));
    assert!(numbering.contains(r#"<w:num w:numId="2"><w:abstractNumId w:val="2"/><w:lvlOverride w:ilvl="1"><w:startOverride w:val="3"/>"#));
    let doc = &f["word/document.xml"];
    assert!(doc.contains(r#"<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">Echo bullet one"#));
    assert!(doc.contains(r#"<w:numPr><w:ilvl w:val="1"/><w:numId w:val="2"/></w:numPr></w:pPr><w:r><w:t xml:space="preserve">Golf numbered three"#));
}

#[test]
fn images_links_and_tables_have_their_relationships() {
    let f = docx_files(&sample(), &ExportOptions::default(), &PageSetup::default());
    let rels = &f["word/_rels/document.xml.rels"];
    assert!(rels.contains(r#"Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/log?a=1&amp;b=2" TargetMode="External"/>"#), "{rels}");
    assert!(rels.contains(r#"Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/>"#));
    let doc = &f["word/document.xml"];
    assert!(doc.contains(r#"<w:hyperlink r:id="rId10" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t xml:space="preserve">lighthouse log</w:t>"#));
    // 4 × 2 pixels at 96 dpi.
    assert!(
        doc.contains(r#"<wp:extent cx="38100" cy="19050"/>"#)
            && doc.contains(r#"<a:blip r:embed="rId11"/>"#)
    );
    assert!(doc.contains(r#"descr="India harbour picture""#));
    assert_eq!(doc.matches("<w:tc>").count(), 4);

    // A wide image (4000 × 1000) is scaled to the text width (letter, the standard manuscript's
    // inch margins: 12240 − 2 × 1440 twips).
    let mut wide = sample();
    let mut png = PNG.to_vec();
    png[16..24].copy_from_slice(&[0, 0, 0x0f, 0xa0, 0, 0, 0x03, 0xe8]);
    wide.images[0].bytes = png;
    let f = docx_files(&wide, &ExportOptions::default(), &PageSetup::default());
    let doc = &f["word/document.xml"];
    assert!(
        doc.contains(r#"<wp:extent cx="5943600" cy="1485900"/>"#),
        "{}",
        &doc[doc.find("<wp:extent").unwrap()..][..60]
    );
}

#[test]
fn the_page_setup_applies_when_the_preset_has_no_page() {
    let page = PageSetup {
        paper: Paper::A4,
        landscape: true,
        margins_mm: [20.0, 15.0, 20.0, 15.0],
    };
    let options = ExportOptions {
        preset: Preset::Ebook(Ebook::default()),
        ..ExportOptions::default()
    };
    let f = docx_files(&sample(), &options, &page);
    assert!(f["word/document.xml"].contains(r#"<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/><w:pgMar w:top="1134" w:right="850" w:bottom="1134" w:left="850""#));
    assert!(!f.contains_key("word/header1.xml"));
}

#[test]
fn the_standard_manuscript_format_has_its_title_page_header_and_spacing() {
    let mut m = sample();
    m.author = "Ana María Ortega".into();
    let smf = StandardManuscript {
        font: ManuscriptFont::Courier,
        contact: vec!["Ana Ortega".into(), "ana@example.com".into()],
        surname: String::new(),
    };
    let options = ExportOptions {
        preset: Preset::StandardManuscript(smf),
        ..ExportOptions::default()
    };
    let f = docx_files(&m, &options, &PageSetup::default());
    let styles = &f["word/styles.xml"];
    assert!(styles.contains(r#"<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New" w:eastAsia="Courier New" w:cs="Courier New"/><w:sz w:val="24"/>"#));
    assert!(styles.contains(r#"<w:spacing w:after="0" w:line="480" w:lineRule="auto"/>"#));
    assert!(styles.contains(r#"<w:ind w:firstLine="720"/>"#));
    assert!(
        styles.contains(r#"<w:pageBreakBefore/><w:spacing w:before="4320" w:after="240"/>"#),
        "a third down"
    );
    let doc = &f["word/document.xml"];
    assert!(doc.contains(r#"<w:t xml:space="preserve">Ana Ortega</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t xml:space="preserve">about 100 words</w:t>"#), "{doc}");
    assert!(doc.contains(r#"<w:t xml:space="preserve">by Ana María Ortega</w:t>"#));
    assert!(doc.contains(r#"<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440""#));
    assert!(
        doc.contains(r#"<w:headerReference w:type="default" r:id="rId6"/>"#)
            && doc.contains(r#"<w:pgNumType w:start="1"/>"#)
    );
    // The title page's own section has no header.
    let first_section = &doc[..doc.find("</w:sectPr>").unwrap()];
    assert!(!first_section.contains("headerReference"));
    assert!(doc.contains(r#"<w:pStyle w:val="FirstParagraph"/></w:pPr><w:r><w:t xml:space="preserve">Alpha opens"#), "no indent after a heading");
    let header = &f["word/header1.xml"];
    assert!(header.contains("Ortega / THE LIGHTHOUSE KEEPER / ") && header.contains(" PAGE "));
}

#[test]
fn hostile_text_stays_text() {
    let f = docx_files(&hostile(), &with_comments(), &PageSetup::default());
    let mut all = String::new();
    for part in [
        "word/document.xml",
        "word/footnotes.xml",
        "word/comments.xml",
        "docProps/core.xml",
        "word/header1.xml",
    ] {
        all.push_str(&xml_text(&f[part]));
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
        "comment </w:comment> <script>",
    ] {
        assert!(text.contains(s), "{s:?} in {text}");
    }
    let comments = &f["word/comments.xml"];
    assert!(
        comments.contains(r#"w:author="Evil &quot;/&gt;&lt;w:b/&gt;""#)
            && !comments.contains("w:date"),
        "{comments}"
    );
    assert!(
        f["word/_rels/document.xml.rels"].contains(
            r#"Target="https://example.com/?q=%22%3E%3Cscript%3E" TargetMode="External""#
        )
    );
}

#[test]
fn libreoffice_opens_it_with_every_word_in_order() {
    let Some(soffice) = tool("soffice", &["--version"]) else {
        return;
    };
    let mut m = sample();
    m.chapters.extend(hostile().chapters);
    m.chapters[2].body.comments.clear();
    m.chapters[0].body.comments[0].resolved = true;
    m.images.push(Image {
        content_type: "image/gif".into(),
        name: "x.gif".into(),
        bytes: b"GIF89a\x01\x00\x01\x00\x00\x00\x00;".to_vec(),
    });
    m.chapters[1].body.blocks.push(Block::Image {
        image: 1,
        alt: "gif".into(),
    });
    let dir = scratch("docx");
    let file = dir.join("sample.docx");
    std::fs::write(
        &file,
        docx::write::write(&m, &with_comments(), &PageSetup::default()).unwrap(),
    )
    .unwrap();
    let out = Command::new(&soffice[0])
        .arg(format!(
            "-env:UserInstallation=file://{}/profile",
            dir.display()
        ))
        .args(["--headless", "--convert-to", "odt", "--outdir"])
        .arg(&dir)
        .arg(&file)
        .output()
        .expect("soffice runs");
    let odt = std::fs::read(dir.join("sample.odt")).unwrap_or_else(|_| {
        panic!(
            "LibreOffice converted nothing: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    // The text as LibreOffice holds it: footnotes and comments where they are anchored.
    let content = String::from_utf8(unzip(&odt)["content.xml"].clone()).unwrap();
    assert_eq!(
        content.matches(r#"loext:resolved="true""#).count(),
        1,
        "the resolved thread"
    );
    let text = xml_text(&content);
    assert_words_in_order(&body_words(&m), &text, "LibreOffice's text");
    let flat = squash(&text);
    for h in HOSTILE {
        assert!(flat.contains(&survivor(h)), "{h:?} in {flat}");
    }
    for note in [
        "Oscar footnote text.",
        "Victor second note.",
        "note </w:footnote> <a href=x> &amp;",
        "Quebec comment body.",
        "Sierra reply body.",
    ] {
        assert!(flat.contains(note), "{note:?} in {flat}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_empty_manuscript_still_makes_a_document() {
    for preset in [Preset::default(), Preset::Ebook(Ebook::default())] {
        let options = ExportOptions {
            preset,
            ..ExportOptions::default()
        };
        let f = docx_files(&Manuscript::default(), &options, &PageSetup::default());
        let doc = &f["word/document.xml"];
        xml_text(doc);
        assert!(doc.contains("<w:p/><w:sectPr>"), "{doc}");
    }
    // A body ending with a table ends with a paragraph after it.
    let mut m = sample();
    m.chapters.truncate(1);
    m.chapters[0].subchapters.clear();
    m.chapters[0]
        .body
        .blocks
        .retain(|b| matches!(b, Block::Table { .. }));
    let f = docx_files(&m, &ExportOptions::default(), &PageSetup::default());
    assert!(f["word/document.xml"].contains("</w:tbl><w:p/><w:sectPr>"));
}

#[test]
fn the_trade_paperback_has_its_trim_mirrored_margins_and_running_heads() {
    let options = ExportOptions {
        preset: Preset::TradePaperback(Default::default()),
        ..ExportOptions::default()
    };
    let f = docx_files(&sample(), &options, &PageSetup::default());
    let doc = &f["word/document.xml"];
    assert!(doc.contains(r#"<w:pgSz w:w="8640" w:h="12960"/><w:pgMar w:top="1080" w:right="900" w:bottom="1080" w:left="1260""#));
    assert!(doc.contains(r#"<w:headerReference w:type="default" r:id="rId6"/><w:headerReference w:type="even" r:id="rId9"/><w:footerReference w:type="default" r:id="rId7"/>"#));
    // The title and author have their own section, without heads or page numbers.
    let end = doc.find("</w:sectPr>").unwrap();
    let title_section = &doc[..end + doc[end..].find("</w:p>").unwrap()];
    assert!(title_section.contains("Ana María Ortega") && !title_section.contains("Reference"));
    assert!(
        f["word/settings.xml"].contains("<w:mirrorMargins/>")
            && f["word/settings.xml"].contains("<w:evenAndOddHeaders/>")
    );
    assert!(
        f["word/header1.xml"].contains(">The Lighthouse Keeper</w:t>")
            && f["word/header1.xml"].contains(r#"<w:jc w:val="center"/>"#)
    );
    assert!(f["word/header2.xml"].contains(">Ana María Ortega</w:t>"));
    assert!(f["word/footer1.xml"].contains(" PAGE "));
    assert!(
        f["word/styles.xml"].contains(r#"<w:sz w:val="22"/>"#)
            && f["word/styles.xml"].contains(r#"<w:jc w:val="both"/>"#)
    );

    let off = ExportOptions {
        preset: Preset::TradePaperback(quire_formats::options::TradePaperback {
            running_heads: false,
            ..Default::default()
        }),
        ..ExportOptions::default()
    };
    let f = docx_files(&sample(), &off, &PageSetup::default());
    assert!(
        !f.contains_key("word/header1.xml")
            && !f["word/settings.xml"].contains("evenAndOddHeaders")
    );
}
