//! The calls that belong to manuscripts (ADR 0007): the listing, several or one with its rows,
//! the trash of one, the changed-content check, copy, save as template, the cursor and last
//! chapter, bulk trash operations for manuscripts and folders, and templates.

use axum::extract::State;
use axum::http::StatusCode;
use quire_core::Id;
use quire_core::id::RandomIds;
use quire_core::manuscript::Title;
use quire_core::manuscript::trees;
use quire_core::time::{EpochMs, now_ms};
use quire_protocol::reference::TemplateSummary;
use quire_protocol::{Failure, Success};
use quire_store::StoreError;
use quire_store::manuscripts::{EntityKind, ManuscriptTree, Patch, Restructure, Rows};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use utoipa::{IntoParams, ToSchema};

use super::entities::{as_called, wire, wire_all};
use super::extract::{ApiJson, ApiPath, ApiQuery, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;
use crate::events::{self, Name, TrashState};

/// The wire key of each part kind in a manuscript's answer and in `contents_dates`.
pub fn part_key(kind: EntityKind) -> &'static str {
    match kind {
        EntityKind::Manuscript => "manuscript",
        EntityKind::Group => "groups",
        EntityKind::Outline => "outlines",
        EntityKind::Chapter => "chapters",
        EntityKind::ChapterContent => "chapter_contents",
        EntityKind::Element => "elements",
        EntityKind::Note => "notes",
        EntityKind::Research => "researches",
        EntityKind::Stash => "stashes",
        EntityKind::Todo => "to_dos",
        EntityKind::Plotboard => "plotboards",
        EntityKind::RelationshipBoard => "element_relationship_boards",
        EntityKind::Folder => "folders",
        EntityKind::ChapterVersion => "chapter_versions",
        EntityKind::WordCount => "word_counts",
        EntityKind::WritingSession => "writing_sessions",
        EntityKind::Upload => "uploads",
    }
}

/// A manuscript's wire object with its rows, one array per part.
pub fn tree_to_wire(tree: &ManuscriptTree, now: EpochMs) -> Value {
    let mut object = match wire::to_wire(&tree.manuscript, now) {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    for (kind, rows) in &tree.parts {
        object.insert(part_key(*kind).into(), Value::Array(wire_all(rows, now)));
    }
    Value::Object(object)
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum SortBy {
    Title,
    UpdatedAt,
    CreatedAt,
    DeletedAt,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Asc,
    Desc,
}

/// Options of the manuscript listing.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// `title`, `updated_at` (default), `created_at` or `deleted_at`.
    pub sort: Option<SortBy>,
    /// `asc` or `desc`; the default is `asc` for titles and `desc` for times.
    pub direction: Option<Direction>,
    /// `true`: the manuscripts in the trash, each with `days_left`.
    pub deleted: Option<bool>,
}

/// `GET manuscripts`: the caller's manuscripts without their rows.
#[utoipa::path(get, path = "/manuscripts", tag = "manuscripts", params(ListQuery),
    responses((status = 200, body = Success<Vec<quire_protocol::entity::Manuscript>>)))]
pub async fn list(
    State(app): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<ListQuery>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let kind = EntityKind::Manuscript;
    let mut rows = if query.deleted.unwrap_or(false) {
        app.store.list_deleted(&actor.user_id, kind).await?
    } else {
        app.store
            .list_by_manuscript(&actor.user_id, kind, None)
            .await?
    };
    let sort = query.sort.unwrap_or(SortBy::UpdatedAt);
    rows.sort_by(|a, b| match sort {
        SortBy::Title => a.name.to_lowercase().cmp(&b.name.to_lowercase()),
        SortBy::UpdatedAt => a.updated_at.cmp(&b.updated_at),
        SortBy::CreatedAt => a.created_at.cmp(&b.created_at),
        SortBy::DeletedAt => a.deleted_at.cmp(&b.deleted_at),
    });
    let default = match sort {
        SortBy::Title => Direction::Asc,
        _ => Direction::Desc,
    };
    if matches!(query.direction.unwrap_or(default), Direction::Desc) {
        rows.reverse();
    }
    Ok(Envelope(wire_all(&rows, now_ms())))
}

