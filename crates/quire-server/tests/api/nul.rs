//! The NUL rule (U+0000) at the edge, alike on SQLite and PostgreSQL: a NUL in an id, an email
//! or a secret is refused with a code; in writing it is dropped and the rest kept; nothing
//! answers 5xx (ADR 0003).

use base64::Engine;
use quire_testkit::{Db, TestApp, TestResponse};
use reqwest::Method;
use serde_json::{Value, json};

use crate::routes::{operations, routes_with_parameters};

const EMAIL: &str = "ada@example.com";
const PASSWORD: &str = "a writer's long secret";

fn id(name: &str) -> String {
    format!("{name:0<22}")
}

fn assert_field_refused(answer: &TestResponse, field: &str, code: &str) {
    answer.assert_failed(422, "invalid_fields");
    assert_eq!(answer.body["fields"][field], code, "{}", answer.body);
}

#[tokio::test]
async fn a_nul_in_an_email_or_an_id_is_refused_with_a_code() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Writer", EMAIL, PASSWORD).await;
        let stranger = app.new_client();
        let login = json!({"email": "ada\u{0}@example.com", "password": PASSWORD});
        let answer = app
            .call_as(&stranger, Method::POST, "auth/login", Some(&login))
            .await;
        assert_field_refused(&answer, "email", "email_invalid");
        let answer = app
            .post_json("auth/refresh_token_with_email_password", &login)
            .await;
        assert_field_refused(&answer, "email", "email_invalid");
        let answer = app
            .post_json("manuscripts/multiple", &json!({"ids": ["m\u{0}"]}))
            .await;
        assert_field_refused(&answer, "ids", "invalid_id");
        let answer = app
            .put_json(
                &format!("chapters/put/{}", id("c1")),
                &json!({"manuscript_id": format!("{}\u{0}", id("m1")), "name": "x"}),
            )
            .await;
        assert_field_refused(&answer, "manuscript_id", "invalid_id");
        let answer = app
            .get(&format!(
                "chapter_versions/all?manuscript_id={}%00",
                id("m1")
            ))
            .await;
        assert_field_refused(&answer, "manuscript_id", "invalid_id");
        for path in ["templates/%00", "templates/AAAAAAAAAAAAAAAAAAAAA%00"] {
            assert_field_refused(&app.get(path).await, "id", "invalid_id");
        }
        let answer = app.post_json("templates/use/%00", &json!({})).await;
        assert_field_refused(&answer, "id", "invalid_id");
        assert_field_refused(&app.delete("users/sessions/%00").await, "id", "invalid_id");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_nul_in_writing_is_dropped_and_the_rest_kept() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let user = app.sign_up("Ada\u{0} Writer", EMAIL, PASSWORD).await;
        assert_eq!(user["name"], "Ada Writer", "{db:?}");
        let m = id("m1");
        let novel = app
            .put_json(
                &format!("manuscripts/put/{m}"),
                &json!({"title": "Act\u{0} I", "meta": {"subtitle": "b\u{0}c"}}),
            )
            .await;
        assert_eq!(novel.data()["title"], "Act I", "{db:?}");
        assert_eq!(novel.data()["meta"]["subtitle"], "bc", "{db:?}");
        let c = id("c1");
        app.put_json(
            &format!("chapters/put/{c}"),
            &json!({"manuscript_id": m, "name": "One\u{0}"}),
        )
        .await
        .data();
        let now = quire_core::time::now_ms();
        let saved = app
            .put_json(
                &format!("chapters/put/content/{c}"),
                &json!({"chapter_content": {"content": "<p>Hel\u{0}lo</p>", "updated_at": now}}),
            )
            .await;
        assert_eq!(saved.data()["saved"], "ok", "{db:?}");
        let content = app.get(&format!("chapters/content/{c}")).await;
        let html = content.data()["content"].as_str().unwrap().to_owned();
        assert!(html.contains("Hello"), "{db:?}: {html}");
        let png = base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nmine");
        let upload = app
            .post_json(
                "uploads/",
                &json!({"file": {"name": "cover\u{0}.png", "data": png, "type": "image/png"}}),
            )
            .await;
        assert_eq!(
            upload.data()["name"],
            "cover.png",
            "{db:?}: {}",
            upload.body
        );
        let version = app.get("frontend_versions/latest?current=2.4%0029").await;
        assert!(version.status.is_success(), "{db:?}: {}", version.body);
        app.stop().await;
    }
}

