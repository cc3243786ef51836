//! The XML string of a fragment exactly as Yjs 13.6 writes it (`YXmlFragment.toString()`), so
//! that a yrs replica can be compared with a browser's document character for character, and
//! two yrs documents can be compared with each other deterministically.
//!
//! yrs 0.28's own `GetString` cannot serve: it keeps the node name's case where Yjs lowercases
//! it (`<bulletList>` vs `<bulletlist>`), writes element attributes and a mark's attributes in
//! hash-map order where Yjs sorts them, and formats values with Rust's `Display` (`{a: 1}`,
//! `0.0000001`) where Yjs uses JavaScript's `String()` (`[object Object]`, `1e-7`). This module
//! is the one normaliser: it produces Yjs's format directly from the yrs tree. Like Yjs, it
//! escapes nothing; it is for comparison, never for display.

use std::cmp::Ordering;

use yrs::types::text::YChange;
use yrs::{
    Any, GetString, Number, Out, ReadTxn, Text, Xml, XmlElementRef, XmlFragment, XmlOut, XmlTextRef,
};

/// `YXmlFragment.toString()`: the children's strings, concatenated.
pub(super) fn fragment<T: ReadTxn>(txn: &T, fragment: &impl XmlFragment, out: &mut String) {
    for child in fragment.children(txn) {
        node(txn, &child, out);
    }
}

fn node<T: ReadTxn>(txn: &T, node: &XmlOut, out: &mut String) {
    match node {
        XmlOut::Element(e) => element(txn, e, out),
        XmlOut::Fragment(f) => fragment(txn, f, out),
        XmlOut::Text(t) => text(txn, t, out),
    }
}

/// `YXmlElement.toString()`: `<name k="v" …>children</name>` with the name lowercased and the
/// attributes sorted by key (UTF-16 order, as JavaScript compares strings).
fn element<T: ReadTxn>(txn: &T, e: &XmlElementRef, out: &mut String) {
    let name = e.tag().to_lowercase();
    let mut attrs: Vec<(&str, Out)> = e.attributes(txn).collect();
    attrs.sort_by(|a, b| js_cmp(a.0, b.0));
    out.push('<');
    out.push_str(&name);
    for (key, value) in attrs {
        out.push(' ');
        out.push_str(key);
        out.push_str("=\"");
        js_string_out(txn, &value, out);
        out.push('"');
    }
    out.push('>');
    fragment(txn, e, out);
    out.push_str("</");
    out.push_str(&name);
    out.push('>');
}

/// `YXmlText.toString()`: each delta op as its text wrapped in one tag per formatting attribute,
/// the tags sorted by name and each tag's attributes by key.
fn text<T: ReadTxn>(txn: &T, t: &XmlTextRef, out: &mut String) {
    for op in t.diff(txn, YChange::identity) {
        let mut tags: Vec<(&str, &Any)> = op
            .attributes
            .as_deref()
            .map(|attrs| attrs.iter().map(|(k, v)| (k.as_ref(), v)).collect())
            .unwrap_or_default();
        tags.sort_by(|a, b| js_cmp(a.0, b.0));
        for (name, value) in &tags {
            out.push('<');
            out.push_str(name);
            for (key, value) in for_in(value) {
                out.push(' ');
                out.push_str(&key);
                out.push_str("=\"");
                out.push_str(&value);
                out.push('"');
            }
            out.push('>');
        }
        js_string_out(txn, &op.insert, out);
        for (name, _) in tags.iter().rev() {
            out.push_str("</");
            out.push_str(name);
            out.push('>');
        }
    }
}

/// The `(key, String(value))` pairs JavaScript's `for (const key in value)` visits, sorted by
/// key as Yjs sorts them: an object's own keys, the indices of a string, an array or a byte
/// array, nothing for other values. (A string is walked by `char`, not by UTF-16 unit: the two
/// differ only for a mark whose value is a string holding astral characters, which
/// y-prosemirror never writes.)
fn for_in(value: &Any) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = match value {
        Any::Map(map) => map.iter().map(|(k, v)| (k.clone(), js_string(v))).collect(),
        Any::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), js_string(v)))
            .collect(),
        Any::String(s) => s
            .chars()
            .enumerate()
            .map(|(i, c)| (i.to_string(), c.to_string()))
            .collect(),
        Any::Buffer(bytes) => bytes
            .iter()
            .enumerate()
            .map(|(i, b)| (i.to_string(), b.to_string()))
            .collect(),
        _ => Vec::new(),
    };
    pairs.sort_by(|a, b| js_cmp(&a.0, &b.0));
    pairs
}

