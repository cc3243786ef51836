//! Sign-up, sign-in, sessions, refresh rotation, the user's own account, and their refusals.

use quire_testkit::{Db, TestApp};
use reqwest::Method;
use serde_json::json;

const PASSWORD: &str = "a long enough secret";

#[tokio::test]
async fn signing_up_signs_in_and_mails_a_verification_link() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let user = app.sign_up("Ana Ruiz", "Ana@Example.com", PASSWORD).await;
        assert_eq!(user["name"], "Ana Ruiz");
        assert_eq!(user["email"], "Ana@Example.com");
        assert_eq!(user["email_verified"], false);
        assert_eq!(user["level"], 1);
        assert_eq!(
            user["settings"]["show_floating_toolbar_on_editor_right_side"],
            true
        );
        assert_eq!(user["meta"]["doesnt_have_password"], false);
        assert_eq!(
            user["subscription"]["premium"]["gateway"], "none",
            "billing off: all entitled"
        );
        assert_eq!(user["entitlements"]["can_write"], true);

        let me = app.get("users/me").await;
        assert_eq!(
            me.data()["user"]["id"],
            user["id"],
            "{db:?}: the sign-up session works"
        );

        let mail = app.mail_to("Ana@Example.com").await;
        assert_eq!(mail.len(), 1);
        assert_eq!(mail[0].0, "verify_email");
        let link = mail[0]
            .2
            .lines()
            .find(|l| l.contains("/verify_email?token="))
            .unwrap();
        let token = link.split("token=").nth(1).unwrap().trim();
        let verified = app.get(&format!("auth/verify_email?token={token}")).await;
        assert_eq!(verified.data(), &json!(true));
        assert_eq!(
            app.get("users/me").await.data()["user"]["email_verified"],
            true
        );
        app.get(&format!("auth/verify_email?token={token}"))
            .await
            .assert_failed(400, "invalid_token");
        app.stop().await;
    }
}

#[tokio::test]
async fn sign_up_reports_every_invalid_field_and_creates_nothing() {
    let app = TestApp::spawn().await;
    let answer = app
        .post_json(
            "users/",
            &json!({"name": " ", "email": "not-an-email", "password": "abcd", "password_confirmation": "abce"}),
        )
        .await;
    answer.assert_failed(422, "invalid_fields");
    assert_eq!(
        answer.body["fields"],
        json!({
            "name": "name_required",
            "email": "email_invalid",
            "password": "password_too_short",
            "password_confirmation": "passwords_do_not_match"
        })
    );
    let too_long = app
        .post_json(
            "users/",
            &json!({"name": "x".repeat(33), "email": "a@b.io", "password": "x".repeat(60), "password_confirmation": "x".repeat(60)}),
        )
        .await;
    assert_eq!(too_long.body["fields"]["name"], "name_too_long");
    assert_eq!(too_long.body["fields"]["password"], "password_too_long");
    assert!(app.mail_to("a@b.io").await.is_empty());
    app.get("users/me")
        .await
        .assert_failed(401, "not_authorized");
    app.stop().await;
}

#[tokio::test]
async fn an_email_can_hold_only_one_account_whatever_its_case() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let other = app.new_client();
        let again = app
            .call_as(
                &other,
                Method::POST,
                "users/",
                Some(&json!({"name": "Impostor", "email": " ANA@example.com ", "password": PASSWORD, "password_confirmation": PASSWORD})),
            )
            .await;
        again.assert_failed(409, "email_already_used");
        app.stop().await;
    }
}

