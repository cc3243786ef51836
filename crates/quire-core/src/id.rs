//! Entity ids: the spec's 22-character random strings ("Random ids 22 characters").
//!
//! Clients make ids offline, so the server must accept any well-formed id and must never
//! assume it made one. Well-formed means exactly 22 characters of `[A-Za-z0-9_-]` (the URL-safe
//! base64 alphabet); the server's own ids use letters and digits only, a subset.

use std::fmt;

use rand::RngExt;
use serde::{Deserialize, Deserializer, Serialize};

/// The length of every entity id.
pub const ID_LEN: usize = 22;

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// A parsed entity id: 22 characters from `[A-Za-z0-9_-]`.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct Id(String);

/// Why a string is not an [`Id`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("an id is {ID_LEN} letters, digits, `_` or `-`")]
pub struct InvalidId;

impl Id {
    /// A fresh random id (62^22 ≈ 2^131 possibilities, so collisions are not a concern).
    pub fn random() -> Self {
        let mut rng = rand::rng();
        let id = (0..ID_LEN)
            .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
            .collect();
        Id(id)
    }

    /// Parses a client-supplied id.
    pub fn parse(s: &str) -> Result<Self, InvalidId> {
        if s.len() == ID_LEN && s.bytes().all(is_id_byte) {
            Ok(Id(s.to_owned()))
        } else {
            Err(InvalidId)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether `b` may appear in an id: an ASCII letter or digit, `_` or `-`.
fn is_id_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Id({})", self.0)
    }
}

impl<'de> Deserialize<'de> for Id {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = String::deserialize(deserializer)?;
        Id::parse(&s).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_random_id_is_22_alphanumeric_characters_and_parses_back() {
        let id = Id::random();
        assert_eq!(id.as_str().len(), 22);
        assert_eq!(Id::parse(id.as_str()), Ok(id));
    }

    #[test]
    fn two_random_ids_differ() {
        assert_ne!(Id::random(), Id::random());
    }

    #[test]
    fn ids_of_the_wrong_length_or_alphabet_are_rejected() {
        assert_eq!(Id::parse(""), Err(InvalidId));
        assert_eq!(Id::parse("abc"), Err(InvalidId));
        assert_eq!(Id::parse("aaaaaaaaaaaaaaaaaaaaaaa"), Err(InvalidId));
        assert_eq!(Id::parse("aaaaaaaaaaaaaaaaaaaa/a"), Err(InvalidId));
        assert_eq!(Id::parse("ááááááááááá"), Err(InvalidId));
        assert_eq!(Id::parse("aaaaaaaaaaaaaaaaaaaa.a"), Err(InvalidId));
        assert_eq!(Id::parse("aaaaaaaaaaaaaaaaaaaa\0a"), Err(InvalidId));
    }

    #[test]
    fn underscore_and_dash_are_id_characters() {
        for id in [
            "abc_defghijklmnopqrs-u",
            "______________________",
            "-AbCdEfGhIjKlMnOpQrSt_",
        ] {
            assert_eq!(
                Id::parse(id).map(|i| i.as_str().to_owned()),
                Ok(id.to_owned())
            );
        }
    }

    #[test]
    fn an_id_deserializes_only_when_well_formed() {
        let ok: Result<Id, _> = serde_json::from_str("\"AbCdEfGhIjKlMnOpQrStU1\"");
        assert!(ok.is_ok());
        let bad: Result<Id, _> = serde_json::from_str("\"../../etc/passwd\"");
        assert!(bad.is_err());
    }
}
