//! word/document.xml: the manuscript's chapters, subchapters and blocks as WordprocessingML
//! paragraphs, runs, tables and drawings, gathering on the way what the other parts need (the
//! relationships, media, list instances, footnotes and comments).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use crate::escape::push_escaped;
use crate::image_header::{content_type, pixel_size};
use crate::links;
use crate::model::{Align, Block, Body, Chapter, Inline, Manuscript, Marks, Paragraph};
use crate::options::ExportOptions;

use super::layout::Layout;
use super::notes::Notes;
use super::parts::{self, Rel};
use super::title_page;
use super::walk::{count_comment_runs, footnote_refs, unique};

/// EMUs (English Metric Units) per twip, and per pixel at 96 dpi.
const EMU_PER_TWIP: u64 = 635;
const EMU_PER_PIXEL: u64 = 9525;
/// The first id of the relationships made while writing (links, images); below are the fixed
/// parts' (styles, settings …).
const FIRST_DYNAMIC_REL: usize = 10;

/// An image file of the package.
pub(crate) struct Media {
    /// Inside `word/`: `media/image1.png`.
    pub path: String,
    pub bytes: Vec<u8>,
}

/// Everything the package's parts are built from once the document is written.
pub(crate) struct Output {
    pub document: String,
    pub numbering: String,
    pub footnotes: String,
    pub comments: Option<String>,
    pub comments_extended: Option<String>,
    pub header: Option<String>,
    /// The even pages' header when odd and even differ (running heads).
    pub header_even: Option<String>,
    pub footer: Option<String>,
    pub rels: Vec<Rel>,
    pub media: Vec<Media>,
}

/// A paragraph's properties, written in the order the schema requires.
#[derive(Default)]
pub(crate) struct Props<'s> {
    pub style: Option<&'s str>,
    pub keep_next: bool,
    /// `numId` and `ilvl`.
    pub num: Option<(usize, usize)>,
    pub tab_right: Option<u32>,
    pub space_before: Option<u32>,
    pub indent_left: Option<u32>,
    pub align: Align,
    /// A section break ending with this paragraph (its `w:sectPr`).
    pub section: Option<String>,
}

pub(crate) struct DocWriter<'a> {
    pub m: &'a Manuscript,
    pub options: &'a ExportOptions,
    pub layout: &'a Layout,
    pub xml: String,
    rels: Vec<Rel>,
    link_rels: HashMap<String, String>,
    image_rels: HashMap<usize, String>,
    media: Vec<Media>,
    /// One list instance each (ordered, start, level), so each list restarts its numbering.
    lists: Vec<(bool, u32, usize)>,
    notes: Notes,
    drawings: u32,
    /// The next body paragraph follows a heading, a scene break or a page break: no indent.
    first_paragraph: bool,
    in_cell: u32,
    in_quote: u32,
    footnote_texts: HashMap<String, String>,
    /// A thread's Word comment ids (the thread's own, then one per reply).
    comment_ids: HashMap<String, Vec<u32>>,
    /// Runs of each thread still to write; its range ends after the last.
    comment_runs_left: HashMap<String, usize>,
    comments_open: HashSet<String>,
}

impl<'a> DocWriter<'a> {
    pub(crate) fn new(m: &'a Manuscript, options: &'a ExportOptions, layout: &'a Layout) -> Self {
        DocWriter {
            m,
            options,
            layout,
            xml: String::new(),
            rels: Vec::new(),
            link_rels: HashMap::new(),
            image_rels: HashMap::new(),
            media: Vec::new(),
            lists: Vec::new(),
            notes: Notes::new(if options.footnotes {
                footnote_refs(m)
            } else {
                0
            }),
            drawings: 0,
            first_paragraph: true,
            in_cell: 0,
            in_quote: 0,
            footnote_texts: HashMap::new(),
            comment_ids: HashMap::new(),
            comment_runs_left: HashMap::new(),
            comments_open: HashSet::new(),
        }
    }

