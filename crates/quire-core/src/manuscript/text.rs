//! Titles and names typed by the user: trimmed, at most 255 characters, no control
//! characters (single-line fields block Enter). Lengths count Unicode scalar values, which is
//! never stricter than the client's UTF-16 `maxlength`, so whatever the client lets through is
//! accepted here.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::account::FieldCode;

/// Longest editable title or name.
pub const TITLE_MAX: usize = 255;
/// What a duplicate's title starts with.
pub const COPY_PREFIX: &str = "Copy of ";

/// The value trimmed, or the refusal: `{field}_required`, `{field}_too_long`, `{field}_invalid`.
fn parse_line(raw: &str, codes: [&'static str; 3], required: bool) -> Result<String, FieldCode> {
    let [required_code, too_long, invalid] = codes;
    let value = raw.trim();
    if required && value.is_empty() {
        Err(FieldCode(required_code))
    } else if value.chars().count() > TITLE_MAX {
        Err(FieldCode(too_long))
    } else if value.chars().any(char::is_control) {
        Err(FieldCode(invalid))
    } else {
        Ok(value.to_owned())
    }
}

/// The first `max` characters of `s`.
fn truncate_chars(s: &str, max: usize) -> &str {
    s.char_indices().nth(max).map_or(s, |(at, _)| &s[..at])
}

/// A title of a manuscript, note, to-do or research item: trimmed, at most 255 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Title(String);

impl Title {
    /// A required title, as for a manuscript copy ('Manuscript title is required.' is the
    /// client's text for `title_required`) or a quick note (whose save is skipped on it).
    pub fn parse(raw: &str) -> Result<Self, FieldCode> {
        let codes = ["title_required", "title_too_long", "title_invalid"];
        parse_line(raw, codes, true).map(Title)
    }

    /// A title that may be left empty: a title is required only for a copy, so an ordinary
    /// edit may clear it.
    pub fn parse_optional(raw: &str) -> Result<Self, FieldCode> {
        let codes = ["title_required", "title_too_long", "title_invalid"];
        parse_line(raw, codes, false).map(Title)
    }

    /// The duplicate's title: 'Copy of ' and this title, cut to 255 characters.
    pub fn copy_of(&self) -> Title {
        let copy = format!("{COPY_PREFIX}{}", self.0);
        Title(truncate_chars(&copy, TITLE_MAX).trim_end().to_owned())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for Title {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Title {
    /// Stored and sent titles may be empty; only the copy flow requires one.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        Title::parse_optional(&s).map_err(serde::de::Error::custom)
    }
}

/// A chapter's (or subchapter's) name: required, trimmed, at most 255 characters.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct ChapterName(String);

impl ChapterName {
    /// Refusals: `name_required`, `name_too_long`, `name_invalid` (field `name`).
    pub fn parse(raw: &str) -> Result<Self, FieldCode> {
        let codes = ["name_required", "name_too_long", "name_invalid"];
        parse_line(raw, codes, true).map(ChapterName)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for ChapterName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for ChapterName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        ChapterName::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_trimmed() {
        assert_eq!(
            Title::parse("  The Long Night ").unwrap().as_str(),
            "The Long Night"
        );
    }

    #[test]
    fn a_required_title_that_is_blank_is_rejected() {
        assert_eq!(Title::parse("   ").unwrap_err().0, "title_required");
        assert_eq!(Title::parse_optional("   ").unwrap().as_str(), "");
    }

    #[test]
    fn a_title_longer_than_255_characters_is_rejected() {
        assert!(Title::parse(&"é".repeat(255)).is_ok());
        assert_eq!(
            Title::parse(&"é".repeat(256)).unwrap_err().0,
            "title_too_long"
        );
        assert_eq!(
            Title::parse_optional(&"x".repeat(256)).unwrap_err().0,
            "title_too_long"
        );
    }

    #[test]
    fn a_title_with_a_line_break_is_rejected() {
        assert_eq!(Title::parse("Act\nOne").unwrap_err().0, "title_invalid");
    }

    #[test]
    fn a_copy_is_prefixed_and_cut_to_255_characters() {
        let title = Title::parse("Draft").unwrap();
        assert_eq!(title.copy_of().as_str(), "Copy of Draft");
        let long = Title::parse(&"ñ".repeat(255)).unwrap().copy_of();
        assert_eq!(long.as_str().chars().count(), 255);
        assert!(long.as_str().starts_with("Copy of ññ"));
    }

    #[test]
    fn a_title_deserializes_trimmed_and_refuses_overlong_text() {
        let t: Title = serde_json::from_str("\" Notes \"").unwrap();
        assert_eq!(t.as_str(), "Notes");
        assert!(serde_json::from_str::<Title>(&format!("\"{}\"", "x".repeat(256))).is_err());
    }

    #[test]
    fn a_chapter_name_is_required() {
        assert_eq!(ChapterName::parse(" \t ").unwrap_err().0, "name_required");
        assert!(serde_json::from_str::<ChapterName>("\"\"").is_err());
    }

    #[test]
    fn a_chapter_name_longer_than_255_chars_is_rejected() {
        assert!(ChapterName::parse(&"a".repeat(255)).is_ok());
        assert_eq!(
            ChapterName::parse(&"a".repeat(256)).unwrap_err().0,
            "name_too_long"
        );
    }
}
