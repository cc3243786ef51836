//! Links as every writer writes them: only http, https and mailto, and as a valid URI (what
//! epubcheck and Word insist on), whatever characters the writer's link held.

/// Whether a link may be written: http, https and mailto only.
pub(crate) fn allowed(url: &str) -> bool {
    let lower = url.trim_start().to_ascii_lowercase();
    ["http://", "https://", "mailto:"]
        .iter()
        .any(|scheme| lower.starts_with(scheme))
}

/// `url` as a valid URI: every byte outside RFC 3986's unreserved and reserved characters
/// (brackets, spaces, quotes, non-ASCII …) percent-encoded, a `%` that starts no escape
/// encoded, and only the first `#` kept as the fragment's start.
pub(crate) fn uri(url: &str) -> String {
    let bytes = url.trim().as_bytes();
    let mut out = String::with_capacity(bytes.len());
    let mut fragment = false;
    for (i, &b) in bytes.iter().enumerate() {
        let escape_start = b == b'%'
            && bytes.get(i + 1).is_some_and(u8::is_ascii_hexdigit)
            && bytes.get(i + 2).is_some_and(u8::is_ascii_hexdigit);
        let keep = escape_start
            || (b == b'#' && !fragment)
            || b.is_ascii_alphanumeric()
            || b"-._~:/?@!$&'()*+,;=".contains(&b);
        if b == b'#' {
            fragment = true;
        }
        if keep {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_web_and_mail_links_are_allowed() {
        assert!(allowed("https://example.com") && allowed("HTTP://x") && allowed("mailto:a@b.c"));
        assert!(
            !allowed("javascript:alert(1)") && !allowed("file:///etc/passwd") && !allowed("/x")
        );
    }

    #[test]
    fn links_become_valid_uris() {
        assert_eq!(
            uri(" https://example.com/a b?q=\"x\"&y=ß#f#g "),
            "https://example.com/a%20b?q=%22x%22&y=%C3%9F#f%23g"
        );
        assert_eq!(
            uri("https://example.com/[x]<y>\\%zz%41"),
            "https://example.com/%5Bx%5D%3Cy%3E%5C%25zz%41"
        );
        assert_eq!(
            uri("mailto:ana@example.com?subject=Hi there"),
            "mailto:ana@example.com?subject=Hi%20there"
        );
    }
}
