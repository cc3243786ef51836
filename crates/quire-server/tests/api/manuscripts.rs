//! The per-entity API and the manuscript calls (ADR 0007): every kind's four operations, last
//! writer wins, the trash codes, parents and cycles, the listings, several and one manuscript,
//! the changed-content check, copy, templates, the cursor and bulk trash operations.

use quire_testkit::{Db, TestApp, TestResponse};
use reqwest::Method;
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

/// A well-formed id made from a short name: `id("m1")`.
fn id(name: &str) -> String {
    format!("{name:0<22}")
}

async fn signed_up(db: Db) -> TestApp {
    let app = TestApp::spawn_with(db, &[]).await;
    app.sign_up("Ada Writer", "ada@example.com", PASSWORD).await;
    app
}

async fn put(app: &TestApp, kind: &str, row_id: &str, body: Value) -> TestResponse {
    app.put_json(&format!("{kind}/put/{row_id}"), &body).await
}

/// A manuscript `m` (with its automatic first chapter) for the signed-in writer.
async fn manuscript(app: &TestApp, m: &str, title: &str) -> Value {
    put(app, "manuscripts", &id(m), json!({"title": title}))
        .await
        .data()
        .clone()
}

/// `(path segment, extra fields a new row needs)` for every kind inside a manuscript.
fn kinds_in(manuscript_id: &str) -> Vec<(&'static str, Value)> {
    let m = json!({"manuscript_id": manuscript_id});
    let with = |extra: Value| {
        let mut object = m.clone();
        object
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        object
    };
    vec![
        ("chapters", with(json!({"name": "A chapter"}))),
        ("groups", with(json!({"name": "Act I", "type": "chapters"}))),
        ("outlines", with(json!({"name": "Outline"}))),
        (
            "elements",
            with(json!({"name": "Hero", "meta": {"type": "character"}})),
        ),
        (
            "notes",
            with(json!({"title": "Note", "content": "<p>n</p>"})),
        ),
        ("researches", with(json!({"name": "Sources", "items": []}))),
        (
            "stashes",
            with(json!({"content": "<p>cut</p>", "enabled": true})),
        ),
        (
            "to_dos",
            with(json!({"title": "Task", "status": "pending"})),
        ),
        ("plotboards", with(json!({"name": "Board"}))),
        (
            "element_relationship_boards",
            with(json!({"name": "Relations"})),
        ),
        (
            "chapter_contents",
            with(json!({"content": "<p>text</p>", "words": 1})),
        ),
    ]
}

#[tokio::test]
async fn every_kind_is_put_updated_deleted_undeleted_and_hard_deleted_in_one_shape() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let folder = put(&app, "folders", &id("f1"), json!({"name": "Drafts"})).await;
        assert_eq!(folder.data()["name"], "Drafts");
        let mut kinds = kinds_in(&id("m1"));
        kinds.push(("folders", json!({"name": "Ideas"})));
        kinds.push(("manuscripts", json!({"title": "Another"})));
        for (n, (kind, body)) in kinds.into_iter().enumerate() {
            let row_id = id(&format!("r{n}"));
            let created = put(&app, kind, &row_id, body).await;
            let created = created.data();
            assert_eq!(created["id"], row_id.as_str(), "{kind}");
            assert!(created["updated_at"].as_i64().unwrap() > 0, "{kind}");
            assert!(created["synced_at"].is_i64(), "{kind}");
            assert_eq!(created["deleted_at"], Value::Null, "{kind}");

            let later = created["updated_at"].as_i64().unwrap() + 1;
            let updated = app
                .put_json(
                    &format!("{kind}/{row_id}"),
                    &json!({"_order": 7, "updated_at": later, "custom": {"k": 1}}),
                )
                .await;
            assert_eq!(updated.data()["_order"], 7.0, "{kind}");
            assert_eq!(updated.data()["custom"]["k"], 1, "{kind}");

            app.delete(&format!("{kind}/{row_id}?hard_delete=true"))
                .await
                .assert_failed(409, "is_not_deleted");
            assert_eq!(
                *app.delete(&format!("{kind}/{row_id}")).await.data(),
                json!(true),
                "{kind}"
            );
            if kind == "stashes" {
                // A stash deleted again is removed (spec §4).
                app.delete(&format!("{kind}/{row_id}")).await.data();
                app.get(&format!("{kind}/undelete/{row_id}"))
                    .await
                    .assert_failed(404, "not_found");
                continue;
            }
            app.delete(&format!("{kind}/{row_id}"))
                .await
                .assert_failed(409, "was_not_deleted");
            assert_eq!(
                *app.get(&format!("{kind}/undelete/{row_id}")).await.data(),
                json!(true)
            );
            app.get(&format!("{kind}/undelete/{row_id}"))
                .await
                .assert_failed(409, "was_not_undeleted");
            app.delete(&format!("{kind}/{row_id}")).await.data();
            app.delete(&format!("{kind}/{row_id}?hard_delete=true"))
                .await
                .data();
            app.get(&format!("{kind}/undelete/{row_id}"))
                .await
                .assert_failed(404, "not_found");
        }
        app.stop().await;
    }
}

