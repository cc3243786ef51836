//! Two-factor sign-in: TOTP and SMS set-up, the second step of a sign-in, single-use codes,
//! turning it off, and what another account may not do.

use std::collections::HashSet;
use std::time::{SystemTime, UNIX_EPOCH};

use quire_testkit::{Db, TestApp, TestResponse};
use reqwest::{Client, Method};
use serde_json::{Value, json};
use totp_rs::{Algorithm, Builder, Secret, Totp};

const PASSWORD: &str = "a long enough secret";
const PHONE: &str = "+14155552671";

/// The authenticator app: the same parameters as the server (SHA-1, 6 digits, 30 s).
fn authenticator(secret: &str) -> Totp {
    Builder::new()
        .with_algorithm(Algorithm::SHA1)
        .with_digits(6)
        .with_skew(1)
        .with_step_duration(30)
        .with_secret(Secret::try_from_base32(secret).unwrap())
        .build()
        .unwrap()
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// The code the app shows `offset` seconds from now.
fn code_at(totp: &Totp, offset: i64) -> String {
    let at = now_secs().checked_add_signed(offset).unwrap();
    totp.generate(at).to_string()
}

/// Six digits that no step near now accepts.
fn wrong_code(totp: &Totp) -> String {
    let near: HashSet<String> = (-3..=3).map(|k| code_at(totp, k * 30)).collect();
    (0..)
        .map(|n| format!("{n:06}"))
        .find(|c| !near.contains(c))
        .unwrap()
}

/// The six-digit code in a text.
fn code_in(text: &str) -> String {
    text.split(|c: char| !c.is_ascii_digit())
        .find(|w| w.len() == 6)
        .unwrap_or_else(|| panic!("no code in {text:?}"))
        .to_owned()
}

async fn login(app: &TestApp, client: &Client, email: &str, password: &str) -> TestResponse {
    app.call_as(
        client,
        Method::POST,
        "auth/login",
        Some(&json!({"email": email, "password": password, "keep_logged_in": true})),
    )
    .await
}

async fn post(app: &TestApp, client: &Client, path: &str, body: Value) -> TestResponse {
    app.call_as(client, Method::POST, path, Some(&body)).await
}

fn no_session_cookie(answer: &TestResponse) {
    assert!(
        answer.headers.get_all("set-cookie").iter().next().is_none(),
        "no session starts before the second step: {:?}",
        answer.headers
    );
}

/// Signs Ana up on the app's client and turns TOTP on; returns her authenticator.
async fn ana_with_totp(app: &TestApp) -> Totp {
    app.sign_up("Ana", "ana@example.com", PASSWORD).await;
    let setup = app.get("auth/enable_totp_step1").await.data().clone();
    let totp = authenticator(setup["secret"].as_str().unwrap());
    app.post_json(
        "auth/enable_totp_step2",
        &json!({"code": code_at(&totp, 0), "factor_sid": setup["factor_sid"]}),
    )
    .await
    .data();
    totp
}

#[tokio::test]
async fn totp_is_set_up_in_two_steps_and_then_sign_in_needs_a_code_that_works_once() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let user = app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        assert_eq!(user["settings"]["mfa_enabled"], "none");
        assert_eq!(user["entitlements"]["can_use_two_factor"], true);

        let setup = app.get("auth/enable_totp_step1").await.data().clone();
        let factor_sid = setup["factor_sid"].as_str().unwrap().to_owned();
        let secret = setup["secret"].as_str().unwrap().to_owned();
        assert_eq!(factor_sid.len(), 22);
        let qr = setup["qr"].as_str().unwrap();
        assert!(
            qr.starts_with("otpauth://totp/Quire:ana%40example.com?"),
            "{qr}"
        );
        assert!(qr.contains(&format!("secret={secret}")) && qr.contains("issuer=Quire"));
        assert!(
            setup["qr_svg"]
                .as_str()
                .unwrap()
                .starts_with("data:image/svg+xml;base64,")
        );
        let totp = authenticator(&secret);

        let malformed = app
            .post_json(
                "auth/enable_totp_step2",
                &json!({"code": "12345", "factor_sid": factor_sid}),
            )
            .await;
        malformed.assert_failed(422, "invalid_fields");
        assert_eq!(malformed.body["fields"]["code"], "code_invalid");
        let wrong = app
            .post_json(
                "auth/enable_totp_step2",
                &json!({"code": wrong_code(&totp), "factor_sid": factor_sid}),
            )
            .await;
        wrong.assert_failed(422, "invalid_code");
        assert_eq!(
            app.get("users/me").await.data()["user"]["settings"]["mfa_enabled"],
            "none",
            "a wrong code changes nothing"
        );

        // Kept, not recomputed: a 30-second step may end while the test runs.
        let setup_code = code_at(&totp, 0);
        let enabled = app
            .post_json(
                "auth/enable_totp_step2",
                &json!({"code": setup_code, "factor_sid": factor_sid}),
            )
            .await;
        let settings = &enabled.data()["user"]["settings"];
        assert_eq!(settings["mfa_enabled"], "totp", "{db:?}");
        assert_eq!(settings["mfa_totp_factor_sid"], factor_sid.as_str());
        let me = app.get("users/me").await.data().clone();
        assert_eq!(me["user"]["settings"]["mfa_enabled"], "totp");
        assert!(
            !me.to_string().contains(&secret),
            "the secret is never sent again"
        );
        app.post_json(
            "auth/enable_totp_step2",
            &json!({"code": setup_code, "factor_sid": factor_sid}),
        )
        .await
        .assert_failed(422, "verification_expired");

        // Signing in: the password, then the code.
        let laptop = app.new_client();
        let first = login(&app, &laptop, "ana@example.com", PASSWORD).await;
        assert_eq!(first.data()["mfa_required"], "totp");
        assert!(first.data().get("user").is_none());
        no_session_cookie(&first);
        let token = first.data()["mfa_token"].as_str().unwrap().to_owned();
        app.get_as(&laptop, "users/me")
            .await
            .assert_failed(401, "not_authorized");

        post(
            &app,
            &laptop,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": token, "code": wrong_code(&totp)}),
        )
        .await
        .assert_failed(422, "invalid_code");
        // The code used to set TOTP up is spent: its step cannot sign in.
        post(
            &app,
            &laptop,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": token, "code": setup_code}),
        )
        .await
        .assert_failed(422, "invalid_code");
        let next_code = code_at(&totp, 30);
        let signed_in = post(
            &app,
            &laptop,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": token, "code": next_code}),
        )
        .await;
        assert_eq!(signed_in.data()["user"]["email"], "ana@example.com");
        assert_eq!(
            app.get_as(&laptop, "users/me").await.data()["user"]["name"],
            "Ana",
            "{db:?}: the second step started the session"
        );
        post(
            &app,
            &laptop,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": token, "code": next_code}),
        )
        .await
        .assert_failed(401, "invalid_token");

        // The same code on another sign-in is refused: each code works once.
        let phone = app.new_client();
        let again = login(&app, &phone, "ana@example.com", PASSWORD).await;
        post(
            &app,
            &phone,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": again.data()["mfa_token"], "code": next_code}),
        )
        .await
        .assert_failed(422, "invalid_code");
        app.get_as(&phone, "users/me")
            .await
            .assert_failed(401, "not_authorized");

        // The re-login modal asks for the second factor too.
        let relogin = post(
            &app,
            &phone,
            "auth/refresh_token_with_email_password",
            json!({"email": "ana@example.com", "password": PASSWORD, "keep_logged_in": true, "supports_mfa": true}),
        )
        .await;
        assert_eq!(relogin.data()["mfa_required"], "totp");
        no_session_cookie(&relogin);
        app.stop().await;
    }
}

