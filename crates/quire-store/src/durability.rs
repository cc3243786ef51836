//! What an acknowledged write promises: the settings every connection runs with so that a
//! committed transaction is on stable storage when its commit returns (ADR 0001), and reading
//! them back from a running pool.

use sqlx::{Any, AnyConnection, Executor};

use crate::{Backend, Store, StoreError};

/// The statements each new connection runs before the pool hands it out.
///
/// SQLite: WAL with `synchronous = FULL`, which syncs the WAL at every commit (`NORMAL` in WAL
/// mode may lose the last transactions on power loss), plus foreign keys and a busy timeout.
/// PostgreSQL: `synchronous_commit = on` for the session, so that a server or database default
/// of `off` (or a role's) cannot weaken what the server acknowledges.
pub(crate) fn session_settings(backend: Backend) -> &'static str {
    match backend {
        Backend::Sqlite => {
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
             PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;"
        }
        Backend::Postgres => "SET synchronous_commit = on",
    }
}

/// Applies [`session_settings`] to a fresh connection.
pub(crate) async fn prepare(conn: &mut AnyConnection, backend: Backend) -> Result<(), sqlx::Error> {
    conn.execute(sqlx::raw_sql(session_settings(backend)))
        .await?;
    Ok(())
}

/// The durability settings as one connection of the pool reports them, by name:
/// `journal_mode` and `synchronous` (`0` off, `1` normal, `2` full, `3` extra) on SQLite;
/// `synchronous_commit` and `fsync` on PostgreSQL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Durability(pub Vec<(&'static str, String)>);

impl Durability {
    /// The value of setting `name`, if it was read.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Whether a commit that returned survives power loss, as far as the database can tell:
    /// PostgreSQL's `fsync` is the server's own setting, which a session cannot change.
    pub fn survives_power_loss(&self) -> bool {
        match (self.get("synchronous"), self.get("synchronous_commit")) {
            (Some(level), _) => {
                self.get("journal_mode") == Some("wal") && matches!(level, "2" | "3")
            }
            (None, Some(commit)) => commit == "on" && self.get("fsync") == Some("on"),
            (None, None) => false,
        }
    }
}

impl Store {
    /// Reads the durability settings back from a connection of the pool.
    pub async fn durability(&self) -> Result<Durability, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let text = |sql: &'static str| sqlx::query_scalar::<Any, String>(sql);
        let settings = match self.backend() {
            Backend::Sqlite => {
                let journal = text("PRAGMA journal_mode").fetch_one(&mut *conn).await?;
                let level: i64 = sqlx::query_scalar::<Any, i64>("PRAGMA synchronous")
                    .fetch_one(&mut *conn)
                    .await?;
                vec![
                    ("journal_mode", journal.to_ascii_lowercase()),
                    ("synchronous", level.to_string()),
                ]
            }
            Backend::Postgres => vec![
                (
                    "synchronous_commit",
                    text("SHOW synchronous_commit")
                        .fetch_one(&mut *conn)
                        .await?,
                ),
                ("fsync", text("SHOW fsync").fetch_one(&mut *conn).await?),
            ],
        };
        Ok(Durability(settings))
    }
}
