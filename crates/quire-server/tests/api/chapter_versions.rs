//! Chapter versions of a chapter's Yjs document (ADR 0011): a version keeps the document's
//! text, the server takes automatic versions at most once per 15 minutes of editing (also when
//! two instances race), and a restore is a forward edit that open editors receive while the
//! text it replaced is kept as a version.

use quire_core::time::now_ms;
use quire_server::versions::{AUTOMATIC_EVERY, Round, automatic_round};
use quire_testkit::{Db, TestApp};
use serde_json::{Value, json};
use yrs::updates::decoder::Decode;
use yrs::{Doc, Transact, Update, XmlFragment};

use crate::chapter_content::writer_with_a_chapter;
use crate::collab_client::{Client, Heard, PASSWORD, Writer, id, sync, text_of, type_paragraph};

const MINUTE: i64 = 60_000;

/// Deletes the document's last paragraph (an undo of the last one typed).
async fn delete_last_paragraph(app: &TestApp, chapter: &str, client: u64) {
    let state = app.state.collab.state(chapter).await.expect("a state");
    let doc = Doc::with_client_id(client);
    doc.transact_mut()
        .apply_update(Update::decode_v1(&state).expect("decodes"))
        .expect("applies");
    let fragment = doc.get_or_insert_xml_fragment("default");
    let update = {
        let mut txn = doc.transact_mut();
        let last = fragment.len(&txn) - 1;
        fragment.remove_range(&mut txn, last, 1);
        txn.encode_update_v1()
    };
    app.state
        .collab
        .apply(chapter, update)
        .await
        .expect("stored");
}

async fn versions_of(app: &TestApp, chapter: &str) -> Vec<Value> {
    app.get(&format!("chapter_versions/chapter/{chapter}"))
        .await
        .data()
        .as_array()
        .expect("a listing")
        .clone()
}

async fn content_of_version(app: &TestApp, version: &Value) -> String {
    let id = version["id"].as_str().expect("an id");
    app.get(&format!("chapter_versions/get/{id}")).await.data()["content"]
        .as_str()
        .expect("a text")
        .to_owned()
}

#[tokio::test]
async fn a_named_version_keeps_the_documents_text_not_the_older_content_row() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        app.put_json(
            &format!("chapters/put/content/{c1}"),
            &json!({"chapter_content": {"content": "<p>Row text.</p>", "footnotes": [{"n": 1}], "updated_at": now_ms()}}),
        )
        .await
        .data();
        // The editor goes on in the document; the content row is not rewritten by it.
        type_paragraph(&app, &c1, 31, "Typed in the editor afterwards.").await;

        let named = app
            .post_json(
                "chapter_versions/add",
                &json!({"chapter_id": c1, "name": "After the edit"}),
            )
            .await;
        let named = named.data();
        assert_eq!(
            named["content"],
            "<p>Row text.</p><p>Typed in the editor afterwards.</p>"
        );
        assert_eq!(named["words"], 7);
        assert_eq!(named["footnotes"][0]["n"], 1, "the row's footnotes stay");
        assert_eq!(named["name"], "After the edit");
        assert!(named.get("automatic").is_none());
        app.stop().await;
    }
}

