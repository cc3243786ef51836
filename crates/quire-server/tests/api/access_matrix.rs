//! The endpoint × actor matrix: every route whose path names an object (`{…}` in the OpenAPI
//! document) is called by another signed-in user and by an anonymous caller on the owner's
//! objects, and must be refused without touching them. A new route with a path parameter
//! fails this test until it has an entry in [`MATRIX`].

use std::collections::BTreeSet;

use quire_testkit::{Db, TestApp};
use reqwest::Method;
use serde_json::{Value, json};

/// Which of the owner's objects fills a path parameter.
#[derive(Debug, Clone, Copy)]
enum Object {
    /// The owner's user id.
    User,
    /// One of the owner's session ids.
    Session,
}

/// `(method, OpenAPI path, the owner object its parameter names)`.
const MATRIX: &[(&str, &str, Object)] = &[
    ("put", "/users/{id}", Object::User),
    ("delete", "/users/sessions/{id}", Object::Session),
];

const PASSWORD: &str = "owner's long secret";

/// Every `(method, path)` of the OpenAPI document whose path has a parameter.
fn routes_with_parameters() -> BTreeSet<(String, String)> {
    let spec: Value = serde_json::from_str(&quire_server::http::openapi::document())
        .expect("the document parses");
    let mut routes = BTreeSet::new();
    for (path, item) in spec["paths"].as_object().expect("paths") {
        if !path.contains('{') {
            continue;
        }
        for method in item.as_object().expect("a path item").keys() {
            routes.insert((method.clone(), path.clone()));
        }
    }
    routes
}

#[test]
fn every_route_with_a_path_parameter_has_an_entry_in_the_matrix() {
    let listed: BTreeSet<(String, String)> = MATRIX
        .iter()
        .map(|(method, path, _)| ((*method).to_owned(), (*path).to_owned()))
        .collect();
    let missing: Vec<_> = routes_with_parameters()
        .difference(&listed)
        .cloned()
        .collect();
    assert!(
        missing.is_empty(),
        "routes without an access-matrix entry: {missing:?}"
    );
    let stale: Vec<_> = listed
        .difference(&routes_with_parameters())
        .cloned()
        .collect();
    assert!(
        stale.is_empty(),
        "matrix entries for routes that no longer exist: {stale:?}"
    );
}

/// What the owner has and how to check it is untouched.
struct Owner {
    user_id: String,
    session_id: String,
}

async fn snapshot(app: &TestApp) -> (Value, Value) {
    let me = app.get("users/me?exclude_to_dos=true").await.data()["user"].clone();
    let sessions = app.get("users/sessions").await.data()["sessions"].clone();
    (me, sessions)
}

#[tokio::test]
async fn no_one_but_the_owner_reaches_the_owners_objects() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let owner_user = app.sign_up("Owner", "owner@example.com", PASSWORD).await;
        let sessions = app.get("users/sessions").await.data()["sessions"].clone();
        let owner = Owner {
            user_id: owner_user["id"].as_str().unwrap().to_owned(),
            session_id: sessions[0]["id"].as_str().unwrap().to_owned(),
        };
        let intruder = app.new_client();
        app.sign_up_as(&intruder, "Intruder", "intruder@example.com", PASSWORD)
            .await;
        let anonymous = app.new_client();
        let before = snapshot(&app).await;

        for (method, path, object) in MATRIX {
            let id = match object {
                Object::User => &owner.user_id,
                Object::Session => &owner.session_id,
            };
            let concrete = path.replace("{id}", id);
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let body = (method != Method::GET && method != Method::DELETE)
                .then(|| json!({"name": "Taken over", "settings": {"hide_header": true}}));

            let by_intruder = app
                .call_as(&intruder, method.clone(), &concrete, body.as_ref())
                .await;
            assert!(
                matches!(by_intruder.status.as_u16(), 403 | 404),
                "{db:?} {method} {path} by another user: {} {}",
                by_intruder.status,
                by_intruder.body
            );
            assert_eq!(by_intruder.body["status"], "failed", "{method} {path}");

            let by_anonymous = app
                .call_as(&anonymous, method.clone(), &concrete, body.as_ref())
                .await;
            by_anonymous.assert_failed(401, "not_authorized");
        }
        assert_eq!(
            snapshot(&app).await,
            before,
            "{db:?}: the owner's objects changed"
        );
        app.stop().await;
    }
}