/// `GET manuscripts/{id}`: the manuscript with its live rows of every part.
#[utoipa::path(get, path = "/manuscripts/{id}", tag = "manuscripts",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<quire_protocol::entity::ManuscriptTree>), (status = 404, body = Failure)))]
pub async fn get_one(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(&id)?;
    let tree = app
        .store
        .manuscript_tree(&actor.user_id, &id, Rows::Live)
        .await?;
    Ok(Envelope(tree_to_wire(&tree, now_ms())))
}

/// `GET manuscripts/deleted_content/{id}`: the manuscript's rows in the trash, with days left.
#[utoipa::path(get, path = "/manuscripts/deleted_content/{id}", tag = "manuscripts",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<quire_protocol::entity::ManuscriptTree>), (status = 404, body = Failure)))]
pub async fn deleted_content(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(&id)?;
    let tree = app
        .store
        .manuscript_tree(&actor.user_id, &id, Rows::Deleted)
        .await?;
    Ok(Envelope(tree_to_wire(&tree, now_ms())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IdsRequest {
    /// At most 500 ids.
    pub ids: Vec<String>,
}

/// Most ids one `multiple` or bulk call takes.
const MAX_IDS: usize = 500;

#[derive(Debug, Serialize, ToSchema)]
pub struct MultipleItem {
    pub id: String,
    /// `success`, or `not_found` for an id the caller cannot read, whether or not it exists.
    pub status: &'static str,
    /// The manuscript with its rows, on success; `null` otherwise.
    #[schema(value_type = Option<Object>)]
    pub manuscript: Option<Value>,
}

/// `POST manuscripts/multiple`: several manuscripts with their rows, each with its status.
#[utoipa::path(post, path = "/manuscripts/multiple", tag = "manuscripts",
    request_body = IdsRequest,
    responses((status = 200, body = Success<Vec<MultipleItem>>), (status = 422, body = Failure)))]
pub async fn multiple(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<IdsRequest>,
) -> Result<Envelope<Vec<MultipleItem>>, ApiError> {
    if body.ids.len() > MAX_IDS {
        return Err(ApiError::field("ids", "too_many"));
    }
    let now = now_ms();
    let mut items = Vec::with_capacity(body.ids.len());
    for id in body.ids {
        let Ok(parsed) = Id::parse(&id) else {
            items.push(MultipleItem {
                id,
                status: "not_found",
                manuscript: None,
            });
            continue;
        };
        let item = match app
            .store
            .manuscript_tree(&actor.user_id, parsed.as_str(), Rows::Live)
            .await
        {
            Ok(tree) => MultipleItem {
                id,
                status: "success",
                manuscript: Some(tree_to_wire(&tree, now)),
            },
            // Another writer's manuscript is answered exactly as a missing one, so that the
            // answer never tells which ids exist.
            Err(StoreError::NotFound) => MultipleItem {
                id,
                status: "not_found",
                manuscript: None,
            },
            Err(e) => return Err(e.into()),
        };
        items.push(item);
    }
    Ok(Envelope(items))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdatedContentsRequest {
    /// The newest `updated_at` the client holds per part (`chapters`, `groups`, …, and
    /// `manuscript`).
    #[schema(value_type = Object)]
    pub contents_dates: Map<String, Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct UpdatedContents {
    /// Whether the server holds a newer row of any part than the client's dates.
    pub use_updated_contents: bool,
    /// The server's newest `updated_at` per part.
    #[schema(value_type = Object)]
    pub contents_dates: Map<String, Value>,
}

/// `POST manuscripts/updated_contents/{id}`: whether the client must load newer rows.
#[utoipa::path(post, path = "/manuscripts/updated_contents/{id}", tag = "manuscripts",
    params(("id" = String, Path)), request_body = UpdatedContentsRequest,
    responses((status = 200, body = Success<UpdatedContents>), (status = 404, body = Failure)))]
pub async fn updated_contents(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<UpdatedContentsRequest>,
) -> Result<Envelope<UpdatedContents>, ApiError> {
    let id = wire::path_id(&id)?;
    let latest = app.store.latest_updates(&actor.user_id, &id).await?;
    let mut use_updated_contents = false;
    let mut contents_dates = Map::new();
    for (kind, at) in latest {
        let key = part_key(kind);
        let client = body.contents_dates.get(key).and_then(Value::as_i64);
        if client.is_none_or(|c| c < at) {
            use_updated_contents = true;
        }
        contents_dates.insert(key.into(), at.into());
    }
    Ok(Envelope(UpdatedContents {
        use_updated_contents,
        contents_dates,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CopyRequest {
    /// The manuscript to copy.
    pub id: String,
    /// The copy's title: required ('Manuscript title is required.'), at most 255 characters.
    pub title: String,
    /// The copy's id, when the client makes it; a fresh one otherwise.
    pub new_id: Option<String>,
}

/// `POST manuscripts/copy`: a copy of a manuscript with all its live rows, every id renewed.
#[utoipa::path(post, path = "/manuscripts/copy", tag = "manuscripts", request_body = CopyRequest,
    responses((status = 200, body = Success<quire_protocol::entity::ManuscriptTree>),
              (status = 404, body = Failure),
              (status = 409, description = "id_taken", body = Failure),
              (status = 422, description = "title_required, title_too_long, invalid_id", body = Failure)))]
pub async fn copy(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<CopyRequest>,
) -> Result<Envelope<Value>, ApiError> {
    let title = Title::parse(&body.title).map_err(|code| ApiError::field("title", code.0))?;
    let id = wire::path_id(&body.id)?;
    let new_id = wire::optional_field_id("new_id", body.new_id.as_deref())?
        .unwrap_or_else(|| Id::random().as_str().to_owned());
    let now = now_ms();
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
    let copy = trees::copy(&tree, new_id.as_str(), title.as_str(), now, &mut RandomIds);
    app.store.insert_all(&actor.user_id, copy.rows, now).await?;
    copy_documents(&app, &copy.chapters).await?;
    let copied = app
        .store
        .manuscript_tree(&actor.user_id, new_id.as_str(), Rows::Live)
        .await?;
    let announced = as_called(&actor, copied.manuscript.clone(), now);
    app.events
        .row_written(&actor.user_id, &announced, Name::NewManuscript);
    Ok(Envelope(tree_to_wire(&copied, now)))
}

/// Each copied chapter's text: the source chapter's document state becomes the new chapter's
/// first update (through its room, so the log and compaction treat it as any edit). A chapter
/// that never had a document has nothing to copy.
async fn copy_documents(app: &AppState, chapters: &[(String, String)]) -> Result<(), ApiError> {
    for (source, copied) in chapters {
        if !app.store.doc_exists(source).await? {
            continue;
        }
        let state = app
            .collab
            .state(source)
            .await
            .map_err(|e| anyhow::anyhow!("cannot read chapter {source}'s document: {e}"))?;
        app.collab
            .apply(copied, state)
            .await
            .map_err(|e| anyhow::anyhow!("cannot copy chapter {source}'s document: {e}"))?;
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SaveAsTemplateRequest {
    /// The manuscript whose structure becomes a template.
    pub id: String,
    /// The template's name; the manuscript's title when left out.
    pub name: Option<String>,
    pub description: Option<String>,
}

/// `POST manuscripts/save_as_template`: a custom template of the manuscript's sections,
/// chapters, subchapters (with their synopses), elements and notes.
#[utoipa::path(post, path = "/manuscripts/save_as_template", tag = "manuscripts",
    request_body = SaveAsTemplateRequest,
    responses((status = 200, body = Success<TemplateSummary>), (status = 404, body = Failure),
              (status = 422, body = Failure)))]
pub async fn save_as_template(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<SaveAsTemplateRequest>,
) -> Result<Envelope<TemplateSummary>, ApiError> {
    let id = wire::path_id(&body.id)?;
    let tree = app
        .store
        .manuscript_tree(&actor.user_id, &id, Rows::Live)
        .await?;
    let name = body.name.unwrap_or_else(|| tree.manuscript.name.clone());
    let name = Title::parse(&name).map_err(|code| ApiError::field("name", code.0))?;
    let description = body.description.unwrap_or_default();
    if description.chars().count() > 2000 {
        return Err(ApiError::field("description", "description_too_long"));
    }
    let template = TemplateSummary {
        id: Id::random().as_str().to_owned(),
        name: name.into_string(),
        description,
        category: quire_store::templates::CUSTOM_CATEGORY.to_owned(),
        order: 0,
        structure: trees::to_template(&tree),
    };
    Ok(Envelope(
        app.store
            .add_custom_template(&actor.user_id, &template, now_ms())
            .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CursorRequest {
    pub chapter_id: String,
    /// Where the caret is in the chapter (the editor's position).
    #[schema(value_type = Object)]
    pub position: Value,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LastChapterRequest {
    pub chapter_id: String,
}

/// `PUT manuscripts/cursor_position_updated/{id}`: remembers the caret in the last chapter
/// (`settings.last_active_chapter` and `settings.last_active_chapter_position`).
#[utoipa::path(put, path = "/manuscripts/cursor_position_updated/{id}", tag = "manuscripts",
    params(("id" = String, Path)), request_body = CursorRequest,
    responses((status = 200, body = Success<bool>), (status = 404, body = Failure)))]
pub async fn cursor_position_updated(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<CursorRequest>,
) -> Result<Envelope<bool>, ApiError> {
    let settings = json!({
        "last_active_chapter": body.chapter_id,
        "last_active_chapter_position": body.position,
    });
    remember_chapter(&app, &actor, &id, &body.chapter_id, settings).await
}

/// `PUT manuscripts/last_opened_chapter_updated/{id}`: remembers the last opened chapter.
#[utoipa::path(put, path = "/manuscripts/last_opened_chapter_updated/{id}", tag = "manuscripts",
    params(("id" = String, Path)), request_body = LastChapterRequest,
    responses((status = 200, body = Success<bool>), (status = 404, body = Failure)))]
pub async fn last_opened_chapter_updated(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<LastChapterRequest>,
) -> Result<Envelope<bool>, ApiError> {
    let settings = json!({ "last_active_chapter": body.chapter_id });
    remember_chapter(&app, &actor, &id, &body.chapter_id, settings).await
}

/// Merges `changes` into the manuscript's settings, after checking that the chapter is one of
/// the manuscript's. A concurrent newer write of the manuscript wins over this one.
async fn remember_chapter(
    app: &AppState,
    actor: &Actor,
    raw_id: &str,
    raw_chapter_id: &str,
    changes: Value,
) -> Result<Envelope<bool>, ApiError> {
    let id = wire::path_id(raw_id)?;
    let chapter_id = wire::field_id("chapter_id", raw_chapter_id)?;
    let chapter = app
        .store
        .get(&actor.user_id, EntityKind::Chapter, chapter_id.as_str())
        .await?;
    if chapter.manuscript_id.as_deref() != Some(id.as_str()) {
        return Err(ApiError::NotFound);
    }
    let manuscript = app
        .store
        .get(&actor.user_id, EntityKind::Manuscript, &id)
        .await?;
    let mut settings = match manuscript.doc.get("settings") {
        Some(Value::Object(s)) => s.clone(),
        _ => Map::new(),
    };
    if let Value::Object(changes) = changes {
        settings.extend(changes);
    }
    // The caret is remembered without making the manuscript newer: a settings or goals edit
    // the client made a moment earlier must still win when it arrives after this call.
    let patch = Patch {
        doc: Map::from_iter([("settings".to_owned(), Value::Object(settings))]),
        updated_at: manuscript.updated_at,
        device_id: manuscript.last_device_id.clone(),
        ..Patch::default()
    };
    app.store
        .update(&actor.user_id, EntityKind::Manuscript, &id, patch, now_ms())
        .await?;
    Ok(Envelope(true))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BulkRequest {
    /// Only these (at most 500); every row in the caller's trash when left out.
    pub ids: Option<Vec<String>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulkDeleted {
    pub deleted: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulkRecovered {
    pub recovered: u64,
}

fn bulk_ids(body: &BulkRequest) -> Result<Option<&[String]>, ApiError> {
    match &body.ids {
        Some(ids) if ids.len() > MAX_IDS => Err(ApiError::field("ids", "too_many")),
        Some(ids) => Ok(Some(ids.as_slice())),
        None => Ok(None),
    }
}

async fn delete_all(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    body: BulkRequest,
) -> Result<Envelope<BulkDeleted>, ApiError> {
    let removed = app
        .store
        .hard_delete_all(&actor.user_id, kind, bulk_ids(&body)?)
        .await?;
    let now = now_ms();
    if kind == EntityKind::Manuscript {
        for removed in &removed {
            let row = as_called(actor, removed.row.clone(), now);
            app.events.purged(&actor.user_id, &row, &removed.grantees);
        }
    } else {
        folders_moved(app, actor, removed.len(), now);
    }
    Ok(Envelope(BulkDeleted {
        deleted: removed.len() as u64,
    }))
}

async fn recover_all(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    body: BulkRequest,
) -> Result<Envelope<BulkRecovered>, ApiError> {
    let now = now_ms();
    let recovered = app
        .store
        .undelete_all(&actor.user_id, kind, bulk_ids(&body)?, now)
        .await?;
    if kind == EntityKind::Manuscript {
        for row in recovered.iter().cloned() {
            let row = as_called(actor, row, now);
            app.events
                .trash_moved(&actor.user_id, &row, TrashState::Recovered);
        }
    } else {
        folders_moved(app, actor, recovered.len(), now);
    }
    Ok(Envelope(BulkRecovered {
        recovered: recovered.len() as u64,
    }))
}

/// After a bulk trash call that moved `moved` folders: the owner's devices reload their
/// lists. (Manuscripts are announced one by one, as a single trash call announces them.)
fn folders_moved(app: &AppState, actor: &Actor, moved: usize, now: EpochMs) {
    if moved > 0 {
        let device = actor.device.as_deref().unwrap_or_default();
        app.events
            .publish(events::lists_changed(&actor.user_id, now, device));
    }
}

/// `POST manuscripts/delete_all`: removes for good the caller's manuscripts in the trash (all,
/// or the ids named), in one transaction.
#[utoipa::path(post, path = "/manuscripts/delete_all", tag = "manuscripts", request_body = BulkRequest,
    responses((status = 200, body = Success<BulkDeleted>), (status = 422, body = Failure)))]
pub async fn manuscripts_delete_all(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<BulkRequest>,
) -> Result<Envelope<BulkDeleted>, ApiError> {
    delete_all(&app, &actor, EntityKind::Manuscript, body).await
}

/// `POST manuscripts/recover_all`: takes the caller's manuscripts out of the trash (all, or
/// the ids named), in one transaction.
#[utoipa::path(post, path = "/manuscripts/recover_all", tag = "manuscripts", request_body = BulkRequest,
    responses((status = 200, body = Success<BulkRecovered>), (status = 422, body = Failure)))]
pub async fn manuscripts_recover_all(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<BulkRequest>,
) -> Result<Envelope<BulkRecovered>, ApiError> {
    recover_all(&app, &actor, EntityKind::Manuscript, body).await
}

/// `POST folders/delete_all`: removes for good the caller's folders in the trash.
#[utoipa::path(post, path = "/folders/delete_all", tag = "folders", request_body = BulkRequest,
    responses((status = 200, body = Success<BulkDeleted>), (status = 422, body = Failure)))]
