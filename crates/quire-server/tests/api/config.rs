//! The binary refuses a bad configuration, naming every bad key, and exits non-zero.

use std::process::Command;

fn quire() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_quire"));
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default());
    command
}

#[test]
fn an_invalid_configuration_exits_non_zero_naming_each_bad_key() {
    let dir = tempfile::tempdir().unwrap();
    let output = quire()
        .current_dir(dir.path())
        .env("QUIRE_LISTEN", "not-an-address")
        .env("QUIRE_DATABASE_URL", "mysql://root@localhost/quire")
        .env("QUIRE_LOG_FORMAT", "yaml")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    for key in ["QUIRE_LISTEN", "QUIRE_DATABASE_URL", "QUIRE_LOG_FORMAT"] {
        assert!(stderr.contains(key), "{key} not named in:\n{stderr}");
    }
    assert!(
        !dir.path().join("data").exists(),
        "nothing is created before validation passes"
    );
}

#[test]
fn an_unknown_key_in_the_config_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("quire.toml"), "lisen = \"127.0.0.1:1\"\n").unwrap();
    let output = quire()
        .current_dir(dir.path())
        .arg("config")
        .arg("check")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("unknown key \"lisen\""));
}

#[test]
fn print_default_prints_a_file_that_config_check_accepts() {
    let dir = tempfile::tempdir().unwrap();
    let printed = quire().arg("config").arg("print-default").output().unwrap();
    assert!(printed.status.success());
    let text = String::from_utf8(printed.stdout).unwrap();
    assert!(text.contains("QUIRE_LISTEN") && text.contains("listen"));
    std::fs::write(dir.path().join("quire.toml"), &text).unwrap();
    let check = quire()
        .current_dir(dir.path())
        .arg("config")
        .arg("check")
        .output()
        .unwrap();
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stderr)
    );
}
