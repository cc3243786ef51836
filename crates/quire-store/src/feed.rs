//! The change feed's PostgreSQL transport: one `LISTEN/NOTIFY` channel that every instance
//! announces its committed changes on and listens to. The payload is opaque here (the server
//! encodes ids and kinds, never bodies) and must stay under NOTIFY's 8,000-byte limit.

use sqlx::Any;

use crate::{Backend, Store, StoreError};

/// The PostgreSQL channel the change feed runs on.
pub const FEED_CHANNEL: &str = "quire_feed";

/// The largest payload [`Store::feed_notify`] sends: PostgreSQL refuses 8,000 bytes or more.
pub const FEED_PAYLOAD_MAX: usize = 7_999;

impl Store {
    /// Announces `payload` to every instance listening to the feed (their [`FeedListener`]s).
    /// Does nothing on SQLite: one process owns the file and delivers in memory.
    pub async fn feed_notify(&self, payload: &str) -> Result<(), StoreError> {
        if self.backend() != Backend::Postgres {
            return Ok(());
        }
        if payload.len() > FEED_PAYLOAD_MAX {
            return Err(StoreError::Rule("feed_payload_too_large"));
        }
        sqlx::query::<Any>("SELECT pg_notify($1, $2)")
            .bind(FEED_CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Listens to the feed; `None` on SQLite.
    pub async fn feed_listener(&self) -> Result<Option<FeedListener>, StoreError> {
        if self.backend() != Backend::Postgres {
            return Ok(None);
        }
        let mut listener = sqlx::postgres::PgListener::connect(&self.url).await?;
        listener.listen(FEED_CHANNEL).await?;
        Ok(Some(FeedListener { listener }))
    }
}

/// The feed's listening end (PostgreSQL only).
#[derive(Debug)]
pub struct FeedListener {
    listener: sqlx::postgres::PgListener,
}

/// What the listener hears.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// One announcement, as sent to [`Store::feed_notify`].
    Payload(String),
    /// The listening connection was lost and re-established: announcements may have been
    /// missed meanwhile.
    Reconnected,
}

impl FeedListener {
    /// The next announcement. Reconnects by itself after a lost connection (answering
    /// `Reconnected` once); an error means it could not reconnect this time — call again later.
    pub async fn next(&mut self) -> Result<Heard, StoreError> {
        match self.listener.try_recv().await? {
            Some(notification) => Ok(Heard::Payload(notification.payload().to_owned())),
            None => Ok(Heard::Reconnected),
        }
    }
}
