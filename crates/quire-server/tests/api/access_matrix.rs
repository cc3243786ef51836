//! The endpoint × actor matrix: every route whose path names an object (`{…}` in the OpenAPI
//! document) is called by another signed-in user and by an anonymous caller on the owner's
//! objects, and must be refused without touching them. A new route with a path parameter
//! fails this test until it has an entry in [`MATRIX`].

use std::collections::BTreeSet;

use crate::routes::routes_with_parameters;

use base64::Engine;
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
    /// The owner's row of the kind with this path segment (`manuscripts`, `chapters`, …).
    Row(&'static str),
    /// The owner's custom template.
    Template,
    /// The owner's uploaded file.
    Upload,
}

/// The kinds of the per-entity API, by path segment (ADR 0007).
const KINDS: [&str; 13] = [
    "folders",
    "manuscripts",
    "chapters",
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
];

/// Rows the owner makes through calls of their own rather than the per-entity API, by path
/// segment; each has a fixed id, like the kinds'.
const OTHER_ROWS: [&str; 3] = ["chapter_versions", "stats_word_counts", "writing_sessions"];

/// The per-entity routes of one kind.
macro_rules! entity_rows {
    ($($kind:literal),+) => {
        [$(
            ("put", concat!("/", $kind, "/put/{id}"), Object::Row($kind)),
            ("put", concat!("/", $kind, "/{id}"), Object::Row($kind)),
            ("delete", concat!("/", $kind, "/{id}"), Object::Row($kind)),
            ("get", concat!("/", $kind, "/undelete/{id}"), Object::Row($kind)),
        )+]
    };
}

const ENTITY_ROUTES: [(&str, &str, Object); 52] = entity_rows!(
    "folders",
    "manuscripts",
    "chapters",
    "groups",
    "outlines",
    "elements",
    "notes",
    "researches",
    "stashes",
    "to_dos",
    "plotboards",
    "element_relationship_boards",
    "chapter_contents"
);

/// `(method, OpenAPI path, the owner object its parameter names)`.
const MATRIX: &[(&str, &str, Object)] = &[
    ("put", "/users/{id}", Object::User),
    ("delete", "/users/sessions/{id}", Object::Session),
    ("get", "/manuscripts/{id}", Object::Row("manuscripts")),
    (
        "get",
        "/manuscripts/deleted_content/{id}",
        Object::Row("manuscripts"),
    ),
    (
        "post",
        "/manuscripts/updated_contents/{id}",
        Object::Row("manuscripts"),
    ),
    (
        "put",
        "/manuscripts/cursor_position_updated/{id}",
        Object::Row("manuscripts"),
    ),
    (
        "put",
        "/manuscripts/last_opened_chapter_updated/{id}",
        Object::Row("manuscripts"),
    ),
    ("get", "/templates/{id}", Object::Template),
    ("post", "/templates/use/{id}", Object::Template),
    ("get", "/chapters/content/{id}", Object::Row("chapters")),
    ("put", "/chapters/put/content/{id}", Object::Row("chapters")),
    (
        "get",
        "/chapter_versions/chapter/{id}",
        Object::Row("chapters"),
    ),
    (
        "get",
        "/chapter_versions/get/{id}",
        Object::Row("chapter_versions"),
    ),
    (
        "post",
        "/chapter_versions/copy/{id}",
        Object::Row("chapter_versions"),
    ),
    (
        "put",
        "/chapter_versions/update/{id}",
        Object::Row("chapter_versions"),
    ),
    (
        "delete",
        "/chapter_versions/delete/{id}",
        Object::Row("chapter_versions"),
    ),
    (
        "get",
        "/chapter_versions/undelete/{id}",
        Object::Row("chapter_versions"),
    ),
    (
        "get",
        "/stats_word_counts/{id}",
        Object::Row("stats_word_counts"),
    ),
    (
        "put",
        "/stats_word_counts/{id}",
        Object::Row("stats_word_counts"),
    ),
    (
        "delete",
        "/stats_word_counts/{id}",
        Object::Row("stats_word_counts"),
    ),
    (
        "get",
        "/stats_word_counts/nanowrimo/{id}",
        Object::Row("manuscripts"),
    ),
    (
        "get",
        "/writing_sessions/{id}",
        Object::Row("writing_sessions"),
    ),
    (
        "put",
        "/writing_sessions/{id}",
        Object::Row("writing_sessions"),
    ),
    (
        "delete",
        "/writing_sessions/{id}",
        Object::Row("writing_sessions"),
    ),
    ("get", "/uploads/{id}", Object::Upload),
    ("post", "/chapters/promote/{id}", Object::Row("chapters")),
    ("post", "/chapters/demote/{id}", Object::Row("chapters")),
    (
        "get",
        "/manuscripts/shared_permissions/{id}",
        Object::Row("manuscripts"),
    ),
    (
        "get",
        "/manuscripts/shared/{id}/can_update",
        Object::Row("manuscripts"),
    ),
    (
        "post",
        "/manuscripts/{id}/export",
        Object::Row("manuscripts"),
    ),
];

