//! Writing statistics (ADR 0008): the hourly word-count records and the writing sessions a
//! client records, listed by manuscript and UTC days, the per-day totals of a NaNoWriMo-style
//! chart, and the writer's lifetime figures (`users/stats`). The client decides what a session
//! is (it knows the writer's time zone); the server stores, checks and sums.

use axum::extract::State;
use axum::http::HeaderMap;
use quire_core::manuscript::{DayRange, LifetimeStats, WriterZone, daily_totals, lifetime_stats};
use quire_core::time::{EpochMs, now_ms};
use quire_protocol::{Failure, Success};
use quire_store::StoreError;
use quire_store::manuscripts::{EntityKind, EntityRow};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};

use super::account::settings_of;
use super::chapter_versions::{HardDeleteQuery, required_id};
use super::entities::{self, device_header, wire, wire_all};
use super::extract::{ApiJson, ApiPath, ApiQuery, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;

/// Options of a statistics listing.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatsQuery {
    /// Only this manuscript's rows; every manuscript's when left out.
    pub manuscript_id: Option<String>,
    /// First UTC day, `YYYY-MM-DD`; with `to`, at most 366 days. Both left out: every row.
    pub from: Option<String>,
    /// Last UTC day, `YYYY-MM-DD`, included.
    pub to: Option<String>,
}

/// The range of a query: none, or both ends checked.
fn range(from: Option<&str>, to: Option<&str>) -> Result<Option<DayRange>, ApiError> {
    match (from, to) {
        (None, None) => Ok(None),
        (Some(from), Some(to)) => DayRange::parse(from, to)
            .map(Some)
            .map_err(|(field, code)| ApiError::field(field, code.0)),
        (Some(_), None) => Err(ApiError::field("to", "required")),
        (None, Some(_)) => Err(ApiError::field("from", "required")),
    }
}

/// The caller's live rows of `kind`, of one manuscript (which must be theirs) or of all.
async fn rows_of(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    manuscript_id: Option<&str>,
) -> Result<Vec<EntityRow>, ApiError> {
    Ok(match manuscript_id {
        Some(raw) => {
            let id = required_id(Some(raw), "manuscript_id")?;
            app.store
                .get(&actor.user_id, EntityKind::Manuscript, &id)
                .await?;
            app.store
                .list_by_manuscript(&actor.user_id, kind, Some(&id))
                .await?
        }
        None => app.store.list_all(&actor.user_id, kind).await?,
    })
}

fn doc_time(row: &EntityRow, key: &str) -> Option<EpochMs> {
    row.doc.get(key).and_then(Value::as_i64)
}

/// A session's `start` or `end`: required, whole epoch milliseconds.
fn session_time(row: &EntityRow, key: &str) -> Result<EpochMs, ApiError> {
    match row.doc.get(key) {
        None => Err(ApiError::field(key, "required")),
        Some(value) => value
            .as_i64()
            .ok_or_else(|| ApiError::field(key, "invalid")),
    }
}

fn words_of(row: &EntityRow) -> i64 {
    row.doc.get("words").and_then(Value::as_i64).unwrap_or(0)
}

/// `GET stats_word_counts`: the caller's hourly word counts, by hour.
#[utoipa::path(get, path = "/stats_word_counts", tag = "stats", params(StatsQuery),
    responses((status = 200, description = "Word count objects `{id, manuscript_id, date (the \
                hour, epoch ms), words, …}`", body = Success<Vec<quire_protocol::entity::WordCount>>),
              (status = 404, body = Failure),
              (status = 422, description = "date_invalid, to_before_from, range_too_long, required",
                body = Failure)))]
pub async fn list_word_counts(
    State(app): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<StatsQuery>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let range = range(query.from.as_deref(), query.to.as_deref())?;
    let mut rows = rows_of(
        &app,
        &actor,
        EntityKind::WordCount,
        query.manuscript_id.as_deref(),
    )
    .await?;
    rows.retain(|r| range.is_none_or(|range| r.hour.is_some_and(|h| range.contains(h))));
    rows.sort_by(|a, b| (a.hour, &a.id).cmp(&(b.hour, &b.id)));
    Ok(Envelope(wire_all(&rows, now_ms())))
}

/// `GET stats_word_counts/{id}`: one word count.
#[utoipa::path(get, path = "/stats_word_counts/{id}", tag = "stats", params(("id" = String, Path)),
    responses((status = 200, body = Success<quire_protocol::entity::WordCount>), (status = 404, body = Failure)))]
