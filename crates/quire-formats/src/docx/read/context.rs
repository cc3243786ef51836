//! What the body walk shares with the rest of the reader: the package (for pictures), the
//! document's relationships, styles, list definitions and comment threads, the pictures kept
//! so far, and the ledger's warnings and unsupported parts as they are met.

use std::collections::{BTreeMap, HashMap};

use crate::ledger::{Unsupported, Warning};
use crate::model::Image;

use super::error::ImportError;
use super::images;
use super::numbering::Numbering;
use super::package::{Media, Package, Rel};
use super::styles::Styles;

/// The reader's shared state for one document.
#[derive(Debug)]
pub(super) struct Context<'p, 'a> {
    pub package: &'p mut Package<'a>,
    pub rels: HashMap<String, Rel>,
    pub styles: Styles,
    pub numbering: Numbering,
    /// A comment's `w:id` → its thread's id.
    pub thread_of: HashMap<String, String>,
    pub images: Vec<Image>,
    /// The most paragraphs the body walk accepts.
    pub max_paragraphs: usize,
    image_of_part: HashMap<String, Option<usize>>,
    warnings: BTreeMap<&'static str, u64>,
    unsupported: BTreeMap<&'static str, (u64, bool)>,
}

impl<'p, 'a> Context<'p, 'a> {
    pub fn new(
        package: &'p mut Package<'a>,
        rels: HashMap<String, Rel>,
        styles: Styles,
        numbering: Numbering,
        thread_of: HashMap<String, String>,
        max_paragraphs: usize,
    ) -> Self {
        Context {
            package,
            rels,
            styles,
            numbering,
            thread_of,
            images: Vec::new(),
            max_paragraphs,
            image_of_part: HashMap::new(),
            warnings: BTreeMap::new(),
            unsupported: BTreeMap::new(),
        }
    }

    pub fn warn(&mut self, code: &'static str, count: u64) {
        if count > 0 {
            *self.warnings.entry(code).or_default() += count;
        }
    }

    /// Names a part that is not imported as itself; `text_kept` when its text still is.
    pub fn unsupported(&mut self, kind: &'static str, text_kept: bool) {
        let entry = self.unsupported.entry(kind).or_insert((0, text_kept));
        entry.0 += 1;
    }

    /// A comment's thread id.
    pub fn thread(&self, comment_id: &str) -> String {
        self.thread_of
            .get(comment_id)
            .cloned()
            .unwrap_or_else(|| super::notes::thread_id(comment_id))
    }

    /// An external link of a relationship, if it is http, https or mailto.
    pub fn link(&mut self, rid: &str) -> Option<String> {
        let Some(rel) = self.rels.get(rid) else {
            self.warn("broken_relationship", 1);
            return None;
        };
        safe_link(&rel.target)
    }

    /// The picture of a relationship as an index into [`Context::images`]; `None` (with a
    /// warning) when it is missing, linked from outside, or of a type Quire does not keep.
    pub fn image(&mut self, rid: &str) -> Result<Option<usize>, ImportError> {
        let Some(rel) = self.rels.get(rid) else {
            self.warn("broken_relationship", 1);
            return Ok(None);
        };
        if rel.external {
            self.warn("image_unsupported", 1);
            return Ok(None);
        }
        let target = rel.target.clone();
        if let Some(known) = self.image_of_part.get(&target).copied() {
            if known.is_none() {
                self.warn("image_unsupported", 1);
            }
            return Ok(known);
        }
        let bytes = match self.package.media(&target)? {
            Media::Bytes(bytes) => bytes,
            Media::Missing => {
                self.warn("broken_relationship", 1);
                return Ok(None);
            }
            Media::Inflated => {
                self.warn("image_unsupported", 1);
                self.image_of_part.insert(target, None);
                return Ok(None);
            }
        };
        let index = match images::sniff(&bytes) {
            None => {
                self.warn("image_unsupported", 1);
                None
            }
            Some(kind) => {
                if images::lies(&target, kind) {
                    self.warn("image_type_mismatch", 1);
                }
                let index = self.images.len();
                self.images.push(Image {
                    content_type: kind.content_type.to_owned(),
                    name: format!("image{}.{}", index + 1, kind.extension),
                    bytes,
                });
                Some(index)
            }
        };
        self.image_of_part.insert(target, index);
        Ok(index)
    }

    /// The ledger's warnings and unsupported parts, by code.
    pub fn into_ledger_parts(self) -> (Vec<Image>, Vec<Warning>, Vec<Unsupported>) {
        let warnings = self
            .warnings
            .into_iter()
            .map(|(code, count)| Warning {
                code: code.to_owned(),
                count,
            })
            .collect();
        let unsupported = self
            .unsupported
            .into_iter()
            .map(|(kind, (count, text_kept))| Unsupported {
                kind: kind.to_owned(),
                count,
                text_kept,
            })
            .collect();
        (self.images, warnings, unsupported)
    }
}

/// A link target kept only when it is http, https or mailto.
pub(super) fn safe_link(target: &str) -> Option<String> {
    let target = target.trim();
    let lower = target.to_ascii_lowercase();
    let safe = ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme));
    (safe && target.len() <= 2048).then(|| target.to_owned())
}
