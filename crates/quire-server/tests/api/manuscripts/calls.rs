//! The manuscript calls: one manuscript with its rows, the listings and the bulk trash, the
//! changed-content check, copy, templates, and the remembered caret.

use super::*;

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
async fn a_copy_carries_each_chapters_text_from_its_document() {
    for db in Db::all() {
        let app = crate::chapter_content::writer_with_a_chapter(db).await;
        app.put_json(
            &format!("chapters/put/content/{}", id("c1")),
            &json!({"chapter_content": {"content": "<h1>One</h1><p>The lamps were lit.</p>",
                                        "updated_at": quire_core::time::now_ms()}}),
        )
        .await
        .data();
        // A paragraph only the document has (typed in the editor), not the content row.
        crate::collab_client::type_paragraph(&app, &id("c1"), 4242, "Typed in the editor.").await;
        let copy = app
            .post_json(
                "manuscripts/copy",
                &json!({"id": id("m1"), "title": "Copy of Novel", "new_id": id("c0py")}),
            )
            .await;
        let copied = copy.data()["chapters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "One")
            .expect("the copied chapter")["id"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_ne!(copied, id("c1"));
        assert!(app.state.store.doc_exists(&copied).await.expect("a read"));
        let content = app.get(&format!("chapters/content/{copied}")).await;
        let content = content.data();
        assert_eq!(
            content["content"],
            "<h1>One</h1><p>The lamps were lit.</p><p>Typed in the editor.</p>"
        );
        assert_eq!(content["words"], 9);
        // The two documents are apart: writing to the copy leaves the original as it was.
        app.put_json(
            &format!("chapters/put/content/{copied}"),
            &json!({"chapter_content": {"content": "<h1>One</h1><p>Only in the copy.</p>",
                                        "updated_at": quire_core::time::now_ms() + 1}}),
        )
        .await
        .data();
        let original = app.get(&format!("chapters/content/{}", id("c1"))).await;
        let original = original.data();
        assert_eq!(
            original["content"],
            "<h1>One</h1><p>The lamps were lit.</p><p>Typed in the editor.</p>"
        );
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
