//! Import and export calls (ADR 0021): a .docx previewed and imported (multipart forms: the
//! file and the writer's choices), and a manuscript downloaded as Word, PDF, EPUB, Markdown or
//! plain text. The work is `crate::manuscript_files`'; these handlers read the request and
//! shape the answer.

use axum::body::Bytes;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use quire_formats::options::{ExportOptions, ImportOptions};
use quire_formats::plan::Plan;
use quire_protocol::{Failure, Success};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::disposition::{Disposition, content_disposition};
use super::entities::wire;
use super::extract::{ApiJson, ApiPath, Envelope};
use crate::AppState;
use crate::auth::Actor;
use crate::error::ApiError;
use crate::manuscript_files::{self, Format, Imported, MAX_IMPORT_BYTES, Preview};

/// The import calls, with a body limit of their own: a .docx of [`MAX_IMPORT_BYTES`] and the
/// form around it.
pub fn import_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(preview))
        .routes(routes!(import))
        .layer(DefaultBodyLimit::max(MAX_IMPORT_BYTES + 256 * 1024))
}

/// The preview form.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // describes the multipart form in the OpenAPI document
pub struct PreviewForm {
    /// The .docx (at most 40 MiB).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// `true` to start subchapters at level-2 headings; `false` when left out.
    h2_as_subchapters: Option<bool>,
}

/// The import form.
#[derive(Debug, ToSchema)]
#[allow(dead_code)] // describes the multipart form in the OpenAPI document
pub struct ImportForm {
    /// The same .docx as the preview's.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// The plan as JSON: `{h2_as_subchapters, title, manuscript_id, folder_id, sections:
    /// [{index, title, include, merge_with_previous, split_at: [{block, title}]}]}`, every
    /// preview section once, in preview order.
    plan: String,
}

/// A read form: the file, its name and the other fields by name.
#[derive(Debug, Default)]
struct Form {
    file: Option<(String, Bytes)>,
    h2_as_subchapters: bool,
    plan: Option<String>,
}

async fn read_form(multipart: Result<Multipart, MultipartRejection>) -> Result<Form, ApiError> {
    let mut multipart = multipart.map_err(|_| ApiError::UnsupportedMediaType)?;
    let mut form = Form::default();
    let refused = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge
        } else {
            ApiError::refused(StatusCode::BAD_REQUEST, "invalid_form")
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(refused)? {
        match field.name() {
            Some("file") => {
                let name = field.file_name().unwrap_or("").to_owned();
                let bytes = field.bytes().await.map_err(refused)?;
                if bytes.len() > MAX_IMPORT_BYTES {
                    return Err(ApiError::PayloadTooLarge);
                }
                form.file = Some((name, bytes));
            }
            Some("h2_as_subchapters") => {
                let text = field.text().await.map_err(refused)?;
                form.h2_as_subchapters = match text.trim() {
                    "true" | "1" | "on" => true,
                    "false" | "0" | "" => false,
                    _ => return Err(ApiError::field("h2_as_subchapters", "invalid")),
                };
            }
            Some("plan") => form.plan = Some(field.text().await.map_err(refused)?),
            _ => {
                // Unknown parts are read and left.
                field.bytes().await.map_err(refused)?;
            }
        }
    }
    Ok(form)
}

/// The answer of a preview.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreviewAnswer {
    pub preview: Preview,
}

const IMPORT_REFUSALS: &str = "import_failed with `fields.file`: format_doc, format_odt, \
    format_pages, format_pdf, format_rtf (a file of another format: save it as .docx), not_docx, \
    encrypted (a password-protected document), too_many_entries, uncompressed_too_large, \
    missing_document, malformed_xml, empty_document; invalid_fields (`file`: required)";

/// `POST imports/docx/preview`: what importing the .docx would create — its chapters and
/// subchapters with their counts and block openings, and the ledger of what the file holds
/// against what the import keeps. Nothing is written.
#[utoipa::path(post, path = "/imports/docx/preview", tag = "imports",
    request_body(content = PreviewForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Success<PreviewAnswer>),
              (status = 400, description = "invalid_form", body = Failure),
              (status = 413, description = "payload_too_large: over 40 MiB", body = Failure),
              (status = 415, description = "unsupported_media_type: not a multipart form", body = Failure),
              (status = 422, description = IMPORT_REFUSALS, body = Failure)))]
