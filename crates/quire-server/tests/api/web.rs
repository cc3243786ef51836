//! The server serves the built web app: files, the SPA fallback, and the caching rules.

use quire_testkit::{Db, TestApp};

const INDEX: &str = "<!doctype html><title>Quire</title><div id=root></div>";

fn built_web_app() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("index.html"), INDEX).unwrap();
    std::fs::write(dir.path().join("favicon.svg"), "<svg/>").unwrap();
    std::fs::create_dir(dir.path().join("assets")).unwrap();
    std::fs::write(dir.path().join("assets/index-3f9a1c.js"), "console.log(1)").unwrap();
    dir
}

async fn spawn_with_web(dir: &tempfile::TempDir) -> TestApp {
    TestApp::spawn_with(
        Db::Sqlite,
        &[("QUIRE_WEB_DIR", dir.path().to_str().unwrap())],
    )
    .await
}

async fn get(app: &TestApp, path: &str) -> reqwest::Response {
    app.client.get(app.url(path)).send().await.unwrap()
}

#[tokio::test]
async fn any_app_path_is_answered_by_index_html_which_is_revalidated() {
    let web = built_web_app();
    let app = spawn_with_web(&web).await;
    for path in [
        "/",
        "/manuscripts",
        "/manuscript/AbCdEfGhIjKlMnOpQrStU1",
        "/no/such/page",
    ] {
        let response = get(&app, path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        assert_eq!(response.text().await.unwrap(), INDEX, "{path}");
    }
    app.stop().await;
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_missing_ones_are_404() {
    let web = built_web_app();
    let app = spawn_with_web(&web).await;
    let asset = get(&app, "/assets/index-3f9a1c.js").await;
    assert_eq!(asset.status(), 200);
    assert_eq!(
        asset.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        asset.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );

    let missing = get(&app, "/assets/index-000000.js").await;
    assert_eq!(missing.status(), 404);
    assert_eq!(missing.headers()["cache-control"], "no-cache");
    app.stop().await;
}

#[tokio::test]
async fn top_level_files_are_served_as_themselves() {
    let web = built_web_app();
    let app = spawn_with_web(&web).await;
    let icon = get(&app, "/favicon.svg").await;
    assert_eq!(icon.status(), 200);
    assert!(
        icon.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("image/svg+xml")
    );
    app.stop().await;
}

#[tokio::test]
async fn the_service_worker_and_its_file_list_are_revalidated_and_allowed_by_the_csp() {
    let web = built_web_app();
    std::fs::write(web.path().join("sw.js"), "const BUILD = '3f9a1c';").unwrap();
    std::fs::write(
        web.path().join("precache-manifest.json"),
        r#"{"build":"3f9a1c","files":["/index.html"]}"#,
    )
    .unwrap();
    let app = spawn_with_web(&web).await;

    let worker = get(&app, "/sw.js").await;
    assert_eq!(worker.status(), 200);
    assert_eq!(worker.headers()["cache-control"], "no-cache");
    assert!(
        worker.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    let csp = worker.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(csp.contains("worker-src 'self'"), "{csp}");
    assert!(csp.contains("connect-src 'self'"), "{csp}");
    assert_eq!(worker.text().await.unwrap(), "const BUILD = '3f9a1c';");

    let list = get(&app, "/precache-manifest.json").await;
    assert_eq!(list.status(), 200);
    assert_eq!(list.headers()["cache-control"], "no-cache");
    assert!(
        list.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("application/json")
    );
    assert_eq!(
        list.text().await.unwrap(),
        r#"{"build":"3f9a1c","files":["/index.html"]}"#
    );

    // The page that registers the worker carries the same policy.
    let page = get(&app, "/manuscripts").await;
    assert_eq!(page.headers()["content-security-policy"], csp.as_str());
    app.stop().await;
}

#[tokio::test]
async fn a_missing_service_worker_is_a_404_never_the_index_page() {
    let web = built_web_app();
    let app = spawn_with_web(&web).await;
    for path in ["/sw.js", "/precache-manifest.json"] {
        let response = get(&app, path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert_ne!(response.text().await.unwrap(), INDEX, "{path}");
    }
    app.stop().await;
}

#[tokio::test]
async fn paths_cannot_escape_the_web_directory() {
    let web = built_web_app();
    std::fs::write(web.path().join("../secret.txt"), "top secret").ok();
    let app = spawn_with_web(&web).await;
    for path in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/assets/..%2f..%2fsecret.txt",
    ] {
        let response = get(&app, path).await;
        let body = response.text().await.unwrap();
        assert!(!body.contains("top secret"), "{path} leaked a file");
    }
    app.stop().await;
}

#[tokio::test]
async fn api_paths_never_fall_back_to_the_web_app() {
    let web = built_web_app();
    let app = spawn_with_web(&web).await;
    let answer = app
        .send(app.client.get(app.url("/api/v4/nothing_here")))
        .await;
    answer.assert_failed(404, "not_found");
    app.stop().await;
}

#[tokio::test]
async fn without_a_built_web_app_the_api_still_works_and_pages_say_why() {
    let app = TestApp::spawn().await;
    let page = get(&app, "/manuscripts").await;
    assert_eq!(page.status(), 503);
    assert!(page.text().await.unwrap().contains("not built"));
    assert!(app.get("server_time").await.data()["server_time"].is_i64());
    app.stop().await;
}