    pub(crate) fn write_manuscript(&mut self) {
        let mut title_section = self.layout.manuscript.is_some();
        if title_section {
            title_page::write(self);
        } else {
            // With running heads, the title and author have a section of their own, unheaded.
            let title = self.m.title.trim().to_owned();
            let author = self.m.author.trim().to_owned();
            title_section = self.layout.running_heads && !(title.is_empty() && author.is_empty());
            let section = title_section.then(|| self.section(false, false));
            if !title.is_empty() {
                let props = Props {
                    style: Some("Title"),
                    section: section.clone().filter(|_| author.is_empty()),
                    ..Props::default()
                };
                self.text_paragraph(&title, &props);
            }
            if !author.is_empty() {
                let props = Props {
                    style: Some("Subtitle"),
                    section,
                    ..Props::default()
                };
                self.text_paragraph(&author, &props);
            }
        }
        for chapter in &self.m.chapters {
            self.chapter(chapter, 1);
        }
        // The last section holds a paragraph, and the body ends with one (not a table).
        if self.m.chapters.is_empty() || self.xml.ends_with("</w:tbl>") {
            self.xml.push_str("<w:p/>");
        }
        let section = self.section(true, title_section);
        self.xml.push_str(&section);
    }

    pub(crate) fn finish(self) -> Output {
        let l = self.layout;
        let mut rels = parts::fixed_rels(
            self.notes.has_comments(),
            l.manuscript.is_some() || l.running_heads,
            l.running_heads,
            l.page_numbers,
        );
        rels.extend(self.rels);
        Output {
            document: parts::document(&self.xml),
            numbering: parts::numbering(&self.lists),
            footnotes: self.notes.footnotes_xml(),
            comments: self.notes.comments_xml(),
            comments_extended: self.notes.comments_extended_xml(),
            header: match &l.manuscript {
                Some(smf) => Some(title_page::header(self.m, smf)),
                None => l.running_heads.then(|| parts::running_head(&self.m.title)),
            },
            header_even: l.running_heads.then(|| parts::running_head(&self.m.author)),
            footer: self.layout.page_numbers.then(parts::page_number_footer),
            rels,
            media: self.media,
        }
    }

