//! A provider-like client of `/api/v4/collab` for the socket tests: the Hocuspocus v4 frames
//! it sends and reads, a socket that speaks them, and a device that types paragraphs.

use std::time::Duration;

use futures_util::stream::SplitStream;
use futures_util::{SinkExt, StreamExt};
use quire_collab::derive::derive_from_update;
use quire_testkit::TestApp;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use yrs::encoding::read::{Cursor, Read};
use yrs::encoding::write::Write;
use yrs::updates::decoder::Decode;
use yrs::updates::encoder::Encode;
use yrs::{
    Doc, ReadTxn, StateVector, Transact, Update, XmlElementPrelim, XmlFragment, XmlTextPrelim,
};

/// The socket's path.
pub(crate) const COLLAB: &str = "/api/v4/collab";

pub(crate) type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

pub(crate) const PASSWORD: &str = "a writer's long secret";
pub(crate) const EXPECT: Duration = Duration::from_secs(3);
pub(crate) const QUIET: Duration = Duration::from_millis(250);

pub(crate) fn id(name: &str) -> String {
    format!("{name:0<22}")
}

/// What the server sent about one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Heard {
    Authenticated(String),
    Denied(String),
    Step1(Vec<u8>),
    Step2(Vec<u8>),
    Update(Vec<u8>),
    Status(bool),
    Awareness(Vec<u8>),
}

pub(crate) fn frame(key: &str, kind: u32, body: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
    let mut out = Vec::new();
    out.write_string(key);
    out.write_var(kind);
    body(&mut out);
    out
}

pub(crate) fn auth(key: &str) -> Vec<u8> {
    frame(key, 2, |o| {
        o.write_var(0u32);
        o.write_string("");
    })
}

pub(crate) fn sync(key: &str, step: u32, bytes: &[u8]) -> Vec<u8> {
    frame(key, 0, |o| {
        o.write_var(step);
        o.write_buf(bytes);
    })
}

pub(crate) fn parse(bytes: &[u8]) -> Option<(String, Heard)> {
    if bytes == [9] {
        return None; // the server's keep-alive ping
    }
    let mut c = Cursor::new(bytes);
    let key = c.read_string().expect("a key").to_owned();
    let kind: u32 = c.read_var().expect("a type");
    let heard = match kind {
        0 => {
            let step: u32 = c.read_var().expect("a step");
            let body = c.read_buf().expect("a body").to_vec();
            match step {
                0 => Heard::Step1(body),
                1 => Heard::Step2(body),
                _ => Heard::Update(body),
            }
        }
        1 => Heard::Awareness(c.read_buf().expect("a body").to_vec()),
        2 => match c.read_var::<u32>().expect("an auth type") {
            1 => Heard::Denied(c.read_string().expect("a reason").to_owned()),
            _ => Heard::Authenticated(c.read_string().expect("a scope").to_owned()),
        },
        8 => Heard::Status(c.read_var::<u32>().expect("a status") == 1),
        other => panic!("unexpected message type {other}"),
    };
    Some((key, heard))
}

pub(crate) struct Client {
    pub(crate) ws: Ws,
}

impl Client {
    /// Opens a socket on `url` (`ws://…/api/v4/collab`) with these headers.
    pub(crate) async fn connect(
        url: &str,
        cookie: Option<&str>,
        origin: Option<&str>,
    ) -> Result<Client, tungstenite::Error> {
        let mut request = url.into_client_request().expect("a request");
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
        let (ws, _) = tokio_tungstenite::connect_async(request).await?;
        Ok(Client { ws })
    }

    /// A new session of `email` (password [`PASSWORD`]) on `app`, and a socket for it.
    pub(crate) async fn open(app: &TestApp, email: &str) -> Client {
        let cookie = app.session_cookie(email, PASSWORD).await;
        Client::with_cookie(&app.ws_url(COLLAB), &cookie).await
    }

    /// A socket on `url` for the session in `cookie`.
    pub(crate) async fn with_cookie(url: &str, cookie: &str) -> Client {
        Client::connect(url, Some(cookie), None)
            .await
            .expect("the socket opens")
    }

