//! The CSRF guard under `/api`: every request that changes state — an unsafe method (POST,
//! PUT, PATCH, DELETE), or a GET the router table marks as changing state with
//! [`state_changing`] — must carry the app's `X-Requested-With: quire` header (which a
//! cross-site form, link or image cannot send, and a cross-site script cannot send without a
//! CORS pre-flight we never grant), must not be marked `Sec-Fetch-Site: cross-site`, and an
//! `Origin`, when present, must be our own.

use axum::extract::{Request, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::error::ApiError;

/// The header every Quire client sends with every request.
pub const APP_HEADER: &str = "x-requested-with";
pub const APP_HEADER_VALUE: &str = "quire";

/// Whether the request came from our own pages, as [`guard`] judged it; read by
/// [`state_changing`].
#[derive(Debug, Clone, Copy)]
struct SameSite(bool);

/// Judges every request under `/api` and refuses a cross-site one with an unsafe method with
/// 403 `csrf_refused`. The verdict goes with the request, for [`state_changing`].
pub async fn guard(State(app): State<AppState>, mut request: Request, next: Next) -> Response {
    let unsafe_method = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
    );
    let own = same_site(request.headers(), &app.config.public_url);
    if unsafe_method && !own {
        return refused(&request);
    }
    request.extensions_mut().insert(SameSite(own));
    next.run(request).await
}

/// A route layer for the GETs that change state (clients call them as GETs): refused like an
/// unsafe method when [`guard`] judged the request cross-site, or did not judge it at all.
pub async fn state_changing(request: Request, next: Next) -> Response {
    match request.extensions().get::<SameSite>() {
        Some(SameSite(true)) => next.run(request).await,
        _ => refused(&request),
    }
}

fn refused(request: &Request) -> Response {
    tracing::warn!(path = %request.uri().path(), "cross-site request refused");
    ApiError::refused(StatusCode::FORBIDDEN, "csrf_refused").into_response()
}

fn same_site(headers: &HeaderMap, public_url: &str) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    if text(APP_HEADER) != Some(APP_HEADER_VALUE) {
        return false;
    }
    if text("sec-fetch-site") == Some("cross-site") {
        return false;
    }
    same_origin(headers, public_url)
}

/// Whether the request's `Origin`, when it has one, is our own: `public_url`'s origin, or the
/// `Host` the request was sent to. Also guards the live channel's upgrade (ADR 0009).
pub(crate) fn same_origin(headers: &HeaderMap, public_url: &str) -> bool {
    let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
    match text(header::ORIGIN.as_str()) {
        None => true,
        Some(origin) => {
            let own = origin_of(public_url);
            let host = text(header::HOST.as_str());
            origin == own
                || host.is_some_and(|h| {
                    origin == format!("http://{h}") || origin == format!("https://{h}")
                })
        }
    }
}

/// `scheme://host[:port]` of a URL.
fn origin_of(url: &str) -> &str {
    let after_scheme = url.find("://").map_or(0, |i| i + 3);
    match url[after_scheme..].find('/') {
        Some(slash) => &url[..after_scheme + slash],
        None => url,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    const PUBLIC: &str = "https://quire.example";

    #[test]
    fn the_app_header_is_required() {
        assert!(!same_site(&headers(&[]), PUBLIC));
        assert!(same_site(
            &headers(&[("x-requested-with", "quire")]),
            PUBLIC
        ));
    }

    #[test]
    fn a_cross_site_fetch_is_refused_even_with_the_header() {
        let h = headers(&[
            ("x-requested-with", "quire"),
            ("sec-fetch-site", "cross-site"),
        ]);
        assert!(!same_site(&h, PUBLIC));
        let h = headers(&[
            ("x-requested-with", "quire"),
            ("sec-fetch-site", "same-origin"),
        ]);
        assert!(same_site(&h, PUBLIC));
    }

    #[test]
    fn a_foreign_origin_is_refused_and_our_own_is_accepted() {
        let foreign = headers(&[
            ("x-requested-with", "quire"),
            ("origin", "https://evil.example"),
        ]);
        assert!(!same_site(&foreign, PUBLIC));
        let own = headers(&[
            ("x-requested-with", "quire"),
            ("origin", "https://quire.example"),
        ]);
        assert!(same_site(&own, PUBLIC));
        let by_host = headers(&[
            ("x-requested-with", "quire"),
            ("origin", "http://127.0.0.1:5173"),
            ("host", "127.0.0.1:5173"),
        ]);
        assert!(same_site(&by_host, PUBLIC));
    }

    #[test]
    fn the_origin_of_a_url_is_its_scheme_host_and_port() {
        assert_eq!(
            origin_of("https://quire.example/app"),
            "https://quire.example"
        );
        assert_eq!(origin_of("http://localhost:8080"), "http://localhost:8080");
    }
}
