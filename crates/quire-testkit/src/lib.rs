//! Test support: [`TestApp::spawn`] starts the real server in-process on `127.0.0.1:0` over a
//! database of its own — a temporary SQLite file, or, when `QUIRE_TEST_POSTGRES_URL` is set, a
//! uniquely named PostgreSQL database that is dropped afterwards. [`ServerProcess`] runs the
//! `quire` binary itself, for tests that kill it or start two over one [`TestDatabase`].
//!
//! Logs stay silent unless `TEST_LOG=1`.

mod database;
mod process;
pub mod smtp;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Once;

use quire_server::{AppState, Config};
use serde_json::Value;
use tokio::sync::oneshot;

pub use database::TestDatabase;
pub use process::ServerProcess;

/// Which database a [`TestApp`] runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Db {
    Sqlite,
    Postgres,
}

impl Db {
    /// The databases this run covers: SQLite always, PostgreSQL when `QUIRE_TEST_POSTGRES_URL`
    /// is set.
    pub fn all() -> Vec<Db> {
        let mut dbs = vec![Db::Sqlite];
        if database::postgres_admin_url().is_some() {
            dbs.push(Db::Postgres);
        }
        dbs
    }
}

/// A running server and a client pointed at it.
#[derive(Debug)]
pub struct TestApp {
    pub address: SocketAddr,
    pub client: reqwest::Client,
    pub state: AppState,
    pub db: Db,
    shutdown: Option<oneshot::Sender<()>>,
    server: Option<tokio::task::JoinHandle<anyhow::Result<()>>>,
    database: TestDatabase,
    _dir: tempfile::TempDir,
}

/// An answer: the status and the parsed JSON body.
#[derive(Debug)]
pub struct TestResponse {
    pub status: reqwest::StatusCode,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl TestResponse {
    /// The `data` of a success envelope; panics with the whole answer otherwise.
    pub fn data(&self) -> &Value {
        assert_eq!(
            self.body["status"], "success",
            "expected a success envelope, got {} {}",
            self.status, self.body
        );
        &self.body["data"]
    }

    /// Asserts a refusal envelope with this status and code.
    pub fn assert_failed(&self, status: u16, code: &str) {
        assert_eq!(self.status.as_u16(), status, "status of {}", self.body);
        assert_eq!(self.body["status"], "failed", "{}", self.body);
        assert_eq!(self.body["data"], code, "{}", self.body);
    }
}

fn init_logs() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        if std::env::var_os("TEST_LOG").is_some() {
            let _ = tracing_subscriber::fmt()
                .with_env_filter("info,quire_server=debug")
                .with_test_writer()
                .try_init();
        }
    });
}

