//! Shared by the test binaries that check yrs against the web app's Yjs: running a Node
//! generator from `tests/yjs/` and reading what it wrote.

#![allow(dead_code)] // each test binary uses its own part

use std::path::{Path, PathBuf};
use std::process::Command;

use serde::de::DeserializeOwned;
use yrs::{Doc, ReadTxn, Transact};

/// `crates/quire-collab/tests/yjs`.
pub fn generators() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/yjs")
}

/// Runs `node tests/yjs/<script> <args…>` and panics with its output if it fails. Checks first
/// that the web app's dependencies are installed, since the generators use its `yjs`.
pub fn node(script: &str, args: &[&str]) {
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/node_modules/yjs/package.json");
    assert!(
        web.exists(),
        "web/node_modules is missing (no {}): run `make web-deps` first; these tests compare yrs \
         with the web app's Yjs",
        web.display()
    );
    let output = Command::new("node")
        .arg(generators().join(script))
        .args(args)
        .output()
        .expect("`node` (20+) must be on PATH to run the Yjs generators");
    assert!(
        output.status.success(),
        "node {script} {} failed ({}):\n{}",
        args.join(" "),
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
}

/// One JSON record per line of `path`.
pub fn read_lines<T: DeserializeOwned>(path: &Path) -> Vec<T> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        .collect()
}

/// Standard base64 (with padding), as Node's `Buffer.toString('base64')` writes it.
pub fn base64(s: &str) -> Vec<u8> {
    fn value(c: u8) -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c:?}"),
        }
    }
    let s = s.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(s.len() * 3 / 4);
    for chunk in s.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0, |n, (i, &c)| n | value(c) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// Applies a v1 update to `doc`, panicking with `context` if it does not decode or apply.
pub fn apply_v1(doc: &Doc, bytes: &[u8], context: &str) {
    let update = quire_collab::compact::decode_update_v1(bytes)
        .unwrap_or_else(|e| panic!("{context}: decode: {e}"));
    quire_collab::compact::apply_update(&mut doc.transact_mut(), update)
        .unwrap_or_else(|e| panic!("{context}: apply: {e}"));
}

/// Whether `doc` holds structs or deletions waiting for updates it has not seen.
pub fn has_pending(doc: &Doc) -> bool {
    doc.transact().has_missing_updates()
}
