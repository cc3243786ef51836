//! A manuscript body (`quire_formats::model::Body`) in and out of a chapter's Yjs document: an
//! import writes a chapter's first state the way the editor (TipTap through y-prosemirror)
//! would have written it, and an export reads a chapter's state back into the model.
//!
//! The shape is the editor's schema (`web/src/text-editor/extensions.ts`): blocks in the `default`
//! fragment, marks as formatting attributes on `Y.XmlText` (mark name → the mark's attrs;
//! `comment`, which may overlap itself, under `comment--<hash>` as y-prosemirror names it),
//! footnote bodies as one `Y.Text` each in the `footnotes` map, comment threads as one `Y.Map`
//! each in the `comments` map (`web/src/text-editor/comments-store.ts`).

mod marks;
mod read;
mod write;

pub use read::body_from_state;
pub use write::body_to_update;

/// The document's map of comment threads (`Y.Map` by thread id; `web/src/text-editor`).
pub const COMMENTS: &str = "comments";

#[cfg(test)]
mod tests;
