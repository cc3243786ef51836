//! The HTML vocabulary of a derived chapter: escaping, the allow-lists for URLs and styles, and
//! the marks with their nesting order. Whatever a writer typed reaches the output only escaped;
//! a URL or a style that does not match an allow-list is dropped, never repaired.

use std::sync::Arc;

use yrs::Any;

/// Appends `s` with `& < > " '` replaced by character references, so that it is inert both as
/// text and inside a double- or single-quoted attribute.
pub(super) fn escape_into(out: &mut String, s: &str) {
    let mut rest = s;
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
        out.push_str(&rest[..at]);
        out.push_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// A link target a reader may follow: `http:`, `https:`, `mailto:` or a relative reference.
/// Anything with another scheme (`javascript:`, `data:`, `vbscript:` …) or with control
/// characters (which browsers strip before reading the scheme: "java\tscript:") is refused.
pub(super) fn safe_href(href: &str) -> Option<&str> {
    let href = href.trim_matches(' ');
    if href.is_empty() || href.chars().any(|c| c.is_control()) {
        return None;
    }
    match scheme(href) {
        None => Some(href),
        Some(s)
            if ["http", "https", "mailto"]
                .iter()
                .any(|ok| s.eq_ignore_ascii_case(ok)) =>
        {
            Some(href)
        }
        Some(_) => None,
    }
}

/// Where Quire serves an upload (an imported image's bytes) by its id.
const UPLOADS_PATH: &str = "/api/v4/uploads/";

/// An image source a reader may load: an `http(s)` URL, a base64 `data:` URL of a raster
/// image type (SVG is left out: it is a document, not a picture), or one of Quire's own uploads
/// (`/api/v4/uploads/<id>`, an id of `A-Z a-z 0-9 _ -`), where an import puts its images.
pub(super) fn safe_image_src(src: &str) -> Option<&str> {
    let src = src.trim_matches(' ');
    if src.is_empty() || src.chars().any(|c| c.is_control() || c == ' ') {
        return None;
    }
    if let Some(id) = src.strip_prefix(UPLOADS_PATH) {
        let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-');
        return ((1..=64).contains(&id.len()) && id.chars().all(ok)).then_some(src);
    }
    match scheme(src) {
        Some(s) if s.eq_ignore_ascii_case("http") || s.eq_ignore_ascii_case("https") => Some(src),
        Some(s) if s.eq_ignore_ascii_case("data") => {
            let rest = &src[5..];
            let (mime, data) = rest.split_once(";base64,")?;
            let raster = ["png", "jpeg", "jpg", "gif", "webp", "avif", "bmp"];
            let subtype = mime.strip_prefix("image/")?;
            let base64 = |c: char| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '=');
            (raster.iter().any(|r| subtype.eq_ignore_ascii_case(r))
                && !data.is_empty()
                && data.chars().all(base64))
            .then_some(src)
        }
        _ => None,
    }
}

/// The scheme of `url` if it has one: the text before a `:` that comes before any `/ ? #`.
fn scheme(url: &str) -> Option<&str> {
    let end = url.find([':', '/', '?', '#'])?;
    (url.as_bytes()[end] == b':').then(|| &url[..end])
}

/// `left`, `center`, `right` or `justify`; any other alignment is dropped.
pub(super) fn text_align(value: &str) -> Option<&str> {
    ["left", "center", "right", "justify"]
        .into_iter()
        .find(|a| *a == value)
}

/// A font family list such as `Open Sans, 'Times New Roman', serif`: letters, digits, spaces,
/// hyphens, underscores, commas and single quotes, at most 100 characters. No `;`, `:`, `(`,
/// `"` or `\`, so nothing can end the declaration or call a CSS function.
fn font_family(value: &str) -> Option<&str> {
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_' | ',' | '\'');
    (!value.trim().is_empty() && value.len() <= 100 && value.chars().all(ok)).then_some(value)
}

/// A font size such as `12pt`, `1.5em` or `110%`: up to three digits, an optional fraction of
/// up to three digits, and one of the units `px pt em rem %`.
fn font_size(value: &str) -> Option<&str> {
    let unit = ["px", "pt", "rem", "em", "%"]
        .into_iter()
        .find(|u| value.ends_with(u))?;
    let number = &value[..value.len() - unit.len()];
    let (whole, fraction) = number.split_once('.').unwrap_or((number, "0"));
    let digits =
        |s: &str, max| (1..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit());
    (digits(whole, 3) && digits(fraction, 3)).then_some(value)
}

