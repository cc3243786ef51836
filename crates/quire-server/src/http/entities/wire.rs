//! The entity object on the wire (ADR 0007) and its rows: the kind's document merged with the
//! row's columns. Input is checked here, at the edge — ids, parents, names, orders, times and
//! the known document keys — so the store only ever sees well-formed rows.

use quire_core::Id;
use quire_core::id::RandomIds;
use quire_core::manuscript::{
    ChapterName, Title, clamp_words, count_words, days_left, hour_bucket, html_to_text,
    migrate_nicknames, parse_due_date,
};
use quire_core::time::EpochMs;
use quire_protocol::entity::{
    ChapterContentFields, ChapterFields, ChapterVersionFields, ElementFields, FolderFields,
    GroupFields, ManuscriptFields, NoteFields, OutlineFields, PlotboardFields,
    RelationshipBoardFields, ResearchFields, RowInput, StashFields, TodoFields, UploadFields,
    WordCountFields, WritingSessionFields,
};
use quire_store::manuscripts::{EntityKind, EntityRow, InManuscript, Parent, Patch};
use serde::de::DeserializeOwned;
use serde::de::value::MapDeserializer;
use serde_json::{Map, Value};

use crate::error::ApiError;
use crate::http::fields::Fields;

/// How far ahead of the server a client clock may be before its times are taken as "now".
pub const MAX_CLOCK_AHEAD_MS: EpochMs = 60_000;

/// The wire name of the word-count record's hour bucket.
const HOUR_FIELD: &str = "date";
const ORDER_FIELD: &str = "_order";
const DEVICE_FIELD: &str = "last_synced_device_id";

/// The longest device id kept.
const MAX_DEVICE_ID_CHARS: usize = 128;

/// Fields the server sets or derives: ignored on input.
const SERVER_FIELDS: [&str; 4] = ["user_id", "synced_at", "deleted_at", "days_left"];

/// The largest document of a kind, serialised: a chapter's content or version carries the
/// chapter's whole text (a 50,000-word chapter is about 400 KB of HTML), any other row far less.
pub const MAX_DOC_BYTES: usize = 1 << 20;
pub const MAX_TEXT_DOC_BYTES: usize = 8 << 20;

fn max_doc_bytes(kind: EntityKind) -> usize {
    match kind {
        EntityKind::ChapterContent | EntityKind::ChapterVersion => MAX_TEXT_DOC_BYTES,
        _ => MAX_DOC_BYTES,
    }
}

/// The size of `doc` as stored (its JSON text).
fn doc_bytes(doc: &Map<String, Value>) -> usize {
    serde_json::to_vec(doc).map_or(usize::MAX, |bytes| bytes.len())
}

/// Whether the kind's wire type parses `value` under `key`: a known key must hold its type
/// (`null` is absent); a key the type does not know is kept as sent.
fn accepts(kind: EntityKind, key: &str, value: &Value) -> bool {
    if !parses::<RowInput>(key, value) {
        return false;
    }
    match kind {
        EntityKind::Folder => parses::<FolderFields>(key, value),
        EntityKind::Manuscript => parses::<ManuscriptFields>(key, value),
        EntityKind::Group => parses::<GroupFields>(key, value),
        EntityKind::Outline => parses::<OutlineFields>(key, value),
        EntityKind::Chapter => parses::<ChapterFields>(key, value),
        EntityKind::ChapterContent => parses::<ChapterContentFields>(key, value),
        EntityKind::ChapterVersion => parses::<ChapterVersionFields>(key, value),
        EntityKind::Element => parses::<ElementFields>(key, value),
        EntityKind::Note => parses::<NoteFields>(key, value),
        EntityKind::Research => parses::<ResearchFields>(key, value),
        EntityKind::Stash => parses::<StashFields>(key, value),
        EntityKind::Todo => parses::<TodoFields>(key, value),
        EntityKind::Plotboard => parses::<PlotboardFields>(key, value),
        EntityKind::RelationshipBoard => parses::<RelationshipBoardFields>(key, value),
        EntityKind::WordCount => parses::<WordCountFields>(key, value),
        EntityKind::WritingSession => parses::<WritingSessionFields>(key, value),
        EntityKind::Upload => parses::<UploadFields>(key, value),
    }
}

