//! Chapter versions the server takes (ADR 0008, ADR 0011): what "the chapter's current text"
//! is when a version is taken (its Yjs document's derived HTML and words when it has one, else
//! its content row), and the job that takes automatic versions, at most one per 15 minutes of
//! editing, on SQLite and on several instances sharing one PostgreSQL database.
//!
//! The job never edits a document or a version: it only adds `automatic: true` versions and
//! records on the document's head row what it has looked at.

use std::time::Duration;

use quire_collab::derive::Derived;
use quire_core::Id;
use quire_core::time::{EpochMs, now_ms};
use quire_store::StoreError;
use quire_store::docs::{DueDoc, TextAccess};
use quire_store::manuscripts::{EntityKind, EntityRow};
use serde_json::{Map, Value, json};
use sha2::{Digest, Sha256};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::AppState;
use crate::error::ApiError;
use crate::http::entities::wire;

/// At most one automatic version of a chapter per this much time.
pub const AUTOMATIC_EVERY: Duration = Duration::from_secs(15 * 60);

/// How often the job looks for documents edited since their last automatic version.
pub const TICK: Duration = Duration::from_secs(60);

/// Documents looked at per round at most (the least recently written first; the rest wait for
/// the next round).
const DOCS_PER_ROUND: i64 = 500;

/// The chapter's document, derived, with when it was last written; `None` without one.
pub async fn document_text(
    app: &AppState,
    chapter_id: &str,
) -> anyhow::Result<Option<(Derived, EpochMs)>> {
    let Some(updated_at) = app.store.doc_updated_at(chapter_id).await? else {
        return Ok(None);
    };
    let state = app.collab.state(chapter_id).await.map_err(|e| {
        anyhow::anyhow!("the document of chapter {chapter_id} could not be read: {e}")
    })?;
    let derived =
        tokio::task::spawn_blocking(move || quire_collab::derive::derive_from_update(&state))
            .await
            .map_err(|e| anyhow::anyhow!("deriving a chapter's text panicked: {e}"))?
            .map_err(|e| {
                anyhow::anyhow!("the document of chapter {chapter_id} does not derive: {e}")
            })?;
    Ok(Some((derived, updated_at)))
}

/// A chapter's text as a version keeps it.
#[derive(Debug, Clone, Default)]
pub struct ChapterText {
    /// The HTML: the document's when the chapter has one, else the content row's.
    pub html: String,
    /// The content row's comments and footnotes (`[]` without).
    pub comments: Value,
    pub footnotes: Value,
    /// When the text was last written: the later of the row's and the document's.
    pub updated_at: Option<EpochMs>,
}

impl ChapterText {
    /// The chapter's current text, read as `user` (who may read the chapter). A chapter with no
    /// document and no content row is an empty text.
    pub async fn current(
        app: &AppState,
        user: &str,
        chapter_id: &str,
    ) -> Result<ChapterText, ApiError> {
        let rows = app
            .store
            .list_by_chapter(user, EntityKind::ChapterContent, chapter_id)
            .await?;
        let row = rows
            .iter()
            .filter(|r| r.deleted_at.is_none())
            .max_by(|a, b| (a.updated_at, &a.id).cmp(&(b.updated_at, &b.id)));
        let part = |key: &str| {
            row.and_then(|r| r.doc.get(key))
                .filter(|v| !v.is_null())
                .cloned()
                .unwrap_or_else(|| json!([]))
        };
        let mut text = ChapterText {
            html: row
                .and_then(|r| r.doc.get("content"))
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned(),
            comments: part("comments"),
            footnotes: part("footnotes"),
            updated_at: row.map(|r| r.updated_at),
        };
        if let Some((derived, doc_updated_at)) = document_text(app, chapter_id).await? {
            text.html = derived.html;
            text.updated_at = Some(
                text.updated_at
                    .map_or(doc_updated_at, |at| at.max(doc_updated_at)),
            );
        }
        Ok(text)
    }

    /// Whether there is nothing to keep: no text, comments or footnotes.
    pub fn is_empty(&self) -> bool {
        let blank = |v: &Value| v.is_null() || v.as_array().is_some_and(Vec::is_empty);
        self.html.is_empty() && blank(&self.comments) && blank(&self.footnotes)
    }

    /// Whether `version` already holds this text (an empty text or list and a missing key are
    /// alike).
    pub fn is_in(&self, version: &EntityRow) -> bool {
        let normal = |value: Option<&Value>| match value {
            None | Some(Value::Null) => Value::Null,
            Some(Value::Array(a)) if a.is_empty() => Value::Null,
            Some(Value::String(s)) if s.is_empty() => Value::Null,
            Some(value) => value.clone(),
        };
        let html = Value::from(self.html.as_str());
        normal(Some(&html)) == normal(version.doc.get("content"))
            && normal(Some(&self.comments)) == normal(version.doc.get("comments"))
            && normal(Some(&self.footnotes)) == normal(version.doc.get("footnotes"))
    }
}

/// A version about to be taken.
#[derive(Debug)]
pub struct NewVersion<'a> {
    pub id: &'a str,
    pub name: &'a str,
    /// Taken by the server (the job, or before a restore), not asked for by the writer.
    pub automatic: bool,
    pub device: Option<&'a str>,
}

