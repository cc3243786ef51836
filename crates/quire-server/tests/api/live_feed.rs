//! The server announces every committed change on the live channel itself (the change feed,
//! ADR 0016): a write made through the API reaches the writer's other devices and the
//! manuscript's collaborators, with nobody announcing it. On one server (both databases, the
//! in-process feed) and across two servers on one PostgreSQL database (LISTEN/NOTIFY), in
//! both directions.

use quire_testkit::{Db, TestApp};
use reqwest::Method;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;

use crate::collab_client::{Client, Heard, auth};
use crate::collab_processes::Deployment;
use crate::live::{PASSWORD, Ws, close_code, id, join_manuscript, join_user, next, quiet, send};

/// One server, by its base URL (`http://host:port`).
#[derive(Clone)]
struct Server(String);

impl Server {
    fn ws(&self) -> String {
        format!("{}/api/v4/ws", self.0.replacen("http://", "ws://", 1))
    }

    /// A collaboration socket for a session (a device with chapters open).
    async fn collab(&self, cookie: &str) -> Client {
        let url = format!("{}/api/v4/collab", self.0.replacen("http://", "ws://", 1));
        Client::with_cookie(&url, cookie).await
    }

    /// A new session's cookie.
    async fn login(&self, email: &str) -> String {
        let answer = reqwest::Client::new()
            .post(format!("{}/api/v4/auth/login", self.0))
            .header("x-requested-with", "quire")
            .json(&json!({"email": email, "password": PASSWORD}))
            .send()
            .await
            .expect("the login is sent");
        assert!(answer.status().is_success(), "login: {}", answer.status());
        answer
            .headers()
            .get_all(reqwest::header::SET_COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok()?.split(';').next())
            .filter(|pair| pair.split_once('=').is_some_and(|(_, v)| !v.is_empty()))
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// A live socket for a session.
    async fn socket(&self, cookie: &str) -> Ws {
        let mut request = self.ws().into_client_request().expect("a request");
        request
            .headers_mut()
            .insert("cookie", HeaderValue::from_str(cookie).expect("a header"));
        tokio_tungstenite::connect_async(request)
            .await
            .expect("the socket opens")
            .0
    }

    /// An API call with a session, from device `device`; answers the envelope's `data`.
    async fn call(
        &self,
        cookie: &str,
        device: &str,
        method: Method,
        path: &str,
        body: Option<Value>,
    ) -> Value {
        let mut request = reqwest::Client::new()
            .request(method, format!("{}/api/v4/{path}", self.0))
            .header("x-requested-with", "quire")
            .header("x-device-id", device)
            .header("cookie", cookie);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer = request.send().await.expect("the call is sent");
        let status = answer.status();
        let envelope: Value = answer.json().await.expect("a JSON answer");
        assert!(status.is_success(), "{path}: {status} {envelope}");
        envelope["data"].clone()
    }
}

/// Now, in epoch milliseconds (a partial update names the time of the change).
fn now() -> i64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("after 1970");
    i64::try_from(since.as_millis()).expect("a time")
}

/// Signs a user up on `server`; answers their id.
async fn sign_up(server: &Server, name: &str, email: &str) -> String {
    let answer = reqwest::Client::new()
        .post(format!("{}/api/v4/users/", server.0))
        .header("x-requested-with", "quire")
        .json(&json!({"name": name, "email": email,
                      "password": PASSWORD, "password_confirmation": PASSWORD}))
        .send()
        .await
        .expect("the sign-up is sent");
    let envelope: Value = answer.json().await.expect("a JSON answer");
    envelope["data"]["user"]["id"]
        .as_str()
        .expect("an id")
        .to_owned()
}