#[tokio::test]
async fn the_newer_write_wins_and_an_older_one_answers_the_stored_row() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let chapter = id("c1");
        let body = |name: &str, at: i64| json!({"manuscript_id": id("m1"), "name": name, "updated_at": at});
        let now = quire_core::time::now_ms();
        put(&app, "chapters", &chapter, body("Newer", now))
            .await
            .data();
        let stale = put(&app, "chapters", &chapter, body("Older", now - 10_000)).await;
        assert_eq!(stale.data()["name"], "Newer");
        let stale = app
            .put_json(
                &format!("chapters/{chapter}"),
                &json!({"name": "Older", "updated_at": now - 5}),
            )
            .await;
        assert_eq!(stale.data()["name"], "Newer");
        let far_future = put(&app, "chapters", &chapter, body("Future", now + 3_600_000)).await;
        assert!(
            far_future.data()["updated_at"].as_i64().unwrap() < now + 120_000,
            "a clock far ahead is taken as the server's now"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn bad_input_is_refused_with_a_code_and_writes_nothing() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        app.put_json("widgets/put/AAAAAAAAAAAAAAAAAAAAAA", &json!({}))
            .await
            .assert_failed(404, "not_found");
        put(&app, "chapters", "short", json!({"name": "x"}))
            .await
            .assert_failed(422, "invalid_fields");
        let wrong = put(
            &app,
            "chapters",
            &id("c1"),
            json!({"manuscript_id": id("m1"), "name": "x", "meta": "not an object", "_order": "first"}),
        )
        .await;
        wrong.assert_failed(422, "invalid_fields");
        assert_eq!(wrong.body["fields"]["meta"], "invalid");
        assert_eq!(wrong.body["fields"]["_order"], "invalid");
        put(
            &app,
            "chapters",
            &id("c2"),
            json!({"manuscript_id": id("m1"), "name": "  "}),
        )
        .await
        .assert_failed(422, "invalid_fields");
        let too_long = put(
            &app,
            "manuscripts",
            &id("m2"),
            json!({"title": "x".repeat(256)}),
        )
        .await;
        assert_eq!(too_long.body["fields"]["title"], "title_too_long");
        put(&app, "chapters", &id("c3"), json!({"name": "orphan"}))
            .await
            .assert_failed(422, "manuscript_id_required");
        put(
            &app,
            "chapters",
            &id("c4"),
            json!({"manuscript_id": id("nope"), "name": "x"}),
        )
        .await
        .assert_failed(404, "not_found");
        put(
            &app,
            "chapters",
            &id("c5"),
            json!({"manuscript_id": id("m1"), "name": "x", "chapter_id": id("ghost")}),
        )
        .await
        .assert_failed(422, "parent_chapter_does_not_exist");
        put(
            &app,
            "chapters",
            &id("p1"),
            json!({"manuscript_id": id("m1"), "name": "parent"}),
        )
        .await
        .data();
        put(
            &app,
            "chapters",
            &id("s1"),
            json!({"manuscript_id": id("m1"), "name": "scene", "chapter_id": id("p1")}),
        )
        .await
        .data();
        put(
            &app,
            "chapters",
            &id("s2"),
            json!({"manuscript_id": id("m1"), "name": "deeper", "chapter_id": id("s1")}),
        )
        .await
        .assert_failed(422, "parent_is_subchapter");
        put(&app, "folders", &id("f1"), json!({"name": "A"}))
            .await
            .data();
        put(
            &app,
            "folders",
            &id("f2"),
            json!({"name": "B", "folder_id": id("f1")}),
        )
        .await
        .data();
        let now = quire_core::time::now_ms() + 1_000;
        app.put_json(
            &format!("folders/{}", id("f1")),
            &json!({"folder_id": id("f2"), "updated_at": now}),
        )
        .await
        .assert_failed(422, "folder_cycle");
        app.send(
            app.client
                .put(app.url(&format!("/api/v4/folders/put/{}", id("f3"))))
                .header("content-type", "application/json")
                .body("[1, 2]"),
        )
        .await
        .assert_failed(400, "invalid_json");
        let tree = app.get(&format!("manuscripts/{}", id("m1"))).await;
        let names: Vec<&str> = tree.data()["chapters"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names.len(),
            3,
            "only the first chapter, parent and scene were written: {names:?}"
        );
        let folders = app.get("folders").await;
        assert_eq!(
            folders.data()[0]["folder_id"],
            Value::Null,
            "the cycle was not written"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn a_manuscript_in_the_trash_refuses_saves_into_it() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        app.delete(&format!("manuscripts/{}", id("m1")))
            .await
            .data();
        put(
            &app,
            "notes",
            &id("n1"),
            json!({"manuscript_id": id("m1"), "title": "late"}),
        )
        .await
        .assert_failed(409, "manuscript_is_deleted");
        app.stop().await;
    }
}

