//! Import and export on SQLite and PostgreSQL: a .docx previewed (nothing written), imported
//! as a manuscript or appended to one (rows, images and chapter text together), refused with
//! the file's reason; a manuscript exported in every format, by its owner and Editors only.

use std::io::Write;

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use quire_testkit::{Db, TestApp, TestResponse};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

const PASSWORD: &str = "a writer's long secret";

/// A one-pixel PNG.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
    0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
    0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
    0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

fn paragraph(style: &str, text: &str) -> String {
    let style = if style.is_empty() {
        String::new()
    } else {
        format!("<w:pPr><w:pStyle w:val=\"{style}\"/></w:pPr>")
    };
    format!("<w:p>{style}<w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>")
}

/// A small novel as Word writes one: a Title, two Heading 1 chapters, a footnote and a
/// picture.
fn novel_docx() -> Vec<u8> {
    docx_titled("The Lighthouse")
}

/// The novel of [`novel_docx`] with another Title paragraph, or none when `title` is empty.
fn docx_titled(title: &str) -> Vec<u8> {
    let title = if title.is_empty() {
        String::new()
    } else {
        paragraph("Title", title)
    };
    let body = [
        title,
        paragraph("Heading1", "Chapter One"),
        paragraph("", "The keeper climbed the stairs at dusk."),
        "<w:p><w:r><w:t>Salt was everywhere.</w:t></w:r><w:r><w:rPr><w:rStyle w:val=\"FootnoteReference\"/></w:rPr><w:footnoteReference w:id=\"2\"/></w:r></w:p>".to_owned(),
        "<w:p><w:r><w:drawing><wp:inline><wp:extent cx=\"9525\" cy=\"9525\"/><wp:docPr id=\"1\" name=\"Picture 1\" descr=\"A lamp\"/><a:graphic><a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/picture\"><pic:pic><pic:blipFill><a:blip r:embed=\"rIdImg\"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>".to_owned(),
        paragraph("Heading1", "Chapter Two"),
        paragraph("", "Morning came grey over the water."),
    ]
    .concat();
    let document = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
         <w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\" \
         xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\" \
         xmlns:wp=\"http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing\" \
         xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" \
         xmlns:pic=\"http://schemas.openxmlformats.org/drawingml/2006/picture\">\
         <w:body>{body}</w:body></w:document>"
    );
    let footnotes = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
         <w:footnotes xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\">\
         <w:footnote w:type=\"separator\" w:id=\"-1\"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>\
         <w:footnote w:type=\"continuationSeparator\" w:id=\"0\"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>\
         <w:footnote w:id=\"2\"><w:p><w:r><w:t>Sea salt, that is.</w:t></w:r></w:p></w:footnote>\
         </w:footnotes>";
    let content_types = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
         <Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">\
         <Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>\
         <Default Extension=\"xml\" ContentType=\"application/xml\"/>\
         <Default Extension=\"png\" ContentType=\"image/png\"/>\
         <Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/>\
         <Override PartName=\"/word/footnotes.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml\"/>\
         </Types>";
    let rels = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
         <Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
         <Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"word/document.xml\"/>\
         </Relationships>";
    let document_rels = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\
         <Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\
         <Relationship Id=\"rIdFn\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes\" Target=\"footnotes.xml\"/>\
         <Relationship Id=\"rIdImg\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image\" Target=\"media/image1.png\"/>\
         </Relationships>";
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    for (name, bytes) in [
        ("[Content_Types].xml", content_types.as_bytes()),
        ("_rels/.rels", rels.as_bytes()),
        ("word/document.xml", document.as_bytes()),
        ("word/_rels/document.xml.rels", document_rels.as_bytes()),
        ("word/footnotes.xml", footnotes.as_bytes()),
        ("word/media/image1.png", PNG),
    ] {
        zip.start_file(name, options).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

fn file_part(bytes: Vec<u8>, name: &str) -> Part {
    Part::bytes(bytes)
        .file_name(name.to_owned())
        .mime_str("application/vnd.openxmlformats-officedocument.wordprocessingml.document")
        .unwrap()
}

async fn post_form(
    app: &TestApp,
    client: &reqwest::Client,
    path: &str,
    form: Form,
) -> TestResponse {
    app.send(client.post(app.api(path)).multipart(form)).await
}

async fn preview(app: &TestApp, bytes: Vec<u8>) -> TestResponse {
    let form = Form::new().part("file", file_part(bytes, "The Lighthouse.docx"));
    post_form(app, &app.client, "imports/docx/preview", form).await
}

/// Every preview section kept as it is.
fn keep_all(preview: &Value, extra: Value) -> Value {
    let sections: Vec<Value> = preview["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| json!({"index": s["index"], "title": s["title"], "include": true}))
        .collect();
    let mut plan = json!({"sections": sections});
    if let (Value::Object(plan), Value::Object(extra)) = (&mut plan, extra) {
        plan.extend(extra);
    }
    plan
}

async fn import(
    app: &TestApp,
    client: &reqwest::Client,
    bytes: Vec<u8>,
    plan: &Value,
) -> TestResponse {
    import_named(app, client, bytes, "The Lighthouse.docx", plan).await
}

async fn import_named(
    app: &TestApp,
    client: &reqwest::Client,
    bytes: Vec<u8>,
    file_name: &str,
    plan: &Value,
) -> TestResponse {
    let form = Form::new()
        .part("file", file_part(bytes, file_name))
        .text("plan", plan.to_string());
    post_form(app, client, "imports/docx", form).await
}

/// The chapters of a manuscript tree in order: `(name, parent)`.
fn chapters(tree: &Value) -> Vec<(String, Option<String>)> {
    let mut rows: Vec<&Value> = tree["chapters"].as_array().unwrap().iter().collect();
    rows.sort_by(|a, b| {
        let key = |r: &Value| {
            (
                r["chapter_id"].is_string(),
                r["_order"].as_f64().unwrap_or(0.0),
            )
        };
        key(a).partial_cmp(&key(b)).unwrap()
    });
    rows.iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_owned(),
                r["chapter_id"].as_str().map(str::to_owned),
            )
        })
        .collect()
}

