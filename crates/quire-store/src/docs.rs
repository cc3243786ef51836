//! Chapter documents (ADR 0002, ADR 0010): the Yjs update log behind quire-collab's rooms.
//!
//! `doc_head` holds a document's compacted snapshot and the last sequence number given;
//! `doc_update` the updates after the snapshot. An append bumps `head_seq` first, which takes
//! the head row's lock until commit: appends to one document commit one at a time, in sequence
//! order, so a reader asking for "everything after N" never skips an update another instance
//! is still committing. On PostgreSQL the append rings the `quire_doc` doorbell in the same
//! transaction (delivered on commit): the payload is the document id, far under NOTIFY's
//! 8,000-byte limit; listeners fetch the updates themselves.

use std::collections::HashMap;

use quire_core::doc_log::LoggedUpdate;
pub use quire_core::doc_log::StoredDoc;
use quire_core::manuscript::SharePermission;
use quire_core::policy::{Role, text_access};
use quire_core::time::now_ms;
use sqlx::{Any, AssertSqlSafe};

use crate::{Backend, Store, StoreError};

/// The PostgreSQL channel rung after every append.
pub const DOORBELL_CHANNEL: &str = "quire_doc";

/// Updates inserted per statement (4 binds each, well under both databases' bind limits).
const ROWS_PER_INSERT: usize = 200;
/// Documents whose heads one statement bumps (3 binds each), or whose doorbell it rings.
const DOCS_PER_STATEMENT: usize = 200;

/// A chapter's access for a user, and whether it has a document ([`Store::doc_opening`]).
const DOC_OPENING_SQL: &str = "SELECT c.user_id, c.deleted_at, m.id, m.deleted_at, g.permission, h.doc_id \
     FROM chapter c \
     LEFT JOIN manuscript m ON m.id = c.manuscript_id \
     LEFT JOIN manuscript_grant g ON g.manuscript_id = c.manuscript_id AND g.user_id = $2 \
     LEFT JOIN doc_head h ON h.doc_id = c.id \
     WHERE c.id = $1";

/// [`DOC_OPENING_SQL`] for several chapters of one actor ([`Store::doc_opening_many`]):
/// `$1` is the actor, the chapter ids follow (`{ids}`), and each row starts with its chapter id.
const DOC_OPENING_MANY_SQL: &str = "SELECT c.id, c.user_id, c.deleted_at, m.id, m.deleted_at, g.permission, h.doc_id \
     FROM chapter c \
     LEFT JOIN manuscript m ON m.id = c.manuscript_id \
     LEFT JOIN manuscript_grant g ON g.manuscript_id = c.manuscript_id AND g.user_id = $1 \
     LEFT JOIN doc_head h ON h.doc_id = c.id \
     WHERE c.id IN ({ids})";

/// [`DOC_LOAD_SQL`] for several documents ([`Store::doc_load_many`]): each row starts with its
/// document's id (`{ids}` is the list of them). Unordered: sorting would copy every row into a
/// temporary b-tree first (most of the statement's time for a novel's chapters), so the rows
/// are put in order as they are read.
const DOC_LOAD_MANY_SQL: &str = "SELECT h.doc_id, CAST(0 AS BIGINT), h.snapshot_seq, h.snapshot FROM doc_head h \
     WHERE h.doc_id IN ({ids}) \
     UNION ALL \
     SELECT u.doc_id, CAST(1 AS BIGINT), u.seq, u.update_v1 FROM doc_update u \
     JOIN doc_head h ON h.doc_id = u.doc_id AND u.seq > h.snapshot_seq \
     WHERE u.doc_id IN ({ids})";

/// How many ids one statement of [`Store::doc_opening_many`] or [`Store::doc_load_many`] names
/// at most; a shorter list is padded (with its last id) to the next of these sizes, so that a
/// connection keeps at most three such statements prepared, whatever the batches' sizes.
const IDS_PER_STATEMENT: [usize; 3] = [1, 8, 64];
/// The most ids one statement takes (the last of [`IDS_PER_STATEMENT`]).
const MOST_IDS_PER_STATEMENT: usize = IDS_PER_STATEMENT[IDS_PER_STATEMENT.len() - 1];

/// A document's snapshot and the updates after it ([`Store::doc_load`]).
const DOC_LOAD_SQL: &str = "SELECT CAST(0 AS BIGINT), snapshot_seq, snapshot FROM doc_head WHERE doc_id = $1 \
     UNION ALL \
     SELECT CAST(1 AS BIGINT), u.seq, u.update_v1 FROM doc_update u \
     JOIN doc_head h ON h.doc_id = u.doc_id AND u.seq > h.snapshot_seq \
     WHERE u.doc_id = $1 \
     ORDER BY 1, 2";

