//! The two session cookies. Both are `HttpOnly`; the refresh cookie is only sent to
//! `/api/v4/auth` and only same-site. `Secure` is set whenever the browser accepts it: for an
//! https public URL, and for loopback (browsers treat `http://localhost` as secure).

use axum_extra::extract::cookie::{Cookie, CookieJar, SameSite};
use time::Duration;

/// The access-token cookie.
pub const ACCESS: &str = "quire_session";
/// The refresh-token cookie.
pub const REFRESH: &str = "quire_refresh";
const REFRESH_PATH: &str = "/api/v4/auth";

/// Whether cookies for `public_url` may carry `Secure`.
pub fn secure_for(public_url: &str) -> bool {
    let Some(rest) = public_url.strip_prefix("http://") else {
        return public_url.starts_with("https://");
    };
    let host = rest.split(['/', '?']).next().unwrap_or("");
    let host = host.rsplit_once(':').map_or(host, |(h, port)| {
        if port.chars().all(|c| c.is_ascii_digit()) {
            h
        } else {
            host
        }
    });
    matches!(host, "localhost" | "127.0.0.1" | "[::1]")
}

/// The session cookies for fresh tokens. With `keep_logged_in` they outlive the browser
/// session by `persist_secs`; otherwise they are session cookies.
pub fn set(
    jar: CookieJar,
    access: &str,
    refresh: &str,
    keep_logged_in: bool,
    persist_secs: i64,
    secure: bool,
) -> CookieJar {
    let mut access = Cookie::build((ACCESS, access.to_owned()))
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax);
    let mut refresh = Cookie::build((REFRESH, refresh.to_owned()))
        .path(REFRESH_PATH)
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Strict);
    if keep_logged_in {
        access = access.max_age(Duration::seconds(persist_secs));
        refresh = refresh.max_age(Duration::seconds(persist_secs));
    }
    jar.add(access).add(refresh)
}

/// Cookies that delete both session cookies.
pub fn clear(jar: CookieJar, secure: bool) -> CookieJar {
    let access = Cookie::build((ACCESS, ""))
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Lax)
        .max_age(Duration::ZERO);
    let refresh = Cookie::build((REFRESH, ""))
        .path(REFRESH_PATH)
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Strict)
        .max_age(Duration::ZERO);
    jar.add(access).add(refresh)
}

#[cfg(test)]
mod tests {
    use super::secure_for;

    #[test]
    fn secure_cookies_are_used_over_https_and_on_loopback() {
        assert!(secure_for("https://quire.example"));
        assert!(secure_for("http://localhost:8080"));
        assert!(secure_for("http://127.0.0.1:1234/"));
        assert!(!secure_for("http://quire.lan:8080"));
        assert!(!secure_for("http://192.168.1.20"));
    }
}
