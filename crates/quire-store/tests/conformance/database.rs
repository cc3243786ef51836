//! A store of the test's own: a temporary SQLite file, or a fresh PostgreSQL database created
//! on `QUIRE_TEST_POSTGRES_URL` and dropped afterwards. (quire-testkit does the same for the
//! server tests but depends on this crate, so it cannot be used here.)

use quire_core::Id;
use quire_store::Store;
use sqlx::{AnyConnection, AssertSqlSafe, Connection, Executor};

pub struct TestStore {
    pub store: Store,
    _dir: Option<tempfile::TempDir>,
    postgres: Option<(String, String)>,
}

impl TestStore {
    pub async fn sqlite() -> TestStore {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let url = format!("sqlite://{}", dir.path().join("quire-test.db").display());
        TestStore {
            store: Store::open(&url).await.expect("open the SQLite store"),
            _dir: Some(dir),
            postgres: None,
        }
    }

    /// `None` when `QUIRE_TEST_POSTGRES_URL` is not set.
    pub async fn postgres() -> Option<TestStore> {
        let admin = std::env::var("QUIRE_TEST_POSTGRES_URL")
            .ok()
            .filter(|u| !u.is_empty())?;
        sqlx::any::install_default_drivers();
        let name = format!("quire_test_{}", Id::random().as_str().to_ascii_lowercase());
        let mut conn = AnyConnection::connect(&admin)
            .await
            .expect("reach PostgreSQL");
        conn.execute(sqlx::raw_sql(AssertSqlSafe(format!(
            "CREATE DATABASE {name}"
        ))))
        .await
        .expect("CREATE DATABASE");
        let _ = conn.close().await;
        let (base, _) = admin.rsplit_once('/').expect("a database in the URL");
        let store = Store::open(&format!("{base}/{name}"))
            .await
            .expect("open the PostgreSQL store");
        Some(TestStore {
            store,
            _dir: None,
            postgres: Some((admin, name)),
        })
    }

    /// Closes the store and drops the PostgreSQL database.
    pub async fn finish(self) {
        self.store.close().await;
        if let Some((admin, name)) = self.postgres {
            let mut conn = AnyConnection::connect(&admin)
                .await
                .expect("reach PostgreSQL");
            conn.execute(sqlx::raw_sql(AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            ))))
            .await
            .expect("DROP DATABASE");
            let _ = conn.close().await;
        }
    }
}
