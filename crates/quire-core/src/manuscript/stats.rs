//! Word-count statistics over a range of UTC days (the stats modal and
//! `GET stats_word_counts/nanowrimo/{id}` with `from` and `to`): the range a client may ask for,
//! and the words written per day in it with the running total.

use crate::account::FieldCode;
use crate::time::EpochMs;

use super::calendar::{DAY_MS, Date};
use super::words::clamp_words;

/// The longest range a statistics call covers: a whole leap year.
pub const MAX_RANGE_DAYS: i64 = 366;

/// Whole UTC days from `from` to `to`, both included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayRange {
    pub from: Date,
    pub to: Date,
}

impl DayRange {
    /// The range of two `YYYY-MM-DD` dates: `from_invalid` or `to_invalid` for a malformed
    /// date, `to_before_from` when the range runs backwards, `range_too_long` beyond
    /// [`MAX_RANGE_DAYS`] days. The field each code belongs to comes with it.
    pub fn parse(from: &str, to: &str) -> Result<DayRange, (&'static str, FieldCode)> {
        let from = Date::parse(from).map_err(|_| ("from", FieldCode("date_invalid")))?;
        let to = Date::parse(to).map_err(|_| ("to", FieldCode("date_invalid")))?;
        let days = from.days_until(to) + 1;
        if days < 1 {
            Err(("to", FieldCode("to_before_from")))
        } else if days > MAX_RANGE_DAYS {
            Err(("to", FieldCode("range_too_long")))
        } else {
            Ok(DayRange { from, to })
        }
    }

    /// The first instant of the range (UTC midnight of `from`).
    pub fn start_ms(self) -> EpochMs {
        self.from.start_ms(0)
    }

    /// The first instant after the range (UTC midnight after `to`).
    pub fn end_ms(self) -> EpochMs {
        self.to.start_ms(0) + DAY_MS
    }

    /// Whether `at` falls in the range.
    pub fn contains(self, at: EpochMs) -> bool {
        (self.start_ms()..self.end_ms()).contains(&at)
    }

    /// Whether the span `start..=end` overlaps the range.
    pub fn overlaps(self, start: EpochMs, end: EpochMs) -> bool {
        start < self.end_ms() && end >= self.start_ms()
    }
}

/// The words of one UTC day, and of every day of the range up to and including it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DayTotal {
    pub date: Date,
    pub words: i64,
    pub total: i64,
}

/// One line per day of `range` (days without writing are 0), from hourly `records` of
/// `(hour, words)`; records outside the range are ignored, negative words count as 0.
pub fn daily_totals(records: &[(EpochMs, i64)], range: DayRange) -> Vec<DayTotal> {
    let days = usize::try_from(range.from.days_until(range.to) + 1).unwrap_or(0);
    let mut words = vec![0_i64; days];
    for &(hour, count) in records {
        if range.contains(hour) {
            let day = range.from.days_until(Date::local(hour, 0));
            if let Some(slot) = usize::try_from(day).ok().and_then(|d| words.get_mut(d)) {
                *slot = slot.saturating_add(clamp_words(count));
            }
        }
    }
    let mut total = 0_i64;
    words
        .into_iter()
        .enumerate()
        .map(|(day, words)| {
            total = total.saturating_add(words);
            DayTotal {
                date: range.from.add_days(day as i64),
                words,
                total,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::HOUR_MS;

    fn range(from: &str, to: &str) -> DayRange {
        DayRange::parse(from, to).unwrap()
    }

    #[test]
    fn a_range_runs_forwards_and_covers_at_most_366_days() {
        assert_eq!(
            range("2026-11-01", "2026-11-01").from.to_string(),
            "2026-11-01"
        );
        assert_eq!(
            DayRange::parse("2026-11-02", "2026-11-01").unwrap_err(),
            ("to", FieldCode("to_before_from"))
        );
        assert!(DayRange::parse("2024-01-01", "2024-12-31").is_ok());
        assert_eq!(
            DayRange::parse("2024-01-01", "2025-01-01").unwrap_err(),
            ("to", FieldCode("range_too_long"))
        );
        assert_eq!(
            DayRange::parse("yesterday", "2025-01-01").unwrap_err(),
            ("from", FieldCode("date_invalid"))
        );
    }

    #[test]
    fn a_range_holds_the_instants_of_its_days() {
        let r = range("2026-11-01", "2026-11-02");
        let start = Date::parse("2026-11-01").unwrap().start_ms(0);
        assert!(r.contains(start));
        assert!(r.contains(start + 2 * DAY_MS - 1));
        assert!(!r.contains(start - 1));
        assert!(!r.contains(start + 2 * DAY_MS));
        assert!(r.overlaps(start - HOUR_MS, start));
        assert!(!r.overlaps(start - HOUR_MS, start - 1));
    }

    #[test]
    fn hours_add_up_per_utc_day_across_midnight_with_a_running_total() {
        let r = range("2026-11-01", "2026-11-03");
        let midnight = Date::parse("2026-11-02").unwrap().start_ms(0);
        let records = [
            (midnight - HOUR_MS, 300),     // 23:00 on the 1st
            (midnight, 200),               // 00:00 on the 2nd
            (midnight + 5 * HOUR_MS, 50),  // the 2nd
            (midnight - 30 * HOUR_MS, 7),  // the 31st of October: outside
            (midnight + 2 * DAY_MS, 1000), // the 4th: outside
            (midnight + 3 * HOUR_MS, -40), // a negative count is 0
        ];
        let days = daily_totals(&records, r);
        let lines: Vec<(String, i64, i64)> = days
            .iter()
            .map(|d| (d.date.to_string(), d.words, d.total))
            .collect();
        assert_eq!(
            lines,
            [
                ("2026-11-01".to_owned(), 300, 300),
                ("2026-11-02".to_owned(), 250, 550),
                ("2026-11-03".to_owned(), 0, 550),
            ]
        );
    }
}
