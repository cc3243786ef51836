//! No answer tells a stranger which ids exist: every call that takes an id in its body answers
//! another writer's id exactly as an id no one has.

use super::*;

/// `(method, path, body)` calls, each naming `target` where an id goes.
fn calls_naming(target: &str) -> Vec<(Method, &'static str, Value)> {
    let png = "iVBORw0KGgpib2I="; // the PNG signature and "bob"
    vec![
        (
            Method::POST,
            "manuscripts/multiple",
            json!({"ids": [target]}),
        ),
        (
            Method::POST,
            "manuscripts/copy",
            json!({"id": target, "title": "Copy"}),
        ),
        (
            Method::POST,
            "manuscripts/save_as_template",
            json!({"id": target}),
        ),
        (
            Method::POST,
            "manuscripts/share",
            json!({"manuscript_id": target, "email": "ada@example.com", "permissions": 3}),
        ),
        (
            Method::POST,
            "uploads/",
            json!({"manuscript_id": target,
                   "file": {"name": "a.png", "data": png, "type": "image/png"}}),
        ),
        (
            Method::PUT,
            "chapters/put/BobsChapter000000000000",
            json!({"manuscript_id": target, "name": "Mine now"}),
        ),
        (
            Method::PUT,
            "manuscripts/put/BobsNovel0000000000000",
            json!({"title": "Bob's", "folder_id": target}),
        ),
    ]
}

#[tokio::test]
async fn another_writers_id_in_a_body_is_answered_as_a_missing_one() {
    for db in Db::all() {
        let app = signed_up(db).await;
        let ada_manuscript = manuscript(&app, "m1", "Ada's novel").await;
        let ada_manuscript = ada_manuscript["id"].as_str().unwrap().to_owned();
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        let missing = id("nobodyhasthis");
        for ((method, path, theirs), (_, _, nobodys)) in calls_naming(&ada_manuscript)
            .into_iter()
            .zip(calls_naming(&missing))
        {
            let a = app.call_as(&bob, method.clone(), path, Some(&theirs)).await;
            let b = app
                .call_as(&bob, method.clone(), path, Some(&nobodys))
                .await;
            assert_eq!(
                a.status, b.status,
                "{db:?} {method} {path}: {} vs {}",
                a.body, b.body
            );
            let strip = |mut body: Value| {
                if let Some(items) = body["data"].as_array_mut() {
                    for item in items {
                        item["id"] = Value::Null;
                    }
                }
                body
            };
            assert_eq!(
                strip(a.body.clone()),
                strip(b.body.clone()),
                "{db:?} {method} {path}"
            );
            let refused =
                a.body["status"] == "failed" || a.body["data"][0]["status"] == "not_found";
            assert!(refused, "{db:?} {method} {path}: {}", a.body);
        }
        app.stop().await;
    }
}
