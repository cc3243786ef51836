//! `Content-Disposition` of a file Quire sends back (an upload, an export): the name as plain
//! ASCII and, exactly, in RFC 8187 form.

use axum::http::HeaderValue;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

/// How the browser should take the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Disposition {
    /// Shown in place (an image).
    Inline,
    /// Downloaded.
    Attachment,
}

/// The header for `file_name`, taken as `how`.
pub fn content_disposition(file_name: &str, how: Disposition) -> HeaderValue {
    let how = match how {
        Disposition::Inline => "inline",
        Disposition::Attachment => "attachment",
    };
    let ascii: String = file_name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let exact = utf8_percent_encode(file_name, NON_ALPHANUMERIC);
    HeaderValue::from_str(&format!(
        "{how}; filename=\"{ascii}\"; filename*=UTF-8''{exact}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_is_given_in_ascii_and_exactly() {
        let value = content_disposition("Ölçü map.png", Disposition::Inline);
        assert_eq!(
            value.to_str().unwrap(),
            "inline; filename=\"_l__ map.png\"; filename*=UTF-8''%C3%96l%C3%A7%C3%BC%20map%2Epng"
        );
        let value = content_disposition("My \"Book\".pdf", Disposition::Attachment);
        assert_eq!(
            value.to_str().unwrap(),
            "attachment; filename=\"My _Book_.pdf\"; filename*=UTF-8''My%20%22Book%22%2Epdf"
        );
    }
}