#[tokio::test]
async fn another_writers_rows_and_parents_are_not_found() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Ada's novel").await;
        put(&app, "folders", &id("f1"), json!({"name": "Ada's folder"}))
            .await
            .data();
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        let call = |method: Method, path: String, body: Option<Value>| {
            let bob = bob.clone();
            let app = &app;
            async move { app.call_as(&bob, method, &path, body.as_ref()).await }
        };
        call(
            Method::PUT,
            format!("manuscripts/put/{}", id("m1")),
            Some(json!({"title": "mine"})),
        )
        .await
        .assert_failed(404, "not_found");
        call(
            Method::PUT,
            format!("manuscripts/put/{}", id("b1")),
            Some(json!({"title": "Bob's", "folder_id": id("f1")})),
        )
        .await
        .assert_failed(404, "not_found");
        call(
            Method::PUT,
            format!("chapters/put/{}", id("bc")),
            Some(json!({"name": "x", "manuscript_id": id("m1")})),
        )
        .await
        .assert_failed(404, "not_found");
        call(
            Method::POST,
            "manuscripts/copy".into(),
            Some(json!({"id": id("m1"), "title": "stolen"})),
        )
        .await
        .assert_failed(404, "not_found");
        let listed = call(Method::GET, "manuscripts".into(), None).await;
        assert_eq!(listed.data().as_array().unwrap().len(), 0);
        let multiple = call(
            Method::POST,
            "manuscripts/multiple".into(),
            Some(json!({"ids": [id("m1"), id("zz"), "bad"]})),
        )
        .await;
        let statuses: Vec<&str> = multiple
            .data()
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["status"].as_str().unwrap())
            .collect();
        assert_eq!(statuses, ["not_authorized", "not_found", "not_found"]);
        let mine = app.get(&format!("manuscripts/{}", id("m1"))).await;
        assert_eq!(mine.data()["title"], "Ada's novel");
        assert_eq!(mine.data()["folder_id"], Value::Null);
        app.stop().await;
    }
}

