//! Uploads (`POST uploads/` with a file's name, data and type; ADR 0008): images and PDFs up to
//! 10 MiB, sent as base64 in JSON, kept in the object store under `<user id>/<upload id>` with
//! an `upload` row beside them, and served back to their owner only. The declared type, the
//! data URL's type and the bytes' signature must all agree.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD_PAD_INDIFFERENT;
use quire_core::Id;
use quire_core::manuscript::Title;
use quire_core::time::now_ms;
use quire_core::upload::{FileType, MAX_UPLOAD_BYTES, safe_file_name};
use quire_protocol::Failure;
use quire_store::manuscripts::{EntityKind, EntityRow};
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::chapter_versions::required_id;
use super::disposition::{Disposition, content_disposition};
use super::entities::{device_header, wire};
use super::extract::{ApiJson, ApiPath, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;
use crate::objects::ObjectKey;

/// The largest `POST uploads/` body: a file of [`MAX_UPLOAD_BYTES`] in base64 (4 bytes for 3)
/// with room for the JSON around it. A file a little over the limit is still read and refused
/// as `file_too_large`; a body over this is `payload_too_large` before it is read.
pub const UPLOAD_BODY_MAX: usize = MAX_UPLOAD_BYTES / 3 * 4 + 1024 * 1024;

/// What a browser may do with an upload served back: show it, run nothing.
const UPLOAD_CSP: &str = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

#[derive(Debug, Deserialize, ToSchema)]
pub struct UploadRequest {
    /// A name to show (at most 255 characters); the file's safe name when left out.
    pub name: Option<String>,
    pub file: UploadFile,
    /// The manuscript the file belongs to (a cover, an element's picture); the user's own when
    /// left out.
    pub manuscript_id: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct UploadFile {
    /// The file's name on the client's disk; made safe before it is kept.
    pub name: Option<String>,
    /// The bytes in base64, or a `data:<type>;base64,…` URL.
    pub data: String,
    /// `image/png`, `image/jpeg`, `image/gif`, `image/webp` or `application/pdf`.
    #[serde(rename = "type")]
    pub media_type: Option<String>,
}

/// The refusal of a file of a type Quire does not keep.
fn unsupported() -> ApiError {
    ApiError::refused(StatusCode::UNPROCESSABLE_ENTITY, "unsupported_file_type")
}

fn too_large() -> ApiError {
    ApiError::refused(StatusCode::PAYLOAD_TOO_LARGE, "file_too_large")
}

/// The file's type and bytes: the declared type and a data URL's must name the same accepted
/// type, and the bytes must be of it.
fn decode_file(file: &UploadFile) -> Result<(FileType, Vec<u8>), ApiError> {
    let (url_type, base64) = match file.data.strip_prefix("data:") {
        Some(url) => {
            let (meta, payload) = url
                .split_once(',')
                .ok_or_else(|| ApiError::field("file.data", "invalid"))?;
            let media_type = meta
                .strip_suffix(";base64")
                .ok_or_else(|| ApiError::field("file.data", "invalid"))?;
            (Some(media_type), payload)
        }
        None => (None, file.data.as_str()),
    };
    let declared = match (file.media_type.as_deref(), url_type) {
        (Some(declared), Some(url)) => {
            let declared = FileType::from_declared(declared).ok_or_else(unsupported)?;
            if FileType::from_declared(url) != Some(declared) {
                return Err(ApiError::refused(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "file_type_mismatch",
                ));
            }
            declared
        }
        (Some(declared), None) | (None, Some(declared)) => {
            FileType::from_declared(declared).ok_or_else(unsupported)?
        }
        (None, None) => return Err(ApiError::field("file.type", "required")),
    };
    let base64: Vec<u8> = base64
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    // Three bytes per four characters: refuse before decoding what cannot fit.
    if base64.len() / 4 * 3 > MAX_UPLOAD_BYTES + 2 {
        return Err(too_large());
    }
    let bytes = STANDARD_PAD_INDIFFERENT
        .decode(&base64)
        .map_err(|_| ApiError::field("file.data", "invalid"))?;
    if bytes.is_empty() {
        return Err(ApiError::field("file.data", "required"));
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(too_large());
    }
    if FileType::sniff(&bytes) != Some(declared) {
        return Err(ApiError::refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            "file_type_mismatch",
        ));
    }
    Ok((declared, bytes))
}

/// The wire object of an upload: the row's fields (not its storage key) and its `url`.
fn upload_object(row: &EntityRow) -> Value {
    let mut object = wire::to_wire(row, now_ms());
    if let Value::Object(map) = &mut object {
        map.remove("key");
        map.insert("url".into(), format!("/api/v4/uploads/{}", row.id).into());
    }
    object
}

/// `POST uploads/`: keeps a file and answers its upload object with the `url` to read it at.
#[utoipa::path(post, path = "/uploads/", tag = "uploads", request_body = UploadRequest,
    responses((status = 200, description = "`{id, name, file_name, content_type, size, \
                manuscript_id, url, …}`", body = Success<Object>),
              (status = 404, description = "not_found: the manuscript is not the caller's", body = Failure),
              (status = 409, description = "manuscript_is_deleted", body = Failure),
              (status = 413, description = "file_too_large (over 10 MiB), payload_too_large", body = Failure),
              (status = 422, description = "unsupported_file_type, file_type_mismatch (the bytes \
                are not of the declared type), invalid_fields", body = Failure)))]
