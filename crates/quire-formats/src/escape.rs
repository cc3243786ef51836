//! Text made safe for the writers' XML: characters XML 1.0 forbids dropped, markup characters
//! escaped, so no manuscript text ever becomes markup.

/// Whether XML 1.0 allows `c` in a document (tab, newline and carriage return are the only
/// control characters it allows; U+FFFE and U+FFFF are not characters).
pub(crate) fn xml_allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..)
}

/// Appends `text` escaped for element content or a double- or single-quoted attribute.
pub(crate) fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if xml_allowed(c) => out.push(c),
            _ => {}
        }
    }
}

#[cfg(test)]
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    push_escaped(&mut out, text);
    out
}

/// `text` without the characters XML 1.0 forbids (for text that is not XML but should still be
/// clean, like Markdown and plain text).
pub(crate) fn clean(text: &str) -> String {
    text.chars().filter(|&c| xml_allowed(c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped_and_forbidden_ones_dropped() {
        assert_eq!(
            escaped("</w:t> & \"x\" 'y' \u{0}\u{1}\u{b}\u{fffe}ok\t"),
            "&lt;/w:t&gt; &amp; &quot;x&quot; &apos;y&apos; ok\t"
        );
        assert_eq!(escaped("&amp; ]]> שלום 🙂"), "&amp;amp; ]]&gt; שלום 🙂");
        assert_eq!(clean("a\u{0}b\u{7}c"), "abc");
    }
}