#[tokio::test]
async fn a_manuscript_comes_with_its_rows_and_never_loses_its_last_chapter() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let tree = app.get(&format!("manuscripts/{}", id("m1"))).await;
        let chapters = tree.data()["chapters"].as_array().unwrap().clone();
        assert_eq!(chapters.len(), 1);
        assert_eq!(chapters[0]["name"], "Chapter 1");
        for part in [
            "groups",
            "outlines",
            "elements",
            "notes",
            "researches",
            "stashes",
            "to_dos",
            "plotboards",
            "element_relationship_boards",
            "chapter_contents",
        ] {
            assert!(tree.data()[part].is_array(), "{part}");
        }
        let first = chapters[0]["id"].as_str().unwrap();
        app.delete(&format!("chapters/{first}")).await.data();
        let tree = app.get(&format!("manuscripts/{}", id("m1"))).await;
        let chapters = tree.data()["chapters"].as_array().unwrap();
        assert_eq!(chapters.len(), 1);
        assert_eq!(chapters[0]["name"], "Untitled Chapter");
        let trash = app
            .get(&format!("manuscripts/deleted_content/{}", id("m1")))
            .await;
        assert_eq!(trash.data()["chapters"][0]["id"], first);
        assert_eq!(trash.data()["chapters"][0]["days_left"], 60);
        app.stop().await;
    }
}

#[tokio::test]
async fn deleting_a_section_moves_its_chapters_up_or_takes_them_along() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let m = id("m1");
        for g in ["g1", "g2"] {
            put(
                &app,
                "groups",
                &id(g),
                json!({"manuscript_id": m, "name": g, "type": "chapters"}),
            )
            .await
            .data();
        }
        put(
            &app,
            "chapters",
            &id("a"),
            json!({"manuscript_id": m, "name": "A", "group_id": id("g1"), "_order": 2}),
        )
        .await
        .data();
        put(
            &app,
            "chapters",
            &id("b"),
            json!({"manuscript_id": m, "name": "B", "group_id": id("g2")}),
        )
        .await
        .data();
        app.delete(&format!("groups/{}", id("g1"))).await.data();
        app.delete(&format!("groups/{}?children=delete", id("g2")))
            .await
            .data();
        let tree = app.get(&format!("manuscripts/{m}")).await;
        let a = tree.data()["chapters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "A")
            .unwrap()
            .clone();
        assert_eq!(a["group_id"], Value::Null);
        assert_eq!(a["_order"], 2.0 + 99999.0);
        assert!(
            tree.data()["chapters"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["name"] != "B")
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn the_list_sorts_and_the_trash_lists_days_left_and_empties_in_bulk() {
    for db in Db::all() {
        let app = signed_up(db).await;
        for (m, title) in [("m1", "banana"), ("m2", "Apple"), ("m3", "cherry")] {
            manuscript(&app, m, title).await;
        }
        let titles = |r: &TestResponse| -> Vec<String> {
            r.data()
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["title"].as_str().unwrap().to_owned())
                .collect()
        };
        assert_eq!(
            titles(&app.get("manuscripts?sort=title").await),
            ["Apple", "banana", "cherry"]
        );
        assert_eq!(
            titles(&app.get("manuscripts?sort=title&direction=desc").await),
            ["cherry", "banana", "Apple"]
        );
        assert_eq!(
            titles(&app.get("manuscripts?sort=created_at&direction=asc").await)[0],
            "banana"
        );
        app.get("manuscripts?sort=colour")
            .await
            .assert_failed(400, "invalid_query");
        app.delete(&format!("manuscripts/{}", id("m1")))
            .await
            .data();
        app.delete(&format!("manuscripts/{}", id("m2")))
            .await
            .data();
        put(&app, "folders", &id("f1"), json!({"name": "Old"}))
            .await
            .data();
        app.delete(&format!("folders/{}", id("f1"))).await.data();
        let trash = app.get("manuscripts?deleted=true").await;
        assert_eq!(trash.data().as_array().unwrap().len(), 2);
        assert_eq!(trash.data()[0]["days_left"], 60);
        assert_eq!(titles(&app.get("manuscripts").await), ["cherry"]);
        let recovered = app
            .post_json("manuscripts/recover_all", &json!({"ids": [id("m1")]}))
            .await;
        assert_eq!(recovered.data()["recovered"], 1);
        let deleted = app.post_json("manuscripts/delete_all", &json!({})).await;
        assert_eq!(deleted.data()["deleted"], 1);
        assert_eq!(
            app.post_json("folders/delete_all", &json!({})).await.data()["deleted"],
            1
        );
        assert_eq!(
            app.get("folders?deleted=true")
                .await
                .data()
                .as_array()
                .unwrap()
                .len(),
            0
        );
        let mut left = titles(&app.get("manuscripts?sort=title").await);
        left.sort();
        assert_eq!(left, ["banana", "cherry"]);
        app.stop().await;
    }
}

#[tokio::test]
async fn updated_contents_tells_whether_the_server_has_newer_rows() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let path = format!("manuscripts/updated_contents/{}", id("m1"));
        let first = app.post_json(&path, &json!({"contents_dates": {}})).await;
        assert_eq!(first.data()["use_updated_contents"], true);
        let dates = first.data()["contents_dates"].clone();
        assert!(dates["chapters"].is_i64());
        let same = app
            .post_json(&path, &json!({"contents_dates": dates}))
            .await;
        assert_eq!(same.data()["use_updated_contents"], false);
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        put(
            &app,
            "notes",
            &id("n1"),
            json!({"manuscript_id": id("m1"), "title": "new"}),
        )
        .await
        .data();
        let changed = app
            .post_json(&path, &json!({"contents_dates": dates}))
            .await;
        assert_eq!(changed.data()["use_updated_contents"], true);
        app.stop().await;
    }
}

