//! Chapter versions (ADR 0008): snapshots of a chapter's content, listed light (without their bodies), read one
//! at a time, renamed, put in the trash and back, and restored. A restore never rewrites
//! history: it snapshots the current content as an automatic version first, then writes the
//! old text as a new, newer save of the chapter's content.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use quire_core::Id;
use quire_core::time::{EpochMs, now_ms};
use quire_protocol::{Failure, Success};
use quire_store::StoreError;
use quire_store::manuscripts::{EntityKind, EntityRow};
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};

use super::entities::{self, DeleteQuery, device_header, wire};
use super::extract::{ApiJson, ApiPath, ApiQuery, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::chapter_text::{restore_into_document, save_content, with_document_text};
use crate::error::ApiError;
use crate::versions::{ChapterText, NewVersion};

const KIND: EntityKind = EntityKind::ChapterVersion;

/// The document keys a listing leaves out: the text and what hangs on it.
const BODY_KEYS: [&str; 3] = ["content", "comments", "footnotes"];

/// The wire object of a version without its body (`words` stays).
fn light(row: &EntityRow, now: EpochMs) -> Value {
    let mut object = wire::to_wire(row, now);
    if let Value::Object(map) = &mut object {
        for key in BODY_KEYS {
            map.remove(key);
        }
    }
    object
}

/// Live versions, newest first, without their bodies.
fn light_listing(mut rows: Vec<EntityRow>) -> Vec<Value> {
    rows.retain(|r| r.deleted_at.is_none());
    rows.sort_by(|a, b| (b.created_at, &b.id).cmp(&(a.created_at, &a.id)));
    let now = now_ms();
    rows.iter().map(|r| light(r, now)).collect()
}

fn chapter_not_found() -> ApiError {
    ApiError::refused(StatusCode::NOT_FOUND, "chapter_not_found")
}

/// `GET chapter_versions/chapter/{id}`: a chapter's versions, newest first, without bodies.
#[utoipa::path(get, path = "/chapter_versions/chapter/{id}", tag = "chapter_versions",
    params(("id" = String, Path, description = "The chapter's id")),
    responses((status = 200, description = "Version objects without `content`, `comments`, \
                `footnotes`", body = Success<Vec<Object>>),
              (status = 404, body = Failure), (status = 422, body = Failure)))]
pub async fn of_chapter(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let chapter_id = wire::path_id(&id)?;
    app.store
        .get(&actor.user_id, EntityKind::Chapter, &chapter_id)
        .await?;
    let rows = app
        .store
        .list_by_chapter(&actor.user_id, KIND, &chapter_id)
        .await?;
    Ok(Envelope(light_listing(rows)))
}

/// Options of the manuscript-wide listing.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AllQuery {
    /// The manuscript whose versions to list (required).
    pub manuscript_id: Option<String>,
}

/// `GET chapter_versions/all?manuscript_id=`: every version of a manuscript's chapters, newest
/// first, without bodies.
#[utoipa::path(get, path = "/chapter_versions/all", tag = "chapter_versions", params(AllQuery),
    responses((status = 200, body = Success<Vec<Object>>),
              (status = 404, body = Failure),
              (status = 422, description = "manuscript_id required or malformed", body = Failure)))]
pub async fn all(
    State(app): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<AllQuery>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let manuscript_id = required_id(query.manuscript_id.as_deref(), "manuscript_id")?;
    app.store
        .get(&actor.user_id, EntityKind::Manuscript, &manuscript_id)
        .await?;
    let rows = app
        .store
        .list_by_manuscript(&actor.user_id, KIND, Some(&manuscript_id))
        .await?;
    Ok(Envelope(light_listing(rows)))
}

/// A required id from a body or a query.
pub(crate) fn required_id(raw: Option<&str>, field: &str) -> Result<String, ApiError> {
    match raw {
        None | Some("") => Err(ApiError::field(field, "required")),
        Some(raw) => Id::parse(raw)
            .map(|id| id.as_str().to_owned())
            .map_err(|_| ApiError::field(field, "invalid_id")),
    }
}

/// `GET chapter_versions/get/{id}`: one version with its content.
#[utoipa::path(get, path = "/chapter_versions/get/{id}", tag = "chapter_versions",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<Object>), (status = 404, body = Failure)))]
pub async fn get_one(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(&id)?;
    let row = app.store.get(&actor.user_id, KIND, &id).await?;
    Ok(Envelope(wire::to_wire(&row, now_ms())))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddVersionRequest {
    /// The version's id, when the client makes it; a fresh one otherwise.
    pub id: Option<String>,
    /// The chapter to snapshot.
    pub chapter_id: String,
    /// At most 255 characters; empty by default.
    pub name: Option<String>,
}

/// `POST chapter_versions/add`: snapshots the chapter's current content as a new version.
#[utoipa::path(post, path = "/chapter_versions/add", tag = "chapter_versions",
    request_body = AddVersionRequest,
    responses((status = 200, description = "The new version, with its content", body = Success<Object>),
              (status = 404, body = Failure),
              (status = 409, description = "id_taken, manuscript_is_deleted", body = Failure),
              (status = 422, description = "invalid_fields (invalid_id, name_too_long)", body = Failure)))]
