//! The .docx writer: a [`Manuscript`] as a Word document with real heading styles (outline
//! levels for Word's navigation pane), footnotes, comments, lists, images, tables and links, laid
//! out by the export's preset or else the manuscript's page setup. Deterministic: the same
//! input gives the same bytes.

mod document;
mod layout;
mod notes;
mod parts;
mod title_page;
mod walk;

use crate::model::Manuscript;
use crate::options::{ExportOptions, PageSetup};
use crate::package::{Archive, ExportError};

use document::DocWriter;
use layout::Layout;

/// Writes `m` as a .docx file.
pub fn write(
    m: &Manuscript,
    options: &ExportOptions,
    page: &PageSetup,
) -> Result<Vec<u8>, ExportError> {
    let layout = Layout::new(&options.preset, page);
    let mut doc = DocWriter::new(m, options, &layout);
    doc.write_manuscript();
    let out = doc.finish();

    let mut zip = Archive::new();
    zip.add("[Content_Types].xml", parts::content_types(&out).as_bytes())?;
    zip.add("_rels/.rels", parts::PACKAGE_RELS.as_bytes())?;
    zip.add("docProps/core.xml", parts::core(m).as_bytes())?;
    zip.add("docProps/app.xml", parts::APP.as_bytes())?;
    zip.add("word/document.xml", out.document.as_bytes())?;
    zip.add(
        "word/_rels/document.xml.rels",
        parts::document_rels(&out).as_bytes(),
    )?;
    zip.add("word/styles.xml", parts::styles(&layout).as_bytes())?;
    zip.add("word/settings.xml", parts::settings(&layout).as_bytes())?;
    zip.add("word/numbering.xml", out.numbering.as_bytes())?;
    zip.add("word/footnotes.xml", out.footnotes.as_bytes())?;
    if let Some(comments) = &out.comments {
        zip.add("word/comments.xml", comments.as_bytes())?;
    }
    if let Some(extended) = &out.comments_extended {
        zip.add("word/commentsExtended.xml", extended.as_bytes())?;
    }
    if let Some(header) = &out.header {
        zip.add("word/header1.xml", header.as_bytes())?;
    }
    if let Some(header) = &out.header_even {
        zip.add("word/header2.xml", header.as_bytes())?;
    }
    if let Some(footer) = &out.footer {
        zip.add("word/footer1.xml", footer.as_bytes())?;
    }
    for media in &out.media {
        zip.add(&format!("word/{}", media.path), &media.bytes)?;
    }
    zip.finish()
}
