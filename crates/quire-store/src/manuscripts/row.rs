//! How the one row type every kind shares (quire-core's `EntityRow`) maps to a kind's
//! columns: the select list, the written columns with their values, and decoding. Table and column names come from
//! [`EntityKind`] only, never from input, so the SQL built here is safe to format.

use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{Any, AnyConnection, Row};

use super::kind::{EntityKind, InManuscript, Parent};
use crate::StoreError;
pub use quire_core::manuscript::EntityRow;

/// A value to bind, typed so that a NULL has the right type on PostgreSQL.
#[derive(Debug, Clone)]
pub(crate) enum Bind {
    Text(Option<String>),
    Int(Option<i64>),
    Real(f64),
}

pub(crate) fn bind_all<'q>(
    mut query: sqlx::query::Query<'q, Any, sqlx::any::AnyArguments>,
    values: Vec<Bind>,
) -> sqlx::query::Query<'q, Any, sqlx::any::AnyArguments> {
    for value in values {
        query = match value {
            Bind::Text(v) => query.bind(v),
            Bind::Int(v) => query.bind(v),
            Bind::Real(v) => query.bind(v),
        };
    }
    query
}

/// The select list of `kind`, in the order [`decode`] reads.
pub(crate) fn select_list(kind: EntityKind) -> String {
    let text_or_null = |present: bool, column: &str| {
        if present {
            column.to_owned()
        } else {
            "CAST(NULL AS TEXT)".to_owned()
        }
    };
    let mut cols = vec!["id".to_owned(), "user_id".to_owned()];
    cols.push(text_or_null(
        kind.in_manuscript() != InManuscript::No,
        "manuscript_id",
    ));
    for parent in Parent::ALL {
        cols.push(text_or_null(kind.has_parent(parent), parent.column()));
    }
    cols.push(
        if kind.has_hour() {
            "hour"
        } else {
            "CAST(NULL AS BIGINT)"
        }
        .to_owned(),
    );
    cols.push("sort_order".to_owned());
    cols.push(kind.name_column().unwrap_or("CAST('' AS TEXT)").to_owned());
    cols.extend(
        [
            "doc",
            "created_at",
            "updated_at",
            "synced_at",
            "deleted_at",
            "last_device_id",
        ]
        .map(str::to_owned),
    );
    cols.join(", ")
}

pub(crate) fn decode(kind: EntityKind, row: &AnyRow) -> Result<EntityRow, StoreError> {
    let doc: String = row.try_get(10)?;
    let doc = match serde_json::from_str(&doc)? {
        Value::Object(map) => map,
        _ => {
            return Err(StoreError::Corrupt(format!(
                "{} doc is not an object",
                kind.table()
            )));
        }
    };
    Ok(EntityRow {
        kind,
        id: row.try_get(0)?,
        user_id: row.try_get(1)?,
        manuscript_id: row.try_get(2)?,
        folder_id: row.try_get(3)?,
        group_id: row.try_get(4)?,
        outline_id: row.try_get(5)?,
        chapter_id: row.try_get(6)?,
        hour: row.try_get(7)?,
        order: row.try_get(8)?,
        name: row.try_get(9)?,
        doc,
        created_at: row.try_get(11)?,
        updated_at: row.try_get(12)?,
        synced_at: row.try_get(13)?,
        deleted_at: row.try_get(14)?,
        last_device_id: row.try_get(15)?,
    })
}

/// The written columns of `kind` (all but `id`, `user_id` and `created_at`) with their values.
pub(crate) fn written_columns(row: &EntityRow) -> Vec<(&'static str, Bind)> {
    let kind = row.kind;
    let mut cols = Vec::new();
    if kind.in_manuscript() != InManuscript::No {
        cols.push(("manuscript_id", Bind::Text(row.manuscript_id.clone())));
    }
    for &parent in kind.parents() {
        cols.push((
            parent.column(),
            Bind::Text(row.parent(parent).map(str::to_owned)),
        ));
    }
    if kind.has_hour() {
        cols.push(("hour", Bind::Int(row.hour)));
    }
    cols.push(("sort_order", Bind::Real(row.order)));
    if let Some(name) = kind.name_column() {
        cols.push((name, Bind::Text(Some(row.name.clone()))));
    }
    cols.push((
        "doc",
        Bind::Text(Some(Value::Object(row.doc.clone()).to_string())),
    ));
    cols.push(("updated_at", Bind::Int(Some(row.updated_at))));
    cols.push(("synced_at", Bind::Int(row.synced_at)));
    cols.push(("deleted_at", Bind::Int(row.deleted_at)));
    cols.push((
        "last_device_id",
        Bind::Text(Some(row.last_device_id.clone())),
    ));
    cols
}

