//! What an image's header says: its type (by its bytes, not by any name or claim) and its pixel
//! size (PNG IHDR, JPEG SOF, GIF screen descriptor, WebP VP8/VP8L/VP8X), so a writer can size a
//! drawing and leave out bytes that are not the image they claim to be, without decoding.

/// The content type the bytes show: `image/png`, `image/jpeg`, `image/gif` or `image/webp`.
pub(crate) fn content_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP") {
        Some("image/webp")
    } else {
        None
    }
}

/// Width and height in pixels, if the bytes are a PNG, JPEG, GIF or WebP this can read.
pub(crate) fn pixel_size(bytes: &[u8]) -> Option<(u32, u32)> {
    png(bytes)
        .or_else(|| gif(bytes))
        .or_else(|| webp(bytes))
        .or_else(|| jpeg(bytes))
        .filter(|&(w, h)| w > 0 && h > 0)
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn be16(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_be_bytes(
        b.get(at..at + 2)?.try_into().ok()?,
    )))
}

fn le16(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from(u16::from_le_bytes(
        b.get(at..at + 2)?.try_into().ok()?,
    )))
}

fn le24(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 3)?;
    Some(u32::from(s[0]) | u32::from(s[1]) << 8 | u32::from(s[2]) << 16)
}

fn png(b: &[u8]) -> Option<(u32, u32)> {
    if !b.starts_with(b"\x89PNG\r\n\x1a\n") || b.get(12..16)? != b"IHDR" {
        return None;
    }
    Some((be32(b, 16)?, be32(b, 20)?))
}

fn gif(b: &[u8]) -> Option<(u32, u32)> {
    if !(b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a")) {
        return None;
    }
    Some((le16(b, 6)?, le16(b, 8)?))
}

fn webp(b: &[u8]) -> Option<(u32, u32)> {
    if !b.starts_with(b"RIFF") || b.get(8..12)? != b"WEBP" {
        return None;
    }
    match b.get(12..16)? {
        b"VP8 " => {
            // Frame tag (3 bytes) and start code (9d 01 2a), then 14-bit width and height.
            if b.get(23..26)? != [0x9d, 0x01, 0x2a] {
                return None;
            }
            Some((le16(b, 26)? & 0x3fff, le16(b, 28)? & 0x3fff))
        }
        b"VP8L" => {
            if *b.get(20)? != 0x2f {
                return None;
            }
            let bits = u32::from_le_bytes(b.get(21..25)?.try_into().ok()?);
            Some(((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1))
        }
        b"VP8X" => Some((le24(b, 24)? + 1, le24(b, 27)? + 1)),
        _ => None,
    }
}

fn jpeg(b: &[u8]) -> Option<(u32, u32)> {
    if !b.starts_with(&[0xff, 0xd8]) {
        return None;
    }
    let mut at = 2;
    loop {
        // Markers may be padded with any number of 0xff bytes.
        while *b.get(at)? == 0xff && *b.get(at + 1)? == 0xff {
            at += 1;
        }
        if *b.get(at)? != 0xff {
            return None;
        }
        let marker = *b.get(at + 1)?;
        match marker {
            0xd8 | 0x01 | 0xd0..=0xd7 => at += 2,
            0xd9 | 0xda => return None,
            // Start of frame: every SOFn but DHT (c4), JPG (c8) and DAC (cc).
            0xc0..=0xcf if !matches!(marker, 0xc4 | 0xc8 | 0xcc) => {
                return Some((be16(b, at + 7)?, be16(b, at + 5)?));
            }
            _ => at += 2 + usize::try_from(be16(b, at + 2)?).ok()?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{content_type, pixel_size};

    #[test]
    fn the_type_is_the_one_the_bytes_show() {
        assert_eq!(content_type(b"\x89PNG\r\n\x1a\n...."), Some("image/png"));
        assert_eq!(content_type(&[0xff, 0xd8, 0xff, 0xe0]), Some("image/jpeg"));
        assert_eq!(content_type(b"GIF87a.."), Some("image/gif"));
        assert_eq!(content_type(b"RIFF\0\0\0\0WEBPVP8 "), Some("image/webp"));
        assert_eq!(content_type(b"<svg/>"), None);
    }

    #[test]
    fn the_four_formats_give_their_sizes() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&640u32.to_be_bytes());
        png.extend_from_slice(&480u32.to_be_bytes());
        assert_eq!(pixel_size(&png), Some((640, 480)));

        let gif = b"GIF89a\x20\x03\x58\x02\0\0";
        assert_eq!(pixel_size(gif), Some((800, 600)));

        let mut jpeg = vec![0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0, 0];
        jpeg.extend_from_slice(&[0xff, 0xc2, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x00, 0xc8]);
        assert_eq!(pixel_size(&jpeg), Some((200, 300)));

        let mut vp8x = b"RIFF\0\0\0\0WEBPVP8X\x0a\0\0\0\0\0\0\0".to_vec();
        vp8x.extend_from_slice(&[0x3f, 0x01, 0x00, 0xef, 0x00, 0x00]);
        assert_eq!(pixel_size(&vp8x), Some((320, 240)));

        let mut vp8l = b"RIFF\0\0\0\0WEBPVP8L\0\0\0\0\x2f".to_vec();
        let bits: u32 = 99 | (49 << 14);
        vp8l.extend_from_slice(&bits.to_le_bytes());
        assert_eq!(pixel_size(&vp8l), Some((100, 50)));

        assert_eq!(pixel_size(b"not an image"), None);
        assert_eq!(pixel_size(&[0xff, 0xd8, 0xff]), None);
    }
}
