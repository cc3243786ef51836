//! `POST actions/multiple/`: the activity log a device sends (ADR 0010). The answer is how many
//! entries were new (the client only needs success to clear what it sent). A batch is checked
//! whole before anything is stored: every entry needs a 22-character `id`, a `type` and a
//! `created_at`; the rest is kept as sent.

use axum::extract::State;
use quire_core::Id;
use quire_core::time::now_ms;
use quire_protocol::{Failure, Success};
use quire_store::activity::ActivityEntry;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::extract::{ApiJson, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;

/// Entries one batch may carry (a device sends what it gathered in 5 s, or after days offline
/// at most 3 days' worth in several batches).
pub const MAX_ENTRIES: usize = 500;
/// The largest entry, as JSON.
pub const MAX_ENTRY_BYTES: usize = 8 * 1024;
/// The longest `type`.
pub const MAX_TYPE_LEN: usize = 64;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ActivityBatch {
    /// Entries `{id, type, created_at, device_id?, platform?, user_id?, related_ids?,
    /// details?, device_fingerprint?}`.
    #[schema(value_type = Vec<Object>)]
    pub actions: Vec<Value>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ActivityStored {
    /// Entries stored by this call (an entry sent before is not stored twice).
    pub stored: u64,
}

/// `POST actions/multiple/`: stores a batch of the caller's activity log.
#[utoipa::path(post, path = "/actions/multiple/", tag = "actions", request_body = ActivityBatch,
    responses((status = 200, body = Success<ActivityStored>),
              (status = 422, description = "invalid_fields: `actions` too long (`too_many`), or an \
                entry without a valid `id`, `type` or `created_at`, or larger than 8 KiB \
                (`actions` = `invalid`)", body = Failure)))]
pub async fn record(
    State(app): State<AppState>,
    actor: Actor,
    ApiJson(batch): ApiJson<ActivityBatch>,
) -> Result<Envelope<ActivityStored>, ApiError> {
    if batch.actions.len() > MAX_ENTRIES {
        return Err(ApiError::field("actions", "too_many"));
    }
    let entries = batch
        .actions
        .iter()
        .map(entry)
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| ApiError::field("actions", "invalid"))?;
    let stored = app
        .store
        .record_activity(&actor.user_id, &entries, now_ms())
        .await?;
    Ok(Envelope(ActivityStored { stored }))
}

/// One entry, checked; `None` when it is not one.
fn entry(value: &Value) -> Option<ActivityEntry> {
    let object: &Map<String, Value> = value.as_object()?;
    let id = object.get("id")?.as_str()?;
    Id::parse(id).ok()?;
    let kind = object.get("type")?.as_str()?;
    if kind.is_empty() || kind.len() > MAX_TYPE_LEN {
        return None;
    }
    let created_at = object.get("created_at")?.as_i64()?;
    let data = value.to_string();
    if data.len() > MAX_ENTRY_BYTES {
        return None;
    }
    Some(ActivityEntry {
        id: id.to_owned(),
        kind: kind.to_owned(),
        created_at,
        data,
    })
}
