//! Configuration: defaults → `quire.toml` → `QUIRE_*` environment, with `QUIRE_*_FILE` for
//! secrets, validated at start-up so that every problem is reported at once.
//!
//! [`KEYS`] is the single table of settings: the loader, the validation messages and
//! `quire config print-default` are all read from it. One variable is not a setting and is
//! not in it: [`TEST_COMPACTION_DELAY`], a hook for crash tests.

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// One setting: its key in `quire.toml`, its environment variable, its default and its doc.
#[derive(Debug)]
pub struct KeySpec {
    pub key: &'static str,
    pub env: &'static str,
    /// `None` when the default is derived from other settings.
    pub default: Option<&'static str>,
    /// Secrets may come from `<env>_FILE` and are never printed.
    pub secret: bool,
    pub doc: &'static str,
}

/// A test hook, not a setting (absent from [`KEYS`] and from `quire.toml`): milliseconds a
/// chapter-document compaction waits between verifying its new state and swapping it in, so
/// that the process-level crash tests can `kill -9` the server inside that window. Read once at
/// start-up; unset (the only production value) means no wait.
pub const TEST_COMPACTION_DELAY: &str = "QUIRE_TEST_COMPACTION_DELAY_MS";

/// Every setting Quire reads.
pub const KEYS: &[KeySpec] = &[
    KeySpec {
        key: "listen",
        env: "QUIRE_LISTEN",
        default: Some("127.0.0.1:8080"),
        secret: false,
        doc: "Address and port the server listens on.",
    },
    KeySpec {
        key: "data_dir",
        env: "QUIRE_DATA_DIR",
        default: Some("./data"),
        secret: false,
        doc: "Directory for the SQLite database and uploaded files; created if missing.",
    },
    KeySpec {
        key: "database_url",
        env: "QUIRE_DATABASE_URL",
        default: None,
        secret: true,
        doc: "sqlite://… or postgres://user:password@host/db. Default: an SQLite file quire.db in data_dir.",
    },
    KeySpec {
        key: "public_url",
        env: "QUIRE_PUBLIC_URL",
        default: None,
        secret: false,
        doc: "The URL people reach Quire at, used for links in mail. Default: http://localhost:<port of listen>.",
    },
    KeySpec {
        key: "web_dir",
        env: "QUIRE_WEB_DIR",
        default: Some("./web/dist"),
        secret: false,
        doc: "The built web app served at /. When missing, only the API is served.",
    },
    KeySpec {
        key: "log_format",
        env: "QUIRE_LOG_FORMAT",
        default: Some("pretty"),
        secret: false,
        doc: "pretty or json.",
    },
    KeySpec {
        key: "log_level",
        env: "QUIRE_LOG_LEVEL",
        default: Some("info"),
        secret: false,
        doc: "A tracing filter such as info or quire_server=debug,info (RUST_LOG overrides it).",
    },
    KeySpec {
        key: "max_body_bytes",
        env: "QUIRE_MAX_BODY_BYTES",
        default: Some("26214400"),
        secret: false,
        doc: "Largest request body accepted, in bytes; larger ones are refused with 413.",
    },
    KeySpec {
        key: "smtp_url",
        env: "QUIRE_SMTP_URL",
        default: None,
        secret: true,
        doc: "SMTP server for outgoing mail: smtp://user:password@host:587 (STARTTLS, required), \
              smtps://user:password@host:465 (TLS from the start), or smtp://127.0.0.1:2525 \
              (plain: the default for a loopback host only; ?tls=none forces it elsewhere, \
              ?tls=starttls forces STARTTLS). Unset: mail stays in the outbox table and the log.",
    },
    KeySpec {
        key: "mail_from",
        env: "QUIRE_MAIL_FROM",
        default: Some("Quire <no-reply@localhost>"),
        secret: false,
        doc: "The From of every message Quire mails, as Name <address>.",
    },
    KeySpec {
        key: "sms_gateway_url",
        env: "QUIRE_SMS_GATEWAY_URL",
        default: None,
        secret: false,
        doc: "HTTP SMS gateway: each text is POSTed there as JSON {\"to\": \"+15551234567\", \
              \"text\": \"…\"}. Unset: texts stay in the sms_outbox table and the log.",
    },
    KeySpec {
        key: "sms_gateway_token",
        env: "QUIRE_SMS_GATEWAY_TOKEN",
        default: None,
        secret: true,
        doc: "Bearer token sent to the SMS gateway (Authorization: Bearer …); optional.",
    },
];