#[tokio::test]
async fn a_docx_is_previewed_then_imported_whole_as_a_manuscript() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let before = app.get("manuscripts").await.data().clone();

        let answer = preview(&app, novel_docx()).await;
        let preview = answer.data()["preview"].clone();
        assert_eq!(preview["title"], "The Lighthouse", "{db:?}");
        let titles: Vec<&str> = preview["sections"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["title"].as_str().unwrap())
            .collect();
        assert_eq!(titles, ["Chapter One", "Chapter Two"]);
        assert_eq!(preview["ledger"]["found"]["footnotes"], 1);
        assert_eq!(preview["ledger"]["found"]["images"], 1);
        assert_eq!(
            preview["ledger"]["found"]["words"],
            preview["ledger"]["created"]["words"]
        );
        assert_eq!(
            app.get("manuscripts").await.data(),
            &before,
            "a preview writes nothing"
        );

        let imported = import(
            &app,
            &app.client,
            novel_docx(),
            &keep_all(&preview, json!({})),
        )
        .await;
        let id = imported.data()["manuscript_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let chapter_ids = imported.data()["chapter_ids"].as_array().unwrap().clone();
        assert_eq!(chapter_ids.len(), 2);
        let tree = app.get(&format!("manuscripts/{id}")).await.data().clone();
        assert_eq!(tree["title"], "The Lighthouse");
        assert_eq!(
            chapters(&tree),
            [
                ("Chapter One".to_owned(), None),
                ("Chapter Two".to_owned(), None)
            ]
        );
        let first = chapter_ids[0].as_str().unwrap();
        let content = app
            .get(&format!("chapters/content/{first}"))
            .await
            .data()
            .clone();
        let html = content["chapter_content"]["content"]
            .as_str()
            .or_else(|| content["content"].as_str())
            .unwrap_or_default()
            .to_owned();
        assert!(
            html.contains("The keeper climbed the stairs at dusk."),
            "{db:?} {html}"
        );
        assert!(html.contains("Sea salt, that is."), "{html}");
        let src = html
            .split("<img src=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the picture is in the chapter")
            .to_owned();
        let picture = app.client.get(app.url(&src)).send().await.unwrap();
        assert_eq!(picture.status(), 200);
        assert_eq!(picture.bytes().await.unwrap().as_ref(), PNG);
    }
}