pub async fn get_word_count(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Value>, ApiError> {
    get_row(&app, &actor, EntityKind::WordCount, &id).await
}

async fn get_row(
    app: &AppState,
    actor: &Actor,
    kind: EntityKind,
    raw_id: &str,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(raw_id)?;
    let row = app.store.get(&actor.user_id, kind, &id).await?;
    Ok(Envelope(wire::to_wire(&row, now_ms())))
}

/// `PUT stats_word_counts/{id}`: records the words of one hour of one manuscript (create or
/// replace, last writer wins). A manuscript has one record per hour: a put for an hour that
/// already has a record under another id replaces that record's words, and the answer carries
/// the stored record's `id` for the client to adopt. `words` below 0 are stored as 0.
#[utoipa::path(put, path = "/stats_word_counts/{id}", tag = "stats",
    params(("id" = String, Path, description = "22-character id made by the client")),
    request_body(content = quire_protocol::entity::WordCountFields,
        description = "`{manuscript_id, date (any instant of the hour, epoch ms), words, \
        updated_at}`"),
    responses((status = 200, description = "The record as stored (its `id` may be another's)",
                body = Success<quire_protocol::entity::WordCount>),
              (status = 404, body = Failure),
              (status = 409, description = "manuscript_is_deleted", body = Failure),
              (status = 422, description = "invalid_fields (date required), manuscript_id_required",
                body = Failure)))]
pub async fn put_word_count(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(&id)?;
    let now = now_ms();
    let mut row = wire::row_from_put(
        EntityKind::WordCount,
        &id,
        body,
        device_header(&headers),
        now,
    )?;
    for attempt in 0..2 {
        if let Some(same_hour) = hour_record(&app, &actor, &row).await? {
            row.id = same_hour;
        }
        match app.store.put(&actor.user_id, row.clone(), now).await {
            Ok(written) => return Ok(Envelope(wire::to_wire(written.row(), now))),
            // Another put made this hour's record meanwhile: fold into it.
            Err(StoreError::Conflict("hour")) if attempt == 0 => continue,
            Err(e) => return Err(e.into()),
        }
    }
    Err(anyhow::anyhow!("word count {id} kept meeting a new record of its hour").into())
}

/// The id of the caller's record of `row`'s manuscript and hour under another id, the trash
/// included (the hour is taken either way).
async fn hour_record(
    app: &AppState,
    actor: &Actor,
    row: &EntityRow,
) -> Result<Option<String>, ApiError> {
    let Some(manuscript_id) = row.manuscript_id.as_deref() else {
        return Ok(None);
    };
    let kind = EntityKind::WordCount;
    let mut rows = app
        .store
        .list_by_manuscript(&actor.user_id, kind, Some(manuscript_id))
        .await?;
    rows.extend(app.store.list_deleted(&actor.user_id, kind).await?);
    Ok(rows
        .into_iter()
        .find(|r| {
            r.id != row.id
                && r.hour == row.hour
                && r.manuscript_id.as_deref() == Some(manuscript_id)
        })
        .map(|r| r.id))
}

/// `DELETE stats_word_counts/{id}`: puts a record in the trash (it stops counting), or with
/// `hard_delete=true` removes one already there.
#[utoipa::path(delete, path = "/stats_word_counts/{id}", tag = "stats",
    params(("id" = String, Path), HardDeleteQuery),
    responses((status = 200, body = Success<bool>), (status = 404, body = Failure),
              (status = 409, description = "was_not_deleted, is_not_deleted", body = Failure)))]
pub async fn delete_word_count(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<HardDeleteQuery>,
) -> Result<Envelope<bool>, ApiError> {
    entities::delete_entity(&app, &actor, EntityKind::WordCount, &id, query.into()).await
}

/// Options of the day totals.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DaysQuery {
    /// First UTC day, `YYYY-MM-DD` (required).
    pub from: Option<String>,
    /// Last UTC day, `YYYY-MM-DD`, included (required; at most 366 days after `from`).
    pub to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DayWords {
    /// `YYYY-MM-DD`, a UTC day.
    pub date: String,
    /// Words written that day.
    pub words: i64,
    /// Words written from `from` to the end of that day: the running total.
    pub total: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DayTotals {
    pub manuscript_id: String,
    pub from: String,
    pub to: String,
    /// Every day from `from` to `to`, days without writing included.
    pub days: Vec<DayWords>,
    /// Words written in the whole range.
    pub total: i64,
}

/// `GET stats_word_counts/nanowrimo/{id}?from=&to=`: a manuscript's words per UTC day.
#[utoipa::path(get, path = "/stats_word_counts/nanowrimo/{id}", tag = "stats",
    params(("id" = String, Path, description = "The manuscript's id"), DaysQuery),
    responses((status = 200, body = Success<DayTotals>), (status = 404, body = Failure),
              (status = 422, description = "from or to required, date_invalid, to_before_from, \
                range_too_long", body = Failure)))]
