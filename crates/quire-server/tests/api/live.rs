//! The live channel `/api/v4/ws` (ADR 0009) over real sockets: who may open it and join what,
//! where a `user_interaction` goes, and when the server drops joins or closes sockets.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use quire_testkit::{Db, TestApp};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub(crate) type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub(crate) const PASSWORD: &str = "a writer's long secret";
const EXPECT: Duration = Duration::from_secs(2);
const QUIET: Duration = Duration::from_millis(200);

pub(crate) fn id(name: &str) -> String {
    format!("{name:0<22}")
}

async fn connect(
    app: &TestApp,
    cookie: Option<&str>,
    origin: Option<&str>,
) -> Result<Ws, tungstenite::Error> {
    let mut request = app
        .ws_url("/api/v4/ws")
        .into_client_request()
        .expect("a request");
    if let Some(cookie) = cookie {
        request
            .headers_mut()
            .insert("cookie", HeaderValue::from_str(cookie).expect("a header"));
    }
    if let Some(origin) = origin {
        request
            .headers_mut()
            .insert("origin", HeaderValue::from_str(origin).expect("a header"));
    }
    tokio_tungstenite::connect_async(request)
        .await
        .map(|(ws, _)| ws)
}

async fn open(app: &TestApp, cookie: &str) -> Ws {
    connect(app, Some(cookie), None)
        .await
        .expect("the socket opens")
}

pub(crate) async fn send(ws: &mut Ws, message: Value) {
    ws.send(Message::text(message.to_string()))
        .await
        .expect("the frame is sent");
}

/// The next text frame, as JSON, within [`EXPECT`].
pub(crate) async fn next(ws: &mut Ws) -> Value {
    loop {
        let frame = tokio::time::timeout(EXPECT, ws.next())
            .await
            .expect("a frame in time")
            .expect("the socket is open")
            .expect("a frame");
        match frame {
            Message::Text(text) => return serde_json::from_str(text.as_str()).expect("JSON"),
            Message::Ping(_) | Message::Pong(_) => {}
            other => panic!("expected a text frame, got {other:?}"),
        }
    }
}

/// Asserts that no text frame arrives within [`QUIET`].
pub(crate) async fn quiet(ws: &mut Ws) {
    if let Ok(Some(Ok(Message::Text(text)))) = tokio::time::timeout(QUIET, ws.next()).await {
        panic!("expected nothing, got {text}");
    }
}

