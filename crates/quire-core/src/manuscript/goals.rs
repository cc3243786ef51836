//! The daily word goal, from a manuscript's goals (words, deadline, daysoff, daily). It is
//! computed only when `goals.words` > 0 and the deadline has not passed.

use std::collections::HashSet;

use super::calendar::{Date, Weekday};
use super::words::clamp_words;

/// Today's word target: the words still to write divided by the writing days left, rounded up
/// so that meeting it every day finishes on time.
///
/// - `written` is what counts toward the goal before today; pass the count as of the start of
///   the day so the target does not shrink while the writer writes.
/// - The writing days run from `today` to `deadline`, both included, minus the weekdays in
///   `days_off`. When every day left is a day off, the whole remainder is the target.
/// - `None` when `words_goal` is not above 0 or the deadline is before today; `Some(0)` once
///   the goal is met.
pub fn daily_goal(
    words_goal: i64,
    written: i64,
    deadline: Date,
    days_off: &[Weekday],
    today: Date,
) -> Option<i64> {
    if words_goal <= 0 || deadline < today {
        return None;
    }
    let remaining = clamp_words(words_goal - written);
    let days = writing_days(today, deadline, days_off).max(1);
    Some(remaining / days + i64::from(remaining % days != 0))
}

/// Days from `from` to `to`, both included, that are not days off. Whole weeks are counted
/// arithmetically, so a deadline years away costs no more than one a week away.
fn writing_days(from: Date, to: Date, days_off: &[Weekday]) -> i64 {
    let off: HashSet<Weekday> = days_off.iter().copied().collect();
    let total = from.days_until(to) + 1;
    let (weeks, rest) = (total / 7, total % 7);
    let per_week = 7 - i64::try_from(off.len()).unwrap_or(7);
    let rest_days = (0..rest)
        .filter(|k| !off.contains(&from.add_days(weeks * 7 + k).weekday()))
        .count();
    weeks * per_week + i64::try_from(rest_days).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(s: &str) -> Date {
        Date::parse(s).unwrap()
    }

    const WEEKEND: [Weekday; 2] = [Weekday::Saturday, Weekday::Sunday];

    #[test]
    fn there_is_no_daily_goal_without_a_words_goal() {
        let d = date("2026-03-09");
        assert_eq!(daily_goal(0, 0, d, &[], d), None);
        assert_eq!(daily_goal(-5, 0, d, &[], d), None);
    }

    #[test]
    fn there_is_no_daily_goal_once_the_deadline_has_passed() {
        assert_eq!(
            daily_goal(1000, 0, date("2026-03-08"), &[], date("2026-03-09")),
            None
        );
        assert_eq!(
            daily_goal(1000, 400, date("2026-03-09"), &[], date("2026-03-09")),
            Some(600)
        );
    }

    #[test]
    fn the_remaining_words_are_spread_over_the_writing_days_left_without_days_off() {
        // Monday 9 to Sunday 15 March: five weekdays.
        let goal = daily_goal(
            10_000,
            4_000,
            date("2026-03-15"),
            &WEEKEND,
            date("2026-03-09"),
        );
        assert_eq!(goal, Some(1_200));
    }

    #[test]
    fn the_daily_goal_is_rounded_up() {
        assert_eq!(
            daily_goal(1_000, 0, date("2026-03-11"), &[], date("2026-03-09")),
            Some(334)
        );
    }

    #[test]
    fn a_met_goal_leaves_zero_a_day() {
        assert_eq!(
            daily_goal(1_000, 1_500, date("2026-04-01"), &[], date("2026-03-09")),
            Some(0)
        );
    }

    #[test]
    fn when_only_days_off_are_left_the_whole_remainder_is_due() {
        // Saturday 14 and Sunday 15 March.
        let goal = daily_goal(900, 100, date("2026-03-15"), &WEEKEND, date("2026-03-14"));
        assert_eq!(goal, Some(800));
    }

    #[test]
    fn writing_days_over_a_long_stretch_match_a_day_by_day_count() {
        let from = date("2026-01-07");
        let off = [Weekday::Wednesday, Weekday::Sunday, Weekday::Sunday];
        for span in [0, 1, 6, 7, 8, 100, 365] {
            let to = from.add_days(span);
            let by_day = (0..=span)
                .filter(|&k| !off.contains(&from.add_days(k).weekday()))
                .count();
            assert_eq!(writing_days(from, to, &off), by_day as i64, "span {span}");
        }
    }
}
