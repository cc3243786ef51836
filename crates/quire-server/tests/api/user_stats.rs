//! `GET users/stats`: the writer's lifetime words and minutes across all their manuscripts, in
//! the time zone asked for, else their `settings.timezone`, else UTC; only their own live rows.

use quire_core::manuscript::{Date, HOUR_MS, MINUTE_MS};
use quire_core::time::now_ms;
use quire_testkit::{Db, TestApp, TestResponse};
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

fn id(name: &str) -> String {
    format!("{name:0<22}")
}

/// Epoch ms of a UTC day, hour and minute: `at("2020-01-05", 23, 30)`.
fn at(day: &str, hour: i64, minute: i64) -> i64 {
    Date::parse(day).unwrap().start_ms(0) + hour * HOUR_MS + minute * MINUTE_MS
}

/// A signed-up writer with manuscripts `m1` and `m2`; answers the user object.
async fn writer(app: &TestApp) -> Value {
    let user = app.sign_up("Ada Writer", "ada@example.com", PASSWORD).await;
    for m in ["m1", "m2"] {
        app.put_json(&format!("manuscripts/put/{}", id(m)), &json!({"title": m}))
            .await
            .data();
    }
    user
}

async fn record(app: &TestApp, row: &str, manuscript: &str, date: i64, words: i64) {
    app.put_json(
        &format!("stats_word_counts/{}", id(row)),
        &json!({"manuscript_id": id(manuscript), "date": date, "words": words}),
    )
    .await
    .data();
}

async fn session(app: &TestApp, row: &str, manuscript: &str, start: i64, end: i64) {
    app.put_json(
        &format!("writing_sessions/{}", id(row)),
        &json!({"manuscript_id": id(manuscript), "start": start, "end": end, "words": 10}),
    )
    .await
    .data();
}

/// Seeds, on both manuscripts: 150 words in the current hour and 7 in January 2020; a session
/// of 20 minutes starting now and one of 90 minutes starting at 23:30Z on Sunday 5 January 2020
/// (already Monday in Madrid); and a record and a session put in the trash.
async fn seed(app: &TestApp) {
    let now = now_ms();
    record(app, "w1", "m1", now, 100).await;
    record(app, "w2", "m2", now, 50).await;
    record(app, "w3", "m1", at("2020-01-06", 10, 0), 7).await;
    session(app, "s1", "m1", now, now + 20 * MINUTE_MS).await;
    let sunday_night = at("2020-01-05", 23, 30);
    session(app, "s2", "m2", sunday_night, sunday_night + 90 * MINUTE_MS).await;
    record(app, "w4", "m2", at("2021-03-01", 10, 0), 1000).await;
    session(
        app,
        "s3",
        "m1",
        at("2021-03-01", 10, 0),
        at("2021-03-01", 18, 0),
    )
    .await;
    app.delete(&format!("stats_word_counts/{}", id("w4")))
        .await
        .data();
    app.delete(&format!("writing_sessions/{}", id("s3")))
        .await
        .data();
}

fn stats(answer: &TestResponse) -> &Value {
    answer.data()
}

#[tokio::test]
async fn the_figures_sum_the_writers_live_records_and_sessions_of_every_manuscript() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        writer(&app).await;
        seed(&app).await;
        let answer = app.get("users/stats?timezone=UTC").await;
        let data = stats(&answer);
        assert_eq!(data["timezone"], "UTC", "{db:?}");
        assert_eq!(
            data["words"],
            json!({"total": 157, "today": 150, "yesterday": 0, "this_week": 150,
                   "last_week": 0, "this_month": 150, "last_month": 0, "this_year": 150}),
            "{db:?}: the trashed 1,000 words do not count"
        );
        let minutes = &data["minutes"];
        assert_eq!(
            minutes["total"], 110,
            "{db:?}: the trashed 8 hours do not count"
        );
        assert_eq!(minutes["today"], 20);
        assert_eq!(minutes["this_week"], 20);
        assert_eq!(minutes["this_month"], 20);
        assert_eq!(minutes["best_days"][0], 0, "Sunday in UTC: {minutes}");
        app.stop().await;
    }
}