/// Whether `T` parses the one-key object `{key: value}`. Keys are parsed one at a time so that
/// every refused field is named in one answer, not only the first.
fn parses<T: DeserializeOwned>(key: &str, value: &Value) -> bool {
    let object = MapDeserializer::<_, serde_json::Error>::new(std::iter::once((key, value)));
    T::deserialize(object).is_ok()
}

/// The wire name of the kind's name column.
fn name_field(kind: EntityKind) -> Option<&'static str> {
    kind.name_column()
}

/// An id from a path: a malformed one is `invalid_id`.
pub fn path_id(raw: &str) -> Result<String, ApiError> {
    field_id("id", raw)
}

/// An id in the body's `field`: a malformed one is `invalid_id` for that field.
pub fn field_id(field: &str, raw: &str) -> Result<String, ApiError> {
    Id::parse(raw)
        .map(|id| id.as_str().to_owned())
        .map_err(|_| ApiError::field(field, "invalid_id"))
}

/// An optional id in the body's `field`: absent or `""` is `None`.
pub fn optional_field_id(field: &str, raw: Option<&str>) -> Result<Option<String>, ApiError> {
    match raw {
        None | Some("") => Ok(None),
        Some(raw) => field_id(field, raw).map(Some),
    }
}

/// The fields of a body the kind keeps in columns, taken out of it; what is left is the
/// document.
#[derive(Debug, Default)]
struct Columns {
    manuscript_id: Option<Option<String>>,
    parents: Vec<(Parent, Option<String>)>,
    name: Option<String>,
    order: Option<f64>,
    hour: Option<EpochMs>,
    created_at: Option<EpochMs>,
    updated_at: Option<EpochMs>,
    device_id: Option<String>,
}

fn take_columns(
    kind: EntityKind,
    path_id: &str,
    body: &mut Map<String, Value>,
    now: EpochMs,
    refusals: &mut Fields,
) -> Columns {
    let mut columns = Columns::default();
    match body.remove("id") {
        None | Some(Value::Null) => {}
        Some(Value::String(id)) if id == path_id => {}
        Some(_) => refusals.add("id", "id_mismatch"),
    }
    for field in SERVER_FIELDS {
        body.remove(field);
    }
    if kind.in_manuscript() != InManuscript::No {
        if let Some(value) = take_typed(kind, body, "manuscript_id", "invalid_id", refusals) {
            columns.manuscript_id = Some(optional_id(&value, "manuscript_id", refusals));
        }
    } else {
        body.remove("manuscript_id");
    }
    for &parent in kind.parents() {
        if let Some(value) = take_typed(kind, body, parent.column(), "invalid_id", refusals) {
            columns
                .parents
                .push((parent, optional_id(&value, parent.column(), refusals)));
        }
    }
    if let Some(field) = name_field(kind)
        && let Some(value) = take_typed(kind, body, field, "invalid", refusals)
    {
        columns.name = Some(value.as_str().unwrap_or_default().to_owned());
    }
    columns.order =
        take_typed(kind, body, ORDER_FIELD, "invalid", refusals).and_then(|value| value.as_f64());
    if kind.has_hour()
        && let Some(value) = take_typed(kind, body, HOUR_FIELD, "invalid", refusals)
    {
        match value.as_i64() {
            Some(at) => columns.hour = Some(hour_bucket(at)),
            None => refusals.add(HOUR_FIELD, "invalid"),
        }
    }
    columns.created_at = take_time(kind, body, "created_at", refusals).map(|t| t.min(now));
    columns.updated_at = take_time(kind, body, "updated_at", refusals).map(|t| clamp_clock(t, now));
    if let Some(Value::String(device)) = take_typed(kind, body, DEVICE_FIELD, "invalid", refusals) {
        if device.chars().count() <= MAX_DEVICE_ID_CHARS {
            columns.device_id = Some(device);
        } else {
            refusals.add(DEVICE_FIELD, "invalid");
        }
    }
    columns
}

