//! The Markdown writer (CommonMark with GitHub's tables, strikethrough and footnotes): the title
//! and author as YAML front matter, `# Chapter`, `## Subchapter`, headings inside a chapter
//! shifted below them, marks, links, lists, quotes, tables, footnotes `[^1]` (defined at the
//! end of their chapter), scene breaks `* * *`, and page breaks as
//! `<div style="page-break-after: always"></div>` (what Markdown-to-PDF tools honour). Images
//! are referenced by file name, `![alt](images/image1.png)`: the caller ships the files beside
//! the text if it wants them shown. Every Markdown special character in the text is escaped, so
//! text never becomes markup. Comments, underline and small caps have no Markdown and are left
//! out.

use crate::escape::clean;
use crate::links;
use crate::model::{Block, Chapter, Inline, Manuscript, Marks, Paragraph};
use crate::options::ExportOptions;
use crate::text::Notes;

/// The page break: an HTML block most Markdown renderers and converters keep.
pub const PAGE_BREAK: &str = r#"<div style="page-break-after: always"></div>"#;

/// Writes `m` as Markdown.
pub fn write(m: &Manuscript, options: &ExportOptions) -> String {
    let mut chunks: Vec<String> = Vec::new();
    if !m.title.trim().is_empty() || !m.author.trim().is_empty() {
        chunks.push(format!(
            "---\ntitle: {}\nauthor: {}\n---",
            yaml_string(&m.title),
            yaml_string(&m.author)
        ));
    }
    let mut notes = Notes::new(options.footnotes);
    for chapter in &m.chapters {
        let before = notes.texts.len();
        let mut w = Writer {
            m,
            options,
            notes: &mut notes,
            nested: 0,
        };
        w.chapter(chapter, true, &mut chunks);
        if options.footnotes {
            for (i, text) in notes.texts.iter().enumerate().skip(before) {
                let body = escape_lines(text);
                chunks.push(format!("[^{}]: {}", i + 1, indent(&body, "", "    ")));
            }
        }
    }
    let mut out = chunks.join("\n\n");
    out.push('\n');
    out
}

struct Writer<'a> {
    m: &'a Manuscript,
    options: &'a ExportOptions,
    notes: &'a mut Notes,
    /// Inside a quote or a list: an HTML block there would run on and swallow what follows.
    nested: usize,
}

