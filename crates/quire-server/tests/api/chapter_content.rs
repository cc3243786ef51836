//! A chapter's content and its versions (ADR 0008): saves are last-writer-wins with words
//! counted by the server, a save to a chapter that is gone answers `chapter_not_found`, and a
//! restore keeps every version.

use quire_core::time::now_ms;
use quire_testkit::{Db, TestApp, TestResponse};
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

/// A well-formed id made from a short name: `id("m1")`.
fn id(name: &str) -> String {
    format!("{name:0<22}")
}

/// A signed-up writer with manuscript `m1` and its chapter `c1`.
pub(crate) async fn writer_with_a_chapter(db: Db) -> TestApp {
    let app = TestApp::spawn_with(db, &[]).await;
    app.sign_up("Ada Writer", "ada@example.com", PASSWORD).await;
    app.put_json(
        &format!("manuscripts/put/{}", id("m1")),
        &json!({"title": "Novel"}),
    )
    .await
    .data();
    app.put_json(
        &format!("chapters/put/{}", id("c1")),
        &json!({"manuscript_id": id("m1"), "name": "One"}),
    )
    .await
    .data();
    app
}

async fn save(app: &TestApp, chapter: &str, content: Value) -> TestResponse {
    app.put_json(
        &format!("chapters/put/content/{chapter}"),
        &json!({ "chapter_content": content }),
    )
    .await
}

async fn content_of(app: &TestApp, chapter: &str) -> Value {
    app.get(&format!("chapters/content/{chapter}"))
        .await
        .data()
        .clone()
}

#[tokio::test]
async fn a_save_is_read_back_with_the_words_the_server_counted() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        assert_eq!(
            content_of(&app, &c1).await,
            Value::Null,
            "nothing saved yet"
        );
        let before = now_ms();
        let saved = save(
            &app,
            &c1,
            json!({
                "content": "<p>It was a</p><p>da<b>rk</b> night&hellip;</p>", "words": 999,
                "comments": [{"id": "k1"}], "cursor_position": 12, "updated_at": before
            }),
        )
        .await;
        let answer = saved.data();
        assert_eq!(answer["saved"], "ok");
        assert_eq!(answer["applied"], true);
        assert!(answer["server_timestamp"].as_i64().unwrap() >= before);
        assert!(
            answer.get("chapter_content").is_none(),
            "an applied save sends nothing back"
        );
        let stored = content_of(&app, &c1).await;
        assert_eq!(
            stored["words"], 5,
            "counted from the HTML, not taken from the client"
        );
        assert_eq!(
            stored["id"],
            c1.as_str(),
            "a chapter's first content row takes its id"
        );
        assert_eq!(stored["chapter_id"], c1.as_str());
        assert_eq!(stored["manuscript_id"], id("m1"));
        assert_eq!(stored["cursor_position"], 12);
        assert_eq!(stored["comments"][0]["id"], "k1");

        let again = app
            .put_json(
                &format!("chapters/put/content/{c1}"),
                &json!({
                    "chapter_content": {"content": "", "words": -7, "updated_at": before + 1},
                    "use_updated_contents": true
                }),
            )
            .await;
        let again = again.data();
        assert_eq!(again["applied"], true);
        assert_eq!(again["chapter_content"]["words"], 0, "never below zero");
        assert_eq!(again["chapter_content"]["id"], c1.as_str(), "the same row");
        let tree = app.get(&format!("manuscripts/{}", id("m1"))).await;
        let rows: Vec<&Value> = tree.data()["chapter_contents"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["chapter_id"] == c1.as_str())
            .collect();
        assert_eq!(rows.len(), 1, "one content row per chapter");
        app.stop().await;
    }
}

