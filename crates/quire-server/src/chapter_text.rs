//! A chapter's text as the server writes it, for the handlers of chapter contents, versions
//! and entities alike: the live content row, a save of it (last writer wins), and the forward
//! edits that carry a saved or restored text into the chapter's Yjs document (ADR 0008,
//! ADR 0010).

use quire_core::Id;
use quire_core::time::EpochMs;
use quire_store::StoreError;
use quire_store::manuscripts::{EntityKind, EntityRow, Written};
use serde_json::{Map, Value};

use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;
use crate::http::entities::wire;

/// The chapter's content row: the live one written last; `None` when it has no live one.
pub(crate) fn live_content(rows: &[EntityRow]) -> Option<&EntityRow> {
    rows.iter()
        .filter(|r| r.deleted_at.is_none())
        .max_by(|a, b| (a.updated_at, &a.id).cmp(&(b.updated_at, &b.id)))
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