#[tokio::test]
async fn an_expired_unknown_or_mismatched_mfa_token_is_refused() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let totp = ana_with_totp(&app).await;
        let browser = app.new_client();
        let token = login(&app, &browser, "ana@example.com", PASSWORD)
            .await
            .data()["mfa_token"]
            .as_str()
            .unwrap()
            .to_owned();

        post(
            &app,
            &browser,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": "not-a-token", "code": code_at(&totp, 30)}),
        )
        .await
        .assert_failed(401, "invalid_token");
        post(
            &app,
            &browser,
            "auth/login_with_mfa_sms",
            json!({"mfa_token": token, "code": code_at(&totp, 30)}),
        )
        .await
        .assert_failed(401, "invalid_token");
        let malformed = post(
            &app,
            &browser,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": token, "code": "abcdef"}),
        )
        .await;
        malformed.assert_failed(422, "invalid_fields");
        assert_eq!(malformed.body["fields"]["code"], "code_invalid");

        app.state
            .store
            .age_mfa_login_for_test(&quire_server::auth::tokens::hash(&token), 6 * 60 * 1000)
            .await;
        post(
            &app,
            &browser,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": token, "code": code_at(&totp, 30)}),
        )
        .await
        .assert_failed(401, "expired_token");
        app.get_as(&browser, "users/me")
            .await
            .assert_failed(401, "not_authorized");
        app.stop().await;
    }
}

