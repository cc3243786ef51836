//! Entity ids: 22-character random strings.
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

/// Where new ids and the rules' random numbers come from. The core never draws them itself:
/// whoever asks for a rule that makes rows passes a source — [`RandomIds`] in the server and
/// the store, a predictable one in tests.
pub trait IdSource {
    /// A fresh entity id.
    fn id(&mut self) -> Id;
    /// A fresh number from `low` to `high`, both included.
    fn number(&mut self, low: i64, high: i64) -> i64;
}

/// The real source: random ids and numbers.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomIds;

impl IdSource for RandomIds {
    fn id(&mut self) -> Id {
        Id::random()
    }

    fn number(&mut self, low: i64, high: i64) -> i64 {
        rand::rng().random_range(low..=high)
    }
}

/// A predictable source for tests: ids `id00…01`, `id00…02`, … and numbers counting up from
/// `low` (wrapping within the range).
#[derive(Debug, Clone, Default)]
pub struct SequentialIds {
    drawn: u64,
}

impl IdSource for SequentialIds {
    fn id(&mut self) -> Id {
        self.drawn += 1;
        Id(format!("id{:0width$}", self.drawn, width = ID_LEN - 2))
    }

    fn number(&mut self, low: i64, high: i64) -> i64 {
        self.drawn += 1;
        let span = (high - low + 1).max(1) as u64;
        low + ((self.drawn - 1) % span) as i64
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
    fn the_sequential_source_draws_well_formed_distinct_ids_and_numbers_in_range() {
        let mut ids = SequentialIds::default();
        let (a, b) = (ids.id(), ids.id());
        assert_ne!(a, b);
        assert_eq!(Id::parse(a.as_str()), Ok(a));
        for _ in 0..10 {
            assert!((3..=5).contains(&ids.number(3, 5)));
        }
        let mut random = RandomIds;
        assert!((1..=2).contains(&random.number(1, 2)));
        assert_eq!(random.id().as_str().len(), ID_LEN);
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