/// A chapter's owner and trash state, its manuscript's id and trash state, the actor's grant on
/// that manuscript, and its document's id when it has one (see [`Store::doc_opening`]).
type AccessRow = (
    String,
    Option<i64>,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Option<String>,
);

/// An [`AccessRow`] led by its chapter's id (see [`Store::doc_opening_many`]).
type IdAccessRow = (
    String,
    String,
    Option<i64>,
    Option<String>,
    Option<i64>,
    Option<i64>,
    Option<String>,
);

pub use quire_core::policy::TextAccess;

/// What opening a chapter's document needs to know first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DocOpening {
    pub access: TextAccess,
    /// Whether anything was ever written to the document (else it may be seeded from the
    /// chapter's content row: [`Store::doc_seed_html`]).
    pub has_document: bool,
}

impl Store {
    /// The actor's access to the document of chapter `chapter_id`, as the access policy gives
    /// it for the actor's role on the manuscript and whether the chapter or manuscript is in
    /// the trash; `NotFound` for anyone without a role and for a chapter that does not exist.
    pub async fn doc_access(
        &self,
        actor: &str,
        chapter_id: &str,
    ) -> Result<TextAccess, StoreError> {
        Ok(self.doc_opening(actor, chapter_id).await?.access)
    }

    /// [`Store::doc_access`], and whether the chapter has a document, in one statement (a
    /// socket opening a novel asks this for every chapter): the chapter's owner and trash
    /// state, its manuscript's (a missing manuscript counts as trashed), the actor's grant on
    /// it and the document's head, decided by the access policy as every other access is.
    pub async fn doc_opening(
        &self,
        actor: &str,
        chapter_id: &str,
    ) -> Result<DocOpening, StoreError> {
        let found: Option<AccessRow> = sqlx::query_as::<Any, AccessRow>(DOC_OPENING_SQL)
            .bind(chapter_id)
            .bind(actor)
            .fetch_optional(&self.pool)
            .await?;
        opening(actor, found.ok_or(StoreError::NotFound)?)
    }

    /// [`Store::doc_opening`] for several chapters in as few statements as
    /// [`IDS_PER_STATEMENT`] allows (a device opening a novel sends its chapters' `Auth` frames
    /// together): one answer per id, in the order given.
    pub async fn doc_opening_many(
        &self,
        actor: &str,
        chapter_ids: &[&str],
    ) -> Result<Vec<Result<DocOpening, StoreError>>, StoreError> {
        let mut found: std::collections::HashMap<String, AccessRow> =
            std::collections::HashMap::with_capacity(chapter_ids.len());
        for chunk in distinct(chapter_ids).chunks(MOST_IDS_PER_STATEMENT) {
            let sql = DOC_OPENING_MANY_SQL.replace("{ids}", &placeholders(2, chunk.len()));
            let mut query = sqlx::query_as::<Any, IdAccessRow>(AssertSqlSafe(sql)).bind(actor);
            for id in padded(chunk) {
                query = query.bind(*id);
            }
            for (id, owner, deleted, manuscript, manuscript_deleted, grant, head) in
                query.fetch_all(&self.pool).await?
            {
                found.insert(
                    id,
                    (owner, deleted, manuscript, manuscript_deleted, grant, head),
                );
            }
        }
        Ok(chapter_ids
            .iter()
            .map(|id| match found.get(*id) {
                Some(row) => opening(actor, row.clone()),
                None => Err(StoreError::NotFound),
            })
            .collect())
    }

    /// Whether the chapter has a document (anything was ever written to it).
    pub async fn doc_exists(&self, doc_id: &str) -> Result<bool, StoreError> {
        Ok(self.doc_updated_at(doc_id).await?.is_some())
    }