pub async fn preview(
    State(_app): State<AppState>,
    _actor: Actor,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Envelope<PreviewAnswer>, ApiError> {
    let form = read_form(multipart).await?;
    let (name, bytes) = form
        .file
        .ok_or_else(|| ApiError::field("file", "required"))?;
    let options = ImportOptions {
        h2_as_subchapters: form.h2_as_subchapters,
    };
    let preview = manuscript_files::preview(&name, bytes, options).await?;
    Ok(Envelope(PreviewAnswer { preview }))
}

/// `POST imports/docx`: imports the .docx as the plan says, as a new manuscript or as chapters
/// appended to `manuscript_id`. The rows, the images (as uploads) and the chapters' documents
/// are committed together and announced to the writer's devices.
#[utoipa::path(post, path = "/imports/docx", tag = "imports",
    request_body(content = ImportForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Success<Imported>),
              (status = 400, description = "invalid_form", body = Failure),
              (status = 403, description = "not_authorized: the manuscript is shared without \
                the right to change it", body = Failure),
              (status = 404, description = "not_found: the manuscript or the folder", body = Failure),
              (status = 409, description = "manuscript_is_deleted", body = Failure),
              (status = 413, description = "payload_too_large: over 40 MiB", body = Failure),
              (status = 415, description = "unsupported_media_type: not a multipart form", body = Failure),
              (status = 422, description = "the preview's refusals; invalid_fields (`plan`: \
                required or invalid; `title`). Appending is refused (403, 404, 409) before \
                the file is read; a new manuscript with no title anywhere is \
                \"Untitled Manuscript\"", body = Failure)))]
pub async fn import(
    State(app): State<AppState>,
    actor: Actor,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Envelope<Imported>, ApiError> {
    let form = read_form(multipart).await?;
    let plan = form
        .plan
        .as_deref()
        .ok_or_else(|| ApiError::field("plan", "required"))?;
    let plan: Plan = serde_json::from_str(plan).map_err(|_| ApiError::field("plan", "invalid"))?;
    let (name, bytes) = form
        .file
        .ok_or_else(|| ApiError::field("file", "required"))?;
    let imported = manuscript_files::import(&app, &actor, &name, bytes, plan).await?;
    Ok(Envelope(imported))
}

/// What an export takes.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ExportRequest {
    pub format: Format,
    /// The chapters and subchapters to export (a chapter takes its subchapters along); the
    /// whole manuscript when left out or `null`.
    pub chapter_ids: Option<Vec<String>>,
    /// `{chapter_titles, subchapter_titles, comments, footnotes, preset}`; the preset is
    /// `{kind: "standard_manuscript", font: "times_new_roman" | "courier", contact: [lines],
    /// surname}`, `{kind: "trade_paperback", trim: "six_by_nine" | "five_by_eight",
    /// font_size_pt, running_heads}` or `{kind: "ebook", language, cover}`, where the ebook's
    /// cover is the manuscript's (the first upload of `meta.covers`) whatever `cover` says.
    /// Defaults when left out.
    #[schema(value_type = Option<Object>)]
    pub options: Option<ExportOptions>,
}

/// `POST manuscripts/{id}/export`: the manuscript (or the chosen chapters) as a file to
/// download, for its owner and its Editors.
#[utoipa::path(post, path = "/manuscripts/{id}/export", tag = "manuscripts",
    params(("id" = String, Path)), request_body = ExportRequest,
    responses((status = 200, description = "The file: .docx, PDF, EPUB, Markdown or text, as an \
                attachment named after the manuscript", content_type = "application/octet-stream"),
              (status = 403, description = "not_authorized: a Commenter or a Viewer", body = Failure),
              (status = 404, body = Failure),
              (status = 422, description = "invalid_fields", body = Failure)))]
pub async fn export(
    State(app): State<AppState>,
    actor: Actor,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<ExportRequest>,
) -> Result<Response, ApiError> {
    let id = wire::path_id(&id)?;
    let chosen = body
        .chapter_ids
        .map(|ids| {
            ids.iter()
                .map(|c| {
                    wire::optional_field_id("chapter_ids", Some(c)).map(Option::unwrap_or_default)
                })
                .collect::<Result<Vec<String>, ApiError>>()
        })
        .transpose()?;
    let file = manuscript_files::export(
        &app,
        &actor,
        &id,
        body.format,
        chosen,
        body.options.unwrap_or_default(),
    )
    .await?;
    let disposition = content_disposition(&file.file_name, Disposition::Attachment);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static(file.content_type),
            ),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        file.bytes,
    )
        .into_response())
}