/// Routes that answer a 200 whose `data.saved` is `chapter_not_found` for anything the caller
/// does not own (a content save answers `ok` or `chapter_not_found`, never a refusal), exactly
/// as for a chapter that does not exist.
const ANSWERED_AS_NOT_FOUND: &[(&str, &str)] = &[("put", "/chapters/put/content/{id}")];

/// Routes without a path parameter that sum the caller's own rows, with a figure (a JSON
/// pointer into `data`) that is non-zero for the owner: another user's answer holds only their
/// own rows (none, so 0), and an anonymous caller is refused.
const CALLER_SUMS: &[(&str, &str)] = &[("users/stats?timezone=UTC", "/words/total")];

/// Every entry: the hand-written ones and the per-entity routes of every kind.
fn matrix() -> Vec<(&'static str, &'static str, Object)> {
    MATRIX.iter().chain(ENTITY_ROUTES.iter()).copied().collect()
}

const PASSWORD: &str = "owner's long secret";

#[test]
fn every_route_with_a_path_parameter_has_an_entry_in_the_matrix() {
    let listed: BTreeSet<(String, String)> = matrix()
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
    manuscript_id: String,
    chapter_id: String,
    template_id: String,
    upload_id: String,
}

/// A well-formed id made from a short name.
fn row_id(name: &str) -> String {
    format!("{name:0<22}")
}

/// The id of the owner's row of `kind`.
fn kind_row(kind: &str) -> String {
    if let Some(n) = KINDS.iter().position(|k| *k == kind) {
        return row_id(&format!("row{n}"));
    }
    let n = OTHER_ROWS
        .iter()
        .position(|k| *k == kind)
        .expect("a kind or another row");
    row_id(&format!("other{n}"))
}

impl Owner {
    fn object(&self, object: Object) -> String {
        match object {
            Object::User => self.user_id.clone(),
            Object::Session => self.session_id.clone(),
            Object::Row("manuscripts") => self.manuscript_id.clone(),
            Object::Row(kind) => kind_row(kind),
            Object::Template => self.template_id.clone(),
            Object::Upload => self.upload_id.clone(),
        }
    }
}

/// The owner's manuscript with a row of every kind, a folder and a custom template.
async fn owner_rows(app: &TestApp) -> (String, String, String) {
    let manuscript = row_id("manusc");
    app.put_json(
        &format!("manuscripts/put/{manuscript}"),
        &json!({"title": "Mine"}),
    )
    .await
    .data();
    for kind in KINDS {
        if kind == "manuscripts" {
            continue;
        }
        let body = json!({
            "manuscript_id": manuscript, "name": "Mine", "title": "Mine", "content": "<p>x</p>"
        });
        app.put_json(&format!("{kind}/put/{}", kind_row(kind)), &body)
            .await
            .data();
    }
    let chapter = kind_row("chapters");
    let now = quire_core::time::now_ms();
    app.put_json(
        &format!("chapters/put/content/{chapter}"),
        &json!({"chapter_content": {"content": "<p>mine</p>", "updated_at": now}}),
    )
    .await
    .data();
    app.post_json(
        "chapter_versions/add",
        &json!({"id": kind_row("chapter_versions"), "chapter_id": chapter, "name": "Mine"}),
    )
    .await
    .data();
    app.put_json(
        &format!("stats_word_counts/{}", kind_row("stats_word_counts")),
        &json!({"manuscript_id": manuscript, "date": now, "words": 10}),
    )
    .await
    .data();
    app.put_json(
        &format!("writing_sessions/{}", kind_row("writing_sessions")),
        &json!({"manuscript_id": manuscript, "start": now - 1_000, "end": now, "words": 10}),
    )
    .await
    .data();
    let template = app
        .post_json("manuscripts/save_as_template", &json!({"id": manuscript}))
        .await
        .data()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    (manuscript, chapter, template)
}

/// The owner's uploaded picture; answers its id.
async fn owner_upload(app: &TestApp) -> String {
    let png = base64::engine::general_purpose::STANDARD.encode(b"\x89PNG\r\n\x1a\nmine");
    let answer = app
        .post_json(
            "uploads/",
            &json!({"file": {"name": "mine.png", "data": png, "type": "image/png"}}),
        )
        .await;
    answer.data()["id"].as_str().unwrap().to_owned()
}

