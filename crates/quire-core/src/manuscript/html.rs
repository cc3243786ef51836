//! The plain text of a chapter's HTML, for counting its words on the server (the server keeps
//! every chapter's count, so every device agrees on it). Not a sanitiser and not a full HTML parser: it only
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

/// Where a chapter's footnote bodies start in its derived HTML (quire-collab appends them after
/// the text). They are not the chapter's words or blocks: the editor counts the text without
/// them, and a client that saves the HTML back must not turn them into paragraphs.
pub const FOOTNOTES_SECTION: &str = "<section data-type=\"footnotes\">";

/// `html` without its footnotes section, if it has one.
fn chapter_part(html: &str) -> &str {
    html.rfind(FOOTNOTES_SECTION).map_or(html, |at| &html[..at])
}

/// The text a reader sees in `html`, with a space wherever a block boundary separates words.
/// A footnotes section at the end ([`FOOTNOTES_SECTION`]) is not part of it.
pub fn html_to_text(html: &str) -> String {
    let html = chapter_part(html);
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

/// One top-level block of a chapter's HTML (see [`html_blocks`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HtmlBlock {
    /// 1–6 for `<h1>`…`<h6>`, 0 for anything else.
    pub heading: u8,
    /// The text a reader sees, one line per block-level descendant (list item, paragraph in a
    /// quote) or `<br>`, lines separated by `\n`; no leading or trailing newline.
    pub text: String,
}

/// Void elements: they have no end tag and hold no text.
const VOID_TAGS: &[&str] = &["br", "hr", "img", "input", "wbr", "col", "area", "source"];

/// The top-level blocks of `html`, in order: each top-level element is one block; text outside
/// any element is a block of its own. Tags, comments, `<script>`/`<style>` and character
/// references are handled as in [`html_to_text`]. Top-level elements holding no text (`<hr>`)
/// are left out, and so is a footnotes section at the end ([`FOOTNOTES_SECTION`]).
pub fn html_blocks(html: &str) -> Vec<HtmlBlock> {
    let html = chapter_part(html);
    let mut blocks = Vec::new();
    let mut depth = 0usize;
    let mut current: Option<HtmlBlock> = None;
    let mut loose = String::new();
    let finish = |block: HtmlBlock, blocks: &mut Vec<HtmlBlock>| {
        let text = block.text.trim_matches('\n').to_owned();
        if !text.trim().is_empty() {
            blocks.push(HtmlBlock { text, ..block });
        }
    };
    let push_text =
        |text: &str, depth: usize, current: &mut Option<HtmlBlock>, loose: &mut String| {
            match current.as_mut() {
                Some(block) if depth > 0 => block.text.push_str(text),
                _ => loose.push_str(text),
            }
        };
    let mut rest = html;
    while !rest.is_empty() {
        let at = rest.find(['<', '&']).unwrap_or(rest.len());
        push_text(&rest[..at], depth, &mut current, &mut loose);
        rest = &rest[at..];
        if rest.is_empty() {
            break;
        }
        if rest.starts_with('&') {
            let (decoded, used) = decode_reference(rest);
            push_text(
                decoded.as_deref().unwrap_or(""),
                depth,
                &mut current,
                &mut loose,
            );
            rest = &rest[used..];
            continue;
        }
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |end| &after[end + 3..]);
            continue;
        }
        let Some(tag) = parse_tag(rest) else {
            push_text("<", depth, &mut current, &mut loose);
            rest = &rest[1..];
            continue;
        };
        let self_closing = rest[..tag.len].ends_with("/>");
        rest = &rest[tag.len..];
        if !tag.closing && HIDDEN_TAGS.contains(&tag.name.as_str()) {
            let end = format!("</{}", tag.name);
            rest = find_ascii_ci(rest, &end).map_or("", |i| &rest[i..]);
            continue;
        }
        let void = self_closing || VOID_TAGS.contains(&tag.name.as_str());
        if tag.closing {
            depth = depth.saturating_sub(1);
            if depth == 0
                && let Some(block) = current.take()
            {
                finish(block, &mut blocks);
            }
            continue;
        }
        if depth == 0 {
            let text = std::mem::take(&mut loose);
            finish(
                HtmlBlock {
                    heading: 0,
                    text: text.trim().to_owned(),
                },
                &mut blocks,
            );
            if void {
                continue;
            }
            let heading = match tag.name.as_bytes() {
                [b'h', d @ b'1'..=b'6'] => d - b'0',
                _ => 0,
            };
            current = Some(HtmlBlock {
                heading,
                text: String::new(),
            });
        } else if BLOCK_TAGS.contains(&tag.name.as_str())
            && let Some(block) = current.as_mut()
            && !block.text.is_empty()
            && !block.text.ends_with('\n')
        {
            block.text.push('\n');
        }
        if !void {
            depth += 1;
        }
    }
    if let Some(block) = current.take() {
        finish(block, &mut blocks);
    }
    let text = std::mem::take(&mut loose);
    finish(
        HtmlBlock {
            heading: 0,
            text: text.trim().to_owned(),
        },
        &mut blocks,
    );
    blocks
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

    #[test]
    fn blocks_are_the_top_level_elements_with_their_lines() {
        let blocks = html_blocks(
            "<h2>Part &amp; One</h2>\n<p>It was <b>da</b>rk&hellip;</p><ul><li><p>a</p></li>\
             <li><p>b</p></li></ul><hr><p>x<br>y</p><!-- no --><script>alert(1)</script>stray<br/>",
        );
        let got: Vec<(u8, &str)> = blocks
            .iter()
            .map(|b| (b.heading, b.text.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (2, "Part & One"),
                (0, "It was dark\u{2026}"),
                (0, "a\nb"),
                (0, "x\ny"),
                (0, "stray"),
            ]
        );
        assert!(html_blocks("<p></p><hr>  ").is_empty());
    }
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