#[tokio::test]
async fn automatic_versions_are_taken_at_most_once_per_fifteen_minutes_of_editing() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let t0 = now_ms();
        assert_eq!(
            automatic_round(&app.state, t0).await.expect("a round"),
            Round::default(),
            "no document yet"
        );

        type_paragraph(&app, &c1, 41, "Morning pages.").await;
        let first = automatic_round(&app.state, t0).await.expect("a round");
        assert_eq!(first, Round { due: 1, taken: 1 });
        let versions = versions_of(&app, &c1).await;
        assert_eq!(versions.len(), 1);
        assert_eq!(versions[0]["automatic"], true);
        assert_eq!(versions[0]["name"], "");
        assert_eq!(versions[0]["words"], 2);
        assert_eq!(
            content_of_version(&app, &versions[0]).await,
            "<p>Morning pages.</p>"
        );

        // Without edits, nothing more.
        let idle = automatic_round(&app.state, t0 + MINUTE)
            .await
            .expect("a round");
        assert_eq!(idle, Round::default());

        // Edits within the 15 minutes wait for them to pass …
        type_paragraph(&app, &c1, 41, "More before lunch.").await;
        for minutes in [1, 5, 14] {
            let early = automatic_round(&app.state, t0 + minutes * MINUTE)
                .await
                .expect("a round");
            assert_eq!(
                early,
                Round::default(),
                "{minutes} minutes after the last one"
            );
        }
        // … and then make one version, whichever instance gets there: two rounds at once
        // (as two servers on one database) write it once.
        let fifteen = t0 + AUTOMATIC_EVERY.as_millis() as i64;
        let (a, b) = tokio::join!(
            automatic_round(&app.state, fifteen),
            automatic_round(&app.state, fifteen)
        );
        let taken = a.expect("a round").taken + b.expect("a round").taken;
        assert_eq!(taken, 1, "two racing rounds write one version");
        let versions = versions_of(&app, &c1).await;
        assert_eq!(versions.len(), 2);
        assert_eq!(
            content_of_version(&app, &versions[0]).await,
            "<p>Morning pages.</p><p>More before lunch.</p>",
            "newest first"
        );
        let idle = automatic_round(&app.state, fifteen + 20 * MINUTE)
            .await
            .expect("a round");
        assert_eq!(idle, Round::default());

        // Edits that end where the newest version is (typed, then undone) take no copy, and are
        // not looked at again.
        type_paragraph(&app, &c1, 41, "A line I regret.").await;
        delete_last_paragraph(&app, &c1, 41).await;
        let later = fifteen + 40 * MINUTE;
        let same = automatic_round(&app.state, later).await.expect("a round");
        assert_eq!(same, Round { due: 1, taken: 0 });
        assert_eq!(versions_of(&app, &c1).await.len(), 2);
        let again = automatic_round(&app.state, later + MINUTE)
            .await
            .expect("a round");
        assert_eq!(again, Round::default());

        // A chapter in the trash is left alone.
        type_paragraph(&app, &c1, 41, "Written before the chapter was deleted.").await;
        app.delete(&format!("chapters/{c1}")).await.data();
        let trashed = automatic_round(&app.state, later + 30 * MINUTE)
            .await
            .expect("a round");
        assert_eq!(trashed, Round::default());
        app.stop().await;
    }
}

#[tokio::test]
async fn a_restore_is_a_forward_edit_that_open_editors_receive() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        let mut laptop = Client::open(&app, "ada@example.com").await;
        let (_, state) = laptop.join(&c1).await;
        let writer = Writer::from_state(7, &state);
        laptop
            .send(sync(&c1, 2, &writer.paragraph("The first draft.")))
            .await;
        assert_eq!(laptop.next().await.1, Heard::Status(true));
        app.post_json(
            "chapter_versions/add",
            &json!({"id": id("v1"), "chapter_id": c1, "name": "Draft one"}),
        )
        .await
        .data();
        laptop
            .send(sync(&c1, 2, &writer.paragraph("Second thoughts.")))
            .await;
        assert_eq!(laptop.next().await.1, Heard::Status(true));
        let logged_before = app.state.store.doc_load(&c1).await.expect("a read");

        let restored = app
            .post_json(&format!("chapter_versions/copy/{}", id("v1")), &json!({}))
            .await;
        assert_eq!(restored.data()["content"], "<p>The first draft.</p>");
        assert_eq!(restored.data()["words"], 3);

        // The open editor receives the restore as an update and ends with the version's text.
        let (_, heard) = laptop.next().await;
        let Heard::Update(update) = heard else {
            panic!("expected the restore's update, got {heard:?}");
        };
        writer.apply(&update);
        assert_eq!(writer.text(), "The first draft.");
        // Appended to the log: nothing written before it was removed or rewritten.
        let logged_after = app.state.store.doc_load(&c1).await.expect("a read");
        assert!(
            logged_after.updates.len() > logged_before.updates.len()
                && logged_before
                    .updates
                    .iter()
                    .all(|u| logged_after.updates.contains(u)),
            "the restore is a new update after the old ones"
        );
        let state = app.state.collab.state(&c1).await.expect("a state");
        assert_eq!(text_of(&state), "The first draft.");
        let content = app.get(&format!("chapters/content/{c1}")).await;
        assert_eq!(content.data()["content"], "<p>The first draft.</p>");

        // The text it replaced is kept as an automatic version.
        let versions = versions_of(&app, &c1).await;
        assert_eq!(versions.len(), 2);
        let kept = versions
            .iter()
            .find(|v| v["automatic"] == true)
            .expect("the replaced text was kept");
        assert_eq!(
            content_of_version(&app, kept).await,
            "<p>The first draft.</p><p>Second thoughts.</p>"
        );

        // Restoring it brings the second paragraph back, again as a forward edit.
        let kept_id = kept["id"].as_str().expect("an id").to_owned();
        app.post_json(&format!("chapter_versions/copy/{kept_id}"), &json!({}))
            .await
            .data();
        let (_, heard) = laptop.next().await;
        let Heard::Update(update) = heard else {
            panic!("expected the second restore's update, got {heard:?}");
        };
        writer.apply(&update);
        assert_eq!(writer.text(), "The first draft.\nSecond thoughts.");
        app.stop().await;
    }
}