pub async fn add(
    State(app): State<AppState>,
    actor: Actor,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AddVersionRequest>,
) -> Result<Envelope<Value>, ApiError> {
    let chapter_id = required_id(Some(&body.chapter_id), "chapter_id")?;
    let id = match body.id.as_deref() {
        None => Id::random().as_str().to_owned(),
        Some(raw) => required_id(Some(raw), "id")?,
    };
    let chapter = app
        .store
        .get(&actor.user_id, EntityKind::Chapter, &chapter_id)
        .await?;
    let text = ChapterText::current(&app, &actor.user_id, &chapter_id).await?;
    let now = now_ms();
    let version = NewVersion {
        id: &id,
        name: body.name.as_deref().unwrap_or(""),
        automatic: false,
        device: device_header(&headers),
    }
    .take(&app, &actor.user_id, &chapter, &text, now)
    .await?;
    Ok(Envelope(wire::to_wire(&version, now)))
}

/// `POST chapter_versions/copy/{id}`: restores a version as the chapter's current content.
/// The current content is kept first as an automatic version (`automatic: true`, unless it is
/// already the version's text); the restored text is a new save, newer than any before it.
#[utoipa::path(post, path = "/chapter_versions/copy/{id}", tag = "chapter_versions",
    params(("id" = String, Path, description = "The version to restore")),
    responses((status = 200, description = "The chapter's new content row", body = Success<Object>),
              (status = 404, description = "not_found (the version), chapter_not_found (its \
                chapter is gone or in the trash)", body = Failure),
              (status = 409, description = "manuscript_is_deleted", body = Failure)))]
pub async fn restore(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(&id)?;
    let version = app.store.get(&actor.user_id, KIND, &id).await?;
    let chapter_id = version.chapter_id.clone().ok_or_else(chapter_not_found)?;
    let chapter = match app
        .store
        .get(&actor.user_id, EntityKind::Chapter, &chapter_id)
        .await
    {
        Ok(chapter) if chapter.deleted_at.is_none() => chapter,
        Ok(_) | Err(StoreError::NotFound) => return Err(chapter_not_found()),
        Err(e) => return Err(e.into()),
    };
    let device = device_header(&headers);
    let now = now_ms();
    let current = ChapterText::current(&app, &actor.user_id, &chapter_id).await?;
    if !current.is_empty() && !current.is_in(&version) {
        let automatic_id = Id::random();
        NewVersion {
            id: automatic_id.as_str(),
            name: "",
            automatic: true,
            device,
        }
        .take(&app, &actor.user_id, &chapter, &current, now)
        .await?;
    }
    let mut content = Map::new();
    for key in BODY_KEYS {
        if let Some(value) = version.doc.get(key) {
            content.insert(key.into(), value.clone());
        }
    }
    let html = content
        .entry("content")
        .or_insert_with(|| "".into())
        .as_str()
        .unwrap_or("")
        .to_owned();
    let after_current = current.updated_at.map_or(now, |at| at + 1);
    content.insert("updated_at".into(), now.max(after_current).into());
    let Some(written) =
        save_content(&app, &actor, &chapter_id, content, device, now, false).await?
    else {
        return Err(chapter_not_found());
    };
    restore_into_document(&app, &chapter_id, &html).await?;
    let row = wire::to_wire(written.row(), now_ms());
    Ok(Envelope(
        with_document_text(&app, &chapter, Some(row)).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RenameVersionRequest {
    /// At most 255 characters; may be empty.
    pub name: String,
    /// When the rename was made (last writer wins).
    pub updated_at: EpochMs,
}

/// `PUT chapter_versions/update/{id}`: renames a version; answers it without its body.
#[utoipa::path(put, path = "/chapter_versions/update/{id}", tag = "chapter_versions",
    params(("id" = String, Path)), request_body = RenameVersionRequest,
    responses((status = 200, body = Success<Object>), (status = 404, body = Failure),
              (status = 422, description = "invalid_fields (name_too_long)", body = Failure)))]
pub async fn rename(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<RenameVersionRequest>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(&id)?;
    let now = now_ms();
    let fields = Map::from_iter([
        ("name".to_owned(), Value::from(body.name)),
        ("updated_at".to_owned(), Value::from(body.updated_at)),
    ]);
    let update = wire::patch_from_update(KIND, &id, fields, device_header(&headers), now)?;
    let written = app
        .store
        .update(&actor.user_id, KIND, &id, update.patch, now)
        .await?;
    Ok(Envelope(light(written.row(), now)))
}

/// Options of a delete of a row that has no children.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HardDeleteQuery {
    /// Remove for good; only a row already in the trash (`is_not_deleted` otherwise).
    pub hard_delete: Option<bool>,
}

impl From<HardDeleteQuery> for DeleteQuery {
    fn from(query: HardDeleteQuery) -> DeleteQuery {
        DeleteQuery {
            hard_delete: query.hard_delete,
            children: None,
        }
    }
}

/// `DELETE chapter_versions/delete/{id}`: puts a version in the trash, or with
/// `hard_delete=true` removes one already there.
#[utoipa::path(delete, path = "/chapter_versions/delete/{id}", tag = "chapter_versions",
    params(("id" = String, Path), HardDeleteQuery),
    responses((status = 200, body = Success<bool>), (status = 404, body = Failure),
              (status = 409, description = "was_not_deleted, is_not_deleted", body = Failure)))]
pub async fn delete(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<HardDeleteQuery>,
) -> Result<Envelope<bool>, ApiError> {
    entities::delete_entity(&app, &actor, KIND, &id, query.into()).await
}

/// `GET chapter_versions/undelete/{id}`: takes a version out of the trash.
#[utoipa::path(get, path = "/chapter_versions/undelete/{id}", tag = "chapter_versions",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<bool>), (status = 404, body = Failure),
              (status = 409, description = "was_not_undeleted", body = Failure)))]
pub async fn undelete(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<bool>, ApiError> {
    entities::undelete_entity(&app, &actor, KIND, &id).await
}
