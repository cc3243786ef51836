//! Pictures: the content type a picture's bytes show (PNG, JPEG, GIF, WebP; nothing else is
//! kept), and whether the part's name claims another.

/// A kept image type: content type and file extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Kind {
    pub content_type: &'static str,
    pub extension: &'static str,
}

/// The type the bytes' signature shows, `None` for anything Quire does not keep (EMF, WMF,
/// TIFF, SVG, BMP …).
pub(super) fn sniff(bytes: &[u8]) -> Option<Kind> {
    let kind = |content_type, extension| {
        Some(Kind {
            content_type,
            extension,
        })
    };
    if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        kind("image/png", "png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        kind("image/jpeg", "jpg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        kind("image/gif", "gif")
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP".as_slice()) {
        kind("image/webp", "webp")
    } else {
        None
    }
}

/// Whether a part name's extension claims a type other than `kind` (no extension, or one
/// that is no image type, claims nothing).
pub(super) fn lies(part_name: &str, kind: Kind) -> bool {
    let extension = part_name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .unwrap_or_default();
    let claimed = match extension.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" | "jpe" | "jfif" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "emf" | "wmf" | "tif" | "tiff" | "bmp" | "svg" => return true,
        _ => return false,
    };
    claimed != kind.content_type
}
