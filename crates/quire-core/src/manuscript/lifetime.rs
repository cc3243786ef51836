//! A writer's lifetime figures (My Stats, `GET users/stats`): words and minutes of today, this
//! week, this month … across all their manuscripts, counted in local days of their time zone.
//!
//! Local days follow the offset in force at each instant (DST included), from the time-zone
//! database bundled into the binary, so every machine and both databases agree.

use jiff::Timestamp;
use jiff::tz::TimeZone;
use serde::{Deserialize, Serialize};

use crate::account::FieldCode;
use crate::time::EpochMs;

use super::calendar::{Date, MINUTE_MS};
use super::words::clamp_words;

/// The writer's time zone: an IANA name of the bundled database.
#[derive(Debug, Clone)]
pub struct WriterZone {
    name: String,
    zone: TimeZone,
}

impl WriterZone {
    /// Coordinated Universal Time, for a writer who has not chosen a zone.
    pub fn utc() -> WriterZone {
        WriterZone {
            name: "UTC".to_owned(),
            zone: TimeZone::UTC,
        }
    }

    /// The zone of an IANA name (`Europe/Madrid`); a name the database does not know is
    /// `invalid`.
    pub fn parse(name: &str) -> Result<WriterZone, FieldCode> {
        let invalid = FieldCode("invalid");
        let zone = TimeZone::get(name.trim()).map_err(|_| invalid)?;
        if zone.is_unknown() {
            return Err(invalid);
        }
        let name = zone.iana_name().unwrap_or(name.trim()).to_owned();
        Ok(WriterZone { name, zone })
    }

    /// The zone's IANA name as the database spells it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The local day `at` falls on.
    pub fn date(&self, at: EpochMs) -> Date {
        let local = Timestamp::from_millisecond(at).map(|ts| self.zone.to_datetime(ts).date());
        local
            .ok()
            .and_then(|d| Date::from_ymd(i64::from(d.year()), d.month() as u32, d.day() as u32))
            // Beyond the years the database covers: the UTC day.
            .unwrap_or_else(|| Date::local(at, 0))
    }
}

/// One hourly word-count record: the start of its UTC hour and the words written in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HourWords {
    pub hour: EpochMs,
    pub words: i64,
}

/// One writing session's span.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionSpan {
    pub start: EpochMs,
    pub end: EpochMs,
}

/// Minutes of writing, whole minutes rounded down.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MinuteFigures {
    pub total: i64,
    pub today: i64,
    pub this_week: i64,
    pub this_month: i64,
    /// Up to two weekdays with the most minutes over all time, most first, numbered
    /// 0 = Sunday … 6 = Saturday.
    pub best_days: Vec<u8>,
}

/// Words written.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WordFigures {
    pub total: i64,
    pub today: i64,
    pub yesterday: i64,
    pub this_week: i64,
    pub last_week: i64,
    pub this_month: i64,
    pub last_month: i64,
    pub this_year: i64,
}

/// The figures of My Stats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LifetimeStats {
    pub minutes: MinuteFigures,
    pub words: WordFigures,
}

/// The local days that bound each period, from the writer's today. Weeks start on Monday;
/// months and the year are calendar ones. A period runs to today included: days after today (a
/// device clock ahead) count only in the totals.
#[derive(Debug, Clone, Copy)]
struct Periods {
    today: Date,
    yesterday: Date,
    week: Date,
    last_week: Date,
    month: Date,
    last_month: Date,
    year: Date,
}

impl Periods {
    fn of(today: Date) -> Periods {
        let days_since_monday = (i64::from(js_day(today)) + 6) % 7;
        let week = today.add_days(-days_since_monday);
        let (y, m, _) = today.ymd();
        let first = |y: i64, m: u32| Date::from_ymd(y, m, 1).unwrap_or(today);
        let last_month = if m == 1 {
            first(y - 1, 12)
        } else {
            first(y, m - 1)
        };
        Periods {
            today,
            yesterday: today.add_days(-1),
            week,
            last_week: week.add_days(-7),
            month: first(y, m),
            last_month,
            year: first(y, 1),
        }
    }

    fn this_week(&self, d: Date) -> bool {
        (self.week..=self.today).contains(&d)
    }

    fn last_week(&self, d: Date) -> bool {
        (self.last_week..self.week).contains(&d)
    }

    fn this_month(&self, d: Date) -> bool {
        (self.month..=self.today).contains(&d)
    }

    fn last_month(&self, d: Date) -> bool {
        (self.last_month..self.month).contains(&d)
    }