/// A comment mark's id: 1–64 of `A-Z a-z 0-9 _ -`.
fn comment_id(value: &str) -> Option<&str> {
    let ok = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-');
    ((1..=64).contains(&value.len()) && value.chars().all(ok)).then_some(value)
}

/// A mark as it is rendered. The variant order is the nesting order, outermost first: a link
/// wraps everything else, inline code is innermost. Values are already checked.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Mark {
    Link(String),
    Comment(String),
    TextStyle(String),
    SmallCaps,
    Highlight,
    Bold,
    Italic,
    Underline,
    Strike,
    Subscript,
    Superscript,
    Code,
}

impl Mark {
    /// The mark a y-prosemirror formatting attribute stands for, if it is one we render and its
    /// values pass the allow-lists. y-prosemirror stores a mark as name → attrs object and, for
    /// marks that may overlap themselves, suffixes the name with `--<hash>`.
    pub(super) fn parse(key: &str, value: &Any) -> Option<Mark> {
        if matches!(value, Any::Null | Any::Undefined | Any::Bool(false)) {
            return None;
        }
        let name = key.split_once("--").map_or(key, |(name, _)| name);
        let attr = |k: &str| match value {
            Any::Map(map) => match map.get(k) {
                Some(Any::String(s)) => Some(Arc::clone(s)),
                _ => None,
            },
            _ => None,
        };
        Some(match name {
            "link" => Mark::Link(safe_href(&attr("href")?)?.to_owned()),
            "comment" => Mark::Comment(comment_id(&attr("id")?)?.to_owned()),
            "textStyle" => {
                let family = attr("fontFamily");
                let size = attr("fontSize");
                let family = family.as_deref().and_then(font_family);
                let size = size.as_deref().and_then(font_size);
                let style = match (family, size) {
                    (Some(f), Some(s)) => format!("font-family: {f}; font-size: {s}"),
                    (Some(f), None) => format!("font-family: {f}"),
                    (None, Some(s)) => format!("font-size: {s}"),
                    (None, None) => return None,
                };
                Mark::TextStyle(style)
            }
            "smallCaps" => Mark::SmallCaps,
            "highlight" => Mark::Highlight,
            "bold" => Mark::Bold,
            "italic" => Mark::Italic,
            "underline" => Mark::Underline,
            "strike" => Mark::Strike,
            "subscript" => Mark::Subscript,
            "superscript" => Mark::Superscript,
            "code" => Mark::Code,
            _ => return None,
        })
    }

    pub(super) fn open(&self, out: &mut String) {
        let (tag, attr, value) = match self {
            Mark::Link(href) => ("a", " href=\"", href.as_str()),
            Mark::Comment(id) => ("span", " data-comment-id=\"", id.as_str()),
            Mark::TextStyle(style) => ("span", " style=\"", style.as_str()),
            Mark::SmallCaps => ("span", " style=\"", "font-variant: small-caps"),
            other => {
                out.push('<');
                out.push_str(other.tag());
                out.push('>');
                return;
            }
        };
        out.push('<');
        out.push_str(tag);
        out.push_str(attr);
        escape_into(out, value);
        out.push('"');
        if tag == "a" {
            out.push_str(" rel=\"noopener noreferrer nofollow\"");
        }
        out.push('>');
    }

    pub(super) fn close(&self, out: &mut String) {
        out.push_str("</");
        out.push_str(self.tag());
        out.push('>');
    }

    fn tag(&self) -> &'static str {
        match self {
            Mark::Link(_) => "a",
            Mark::Comment(_) | Mark::TextStyle(_) | Mark::SmallCaps => "span",
            Mark::Highlight => "mark",
            Mark::Bold => "strong",
            Mark::Italic => "em",
            Mark::Underline => "u",
            Mark::Strike => "s",
            Mark::Subscript => "sub",
            Mark::Superscript => "sup",
            Mark::Code => "code",
        }
    }
}

/// The marks open at the current point of a text run. Moving to the next run closes only the
/// marks that end and opens only the ones that start, so `<strong>a<em>b</em></strong>` comes out
/// as TipTap writes it, and the work stays linear in the length of the text.
#[derive(Debug, Default)]
pub(super) struct MarkStack(Vec<Mark>);

