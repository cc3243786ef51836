//! Every refusal of the .docx reader with a crafted input, and the bad inputs that only earn a
//! warning: not a zip, other formats by signature, a zip bomb, too many entries, entity
//! expansion, encryption, an empty document, a missing document part, broken relationships.

mod read_support;

use std::io::Cursor;

use quire_formats::docx::read::{ImportError, Limits, read, read_with};
use quire_formats::options::ImportOptions;
use read_support::{docx, zip_of};
use zip::write::{SimpleFileOptions, ZipWriter};

fn reason(bytes: &[u8]) -> &'static str {
    match read(bytes, ImportOptions::default()) {
        Ok(_) => "ok",
        Err(e) => e.reason(),
    }
}

fn para(text: &str) -> String {
    format!("<w:p><w:r><w:t>{text}</w:t></w:r></w:p>")
}

/// A minimal OLE2 compound file: the header and one directory sector naming the streams.
fn ole2(streams: &[&str]) -> Vec<u8> {
    let mut out = vec![0u8; 512];
    out[..8].copy_from_slice(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]);
    out[0x18..0x1A].copy_from_slice(&0x003Eu16.to_le_bytes()); // minor version
    out[0x1A..0x1C].copy_from_slice(&0x0003u16.to_le_bytes()); // major version 3
    out[0x1C..0x1E].copy_from_slice(&0xFFFEu16.to_le_bytes()); // byte order
    out[0x1E..0x20].copy_from_slice(&9u16.to_le_bytes()); // 512-byte sectors
    out[0x20..0x22].copy_from_slice(&6u16.to_le_bytes()); // 64-byte mini sectors
    let mut directory = Vec::new();
    for name in std::iter::once("Root Entry").chain(streams.iter().copied()) {
        let mut entry = [0u8; 128];
        let utf16: Vec<u8> = name
            .encode_utf16()
            .chain(std::iter::once(0))
            .flat_map(|u| u.to_le_bytes())
            .collect();
        entry[..utf16.len()].copy_from_slice(&utf16);
        entry[64..66].copy_from_slice(&(utf16.len() as u16).to_le_bytes());
        entry[66] = if name == "Root Entry" { 5 } else { 2 };
        directory.extend_from_slice(&entry);
    }
    directory.resize(512, 0);
    out.extend_from_slice(&directory);
    out
}