/// Asserts that `frame` announces `name` of (`kind`, `id`) in `manuscript`, made by `by` on
/// device `device`, with a time.
fn assert_announced(
    frame: &Value,
    (by, device): (&str, &str),
    name: &str,
    (kind, id): (&str, &str),
    manuscript: Option<&str>,
) {
    assert_eq!(frame["action"], "message", "{frame}");
    assert_eq!(frame["endpoint"], "user_interaction", "{frame}");
    assert_eq!(frame["user_id"], by, "{frame}");
    let data = &frame["interaction_data"];
    assert_eq!(data["interactionName"], name, "{frame}");
    assert_eq!(data["deviceUID"], device, "{frame}");
    let values = &data["interactionValues"];
    assert_eq!(values["type"], kind, "{frame}");
    assert_eq!(values["id"], id, "{frame}");
    assert_eq!(values["manuscript_id"], json!(manuscript), "{frame}");
    assert!(
        values["updated_at"].as_i64().is_some_and(|t| t > 0),
        "{frame}"
    );
}

/// A user writing through one server from one device.
struct Writer<'a> {
    server: &'a Server,
    user_id: String,
    cookie: String,
    device: &'static str,
}

impl Writer<'_> {
    async fn call(&self, method: Method, path: &str, body: Option<Value>) -> Value {
        self.server
            .call(&self.cookie, self.device, method, path, body)
            .await
    }

    /// Makes a change, then asserts that each of `hearers` hears it announced as `name` of
    /// `what` in `manuscript`, made by this user on this device.
    async fn announces(
        &self,
        (method, path, body): (Method, String, Option<Value>),
        hearers: &mut [&mut Ws],
        name: &str,
        what: (&str, &str),
        manuscript: Option<&str>,
    ) {
        self.call(method, &path, body).await;
        for ws in hearers {
            let by = (self.user_id.as_str(), self.device);
            assert_announced(&next(ws).await, by, name, what, manuscript);
        }
    }
}

fn put(path: String, body: Value) -> (Method, String, Option<Value>) {
    (Method::PUT, path, Some(body))
}

