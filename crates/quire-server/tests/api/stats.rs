//! Word counts, writing sessions and day totals (ADR 0008): one record per manuscript and hour,
//! words never below zero, ranges of UTC days, totals across midnight.

use quire_core::manuscript::{Date, HOUR_MS};
use quire_core::time::now_ms;
use quire_testkit::{Db, TestApp, TestResponse};
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

fn id(name: &str) -> String {
    format!("{name:0<22}")
}

/// Epoch ms of a UTC day and hour: `at("2026-11-01", 23)`.
fn at(day: &str, hour: i64) -> i64 {
    Date::parse(day).unwrap().start_ms(0) + hour * HOUR_MS
}

/// A signed-up writer with manuscripts `m1` and `m2`.
async fn writer(db: Db) -> TestApp {
    let app = TestApp::spawn_with(db, &[]).await;
    app.sign_up("Ada Writer", "ada@example.com", PASSWORD).await;
    for m in ["m1", "m2"] {
        app.put_json(&format!("manuscripts/put/{}", id(m)), &json!({"title": m}))
            .await
            .data();
    }
    app
}

async fn count(app: &TestApp, row: &str, body: Value) -> TestResponse {
    app.put_json(&format!("stats_word_counts/{}", id(row)), &body)
        .await
}

fn ids(listing: &TestResponse) -> Vec<String> {
    listing
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_manuscript_keeps_one_word_count_per_hour_and_never_below_zero() {
    for db in Db::all() {
        let app = writer(db).await;
        let hour = at("2026-11-01", 10);
        let now = now_ms();
        let first = count(
            &app,
            "w1",
            json!({"manuscript_id": id("m1"), "date": hour + 17 * 60_000, "words": 120, "updated_at": now}),
        )
        .await;
        assert_eq!(first.data()["date"], hour, "bucketed to its hour");
        assert_eq!(first.data()["words"], 120);
        let negative = count(
            &app,
            "w1",
            json!({"manuscript_id": id("m1"), "date": hour, "words": -5, "updated_at": now + 1}),
        )
        .await;
        assert_eq!(negative.data()["words"], 0);

        let same_hour = count(
            &app,
            "w2",
            json!({"manuscript_id": id("m1"), "date": hour + 59 * 60_000, "words": 300, "updated_at": now + 2}),
        )
        .await;
        assert_eq!(same_hour.status, 200, "{}", same_hour.body);
        assert_eq!(
            same_hour.data()["id"],
            id("w1"),
            "the hour's record, to adopt"
        );
        assert_eq!(
            same_hour.data()["words"],
            300,
            "the newer total replaces the older"
        );
        app.get(&format!("stats_word_counts/{}", id("w2")))
            .await
            .assert_failed(404, "not_found");
        let other = count(
            &app,
            "w3",
            json!({"manuscript_id": id("m2"), "date": hour, "words": 40, "updated_at": now}),
        )
        .await;
        assert_eq!(
            other.data()["id"],
            id("w3"),
            "another manuscript has its own hour"
        );

        let all = app.get("stats_word_counts").await;
        assert_eq!(ids(&all), [id("w1"), id("w3")]);
        let of_m1 = app
            .get(&format!("stats_word_counts?manuscript_id={}", id("m1")))
            .await;
        assert_eq!(ids(&of_m1), [id("w1")]);
        let got = app.get(&format!("stats_word_counts/{}", id("w1"))).await;
        assert_eq!(got.data()["words"], 300);

        let refused = count(&app, "w4", json!({"manuscript_id": id("m1"), "words": 1})).await;
        refused.assert_failed(422, "invalid_fields");
        assert_eq!(refused.body["fields"]["date"], "required");
        count(&app, "w4", json!({"date": hour, "words": 1}))
            .await
            .assert_failed(422, "manuscript_id_required");

        app.delete(&format!("stats_word_counts/{}", id("w1")))
            .await
            .data();
        let of_m1 = app
            .get(&format!("stats_word_counts?manuscript_id={}", id("m1")))
            .await;
        assert!(ids(&of_m1).is_empty(), "a deleted record stops counting");
        app.delete(&format!("stats_word_counts/{}?hard_delete=true", id("w1")))
            .await
            .data();
        app.stop().await;
    }
}

#[tokio::test]
async fn listings_take_a_range_of_utc_days_of_at_most_366() {
    for db in Db::all() {
        let app = writer(db).await;
        let now = now_ms();
        for (row, hour) in [
            ("a", at("2026-10-31", 23)),
            ("b", at("2026-11-01", 0)),
            ("c", at("2026-11-02", 23)),
            ("d", at("2026-11-03", 0)),
        ] {
            count(
                &app,
                row,
                json!({"manuscript_id": id("m1"), "date": hour, "words": 1, "updated_at": now}),
            )
            .await
            .data();
        }
        let listed = app
            .get("stats_word_counts?from=2026-11-01&to=2026-11-02")
            .await;
        assert_eq!(ids(&listed), [id("b"), id("c")]);
        for (query, field, code) in [
            ("from=2026-11-02&to=2026-11-01", "to", "to_before_from"),
            ("from=2025-01-01&to=2026-01-02", "to", "range_too_long"),
            ("from=2026-11-01", "to", "required"),
            ("to=2026-11-01", "from", "required"),
            ("from=11/01/2026&to=2026-11-02", "from", "date_invalid"),
        ] {
            let refused = app.get(&format!("stats_word_counts?{query}")).await;
            refused.assert_failed(422, "invalid_fields");
            assert_eq!(refused.body["fields"][field], code, "{query}");
        }
        let whole_leap_year = app
            .get("stats_word_counts?from=2024-01-01&to=2024-12-31")
            .await;
        assert!(ids(&whole_leap_year).is_empty());
        app.get(&format!("stats_word_counts?manuscript_id={}", id("nope")))
            .await
            .assert_failed(404, "not_found");
        app.stop().await;
    }
}

#[tokio::test]
async fn nanowrimo_totals_each_utc_day_across_midnight_with_a_running_total() {
    for db in Db::all() {
        let app = writer(db).await;
        let now = now_ms();
        for (row, manuscript, hour, words) in [
            ("late", "m1", at("2026-11-01", 23), 300),
            ("midnight", "m1", at("2026-11-02", 0), 200),
            ("morning", "m1", at("2026-11-02", 5), 50),
            ("before", "m1", at("2026-10-31", 10), 7),
            ("elsewhere", "m2", at("2026-11-02", 10), 1000),
        ] {
            count(
                &app,
                row,
                json!({"manuscript_id": id(manuscript), "date": hour, "words": words, "updated_at": now}),
            )
            .await
            .data();
        }
        let totals = app
            .get(&format!(
                "stats_word_counts/nanowrimo/{}?from=2026-11-01&to=2026-11-03",
                id("m1")
            ))
            .await;
        let totals = totals.data();
        assert_eq!(
            totals["days"],
            json!([
                {"date": "2026-11-01", "words": 300, "total": 300},
                {"date": "2026-11-02", "words": 250, "total": 550},
                {"date": "2026-11-03", "words": 0, "total": 550},
            ])
        );
        assert_eq!(totals["total"], 550);
        assert_eq!(totals["from"], "2026-11-01");
        app.get(&format!(
            "stats_word_counts/nanowrimo/{}?to=2026-11-03",
            id("m1")
        ))
        .await
        .assert_failed(422, "invalid_fields");
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        app.get_as(
            &bob,
            &format!(
                "stats_word_counts/nanowrimo/{}?from=2026-11-01&to=2026-11-03",
                id("m1")
            ),
        )
        .await
        .assert_failed(404, "not_found");
        app.stop().await;
    }
}

#[tokio::test]
async fn writing_sessions_are_recorded_listed_by_the_days_they_touch_and_deleted() {
    for db in Db::all() {
        let app = writer(db).await;
        let now = now_ms();
        let session = |start: i64, end: i64, words: i64| json!({"manuscript_id": id("m1"), "start": start, "end": end, "words": words, "updated_at": now});
        let put = |row: &str, body: Value| {
            let path = format!("writing_sessions/{}", id(row));
            let app = &app;
            async move { app.put_json(&path, &body).await }
        };
        let evening = put(
            "s1",
            session(at("2026-11-01", 22), at("2026-11-01", 23), -3),
        )
        .await;
        assert_eq!(evening.data()["words"], 0);
        assert_eq!(evening.data()["start"], at("2026-11-01", 22));
        put("s2", session(at("2026-11-03", 9), at("2026-11-03", 10), 80))
            .await
            .data();
        let backwards = put("s3", session(at("2026-11-03", 10), at("2026-11-03", 9), 1)).await;
        backwards.assert_failed(422, "invalid_fields");
        assert_eq!(backwards.body["fields"]["end"], "end_before_start");
        let no_start = put("s3", json!({"manuscript_id": id("m1"), "end": now})).await;
        assert_eq!(no_start.body["fields"]["start"], "required");

        let listed = app
            .get(&format!(
                "writing_sessions?manuscript_id={}&from=2026-11-01&to=2026-11-02",
                id("m1")
            ))
            .await;
        assert_eq!(ids(&listed), [id("s1")]);
        assert_eq!(
            ids(&app.get("writing_sessions").await),
            [id("s1"), id("s2")]
        );
        let got = app.get(&format!("writing_sessions/{}", id("s2"))).await;
        assert_eq!(got.data()["words"], 80);
        app.delete(&format!("writing_sessions/{}", id("s2")))
            .await
            .data();
        assert_eq!(ids(&app.get("writing_sessions").await), [id("s1")]);
        app.stop().await;
    }
}
