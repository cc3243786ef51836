//! Last writer wins: which of two writes of one row is kept, decided the same way by every
//! server and every client.

use crate::time::EpochMs;

/// When a write of a row was made, and by which device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp<'a> {
    pub updated_at: EpochMs,
    pub device: &'a str,
}

impl<'a> Stamp<'a> {
    pub fn new(updated_at: EpochMs, device: &'a str) -> Self {
        Stamp { updated_at, device }
    }

    /// Whether a write stamped `self` replaces the stored write stamped `stored`: the newer
    /// time wins, and at equal times the greater device id, so that every replica keeps the
    /// same row whatever order the writes arrive in. The same write again wins (it changes
    /// nothing), so a retried write is applied rather than reported stale.
    pub fn wins_over(self, stored: Stamp<'_>) -> bool {
        (self.updated_at, self.device) >= (stored.updated_at, stored.device)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_newer_write_wins_and_equal_times_go_to_the_greater_device() {
        let cases = [
            ((2, "a"), (1, "z"), true),
            ((1, "z"), (2, "a"), false),
            ((5, "b"), (5, "a"), true),
            ((5, "a"), (5, "b"), false),
            ((5, "a"), (5, "a"), true),
            ((5, ""), (5, "a"), false),
            ((0, "a"), (-1, "a"), true),
        ];
        for ((at, device), (stored_at, stored_device), expected) in cases {
            let write = Stamp::new(at, device);
            let stored = Stamp::new(stored_at, stored_device);
            assert_eq!(
                write.wins_over(stored),
                expected,
                "{write:?} over {stored:?}"
            );
        }
    }

    #[test]
    fn of_two_different_writes_exactly_one_wins_whichever_arrives_first() {
        let writes = [(1, "a"), (1, "b"), (2, "a"), (2, ""), (3, "c")];
        for a in writes {
            for b in writes.into_iter().filter(|b| *b != a) {
                let (a, b) = (Stamp::new(a.0, a.1), Stamp::new(b.0, b.1));
                assert_ne!(a.wins_over(b), b.wins_over(a), "{a:?} against {b:?}");
            }
        }
    }
}