/// Ada owns a manuscript shared with Bob (Editor). Writes go through `write`; the devices
/// listening on `listen` hear every kind of change, and nothing they may not see.
async fn every_kind_of_change_is_heard(write: &Server, listen: &Server, tag: &str) {
    let ada_email = format!("ada-{tag}@example.com");
    let bob_email = format!("bob-{tag}@example.com");
    let ada = Writer {
        server: write,
        user_id: sign_up(write, "Ada", &ada_email).await,
        cookie: write.login(&ada_email).await,
        device: "ada-w",
    };
    let bob = Writer {
        server: write,
        user_id: sign_up(write, "Bob", &bob_email).await,
        cookie: write.login(&bob_email).await,
        device: "bob-w",
    };
    let named = |name: &str| id(&format!("{name}{tag}"));
    let (m, m2, f, n, c, c2) = (
        named("m"),
        named("n"),
        named("f"),
        named("g"),
        named("c"),
        named("d"),
    );
    let share = |permissions: i64| {
        let body = json!({"manuscript_id": m, "email": bob_email, "permissions": permissions});
        (Method::POST, "manuscripts/share".to_owned(), Some(body))
    };
    let rename = |title: &str| {
        put(
            format!("manuscripts/{m}"),
            json!({"title": title, "updated_at": now()}),
        )
    };
    for (method, path, body) in [
        put(format!("manuscripts/put/{m}"), json!({"title": "Shared"})),
        put(
            format!("chapters/put/{c}"),
            json!({"manuscript_id": m, "name": "One"}),
        ),
        share(1),
    ] {
        ada.call(method, &path, body).await;
    }

    let mut ada_l = listen.socket(&listen.login(&ada_email).await).await;
    let mut bob_l = listen.socket(&listen.login(&bob_email).await).await;
    join_user(&mut ada_l, &ada.user_id).await;
    join_user(&mut bob_l, &bob.user_id).await;
    send(&mut bob_l, join_manuscript(&m)).await;
    assert_eq!(next(&mut bob_l).await["action"], "joined");

    // updated_user: the user's own devices only.
    let profile = put(format!("users/{}", ada.user_id), json!({"name": "Ada L."}));
    let user = ("user", ada.user_id.as_str());
    ada.announces(profile, &mut [&mut ada_l], "updated_user", user, None)
        .await;
    // A new manuscript of her own: her devices, not Bob's.
    let created = put(format!("manuscripts/put/{m2}"), json!({"title": "Mine"}));
    let what = ("manuscript", m2.as_str());
    ada.announces(
        created,
        &mut [&mut ada_l],
        "new_manuscript",
        what,
        Some(&m2),
    )
    .await;
    // The shared manuscript renamed: her devices and the collaborator's joined socket.
    let what = ("manuscript", m.as_str());
    let both = &mut [&mut ada_l, &mut bob_l];
    ada.announces(rename("Renamed"), both, "update", what, Some(&m))
        .await;
    // A folder, a global note and a global to-do: hers alone.
    let folder = put(format!("folders/put/{f}"), json!({"name": "Drafts"}));
    ada.announces(folder, &mut [&mut ada_l], "update", ("folder", &f), None)
        .await;
    let note = put(format!("notes/put/{n}"), json!({"title": "Idea"}));
    ada.announces(note, &mut [&mut ada_l], "update", ("global_note", &n), None)
        .await;
    let t = named("t");
    let todo = put(
        format!("to_dos/put/{t}"),
        json!({"title": "Call the editor"}),
    );
    ada.announces(
        todo,
        &mut [&mut ada_l],
        "update",
        ("global_to_do", &t),
        None,
    )
    .await;
    quiet(&mut bob_l).await;
    // The collaborator saves the chapter's text: the owner's devices and his own joined one.
    let text = json!({"chapter_content": {"content": "<p>Hello</p>",
                                          "updated_at": 1_900_000_000_000_i64}});
    let content = put(format!("chapters/put/content/{c}"), text);
    let both = &mut [&mut ada_l, &mut bob_l];
    bob.announces(content, both, "update", ("chapter_content", &c), Some(&m))
        .await;
    // A new chapter is an update of its manuscript.
    let chapter = put(
        format!("chapters/put/{c2}"),
        json!({"manuscript_id": m, "name": "Two"}),
    );
    ada.announces(chapter, both, "update", what, Some(&m)).await;

    // Into the trash: her devices hear the delete, the collaborator's join is dropped.
    let trash = (Method::DELETE, format!("manuscripts/{m}"), None);
    ada.announces(trash, &mut [&mut ada_l], "delete", what, Some(&m))
        .await;
    assert_eq!(
        next(&mut bob_l).await,
        json!({"action": "left", "manuscript_id": m, "reason": "manuscript_deleted"})
    );
    send(&mut bob_l, join_manuscript(&m)).await;
    assert_eq!(
        next(&mut bob_l).await,
        json!({"action": "error", "code": "manuscript_is_deleted"})
    );

    // Out of it: a recover then an update (devices reload on the update); his devices, which
    // dropped it, hear it as new again, and he may join again.
    let recover = (Method::GET, format!("manuscripts/undelete/{m}"), None);
    ada.announces(recover, &mut [&mut ada_l], "recover", what, Some(&m))
        .await;
    assert_announced(
        &next(&mut ada_l).await,
        (&ada.user_id, ada.device),
        "update",
        what,
        Some(&m),
    );
    for name in ["recover", "new_manuscript"] {
        assert_announced(
            &next(&mut bob_l).await,
            (&ada.user_id, ""),
            name,
            what,
            Some(&m),
        );
    }
    send(&mut bob_l, join_manuscript(&m)).await;
    assert_eq!(next(&mut bob_l).await["action"], "joined");

    // Access removed: his join is dropped at once, and he hears nothing more of it.
    let (method, path, body) = share(0);
    ada.call(method, &path, body).await;
    assert_eq!(
        next(&mut bob_l).await,
        json!({"action": "left", "manuscript_id": m, "reason": "access_revoked"})
    );
    ada.announces(
        rename("Mine again"),
        &mut [&mut ada_l],
        "update",
        what,
        Some(&m),
    )
    .await;
    quiet(&mut bob_l).await;

    // Logging out through one server closes the session's socket on the other.
    let session = listen.login(&bob_email).await;
    let mut bob_2 = listen.socket(&session).await;
    join_user(&mut bob_2, &bob.user_id).await;
    write
        .call(&session, "bob-2", Method::GET, "auth/logout", None)
        .await;
    assert_eq!(close_code(&mut bob_2).await, 4001);
    quiet(&mut bob_l).await;
    // His other session's socket stays open.
    join_user(&mut bob_l, &bob.user_id).await;
}

