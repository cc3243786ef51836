//! The answers an operation can give whatever its handler does: the refusals of the extractors
//! (`ApiJson`, `ApiQuery`, `ApiPath`), of the body limit, of the CSRF guard and of the session,
//! and the internal error. They are added to every operation of the generated document, so
//! that the document lists every status the server really answers.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

use crate::auth::cookies;
use crate::http::nul_rule;

/// The operations anyone may call without a session, as `(method, path)`. Every other
/// operation takes the signed-in user and answers 401 without a valid session.
pub const OPEN_OPERATIONS: &[(&str, &str)] = &[
    ("get", "/server_time"),
    ("get", "/initial_data"),
    ("get", "/terms/latest"),
    ("get", "/privacy_policies/latest"),
    ("get", "/genres"),
    ("get", "/knowledge_base_categories/enabled"),
    ("get", "/frontend_versions/latest"),
    ("post", "/users/"),
    ("post", "/auth/login"),
    ("post", "/auth/refresh_token_with_email_password"),
    ("get", "/auth/logout"),
    ("post", "/auth/logout"),
    ("get", "/auth/refresh_token"),
    ("get", "/auth/verify_email"),
    ("post", "/auth/forgot"),
    ("post", "/auth/reset_password"),
    ("post", "/auth/login_with_mfa_totp"),
    ("post", "/auth/login_with_mfa_sms"),
];

/// The security schemes a signed-in call may use: the session cookie, or the same access
/// token as a bearer token.
const SESSION: &str = "session";
const BEARER: &str = "bearer";

/// One answer the framework gives: its status, code and when.
struct Common {
    status: u16,
    code: &'static str,
    when: &'static str,
}

const INVALID_JSON: Common = Common {
    status: 400,
    code: "invalid_json",
    when: "the body is not a JSON object of the expected shape",
};
const UNSUPPORTED_MEDIA_TYPE: Common = Common {
    status: 415,
    code: "unsupported_media_type",
    when: "the body is not sent as `Content-Type: application/json`",
};
const PAYLOAD_TOO_LARGE: Common = Common {
    status: 413,
    code: "payload_too_large",
    when: "the body is over the server's limit",
};
const INVALID_BODY_FIELD: Common = Common {
    status: 422,
    code: "invalid_fields",
    when: "a field that names something (an id, an email, a code) holds a NUL character",
};
const INVALID_QUERY: Common = Common {
    status: 400,
    code: "invalid_query",
    when: "the query string does not parse into the listed parameters",
};
const INVALID_QUERY_FIELD: Common = Common {
    status: 422,
    code: "invalid_fields",
    when: "a parameter that names something (an id, an email, a code) holds a NUL character",
};
const INVALID_ID: Common = Common {
    status: 422,
    code: "invalid_fields",
    when: "the path's id is not an id (`{\"id\":\"invalid_id\"}`)",
};
const CSRF_REFUSED: Common = Common {
    status: 403,
    code: "csrf_refused",
    when: "the request changes state and lacks `X-Requested-With: quire`, or comes from \
        another site",
};
const NO_SESSION: Common = Common {
    status: 401,
    code: "not_authorized",
    when: "the request carries no session token; a token that is not valid answers \
        `invalid_token`, `expired_token` (refresh and retry) or `expired_session`",
};

/// Adds to every operation of `spec` the answers its route can give besides its handler's.
pub fn add_common(spec: &mut OpenApi) {
    let components = spec.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        SESSION,
        SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
            cookies::ACCESS,
            "The session cookie set by signing in.",
        ))),
    );
    components.add_security_scheme(
        BEARER,
        SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .description(Some(
                    "The session's access token, for clients without cookies.",
                ))
                .build(),
        ),
    );
    for (path, item) in spec.paths.paths.iter_mut() {
        let methods = [
            ("get", &mut item.get),
            ("put", &mut item.put),
            ("post", &mut item.post),
            ("delete", &mut item.delete),
            ("patch", &mut item.patch),
        ];
        for (method, operation) in methods {
            if let Some(operation) = operation {
                let open = OPEN_OPERATIONS.contains(&(method, path.as_str()));
                complete_operation(operation, method, open);
            }
        }
    }
}

