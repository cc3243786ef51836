//! Mail over SMTP: with `QUIRE_SMTP_URL` set, queued mail reaches a real SMTP server
//! (aiosmtpd) and its links work; a server that refuses leaves the mail queued with the error
//! and a time to try again.

use std::time::{Duration, Instant};

use quire_testkit::smtp::{SmtpSink, free_port};
use quire_testkit::{Db, TestApp};
use reqwest::Method;
use serde_json::json;

const PASSWORD: &str = "a long enough secret";

/// The value of `token=` in the line of `body` that holds `path`.
fn token_in(body: &str, path: &str) -> String {
    body.lines()
        .find(|l| l.contains(path))
        .and_then(|l| l.split("token=").nth(1))
        .unwrap_or_else(|| panic!("no {path} link in:\n{body}"))
        .trim()
        .to_owned()
}

/// Waits (up to 20 s) until the newest mail to `recipient` satisfies `done`.
async fn wait_for_delivery(
    app: &TestApp,
    recipient: &str,
    done: impl Fn(&quire_store::mail_delivery::MailDelivery) -> bool,
) -> quire_store::mail_delivery::MailDelivery {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(newest) = app.mail_delivery_to(recipient).await.into_iter().next()
            && done(&newest)
        {
            return newest;
        }
        assert!(
            Instant::now() < deadline,
            "delivery state not reached: {:?}",
            app.mail_delivery_to(recipient).await
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn mail_reaches_the_smtp_server_and_its_verify_and_reset_links_work() {
    for db in Db::all() {
        let sink = SmtpSink::start().await;
        let app = TestApp::spawn_with(
            db,
            &[
                ("QUIRE_SMTP_URL", &sink.url()),
                ("QUIRE_MAIL_FROM", "Quire Test <quire@example.com>"),
            ],
        )
        .await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;

        let verify = sink
            .wait_for("ana@example.com", "Confirm your email for Quire")
            .await;
        assert!(verify.to.contains("ana@example.com"), "{verify:?}");
        assert!(verify.from.contains("quire@example.com"), "{verify:?}");
        let delivered = wait_for_delivery(&app, "ana@example.com", |d| d.sent_at.is_some()).await;
        assert_eq!(delivered.kind, "verify_email");
        assert_eq!((delivered.attempts, delivered.error), (1, None));

        let token = token_in(&verify.body, "/verify_email?token=");
        assert_eq!(
            app.get(&format!("auth/verify_email?token={token}"))
                .await
                .data(),
            &json!(true)
        );
        assert_eq!(
            app.get("users/me").await.data()["user"]["email_verified"],
            true,
            "{db:?}"
        );

        let stranger = app.new_client();
        app.call_as(
            &stranger,
            Method::POST,
            "auth/forgot",
            Some(&json!({"email": "ana@example.com"})),
        )
        .await
        .data();
        let reset = sink
            .wait_for("ana@example.com", "Reset your Quire password")
            .await;
        let token = token_in(&reset.body, "/auth/reset_password_apply?token=");
        app.call_as(
            &stranger,
            Method::POST,
            "auth/reset_password",
            Some(&json!({"token": token, "password": "reset secret 1", "password_confirmation": "reset secret 1"})),
        )
        .await
        .data();
        let signed_in = app
            .log_in_as(&stranger, "ana@example.com", "reset secret 1")
            .await;
        assert_eq!(signed_in.data()["user"]["name"], "Ana");
        assert_eq!(sink.received().len(), 2, "each message is sent once");
        app.stop().await;
        sink.stop();
    }
}

#[tokio::test]
async fn mail_the_smtp_server_cannot_take_stays_queued_with_the_error_and_a_retry_time() {
    for db in Db::all() {
        let nobody = format!("smtp://127.0.0.1:{}", free_port());
        let app = TestApp::spawn_with(db, &[("QUIRE_SMTP_URL", &nobody)]).await;
        let before = quire_core::time::now_ms();
        let user = app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        assert_eq!(
            user["email"], "ana@example.com",
            "the sign-up succeeds whatever the mail server does"
        );
        let failed = wait_for_delivery(&app, "ana@example.com", |d| d.error.is_some()).await;
        assert_eq!(failed.sent_at, None, "{db:?}");
        assert_eq!(failed.attempts, 1);
        let retry_at = failed.next_attempt_at.expect("a time to try again");
        assert!(retry_at >= before + 30_000, "{failed:?}");
        app.stop().await;
    }
}
