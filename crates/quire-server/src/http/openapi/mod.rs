//! The OpenAPI document: generated from the handlers' annotations, completed with the answers
//! every operation can give whatever its handler (see [`answers`]), served at
//! `/api/v4/openapi.json` and committed as `openapi.json` (a test fails when they drift).

mod answers;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use utoipa::OpenApi;

pub use answers::{OPEN_OPERATIONS, refused_cross_site};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Quire API",
        description = "The HTTP API of Quire, the offline-first writing application. \
            Every answer is JSON with `status`: `{\"status\":\"success\",\"data\":…}` on success, \
            an HTTP 4xx with `{\"status\":\"failed\",\"data\":\"<code>\"}` when refused, and a 5xx \
            with `{\"status\":\"error\",\"message\":\"internal\"}` on an unexpected failure.",
        version = "4.0.0",
        license(name = "AGPL-3.0-only")
    ),
    servers((url = "/api/v4")),
    components(schemas(
        quire_protocol::ErrorBody,
        quire_protocol::entity::EntityObjects,
        quire_protocol::entity::RowInput,
        super::entities::ChildrenMode,
        super::manuscripts::Direction,
        super::manuscripts::SortBy
    )),
    tags(
        (name = "reference", description = "Public reference data; no login needed."),
        (name = "two-factor", description = "Two-factor sign-in by authenticator app (TOTP) or \
            SMS: set-up in two steps, `auth/disable_mfa` to turn it off (needs the password), and \
            the second step of a sign-in. Codes are six digits and work once. Turning two-factor \
            on needs the `can_use_two_factor` entitlement (403 `subscription_required`).")
    )
)]
struct ApiDoc;

/// The document's fixed part, before the routes add their paths.
pub fn base() -> utoipa::openapi::OpenApi {
    ApiDoc::openapi()
}

/// Pretty JSON with a trailing newline, exactly as committed.
pub fn to_json(spec: &utoipa::openapi::OpenApi) -> String {
    let mut json = spec
        .to_pretty_json()
        .expect("an OpenAPI document always serialises");
    json.push('\n');
    json
}

/// The whole document, as `quire openapi` prints it and the server serves it.
pub fn document() -> String {
    let (_, spec) = super::api_routes().split_for_parts();
    to_json(&complete(spec))
}

/// The routes' document with what every operation can answer besides its handler's own
/// answers: the refusals of the extractors and layers, and the session it needs.
pub fn complete(mut spec: utoipa::openapi::OpenApi) -> utoipa::openapi::OpenApi {
    answers::add_common(&mut spec);
    spec
}

pub(crate) fn json_response(json: String) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], json).into_response()
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    /// Every kind with per-entity routes is listed in `EntityObjects`, the list the web app's
    /// kinds are generated from, with the type its routes answer.
    #[test]
    fn every_entity_route_kind_is_listed_with_the_type_it_answers() {
        let spec: Value = serde_json::from_str(&super::document()).expect("JSON");
        let listed = &spec["components"]["schemas"]["EntityObjects"]["properties"];
        let mut kinds = 0;
        for (path, item) in spec["paths"].as_object().expect("paths") {
            let Some(kind) = path
                .strip_prefix('/')
                .and_then(|p| p.strip_suffix("/put/{id}"))
            else {
                continue;
            };
            kinds += 1;
            let answer = &item["put"]["responses"]["200"]["content"]["application/json"]["schema"];
            let answer = answer["$ref"].as_str().expect("a typed answer");
            let listed = listed[kind]["$ref"].as_str();
            assert_eq!(
                listed.map(|r| r.replace("/schemas/", "/schemas/Success_")),
                Some(answer.to_owned()),
                "{path}"
            );
        }
        assert_eq!(kinds, 13);
    }
}
