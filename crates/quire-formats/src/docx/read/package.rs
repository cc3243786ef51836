//! The zip package under its limits: entry count, bytes inflated per part and in all, each part
//! read through a `Read::take` so a header that lies about its size cannot blow the memory; the
//! OPC relationships (`_rels/*.rels`) that lead from one part to the next.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use zip::ZipArchive;
use zip::result::ZipError;

use super::error::{ImportError, OtherFormat};
use super::xml::{self, Xml};

/// The most entries a package may hold (Word writes a few dozen; a novel with images a few
/// hundred).
pub const MAX_ENTRIES: usize = 10_000;
/// The most one part may inflate to (a 150,000-word novel's document.xml is ~15 MiB).
pub const MAX_ENTRY_BYTES: u64 = 128 * 1024 * 1024;
/// The most all parts read may inflate to together.
pub const MAX_TOTAL_BYTES: u64 = 512 * 1024 * 1024;
/// The most paragraphs (table cells' included) a document may hold: a 150,000-word novel has
/// about 10,000, so this is 30 such novels; it bounds the model's memory (a few hundred bytes
/// a paragraph) against a small zip of millions of empty paragraphs.
pub const MAX_PARAGRAPHS: usize = 300_000;

/// A picture's bytes may inflate to at most this many times their compressed size (plus
/// [`MEDIA_SLACK`]): PNG, JPEG, GIF and WebP are compressed already and barely shrink in a zip,
/// so a picture that inflates more is a bomb, skipped rather than held in memory.
pub const MEDIA_RATIO: u64 = 8;
pub const MEDIA_SLACK: u64 = 1024 * 1024;

/// A picture part as read.
#[derive(Debug)]
pub(super) enum Media {
    Bytes(Vec<u8>),
    /// No such part, or a corrupt one.
    Missing,
    /// It inflates far beyond its compressed size.
    Inflated,
}

/// The limits a package is read under; [`Limits::default`] is the constants above.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub entries: usize,
    pub entry_bytes: u64,
    pub total_bytes: u64,
    pub paragraphs: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            entries: MAX_ENTRIES,
            entry_bytes: MAX_ENTRY_BYTES,
            total_bytes: MAX_TOTAL_BYTES,
            paragraphs: MAX_PARAGRAPHS,
        }
    }
}

/// An open package and what has been inflated from it so far.
pub(super) struct Package<'a> {
    archive: ZipArchive<Cursor<&'a [u8]>>,
    limits: Limits,
    /// Part name, lower-cased without a leading `/` (OPC names are case-insensitive) → index.
    names: HashMap<String, usize>,
    inflated: u64,
}

impl std::fmt::Debug for Package<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Package")
            .field("entries", &self.names.len())
            .field("inflated", &self.inflated)
            .finish()
    }
}

/// One relationship of a part.
#[derive(Debug, Clone)]
pub(super) struct Rel {
    pub kind: String,
    pub target: String,
    pub external: bool,
}

