//! The plain text of a chapter's HTML, for counting its words on the server (spec §5: word
//! counts are the server's to keep honest). Not a sanitiser and not a full HTML parser: it only
//! has to agree with what a reader sees as words. Tags vanish; block-level tags and `<br>`
//! separate words, inline ones (`<b>wo</b>rd`) do not; comments, `<script>` and `<style>` are
//! dropped with their content; character references are decoded.

/// Elements whose start or end separates the text around them.
const BLOCK_TAGS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "br",
    "dd",
    "div",
    "dl",
    "dt",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "img",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "pre",
    "section",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "tr",
    "ul",
];

/// Elements dropped with everything inside them.
const HIDDEN_TAGS: &[&str] = &["script", "style", "template"];

/// The text a reader sees in `html`, with a space wherever a block boundary separates words.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(['<', '&']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        if rest.starts_with('&') {
            let (decoded, used) = decode_reference(rest);
            out.push_str(decoded.as_deref().unwrap_or(""));
            rest = &rest[used..];
        } else if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
        } else if let Some(tag) = parse_tag(rest) {
            if BLOCK_TAGS.contains(&tag.name.as_str()) {
                out.push(' ');
            }
            rest = &rest[tag.len..];
            if !tag.closing && HIDDEN_TAGS.contains(&tag.name.as_str()) {
                let end = format!("</{}", tag.name);
                rest = find_ascii_ci(rest, &end).map_or("", |i| &rest[i..]);
            }
        } else {
            // A `<` that starts no tag is text ("a < b").
            out.push('<');
            rest = &rest[1..];
        }
    }
    out.push_str(rest);
    out
}

struct Tag {
    name: String,
    closing: bool,
    /// Bytes from `<` to the `>` included.
    len: usize,
}

/// The tag `s` starts with (`s` starts with `<`), if it is one: `<name …>` or `</name>`, with
/// quoted attribute values that may hold `>`.
fn parse_tag(s: &str) -> Option<Tag> {
    let bytes = s.as_bytes();
    let mut i = 1;
    let closing = bytes.get(1) == Some(&b'/');
    if closing {
        i += 1;
    }
    let name_start = i;
    while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
        i += 1;
    }
    if i == name_start || !bytes[name_start].is_ascii_alphabetic() {
        return None;
    }
    let name = s[name_start..i].to_ascii_lowercase();
    let mut quote = None;
    while i < bytes.len() {
        match (quote, bytes[i]) {
            (None, b'>') => {
                return Some(Tag {
                    name,
                    closing,
                    len: i + 1,
                });
            }
            (None, q @ (b'"' | b'\'')) => quote = Some(q),
            (Some(q), b) if b == q => quote = None,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Where `needle` (ASCII) first occurs in `haystack`, ignoring ASCII case.
fn find_ascii_ci(haystack: &str, needle: &str) -> Option<usize> {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    (0..=h.len().checked_sub(n.len())?).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Decodes the character reference `s` starts with (`s` starts with `&`): the text it stands
/// for (`None`: an unknown named reference, which is dropped — it stands for one character, so
/// it never adds a word) and the bytes it used. A lone `&` is itself.
fn decode_reference(s: &str) -> (Option<String>, usize) {
    let Some(end) = s[1..].find(';').map(|i| i + 1).filter(|&i| i <= 33) else {
        return (Some("&".to_owned()), 1);
    };
    let body = &s[1..end];
    let used = end + 1;
    let numeric = |digits: &str, radix| {
        u32::from_str_radix(digits, radix)
            .ok()
            .and_then(char::from_u32)
            .map(String::from)
    };
    let decoded = if let Some(hex) = body.strip_prefix("#x").or(body.strip_prefix("#X")) {
        numeric(hex, 16)
    } else if let Some(dec) = body.strip_prefix('#') {
        numeric(dec, 10)
    } else if body.bytes().all(|b| b.is_ascii_alphanumeric()) {
        named_reference(body).map(str::to_owned)
    } else {
        return (Some("&".to_owned()), 1);
    };
    (decoded, used)
}

/// The references a rich-text editor writes, and the punctuation that changes a count.
fn named_reference(name: &str) -> Option<&'static str> {
    Some(match name {
        "amp" => "&",
        "lt" => "<",
        "gt" => ">",
        "quot" => "\"",
        "apos" => "'",
        "nbsp" | "ensp" | "emsp" | "thinsp" => " ",
        "rsquo" => "\u{2019}",
        "lsquo" => "\u{2018}",
        "rdquo" => "\u{201D}",
        "ldquo" => "\u{201C}",
        "ndash" => "\u{2013}",
        "mdash" => "\u{2014}",
        "hellip" => "\u{2026}",
        "shy" | "zwj" | "zwnj" => "",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::count_words;

    fn words(html: &str) -> usize {
        count_words(&html_to_text(html))
    }

    #[test]
    fn tags_vanish_and_paragraphs_separate_words() {
        assert_eq!(html_to_text("<p>It was <b>dark</b>.</p>"), " It was dark. ");
        assert_eq!(words("<p>one</p><p>two</p>"), 2);
        assert_eq!(words("one<br>two<br/>three"), 3);
        assert_eq!(words("<ul><li>a</li><li>b</li></ul>"), 2);
    }

    #[test]
    fn inline_tags_inside_a_word_keep_it_one_word() {
        assert_eq!(words("<p>un<em>believ</em>able</p>"), 1);
        assert_eq!(words(r#"<span class="x">word</span>s"#), 1);
    }

    #[test]
    fn attributes_with_angle_brackets_and_comments_are_not_text() {
        assert_eq!(words(r#"<p title="a > b c d">two words</p>"#), 2);
        assert_eq!(words("<p>kept<!-- three hidden words --> too</p>"), 2);
        assert_eq!(words("<p>end<!-- never closed"), 1);
    }

    #[test]
    fn scripts_and_styles_are_dropped_with_their_content() {
        assert_eq!(
            words("<p>a</p><script>var x = 1;</script><STYLE>p { color: red }</style><p>b</p>"),
            2
        );
    }

    #[test]
    fn character_references_are_decoded() {
        assert_eq!(
            html_to_text("don&rsquo;t &amp; won&#39;t"),
            "don\u{2019}t & won't"
        );
        assert_eq!(words("don&rsquo;t&nbsp;stop"), 2);
        assert_eq!(words("caf&eacute; au lait"), 3);
        assert_eq!(html_to_text("&#x263A;&#9731;"), "\u{263A}\u{2603}");
        assert_eq!(html_to_text("fish & chips; a<b"), "fish & chips; a<b");
    }

    #[test]
    fn an_empty_or_tag_only_document_has_no_words() {
        assert_eq!(words(""), 0);
        assert_eq!(words("<p></p><p><br></p>"), 0);
    }
}
