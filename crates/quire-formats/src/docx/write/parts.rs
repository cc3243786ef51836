//! The package's fixed parts: content types, relationships, document properties, styles (real
//! heading styles with outline levels), settings and list numbering.

use std::fmt::Write as _;

use crate::escape::push_escaped;
use crate::model::Manuscript;

use super::document::{Output, push_run_text};
use super::layout::Layout;

/// The namespaces every WordprocessingML part declares.
pub(crate) const NAMESPACES: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing""#;

const XML_DECL: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"#;
pub(crate) const REL_IMAGE: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image";
pub(crate) const REL_HYPERLINK: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink";
const WML: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml";

/// A relationship of word/document.xml.
pub(crate) struct Rel {
    pub id: String,
    pub kind: &'static str,
    pub target: String,
    pub external: bool,
}

/// The relationships to the fixed parts, with the ids document.xml uses for them.
pub(crate) fn fixed_rels(comments: bool, header: bool, even: bool, footer: bool) -> Vec<Rel> {
    let mut rels = Vec::new();
    let mut add = |id: &str, kind: &str, target: &str| {
        rels.push(Rel {
            id: id.to_owned(),
            kind: match kind {
                "styles" => {
                    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles"
                }
                "settings" => {
                    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings"
                }
                "numbering" => {
                    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering"
                }
                "footnotes" => {
                    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes"
                }
                "comments" => {
                    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments"
                }
                "commentsExtended" => {
                    "http://schemas.microsoft.com/office/2011/relationships/commentsExtended"
                }
                "header" => {
                    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/header"
                }
                _ => "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer",
            },
            target: target.to_owned(),
            external: false,
        })
    };
    add("rId1", "styles", "styles.xml");
    add("rId2", "settings", "settings.xml");
    add("rId3", "numbering", "numbering.xml");
    add("rId4", "footnotes", "footnotes.xml");
    if comments {
        add("rId5", "comments", "comments.xml");
        add("rId8", "commentsExtended", "commentsExtended.xml");
    }
    if header {
        add("rId6", "header", "header1.xml");
    }
    if even {
        add("rId9", "header", "header2.xml");
    }
    if footer {
        add("rId7", "footer", "footer1.xml");
    }
    rels
}

