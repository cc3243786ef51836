//! The formatting attributes a text run carries, as y-prosemirror writes them: each mark's name
//! (with a hash for a mark that may overlap itself) → its attrs object, every attr TipTap
//! declares included, null ones too.

use std::collections::HashMap;
use std::sync::Arc;

use base64::Engine;
use sha2::{Digest, Sha256};
use yrs::Any;

/// TipTap's Link attrs besides `href`, with the chapter editor's defaults: new tab, no referrer.
const LINK_TARGET: &str = "_blank";
const LINK_REL: &str = "noopener noreferrer nofollow";

/// `bold`, `italic`, `underline`, `strike` and `smallCaps`: marks without attributes, whose
/// attrs object y-prosemirror writes as `{}`.
pub(super) const PLAIN_MARKS: [&str; 5] = ["bold", "italic", "underline", "strike", "smallCaps"];

/// The attrs object of a mark without attributes.
pub(super) fn empty() -> Any {
    Any::Map(Arc::new(HashMap::new()))
}

/// The `link` mark's attrs: `href`, then TipTap's `target`, `rel`, `class` and `title`.
pub(super) fn link(href: &str) -> Any {
    ordered_map(vec![
        ("href", Any::from(href)),
        ("target", Any::from(LINK_TARGET)),
        ("rel", Any::from(LINK_REL)),
        ("class", Any::Null),
        ("title", Any::Null),
    ])
}

/// The formatting key and attrs of comment thread `id`'s anchor.
pub(super) fn comment(id: &str) -> (String, Any) {
    let key = format!("comment--{}", overlapping_hash("comment", "id", id));
    let attrs = Any::Map(Arc::new(HashMap::from([("id".to_owned(), Any::from(id))])));
    (key, attrs)
}

/// y-prosemirror's `hashOfJSON(mark.toJSON())` for a mark with one string attribute: SHA-256 of
/// lib0's encoding of `{ type, attrs: { [attr]: value } }`, folded to 6 bytes (byte `i` XORed
/// into `i % 6`), in base64.
fn overlapping_hash(mark: &str, attr: &str, value: &str) -> String {
    let mut json = vec![118];
    write_uint(&mut json, 2);
    write_string(&mut json, "type");
    json.push(119);
    write_string(&mut json, mark);
    write_string(&mut json, "attrs");
    json.push(118);
    write_uint(&mut json, 1);
    write_string(&mut json, attr);
    json.push(119);
    write_string(&mut json, value);
    let mut digest: Vec<u8> = Sha256::digest(&json).to_vec();
    for i in 6..digest.len() {
        digest[i % 6] ^= digest[i];
    }
    base64::engine::general_purpose::STANDARD.encode(&digest[..6])
}

fn write_uint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn write_string(out: &mut Vec<u8>, s: &str) {
    write_uint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// A map whose entries iterate — and so are encoded — in `entries`' order. yrs encodes an
/// `Any::Map` in its `HashMap`'s order, which a fresh random hasher decides; a map is built
/// again until that order is the one asked for (a few dozen tries for five keys), so the same
/// body always gives the same bytes, the very bytes Yjs writes for the same attrs.
fn ordered_map(entries: Vec<(&str, Any)>) -> Any {
    let wanted: Vec<&str> = entries.iter().map(|(k, _)| *k).collect();
    let mut map = HashMap::new();
    for _ in 0..100_000 {
        map = entries
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect::<HashMap<String, Any>>();
        if map.keys().map(String::as_str).eq(wanted.iter().copied()) {
            break;
        }
    }
    Any::Map(Arc::new(map))
}

/// The mark a formatting key names: `comment--1tiVU/zO` is a `comment`.
pub(super) fn mark_name(key: &str) -> &str {
    match key.rsplit_once("--") {
        Some((name, hash)) if hash.len() == 8 => name,
        _ => key,
    }
}

/// A string attr of a mark's attrs object.
pub(super) fn attr<'a>(attrs: &'a Any, name: &str) -> Option<&'a str> {
    match attrs {
        Any::Map(map) => match map.get(name) {
            Some(Any::String(s)) => Some(s),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_comment_anchor_is_named_as_y_prosemirror_names_it() {
        // What the editor wrote for `<span data-comment-id="c1">`.
        assert_eq!(comment("c1").0, "comment--1tiVU/zO");
        assert_eq!(mark_name("comment--1tiVU/zO"), "comment");
        assert_eq!(mark_name("bold"), "bold");
    }

    #[test]
    fn a_links_attrs_are_in_tiptaps_order_every_time() {
        for _ in 0..20 {
            let Any::Map(map) = link("https://x.org") else {
                panic!("a map")
            };
            let keys: Vec<&str> = map.keys().map(String::as_str).collect();
            assert_eq!(keys, ["href", "target", "rel", "class", "title"]);
        }
    }
}
