//! A manuscript's files, wired to the store, the object store and the collab rooms: a .docx
//! read and previewed, then imported as rows, uploads and chapter documents committed
//! together; a manuscript gathered and written out as Word, PDF, EPUB, Markdown or text. The
//! formats themselves are `quire-formats`' and `quire-typeset`'s (no I/O); this module only
//! moves bytes between them and Quire.

mod gather;
mod layout;

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use axum::body::Bytes;
use axum::http::StatusCode;
use quire_core::Id;
use quire_core::id::RandomIds;
use quire_core::manuscript::{EntityKind, EntityRow, MentionNames, Title, reading_order};
use quire_core::policy::{may_change_contents, may_export};
use quire_core::time::now_ms;
use quire_core::upload::{FileType, safe_file_name};
use quire_formats::ledger::Ledger;
use quire_formats::model::{Block, Image, Manuscript};
use quire_formats::options::{ExportOptions, ImportOptions, PageSetup, Preset};
use quire_formats::plan::{self, Plan, SectionPreview};
use quire_store::manuscripts::Rows;
use serde::Serialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;
use crate::events::Name;
use crate::http::entities::as_called;
use crate::objects::ObjectKey;
use gather::ImageSources;
use layout::{Target, lay_out};

/// The title of an imported manuscript when neither the writer, the document nor the file's
/// name gives one.
pub const UNTITLED_MANUSCRIPT_TITLE: &str = "Untitled Manuscript";

/// The largest .docx an import takes (a 150,000-word novel with pictures is a few MiB).
pub const MAX_IMPORT_BYTES: usize = 40 * 1024 * 1024;

/// What a writer sees before an import writes anything.
#[derive(Debug, Serialize, ToSchema)]
pub struct Preview {
    pub file_name: String,
    /// The Title-styled first paragraph, else the file's name without `.docx`.
    pub title: String,
    #[schema(value_type = Vec<Object>)]
    pub sections: Vec<SectionPreview>,
    #[schema(value_type = Object)]
    pub ledger: Ledger,
}

/// What an import created.
#[derive(Debug, Serialize, ToSchema)]
pub struct Imported {
    pub manuscript_id: String,
    /// The new chapters and subchapters, in reading order.
    pub chapter_ids: Vec<String>,
}

/// A refusal of the file itself: `422 import_failed` with the reason in `fields.file`.
fn import_failed(reason: &str) -> ApiError {
    ApiError::Invalid {
        code: "import_failed",
        fields: [("file".to_owned(), reason.to_owned())].into(),
    }
}

/// Reads the .docx off the request's thread (a large file takes a while).
async fn read_docx(
    bytes: Bytes,
    options: ImportOptions,
) -> Result<quire_formats::docx::read::Imported, ApiError> {
    tokio::task::spawn_blocking(move || quire_formats::docx::read::read(&bytes, options))
        .await
        .map_err(|e| anyhow::anyhow!("reading a .docx panicked: {e}"))?
        .map_err(|e| import_failed(e.reason()))
}

/// The file's name without its `.docx`, as a title.
fn title_from_file_name(file_name: &str) -> String {
    let stem = file_name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(file_name)
        .trim();
    let stem = match stem.len().checked_sub(5) {
        Some(at) if stem.is_char_boundary(at) && stem[at..].eq_ignore_ascii_case(".docx") => {
            &stem[..at]
        }
        _ => stem,
    };
    stem.trim().to_owned()
}

/// The first of `candidates` with any text, trimmed; "Untitled Manuscript" when none has.
fn import_title(candidates: &[&str]) -> String {
    candidates
        .iter()
        .map(|c| c.trim())
        .find(|c| !c.is_empty())
        .unwrap_or(UNTITLED_MANUSCRIPT_TITLE)
        .to_owned()
}

/// The preview of a .docx: its sections and its ledger.
pub(crate) async fn preview(
    file_name: &str,
    bytes: Bytes,
    options: ImportOptions,
) -> Result<Preview, ApiError> {
    let read = read_docx(bytes, options).await?;
    Ok(Preview {
        file_name: file_name.to_owned(),
        title: import_title(&[&read.manuscript.title, &title_from_file_name(file_name)]),
        sections: plan::preview(&read.manuscript),
        ledger: read.ledger,
    })
}

