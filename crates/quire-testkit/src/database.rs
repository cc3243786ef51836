//! A database of the test's own: a temporary SQLite file, or a fresh PostgreSQL database
//! named `quire_test_<random>` that is dropped when the test ends (with the value).

use std::path::Path;

use quire_core::Id;
use sqlx::{AnyConnection, AssertSqlSafe, Connection, Executor};

/// The PostgreSQL server to create test databases on, from `QUIRE_TEST_POSTGRES_URL`
/// (e.g. `postgres://postgres@127.0.0.1:5432/postgres`).
pub(crate) fn postgres_admin_url() -> Option<String> {
    std::env::var("QUIRE_TEST_POSTGRES_URL")
        .ok()
        .filter(|url| !url.is_empty())
}

/// A test's database and how to drop it. Dropping the value drops the PostgreSQL database
/// (forcibly, so servers still connected to it do not keep it alive).
#[derive(Debug)]
pub struct TestDatabase {
    url: String,
    /// `(admin URL, database name)` for PostgreSQL; `None` for SQLite (the file goes with the
    /// temporary directory).
    postgres: Option<(String, String)>,
}

impl TestDatabase {
    /// A fresh database on `db`: for SQLite a file in `dir`, which must outlive it.
    pub async fn create(db: super::Db, dir: &Path) -> TestDatabase {
        match db {
            super::Db::Sqlite => TestDatabase {
                url: format!("sqlite://{}", dir.join("quire-test.db").display()),
                postgres: None,
            },
            super::Db::Postgres => {
                let admin = postgres_admin_url()
                    .expect("QUIRE_TEST_POSTGRES_URL must be set to test on PostgreSQL");
                sqlx::any::install_default_drivers();
                let name = format!("quire_test_{}", Id::random().as_str().to_ascii_lowercase());
                let mut conn = AnyConnection::connect(&admin)
                    .await
                    .unwrap_or_else(|e| panic!("cannot reach PostgreSQL at {admin}: {e}"));
                conn.execute(sqlx::raw_sql(AssertSqlSafe(format!(
                    "CREATE DATABASE {name}"
                ))))
                .await
                .expect("CREATE DATABASE");
                let _ = conn.close().await;
                TestDatabase {
                    url: replace_database(&admin, &name),
                    postgres: Some((admin, name)),
                }
            }
        }
    }

    pub fn url(&self) -> &str {
        &self.url
    }

    /// Drops the PostgreSQL database now.
    pub async fn drop_now(&mut self) {
        if let Some((admin, name)) = self.postgres.take() {
            drop_database(&admin, &name).await;
        }
    }

    /// Drops the PostgreSQL database from a thread of its own (for `Drop`, which cannot await).
    fn drop_in_background(&mut self) {
        if let Some((admin, name)) = self.postgres.take() {
            let _ = std::thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .expect("a runtime to drop the test database");
                runtime.block_on(drop_database(&admin, &name));
            })
            .join();
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        self.drop_in_background();
    }
}

async fn drop_database(admin: &str, name: &str) {
    if let Ok(mut conn) = AnyConnection::connect(admin).await {
        let _ = conn
            .execute(sqlx::raw_sql(AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            ))))
            .await;
        let _ = conn.close().await;
    }
}

/// `postgres://u@h:5432/postgres?x=y` with its database replaced by `name`.
fn replace_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let scheme_end = base.find("://").map_or(0, |i| i + 3);
    let base = match base[scheme_end..].find('/') {
        Some(slash) => &base[..scheme_end + slash],
        None => base,
    };
    match query {
        Some(query) => format!("{base}/{name}?{query}"),
        None => format!("{base}/{name}"),
    }
}

#[cfg(test)]
mod tests {
    use super::replace_database;

    #[test]
    fn the_database_name_is_replaced_and_the_query_kept() {
        assert_eq!(
            replace_database("postgres://postgres@127.0.0.1:5432/postgres", "t1"),
            "postgres://postgres@127.0.0.1:5432/t1"
        );
        assert_eq!(
            replace_database("postgres://u:p@h/db?sslmode=disable", "t2"),
            "postgres://u:p@h/t2?sslmode=disable"
        );
        assert_eq!(
            replace_database("postgres://u@h", "t3"),
            "postgres://u@h/t3"
        );
    }
}