/// How mail reaches the SMTP server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpSecurity {
    /// Unencrypted (loopback, or `?tls=none`).
    Plain,
    /// Plain connection upgraded with STARTTLS; mail is never sent if the upgrade fails.
    StartTls,
    /// TLS from the first byte (`smtps://`).
    Tls,
}

/// The SMTP server mail is delivered through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: SmtpSecurity,
    pub username: Option<String>,
    pub password: Option<Secret>,
}

/// The HTTP SMS gateway texts are posted to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmsGatewaySettings {
    pub url: String,
    pub token: Option<Secret>,
}

/// How log lines are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Pretty,
    Json,
}

/// A value that must not appear in logs or `Debug` output.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// The validated configuration the server runs with.
#[derive(Debug, Clone)]
pub struct Config {
    pub listen: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: Secret,
    pub public_url: String,
    pub web_dir: PathBuf,
    pub log_format: LogFormat,
    pub log_level: String,
    pub max_body_bytes: usize,
    /// `None`: mail stays in the outbox table.
    pub smtp: Option<SmtpSettings>,
    /// The From of outgoing mail, as `Name <address>` (validated).
    pub mail_from: String,
    /// `None`: texts stay in the SMS outbox table.
    pub sms_gateway: Option<SmsGatewaySettings>,
    /// [`TEST_COMPACTION_DELAY`]; zero unless a test sets it.
    pub compaction_test_delay: std::time::Duration,
}

/// Every problem found in the configuration, one line each.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ConfigError {
    pub problems: Vec<String>,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "invalid configuration:")?;
        for problem in &self.problems {
            writeln!(f, "  - {problem}")?;
        }
        Ok(())
    }
}

/// A raw value and where it came from, for messages.
struct Raw {
    value: String,
    source: String,
}

