//! Quire's storage: a [`Store`] over an sqlx `AnyPool`, on an SQLite file (the embedded
//! default) or PostgreSQL, chosen at run time by the URL's scheme.
//!
//! One SQL code path serves both databases: queries use `$1…$N` placeholders, times are
//! epoch-millisecond `BIGINT`s, flags are `0/1` integers and JSON documents are `TEXT`.
//! The schema lives in `migrations/sqlite` and `migrations/postgres` (identical file names),
//! applied at start-up. Every query on user data is scoped by the acting user or share; this
//! crate exposes no unscoped getter.

pub mod accounts;
pub mod activity;
mod connect;
pub mod docs;
mod durability;
mod error;
pub mod feed;
pub mod mail_delivery;
pub mod manuscripts;
pub mod reference;
mod seed;
pub mod templates;
pub mod two_factor;

pub use connect::{Backend, Store};
pub use durability::Durability;
pub use error::StoreError;
pub use reference::LegalKind;