/// Imports a .docx as the plan says: a new manuscript, or chapters appended to one the actor
/// may change. Rows, uploads and chapter documents are committed together; on any failure
/// nothing of the import is left (stored images are removed again).
pub(crate) async fn import(
    app: &AppState,
    actor: &Actor,
    file_name: &str,
    bytes: Bytes,
    plan: Plan,
) -> Result<Imported, ApiError> {
    // Whether the actor may append is settled before the file is read.
    let append = match plan.manuscript_id.as_deref() {
        Some(id) => Some(append_target(app, actor, id).await?),
        None => None,
    };
    let options = ImportOptions {
        h2_as_subchapters: plan.h2_as_subchapters,
    };
    let read = read_docx(bytes, options).await?;
    let doc_title = read.manuscript.title.clone();
    let mut manuscript =
        plan::apply(read.manuscript, &plan).map_err(|_| ApiError::field("plan", "invalid"))?;
    let now = now_ms();
    // The rows belong to the manuscript's owner, whoever imports into it.
    let (owner, target_title, folder_id, append) = match append {
        Some(AppendTarget {
            id,
            owner,
            after_order,
        }) => (owner, String::new(), None, Some((id, after_order))),
        None => {
            let title = import_title(&[
                &plan.title,
                &manuscript.title,
                &doc_title,
                &title_from_file_name(file_name),
            ]);
            let title = Title::parse(&title).map_err(|code| ApiError::field("title", code.0))?;
            let folder_id = plan
                .folder_id
                .as_deref()
                .filter(|f| !f.is_empty())
                .map(crate::http::entities::wire::path_id)
                .transpose()?;
            (actor.user_id.clone(), title.into_string(), folder_id, None)
        }
    };
    let target = match &append {
        Some((id, after)) => Target::Append {
            id,
            after_order: *after,
        },
        None => Target::New {
            title: &target_title,
            folder_id,
        },
    };
    let used = used_images(&manuscript);
    let images = std::mem::take(&mut manuscript.images);
    let laid = lay_out(manuscript, target, now, &mut RandomIds);
    let (upload_rows, srcs, keys) =
        store_images(app, &owner, &laid.manuscript_id, &images, &used, now).await?;
    let author_id = actor.user_id.clone();
    let chapters = laid.chapters;
    let docs = tokio::task::spawn_blocking(move || {
        chapters
            .into_iter()
            .map(|(id, chapter)| {
                let src = |i: usize| srcs.get(&i).cloned();
                let update = quire_collab::model::body_to_update(
                    &chapter.body,
                    &src,
                    &author_id,
                    rand::random::<u32>().into(),
                );
                (id, update)
            })
            .collect::<Vec<_>>()
    })
    .await
    .map_err(|e| anyhow::anyhow!("writing imported chapters panicked: {e}"))?;
    let chapter_ids: Vec<String> = docs.iter().map(|(id, _)| id.clone()).collect();
    let mut rows = laid.rows;
    rows.extend(upload_rows);
    let written = match app
        .store
        .insert_all_with_docs(&owner, rows, &docs, now)
        .await
    {
        Ok(written) => written,
        Err(e) => {
            for key in &keys {
                if let Err(removal) = app.objects.delete(key).await {
                    tracing::error!(error = %removal, %key, "an import's image was not removed");
                }
            }
            return Err(e.into());
        }
    };
    announce(app, actor, &written, append.is_none(), now);
    Ok(Imported {
        manuscript_id: laid.manuscript_id,
        chapter_ids,
    })
}

/// The manuscript an import appends to: its id, its owner (whose rows the chapters become)
/// and the order after its last chapter.
struct AppendTarget {
    id: String,
    owner: String,
    after_order: f64,
}