pub async fn folders_delete_all(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<BulkRequest>,
) -> Result<Envelope<BulkDeleted>, ApiError> {
    delete_all(&app, &actor, EntityKind::Folder, body).await
}

/// `POST folders/recover_all`: takes the caller's folders out of the trash.
#[utoipa::path(post, path = "/folders/recover_all", tag = "folders", request_body = BulkRequest,
    responses((status = 200, body = Success<BulkRecovered>), (status = 422, body = Failure)))]
pub async fn folders_recover_all(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(body): ApiJson<BulkRequest>,
) -> Result<Envelope<BulkRecovered>, ApiError> {
    recover_all(&app, &actor, EntityKind::Folder, body).await
}

/// `GET templates/enabled_new`: the built-in templates and the caller's own.
#[utoipa::path(get, path = "/templates/enabled_new", tag = "templates",
    responses((status = 200, body = Success<Vec<TemplateSummary>>)))]
pub async fn templates_enabled_new(
    State(app): State<AppState>,
    actor: Actor,
) -> Result<Envelope<Vec<TemplateSummary>>, ApiError> {
    Ok(Envelope(app.store.templates_for(&actor.user_id).await?))
}

/// `GET templates/{id}`: one template the caller may use.
#[utoipa::path(get, path = "/templates/{id}", tag = "templates", params(("id" = String, Path)),
    responses((status = 200, body = Success<TemplateSummary>), (status = 404, body = Failure)))]
