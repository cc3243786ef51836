//! Streaming XML over a part's bytes (quick-xml, no DOM): events with text already resolved,
//! where a DTD, an entity other than the five predefined ones, or any syntax error is
//! [`ImportError::MalformedXml`] (never an expansion: quick-xml expands nothing itself).

use std::borrow::Cow;

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::error::ImportError;

/// An event of a part.
#[derive(Debug)]
pub(super) enum Ev<'a> {
    Start(BytesStart<'a>),
    Empty(BytesStart<'a>),
    End(String),
    Text(Cow<'a, str>),
    Eof,
}

/// A reader over one part.
pub(super) struct Xml<'a> {
    reader: Reader<&'a [u8]>,
}

impl std::fmt::Debug for Xml<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Xml")
            .field("position", &self.reader.buffer_position())
            .finish()
    }
}

impl<'a> Xml<'a> {
    pub fn new(bytes: &'a [u8]) -> Xml<'a> {
        let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
        let mut reader = Reader::from_reader(bytes);
        let config = reader.config_mut();
        config.trim_text(false);
        config.check_end_names = true;
        config.expand_empty_elements = false;
        Xml { reader }
    }

    /// The next event that matters (declarations, comments and processing instructions are
    /// skipped).
    pub fn next(&mut self) -> Result<Ev<'a>, ImportError> {
        loop {
            let event = self
                .reader
                .read_event()
                .map_err(|_| ImportError::MalformedXml)?;
            return Ok(match event {
                Event::Start(e) => Ev::Start(e),
                Event::Empty(e) => Ev::Empty(e),
                Event::End(e) => Ev::End(e.name().as_ref().to_owned()),
                Event::Text(e) => Ev::Text(e.xml10_content()),
                Event::CData(e) => Ev::Text(e.xml10_content()),
                Event::GeneralRef(e) => {
                    let resolved = match e.resolve_char_ref() {
                        Ok(Some(c)) => c,
                        Ok(None) => predefined(&e).ok_or(ImportError::MalformedXml)?,
                        Err(_) => return Err(ImportError::MalformedXml),
                    };
                    Ev::Text(Cow::Owned(resolved.to_string()))
                }
                // A DTD can declare entities; Word never writes one. Refused, never expanded.
                Event::DocType(_) => return Err(ImportError::MalformedXml),
                Event::Eof => Ev::Eof,
                Event::Decl(_) | Event::PI(_) | Event::Comment(_) => continue,
            });
        }
    }

    /// Skips the rest of the element whose start was just read.
    pub fn skip(&mut self) -> Result<(), ImportError> {
        let mut depth = 1usize;
        loop {
            match self.next()? {
                Ev::Start(_) => depth += 1,
                Ev::End(_) => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Ev::Eof => return Err(ImportError::MalformedXml),
                Ev::Empty(_) | Ev::Text(_) => {}
            }
        }
    }
}

fn predefined(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => None,
    }
}

/// The local name of a part's root element (`document` for WordprocessingML; `presentation`
/// or `workbook` for a PowerPoint or Excel file).
pub(super) fn root(bytes: &[u8]) -> Result<String, ImportError> {
    let mut xml = Xml::new(bytes);
    loop {
        match xml.next()? {
            Ev::Start(e) | Ev::Empty(e) => return Ok(local(&e).to_owned()),
            Ev::Eof => return Err(ImportError::MalformedXml),
            Ev::End(_) | Ev::Text(_) => {}
        }
    }
}

/// The qualified name of an element (`w:p`).
pub(super) fn name<'e>(e: &'e BytesStart<'_>) -> &'e str {
    e.name().0
}

/// The local name of an element (`Relationship`).
pub(super) fn local<'e>(e: &'e BytesStart<'_>) -> &'e str {
    e.local_name().into_inner()
}

/// An attribute's value by its qualified name; `None` when absent or unreadable.
pub(super) fn attr(e: &BytesStart<'_>, key: &str) -> Option<String> {
    // Duplicate attributes are not checked for: the first one wins.
    e.attributes().with_checks(false).flatten().find_map(|a| {
        (a.key.0 == key)
            .then(|| a.normalized_value(quick_xml::XmlVersion::Implicit1_0).ok())
            .flatten()
            .map(Cow::into_owned)
    })
}

/// A toggle property (`<w:b/>`, `<w:b w:val="0"/>`): on unless its value says off.
pub(super) fn toggle(e: &BytesStart<'_>) -> bool {
    !matches!(
        attr(e, "w:val").as_deref(),
        Some("0" | "false" | "off" | "none")
    )
}

/// A numeric `w:val`.
pub(super) fn val_num(e: &BytesStart<'_>) -> Option<i64> {
    attr(e, "w:val").and_then(|v| v.trim().parse::<f64>().ok().map(|f| f as i64))
}
