//! Quire's chapter documents (ADR 0002).
//!
//! A chapter's text is a Yjs document named by the chapter id. This crate speaks the
//! Hocuspocus v4 framing, owns each open document in one task, writes every update to the log
//! before acknowledging it, compacts the log with verification and derives HTML, plain text and
//! a word count for REST readers. It knows nothing of HTTP or SQL: the transport lives in
//! quire-server, the log's storage in quire-store behind [`log::UpdateLog`].

pub mod commenting;
pub mod compact;
pub mod derive;
pub mod forward;
pub mod hub;
mod inbox;
pub mod log;
pub mod model;
pub mod protocol;
pub mod room;

pub use hub::{Hub, JoinError, Membership};
pub use log::{LogError, LoggedUpdate, Since, StoredDoc, UpdateLog};
pub use room::{CloseReason, ConnId, PeerLink, RoomConfig, RoomError};