#[tokio::test]
async fn an_older_save_is_not_applied_and_answers_the_newer_content() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let now = now_ms();
        save(
            &app,
            &c1,
            json!({"content": "<p>newer text</p>", "updated_at": now}),
        )
        .await
        .data();
        let stale = save(
            &app,
            &c1,
            json!({"content": "<p>older</p>", "updated_at": now - 10_000}),
        )
        .await;
        let stale = stale.data();
        assert_eq!(stale["saved"], "ok");
        assert_eq!(stale["applied"], false);
        assert_eq!(stale["chapter_content"]["content"], "<p>newer text</p>");
        assert_eq!(stale["chapter_content"]["updated_at"], now);
        assert_eq!(content_of(&app, &c1).await["content"], "<p>newer text</p>");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_save_to_a_missing_deleted_or_someone_elses_chapter_writes_nothing() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let now = now_ms();
        let body = |text: &str| json!({"content": text, "updated_at": now});
        let missing = save(&app, &id("ghost"), body("<p>x</p>")).await;
        assert_eq!(missing.status, 200);
        assert_eq!(missing.data()["saved"], "chapter_not_found");
        assert!(missing.data()["server_timestamp"].is_i64());

        app.put_json(
            &format!("chapters/put/{}", id("c2")),
            &json!({"manuscript_id": id("m1"), "name": "Two"}),
        )
        .await
        .data();
        save(&app, &id("c2"), body("<p>Ada's words</p>"))
            .await
            .data();
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        let by_bob = app
            .call_as(
                &bob,
                reqwest::Method::PUT,
                &format!("chapters/put/content/{}", id("c2")),
                Some(
                    &json!({"chapter_content": {"content": "<p>Bob's</p>", "updated_at": now + 1}}),
                ),
            )
            .await;
        assert_eq!(by_bob.data()["saved"], "chapter_not_found");
        assert!(by_bob.data().get("chapter_content").is_none());
        app.get_as(&bob, &format!("chapters/content/{}", id("c2")))
            .await
            .assert_failed(404, "not_found");
        // The chapter's text is its document now; its derived HTML escapes the apostrophe.
        assert_eq!(
            content_of(&app, &id("c2")).await["content"],
            "<p>Ada&#39;s words</p>"
        );

        app.delete(&format!("chapters/{}", id("c2"))).await.data();
        let deleted = save(&app, &id("c2"), body("<p>late</p>")).await;
        assert_eq!(deleted.data()["saved"], "chapter_not_found");

        app.delete(&format!("manuscripts/{}", id("m1")))
            .await
            .data();
        save(&app, &id("c1"), body("<p>late</p>"))
            .await
            .assert_failed(409, "manuscript_is_deleted");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_malformed_save_is_refused_field_by_field() {
    let app = writer_with_a_chapter(Db::Sqlite).await;
    let c1 = id("c1");
    let now = now_ms();
    save(&app, "short", json!({"content": "", "updated_at": now}))
        .await
        .assert_failed(422, "invalid_fields");
    app.get("chapters/content/short")
        .await
        .assert_failed(422, "invalid_fields");
    for (content, field, code) in [
        (json!({"updated_at": now}), "content", "required"),
        (
            json!({"content": 7, "updated_at": now}),
            "content",
            "invalid",
        ),
        (json!({"content": "<p>x</p>"}), "updated_at", "required"),
        (
            json!({"content": "<p>x</p>", "updated_at": "now"}),
            "updated_at",
            "invalid",
        ),
        (
            json!({"content": "<p>x</p>", "updated_at": now, "comments": "none"}),
            "comments",
            "invalid",
        ),
    ] {
        let refused = save(&app, &c1, content).await;
        refused.assert_failed(422, "invalid_fields");
        assert_eq!(refused.body["fields"][field], code, "{}", refused.body);
    }
    app.put_json(&format!("chapters/put/content/{c1}"), &json!({}))
        .await
        .assert_failed(400, "invalid_json");
    assert_eq!(content_of(&app, &c1).await, Value::Null);
    app.stop().await;
}