/// The row `id` of `kind`, whoever owns it: the caller decides what a foreign owner means.
pub(crate) async fn load_any_owner(
    conn: &mut AnyConnection,
    kind: EntityKind,
    id: &str,
) -> Result<Option<EntityRow>, StoreError> {
    let sql = format!(
        "SELECT {} FROM {} WHERE id = $1",
        select_list(kind),
        kind.table()
    );
    let row = sqlx::query::<Any>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(&mut *conn)
        .await?;
    row.map(|r| decode(kind, &r)).transpose()
}

/// The actor's row `id` of `kind`; someone else's is `NotFound`.
pub(crate) async fn load(
    conn: &mut AnyConnection,
    actor: &str,
    kind: EntityKind,
    id: &str,
) -> Result<EntityRow, StoreError> {
    match load_any_owner(conn, kind, id).await? {
        Some(row) if row.user_id == actor => Ok(row),
        _ => Err(StoreError::NotFound),
    }
}

/// The actor's rows of `kind` matching `filter` (SQL over the kind's columns, with `$1` the
/// actor and the following placeholders `args`), by order then id.
pub(crate) async fn load_where(
    conn: &mut AnyConnection,
    actor: &str,
    kind: EntityKind,
    filter: &str,
    args: Vec<Bind>,
) -> Result<Vec<EntityRow>, StoreError> {
    let sql = format!(
        "SELECT {} FROM {} WHERE user_id = $1 AND ({filter}) ORDER BY sort_order, id",
        select_list(kind),
        kind.table()
    );
    let query = sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)).bind(actor.to_owned());
    let rows = bind_all(query, args).fetch_all(&mut *conn).await?;
    rows.iter().map(|r| decode(kind, r)).collect()
}

/// Inserts `row` as a new row.
pub(crate) async fn insert(conn: &mut AnyConnection, row: &EntityRow) -> Result<(), StoreError> {
    let cols = written_columns(row);
    let names: Vec<&str> = cols.iter().map(|(n, _)| *n).collect();
    let placeholders: Vec<String> = (4..4 + cols.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "INSERT INTO {} (id, user_id, created_at, {}) VALUES ($1, $2, $3, {})",
        row.kind.table(),
        names.join(", "),
        placeholders.join(", ")
    );
    let mut values = vec![
        Bind::Text(Some(row.id.clone())),
        Bind::Text(Some(row.user_id.clone())),
        Bind::Int(Some(row.created_at)),
    ];
    values.extend(cols.into_iter().map(|(_, v)| v));
    bind_all(sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)), values)
        .execute(&mut *conn)
        .await
        .map_err(|e| unique_to_conflict(row.kind, e))?;
    Ok(())
}

/// Replaces every written column of the stored row `row.id` (owned by `row.user_id`), unless
/// the stored row has meanwhile become newer than `row`: quire-core's last-writer-wins rule
/// (`lww::Stamp::wins_over`), restated in the statement's guard so that concurrent writers
/// cannot both win.
/// Answers whether the row was replaced.
pub(crate) async fn replace(conn: &mut AnyConnection, row: &EntityRow) -> Result<bool, StoreError> {
    let cols = written_columns(row);
    let sets: Vec<String> = cols
        .iter()
        .enumerate()
        .map(|(i, (name, _))| format!("{name} = ${}", i + 5))
        .collect();
    let sql = format!(
        "UPDATE {} SET {} WHERE id = $1 AND user_id = $2 \
         AND (updated_at < $3 OR (updated_at = $3 AND last_device_id <= $4))",
        row.kind.table(),
        sets.join(", ")
    );
    let mut values = vec![
        Bind::Text(Some(row.id.clone())),
        Bind::Text(Some(row.user_id.clone())),
        Bind::Int(Some(row.updated_at)),
        Bind::Text(Some(row.last_device_id.clone())),
    ];
    values.extend(cols.into_iter().map(|(_, v)| v));
    let done = bind_all(sqlx::query::<Any>(sqlx::AssertSqlSafe(sql)), values)
        .execute(&mut *conn)
        .await
        .map_err(|e| unique_to_conflict(row.kind, e))?;
    Ok(done.rows_affected() == 1)
}

/// A unique violation as a `Conflict`: the word-count hour bucket (one row per user,
/// manuscript and hour), or else the id taken by a concurrent insert.
fn unique_to_conflict(kind: EntityKind, e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(db) if db.kind() == sqlx::error::ErrorKind::UniqueViolation => {
            StoreError::Conflict(if kind.has_hour() { "hour" } else { "id" })
        }
        _ => e.into(),
    }
}