#[tokio::test]
async fn a_copy_takes_every_row_under_new_ids_and_needs_a_title() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        for (n, (kind, body)) in kinds_in(&id("m1")).into_iter().take(5).enumerate() {
            put(&app, kind, &id(&format!("k{n}")), body).await.data();
        }
        let blank = app
            .post_json("manuscripts/copy", &json!({"id": id("m1"), "title": "  "}))
            .await;
        blank.assert_failed(422, "invalid_fields");
        assert_eq!(blank.body["fields"]["title"], "title_required");
        let copy = app
            .post_json(
                "manuscripts/copy",
                &json!({"id": id("m1"), "title": "Copy of Novel", "new_id": id("c0py")}),
            )
            .await;
        let copy = copy.data();
        assert_eq!(copy["id"], id("c0py"));
        assert_eq!(copy["title"], "Copy of Novel");
        let original = app.get(&format!("manuscripts/{}", id("m1"))).await;
        for part in ["chapters", "groups", "outlines", "elements", "notes"] {
            let (a, b) = (&original.data()[part], &copy[part]);
            assert_eq!(
                a.as_array().unwrap().len(),
                b.as_array().unwrap().len(),
                "{part}"
            );
            assert_ne!(a[0]["id"], b[0]["id"], "{part}");
            assert_eq!(b[0]["manuscript_id"], id("c0py"), "{part}");
        }
        app.post_json(
            "manuscripts/copy",
            &json!({"id": id("m1"), "title": "Again", "new_id": id("c0py")}),
        )
        .await
        .assert_failed(409, "id_taken");
        app.stop().await;
    }
}

#[tokio::test]
async fn templates_make_manuscripts_and_a_manuscript_becomes_a_template() {
    for db in Db::all() {
        let app = signed_up(db).await;
        let templates = app.get("templates/enabled_new").await;
        let categories: Vec<&str> = templates
            .data()
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["category"].as_str().unwrap())
            .collect();
        for category in ["fiction", "non_fiction", "screenplay"] {
            assert!(categories.contains(&category), "{category}");
        }
        let made = app
            .post_json(
                "templates/use/TplThreeActStructure01",
                &json!({"id": id("m1"), "title": "My Thriller"}),
            )
            .await;
        let made = made.data();
        assert_eq!(made["title"], "My Thriller");
        assert!(made["groups"].as_array().unwrap().len() >= 3);
        assert!(made["chapters"].as_array().unwrap().len() >= 8);
        let saved = app
            .post_json(
                "manuscripts/save_as_template",
                &json!({"id": id("m1"), "name": "My structure"}),
            )
            .await;
        let saved = saved.data().clone();
        assert_eq!(saved["category"], "custom");
        let template = app
            .get(&format!("templates/{}", saved["id"].as_str().unwrap()))
            .await;
        assert_eq!(
            template.data()["structure"]["groups"],
            app.get("templates/TplThreeActStructure01").await.data()["structure"]["groups"]
        );
        let listed = app.get("templates/enabled_new").await;
        assert!(
            listed
                .data()
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == saved["id"])
        );
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        app.get_as(
            &bob,
            &format!("templates/{}", saved["id"].as_str().unwrap()),
        )
        .await
        .assert_failed(404, "not_found");
        app.get("templates/NoSuchTemplate")
            .await
            .assert_failed(404, "not_found");
        app.stop().await;
    }
}