impl Config {
    /// Loads the configuration from `file` (when given, it must exist; otherwise `./quire.toml`
    /// is read if present) and the environment `env`.
    pub fn load(file: Option<&Path>, env: &HashMap<String, String>) -> Result<Config, ConfigError> {
        let mut problems = Vec::new();
        let mut raw: BTreeMap<&'static str, Raw> = BTreeMap::new();

        for spec in KEYS {
            if let Some(default) = spec.default {
                raw.insert(
                    spec.key,
                    Raw {
                        value: default.to_owned(),
                        source: "default".to_owned(),
                    },
                );
            }
        }

        let (path, required) = match file {
            Some(path) => (path.to_path_buf(), true),
            None => (PathBuf::from("quire.toml"), false),
        };
        read_file(&path, required, &mut raw, &mut problems);
        read_env(env, &mut raw, &mut problems);

        let listen = take(&raw, "listen").and_then(|r| {
            r.value
                .parse::<SocketAddr>()
                .map_err(|_| {
                    problems.push(format!(
                        "{}: {:?} is not an address and port such as 127.0.0.1:8080",
                        r.source, r.value
                    ))
                })
                .ok()
        });
        let data_dir = take(&raw, "data_dir").map(|r| PathBuf::from(&r.value));
        let database_url = match take(&raw, "database_url") {
            Some(r) => {
                if quire_store::Backend::from_url(&r.value).is_err() {
                    problems.push(format!(
                        "{}: unsupported database URL; use sqlite://… or postgres://…",
                        r.source
                    ));
                }
                Some(Secret::new(r.value.clone()))
            }
            None => data_dir
                .as_ref()
                .map(|dir| Secret::new(format!("sqlite://{}", dir.join("quire.db").display()))),
        };
        let public_url = match take(&raw, "public_url") {
            Some(r) => {
                let url = r.value.trim_end_matches('/').to_owned();
                let valid = (url.starts_with("http://") || url.starts_with("https://"))
                    && url.split("://").nth(1).is_some_and(|host| !host.is_empty());
                if !valid {
                    problems.push(format!(
                        "{}: {:?} is not an http:// or https:// URL",
                        r.source, r.value
                    ));
                }
                Some(url)
            }
            None => listen.map(|addr| format!("http://localhost:{}", addr.port())),
        };
        let web_dir = take(&raw, "web_dir").map(|r| PathBuf::from(&r.value));
        let log_format = take(&raw, "log_format").and_then(|r| match r.value.as_str() {
            "pretty" => Some(LogFormat::Pretty),
            "json" => Some(LogFormat::Json),
            other => {
                problems.push(format!("{}: {other:?} is not pretty or json", r.source));
                None
            }
        });
        let log_level = take(&raw, "log_level").and_then(|r| {
            if tracing_subscriber::EnvFilter::try_new(&r.value).is_ok() {
                Some(r.value.clone())
            } else {
                problems.push(format!(
                    "{}: {:?} is not a log filter such as info",
                    r.source, r.value
                ));
                None
            }
        });
        let max_body_bytes =
            take(&raw, "max_body_bytes").and_then(|r| match r.value.parse::<usize>() {
                Ok(n) if (1024..=1 << 30).contains(&n) => Some(n),
                _ => {
                    problems.push(format!(
                        "{}: {:?} is not a byte count between 1024 and 1073741824",
                        r.source, r.value
                    ));
                    None
                }
            });

        let smtp = take(&raw, "smtp_url").and_then(|r| match parse_smtp_url(&r.value) {
            Ok(settings) => Some(settings),
            Err(why) => {
                problems.push(format!("{}: {why}", r.source));
                None
            }
        });
        let mail_from = take(&raw, "mail_from")
            .and_then(|r| {
                if r.value.parse::<lettre::message::Mailbox>().is_ok() {
                    Some(r.value.clone())
                } else {
                    problems.push(format!(
                        "{}: {:?} is not a sender such as Quire <no-reply@example.com>",
                        r.source, r.value
                    ));
                    None
                }
            })
            .unwrap_or_default();
        let sms_gateway_token = take(&raw, "sms_gateway_token").map(|r| Secret::new(&r.value));
        let sms_gateway = match take(&raw, "sms_gateway_url") {
            Some(r) => match url::Url::parse(&r.value) {
                Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => {
                    Some(SmsGatewaySettings {
                        url: r.value.clone(),
                        token: sms_gateway_token,
                    })
                }
                _ => {
                    problems.push(format!(
                        "{}: {:?} is not an http:// or https:// URL",
                        r.source, r.value
                    ));
                    None
                }
            },
            None => {
                if let Some(r) = take(&raw, "sms_gateway_token") {
                    problems.push(format!(
                        "{}: a gateway token is set but QUIRE_SMS_GATEWAY_URL is not",
                        r.source
                    ));
                }
                None
            }
        };

        let compaction_test_delay = match env.get(TEST_COMPACTION_DELAY) {
            None => std::time::Duration::ZERO,
            Some(value) => match value.parse::<u64>() {
                Ok(ms) if ms <= 60_000 => std::time::Duration::from_millis(ms),
                _ => {
                    problems.push(format!(
                        "{TEST_COMPACTION_DELAY}: {value:?} is not a number of milliseconds up to 60000"
                    ));
                    std::time::Duration::ZERO
                }
            },
        };

        match (
            listen,
            data_dir,
            database_url,
            public_url,
            web_dir,
            log_format,
            log_level,
            max_body_bytes,
        ) {
            (
                Some(listen),
                Some(data_dir),
                Some(database_url),
                Some(public_url),
                Some(web_dir),
                Some(log_format),
                Some(log_level),
                Some(max_body_bytes),
            ) if problems.is_empty() => Ok(Config {
                listen,
                data_dir,
                database_url,
                public_url,
                web_dir,
                log_format,
                log_level,
                max_body_bytes,
                smtp,
                mail_from,
                sms_gateway,
                compaction_test_delay,
            }),
            _ => Err(ConfigError { problems }),
        }
    }

    /// The commented default `quire.toml`, as `quire config print-default` prints it.
    pub fn default_file() -> String {
        let mut out = String::from(
            "# Quire configuration. Every key is optional; the environment variable named beside\n\
             # each key overrides it, and QUIRE_<KEY>_FILE reads a secret from a file.\n",
        );
        for spec in KEYS {
            out.push_str(&format!("\n# {} ({})\n", spec.doc, spec.env));
            match spec.default {
                Some(default) => {
                    out.push_str(&format!("# {} = {}\n", spec.key, toml_value(default)))
                }
                None => out.push_str(&format!("# {} =\n", spec.key)),
            }
        }
        out
    }
}

