//! Quire's document formats over one manuscript model ([`model`]): a Word file read into it,
//! and the model written out as Word, EPUB 3, Markdown and plain text. Bytes in, bytes out: no
//! files, no network, no clock (a date is a parameter), so the server and the desktop app run
//! the same code. PDF is `quire-typeset`'s, over the same model.

pub mod docx;
pub mod epub;
mod escape;
mod image_header;
pub mod ledger;
mod links;
pub mod markdown;
pub mod model;
pub mod options;
pub mod package;
pub mod plan;
pub mod text;

pub use package::ExportError;
