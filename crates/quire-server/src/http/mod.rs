//! The HTTP surface: the one router table of `/api/v4`, the layers every request passes
//! through, and the web app behind them.

mod account;
mod activity;
mod auth;
mod chapter_content;
mod chapter_versions;
mod disposition;
pub mod entities;
pub mod extract;
pub mod fields;
mod files;
mod layers;
mod manuscripts;
pub mod nul_rule;
pub mod openapi;
mod reference;
mod sharing;
mod stats;
mod two_factor;
mod uploads;
mod users;
mod web;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::ApiError;

/// Every `/api/v4` route, with its OpenAPI description. Paths are relative to `/api/v4`.
pub fn api_routes() -> OpenApiRouter<AppState> {
    let api = OpenApiRouter::with_openapi(openapi::base())
        // Public reference data: no session needed.
        .routes(routes!(reference::server_time))
        .routes(routes!(reference::initial_data))
        .routes(routes!(reference::latest_terms))
        .routes(routes!(reference::latest_privacy_policy))
        .routes(routes!(reference::genres))
        .routes(routes!(reference::enabled_knowledge_base_categories))
        .routes(routes!(reference::latest_frontend_version))
        // Auth: sign-up, sign-in, email verification and password reset.
        .routes(routes!(auth::sign_up))
        .routes(routes!(auth::login))
        .routes(routes!(auth::relogin))
        .routes(routes!(auth::verify_email))
        .routes(routes!(auth::forgot))
        .routes(routes!(auth::reset_password))
        // Two-factor: the second sign-in step, and setting a method up or turning it off.
        .routes(routes!(two_factor::login_with_mfa_totp))
        .routes(routes!(two_factor::login_with_mfa_sms))
        .routes(routes!(two_factor::enable_totp_step2))
        .routes(routes!(two_factor::enable_sms_step1))
        .routes(routes!(two_factor::enable_sms_step2))
        .routes(routes!(two_factor::disable_mfa))
        // The signed-in user.
        .routes(routes!(users::me))
        .routes(routes!(stats::user_stats))
        .routes(routes!(users::update))
        .routes(routes!(users::change_password))
        .routes(routes!(users::change_email))
        .routes(routes!(users::delete_account))
        .routes(routes!(users::sessions))
        .routes(routes!(users::revoke_session));
    let api = entity_routes(api).merge(state_changing_gets());
    // The manuscript calls (ADR 0007).
    api.routes(routes!(entities::list_folders))
        .routes(routes!(manuscripts::folders_delete_all))
        .routes(routes!(manuscripts::folders_recover_all))
        .routes(routes!(manuscripts::list))
        .routes(routes!(
            manuscripts::get_one,
            entities::manuscripts::update,
            entities::manuscripts::delete
        ))
        .routes(routes!(manuscripts::multiple))
        .routes(routes!(manuscripts::deleted_content))
        .routes(routes!(manuscripts::updated_contents))
        .routes(routes!(manuscripts::copy))
        .routes(routes!(manuscripts::save_as_template))
        .routes(routes!(manuscripts::cursor_position_updated))
        .routes(routes!(manuscripts::last_opened_chapter_updated))
        .routes(routes!(manuscripts::manuscripts_delete_all))
        .routes(routes!(manuscripts::manuscripts_recover_all))
        .routes(routes!(manuscripts::templates_enabled_new))
        .routes(routes!(manuscripts::template))
        .routes(routes!(manuscripts::use_template))
        .routes(routes!(manuscripts::promote))
        .routes(routes!(sharing::share))
        .routes(routes!(sharing::shared_permissions))
        .routes(routes!(sharing::can_update))
        .routes(routes!(sharing::shared_with_me))
        .routes(routes!(manuscripts::demote))
        // Chapter content, versions, statistics, global to-dos, uploads (ADR 0008).
        .routes(routes!(chapter_content::get_content))
        .routes(routes!(chapter_content::save))
        .routes(routes!(chapter_versions::of_chapter))
        .routes(routes!(chapter_versions::all))
        .routes(routes!(chapter_versions::get_one))
        .routes(routes!(chapter_versions::add))
        .routes(routes!(chapter_versions::restore))
        .routes(routes!(chapter_versions::rename))
        .routes(routes!(chapter_versions::delete))
        .routes(routes!(stats::list_word_counts))
        .routes(routes!(
            stats::get_word_count,
            stats::put_word_count,
            stats::delete_word_count
        ))
        .routes(routes!(stats::nanowrimo))
        .routes(routes!(stats::list_sessions))
        .routes(routes!(
            stats::get_session,
            stats::put_session,
            stats::delete_session
        ))
        .routes(routes!(entities::list_global_to_dos))
        .routes(routes!(entities::list_global_notes))
        .routes(routes!(activity::record))
        .routes(routes!(uploads::download))
        .routes(routes!(files::export))
        .merge(upload_route())
        .merge(files::import_routes())
}

