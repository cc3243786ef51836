//! Uploads (ADR 0008): images and PDFs in base64, kept under the data directory, served back to
//! their owner only; the declared type and the bytes must agree, and 10 MiB is the most.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use quire_core::upload::MAX_UPLOAD_BYTES;
use quire_testkit::{Db, TestApp, TestResponse};
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";
const GIF: &[u8] = b"GIF89a\x01\0\x01\0\0\0\0;";
const JPEG: &[u8] = &[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, b'J', b'F', b'I', b'F', 0];
const PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";

fn id(name: &str) -> String {
    format!("{name:0<22}")
}

async fn writer(db: Db) -> TestApp {
    let app = TestApp::spawn_with(db, &[]).await;
    app.sign_up("Ada Writer", "ada@example.com", PASSWORD).await;
    app.put_json(
        &format!("manuscripts/put/{}", id("m1")),
        &json!({"title": "Novel"}),
    )
    .await
    .data();
    app
}

fn file(name: &str, bytes: &[u8], media_type: &str) -> Value {
    json!({"name": name, "data": STANDARD.encode(bytes), "type": media_type})
}

async fn upload(app: &TestApp, body: Value) -> TestResponse {
    app.post_json("uploads/", &body).await
}

/// Every file under the data directory's uploads, as `<user>/<name>`.
fn stored_files(app: &TestApp) -> Vec<String> {
    let root = app.state.config.data_dir.join("uploads");
    let mut files = Vec::new();
    for user in std::fs::read_dir(&root).into_iter().flatten().flatten() {
        for object in std::fs::read_dir(user.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            files.push(format!(
                "{}/{}",
                user.file_name().to_string_lossy(),
                object.file_name().to_string_lossy()
            ));
        }
    }
    files.sort();
    files
}

async fn raw_get(client: &reqwest::Client, app: &TestApp, url: &str) -> reqwest::Response {
    client.get(app.url(url)).send().await.unwrap()
}

