//! A writer's hourly word counts and writing sessions read for their lifetime figures: only the
//! values the figures need, without decoding whole rows (years of hourly records are many rows).

use quire_core::manuscript::{HourWords, SessionSpan};
use serde::Deserialize;
use serde_json::Value;
use sqlx::{Any, Row};

use super::kind::EntityKind;
use crate::{Store, StoreError};

/// `SELECT <columns> FROM <kind's table>` of the actor's live rows.
fn live_rows_sql(columns: &str, kind: EntityKind) -> sqlx::AssertSqlSafe<String> {
    sqlx::AssertSqlSafe(format!(
        "SELECT {columns} FROM {} WHERE user_id = $1 AND deleted_at IS NULL",
        kind.table()
    ))
}

/// The `words` of a record's document; the other fields are skipped unread.
#[derive(Deserialize)]
struct WordsOf {
    #[serde(default)]
    words: Value,
}

/// The `start` and `end` of a session's document.
#[derive(Deserialize)]
struct SpanOf {
    #[serde(default)]
    start: Value,
    #[serde(default)]
    end: Value,
}

impl Store {
    /// The actor's live hourly records in every manuscript, as hour and words (words that are
    /// not a whole number count 0, as everywhere else).
    pub async fn hour_words(&self, actor: &str) -> Result<Vec<HourWords>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows = sqlx::query::<Any>(live_rows_sql("hour, doc", EntityKind::WordCount))
            .bind(actor.to_owned())
            .fetch_all(&mut *conn)
            .await?;
        rows.iter()
            .map(|row| -> Result<HourWords, StoreError> {
                let doc: String = row.try_get(1)?;
                let words = serde_json::from_str::<WordsOf>(&doc)?.words.as_i64();
                Ok(HourWords {
                    hour: row.try_get(0)?,
                    words: words.unwrap_or(0),
                })
            })
            .collect()
    }

    /// The actor's live writing sessions in every manuscript, as start and end; a session
    /// without both as whole epoch milliseconds is left out.
    pub async fn session_spans(&self, actor: &str) -> Result<Vec<SessionSpan>, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let rows = sqlx::query::<Any>(live_rows_sql("doc", EntityKind::WritingSession))
            .bind(actor.to_owned())
            .fetch_all(&mut *conn)
            .await?;
        let mut spans = Vec::with_capacity(rows.len());
        for row in &rows {
            let doc: String = row.try_get(0)?;
            let span: SpanOf = serde_json::from_str(&doc)?;
            if let (Some(start), Some(end)) = (span.start.as_i64(), span.end.as_i64()) {
                spans.push(SessionSpan { start, end });
            }
        }
        Ok(spans)
    }
}
