//! The per-entity API (ADR 0007): for each of thirteen kinds, `PUT {kind}/put/{id}` (create or
//! replace, last writer wins), `PUT {kind}/{id}` (partial update), `DELETE {kind}/{id}`
//! (`?hard_delete=true`, `?children=delete`) and `GET {kind}/undelete/{id}`, served by one
//! generic code path; plus the folder listing and the global to-dos. The calls that belong to
//! manuscripts alone live in `manuscripts.rs`.

pub mod wire;

use axum::extract::State;
use axum::http::HeaderMap;
use quire_core::manuscript::{DeleteMode, next_research_order};
use quire_core::time::{EpochMs, now_ms};
use quire_store::manuscripts::{EntityKind, EntityRow, InManuscript, Written};
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::IntoParams;

use super::extract::{ApiQuery, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::chapter_text;
use crate::error::ApiError;
use crate::events::{Name, TrashState};

/// The header a client names its device with (the body's `last_synced_device_id` wins).
pub const DEVICE_HEADER: &str = "x-device-id";

pub fn device_header(headers: &HeaderMap) -> Option<&str> {
    headers.get(DEVICE_HEADER).and_then(|v| v.to_str().ok())
}

/// Options of a delete.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeleteQuery {
    /// Remove for good; only a row already in the trash (`is_not_deleted` otherwise).
    pub hard_delete: Option<bool>,
    /// For a folder, group, outline or chapter: `move_up` (default; the children move to the
    /// container's parent with `_order` +99999) or `delete` (they go to the trash with it).
    pub children: Option<ChildrenMode>,
}

#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChildrenMode {
    MoveUp,
    Delete,
}

pub(crate) async fn put_entity(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    raw_id: &str,
    headers: &HeaderMap,
    body: Map<String, Value>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(raw_id)?;
    let now = now_ms();
    let order_given = body.get("_order").is_some_and(|o| !o.is_null());
    let mut row = wire::row_from_put(kind, &id, body, device_header(headers), now)?;
    if kind == EntityKind::Research && !order_given {
        row.order = new_research_order(app, actor, &row).await?;
    }
    let before = text_before(app, actor, kind, &id).await?;
    let new_manuscript = kind == EntityKind::Manuscript && !exists(app, actor, kind, &id).await?;
    let written = app.store.put(&actor.user_id, row, now).await?;
    if let Some(before) = before {
        chapter_text::forward_written(app, before.as_ref(), &written).await;
    }
    if let Written::Applied(row) = &written {
        let name = if new_manuscript {
            Name::NewManuscript
        } else {
            Name::Update
        };
        app.events.row_written(&actor.user_id, row, name);
    }
    Ok(Envelope(wire::to_wire(written.row(), now)))
}