pub(crate) fn content_types(out: &Output) -> String {
    let mut xml = format!(
        r#"{XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Default Extension="jpeg" ContentType="image/jpeg"/><Default Extension="gif" ContentType="image/gif"/><Default Extension="webp" ContentType="image/webp"/><Override PartName="/word/document.xml" ContentType="{WML}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="{WML}.styles+xml"/><Override PartName="/word/settings.xml" ContentType="{WML}.settings+xml"/><Override PartName="/word/numbering.xml" ContentType="{WML}.numbering+xml"/><Override PartName="/word/footnotes.xml" ContentType="{WML}.footnotes+xml"/>"#
    );
    if out.comments.is_some() {
        let _ = write!(
            xml,
            r#"<Override PartName="/word/comments.xml" ContentType="{WML}.comments+xml"/>"#
        );
    }
    if out.comments_extended.is_some() {
        let _ = write!(
            xml,
            r#"<Override PartName="/word/commentsExtended.xml" ContentType="{WML}.commentsExtended+xml"/>"#
        );
    }
    if out.header.is_some() {
        let _ = write!(
            xml,
            r#"<Override PartName="/word/header1.xml" ContentType="{WML}.header+xml"/>"#
        );
    }
    if out.header_even.is_some() {
        let _ = write!(
            xml,
            r#"<Override PartName="/word/header2.xml" ContentType="{WML}.header+xml"/>"#
        );
    }
    if out.footer.is_some() {
        let _ = write!(
            xml,
            r#"<Override PartName="/word/footer1.xml" ContentType="{WML}.footer+xml"/>"#
        );
    }
    xml.push_str(r#"<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>"#);
    xml
}

pub(crate) const PACKAGE_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>"#;

pub(crate) const APP: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Quire</Application></Properties>"#;

/// docProps/core.xml: the title and the author.
pub(crate) fn core(m: &Manuscript) -> String {
    let mut xml = format!(
        r#"{XML_DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"><dc:title>"#
    );
    push_escaped(&mut xml, &m.title);
    xml.push_str("</dc:title><dc:creator>");
    push_escaped(&mut xml, &m.author);
    xml.push_str("</dc:creator></cp:coreProperties>");
    xml
}

pub(crate) fn document_rels(out: &Output) -> String {
    let mut xml = format!(
        r#"{XML_DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">"#
    );
    for rel in &out.rels {
        let _ = write!(
            xml,
            r#"<Relationship Id="{}" Type="{}" Target=""#,
            rel.id, rel.kind
        );
        push_escaped(&mut xml, &rel.target);
        xml.push('"');
        if rel.external {
            xml.push_str(r#" TargetMode="External""#);
        }
        xml.push_str("/>");
    }
    xml.push_str("</Relationships>");
    xml
}

/// word/document.xml around the body's content.
pub(crate) fn document(body: &str) -> String {
    format!(r#"{XML_DECL}<w:document {NAMESPACES}><w:body>{body}</w:body></w:document>"#)
}

/// The file extension of an image type Word shows.
pub(crate) fn image_extension(content_type: &str) -> Option<&'static str> {
    match content_type {
        "image/png" => Some("png"),
        "image/jpeg" => Some("jpeg"),
        "image/gif" => Some("gif"),
        "image/webp" => Some("webp"),
        _ => None,
    }
}

/// word/numbering.xml: a bulleted and a decimal definition, and one instance per list (each
/// restarting at its own start).
pub(crate) fn numbering(lists: &[(bool, u32, usize)]) -> String {
    let mut xml = format!("{XML_DECL}<w:numbering {NAMESPACES}>");
    for (abstract_id, ordered) in [(1, false), (2, true)] {
        let _ = write!(
            xml,
            r#"<w:abstractNum w:abstractNumId="{abstract_id}"><w:multiLevelType w:val="hybridMultilevel"/>"#
        );
        for level in 0..9 {
            let (format, text) = if ordered {
                ("decimal", format!("%{}.", level + 1))
            } else {
                ("bullet", ["•", "◦", "▪"][level % 3].to_owned())
            };
            let left = 720 * (level + 1);
            let _ = write!(
                xml,
                r#"<w:lvl w:ilvl="{level}"><w:start w:val="1"/><w:numFmt w:val="{format}"/><w:lvlText w:val="{text}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="{left}" w:hanging="360"/></w:pPr></w:lvl>"#
            );
        }
        xml.push_str("</w:abstractNum>");
    }
    for (i, (ordered, start, level)) in lists.iter().enumerate() {
        let abstract_id = if *ordered { 2 } else { 1 };
        let _ = write!(
            xml,
            r#"<w:num w:numId="{}"><w:abstractNumId w:val="{abstract_id}"/><w:lvlOverride w:ilvl="{level}"><w:startOverride w:val="{}"/></w:lvlOverride></w:num>"#,
            i + 1,
            (*start).min(32767)
        );
    }
    xml.push_str("</w:numbering>");
    xml
}

pub(crate) fn settings(l: &Layout) -> String {
    format!(
        r#"{XML_DECL}<w:settings {NAMESPACES}>{}<w:defaultTabStop w:val="720"/>{}<w:characterSpacingControl w:val="doNotCompress"/><w:footnotePr><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr><w:compat><w:doNotExpandShiftReturn/><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>"#,
        if l.mirror { "<w:mirrorMargins/>" } else { "" },
        if l.running_heads {
            "<w:evenAndOddHeaders/>"
        } else {
            ""
        }
    )
}

/// A PAGE field.
pub(crate) const PAGE_FIELD: &str = r#"<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>"#;

pub(crate) fn page_number_footer() -> String {
    format!(
        r#"{XML_DECL}<w:ftr {NAMESPACES}><w:p><w:pPr><w:pStyle w:val="Footer"/><w:jc w:val="center"/></w:pPr>{PAGE_FIELD}</w:p></w:ftr>"#
    )
}

/// A header part of one right-aligned paragraph: `content` is runs.
pub(crate) fn header(content: &str) -> String {
    header_aligned(content, "right")
}

/// A running head: `text` centred.
pub(crate) fn running_head(text: &str) -> String {
    let mut runs = String::from("<w:r>");
    push_run_text(&mut runs, text.trim());
    runs.push_str("</w:r>");
    header_aligned(&runs, "center")
}

fn header_aligned(content: &str, align: &str) -> String {
    format!(
        r#"{XML_DECL}<w:hdr {NAMESPACES}><w:p><w:pPr><w:pStyle w:val="Header"/><w:jc w:val="{align}"/></w:pPr>{content}</w:p></w:hdr>"#
    )
}

struct Style<'s> {
    kind: &'s str,
    id: &'s str,
    name: &'s str,
    based_on: Option<&'s str>,
    next: Option<&'s str>,
    ppr: String,
    rpr: String,
}

impl Style<'_> {
    fn write(&self, xml: &mut String) {
        let default = if self.id == "Normal" {
            r#" w:default="1""#
        } else {
            ""
        };
        let _ = write!(
            xml,
            r#"<w:style w:type="{}"{default} w:styleId="{}"><w:name w:val="{}"/>"#,
            self.kind, self.id, self.name
        );
        if let Some(b) = self.based_on {
            let _ = write!(xml, r#"<w:basedOn w:val="{b}"/>"#);
        }
        if let Some(n) = self.next {
            let _ = write!(xml, r#"<w:next w:val="{n}"/>"#);
        }
        xml.push_str("<w:qFormat/>");
        if !self.ppr.is_empty() {
            let _ = write!(xml, "<w:pPr>{}</w:pPr>", self.ppr);
        }
        if !self.rpr.is_empty() {
            let _ = write!(xml, "<w:rPr>{}</w:rPr>", self.rpr);
        }
        if self.kind == "table" {
            xml.push_str(r#"<w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders><w:tblCellMar><w:left w:w="108" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr>"#);
        }
        xml.push_str("</w:style>");
    }
}

/// word/styles.xml: Normal and the paragraph styles the writer uses, the headings named
/// "heading 1" … with outline levels so Word's navigation pane lists the chapters.
pub(crate) fn styles(l: &Layout) -> String {
    let smf = l.manuscript.is_some();
    let size = |half: u32| if smf { l.half_points } else { half };
    let sz = |half: u32| format!(r#"<w:sz w:val="{half}"/><w:szCs w:val="{half}"/>"#);
    let single = r#"<w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/>"#;
    let no_indent = r#"<w:ind w:firstLine="0"/>"#;
    let center = r#"<w:jc w:val="center"/>"#;
    let bold = if smf { "" } else { "<w:b/><w:bCs/>" };
    let p = |id: &'static str, name: &'static str, ppr: String, rpr: String| Style {
        kind: "paragraph",
        id,
        name,
        based_on: Some("Normal"),
        next: Some("Normal"),
        ppr,
        rpr,
    };
    let c = |id: &'static str, name: &'static str, rpr: &str| Style {
        kind: "character",
        id,
        name,
        based_on: None,
        next: None,
        ppr: String::new(),
        rpr: rpr.to_owned(),
    };

    let mut normal_ppr = String::from("<w:widowControl/>");
    if l.first_line_indent > 0 {
        let _ = write!(
            normal_ppr,
            r#"<w:ind w:firstLine="{}"/>"#,
            l.first_line_indent
        );
    }
    if l.justify {
        normal_ppr.push_str(r#"<w:jc w:val="both"/>"#);
    }
    let mut styles = vec![
        Style {
            kind: "paragraph",
            id: "Normal",
            name: "Normal",
            based_on: None,
            next: None,
            ppr: normal_ppr,
            rpr: String::new(),
        },
        Style {
            next: Some("Normal"),
            ..p(
                "FirstParagraph",
                "First Paragraph",
                no_indent.into(),
                String::new(),
            )
        },
        p(
            "Title",
            "Title",
            format!(r#"<w:spacing w:before="0" w:after="240"/>{no_indent}{center}"#),
            sz(size(56)),
        ),
        p(
            "Subtitle",
            "Subtitle",
            format!(r#"<w:spacing w:before="0" w:after="240"/>{no_indent}{center}"#),
            sz(size(32)),
        ),
        p(
            "Byline",
            "Byline",
            format!("{no_indent}{center}"),
            String::new(),
        ),
        p(
            "Contact",
            "Contact",
            format!("{single}{no_indent}"),
            String::new(),
        ),
        Style {
            next: Some("FirstParagraph"),
            ..p(
                "Heading1",
                "heading 1",
                format!(
                    r#"<w:keepNext/><w:keepLines/><w:pageBreakBefore/><w:spacing w:before="{}" w:after="240"/>{no_indent}{center}<w:outlineLvl w:val="0"/>"#,
                    l.chapter_drop
                ),
                format!("{bold}{}", sz(size(36))),
            )
        },
        Style {
            next: Some("FirstParagraph"),
            ..p(
                "Heading2",
                "heading 2",
                format!(
                    r#"<w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="120"/>{no_indent}{}<w:outlineLvl w:val="1"/>"#,
                    if smf { center } else { "" }
                ),
                format!("{bold}{}", sz(size(30))),
            )
        },
        Style {
            next: Some("FirstParagraph"),
            ..p(
                "ChapterStart",
                "Chapter Start",
                format!(
                    r#"<w:keepNext/><w:pageBreakBefore/><w:spacing w:before="{}" w:after="0"/>{no_indent}"#,
                    l.chapter_drop
                ),
                String::new(),
            )
        },
        Style {
            next: Some("FirstParagraph"),
            ..p(
                "SceneBreak",
                "Scene Break",
                format!("<w:keepNext/>{no_indent}{center}"),
                String::new(),
            )
        },
        p(
            "Quote",
            "Quote",
            r#"<w:ind w:left="720" w:right="720" w:firstLine="0"/>"#.into(),
            String::new(),
        ),
        p(
            "ListParagraph",
            "List Paragraph",
            r#"<w:ind w:left="720" w:firstLine="0"/><w:contextualSpacing/>"#.into(),
            String::new(),
        ),
        p(
            "TableText",
            "Table Text",
            format!("{single}{no_indent}"),
            String::new(),
        ),
        p(
            "Figure",
            "Figure",
            format!(
                r#"<w:spacing w:before="120" w:after="120" w:line="240" w:lineRule="auto"/>{no_indent}{center}"#
            ),
            String::new(),
        ),
        p(
            "FootnoteText",
            "footnote text",
            format!("{single}{no_indent}"),
            sz(20),
        ),
        p(
            "CommentText",
            "annotation text",
            format!("{single}{no_indent}"),
            sz(20),
        ),
        p(
            "Header",
            "header",
            format!("{single}{no_indent}"),
            String::new(),
        ),
        p(
            "Footer",
            "footer",
            format!("{single}{no_indent}"),
            String::new(),
        ),
        c(
            "FootnoteReference",
            "footnote reference",
            r#"<w:vertAlign w:val="superscript"/>"#,
        ),
        c("CommentReference", "annotation reference", &sz(16)),
        c(
            "Hyperlink",
            "Hyperlink",
            r#"<w:color w:val="0563C1"/><w:u w:val="single"/>"#,
        ),
        Style {
            kind: "table",
            id: "TableGrid",
            name: "Table Grid",
            based_on: None,
            next: None,
            ppr: String::new(),
            rpr: String::new(),
        },
    ];
    // Headings inside a chapter: levels 3 to 7, below the chapter's and subchapter's own.
    const INNER: [(&str, &str); 5] = [
        ("Heading3", "heading 3"),
        ("Heading4", "heading 4"),
        ("Heading5", "heading 5"),
        ("Heading6", "heading 6"),
        ("Heading7", "heading 7"),
    ];
    for (i, (id, name)) in INNER.into_iter().enumerate() {
        styles.push(Style {
            next: Some("FirstParagraph"),
            ..p(
                id,
                name,
                format!(r#"<w:keepNext/><w:keepLines/><w:spacing w:before="240" w:after="60"/>{no_indent}<w:outlineLvl w:val="{}"/>"#, i + 2),
                format!("{}{}", if smf { "" } else { "<w:b/><w:bCs/>" }, sz(size(26 - 2 * i as u32))),
            )
        });
    }

    let mut xml = format!(
        r#"{XML_DECL}<w:styles {NAMESPACES}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="{f}" w:hAnsi="{f}" w:eastAsia="{f}" w:cs="{f}"/>{}</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="{}" w:line="{}" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults>"#,
        sz(l.half_points),
        l.space_after,
        l.line,
        f = l.font,
    );
    for style in &styles {
        style.write(&mut xml);
    }
    xml.push_str("</w:styles>");
    xml
}
