//! Quire's domain: the types and rules every other crate agrees on.
//!
//! This crate owns ids, user levels and area permissions, account and settings rules,
//! subscription entitlements, two-factor input rules, the manuscript rules (ordering, trash,
//! structure, word counts, writing sessions, to-dos), what an upload may be, and the clock
//! helpers. It performs no I/O and knows nothing of HTTP, SQL or the browser: a rule here is a
//! pure function with a unit test beside it.

pub mod account;
pub mod doc_log;
pub mod entitlement;
pub mod id;
pub mod level;
pub mod lww;
pub mod manuscript;
pub mod mfa;
pub mod policy;
pub mod settings;
pub mod time;
pub mod upload;

pub use id::{Id, InvalidId};
pub use level::{AreaPermission, Level};

/// The app version the web client reports (`X-App-Version`) and the frontend-version check
/// compares against; `web/package.json` carries the same version.
pub const APP_VERSION: &str = "2.4.29";