impl MarkStack {
    /// Makes `marks` (sorted in nesting order) the open ones.
    pub(super) fn switch_to(&mut self, marks: Vec<Mark>, out: &mut String) {
        let keep = self
            .0
            .iter()
            .zip(&marks)
            .take_while(|(a, b)| a == b)
            .count();
        self.close_down_to(keep, out);
        for mark in &marks[keep..] {
            mark.open(out);
        }
        self.0 = marks;
    }

    pub(super) fn close_all(&mut self, out: &mut String) {
        self.close_down_to(0, out);
    }

    fn close_down_to(&mut self, keep: usize, out: &mut String) {
        while self.0.len() > keep {
            if let Some(mark) = self.0.pop() {
                mark.close(out);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn escaped(s: &str) -> String {
        let mut out = String::new();
        escape_into(&mut out, s);
        out
    }

    #[test]
    fn every_markup_character_is_escaped() {
        assert_eq!(
            escaped(r#"<script>alert("x")</script> & 'q'"#),
            "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;"
        );
        assert_eq!(escaped("plain — ü"), "plain — ü");
    }

    #[test]
    fn links_keep_only_http_https_mailto_and_relative_targets() {
        for ok in [
            "https://example.com/a?b#c",
            "HTTP://x",
            "mailto:a@b.c",
            "/chapters/1",
            "#top",
            "notes.html",
            "//cdn.example",
        ] {
            assert_eq!(safe_href(ok), Some(ok), "{ok}");
        }
        for bad in [
            "javascript:alert(1)",
            "JaVaScRiPt:alert(1)",
            "java\tscript:alert(1)",
            "\u{1}javascript:alert(1)",
            "data:text/html,<script>",
            "vbscript:msgbox",
            "file:///etc/passwd",
            "",
        ] {
            assert_eq!(safe_href(bad), None, "{bad:?}");
        }
        assert_eq!(safe_href(" https://x "), Some("https://x"));
    }

    #[test]
    fn images_load_only_from_http_raster_data_urls_or_quires_own_uploads() {
        assert!(safe_image_src("https://img.example/a.png").is_some());
        assert!(safe_image_src("data:image/png;base64,iVBORw0KGgo=").is_some());
        assert!(safe_image_src("/api/v4/uploads/kXb3p9WwQz1yZr8TtVv0Aa").is_some());
        for bad in [
            "javascript:alert(1)",
            "data:image/svg+xml;base64,PHN2Zz4=",
            "data:text/html;base64,PHNjcmlwdD4=",
            "data:image/png,notbase64",
            "/relative.png",
            "/api/v4/uploads/",
            "/api/v4/uploads/../users/me",
            "/api/v4/uploads/a?x=1",
            "/api/v4/uploadsX",
            "https://x/a b.png",
        ] {
            assert_eq!(safe_image_src(bad), None, "{bad}");
        }
    }

    #[test]
    fn styles_pass_only_strict_patterns() {
        assert_eq!(text_align("center"), Some("center"));
        assert_eq!(text_align("center; background: url(x)"), None);
        assert!(font_family("Open Sans, 'Times New Roman', serif").is_some());
        assert_eq!(font_family("x; background:url(javascript:1)"), None);
        assert_eq!(font_family("a\"b"), None);
        assert_eq!(font_family("  "), None);
        for ok in ["12pt", "1.5em", "110%", "16px", "0.875rem"] {
            assert_eq!(font_size(ok), Some(ok));
        }
        for bad in [
            "12",
            "pt",
            "1.pt",
            "1234px",
            "12px;",
            "expression(1)px",
            ".5em",
        ] {
            assert_eq!(font_size(bad), None, "{bad}");
        }
    }

    #[test]
    fn marks_open_and_close_only_where_they_change() {
        let mut out = String::new();
        let mut stack = MarkStack::default();
        stack.switch_to(vec![Mark::Bold], &mut out);
        out.push('a');
        stack.switch_to(vec![Mark::Bold, Mark::Italic], &mut out);
        out.push('b');
        stack.switch_to(vec![Mark::Italic], &mut out);
        out.push('c');
        stack.close_all(&mut out);
        assert_eq!(out, "<strong>a<em>b</em></strong><em>c</em>");
    }
}
