//! A real SMTP server for tests: aiosmtpd (Python), started on a free loopback port with its
//! `Mailbox` handler writing each message it accepts into a Maildir, and stopped by its PID.
//!
//! `scripts/test-rust.sh` installs aiosmtpd when `python3 -c 'import aiosmtpd'` fails; a test
//! that needs it and cannot start it fails with that hint rather than passing silently.

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;

/// A running aiosmtpd and the Maildir it delivers into.
#[derive(Debug)]
pub struct SmtpSink {
    pub port: u16,
    child: Child,
    dir: tempfile::TempDir,
}

/// A message as aiosmtpd received it, with its body decoded.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub from: String,
    pub to: String,
    pub subject: String,
    /// The envelope recipients (`X-RcptTo`, added by aiosmtpd).
    pub rcpt_to: String,
    pub body: String,
}

impl SmtpSink {
    /// Starts aiosmtpd on `127.0.0.1:<free port>` and waits until it accepts connections.
    pub async fn start() -> SmtpSink {
        let dir = tempfile::tempdir().expect("a Maildir directory");
        let port = free_port();
        let mut child = Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l"])
            .arg(format!("127.0.0.1:{port}"))
            .args(["-c", "aiosmtpd.handlers.Mailbox"])
            // A path that does not exist yet: Python's Maildir makes it with new/, cur/, tmp/.
            .arg(dir.path().join("maildir"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(if std::env::var_os("TEST_LOG").is_some() {
                Stdio::inherit()
            } else {
                Stdio::null()
            })
            .spawn()
            .expect("python3 starts (aiosmtpd is needed: python3 -m pip install aiosmtpd)");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                panic!(
                    "aiosmtpd exited with {status}; install it with `python3 -m pip install aiosmtpd`"
                );
            }
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "aiosmtpd did not listen on port {port} within 20 s"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        SmtpSink { port, child, dir }
    }

    /// `smtp://127.0.0.1:<port>` (plain, as for any loopback host).
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far, oldest first.
    pub fn received(&self) -> Vec<ReceivedMail> {
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = ["new", "cur"]
            .iter()
            .filter_map(|sub| std::fs::read_dir(self.dir.path().join("maildir").join(sub)).ok())
            .flatten()
            .filter_map(Result::ok)
            .filter_map(|entry| {
                let modified = entry.metadata().ok()?.modified().ok()?;
                Some((modified, entry.path()))
            })
            .collect();
        files.sort();
        files
            .into_iter()
            .filter_map(|(_, path)| std::fs::read(path).ok())
            .map(|raw| parse(&String::from_utf8_lossy(&raw)))
            .collect()
    }

    /// Waits (up to 20 s) until a message to `recipient` whose subject contains `subject` has
    /// arrived, and returns it.
    pub async fn wait_for(&self, recipient: &str, subject: &str) -> ReceivedMail {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(mail) = self
                .received()
                .into_iter()
                .find(|m| m.rcpt_to.contains(recipient) && m.subject.contains(subject))
            {
                return mail;
            }
            assert!(
                Instant::now() < deadline,
                "no mail to {recipient} about {subject:?} within 20 s; received: {:?}",
                self.received()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Stops aiosmtpd (by its PID) and removes the Maildir.
    pub fn stop(mut self) {
        self.kill();
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A port nobody listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// Reads the headers we check and decodes the body (7bit, 8bit, quoted-printable or base64).
fn parse(raw: &str) -> ReceivedMail {
    let raw = raw.replace("\r\n", "\n");
    let (head, body) = raw.split_once("\n\n").unwrap_or((&raw, ""));
    let mut headers: Vec<(String, String)> = Vec::new();
    for line in head.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = headers.last_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
        } else if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_owned()));
        }
    }
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    let encoding = header("content-transfer-encoding").to_ascii_lowercase();
    let body = match encoding.as_str() {
        "quoted-printable" => decode_quoted_printable(body),
        "base64" => {
            let compact: String = body.split_whitespace().collect();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(compact)
                .expect("a base64 body");
            String::from_utf8_lossy(&bytes).into_owned()
        }
        _ => body.to_owned(),
    };
    ReceivedMail {
        from: header("from"),
        to: header("to"),
        subject: header("subject"),
        rcpt_to: header("x-rcptto"),
        body,
    }
}

fn decode_quoted_printable(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len());
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'=' if bytes.get(i + 1) == Some(&b'\n') => i += 2,
            b'=' => {
                let hex = bytes
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok());
                match hex {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                    }
                    None => {
                        out.push(b'=');
                        i += 1;
                    }
                }
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_printable_body_is_decoded_with_soft_breaks_joined() {
        assert_eq!(
            decode_quoted_printable("token=3Dabc=\ndef \u{2014}\n=E2=80=94 Quire\n"),
            "token=abcdef \u{2014}\n\u{2014} Quire\n"
        );
    }

    #[test]
    fn headers_are_read_and_the_body_decoded() {
        let mail = parse(
            "From: Quire <no-reply@localhost>\r\nTo: ana@example.com\r\nSubject: Confirm\r\n your email\r\n\
             Content-Transfer-Encoding: quoted-printable\r\nX-RcptTo: ana@example.com\r\n\r\nlink?token=3Dx\r\n",
        );
        assert_eq!(mail.to, "ana@example.com");
        assert_eq!(mail.subject, "Confirm your email");
        assert_eq!(mail.rcpt_to, "ana@example.com");
        assert_eq!(mail.body, "link?token=x\n");
    }
}