fn names(listing: &TestResponse) -> Vec<String> {
    listing
        .data()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn versions_snapshot_the_content_and_list_newest_first_without_bodies() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let now = now_ms();
        save(&app, &c1, json!({"content": "<p>first draft here</p>", "footnotes": [{"n": 1}], "updated_at": now}))
            .await
            .data();
        let first = app
            .post_json(
                "chapter_versions/add",
                &json!({"chapter_id": c1, "name": "First draft"}),
            )
            .await;
        let first = first.data().clone();
        assert_eq!(first["content"], "<p>first draft here</p>");
        assert_eq!(first["footnotes"][0]["n"], 1);
        assert_eq!(first["words"], 3);
        assert_eq!(first["chapter_id"], c1.as_str());
        assert_eq!(first["manuscript_id"], id("m1"));
        assert_eq!(first["name"], "First draft");
        tokio::time::sleep(std::time::Duration::from_millis(3)).await;
        let second = app
            .post_json(
                "chapter_versions/add",
                &json!({"id": id("v2"), "chapter_id": c1}),
            )
            .await;
        assert_eq!(second.data()["id"], id("v2"));
        assert_eq!(second.data()["name"], "");
        app.post_json(
            "chapter_versions/add",
            &json!({"id": id("v2"), "chapter_id": c1}),
        )
        .await
        .assert_failed(409, "id_taken");
        app.post_json(
            "chapter_versions/add",
            &json!({"chapter_id": c1, "name": "x".repeat(256)}),
        )
        .await
        .assert_failed(422, "invalid_fields");
        app.post_json("chapter_versions/add", &json!({"chapter_id": id("ghost")}))
            .await
            .assert_failed(404, "not_found");

        let listed = app.get(&format!("chapter_versions/chapter/{c1}")).await;
        assert_eq!(names(&listed), ["", "First draft"], "newest first");
        let light = &listed.data()[1];
        assert!(light.get("content").is_none() && light.get("footnotes").is_none());
        assert_eq!(light["words"], 3);
        let all = app
            .get(&format!("chapter_versions/all?manuscript_id={}", id("m1")))
            .await;
        assert_eq!(names(&all), ["", "First draft"]);
        app.get("chapter_versions/all")
            .await
            .assert_failed(422, "invalid_fields");
        app.get(&format!(
            "chapter_versions/all?manuscript_id={}",
            id("nope")
        ))
        .await
        .assert_failed(404, "not_found");
        let one = app
            .get(&format!(
                "chapter_versions/get/{}",
                first["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(one.data()["content"], "<p>first draft here</p>");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_restore_is_a_new_save_and_keeps_the_replaced_text_as_a_version() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let now = now_ms();
        save(
            &app,
            &c1,
            json!({"content": "<p>old words</p>", "updated_at": now}),
        )
        .await
        .data();
        app.post_json(
            "chapter_versions/add",
            &json!({"id": id("v1"), "chapter_id": c1, "name": "Old"}),
        )
        .await
        .data();
        // A device clock a little ahead: the restore must still come out newer.
        let ahead = now + 30_000;
        save(
            &app,
            &c1,
            json!({"content": "<p>new words, many</p>", "updated_at": ahead}),
        )
        .await
        .data();

        let restored = app
            .post_json(&format!("chapter_versions/copy/{}", id("v1")), &json!({}))
            .await;
        let restored = restored.data().clone();
        assert_eq!(restored["content"], "<p>old words</p>");
        assert_eq!(restored["words"], 2);
        assert!(restored["updated_at"].as_i64().unwrap() > ahead);
        assert_eq!(content_of(&app, &c1).await["content"], "<p>old words</p>");

        let listed = app.get(&format!("chapter_versions/chapter/{c1}")).await;
        let versions = listed.data().as_array().unwrap().clone();
        assert_eq!(versions.len(), 2, "the old version and the automatic one");
        let automatic = versions
            .iter()
            .find(|v| v["automatic"] == true)
            .expect("the replaced text was kept");
        let kept = app
            .get(&format!(
                "chapter_versions/get/{}",
                automatic["id"].as_str().unwrap()
            ))
            .await;
        assert_eq!(kept.data()["content"], "<p>new words, many</p>");
        assert_eq!(kept.data()["content_updated_at"], ahead);
        let old = app.get(&format!("chapter_versions/get/{}", id("v1"))).await;
        assert_eq!(
            old.data()["content"],
            "<p>old words</p>",
            "history untouched"
        );

        app.post_json(&format!("chapter_versions/copy/{}", id("v1")), &json!({}))
            .await
            .data();
        let listed = app.get(&format!("chapter_versions/chapter/{c1}")).await;
        assert_eq!(
            listed.data().as_array().unwrap().len(),
            2,
            "restoring the text already current keeps no duplicate"
        );

        app.delete(&format!("chapters/{c1}")).await.data();
        app.post_json(&format!("chapter_versions/copy/{}", id("v1")), &json!({}))
            .await
            .assert_failed(404, "chapter_not_found");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_version_is_renamed_trashed_recovered_and_removed() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        app.post_json(
            "chapter_versions/add",
            &json!({"id": id("v1"), "chapter_id": c1, "name": "Draft"}),
        )
        .await
        .data();
        let v1 = id("v1");
        let renamed = app
            .put_json(
                &format!("chapter_versions/update/{v1}"),
                &json!({"name": "Opening", "updated_at": now_ms() + 1_000}),
            )
            .await;
        assert_eq!(renamed.data()["name"], "Opening");
        assert!(renamed.data().get("content").is_none());
        let stale = app
            .put_json(
                &format!("chapter_versions/update/{v1}"),
                &json!({"name": "Older", "updated_at": 1}),
            )
            .await;
        assert_eq!(stale.data()["name"], "Opening", "last writer wins");

        app.delete(&format!("chapter_versions/delete/{v1}?hard_delete=true"))
            .await
            .assert_failed(409, "is_not_deleted");
        assert_eq!(
            *app.delete(&format!("chapter_versions/delete/{v1}"))
                .await
                .data(),
            json!(true)
        );
        let listed = app.get(&format!("chapter_versions/chapter/{c1}")).await;
        assert!(listed.data().as_array().unwrap().is_empty());
        app.get(&format!("chapter_versions/undelete/{v1}"))
            .await
            .data();
        let listed = app.get(&format!("chapter_versions/chapter/{c1}")).await;
        assert_eq!(names(&listed), ["Opening"]);
        app.delete(&format!("chapter_versions/delete/{v1}"))
            .await
            .data();
        app.delete(&format!("chapter_versions/delete/{v1}?hard_delete=true"))
            .await
            .data();
        app.get(&format!("chapter_versions/get/{v1}"))
            .await
            .assert_failed(404, "not_found");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_save_from_an_older_client_is_a_forward_edit_of_the_chapters_document() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let now = now_ms();
        save(
            &app,
            &c1,
            json!({"content": "<h1>One</h1><p>Alpha.</p><p>Beta.</p>", "updated_at": now}),
        )
        .await
        .data();
        assert!(app.state.store.doc_exists(&c1).await.expect("a read"));
        let stored = content_of(&app, &c1).await;
        assert_eq!(stored["content"], "<h1>One</h1><p>Alpha.</p><p>Beta.</p>");
        assert_eq!(stored["words"], 3);

        // Another device adds a paragraph through the document (as the editor does) …
        crate::collab_client::type_paragraph(&app, &c1, 4242, "Gamma, typed on the phone.").await;

        // … while an older client, which never saw it, saves its whole text with Alpha changed.
        save(&app, &c1, json!({"content": "<h1>One</h1><p>Alpha, revised.</p><p>Beta.</p>", "updated_at": now + 1}))
            .await
            .data();
        let merged = content_of(&app, &c1).await;
        assert_eq!(
            merged["content"],
            "<h1>One</h1><p>Alpha, revised.</p><p>Beta.</p><p>Gamma, typed on the phone.</p>",
            "the older client's save must not overwrite the phone's paragraph"
        );
        assert_eq!(merged["words"], 9);
        assert!(merged["updated_at"].as_i64().expect("a time") > now);
    }
}

#[tokio::test]
async fn a_chapter_whose_text_is_only_a_content_row_opens_with_that_text_once() {
    use quire_store::manuscripts::{EntityKind, EntityRow};
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        // A content row written before the chapter had a document (an older server, an
        // import): straight into the store, so no forward edit made a document of it.
        let user = app.get("users/me").await.data()["user"]["id"]
            .as_str()
            .expect("an id")
            .to_owned();
        let now = now_ms();
        let mut row = EntityRow::new(EntityKind::ChapterContent, &c1, &user, now);
        row.manuscript_id = Some(id("m1"));
        row.chapter_id = Some(c1.clone());
        row.doc.insert(
            "content".into(),
            json!("<h1>One</h1><p>It was <em>late</em>.</p><p>Rain.</p>"),
        );
        app.state.store.put(&user, row, now).await.expect("stored");
        assert!(!app.state.store.doc_exists(&c1).await.expect("a read"));

        // Two devices open it at once: both get the row's text, and it is there once.
        let mut phone = crate::collab_client::Client::open(&app, "ada@example.com").await;
        let mut laptop = crate::collab_client::Client::open(&app, "ada@example.com").await;
        let ((_, on_phone), (_, on_laptop)) = tokio::join!(phone.join(&c1), laptop.join(&c1));
        let text = "One\nIt was late.\nRain.";
        assert_eq!(crate::collab_client::text_of(&on_phone), text);
        assert_eq!(crate::collab_client::text_of(&on_laptop), text);
        assert!(app.state.store.doc_exists(&c1).await.expect("a read"));
        assert_eq!(
            content_of(&app, &c1).await["content"],
            "<h1>One</h1><p>It was late.</p><p>Rain.</p>"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn a_content_row_put_through_the_generic_calls_reaches_the_chapters_document() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let (c1, row) = (id("c1"), id("r1"));
        let now = now_ms();
        app.put_json(
            &format!("chapter_contents/put/{row}"),
            &json!({"manuscript_id": id("m1"), "chapter_id": c1, "updated_at": now,
                    "content": "<p>Alpha.</p><p>Beta.</p>"}),
        )
        .await
        .data();
        let state = app.state.collab.state(&c1).await.expect("a state");
        assert_eq!(crate::collab_client::text_of(&state), "Alpha.\nBeta.");

        crate::collab_client::type_paragraph(&app, &c1, 4242, "Gamma, typed on the phone.").await;
        app.put_json(
            &format!("chapter_contents/{row}"),
            &json!({"updated_at": now + 1, "content": "<p>Alpha, revised.</p><p>Beta.</p>"}),
        )
        .await
        .data();
        assert_eq!(
            content_of(&app, &c1).await["content"],
            "<p>Alpha, revised.</p><p>Beta.</p><p>Gamma, typed on the phone.</p>",
            "the row's new text is a forward edit: the phone's paragraph stays"
        );
        app.stop().await;
    }
}
