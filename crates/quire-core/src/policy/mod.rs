//! Who may do what with a manuscript: the relationship a user has to it (its owner, or one of
//! the sharing roles Editor, Commenter and Viewer) and one decision function per action. The
//! store, both sockets, the HTTP handlers and the web app (through the generated table in
//! `typescript.rs`) all decide here, so a role is written once.

mod typescript;

pub use typescript::{TYPESCRIPT_PATH, typescript_table};

use crate::manuscript::SharePermission;

/// A user's relationship to a manuscript they may reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// The user whose manuscript it is: every row of it stays theirs.
    Owner,
    /// Shared with Write (1): changes the text and the rows inside the manuscript.
    Editor,
    /// Shared with Comment (2): reads, and comments on the text.
    Commenter,
    /// Shared with Read (3): reads.
    Viewer,
}

impl Role {
    pub const ALL: [Role; 4] = [Role::Owner, Role::Editor, Role::Commenter, Role::Viewer];

    /// The role a sharing grant gives.
    pub fn of_grant(permission: SharePermission) -> Role {
        match permission {
            SharePermission::Write => Role::Editor,
            SharePermission::Comment => Role::Commenter,
            SharePermission::Read => Role::Viewer,
        }
    }

    /// The role of `actor` on a manuscript owned by `owner`, on which the actor holds `grant`:
    /// the owner is the owner whatever else is stored; anyone else needs a grant, and without
    /// one has no role (the manuscript is not theirs to know of).
    pub fn of(actor: &str, owner: &str, grant: Option<SharePermission>) -> Option<Role> {
        if actor == owner {
            Some(Role::Owner)
        } else {
            grant.map(Role::of_grant)
        }
    }

    /// The sharing permission behind the role; `None` for the owner, who holds no grant.
    pub fn grant(self) -> Option<SharePermission> {
        match self {
            Role::Owner => None,
            Role::Editor => Some(SharePermission::Write),
            Role::Commenter => Some(SharePermission::Comment),
            Role::Viewer => Some(SharePermission::Read),
        }
    }

    /// The role's name on the wire and in the web app's table.
    pub fn name(self) -> &'static str {
        match self {
            Role::Owner => "owner",
            Role::Editor => "editor",
            Role::Commenter => "commenter",
            Role::Viewer => "viewer",
        }
    }
}

/// Every decision the policy makes, for tables and for callers that pick one at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Open the manuscript and read every row and chapter text of it.
    Read,
    /// Add, reply to and resolve comment threads on a chapter's text.
    Comment,
    /// Change a chapter's text.
    WriteText,
    /// Add, change, move and trash the rows inside the manuscript: the binder (sections,
    /// chapters, outlines), elements, notes, research, boards, to-dos.
    ChangeContents,
    /// Change the manuscript row itself: its title, settings and place among the folders.
    ChangeManuscript,
    /// Give, change and remove other users' access; see who has it.
    Share,
    /// Move the manuscript to the trash, restore it, delete it for good.
    TrashManuscript,
    /// Take the manuscript away as a file (Word, PDF, EPUB, Markdown, text).
    Export,
}

impl Action {
    pub const ALL: [Action; 8] = [
        Action::Read,
        Action::Comment,
        Action::WriteText,
        Action::ChangeContents,
        Action::ChangeManuscript,
        Action::Share,
        Action::TrashManuscript,
        Action::Export,
    ];

    /// The action's name in the web app's table.
    pub fn name(self) -> &'static str {
        match self {
            Action::Read => "read",
            Action::Comment => "comment",
            Action::WriteText => "writeText",
            Action::ChangeContents => "changeContents",
            Action::ChangeManuscript => "changeManuscript",
            Action::Share => "share",
            Action::TrashManuscript => "trashManuscript",
            Action::Export => "export",
        }
    }
}

/// Whether `role` may take `action`: the decision of that action's function.
pub fn may(role: Role, action: Action) -> bool {
    match action {
        Action::Read => may_read(role),
        Action::Comment => may_comment(role),
        Action::WriteText => may_write_text(role),
        Action::ChangeContents => may_change_contents(role),
        Action::ChangeManuscript => may_change_manuscript(role),
        Action::Share => may_share(role),
        Action::TrashManuscript => may_trash_manuscript(role),
        Action::Export => may_export(role),
    }
}

/// Every role reads: a grant of any kind shows the whole manuscript.
pub fn may_read(role: Role) -> bool {
    match role {
        Role::Owner | Role::Editor | Role::Commenter | Role::Viewer => true,
    }
}

/// The owner, Editors and Commenters comment; a Viewer only reads the threads.
pub fn may_comment(role: Role) -> bool {
    match role {
        Role::Owner | Role::Editor | Role::Commenter => true,
        Role::Viewer => false,
    }
}

/// The owner and Editors change the text.
pub fn may_write_text(role: Role) -> bool {
    match role {
        Role::Owner | Role::Editor => true,
        Role::Commenter | Role::Viewer => false,
    }
}

/// The owner and Editors change the rows inside the manuscript; a Commenter's comments live in
/// the chapter's text document, not in its rows.
pub fn may_change_contents(role: Role) -> bool {
    match role {
        Role::Owner | Role::Editor => true,
        Role::Commenter | Role::Viewer => false,
    }
}

/// Only the owner changes the manuscript row: an Editor edits the book, not its title,
/// settings or the owner's folders.
pub fn may_change_manuscript(role: Role) -> bool {
    match role {
        Role::Owner => true,
        Role::Editor | Role::Commenter | Role::Viewer => false,
    }
}

/// Only the owner decides who else has access.
pub fn may_share(role: Role) -> bool {
    match role {
        Role::Owner => true,
        Role::Editor | Role::Commenter | Role::Viewer => false,
    }
}

/// Only the owner trashes, restores or deletes the manuscript.
pub fn may_trash_manuscript(role: Role) -> bool {
    match role {
        Role::Owner => true,
        Role::Editor | Role::Commenter | Role::Viewer => false,
    }
}

/// The owner and Editors take the whole book away as a file; a Commenter or a Viewer (a beta
/// reader) reads it in Quire, where the owner can end their access.
pub fn may_export(role: Role) -> bool {
    match role {
        Role::Owner | Role::Editor => true,
        Role::Commenter | Role::Viewer => false,
    }
}

/// What a user may do with a chapter's text document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextAccess {
    /// Any change to the text and its comments.
    Write,
    /// Changes to the comment threads and their anchors only, nothing of the text.
    Comment,
    Read,
}

/// The access `role` has to the text of a chapter; `in_trash` when the chapter or its
/// manuscript is in the trash, which leaves everyone reading only.
pub fn text_access(role: Role, in_trash: bool) -> TextAccess {
    if in_trash {
        TextAccess::Read
    } else if may_write_text(role) {
        TextAccess::Write
    } else if may_comment(role) {
        TextAccess::Comment
    } else {
        TextAccess::Read
    }
}

#[cfg(test)]
mod tests;