/// Takes `field` out of the body when the kind's type parses its value; a value it refuses is
/// recorded under `code` and left out.
fn take_typed(
    kind: EntityKind,
    body: &mut Map<String, Value>,
    field: &str,
    code: &str,
    refusals: &mut Fields,
) -> Option<Value> {
    let value = body.remove(field)?;
    if accepts(kind, field, &value) {
        Some(value)
    } else {
        refusals.add(field, code);
        None
    }
}

/// A client time more than [`MAX_CLOCK_AHEAD_MS`] ahead of the server is taken as now.
pub fn clamp_clock(at: EpochMs, now: EpochMs) -> EpochMs {
    if at > now + MAX_CLOCK_AHEAD_MS {
        now
    } else {
        at
    }
}

/// A time column: epoch milliseconds, never negative; `null` is absent.
fn take_time(
    kind: EntityKind,
    body: &mut Map<String, Value>,
    field: &str,
    refusals: &mut Fields,
) -> Option<EpochMs> {
    let at = take_typed(kind, body, field, "invalid", refusals)?.as_i64()?;
    if at >= 0 {
        Some(at)
    } else {
        refusals.add(field, "invalid");
        None
    }
}

/// An id column the kind's type accepted (a string or `null`): `null` and `""` are `None`.
fn optional_id(value: &Value, field: &str, refusals: &mut Fields) -> Option<String> {
    match value.as_str() {
        None | Some("") => None,
        Some(raw) => match Id::parse(raw) {
            Ok(id) => Some(id.as_str().to_owned()),
            Err(_) => {
                refusals.add(field, "invalid_id");
                None
            }
        },
    }
}

/// Checks and normalises the document keys the server knows; unknown keys are kept as sent.
fn check_doc(kind: EntityKind, doc: &mut Map<String, Value>, refusals: &mut Fields) {
    if doc_bytes(doc) > max_doc_bytes(kind) {
        refusals.add("doc", "document_too_large");
        return;
    }
    for (key, value) in doc.iter() {
        if !accepts(kind, key, value) {
            refusals.add(key, "invalid");
        }
    }
    if matches!(
        kind,
        EntityKind::WordCount | EntityKind::WritingSession | EntityKind::ChapterContent
    ) && let Some(words) = doc.get("words").and_then(Value::as_f64)
    {
        doc.insert("words".into(), Value::from(clamp_words(words as i64)));
    }
    if kind == EntityKind::ChapterContent
        && let Some(Value::String(html)) = doc.get("content")
    {
        doc.insert("words".into(), Value::from(html_words(html)));
    }
    if kind == EntityKind::Todo
        && let Some(Value::String(raw)) = doc.get("due_date")
    {
        match parse_due_date(raw) {
            Ok(due) => {
                doc.insert("due_date".into(), Value::String(due.to_string()));
            }
            Err(code) => refusals.add("due_date", code.0),
        }
    }
    if kind == EntityKind::Element
        && let Some(Value::Object(meta)) = doc.get_mut("meta")
        && let Some(nicknames) = meta.get("nicknames")
    {
        let migrated =
            serde_json::to_value(migrate_nicknames(nicknames, &mut RandomIds)).unwrap_or_default();
        meta.insert("nicknames".into(), migrated);
    }
}

/// The words of a chapter's HTML, as the server counts them (ADR 0008): the client's own
/// count is never trusted, so every device agrees on a chapter's words.
pub fn html_words(html: &str) -> i64 {
    i64::try_from(count_words(&html_to_text(html))).unwrap_or(i64::MAX)
}

/// The name or title of `kind` checked by the spec's rules: a chapter's name is required, any
/// other is at most 255 characters and may be empty.
fn check_name(kind: EntityKind, raw: &str, refusals: &mut Fields) -> String {
    let field = name_field(kind).unwrap_or("name");
    let parsed = if kind == EntityKind::Chapter {
        ChapterName::parse(raw).map(ChapterName::into_string)
    } else {
        Title::parse_optional(raw).map(Title::into_string)
    };
    match parsed {
        Ok(name) => name,
        Err(code) => {
            let code = code.0.replacen("title_", &format!("{field}_"), 1);
            refusals.add(field, &code);
            String::new()
        }
    }
}