impl Writer<'_> {
    fn chapter(&mut self, chapter: &Chapter, top: bool, out: &mut Vec<String>) {
        let show = if top {
            self.options.chapter_titles
        } else {
            self.options.subchapter_titles
        };
        if show && !chapter.title.trim().is_empty() {
            let hashes = if top { "#" } else { "##" };
            out.push(format!(
                "{hashes} {}",
                escape_line(&one_line(&chapter.title))
            ));
        } else if !top {
            out.push("* * *".to_owned());
        }
        self.notes.start_body(&chapter.body);
        for block in &chapter.body.blocks {
            self.block(block, out);
        }
        self.notes.end_body(&chapter.body);
        for sub in &chapter.subchapters {
            self.chapter(sub, false, out);
        }
    }

    fn block(&mut self, block: &Block, out: &mut Vec<String>) {
        match block {
            Block::Paragraph(p) => {
                let text = self.paragraph(p);
                if !text.trim().is_empty() {
                    out.push(text);
                }
            }
            Block::Heading { level, paragraph } => {
                let text = self.paragraph(paragraph).replace("\\\n", " ");
                if !text.trim().is_empty() {
                    let level = usize::from((*level).clamp(1, 4)) + 2;
                    out.push(format!("{} {text}", "#".repeat(level)));
                }
            }
            Block::BlockQuote { blocks } => {
                let mut inner = Vec::new();
                self.nested += 1;
                for b in blocks {
                    self.block(b, &mut inner);
                }
                self.nested -= 1;
                if !inner.is_empty() {
                    out.push(indent(&inner.join("\n\n"), "> ", "> "));
                }
            }
            Block::List {
                ordered,
                start,
                items,
            } => {
                let mut lines = Vec::new();
                self.nested += 1;
                for (i, item) in items.iter().enumerate() {
                    let marker = if *ordered {
                        format!("{}. ", u64::from(*start) + i as u64)
                    } else {
                        "- ".to_owned()
                    };
                    // A nested list follows its line directly, keeping the list tight.
                    let mut body = String::new();
                    for b in item {
                        let mut inner = Vec::new();
                        self.block(b, &mut inner);
                        if inner.is_empty() {
                            continue;
                        }
                        // (Only a bullet list or one starting at 1 may interrupt a paragraph.)
                        let tight = matches!(b, Block::List { ordered, start, .. } if !ordered || *start == 1);
                        if !body.is_empty() {
                            body.push_str(if tight { "\n" } else { "\n\n" });
                        }
                        body.push_str(&inner.join("\n\n"));
                    }
                    let pad = " ".repeat(marker.len());
                    lines.push(indent(&body, &marker, &pad));
                }
                self.nested -= 1;
                if !lines.is_empty() {
                    out.push(lines.join("\n"));
                }
            }
            Block::Table { rows } => self.table(rows, out),
            Block::Image { image, alt } => {
                if let Some(img) = self.m.images.get(*image) {
                    out.push(format!(
                        "![{}](images/{})",
                        escape_line(&one_line(alt)),
                        url_path(&img.name)
                    ));
                }
            }
            Block::SceneBreak => out.push("* * *".to_owned()),
            Block::PageBreak if self.nested == 0 => out.push(PAGE_BREAK.to_owned()),
            Block::PageBreak => {}
        }
    }

    fn table(&mut self, rows: &[Vec<Vec<Block>>], out: &mut Vec<String>) {
        let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
        if cols == 0 {
            return;
        }
        let mut lines = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let cells: Vec<String> = (0..cols)
                .map(|c| {
                    let mut inner = Vec::new();
                    self.cell(
                        row.get(c).map(Vec::as_slice).unwrap_or_default(),
                        &mut inner,
                    );
                    inner.join(" ").replace("\\\n", " ").replace('\n', " ")
                })
                .collect();
            lines.push(format!("| {} |", cells.join(" | ")));
            if r == 0 {
                lines.push(format!("|{}", " --- |".repeat(cols)));
            }
        }
        out.push(lines.join("\n"));
    }

    /// A table cell's text: a GFM cell holds one line of inlines, so the paragraphs of its
    /// blocks (lists, quotes, nested tables) are run together and breaks left out.
    fn cell(&mut self, blocks: &[Block], out: &mut Vec<String>) {
        for block in blocks {
            match block {
                Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
                    let text = self.paragraph(p);
                    if !text.trim().is_empty() {
                        out.push(text);
                    }
                }
                Block::BlockQuote { blocks } => self.cell(blocks, out),
                Block::List { items, .. } => items.iter().for_each(|item| self.cell(item, out)),
                Block::Table { rows } => rows.iter().flatten().for_each(|c| self.cell(c, out)),
                Block::Image { alt, .. } => out.push(escape_line(&one_line(alt))),
                Block::PageBreak | Block::SceneBreak => {}
            }
        }
    }

    /// A paragraph's inlines as Markdown, one line per hard break.
    fn paragraph(&mut self, p: &Paragraph) -> String {
        let mut out = String::new();
        let mut i = 0;
        while i < p.inlines.len() {
            match &p.inlines[i] {
                Inline::Text { marks, .. } if marks.link.as_deref().is_some_and(links::allowed) => {
                    let url = marks.link.as_deref().unwrap_or_default();
                    let end = i + p.inlines[i..]
                        .iter()
                        .take_while(|x| matches!(x, Inline::Text { marks, .. } if marks.link.as_deref() == Some(url)))
                        .count();
                    out.push('[');
                    out.push_str(&runs(&p.inlines[i..end]));
                    out.push_str("](<");
                    out.push_str(&links::uri(url));
                    out.push_str(">)");
                    i = end;
                }
                Inline::Text { .. } => {
                    let end = i + p.inlines[i..]
                        .iter()
                        .take_while(|x| matches!(x, Inline::Text { marks, .. } if !marks.link.as_deref().is_some_and(links::allowed)))
                        .count();
                    out.push_str(&runs(&p.inlines[i..end]));
                    i = end;
                }
                Inline::HardBreak => {
                    out.push_str("\\\n");
                    i += 1;
                }
                Inline::FootnoteRef { id } => {
                    if let Some(n) = self.notes.reference(id) {
                        out.push_str(&format!("[^{n}]"));
                    }
                    i += 1;
                }
            }
        }
        // Line starts and ends: no indented code, no block syntax, no trailing-space breaks.
        out.split('\n')
            .map(|line| escape_line_start(line.trim_start().trim_end_matches([' ', '\t'])))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// Consecutive text runs with their marks, runs of equal marks merged first.
fn runs(inlines: &[Inline]) -> String {
    let mut merged: Vec<(String, &Marks)> = Vec::new();
    for inline in inlines {
        if let Inline::Text { text, marks } = inline {
            let text = clean(text).replace('\r', "");
            match merged.last_mut() {
                Some((t, m)) if same_look(m, marks) => t.push_str(&text),
                _ => merged.push((text, marks)),
            }
        }
    }
    let mut out = String::new();
    for (text, marks) in merged {
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 {
                out.push_str("\\\n");
            }
            out.push_str(&marked(line, marks));
        }
    }
    out
}