/// `POST uploads/` with a body limit of its own: a 10 MiB file in base64, whatever
/// `max_body_bytes` says (the file's size is checked again once decoded).
fn upload_route() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(uploads::upload))
        .layer(DefaultBodyLimit::max(uploads::UPLOAD_BODY_MAX))
}

/// Calls `$each!(api, kinds…)` with every kind of the per-entity API but manuscripts, whose
/// routes are partly registered with the manuscript calls.
macro_rules! every_kind_but_manuscripts {
    ($each:ident, $api:expr) => {
        $each!(
            $api,
            folders,
            chapters,
            groups,
            outlines,
            elements,
            notes,
            researches,
            stashes,
            to_dos,
            plotboards,
            element_relationship_boards,
            chapter_contents
        )
    };
}

/// The per-entity operations of every kind (ADR 0007) but undelete, which is in
/// [`state_changing_gets`]; the manuscript's `{id}` path is registered with its `GET` in
/// [`api_routes`].
fn entity_routes(api: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    macro_rules! standard {
        ($api:expr, $($kind:ident),+) => {
            $api$(
                .routes(routes!(entities::$kind::put))
                .routes(routes!(entities::$kind::update, entities::$kind::delete))
            )+
        };
    }
    every_kind_but_manuscripts!(standard, api).routes(routes!(entities::manuscripts::put))
}

/// The GETs that change state (clients call them as GETs; ADR 0004 lists them), guarded against
/// cross-site requests exactly like an unsafe method. `GET auth/verify_email` changes state
/// too but is opened from a mail, cross-site by nature: its one-time token is its defence.
fn state_changing_gets() -> OpenApiRouter<AppState> {
    macro_rules! undelete {
        ($api:expr, $($kind:ident),+) => {
            $api$(.routes(routes!(entities::$kind::undelete)))+
        };
    }
    let mut api = OpenApiRouter::new()
        .routes(routes!(auth::logout, auth::logout_post))
        .routes(routes!(auth::refresh_token))
        .routes(routes!(auth::resend_verify_email))
        .routes(routes!(two_factor::enable_totp_step1))
        .routes(routes!(chapter_versions::undelete))
        .routes(routes!(entities::manuscripts::undelete));
    api = every_kind_but_manuscripts!(undelete, api);
    openapi::refused_cross_site(api.get_openapi_mut());
    api.route_layer(axum::middleware::from_fn(crate::auth::csrf::state_changing))
}

/// The whole application: `/api/v4` (JSON, enveloped), `/api/*` refusals, and the web app
/// for every other path.
pub fn router(state: AppState) -> Router {
    let (api, spec) = api_routes().split_for_parts();
    let spec_json = openapi::to_json(&openapi::complete(spec));
    let api = api
        .route(
            "/openapi.json",
            get(move || std::future::ready(openapi::json_response(spec_json.clone()))),
        )
        // The live channel and chapter documents: WebSockets, not JSON, so outside the OpenAPI
        // document (ADR 0009, ADR 0010).
        .route("/ws", get(crate::live::upgrade))
        .route("/collab", get(crate::collab::upgrade))
        .fallback(|| async { ApiError::NotFound })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .layer(DefaultBodyLimit::max(state.config.max_body_bytes))
        .layer(axum::middleware::from_fn_with_state(
            state.clone(),
            crate::auth::csrf::guard,
        ));

    let app = Router::new()
        .nest("/api/v4", api)
        .route("/api", any(|| async { ApiError::NotFound }))
        .route("/api/", any(|| async { ApiError::NotFound }))
        .route("/api/{*rest}", any(|| async { ApiError::NotFound }))
        .merge(web::routes(&state.config.web_dir))
        .with_state(state);
    layers::apply(app)
}