/// The next `count` announcements `ws` hears, each as (name, id, by, device), sorted (a bulk
/// call announces its rows in no particular order).
async fn heard(ws: &mut Ws, count: usize) -> Vec<(String, String, String, String)> {
    let mut all = Vec::new();
    for _ in 0..count {
        let frame = next(ws).await;
        assert_eq!(frame["endpoint"], "user_interaction", "{frame}");
        let data = &frame["interaction_data"];
        assert_eq!(data["interactionValues"]["type"], "manuscript", "{frame}");
        let text = |v: &Value| v.as_str().expect("a string").to_owned();
        all.push((
            text(&data["interactionName"]),
            text(&data["interactionValues"]["id"]),
            text(&frame["user_id"]),
            text(&data["deviceUID"]),
        ));
    }
    all.sort();
    all
}

/// Asserts that a chapter open on a collaboration socket is reset and, opened again, has
/// `scope` (or is refused when `None`); answers the socket opened again.
async fn reopened(server: &Server, cookie: &str, chapter: &str, scope: Option<&str>) -> Client {
    let mut open = server.collab(cookie).await;
    match scope {
        Some(scope) => assert_eq!(open.join(chapter).await.0, scope),
        None => {
            open.send(auth(chapter)).await;
            assert_eq!(open.next().await.1, Heard::Denied("not_found".into()));
        }
    }
    open
}

/// Ada, who owns manuscripts `m` (with chapter `c`), `m2` and `m3`, and Bob, with whom she may
/// share them (`shared`: `m` and `m2` are shared with him already, Editor and Commenter); each
/// listens with one user-joined socket on `listen`. Ada writes through `write` from device
/// `ada-w`.
struct Pair<'a> {
    ada: Writer<'a>,
    bob_email: String,
    ada_l: Ws,
    bob_l: Ws,
    m: String,
    c: String,
    m2: String,
    m3: String,
}