/// Whether the actor can see a row `id` of `kind`, in the trash or not.
async fn exists(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    id: &str,
) -> Result<bool, ApiError> {
    match app.store.get(&actor.user_id, kind, id).await {
        Ok(_) => Ok(true),
        Err(quire_store::StoreError::NotFound) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// The order of a research item put without one: its stored order, or for a new item the
/// next one after the highest existing order, and never below 100.
async fn new_research_order(
    app: &AppState,
    actor: &Actor,
    row: &quire_store::manuscripts::EntityRow,
) -> Result<f64, ApiError> {
    match app.store.get(&actor.user_id, row.kind, &row.id).await {
        Ok(stored) => return Ok(stored.order),
        Err(quire_store::StoreError::NotFound) => {}
        Err(e) => return Err(e.into()),
    }
    let existing = app
        .store
        .list_by_manuscript(&actor.user_id, row.kind, row.manuscript_id.as_deref())
        .await?;
    Ok(next_research_order(existing.iter().map(|r| r.order)))
}

pub(crate) async fn update_entity(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    raw_id: &str,
    headers: &HeaderMap,
    body: Map<String, Value>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(raw_id)?;
    let now = now_ms();
    let update = wire::patch_from_update(kind, &id, body, device_header(headers), now)?;
    if let Some(manuscript_id) = update.manuscript_id {
        let stored = app.store.get(&actor.user_id, kind, &id).await?;
        if kind.in_manuscript() != InManuscript::No && stored.manuscript_id != manuscript_id {
            return Err(ApiError::field("manuscript_id", "read_only"));
        }
    }
    let before = text_before(app, actor, kind, &id).await?;
    let written = app
        .store
        .update(&actor.user_id, kind, &id, update.patch, now)
        .await?;
    if let Some(before) = before {
        chapter_text::forward_written(app, before.as_ref(), &written).await;
    }
    if let Written::Applied(row) = &written {
        app.events.row_written(&actor.user_id, row, Name::Update);
    }
    Ok(Envelope(wire::to_wire(written.row(), now)))
}

/// For a content row about to be written: `Some` of the row as stored before (`Some(None)`
/// for a new one), so that the write can be forwarded into the chapter's document; `None`
/// for every other kind.
async fn text_before(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    id: &str,
) -> Result<Option<Option<EntityRow>>, ApiError> {
    if kind != EntityKind::ChapterContent {
        return Ok(None);
    }
    match app.store.get(&actor.user_id, kind, id).await {
        Ok(row) => Ok(Some(Some(row))),
        Err(quire_store::StoreError::NotFound) => Ok(Some(None)),
        Err(e) => Err(e.into()),
    }
}

pub(crate) async fn delete_entity(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    raw_id: &str,
    query: DeleteQuery,
) -> Result<Envelope<bool>, ApiError> {
    let id = wire::path_id(raw_id)?;
    let stored = app.store.get(&actor.user_id, kind, &id).await?;
    let now = now_ms();
    let row = as_called(actor, stored, now);
    if query.hard_delete.unwrap_or(false) {
        let removed = app.store.hard_delete(&actor.user_id, kind, &id).await?;
        app.events.purged(&actor.user_id, &row, &removed.grantees);
    } else {
        let mode = match query.children.unwrap_or(ChildrenMode::MoveUp) {
            ChildrenMode::MoveUp => DeleteMode::MoveChildrenUp,
            ChildrenMode::Delete => DeleteMode::DeleteChildren,
        };
        app.store
            .soft_delete(&actor.user_id, kind, &id, mode, now)
            .await?;
        app.events
            .trash_moved(&actor.user_id, &row, TrashState::Trashed);
    }
    Ok(Envelope(true))
}

pub(crate) async fn undelete_entity(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    raw_id: &str,
) -> Result<Envelope<bool>, ApiError> {
    let id = wire::path_id(raw_id)?;
    let now = now_ms();
    app.store.undelete(&actor.user_id, kind, &id, now).await?;
    let row = app.store.get(&actor.user_id, kind, &id).await?;
    let row = as_called(actor, row, now);
    app.events
        .trash_moved(&actor.user_id, &row, TrashState::Recovered);
    Ok(Envelope(true))
}

/// `row` as a call by `actor` left it, for its announcement: changed at `now`, by the device
/// that made the call. (The row may name another device, the one that last wrote it, which
/// must hear this change too: a trash call, a copy or a move writes no device into the row.)
pub(crate) fn as_called(actor: &Actor, row: EntityRow, now: EpochMs) -> EntityRow {
    EntityRow {
        updated_at: now,
        last_device_id: actor.device.clone().unwrap_or_default(),
        ..row
    }
}

/// The wire objects of `rows` at `now`.
pub(crate) fn wire_all(rows: &[quire_store::manuscripts::EntityRow], now: EpochMs) -> Vec<Value> {
    rows.iter().map(|r| wire::to_wire(r, now)).collect()
}

/// The four per-entity handlers of one kind, each with its literal OpenAPI path (so that the
/// document lists every route, and the access matrix covers each).
macro_rules! entity_handlers {
    ($module:ident, $kind:expr, $tag:literal, $answer:ident, $fields:ident,
     put = $put:literal, by_id = $by_id:literal, undelete = $undelete:literal) => {
        pub mod $module {
            use axum::extract::State;
            use axum::http::HeaderMap;
            use quire_protocol::{Failure, Success};
            use serde_json::{Map, Value};

            use super::DeleteQuery;
            use crate::AppState;
            use crate::auth::Actor;
            use crate::error::ApiError;
            use crate::http::extract::{ApiJson, ApiPath, ApiQuery, Envelope};

            /// Creates the row, or replaces it when this write is newer (last writer wins);
            /// answers the row as stored.
            #[utoipa::path(put, path = $put, tag = $tag,
                params(("id" = String, Path, description = "22-character id made by the client")),
                request_body(content = quire_protocol::entity::$fields,
                    description = "The entity object (ADR 0007): the kind's fields and the row \
                        columns of `RowInput`; a field left out takes its default"),
                responses((status = 200, description = "The row as stored",
                           body = Success<quire_protocol::entity::$answer>),
                          (status = 404, description = "not_found: the row or a parent is not the caller's", body = Failure),
                          (status = 409, description = "manuscript_is_deleted", body = Failure),
                          (status = 422, description = "invalid_fields, parent_chapter_does_not_exist, parent_is_subchapter, folder_cycle", body = Failure)))]
            pub async fn put(
                State(app): State<AppState>,
                actor: Actor,
                ApiPath(id): ApiPath<String>,
                headers: HeaderMap,
                ApiJson(body): ApiJson<Map<String, Value>>,
            ) -> Result<Envelope<Value>, ApiError> {
                super::put_entity(&app, &actor, $kind, &id, &headers, body).await
            }

            /// Changes the fields named in the body (`updated_at` required); a `null` document
            /// key removes it. Answers the row as stored.
            #[utoipa::path(put, path = $by_id, tag = $tag,
                params(("id" = String, Path)),
                request_body(content = quire_protocol::entity::$fields,
                    description = "Some fields of the entity object, with `updated_at` (`RowInput`)"),
                responses((status = 200, description = "The row as stored",
                           body = Success<quire_protocol::entity::$answer>),
                          (status = 404, body = Failure),
                          (status = 422, body = Failure)))]
            pub async fn update(
                State(app): State<AppState>,
                actor: Actor,
                ApiPath(id): ApiPath<String>,
                headers: HeaderMap,
                ApiJson(body): ApiJson<Map<String, Value>>,
            ) -> Result<Envelope<Value>, ApiError> {
                super::update_entity(&app, &actor, $kind, &id, &headers, body).await
            }

            /// Puts the row in the trash (a container's children move up or go with it), or
            /// with `hard_delete=true` removes a row already in the trash.
            #[utoipa::path(delete, path = $by_id, tag = $tag,
                params(("id" = String, Path), DeleteQuery),
                responses((status = 200, body = Success<bool>),
                          (status = 404, body = Failure),
                          (status = 409, description = "was_not_deleted, is_not_deleted", body = Failure)))]
            pub async fn delete(
                State(app): State<AppState>,
                actor: Actor,
                ApiPath(id): ApiPath<String>,
                ApiQuery(query): ApiQuery<DeleteQuery>,
            ) -> Result<Envelope<bool>, ApiError> {
                super::delete_entity(&app, &actor, $kind, &id, query).await
            }

            /// Takes the row out of the trash.
            #[utoipa::path(get, path = $undelete, tag = $tag,
                params(("id" = String, Path)),
                responses((status = 200, body = Success<bool>),
                          (status = 404, body = Failure),
                          (status = 409, description = "was_not_undeleted", body = Failure)))]
            pub async fn undelete(
                State(app): State<AppState>,
                actor: Actor,
                ApiPath(id): ApiPath<String>,
            ) -> Result<Envelope<bool>, ApiError> {
                super::undelete_entity(&app, &actor, $kind, &id).await
            }
        }
    };
}