/// The code of the close frame that arrives within [`EXPECT`].
pub(crate) async fn close_code(ws: &mut Ws) -> u16 {
    loop {
        let frame = tokio::time::timeout(EXPECT, ws.next())
            .await
            .expect("a close in time");
        match frame {
            Some(Ok(Message::Close(Some(close)))) => return close.code.into(),
            Some(Ok(Message::Text(_) | Message::Ping(_) | Message::Pong(_))) => {}
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}

pub(crate) async fn join_user(ws: &mut Ws, user_id: &str) {
    send(
        ws,
        json!({"action": "message", "endpoint": "join_user", "user_id": user_id}),
    )
    .await;
    assert_eq!(
        next(ws).await,
        json!({"action": "joined", "endpoint": "join_user", "user_id": user_id})
    );
}

pub(crate) fn join_manuscript(m: &str) -> Value {
    json!({"action": "message", "endpoint": "join_manuscript", "manuscript_id": m})
}

fn interaction(user_id: &str, device: &str, manuscript_id: Option<&str>) -> Value {
    let values = match manuscript_id {
        Some(m) => json!({"type": "chapter_content", "id": id("c1"), "manuscript_id": m,
                          "updated_at": 1_700_000_000_000_i64}),
        None => json!({"type": "user", "id": user_id, "updated_at": 1_700_000_000_000_i64}),
    };
    json!({"action": "message", "endpoint": "user_interaction", "user_id": user_id,
           "interaction_data": {"interactionName": "update", "interactionValues": values,
                                "deviceUID": device}})
}

fn error(code: &str) -> Value {
    json!({"action": "error", "code": code})
}

#[tokio::test]
async fn interactions_reach_the_users_other_devices_and_the_manuscripts_collaborators() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let ada = app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let ada_id = ada["id"].as_str().expect("an id").to_owned();
        let m = id("m1");
        app.put_json(&format!("manuscripts/put/{m}"), &json!({"title": "Shared"}))
            .await
            .data();
        let bob = app
            .sign_up_as(&app.new_client(), "Bob", "bob@example.com", PASSWORD)
            .await;
        let bob_id = bob["id"].as_str().expect("an id").to_owned();
        app.sign_up_as(&app.new_client(), "Carol", "carol@example.com", PASSWORD)
            .await;
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": m, "email": "bob@example.com", "permissions": 1}),
        )
        .await
        .data();

        let mut a1 = open(&app, &app.session_cookie("ada@example.com", PASSWORD).await).await;
        let mut a2 = open(&app, &app.session_cookie("ada@example.com", PASSWORD).await).await;
        let mut b = open(&app, &app.session_cookie("bob@example.com", PASSWORD).await).await;
        let mut c = open(
            &app,
            &app.session_cookie("carol@example.com", PASSWORD).await,
        )
        .await;
        join_user(&mut a1, &ada_id).await;
        join_user(&mut a2, &ada_id).await;
        join_user(&mut b, &bob_id).await;
        send(&mut b, join_manuscript(&m)).await;
        assert_eq!(
            next(&mut b).await,
            json!({"action": "joined", "endpoint": "join_manuscript", "manuscript_id": m})
        );

        // Joining someone else's user or a manuscript one has no access to is refused.
        send(
            &mut c,
            json!({"action": "message", "endpoint": "join_user", "user_id": ada_id}),
        )
        .await;
        assert_eq!(next(&mut c).await, error("not_authorized"));
        send(&mut c, join_manuscript(&m)).await;
        assert_eq!(next(&mut c).await, error("not_authorized"));
        send(&mut c, interaction(&ada_id, "pwa-c", Some(&m))).await;
        assert_eq!(next(&mut c).await, error("not_authorized"));

        // The owner's update of the manuscript: her other device and the collaborator.
        let from_a1 = interaction(&ada_id, "pwa-a1", Some(&m));
        send(&mut a1, from_a1.clone()).await;
        assert_eq!(next(&mut a2).await, from_a1);
        assert_eq!(next(&mut b).await, from_a1);
        quiet(&mut a1).await;
        quiet(&mut c).await;

        // The collaborator's update: the owner's devices.
        let from_b = interaction(&bob_id, "pwa-b", Some(&m));
        send(&mut b, from_b.clone()).await;
        assert_eq!(next(&mut a1).await, from_b);
        assert_eq!(next(&mut a2).await, from_b);
        quiet(&mut b).await;

        // Nor can anyone speak as another user.
        send(&mut c, interaction(&ada_id, "pwa-c", None)).await;
        assert_eq!(next(&mut c).await, error("not_authorized"));

        // No manuscript: the user's own devices only.
        let own = interaction(&ada_id, "pwa-a1", None);
        send(&mut a1, own.clone()).await;
        assert_eq!(next(&mut a2).await, own);
        quiet(&mut b).await;

        // Removing access drops the collaborator's join at once.
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": m, "email": "bob@example.com", "permissions": 0}),
        )
        .await
        .data();
        assert_eq!(
            next(&mut b).await,
            json!({"action": "left", "manuscript_id": m, "reason": "access_revoked"})
        );
        send(&mut a1, from_a1.clone()).await;
        assert_eq!(next(&mut a2).await, from_a1);
        quiet(&mut b).await;
        send(&mut b, join_manuscript(&m)).await;
        assert_eq!(next(&mut b).await, error("not_authorized"));
        app.stop().await;
    }
}

#[tokio::test]
async fn the_upgrade_needs_a_session_and_our_own_origin() {
    let app = TestApp::spawn().await;
    app.sign_up("Ada", "ada@example.com", PASSWORD).await;
    let cookie = app.session_cookie("ada@example.com", PASSWORD).await;
    let status = |result: Result<Ws, tungstenite::Error>| match result {
        Err(tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("unexpected error {other}"),
        Ok(_) => panic!("the socket opened"),
    };
    assert_eq!(status(connect(&app, None, None).await), 401);
    assert_eq!(
        status(connect(&app, Some("quire_session=forged"), None).await),
        401
    );
    assert_eq!(
        status(connect(&app, Some(&cookie), Some("https://evil.example")).await),
        403
    );
    let own = app.url("");
    connect(&app, Some(&cookie), Some(own.trim_end_matches('/')))
        .await
        .expect("our own origin is accepted");
    app.stop().await;
}

#[tokio::test]
async fn a_nul_in_an_id_of_a_message_is_refused_and_the_socket_goes_on() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let ada = app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let ada_id = ada["id"].as_str().expect("an id");
        let cookie = app.session_cookie("ada@example.com", PASSWORD).await;
        let mut ws = open(&app, &cookie).await;
        for message in [
            json!({"action": "message", "endpoint": "join_manuscript",
                   "manuscript_id": format!("{}\u{0}", id("m1"))}),
            json!({"action": "message", "endpoint": "user_interaction", "user_id": ada_id,
                   "interaction_data": {"interactionName": "typing",
                       "interactionValues": {"manuscript_id": "m\u{0}"}}}),
        ] {
            send(&mut ws, message).await;
            assert_eq!(next(&mut ws).await, error("malformed_message"), "{db:?}");
        }
        join_user(&mut ws, ada_id).await;
        app.stop().await;
    }
}

