//! Authentication: password hashing, opaque tokens, session cookies, the [`Actor`] extractor,
//! the CSRF guard, rate limits and the two-factor mechanics.
//!
//! Sessions are server-side rows; the browser holds two random tokens in `HttpOnly` cookies
//! (an access token, and a refresh token that rotates on every use) and the database holds
//! only their SHA-256.

pub mod actor;
pub mod cookies;
pub mod csrf;
pub mod password;
pub mod rate_limit;
pub mod session;
pub mod socket;
pub mod tokens;
pub mod two_factor;

pub use actor::Actor;