pub async fn nanowrimo(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<DaysQuery>,
) -> Result<Envelope<DayTotals>, ApiError> {
    let manuscript_id = wire::path_id(&id)?;
    app.store
        .get(&actor.user_id, EntityKind::Manuscript, &manuscript_id)
        .await?;
    let from = query
        .from
        .as_deref()
        .ok_or_else(|| ApiError::field("from", "required"))?;
    let to = query
        .to
        .as_deref()
        .ok_or_else(|| ApiError::field("to", "required"))?;
    let range = range(Some(from), Some(to))?.expect("both ends are given");
    let rows = app
        .store
        .list_by_manuscript(&actor.user_id, EntityKind::WordCount, Some(&manuscript_id))
        .await?;
    let records: Vec<(EpochMs, i64)> = rows
        .iter()
        .filter_map(|r| r.hour.map(|h| (h, words_of(r))))
        .collect();
    let days = daily_totals(&records, range);
    let total = days.last().map_or(0, |d| d.total);
    Ok(Envelope(DayTotals {
        manuscript_id,
        from: range.from.to_string(),
        to: range.to.to_string(),
        days: days
            .into_iter()
            .map(|d| DayWords {
                date: d.date.to_string(),
                words: d.words,
                total: d.total,
            })
            .collect(),
        total,
    }))
}

/// `GET writing_sessions`: the caller's writing sessions that overlap the days asked, by start.
#[utoipa::path(get, path = "/writing_sessions", tag = "stats", params(StatsQuery),
    responses((status = 200, description = "Session objects `{id, manuscript_id, start, end, \
                words, …}`", body = Success<Vec<quire_protocol::entity::WritingSession>>),
              (status = 404, body = Failure), (status = 422, body = Failure)))]
pub async fn list_sessions(
    State(app): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<StatsQuery>,
) -> Result<Envelope<Vec<Value>>, ApiError> {
    let range = range(query.from.as_deref(), query.to.as_deref())?;
    let mut rows = rows_of(
        &app,
        &actor,
        EntityKind::WritingSession,
        query.manuscript_id.as_deref(),
    )
    .await?;
    let span = |r: &EntityRow| {
        let start = doc_time(r, "start").unwrap_or(r.created_at);
        (start, doc_time(r, "end").unwrap_or(start))
    };
    rows.retain(|r| {
        range.is_none_or(|range| {
            let (start, end) = span(r);
            range.overlaps(start, end)
        })
    });
    rows.sort_by(|a, b| (span(a).0, &a.id).cmp(&(span(b).0, &b.id)));
    Ok(Envelope(wire_all(&rows, now_ms())))
}

/// `GET writing_sessions/{id}`: one writing session.
#[utoipa::path(get, path = "/writing_sessions/{id}", tag = "stats", params(("id" = String, Path)),
    responses((status = 200, body = Success<quire_protocol::entity::WritingSession>), (status = 404, body = Failure)))]
pub async fn get_session(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Envelope<Value>, ApiError> {
    get_row(&app, &actor, EntityKind::WritingSession, &id).await
}

/// `PUT writing_sessions/{id}`: records a writing session (create or replace, last writer
/// wins). `start` and `end` are required, `end` not before `start`; `words` below 0 are 0.
#[utoipa::path(put, path = "/writing_sessions/{id}", tag = "stats",
    params(("id" = String, Path, description = "22-character id made by the client")),
    request_body(content = quire_protocol::entity::WritingSessionFields,
        description = "`{manuscript_id, start, end (epoch ms), words, updated_at}`"),
    responses((status = 200, body = Success<quire_protocol::entity::WritingSession>), (status = 404, body = Failure),
              (status = 409, description = "manuscript_is_deleted", body = Failure),
              (status = 422, description = "invalid_fields (start or end required, \
                end_before_start), manuscript_id_required", body = Failure)))]
pub async fn put_session(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<Map<String, Value>>,
) -> Result<Envelope<Value>, ApiError> {
    let id = wire::path_id(&id)?;
    let now = now_ms();
    let kind = EntityKind::WritingSession;
    let row = wire::row_from_put(kind, &id, body, device_header(&headers), now)?;
    let start = session_time(&row, "start")?;
    if session_time(&row, "end")? < start {
        return Err(ApiError::field("end", "end_before_start"));
    }
    let written = app.store.put(&actor.user_id, row, now).await?;
    Ok(Envelope(wire::to_wire(written.row(), now)))
}