/// Reads an `smtp://` or `smtps://` URL: host, port, security and the credentials (which may
/// be percent-encoded).
fn parse_smtp_url(text: &str) -> Result<SmtpSettings, String> {
    let url = url::Url::parse(text)
        .map_err(|_| "not a URL such as smtp://user:password@host:587".to_owned())?;
    let implicit_tls = match url.scheme() {
        "smtp" => false,
        "smtps" => true,
        other => {
            return Err(format!(
                "unsupported scheme {other:?}; use smtp:// or smtps://"
            ));
        }
    };
    let host = match url.host() {
        Some(url::Host::Ipv6(ip)) => ip.to_string(),
        Some(host) => host.to_string(),
        None => return Err("the SMTP URL names no host".to_owned()),
    };
    let loopback = host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    let mut tls_choice = None;
    for (key, value) in url.query_pairs() {
        match key.as_ref() {
            "tls" => tls_choice = Some(value.into_owned()),
            other => return Err(format!("unknown SMTP URL option {other:?} (only tls=)")),
        }
    }
    let security = match (implicit_tls, tls_choice.as_deref()) {
        (true, None | Some("tls")) => SmtpSecurity::Tls,
        (true, Some(other)) => {
            return Err(format!(
                "smtps:// is TLS from the start; tls={other} contradicts it"
            ));
        }
        (false, Some("starttls")) => SmtpSecurity::StartTls,
        (false, Some("none")) => SmtpSecurity::Plain,
        (false, None) if loopback => SmtpSecurity::Plain,
        (false, None) => SmtpSecurity::StartTls,
        (false, Some(other)) => {
            return Err(format!("tls={other} is not starttls or none"));
        }
    };
    let port = url.port().unwrap_or(match security {
        SmtpSecurity::Tls => 465,
        SmtpSecurity::StartTls => 587,
        SmtpSecurity::Plain => 25,
    });
    let decode = |s: &str| {
        percent_encoding::percent_decode_str(s)
            .decode_utf8()
            .map(|s| s.into_owned())
            .map_err(|_| "the SMTP credentials are not valid UTF-8".to_owned())
    };
    let username = match url.username() {
        "" => None,
        user => Some(decode(user)?),
    };
    let password = url.password().map(decode).transpose()?.map(Secret::new);
    if password.is_some() && username.is_none() {
        return Err("the SMTP URL has a password but no user".to_owned());
    }
    Ok(SmtpSettings {
        host,
        port,
        security,
        username,
        password,
    })
}

fn take<'a>(raw: &'a BTreeMap<&'static str, Raw>, key: &str) -> Option<&'a Raw> {
    raw.get(key)
}

fn toml_value(value: &str) -> String {
    if value.parse::<i64>().is_ok() {
        value.to_owned()
    } else {
        format!("{value:?}")
    }
}

fn read_file(
    path: &Path,
    required: bool,
    raw: &mut BTreeMap<&'static str, Raw>,
    problems: &mut Vec<String>,
) {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if !required && e.kind() == std::io::ErrorKind::NotFound => return,
        Err(e) => {
            problems.push(format!("{}: cannot be read: {e}", path.display()));
            return;
        }
    };
    let table: toml::Table = match text.parse() {
        Ok(table) => table,
        Err(e) => {
            problems.push(format!(
                "{}: not valid TOML: {}",
                path.display(),
                e.message()
            ));
            return;
        }
    };
    for (key, value) in table {
        let Some(spec) = KEYS.iter().find(|s| s.key == key) else {
            problems.push(format!("{}: unknown key {key:?}", path.display()));
            continue;
        };
        let value = match value {
            toml::Value::String(s) => s,
            toml::Value::Integer(i) => i.to_string(),
            other => {
                problems.push(format!(
                    "{}: {key} must be a string or a number, not {}",
                    path.display(),
                    other.type_str()
                ));
                continue;
            }
        };
        raw.insert(
            spec.key,
            Raw {
                value,
                source: format!("{} key {key}", path.display()),
            },
        );
    }
}

fn read_env(
    env: &HashMap<String, String>,
    raw: &mut BTreeMap<&'static str, Raw>,
    problems: &mut Vec<String>,
) {
    for spec in KEYS {
        let file_var = format!("{}_FILE", spec.env);
        match (env.get(spec.env), env.get(&file_var)) {
            (Some(_), Some(_)) => {
                problems.push(format!(
                    "{} and {file_var} are both set; keep one",
                    spec.env
                ));
            }
            (Some(value), None) => {
                raw.insert(
                    spec.key,
                    Raw {
                        value: value.clone(),
                        source: spec.env.to_owned(),
                    },
                );
            }
            (None, Some(path)) if spec.secret => match std::fs::read_to_string(path) {
                Ok(value) => {
                    raw.insert(
                        spec.key,
                        Raw {
                            value: value.trim().to_owned(),
                            source: file_var,
                        },
                    );
                }
                Err(e) => problems.push(format!("{file_var}: cannot read {path:?}: {e}")),
            },
            (None, Some(_)) => {
                problems.push(format!(
                    "{file_var}: {} is not a secret; set it directly",
                    spec.env
                ));
            }
            (None, None) => {}
        }
    }
}

#[cfg(test)]
mod tests;
