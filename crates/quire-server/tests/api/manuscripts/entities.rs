//! The per-entity shape every kind shares (ADR 0007): put, update, delete, undelete and hard
//! delete, last writer wins, and every refusal — bad input, foreign rows and parents, the trash.

use super::*;

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
                // A stash deleted again is removed for good, so it cannot be undeleted.
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
async fn a_stash_is_marked_deleted_by_its_first_delete_and_removed_by_its_second() {
    for db in Db::all() {
        let app = signed_up(db).await;
        let m = id("m1");
        manuscript(&app, "m1", "Novel").await;
        let tree = app.get(&format!("manuscripts/{m}")).await;
        let chapter = tree.data()["chapters"][0]["id"].clone();
        let stash = id("s1");
        let body = json!({"manuscript_id": m, "chapter_id": chapter, "content": "<p><strong>cut</strong> aside</p>", "enabled": true});
        let kept = put(&app, "stashes", &stash, body).await;
        assert_eq!(kept.data()["content"], "<p><strong>cut</strong> aside</p>");
        assert_eq!(kept.data()["chapter_id"], chapter);
        let listed = |tree: &Value| -> Vec<String> {
            tree["stashes"]
                .as_array()
                .map(|rows| {
                    rows.iter()
                        .map(|r| r["id"].as_str().unwrap().to_owned())
                        .collect()
                })
                .unwrap_or_default()
        };
        let tree = app.get(&format!("manuscripts/{m}")).await;
        assert_eq!(listed(tree.data()), vec![stash.clone()]);

        // The first delete marks it deleted: in the trash, with its content, recoverable.
        assert_eq!(
            *app.delete(&format!("stashes/{stash}")).await.data(),
            json!(true)
        );
        let tree = app.get(&format!("manuscripts/{m}")).await;
        assert!(listed(tree.data()).is_empty());
        let trash = app.get(&format!("manuscripts/deleted_content/{m}")).await;
        assert_eq!(listed(trash.data()), vec![stash.clone()]);
        assert_eq!(
            trash.data()["stashes"][0]["content"],
            "<p><strong>cut</strong> aside</p>"
        );
        assert!(trash.data()["stashes"][0]["deleted_at"].is_i64());
        assert_eq!(
            *app.get(&format!("stashes/undelete/{stash}")).await.data(),
            json!(true)
        );
        let tree = app.get(&format!("manuscripts/{m}")).await;
        assert_eq!(listed(tree.data()), vec![stash.clone()]);

        // Deleted again once in the trash, it is removed for good: gone from the trash, no
        // undelete, and a third delete finds nothing.
        app.delete(&format!("stashes/{stash}")).await.data();
        assert_eq!(
            *app.delete(&format!("stashes/{stash}")).await.data(),
            json!(true)
        );
        let trash = app.get(&format!("manuscripts/deleted_content/{m}")).await;
        assert!(listed(trash.data()).is_empty());
        app.get(&format!("stashes/undelete/{stash}"))
            .await
            .assert_failed(404, "not_found");
        app.delete(&format!("stashes/{stash}"))
            .await
            .assert_failed(404, "not_found");
        app.delete(&format!("stashes/{stash}?hard_delete=true"))
            .await
            .assert_failed(404, "not_found");
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
        assert_eq!(statuses, ["not_found", "not_found", "not_found"]);
        let mine = app.get(&format!("manuscripts/{}", id("m1"))).await;
        assert_eq!(mine.data()["title"], "Ada's novel");
        assert_eq!(mine.data()["folder_id"], Value::Null);
        app.stop().await;
    }
}

#[tokio::test]
async fn ids_may_hold_underscores_and_dashes() {
    for db in Db::all() {
        let app = signed_up(db).await;
        let manuscript_id = "Mx_-AbCdEfGhIjKlMn-_09";
        put(
            &app,
            "manuscripts",
            manuscript_id,
            json!({"title": "Novel"}),
        )
        .await
        .data();
        let chapter_id = "-_ChapterOf22chars_-Zz";
        let chapter = put(
            &app,
            "chapters",
            chapter_id,
            json!({"manuscript_id": manuscript_id, "name": "One"}),
        )
        .await;
        assert_eq!(chapter.data()["id"], chapter_id, "{db:?}");
        let tree = app.get(&format!("manuscripts/{manuscript_id}")).await;
        assert_eq!(tree.data()["id"], manuscript_id, "{db:?}");
        put(
            &app,
            "chapters",
            "a.b_cdefghijklmnopqrstu",
            json!({"name": "x"}),
        )
        .await
        .assert_failed(422, "invalid_fields");
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
