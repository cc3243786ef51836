//! The real `quire` binary as a child process, for what an in-process [`crate::TestApp`] cannot
//! show: a `kill -9` and a restart on the same data, or two servers on one database.
//!
//! Each [`ServerProcess`] has a temporary directory of its own (data directory, an empty
//! config file, one log file per run) and listens on a free loopback port, chosen afresh at
//! every start. The child sees only the environment given here (no inherited `QUIRE_*` or
//! `RUST_LOG`); it logs JSON to a file of its run. It is killed — SIGKILL, then reaped — when
//! the value is dropped, so a failing test leaves no process behind, and a failing test prints
//! the end of that log. (If the test process itself is killed, nextest signals the test's whole
//! process group, children included.)

use std::fs::File;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::{TestResponse, client_builder, send};

/// How long a start may take before the test fails (a fresh PostgreSQL database is migrated).
const START_WITHIN: Duration = Duration::from_secs(30);
const POLL: Duration = Duration::from_millis(20);

/// A `quire` child process and an HTTP client for it.
#[derive(Debug)]
pub struct ServerProcess {
    binary: PathBuf,
    env: Vec<(String, String)>,
    dir: tempfile::TempDir,
    child: Option<Child>,
    runs: usize,
    /// Where the current (or last) run listens.
    pub address: SocketAddr,
    /// A cookie-keeping client that sends the app's CSRF header, as the web app does.
    pub client: reqwest::Client,
}

impl ServerProcess {
    /// Starts `binary` (the test's `env!("CARGO_BIN_EXE_quire")`) on `database_url` with extra
    /// `QUIRE_*` settings, and waits until it answers HTTP.
    pub async fn start(
        binary: &Path,
        database_url: &str,
        settings: &[(&str, &str)],
    ) -> ServerProcess {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::write(dir.path().join("quire.toml"), "").expect("an empty config file");
        let mut env: Vec<(String, String)> = [
            ("QUIRE_CONFIG", path_str(&dir.path().join("quire.toml"))),
            ("QUIRE_DATA_DIR", path_str(&dir.path().join("data"))),
            ("QUIRE_DATABASE_URL", database_url.to_owned()),
            ("QUIRE_WEB_DIR", path_str(&dir.path().join("no-web"))),
            ("QUIRE_LOG_FORMAT", "json".to_owned()),
            ("QUIRE_LOG_LEVEL", "info".to_owned()),
        ]
        .into_iter()
        .map(|(key, value)| (key.to_owned(), value))
        .collect();
        env.extend(
            settings
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        let mut server = ServerProcess {
            binary: binary.to_owned(),
            env,
            dir,
            child: None,
            runs: 0,
            address: SocketAddr::from(([127, 0, 0, 1], 0)),
            client: client_builder().build().expect("an HTTP client"),
        };
        server.restart().await;
        server
    }

    /// Starts the binary again on the same data directory and database (on a new port), after
    /// [`ServerProcess::kill`].
    pub async fn restart(&mut self) {
        assert!(self.child.is_none(), "the server is still running");
        for _ in 0..5 {
            self.runs += 1;
            let port = free_port();
            let log = File::create(self.log_path()).expect("a log file");
            let child = Command::new(&self.binary)
                .env_clear()
                .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
                .env("QUIRE_LISTEN", format!("127.0.0.1:{port}"))
                .current_dir(self.dir.path())
                .stdin(Stdio::null())
                .stdout(log.try_clone().expect("a log handle"))
                .stderr(log)
                .spawn()
                .unwrap_or_else(|e| panic!("cannot start {}: {e}", self.binary.display()));
            self.child = Some(child);
            self.address = SocketAddr::from(([127, 0, 0, 1], port));
            if self.wait_until_ready().await {
                return;
            }
            // Another process took the port between our probe and the child's bind: again.
        }
        panic!("the server could not find a free port in five tries");
    }

    /// `kill -9`: SIGKILL, so that no shutdown code runs, then reaps the child. Answers how it
    /// ended (always by signal 9).
    pub fn kill(&mut self) -> ExitStatus {
        let mut child = self.child.take().expect("the server is running");
        // `Child::kill` sends SIGKILL on Unix.
        child.kill().expect("the server is killed");
        let status = child.wait().expect("the server is reaped");
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            assert_eq!(status.signal(), Some(9), "not ended by SIGKILL: {status}");
        }
        status
    }