fn same_look(a: &Marks, b: &Marks) -> bool {
    (a.bold, a.italic, a.strike) == (b.bold, b.italic, b.strike)
}

/// `text` escaped and wrapped in its marks' delimiters (the spaces around it kept outside, so
/// the delimiters open and close).
fn marked(text: &str, marks: &Marks) -> String {
    let core = text.trim_matches([' ', '\t']);
    if core.is_empty() {
        return text.to_owned();
    }
    let start = text.len() - text.trim_start_matches([' ', '\t']).len();
    let (lead, rest) = text.split_at(start);
    let trail = &rest[core.len()..];
    let mut open = String::new();
    if marks.strike {
        open.push_str("~~");
    }
    if marks.bold {
        open.push_str("**");
    }
    if marks.italic {
        open.push('*');
    }
    let close: String = open.chars().rev().collect();
    format!("{lead}{open}{}{close}{trail}", escape_inline(core))
}

/// Backslash-escapes the characters that can start inline markup.
fn escape_inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '|' | '~' | '&' | '$' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Escapes what would make a line a heading, list item, quote, rule or setext underline.
fn escape_line_start(line: &str) -> String {
    let first = line.chars().next();
    if matches!(first, Some('#' | '-' | '+' | '=' | '>')) {
        return format!("\\{line}");
    }
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    if digits > 0 && matches!(line[digits..].chars().next(), Some('.' | ')')) {
        return format!("{}\\{}", &line[..digits], &line[digits..]);
    }
    line.to_owned()
}

/// One line of text escaped for a heading, alt text or a table cell.
fn escape_line(text: &str) -> String {
    escape_line_start(&escape_inline(text))
}

/// Multi-line text (a footnote) escaped line by line.
fn escape_lines(text: &str) -> String {
    clean(text)
        .replace('\r', "")
        .split('\n')
        .map(|l| escape_line(l.trim()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn one_line(text: &str) -> String {
    clean(text)
        .replace(['\n', '\r', '\t'], " ")
        .trim()
        .to_owned()
}

fn indent(text: &str, first: &str, rest: &str) -> String {
    text.split('\n')
        .enumerate()
        .map(|(i, line)| {
            let prefix = if i == 0 { first } else { rest };
            if line.is_empty() {
                prefix.trim_end().to_owned()
            } else {
                format!("{prefix}{line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// A file name as a URL path segment.
fn url_path(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A YAML double-quoted scalar.
fn yaml_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in one_line(text).chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_specials_in_text_are_escaped() {
        assert_eq!(
            escape_inline("*a* _b_ [c](d) <e> `f` |g| ~h~ &amp;"),
            r"\*a\* \_b\_ \[c\](d) \<e> \`f\` \|g\| \~h\~ \&amp;"
        );
        assert_eq!(escape_line_start("# not a heading"), r"\# not a heading");
        assert_eq!(escape_line_start("1986. A year"), r"1986\. A year");
        assert_eq!(escape_line_start("- not a list"), r"\- not a list");
        assert_eq!(
            yaml_string("A \"quoted\" \\ title\n"),
            r#""A \"quoted\" \\ title""#
        );
    }

    #[test]
    fn marks_wrap_the_text_inside_its_spaces() {
        let bold = Marks {
            bold: true,
            italic: true,
            ..Marks::default()
        };
        assert_eq!(marked(" word ", &bold), " ***word*** ");
        assert_eq!(marked("  ", &bold), "  ");
        assert_eq!(url_path("my image.png"), "my%20image.png");
    }
}