    /// The `w:sectPr` of the page: with the header and footer references for the body's
    /// section (odd pages' and even pages' headers with running heads), and page numbers
    /// restarting at 1 after a title page.
    pub(crate) fn section(&self, body: bool, restart_numbers: bool) -> String {
        let l = self.layout;
        let mut s = String::from("<w:sectPr>");
        if body && (l.manuscript.is_some() || l.running_heads) {
            s.push_str(r#"<w:headerReference w:type="default" r:id="rId6"/>"#);
        }
        if body && l.running_heads {
            s.push_str(r#"<w:headerReference w:type="even" r:id="rId9"/>"#);
        }
        if body && l.page_numbers {
            s.push_str(r#"<w:footerReference w:type="default" r:id="rId7"/>"#);
        }
        let orient = if l.landscape {
            r#" w:orient="landscape""#
        } else {
            ""
        };
        let [top, right, bottom, left] = l.margins;
        let _ = write!(
            s,
            r#"<w:pgSz w:w="{}" w:h="{}"{orient}/><w:pgMar w:top="{top}" w:right="{right}" w:bottom="{bottom}" w:left="{left}" w:header="720" w:footer="720" w:gutter="0"/>"#,
            l.page_w, l.page_h
        );
        if body && restart_numbers {
            s.push_str(r#"<w:pgNumType w:start="1"/>"#);
        }
        s.push_str("</w:sectPr>");
        s
    }

    fn chapter(&mut self, chapter: &Chapter, level: u8) {
        let (show, style) = if level == 1 {
            (self.options.chapter_titles, "Heading1")
        } else {
            (self.options.subchapter_titles, "Heading2")
        };
        let titled = show && !chapter.title.trim().is_empty();
        if titled {
            self.text_paragraph(
                &chapter.title,
                &Props {
                    style: Some(style),
                    ..Props::default()
                },
            );
        } else if level == 1 {
            self.paragraph_open(&Props {
                style: Some("ChapterStart"),
                ..Props::default()
            });
            self.xml.push_str("</w:p>");
        } else if !self.first_paragraph {
            self.scene_break();
        }
        self.first_paragraph = true;
        self.body(&chapter.body);
        for sub in &chapter.subchapters {
            self.chapter(sub, 2);
        }
    }

    fn body(&mut self, body: &Body) {
        self.footnote_texts = body
            .footnotes
            .iter()
            .map(|f| (f.id.clone(), f.text.clone()))
            .collect();
        self.comment_ids.clear();
        self.comment_runs_left.clear();
        self.comments_open.clear();
        if self.options.comments {
            for thread in &body.comments {
                let ids = self.notes.thread(thread);
                self.comment_ids.insert(thread.id.clone(), ids);
                self.comment_runs_left.insert(thread.id.clone(), 0);
            }
            count_comment_runs(&body.blocks, &mut self.comment_runs_left);
        }
        for block in &body.blocks {
            self.block(block);
        }
        // Threads no text carries any more: a point comment at the end of the body.
        let unanchored: Vec<&str> = body
            .comments
            .iter()
            .filter(|t| self.comment_runs_left.get(&t.id) == Some(&0))
            .map(|t| t.id.as_str())
            .filter(|id| !self.comments_open.contains(*id))
            .collect();
        if !unanchored.is_empty() {
            self.paragraph_open(&Props::default());
            for id in unanchored {
                let ids = self.comment_ids[id].clone();
                self.comment_range(&ids, "commentRangeStart");
                self.comment_end(&ids);
            }
            self.xml.push_str("</w:p>");
        }
    }

    fn block(&mut self, block: &Block) {
        match block {
            Block::Paragraph(p) => {
                let style = self.body_style();
                self.paragraph(
                    p,
                    &Props {
                        style,
                        align: p.align,
                        ..Props::default()
                    },
                );
                self.first_paragraph = false;
            }
            Block::Heading { level, paragraph } => {
                let style = format!("Heading{}", (*level).clamp(1, 5) + 2);
                let props = Props {
                    style: Some(&style),
                    align: paragraph.align,
                    ..Props::default()
                };
                self.paragraph(paragraph, &props);
                self.first_paragraph = true;
            }
            Block::BlockQuote { blocks } => {
                self.in_quote += 1;
                for b in blocks {
                    self.block(b);
                }
                self.in_quote -= 1;
            }
            Block::List {
                ordered,
                start,
                items,
            } => self.list(*ordered, *start, items, 0),
            Block::PageBreak => {
                self.xml
                    .push_str(r#"<w:p><w:r><w:br w:type="page"/></w:r></w:p>"#);
                self.first_paragraph = true;
            }
            Block::SceneBreak => self.scene_break(),
            Block::Image { image, alt } => self.image(*image, alt),
            Block::Table { rows } => self.table(rows),
        }
    }

    fn scene_break(&mut self) {
        self.xml.push_str(
            r#"<w:p><w:pPr><w:pStyle w:val="SceneBreak"/></w:pPr><w:r><w:t>#</w:t></w:r></w:p>"#,
        );
        self.first_paragraph = true;
    }

    /// The style of a body paragraph where it stands.
    fn body_style(&self) -> Option<&'static str> {
        if self.in_cell > 0 {
            Some("TableText")
        } else if self.in_quote > 0 {
            Some("Quote")
        } else if self.first_paragraph {
            Some("FirstParagraph")
        } else {
            None
        }
    }

    fn list(&mut self, ordered: bool, start: u32, items: &[Vec<Block>], level: usize) {
        let level = level.min(8);
        self.lists.push((ordered, start, level));
        let num = self.lists.len();
        let indent = 720 * (level as u32 + 1);
        for item in items {
            let mut numbered = false;
            for block in item {
                match block {
                    Block::Paragraph(p) => {
                        let props = Props {
                            style: Some("ListParagraph"),
                            num: (!numbered).then_some((num, level)),
                            indent_left: numbered.then_some(indent),
                            align: p.align,
                            ..Props::default()
                        };
                        self.paragraph(p, &props);
                    }
                    Block::List {
                        ordered,
                        start,
                        items,
                    } => {
                        if !numbered {
                            self.empty_item(num, level);
                        }
                        self.list(*ordered, *start, items, level + 1);
                    }
                    other => {
                        if !numbered {
                            self.empty_item(num, level);
                        }
                        self.block(other);
                    }
                }
                numbered = true;
            }
            if !numbered {
                self.empty_item(num, level);
            }
        }
        self.first_paragraph = false;
    }

    fn empty_item(&mut self, num: usize, level: usize) {
        let props = Props {
            style: Some("ListParagraph"),
            num: Some((num, level)),
            ..Props::default()
        };
        self.paragraph_open(&props);
        self.xml.push_str("</w:p>");
    }

    fn table(&mut self, rows: &[Vec<Vec<Block>>]) {
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        if cols == 0 {
            return;
        }
        let width = self.layout.text_width() / cols as u32;
        self.xml.push_str(
            r#"<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="5000" w:type="pct"/><w:tblLook w:val="0000" w:firstRow="0" w:lastRow="0" w:firstColumn="0" w:lastColumn="0" w:noHBand="0" w:noVBand="0"/></w:tblPr><w:tblGrid>"#,
        );
        for _ in 0..cols {
            let _ = write!(self.xml, r#"<w:gridCol w:w="{width}"/>"#);
        }
        self.xml.push_str("</w:tblGrid>");
        self.in_cell += 1;
        for row in rows {
            self.xml.push_str("<w:tr>");
            for c in 0..cols {
                let _ = write!(
                    self.xml,
                    r#"<w:tc><w:tcPr><w:tcW w:w="{width}" w:type="dxa"/></w:tcPr>"#
                );
                let blocks = row.get(c).map(Vec::as_slice).unwrap_or_default();
                for block in blocks {
                    self.block(block);
                }
                // A cell ends with a paragraph.
                if !matches!(
                    blocks.last(),
                    Some(Block::Paragraph(_) | Block::Heading { .. })
                ) {
                    self.xml
                        .push_str(r#"<w:p><w:pPr><w:pStyle w:val="TableText"/></w:pPr></w:p>"#);
                }
                self.xml.push_str("</w:tc>");
            }
            self.xml.push_str("</w:tr>");
        }
        self.in_cell -= 1;
        self.xml.push_str("</w:tbl>");
        self.first_paragraph = false;
    }

    fn image(&mut self, index: usize, alt: &str) {
        let Some(img) = self.m.images.get(index) else {
            return;
        };
        let ext = parts::image_extension(&img.content_type)
            .filter(|_| content_type(&img.bytes) == Some(img.content_type.as_str()));
        let Some(ext) = ext else {
            // A type Word cannot show, or bytes that are not one: its description keeps its place.
            if !alt.trim().is_empty() {
                let style = self.body_style();
                self.text_paragraph(
                    alt,
                    &Props {
                        style,
                        ..Props::default()
                    },
                );
            }
            return;
        };
        let rel = match self.image_rels.get(&index) {
            Some(rel) => rel.clone(),
            None => {
                let path = format!("media/image{}.{ext}", self.media.len() + 1);
                let id = self.add_rel(parts::REL_IMAGE, path.clone(), false);
                self.media.push(Media {
                    path,
                    bytes: img.bytes.clone(),
                });
                self.image_rels.insert(index, id.clone());
                id
            }
        };
        let l = self.layout;
        let max_w = u64::from(l.text_width()) * EMU_PER_TWIP;
        let max_h = u64::from(
            l.page_h
                .saturating_sub(l.margins[0] + l.margins[2])
                .max(1440),
        ) * EMU_PER_TWIP
            * 9
            / 10;
        let (mut w, mut h) = match pixel_size(&img.bytes) {
            Some((pw, ph)) => (u64::from(pw) * EMU_PER_PIXEL, u64::from(ph) * EMU_PER_PIXEL),
            None => (max_w / 2, max_w * 3 / 8),
        };
        if w > max_w {
            h = h * max_w / w;
            w = max_w;
        }
        if h > max_h {
            w = w * max_h / h;
            h = max_h;
        }
        let (w, h) = (w.max(1), h.max(1));
        self.drawings += 1;
        let n = self.drawings;
        self.paragraph_open(&Props {
            style: Some("Figure"),
            ..Props::default()
        });
        let _ = write!(
            self.xml,
            r#"<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="{w}" cy="{h}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:docPr id="{n}" name="Picture {n}" descr=""#
        );
        push_escaped(&mut self.xml, alt);
        let _ = write!(
            self.xml,
            r#""/><wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="0" name="image{n}.{ext}"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="{rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="{w}" cy="{h}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"#
        );
        self.first_paragraph = false;
    }

    fn add_rel(&mut self, kind: &'static str, target: String, external: bool) -> String {
        let id = format!("rId{}", FIRST_DYNAMIC_REL + self.rels.len());
        self.rels.push(Rel {
            id: id.clone(),
            kind,
            target,
            external,
        });
        id
    }

    /// Opens `<w:p>` with its properties.
    pub(crate) fn paragraph_open(&mut self, p: &Props) {
        self.xml.push_str("<w:p>");
        let mut ppr = String::new();
        if let Some(style) = p.style {
            let _ = write!(ppr, r#"<w:pStyle w:val="{style}"/>"#);
        }
        if p.keep_next {
            ppr.push_str("<w:keepNext/>");
        }
        if let Some((num, level)) = p.num {
            let _ = write!(
                ppr,
                r#"<w:numPr><w:ilvl w:val="{level}"/><w:numId w:val="{num}"/></w:numPr>"#
            );
        }
        if let Some(pos) = p.tab_right {
            let _ = write!(
                ppr,
                r#"<w:tabs><w:tab w:val="right" w:pos="{pos}"/></w:tabs>"#
            );
        }
        if let Some(before) = p.space_before {
            let _ = write!(ppr, r#"<w:spacing w:before="{before}"/>"#);
        }
        if let Some(left) = p.indent_left {
            let _ = write!(ppr, r#"<w:ind w:left="{left}" w:firstLine="0"/>"#);
        }
        match p.align {
            Align::Left => {}
            Align::Center => ppr.push_str(r#"<w:jc w:val="center"/>"#),
            Align::Right => ppr.push_str(r#"<w:jc w:val="right"/>"#),
            Align::Justify => ppr.push_str(r#"<w:jc w:val="both"/>"#),
        }
        if let Some(section) = &p.section {
            ppr.push_str(section);
        }
        if !ppr.is_empty() {
            let _ = write!(self.xml, "<w:pPr>{ppr}</w:pPr>");
        }
    }

    fn paragraph(&mut self, p: &Paragraph, props: &Props) {
        self.paragraph_open(props);
        self.inlines(&p.inlines);
        self.xml.push_str("</w:p>");
    }

    /// A paragraph of one unmarked run of `text`.
    pub(crate) fn text_paragraph(&mut self, text: &str, props: &Props) {
        self.paragraph_open(props);
        self.run(text, &Marks::default(), false);
        self.xml.push_str("</w:p>");
    }

    fn inlines(&mut self, inlines: &[Inline]) {
        let mut i = 0;
        while i < inlines.len() {
            if let Inline::Text { marks, .. } = &inlines[i]
                && let Some(url) = marks.link.as_deref().filter(|u| links::allowed(u))
            {
                let end = i + inlines[i..]
                    .iter()
                    .take_while(|x| matches!(x, Inline::Text { marks, .. } if marks.link.as_deref() == Some(url)))
                    .count();
                let rel = match self.link_rels.get(url) {
                    Some(rel) => rel.clone(),
                    None => {
                        let rel = self.add_rel(parts::REL_HYPERLINK, links::uri(url), true);
                        self.link_rels.insert(url.to_owned(), rel.clone());
                        rel
                    }
                };
                let _ = write!(self.xml, r#"<w:hyperlink r:id="{rel}" w:history="1">"#);
                for inline in &inlines[i..end] {
                    self.inline(inline, true);
                }
                self.xml.push_str("</w:hyperlink>");
                i = end;
            } else {
                self.inline(&inlines[i], false);
                i += 1;
            }
        }
    }

    fn inline(&mut self, inline: &Inline, link: bool) {
        match inline {
            Inline::Text { text, marks } => self.text_run(text, marks, link),
            Inline::HardBreak => self.xml.push_str("<w:r><w:br/></w:r>"),
            Inline::FootnoteRef { id } => {
                if !self.options.footnotes {
                    return;
                }
                let Some(text) = self.footnote_texts.get(id) else {
                    return;
                };
                let n = self.notes.footnote(text);
                let _ = write!(
                    self.xml,
                    r#"<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="{n}"/></w:r>"#
                );
            }
        }
    }

    /// A run inside the comment ranges its marks name.
    fn text_run(&mut self, text: &str, marks: &Marks, link: bool) {
        let threads: Vec<String> = if self.options.comments {
            unique(&marks.comments)
                .filter(|c| self.comment_ids.contains_key(*c))
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        for thread in &threads {
            if self.comments_open.insert(thread.clone()) {
                let ids = self.comment_ids[thread].clone();
                self.comment_range(&ids, "commentRangeStart");
            }
        }
        self.run(text, marks, link);
        for thread in &threads {
            let left = self.comment_runs_left.get_mut(thread).expect("counted");
            *left = left.saturating_sub(1);
            if *left == 0 {
                let ids = self.comment_ids[thread].clone();
                self.comment_end(&ids);
            }
        }
    }

    fn comment_range(&mut self, ids: &[u32], element: &str) {
        for id in ids {
            let _ = write!(self.xml, r#"<w:{element} w:id="{id}"/>"#);
        }
    }

    fn comment_end(&mut self, ids: &[u32]) {
        self.comment_range(ids, "commentRangeEnd");
        for id in ids {
            let _ = write!(
                self.xml,
                r#"<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="{id}"/></w:r>"#
            );
        }
    }

    /// `<w:r>` with the marks' properties and the text (tabs and line breaks as elements).
    pub(crate) fn run(&mut self, text: &str, marks: &Marks, link: bool) {
        self.xml.push_str("<w:r>");
        let mut rpr = String::new();
        if link {
            rpr.push_str(r#"<w:rStyle w:val="Hyperlink"/>"#);
        }
        if marks.bold {
            rpr.push_str("<w:b/>");
        }
        if marks.italic {
            rpr.push_str("<w:i/>");
        }
        if marks.small_caps {
            rpr.push_str("<w:smallCaps/>");
        }
        if marks.strike {
            rpr.push_str("<w:strike/>");
        }
        if marks.underline {
            rpr.push_str(r#"<w:u w:val="single"/>"#);
        }
        if !rpr.is_empty() {
            let _ = write!(self.xml, "<w:rPr>{rpr}</w:rPr>");
        }
        push_run_text(&mut self.xml, text);
        self.xml.push_str("</w:r>");
    }
}

/// A run's content: text in `w:t`, a tab as `w:tab`, a line break as `w:br`.
pub(crate) fn push_run_text(out: &mut String, text: &str) {
    fn flush(out: &mut String, piece: &mut String) {
        if !piece.is_empty() {
            out.push_str(r#"<w:t xml:space="preserve">"#);
            push_escaped(out, piece);
            out.push_str("</w:t>");
            piece.clear();
        }
    }
    let mut piece = String::new();
    for c in text.chars() {
        match c {
            '\t' => {
                flush(out, &mut piece);
                out.push_str("<w:tab/>");
            }
            '\n' => {
                flush(out, &mut piece);
                out.push_str("<w:br/>");
            }
            '\r' => {}
            c => piece.push(c),
        }
    }
    flush(out, &mut piece);
}