    /// When the chapter's document was last written, if it has one.
    pub async fn doc_updated_at(&self, doc_id: &str) -> Result<Option<i64>, StoreError> {
        let found: Option<(i64,)> =
            sqlx::query_as::<Any, _>("SELECT updated_at FROM doc_head WHERE doc_id = $1")
                .bind(doc_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(found.map(|(at,)| at))
    }

    /// For a chapter that has no document yet: the text it had before, the HTML of its live
    /// content row written last (by an older client, an import or a copy), if non-empty; `None`
    /// for a chapter with a document (written since [`Store::doc_opening`] said it had none).
    /// An editor's join seeds the document from this (`quire_collab::forward::seed`).
    pub async fn doc_seed_html(&self, chapter_id: &str) -> Result<Option<String>, StoreError> {
        let found: Option<(String,)> = sqlx::query_as::<Any, _>(
            "SELECT doc FROM chapter_content WHERE chapter_id = $1 AND deleted_at IS NULL \
             AND NOT EXISTS (SELECT 1 FROM doc_head WHERE doc_id = $1) \
             ORDER BY updated_at DESC, id DESC LIMIT 1",
        )
        .bind(chapter_id)
        .fetch_optional(&self.pool)
        .await?;
        let Some((doc,)) = found else {
            return Ok(None);
        };
        let doc: serde_json::Value = serde_json::from_str(&doc)?;
        Ok(doc
            .get("content")
            .and_then(serde_json::Value::as_str)
            .filter(|html| !html.trim().is_empty())
            .map(str::to_owned))
    }

    /// The snapshot and every update after it, consistent with each other: one statement,
    /// so a compaction swapping the snapshot cannot come between the two (the head row comes
    /// first, then the updates in order).
    pub async fn doc_load(&self, doc_id: &str) -> Result<StoredDoc, StoreError> {
        let rows = sqlx::query_as::<Any, (i64, i64, Option<Vec<u8>>)>(DOC_LOAD_SQL)
            .bind(doc_id)
            .fetch_all(&self.pool)
            .await?;
        let mut rows = rows.into_iter();
        let Some((_, snapshot_seq, snapshot)) = rows.next() else {
            return Ok(StoredDoc::default());
        };
        let updates = rows
            .filter_map(|(_, seq, update)| {
                Some(LoggedUpdate {
                    seq,
                    update: update?,
                })
            })
            .collect();
        Ok(StoredDoc {
            snapshot,
            snapshot_seq,
            updates,
        })
    }

    /// [`Store::doc_load`] for several documents in as few statements as
    /// [`IDS_PER_STATEMENT`] allows (the rooms a device's novel opens load together): one
    /// answer per id, in the order given, each as consistent as `doc_load`'s (a statement reads
    /// its documents' heads and updates at one moment). An id given twice is answered twice.
    pub async fn doc_load_many(&self, doc_ids: &[&str]) -> Result<Vec<StoredDoc>, StoreError> {
        let mut loaded: std::collections::HashMap<String, StoredDoc> =
            std::collections::HashMap::with_capacity(doc_ids.len());
        for chunk in distinct(doc_ids).chunks(MOST_IDS_PER_STATEMENT) {
            let sql = DOC_LOAD_MANY_SQL.replace("{ids}", &placeholders(1, chunk.len()));
            let mut query =
                sqlx::query_as::<Any, (String, i64, i64, Option<Vec<u8>>)>(AssertSqlSafe(sql));
            for id in padded(chunk) {
                query = query.bind(*id);
            }
            for (id, kind, seq, bytes) in query.fetch_all(&self.pool).await? {
                let stored = loaded.entry(id).or_default();
                if kind == 0 {
                    (stored.snapshot, stored.snapshot_seq) = (bytes, seq);
                } else if let Some(update) = bytes {
                    stored.updates.push(LoggedUpdate { seq, update });
                }
            }
        }
        let mut answers = Vec::with_capacity(doc_ids.len());
        for (i, id) in doc_ids.iter().enumerate() {
            let Some(mut stored) = loaded.remove(*id) else {
                answers.push(StoredDoc::default());
                continue;
            };
            stored.updates.sort_unstable_by_key(|update| update.seq);
            if doc_ids[i + 1..].contains(id) {
                loaded.insert((*id).to_owned(), stored.clone());
            }
            answers.push(stored);
        }
        Ok(answers)
    }

    /// Updates after `after`, in order; `None` when the snapshot already covers more than
    /// `after` (a compaction folded some of them away: load the document instead). One
    /// statement, so the snapshot's position and the updates are read at the same moment.
    pub async fn doc_since(
        &self,
        doc_id: &str,
        after: i64,
    ) -> Result<Option<Vec<(i64, Vec<u8>)>>, StoreError> {
        let rows = sqlx::query_as::<Any, (i64, Option<i64>, Option<Vec<u8>>)>(
            "SELECT h.snapshot_seq, u.seq, u.update_v1 FROM doc_head h \
             LEFT JOIN doc_update u ON u.doc_id = h.doc_id AND u.seq > $2 \
             WHERE h.doc_id = $1 ORDER BY u.seq",
        )
        .bind(doc_id)
        .bind(after)
        .fetch_all(&self.pool)
        .await?;
        if rows
            .first()
            .is_some_and(|(snapshot_seq, _, _)| *snapshot_seq > after)
        {
            return Ok(None);
        }
        Ok(Some(
            rows.into_iter()
                .filter_map(|(_, seq, update)| Some((seq?, update?)))
                .collect(),
        ))
    }

    /// Appends updates in one transaction and answers their sequence numbers.
    pub async fn doc_append(
        &self,
        doc_id: &str,
        updates: &[Vec<u8>],
    ) -> Result<Vec<i64>, StoreError> {
        let mut seqs = self.doc_append_many(&[(doc_id, updates)]).await?;
        Ok(seqs.pop().unwrap_or_default())
    }

    /// Appends several documents' updates in **one** transaction (a group commit across
    /// documents: one fsync for all of them) and answers each document's sequence numbers, in
    /// the order given. Documents are written in id order, so two instances' batches take the
    /// head rows' locks in the same order and cannot deadlock; appends to one document given
    /// twice keep their order. All or nothing: if the transaction fails, none is stored.
    ///
    /// A batch is a handful of statements however many documents it holds (the heads in one,
    /// the updates in one per [`ROWS_PER_INSERT`], PostgreSQL's doorbell in one): on SQLite
    /// every statement is a round trip to the connection's thread, and under load those
    /// hand-offs, not SQLite, were most of an append's cost.
    pub async fn doc_append_many(
        &self,
        batch: &[(&str, &[Vec<u8>])],
    ) -> Result<Vec<Vec<i64>>, StoreError> {
        if batch.iter().all(|(_, updates)| updates.is_empty()) {
            return Ok(vec![Vec::new(); batch.len()]);
        }
        let mut tx = self.write_tx().await?;
        let answers = append_in(&mut tx, self.backend(), batch).await?;
        tx.commit().await?;
        Ok(answers)
    }

    /// Replaces the snapshot by `state` (covering every update up to `upto`) and deletes those
    /// updates, in one transaction, if the stored snapshot still covers `expected_snapshot_seq`.
    /// Answers whether it swapped.
    pub async fn doc_swap_snapshot(
        &self,
        doc_id: &str,
        expected_snapshot_seq: i64,
        state: &[u8],
        upto: i64,
    ) -> Result<bool, StoreError> {
        let mut tx = self.write_tx().await?;
        let swapped = sqlx::query::<Any>(
            "UPDATE doc_head SET snapshot = $2, snapshot_seq = $3, updated_at = $4 \
             WHERE doc_id = $1 AND snapshot_seq = $5 AND head_seq >= $3",
        )
        .bind(doc_id)
        .bind(state)
        .bind(upto)
        .bind(now_ms())
        .bind(expected_snapshot_seq)
        .execute(&mut *tx)
        .await?
        .rows_affected();
        if swapped != 1 {
            tx.rollback().await?;
            return Ok(false);
        }
        sqlx::query::<Any>("DELETE FROM doc_update WHERE doc_id = $1 AND seq <= $2")
            .bind(doc_id)
            .bind(upto)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }
}

/// A document edited since the automatic-version job last looked at it (ADR 0011).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DueDoc {
    /// The document's id, which is its chapter's.
    pub doc_id: String,
    /// The chapter's owner, the user the version is written for.
    pub owner: String,
    /// The last sequence number given when it was read.
    pub head_seq: i64,
    /// The sequence number the job looked at last: its claim is conditional on this.
    pub version_seq: i64,
}

