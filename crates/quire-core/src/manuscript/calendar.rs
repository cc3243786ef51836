//! Civil dates and local days: what "the same day", "midnight" and "a day off" mean for the
//! writing rules. Offsets are minutes east of UTC (+60 for Madrid in winter), the negation of
//! JavaScript's `getTimezoneOffset()`. Proleptic Gregorian calendar, no time-zone database: the
//! caller passes the offset in force.

use std::fmt;

use crate::account::FieldCode;
use crate::time::EpochMs;

/// One minute in milliseconds.
pub const MINUTE_MS: EpochMs = 60_000;
/// One hour in milliseconds.
pub const HOUR_MS: EpochMs = 3_600_000;
/// One day in milliseconds.
pub const DAY_MS: EpochMs = 86_400_000;
/// Minutes per day.
pub const MINUTES_PER_DAY: i32 = 1440;

/// A day of the week.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weekday {
    Monday,
    Tuesday,
    Wednesday,
    Thursday,
    Friday,
    Saturday,
    Sunday,
}

impl Weekday {
    const ALL: [Weekday; 7] = [
        Weekday::Monday,
        Weekday::Tuesday,
        Weekday::Wednesday,
        Weekday::Thursday,
        Weekday::Friday,
        Weekday::Saturday,
        Weekday::Sunday,
    ];

    /// The weekday of JavaScript's `Date.getDay()` numbering (0 = Sunday … 6 = Saturday), the
    /// form a web client stores days off in.
    pub fn from_js_day(day: u8) -> Option<Weekday> {
        match day {
            0 => Some(Weekday::Sunday),
            1..=6 => Some(Weekday::ALL[usize::from(day) - 1]),
            _ => None,
        }
    }

    /// The day's number in JavaScript's `Date.getDay()` numbering (0 = Sunday … 6 = Saturday).
    pub fn js_day(self) -> u8 {
        match self {
            Weekday::Sunday => 0,
            Weekday::Monday => 1,
            Weekday::Tuesday => 2,
            Weekday::Wednesday => 3,
            Weekday::Thursday => 4,
            Weekday::Friday => 5,
            Weekday::Saturday => 6,
        }
    }
}

/// A calendar day, held as days since 1970-01-01. Ordered, so "the deadline has passed" is a
/// comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date(i64);

impl Date {
    /// The date of a year, month (1–12) and day, if that day exists.
    pub fn from_ymd(year: i64, month: u32, day: u32) -> Option<Date> {
        ((1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month))
            .then(|| Date(days_from_civil(year, month, day)))
    }

    /// Parses `YYYY-MM-DD`; anything else is `date_invalid`.
    pub fn parse(raw: &str) -> Result<Date, FieldCode> {
        let invalid = FieldCode("date_invalid");
        let b = raw.trim().as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return Err(invalid);
        }
        let year = digits(&b[0..4]).ok_or(invalid)?;
        let month = digits(&b[5..7]).ok_or(invalid)?;
        let day = digits(&b[8..10]).ok_or(invalid)?;
        Date::from_ymd(i64::from(year), month, day).ok_or(invalid)
    }

    /// The day `ts` falls on at a UTC offset of `offset_min` minutes.
    pub fn local(ts: EpochMs, offset_min: i32) -> Date {
        Date((ts + i64::from(offset_min) * MINUTE_MS).div_euclid(DAY_MS))
    }

    /// The instant this day begins (local midnight) at a UTC offset of `offset_min` minutes.
    pub fn start_ms(self, offset_min: i32) -> EpochMs {
        self.0 * DAY_MS - i64::from(offset_min) * MINUTE_MS
    }

    /// The day `n` days later (earlier when negative).
    pub fn add_days(self, n: i64) -> Date {
        Date(self.0 + n)
    }

    /// Days from `self` to `other`: positive when `other` is later.
    pub fn days_until(self, other: Date) -> i64 {
        other.0 - self.0
    }

    /// Year, month (1–12) and day of the month.
    pub fn ymd(self) -> (i64, u32, u32) {
        civil_from_days(self.0)
    }

    pub fn weekday(self) -> Weekday {
        // 1970-01-01 was a Thursday.
        Weekday::ALL[usize::try_from((self.0 + 3).rem_euclid(7)).unwrap_or(0)]
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

/// The number an all-ASCII-digit slice spells, if it is all digits.
pub(crate) fn digits(b: &[u8]) -> Option<u32> {
    if b.is_empty() || b.len() > 9 || !b.iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0')))
}

pub(crate) fn is_leap_year(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

pub(crate) fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if is_leap_year(year) => 29,
        2 => 28,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a valid civil date (H. Hinnant's `days_from_civil`).
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let (m, d) = (i64::from(month), i64::from(day));
    let y = if m <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The civil date of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
pub(crate) fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    // Both are in range by construction (1–31, 1–12).
    (year, day_u32(month), day_u32(day))
}

fn day_u32(n: i64) -> u32 {
    u32::try_from(n).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_through_day_counts_across_leap_years() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (2024, 12, 31), (1969, 12, 31)] {
            let date = Date::from_ymd(y, m, d).unwrap();
            assert_eq!(date.ymd(), (y, m, d));
        }
        assert_eq!(Date::from_ymd(1970, 1, 1).unwrap(), Date(0));
        assert!(Date::from_ymd(2023, 2, 29).is_none());
        assert!(Date::from_ymd(1900, 2, 29).is_none());
        assert!(Date::from_ymd(2024, 13, 1).is_none());
    }

    #[test]
    fn a_date_parses_from_and_prints_as_year_month_day() {
        let date = Date::parse("2026-03-09").unwrap();
        assert_eq!(date.to_string(), "2026-03-09");
        for bad in ["2026-3-9", "2026-02-30", "tomorrow", "2026/03/09", ""] {
            assert_eq!(Date::parse(bad).unwrap_err().0, "date_invalid", "{bad}");
        }
    }

    #[test]
    fn the_local_day_depends_on_the_utc_offset() {
        // 2026-03-09T23:30:00Z
        let ts = Date::parse("2026-03-09").unwrap().start_ms(0) + 23 * HOUR_MS + 30 * MINUTE_MS;
        assert_eq!(Date::local(ts, 0).to_string(), "2026-03-09");
        assert_eq!(Date::local(ts, 60).to_string(), "2026-03-10");
        assert_eq!(Date::local(ts, -300).to_string(), "2026-03-09");
        let madrid_midnight = Date::parse("2026-03-10").unwrap().start_ms(60);
        assert_eq!(madrid_midnight, ts - 30 * MINUTE_MS);
    }

    #[test]
    fn weekdays_follow_the_calendar_and_javascript_numbering() {
        assert_eq!(
            Date::parse("1970-01-01").unwrap().weekday(),
            Weekday::Thursday
        );
        assert_eq!(
            Date::parse("2026-03-09").unwrap().weekday(),
            Weekday::Monday
        );
        assert_eq!(
            Date::parse("1969-12-28").unwrap().weekday(),
            Weekday::Sunday
        );
        assert_eq!(Weekday::from_js_day(0), Some(Weekday::Sunday));
        assert_eq!(Weekday::from_js_day(6), Some(Weekday::Saturday));
        assert_eq!(Weekday::from_js_day(7), None);
        for day in 0..7 {
            assert_eq!(Weekday::from_js_day(day).unwrap().js_day(), day);
        }
    }
}
