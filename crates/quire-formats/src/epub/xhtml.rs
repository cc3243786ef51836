//! One chapter as an XHTML content document: its title, blocks and subchapters, with its
//! footnotes as endnotes at its end (`noteref` links there and back links to the text).

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;

use crate::escape::push_escaped;
use crate::links;
use crate::model::{Align, Block, Chapter, Inline, Marks, Paragraph};
use crate::options::ExportOptions;
use crate::text::Notes;

/// The head of every content document.
pub(crate) fn head(title: &str, language: &str) -> String {
    let mut out = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="{language}" lang="{language}">
<head>
<meta charset="UTF-8"/>
<title>"#
    );
    push_escaped(&mut out, title);
    out.push_str(
        "</title>\n<link rel=\"stylesheet\" type=\"text/css\" href=\"style.css\"/>\n</head>\n",
    );
    out
}

pub(crate) struct ChapterWriter<'a> {
    pub options: &'a ExportOptions,
    /// File names of the images the EPUB carries, by index into the manuscript's images.
    pub image_files: &'a [Option<String>],
    /// The images this chapter shows (so the package lists only images in use).
    pub used_images: &'a mut BTreeSet<usize>,
    pub out: String,
    notes: Notes,
    refs_written: HashSet<usize>,
    subchapters: usize,
}

impl<'a> ChapterWriter<'a> {
    pub(crate) fn new(
        options: &'a ExportOptions,
        image_files: &'a [Option<String>],
        used_images: &'a mut BTreeSet<usize>,
    ) -> Self {
        ChapterWriter {
            options,
            image_files,
            used_images,
            out: String::new(),
            notes: Notes::new(options.footnotes),
            refs_written: HashSet::new(),
            subchapters: 0,
        }
    }