impl Store {
    /// Up to `limit` documents edited since the job last looked at them whose last automatic
    /// version was taken at `cutoff` or before (or never), least recently written first;
    /// chapters and manuscripts in the trash are left alone. For the server's snapshot job
    /// only: it answers documents of every user.
    pub async fn docs_due_for_version(
        &self,
        cutoff: i64,
        limit: i64,
    ) -> Result<Vec<DueDoc>, StoreError> {
        let rows = sqlx::query_as::<Any, (String, String, i64, i64)>(
            "SELECT h.doc_id, c.user_id, h.head_seq, h.version_seq FROM doc_head h \
             JOIN chapter c ON c.id = h.doc_id AND c.deleted_at IS NULL \
             JOIN manuscript m ON m.id = c.manuscript_id AND m.deleted_at IS NULL \
             WHERE h.head_seq > h.version_seq AND (h.version_at IS NULL OR h.version_at <= $1) \
             ORDER BY h.updated_at, h.doc_id LIMIT $2",
        )
        .bind(cutoff)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(doc_id, owner, head_seq, version_seq)| DueDoc {
                doc_id,
                owner,
                head_seq,
                version_seq,
            })
            .collect())
    }

    /// Records that the job looked at the document up to `head_seq` (and, with `taken_at`, took
    /// an automatic version then), if no one else did since it read `expected_version_seq`.
    /// Answers whether this call made the record.
    pub async fn doc_mark_versioned(
        &self,
        doc_id: &str,
        expected_version_seq: i64,
        head_seq: i64,
        taken_at: Option<i64>,
    ) -> Result<bool, StoreError> {
        let marked = sqlx::query::<Any>(
            "UPDATE doc_head SET version_seq = $3, version_at = COALESCE($4, version_at) \
             WHERE doc_id = $1 AND version_seq = $2",
        )
        .bind(doc_id)
        .bind(expected_version_seq)
        .bind(head_seq)
        .bind(taken_at)
        .execute(&self.pool)
        .await?
        .rows_affected();
        Ok(marked == 1)
    }
}

