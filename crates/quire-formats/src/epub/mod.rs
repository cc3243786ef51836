//! The EPUB 3 writer: `mimetype` first and stored, the container, the package document
//! (identifier, title, creator, language, modification time), the navigation document (the
//! chapters and titled subchapters), a title page, the cover when the ebook preset names one,
//! one XHTML file per chapter with its footnotes as endnotes, a style sheet and the images.
//! Images are carried as PNG, JPEG or GIF; a WebP image (not a core media type of EPUB before
//! 3.3, which epubcheck 4 checks against) is replaced by its description.

mod xhtml;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use crate::escape::push_escaped;
use crate::image_header;
use crate::model::Manuscript;
use crate::options::{ExportOptions, Preset};
use crate::package::{Archive, ExportError};

use xhtml::{ChapterWriter, head};

const CSS: &str = "body { margin: 0 5%; line-height: 1.4; }
h1 { text-align: center; margin: 3em 0 2em; page-break-before: always; }
h2 { text-align: center; margin: 2em 0 1em; }
p { margin: 0; text-indent: 1.5em; }
h1 + p, h2 + p, h3 + p, h4 + p, h5 + p, h6 + p, hr + p, blockquote p, li p, td p, .endnotes p { text-indent: 0; }
p.center { text-align: center; text-indent: 0; }
p.right { text-align: right; }
p.justify { text-align: justify; }
hr.scene-break { border: none; margin: 1.5em 0; text-align: center; }
hr.scene-break::after { content: \"* * *\"; }
div.page-break { page-break-after: always; }
.small-caps { font-variant: small-caps; }
blockquote { margin: 1em 2em; }
figure.image { margin: 1em 0; text-align: center; }
figure.image img { max-width: 100%; }
table { border-collapse: collapse; margin: 1em 0; }
td { border: 1px solid #888; padding: 0.2em 0.4em; vertical-align: top; }
.endnotes { margin-top: 3em; border-top: 1px solid #888; font-size: 0.9em; }
.title-page { text-align: center; margin-top: 30%; }
.cover { text-align: center; margin: 0; padding: 0; }
.cover img { max-width: 100%; max-height: 100%; }
";

/// Writes `m` as an EPUB 3 file. `id` is its `dc:identifier` (a `urn:uuid:…`, say); `modified`
/// its modification time, UTC in RFC 3339 (`2026-01-31T12:00:00Z`): the caller's clock, not
/// this crate's.
pub fn write(
    m: &Manuscript,
    options: &ExportOptions,
    id: &str,
    modified: &str,
) -> Result<Vec<u8>, ExportError> {
    if id.trim().is_empty() {
        return Err(ExportError::MissingIdentifier);
    }
    let modified = epub_time(modified).ok_or_else(|| ExportError::Modified(modified.to_owned()))?;
    let (language, cover) = match &options.preset {
        Preset::Ebook(e) => (
            if is_language_tag(&e.language) {
                e.language.as_str()
            } else {
                "en"
            },
            e.cover,
        ),
        _ => ("en", None),
    };
    let title = match m.title.trim() {
        "" => "Untitled",
        t => t,
    };
    let image_files: Vec<Option<String>> = m
        .images
        .iter()
        .enumerate()
        .map(|(i, img)| {
            // Only an image whose bytes are what it claims: epubcheck reads the headers.
            extension(&img.content_type)
                .filter(|_| {
                    image_header::content_type(&img.bytes) == Some(img.content_type.as_str())
                })
                .map(|ext| format!("images/image{}.{ext}", i + 1))
        })
        .collect();
    let cover = cover.filter(|&c| image_files.get(c).is_some_and(Option::is_some));

    let mut used = BTreeSet::new();
    if let Some(c) = cover {
        used.insert(c);
    }
    let mut chapters = Vec::new();
    for (i, chapter) in m.chapters.iter().enumerate() {
        let label = label(&chapter.title, i + 1);
        let mut w = ChapterWriter::new(options, &image_files, &mut used);
        w.chapter(chapter);
        chapters.push(format!("{}{}", head(&label, language), w.out));
    }

    let mut zip = Archive::new();
    zip.add_stored("mimetype", b"application/epub+zip")?;
    zip.add(
        "META-INF/container.xml",
        br#"<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles>
<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
</rootfiles>
</container>
"#,
    )?;
    let opf = package_document(
        m,
        id,
        title,
        language,
        &modified,
        cover,
        &image_files,
        &used,
    );
    zip.add("OEBPS/content.opf", opf.as_bytes())?;
    zip.add("OEBPS/nav.xhtml", nav(m, title, language).as_bytes())?;
    zip.add("OEBPS/style.css", CSS.as_bytes())?;
    if let Some(c) = cover {
        let mut page = head(title, language);
        let file = image_files[c].as_deref().unwrap_or_default();
        let _ = write!(
            page,
            "<body>\n<div class=\"cover\"><img src=\"{file}\" alt=\""
        );
        push_escaped(&mut page, title);
        page.push_str("\"/></div>\n</body>\n</html>\n");
        zip.add("OEBPS/cover.xhtml", page.as_bytes())?;
    }
    let mut title_page = head(title, language);
    title_page.push_str("<body>\n<section class=\"title-page\" epub:type=\"titlepage\">\n<h1>");
    push_escaped(&mut title_page, title);
    title_page.push_str("</h1>\n");
    if !m.author.trim().is_empty() {
        title_page.push_str("<p>");
        push_escaped(&mut title_page, m.author.trim());
        title_page.push_str("</p>\n");
    }
    title_page.push_str("</section>\n</body>\n</html>\n");
    zip.add("OEBPS/title.xhtml", title_page.as_bytes())?;
    for (i, chapter) in chapters.iter().enumerate() {
        zip.add(
            &format!("OEBPS/chapter-{}.xhtml", i + 1),
            chapter.as_bytes(),
        )?;
    }
    for &i in &used {
        if let Some(file) = &image_files[i] {
            zip.add(&format!("OEBPS/{file}"), &m.images[i].bytes)?;
        }
    }
    zip.finish()
}

#[allow(clippy::too_many_arguments)]
fn package_document(
    m: &Manuscript,
    id: &str,
    title: &str,
    language: &str,
    modified: &str,
    cover: Option<usize>,
    image_files: &[Option<String>],
    used: &BTreeSet<usize>,
) -> String {
    let mut opf = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">"#,
    );
    push_escaped(&mut opf, id.trim());
    opf.push_str("</dc:identifier>\n<dc:title>");
    push_escaped(&mut opf, title);
    opf.push_str("</dc:title>\n");
    if !m.author.trim().is_empty() {
        opf.push_str("<dc:creator>");
        push_escaped(&mut opf, m.author.trim());
        opf.push_str("</dc:creator>\n");
    }
    let _ = writeln!(opf, "<dc:language>{language}</dc:language>");
    let _ = writeln!(
        opf,
        r#"<meta property="dcterms:modified">{modified}</meta>"#
    );
    if let Some(c) = cover {
        let _ = writeln!(opf, r#"<meta name="cover" content="image-{}"/>"#, c + 1);
    }
    opf.push_str("</metadata>\n<manifest>\n");
    opf.push_str(
        r#"<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="style.css" media-type="text/css"/>
<item id="title-page" href="title.xhtml" media-type="application/xhtml+xml"/>
"#,
    );
    if cover.is_some() {
        opf.push_str(
            r#"<item id="cover-page" href="cover.xhtml" media-type="application/xhtml+xml"/>"#,
        );
        opf.push('\n');
    }
    for i in 1..=m.chapters.len() {
        let _ = writeln!(
            opf,
            r#"<item id="chapter-{i}" href="chapter-{i}.xhtml" media-type="application/xhtml+xml"/>"#
        );
    }
    for &i in used {
        if let Some(file) = &image_files[i] {
            let property = if cover == Some(i) {
                r#" properties="cover-image""#
            } else {
                ""
            };
            let _ = writeln!(
                opf,
                r#"<item id="image-{}" href="{file}" media-type="{}"{property}/>"#,
                i + 1,
                m.images[i].content_type
            );
        }
    }
    opf.push_str("</manifest>\n<spine>\n");
    if cover.is_some() {
        opf.push_str("<itemref idref=\"cover-page\" linear=\"yes\"/>\n");
    }
    opf.push_str("<itemref idref=\"title-page\"/>\n");
    for i in 1..=m.chapters.len() {
        let _ = writeln!(opf, r#"<itemref idref="chapter-{i}"/>"#);
    }
    opf.push_str("</spine>\n</package>\n");
    opf
}

/// The navigation document: the chapters, and under each its titled subchapters.
fn nav(m: &Manuscript, title: &str, language: &str) -> String {
    let mut out = head(title, language);
    out.push_str("<body>\n<nav epub:type=\"toc\" id=\"toc\">\n<h1>");
    push_escaped(&mut out, title);
    out.push_str("</h1>\n<ol>\n");
    if m.chapters.is_empty() {
        out.push_str("<li><a href=\"title.xhtml\">");
        push_escaped(&mut out, title);
        out.push_str("</a></li>\n");
    }
    for (i, chapter) in m.chapters.iter().enumerate() {
        let n = i + 1;
        let _ = write!(out, r#"<li><a href="chapter-{n}.xhtml">"#);
        push_escaped(&mut out, &label(&chapter.title, n));
        out.push_str("</a>");
        let titled: Vec<(usize, &str)> = chapter
            .subchapters
            .iter()
            .enumerate()
            .map(|(j, s)| (j + 1, s.title.trim()))
            .filter(|(_, t)| !t.is_empty())
            .collect();
        if !titled.is_empty() {
            out.push_str("\n<ol>\n");
            for (j, t) in titled {
                let _ = write!(out, r##"<li><a href="chapter-{n}.xhtml#sub-{j}">"##);
                push_escaped(&mut out, t);
                out.push_str("</a></li>\n");
            }
            out.push_str("</ol>\n");
        }
        out.push_str("</li>\n");
    }
    out.push_str("</ol>\n</nav>\n</body>\n</html>\n");
    out
}

/// A chapter's name in the table of contents: its title, or its number when it has none.
fn label(title: &str, n: usize) -> String {
    match title.trim() {
        "" => format!("Chapter {n}"),
        t => t.replace(['\n', '\r', '\t'], " "),
    }
}

fn extension(content_type: &str) -> Option<&'static str> {
    match content_type {
        "image/png" => Some("png"),
        "image/jpeg" => Some("jpg"),
        "image/gif" => Some("gif"),
        _ => None,
    }
}

/// A BCP 47 tag's shape: letters, then `-` and letters or digits.
fn is_language_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let first_ok = parts
        .next()
        .is_some_and(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphabetic()));
    first_ok
        && parts.all(|p| (1..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()))
}

/// An RFC 3339 UTC time as `dcterms:modified` wants it: `CCYY-MM-DDThh:mm:ssZ`.
fn epub_time(rfc3339: &str) -> Option<String> {
    let s = rfc3339.trim();
    let head = s.get(..19)?;
    let shape_ok = head.char_indices().all(|(i, c)| match i {
        4 | 7 => c == '-',
        10 => c == 'T' || c == 't',
        13 | 16 => c == ':',
        _ => c.is_ascii_digit(),
    });
    let mut rest = &s[19..];
    if let Some(fraction) = rest.strip_prefix('.') {
        let digits = fraction.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        rest = &fraction[digits..];
    }
    let utc = matches!(rest, "Z" | "z" | "+00:00" | "-00:00");
    (shape_ok && utc).then(|| format!("{}T{}Z", &head[..10], &head[11..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_modification_time_must_be_utc() {
        assert_eq!(
            epub_time("2026-11-27T13:40:05.123Z").as_deref(),
            Some("2026-11-27T13:40:05Z")
        );
        assert_eq!(
            epub_time("2026-11-27T13:40:05+00:00").as_deref(),
            Some("2026-11-27T13:40:05Z")
        );
        assert_eq!(epub_time("2026-11-27T13:40:05+01:00"), None);
        assert_eq!(epub_time("2026-11-27"), None);
        assert_eq!(epub_time("2026-11-27T13:40:05Z<x/>"), None);
    }

    #[test]
    fn only_language_tags_reach_the_package() {
        assert!(is_language_tag("en"));
        assert!(is_language_tag("pt-BR"));
        assert!(is_language_tag("zh-Hant-TW"));
        assert!(!is_language_tag(""));
        assert!(!is_language_tag("en\"><x"));
        assert!(!is_language_tag("e"));
    }
}