/// `DELETE writing_sessions/{id}`: puts a session in the trash, or with `hard_delete=true`
/// removes one already there.
#[utoipa::path(delete, path = "/writing_sessions/{id}", tag = "stats",
    params(("id" = String, Path), HardDeleteQuery),
    responses((status = 200, body = Success<bool>), (status = 404, body = Failure),
              (status = 409, description = "was_not_deleted, is_not_deleted", body = Failure)))]
pub async fn delete_session(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiQuery(query): ApiQuery<HardDeleteQuery>,
) -> Result<Envelope<bool>, ApiError> {
    entities::delete_entity(&app, &actor, EntityKind::WritingSession, &id, query.into()).await
}

/// Options of `users/stats`.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserStatsQuery {
    /// The writer's time zone, an IANA name (`Europe/Madrid`). Left out or blank: the user's
    /// `settings.timezone`, else UTC.
    pub timezone: Option<String>,
}

/// Minutes of writing, whole minutes rounded down; a session counts on the local day it starts.
#[derive(Debug, Serialize, ToSchema)]
pub struct MinuteStats {
    pub total: i64,
    pub today: i64,
    /// From Monday of the current local week to today.
    pub this_week: i64,
    pub this_month: i64,
    /// Up to two weekdays with the most minutes over all time, most first, 0 = Sunday …
    /// 6 = Saturday; ties go to the lower number; a weekday without minutes is never listed.
    pub best_days: Vec<u8>,
}

/// Words written; a record counts on the local day of its hour.
#[derive(Debug, Serialize, ToSchema)]
pub struct WordStats {
    pub total: i64,
    pub today: i64,
    pub yesterday: i64,
    /// From Monday of the current local week to today.
    pub this_week: i64,
    /// The seven days before this week's Monday.
    pub last_week: i64,
    pub this_month: i64,
    pub last_month: i64,
    pub this_year: i64,
}

/// The writer's lifetime figures, in local days of `timezone`.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserStats {
    /// The IANA name of the zone the days were counted in.
    pub timezone: String,
    pub minutes: MinuteStats,
    pub words: WordStats,
}

/// `GET users/stats`: the caller's minutes and words of today, this week, this month … across
/// all their manuscripts, from their live word-count records and writing sessions.
#[utoipa::path(get, path = "/users/stats", tag = "users", params(UserStatsQuery),
    responses((status = 200, body = Success<UserStats>),
              (status = 401, body = Failure),
              (status = 422, description = "fields.timezone: invalid (not a known IANA name)",
                body = Failure)))]
pub async fn user_stats(
    State(app): State<AppState>,
    actor: Actor,
    ApiQuery(query): ApiQuery<UserStatsQuery>,
) -> Result<Envelope<UserStats>, ApiError> {
    let zone = match query.timezone.as_deref().map(str::trim) {
        Some(name) if !name.is_empty() => {
            WriterZone::parse(name).map_err(|code| ApiError::field("timezone", code.0))?
        }
        _ => settings_zone(&app, &actor).await?,
    };
    let records = app.store.hour_words(&actor.user_id).await?;
    let sessions = app.store.session_spans(&actor.user_id).await?;
    let LifetimeStats { minutes, words } = lifetime_stats(&records, &sessions, now_ms(), &zone);
    Ok(Envelope(UserStats {
        timezone: zone.name().to_owned(),
        minutes: MinuteStats {
            total: minutes.total,
            today: minutes.today,
            this_week: minutes.this_week,
            this_month: minutes.this_month,
            best_days: minutes.best_days,
        },
        words: WordStats {
            total: words.total,
            today: words.today,
            yesterday: words.yesterday,
            this_week: words.this_week,
            last_week: words.last_week,
            this_month: words.this_month,
            last_month: words.last_month,
            this_year: words.this_year,
        },
    }))
}

/// The zone of the caller's `settings.timezone`; UTC when it is unset or names no zone the
/// database knows.
async fn settings_zone(app: &AppState, actor: &Actor) -> Result<WriterZone, ApiError> {
    let row = app.store.user(&actor.user_id).await?;
    Ok(settings_of(&row)
        .get("timezone")
        .and_then(Value::as_str)
        .and_then(|name| WriterZone::parse(name).ok())
        .unwrap_or_else(WriterZone::utc))
}