/// The row a `put` of `body` writes: every field the body leaves out takes its default.
pub fn row_from_put(
    kind: EntityKind,
    id: &str,
    mut body: Map<String, Value>,
    device_header: Option<&str>,
    now: EpochMs,
) -> Result<EntityRow, ApiError> {
    let mut refusals = Fields::default();
    let columns = take_columns(kind, id, &mut body, now, &mut refusals);
    body.retain(|_, v| !v.is_null());
    check_doc(kind, &mut body, &mut refusals);
    let name = match (name_field(kind), &columns.name) {
        (Some(_), Some(raw)) => check_name(kind, raw, &mut refusals),
        (Some(_), None) if kind == EntityKind::Chapter => check_name(kind, "", &mut refusals),
        _ => String::new(),
    };
    if kind.has_hour() && columns.hour.is_none() {
        refusals.add(HOUR_FIELD, "required");
    }
    refusals.finish()?;
    let mut row = EntityRow::new(kind, id, "", columns.created_at.unwrap_or(now));
    row.manuscript_id = columns.manuscript_id.flatten();
    for (parent, value) in columns.parents {
        row.set_parent(parent, value);
    }
    row.name = name;
    row.order = columns.order.unwrap_or(0.0);
    row.hour = columns.hour;
    row.doc = body;
    row.updated_at = columns.updated_at.unwrap_or(now);
    row.last_device_id = device(columns.device_id, device_header);
    Ok(row)
}

/// A partial update: the patch, and the manuscript the body names, if it names one — a row
/// never moves to another manuscript (a copy makes a new one), so the caller checks that it is
/// the stored one.
#[derive(Debug)]
pub struct Update {
    pub patch: Patch,
    pub manuscript_id: Option<Option<String>>,
}

/// The partial update `body` makes: only the fields it names change.
pub fn patch_from_update(
    kind: EntityKind,
    id: &str,
    mut body: Map<String, Value>,
    device_header: Option<&str>,
    now: EpochMs,
) -> Result<Update, ApiError> {
    let mut refusals = Fields::default();
    let columns = take_columns(kind, id, &mut body, now, &mut refusals);
    if columns.hour.is_some() {
        refusals.add(HOUR_FIELD, "read_only");
    }
    check_doc(kind, &mut body, &mut refusals);
    let name = columns
        .name
        .as_deref()
        .map(|raw| check_name(kind, raw, &mut refusals));
    if columns.updated_at.is_none() {
        refusals.add("updated_at", "required");
    }
    refusals.finish()?;
    let mut patch = Patch {
        doc: body,
        name,
        order: columns.order,
        updated_at: columns.updated_at.unwrap_or(now),
        device_id: device(columns.device_id, device_header),
        ..Patch::default()
    };
    for (parent, value) in columns.parents {
        let slot = match parent {
            Parent::Folder => &mut patch.folder_id,
            Parent::Group => &mut patch.group_id,
            Parent::Outline => &mut patch.outline_id,
            Parent::Chapter => &mut patch.chapter_id,
        };
        *slot = Some(value);
    }
    Ok(Update {
        patch,
        manuscript_id: columns.manuscript_id,
    })
}

fn device(from_body: Option<String>, from_header: Option<&str>) -> String {
    from_body
        .or_else(|| from_header.map(str::to_owned))
        .unwrap_or_default()
}

