//! What an upload may be (`POST uploads/` with a file's name, data and type): the accepted file
//! types, recognised by their first bytes as well as by the type the client declares (the two
//! must agree), the size limit, and the file name made safe to store and to send back in a
//! `Content-Disposition` header.

/// The largest file accepted, decoded: 10 MiB.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;

/// The longest stored file name, in characters (its extension included).
pub const FILE_NAME_MAX: usize = 128;

/// The file types Quire stores: images for covers and element pictures, and PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileType {
    Png,
    Jpeg,
    Gif,
    Webp,
    Pdf,
}

impl FileType {
    pub const ALL: [FileType; 5] = [
        FileType::Png,
        FileType::Jpeg,
        FileType::Gif,
        FileType::Webp,
        FileType::Pdf,
    ];

    /// The type a client declares (`image/png`, …; case and parameters ignored, `image/jpg`
    /// accepted for JPEG); `None` for anything else.
    pub fn from_declared(media_type: &str) -> Option<FileType> {
        let essence = media_type
            .split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase();
        match essence.as_str() {
            "image/jpg" | "image/pjpeg" => Some(FileType::Jpeg),
            other => FileType::ALL.into_iter().find(|t| t.media_type() == other),
        }
    }

    /// The type `bytes` are, by their signature; `None` when they are none of ours.
    pub fn sniff(bytes: &[u8]) -> Option<FileType> {
        if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(FileType::Png)
        } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(FileType::Jpeg)
        } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
            Some(FileType::Gif)
        } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
            Some(FileType::Webp)
        } else if bytes.starts_with(b"%PDF-") {
            Some(FileType::Pdf)
        } else {
            None
        }
    }

    /// The media type it is stored and served with.
    pub fn media_type(self) -> &'static str {
        match self {
            FileType::Png => "image/png",
            FileType::Jpeg => "image/jpeg",
            FileType::Gif => "image/gif",
            FileType::Webp => "image/webp",
            FileType::Pdf => "application/pdf",
        }
    }

    /// File name extensions of the type, the usual one first.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            FileType::Png => &["png"],
            FileType::Jpeg => &["jpg", "jpeg", "jpe"],
            FileType::Gif => &["gif"],
            FileType::Webp => &["webp"],
            FileType::Pdf => &["pdf"],
        }
    }

    /// Whether a browser may show it in the page (`inline`) rather than download it: images
    /// only, a PDF is a document with scripts of its own.
    pub fn is_image(self) -> bool {
        self != FileType::Pdf
    }
}

/// A file name safe on any disk and in any header: the last path segment of `raw`, with control
/// characters, quotes and path or shell specials replaced by `_`, runs of spaces folded, no
/// leading dot, at most [`FILE_NAME_MAX`] characters, and ending in an extension of `file_type`
/// (added when missing or wrong). An empty result becomes `file`.
pub fn safe_file_name(raw: &str, file_type: FileType) -> String {
    let last = raw.rsplit(['/', '\\']).next().unwrap_or("");
    let mut name = String::with_capacity(last.len());
    for c in last.chars() {
        let c = match c {
            c if c.is_control() => ' ',
            '"' | '\'' | '`' | '<' | '>' | ':' | '*' | '?' | '|' | ';' | '%' | '$' => '_',
            c if c.is_whitespace() => ' ',
            c => c,
        };
        if !(c == ' ' && name.ends_with(' ')) {
            name.push(c);
        }
    }
    let trimmed = name.trim().trim_start_matches('.').trim();
    let (stem, extension) = match trimmed.rsplit_once('.') {
        Some((stem, ext))
            if !stem.is_empty()
                && file_type
                    .extensions()
                    .contains(&ext.to_ascii_lowercase().as_str()) =>
        {
            (stem, ext.to_ascii_lowercase())
        }
        _ => (trimmed, file_type.extensions()[0].to_owned()),
    };
    let stem = stem.trim_end_matches(['.', ' ']);
    let stem = if stem.is_empty() { "file" } else { stem };
    let room = FILE_NAME_MAX - extension.len() - 1;
    let stem: String = stem.chars().take(room).collect();
    format!("{}.{extension}", stem.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_declared_type_is_read_loosely_but_only_ours_are_accepted() {
        assert_eq!(FileType::from_declared("image/PNG"), Some(FileType::Png));
        assert_eq!(FileType::from_declared("image/jpg"), Some(FileType::Jpeg));
        assert_eq!(
            FileType::from_declared("application/pdf; charset=binary"),
            Some(FileType::Pdf)
        );
        for refused in ["image/svg+xml", "text/html", "application/octet-stream", ""] {
            assert_eq!(FileType::from_declared(refused), None, "{refused}");
        }
    }

    #[test]
    fn a_file_is_recognised_by_its_first_bytes() {
        assert_eq!(
            FileType::sniff(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"),
            Some(FileType::Png)
        );
        assert_eq!(
            FileType::sniff(&[0xFF, 0xD8, 0xFF, 0xE0]),
            Some(FileType::Jpeg)
        );
        assert_eq!(FileType::sniff(b"GIF89a\x01\0"), Some(FileType::Gif));
        assert_eq!(
            FileType::sniff(b"RIFF\x24\0\0\0WEBPVP8 "),
            Some(FileType::Webp)
        );
        assert_eq!(FileType::sniff(b"%PDF-1.7\n"), Some(FileType::Pdf));
        assert_eq!(FileType::sniff(b"RIFF\x24\0\0\0WAVEfmt "), None);
        assert_eq!(FileType::sniff(b"<svg onload=alert(1)>"), None);
        assert_eq!(FileType::sniff(b""), None);
    }

    #[test]
    fn a_file_name_loses_its_path_and_specials_and_keeps_a_matching_extension() {
        assert_eq!(safe_file_name("cover.PNG", FileType::Png), "cover.png");
        assert_eq!(
            safe_file_name("../../etc/passwd", FileType::Png),
            "passwd.png"
        );
        assert_eq!(
            safe_file_name("C:\\Users\\ada\\My  \"map\".jpeg", FileType::Jpeg),
            "My _map_.jpeg"
        );
        assert_eq!(safe_file_name("evil.html", FileType::Gif), "evil.html.gif");
        assert_eq!(safe_file_name("a\r\nb.pdf", FileType::Pdf), "a b.pdf");
        assert_eq!(safe_file_name(".hidden", FileType::Webp), "hidden.webp");
        assert_eq!(safe_file_name("", FileType::Pdf), "file.pdf");
        assert_eq!(safe_file_name("...", FileType::Pdf), "file.pdf");
        assert_eq!(safe_file_name("Ölçü.png", FileType::Png), "Ölçü.png");
    }

    #[test]
    fn a_long_file_name_is_cut_before_its_extension() {
        let name = safe_file_name(&format!("{}.png", "ñ".repeat(300)), FileType::Png);
        assert_eq!(name.chars().count(), FILE_NAME_MAX);
        assert!(name.ends_with("ñ.png"));
    }
}