    /// The chapter's `<body>`.
    pub(crate) fn chapter(&mut self, chapter: &Chapter) {
        self.out
            .push_str("<body>\n<section epub:type=\"chapter\">\n");
        if self.options.chapter_titles && !chapter.title.trim().is_empty() {
            self.out.push_str("<h1>");
            push_escaped(&mut self.out, chapter.title.trim());
            self.out.push_str("</h1>\n");
        }
        self.body_of(chapter);
        for sub in &chapter.subchapters {
            self.subchapters += 1;
            let _ = writeln!(self.out, r#"<section id="sub-{}">"#, self.subchapters);
            if self.options.subchapter_titles && !sub.title.trim().is_empty() {
                self.out.push_str("<h2>");
                push_escaped(&mut self.out, sub.title.trim());
                self.out.push_str("</h2>\n");
            } else {
                self.out.push_str("<hr class=\"scene-break\"/>\n");
            }
            self.body_of(sub);
            self.out.push_str("</section>\n");
        }
        self.out.push_str("</section>\n");
        if self.options.footnotes && !self.notes.texts.is_empty() {
            self.out
                .push_str("<section epub:type=\"endnotes\" class=\"endnotes\">\n<ol>\n");
            for (i, text) in self.notes.texts.iter().enumerate() {
                let n = i + 1;
                let _ = write!(self.out, r#"<li id="note-{n}" epub:type="endnote"><p>"#);
                for (j, line) in text.split('\n').enumerate() {
                    if j > 0 {
                        self.out.push_str("<br/>");
                    }
                    push_escaped(&mut self.out, line);
                }
                if self.refs_written.contains(&n) {
                    let _ = write!(self.out, r##" <a class="back" href="#ref-{n}">↩</a>"##);
                }
                self.out.push_str("</p></li>\n");
            }
            self.out.push_str("</ol>\n</section>\n");
        }
        self.out.push_str("</body>\n</html>\n");
    }

    fn body_of(&mut self, chapter: &Chapter) {
        self.notes.start_body(&chapter.body);
        for block in &chapter.body.blocks {
            self.block(block);
        }
        self.notes.end_body(&chapter.body);
    }

    fn block(&mut self, block: &Block) {
        match block {
            Block::Paragraph(p) => self.paragraph("p", p),
            Block::Heading { level, paragraph } => {
                let tag = format!("h{}", (*level).clamp(1, 4) + 2);
                self.paragraph(&tag, paragraph);
            }
            Block::BlockQuote { blocks } => {
                self.out.push_str("<blockquote>\n");
                for b in blocks {
                    self.block(b);
                }
                self.out.push_str("</blockquote>\n");
            }
            Block::List {
                ordered,
                start,
                items,
            } => {
                if items.is_empty() {
                    return;
                }
                if *ordered {
                    if *start == 1 {
                        self.out.push_str("<ol>\n");
                    } else {
                        let _ = writeln!(self.out, r#"<ol start="{start}">"#);
                    }
                } else {
                    self.out.push_str("<ul>\n");
                }
                for item in items {
                    self.out.push_str("<li>");
                    for b in item {
                        self.block(b);
                    }
                    self.out.push_str("</li>\n");
                }
                self.out
                    .push_str(if *ordered { "</ol>\n" } else { "</ul>\n" });
            }
            Block::PageBreak => self.out.push_str("<div class=\"page-break\"></div>\n"),
            Block::SceneBreak => self.out.push_str("<hr class=\"scene-break\"/>\n"),
            Block::Image { image, alt } => match self.image_files.get(*image).cloned().flatten() {
                Some(file) => {
                    self.used_images.insert(*image);
                    let _ = write!(self.out, r#"<figure class="image"><img src="{file}" alt=""#);
                    push_escaped(&mut self.out, alt);
                    self.out.push_str("\"/></figure>\n");
                }
                None if !alt.trim().is_empty() => {
                    self.out.push_str("<p class=\"image-alt\">");
                    push_escaped(&mut self.out, alt);
                    self.out.push_str("</p>\n");
                }
                None => {}
            },
            Block::Table { rows } => {
                let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
                if cols == 0 {
                    return;
                }
                self.out.push_str("<table>\n<tbody>\n");
                for row in rows {
                    self.out.push_str("<tr>");
                    for c in 0..cols {
                        self.out.push_str("<td>");
                        for b in row.get(c).map(Vec::as_slice).unwrap_or_default() {
                            self.block(b);
                        }
                        self.out.push_str("</td>");
                    }
                    self.out.push_str("</tr>\n");
                }
                self.out.push_str("</tbody>\n</table>\n");
            }
        }
    }

    fn paragraph(&mut self, tag: &str, p: &Paragraph) {
        let class = match p.align {
            Align::Left => "",
            Align::Center => r#" class="center""#,
            Align::Right => r#" class="right""#,
            Align::Justify => r#" class="justify""#,
        };
        let _ = write!(self.out, "<{tag}{class}>");
        let mut i = 0;
        while i < p.inlines.len() {
            match &p.inlines[i] {
                Inline::Text { marks, .. } if marks.link.as_deref().is_some_and(links::allowed) => {
                    let url = marks.link.as_deref().unwrap_or_default();
                    let end = i + p.inlines[i..]
                        .iter()
                        .take_while(|x| matches!(x, Inline::Text { marks, .. } if marks.link.as_deref() == Some(url)))
                        .count();
                    self.out.push_str("<a href=\"");
                    push_escaped(&mut self.out, &links::uri(url));
                    self.out.push_str("\">");
                    for inline in &p.inlines[i..end] {
                        self.inline(inline);
                    }
                    self.out.push_str("</a>");
                    i = end;
                }
                inline => {
                    self.inline(inline);
                    i += 1;
                }
            }
        }
        let _ = writeln!(self.out, "</{tag}>");
    }

    fn inline(&mut self, inline: &Inline) {
        match inline {
            Inline::Text { text, marks } => {
                let tags = tags(marks);
                for (open, _) in &tags {
                    self.out.push_str(open);
                }
                for (j, line) in text.split('\n').enumerate() {
                    if j > 0 {
                        self.out.push_str("<br/>");
                    }
                    push_escaped(&mut self.out, line);
                }
                for (_, close) in tags.iter().rev() {
                    self.out.push_str(close);
                }
            }
            Inline::HardBreak => self.out.push_str("<br/>"),
            Inline::FootnoteRef { id } => {
                if !self.options.footnotes {
                    return;
                }
                if let Some(n) = self.notes.reference(id) {
                    if self.refs_written.insert(n) {
                        let _ = write!(
                            self.out,
                            r##"<sup><a epub:type="noteref" id="ref-{n}" href="#note-{n}">{n}</a></sup>"##
                        );
                    } else {
                        let _ = write!(
                            self.out,
                            r##"<sup><a epub:type="noteref" href="#note-{n}">{n}</a></sup>"##
                        );
                    }
                }
            }
        }
    }
}

fn tags(marks: &Marks) -> Vec<(&'static str, &'static str)> {
    let mut tags = Vec::new();
    if marks.bold {
        tags.push(("<strong>", "</strong>"));
    }
    if marks.italic {
        tags.push(("<em>", "</em>"));
    }
    if marks.underline {
        tags.push(("<u>", "</u>"));
    }
    if marks.strike {
        tags.push(("<s>", "</s>"));
    }
    if marks.small_caps {
        tags.push(("<span class=\"small-caps\">", "</span>"));
    }
    tags
}
