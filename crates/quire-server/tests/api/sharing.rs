//! Sharing with named users: a Viewer reads, an Editor also writes (as the owner's rows), only
//! the owner shares or changes the manuscript itself, and removing access closes everything.

use quire_testkit::{Db, TestApp};
use reqwest::Method;
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

fn id(name: &str) -> String {
    format!("{name:0<22}")
}

#[tokio::test]
async fn a_viewer_reads_an_editor_writes_and_removed_access_closes_the_manuscript() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let ada = app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let m = id("m1");
        app.put_json(
            &format!("manuscripts/put/{m}"),
            &json!({"title": "Shared novel"}),
        )
        .await
        .data();
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        let as_bob = |method: Method, path: String, body: Option<Value>| {
            let bob = bob.clone();
            let app = &app;
            async move { app.call_as(&bob, method, &path, body.as_ref()).await }
        };
        as_bob(Method::GET, format!("manuscripts/{m}"), None)
            .await
            .assert_failed(404, "not_found");

        let share = |email: &str, permissions: i64| json!({"manuscript_id": m, "email": email, "permissions": permissions});
        app.post_json("manuscripts/share", &share("BOB@example.com", 3))
            .await
            .data();
        let tree = as_bob(Method::GET, format!("manuscripts/{m}"), None).await;
        assert_eq!(tree.data()["title"], "Shared novel");
        let mine = as_bob(Method::GET, "manuscripts/shared_with_me".into(), None).await;
        assert_eq!(mine.data()[0]["id"], m.as_str());
        assert_eq!(mine.data()[0]["shared_permissions"], 3);
        let can = as_bob(
            Method::GET,
            format!("manuscripts/shared/{m}/can_update"),
            None,
        )
        .await;
        assert_eq!(*can.data(), json!(false));
        let chapter = json!({"manuscript_id": m, "name": "Bob's chapter"});
        as_bob(
            Method::PUT,
            format!("chapters/put/{}", id("bc")),
            Some(chapter.clone()),
        )
        .await
        .assert_failed(403, "not_authorized");

        app.post_json("manuscripts/share", &share("bob@example.com", 1))
            .await
            .data();
        let can = as_bob(
            Method::GET,
            format!("manuscripts/shared/{m}/can_update"),
            None,
        )
        .await;
        assert_eq!(*can.data(), json!(true));
        let written = as_bob(
            Method::PUT,
            format!("chapters/put/{}", id("bc")),
            Some(chapter),
        )
        .await;
        assert_eq!(
            written.data()["user_id"],
            ada["id"],
            "the manuscript's rows stay its owner's"
        );
        let owners_view = app.get(&format!("manuscripts/{m}")).await;
        assert!(
            owners_view.data()["chapters"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["name"] == "Bob's chapter")
        );
        as_bob(Method::DELETE, format!("chapters/{}", id("bc")), None)
            .await
            .data();
        as_bob(
            Method::PUT,
            format!("manuscripts/put/{m}"),
            Some(json!({"title": "Bob's now"})),
        )
        .await
        .assert_failed(403, "not_authorized");
        as_bob(Method::DELETE, format!("manuscripts/{m}"), None)
            .await
            .assert_failed(403, "not_authorized");
        as_bob(
            Method::POST,
            "manuscripts/share".into(),
            Some(share("carol@example.com", 1)),
        )
        .await
        .assert_failed(404, "not_found");

        let people = app
            .get(&format!("manuscripts/shared_permissions/{m}"))
            .await;
        assert_eq!(people.data()["owner"], true);
        assert_eq!(
            people.data()["shared"][0]["user"]["email"],
            "bob@example.com"
        );
        assert_eq!(people.data()["shared"][0]["permissions"], 1);
        let bobs_view = as_bob(
            Method::GET,
            format!("manuscripts/shared_permissions/{m}"),
            None,
        )
        .await;
        assert_eq!(bobs_view.data()["owner"], false);
        assert_eq!(bobs_view.data()["permissions"], 1);
        assert_eq!(
            bobs_view.data()["shared"],
            json!([]),
            "only the owner sees who has access"
        );

        app.post_json("manuscripts/share", &share("bob@example.com", 0))
            .await
            .data();
        as_bob(Method::GET, format!("manuscripts/{m}"), None)
            .await
            .assert_failed(404, "not_found");
        let multiple = as_bob(
            Method::POST,
            "manuscripts/multiple".into(),
            Some(json!({"ids": [m]})),
        )
        .await;
        assert_eq!(
            multiple.data()[0]["status"],
            "not_found",
            "a manuscript no longer shared is answered as a missing one"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn sharing_refuses_oneself_unknown_people_and_bad_values() {
    let app = TestApp::spawn_with(Db::Sqlite, &[]).await;
    app.sign_up("Ada", "ada@example.com", PASSWORD).await;
    let m = id("m1");
    app.put_json(&format!("manuscripts/put/{m}"), &json!({"title": "Mine"}))
        .await
        .data();
    let share = |email: &str, permissions: i64| json!({"manuscript_id": m, "email": email, "permissions": permissions});
    app.post_json("manuscripts/share", &share("ada@example.com", 1))
        .await
        .assert_failed(422, "cannot_share_with_yourself");
    app.post_json("manuscripts/share", &share("nobody@example.com", 1))
        .await
        .assert_failed(404, "user_not_found");
    let bad = app
        .post_json("manuscripts/share", &share("not-an-email", 1))
        .await;
    bad.assert_failed(422, "invalid_fields");
    assert_eq!(bad.body["fields"]["email"], "email_invalid");
    let bob = app.new_client();
    app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
        .await;
    let wrong = app
        .post_json("manuscripts/share", &share("bob@example.com", 7))
        .await;
    assert_eq!(wrong.body["fields"]["permissions"], "invalid");
    app.stop().await;
}
