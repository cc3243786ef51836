//! The table of My Stats cases shared with the web app's tests
//! (`tests/fixtures/lifetime-stats-cases.json`): every case through `lifetime_stats`.

use quire_core::manuscript::{HourWords, LifetimeStats, SessionSpan, WriterZone, lifetime_stats};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct Case {
    name: String,
    timezone: String,
    now: String,
    word_counts: Vec<Record>,
    sessions: Vec<Session>,
    expected: LifetimeStats,
}

#[derive(Debug, Deserialize)]
struct Record {
    date: String,
    words: i64,
}

#[derive(Debug, Deserialize)]
struct Session {
    start: String,
    end: String,
}

/// Epoch milliseconds of an ISO UTC instant.
fn ms(iso: &str) -> i64 {
    iso.parse::<jiff::Timestamp>()
        .unwrap_or_else(|e| panic!("{iso}: {e}"))
        .as_millisecond()
}

#[test]
fn every_shared_case_gives_its_expected_figures() {
    let raw = include_str!("fixtures/lifetime-stats-cases.json");
    let cases: Vec<Case> = serde_json::from_str(raw).expect("the cases parse");
    assert!(cases.len() >= 8, "the table keeps at least 8 cases");
    for case in cases {
        let zone = WriterZone::parse(&case.timezone).expect("a known zone");
        let records: Vec<HourWords> = case
            .word_counts
            .iter()
            .map(|r| HourWords {
                hour: ms(&r.date),
                words: r.words,
            })
            .collect();
        let sessions: Vec<SessionSpan> = case
            .sessions
            .iter()
            .map(|s| SessionSpan {
                start: ms(&s.start),
                end: ms(&s.end),
            })
            .collect();
        let got = lifetime_stats(&records, &sessions, ms(&case.now), &zone);
        assert_eq!(got, case.expected, "{}", case.name);
    }
}