    /// Sends frames back to back, as a provider does while someone types, without waiting
    /// for anything in between.
    pub(crate) async fn send_all(&mut self, frames: impl IntoIterator<Item = Vec<u8>>) {
        for bytes in frames {
            self.ws
                .feed(Message::binary(bytes))
                .await
                .expect("the frame is queued");
        }
        self.ws.flush().await.expect("the frames are sent");
    }

    /// The next frame the server sent within `within`; `None` on a timeout or once the
    /// socket has ended (closed, reset).
    pub(crate) async fn next_within(&mut self, within: Duration) -> Option<(String, Heard)> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let message = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .ok()??;
            match message.ok()? {
                Message::Binary(bytes) => {
                    if let Some(heard) = parse(&bytes) {
                        return Some(heard);
                    }
                }
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Reads until `count` acknowledgements (`SyncStatus true`) arrived, skipping other
    /// frames; panics on a refusal, or when they do not all come within `within`.
    pub(crate) async fn acks(&mut self, count: usize, within: Duration) {
        let deadline = tokio::time::Instant::now() + within;
        let mut acked = 0;
        while acked < count {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            match self.next_within(left).await {
                Some((_, Heard::Status(applied))) => {
                    assert!(applied, "an update was refused");
                    acked += 1;
                }
                Some(_) => {}
                None => panic!("only {acked} of {count} acknowledgements within {within:?}"),
            }
        }
    }

    pub(crate) async fn send(&mut self, bytes: Vec<u8>) {
        self.ws
            .send(Message::binary(bytes))
            .await
            .expect("the frame is sent");
    }

    pub(crate) async fn next(&mut self) -> (String, Heard) {
        loop {
            let message = tokio::time::timeout(EXPECT, self.ws.next())
                .await
                .expect("a frame in time")
                .expect("the socket is open")
                .expect("a frame");
            match message {
                Message::Binary(bytes) => {
                    if let Some(heard) = parse(&bytes) {
                        return heard;
                    }
                }
                Message::Ping(_) | Message::Pong(_) => {}
                other => panic!("expected a binary frame, got {other:?}"),
            }
        }
    }

    pub(crate) async fn quiet(&mut self) {
        loop {
            match tokio::time::timeout(QUIET, self.ws.next()).await {
                Err(_) => return,
                Ok(Some(Ok(Message::Binary(bytes)))) => {
                    if let Some(heard) = parse(&bytes) {
                        panic!("expected nothing, got {heard:?}");
                    }
                }
                Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
                Ok(other) => panic!("expected nothing, got {other:?}"),
            }
        }
    }

    pub(crate) async fn close_code(&mut self) -> u16 {
        loop {
            let message = tokio::time::timeout(EXPECT, self.ws.next())
                .await
                .expect("a close in time");
            match message {
                Some(Ok(Message::Close(Some(close)))) => return close.code.into(),
                Some(Ok(Message::Binary(_) | Message::Ping(_) | Message::Pong(_))) => {}
                other => panic!("expected a close frame, got {other:?}"),
            }
        }
    }

    /// Authenticates `chapter` and runs the provider's first sync: answers the scope and the
    /// server's state of the document.
    pub(crate) async fn join(&mut self, chapter: &str) -> (String, Vec<u8>) {
        self.send(auth(chapter)).await;
        let (_, scope) = self.next().await;
        let Heard::Authenticated(scope) = scope else {
            panic!("expected authenticated, got {scope:?}");
        };
        self.send(sync(chapter, 0, &StateVector::default().encode_v1()))
            .await;
        let (_, step2) = self.next().await;
        let Heard::Step2(state) = step2 else {
            panic!("expected step 2, got {step2:?}");
        };
        assert!(matches!(self.next().await.1, Heard::Step1(_)));
        // Our step 2 (nothing the server lacks) is acknowledged like any update.
        self.send(sync(
            chapter,
            1,
            &Doc::new()
                .transact()
                .encode_state_as_update_v1(&StateVector::default()),
        ))
        .await;
        assert_eq!(self.next().await.1, Heard::Status(true));
        (scope, state)
    }
}

/// A paragraph holding `text`, as a new client's update.
pub(crate) fn paragraph(client: u64, text: &str) -> Vec<u8> {
    let doc = Doc::with_client_id(client);
    let fragment = doc.get_or_insert_xml_fragment("default");
    let mut txn = doc.transact_mut();
    let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
    p.push_back(&mut txn, XmlTextPrelim::new(text));
    txn.encode_update_v1()
}

pub(crate) fn text_of(state: &[u8]) -> String {
    derive_from_update(state).expect("a document").text
}

/// A burst under way: frames sent from a task of their own, as fast as the socket takes them,
/// while the test reads what the server answers.
pub(crate) struct Burst {
    frames: SplitStream<Ws>,
    sender: tokio::task::JoinHandle<usize>,
}

impl Client {
    /// Starts sending `frames` back to back, as a provider does while someone types fast (run
    /// it on a multi-threaded runtime, so that reading goes on beside the sending).
    pub(crate) fn burst(self, frames: Vec<Vec<u8>>) -> Burst {
        let (mut sink, stream) = self.ws.split();
        let sender = tokio::spawn(async move {
            let mut sent = 0;
            for bytes in frames {
                if sink.send(Message::binary(bytes)).await.is_err() {
                    break;
                }
                sent += 1;
                // A writable socket never makes `send` wait: let the reader in between.
                tokio::task::yield_now().await;
            }
            sent
        });
        Burst {
            frames: stream,
            sender,
        }
    }
}

impl Burst {
    /// Counts `SyncStatus(true)` until `count` arrived; `false` when the socket ended or
    /// `within` passed first. Panics on a refusal.
    pub(crate) async fn acks(&mut self, count: usize, within: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        let mut acked = 0;
        while acked < count {
            let Ok(Some(Ok(message))) = tokio::time::timeout_at(deadline, self.frames.next()).await
            else {
                return false;
            };
            if let Message::Binary(bytes) = message
                && let Some((_, Heard::Status(applied))) = parse(&bytes)
            {
                assert!(applied, "an update was refused");
                acked += 1;
            }
        }
        true
    }

