//! A chapter's content (ADR 0008): `GET chapters/content/{id}` and
//! `PUT chapters/put/content/{id}`. A chapter has one live content row; a save replaces it by
//! last-writer-wins and the server counts its words. The rows themselves are the generic
//! `chapter_content` kind (ADR 0005); what a save writes is `crate::chapter_text`'s.

use axum::extract::State;
use axum::http::HeaderMap;
use quire_core::time::{EpochMs, now_ms};
use quire_protocol::{Failure, Success};
use quire_store::manuscripts::{EntityKind, Written};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::entities::{device_header, wire};
use super::extract::{ApiJson, ApiPath, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::chapter_text::{live_content, save_content, with_document_text};
use crate::error::ApiError;

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
