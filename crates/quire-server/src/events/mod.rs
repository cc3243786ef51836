//! The change feed: every committed change is published here, once, by the handler that
//! committed it; every instance hears every change (the [`feed`] transport) and hangs all its
//! consequences off it in one place ([`effects`]): the live channel's announcements, dropped
//! joins, closed sockets and re-authenticated collaboration sockets.
//!
//! An event names ids and kinds, never bodies: the data itself still moves through the API,
//! which checks every read, and the encoded event stays far under NOTIFY's payload limit.

mod effects;
pub mod feed;

use quire_core::time::EpochMs;
use quire_store::manuscripts::{EntityKind, EntityRow};
use serde::{Deserialize, Serialize};

pub use feed::Feed;

/// The longest device id an announcement carries; a longer one is left out (the device then
/// hears its own change, which reloads nothing newer).
const DEVICE_MAX: usize = 128;

/// What the live channel's `interactionName` says about a change.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Name {
    Update,
    NewManuscript,
    Delete,
    Recover,
}

impl Name {
    pub fn as_str(self) -> &'static str {
        match self {
            Name::Update => "update",
            Name::NewManuscript => "new_manuscript",
            Name::Delete => "delete",
            Name::Recover => "recover",
        }
    }
}

/// What a manuscript's trash state became.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrashState {
    /// Moved into the trash: its joins drop, its chapters become read-only.
    Trashed,
    /// Recovered from the trash: its chapters become writable again.
    Recovered,
    /// Removed for good.
    Purged,
}

/// One announcement to devices: the `interaction_data` of a `user_interaction` frame.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Announcement {
    pub name: Name,
    /// `interactionValues.type`: `manuscript`, `folder`, `global_note`, `global_to_do` or
    /// `chapter_content`.
    #[serde(rename = "type")]
    pub kind: String,
    pub id: String,
    pub manuscript_id: Option<String>,
    pub updated_at: EpochMs,
    /// The writing device, so that it can ignore its own change; empty when unknown.
    pub device: String,
}

/// A committed change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "e", rename_all = "snake_case")]
pub enum Event {
    /// A change devices reload on. `by` made it; `owner` owns what changed. It reaches the
    /// devices of both and, when `to_joined`, every socket joined to its manuscript.
    Changed {
        by: String,
        owner: String,
        to_joined: bool,
        #[serde(flatten)]
        announcement: Announcement,
    },
    /// The user's own record changed (`updated_user`).
    UserUpdated { user: String, device: String },
    /// `user`'s grant on `owner`'s manuscript changed: `granted` when the user had none
    /// before (the manuscript is new to their devices), `revoked` when it was removed (by the
    /// owner, or with the manuscript purged).
    AccessChanged {
        owner: String,
        manuscript: String,
        user: String,
        revoked: bool,
        #[serde(default)]
        granted: bool,
    },
    /// One of `owner`'s manuscripts moved into or out of the trash, or was purged.
    Trash {
        owner: String,
        manuscript: String,
        state: TrashState,
    },
    /// A session ended (logout, revoked from the sessions list).
    SessionEnded { user: String, session: String },
    /// An account was deleted.
    UserDeleted { user: String },
}

impl Event {
    /// The event as sent between instances.
    pub fn encode(&self) -> String {
        serde_json::to_string(self).expect("an event always serialises")
    }

    /// An event another instance sent; `None` for one this version does not know.
    pub fn decode(payload: &str) -> Option<Event> {
        serde_json::from_str(payload).ok()
    }
}

/// Kinds devices do not reload for: word counts and writing sessions change as one writes;
/// chapter versions are not part of the manuscript a device reloads (they are read when the
/// versions list opens).
fn unannounced(kind: EntityKind) -> bool {
    matches!(
        kind,
        EntityKind::WordCount | EntityKind::WritingSession | EntityKind::ChapterVersion
    )
}

/// The device id an announcement may carry.
fn device_of(raw: &str) -> String {
    if raw.len() <= DEVICE_MAX {
        raw.to_owned()
    } else {
        String::new()
    }
}