#[tokio::test]
async fn the_plan_renames_excludes_and_appends_to_an_open_manuscript() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let open = "open00000000000000000a";
        app.put_json(
            &format!("manuscripts/put/{open}"),
            &json!({"title": "Open"}),
        )
        .await
        .data();
        let preview = preview(&app, novel_docx()).await.data()["preview"].clone();
        let mut plan = keep_all(&preview, json!({"manuscript_id": open}));
        plan["sections"][0]["title"] = json!("Prologue");
        plan["sections"][1]["include"] = json!(false);
        let imported = import(&app, &app.client, novel_docx(), &plan).await;
        assert_eq!(imported.data()["manuscript_id"], open, "{db:?}");
        let tree = app.get(&format!("manuscripts/{open}")).await.data().clone();
        let names: Vec<String> = chapters(&tree).into_iter().map(|(n, _)| n).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        assert_eq!(names[1], "Prologue");
    }
}

#[tokio::test]
async fn files_that_are_not_docx_are_refused_with_their_reason_and_nothing_is_written() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let before = app.get("manuscripts").await.data().clone();
        let cases: [(&[u8], &str); 3] = [
            (b"%PDF-1.7 a manuscript", "format_pdf"),
            (b"{\\rtf1 a manuscript}", "format_rtf"),
            (b"just some words", "not_docx"),
        ];
        for (bytes, reason) in cases {
            let answer = preview(&app, bytes.to_vec()).await;
            answer.assert_failed(422, "import_failed");
            assert_eq!(answer.body["fields"]["file"], reason, "{db:?}");
            let answer = import(&app, &app.client, bytes.to_vec(), &json!({"sections": []})).await;
            answer.assert_failed(422, "import_failed");
        }
        let no_file = Form::new().text("h2_as_subchapters", "true");
        let answer = post_form(&app, &app.client, "imports/docx/preview", no_file).await;
        answer.assert_failed(422, "invalid_fields");
        assert_eq!(answer.body["fields"]["file"], "required");

        let answer = import(
            &app,
            &app.client,
            novel_docx(),
            &json!({"sections": [{"index": 5, "title": "x"}]}),
        )
        .await;
        answer.assert_failed(422, "invalid_fields");
        assert_eq!(answer.body["fields"]["plan"], "invalid");
        let form = Form::new()
            .part("file", file_part(novel_docx(), "a.docx"))
            .text("plan", "{not json");
        post_form(&app, &app.client, "imports/docx", form)
            .await
            .assert_failed(422, "invalid_fields");

        let json = app
            .post_json("imports/docx/preview", &json!({"file": "x"}))
            .await;
        json.assert_failed(415, "unsupported_media_type");

        let huge = vec![b'x'; 41 * 1024 * 1024];
        preview(&app, huge)
            .await
            .assert_failed(413, "payload_too_large");
        assert_eq!(app.get("manuscripts").await.data(), &before);
    }
}

