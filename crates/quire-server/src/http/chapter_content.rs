//! A chapter's content (ADR 0008):
//! `GET chapters/content/{id}` and `PUT chapters/put/content/{id}`. A chapter has one live
//! content row; a save replaces it by last-writer-wins and the server counts its words. The
//! restore of a version writes through [`restore_into_document`] and [`save_content`] too. The
//! rows themselves are the generic `chapter_content` kind (ADR 0005); this module only picks
//! the chapter's row.

use axum::extract::State;
use axum::http::HeaderMap;
use quire_core::Id;
use quire_core::time::{EpochMs, now_ms};
use quire_protocol::{Failure, Success};
use quire_store::StoreError;
use quire_store::manuscripts::{EntityKind, EntityRow, Written};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::entities::{device_header, wire};
use super::extract::{ApiJson, ApiPath, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;

/// The chapter's content row: the live one written last; `None` when it has no live one.
pub(crate) fn live_content(rows: &[EntityRow]) -> Option<&EntityRow> {
    rows.iter()
        .filter(|r| r.deleted_at.is_none())
        .max_by(|a, b| (a.updated_at, &a.id).cmp(&(b.updated_at, &b.id)))
}

/// `GET chapters/content/{id}`: the chapter's content row, or `null` when nothing was saved yet.
#[utoipa::path(get, path = "/chapters/content/{id}", tag = "chapters",
    params(("id" = String, Path, description = "The chapter's id")),
    responses((status = 200, description = "The content row (`content`, `comments`, `footnotes`, \
                `words`, `cursor_position`, times), or `null`", body = Success<Object>),
              (status = 404, description = "not_found: no such chapter of the caller's", body = Failure),
              (status = 422, description = "invalid_fields (invalid_id)", body = Failure)))]