/// The manuscript `id` if the actor may change its contents and it is not in the trash.
async fn append_target(app: &AppState, actor: &Actor, id: &str) -> Result<AppendTarget, ApiError> {
    let id = crate::http::entities::wire::path_id(id)?;
    let role = app.store.manuscript_role(&actor.user_id, &id).await?;
    if !may_change_contents(role) {
        return Err(ApiError::refused(StatusCode::FORBIDDEN, "not_authorized"));
    }
    let tree = app
        .store
        .manuscript_tree(&actor.user_id, &id, Rows::Live)
        .await?;
    if tree.manuscript.deleted_at.is_some() {
        return Err(ApiError::refused(
            StatusCode::CONFLICT,
            "manuscript_is_deleted",
        ));
    }
    let after_order = reading_order(&tree)
        .iter()
        .map(|c| c.chapter.order)
        .fold(-1.0_f64, f64::max);
    Ok(AppendTarget {
        id,
        owner: tree.manuscript.user_id.clone(),
        after_order,
    })
}

/// The new manuscript, or each new chapter of an open one, on the change feed.
fn announce(app: &AppState, actor: &Actor, written: &[EntityRow], new: bool, now: i64) {
    for row in written {
        let name = match row.kind {
            EntityKind::Manuscript => Name::NewManuscript,
            EntityKind::Chapter if !new => Name::Update,
            _ => continue,
        };
        let announced = as_called(actor, row.clone(), now);
        app.events.row_written(&actor.user_id, &announced, name);
    }
}

/// The indices of the images the manuscript's bodies show (a plan may have excluded others).
fn used_images(m: &Manuscript) -> Vec<usize> {
    fn walk(blocks: &[Block], out: &mut HashSet<usize>) {
        for block in blocks {
            match block {
                Block::Image { image, .. } => {
                    out.insert(*image);
                }
                Block::BlockQuote { blocks } => walk(blocks, out),
                Block::List { items, .. } => items.iter().for_each(|i| walk(i, out)),
                Block::Table { rows } => rows.iter().flatten().for_each(|c| walk(c, out)),
                _ => {}
            }
        }
    }
    let mut used = HashSet::new();
    m.sections().for_each(|c| walk(&c.body.blocks, &mut used));
    let mut used: Vec<usize> = used.into_iter().collect();
    used.sort_unstable();
    used
}

/// Keeps each used image as an upload of the manuscript: its bytes in the object store now,
/// its row to be inserted with the import's. Answers the rows, each image's `src` by index and
/// the keys written (to remove should the import fail). An image whose bytes are of no type
/// Quire keeps is left out (the reader's ledger has already named it).
async fn store_images(
    app: &AppState,
    owner: &str,
    manuscript_id: &str,
    images: &[Image],
    used: &[usize],
    now: i64,
) -> Result<(Vec<EntityRow>, HashMap<usize, String>, Vec<ObjectKey>), ApiError> {
    let mut rows = Vec::new();
    let mut srcs = HashMap::new();
    let mut keys = Vec::new();
    for &index in used {
        let Some(image) = images.get(index) else {
            continue;
        };
        let Some(file_type) = FileType::sniff(&image.bytes).filter(|t| t.is_image()) else {
            continue;
        };
        let id = Id::random();
        let key = ObjectKey::new(owner, id.as_str())
            .ok_or_else(|| anyhow::anyhow!("user id {owner:?} cannot name a key"))?;
        let file_name = safe_file_name(&image.name, file_type);
        let mut doc = Map::new();
        doc.insert("file_name".into(), file_name.clone().into());
        doc.insert("content_type".into(), file_type.media_type().into());
        doc.insert("size".into(), image.bytes.len().into());
        doc.insert("key".into(), key.to_string().into());
        if let Err(e) = app
            .objects
            .put(&key, Bytes::from(image.bytes.clone()))
            .await
        {
            for key in &keys {
                let _ = app.objects.delete(key).await;
            }
            return Err(anyhow::Error::from(e).into());
        }
        keys.push(key);
        rows.push(EntityRow {
            manuscript_id: Some(manuscript_id.to_owned()),
            name: file_name,
            doc,
            ..EntityRow::new(EntityKind::Upload, id.as_str(), owner, now)
        });
        srcs.insert(index, format!("/api/v4/uploads/{}", id.as_str()));
    }
    Ok((rows, srcs, keys))
}

/// A file to download.
#[derive(Debug)]
pub(crate) struct ExportFile {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub file_name: String,
}

/// The formats a manuscript is exported to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    Docx,
    Pdf,
    Epub,
    Markdown,
    Text,
}

