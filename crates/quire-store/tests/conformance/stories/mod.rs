//! The stories, each an `async fn(Store)` that panics on a failed expectation, and their helpers.

mod access;
mod docs;
mod trash;
mod trees;
mod writes;

pub use access::*;
pub use docs::*;
pub use trash::*;
pub use trees::*;
pub use writes::*;

use quire_core::Id;
use quire_core::manuscript::{DAY_MS, DeleteMode, HOUR_MS};
use quire_store::accounts::NewUser;
use quire_store::manuscripts::{EntityKind, EntityRow, MANUSCRIPT_IS_DELETED, Patch, Written};
use quire_store::{Store, StoreError};
use serde_json::{Map, Value, json};

pub(crate) const T: i64 = 1_772_000_000_000;

pub(crate) async fn user(store: &Store, name: &str) -> String {
    let id = Id::random().as_str().to_owned();
    store
        .create_user(&NewUser {
            id: id.clone(),
            name: name.to_owned(),
            email: format!("{name}@example.com"),
            email_normalized: format!("{name}@example.com"),
            password_hash: None,
            meta: "{}".into(),
            settings: "{}".into(),
            gift_uid: None,
            created_at: T,
        })
        .await
        .expect("create the user");
    id
}

pub(crate) fn doc(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => panic!("a JSON object"),
    }
}

pub(crate) fn row(kind: EntityKind, user: &str) -> EntityRow {
    EntityRow {
        last_device_id: "device-a".into(),
        ..EntityRow::new(kind, Id::random().as_str(), user, T)
    }
}

pub(crate) async fn put(store: &Store, user: &str, row: EntityRow) -> EntityRow {
    match store.put(user, row, T).await.expect("put") {
        Written::Applied(row) => row,
        Written::Stale(row) => panic!("unexpectedly stale: {row:?}"),
    }
}

pub(crate) async fn manuscript(store: &Store, user: &str) -> EntityRow {
    put(
        store,
        user,
        EntityRow {
            name: "My novel".into(),
            ..row(EntityKind::Manuscript, user)
        },
    )
    .await
}

pub(crate) fn inside(kind: EntityKind, user: &str, manuscript: &EntityRow) -> EntityRow {
    EntityRow {
        manuscript_id: Some(manuscript.id.clone()),
        ..row(kind, user)
    }
}

pub(crate) fn folder_in(user: &str, parent: Option<&EntityRow>, order: f64) -> EntityRow {
    EntityRow {
        folder_id: parent.map(|p| p.id.clone()),
        order,
        ..row(EntityKind::Folder, user)
    }
}

pub(crate) fn rule(result: Result<impl std::fmt::Debug, StoreError>) -> &'static str {
    match result {
        Err(StoreError::Rule(code)) => code,
        other => panic!("expected a rule refusal, got {other:?}"),
    }
}

pub(crate) fn not_found(result: Result<impl std::fmt::Debug, StoreError>) {
    assert!(matches!(result, Err(StoreError::NotFound)), "{result:?}");
}