/// Marks every operation of a router whose routes refuse cross-site requests (the GETs that
/// change state) with the 403 they answer.
pub fn refused_cross_site(spec: &mut OpenApi) {
    for item in spec.paths.paths.values_mut() {
        for operation in [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            add_answer(operation, &CSRF_REFUSED);
        }
    }
}

fn complete_operation(operation: &mut Operation, method: &str, open: bool) {
    describe_every_response(operation);
    let parameters_in = |place: ParameterIn| -> Vec<String> {
        let parameters = operation.parameters.iter().flatten();
        parameters
            .filter_map(|p| match p {
                RefOr::T(p) if p.parameter_in == place => Some(p.name.clone()),
                _ => None,
            })
            .collect()
    };
    let (query, in_path) = (
        parameters_in(ParameterIn::Query),
        !parameters_in(ParameterIn::Path).is_empty(),
    );
    let mut answers = Vec::new();
    match &operation.request_body {
        // A form (a file upload) is refused as such before it is read; its fields are the
        // handler's to refuse.
        Some(RefOr::T(body)) if body.content.keys().all(|k| k == "multipart/form-data") => {
            answers.extend([&UNSUPPORTED_MEDIA_TYPE, &PAYLOAD_TOO_LARGE]);
        }
        Some(_) => answers.extend([
            &INVALID_JSON,
            &UNSUPPORTED_MEDIA_TYPE,
            &PAYLOAD_TOO_LARGE,
            &INVALID_BODY_FIELD,
        ]),
        None => {}
    }
    if !query.is_empty() {
        answers.push(&INVALID_QUERY);
    }
    if query.iter().any(|name| nul_rule::refusal(name).is_some()) {
        answers.push(&INVALID_QUERY_FIELD);
    }
    if in_path {
        answers.push(&INVALID_ID);
    }
    // The guard refuses every unsafe method from another site before routing.
    if method != "get" {
        answers.push(&CSRF_REFUSED);
    }
    if !open {
        answers.push(&NO_SESSION);
        operation.security = Some(vec![
            SecurityRequirement::new(SESSION, Vec::<String>::new()),
            SecurityRequirement::new(BEARER, Vec::<String>::new()),
        ]);
    }
    for answer in answers {
        add_answer(operation, answer);
    }
    operation.responses.responses.insert(
        "500".to_owned(),
        RefOr::T(
            ResponseBuilder::new()
                .description(
                    "An unexpected failure: `{\"status\":\"error\",\"message\":\"internal\"}`; \
                    the details are only in the server's log.",
                )
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build(),
        ),
    );
}

/// Lists `answer` under its status: a new response with the `Failure` body, or one more code
/// in the description of the response the handler already lists.
fn add_answer(operation: &mut Operation, answer: &Common) {
    let line = format!("`{}`: {}.", answer.code, answer.when);
    let responses = &mut operation.responses.responses;
    match responses.get_mut(&answer.status.to_string()) {
        Some(RefOr::T(response)) => {
            if !response.description.contains(&line) {
                response.description = format!("{} {line}", response.description.trim_end());
            }
        }
        Some(RefOr::Ref(_)) => {}
        None => {
            let response = ResponseBuilder::new()
                .description(line)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("Failure")))
                        .build(),
                )
                .build();
            responses.insert(answer.status.to_string(), RefOr::T(response));
        }
    }
}

/// Gives a description to every response that has none, as the OpenAPI format requires.
fn describe_every_response(operation: &mut Operation) {
    for (status, response) in operation.responses.responses.iter_mut() {
        if let RefOr::T(response) = response
            && response.description.trim().is_empty()
        {
            response.description = if status.starts_with('2') {
                "The success envelope, `{\"status\":\"success\",\"data\":…}`.".to_owned()
            } else {
                "Refused: `data` holds the code.".to_owned()
            };
        }
    }
}