    /// The absolute URL of `path` (which starts with `/`).
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.address, path)
    }

    /// The `ws://` URL of `path` (which starts with `/`).
    pub fn ws_url(&self, path: &str) -> String {
        format!("ws://{}{}", self.address, path)
    }

    /// `PUT /api/v4/<path>` with a JSON body.
    pub async fn put_json(&self, path: &str, body: &Value) -> TestResponse {
        send(self.client.put(self.api(path)).json(body)).await
    }

    /// Signs up through the API on this process's client (which is then signed in).
    pub async fn sign_up(&self, name: &str, email: &str, password: &str) -> Value {
        let body = serde_json::json!({
            "name": name, "email": email,
            "password": password, "password_confirmation": password
        });
        let answer = send(self.client.post(self.api("users/")).json(&body)).await;
        answer.data()["user"].clone()
    }

    /// A new session's `Cookie` header value, for WebSockets (see
    /// [`crate::TestApp::session_cookie`]).
    pub async fn session_cookie(&self, email: &str, password: &str) -> String {
        crate::session_cookie(&self.url("/api/v4/auth/login"), email, password).await
    }

    /// What the current (or last) run wrote to its log.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.log_path()).unwrap_or_default()
    }

    /// Waits until the current run's log holds `needle`; panics after `within`.
    pub async fn wait_for_log(&self, needle: &str, within: Duration) {
        let deadline = Instant::now() + within;
        while !self.log().contains(needle) {
            assert!(
                Instant::now() < deadline,
                "the server did not log {needle:?} within {within:?}"
            );
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    fn api(&self, path: &str) -> String {
        self.url(&format!("/api/v4/{}", path.trim_start_matches('/')))
    }

    fn log_path(&self) -> PathBuf {
        self.dir.path().join(format!("run-{}.log", self.runs))
    }

    /// Polls an HTTP route until it answers. `false` when the child could not bind its port;
    /// any other early exit fails the test with the child's log.
    async fn wait_until_ready(&mut self) -> bool {
        let probe = reqwest::Client::builder()
            .timeout(Duration::from_secs(1))
            .build()
            .expect("an HTTP client");
        let ready = self.url("/api/v4/openapi.json");
        let deadline = Instant::now() + START_WITHIN;
        loop {
            if let Ok(answer) = probe.get(&ready).send().await
                && answer.status().is_success()
            {
                return true;
            }
            let exited = self
                .child
                .as_mut()
                .and_then(|child| child.try_wait().expect("the child's status"));
            if let Some(status) = exited {
                self.child = None;
                let log = self.log();
                if log.contains("cannot listen") {
                    return false;
                }
                panic!("the server exited while starting ({status}):\n{log}");
            }
            assert!(
                Instant::now() < deadline,
                "the server did not answer within {START_WITHIN:?}:\n{}",
                self.log()
            );
            tokio::time::sleep(POLL).await;
        }
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
        if std::thread::panicking() {
            let log = self.log();
            let tail: Vec<&str> = log.lines().rev().take(60).collect();
            eprintln!(
                "--- last lines of the server's log (run {}, {}) ---",
                self.runs, self.address
            );
            for line in tail.into_iter().rev() {
                eprintln!("{line}");
            }
        }
    }
}

/// A loopback port nobody listens on now (the child binds it a moment later).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free port")
        .port()
}

fn path_str(path: &Path) -> String {
    path.to_string_lossy().into_owned()
}