impl Format {
    fn content_type(self) -> &'static str {
        match self {
            Format::Docx => {
                "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            }
            Format::Pdf => "application/pdf",
            Format::Epub => "application/epub+zip",
            Format::Markdown => "text/markdown; charset=utf-8",
            Format::Text => "text/plain; charset=utf-8",
        }
    }

    fn extension(self) -> &'static str {
        match self {
            Format::Docx => "docx",
            Format::Pdf => "pdf",
            Format::Epub => "epub",
            Format::Markdown => "md",
            Format::Text => "txt",
        }
    }
}

/// The manuscript `id` (or its `chosen` chapters) written as `format`, for an owner or an
/// Editor.
pub(crate) async fn export(
    app: &AppState,
    actor: &Actor,
    id: &str,
    format: Format,
    chosen: Option<Vec<String>>,
    mut options: ExportOptions,
) -> Result<ExportFile, ApiError> {
    let role = app.store.manuscript_role(&actor.user_id, id).await?;
    if !may_export(role) {
        return Err(ApiError::refused(StatusCode::FORBIDDEN, "not_authorized"));
    }
    let tree = app
        .store
        .manuscript_tree(&actor.user_id, id, Rows::Live)
        .await?;
    let owner = tree.manuscript.user_id.clone();
    let author = app
        .store
        .user(&owner)
        .await
        .map(|u| u.name)
        .unwrap_or_default();
    let sections = gather::sections(&tree, chosen.as_deref());
    // Mentions read as their elements are named now (a rename follows into the file).
    let names = Arc::new(MentionNames::from_rows(
        tree.parts.iter().flat_map(|(_, rows)| rows.iter()),
    ));
    let mut bodies = Vec::with_capacity(sections.len());
    for section in &sections {
        bodies.push(chapter_body(app, &tree, &names, &section.id).await?);
    }
    // An ebook's cover is the manuscript's, whatever index the request named.
    let cover = match &options.preset {
        Preset::Ebook(_) => gather::cover_src(&tree.manuscript),
        _ => None,
    };
    let srcs = bodies
        .iter()
        .flat_map(|(_, sources)| sources.srcs.iter())
        .chain(cover.as_ref());
    let fetched = fetch_images(app, &owner, srcs).await?;
    let title = tree.manuscript.name.clone();
    let mut manuscript = gather::assemble(&title, &author, &sections, bodies, &fetched);
    if let Preset::Ebook(ebook) = &mut options.preset {
        ebook.cover = cover
            .and_then(|src| fetched.get(&src))
            .map(|image| gather::add_image(&mut manuscript, image));
    }
    let page = page_setup(&tree.manuscript);
    let manuscript_id = id.to_owned();
    let modified = rfc3339(now_ms());
    let bytes = tokio::task::spawn_blocking(move || {
        write(
            format,
            &manuscript,
            &options,
            &page,
            &manuscript_id,
            &modified,
        )
    })
    .await
    .map_err(|e| anyhow::anyhow!("writing an export panicked: {e}"))??;
    let stem = title_from_file_name(&title);
    let stem = if stem.is_empty() {
        "Manuscript".to_owned()
    } else {
        stem
    };
    Ok(ExportFile {
        bytes,
        content_type: format.content_type(),
        file_name: format!("{stem}.{}", format.extension()),
    })
}

fn write(
    format: Format,
    m: &Manuscript,
    options: &ExportOptions,
    page: &PageSetup,
    id: &str,
    modified: &str,
) -> Result<Vec<u8>, ApiError> {
    let failed = |e: &dyn std::fmt::Display| ApiError::from(anyhow::anyhow!("export failed: {e}"));
    match format {
        Format::Docx => quire_formats::docx::write::write(m, options, page).map_err(|e| failed(&e)),
        Format::Pdf => quire_typeset::pdf(m, options, page).map_err(|e| failed(&e)),
        Format::Epub => {
            quire_formats::epub::write(m, options, id, modified).map_err(|e| failed(&e))
        }
        Format::Markdown => Ok(quire_formats::markdown::write(m, options).into_bytes()),
        Format::Text => Ok(quire_formats::text::write(m, options).into_bytes()),
    }
}