/// Bodies for the sweep: one whose names hold a NUL (refused at the edge), one whose writing
/// does (which reaches the database without it).
fn bodies_with_nul() -> [Value; 2] {
    let bad_id = format!("{}\u{0}", id("x"));
    let now = quire_core::time::now_ms();
    let names = json!({
        "id": bad_id, "ids": [bad_id], "manuscript_id": bad_id, "chapter_id": bad_id,
        "folder_id": bad_id, "parent_id": bad_id, "new_id": bad_id,
        "email": "a\u{0}@b.example", "password": "p\u{0}", "current_password": "p\u{0}",
        "new_password": "p\u{0}", "token": "t\u{0}", "code": "1\u{0}",
    });
    let writing = json!({
        "manuscript_id": id("m1"), "name": "n\u{0}", "title": "t\u{0}",
        "description": "d\u{0}", "content": "<p>\u{0}</p>", "type": "chapters\u{0}",
        "meta": {"note": "\u{0}"}, "updated_at": now, "date": now, "words": 1,
        "chapter_content": {"content": "<p>\u{0}</p>", "updated_at": now},
        "file": {"name": "f\u{0}.png", "data": "iVBORw0KGgpib2I=", "type": "image/png"},
    });
    [names, writing]
}

/// The names of an operation's query parameters.
fn query_parameters(operation: &Value) -> Vec<String> {
    operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["in"] == "query")
        .filter_map(|p| p["name"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn no_route_answers_5xx_to_a_nul_in_its_path_or_its_body() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Writer", EMAIL, PASSWORD).await;
        for (method, path) in routes_with_parameters() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            for bad in ["%00", "AAAAAAAAAAAAAAAAAAAAA%00"] {
                let concrete = path.replace("{id}", bad);
                let body = (method != Method::GET && method != Method::DELETE).then(|| json!({}));
                let answer = app
                    .call_as(&app.client, method.clone(), &concrete, body.as_ref())
                    .await;
                assert_eq!(
                    answer.status.as_u16(),
                    422,
                    "{db:?} {method} {concrete}: {}",
                    answer.body
                );
                assert_eq!(
                    answer.body["fields"]["id"], "invalid_id",
                    "{db:?} {method} {concrete}"
                );
            }
        }
        app.put_json(
            &format!("manuscripts/put/{}", id("m1")),
            &json!({"title": "Novel"}),
        )
        .await
        .data();
        for (method, path, operation) in operations() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let concrete = path.replace("{id}", &id("x"));
            for name in query_parameters(&operation) {
                for value in ["%00", "1%00", "AAAAAAAAAAAAAAAAAAAAA%00"] {
                    let url = format!("{concrete}?{name}={value}");
                    let body =
                        (method != Method::GET && method != Method::DELETE).then(|| json!({}));
                    let answer = app
                        .call_as(&app.client, method.clone(), &url, body.as_ref())
                        .await;
                    assert!(
                        answer.status.as_u16() < 500,
                        "{db:?} {method} {url}: {} {}",
                        answer.status,
                        answer.body
                    );
                }
            }
        }
        for (method, path, operation) in operations() {
            // Signing out would end the sweep's session.
            if operation.get("requestBody").is_none() || path == "/auth/logout" {
                continue;
            }
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let concrete = path.replace("{id}", &id("x"));
            for body in bodies_with_nul() {
                let answer = app
                    .call_as(&app.client, method.clone(), &concrete, Some(&body))
                    .await;
                assert!(
                    answer.status.as_u16() < 500,
                    "{db:?} {method} {concrete}: {} {}",
                    answer.status,
                    answer.body
                );
            }
        }
        app.stop().await;
    }
}