    fn this_year(&self, d: Date) -> bool {
        (self.year..=self.today).contains(&d)
    }
}

/// JavaScript's `getDay()` number of a day: 0 = Sunday … 6 = Saturday.
fn js_day(d: Date) -> u8 {
    d.weekday().js_day()
}

/// The figures at `now` in `zone`, from every live word-count record and writing session of
/// the writer. A record counts on the local day of its hour (negative words as 0); a session
/// counts on the local day of its start, for `end − start` (never below 0). Minutes are summed
/// in milliseconds and rounded down once per figure.
pub fn lifetime_stats(
    records: &[HourWords],
    sessions: &[SessionSpan],
    now: EpochMs,
    zone: &WriterZone,
) -> LifetimeStats {
    let p = Periods::of(zone.date(now));
    let mut words = WordFigures {
        total: 0,
        today: 0,
        yesterday: 0,
        this_week: 0,
        last_week: 0,
        this_month: 0,
        last_month: 0,
        this_year: 0,
    };
    for record in records {
        let w = clamp_words(record.words);
        let d = zone.date(record.hour);
        let add = |slot: &mut i64, counts: bool| {
            if counts {
                *slot = slot.saturating_add(w);
            }
        };
        add(&mut words.total, true);
        add(&mut words.today, d == p.today);
        add(&mut words.yesterday, d == p.yesterday);
        add(&mut words.this_week, p.this_week(d));
        add(&mut words.last_week, p.last_week(d));
        add(&mut words.this_month, p.this_month(d));
        add(&mut words.last_month, p.last_month(d));
        add(&mut words.this_year, p.this_year(d));
    }

    let (mut total, mut today, mut week, mut month) = (0_i64, 0_i64, 0_i64, 0_i64);
    let mut by_weekday = [0_i64; 7];
    for session in sessions {
        let ms = session.end.saturating_sub(session.start).max(0);
        let d = zone.date(session.start);
        let add = |slot: &mut i64, counts: bool| {
            if counts {
                *slot = slot.saturating_add(ms);
            }
        };
        add(&mut total, true);
        add(&mut today, d == p.today);
        add(&mut week, p.this_week(d));
        add(&mut month, p.this_month(d));
        add(&mut by_weekday[usize::from(js_day(d))], true);
    }
    let minutes = |ms: i64| ms / MINUTE_MS;
    LifetimeStats {
        minutes: MinuteFigures {
            total: minutes(total),
            today: minutes(today),
            this_week: minutes(week),
            this_month: minutes(month),
            best_days: best_days(by_weekday.map(minutes)),
        },
        words,
    }
}

