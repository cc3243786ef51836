//! The OpenAPI document says what the server does: every schema it refers to is defined, and
//! every refusal the server gives to a malformed, anonymous or cross-site call is an answer the
//! operation lists, on SQLite and PostgreSQL.

use quire_testkit::{Db, TestApp, TestResponse};
use reqwest::Method;
use serde_json::{Value, json};

use crate::routes::operations;

const EMAIL: &str = "ada@example.com";
const PASSWORD: &str = "a writer's long secret";

/// The operations the loops below leave out because they end the session they are called on.
const ENDS_THE_SESSION: &[(&str, &str)] = &[
    ("get", "/auth/logout"),
    ("post", "/auth/logout"),
    ("delete", "/users/delete_account"),
];

fn document() -> Value {
    serde_json::from_str(&quire_server::http::openapi::document()).expect("the document parses")
}

/// Every `$ref` anywhere under `value`.
fn refs(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("$ref", Value::String(target)) => found.push(target.clone()),
                    _ => refs(inner, found),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| refs(item, found)),
        _ => {}
    }
}

#[test]
fn every_schema_the_document_refers_to_is_defined() {
    let spec = document();
    let mut found = Vec::new();
    refs(&spec, &mut found);
    assert!(!found.is_empty(), "the document refers to no schema at all");
    for target in found {
        let pointer = target
            .strip_prefix('#')
            .unwrap_or_else(|| panic!("{target} is not a local reference"));
        assert!(
            spec.pointer(pointer).is_some(),
            "{target} is referred to but not defined"
        );
    }
}

#[test]
fn every_response_has_a_description() {
    for (verb, path, operation) in operations() {
        for (status, response) in operation["responses"].as_object().expect("responses") {
            assert!(
                response["description"]
                    .as_str()
                    .is_some_and(|d| !d.trim().is_empty()),
                "{verb} {path}: the {status} answer has no description"
            );
        }
    }
}

#[tokio::test]
async fn a_missing_manuscript_in_several_is_null_and_the_document_allows_it() {
    let spec = document();
    let manuscript = &spec["components"]["schemas"]["MultipleItem"]["properties"]["manuscript"];
    let types = manuscript["type"].as_array().cloned().unwrap_or_default();
    assert!(
        types.contains(&json!("null")),
        "MultipleItem.manuscript is not nullable: {manuscript}"
    );
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Writer", EMAIL, PASSWORD).await;
        let answer = app
            .post_json(
                "manuscripts/multiple",
                &json!({"ids": [filled("{id}"), "not an id"]}),
            )
            .await;
        for item in answer.data().as_array().expect("an array") {
            assert_eq!(item["status"], "not_found", "{item}");
            assert_eq!(item["manuscript"], Value::Null, "{item}");
        }
        app.stop().await;
    }
}

/// The path of `path` with every parameter filled with a well-formed id.
fn filled(path: &str) -> String {
    let mut out = String::new();
    let mut rest = path;
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').expect("a closed parameter") + open;
        out.push_str(&rest[..open]);
        out.push_str("AAAAAAAAAAAAAAAAAAAAAA");
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

fn method(name: &str) -> Method {
    Method::from_bytes(name.to_ascii_uppercase().as_bytes()).expect("an HTTP method")
}

/// Asserts that `answer` is a refusal with `status` and `code`, and that the operation lists
/// that status with the `Failure` body.
fn assert_listed(operation: &Value, what: &str, answer: &TestResponse, status: u16, code: &str) {
    assert_eq!(
        (answer.status.as_u16(), answer.body["data"].as_str()),
        (status, Some(code)),
        "{what}: {}",
        answer.body
    );
    let listed = &operation["responses"][status.to_string()];
    assert_eq!(
        listed["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/Failure",
        "{what} answers {status} but the document does not list it: {operation}"
    );
    assert!(
        listed["description"]
            .as_str()
            .is_some_and(|d| d.contains(code)),
        "{what}: the {status} answer does not name `{code}`"
    );
}

#[tokio::test]
async fn every_refusal_of_the_extractors_and_the_guards_is_listed() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Writer", EMAIL, PASSWORD).await;
        let cookie = app.session_cookie(EMAIL, PASSWORD).await;
        let anonymous = app.new_client();
        // Signed in, but without the app's CSRF header: what a cross-site page could send.
        let cross_site = reqwest::Client::new();
        let mut checked = 0;
        for (verb, path, operation) in operations() {
            if ENDS_THE_SESSION.contains(&(verb.as_str(), path.as_str())) {
                continue;
            }
            let url = app.url(&format!("/api/v4{}", filled(&path)));
            let what = format!("{verb} {path} on {db:?}");
            assert!(
                operation["responses"]["500"]["content"]["application/json"]["schema"]["$ref"]
                    == "#/components/schemas/ErrorBody",
                "{what} does not list the internal error"
            );
            let body = operation.get("requestBody").is_some();
            if operation.get("security").is_some() {
                let mut request = anonymous.request(method(&verb), &url);
                if body {
                    request = request.json(&json!({}));
                }
                let answer = app.send(request).await;
                assert_listed(&operation, &what, &answer, 401, "not_authorized");
            }
            let state_changing = verb != "get"
                || operation["responses"]["403"]["description"]
                    .as_str()
                    .is_some_and(|d| d.contains("csrf_refused"));
            if state_changing {
                let request = cross_site
                    .request(method(&verb), &url)
                    .header("cookie", &cookie);
                let answer = app.send(request).await;
                assert_listed(&operation, &what, &answer, 403, "csrf_refused");
            }
            if body {
                let form = operation["requestBody"]["content"]
                    .get("multipart/form-data")
                    .is_some();
                let malformed = if form {
                    [
                        (
                            "multipart/form-data; boundary=X",
                            "not a form",
                            400,
                            "invalid_form",
                        ),
                        ("application/json", "{}", 415, "unsupported_media_type"),
                    ]
                } else {
                    [
                        ("application/json", "{not json", 400, "invalid_json"),
                        ("text/plain", "{}", 415, "unsupported_media_type"),
                    ]
                };
                for (content_type, text, status, code) in malformed {
                    let request = app
                        .client
                        .request(method(&verb), &url)
                        .header("cookie", &cookie)
                        .header("content-type", content_type)
                        .body(text);
                    let answer = app.send(request).await;
                    assert_listed(&operation, &what, &answer, status, code);
                }
            }
            if path.contains('{') {
                // A NUL in the path is refused before the body is read.
                let bad = app.url(&format!("/api/v4{}", path.replace("{id}", "%00")));
                let mut request = app
                    .client
                    .request(method(&verb), &bad)
                    .header("cookie", &cookie);
                if body {
                    request = request.json(&json!({}));
                }
                let answer = app.send(request).await;
                assert_listed(&operation, &what, &answer, 422, "invalid_fields");
            }
            checked += 1;
        }
        assert!(checked > 100, "only {checked} operations were checked");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_rate_limited_reset_of_the_password_answers_a_listed_429() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let (_, _, operation) = operations()
            .into_iter()
            .find(|(verb, path, _)| verb == "post" && path == "/auth/reset_password")
            .expect("the document lists auth/reset_password");
        let body = json!({"token": "not-a-token", "password": PASSWORD, "password_confirmation": PASSWORD});
        let mut answer = app.post_json("auth/reset_password", &body).await;
        for _ in 0..40 {
            if answer.status.as_u16() == 429 {
                break;
            }
            answer = app.post_json("auth/reset_password", &body).await;
        }
        let what = format!("post /auth/reset_password on {db:?}");
        assert_listed(&operation, &what, &answer, 429, "too_many_requests");
    }
}