pub async fn template(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<TemplateSummary>, ApiError> {
    Ok(Envelope(app.store.template_for(&actor.user_id, &id).await?))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct UseTemplateRequest {
    /// The new manuscript's id, when the client makes it.
    pub id: Option<String>,
    /// Its title; the template's name when left out or blank.
    pub title: Option<String>,
    /// The folder to put it in.
    pub folder_id: Option<String>,
    #[serde(rename = "_order")]
    pub order: Option<f64>,
}

/// `POST templates/use/{id}`: a new manuscript laid out as the template.
#[utoipa::path(post, path = "/templates/use/{id}", tag = "templates", params(("id" = String, Path)),
    request_body = UseTemplateRequest,
    responses((status = 200, body = Success<quire_protocol::entity::ManuscriptTree>), (status = 404, body = Failure),
              (status = 409, description = "id_taken", body = Failure), (status = 422, body = Failure)))]
pub async fn use_template(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(template_id): ApiPath<String>,
    ApiJson(body): ApiJson<UseTemplateRequest>,
) -> Result<Envelope<Value>, ApiError> {
    let template = app.store.template_for(&actor.user_id, &template_id).await?;
    let id = wire::optional_field_id("id", body.id.as_deref())?
        .unwrap_or_else(|| Id::random().as_str().to_owned());
    let title = match body.title.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => t.to_owned(),
        _ => template.name.clone(),
    };
    let title = Title::parse(&title).map_err(|code| ApiError::field("title", code.0))?;
    let folder_id = wire::optional_field_id("folder_id", body.folder_id.as_deref())?;
    let now = now_ms();
    let rows = trees::from_template(
        &template.structure,
        &template.id,
        &trees::NewManuscript {
            id: id.as_str(),
            title: title.as_str(),
            folder_id,
            order: body.order.filter(|o| o.is_finite()).unwrap_or(0.0),
            now,
        },
        &mut RandomIds,
    );
    app.store.insert_all(&actor.user_id, rows, now).await?;
    let tree = app
        .store
        .manuscript_tree(&actor.user_id, id.as_str(), Rows::Live)
        .await?;
    let announced = as_called(&actor, tree.manuscript.clone(), now);
    app.events
        .row_written(&actor.user_id, &announced, Name::NewManuscript);
    Ok(Envelope(tree_to_wire(&tree, now)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct DemoteRequest {
    /// The chapter to put it under; the chapter just before it when left out.
    pub parent_id: Option<String>,
}

/// `POST chapters/promote/{id}`: the subchapter becomes a chapter right after its parent.
/// Answers every chapter whose place changed (both sibling lists renumbered from zero).
#[utoipa::path(post, path = "/chapters/promote/{id}", tag = "chapters", params(("id" = String, Path)),
    responses((status = 200, body = Success<Vec<quire_protocol::entity::Chapter>>), (status = 404, body = Failure),
              (status = 422, description = "not_a_subchapter, parent_chapter_does_not_exist", body = Failure)))]