pub async fn get_content(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Value>, ApiError> {
    let chapter_id = wire::path_id(&id)?;
    let chapter = app
        .store
        .get(&actor.user_id, EntityKind::Chapter, &chapter_id)
        .await?;
    let rows = app
        .store
        .list_by_chapter(&actor.user_id, EntityKind::ChapterContent, &chapter_id)
        .await?;
    let stored = live_content(&rows).map(|row| wire::to_wire(row, now_ms()));
    Ok(Envelope(with_document_text(&app, &chapter, stored).await?))
}

/// The content row with the chapter's text taken from its Yjs document when it has one
/// (ADR 0010): `content` is the derived HTML and `words` its count; `updated_at` the later of
/// the row's and the document's. A chapter with a document and no row answers a row of its own.
pub(crate) async fn with_document_text(
    app: &AppState,
    chapter: &EntityRow,
    stored: Option<Value>,
) -> Result<Value, ApiError> {
    let Some((derived, doc_updated_at)) = crate::versions::document_text(app, &chapter.id).await?
    else {
        return Ok(stored.unwrap_or(Value::Null));
    };
    let mut object = match stored {
        Some(Value::Object(object)) => object,
        _ => {
            let mut object = Map::new();
            object.insert("id".into(), chapter.id.clone().into());
            object.insert("chapter_id".into(), chapter.id.clone().into());
            object.insert("manuscript_id".into(), chapter.manuscript_id.clone().into());
            object.insert("created_at".into(), chapter.created_at.into());
            object
        }
    };
    let updated_at = object
        .get("updated_at")
        .and_then(Value::as_i64)
        .map_or(doc_updated_at, |at| at.max(doc_updated_at));
    object.insert("content".into(), derived.html.into());
    object.insert("words".into(), derived.words.into());
    object.insert("updated_at".into(), updated_at.into());
    Ok(Value::Object(object))
}

/// The generic `chapter_contents` calls write a content row like any other entity; an applied
/// write that changes a live row's text is also a forward edit of its chapter's document (from
/// the row's text `before`), as a save through `chapters/put/content` is, so the text reaches
/// the chapter's editors and readers instead of staying in a row the document hides.
pub(crate) async fn forward_written(app: &AppState, before: Option<&EntityRow>, written: &Written) {
    let Written::Applied(row) = written else {
        return;
    };
    let Some(chapter_id) = row
        .chapter_id
        .as_deref()
        .filter(|_| row.deleted_at.is_none())
    else {
        return;
    };
    let text = |row: &EntityRow| {
        row.doc
            .get("content")
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let base = before.filter(|b| b.deleted_at.is_none()).and_then(text);
    if let Some(html) = text(row)
        && Some(&html) != base.as_ref()
    {
        forward_into_document(app, chapter_id, base.as_deref(), &html).await;
    }
}

/// An older client's whole-chapter HTML becomes a forward edit of the chapter's document
/// (`quire_collab::forward`): blocks it left unchanged are untouched, so concurrent text from
/// other devices survives. Failures are logged: the content row still holds what was sent.
/// `base` is the text the client last saved (the row's previous `content`): what it had seen.
async fn forward_into_document(app: &AppState, chapter_id: &str, base: Option<&str>, html: &str) {
    if let Err(error) = forward_edit(app, chapter_id, base, html).await {
        tracing::error!(chapter_id, %error, "a forward edit was not made");
    }
}

/// A version's text restored into the chapter's document: a forward edit from the document's
/// own current text, so the document ends up with the version's blocks, as one new update
/// appended to its log and sent to its open editors (history is never rewritten).
pub(crate) async fn restore_into_document(
    app: &AppState,
    chapter_id: &str,
    html: &str,
) -> Result<(), ApiError> {
    Ok(forward_edit(app, chapter_id, None, html).await?)
}

/// Makes and applies (through the document's room) the forward edit from `base` (`None`: the
/// document's current text) to `html`; nothing when they hold the same blocks.
async fn forward_edit(
    app: &AppState,
    chapter_id: &str,
    base: Option<&str>,
    html: &str,
) -> anyhow::Result<()> {
    let blocks = quire_collab::forward::blocks_from_html(html);
    let base = base.map(quire_collab::forward::blocks_from_html);
    let state = app
        .collab
        .state(chapter_id)
        .await
        .map_err(|e| anyhow::anyhow!("cannot read the document for a forward edit: {e}"))?;
    let edit = tokio::task::spawn_blocking(move || {
        quire_collab::forward::forward_edit(&state, base.as_deref(), &blocks)
    })
    .await
    .map_err(|e| anyhow::anyhow!("a forward edit panicked: {e}"))?
    .map_err(|e| anyhow::anyhow!("a forward edit could not be made: {e}"))?;
    if let Some(update) = edit {
        app.collab
            .apply(chapter_id, update)
            .await
            .map_err(|e| anyhow::anyhow!("a forward edit was not stored: {e}"))?;
    }
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SaveContentRequest {
    /// `{content, comments?, footnotes?, words?, cursor_position?, updated_at}`: `content` (the
    /// chapter's HTML) and `updated_at` are required; `words` is ignored (the server counts);
    /// `id`, `chapter_id` and `manuscript_id` are the server's to set.
    #[schema(value_type = Object)]
    pub chapter_content: Map<String, Value>,
    /// `true`: answer the stored row even when this save was applied, so that a client catching
    /// up on newer contents gets the row in the same round trip.
    pub use_updated_contents: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SaveContentAnswer {
    /// `ok`, or `chapter_not_found` when the chapter is missing, in the trash or not the
    /// caller's (the client then drops it; nothing was written).
    pub saved: &'static str,
    /// The server's clock, epoch milliseconds.
    pub server_timestamp: EpochMs,
    /// Whether this save became the stored content (`false`: the server's row is newer).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub applied: Option<bool>,
    /// The stored row, when the save was stale (adopt it) or `use_updated_contents` was set.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub chapter_content: Option<Value>,
}

/// `PUT chapters/put/content/{id}`: saves the chapter's content, last writer wins.
#[utoipa::path(put, path = "/chapters/put/content/{id}", tag = "chapters",
    params(("id" = String, Path, description = "The chapter's id")),
    request_body = SaveContentRequest,
    responses((status = 200, description = "`saved` is `ok` (see `applied`) or `chapter_not_found`",
                body = Success<SaveContentAnswer>),
              (status = 409, description = "manuscript_is_deleted", body = Failure),
              (status = 422, description = "invalid_fields: `content` or `updated_at` missing, a \
                wrong type, a malformed id", body = Failure)))]
pub async fn save(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SaveContentRequest>,
) -> Result<Envelope<SaveContentAnswer>, ApiError> {
    let chapter_id = wire::path_id(&id)?;
    let content = body.chapter_content;
    for (field, expected) in [
        ("content", Value::is_string as fn(&Value) -> bool),
        ("updated_at", Value::is_i64),
    ] {
        match content.get(field) {
            None | Some(Value::Null) => return Err(ApiError::field(field, "required")),
            Some(value) if !expected(value) => return Err(ApiError::field(field, "invalid")),
            Some(_) => {}
        }
    }
    let saved = save_content(
        &app,
        &actor,
        &chapter_id,
        content,
        device_header(&headers),
        now_ms(),
        true,
    )
    .await?;
    let (saved, applied, row) = match saved {
        None => ("chapter_not_found", None, None),
        Some(Written::Applied(row)) => (
            "ok",
            Some(true),
            body.use_updated_contents.unwrap_or(false).then_some(row),
        ),
        Some(Written::Stale(row)) => ("ok", Some(false), Some(row)),
    };
    let now = now_ms();
    Ok(Envelope(SaveContentAnswer {
        saved,
        server_timestamp: now,
        applied,
        chapter_content: row.map(|r| wire::to_wire(&r, now)),
    }))
}

/// Writes `content` (a chapter content object) as the chapter's content row, last writer wins;
/// `None` when the chapter is missing, in the trash or someone else's (nothing is written).
/// The row is the chapter's live content row, or a new one whose id is the chapter's (so that two
/// devices saving a new chapter at once meet in one row), or a fresh id when that one is taken.
/// With `forward`, an applied save becomes a forward edit of the chapter's document (from the
/// row's previous text); a restore makes its own edit first and passes `false`.
pub(crate) async fn save_content(
    app: &AppState,
    actor: &Actor,
    chapter_id: &str,
    mut content: Map<String, Value>,
    device: Option<&str>,
    now: EpochMs,
    forward: bool,
) -> Result<Option<Written>, ApiError> {
    let chapter = match app
        .store
        .get(&actor.user_id, EntityKind::Chapter, chapter_id)
        .await
    {
        Ok(chapter) if chapter.deleted_at.is_none() => chapter,
        Ok(_) | Err(StoreError::NotFound) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    content.remove("id");
    content.insert("chapter_id".into(), chapter.id.clone().into());
    content.insert("manuscript_id".into(), chapter.manuscript_id.clone().into());
    let mut fresh_id = None;
    let html = content
        .get("content")
        .and_then(Value::as_str)
        .map(str::to_owned);
    for _ in 0..3 {
        let rows = app
            .store
            .list_by_chapter(&actor.user_id, EntityKind::ChapterContent, chapter_id)
            .await?;
        let live = live_content(&rows).map(|r| r.id.clone());
        let base = live_content(&rows)
            .and_then(|r| r.doc.get("content"))
            .and_then(Value::as_str)
            .map(str::to_owned);
        let row_id = match (&live, &fresh_id) {
            (Some(id), _) | (None, Some(id)) => id.clone(),
            // A content row in the trash stays there; the save starts a live one.
            (None, None) if rows.iter().any(|r| r.id == chapter.id) => {
                Id::random().as_str().to_owned()
            }
            (None, None) => chapter.id.clone(),
        };
        let row = wire::row_from_put(
            EntityKind::ChapterContent,
            &row_id,
            content.clone(),
            device,
            now,
        )?;
        match app.store.put(&actor.user_id, row, now).await {
            Ok(written) => {
                if let (true, Written::Applied(_), Some(html)) = (forward, &written, &html) {
                    forward_into_document(app, chapter_id, base.as_deref(), html).await;
                }
                if let Written::Applied(row) = &written {
                    app.events
                        .row_written(&actor.user_id, row, crate::events::Name::Update);
                }
                return Ok(Some(written));
            }
            // Another first save of this chapter inserted the row meanwhile: write over it.
            Err(StoreError::Conflict("id")) => continue,
            // The id is someone else's content row: take another.
            Err(StoreError::NotFound) if live.is_none() => {
                fresh_id = Some(Id::random().as_str().to_owned());
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(
        anyhow::anyhow!("the content of chapter {chapter_id} could not be saved in three tries")
            .into(),
    )
}