impl<'a> Package<'a> {
    /// Opens a zip, refusing other formats that are zips (ODF, Pages) by their marks.
    pub fn open(bytes: &'a [u8], limits: Limits) -> Result<Package<'a>, ImportError> {
        let archive = ZipArchive::new(Cursor::new(bytes)).map_err(|_| ImportError::NotDocx)?;
        if archive.len() > limits.entries {
            return Err(ImportError::TooManyEntries);
        }
        let names: HashMap<String, usize> = archive
            .file_names_raw()
            .enumerate()
            .map(|(index, raw)| (normalise(&String::from_utf8_lossy(raw)), index))
            .collect();
        let mut package = Package {
            archive,
            limits,
            names,
            inflated: 0,
        };
        if let Some(mimetype) = package.part("mimetype")? {
            if mimetype.starts_with(b"application/vnd.oasis.opendocument.text") {
                return Err(ImportError::OtherFormat(OtherFormat::Odt));
            }
            return Err(ImportError::NotDocx);
        }
        let pages = package.names.keys().any(|name| {
            name == "index.xml"
                || name == "index.zip"
                || name.starts_with("index/")
                || name.starts_with("quicklook/")
        });
        if pages {
            return Err(ImportError::OtherFormat(OtherFormat::Pages));
        }
        Ok(package)
    }

    /// Whether the package has a part of that name.
    pub fn has(&self, name: &str) -> bool {
        self.names.contains_key(&normalise(name))
    }

    /// The inflated bytes of a part, `None` when there is no such part.
    pub fn part(&mut self, name: &str) -> Result<Option<Vec<u8>>, ImportError> {
        match self.read(name, false)? {
            Media::Bytes(bytes) => Ok(Some(bytes)),
            Media::Missing | Media::Inflated => Ok(None),
        }
    }

    /// A picture's bytes, unless it inflates beyond [`MEDIA_RATIO`].
    pub fn media(&mut self, name: &str) -> Result<Media, ImportError> {
        self.read(name, true)
    }

    fn read(&mut self, name: &str, media: bool) -> Result<Media, ImportError> {
        let Some(&index) = self.names.get(&normalise(name)) else {
            return Ok(Media::Missing);
        };
        let file = match self.archive.by_index(index) {
            Ok(file) => file,
            Err(ZipError::UnsupportedArchive(_) | ZipError::InvalidPassword) => {
                return Err(ImportError::Encrypted);
            }
            Err(_) => return Ok(Media::Missing),
        };
        if file.encrypted() {
            return Err(ImportError::Encrypted);
        }
        let ratio_cap = file
            .compressed_size()
            .saturating_mul(MEDIA_RATIO)
            .saturating_add(MEDIA_SLACK);
        if media && file.size() > ratio_cap {
            return Ok(Media::Inflated);
        }
        let allowed = self
            .limits
            .entry_bytes
            .min(self.limits.total_bytes.saturating_sub(self.inflated));
        if file.size() > allowed {
            return Err(ImportError::UncompressedTooLarge);
        }
        // Never trust the declared size: read at most one byte more than allowed.
        let capacity = usize::try_from(file.size().min(16 * 1024 * 1024)).unwrap_or(0);
        let mut out = Vec::with_capacity(capacity);
        let limit = if media {
            allowed.min(ratio_cap)
        } else {
            allowed
        };
        let read = file.take(limit.saturating_add(1)).read_to_end(&mut out);
        let length = u64::try_from(out.len()).unwrap_or(u64::MAX);
        if media && length > ratio_cap {
            return Ok(Media::Inflated);
        }
        if length > allowed {
            return Err(ImportError::UncompressedTooLarge);
        }
        self.inflated = self.inflated.saturating_add(length);
        match read {
            Ok(_) => Ok(Media::Bytes(out)),
            // The zip reader stops where the header said the part ends: a header that lies
            // about the size of a bomb.
            Err(e) if e.to_string().contains("larger than its declared") => {
                Err(ImportError::UncompressedTooLarge)
            }
            // A corrupt entry (bad deflate stream, wrong CRC) reads as a missing part.
            Err(_) => Ok(Media::Missing),
        }
    }

    /// The relationships of a part (`word/document.xml` → `word/_rels/document.xml.rels`), by
    /// id; targets resolved to part names. A missing or broken .rels file is no relationships.
    pub fn rels(&mut self, part: &str) -> Result<HashMap<String, Rel>, ImportError> {
        let (dir, file) = match part.rsplit_once('/') {
            Some((dir, file)) => (dir, file),
            None => ("", part),
        };
        let rels_name = if dir.is_empty() {
            format!("_rels/{file}.rels")
        } else {
            format!("{dir}/_rels/{file}.rels")
        };
        let Some(bytes) = self.part(&rels_name)? else {
            return Ok(HashMap::new());
        };
        let mut rels = HashMap::new();
        let mut reader = Xml::new(&bytes);
        loop {
            match reader.next() {
                Ok(xml::Ev::Start(e) | xml::Ev::Empty(e)) if xml::local(&e) == "Relationship" => {
                    let id = xml::attr(&e, "Id").unwrap_or_default();
                    let kind = xml::attr(&e, "Type").unwrap_or_default();
                    let raw = xml::attr(&e, "Target").unwrap_or_default();
                    let external = xml::attr(&e, "TargetMode").as_deref() == Some("External");
                    let target = if external { raw } else { resolve(dir, &raw) };
                    rels.insert(
                        id,
                        Rel {
                            kind,
                            target,
                            external,
                        },
                    );
                }
                Ok(xml::Ev::Eof) | Err(_) => break,
                Ok(_) => {}
            }
        }
        Ok(rels)
    }
}

/// The first relationship of a kind (its `Type` ends with `/kind`).
pub(super) fn by_kind<'r>(rels: &'r HashMap<String, Rel>, kind: &str) -> Option<&'r Rel> {
    let suffix = format!("/{kind}");
    let mut found: Vec<(&String, &Rel)> = rels
        .iter()
        .filter(|(_, rel)| !rel.external && rel.kind.ends_with(&suffix))
        .collect();
    found.sort_by(|a, b| a.0.cmp(b.0));
    found.first().map(|(_, rel)| *rel)
}

fn normalise(name: &str) -> String {
    name.trim_start_matches('/').to_lowercase()
}

/// A relationship target relative to the source part's folder, as a part name.
pub(super) fn resolve(dir: &str, target: &str) -> String {
    let target = target.split('#').next().unwrap_or_default();
    let mut parts: Vec<&str> = if target.starts_with('/') {
        Vec::new()
    } else {
        dir.split('/').filter(|p| !p.is_empty()).collect()
    };
    for piece in target.split('/') {
        match piece {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}