/// JavaScript's `String(value)` of a value read from the document.
fn js_string_out<T: ReadTxn>(txn: &T, value: &Out, out: &mut String) {
    match value {
        Out::Any(any) => out.push_str(&js_string(any)),
        Out::YXmlElement(e) => element(txn, e, out),
        Out::YXmlFragment(f) => fragment(txn, f, out),
        Out::YXmlText(t) => text(txn, t, out),
        Out::YText(t) => out.push_str(&t.get_string(txn)),
        _ => out.push_str("[object Object]"),
    }
}

/// JavaScript's `String(value)`.
pub(super) fn js_string(value: &Any) -> String {
    match value {
        Any::Null => "null".to_owned(),
        Any::Undefined => "undefined".to_owned(),
        Any::Bool(b) => b.to_string(),
        Any::Number(Number::Int(i)) => i.to_string(),
        Any::Number(Number::Float(f)) => js_number(*f),
        Any::String(s) => s.to_string(),
        // `Array.prototype.join`: null and undefined become empty strings.
        Any::Array(items) => {
            let parts: Vec<String> = items
                .iter()
                .map(|v| match v {
                    Any::Null | Any::Undefined => String::new(),
                    v => js_string(v),
                })
                .collect();
            parts.join(",")
        }
        Any::Buffer(bytes) => bytes
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(","),
        Any::Map(_) => "[object Object]".to_owned(),
    }
}

/// JavaScript's `Number.prototype.toString()`: the shortest round-trip digits, with an exponent
/// below 1e-6 and from 1e21 on.
fn js_number(f: f64) -> String {
    if f.is_nan() {
        "NaN".to_owned()
    } else if f.is_infinite() {
        if f > 0.0 { "Infinity" } else { "-Infinity" }.to_owned()
    } else if f == 0.0 {
        "0".to_owned()
    } else if (1e-6..1e21).contains(&f.abs()) {
        f.to_string()
    } else {
        let s = format!("{f:e}");
        match s.split_once('e') {
            Some((mantissa, exp)) if !exp.starts_with('-') => format!("{mantissa}e+{exp}"),
            _ => s,
        }
    }
}

/// JavaScript's string order: by UTF-16 code units.
fn js_cmp(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        assert_eq!(js_number(1.0), "1");
        assert_eq!(js_number(-2.5), "-2.5");
        assert_eq!(js_number(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(js_number(1e21), "1e+21");
        assert_eq!(js_number(1.5e-7), "1.5e-7");
        assert_eq!(js_number(0.000001), "0.000001");
        assert_eq!(js_number(-0.0), "0");
        assert_eq!(js_number(f64::NAN), "NaN");
        assert_eq!(js_number(f64::NEG_INFINITY), "-Infinity");
        assert_eq!(js_number(123456789012345680000.0), "123456789012345680000");
    }

    #[test]
    fn values_are_stringified_as_javascript_stringifies_them() {
        let array = Any::Array(vec![Any::Null, Any::from(1), Any::from("a")].into());
        assert_eq!(js_string(&array), ",1,a");
        assert_eq!(js_string(&Any::Map(Default::default())), "[object Object]");
        assert_eq!(js_string(&Any::Buffer(vec![1u8, 2].into())), "1,2");
        assert_eq!(js_string(&Any::Bool(true)), "true");
    }

    #[test]
    fn keys_sort_by_utf16_code_units_as_in_javascript() {
        // U+FF61 sorts before U+1F600 by UTF-8 bytes, after it by UTF-16 units (0xFF61 > 0xD83D).
        assert_eq!(js_cmp("\u{FF61}", "\u{1F600}"), Ordering::Greater);
        assert_eq!(js_cmp("a", "b"), Ordering::Less);
    }
}