/// The doorbell's listening end (PostgreSQL only): which documents another instance wrote.
#[derive(Debug)]
pub struct Doorbell {
    listener: sqlx::postgres::PgListener,
}

/// What the doorbell says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ring {
    /// Someone appended to this document.
    Doc(String),
    /// The listening connection was lost and is being re-established: rings may have been
    /// missed, so every open document should fetch what it lacks.
    Reconnected,
}

impl Store {
    /// Listens to the doorbell; `None` on SQLite (one process owns the file).
    pub async fn doorbell(&self) -> Result<Option<Doorbell>, StoreError> {
        if self.backend() != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = sqlx::postgres::PgListener::connect(&self.url).await?;
        listener.listen(DOORBELL_CHANNEL).await?;
        Ok(Some(Doorbell { listener }))
    }
}

impl Doorbell {
    /// The next ring. Reconnects by itself after a lost connection (answering `Reconnected`
    /// once); an error means it could not reconnect this time — call again later.
    pub async fn next(&mut self) -> Result<Ring, StoreError> {
        match self.listener.try_recv().await? {
            Some(notification) => Ok(Ring::Doc(notification.payload().to_owned())),
            None => Ok(Ring::Reconnected),
        }
    }
}

/// The access a row of [`DOC_OPENING_SQL`] gives `actor` (see [`Store::doc_opening`]).
fn opening(actor: &str, row: AccessRow) -> Result<DocOpening, StoreError> {
    let (owner, chapter_deleted, manuscript, manuscript_deleted, grant, head) = row;
    let role = Role::of(actor, &owner, grant.and_then(SharePermission::from_value))
        .ok_or(StoreError::NotFound)?;
    let in_trash =
        chapter_deleted.is_some() || manuscript.is_none() || manuscript_deleted.is_some();
    Ok(DocOpening {
        access: text_access(role, in_trash),
        has_document: head.is_some(),
    })
}

/// The ids, each once (an id in two statements would have its rows read twice).
fn distinct<'a>(ids: &[&'a str]) -> Vec<&'a str> {
    let mut distinct = ids.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    distinct
}