#[tokio::test]
async fn another_user_can_neither_take_nor_restore_a_writers_versions() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        type_paragraph(&app, &c1, 51, "Private words.").await;
        app.post_json(
            "chapter_versions/add",
            &json!({"id": id("v1"), "chapter_id": c1, "name": "Mine"}),
        )
        .await
        .data();
        let eve = app.new_client();
        app.sign_up_as(&eve, "Eve", "eve@example.com", PASSWORD)
            .await;
        let copy = format!("chapter_versions/copy/{}", id("v1"));
        app.call_as(&eve, reqwest::Method::POST, &copy, Some(&json!({})))
            .await
            .assert_failed(404, "not_found");
        let stolen = json!({"chapter_id": c1, "name": "Stolen"});
        app.call_as(
            &eve,
            reqwest::Method::POST,
            "chapter_versions/add",
            Some(&stolen),
        )
        .await
        .assert_failed(404, "not_found");
        let get = format!("chapter_versions/get/{}", id("v1"));
        app.get_as(&eve, &get).await.assert_failed(404, "not_found");
        let state = app.state.collab.state(&c1).await.expect("a state");
        assert_eq!(
            text_of(&state),
            "Private words.",
            "the document is untouched"
        );
        assert_eq!(versions_of(&app, &c1).await.len(), 1);
        app.stop().await;
    }
}

#[tokio::test]
async fn a_shared_editor_takes_and_restores_versions_of_the_owners_chapter() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        type_paragraph(&app, &c1, 61, "Opening by the owner.").await;
        let ed = app.new_client();
        app.sign_up_as(&ed, "Ed", "ed@example.com", PASSWORD).await;
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": id("m1"), "email": "ed@example.com", "permissions": 1}),
        )
        .await
        .data();

        let taken = app
            .call_as(
                &ed,
                reqwest::Method::POST,
                "chapter_versions/add",
                Some(&json!({"id": id("ved"), "chapter_id": c1, "name": "Ed's checkpoint"})),
            )
            .await;
        assert_eq!(taken.data()["content"], "<p>Opening by the owner.</p>");
        type_paragraph(&app, &c1, 62, "Added by Ed.").await;
        let copy = format!("chapter_versions/copy/{}", id("ved"));
        app.call_as(&ed, reqwest::Method::POST, &copy, Some(&json!({})))
            .await
            .data();
        let state = app.state.collab.state(&c1).await.expect("a state");
        assert_eq!(text_of(&state), "Opening by the owner.");
        // The owner sees both versions: Ed's and the text the restore replaced.
        let versions = versions_of(&app, &c1).await;
        assert_eq!(versions.len(), 2);
        assert!(versions.iter().any(|v| v["name"] == "Ed's checkpoint"));
        app.stop().await;
    }
}

#[tokio::test]
async fn two_instances_on_one_database_take_one_automatic_version_per_window() {
    for db in Db::all() {
        let app = writer_with_a_chapter(db).await;
        let c1 = id("c1");
        // A second server state on the same database: its own pool and its own rooms.
        let second = quire_server::AppState::open((*app.state.config).clone())
            .await
            .expect("a second instance opens");
        let t0 = now_ms();
        for (minutes, text) in [
            (0, "Window one."),
            (15, "Window two."),
            (30, "Window three."),
        ] {
            type_paragraph(&app, &c1, 71, text).await;
            let at = t0 + minutes * MINUTE;
            let (a, b) = tokio::join!(
                automatic_round(&app.state, at),
                automatic_round(&second, at)
            );
            let taken = a.expect("a round").taken + b.expect("a round").taken;
            assert_eq!(
                taken, 1,
                "{minutes} minutes: one version between the two instances"
            );
        }
        let versions = versions_of(&app, &c1).await;
        assert_eq!(versions.len(), 3);
        assert!(versions.iter().all(|v| v["automatic"] == true));
        second.store.close().await;
        app.stop().await;
    }
}