#[tokio::test]
async fn no_one_imports_into_a_manuscript_they_may_not_change() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let m = "adas00000000000000000a";
        app.put_json(&format!("manuscripts/put/{m}"), &json!({"title": "Ada's"}))
            .await
            .data();
        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        let plan = json!({"manuscript_id": m, "sections": [
            {"index": 0, "title": "a"}, {"index": 1, "title": "b"}]});
        import(&app, &bob, novel_docx(), &plan)
            .await
            .assert_failed(404, "not_found");
        // The right to append is settled before the file is read: not a .docx, still refused
        // as not found.
        import(&app, &bob, b"%PDF-1.7".to_vec(), &plan)
            .await
            .assert_failed(404, "not_found");
        app.post_json(
            "manuscripts/share",
            &json!({"manuscript_id": m, "email": "bob@example.com", "permissions": 3}),
        )
        .await
        .data();
        import(&app, &bob, novel_docx(), &plan)
            .await
            .assert_failed(403, "not_authorized");
        import(&app, &bob, b"%PDF-1.7".to_vec(), &plan)
            .await
            .assert_failed(403, "not_authorized");
        let tree = app.get(&format!("manuscripts/{m}")).await.data().clone();
        assert_eq!(chapters(&tree).len(), 1, "{db:?}: only the first chapter");
    }
}

/// `POST manuscripts/{id}/export` as `client`: the status, the headers and the bytes.
async fn export(
    app: &TestApp,
    client: &reqwest::Client,
    id: &str,
    body: &Value,
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let answer = client
        .post(app.api(&format!("manuscripts/{id}/export")))
        .json(body)
        .send()
        .await
        .unwrap();
    let status = answer.status().as_u16();
    let headers = answer.headers().clone();
    (status, headers, answer.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn a_manuscript_is_exported_in_every_format_by_its_owner_and_editors_only() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada Lovelace", "ada@example.com", PASSWORD)
            .await;
        let preview = preview(&app, novel_docx()).await.data()["preview"].clone();
        let imported = import(
            &app,
            &app.client,
            novel_docx(),
            &keep_all(&preview, json!({})),
        )
        .await;
        let id = imported.data()["manuscript_id"]
            .as_str()
            .unwrap()
            .to_owned();

        let formats = [
            ("text", "text/plain; charset=utf-8", "txt"),
            ("markdown", "text/markdown; charset=utf-8", "md"),
            (
                "docx",
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                "docx",
            ),
            ("epub", "application/epub+zip", "epub"),
            ("pdf", "application/pdf", "pdf"),
        ];
        for (format, content_type, extension) in formats {
            let (status, headers, bytes) =
                export(&app, &app.client, &id, &json!({"format": format})).await;
            assert_eq!(
                status,
                200,
                "{db:?} {format}: {}",
                String::from_utf8_lossy(&bytes)
            );
            assert_eq!(headers["content-type"], content_type);
            let disposition = headers["content-disposition"].to_str().unwrap();
            assert!(
                disposition.contains(&format!("filename=\"The Lighthouse.{extension}\"")),
                "{disposition}"
            );
            assert!(!bytes.is_empty());
        }
        let (_, _, text) = export(&app, &app.client, &id, &json!({"format": "text"})).await;
        let text = String::from_utf8(text).unwrap();
        let one = text
            .find("The keeper climbed the stairs at dusk.")
            .expect("chapter one");
        let two = text
            .find("Morning came grey over the water.")
            .expect("chapter two");
        assert!(one < two, "{text}");

        // The .docx comes back in: the same chapters and the same words.
        let (_, _, docx) = export(&app, &app.client, &id, &json!({"format": "docx"})).await;
        // The standard manuscript format's title page (contact block, word count, title,
        // byline) reads back as front matter before the first chapter; the chapters follow.
        let again = self::preview(&app, docx).await.data()["preview"].clone();
        let front = &again["sections"][0];
        assert_eq!(front["title"], "", "{db:?}: {front}");
        let title_page: Vec<&str> = front["blocks"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["text"].as_str().unwrap())
            .collect();
        assert!(
            title_page.iter().any(|t| t.contains("words")),
            "{title_page:?}"
        );
        assert!(title_page.contains(&"by Ada Lovelace"), "{title_page:?}");
        let sections = |p: &Value| -> Vec<(String, u64)> {
            p["sections"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| {
                    (
                        s["title"].as_str().unwrap().to_owned(),
                        s["words"].as_u64().unwrap(),
                    )
                })
                .collect()
        };
        assert_eq!(sections(&again)[1..], sections(&preview), "{db:?}");

        let chosen = imported.data()["chapter_ids"][1].clone();
        let (_, _, text) = export(
            &app,
            &app.client,
            &id,
            &json!({"format": "text", "chapter_ids": [chosen]}),
        )
        .await;
        let text = String::from_utf8(text).unwrap();
        assert!(!text.contains("The keeper"), "{text}");
        assert!(text.contains("Morning came grey"));

        let bob = app.new_client();
        app.sign_up_as(&bob, "Bob", "bob@example.com", PASSWORD)
            .await;
        let (status, _, _) = export(&app, &bob, &id, &json!({"format": "text"})).await;
        assert_eq!(status, 404);
        for (permission, expected) in [(3, 403), (2, 403), (1, 200)] {
            app.post_json(
                "manuscripts/share",
                &json!({"manuscript_id": id, "email": "bob@example.com", "permissions": permission}),
            )
            .await
            .data();
            let (status, _, _) = export(&app, &bob, &id, &json!({"format": "text"})).await;
            assert_eq!(status, expected, "{db:?} permission {permission}");
        }
        let bad = app
            .call_as(
                &app.client,
                Method::POST,
                &format!("manuscripts/{id}/export"),
                Some(&json!({"format": "rtf"})),
            )
            .await;
        assert_eq!(bad.status, 400);
    }
}