#[tokio::test]
async fn sms_is_set_up_with_the_texted_code_and_sign_in_texts_another() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;

        let empty = app
            .post_json("auth/enable_sms_step1", &json!({"phone_number": " "}))
            .await;
        assert_eq!(empty.body["fields"]["phone_number"], "phone_required");
        for bad in ["4155552671", "+1 415 CALL ME", "+1234567"] {
            let refused = app
                .post_json("auth/enable_sms_step1", &json!({"phone_number": bad}))
                .await;
            refused.assert_failed(422, "invalid_fields");
            assert_eq!(refused.body["fields"]["phone_number"], "phone_invalid");
        }

        let sent = app
            .post_json(
                "auth/enable_sms_step1",
                &json!({"phone_number": "+1 (415) 555-2671"}),
            )
            .await
            .data()
            .clone();
        let session = sent["sms_session_id"].as_str().unwrap().to_owned();
        assert_eq!(session.len(), 22);
        assert!(sent["mfa_sms_sent_at"].as_i64().unwrap() > 0);

        // A second request within 60 s is answered with the wait, and sends nothing.
        let early = app
            .post_json("auth/enable_sms_step1", &json!({"phone_number": PHONE}))
            .await;
        let delay = early.data().as_str().expect("a string answer");
        let secs: u64 = delay
            .strip_prefix("mfa_sms_needs_delay_")
            .unwrap_or_else(|| panic!("{delay}"))
            .parse()
            .unwrap();
        assert!((55..=60).contains(&secs), "{delay}");
        let texts = app.sms_to(PHONE).await;
        assert_eq!(texts.len(), 1, "{db:?}");
        let code = code_in(&texts[0]);
        assert!(texts[0].contains("Quire"));

        let wrong = if code == "000000" { "111111" } else { "000000" };
        app.post_json(
            "auth/enable_sms_step2",
            &json!({"sms_session_id": session, "sms_code": wrong, "phone_number": PHONE}),
        )
        .await
        .assert_failed(422, "invalid_code");
        let other_phone = app
            .post_json(
                "auth/enable_sms_step2",
                &json!({"sms_session_id": session, "sms_code": code, "phone_number": "+442079460958"}),
            )
            .await;
        assert_eq!(other_phone.body["fields"]["phone_number"], "phone_mismatch");
        let enabled = app
            .post_json(
                "auth/enable_sms_step2",
                &json!({"sms_session_id": session, "sms_code": code, "phone_number": "+1 415 555 2671"}),
            )
            .await;
        let settings = &enabled.data()["user"]["settings"];
        assert_eq!(settings["mfa_enabled"], "sms");
        assert_eq!(settings["mfa_sms_phone_number"], PHONE);
        assert_eq!(settings["mfa_totp_factor_sid"], Value::Null);

        // Signing in texts a fresh code.
        let laptop = app.new_client();
        let first = login(&app, &laptop, "ana@example.com", PASSWORD).await;
        assert_eq!(first.data()["mfa_required"], "sms");
        assert!(first.data()["mfa_sms_sent_at"].as_i64().is_some());
        no_session_cookie(&first);
        let texts = app.sms_to(PHONE).await;
        assert_eq!(texts.len(), 2, "{db:?}");
        let login_code = code_in(&texts[0]);
        post(
            &app,
            &laptop,
            "auth/login_with_mfa_totp",
            json!({"mfa_token": first.data()["mfa_token"], "code": login_code}),
        )
        .await
        .assert_failed(401, "invalid_token");
        let signed_in = post(
            &app,
            &laptop,
            "auth/login_with_mfa_sms",
            json!({"mfa_token": first.data()["mfa_token"], "code": login_code}),
        )
        .await;
        assert_eq!(signed_in.data()["user"]["name"], "Ana");
        assert_eq!(
            app.get_as(&laptop, "users/me").await.data()["user"]["settings"]["mfa_enabled"],
            "sms"
        );

        // A used code does not work again: the next sign-in texts a new one.
        let phone = app.new_client();
        let second = login(&app, &phone, "ana@example.com", PASSWORD).await;
        assert_eq!(app.sms_to(PHONE).await.len(), 3);
        post(
            &app,
            &phone,
            "auth/login_with_mfa_sms",
            json!({"mfa_token": second.data()["mfa_token"], "code": login_code}),
        )
        .await
        .assert_failed(422, "invalid_code");

        // Signing in again within 60 s of that text does not send another.
        let third = login(&app, &phone, "ana@example.com", PASSWORD).await;
        assert_eq!(third.data()["mfa_required"], "sms");
        let texts = app.sms_to(PHONE).await;
        assert_eq!(texts.len(), 3, "no text within 60 s of the last");
        let answer = post(
            &app,
            &phone,
            "auth/login_with_mfa_sms",
            json!({"mfa_token": third.data()["mfa_token"], "code": code_in(&texts[0])}),
        )
        .await;
        assert_eq!(answer.data()["user"]["name"], "Ana", "{db:?}");
        app.stop().await;
    }
}