pub async fn upload(
    State(app): State<AppState>,
    actor: Actor,
    headers: HeaderMap,
    ApiJson(body): ApiJson<UploadRequest>,
) -> Result<Envelope<Value>, ApiError> {
    let (file_type, bytes) = decode_file(&body.file)?;
    let given_name = body.name.as_deref().map(str::trim).unwrap_or("");
    let file_name = safe_file_name(
        match body.file.name.as_deref() {
            Some(file_name) if !file_name.trim().is_empty() => file_name,
            _ => given_name,
        },
        file_type,
    );
    let name = if given_name.is_empty() {
        file_name.as_str()
    } else {
        given_name
    };
    let name = Title::parse_optional(name).map_err(|code| {
        let code = match code.0 {
            "title_too_long" => "name_too_long",
            "title_invalid" => "name_invalid",
            other => other,
        };
        ApiError::field("name", code)
    })?;
    let manuscript_id = body
        .manuscript_id
        .as_deref()
        .filter(|m| !m.is_empty())
        .map(|m| required_id(Some(m), "manuscript_id"))
        .transpose()?;
    let id = Id::random();
    let key = ObjectKey::new(&actor.user_id, id.as_str())
        .ok_or_else(|| anyhow::anyhow!("user id {:?} cannot name a key", actor.user_id))?;
    let now = now_ms();
    let size = bytes.len();
    let mut doc = Map::new();
    doc.insert("file_name".into(), file_name.into());
    doc.insert("content_type".into(), file_type.media_type().into());
    doc.insert("size".into(), size.into());
    doc.insert("key".into(), key.to_string().into());
    let row = EntityRow {
        manuscript_id,
        name: name.into_string(),
        doc,
        last_device_id: device_header(&headers).unwrap_or_default().to_owned(),
        ..EntityRow::new(EntityKind::Upload, id.as_str(), &actor.user_id, now)
    };
    app.objects
        .put(&key, Bytes::from(bytes))
        .await
        .map_err(anyhow::Error::from)?;
    match app.store.insert_all(&actor.user_id, vec![row], now).await {
        Ok(rows) => Ok(Envelope(
            rows.first().map(upload_object).unwrap_or_default(),
        )),
        Err(e) => {
            if let Err(removal) = app.objects.delete(&key).await {
                tracing::error!(error = %removal, %key, "an unrecorded upload was not removed");
            }
            Err(e.into())
        }
    }
}

/// Images are shown in place; anything else is downloaded.
fn disposition(file_name: &str, file_type: Option<FileType>) -> HeaderValue {
    let how = if file_type.is_some_and(FileType::is_image) {
        Disposition::Inline
    } else {
        Disposition::Attachment
    };
    content_disposition(file_name, how)
}

/// `GET uploads/{id}`: the file's bytes, to its owner only.
#[utoipa::path(get, path = "/uploads/{id}", tag = "uploads", params(("id" = String, Path)),
    responses((status = 200, description = "The bytes, with the stored content type",
                content_type = "application/octet-stream"),
              (status = 404, body = Failure)))]
pub async fn download(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
) -> Result<Response, ApiError> {
    let id = wire::path_id(&id)?;
    let row = app
        .store
        .get(&actor.user_id, EntityKind::Upload, &id)
        .await?;
    if row.deleted_at.is_some() {
        return Err(ApiError::NotFound);
    }
    let text = |key: &str| row.doc.get(key).and_then(Value::as_str).unwrap_or("");
    let Some(key) = ObjectKey::parse(text("key")).filter(|k| k.owner() == actor.user_id) else {
        return Err(anyhow::anyhow!("upload {id} has no usable key").into());
    };
    let Some(object) = app.objects.get(&key).await.map_err(anyhow::Error::from)? else {
        tracing::warn!(%key, "an upload's bytes are missing");
        return Err(ApiError::NotFound);
    };
    let file_type = FileType::from_declared(text("content_type"));
    let content_type = file_type.map_or("application/octet-stream", FileType::media_type);
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static(content_type)),
        (header::CONTENT_LENGTH, HeaderValue::from(object.size)),
        (
            header::CONTENT_DISPOSITION,
            disposition(text("file_name"), file_type),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(UPLOAD_CSP),
        ),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, max-age=86400"),
        ),
    ];
    Ok((headers, object.body).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_10_mib_file_in_base64_fits_the_upload_body_limit() {
        let encoded = base64::engine::general_purpose::STANDARD
            .encode(vec![0_u8; MAX_UPLOAD_BYTES])
            .len();
        assert!(encoded + 200 < UPLOAD_BODY_MAX);
        const { assert!(UPLOAD_BODY_MAX < 16 * 1024 * 1024) };
    }

    #[test]
    fn images_are_shown_in_place_and_anything_else_downloaded() {
        let png = disposition("map.png", Some(FileType::Png));
        assert!(png.to_str().unwrap().starts_with("inline; "));
        let pdf = disposition("notes.pdf", Some(FileType::Pdf));
        assert!(pdf.to_str().unwrap().starts_with("attachment; "));
    }
}