entity_handlers!(
    folders,
    quire_store::manuscripts::EntityKind::Folder,
    "folders",
    Folder,
    FolderFields,
    put = "/folders/put/{id}",
    by_id = "/folders/{id}",
    undelete = "/folders/undelete/{id}"
);
entity_handlers!(
    manuscripts,
    quire_store::manuscripts::EntityKind::Manuscript,
    "manuscripts",
    Manuscript,
    ManuscriptFields,
    put = "/manuscripts/put/{id}",
    by_id = "/manuscripts/{id}",
    undelete = "/manuscripts/undelete/{id}"
);
entity_handlers!(
    chapters,
    quire_store::manuscripts::EntityKind::Chapter,
    "chapters",
    Chapter,
    ChapterFields,
    put = "/chapters/put/{id}",
    by_id = "/chapters/{id}",
    undelete = "/chapters/undelete/{id}"
);
entity_handlers!(
    groups,
    quire_store::manuscripts::EntityKind::Group,
    "groups",
    Group,
    GroupFields,
    put = "/groups/put/{id}",
    by_id = "/groups/{id}",
    undelete = "/groups/undelete/{id}"
);
entity_handlers!(
    outlines,
    quire_store::manuscripts::EntityKind::Outline,
    "outlines",
    Outline,
    OutlineFields,
    put = "/outlines/put/{id}",
    by_id = "/outlines/{id}",
    undelete = "/outlines/undelete/{id}"
);
entity_handlers!(
    elements,
    quire_store::manuscripts::EntityKind::Element,
    "elements",
    Element,
    ElementFields,
    put = "/elements/put/{id}",
    by_id = "/elements/{id}",
    undelete = "/elements/undelete/{id}"
);
entity_handlers!(
    notes,
    quire_store::manuscripts::EntityKind::Note,
    "notes",
    Note,
    NoteFields,
    put = "/notes/put/{id}",
    by_id = "/notes/{id}",
    undelete = "/notes/undelete/{id}"
);
entity_handlers!(
    researches,
    quire_store::manuscripts::EntityKind::Research,
    "researches",
    Research,
    ResearchFields,
    put = "/researches/put/{id}",
    by_id = "/researches/{id}",
    undelete = "/researches/undelete/{id}"
);
entity_handlers!(
    stashes,
    quire_store::manuscripts::EntityKind::Stash,
    "stashes",
    Stash,
    StashFields,
    put = "/stashes/put/{id}",
    by_id = "/stashes/{id}",
    undelete = "/stashes/undelete/{id}"
);
entity_handlers!(
    to_dos,
    quire_store::manuscripts::EntityKind::Todo,
    "to_dos",
    Todo,
    TodoFields,
    put = "/to_dos/put/{id}",
    by_id = "/to_dos/{id}",
    undelete = "/to_dos/undelete/{id}"
);
entity_handlers!(
    plotboards,
    quire_store::manuscripts::EntityKind::Plotboard,
    "plotboards",
    Plotboard,
    PlotboardFields,
    put = "/plotboards/put/{id}",
    by_id = "/plotboards/{id}",
    undelete = "/plotboards/undelete/{id}"
);
entity_handlers!(
    element_relationship_boards,
    quire_store::manuscripts::EntityKind::RelationshipBoard,
    "element_relationship_boards",
    RelationshipBoard,
    RelationshipBoardFields,
    put = "/element_relationship_boards/put/{id}",
    by_id = "/element_relationship_boards/{id}",
    undelete = "/element_relationship_boards/undelete/{id}"
);
entity_handlers!(
    chapter_contents,
    quire_store::manuscripts::EntityKind::ChapterContent,
    "chapter_contents",
    ChapterContent,
    ChapterContentFields,
    put = "/chapter_contents/put/{id}",
    by_id = "/chapter_contents/{id}",
    undelete = "/chapter_contents/undelete/{id}"
);

