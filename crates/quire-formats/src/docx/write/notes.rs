//! word/footnotes.xml (with the separator footnotes Word requires), word/comments.xml and
//! word/commentsExtended.xml (which threads the replies and marks resolved threads): the notes
//! collected while the document is written, numbered in the order they are referenced.

use std::fmt::Write as _;

use crate::escape::push_escaped;
use crate::model::CommentThread;

use super::document::push_run_text;
use super::parts::NAMESPACES;

pub(crate) struct Notes {
    footnotes: Vec<String>,
    comments: Vec<String>,
    /// Per comment: its last paragraph's id, its thread's first comment's, and whether the
    /// thread is resolved.
    threading: Vec<(u32, Option<u32>, bool)>,
    /// The first comment id: past every footnote id, as LibreOffice loses the footnotes'
    /// text when a comment and a footnote share an id.
    first_comment: u32,
}

impl Notes {
    /// Notes for a document of at most `footnotes` footnotes.
    pub(crate) fn new(footnotes: usize) -> Self {
        Notes {
            footnotes: Vec::new(),
            comments: Vec::new(),
            threading: Vec::new(),
            first_comment: u32::try_from(footnotes).unwrap_or(u32::MAX / 2) + 1,
        }
    }

    /// A new footnote of `text` (a line break starts a new paragraph); its id.
    pub(crate) fn footnote(&mut self, text: &str) -> usize {
        let id = self.footnotes.len() + 1;
        let mut xml = format!(r#"<w:footnote w:id="{id}">"#);
        for (i, line) in text.split('\n').enumerate() {
            xml.push_str(r#"<w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>"#);
            if i == 0 {
                xml.push_str(r#"<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> </w:t></w:r>"#);
            }
            xml.push_str("<w:r>");
            push_run_text(&mut xml, line);
            xml.push_str("</w:r></w:p>");
        }
        xml.push_str("</w:footnote>");
        self.footnotes.push(xml);
        id
    }

    /// A Word comment for the thread and one for each reply, on the same range; their ids.
    pub(crate) fn thread(&mut self, thread: &CommentThread) -> Vec<u32> {
        let root = self.comments.len() as u32 + 1;
        let mut ids = vec![self.comment(&thread.author_name, &thread.created_at, &thread.body)];
        self.threading.push((root, None, thread.resolved));
        for reply in &thread.replies {
            let para = self.comments.len() as u32 + 1;
            ids.push(self.comment(&reply.author_name, &reply.created_at, &reply.body));
            self.threading.push((para, Some(root), false));
        }
        ids
    }

    /// A comment; its last paragraph's `w14:paraId` is the comment's position from 1.
    fn comment(&mut self, author: &str, date: &str, body: &str) -> u32 {
        let para_id = self.comments.len() + 1;
        let id = self.first_comment + self.comments.len() as u32;
        let mut xml = format!(r#"<w:comment w:id="{id}" w:author=""#);
        push_escaped(&mut xml, author);
        xml.push('"');
        if let Some(date) = word_date(date) {
            let _ = write!(xml, r#" w:date="{date}""#);
        }
        let initials: String = author
            .split_whitespace()
            .filter_map(|w| w.chars().next())
            .filter(|c| c.is_alphanumeric())
            .take(4)
            .collect();
        xml.push_str(r#" w:initials=""#);
        push_escaped(&mut xml, &initials);
        xml.push_str(r#"">"#);
        let lines = body.split('\n').count();
        for (i, line) in body.split('\n').enumerate() {
            if i + 1 == lines {
                let _ = write!(xml, r#"<w:p w14:paraId="{para_id:08X}">"#);
            } else {
                xml.push_str("<w:p>");
            }
            xml.push_str(r#"<w:pPr><w:pStyle w:val="CommentText"/></w:pPr>"#);
            if i == 0 {
                xml.push_str(r#"<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r>"#);
            }
            xml.push_str("<w:r>");
            push_run_text(&mut xml, line);
            xml.push_str("</w:r></w:p>");
        }
        xml.push_str("</w:comment>");
        self.comments.push(xml);
        id
    }

    pub(crate) fn has_comments(&self) -> bool {
        !self.comments.is_empty()
    }

    pub(crate) fn footnotes_xml(&self) -> String {
        let mut xml = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes {NAMESPACES}><w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>"#
        );
        for f in &self.footnotes {
            xml.push_str(f);
        }
        xml.push_str("</w:footnotes>");
        xml
    }

    pub(crate) fn comments_xml(&self) -> Option<String> {
        if self.comments.is_empty() {
            return None;
        }
        let mut xml = format!(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments {NAMESPACES} xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="w14">"#
        );
        for c in &self.comments {
            xml.push_str(c);
        }
        xml.push_str("</w:comments>");
        Some(xml)
    }
}

impl Notes {
    /// word/commentsExtended.xml: each reply's thread, each thread's resolution.
    pub(crate) fn comments_extended_xml(&self) -> Option<String> {
        if self.comments.is_empty() {
            return None;
        }
        let mut xml = String::from(
            r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w15:commentsEx xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" mc:Ignorable="w15">"#,
        );
        for (para, parent, done) in &self.threading {
            let _ = write!(xml, r#"<w15:commentEx w15:paraId="{para:08X}""#);
            if let Some(parent) = parent {
                let _ = write!(xml, r#" w15:paraIdParent="{parent:08X}""#);
            }
            let _ = write!(xml, r#" w15:done="{}"/>"#, u8::from(*done));
        }
        xml.push_str("</w15:commentsEx>");
        Some(xml)
    }
}

/// An RFC 3339 time as Word keeps it: `2026-01-31T12:00:00Z` in UTC; with another offset, its
/// wall-clock time without a zone (Word keeps no offsets). `None` when it is not a time.
fn word_date(rfc3339: &str) -> Option<String> {
    let head = rfc3339.get(..19)?;
    let shape_ok = head.char_indices().all(|(i, c)| match i {
        4 | 7 => c == '-',
        10 => c == 'T' || c == 't' || c == ' ',
        13 | 16 => c == ':',
        _ => c.is_ascii_digit(),
    });
    let mut rest = &rfc3339[19..];
    if let Some(fraction) = rest.strip_prefix('.') {
        rest = fraction.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    let zone = match rest {
        "Z" | "z" | "+00:00" | "-00:00" => "Z",
        r if r.len() == 6
            && (r.starts_with('+') || r.starts_with('-'))
            && r[1..]
                .char_indices()
                .all(|(i, c)| if i == 2 { c == ':' } else { c.is_ascii_digit() }) =>
        {
            ""
        }
        _ => return None,
    };
    shape_ok.then(|| format!("{}T{}{zone}", &head[..10], &head[11..]))
}

#[cfg(test)]
mod tests {
    use super::word_date;

    #[test]
    fn comment_dates_are_kept_only_when_they_are_times() {
        assert_eq!(
            word_date("2026-03-04T05:06:07.123+00:00").as_deref(),
            Some("2026-03-04T05:06:07Z")
        );
        assert_eq!(
            word_date("2026-03-04T05:06:07-05:00").as_deref(),
            Some("2026-03-04T05:06:07")
        );
        assert_eq!(word_date("2026-03-04"), None);
        assert_eq!(word_date("2026-01-01T00:00:00Z\"/>"), None);
        assert_eq!(word_date("\"/><w:b/>2026-03-04T05:06:07Z"), None);
    }
}
