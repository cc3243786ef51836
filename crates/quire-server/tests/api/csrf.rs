//! Requests that change state are refused cross-site, whatever their method: a link, an image
//! or a form on another site carries the writer's cookie but not the app's header (ADR 0004).

use quire_testkit::{Db, TestApp, TestResponse};

const EMAIL: &str = "ada@example.com";
const PASSWORD: &str = "a writer's long secret";

/// The GETs that change state, with a well-formed id where the path takes one.
const STATE_CHANGING_GETS: [&str; 7] = [
    "auth/logout",
    "auth/resend_verify_email",
    "auth/refresh_token",
    "auth/enable_totp_step1",
    "manuscripts/undelete/AAAAAAAAAAAAAAAAAAAAAA",
    "chapters/undelete/AAAAAAAAAAAAAAAAAAAAAA",
    "chapter_versions/undelete/AAAAAAAAAAAAAAAAAAAAAA",
];

/// A GET carrying the session's cookie and the given extra headers, from a client without the
/// app's default header.
async fn get_with(
    app: &TestApp,
    cookie: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> TestResponse {
    let mut request = reqwest::Client::new()
        .get(app.url(&format!("/api/v4/{path}")))
        .header("cookie", cookie);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    app.send(request).await
}

#[tokio::test]
async fn a_cross_site_get_that_changes_state_is_refused_like_an_unsafe_method() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Writer", EMAIL, PASSWORD).await;
        let cookie = app.session_cookie(EMAIL, PASSWORD).await;
        for path in STATE_CHANGING_GETS {
            let cross_site: [&[(&str, &str)]; 3] = [
                &[],
                &[
                    ("x-requested-with", "quire"),
                    ("sec-fetch-site", "cross-site"),
                ],
                &[
                    ("x-requested-with", "quire"),
                    ("origin", "https://evil.example"),
                ],
            ];
            for headers in cross_site {
                get_with(&app, &cookie, path, headers)
                    .await
                    .assert_failed(403, "csrf_refused");
            }
            // A HEAD runs the GET's handler, and a cross-site page may send one too.
            let head = reqwest::Client::new()
                .head(app.url(&format!("/api/v4/{path}")))
                .header("cookie", &cookie)
                .send()
                .await
                .expect("an answer");
            assert_eq!(head.status().as_u16(), 403, "{db:?} HEAD {path}");
        }
        // Nothing happened: the session is still signed in, and no mail was sent.
        let own = [("x-requested-with", "quire")];
        let me = get_with(&app, &cookie, "users/me", &own).await;
        assert_eq!(me.data()["user"]["email"], EMAIL, "{db:?}");
        assert!(
            app.mail_to(EMAIL).await.len() <= 1,
            "{db:?}: only the sign-up's mail"
        );
        app.stop().await;
    }
}

#[tokio::test]
async fn the_apps_own_state_changing_gets_still_work() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Writer", EMAIL, PASSWORD).await;
        let cookie = app.session_cookie(EMAIL, PASSWORD).await;
        let own = [
            ("x-requested-with", "quire"),
            ("sec-fetch-site", "same-origin"),
        ];
        let mails = app.mail_to(EMAIL).await.len();
        assert_eq!(
            get_with(&app, &cookie, "auth/resend_verify_email", &own)
                .await
                .data(),
            true
        );
        assert_eq!(app.mail_to(EMAIL).await.len(), mails + 1, "{db:?}");
        assert_eq!(
            get_with(&app, &cookie, "auth/logout", &own).await.data(),
            true
        );
        let after = get_with(&app, &cookie, "users/me", &own).await;
        assert_eq!(after.status.as_u16(), 401, "{db:?}: {}", after.body);
        app.stop().await;
    }
}