/// The announcement of a write to `row` (as stored after it) by `by`, or `None` for a kind
/// devices do not reload for. A manuscript's own row is announced as itself; a chapter's
/// text as `chapter_content` of its chapter; folders and global notes as themselves; any
/// other part of a manuscript as an update of that manuscript.
pub fn changed(by: &str, row: &EntityRow, name: Name) -> Option<Event> {
    let manuscript = row.manuscript_id.clone();
    let (kind, id) = match row.kind {
        EntityKind::Manuscript => ("manuscript", row.id.clone()),
        EntityKind::Folder => ("folder", row.id.clone()),
        EntityKind::Note if manuscript.is_none() => ("global_note", row.id.clone()),
        EntityKind::Todo if manuscript.is_none() => ("global_to_do", row.id.clone()),
        EntityKind::ChapterContent => (
            "chapter_content",
            row.chapter_id.clone().unwrap_or_else(|| row.id.clone()),
        ),
        kind if unannounced(kind) => return None,
        _ => ("manuscript", manuscript.clone()?),
    };
    // Only a manuscript's own delete or recover says so; a part's is an update of it.
    let name = match (row.kind, name) {
        (EntityKind::Manuscript, name) => name,
        (_, Name::NewManuscript | Name::Delete | Name::Recover) => Name::Update,
        (_, Name::Update) => Name::Update,
    };
    let manuscript_id = match row.kind {
        EntityKind::Manuscript => Some(row.id.clone()),
        _ => manuscript,
    };
    // A manuscript leaving the trash or going into it is heard by the owner's devices (and
    // the writer's); its joins are dropped by the trash event, not announced to.
    let to_joined = manuscript_id.is_some()
        && !(row.kind == EntityKind::Manuscript && matches!(name, Name::Delete | Name::Recover));
    Some(Event::Changed {
        by: by.to_owned(),
        owner: row.user_id.clone(),
        to_joined,
        announcement: Announcement {
            name,
            kind: kind.to_owned(),
            id,
            manuscript_id,
            updated_at: row.updated_at,
            device: device_of(&row.last_device_id),
        },
    })
}

impl Feed {
    /// Publishes the announcement of a committed write to `row` (see [`changed`]).
    pub fn row_written(&self, by: &str, row: &EntityRow, name: Name) {
        if let Some(event) = changed(by, row, name) {
            self.publish(event);
        }
    }

    /// Publishes a row's move into the trash, out of it, or out for good (`row` as the call
    /// left it). A manuscript's also drops its joins or lets them back in ([`Event::Trash`]),
    /// and its recover is followed by an update: devices reload a manuscript on its update.
    pub fn trash_moved(&self, by: &str, row: &EntityRow, state: TrashState) {
        let name = match state {
            TrashState::Trashed | TrashState::Purged => Name::Delete,
            TrashState::Recovered => Name::Recover,
        };
        self.row_written(by, row, name);
        if row.kind != EntityKind::Manuscript {
            return;
        }
        if state == TrashState::Recovered {
            self.row_written(by, row, Name::Update);
        }
        self.publish(Event::Trash {
            owner: row.user_id.clone(),
            manuscript: row.id.clone(),
            state,
        });
    }

    /// Publishes a row removed for good (`row` as the call left it): a manuscript's grants
    /// went with it, so each former grantee's access changed too.
    pub fn purged(&self, by: &str, row: &EntityRow, grantees: &[String]) {
        self.trash_moved(by, row, TrashState::Purged);
        for user in grantees {
            self.publish(Event::AccessChanged {
                owner: row.user_id.clone(),
                manuscript: row.id.clone(),
                user: user.clone(),
                revoked: true,
                granted: false,
            });
        }
    }
}