impl NewVersion<'_> {
    /// Stores `text` as a new version of `chapter`, asked for by `user`.
    pub async fn take(
        self,
        app: &AppState,
        user: &str,
        chapter: &EntityRow,
        text: &ChapterText,
        now: EpochMs,
    ) -> Result<EntityRow, ApiError> {
        // A shared Editor's version is the chapter owner's row, as every write it makes is
        // (ADR 0007); anyone else writes as themselves and is refused by the store.
        let writer = match app.store.doc_access(user, &chapter.id).await {
            Ok(TextAccess::Write) => chapter.user_id.as_str(),
            _ => user,
        };
        let mut body = Map::new();
        body.insert("chapter_id".into(), chapter.id.clone().into());
        body.insert("manuscript_id".into(), chapter.manuscript_id.clone().into());
        body.insert("name".into(), self.name.into());
        body.insert("content".into(), text.html.as_str().into());
        body.insert("comments".into(), text.comments.clone());
        body.insert("footnotes".into(), text.footnotes.clone());
        body.insert("words".into(), wire::html_words(&text.html).into());
        body.insert("content_updated_at".into(), text.updated_at.into());
        if self.automatic {
            body.insert("automatic".into(), true.into());
        }
        let row = wire::row_from_put(EntityKind::ChapterVersion, self.id, body, self.device, now)?;
        let mut written = app.store.insert_all(writer, vec![row], now).await?;
        written
            .pop()
            .ok_or_else(|| anyhow::anyhow!("a version insert wrote nothing").into())
    }
}

/// The chapter's live versions, newest first.
pub async fn live_versions(
    app: &AppState,
    user: &str,
    chapter_id: &str,
) -> Result<Vec<EntityRow>, StoreError> {
    let mut rows = app
        .store
        .list_by_chapter(user, EntityKind::ChapterVersion, chapter_id)
        .await?;
    rows.retain(|r| r.deleted_at.is_none());
    rows.sort_by(|a, b| (b.created_at, &b.id).cmp(&(a.created_at, &a.id)));
    Ok(rows)
}

/// The id of the automatic version the job takes of `doc_id` after it looked at it up to
/// `version_seq`: the same on every instance, so two instances racing for one document write
/// one version (the second insert is `id_taken`).
pub fn automatic_version_id(doc_id: &str, version_seq: i64) -> Id {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let digest = Sha256::new()
        .chain_update(b"quire automatic version\0")
        .chain_update(doc_id.as_bytes())
        .chain_update(version_seq.to_be_bytes())
        .finalize();
    let id: String = digest
        .iter()
        .take(quire_core::id::ID_LEN)
        .map(|b| ALPHABET[usize::from(*b) % ALPHABET.len()] as char)
        .collect();
    Id::parse(&id).expect("22 characters of the id alphabet")
}

/// What one round of the job did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    /// Documents edited since they were last looked at, and due.
    pub due: usize,
    /// Automatic versions written.
    pub taken: usize,
}

/// One round of the job at time `now`: every document edited since the job last looked at it,
/// whose last automatic version is at least [`AUTOMATIC_EVERY`] old (or that has none), gets
/// an automatic version of its derived text, unless its newest version already holds that text.
/// Failures of one document are logged and leave it due for the next round.
pub async fn automatic_round(app: &AppState, now: EpochMs) -> anyhow::Result<Round> {
    let cutoff = now - AUTOMATIC_EVERY.as_millis() as i64;
    let due = app
        .store
        .docs_due_for_version(cutoff, DOCS_PER_ROUND)
        .await?;
    let mut round = Round {
        due: due.len(),
        taken: 0,
    };
    for doc in due {
        match snapshot(app, &doc, now).await {
            Ok(taken) => round.taken += usize::from(taken),
            Err(error) => {
                tracing::error!(doc_id = doc.doc_id, %error, "an automatic version failed");
            }
        }
    }
    Ok(round)
}

/// Takes one document's automatic version; answers whether this call wrote it.
async fn snapshot(app: &AppState, doc: &DueDoc, now: EpochMs) -> Result<bool, ApiError> {
    let chapter = match app
        .store
        .get(&doc.owner, EntityKind::Chapter, &doc.doc_id)
        .await
    {
        Ok(chapter) => chapter,
        // Gone since the listing: its document goes with it.
        Err(StoreError::NotFound) => return Ok(false),
        Err(e) => return Err(e.into()),
    };
    let text = ChapterText::current(app, &doc.owner, &doc.doc_id).await?;
    let newest = live_versions(app, &doc.owner, &doc.doc_id).await?;
    if newest.first().is_some_and(|v| text.is_in(v)) {
        app.store
            .doc_mark_versioned(&doc.doc_id, doc.version_seq, doc.head_seq, None)
            .await?;
        return Ok(false);
    }
    let id = automatic_version_id(&doc.doc_id, doc.version_seq);
    let version = NewVersion {
        id: id.as_str(),
        name: "",
        automatic: true,
        device: None,
    };
    let taken = match version.take(app, &doc.owner, &chapter, &text, now).await {
        Ok(_) => true,
        // Another instance took this one already (`id_taken`), or is taking it at this moment
        // (its insert won the unique index).
        Err(e) => {
            let kind = EntityKind::ChapterVersion;
            match app.store.get(&doc.owner, kind, id.as_str()).await {
                Ok(_) => false,
                Err(_) => return Err(e),
            }
        }
    };
    app.store
        .doc_mark_versioned(&doc.doc_id, doc.version_seq, doc.head_seq, Some(now))
        .await?;
    Ok(taken)
}

/// Starts the job: a round every [`TICK`]; the task ends when `stop` turns true.
pub fn spawn(app: AppState, mut stop: watch::Receiver<bool>) -> JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            tokio::select! {
                changed = stop.changed() => if changed.is_err() { break },
                () = tokio::time::sleep(TICK) => {},
            }
            if *stop.borrow() {
                break;
            }
            match automatic_round(&app, now_ms()).await {
                Ok(Round { taken: 0, .. }) => {}
                Ok(Round { taken, .. }) => tracing::debug!(taken, "automatic versions taken"),
                Err(error) => tracing::error!(%error, "the automatic version round failed"),
            }
        }
        tracing::debug!("automatic versions stopped");
    })
}
