//! How long a room's document stays built after its last use before it goes dormant (only its
//! encoded state kept, `document.rs`). A room whose document is rebuilt soon after going quiet
//! — a writer pausing a few seconds between sentences — waits longer the next time, so such
//! pauses stop costing a rebuild (decode, integrate) and an encode each.

use std::time::Duration;

use tokio::time::Instant;

/// Doublings of the configured quiet spell at most (2 s → 32 s).
const MAX_PATIENCE: u32 = 4;

/// When the document last went quiet (until it is rebuilt), and how many times over the room's
/// quiet spell is doubled.
#[derive(Debug, Default)]
pub(super) struct QuietSpell {
    since: Option<Instant>,
    patience: u32,
}

impl QuietSpell {
    /// The document went dormant now.
    pub(super) fn went_quiet(&mut self) {
        self.since = Some(Instant::now());
    }

    /// The spell to wait after the document's last use: `base` doubled by the room's patience,
    /// which is first updated if the document (`in_use`) was rebuilt since it went quiet.
    pub(super) fn length(&mut self, base: Duration, in_use: bool) -> Duration {
        if in_use && let Some(since) = self.since.take() {
            self.patience = patience_after(self.patience, since.elapsed(), base);
        }
        base * (1 << self.patience)
    }
}

/// A room's patience once its document was rebuilt `rebuilt_after` it went quiet: one doubling
/// more when that came within as long again as it had waited (waiting longer would have saved
/// the rebuild), back to none when the room stayed quiet longer than that.
fn patience_after(patience: u32, rebuilt_after: Duration, dormant_after: Duration) -> u32 {
    if rebuilt_after < dormant_after * (1 << patience) {
        (patience + 1).min(MAX_PATIENCE)
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{MAX_PATIENCE, patience_after};

    const BASE: Duration = Duration::from_secs(2);

    #[test]
    fn a_document_rebuilt_soon_after_going_quiet_waits_longer_next_time_up_to_a_cap() {
        // A writer pausing 3 s between sentences: quiet after 2 s, back 1 s later, so the
        // room waits 4 s next time and those pauses no longer cost a rebuild.
        assert_eq!(patience_after(0, Duration::from_millis(1000), BASE), 1);
        // Pausing 7 s: quiet after 4 s, back 3 s later: 8 s next time.
        assert_eq!(patience_after(1, Duration::from_millis(3000), BASE), 2);
        let mut patience = 0;
        for _ in 0..10 {
            patience = patience_after(patience, Duration::from_millis(10), BASE);
        }
        assert_eq!(patience, MAX_PATIENCE);
        assert_eq!(BASE * (1 << MAX_PATIENCE), Duration::from_secs(32));
    }

    #[test]
    fn a_room_that_stayed_quiet_longer_than_it_waited_goes_back_to_the_short_spell() {
        assert_eq!(patience_after(2, Duration::from_secs(8), BASE), 0);
        assert_eq!(patience_after(0, Duration::from_secs(60), BASE), 0);
    }
}