#[tokio::test]
async fn an_image_is_kept_and_served_back_to_its_owner_only() {
    for db in Db::all() {
        let app = writer(db).await;
        let answer = upload(
            &app,
            json!({
                "name": "Cover", "manuscript_id": id("m1"),
                "file": file("C:\\pictures\\../cover.PNG", PNG, "image/png")
            }),
        )
        .await;
        let object = answer.data().clone();
        let upload_id = object["id"].as_str().unwrap().to_owned();
        assert_eq!(object["url"], format!("/api/v4/uploads/{upload_id}"));
        assert_eq!(object["name"], "Cover");
        assert_eq!(object["file_name"], "cover.png");
        assert_eq!(object["content_type"], "image/png");
        assert_eq!(object["size"], PNG.len());
        assert_eq!(object["manuscript_id"], id("m1"));
        assert!(
            object.get("key").is_none(),
            "where it is stored stays inside"
        );
        let user_id = app.get("users/me").await.data()["user"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(stored_files(&app), [format!("{user_id}/{upload_id}")]);

        let served = raw_get(&app.client, &app, object["url"].as_str().unwrap()).await;
        assert_eq!(served.status(), 200);
        let header = |name: &str| {
            served.headers()[name]
                .to_str()
                .unwrap_or_default()
                .to_owned()
        };
        assert_eq!(header("content-type"), "image/png");
        assert_eq!(header("x-content-type-options"), "nosniff");
        assert!(header("content-disposition").starts_with("inline; filename=\"cover.png\""));
        assert!(header("content-security-policy").contains("sandbox"));
        assert_eq!(&served.bytes().await.unwrap()[..], PNG);

        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        app.get_as(&bob, &format!("uploads/{upload_id}"))
            .await
            .assert_failed(404, "not_found");
        app.get_as(&app.new_client(), &format!("uploads/{upload_id}"))
            .await
            .assert_failed(401, "not_authorized");
        app.get(&format!("uploads/{}", id("nothing")))
            .await
            .assert_failed(404, "not_found");
        let into_adas = app
            .call_as(
                &bob,
                reqwest::Method::POST,
                "uploads/",
                Some(&json!({"manuscript_id": id("m1"), "file": file("x.png", PNG, "image/png")})),
            )
            .await;
        into_adas.assert_failed(404, "not_found");
        assert_eq!(stored_files(&app).len(), 1, "the refused file was removed");
        app.stop().await;
    }
}

#[tokio::test]
async fn a_data_url_is_accepted_and_a_pdf_is_served_as_a_download() {
    let app = writer(Db::Sqlite).await;
    let jpeg = upload(
        &app,
        json!({"file": {"name": "photos/face.jpg", "data": format!("data:image/jpeg;base64,{}", STANDARD.encode(JPEG))}}),
    )
    .await;
    assert_eq!(jpeg.data()["content_type"], "image/jpeg");
    assert_eq!(
        jpeg.data()["name"],
        "face.jpg",
        "the file's safe name when none is given"
    );
    assert_eq!(jpeg.data()["manuscript_id"], Value::Null);
    let pdf = upload(
        &app,
        json!({"name": "Research", "file": file("notes", PDF, "application/pdf")}),
    )
    .await;
    assert_eq!(pdf.data()["file_name"], "notes.pdf");
    let served = raw_get(&app.client, &app, pdf.data()["url"].as_str().unwrap()).await;
    assert_eq!(served.headers()["content-type"], "application/pdf");
    assert!(
        served.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .starts_with("attachment; filename=\"notes.pdf\"")
    );
    assert_eq!(&served.bytes().await.unwrap()[..], PDF);
    app.stop().await;
}

#[tokio::test]
async fn files_of_other_types_or_whose_bytes_disagree_are_refused_and_nothing_is_kept() {
    let app = writer(Db::Sqlite).await;
    for (body, status, code) in [
        (
            json!({"file": file("page.html", b"<html>", "text/html")}),
            422,
            "unsupported_file_type",
        ),
        (
            json!({"file": file("logo.svg", b"<svg onload=alert(1)>", "image/svg+xml")}),
            422,
            "unsupported_file_type",
        ),
        (
            json!({"file": file("x.png", GIF, "image/png")}),
            422,
            "file_type_mismatch",
        ),
        (
            json!({"file": file("x.png", b"<script>alert(1)</script>", "image/png")}),
            422,
            "file_type_mismatch",
        ),
        (
            json!({"file": {"name": "x.png", "type": "image/png",
                "data": format!("data:image/gif;base64,{}", STANDARD.encode(PNG))}}),
            422,
            "file_type_mismatch",
        ),
        (
            json!({"file": {"name": "x.png", "type": "image/png", "data": "not base64!"}}),
            422,
            "invalid_fields",
        ),
        (
            json!({"file": {"name": "x.png", "type": "image/png", "data": ""}}),
            422,
            "invalid_fields",
        ),
        (
            json!({"file": {"name": "x.png", "data": STANDARD.encode(PNG)}}),
            422,
            "invalid_fields",
        ),
        (
            json!({"name": "x".repeat(256), "file": file("x.png", PNG, "image/png")}),
            422,
            "invalid_fields",
        ),
        (
            json!({"manuscript_id": "../../etc", "file": file("x.png", PNG, "image/png")}),
            422,
            "invalid_fields",
        ),
        (json!({"file": "x.png"}), 400, "invalid_json"),
    ] {
        upload(&app, body.clone()).await.assert_failed(status, code);
    }
    assert!(stored_files(&app).is_empty());
    app.stop().await;
}

#[tokio::test]
async fn ten_mib_is_the_most_a_file_may_hold() {
    let app = writer(Db::Sqlite).await;
    let mut largest = PNG.to_vec();
    largest.resize(MAX_UPLOAD_BYTES, 0);
    let kept = upload(
        &app,
        json!({"file": file("big.png", &largest, "image/png")}),
    )
    .await;
    assert_eq!(kept.data()["size"], MAX_UPLOAD_BYTES);

    largest.push(0);
    upload(
        &app,
        json!({"file": file("bigger.png", &largest, "image/png")}),
    )
    .await
    .assert_failed(413, "file_too_large");
    assert_eq!(stored_files(&app).len(), 1);
    app.stop().await;
}

#[tokio::test]
async fn the_upload_route_has_a_body_limit_of_its_own() {
    let app = TestApp::spawn_with(Db::Sqlite, &[("QUIRE_MAX_BODY_BYTES", "4096")]).await;
    app.sign_up("Ada Writer", "ada@example.com", PASSWORD).await;
    let mut picture = PNG.to_vec();
    picture.resize(100 * 1024, 7);
    let kept = upload(
        &app,
        json!({"file": file("photo.png", &picture, "image/png")}),
    )
    .await;
    assert_eq!(kept.data()["size"], 100 * 1024);
    app.put_json(
        &format!("manuscripts/put/{}", id("m1")),
        &json!({"title": "x".repeat(8000)}),
    )
    .await
    .assert_failed(413, "payload_too_large");
    app.stop().await;
}

#[tokio::test]
async fn the_sweep_removes_the_bytes_of_uploads_whose_rows_are_gone() {
    for db in Db::all() {
        let app = writer(db).await;
        app.put_json(
            &format!("manuscripts/put/{}", id("m2")),
            &json!({"title": "Doomed"}),
        )
        .await
        .data();
        let kept = upload(
            &app,
            json!({"name": "Cover", "manuscript_id": id("m1"), "file": file("cover.png", PNG, "image/png")}),
        )
        .await;
        let kept_id = kept.data()["id"].as_str().unwrap().to_owned();
        upload(
            &app,
            json!({"name": "Map", "manuscript_id": id("m2"), "file": file("map.gif", GIF, "image/gif")}),
        )
        .await
        .data();
        assert_eq!(stored_files(&app).len(), 2);
        app.delete(&format!("manuscripts/{}", id("m2")))
            .await
            .data();
        app.delete(&format!("manuscripts/{}?hard_delete=true", id("m2")))
            .await
            .data();
        let objects = app.state.objects.as_ref();
        let young = quire_server::trash::sweep_objects(
            &app.state.store,
            objects,
            std::time::Duration::from_secs(3600),
        )
        .await
        .unwrap();
        assert_eq!(
            young, 0,
            "objects younger than the grace period are never swept"
        );
        let removed = quire_server::trash::sweep_objects(
            &app.state.store,
            objects,
            std::time::Duration::ZERO,
        )
        .await
        .unwrap();
        assert_eq!(removed, 1);
        let files = stored_files(&app);
        assert_eq!(files.len(), 1);
        assert!(files[0].ends_with(&kept_id), "{files:?}");
        app.stop().await;
    }
}