#[tokio::test]
async fn a_document_with_no_title_and_a_nameless_file_is_an_untitled_manuscript() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let untitled = docx_titled("");
        let form = Form::new().part("file", file_part(untitled.clone(), ".docx"));
        let preview = post_form(&app, &app.client, "imports/docx/preview", form).await;
        let preview = preview.data()["preview"].clone();
        assert_eq!(preview["title"], "Untitled Manuscript", "{db:?}");
        let plan = keep_all(&preview, json!({"title": "  "}));
        let imported = import_named(&app, &app.client, untitled, ".docx", &plan).await;
        let id = imported.data()["manuscript_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let tree = app.get(&format!("manuscripts/{id}")).await.data().clone();
        assert_eq!(tree["title"], "Untitled Manuscript", "{db:?}");
    }
}

/// The text of the entry `name` of a zip.
fn zip_entry(bytes: &[u8], name: &str) -> Option<String> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut entry = archive.by_name(name).ok()?;
    let mut text = String::new();
    std::io::Read::read_to_string(&mut entry, &mut text).unwrap();
    Some(text)
}

#[tokio::test]
async fn an_ebook_carries_the_manuscripts_cover() {
    for db in Db::all() {
        let app = TestApp::spawn_with(db, &[]).await;
        app.sign_up("Ada", "ada@example.com", PASSWORD).await;
        let preview = preview(&app, novel_docx()).await.data()["preview"].clone();
        let imported = import(
            &app,
            &app.client,
            novel_docx(),
            &keep_all(&preview, json!({})),
        )
        .await;
        let id = imported.data()["manuscript_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let ebook = json!({"format": "epub", "options": {
            "chapter_titles": true, "subchapter_titles": true, "comments": false, "footnotes": true,
            "preset": {"kind": "ebook", "language": "en", "cover": 7}}});

        // No cover yet: the request's index names nothing.
        let (status, _, epub) = export(&app, &app.client, &id, &ebook).await;
        assert_eq!(status, 200, "{db:?}");
        assert!(zip_entry(&epub, "OEBPS/cover.xhtml").is_none(), "{db:?}");

        let cover = app
            .post_json(
                "uploads/",
                &json!({"manuscript_id": id, "file": {"name": "cover.png",
                    "data": STANDARD.encode(PNG), "type": "image/png"}}),
            )
            .await;
        let url = cover.data()["url"].as_str().unwrap().to_owned();
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        app.put_json(
            &format!("manuscripts/{id}"),
            &json!({"meta": {"covers": [url]}, "updated_at": now + 1_000}),
        )
        .await
        .data();

        let (status, _, epub) = export(&app, &app.client, &id, &ebook).await;
        assert_eq!(status, 200, "{db:?}");
        let opf = zip_entry(&epub, "OEBPS/content.opf").expect("the package document");
        assert!(opf.contains(r#"properties="cover-image""#), "{db:?}: {opf}");
        assert!(opf.contains(r#"<meta name="cover""#), "{db:?}: {opf}");
        let page = zip_entry(&epub, "OEBPS/cover.xhtml").expect("the cover page");
        assert!(page.contains("<img"), "{page}");

        // The cover is an ebook's only: a PDF or .docx export is unchanged by it.
        let (status, _, _) = export(&app, &app.client, &id, &json!({"format": "docx"})).await;
        assert_eq!(status, 200);
    }
}

#[tokio::test]
async fn a_mention_is_exported_as_its_element_is_named_now() {
    use yrs::{Any, Doc, Transact, Xml, XmlElementPrelim, XmlFragment, XmlTextPrelim};

    for db in Db::all() {
        let app = crate::chapter_content::writer_with_a_chapter(db).await;
        let (m1, c1, e1) = (
            crate::collab_client::id("m1"),
            crate::collab_client::id("c1"),
            crate::collab_client::id("e1"),
        );
        let element = app
            .put_json(
                &format!("elements/put/{e1}"),
                &json!({"manuscript_id": m1, "name": "Paul",
                    "meta": {"nicknames": [{"id": "n1", "label": "Usul"}]}}),
            )
            .await;
        let written = element.data()["updated_at"].as_i64().unwrap();
        // The chapter says "Paul", "Usul" and "PAUL" as mentions of the element.
        let doc = Doc::with_client_id(77);
        let update = {
            let fragment = doc.get_or_insert_xml_fragment("default");
            let mut txn = doc.transact_mut();
            let para = fragment.push_back(&mut txn, XmlElementPrelim::empty("paragraph"));
            for (n, label) in ["Paul", "Usul", "PAUL"].into_iter().enumerate() {
                para.push_back(&mut txn, XmlTextPrelim::new(format!("{n}: ")));
                let mention = para.push_back(&mut txn, XmlElementPrelim::empty("mention"));
                mention.insert_attribute(&mut txn, "id", Any::from(e1.as_str()));
                mention.insert_attribute(&mut txn, "label", Any::from(label));
                para.push_back(&mut txn, XmlTextPrelim::new(". "));
            }
            txn.encode_update_v1()
        };
        app.state.collab.apply(&c1, update).await.expect("stored");

        let text_of = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
        let (_, _, before) = export(&app, &app.client, &m1, &json!({"format": "text"})).await;
        assert!(
            text_of(before).contains("0: Paul. 1: Usul. 2: PAUL."),
            "{db:?}"
        );

        app.put_json(
            &format!("elements/{e1}"),
            &json!({"name": "Paul Atreides", "updated_at": written + 1}),
        )
        .await
        .data();
        let (status, _, after) = export(&app, &app.client, &m1, &json!({"format": "text"})).await;
        assert_eq!(status, 200);
        let after = text_of(after);
        assert!(
            after.contains("0: Paul Atreides. 1: Usul. 2: PAUL ATREIDES."),
            "{db:?}: {after}"
        );

        // In the trash, the element no longer names its mentions: they read as written.
        app.delete(&format!("elements/{e1}")).await.data();
        let (_, _, trashed) = export(&app, &app.client, &m1, &json!({"format": "text"})).await;
        assert!(
            text_of(trashed).contains("0: Paul. 1: Usul. 2: PAUL."),
            "{db:?}"
        );
        app.stop().await;
    }
}