/// The wire object of `row`; rows in the trash carry `days_left` at `now`.
pub fn to_wire(row: &EntityRow, now: EpochMs) -> Value {
    let mut object = row.doc.clone();
    let kind = row.kind;
    object.insert("id".into(), row.id.clone().into());
    object.insert("user_id".into(), row.user_id.clone().into());
    if kind.in_manuscript() != InManuscript::No {
        object.insert("manuscript_id".into(), row.manuscript_id.clone().into());
    }
    for &parent in kind.parents() {
        object.insert(
            parent.column().into(),
            row.parent(parent).map(str::to_owned).into(),
        );
    }
    if let Some(field) = name_field(kind) {
        object.insert(field.into(), row.name.clone().into());
    }
    if kind.has_hour() {
        object.insert(HOUR_FIELD.into(), row.hour.into());
    }
    object.insert(ORDER_FIELD.into(), row.order.into());
    object.insert("created_at".into(), row.created_at.into());
    object.insert("updated_at".into(), row.updated_at.into());
    object.insert("synced_at".into(), row.synced_at.into());
    object.insert("deleted_at".into(), row.deleted_at.into());
    object.insert(DEVICE_FIELD.into(), row.last_device_id.clone().into());
    if let Some(deleted_at) = row.deleted_at {
        object.insert("days_left".into(), days_left(deleted_at, now).into());
    }
    Value::Object(object)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    const ID: &str = "AAAAAAAAAAAAAAAAAAAAAA";
    const NOW: EpochMs = 1_800_000_000_000;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().cloned().expect("an object")
    }

    fn refused_fields(e: ApiError) -> std::collections::BTreeMap<String, String> {
        match e {
            ApiError::Invalid { fields, .. } => fields,
            other => panic!("expected invalid fields, got {other:?}"),
        }
    }

    #[test]
    fn a_put_splits_columns_from_the_document_and_round_trips() {
        let body = object(json!({
            "id": ID, "user_id": "someone-else", "manuscript_id": "MMMMMMMMMMMMMMMMMMMMMM",
            "group_id": "", "chapter_id": null, "name": "  Opening ", "_order": 2.1,
            "meta": {"color": "red"}, "updated_at": NOW - 5, "unknown": [1, 2]
        }));
        let row = row_from_put(EntityKind::Chapter, ID, body, Some("dev-1"), NOW).unwrap();
        assert_eq!(row.name, "Opening");
        assert_eq!(row.group_id, None);
        assert_eq!(row.manuscript_id.as_deref(), Some("MMMMMMMMMMMMMMMMMMMMMM"));
        assert_eq!(row.order, 2.1);
        assert_eq!(row.updated_at, NOW - 5);
        assert_eq!(row.last_device_id, "dev-1");
        assert_eq!(
            row.doc,
            object(json!({"meta": {"color": "red"}, "unknown": [1, 2]}))
        );
        let wire = to_wire(&row, NOW);
        assert_eq!(wire["name"], "Opening");
        assert_eq!(wire["_order"], 2.1);
        assert_eq!(wire["meta"]["color"], "red");
        assert_eq!(wire["group_id"], Value::Null);
        assert!(wire.get("days_left").is_none());
    }

    #[test]
    fn a_chapter_needs_a_name_and_titles_stop_at_255_characters() {
        let fields = refused_fields(
            row_from_put(
                EntityKind::Chapter,
                ID,
                object(json!({"name": " "})),
                None,
                NOW,
            )
            .unwrap_err(),
        );
        assert_eq!(fields["name"], "name_required");
        let long = "x".repeat(256);
        let fields = refused_fields(
            row_from_put(
                EntityKind::Manuscript,
                ID,
                object(json!({"title": long})),
                None,
                NOW,
            )
            .unwrap_err(),
        );
        assert_eq!(fields["title"], "title_too_long");
    }

    #[test]
    fn wrong_types_malformed_ids_and_a_foreign_body_id_are_refused_together() {
        let body = object(json!({
            "id": "BBBBBBBBBBBBBBBBBBBBBB", "folder_id": "../etc", "meta": "text",
            "_order": "first", "updated_at": "yesterday"
        }));
        let fields =
            refused_fields(row_from_put(EntityKind::Folder, ID, body, None, NOW).unwrap_err());
        assert_eq!(fields["id"], "id_mismatch");
        assert_eq!(fields["folder_id"], "invalid_id");
        assert_eq!(fields["meta"], "invalid");
        assert_eq!(fields["_order"], "invalid");
        assert_eq!(fields["updated_at"], "invalid");
    }

    #[test]
    fn a_clock_far_ahead_is_taken_as_the_server_now() {
        assert_eq!(clamp_clock(NOW + MAX_CLOCK_AHEAD_MS + 1, NOW), NOW);
        assert_eq!(
            clamp_clock(NOW + MAX_CLOCK_AHEAD_MS, NOW),
            NOW + MAX_CLOCK_AHEAD_MS
        );
        let row = row_from_put(
            EntityKind::Note,
            ID,
            object(json!({"created_at": NOW + 1_000_000})),
            None,
            NOW,
        )
        .unwrap();
        assert_eq!(row.created_at, NOW);
    }

    #[test]
    fn to_do_due_dates_are_stored_as_utc_and_bad_enums_refused() {
        let row = row_from_put(
            EntityKind::Todo,
            ID,
            object(json!({"due_date": "2026-11-22T10:00:00+02:00", "status": "pending"})),
            None,
            NOW,
        )
        .unwrap();
        assert_eq!(row.doc["due_date"], "2026-11-22T08:00:00.000Z");
        let fields = refused_fields(
            row_from_put(
                EntityKind::Todo,
                ID,
                object(json!({"priority": "urgent"})),
                None,
                NOW,
            )
            .unwrap_err(),
        );
        assert_eq!(fields["priority"], "invalid");
    }

    #[test]
    fn word_counts_need_their_hour_and_never_go_below_zero() {
        let row = row_from_put(
            EntityKind::WordCount,
            ID,
            object(json!({"date": 3_600_000 * 5 + 17, "words": -40})),
            None,
            NOW,
        )
        .unwrap();
        assert_eq!(row.hour, Some(3_600_000 * 5));
        assert_eq!(row.doc["words"], 0);
        let fields = refused_fields(
            row_from_put(
                EntityKind::WordCount,
                ID,
                object(json!({"words": 3})),
                None,
                NOW,
            )
            .unwrap_err(),
        );
        assert_eq!(fields["date"], "required");
    }

    #[test]
    fn a_chapter_contents_words_are_counted_from_its_html_not_taken_from_the_client() {
        let row = row_from_put(
            EntityKind::ChapterContent,
            ID,
            object(json!({"content": "<p>It was</p><p>a <b>dark</b> night</p>", "words": 99})),
            None,
            NOW,
        )
        .unwrap();
        assert_eq!(row.doc["words"], 5);
        let update = patch_from_update(
            EntityKind::ChapterContent,
            ID,
            object(json!({"content": "", "words": 3, "updated_at": NOW})),
            None,
            NOW,
        )
        .unwrap();
        assert_eq!(update.patch.doc["words"], 0);
    }

    #[test]
    fn element_nicknames_in_the_old_shape_are_migrated() {
        let row = row_from_put(
            EntityKind::Element,
            ID,
            object(json!({"name": "Ada", "meta": {"nicknames": ["Countess"]}})),
            None,
            NOW,
        )
        .unwrap();
        let nicknames = row.doc["meta"]["nicknames"].as_array().unwrap();
        assert_eq!(nicknames[0]["label"], "Countess");
        assert!(nicknames[0]["id"].is_string());
    }

    #[test]
    fn an_update_needs_its_time_and_names_only_the_fields_it_changes() {
        let fields = refused_fields(
            patch_from_update(
                EntityKind::Chapter,
                ID,
                object(json!({"name": "x"})),
                None,
                NOW,
            )
            .unwrap_err(),
        );
        assert_eq!(fields["updated_at"], "required");
        let update = patch_from_update(
            EntityKind::Chapter,
            ID,
            object(json!({
                "updated_at": NOW, "chapter_id": null, "meta": null,
                "manuscript_id": "MMMMMMMMMMMMMMMMMMMMMM"
            })),
            None,
            NOW,
        )
        .unwrap();
        assert_eq!(update.patch.chapter_id, Some(None));
        assert_eq!(update.patch.group_id, None);
        assert_eq!(update.patch.name, None);
        assert_eq!(update.patch.doc["meta"], Value::Null);
        assert_eq!(
            update.manuscript_id,
            Some(Some("MMMMMMMMMMMMMMMMMMMMMM".to_owned()))
        );
    }

    #[test]
    fn a_document_over_its_kinds_limit_is_refused() {
        let big = "x".repeat(MAX_DOC_BYTES);
        let fields = refused_fields(
            row_from_put(
                EntityKind::Note,
                ID,
                object(json!({"content": big})),
                None,
                NOW,
            )
            .unwrap_err(),
        );
        assert_eq!(fields["doc"], "document_too_large");
        let chapter_text = object(json!({"content": "x".repeat(MAX_DOC_BYTES)}));
        assert!(row_from_put(EntityKind::ChapterContent, ID, chapter_text, None, NOW).is_ok());
    }

    /// Parses `object` as the answer type of `kind`.
    fn parse_answer(kind: EntityKind, object: Value) -> Result<(), serde_json::Error> {
        use quire_protocol::entity as wire_types;
        fn parse<T: DeserializeOwned>(object: Value) -> Result<(), serde_json::Error> {
            serde_json::from_value::<T>(object).map(drop)
        }
        match kind {
            EntityKind::Folder => parse::<wire_types::Folder>(object),
            EntityKind::Manuscript => parse::<wire_types::Manuscript>(object),
            EntityKind::Group => parse::<wire_types::Group>(object),
            EntityKind::Outline => parse::<wire_types::Outline>(object),
            EntityKind::Chapter => parse::<wire_types::Chapter>(object),
            EntityKind::ChapterContent => parse::<wire_types::ChapterContent>(object),
            EntityKind::ChapterVersion => parse::<wire_types::ChapterVersion>(object),
            EntityKind::Element => parse::<wire_types::Element>(object),
            EntityKind::Note => parse::<wire_types::Note>(object),
            EntityKind::Research => parse::<wire_types::Research>(object),
            EntityKind::Stash => parse::<wire_types::Stash>(object),
            EntityKind::Todo => parse::<wire_types::Todo>(object),
            EntityKind::Plotboard => parse::<wire_types::Plotboard>(object),
            EntityKind::RelationshipBoard => parse::<wire_types::RelationshipBoard>(object),
            EntityKind::WordCount => parse::<wire_types::WordCount>(object),
            EntityKind::WritingSession => parse::<wire_types::WritingSession>(object),
            EntityKind::Upload => parse::<wire_types::Upload>(object),
        }
    }

    #[test]
    fn every_kinds_answer_parses_as_its_wire_type() {
        for kind in EntityKind::ALL {
            let body = object(json!({
                "manuscript_id": "MMMMMMMMMMMMMMMMMMMMMM", "name": "A", "title": "B",
                "date": NOW, "meta": {"color": "red"}, "content": "<p>Hi</p>", "unknown": 1
            }));
            let mut row = row_from_put(kind, ID, body, Some("dev"), NOW).unwrap();
            parse_answer(kind, to_wire(&row, NOW)).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
            row.deleted_at = Some(NOW);
            parse_answer(kind, to_wire(&row, NOW)).unwrap_or_else(|e| panic!("{kind:?}: {e}"));
        }
    }

    #[test]
    fn a_known_key_of_the_wrong_type_is_refused_whatever_the_kind() {
        let body = || object(json!({"meta": [], "_order": "first", "unknown": {"kept": true}}));
        for kind in EntityKind::ALL {
            let fields = refused_fields(row_from_put(kind, ID, body(), None, NOW).unwrap_err());
            assert_eq!(fields["meta"], "invalid", "{kind:?}");
            assert_eq!(fields["_order"], "invalid", "{kind:?}");
            assert!(!fields.contains_key("unknown"), "{kind:?}");
        }
    }

    #[test]
    fn rows_in_the_trash_carry_their_days_left() {
        let mut row = EntityRow::new(EntityKind::Folder, ID, "u", NOW);
        row.deleted_at = Some(NOW);
        assert_eq!(to_wire(&row, NOW)["days_left"], 60);
    }
}
