//! Quire's wire types: what crosses HTTP and the WebSockets, exactly as the client sees it.
//!
//! Everything here is plain data with serde and OpenAPI derives; no behaviour, no I/O. The
//! envelope shapes follow ADR 0003: `{"status":"success","data":…}` for success,
//! `{"status":"failed","data":"<code>"}` for a refusal and `{"status":"error","message":…}`
//! for an unexpected failure.

pub mod account;
pub mod entity;
pub mod envelope;
pub mod reference;
pub mod two_factor;

pub use envelope::{ErrorBody, Failure, Success};