#[tokio::test]
async fn login_works_with_any_case_of_the_email_and_a_wrong_password_or_email_is_refused_alike() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let browser = app.new_client();
        let wrong_password = app
            .log_in_as(&browser, "ana@example.com", "nope nope")
            .await;
        wrong_password.assert_failed(401, "invalid_credentials");
        let wrong_email = app.log_in_as(&browser, "bob@example.com", PASSWORD).await;
        wrong_email.assert_failed(401, "invalid_credentials");
        let ok = app
            .call_as(&browser, Method::POST, "auth/login", Some(&json!({"email": "ANA@example.com", "password": PASSWORD, "keep_logged_in": true})))
            .await;
        assert_eq!(ok.data()["user"]["email"], "ana@example.com");
        assert_eq!(
            app.get_as(&browser, "users/me").await.data()["user"]["name"],
            "Ana"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn session_cookies_are_http_only_same_site_and_secure_on_loopback() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .post(app.url("/api/v4/users/"))
        .json(&json!({"name": "Ana", "email": "ana@example.com", "password": PASSWORD, "password_confirmation": PASSWORD}))
        .send()
        .await
        .unwrap();
    let cookies: Vec<String> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    let access = cookies
        .iter()
        .find(|c| c.starts_with("quire_session="))
        .expect("access cookie");
    let refresh = cookies
        .iter()
        .find(|c| c.starts_with("quire_refresh="))
        .expect("refresh cookie");
    for cookie in [access, refresh] {
        assert!(cookie.contains("HttpOnly"), "{cookie}");
        assert!(cookie.contains("Secure"), "{cookie}");
    }
    assert!(
        access.contains("SameSite=Lax") && access.contains("Path=/;") || access.contains("Path=/"),
        "{access}"
    );
    assert!(
        refresh.contains("SameSite=Strict") && refresh.contains("Path=/api/v4/auth"),
        "{refresh}"
    );
    app.stop().await;
}

#[tokio::test]
async fn unsafe_requests_without_the_app_header_or_from_a_foreign_origin_are_refused() {
    let app = TestApp::spawn().await;
    let plain = reqwest::Client::new();
    let body = json!({"email": "a@b.io", "password": PASSWORD});
    let no_header = app
        .send(plain.post(app.url("/api/v4/auth/login")).json(&body))
        .await;
    no_header.assert_failed(403, "csrf_refused");
    let foreign = app
        .send(
            app.client
                .post(app.url("/api/v4/auth/login"))
                .header("Origin", "https://evil.example")
                .json(&body),
        )
        .await;
    foreign.assert_failed(403, "csrf_refused");
    let cross_site = app
        .send(
            app.client
                .post(app.url("/api/v4/auth/login"))
                .header("Sec-Fetch-Site", "cross-site")
                .json(&body),
        )
        .await;
    cross_site.assert_failed(403, "csrf_refused");
    // Safe methods are not affected.
    assert!(
        app.send(plain.get(app.url("/api/v4/server_time")))
            .await
            .data()
            .is_object()
    );
    app.stop().await;
}