#[tokio::test]
async fn days_are_counted_in_the_zone_asked_else_the_users_setting_else_utc() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let user = writer(&app).await;
        seed(&app).await;

        let unset = app.get("users/stats").await;
        assert_eq!(stats(&unset)["timezone"], "UTC", "{db:?}");
        assert_eq!(stats(&unset)["minutes"]["best_days"][0], 0);

        let madrid = app.get("users/stats?timezone=Europe/Madrid").await;
        assert_eq!(stats(&madrid)["timezone"], "Europe/Madrid");
        assert_eq!(
            stats(&madrid)["minutes"]["best_days"][0],
            1,
            "23:30Z on a Sunday is Monday in Madrid"
        );
        assert_eq!(stats(&madrid)["words"]["total"], 157);

        let user_id = user["id"].as_str().unwrap();
        app.put_json(
            &format!("users/{user_id}"),
            &json!({"settings": {"timezone": "Europe/Madrid"}}),
        )
        .await
        .data();
        let from_settings = app.get("users/stats").await;
        assert_eq!(stats(&from_settings)["timezone"], "Europe/Madrid");
        assert_eq!(stats(&from_settings)["minutes"]["best_days"][0], 1);
        let asked = app.get("users/stats?timezone=America/New_York").await;
        assert_eq!(stats(&asked)["timezone"], "America/New_York");
        assert_eq!(stats(&asked)["minutes"]["best_days"][0], 0);

        // A well-formed setting the database does not know reads as UTC.
        app.put_json(
            &format!("users/{user_id}"),
            &json!({"settings": {"timezone": "Mars/Olympus_Mons"}}),
        )
        .await
        .data();
        assert_eq!(stats(&app.get("users/stats").await)["timezone"], "UTC");
        app.stop().await;
    }
}

#[tokio::test]
async fn an_unknown_zone_is_refused_and_a_stranger_is_not_let_in() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        writer(&app).await;
        for bad in [
            "Mars/Olympus_Mons",
            "Europe",
            "../etc/localtime",
            "Etc/Unknown",
        ] {
            let answer = app.get(&format!("users/stats?timezone={bad}")).await;
            answer.assert_failed(422, "invalid_fields");
            assert_eq!(answer.body["fields"]["timezone"], "invalid", "{db:?} {bad}");
        }
        let anonymous = app.new_client();
        app.get_as(&anonymous, "users/stats")
            .await
            .assert_failed(401, "not_authorized");
        app.stop().await;
    }
}

#[tokio::test]
async fn another_writers_rows_are_not_counted() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        writer(&app).await;
        seed(&app).await;
        let other = app.new_client();
        app.sign_up_as(&other, "Other", "other@example.com", PASSWORD)
            .await;
        let now = now_ms();
        let theirs = id("theirs");
        for (path, body) in [
            (
                format!("manuscripts/put/{theirs}"),
                json!({"title": "Theirs"}),
            ),
            (
                format!("stats_word_counts/{theirs}"),
                json!({"manuscript_id": theirs, "date": now, "words": 999}),
            ),
            (
                format!("writing_sessions/{theirs}"),
                json!({"manuscript_id": theirs, "start": now, "end": now + 5 * MINUTE_MS}),
            ),
        ] {
            app.call_as(&other, reqwest::Method::PUT, &path, Some(&body))
                .await
                .data();
        }
        let figures = app.get_as(&other, "users/stats?timezone=UTC").await;
        assert_eq!(stats(&figures)["words"]["total"], 999, "{db:?}");
        assert_eq!(stats(&figures)["minutes"]["total"], 5);
        let mine = app.get("users/stats?timezone=UTC").await;
        assert_eq!(stats(&mine)["words"]["total"], 157, "{db:?}");
        assert_eq!(stats(&mine)["minutes"]["total"], 110);
        app.stop().await;
    }
}