#[tokio::test]
async fn the_cursor_and_last_chapter_are_remembered_in_the_settings() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let tree = app.get(&format!("manuscripts/{}", id("m1"))).await;
        let chapter = tree.data()["chapters"][0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        app.put_json(
            &format!("manuscripts/cursor_position_updated/{}", id("m1")),
            &json!({"chapter_id": chapter, "position": {"from": 12, "to": 12}}),
        )
        .await
        .data();
        let settings =
            app.get(&format!("manuscripts/{}", id("m1"))).await.data()["settings"].clone();
        assert_eq!(settings["last_active_chapter"], chapter.as_str());
        assert_eq!(settings["last_active_chapter_position"]["from"], 12);
        app.put_json(
            &format!("manuscripts/last_opened_chapter_updated/{}", id("m1")),
            &json!({"chapter_id": id("notmine")}),
        )
        .await
        .assert_failed(404, "not_found");
        app.stop().await;
    }
}

#[tokio::test]
async fn undelete_by_get_needs_the_app_header_like_any_change() {
    let app = signed_up(Db::Sqlite).await;
    manuscript(&app, "m1", "Novel").await;
    app.delete(&format!("manuscripts/{}", id("m1")))
        .await
        .data();
    let bare = app
        .send(
            app.client
                .get(app.url(&format!("/api/v4/manuscripts/undelete/{}", id("m1"))))
                .header("sec-fetch-site", "cross-site"),
        )
        .await;
    bare.assert_failed(403, "csrf_refused");
    app.stop().await;
}

#[tokio::test]
async fn an_update_may_repeat_its_manuscript_but_never_move_to_another() {
    let app = signed_up(Db::Sqlite).await;
    manuscript(&app, "m1", "One").await;
    manuscript(&app, "m2", "Two").await;
    put(
        &app,
        "notes",
        &id("n1"),
        json!({"manuscript_id": id("m1"), "title": "Note"}),
    )
    .await
    .data();
    let later = quire_core::time::now_ms() + 1_000;
    let same = app
        .put_json(
            &format!("notes/{}", id("n1")),
            &json!({"manuscript_id": id("m1"), "title": "Renamed", "updated_at": later}),
        )
        .await;
    assert_eq!(same.data()["title"], "Renamed");
    let moved = app
        .put_json(
            &format!("notes/{}", id("n1")),
            &json!({"manuscript_id": id("m2"), "updated_at": later + 1}),
        )
        .await;
    moved.assert_failed(422, "invalid_fields");
    assert_eq!(moved.body["fields"]["manuscript_id"], "read_only");
    app.stop().await;
}