impl<'a> Pair<'a> {
    async fn new(write: &'a Server, listen: &Server, tag: &str, shared: bool) -> Pair<'a> {
        let ada_email = format!("ada-{tag}@example.com");
        let bob_email = format!("bob-{tag}@example.com");
        let ada = Writer {
            server: write,
            user_id: sign_up(write, "Ada", &ada_email).await,
            cookie: write.login(&ada_email).await,
            device: "ada-w",
        };
        let bob_id = sign_up(write, "Bob", &bob_email).await;
        let named = |name: &str| id(&format!("{name}{tag}"));
        let (m, c, m2, m3) = (named("m"), named("c"), named("n"), named("o"));
        for (method, path, body) in [
            put(format!("manuscripts/put/{m}"), json!({"title": "Shared"})),
            put(
                format!("chapters/put/{c}"),
                json!({"manuscript_id": m, "name": "One"}),
            ),
            put(format!("manuscripts/put/{m2}"), json!({"title": "Two"})),
            put(format!("manuscripts/put/{m3}"), json!({"title": "Three"})),
        ] {
            ada.call(method, &path, body).await;
        }
        for (m, permissions) in [(&m, 1), (&m2, 2)].into_iter().filter(|_| shared) {
            let body = json!({"manuscript_id": m, "email": bob_email, "permissions": permissions});
            ada.call(Method::POST, "manuscripts/share", Some(body))
                .await;
        }
        let mut ada_l = listen.socket(&listen.login(&ada_email).await).await;
        let mut bob_l = listen.socket(&listen.login(&bob_email).await).await;
        join_user(&mut ada_l, &ada.user_id).await;
        join_user(&mut bob_l, &bob_id).await;
        Pair {
            ada,
            bob_email,
            ada_l,
            bob_l,
            m,
            c,
            m2,
            m3,
        }
    }

    /// Ada gives Bob `permissions` on manuscript `m`.
    async fn share(&self, m: &str, permissions: i64) {
        let body = json!({"manuscript_id": m, "email": self.bob_email, "permissions": permissions});
        self.ada
            .call(Method::POST, "manuscripts/share", Some(body))
            .await;
    }

    /// Who Ada's calls are announced as made by: her, on her writing device (her devices hear
    /// this), or on none of Bob's (his devices hear of her changes with no device named).
    fn by(&self) -> (String, &'static str) {
        (self.ada.user_id.clone(), self.ada.device)
    }

    fn to_bob(&self) -> (String, &'static str) {
        (self.ada.user_id.clone(), "")
    }

    /// Ada moves `ms` into the trash one by one; her device hears each.
    async fn trash(&mut self, ms: &[&str]) {
        for m in ms {
            self.ada
                .call(Method::DELETE, &format!("manuscripts/{m}"), None)
                .await;
        }
        let by = self.by();
        let heard = heard(&mut self.ada_l, ms.len()).await;
        assert_eq!(heard, each("delete", ms, &by));
    }
}

/// `name` of each manuscript of `ids` by (`by`, `device`), as [`heard`] lists them.
fn each(
    name: &str,
    ids: &[&str],
    (by, device): &(String, &str),
) -> Vec<(String, String, String, String)> {
    let mut all: Vec<_> = ids
        .iter()
        .map(|id| {
            (
                name.to_owned(),
                (*id).to_owned(),
                by.clone(),
                (*device).to_owned(),
            )
        })
        .collect();
    all.sort();
    all
}

/// A new grant reaches the grantee's devices as a new manuscript, which they may then join; a
/// changed permission is nothing new to them.
async fn a_grant_is_heard_by_the_grantees_devices(write: &Server, listen: &Server, tag: &str) {
    let mut p = Pair::new(write, listen, &format!("g{tag}"), false).await;
    let (m, to_bob) = (p.m.clone(), p.to_bob());
    let what = ("manuscript", m.as_str());
    p.share(&m, 3).await;
    let frame = next(&mut p.bob_l).await;
    assert_announced(
        &frame,
        (&to_bob.0, to_bob.1),
        "new_manuscript",
        what,
        Some(&m),
    );
    quiet(&mut p.ada_l).await;
    send(&mut p.bob_l, join_manuscript(&m)).await;
    assert_eq!(next(&mut p.bob_l).await["action"], "joined");
    p.share(&m, 1).await;
    quiet(&mut p.bob_l).await;
    // His join stayed: he hears the manuscript's next change.
    let rename = put(
        format!("manuscripts/{m}"),
        json!({"title": "Renamed", "updated_at": now()}),
    );
    let hearers = &mut [&mut p.ada_l, &mut p.bob_l];
    p.ada
        .announces(rename, hearers, "update", what, Some(&m))
        .await;
}

/// A manuscript recovered from the trash, alone or in bulk, reaches its owner's devices as a
/// recover and an update, and its collaborators' (which dropped it) as a recover and a new
/// manuscript; their open chapters become writable again.
async fn a_recover_is_heard_by_the_collaborators(write: &Server, listen: &Server, tag: &str) {
    let mut p = Pair::new(write, listen, &format!("r{tag}"), true).await;
    let (m, c, m2, m3) = (p.m.clone(), p.c.clone(), p.m2.clone(), p.m3.clone());
    let (by, to_bob) = (&p.by(), &p.to_bob());
    send(&mut p.bob_l, join_manuscript(&m)).await;
    assert_eq!(next(&mut p.bob_l).await["action"], "joined");
    let session = listen.login(&p.bob_email).await;
    let mut chapter = reopened(listen, &session, &c, Some("read-write")).await;

    p.trash(&[&m]).await;
    assert_eq!(
        next(&mut p.bob_l).await,
        json!({"action": "left", "manuscript_id": m, "reason": "manuscript_deleted"})
    );
    assert_eq!(chapter.close_code().await, 4205);
    chapter = reopened(listen, &session, &c, Some("readonly")).await;

    p.ada
        .call(Method::GET, &format!("manuscripts/undelete/{m}"), None)
        .await;
    let mut expected = [each("recover", &[&m], by), each("update", &[&m], by)].concat();
    expected.sort();
    assert_eq!(heard(&mut p.ada_l, 2).await, expected);
    let mut expected = [
        each("recover", &[&m], to_bob),
        each("new_manuscript", &[&m], to_bob),
    ]
    .concat();
    expected.sort();
    assert_eq!(heard(&mut p.bob_l, 2).await, expected);
    assert_eq!(chapter.close_code().await, 4205);
    reopened(listen, &session, &c, Some("read-write")).await;
    // He may join it again.
    send(&mut p.bob_l, join_manuscript(&m)).await;
    assert_eq!(next(&mut p.bob_l).await["action"], "joined");

    // In bulk: each manuscript as a call on it alone; he hears only the one shared with him.
    let both = [m2.as_str(), m3.as_str()];
    p.trash(&both).await;
    let ids = json!({"ids": both});
    p.ada
        .call(Method::POST, "manuscripts/recover_all", Some(ids))
        .await;
    let mut expected = [each("recover", &both, by), each("update", &both, by)].concat();
    expected.sort();
    assert_eq!(heard(&mut p.ada_l, 4).await, expected);
    let mut expected = [
        each("recover", &[&m2], to_bob),
        each("new_manuscript", &[&m2], to_bob),
    ]
    .concat();
    expected.sort();
    assert_eq!(heard(&mut p.bob_l, 2).await, expected);
    quiet(&mut p.ada_l).await;
    quiet(&mut p.bob_l).await;
}

/// A manuscript purged from the trash, alone or in bulk, reaches its owner's devices as a
/// delete; its collaborators' open chapters authenticate again and are refused.
async fn a_purge_is_heard_and_closes_the_collaborators_chapters(
    write: &Server,
    listen: &Server,
    tag: &str,
) {
    let mut p = Pair::new(write, listen, &format!("p{tag}"), true).await;
    let (m, c, m2, m3) = (p.m.clone(), p.c.clone(), p.m2.clone(), p.m3.clone());
    let by = &p.by();
    let session = listen.login(&p.bob_email).await;
    let mut chapter = reopened(listen, &session, &c, Some("read-write")).await;
    p.trash(&[&m]).await;
    assert_eq!(chapter.close_code().await, 4205);
    chapter = reopened(listen, &session, &c, Some("readonly")).await;

    p.ada
        .call(
            Method::DELETE,
            &format!("manuscripts/{m}?hard_delete=true"),
            None,
        )
        .await;
    assert_eq!(heard(&mut p.ada_l, 1).await, each("delete", &[&m], by));
    assert_eq!(chapter.close_code().await, 4205);
    reopened(listen, &session, &c, None).await;
    quiet(&mut p.bob_l).await;

    // In bulk: each manuscript is announced as a purge of it alone.
    let both = [m2.as_str(), m3.as_str()];
    p.trash(&both).await;
    p.ada
        .call(
            Method::POST,
            "manuscripts/delete_all",
            Some(json!({"ids": both})),
        )
        .await;
    assert_eq!(heard(&mut p.ada_l, 2).await, each("delete", &both, by));
    quiet(&mut p.ada_l).await;
    quiet(&mut p.bob_l).await;
}

/// A call that writes no device into the row (a trash call, a recover, a copy) is announced as
/// made by the device that made it, so the device that last wrote the row hears it too.
async fn a_change_is_heard_by_the_device_that_last_wrote_the_row(
    write: &Server,
    listen: &Server,
    tag: &str,
) {
    let mut p = Pair::new(write, listen, &format!("d{tag}"), false).await;
    let (k, copy) = (id(&format!("k{tag}")), id(&format!("l{tag}")));
    let by = &p.by();
    // Last written from the device Ada listens on.
    let body = json!({"title": "Written there", "last_synced_device_id": "ada-l"});
    p.ada
        .call(Method::PUT, &format!("manuscripts/put/{k}"), Some(body))
        .await;
    let there = (by.0.clone(), "ada-l");
    assert_eq!(
        heard(&mut p.ada_l, 1).await,
        each("new_manuscript", &[&k], &there)
    );

    let body = json!({"id": k, "title": "Copy", "new_id": copy});
    p.ada
        .call(Method::POST, "manuscripts/copy", Some(body))
        .await;
    assert_eq!(
        heard(&mut p.ada_l, 1).await,
        each("new_manuscript", &[&copy], by)
    );
    p.trash(&[&k]).await;
    p.ada
        .call(Method::GET, &format!("manuscripts/undelete/{k}"), None)
        .await;
    let mut expected = [each("recover", &[&k], by), each("update", &[&k], by)].concat();
    expected.sort();
    assert_eq!(heard(&mut p.ada_l, 2).await, expected);
    quiet(&mut p.ada_l).await;
}

#[tokio::test]
async fn every_change_is_announced_by_the_server_on_one_instance() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let server = Server(app.url(""));
        every_kind_of_change_is_heard(&server, &server, "1").await;
        app.stop().await;
    }
}