/// Options of a folder listing.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrashQuery {
    /// `true`: the rows in the trash, each with `days_left`, most recently deleted first.
    pub deleted: Option<bool>,
}

/// `GET folders`: the caller's folders, live or (`deleted=true`) in the trash.
#[utoipa::path(get, path = "/folders", tag = "folders", params(TrashQuery),
    responses((status = 200, body = quire_protocol::Success<Vec<quire_protocol::entity::Folder>>)))]
pub async fn list_folders(
    State(app): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<TrashQuery>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let rows = if query.deleted.unwrap_or(false) {
        app.store
            .list_deleted(&actor.user_id, EntityKind::Folder)
            .await?
    } else {
        app.store
            .list_by_manuscript(&actor.user_id, EntityKind::Folder, None)
            .await?
    };
    Ok(Envelope(wire_all(&rows, now_ms())))
}

/// The caller's rows of `kind` outside any manuscript (global to-dos, Quick Notes), live, by
/// order.
async fn global_rows(
    app: &AppState,
    user_id: &str,
    kind: EntityKind,
) -> Result<Vec<Value>, ApiError> {
    let rows = app.store.list_by_manuscript(user_id, kind, None).await?;
    Ok(wire_all(&rows, now_ms()))
}

/// The caller's to-dos outside any manuscript (the global list), live, by order.
pub(crate) async fn global_to_dos(app: &AppState, user_id: &str) -> Result<Vec<Value>, ApiError> {
    global_rows(app, user_id, EntityKind::Todo).await
}

/// `GET notes/global`: the caller's notes outside any manuscript (Quick Notes), live, by
/// `_order` — what the live channel's `global_note` handler reloads.
#[utoipa::path(get, path = "/notes/global", tag = "notes",
    responses((status = 200, body = quire_protocol::Success<Vec<quire_protocol::entity::Note>>)))]
pub async fn list_global_notes(
    State(app): State<AppState>,
    actor: Actor,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    Ok(Envelope(
        global_rows(&app, &actor.user_id, EntityKind::Note).await?,
    ))
}

/// `GET to_dos/global`: the caller's global to-dos (`manuscript_id` null), live, by `_order`.
#[utoipa::path(get, path = "/to_dos/global", tag = "to_dos",
    responses((status = 200, body = quire_protocol::Success<Vec<quire_protocol::entity::Todo>>)))]
pub async fn list_global_to_dos(
    State(app): State<AppState>,
    actor: Actor,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    Ok(Envelope(global_to_dos(&app, &actor.user_id).await?))
}
