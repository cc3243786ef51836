//! The built web app: hashed assets with a year-long cache, every other path answered by the
//! file it names or by `index.html` (the SPA fallback: the client draws its own 404 page).
//!
//! The offline app shell (ADR 0012): `/sw.js` (the service worker) and
//! `/precache-manifest.json` (the files it stores) are revalidated on every request, so that a
//! new build reaches the browser, and are never answered by `index.html`: without them the
//! browser gets a 404, not a page it would try to run as a worker.

use std::path::Path;

use axum::Router;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::AppState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Files of the offline app shell, at the top of the web directory; never the SPA fallback.
const SHELL_FILES: [&str; 2] = ["sw.js", "precache-manifest.json"];

/// Routes serving `web_dir`; when it holds no `index.html`, a page saying the app is not built.
pub fn routes(web_dir: &Path) -> Router<AppState> {
    let index = web_dir.join("index.html");
    if !index.is_file() {
        tracing::warn!(web_dir = %web_dir.display(), "no built web app found; serving the API only");
        return Router::new().fallback(|| async { not_built() });
    }
    let assets = ServeDir::new(web_dir.join("assets"));
    let files = ServeDir::new(web_dir)
        .append_index_html_on_directories(false)
        .fallback(ServeFile::new(&index));
    let mut router = Router::new();
    for name in SHELL_FILES {
        router = router.route_service(
            &format!("/{name}"),
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(REVALIDATE),
                ))
                .service(ServeFile::new(web_dir.join(name))),
        );
    }
    router
        .nest_service(
            "/assets",
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    |response: &axum::http::Response<_>| {
                        // A missing asset must not be cached for a year.
                        let value = if response.status().is_success() {
                            IMMUTABLE
                        } else {
                            REVALIDATE
                        };
                        Some(HeaderValue::from_static(value))
                    },
                ))
                .service(assets),
        )
        .fallback_service(
            tower::ServiceBuilder::new()
                .layer(SetResponseHeaderLayer::overriding(
                    header::CACHE_CONTROL,
                    HeaderValue::from_static(REVALIDATE),
                ))
                .service(files),
        )
}

fn not_built() -> impl IntoResponse {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(header::CACHE_CONTROL, REVALIDATE)],
        "The Quire web app is not built. Run `make run` from the repository, or set QUIRE_WEB_DIR \
         to a built web/dist directory.\n",
    )
}