#[tokio::test]
async fn an_sms_code_allows_five_tries_and_another_can_be_asked_for_after_sixty_seconds() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let user = app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let sent = app
            .post_json("auth/enable_sms_step1", &json!({"phone_number": PHONE}))
            .await
            .data()
            .clone();
        let code = code_in(&app.sms_to(PHONE).await[0]);
        let wrong = if code == "000000" { "111111" } else { "000000" };
        let attempt = |sms_code: &str| json!({"sms_session_id": sent["sms_session_id"], "sms_code": sms_code, "phone_number": PHONE});
        for _ in 0..5 {
            app.post_json("auth/enable_sms_step2", &attempt(wrong))
                .await
                .assert_failed(422, "invalid_code");
        }
        // Five failures make the account wait a second before the next try.
        app.post_json("auth/enable_sms_step2", &attempt(&code))
            .await
            .assert_failed(429, "too_many_requests");
        tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
        let spent = app
            .post_json("auth/enable_sms_step2", &attempt(&code))
            .await;
        spent.assert_failed(422, "verification_expired");
        assert_eq!(
            spent.body["fields"]["sms_session_id"],
            "verification_expired"
        );

        // Sixty seconds on, a new code may be asked for.
        app.state
            .store
            .age_sms_codes_for_test(user["id"].as_str().unwrap(), 61_000)
            .await;
        let again = app
            .post_json("auth/enable_sms_step1", &json!({"phone_number": PHONE}))
            .await;
        assert!(
            again.data()["sms_session_id"].is_string(),
            "{db:?} {}",
            again.body
        );
        assert_eq!(app.sms_to(PHONE).await.len(), 2);
        app.stop().await;
    }
}