impl TestApp {
    /// Starts a server on SQLite with no web app.
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(Db::Sqlite, &[]).await
    }

    /// Starts a server on `db` with extra `QUIRE_*` settings (e.g. `("QUIRE_WEB_DIR", …)`).
    pub async fn spawn_with(db: Db, settings: &[(&str, &str)]) -> TestApp {
        init_logs();
        let dir = tempfile::tempdir().expect("a temporary directory");
        let database = TestDatabase::create(db, dir.path()).await;
        let mut env: HashMap<String, String> = HashMap::from([
            ("QUIRE_LISTEN".into(), "127.0.0.1:0".into()),
            ("QUIRE_DATA_DIR".into(), path_str(&dir.path().join("data"))),
            ("QUIRE_DATABASE_URL".into(), database.url().to_owned()),
            ("QUIRE_WEB_DIR".into(), path_str(&dir.path().join("no-web"))),
        ]);
        for (key, value) in settings {
            env.insert((*key).to_owned(), (*value).to_owned());
        }
        let config = Config::load(Some(&empty_config_file(dir.path())), &env)
            .unwrap_or_else(|e| panic!("test configuration: {e}"));
        let state = AppState::open(config)
            .await
            .expect("the server state opens");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a free port");
        let address = listener.local_addr().expect("a bound address");
        let (tx, rx) = oneshot::channel::<()>();
        let server = tokio::spawn(quire_server::serve(listener, state.clone(), async {
            let _ = rx.await;
        }));
        let client = client_builder().build().expect("an HTTP client");
        TestApp {
            address,
            client,
            state,
            db,
            shutdown: Some(tx),
            server: Some(server),
            database,
            _dir: dir,
        }
    }

    /// The absolute URL of `path` (which starts with `/`).
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.address, path)
    }

    /// `GET /api/v4/<path>`.
    pub async fn get(&self, path: &str) -> TestResponse {
        self.send(self.client.get(self.api(path))).await
    }

    /// `PUT /api/v4/<path>` with a JSON body.
    pub async fn put_json(&self, path: &str, body: &Value) -> TestResponse {
        self.send(self.client.put(self.api(path)).json(body)).await
    }

    /// `DELETE /api/v4/<path>`.
    pub async fn delete(&self, path: &str) -> TestResponse {
        self.send(self.client.delete(self.api(path))).await
    }

    /// A second client (another browser) on the same server, with its own cookies.
    pub fn new_client(&self) -> reqwest::Client {
        client_builder().build().expect("an HTTP client")
    }

    /// `GET /api/v4/<path>` with another client.
    pub async fn get_as(&self, client: &reqwest::Client, path: &str) -> TestResponse {
        self.send(client.get(self.api(path))).await
    }

    /// Any method on `/api/v4/<path>` with another client and an optional JSON body.
    pub async fn call_as(
        &self,
        client: &reqwest::Client,
        method: reqwest::Method,
        path: &str,
        body: Option<&Value>,
    ) -> TestResponse {
        let mut request = client.request(method, self.api(path));
        if let Some(body) = body {
            request = request.json(body);
        }
        self.send(request).await
    }

    /// Signs up through the API on this app's client (which is then signed in) and returns
    /// the user object.
    pub async fn sign_up(&self, name: &str, email: &str, password: &str) -> Value {
        self.sign_up_as(&self.client, name, email, password).await
    }

    /// Signs up through the API on `client` (which is then signed in) and returns the user
    /// object; panics unless the sign-up succeeds.
    pub async fn sign_up_as(
        &self,
        client: &reqwest::Client,
        name: &str,
        email: &str,
        password: &str,
    ) -> Value {
        let body = serde_json::json!({
            "name": name, "email": email,
            "password": password, "password_confirmation": password
        });
        let answer = self
            .call_as(client, reqwest::Method::POST, "users/", Some(&body))
            .await;
        answer.data()["user"].clone()
    }

    /// `POST auth/login` with an email and a password on `client`.
    pub async fn log_in_as(
        &self,
        client: &reqwest::Client,
        email: &str,
        password: &str,
    ) -> TestResponse {
        let body = serde_json::json!({ "email": email, "password": password });
        self.call_as(client, reqwest::Method::POST, "auth/login", Some(&body))
            .await
    }

    /// Logs in with a fresh client (a new session) and returns the `Cookie` header value that
    /// carries it, for clients that cannot share a cookie store (WebSockets).
    pub async fn session_cookie(&self, email: &str, password: &str) -> String {
        session_cookie(&self.url("/api/v4/auth/login"), email, password).await
    }

    /// The `ws://` URL of `path` (which starts with `/`).
    pub fn ws_url(&self, path: &str) -> String {
        format!("ws://{}{}", self.address, path)
    }

    /// The messages the outbox holds for `recipient`, newest first: (kind, subject, body).
    pub async fn mail_to(&self, recipient: &str) -> Vec<(String, String, String)> {
        self.state
            .store
            .mail_to(recipient)
            .await
            .expect("the outbox reads")
    }

    /// The texts the SMS outbox holds for `recipient` (`+` and digits), newest first.
    pub async fn sms_to(&self, recipient: &str) -> Vec<String> {
        self.state
            .store
            .sms_to(recipient)
            .await
            .expect("the SMS outbox reads")
    }

    /// What became of the messages to `recipient` (SMTP delivery), newest first.
    pub async fn mail_delivery_to(
        &self,
        recipient: &str,
    ) -> Vec<quire_store::mail_delivery::MailDelivery> {
        self.state
            .store
            .mail_delivery_to(recipient)
            .await
            .expect("the outbox reads")
    }

    /// `POST /api/v4/<path>` with a JSON body.
    pub async fn post_json(&self, path: &str, body: &Value) -> TestResponse {
        self.send(self.client.post(self.api(path)).json(body)).await
    }

    /// Sends any request and reads its answer as JSON (`Value::Null` when the body is not JSON).
    pub async fn send(&self, request: reqwest::RequestBuilder) -> TestResponse {
        send(request).await
    }

    /// The URL of `/api/v4/<path>` on this app.
    pub fn api(&self, path: &str) -> String {
        self.url(&format!("/api/v4/{}", path.trim_start_matches('/')))
    }

    /// Stops the server gracefully and drops its database.
    pub async fn stop(mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(server) = self.server.take() {
            server
                .await
                .expect("the server task ends")
                .expect("the server shuts down cleanly");
        }
        self.database.drop_now().await;
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        // The database is dropped next, with the field.
    }
}

/// Sends a request and reads its answer as JSON (`Value::Null` when the body is not JSON).
async fn send(request: reqwest::RequestBuilder) -> TestResponse {
    let response = request.send().await.expect("the server answers");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.bytes().await.expect("a readable body");
    let body = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    TestResponse {
        status,
        headers,
        body,
    }
}

/// Logs in at `login_url` with a fresh client and answers the `Cookie` header value that
/// carries the new session.
async fn session_cookie(login_url: &str, email: &str, password: &str) -> String {
    let answer = reqwest::Client::new()
        .post(login_url)
        .header("x-requested-with", "quire")
        .json(&serde_json::json!({ "email": email, "password": password }))
        .send()
        .await
        .expect("the login request is sent");
    assert!(answer.status().is_success(), "login: {}", answer.status());
    let pairs: Vec<String> = answer
        .headers()
        .get_all(reqwest::header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next())
        .filter(|pair| {
            pair.split_once('=')
                .is_some_and(|(_, value)| !value.is_empty())
        })
        .map(str::to_owned)
        .collect();
    assert!(!pairs.is_empty(), "login set no cookie");
    pairs.join("; ")
}

/// A cookie-keeping client that sends the app's CSRF header, as the web app does.
fn client_builder() -> reqwest::ClientBuilder {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "x-requested-with",
        reqwest::header::HeaderValue::from_static("quire"),
    );
    reqwest::Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .redirect(reqwest::redirect::Policy::none())
}

fn path_str(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}

fn empty_config_file(dir: &Path) -> PathBuf {
    let path = dir.join("quire.toml");
    std::fs::write(&path, "").expect("an empty config file");
    path
}