#[tokio::test]
async fn the_refresh_token_rotates_and_a_replayed_old_one_ends_the_session() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        // A client without a cookie store, so that we hold the tokens ourselves.
        let raw = reqwest::Client::new();
        let response = raw
            .post(app.url("/api/v4/auth/login"))
            .header("x-requested-with", "quire")
            .json(&json!({"email": "x@y.io", "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 401);
        app.sign_up("Ana", "x@y.io", PASSWORD).await;
        let login = raw
            .post(app.url("/api/v4/auth/login"))
            .header("x-requested-with", "quire")
            .json(&json!({"email": "x@y.io", "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        let first = cookie(&login, "quire_refresh");
        let refreshed = raw
            .get(app.url("/api/v4/auth/refresh_token"))
            .header("x-requested-with", "quire")
            .header("cookie", format!("quire_refresh={first}"))
            .send()
            .await
            .unwrap();
        assert_eq!(refreshed.status(), 200, "{db:?}");
        let second = cookie(&refreshed, "quire_refresh");
        let access = cookie(&refreshed, "quire_session");
        assert_ne!(first, second);

        // Replaying the first token right away is a racing tab: refused, session kept.
        let racing = raw
            .get(app.url("/api/v4/auth/refresh_token"))
            .header("x-requested-with", "quire")
            .header("cookie", format!("quire_refresh={first}"))
            .send()
            .await
            .unwrap();
        assert_eq!(racing.status(), 401);
        let me = raw
            .get(app.url("/api/v4/users/me"))
            .header("cookie", format!("quire_session={access}"))
            .send()
            .await
            .unwrap();
        assert_eq!(me.status(), 200);

        // Past the grace window the replay is theft: the whole session ends.
        let pool_hash = quire_server_hash(&first);
        app.state
            .store
            .age_retired_token_for_test(&pool_hash, 60_000)
            .await;
        let stolen = raw
            .get(app.url("/api/v4/auth/refresh_token"))
            .header("x-requested-with", "quire")
            .header("cookie", format!("quire_refresh={first}"))
            .send()
            .await
            .unwrap();
        assert_eq!(stolen.status(), 401);
        let body: serde_json::Value = stolen.json().await.unwrap();
        assert_eq!(body["data"], "expired_session");
        let after = raw
            .get(app.url("/api/v4/users/me"))
            .header("cookie", format!("quire_session={access}"))
            .send()
            .await
            .unwrap();
        let body: serde_json::Value = after.json().await.unwrap();
        assert_eq!(body["data"], "expired_session", "{db:?}");
        let legit = raw
            .get(app.url("/api/v4/auth/refresh_token"))
            .header("x-requested-with", "quire")
            .header("cookie", format!("quire_refresh={second}"))
            .send()
            .await
            .unwrap();
        assert_eq!(
            legit.status(),
            401,
            "the current token of a revoked session is dead too"
        );
        app.stop().await;
    }
}

fn cookie(response: &reqwest::Response, name: &str) -> String {
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|c| c.strip_prefix(&format!("{name}=")))
        .and_then(|c| c.split(';').next())
        .unwrap_or_else(|| panic!("no {name} cookie"))
        .to_owned()
}

fn quire_server_hash(token: &str) -> String {
    quire_server::auth::tokens::hash(token)
}

#[tokio::test]
async fn logout_ends_the_session_and_clears_the_cookies() {
    let app = TestApp::spawn().await;
    app.sign_up("Ana", "ana@example.com", PASSWORD).await;
    assert_eq!(app.get("auth/logout").await.data(), &json!(true));
    app.get("users/me")
        .await
        .assert_failed(401, "not_authorized");
    // Logging out twice is harmless.
    assert_eq!(app.get("auth/logout").await.data(), &json!(true));
    app.stop().await;
}

#[tokio::test]
async fn a_revoked_session_is_refused_with_expired_session_and_the_relogin_restores_it() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let laptop = app.new_client();
        app.log_in_as(&laptop, "ana@example.com", PASSWORD)
            .await
            .data();
        let sessions = app.get("users/sessions").await;
        let list = sessions.data()["sessions"].as_array().unwrap().clone();
        assert_eq!(list.len(), 2, "{db:?}");
        let laptop_session = list.iter().find(|s| s["current"] == false).unwrap();
        let id = laptop_session["id"].as_str().unwrap();
        assert_eq!(
            app.delete(&format!("users/sessions/{id}")).await.data(),
            &json!(true)
        );
        app.get_as(&laptop, "users/me")
            .await
            .assert_failed(401, "expired_session");

        let relogin = app
            .call_as(
                &laptop,
                Method::POST,
                "auth/refresh_token_with_email_password",
                Some(&json!({"email": "ana@example.com", "password": PASSWORD, "keep_logged_in": true, "supports_mfa": true})),
            )
            .await;
        assert_eq!(relogin.data()["user"]["name"], "Ana");
        assert_eq!(
            app.get_as(&laptop, "users/me").await.data()["user"]["name"],
            "Ana"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn a_user_cannot_revoke_or_update_someone_elses_things() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let ana = app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let bob_client = app.new_client();
        let bob = app
            .sign_up_as(&bob_client, "Bob", "bob@example.com", PASSWORD)
            .await;
        let ana_id = ana["id"].as_str().unwrap();
        let refused = app
            .call_as(
                &bob_client,
                Method::PUT,
                &format!("users/{ana_id}"),
                Some(&json!({"name": "Hacked"})),
            )
            .await;
        refused.assert_failed(403, "not_authorized");
        let ana_sessions = app.get("users/sessions").await.data()["sessions"].clone();
        let ana_session = ana_sessions[0]["id"].as_str().unwrap();
        app.call_as(
            &bob_client,
            Method::DELETE,
            &format!("users/sessions/{ana_session}"),
            None,
        )
        .await
        .assert_failed(404, "not_found");
        assert_eq!(app.get("users/me").await.data()["user"]["name"], "Ana");
        let anonymous = app
            .send(
                reqwest::Client::new()
                    .put(app.url(&format!("/api/v4/users/{}", bob["id"].as_str().unwrap())))
                    .header("x-requested-with", "quire")
                    .json(&json!({"name": "x"})),
            )
            .await;
        anonymous.assert_failed(401, "not_authorized");
        app.stop().await;
    }
}

#[tokio::test]
async fn updating_the_user_applies_settings_and_ignores_protected_fields() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let user = app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let id = user["id"].as_str().unwrap();
        let answer = app
            .put_json(
                &format!("users/{id}"),
                &json!({
                    "name": "Ana María",
                    "level": 99, "email": "evil@example.com", "subscription": {"premium": null},
                    "theme_id": 3,
                    "settings": {
                        "timezone": "Europe/Madrid", "dark_mode": "on", "hide_header": true,
                        "recently_used_colors": ["#111111", "#222222", "#111111"],
                        "mfa_enabled": "totp", "permissions": {"admin": "write"}
                    }
                }),
            )
            .await;
        let user = &answer.data()["user"];
        assert_eq!(user["name"], "Ana María");
        assert_eq!(user["level"], 1);
        assert_eq!(user["email"], "ana@example.com");
        assert_eq!(user["settings"]["theme_id"], 3);
        assert_eq!(user["settings"]["timezone"], "Europe/Madrid");
        assert_eq!(
            user["settings"]["recently_used_colors"],
            json!(["#111111", "#222222"])
        );
        assert_eq!(user["settings"]["mfa_enabled"], "none");
        assert_eq!(user["settings"]["permissions"], json!({}));
        assert_eq!(
            app.get("users/me").await.data()["user"]["settings"]["dark_mode"],
            "on",
            "{db:?}"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn an_invalid_update_is_refused_whole() {
    let app = TestApp::spawn().await;
    let user = app.sign_up("Ana", "ana@example.com", PASSWORD).await;
    let id = user["id"].as_str().unwrap();
    let answer = app
        .put_json(
            &format!("users/{id}"),
            &json!({"name": "", "settings": {"hide_header": true, "timezone": "../etc"}}),
        )
        .await;
    answer.assert_failed(422, "invalid_fields");
    assert_eq!(answer.body["fields"]["name"], "name_required");
    assert_eq!(
        answer.body["fields"]["settings.timezone"],
        "timezone_invalid"
    );
    let me = app.get("users/me").await;
    assert_eq!(me.data()["user"]["name"], "Ana");
    assert_eq!(
        me.data()["user"]["settings"]["hide_header"],
        false,
        "nothing half-written"
    );
    app.stop().await;
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one_and_signs_other_devices_out() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let phone = app.new_client();
        app.log_in_as(&phone, "ana@example.com", PASSWORD)
            .await
            .data();
        let wrong = app
            .put_json(
                "users/change_password",
                &json!({"current_password": "not it at all", "new_password": "brand new secret", "new_password_confirmation": "brand new secret"}),
            )
            .await;
        wrong.assert_failed(422, "current_password_incorrect");
        let short = app
            .put_json(
                "users/change_password",
                &json!({"current_password": PASSWORD, "new_password": "short", "new_password_confirmation": "short"}),
            )
            .await;
        assert_eq!(short.body["fields"]["new_password"], "password_too_short");
        let ok = app
            .put_json(
                "users/change_password",
                &json!({"current_password": PASSWORD, "new_password": "brand new secret", "new_password_confirmation": "brand new secret"}),
            )
            .await;
        assert_eq!(ok.data(), &json!(true));
        app.get_as(&phone, "users/me")
            .await
            .assert_failed(401, "expired_session");
        assert_eq!(
            app.get("users/me").await.data()["user"]["name"],
            "Ana",
            "this device stays in"
        );
        let fresh = app.new_client();
        app.log_in_as(&fresh, "ana@example.com", PASSWORD)
            .await
            .assert_failed(401, "invalid_credentials");
        app.log_in_as(&fresh, "ana@example.com", "brand new secret")
            .await
            .data();
        app.stop().await;
    }
}

#[tokio::test]
async fn changing_the_email_needs_the_password_tells_the_old_address_and_verifies_the_new() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        app.put_json(
            "users/change_email",
            &json!({"email": "ana@new.example", "password": "wrong password"}),
        )
        .await
        .assert_failed(422, "current_password_incorrect");
        let same = app
            .put_json(
                "users/change_email",
                &json!({"email": "ANA@example.com", "password": PASSWORD}),
            )
            .await;
        assert_eq!(same.body["fields"]["email"], "email_unchanged");
        let ok = app
            .put_json(
                "users/change_email",
                &json!({"email": "ana@new.example", "password": PASSWORD}),
            )
            .await;
        assert_eq!(ok.data()["user"]["email"], "ana@new.example");
        assert_eq!(ok.data()["user"]["email_verified"], false);
        assert_eq!(app.mail_to("ana@example.com").await[0].0, "email_changed");
        assert_eq!(app.mail_to("ana@new.example").await[0].0, "verify_email");
        let other = app.new_client();
        app.sign_up_as(&other, "Bob", "bob@example.com", PASSWORD)
            .await;
        app.call_as(
            &other,
            Method::PUT,
            "users/change_email",
            Some(&json!({"email": "Ana@New.example", "password": PASSWORD})),
        )
        .await
        .assert_failed(409, "email_already_used");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_password_reset_link_works_once_and_ends_every_session() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let stranger = app.new_client();
        for email in ["ana@example.com", "nobody@example.com"] {
            let answer = app
                .call_as(
                    &stranger,
                    Method::POST,
                    "auth/forgot",
                    Some(&json!({"email": email})),
                )
                .await;
            assert_eq!(
                answer.data(),
                &json!(true),
                "the same answer for known and unknown"
            );
        }
        assert!(app.mail_to("nobody@example.com").await.is_empty());
        let mail = app.mail_to("ana@example.com").await;
        assert_eq!(mail[0].0, "reset_password");
        let token = mail[0]
            .2
            .lines()
            .find_map(|l| l.split("token=").nth(1))
            .unwrap()
            .trim()
            .to_owned();
        let body = json!({"token": token, "password": "reset secret 1", "password_confirmation": "reset secret 1"});
        assert_eq!(
            app.call_as(&stranger, Method::POST, "auth/reset_password", Some(&body))
                .await
                .data(),
            &json!(true)
        );
        app.get("users/me")
            .await
            .assert_failed(401, "expired_session");
        app.call_as(&stranger, Method::POST, "auth/reset_password", Some(&body))
            .await
            .assert_failed(400, "invalid_token");
        app.log_in_as(&stranger, "ana@example.com", "reset secret 1")
            .await
            .data();
        app.stop().await;
    }
}