#[tokio::test]
async fn a_scene_is_promoted_and_a_chapter_demoted_with_orders_renumbered() {
    for db in Db::all() {
        let app = signed_up(db).await;
        manuscript(&app, "m1", "Novel").await;
        let m = id("m1");
        put(
            &app,
            "groups",
            &id("g1"),
            json!({"manuscript_id": m, "name": "Act I", "type": "chapters"}),
        )
        .await
        .data();
        for (c, order) in [("c1", 1), ("c2", 2), ("c3", 3)] {
            put(
                &app,
                "chapters",
                &id(c),
                json!({"manuscript_id": m, "name": c, "group_id": id("g1"), "_order": order}),
            )
            .await
            .data();
        }
        put(
            &app,
            "chapters",
            &id("s1"),
            json!({"manuscript_id": m, "name": "s1", "group_id": id("g1"), "chapter_id": id("c1")}),
        )
        .await
        .data();
        app.post_json(&format!("chapters/promote/{}", id("c2")), &json!({}))
            .await
            .assert_failed(422, "not_a_subchapter");
        app.post_json(&format!("chapters/promote/{}", id("s1")), &json!({}))
            .await
            .data();
        let placed = |tree: &TestResponse| -> Vec<(String, Value, Value, f64)> {
            let mut rows: Vec<_> = tree.data()["chapters"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|c| c["group_id"] == id("g1"))
                .map(|c| {
                    (
                        c["name"].as_str().unwrap().to_owned(),
                        c["chapter_id"].clone(),
                        c["group_id"].clone(),
                        c["_order"].as_f64().unwrap(),
                    )
                })
                .collect();
            rows.sort_by(|a, b| a.3.total_cmp(&b.3));
            rows
        };
        let tree = app.get(&format!("manuscripts/{m}")).await;
        let names: Vec<(String, f64)> = placed(&tree).into_iter().map(|r| (r.0, r.3)).collect();
        assert_eq!(
            names,
            [
                ("c1".into(), 0.0),
                ("s1".into(), 1.0),
                ("c2".into(), 2.0),
                ("c3".into(), 3.0)
            ]
        );
        let moved = app
            .post_json(
                &format!("chapters/demote/{}", id("c3")),
                &json!({"parent_id": id("c1")}),
            )
            .await;
        assert!(!moved.data().as_array().unwrap().is_empty());
        let tree = app.get(&format!("manuscripts/{m}")).await;
        let c3 = placed(&tree).into_iter().find(|r| r.0 == "c3").unwrap();
        assert_eq!(c3.1, json!(id("c1")));
        assert_eq!(
            c3.2,
            json!(id("g1")),
            "a demoted chapter stays in its section"
        );
        app.post_json(
            &format!("chapters/demote/{}", id("s1")),
            &json!({"parent_id": id("c3")}),
        )
        .await
        .assert_failed(422, "parent_is_subchapter");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_live_row_cannot_go_into_a_section_in_the_trash() {
    let app = signed_up(Db::Sqlite).await;
    manuscript(&app, "m1", "Novel").await;
    let m = id("m1");
    put(
        &app,
        "groups",
        &id("g1"),
        json!({"manuscript_id": m, "name": "Gone", "type": "chapters"}),
    )
    .await
    .data();
    app.delete(&format!("groups/{}", id("g1"))).await.data();
    put(
        &app,
        "chapters",
        &id("c1"),
        json!({"manuscript_id": m, "name": "New", "group_id": id("g1")}),
    )
    .await
    .assert_failed(404, "not_found");
    put(&app, "folders", &id("f1"), json!({"name": "Gone"}))
        .await
        .data();
    app.delete(&format!("folders/{}", id("f1"))).await.data();
    put(
        &app,
        "manuscripts",
        &id("m2"),
        json!({"title": "Into the bin", "folder_id": id("f1")}),
    )
    .await
    .assert_failed(404, "not_found");
    app.stop().await;
}

#[tokio::test]
async fn new_research_items_are_ordered_from_one_hundred() {
    let app = signed_up(Db::Sqlite).await;
    manuscript(&app, "m1", "Novel").await;
    let m = id("m1");
    let first = put(
        &app,
        "researches",
        &id("r1"),
        json!({"manuscript_id": m, "name": "Maps"}),
    )
    .await;
    assert_eq!(first.data()["_order"], 100.0);
    let second = put(
        &app,
        "researches",
        &id("r2"),
        json!({"manuscript_id": m, "name": "Letters"}),
    )
    .await;
    assert_eq!(second.data()["_order"], 101.0);
    let again = put(
        &app,
        "researches",
        &id("r1"),
        json!({"manuscript_id": m, "name": "Old maps"}),
    )
    .await;
    assert_eq!(
        again.data()["_order"],
        100.0,
        "a replaced item keeps its place"
    );
    let placed = put(
        &app,
        "researches",
        &id("r3"),
        json!({"manuscript_id": m, "name": "First", "_order": 5}),
    )
    .await;
    assert_eq!(placed.data()["_order"], 5.0);
    app.stop().await;
}