#[tokio::test]
async fn bad_frames_are_answered_and_oversized_ones_close_the_socket() {
    let app = TestApp::spawn().await;
    let ada = app.sign_up("Ada", "ada@example.com", PASSWORD).await;
    let ada_id = ada["id"].as_str().expect("an id");
    let cookie = app.session_cookie("ada@example.com", PASSWORD).await;
    let mut ws = open(&app, &cookie).await;
    ws.send(Message::text("{not json")).await.expect("sent");
    assert_eq!(next(&mut ws).await, error("malformed_message"));
    send(
        &mut ws,
        json!({"action": "message", "endpoint": "shout", "user_id": ada_id}),
    )
    .await;
    assert_eq!(next(&mut ws).await, error("unknown_endpoint"));
    join_user(&mut ws, ada_id).await;

    ws.send(Message::text("x".repeat(64 * 1024 + 1)))
        .await
        .expect("sent");
    assert_eq!(close_code(&mut ws).await, 1009);

    let mut ws = open(&app, &cookie).await;
    ws.send(Message::binary(vec![1, 2, 3])).await.expect("sent");
    assert_eq!(close_code(&mut ws).await, 1003);
    app.stop().await;
}

#[tokio::test]
async fn a_socket_that_keeps_flooding_is_refused_then_closed() {
    let app = TestApp::spawn().await;
    app.sign_up("Ada", "ada@example.com", PASSWORD).await;
    let mut ws = open(&app, &app.session_cookie("ada@example.com", PASSWORD).await).await;
    for _ in 0..100 {
        if ws.send(Message::text("{}")).await.is_err() {
            break;
        }
    }
    let mut refused = 0;
    let code = loop {
        let frame = tokio::time::timeout(EXPECT, ws.next())
            .await
            .expect("a frame in time");
        match frame {
            Some(Ok(Message::Text(text))) => {
                let answer: Value = serde_json::from_str(text.as_str()).expect("JSON");
                if answer == error("rate_limited") {
                    refused += 1;
                } else {
                    assert_eq!(answer, error("malformed_message"));
                }
            }
            Some(Ok(Message::Close(Some(close)))) => break u16::from(close.code),
            other => panic!("expected a frame, got {other:?}"),
        }
    };
    assert!(refused > 0);
    assert_eq!(code, 1008);
    app.stop().await;
}

#[tokio::test]
async fn ending_the_session_or_deleting_the_manuscript_is_felt_at_once() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let ada = app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let ada_id = ada["id"].as_str().expect("an id").to_owned();
        let m = id("m1");
        app.put_json(&format!("manuscripts/put/{m}"), &json!({"title": "Shared"}))
            .await
            .data();
        let bob_client = app.new_client();
        let bob = app
            .sign_up_as(&bob_client, "Bob", "bob@example.com", PASSWORD)
            .await;
        let bob_id = bob["id"].as_str().expect("an id").to_owned();
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": m, "email": "bob@example.com", "permissions": 3}),
        )
        .await
        .data();
        let mut b = open(&app, &app.session_cookie("bob@example.com", PASSWORD).await).await;
        join_user(&mut b, &bob_id).await;
        send(&mut b, join_manuscript(&m)).await;
        next(&mut b).await;
        app.delete(&format!("manuscripts/{m}")).await.data();
        assert_eq!(
            next(&mut b).await,
            json!({"action": "left", "manuscript_id": m, "reason": "manuscript_deleted"})
        );
        send(&mut b, join_manuscript(&m)).await;
        assert_eq!(next(&mut b).await, error("manuscript_is_deleted"));

        // Logging out closes that session's sockets, not the user's others.
        let cookie = app.session_cookie("ada@example.com", PASSWORD).await;
        let mut a1 = open(&app, &cookie).await;
        let mut a2 = open(&app, &app.session_cookie("ada@example.com", PASSWORD).await).await;
        join_user(&mut a1, &ada_id).await;
        join_user(&mut a2, &ada_id).await;
        let answer = reqwest::Client::new()
            .get(app.url("/api/v4/auth/logout"))
            .header("x-requested-with", "quire")
            .header("cookie", &cookie)
            .send()
            .await
            .expect("logout");
        assert!(answer.status().is_success());
        assert_eq!(close_code(&mut a1).await, 4001);
        let own = interaction(&ada_id, "pwa-a2", None);
        send(&mut a2, own).await;
        quiet(&mut a2).await;

        // Revoking a device from the sessions list closes its sockets.
        let sessions = app.get("users/sessions").await.data().clone();
        let others: Vec<String> = sessions["sessions"]
            .as_array()
            .expect("a list")
            .iter()
            .filter(|s| s["current"] != json!(true))
            .filter_map(|s| s["id"].as_str().map(str::to_owned))
            .collect();
        assert!(!others.is_empty());
        for session in others {
            app.delete(&format!("users/sessions/{session}"))
                .await
                .data();
        }
        assert_eq!(close_code(&mut a2).await, 4001);
        app.stop().await;
    }
}

#[tokio::test]
async fn stopping_the_server_closes_sockets_as_going_away() {
    let app = TestApp::spawn().await;
    app.sign_up("Ada", "ada@example.com", PASSWORD).await;
    let mut ws = open(&app, &app.session_cookie("ada@example.com", PASSWORD).await).await;
    let stopping = tokio::spawn(app.stop());
    assert_eq!(close_code(&mut ws).await, 1001);
    tokio::time::timeout(EXPECT, stopping)
        .await
        .expect("the server stops in time")
        .expect("stop");
}
