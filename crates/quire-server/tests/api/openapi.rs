//! The OpenAPI document is served, lists every route, and matches the committed copy.

use quire_testkit::TestApp;

const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json");

#[tokio::test]
async fn the_served_document_lists_every_route() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(app.url("/api/v4/openapi.json"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let spec: serde_json::Value = response.json().await.unwrap();
    let paths = spec["paths"].as_object().expect("paths");
    for path in [
        "/server_time",
        "/initial_data",
        "/terms/latest",
        "/privacy_policies/latest",
        "/genres",
        "/knowledge_base_categories/enabled",
        "/frontend_versions/latest",
    ] {
        assert!(
            paths.contains_key(path),
            "{path} missing from the OpenAPI document"
        );
    }
    app.stop().await;
}

#[test]
fn the_committed_openapi_json_matches_the_code() {
    let generated = quire_server::http::openapi::document();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(COMMITTED, &generated).unwrap();
    }
    let committed = std::fs::read_to_string(COMMITTED).unwrap_or_default();
    assert!(
        committed == generated,
        "openapi.json is out of date: run `make openapi` and commit the result"
    );
}
