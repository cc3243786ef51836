//! Helpers of the .docx reader's tests: the committed fixtures, small packages built in
//! memory, re-zipping with a part changed, and the model's text in reading order.
#![allow(dead_code)]

use std::io::{Cursor, Read, Write};
use std::path::PathBuf;

use quire_formats::docx::read::{Imported, read};
use quire_formats::model::{Block, Chapter, Inline, Manuscript};
use quire_formats::options::ImportOptions;
use zip::ZipArchive;
use zip::write::{SimpleFileOptions, ZipWriter};

pub const W_NS: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main""#;

pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// Every committed .docx fixture, sorted by name.
pub fn fixture_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixtures_dir())
        .expect("fixtures directory")
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".docx"))
        .collect();
    names.sort();
    names
}

pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(fixtures_dir().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn import(name: &str, h2_as_subchapters: bool) -> Imported {
    read(&fixture(name), ImportOptions { h2_as_subchapters })
        .unwrap_or_else(|e| panic!("{name}: {}", e.reason()))
}

pub fn titles(manuscript: &Manuscript) -> Vec<&str> {
    manuscript
        .chapters
        .iter()
        .map(|c| c.title.as_str())
        .collect()
}

/// A zip of the given entries, deflated.
pub fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    zip_with(entries, zip::CompressionMethod::Deflated)
}

/// A zip of the given entries, stored or compressed.
pub fn zip_with(entries: &[(&str, &[u8])], method: zip::CompressionMethod) -> Vec<u8> {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(method);
    for (name, data) in entries {
        writer.start_file(*name, options).expect("start entry");
        writer.write_all(data).expect("write entry");
    }
    writer.finish().expect("finish zip").into_inner()
}

/// A minimal .docx: the given body XML, document relationships and extra parts.
pub fn docx(body: &str, rels: &str, extra: &[(&str, &[u8])]) -> Vec<u8> {
    let document = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {W_NS}><w:body>{body}</w:body></w:document>"#
    );
    let document_rels = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>"#
    );
    let mut entries: Vec<(&str, &[u8])> = vec![
        ("[Content_Types].xml", CONTENT_TYPES.as_bytes()),
        ("_rels/.rels", ROOT_RELS.as_bytes()),
        ("word/document.xml", document.as_bytes()),
        ("word/_rels/document.xml.rels", document_rels.as_bytes()),
    ];
    entries.extend_from_slice(extra);
    zip_of(&entries)
}

pub const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#;

pub const ROOT_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#;

/// The entries of a zip, in order.
pub fn entries(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).expect("a zip");
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).expect("entry");
            let mut data = Vec::new();
            file.read_to_end(&mut data).expect("entry data");
            (file.name().expect("entry name").into_owned(), data)
        })
        .collect()
}

/// The same zip with one part's bytes changed (or left out when `change` gives `None`).
pub fn rezip(bytes: &[u8], part: &str, change: impl Fn(&[u8]) -> Option<Vec<u8>>) -> Vec<u8> {
    let entries = entries(bytes);
    let kept: Vec<(String, Vec<u8>)> = entries
        .into_iter()
        .filter_map(|(name, data)| {
            if name == part {
                change(&data).map(|data| (name, data))
            } else {
                Some((name, data))
            }
        })
        .collect();
    let refs: Vec<(&str, &[u8])> = kept
        .iter()
        .map(|(n, d)| (n.as_str(), d.as_slice()))
        .collect();
    zip_of(&refs)
}

/// All blocks of a chapter and its subchapters.
pub fn blocks(chapter: &Chapter) -> Vec<&Block> {
    chapter
        .body
        .blocks
        .iter()
        .chain(
            chapter
                .subchapters
                .iter()
                .flat_map(|s| s.body.blocks.iter()),
        )
        .collect()
}

/// The text of every paragraph and heading, tables, lists and quotes included, in order.
pub fn texts(blocks: &[Block]) -> Vec<String> {
    let mut out = Vec::new();
    for block in blocks {
        match block {
            Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => out.push(p.text()),
            Block::BlockQuote { blocks } => out.extend(texts(blocks)),
            Block::List { items, .. } => {
                for item in items {
                    out.extend(texts(item));
                }
            }
            Block::Table { rows } => {
                for cell in rows.iter().flatten() {
                    out.extend(texts(cell));
                }
            }
            _ => {}
        }
    }
    out
}

/// Text runs with their marks, across a body's paragraphs.
pub fn runs(blocks: &[Block]) -> Vec<(String, quire_formats::model::Marks)> {
    let mut out = Vec::new();
    for block in blocks {
        match block {
            Block::Paragraph(p) | Block::Heading { paragraph: p, .. } => {
                for inline in &p.inlines {
                    if let Inline::Text { text, marks } = inline {
                        out.push((text.clone(), marks.clone()));
                    }
                }
            }
            Block::BlockQuote { blocks } => out.extend(runs(blocks)),
            Block::List { items, .. } => {
                for item in items {
                    out.extend(runs(item));
                }
            }
            _ => {}
        }
    }
    out
}