#[test]
fn other_formats_are_named_by_their_signature() {
    assert_eq!(reason(&ole2(&["WordDocument", "1Table"])), "format_doc");
    assert_eq!(
        reason(&ole2(&["EncryptionInfo", "EncryptedPackage"])),
        "encrypted"
    );
    assert_eq!(
        reason(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj"),
        "format_pdf"
    );
    assert_eq!(reason(b"{\\rtf1\\ansi\\deff0 {\\fonttbl}}"), "format_rtf");
    let odt = zip_of(&[
        ("mimetype", b"application/vnd.oasis.opendocument.text"),
        ("content.xml", b"<office:document-content/>"),
    ]);
    assert_eq!(reason(&odt), "format_odt");
    let pages = zip_of(&[
        ("Index/Document.iwa", b"\x00\x01"),
        ("Metadata/Properties.plist", b""),
    ]);
    assert_eq!(reason(&pages), "format_pages");
    let old_pages = zip_of(&[
        ("index.xml", b"<sl:document/>"),
        ("QuickLook/Thumbnail.jpg", b""),
    ]);
    assert_eq!(reason(&old_pages), "format_pages");
    let ods = zip_of(&[(
        "mimetype",
        b"application/vnd.oasis.opendocument.spreadsheet",
    )]);
    assert_eq!(reason(&ods), "not_docx");
}

#[test]
fn anything_else_is_not_a_docx() {
    assert_eq!(reason(b""), "not_docx");
    assert_eq!(reason(b"Chapter 1\nIt was a dark night."), "not_docx");
    assert_eq!(reason(b"PK\x03\x04 a truncated zip"), "not_docx");
    assert_eq!(reason(&[0u8; 4096]), "not_docx");
}

#[test]
fn a_zip_without_a_main_document_is_refused() {
    let bare = zip_of(&[("hello.txt", b"hello")]);
    assert_eq!(reason(&bare), "missing_document");
    // _rels/.rels pointing at a part that is not there, and no word/document.xml either.
    let dangling = zip_of(&[(
        "_rels/.rels",
        read_support::ROOT_RELS
            .replace("word/document.xml", "word/nothing.xml")
            .as_bytes(),
    )]);
    assert_eq!(reason(&dangling), "missing_document");
}

#[test]
fn the_main_document_is_found_through_the_package_relationships() {
    let rels = read_support::ROOT_RELS.replace("word/document.xml", "/content/main.xml");
    let body = format!(
        r#"<w:document {}><w:body>{}</w:body></w:document>"#,
        read_support::W_NS,
        para("Found elsewhere.")
    );
    let bytes = zip_of(&[
        ("_rels/.rels", rels.as_bytes()),
        ("content/main.xml", body.as_bytes()),
    ]);
    let imported = read(&bytes, ImportOptions::default()).expect("reads");
    assert_eq!(imported.ledger.created.words, 2);
}

#[test]
fn too_many_entries_are_refused() {
    let mut writer = ZipWriter::new(Cursor::new(Vec::new()));
    let options = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for i in 0..20_000 {
        writer.start_file(format!("x/{i}"), options).expect("entry");
    }
    let bytes = writer.finish().expect("zip").into_inner();
    assert_eq!(reason(&bytes), "too_many_entries");
}

/// Sets the uncompressed size every header of `name` declares.
fn declare_size(bytes: &mut [u8], name: &str, size: u32) {
    let name = name.as_bytes();
    let mut at = 0;
    while at + 46 <= bytes.len() {
        let signature = &bytes[at..at + 4];
        if signature == b"PK\x03\x04" {
            let name_len = u16::from_le_bytes([bytes[at + 26], bytes[at + 27]]) as usize;
            if bytes.get(at + 30..at + 30 + name_len) == Some(name) {
                bytes[at + 22..at + 26].copy_from_slice(&size.to_le_bytes());
            }
        } else if signature == b"PK\x01\x02" {
            let name_len = u16::from_le_bytes([bytes[at + 28], bytes[at + 29]]) as usize;
            if bytes.get(at + 46..at + 46 + name_len) == Some(name) {
                bytes[at + 24..at + 28].copy_from_slice(&size.to_le_bytes());
            }
        }
        at += 1;
    }
}

fn bomb(inflated: usize) -> Vec<u8> {
    let mut body = String::with_capacity(inflated + 200);
    body.push_str(&para("A bomb."));
    body.push_str("<w:p><w:r><w:t>");
    body.extend(std::iter::repeat_n(' ', inflated));
    body.push_str("</w:t></w:r></w:p>");
    docx(&body, "", &[])
}

#[test]
fn a_part_that_inflates_past_its_limit_is_refused_even_when_its_header_lies() {
    let limits = Limits {
        entry_bytes: 1024 * 1024,
        ..Limits::default()
    };
    let honest = bomb(2 * 1024 * 1024);
    let refused = |bytes: &[u8]| match read_with(bytes, ImportOptions::default(), limits) {
        Err(e) => e.reason(),
        Ok(_) => "ok",
    };
    assert_eq!(refused(&honest), "uncompressed_too_large");
    let mut lying = honest.clone();
    declare_size(&mut lying, "word/document.xml", 1000);
    assert_eq!(
        refused(&lying),
        "uncompressed_too_large",
        "never trusted, never read past the limit"
    );
    // A header declaring more than the default limit is refused before inflating anything.
    let mut huge = bomb(1000);
    declare_size(&mut huge, "word/document.xml", u32::MAX);
    assert_eq!(reason(&huge), "uncompressed_too_large");
}

#[test]
fn all_parts_together_are_capped_too() {
    let limits = Limits {
        total_bytes: 64 * 1024,
        ..Limits::default()
    };
    let styles = vec![b' '; 60 * 1024];
    let mut styles_xml = b"<w:styles xmlns:w=\"w\">".to_vec();
    styles_xml.extend_from_slice(&styles);
    styles_xml.extend_from_slice(b"</w:styles>");
    let rels = r#"<Relationship Id="rS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>"#;
    let mut body = para("Words.");
    body.push_str(&" ".repeat(8 * 1024));
    let bytes = docx(&body, rels, &[("word/styles.xml", &styles_xml)]);
    let result = read_with(&bytes, ImportOptions::default(), limits);
    assert_eq!(
        result.err().map(|e| e.reason()),
        Some("uncompressed_too_large")
    );
}

#[test]
fn more_paragraphs_than_the_limit_are_refused() {
    let limits = Limits {
        paragraphs: 100,
        ..Limits::default()
    };
    let read_n = |n: usize| {
        let body = para("Words.").repeat(n);
        match read_with(&docx(&body, "", &[]), ImportOptions::default(), limits) {
            Ok(imported) => Ok(imported.ledger.created.paragraphs),
            Err(e) => Err(e.reason()),
        }
    };
    assert_eq!(read_n(100), Ok(100));
    assert_eq!(read_n(101), Err("uncompressed_too_large"));
}

#[test]
fn entity_expansion_is_never_performed() {
    let laughs = format!(
        r#"<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<w:document {}><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"#,
        read_support::W_NS
    );
    let bytes = zip_of(&[
        ("_rels/.rels", read_support::ROOT_RELS.as_bytes()),
        ("word/document.xml", laughs.as_bytes()),
    ]);
    assert_eq!(reason(&bytes), "malformed_xml");
    // An undeclared entity without any DTD is refused as well; the predefined ones are text.
    let undeclared = docx(&para("&lol9;"), "", &[]);
    assert_eq!(reason(&undeclared), "malformed_xml");
    let predefined = docx(&para("Fish &amp; chips &#x2014; &lt;3&#33;"), "", &[]);
    let imported = read(&predefined, ImportOptions::default()).expect("reads");
    let text = imported.manuscript.chapters[0].body.blocks[0].clone();
    assert_eq!(read_support::texts(&[text]), ["Fish & chips \u{2014} <3!"]);
}

#[test]
fn malformed_xml_is_refused() {
    for body in [
        "<w:p><w:r><w:t>unclosed</w:r></w:p>",
        "<w:p><w:r><w:t>mismatched</w:t></w:x></w:p>",
        "<w:p><w:r><w:t>closed twice</w:t></w:r></w:p></w:p>",
        "<w:p><w:r><w:t>a tag left open <w:b</w:t></w:r></w:p>",
    ] {
        assert_eq!(reason(&docx(body, "", &[])), "malformed_xml", "{body}");
    }
}

#[test]
fn a_document_without_text_or_pictures_is_empty() {
    assert_eq!(reason(&docx("", "", &[])), "empty_document");
    let blank = "<w:p/><w:p><w:r><w:t xml:space=\"preserve\">   </w:t></w:r></w:p><w:p><w:r><w:br w:type=\"page\"/></w:r></w:p>";
    assert_eq!(reason(&docx(blank, "", &[])), "empty_document");
}

#[test]
fn broken_relationships_are_warnings_not_failures() {
    let body = format!(
        r#"{}<w:p><w:hyperlink r:id="rIdNowhere"><w:r><w:t>a link to nowhere</w:t></w:r></w:hyperlink></w:p><w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="x"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><a:blip r:embed="rIdGone"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>"#,
        para("Text survives.")
    );
    // The image relationship points at a part that does not exist.
    let rels = r#"<Relationship Id="rIdGone" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/missing.png"/>"#;
    let imported = read(&docx(&body, rels, &[]), ImportOptions::default()).expect("reads");
    assert_eq!(imported.ledger.created.words, 6);
    let codes: Vec<(&str, u64)> = imported
        .ledger
        .warnings
        .iter()
        .map(|w| (w.code.as_str(), w.count))
        .collect();
    assert_eq!(codes, [("broken_relationship", 2), ("styles_missing", 1)]);
    // A relationships part that is not XML at all.
    let garbage = zip_of(&[
        ("_rels/.rels", b"\x00\x01 not xml <<<"),
        (
            "word/document.xml",
            format!(
                r#"<w:document {}><w:body>{}</w:body></w:document>"#,
                read_support::W_NS,
                para("Still here.")
            )
            .as_bytes(),
        ),
        (
            "word/_rels/document.xml.rels",
            b"<Relationships><Relationship Id=",
        ),
    ]);
    let imported = read(&garbage, ImportOptions::default()).expect("reads");
    assert_eq!(imported.ledger.created.words, 2);
}

#[test]
fn a_picture_that_inflates_far_beyond_its_size_is_skipped_not_held() {
    let mut bomb = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    bomb.resize(8 * 1024 * 1024, 0);
    let body = format!(
        r#"{}<w:p><w:r><w:drawing><a:blip r:embed="rB"/></w:drawing></w:r></w:p>"#,
        para("A picture follows.")
    );
    let rels = r#"<Relationship Id="rB" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/b.png"/>"#;
    let bytes = docx(&body, rels, &[("word/media/b.png", &bomb)]);
    assert!(bytes.len() < 64 * 1024, "the zip is small: {}", bytes.len());
    let imported = read(&bytes, ImportOptions::default()).expect("reads");
    assert!(imported.manuscript.images.is_empty());
    let codes: Vec<&str> = imported
        .ledger
        .warnings
        .iter()
        .map(|w| w.code.as_str())
        .collect();
    assert_eq!(codes, ["image_unsupported", "styles_missing"]);
}

#[test]
fn every_reason_code_is_distinct() {
    use quire_formats::docx::read::OtherFormat;
    let all = [
        ImportError::OtherFormat(OtherFormat::Doc),
        ImportError::OtherFormat(OtherFormat::Odt),
        ImportError::OtherFormat(OtherFormat::Pages),
        ImportError::OtherFormat(OtherFormat::Pdf),
        ImportError::OtherFormat(OtherFormat::Rtf),
        ImportError::NotDocx,
        ImportError::Encrypted,
        ImportError::TooManyEntries,
        ImportError::UncompressedTooLarge,
        ImportError::MissingDocument,
        ImportError::MalformedXml,
        ImportError::EmptyDocument,
    ];
    let mut codes: Vec<&str> = all.iter().map(ImportError::reason).collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), all.len());
}