#[tokio::test]
async fn another_user_cannot_finish_someone_elses_totp_or_sms_set_up() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let bob = app.new_client();
        post(
            &app,
            &bob,
            "users/",
            json!({"name": "Bob", "email": "bob@example.com", "password": PASSWORD, "password_confirmation": PASSWORD}),
        )
        .await
        .data();

        let setup = app.get("auth/enable_totp_step1").await.data().clone();
        let totp = authenticator(setup["secret"].as_str().unwrap());
        let stolen = post(
            &app,
            &bob,
            "auth/enable_totp_step2",
            json!({"code": code_at(&totp, 0), "factor_sid": setup["factor_sid"]}),
        )
        .await;
        stolen.assert_failed(422, "verification_expired");
        assert_eq!(stolen.body["fields"]["factor_sid"], "verification_expired");

        let sent = app
            .post_json("auth/enable_sms_step1", &json!({"phone_number": PHONE}))
            .await
            .data()
            .clone();
        let code = code_in(&app.sms_to(PHONE).await[0]);
        let body = json!({"sms_session_id": sent["sms_session_id"], "sms_code": code, "phone_number": PHONE});
        let stolen = post(&app, &bob, "auth/enable_sms_step2", body.clone()).await;
        stolen.assert_failed(422, "verification_expired");
        assert_eq!(
            app.get_as(&bob, "users/me").await.data()["user"]["settings"]["mfa_enabled"],
            "none",
            "{db:?}"
        );

        // Bob's tries cost Ana nothing: she finishes both set-ups.
        app.post_json(
            "auth/enable_totp_step2",
            &json!({"code": code_at(&totp, 0), "factor_sid": setup["factor_sid"]}),
        )
        .await
        .data();
        let sms = app.post_json("auth/enable_sms_step2", &body).await;
        assert_eq!(sms.data()["user"]["settings"]["mfa_enabled"], "sms");
        app.stop().await;
    }
}

#[tokio::test]
async fn turning_two_factor_off_needs_the_password_and_sign_in_is_one_step_again() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        ana_with_totp(&app).await;
        let empty = app
            .post_json("auth/disable_mfa", &json!({"password": ""}))
            .await;
        empty.assert_failed(422, "invalid_fields");
        assert_eq!(empty.body["fields"]["password"], "password_required");
        app.post_json("auth/disable_mfa", &json!({"password": "not the password"}))
            .await
            .assert_failed(422, "current_password_incorrect");
        assert_eq!(
            app.get("users/me").await.data()["user"]["settings"]["mfa_enabled"],
            "totp"
        );

        let off = app
            .post_json("auth/disable_mfa", &json!({"password": PASSWORD}))
            .await;
        let settings = &off.data()["user"]["settings"];
        assert_eq!(settings["mfa_enabled"], "none", "{db:?}");
        assert_eq!(settings["mfa_totp_factor_sid"], Value::Null);
        assert_eq!(settings["mfa_sms_phone_number"], Value::Null);

        let laptop = app.new_client();
        let signed_in = login(&app, &laptop, "ana@example.com", PASSWORD).await;
        assert_eq!(signed_in.data()["user"]["name"], "Ana");
        assert!(signed_in.data().get("mfa_required").is_none());
        // Off twice is harmless.
        app.post_json("auth/disable_mfa", &json!({"password": PASSWORD}))
            .await
            .data();
        app.stop().await;
    }
}

