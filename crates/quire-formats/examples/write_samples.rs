//! Writes the writer tests' sample manuscript (with the hostile chapter) in every format into
//! a directory, to look at by eye: `cargo run -p quire-formats --example write_samples -- DIR`.

#[path = "../tests/write_support/mod.rs"]
mod write_support;

use std::path::PathBuf;

use quire_formats::options::{Ebook, ExportOptions, PageSetup, Preset, StandardManuscript};
use quire_formats::{docx, epub, markdown, text};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(std::env::args().nth(1).ok_or("usage: write_samples DIR")?);
    std::fs::create_dir_all(&dir)?;
    let mut m = write_support::sample();
    m.chapters.extend(write_support::hostile().chapters);
    let smf = ExportOptions {
        comments: true,
        preset: Preset::StandardManuscript(StandardManuscript {
            contact: vec![
                "Ana Ortega".into(),
                "12 Harbour Road".into(),
                "ana@example.com".into(),
            ],
            ..StandardManuscript::default()
        }),
        ..ExportOptions::default()
    };
    let book = ExportOptions {
        preset: Preset::TradePaperback(Default::default()),
        ..ExportOptions::default()
    };
    let ebook = ExportOptions {
        preset: Preset::Ebook(Ebook {
            language: "en".into(),
            cover: Some(0),
        }),
        ..ExportOptions::default()
    };
    let page = PageSetup::default();
    std::fs::write(
        dir.join("manuscript.docx"),
        docx::write::write(&m, &smf, &page)?,
    )?;
    std::fs::write(
        dir.join("paperback.docx"),
        docx::write::write(&m, &book, &page)?,
    )?;
    let id = "urn:uuid:2f1d3c4b-5a69-4788-9a0b-1c2d3e4f5a6b";
    std::fs::write(
        dir.join("ebook.epub"),
        epub::write(&m, &ebook, id, "2026-01-01T00:00:00Z")?,
    )?;
    std::fs::write(
        dir.join("manuscript.md"),
        markdown::write(&m, &ExportOptions::default()),
    )?;
    std::fs::write(
        dir.join("manuscript.txt"),
        text::write(&m, &ExportOptions::default()),
    )?;
    println!("written to {}", dir.display());
    Ok(())
}
