//! Opening the database: pool settings, SQLite pragmas, migrations and reference seeding.

use std::time::Duration;

use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{Any, AnyPool, Transaction};

use crate::StoreError;
use crate::durability;

static SQLITE_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// Which database a [`Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// The backend a database URL names, by its scheme.
    pub fn from_url(url: &str) -> Result<Self, StoreError> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Ok(Backend::Postgres)
        } else {
            Err(StoreError::UnsupportedUrl(redact(url)))
        }
    }
}

/// The database, shared by every request. Cheap to clone.
#[derive(Clone)]
pub struct Store {
    pub(crate) pool: AnyPool,
    backend: Backend,
    /// The URL, kept for PostgreSQL's LISTEN connection (the doorbell of `docs`).
    pub(crate) url: String,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("backend", &self.backend)
            .field("url", &redact(&self.url))
            .finish_non_exhaustive()
    }
}

impl Store {
    /// A transaction that writes. On SQLite it takes the write lock at once (`BEGIN
    /// IMMEDIATE`): a deferred transaction that reads, then writes after another connection
    /// committed, fails at once with "database is locked" (the busy timeout cannot help a lock
    /// upgrade in WAL mode), where an immediate one waits its turn. PostgreSQL's `BEGIN` already
    /// waits on row locks.
    pub(crate) async fn write_tx(&self) -> Result<Transaction<'static, Any>, sqlx::Error> {
        match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Backend::Postgres => self.pool.begin().await,
        }
    }

    /// Connects, applies pending migrations and seeds the reference tables.
    ///
    /// An SQLite file is created if missing. Every connection runs the durability settings of
    /// [`durability::session_settings`]: a commit is on disk when it returns, because an
    /// acknowledged write must survive a power cut, not only a crash (ADR 0001).
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let backend = Backend::from_url(url)?;
        install_default_drivers();
        let options = AnyPoolOptions::new()
            .acquire_timeout(Duration::from_secs(10))
            .max_connections(match backend {
                Backend::Sqlite => 8,
                Backend::Postgres => 16,
            })
            // sqlx pings a connection before each use, to find one its server dropped. An
            // SQLite connection is a file this process holds: nothing drops it, and the ping is
            // a round trip to the connection's thread before every statement.
            .test_before_acquire(backend == Backend::Postgres);
        let pool = options
            .after_connect(move |conn, _meta| Box::pin(durability::prepare(conn, backend)))
            .connect(&match backend {
                Backend::Sqlite => sqlite_url_creating_file(url),
                Backend::Postgres => url.to_owned(),
            })
            .await?;
        let store = Store {
            pool,
            backend,
            url: url.to_owned(),
        };
        store.migrate().await?;
        store.seed().await?;
        let durability = store.durability().await?;
        if !durability.survives_power_loss() {
            tracing::warn!(
                settings = ?durability.0,
                "the database may lose acknowledged writes on power loss (is fsync off?)"
            );
        }
        Ok(store)
    }

    /// Applies the migrations of this backend that have not run yet.
    async fn migrate(&self) -> Result<(), StoreError> {
        match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS.run(&self.pool).await?,
            Backend::Postgres => POSTGRES_MIGRATIONS.run(&self.pool).await?,
        }
        Ok(())
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Answers when the database does: for readiness checks.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Closes every connection, waiting for those in use to be returned.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// Adds `mode=rwc` (read, write, create) to an SQLite URL that names no mode.
fn sqlite_url_creating_file(url: &str) -> String {
    if url.contains("mode=") {
        url.to_owned()
    } else if url.contains('?') {
        format!("{url}&mode=rwc")
    } else {
        format!("{url}?mode=rwc")
    }
}

/// A URL fit for a log line or an error message: the password, if any, is masked.
pub(crate) fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &url[scheme_end + 3..at];
            match userinfo.find(':') {
                Some(colon) => format!(
                    "{}{}:***{}",
                    &url[..scheme_end + 3],
                    &userinfo[..colon],
                    &url[at..]
                ),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backend_is_chosen_by_the_url_scheme() {
        assert_eq!(
            Backend::from_url("sqlite://data/quire.db").unwrap(),
            Backend::Sqlite
        );
        assert_eq!(
            Backend::from_url("postgres://u@h/db").unwrap(),
            Backend::Postgres
        );
        assert_eq!(
            Backend::from_url("postgresql://u@h/db").unwrap(),
            Backend::Postgres
        );
        assert!(Backend::from_url("mysql://u:p@h/db").is_err());
    }

    #[test]
    fn an_unsupported_url_is_reported_without_its_password() {
        let err = Backend::from_url("mysql://ana:hunter2@db/quire").unwrap_err();
        let text = err.to_string();
        assert!(!text.contains("hunter2"), "{text}");
        assert!(text.contains("ana:***@db/quire"), "{text}");
    }

    #[test]
    fn an_sqlite_url_gets_create_mode_unless_it_names_one() {
        assert_eq!(
            sqlite_url_creating_file("sqlite://a.db"),
            "sqlite://a.db?mode=rwc"
        );
        assert_eq!(
            sqlite_url_creating_file("sqlite://a.db?cache=shared"),
            "sqlite://a.db?cache=shared&mode=rwc"
        );
        assert_eq!(
            sqlite_url_creating_file("sqlite://a.db?mode=ro"),
            "sqlite://a.db?mode=ro"
        );
    }
}
