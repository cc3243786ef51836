use super::*;

fn env(pairs: &[(&str, &str)]) -> HashMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn no_file() -> tempfile::TempDir {
    tempfile::tempdir().unwrap()
}

#[test]
fn the_defaults_give_an_sqlite_file_in_the_data_dir_on_port_8080() {
    let dir = no_file();
    let config = Config::load(Some(&write(&dir, "")), &env(&[])).unwrap();
    assert_eq!(config.listen.to_string(), "127.0.0.1:8080");
    assert_eq!(config.database_url.expose(), "sqlite://./data/quire.db");
    assert_eq!(config.public_url, "http://localhost:8080");
    assert_eq!(config.log_format, LogFormat::Pretty);
}

#[test]
fn the_environment_overrides_the_file_which_overrides_the_defaults() {
    let dir = no_file();
    let path = write(
        &dir,
        "listen = \"0.0.0.0:9000\"\ndata_dir = \"/srv/quire\"\n",
    );
    let config = Config::load(Some(&path), &env(&[("QUIRE_LISTEN", "127.0.0.1:9100")])).unwrap();
    assert_eq!(config.listen.to_string(), "127.0.0.1:9100");
    assert_eq!(config.data_dir, PathBuf::from("/srv/quire"));
    assert_eq!(config.database_url.expose(), "sqlite:///srv/quire/quire.db");
    assert_eq!(config.public_url, "http://localhost:9100");
}

