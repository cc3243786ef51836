//! What the zip-based writers (.docx, EPUB) share: their error, and a zip archive written with
//! fixed timestamps in a fixed order, so the same manuscript always gives the same bytes.

use std::io::{Cursor, Write};

use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, DateTime, ZipWriter};

/// Why an export could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The archive library refused an entry (never expected with in-memory output).
    #[error("the archive could not be written: {0}")]
    Zip(#[from] zip::result::ZipError),
    /// Writing to the in-memory archive failed.
    #[error("the archive could not be written: {0}")]
    Io(#[from] std::io::Error),
    /// The EPUB's identifier is empty.
    #[error("an EPUB needs a non-empty identifier")]
    MissingIdentifier,
    /// The EPUB's modification time is not a UTC RFC 3339 time (`2026-01-31T12:00:00Z`).
    #[error("the EPUB's modification time must be a UTC RFC 3339 time, not {0:?}")]
    Modified(String),
}

/// An archive being written in memory.
pub(crate) struct Archive {
    zip: ZipWriter<Cursor<Vec<u8>>>,
}

impl Archive {
    pub(crate) fn new() -> Self {
        Archive {
            zip: ZipWriter::new(Cursor::new(Vec::new())),
        }
    }

    fn options(method: CompressionMethod) -> SimpleFileOptions {
        SimpleFileOptions::default()
            .compression_method(method)
            .last_modified_time(DateTime::DEFAULT)
            .unix_permissions(0o644)
    }

    /// Adds a compressed entry.
    pub(crate) fn add(&mut self, name: &str, bytes: &[u8]) -> Result<(), ExportError> {
        self.zip
            .start_file(name, Self::options(CompressionMethod::Deflated))?;
        self.zip.write_all(bytes)?;
        Ok(())
    }

    /// Adds an entry stored without compression (an EPUB's `mimetype`).
    pub(crate) fn add_stored(&mut self, name: &str, bytes: &[u8]) -> Result<(), ExportError> {
        self.zip
            .start_file(name, Self::options(CompressionMethod::Stored))?;
        self.zip.write_all(bytes)?;
        Ok(())
    }

    pub(crate) fn finish(self) -> Result<Vec<u8>, ExportError> {
        Ok(self.zip.finish()?.into_inner())
    }
}
