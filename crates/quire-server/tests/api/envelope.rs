//! Every answer speaks the envelope, and bad requests are refused with a code, never a panic.

use quire_testkit::{Db, TestApp};

#[tokio::test]
async fn an_unknown_api_path_is_a_not_found_envelope() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        for path in [
            "/api/v4/no_such_thing",
            "/api/v4/genres/1/2/3",
            "/api/v3/genres",
            "/api",
            "/api/",
        ] {
            let answer = app.send(app.client.get(app.url(path))).await;
            answer.assert_failed(404, "not_found");
        }
        app.stop().await;
    }
}

#[tokio::test]
async fn a_wrong_method_is_refused_with_method_not_allowed() {
    let app = TestApp::spawn().await;
    let answer = app
        .send(app.client.delete(app.url("/api/v4/server_time")))
        .await;
    answer.assert_failed(405, "method_not_allowed");
    app.stop().await;
}

#[tokio::test]
async fn a_query_that_does_not_parse_is_refused_with_invalid_query() {
    let app = TestApp::spawn().await;
    let answer = app
        .get("frontend_versions/latest?current=1&current=2")
        .await;
    answer.assert_failed(400, "invalid_query");
    app.stop().await;
}

#[tokio::test]
async fn every_answer_carries_the_security_headers_and_a_request_id() {
    let app = TestApp::spawn().await;
    for path in ["/api/v4/server_time", "/api/v4/nothing", "/"] {
        let answer = app.send(app.client.get(app.url(path))).await;
        let h = &answer.headers;
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert_eq!(h["x-request-id"].len(), 22, "{path}");
    }
    app.stop().await;
}

#[tokio::test]
async fn the_app_version_and_platform_headers_are_accepted() {
    let app = TestApp::spawn().await;
    let answer = app
        .send(
            app.client
                .get(app.url("/api/v4/server_time"))
                .header("X-App-Version", "2.4.29")
                .header("X-Platform", "web"),
        )
        .await;
    assert!(answer.data()["server_time"].is_i64());
    app.stop().await;
}

#[tokio::test]
async fn a_caller_supplied_request_id_is_kept() {
    let app = TestApp::spawn().await;
    let answer = app
        .send(
            app.client
                .get(app.url("/api/v4/server_time"))
                .header("X-Request-Id", "trace-me-please"),
        )
        .await;
    assert_eq!(answer.headers["x-request-id"], "trace-me-please");
    app.stop().await;
}

#[tokio::test]
async fn answers_are_compressed_when_the_client_accepts_it() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(app.url("/api/v4/initial_data"))
        .header("Accept-Encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    app.stop().await;
}

#[tokio::test]
async fn malformed_json_on_a_real_endpoint_is_refused_with_invalid_json() {
    let app = TestApp::spawn().await;
    for bad in [r#"{"email":"#, "not json", r#"{"email": 7}"#, "[]"] {
        let answer = app
            .send(
                app.client
                    .post(app.url("/api/v4/auth/login"))
                    .header("content-type", "application/json")
                    .body(bad),
            )
            .await;
        answer.assert_failed(400, "invalid_json");
    }
    let no_type = app
        .send(
            app.client
                .post(app.url("/api/v4/auth/login"))
                .body(r#"{"email":"a@b.io"}"#),
        )
        .await;
    no_type.assert_failed(415, "unsupported_media_type");
    app.stop().await;
}

#[tokio::test]
async fn an_oversized_body_is_refused_with_413_and_nothing_is_created() {
    let app = TestApp::spawn_with(Db::Sqlite, &[("QUIRE_MAX_BODY_BYTES", "4096")]).await;
    let name = "x".repeat(8000);
    let answer = app
        .post_json(
            "users/",
            &serde_json::json!({"name": name, "email": "big@example.com", "password": "secret12", "password_confirmation": "secret12"}),
        )
        .await;
    answer.assert_failed(413, "payload_too_large");
    let login = app
        .post_json(
            "auth/login",
            &serde_json::json!({"email": "big@example.com", "password": "secret12"}),
        )
        .await;
    login.assert_failed(401, "invalid_credentials");
    app.stop().await;
}