async fn snapshot(app: &TestApp, owner: &Owner) -> Value {
    let me = app.get("users/me?exclude_to_dos=true").await.data()["user"].clone();
    let sessions = app.get("users/sessions").await.data()["sessions"].clone();
    let tree = app
        .get(&format!("manuscripts/{}", owner.manuscript_id))
        .await
        .data()
        .clone();
    let folders = app.get("folders").await.data().clone();
    let manuscripts = app.get("manuscripts").await.data().clone();
    let templates = app.get("templates/enabled_new").await.data().clone();
    let content = app
        .get(&format!("chapters/content/{}", owner.chapter_id))
        .await
        .data()
        .clone();
    let versions = app
        .get(&format!(
            "chapter_versions/all?manuscript_id={}",
            owner.manuscript_id
        ))
        .await
        .data()
        .clone();
    let version = app
        .get(&format!(
            "chapter_versions/get/{}",
            kind_row("chapter_versions")
        ))
        .await
        .data()
        .clone();
    let word_counts = app.get("stats_word_counts").await.data().clone();
    let writing_sessions = app.get("writing_sessions").await.data().clone();
    let global_to_dos = app.get("to_dos/global").await.data().clone();
    let lifetime = app.get("users/stats?timezone=UTC").await.data().clone();
    let upload = app
        .client
        .get(app.url(&format!("/api/v4/uploads/{}", owner.upload_id)))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap()
        .to_vec();
    json!([
        me,
        sessions,
        tree,
        folders,
        manuscripts,
        templates,
        content,
        versions,
        version,
        word_counts,
        writing_sessions,
        global_to_dos,
        lifetime,
        upload
    ])
}

#[tokio::test]
async fn no_one_but_the_owner_reaches_the_owners_objects() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let owner_user = app.sign_up("Owner", "owner@example.com", PASSWORD).await;
        let sessions = app.get("users/sessions").await.data()["sessions"].clone();
        let (manuscript_id, chapter_id, template_id) = owner_rows(&app).await;
        let upload_id = owner_upload(&app).await;
        let owner = Owner {
            user_id: owner_user["id"].as_str().unwrap().to_owned(),
            session_id: sessions[0]["id"].as_str().unwrap().to_owned(),
            manuscript_id,
            chapter_id,
            template_id,
            upload_id,
        };
        let intruder = app.new_client();
        app.sign_up_as(&intruder, "Intruder", "intruder@example.com", PASSWORD)
            .await;
        let anonymous = app.new_client();
        let before = snapshot(&app, &owner).await;

        for (method, path, object) in matrix() {
            let concrete = path.replace("{id}", &owner.object(object));
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            // A body that passes every check but access, so that only access can refuse it.
            let body = (method != Method::GET && method != Method::DELETE).then(|| {
                json!({
                    "name": "Taken over", "title": "Taken over", "settings": {"hide_header": true},
                    "manuscript_id": owner.manuscript_id, "chapter_id": owner.chapter_id,
                    "position": 1, "updated_at": quire_core::time::now_ms() + 1_000,
                    "contents_dates": {}, "date": quire_core::time::now_ms(), "words": 5,
                    "start": 1, "end": 2, "format": "text",
                    "chapter_content": {
                        "content": "<p>taken</p>", "updated_at": quire_core::time::now_ms() + 1_000
                    }
                })
            });

            let by_intruder = app
                .call_as(&intruder, method.clone(), &concrete, body.as_ref())
                .await;
            let method_name = method.as_str().to_lowercase();
            if ANSWERED_AS_NOT_FOUND.contains(&(method_name.as_str(), path)) {
                assert_eq!(
                    by_intruder.data()["saved"],
                    "chapter_not_found",
                    "{db:?} {method} {path} by another user"
                );
                assert!(by_intruder.data().get("chapter_content").is_none());
            } else {
                assert!(
                    matches!(by_intruder.status.as_u16(), 403 | 404),
                    "{db:?} {method} {path} by another user: {} {}",
                    by_intruder.status,
                    by_intruder.body
                );
                assert_eq!(by_intruder.body["status"], "failed", "{method} {path}");
            }

            let by_anonymous = app
                .call_as(&anonymous, method.clone(), &concrete, body.as_ref())
                .await;
            by_anonymous.assert_failed(401, "not_authorized");
        }
        for (path, figure) in CALLER_SUMS {
            let own = app.get(path).await;
            assert_ne!(own.data().pointer(figure), Some(&json!(0)), "{db:?} {path}");
            let by_intruder = app.get_as(&intruder, path).await;
            assert_eq!(
                by_intruder.data().pointer(figure),
                Some(&json!(0)),
                "{db:?} {path} by another user: {}",
                by_intruder.body
            );
            app.get_as(&anonymous, path)
                .await
                .assert_failed(401, "not_authorized");
        }
        assert_eq!(
            snapshot(&app, &owner).await,
            before,
            "{db:?}: the owner's objects changed"
        );
        app.stop().await;
    }
}
