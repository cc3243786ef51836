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

use crate::collab_processes::Deployment;
use crate::live::{PASSWORD, Ws, close_code, id, join_manuscript, join_user, next, quiet, send};

/// One server, by its base URL (`http://host:port`).
#[derive(Clone)]
struct Server(String);

impl Server {
    fn ws(&self) -> String {
        format!("{}/api/v4/ws", self.0.replacen("http://", "ws://", 1))
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
    // A folder and a global note: hers alone.
    let folder = put(format!("folders/put/{f}"), json!({"name": "Drafts"}));
    ada.announces(folder, &mut [&mut ada_l], "update", ("folder", &f), None)
        .await;
    let note = put(format!("notes/put/{n}"), json!({"title": "Idea"}));
    ada.announces(note, &mut [&mut ada_l], "update", ("global_note", &n), None)
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

    // Out of it: a recover then an update (devices reload on the update); he may join again.
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

#[tokio::test]
async fn every_change_is_announced_by_the_server_on_one_instance() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let server = Server(app.url(""));
        every_kind_of_change_is_heard(&server, &server, "1").await;
        app.stop().await;
    }
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
}