/// An update of the owner's folders and manuscripts as a whole (after a bulk trash call on
/// folders): devices reload both lists.
pub fn lists_changed(owner: &str, at: EpochMs, device: &str) -> Event {
    Event::Changed {
        by: owner.to_owned(),
        owner: owner.to_owned(),
        to_joined: false,
        announcement: Announcement {
            name: Name::Update,
            kind: "folder".to_owned(),
            id: owner.to_owned(),
            manuscript_id: None,
            updated_at: at,
            device: device_of(device),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(kind: EntityKind, id: &str, manuscript: Option<&str>) -> EntityRow {
        EntityRow {
            manuscript_id: manuscript.map(str::to_owned),
            last_device_id: "dev-1".to_owned(),
            ..EntityRow::new(kind, id, "owner", 1_000)
        }
    }

    fn announced(event: Option<Event>) -> (Announcement, bool) {
        match event {
            Some(Event::Changed {
                announcement,
                to_joined,
                ..
            }) => (announcement, to_joined),
            other => panic!("expected a change, got {other:?}"),
        }
    }

    #[test]
    fn each_kind_is_announced_as_the_devices_reload_it() {
        let (a, joined) = announced(changed(
            "owner",
            &row(EntityKind::Manuscript, "m", None),
            Name::NewManuscript,
        ));
        assert_eq!(
            (a.name, a.kind.as_str(), a.id.as_str()),
            (Name::NewManuscript, "manuscript", "m")
        );
        assert_eq!(a.manuscript_id.as_deref(), Some("m"));
        assert!(joined);
        let (a, joined) = announced(changed(
            "owner",
            &row(EntityKind::Folder, "f", None),
            Name::Delete,
        ));
        assert_eq!(
            (a.name, a.kind.as_str(), a.id.as_str()),
            (Name::Update, "folder", "f")
        );
        assert!(!joined);
        let (a, _) = announced(changed(
            "owner",
            &row(EntityKind::Note, "n", None),
            Name::Update,
        ));
        assert_eq!(a.kind, "global_note");
        // A to-do outside any manuscript is the global list's, heard by the writer's devices.
        let (a, joined) = announced(changed(
            "owner",
            &row(EntityKind::Todo, "t", None),
            Name::Delete,
        ));
        assert_eq!(
            (a.name, a.kind.as_str(), a.id.as_str()),
            (Name::Update, "global_to_do", "t")
        );
        assert!(!joined);
        let content = EntityRow {
            chapter_id: Some("c".to_owned()),
            ..row(EntityKind::ChapterContent, "cc", Some("m"))
        };
        let (a, joined) = announced(changed("bob", &content, Name::Update));
        assert_eq!((a.kind.as_str(), a.id.as_str()), ("chapter_content", "c"));
        assert!(joined);
        let (a, _) = announced(changed(
            "owner",
            &row(EntityKind::Chapter, "c", Some("m")),
            Name::Delete,
        ));
        assert_eq!(
            (a.name, a.kind.as_str(), a.id.as_str()),
            (Name::Update, "manuscript", "m")
        );
        assert_eq!(a.device, "dev-1");
        for kind in [
            EntityKind::WordCount,
            EntityKind::WritingSession,
            EntityKind::ChapterVersion,
        ] {
            assert!(changed("owner", &row(kind, "w", Some("m")), Name::Update).is_none());
        }
    }

    #[test]
    fn a_manuscripts_trash_move_goes_to_the_owners_devices_not_to_its_joins() {
        for name in [Name::Delete, Name::Recover] {
            let (a, joined) = announced(changed(
                "owner",
                &row(EntityKind::Manuscript, "m", None),
                name,
            ));
            assert_eq!(a.name, name);
            assert!(!joined);
        }
    }

    #[test]
    fn an_event_survives_the_trip_between_instances_and_stays_small() {
        let long = "x".repeat(4_000);
        let event = changed(
            "owner",
            &EntityRow {
                last_device_id: long,
                ..row(EntityKind::Chapter, &"c".repeat(64), Some(&"m".repeat(64)))
            },
            Name::Update,
        )
        .expect("announced");
        let payload = event.encode();
        assert!(payload.len() < 1_000, "{payload}");
        assert_eq!(Event::decode(&payload), Some(event));
        assert_eq!(Event::decode("{\"e\":\"from_a_newer_version\"}"), None);
        // An instance of the version before `granted` is heard as it meant: no new grant.
        let older =
            r#"{"e":"access_changed","owner":"o","manuscript":"m","user":"u","revoked":false}"#;
        assert_eq!(
            Event::decode(older),
            Some(Event::AccessChanged {
                owner: "o".to_owned(),
                manuscript: "m".to_owned(),
                user: "u".to_owned(),
                revoked: false,
                granted: false,
            })
        );
    }
}