pub async fn promote(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    restructure(&app, &actor, &id, Restructure::Promote).await
}

/// `POST chapters/demote/{id}`: the chapter becomes the last subchapter of `parent_id` (or of
/// the chapter before it), its own subchapters following it.
#[utoipa::path(post, path = "/chapters/demote/{id}", tag = "chapters", params(("id" = String, Path)),
    request_body = DemoteRequest,
    responses((status = 200, body = Success<Vec<quire_protocol::entity::Chapter>>), (status = 404, body = Failure),
              (status = 422, description = "not_a_chapter, parent_is_self, parent_chapter_does_not_exist, parent_is_subchapter", body = Failure)))]
pub async fn demote(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<DemoteRequest>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let parent_id = wire::optional_field_id("parent_id", body.parent_id.as_deref())?;
    restructure(&app, &actor, &id, Restructure::Demote { parent_id }).await
}

async fn restructure(
    app: &AppState,
    actor: &Actor,
    raw_id: &str,
    change: Restructure,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let id = wire::path_id(raw_id)?;
    let now = now_ms();
    let changed = app
        .store
        .restructure(&actor.user_id, &id, change, now)
        .await?;
    if let Some(row) = changed.first() {
        let announced = as_called(actor, row.clone(), now);
        app.events
            .row_written(&actor.user_id, &announced, Name::Update);
    }
    Ok(Envelope(wire_all(&changed, now)))
}