#[test]
fn every_bad_key_is_reported_at_once() {
    let dir = no_file();
    let path = write(&dir, "colour = \"blue\"\n");
    let err = Config::load(
        Some(&path),
        &env(&[
            ("QUIRE_LISTEN", "nowhere"),
            ("QUIRE_DATABASE_URL", "mysql://x"),
            ("QUIRE_PUBLIC_URL", "ftp://quire"),
            ("QUIRE_LOG_FORMAT", "xml"),
            ("QUIRE_MAX_BODY_BYTES", "-1"),
        ]),
    )
    .unwrap_err();
    let text = err.to_string();
    for needle in [
        "unknown key \"colour\"",
        "QUIRE_LISTEN",
        "QUIRE_DATABASE_URL",
        "QUIRE_PUBLIC_URL",
        "QUIRE_LOG_FORMAT",
        "QUIRE_MAX_BODY_BYTES",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
    assert_eq!(err.problems.len(), 6, "{text}");
}

#[test]
fn a_secret_can_come_from_a_file_and_is_never_printed() {
    let dir = no_file();
    let secret = dir.path().join("db-url");
    std::fs::write(&secret, "postgres://quire:hunter2@db/quire\n").unwrap();
    let config = Config::load(
        Some(&write(&dir, "")),
        &env(&[("QUIRE_DATABASE_URL_FILE", secret.to_str().unwrap())]),
    )
    .unwrap();
    assert_eq!(
        config.database_url.expose(),
        "postgres://quire:hunter2@db/quire"
    );
    assert!(!format!("{config:?}").contains("hunter2"));
}

#[test]
fn a_named_config_file_that_is_missing_is_a_problem() {
    let err = Config::load(Some(Path::new("/nonexistent/quire.toml")), &env(&[])).unwrap_err();
    assert!(err.problems[0].contains("cannot be read"), "{err}");
}

#[test]
fn the_default_file_mentions_every_key_and_parses_as_toml() {
    let text = Config::default_file();
    for spec in KEYS {
        assert!(text.contains(spec.key) && text.contains(spec.env));
    }
    let uncommented: String = text
        .lines()
        .filter_map(|l| l.strip_prefix("# "))
        .filter(|l| l.contains(" = ") && !l.ends_with('='))
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = no_file();
    Config::load(Some(&write(&dir, &uncommented)), &env(&[])).unwrap();
}

#[test]
fn without_smtp_or_a_gateway_mail_and_texts_stay_in_the_outboxes() {
    let dir = no_file();
    let config = Config::load(Some(&write(&dir, "")), &env(&[])).unwrap();
    assert_eq!(config.smtp, None);
    assert_eq!(config.sms_gateway, None);
    assert_eq!(config.mail_from, "Quire <no-reply@localhost>");
}

#[test]
fn an_smtp_url_gives_the_host_port_security_and_decoded_credentials() {
    let smtp =
        parse_smtp_url("smtp://mailer%40quire.example:p%40ss%3Aword@mail.example:587").unwrap();
    assert_eq!(smtp.host, "mail.example");
    assert_eq!(smtp.port, 587);
    assert_eq!(
        smtp.security,
        SmtpSecurity::StartTls,
        "STARTTLS off loopback"
    );
    assert_eq!(smtp.username.as_deref(), Some("mailer@quire.example"));
    assert_eq!(
        smtp.password.as_ref().map(Secret::expose),
        Some("p@ss:word")
    );
    assert!(!format!("{smtp:?}").contains("p@ss"));

    let local = parse_smtp_url("smtp://127.0.0.1:2525").unwrap();
    assert_eq!((local.port, local.security), (2525, SmtpSecurity::Plain));
    assert_eq!(parse_smtp_url("smtp://localhost").unwrap().port, 25);
    let forced = parse_smtp_url("smtp://localhost:2525?tls=starttls").unwrap();
    assert_eq!(forced.security, SmtpSecurity::StartTls);
    let plain = parse_smtp_url("smtp://relay.lan?tls=none").unwrap();
    assert_eq!(plain.security, SmtpSecurity::Plain);
    let tls = parse_smtp_url("smtps://u:p@mail.example").unwrap();
    assert_eq!((tls.port, tls.security), (465, SmtpSecurity::Tls));
}

#[test]
fn every_bad_mail_and_sms_setting_is_reported_at_once() {
    let dir = no_file();
    let err = Config::load(
        Some(&write(&dir, "")),
        &env(&[
            ("QUIRE_SMTP_URL", "imap://mail.example"),
            ("QUIRE_MAIL_FROM", "not a mailbox"),
            ("QUIRE_SMS_GATEWAY_TOKEN", "t0ken"),
        ]),
    )
    .unwrap_err();
    let text = err.to_string();
    for needle in [
        "QUIRE_SMTP_URL",
        "QUIRE_MAIL_FROM",
        "QUIRE_SMS_GATEWAY_TOKEN",
    ] {
        assert!(text.contains(needle), "{needle} missing from:\n{text}");
    }
    assert_eq!(err.problems.len(), 3, "{text}");
    assert!(!text.contains("t0ken"));
    for bad in [
        "smtp://",
        "smtp://mail.example?tls=maybe",
        "smtps://mail.example?tls=none",
        "smtp://mail.example?port=25",
        "smtp://:secret@mail.example",
    ] {
        assert!(parse_smtp_url(bad).is_err(), "{bad}");
    }
    let err = Config::load(
        Some(&write(&dir, "")),
        &env(&[("QUIRE_SMS_GATEWAY_URL", "ftp://sms.example")]),
    )
    .unwrap_err();
    assert!(err.problems[0].contains("QUIRE_SMS_GATEWAY_URL"), "{err}");
}

#[test]
fn the_sms_gateway_token_can_come_from_a_file() {
    let dir = no_file();
    let token = dir.path().join("sms-token");
    std::fs::write(&token, "s3cret\n").unwrap();
    let config = Config::load(
        Some(&write(&dir, "")),
        &env(&[
            ("QUIRE_SMS_GATEWAY_URL", "https://sms.example/send"),
            ("QUIRE_SMS_GATEWAY_TOKEN_FILE", token.to_str().unwrap()),
        ]),
    )
    .unwrap();
    let gateway = config.sms_gateway.unwrap();
    assert_eq!(gateway.url, "https://sms.example/send");
    assert_eq!(gateway.token.as_ref().map(Secret::expose), Some("s3cret"));
}

fn write(dir: &tempfile::TempDir, text: &str) -> PathBuf {
    let path = dir.path().join("quire.toml");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn the_compaction_test_delay_is_zero_unless_a_test_sets_it() {
    let dir = no_file();
    let path = write(&dir, "");
    let config = Config::load(Some(&path), &env(&[])).unwrap();
    assert_eq!(config.compaction_test_delay, std::time::Duration::ZERO);
    let config = Config::load(Some(&path), &env(&[(TEST_COMPACTION_DELAY, "250")])).unwrap();
    assert_eq!(
        config.compaction_test_delay,
        std::time::Duration::from_millis(250)
    );
    let err = Config::load(Some(&path), &env(&[(TEST_COMPACTION_DELAY, "soon")])).unwrap_err();
    assert!(err.to_string().contains(TEST_COMPACTION_DELAY), "{err}");
    assert!(!Config::default_file().contains(TEST_COMPACTION_DELAY));
}