/// A multi-row `VALUES` list: `rows` tuples of `width` parameters each, numbered from
/// `$first` (`($1, $2), ($3, $4)` for 2 rows of 2).
fn value_rows(first: usize, rows: usize, width: usize) -> String {
    (0..rows)
        .map(|row| {
            let at = first + row * width;
            let params: Vec<String> = (at..at + width).map(|n| format!("${n}")).collect();
            format!("({})", params.join(", "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `$first, $first+1, …` for the ids of a chunk of `len`, padded to its statement size.
fn placeholders(first: usize, len: usize) -> String {
    (first..first + statement_size(len))
        .map(|n| format!("${n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The ids of a chunk padded with its last one up to its statement size (`IN` ignores the
/// repeats).
fn padded<'a>(chunk: &'a [&'a str]) -> impl Iterator<Item = &'a &'a str> {
    let pad = statement_size(chunk.len()) - chunk.len();
    chunk
        .iter()
        .chain(std::iter::repeat_n(&chunk[chunk.len() - 1], pad))
}

fn statement_size(len: usize) -> usize {
    IDS_PER_STATEMENT
        .into_iter()
        .find(|&size| size >= len)
        .unwrap_or(len)
}

/// [`Store::doc_append_many`] within the caller's write transaction `conn`, so a caller can
/// commit documents together with rows (an import's chapters and their text).
pub(crate) async fn append_in(
    conn: &mut sqlx::AnyConnection,
    backend: Backend,
    batch: &[(&str, &[Vec<u8>])],
) -> Result<Vec<Vec<i64>>, StoreError> {
    let mut answers = vec![Vec::new(); batch.len()];
    let mut order: Vec<usize> = (0..batch.len())
        .filter(|&i| !batch[i].1.is_empty())
        .collect();
    if order.is_empty() {
        return Ok(answers);
    }
    // Stable: one document's appends stay in the order given.
    order.sort_by_key(|&i| batch[i].0);
    // Each document once, with how many updates it gets (PostgreSQL refuses an upsert
    // that touches one row twice).
    let mut counts: Vec<(&str, i64)> = Vec::new();
    for &i in &order {
        let (doc_id, updates) = batch[i];
        match counts.last_mut() {
            Some((last, count)) if *last == doc_id => *count += updates.len() as i64,
            _ => counts.push((doc_id, updates.len() as i64)),
        }
    }
    let now = now_ms();
    // The heads first (creating them, or bumping them and so taking their row locks), in
    // id order; then every update of the batch.
    let mut next_seq: HashMap<&str, i64> = HashMap::with_capacity(counts.len());
    for chunk in counts.chunks(DOCS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO doc_head (doc_id, head_seq, updated_at) VALUES {} \
             ON CONFLICT (doc_id) DO UPDATE SET head_seq = doc_head.head_seq + excluded.head_seq, \
             updated_at = excluded.updated_at \
             RETURNING doc_id, head_seq",
            value_rows(1, chunk.len(), 3)
        );
        // Prepared and kept only for one document, as the insert below (see there).
        let mut query =
            sqlx::query_as::<Any, (String, i64)>(AssertSqlSafe(sql)).persistent(chunk.len() == 1);
        for &(doc_id, count) in chunk {
            query = query.bind(doc_id).bind(count).bind(now);
        }
        let heads: HashMap<String, i64> = query.fetch_all(&mut *conn).await?.into_iter().collect();
        for &(doc_id, count) in chunk {
            let head = heads.get(doc_id).copied().ok_or_else(|| {
                StoreError::Database(sqlx::Error::Protocol(format!(
                    "bumping the head of document {doc_id} answered no row"
                )))
            })?;
            next_seq.insert(doc_id, head - count + 1);
        }
    }
    let mut rows: Vec<(&str, i64, &[u8])> = Vec::new();
    for &i in &order {
        let (doc_id, updates) = batch[i];
        let first = next_seq[doc_id];
        let count = updates.len() as i64;
        next_seq.insert(doc_id, first + count);
        answers[i] = (first..first + count).collect();
        rows.extend(
            updates
                .iter()
                .zip(first..)
                .map(|(update, seq)| (doc_id, seq, update.as_slice())),
        );
    }
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let sql = format!(
            "INSERT INTO doc_update (doc_id, seq, update_v1, created_at) VALUES {}",
            value_rows(1, chunk.len(), 4)
        );
        // A statement of one row is kept prepared, as every append's was; one of several is
        // not: each row count is its own SQL text, and caching up to ROWS_PER_INSERT of them
        // on each pooled connection made the server's idle memory grow with its documents.
        let mut query = sqlx::query::<Any>(AssertSqlSafe(sql)).persistent(chunk.len() == 1);
        for &(doc_id, seq, update) in chunk {
            query = query.bind(doc_id).bind(seq).bind(update).bind(now);
        }
        query.execute(&mut *conn).await?;
    }
    if backend == Backend::Postgres {
        // Every document of the batch rung in one statement (delivered on commit).
        for chunk in counts.chunks(DOCS_PER_STATEMENT) {
            let sql = format!(
                "SELECT pg_notify($1, doc) FROM (VALUES {}) AS rung (doc)",
                value_rows(2, chunk.len(), 1)
            );
            let mut query = sqlx::query::<Any>(AssertSqlSafe(sql))
                .persistent(chunk.len() == 1)
                .bind(DOORBELL_CHANNEL);
            for &(doc_id, _) in chunk {
                query = query.bind(doc_id);
            }
            query.execute(&mut *conn).await?;
        }
    }
    Ok(answers)
}