#[tokio::test]
async fn deleting_the_account_removes_it_and_signs_every_device_out() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        let phone = app.new_client();
        app.log_in_as(&phone, "ana@example.com", PASSWORD)
            .await
            .data();
        assert_eq!(
            app.delete("users/delete_account").await.data(),
            &json!(true)
        );
        app.get("users/me")
            .await
            .assert_failed(401, "not_authorized");
        app.get_as(&phone, "users/me")
            .await
            .assert_failed(401, "invalid_token");
        assert_eq!(app.mail_to("ana@example.com").await[0].0, "account_deleted");
        let again = app.new_client();
        app.log_in_as(&again, "ana@example.com", PASSWORD)
            .await
            .assert_failed(401, "invalid_credentials");
        app.stop().await;
    }
}

#[tokio::test]
async fn repeated_wrong_passwords_slow_the_account_down() {
    let app = TestApp::spawn().await;
    app.sign_up("Ana", "ana@example.com", PASSWORD).await;
    let attacker = app.new_client();
    let mut last = None;
    for _ in 0..6 {
        last = Some(
            app.log_in_as(&attacker, "ana@example.com", "guess guess")
                .await,
        );
    }
    let last = last.unwrap();
    last.assert_failed(429, "too_many_requests");
    assert!(last.headers.contains_key("retry-after"));
    app.stop().await;
}

#[tokio::test]
async fn choosing_a_new_password_clears_the_temporary_password_flag() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        let user = app.sign_up("Ana", "ana@example.com", PASSWORD).await;
        // An administrator (or an import) marks the password temporary.
        let id = user["id"].as_str().unwrap();
        let row = app.state.store.user(id).await.unwrap();
        let mut settings: serde_json::Value = serde_json::from_str(&row.settings).unwrap();
        settings["password_temporary"] = json!(true);
        app.state
            .store
            .update_profile(id, &row.name, &settings.to_string(), row.updated_at + 1)
            .await
            .unwrap();
        assert_eq!(
            app.get("users/me").await.data()["user"]["settings"]["password_temporary"],
            true
        );
        app.put_json(
            "users/change_password",
            &json!({"current_password": PASSWORD, "new_password": "chosen by me", "new_password_confirmation": "chosen by me"}),
        )
        .await
        .data();
        assert_eq!(
            app.get("users/me").await.data()["user"]["settings"]["password_temporary"],
            false,
            "{db:?}"
        );
        app.stop().await;
    }
}