/// Up to two weekdays with the most whole minutes, most first; ties go to the lower number and
/// a weekday without a whole minute is never listed.
fn best_days(minutes: [i64; 7]) -> Vec<u8> {
    let mut days: Vec<u8> = (0..7).filter(|&d| minutes[usize::from(d)] > 0).collect();
    days.sort_by_key(|&d| (std::cmp::Reverse(minutes[usize::from(d)]), d));
    days.truncate(2);
    days
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::calendar::HOUR_MS;

    /// Epoch ms of an ISO UTC instant: `utc("2026-03-29T00:30:00Z")`.
    fn utc(iso: &str) -> EpochMs {
        iso.parse::<Timestamp>().unwrap().as_millisecond()
    }

    fn madrid() -> WriterZone {
        WriterZone::parse("Europe/Madrid").unwrap()
    }

    fn words_at(hours: &[(&str, i64)]) -> Vec<HourWords> {
        hours
            .iter()
            .map(|&(iso, words)| HourWords {
                hour: utc(iso),
                words,
            })
            .collect()
    }

    fn span(start: &str, end: &str) -> SessionSpan {
        SessionSpan {
            start: utc(start),
            end: utc(end),
        }
    }

    #[test]
    fn a_zone_is_an_iana_name_of_the_bundled_database() {
        assert_eq!(madrid().name(), "Europe/Madrid");
        assert_eq!(WriterZone::parse("UTC").unwrap().name(), "UTC");
        for bad in [
            "Mars/Olympus_Mons",
            "",
            "../etc/passwd",
            "Etc/Unknown",
            "+01:00",
        ] {
            assert_eq!(WriterZone::parse(bad).unwrap_err().0, "invalid", "{bad}");
        }
    }

    #[test]
    fn local_days_follow_the_offset_in_force_across_dst() {
        let zone = madrid();
        // Summer (UTC+2): 22:30Z on 28 March 2026 is 23:30 winter time, still the 28th…
        assert_eq!(
            zone.date(utc("2026-03-28T22:30:00Z")).to_string(),
            "2026-03-28"
        );
        // …and after the change on the 29th, 22:30Z is 00:30 on the 30th.
        assert_eq!(
            zone.date(utc("2026-03-29T22:30:00Z")).to_string(),
            "2026-03-30"
        );
        assert_eq!(
            zone.date(utc("2026-10-24T22:00:00Z")).to_string(),
            "2026-10-25"
        );
        assert_eq!(
            zone.date(utc("2026-10-25T22:59:59Z")).to_string(),
            "2026-10-25"
        );
    }

    #[test]
    fn days_are_numbered_as_javascript_does() {
        for (day, number) in [("2026-03-29", 0), ("2026-03-30", 1), ("2026-04-04", 6)] {
            assert_eq!(js_day(Date::parse(day).unwrap()), number, "{day}");
        }
    }

    #[test]
    fn periods_run_from_monday_and_the_first_of_the_month_and_year() {
        let p = Periods::of(Date::parse("2026-01-04").unwrap()); // a Sunday
        assert_eq!(p.week.to_string(), "2025-12-29");
        assert_eq!(p.last_week.to_string(), "2025-12-22");
        assert_eq!(p.month.to_string(), "2026-01-01");
        assert_eq!(p.last_month.to_string(), "2025-12-01");
        assert_eq!(p.year.to_string(), "2026-01-01");
        let monday = Periods::of(Date::parse("2026-03-30").unwrap());
        assert_eq!(monday.week, monday.today);
    }

    #[test]
    fn a_record_counts_on_its_local_day_either_side_of_midnight() {
        let now = utc("2026-11-03T10:00:00Z"); // Tuesday in Madrid (UTC+1)
        let records = words_at(&[
            ("2026-11-02T22:00:00Z", 100), // 23:00 on Monday the 2nd
            ("2026-11-02T23:00:00Z", 40),  // 00:00 on Tuesday the 3rd
            ("2026-11-03T09:00:00Z", -7),  // never below 0
        ]);
        let stats = lifetime_stats(&records, &[], now, &madrid());
        assert_eq!(stats.words.today, 40);
        assert_eq!(stats.words.yesterday, 100);
        assert_eq!(stats.words.this_week, 140);
        assert_eq!(stats.words.total, 140);
        let in_utc = lifetime_stats(&records, &[], now, &WriterZone::utc());
        assert_eq!((in_utc.words.today, in_utc.words.yesterday), (0, 140));
    }

    #[test]
    fn minutes_are_summed_before_rounding_down_and_count_on_the_start_day() {
        let now = utc("2026-11-03T20:00:00Z");
        let sessions = [
            span("2026-11-03T08:00:00Z", "2026-11-03T08:00:40Z"),
            span("2026-11-03T09:00:00Z", "2026-11-03T09:00:40Z"),
            // Starts at 23:50 on Monday in Madrid and runs past midnight: Monday's.
            span("2026-11-02T22:50:00Z", "2026-11-02T23:20:00Z"),
        ];
        let stats = lifetime_stats(&[], &sessions, now, &madrid());
        assert_eq!(stats.minutes.today, 1, "40 s + 40 s is one whole minute");
        assert_eq!(stats.minutes.this_week, 31);
        assert_eq!(stats.minutes.total, 31);
        assert_eq!(stats.minutes.best_days, [1, 2]);
    }

    #[test]
    fn best_days_list_at_most_two_weekdays_with_minutes_ties_to_the_lower_number() {
        assert_eq!(best_days([0; 7]), Vec::<u8>::new());
        assert_eq!(best_days([0, 0, 0, 5, 0, 0, 0]), [3]);
        assert_eq!(best_days([4, 9, 4, 9, 0, 0, 4]), [1, 3]);
        assert_eq!(best_days([7, 2, 2, 0, 0, 0, 0]), [0, 1]);
    }

    #[test]
    fn an_hour_record_spanning_midnight_in_a_half_hour_zone_counts_on_its_start_day() {
        // 18:00Z is 23:30 in Kolkata (UTC+5:30): the hour starts on the 2nd.
        let zone = WriterZone::parse("Asia/Kolkata").unwrap();
        let records = words_at(&[("2026-11-02T18:00:00Z", 50)]);
        let now = utc("2026-11-02T18:00:00Z") + HOUR_MS;
        let stats = lifetime_stats(&records, &[], now, &zone);
        assert_eq!((stats.words.today, stats.words.yesterday), (0, 50));
    }
}