/// A chapter's body: from its document when it has one, else from its content row.
async fn chapter_body(
    app: &AppState,
    tree: &quire_core::manuscript::ManuscriptTree,
    names: &Arc<MentionNames>,
    chapter_id: &str,
) -> Result<(quire_formats::model::Body, ImageSources), ApiError> {
    if !app.store.doc_exists(chapter_id).await? {
        return Ok((
            gather::body_from_content(tree, chapter_id),
            ImageSources::default(),
        ));
    }
    let state = app.collab.state(chapter_id).await.map_err(|e| {
        anyhow::anyhow!("the document of chapter {chapter_id} could not be read: {e}")
    })?;
    let id = chapter_id.to_owned();
    let names = Arc::clone(names);
    let (body, srcs) =
        tokio::task::spawn_blocking(move || quire_collab::model::body_from_state(&state, &names))
            .await
            .map_err(|e| anyhow::anyhow!("reading chapter {id}'s document panicked: {e}"))?
            .map_err(|e| {
                anyhow::anyhow!("the document of chapter {chapter_id} does not read: {e}")
            })?;
    Ok((body, ImageSources { srcs }))
}

/// The bytes of every distinct image `src` (the bodies' and the cover's), read from the
/// owner's uploads; an image that is not a Quire upload, or no longer there, is left out.
async fn fetch_images<'a>(
    app: &AppState,
    owner: &str,
    srcs: impl Iterator<Item = &'a String>,
) -> Result<HashMap<String, Image>, ApiError> {
    let mut fetched = HashMap::new();
    for src in srcs {
        if fetched.contains_key(src) {
            continue;
        }
        let Some(upload) = gather::upload_id(src) else {
            continue;
        };
        let Ok(row) = app.store.get(owner, EntityKind::Upload, upload).await else {
            continue;
        };
        let key = row
            .doc
            .get("key")
            .and_then(Value::as_str)
            .and_then(ObjectKey::parse);
        let Some(key) = key.filter(|k| k.owner() == owner) else {
            continue;
        };
        let Some(object) = app.objects.get(&key).await.map_err(anyhow::Error::from)? else {
            continue;
        };
        let bytes = axum::body::to_bytes(object.body, MAX_IMPORT_BYTES)
            .await
            .map_err(|e| anyhow::anyhow!("upload {upload} could not be read: {e}"))?
            .to_vec();
        let Some(file_type) = FileType::sniff(&bytes).filter(|t| t.is_image()) else {
            continue;
        };
        fetched.insert(
            src.clone(),
            Image {
                content_type: file_type.media_type().to_owned(),
                name: row.name.clone(),
                bytes,
            },
        );
    }
    Ok(fetched)
}

/// `ms` as an RFC 3339 UTC time to the second (EPUB's `dcterms:modified`).
fn rfc3339(ms: i64) -> String {
    let (year, month, day) = quire_core::manuscript::Date::local(ms, 0).ymd();
    let secs = ms.div_euclid(1000).rem_euclid(86_400);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// The manuscript's page setup (`settings.page`), defaults where it says nothing.
fn page_setup(manuscript: &EntityRow) -> PageSetup {
    let mut page = PageSetup::default();
    let Some(setting) = manuscript.doc.get("settings").and_then(|s| s.get("page")) else {
        return page;
    };
    if let Some(paper) = setting.get("paper_size").and_then(Value::as_str) {
        page.paper = match paper.to_ascii_lowercase().as_str() {
            "a4" => quire_formats::options::Paper::A4,
            "legal" => quire_formats::options::Paper::Legal,
            _ => quire_formats::options::Paper::Letter,
        };
    }
    page.landscape = setting.get("orientation").and_then(Value::as_str) == Some("landscape");
    match setting.get("margins") {
        Some(Value::Number(n)) => {
            if let Some(all) = n.as_f64().filter(|m| m.is_finite() && *m >= 0.0) {
                page.margins_mm = [all as f32; 4];
            }
        }
        Some(Value::Object(sides)) => {
            for (i, side) in ["top", "right", "bottom", "left"].iter().enumerate() {
                if let Some(mm) = sides
                    .get(*side)
                    .and_then(Value::as_f64)
                    .filter(|m| m.is_finite() && *m >= 0.0)
                {
                    page.margins_mm[i] = mm as f32;
                }
            }
        }
        _ => {}
    }
    page
}
