//! numbering.xml: whether a list level is bulleted or numbered, and where its count starts.

use std::collections::HashMap;

use super::error::ImportError;
use super::xml::{self, Ev, Xml};

/// One level of a list definition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Level {
    pub ordered: bool,
    pub start: u32,
    /// The level's left indent (twips), when its definition gives one.
    pub indent: Option<i64>,
}

impl Default for Level {
    fn default() -> Self {
        Level {
            ordered: false,
            start: 1,
            indent: None,
        }
    }
}

/// The most list definitions and lists read; the rest are ignored, so memory stays bounded.
const MAX_DEFINITIONS: usize = 20_000;

/// The document's list definitions.
#[derive(Debug, Default)]
pub(super) struct Numbering {
    /// abstractNumId → ilvl → level.
    abstracts: HashMap<String, HashMap<u8, Level>>,
    /// numId → (abstractNumId, ilvl → start override).
    nums: HashMap<String, (String, HashMap<u8, u32>)>,
}

impl Numbering {
    pub fn parse(bytes: &[u8]) -> Result<Numbering, ImportError> {
        let mut xml = Xml::new(bytes);
        let mut out = Numbering::default();
        let mut abstract_id: Option<String> = None;
        let mut num_id: Option<String> = None;
        let mut ilvl: Option<u8> = None;
        loop {
            let (e, _start) = match xml.next()? {
                Ev::Eof => break,
                Ev::Start(e) => (e, true),
                Ev::Empty(e) => (e, false),
                Ev::End(name) => {
                    match name.as_str() {
                        "w:abstractNum" => abstract_id = None,
                        "w:num" => num_id = None,
                        "w:lvl" | "w:lvlOverride" => ilvl = None,
                        _ => {}
                    }
                    continue;
                }
                Ev::Text(_) => continue,
            };
            let level_of = |e: &quick_xml::events::BytesStart<'_>| {
                xml::attr(e, "w:ilvl")
                    .and_then(|v| v.trim().parse::<u8>().ok())
                    .filter(|level| *level <= 8)
            };
            match xml::name(&e) {
                "w:abstractNum" => {
                    abstract_id = xml::attr(&e, "w:abstractNumId")
                        .filter(|_| out.abstracts.len() < MAX_DEFINITIONS);
                }
                "w:num" => {
                    num_id = xml::attr(&e, "w:numId").filter(|_| out.nums.len() < MAX_DEFINITIONS);
                    if let Some(id) = &num_id {
                        out.nums.entry(id.clone()).or_default();
                    }
                }
                "w:lvl" | "w:lvlOverride" => ilvl = level_of(&e),
                "w:abstractNumId" => {
                    if let (Some(num), Some(target)) = (&num_id, xml::attr(&e, "w:val")) {
                        out.nums.entry(num.clone()).or_default().0 = target;
                    }
                }
                "w:start" => {
                    if let (Some(id), Some(level)) = (&abstract_id, ilvl) {
                        let start = xml::val_num(&e).and_then(|v| u32::try_from(v).ok());
                        out.level_mut(id, level).start = start.unwrap_or(1);
                    }
                }
                "w:startOverride" => {
                    if let (Some(num), Some(level)) = (&num_id, ilvl) {
                        let start = xml::val_num(&e).and_then(|v| u32::try_from(v).ok());
                        if let Some(start) = start {
                            out.nums
                                .entry(num.clone())
                                .or_default()
                                .1
                                .insert(level, start);
                        }
                    }
                }
                "w:ind" => {
                    if let (Some(id), Some(level)) = (&abstract_id, ilvl) {
                        let left = xml::attr(&e, "w:left")
                            .or_else(|| xml::attr(&e, "w:start"))
                            .and_then(|v| v.trim().parse::<i64>().ok());
                        if left.is_some() {
                            out.level_mut(id, level).indent = left;
                        }
                    }
                }
                "w:numFmt" => {
                    if let (Some(id), Some(level)) = (&abstract_id, ilvl) {
                        let format = xml::attr(&e, "w:val").unwrap_or_default();
                        out.level_mut(id, level).ordered =
                            !matches!(format.as_str(), "bullet" | "none" | "");
                    }
                }
                _ => {}
            }
        }
        Ok(out)
    }

    fn level_mut(&mut self, abstract_id: &str, ilvl: u8) -> &mut Level {
        self.abstracts
            .entry(abstract_id.to_owned())
            .or_default()
            .entry(ilvl)
            .or_default()
    }

    /// A list's level; `None` when the list is `numId` 0 (numbering removed) or unknown.
    pub fn level(&self, num_id: &str, ilvl: u8) -> Option<Level> {
        if num_id == "0" {
            return None;
        }
        let Some((abstract_id, overrides)) = self.nums.get(num_id) else {
            return Some(Level::default());
        };
        let mut level = self
            .abstracts
            .get(abstract_id)
            .and_then(|levels| levels.get(&ilvl))
            .copied()
            .unwrap_or_default();
        if let Some(start) = overrides.get(&ilvl) {
            level.start = *start;
        }
        Some(level)
    }
}
