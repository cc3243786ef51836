//! `POST actions/multiple/` (the activity log devices send) and `GET notes/global` (the Quick
//! Notes the live channel's `global_note` handler reloads).

use quire_testkit::{Db, TestApp};
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

fn id(name: &str) -> String {
    format!("{name:0<22}")
}

fn entry(name: &str, kind: &str) -> Value {
    json!({"id": id(name), "type": kind, "created_at": 1_700_000_000_000_i64,
           "device_id": "pwa-1", "platform": "web", "user_id": null,
           "related_ids": {"manuscript_id": id("m1")}, "details": {"code": "x"},
           "device_fingerprint": "f"})
}

#[tokio::test]
async fn a_batch_is_stored_once_and_a_bad_one_not_at_all() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let ada = app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let ada_id = ada["id"].as_str().expect("an id").to_owned();
        let batch =
            json!({"actions": [entry("a1", "clock_offset"), entry("a2", "live_channel_error")]});
        assert_eq!(
            app.post_json("actions/multiple/", &batch).await.data()["stored"],
            2
        );
        // The same batch again (its answer was lost): nothing new.
        assert_eq!(
            app.post_json("actions/multiple/", &batch).await.data()["stored"],
            0
        );
        let stored = app.state.store.activity_of(&ada_id).await.expect("a read");
        assert_eq!(stored.len(), 2);
        let kept: Value = serde_json::from_str(&stored[0].data).expect("JSON");
        assert_eq!(kept["details"]["code"], "x", "kept as sent");

        // One bad entry refuses the whole batch.
        for bad in [
            json!({"type": "x", "created_at": 1}),
            json!({"id": "short", "type": "x", "created_at": 1}),
            json!({"id": id("b1"), "created_at": 1}),
            json!({"id": id("b1"), "type": "", "created_at": 1}),
            json!({"id": id("b1"), "type": "x", "created_at": "yesterday"}),
            json!({"id": id("b1"), "type": "x", "created_at": 1, "details": "y".repeat(9000)}),
            json!("not an object"),
        ] {
            app.post_json(
                "actions/multiple/",
                &json!({"actions": [entry("b2", "ok"), bad]}),
            )
            .await
            .assert_failed(422, "invalid_fields");
        }
        let too_many: Vec<Value> = (0..501).map(|i| entry(&format!("c{i}"), "x")).collect();
        app.post_json("actions/multiple/", &json!({"actions": too_many}))
            .await
            .assert_failed(422, "invalid_fields");
        assert_eq!(
            app.state
                .store
                .activity_of(&ada_id)
                .await
                .expect("a read")
                .len(),
            2
        );

        // Signed out: refused.
        let stranger = app.new_client();
        app.call_as(
            &stranger,
            reqwest::Method::POST,
            "actions/multiple/",
            Some(&batch),
        )
        .await
        .assert_failed(401, "not_authorized");
    }
}

#[tokio::test]
async fn global_notes_are_the_notes_outside_any_manuscript() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        app.put_json(
            &format!("manuscripts/put/{}", id("m1")),
            &json!({"title": "Novel"}),
        )
        .await
        .data();
        app.put_json(
            &format!("notes/put/{}", id("n1")),
            &json!({"title": "Quick idea"}),
        )
        .await
        .data();
        app.put_json(
            &format!("notes/put/{}", id("n2")),
            &json!({"title": "In the novel", "manuscript_id": id("m1")}),
        )
        .await
        .data();
        let notes = app.get("notes/global").await.data().clone();
        let ids: Vec<&str> = notes
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|n| n["id"].as_str())
            .collect();
        assert_eq!(ids, vec![id("n1").as_str()]);

        // Another writer sees none of them.
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        assert_eq!(app.get_as(&bob, "notes/global").await.data(), &json!([]));
    }
}
