//! Why an import is refused: one [`ImportError`] per reason, each with the stable code the API
//! answers, and the sniffing that names the format of a file that is not a .docx.

use thiserror::Error;

/// A refused import. [`ImportError::reason`] is the code the server answers with.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ImportError {
    /// A file of another format the writer should save as .docx first.
    #[error("the file is a {0:?} file, not a .docx")]
    OtherFormat(OtherFormat),
    /// Not a Word file, nor one of the formats named above.
    #[error("the file is not a .docx")]
    NotDocx,
    /// A password-protected Word file (an OLE2 container holding `EncryptionInfo`).
    #[error("the document is password-protected")]
    Encrypted,
    /// More zip entries than [`super::package::MAX_ENTRIES`].
    #[error("the file holds too many parts")]
    TooManyEntries,
    /// A part, or all parts together, inflate beyond the limits of [`super::package`], or the
    /// document holds more paragraphs than [`super::package::MAX_PARAGRAPHS`].
    #[error("the file inflates beyond the import's limits")]
    UncompressedTooLarge,
    /// No main document part (`_rels/.rels` → officeDocument, or `word/document.xml`).
    #[error("the file has no main document part")]
    MissingDocument,
    /// A part Quire needs is not well-formed XML (a DTD is refused as such).
    #[error("a part of the document is not well-formed XML")]
    MalformedXml,
    /// No text and no image at all.
    #[error("the document is empty")]
    EmptyDocument,
}

/// Formats recognised by their signature, refused with a message naming them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OtherFormat {
    /// Word 97–2003 (an OLE2 compound file without encryption).
    Doc,
    /// OpenDocument text.
    Odt,
    /// Apple Pages.
    Pages,
    Pdf,
    Rtf,
}

impl ImportError {
    /// The stable reason code: `format_doc`, `format_odt`, `format_pages`, `format_pdf`,
    /// `format_rtf`, `not_docx`, `encrypted`, `too_many_entries`, `uncompressed_too_large`,
    /// `missing_document`, `malformed_xml` or `empty_document`.
    pub fn reason(&self) -> &'static str {
        match self {
            ImportError::OtherFormat(OtherFormat::Doc) => "format_doc",
            ImportError::OtherFormat(OtherFormat::Odt) => "format_odt",
            ImportError::OtherFormat(OtherFormat::Pages) => "format_pages",
            ImportError::OtherFormat(OtherFormat::Pdf) => "format_pdf",
            ImportError::OtherFormat(OtherFormat::Rtf) => "format_rtf",
            ImportError::NotDocx => "not_docx",
            ImportError::Encrypted => "encrypted",
            ImportError::TooManyEntries => "too_many_entries",
            ImportError::UncompressedTooLarge => "uncompressed_too_large",
            ImportError::MissingDocument => "missing_document",
            ImportError::MalformedXml => "malformed_xml",
            ImportError::EmptyDocument => "empty_document",
        }
    }
}

const OLE2: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// What a file that does not start as a zip is, by its first bytes.
pub(super) fn sniff_non_zip(bytes: &[u8]) -> ImportError {
    if bytes.starts_with(OLE2) {
        // An encrypted .docx is an OLE2 file whose directory names the stream
        // "EncryptionInfo" (UTF-16LE); a .doc has none.
        let name: Vec<u8> = "EncryptionInfo"
            .encode_utf16()
            .flat_map(|unit| unit.to_le_bytes())
            .collect();
        if contains(bytes, &name) || contains(bytes, b"EncryptionInfo") {
            return ImportError::Encrypted;
        }
        return ImportError::OtherFormat(OtherFormat::Doc);
    }
    let start = skip_bom_and_space(bytes);
    if start.starts_with(b"%PDF") {
        return ImportError::OtherFormat(OtherFormat::Pdf);
    }
    if start.starts_with(b"{\\rtf") {
        return ImportError::OtherFormat(OtherFormat::Rtf);
    }
    ImportError::NotDocx
}

/// Whether `bytes` starts as a zip archive (a local file header, or an empty archive's end).
pub(super) fn is_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

fn skip_bom_and_space(bytes: &[u8]) -> &[u8] {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    let first = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    bytes.get(first..).unwrap_or_default()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}
