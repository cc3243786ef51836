//! Writing sessions. A session is a stretch of writing in one manuscript with its start, end
//! and net words. Writing continues the latest session if it ended at most 3 hours ago on the
//! same local day; otherwise it starts a new one. When the gap spans local midnight the old
//! session is closed at the end of its day and the new one starts at the start of today, so no
//! session straddles two days.

use crate::time::EpochMs;

use super::calendar::{Date, HOUR_MS};
use super::words::clamp_words;

/// The longest pause that still continues a session.
pub const SESSION_GAP_MS: EpochMs = 3 * HOUR_MS;

/// A writing session of one manuscript.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    pub start: EpochMs,
    pub end: EpochMs,
    /// Net words written in the session, never below 0.
    pub words: i64,
}

/// What recording some writing changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionChange {
    /// The session at `index` in the input now ends at `end` and holds `words`.
    Update {
        index: usize,
        end: EpochMs,
        words: i64,
    },
    /// A session to create.
    Start(Session),
}

/// Records `words_delta` words written at `now` into one manuscript's `sessions`, at a UTC
/// offset of `tz_offset_min` minutes east (see [`Date::local`]). A delta of 0 records nothing:
/// opening a chapter is not writing. A negative delta (deleting) lowers the session's words,
/// never below 0. The latest session is the one that ended last, wherever it is in the slice;
/// one that ends after `now` (a device clock ahead) counts as ending now.
pub fn record_writing(
    sessions: &[Session],
    words_delta: i64,
    now: EpochMs,
    tz_offset_min: i32,
) -> Vec<SessionChange> {
    if words_delta == 0 {
        return Vec::new();
    }
    let today = Date::local(now, tz_offset_min);
    let start = |start| {
        SessionChange::Start(Session {
            start,
            end: now,
            words: clamp_words(words_delta),
        })
    };
    let latest = sessions.iter().enumerate().max_by_key(|(_, s)| s.end);
    match latest {
        Some((index, last)) if now - last.end <= SESSION_GAP_MS => {
            let last_day = Date::local(last.end, tz_offset_min);
            if last_day >= today {
                vec![SessionChange::Update {
                    index,
                    end: now.max(last.end),
                    words: clamp_words(last.words + words_delta),
                }]
            } else {
                let day_end = last_day.add_days(1).start_ms(tz_offset_min) - 1;
                vec![
                    SessionChange::Update {
                        index,
                        end: day_end,
                        words: last.words,
                    },
                    start(today.start_ms(tz_offset_min)),
                ]
            }
        }
        _ => vec![start(now)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::calendar::MINUTE_MS;

    /// 2026-03-09T10:00:00Z.
    fn ten_am() -> EpochMs {
        Date::parse("2026-03-09").unwrap().start_ms(0) + 10 * HOUR_MS
    }

    fn session(start: EpochMs, end: EpochMs, words: i64) -> Session {
        Session { start, end, words }
    }

    #[test]
    fn the_first_writing_starts_a_session_now() {
        let now = ten_am();
        assert_eq!(
            record_writing(&[], 40, now, 0),
            [SessionChange::Start(session(now, now, 40))]
        );
    }

    #[test]
    fn writing_within_3_hours_on_the_same_day_continues_the_session() {
        let t = ten_am();
        let sessions = [session(t - HOUR_MS, t, 100)];
        let now = t + 3 * HOUR_MS;
        assert_eq!(
            record_writing(&sessions, 25, now, 0),
            [SessionChange::Update {
                index: 0,
                end: now,
                words: 125
            }]
        );
    }

    #[test]
    fn writing_more_than_3_hours_later_starts_a_new_session() {
        let t = ten_am();
        let sessions = [session(t - HOUR_MS, t, 100)];
        let now = t + 3 * HOUR_MS + 1;
        assert_eq!(
            record_writing(&sessions, 25, now, 0),
            [SessionChange::Start(session(now, now, 25))]
        );
    }

    #[test]
    fn across_midnight_the_old_session_closes_at_day_end_and_a_new_one_starts_at_day_start() {
        let midnight = Date::parse("2026-03-10").unwrap().start_ms(0);
        let sessions = [session(
            midnight - 2 * HOUR_MS,
            midnight - 30 * MINUTE_MS,
            300,
        )];
        let now = midnight + 20 * MINUTE_MS;
        assert_eq!(
            record_writing(&sessions, 12, now, 0),
            [
                SessionChange::Update {
                    index: 0,
                    end: midnight - 1,
                    words: 300
                },
                SessionChange::Start(session(midnight, now, 12)),
            ]
        );
    }

    #[test]
    fn the_day_is_the_writers_local_day() {
        // 23:30Z and 00:20Z are both in the evening of 9 March in New York (UTC−5).
        let midnight = Date::parse("2026-03-10").unwrap().start_ms(0);
        let sessions = [session(midnight - HOUR_MS, midnight - 30 * MINUTE_MS, 300)];
        let now = midnight + 20 * MINUTE_MS;
        assert_eq!(
            record_writing(&sessions, 12, now, -300),
            [SessionChange::Update {
                index: 0,
                end: now,
                words: 312
            }]
        );
        // In Madrid (UTC+1) local midnight fell at 23:00Z, before the session ended: one day.
        assert_eq!(record_writing(&sessions, 12, now, 60).len(), 1);
    }

    #[test]
    fn deleting_lowers_the_session_words_but_never_below_zero() {
        let t = ten_am();
        let sessions = [session(t - HOUR_MS, t, 30)];
        assert_eq!(
            record_writing(&sessions, -50, t + MINUTE_MS, 0),
            [SessionChange::Update {
                index: 0,
                end: t + MINUTE_MS,
                words: 0
            }]
        );
        let later = t + 5 * HOUR_MS;
        assert_eq!(
            record_writing(&sessions, -5, later, 0),
            [SessionChange::Start(session(later, later, 0))]
        );
    }

    #[test]
    fn no_change_in_words_records_nothing() {
        assert!(record_writing(&[], 0, ten_am(), 0).is_empty());
    }

    #[test]
    fn the_session_that_ended_last_is_continued_wherever_it_is_listed() {
        let t = ten_am();
        let sessions = [
            session(t - HOUR_MS, t, 5),
            session(t - 9 * HOUR_MS, t - 8 * HOUR_MS, 9),
        ];
        let changes = record_writing(&sessions, 1, t + MINUTE_MS, 0);
        assert!(matches!(
            changes[..],
            [SessionChange::Update { index: 0, .. }]
        ));
    }
}