    /// After the server died: the acknowledgements still in the socket (it sent them), until
    /// the socket ends; then how many frames the sender got out.
    pub(crate) async fn finish(mut self) -> (usize, usize) {
        let mut acked = 0;
        while self.acks(1, Duration::from_secs(5)).await {
            acked += 1;
        }
        let sent = self.sender.await.expect("the sender ends");
        (acked, sent)
    }
}

/// One device's replica, in which it types as the editor does: each update is a new paragraph
/// at the end, built on everything the replica holds (so a lost update would leave the later
/// ones pending).
pub(crate) struct Writer(Doc);

impl Writer {
    /// A device with client id `client` that starts from `state` (a server's first sync).
    pub(crate) fn from_state(client: u64, state: &[u8]) -> Writer {
        let writer = Writer(Doc::with_client_id(client));
        writer.apply(state);
        writer
    }

    /// Applies an update the server relayed.
    pub(crate) fn apply(&self, update: &[u8]) {
        self.0
            .transact_mut()
            .apply_update(Update::decode_v1(update).expect("an update"))
            .expect("applies");
    }

    /// The replica's plain text.
    pub(crate) fn text(&self) -> String {
        text_of(
            &self
                .0
                .transact()
                .encode_state_as_update_v1(&StateVector::default()),
        )
    }

    /// Types a paragraph holding `text`; answers the update (v1).
    pub(crate) fn paragraph(&self, text: &str) -> Vec<u8> {
        let fragment = self.0.get_or_insert_xml_fragment("default");
        let mut txn = self.0.transact_mut();
        let p = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
        p.push_back(&mut txn, XmlTextPrelim::new(text));
        txn.encode_update_v1()
    }
}

/// Appends a paragraph to `chapter`'s document as another device (client id `client`) would,
/// through its room — not through the content row.
pub(crate) async fn type_paragraph(app: &TestApp, chapter: &str, client: u64, text: &str) {
    let state = app.state.collab.state(chapter).await.expect("a state");
    let update = Writer::from_state(client, &state).paragraph(text);
    app.state
        .collab
        .apply(chapter, update)
        .await
        .expect("stored");
}

/// The tokens of `tokens` that are not a paragraph of `text`.
pub(crate) fn missing<'a>(text: &str, tokens: &'a [String]) -> Vec<&'a str> {
    let lines: std::collections::HashSet<&str> = text.lines().collect();
    tokens
        .iter()
        .map(String::as_str)
        .filter(|token| !lines.contains(token))
        .collect()
}
