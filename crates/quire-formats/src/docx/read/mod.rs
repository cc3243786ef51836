//! The .docx reader: a Word file's bytes into the manuscript model and the import's ledger.
//! Streaming (quick-xml events over each part, no DOM), bounded (see
//! [`package`]'s limits), and total: any input gives a manuscript or an [`ImportError`], never
//! a panic.
#![warn(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic
)]

mod blocks;
mod body;
mod chapters;
mod context;
mod error;
mod images;
mod notes;
mod numbering;
pub mod package;
mod styles;
mod tally;
mod xml;

use std::collections::HashMap;

use crate::ledger::Ledger;
use crate::model::Manuscript;
use crate::options::ImportOptions;

pub use error::{ImportError, OtherFormat};
pub use package::Limits;
pub use tally::created;

use context::Context;
use numbering::Numbering;
use package::{Package, by_kind};
use styles::Styles;

/// A read manuscript with its ledger.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub manuscript: Manuscript,
    pub ledger: Ledger,
}

/// Reads a .docx under the default [`Limits`]. Files of other formats are refused with a
/// reason naming the format.
pub fn read(bytes: &[u8], options: ImportOptions) -> Result<Imported, ImportError> {
    read_with(bytes, options, Limits::default())
}

/// [`read`] under other limits (tighter ones for a small device, or a test).
pub fn read_with(
    bytes: &[u8],
    options: ImportOptions,
    limits: Limits,
) -> Result<Imported, ImportError> {
    if !error::is_zip(bytes) {
        return Err(error::sniff_non_zip(bytes));
    }
    let mut package = Package::open(bytes, limits)?;
    let root = package.rels("")?;
    let document_name = by_kind(&root, "officeDocument")
        .map(|rel| rel.target.clone())
        .filter(|name| package.has(name))
        .unwrap_or_else(|| "word/document.xml".to_owned());
    let Some(document) = package.part(&document_name)? else {
        return Err(ImportError::MissingDocument);
    };
    // An Office file of another kind (a presentation, a workbook) is no .docx.
    if xml::root(&document)? != "document" {
        return Err(ImportError::NotDocx);
    }
    let rels = package.rels(&document_name)?;
    let dir = document_name
        .rsplit_once('/')
        .map(|(dir, _)| dir.to_owned())
        .unwrap_or_default();
    let related = |package: &mut Package<'_>, kind: &str, fallback: &str| {
        let name = by_kind(&rels, kind)
            .map(|rel| rel.target.clone())
            .unwrap_or_else(|| package::resolve(&dir, fallback));
        package.part(&name)
    };
    // Each part is parsed as soon as it is read, and its bytes dropped.
    let styles_xml = related(&mut package, "styles", "styles.xml")?;
    let styles_missing = styles_xml.is_none();
    let styles = match styles_xml {
        Some(bytes) => Styles::parse(&bytes)?,
        None => Styles::default(),
    };
    let numbering = match related(&mut package, "numbering", "numbering.xml")? {
        Some(bytes) => Numbering::parse(&bytes)?,
        None => Numbering::default(),
    };
    let mut note_texts: HashMap<String, String> = HashMap::new();
    for (kind, element, prefix) in [
        ("footnotes", "w:footnote", "fn"),
        ("endnotes", "w:endnote", "en"),
    ] {
        if let Some(bytes) = related(&mut package, kind, &format!("{kind}.xml"))? {
            for (id, text) in notes::notes(&bytes, element)? {
                note_texts.insert(notes::note_id(prefix, &id), text);
            }
        }
    }
    let comments_xml = related(&mut package, "comments", "comments.xml")?;
    let extended_xml = related(&mut package, "commentsExtended", "commentsExtended.xml")?;
    let (comments, comments_found) = match comments_xml {
        Some(bytes) => (
            notes::Comments::parse(&bytes, extended_xml.as_deref())?,
            tally::comments_found(&bytes)?,
        ),
        None => (notes::Comments::default(), 0),
    };
    drop(extended_xml);

    let mut cx = Context::new(
        &mut package,
        rels.clone(),
        styles,
        numbering,
        comments.thread_of.clone(),
        limits.paragraphs,
    );
    if styles_missing {
        cx.warn("styles_missing", 1);
    }
    let items = body::walk(&document, &mut cx)?;
    let numbering = std::mem::take(&mut cx.numbering);
    let (images, warnings, unsupported) = cx.into_ledger_parts();
    let sources = chapters::Sources {
        numbering: &numbering,
        notes: &note_texts,
        threads: &comments.threads,
        thread_order: &comments.order,
    };
    let (title, chapters) = chapters::assemble(items, options, &sources);
    let manuscript = Manuscript {
        title,
        author: String::new(),
        chapters,
        images,
    };
    let mut found = tally::found(&document)?;
    found.comments = comments_found;
    let created = tally::created(&manuscript);
    if created.words == 0 && created.images == 0 {
        return Err(ImportError::EmptyDocument);
    }
    Ok(Imported {
        manuscript,
        ledger: Ledger {
            found,
            created,
            unsupported,
            warnings,
        },
    })
}