/// Runs `scenario` on one server, on each database.
async fn on_one_instance<F>(scenario: F)
where
    F: AsyncFn(&Server, &Server, &str),
{
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let server = Server(app.url(""));
        scenario(&server, &server, "1").await;
        app.stop().await;
    }
}

#[tokio::test]
async fn a_new_grant_is_announced_to_the_grantee_on_one_instance() {
    on_one_instance(a_grant_is_heard_by_the_grantees_devices).await;
}

#[tokio::test]
async fn a_recover_is_announced_to_the_collaborators_on_one_instance() {
    on_one_instance(a_recover_is_heard_by_the_collaborators).await;
}

#[tokio::test]
async fn a_purge_is_announced_and_resets_chapters_on_one_instance() {
    on_one_instance(a_purge_is_heard_and_closes_the_collaborators_chapters).await;
}

#[tokio::test]
async fn a_trash_call_or_copy_names_the_calling_device_on_one_instance() {
    on_one_instance(a_change_is_heard_by_the_device_that_last_wrote_the_row).await;
}

#[tokio::test]
async fn a_change_made_through_one_instance_is_heard_on_the_other_both_ways() {
    if !Db::all().contains(&Db::Postgres) {
        // Two processes share a database only on PostgreSQL (an SQLite file has one owner).
        println!("QUIRE_TEST_POSTGRES_URL is not set: two servers need PostgreSQL");
        return;
    }
    let deployment = Deployment::start(Db::Postgres, 2, &[]).await;
    let one = Server(deployment.servers[0].url(""));
    let two = Server(deployment.servers[1].url(""));
    every_kind_of_change_is_heard(&one, &two, "12").await;
    every_kind_of_change_is_heard(&two, &one, "21").await;
    for (write, listen, tag) in [(&one, &two, "12"), (&two, &one, "21")] {
        a_grant_is_heard_by_the_grantees_devices(write, listen, tag).await;
        a_recover_is_heard_by_the_collaborators(write, listen, tag).await;
        a_purge_is_heard_and_closes_the_collaborators_chapters(write, listen, tag).await;
        a_change_is_heard_by_the_device_that_last_wrote_the_row(write, listen, tag).await;
    }
}
