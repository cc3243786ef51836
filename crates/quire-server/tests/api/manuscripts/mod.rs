//! The per-entity API and the manuscript calls (ADR 0007): every kind's four operations, last
//! writer wins, the trash codes, parents and cycles, the listings, several and one manuscript,
//! the changed-content check, copy, templates, the cursor and bulk trash operations.

mod calls;
mod entities;
mod existence;
mod structure;

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