#[tokio::test]
async fn a_password_reset_does_not_sign_in_nor_skip_the_second_factor() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        ana_with_totp(&app).await;
        let stranger = app.new_client();
        post(
            &app,
            &stranger,
            "auth/forgot",
            json!({"email": "ana@example.com"}),
        )
        .await
        .data();
        let mail = app.mail_to("ana@example.com").await;
        assert_eq!(mail[0].0, "reset_password");
        let token = mail[0]
            .2
            .lines()
            .find_map(|l| l.split("token=").nth(1))
            .unwrap()
            .trim()
            .to_owned();
        let reset = post(
            &app,
            &stranger,
            "auth/reset_password",
            json!({"token": token, "password": "reset secret 1", "password_confirmation": "reset secret 1"}),
        )
        .await;
        assert_eq!(reset.data(), &json!(true));
        no_session_cookie(&reset);
        app.get_as(&stranger, "users/me")
            .await
            .assert_failed(401, "not_authorized");

        let signed = login(&app, &stranger, "ana@example.com", "reset secret 1").await;
        assert_eq!(signed.data()["mfa_required"], "totp", "{db:?}");
        no_session_cookie(&signed);
        app.get_as(&stranger, "users/me")
            .await
            .assert_failed(401, "not_authorized");
        app.stop().await;
    }
}

/// What the fake SMS gateway received: (authorization header, JSON body).
type Received = std::sync::Arc<std::sync::Mutex<Vec<(String, Value)>>>;

/// An HTTP SMS gateway on loopback that records each request and answers `status`.
async fn fake_gateway(status: u16) -> (String, Received) {
    use axum::http::{HeaderMap, StatusCode};
    let received: Received = Default::default();
    let log = received.clone();
    let app = axum::Router::new().route(
        "/sms",
        axum::routing::post(
            move |headers: HeaderMap, axum::Json(body): axum::Json<Value>| {
                let log = log.clone();
                async move {
                    let auth = headers
                        .get("authorization")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or_default()
                        .to_owned();
                    log.lock().unwrap().push((auth, body));
                    StatusCode::from_u16(status).unwrap()
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/sms", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, received)
}

#[tokio::test]
async fn with_a_gateway_configured_texts_are_posted_to_it_with_the_bearer_token() {
    for db in Db::all() {
        let (url, received) = fake_gateway(200).await;
        let app = TestApp::spawn_with(
            db,
            &[
                ("QUIRE_SMS_GATEWAY_URL", &url),
                ("QUIRE_SMS_GATEWAY_TOKEN", "gateway-secret"),
            ],
        )
        .await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let sent = app
            .post_json(
                "auth/enable_sms_step1",
                &json!({"phone_number": "+44 20 7946 0958"}),
            )
            .await;
        assert!(sent.data()["sms_session_id"].is_string());
        let requests = received.lock().unwrap().clone();
        assert_eq!(requests.len(), 1, "{db:?}");
        let (auth, body) = &requests[0];
        assert_eq!(auth, "Bearer gateway-secret");
        assert_eq!(body["to"], "+442079460958");
        let code = code_in(body["text"].as_str().unwrap());
        assert!(
            app.sms_to("+442079460958").await.is_empty(),
            "the outbox is only for installs without a gateway"
        );
        let enabled = app
            .post_json(
                "auth/enable_sms_step2",
                &json!({"sms_session_id": sent.data()["sms_session_id"], "sms_code": code, "phone_number": "+442079460958"}),
            )
            .await;
        assert_eq!(enabled.data()["user"]["settings"]["mfa_enabled"], "sms");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_gateway_that_refuses_the_text_is_reported_and_does_not_start_the_wait() {
    let (url, received) = fake_gateway(500).await;
    let app = TestApp::spawn_with(Db::Sqlite, &[("QUIRE_SMS_GATEWAY_URL", &url)]).await;
    app.sign_up("Ana", "ana@example.com", PASSWORD).await;
    for _ in 0..2 {
        app.post_json("auth/enable_sms_step1", &json!({"phone_number": PHONE}))
            .await
            .assert_failed(502, "sms_failed");
    }
    assert_eq!(
        received.lock().unwrap().len(),
        2,
        "a text that was not sent does not make the next one wait"
    );
    assert_eq!(received.lock().unwrap()[0].0, "", "no token configured");
    app.stop().await;
}
