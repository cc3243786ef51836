//! What a change does on this instance, whichever instance committed it: the live channel's
//! announcements and dropped joins, closed sockets, and collaboration sockets reset to
//! authenticate again when the access they were opened with may have changed.

use quire_core::time::EpochMs;
use serde_json::json;

use super::{Announcement, Event, Name, TrashState};
use crate::AppState;

/// Applies `event` to this instance's sockets.
pub(super) async fn apply(app: &AppState, event: Event) {
    match event {
        Event::Changed {
            by,
            owner,
            to_joined,
            announcement,
        } => {
            let frame = frame(&by, &announcement);
            let joined = announcement.manuscript_id.as_deref().filter(|_| to_joined);
            app.live.announce(&[&by, &owner], joined, &frame);
        }
        Event::UserUpdated { user, device } => {
            let announcement = Announcement {
                name: Name::Update,
                kind: "user".to_owned(),
                id: user.clone(),
                manuscript_id: None,
                updated_at: quire_core::time::now_ms(),
                device,
            };
            let frame = frame_named(&user, "updated_user", &announcement);
            app.live.announce(&[&user], None, &frame);
        }
        Event::AccessChanged {
            owner,
            manuscript,
            user,
            revoked,
            granted,
        } => {
            if revoked {
                app.live.revoke(&user, &manuscript, "access_revoked");
            } else if granted {
                // Shared with them now: their devices load it and join it.
                let at = quire_core::time::now_ms();
                let frame = manuscript_frame(&owner, Name::NewManuscript, &manuscript, at);
                app.live.announce(&[&user], None, &frame);
            }
            // Any change of access: the grantee's open chapters authenticate again.
            app.collab_sockets.reset_user(&user);
        }
        Event::Trash {
            owner,
            manuscript,
            state,
        } => {
            if state != TrashState::Recovered {
                app.live.manuscript_gone(&manuscript);
            }
            // Its chapters become read-only, or writable again: open ones authenticate again.
            app.collab_sockets.reset_user(&owner);
            let grantees = match app.store.grants(&owner, &manuscript).await {
                Ok(grants) => grants.into_iter().map(|grant| grant.user_id).collect(),
                // Purged: its grants went with it (each published as revoked).
                Err(quire_store::StoreError::NotFound) => Vec::new(),
                Err(error) => {
                    tracing::error!(%error, "cannot list a trashed manuscript's grants");
                    Vec::new()
                }
            };
            for grantee in &grantees {
                app.collab_sockets.reset_user(grantee);
            }
            if state == TrashState::Recovered && !grantees.is_empty() {
                // Their devices dropped it when it went into the trash: to them it is new. The
                // recover comes first, so that devices keeping the later of the two (same
                // type, id and time) act on the new_manuscript.
                let users: Vec<&str> = grantees.iter().map(String::as_str).collect();
                let at = quire_core::time::now_ms();
                for name in [Name::Recover, Name::NewManuscript] {
                    let frame = manuscript_frame(&owner, name, &manuscript, at);
                    app.live.announce(&users, None, &frame);
                }
            }
        }
        Event::SessionEnded { user, session } => app.live.close_session(&user, &session),
        Event::UserDeleted { user } => app.live.close_user(&user),
    }
}

/// The frame announcing `name` of a manuscript by its owner at `at`, for users other than
/// the owner (none of their devices made the change).
fn manuscript_frame(owner: &str, name: Name, manuscript: &str, at: EpochMs) -> String {
    let announcement = Announcement {
        name,
        kind: "manuscript".to_owned(),
        id: manuscript.to_owned(),
        manuscript_id: Some(manuscript.to_owned()),
        updated_at: at,
        device: String::new(),
    };
    frame(owner, &announcement)
}

/// The `user_interaction` frame of an announcement (`user_id` is who made the change).
fn frame(by: &str, announcement: &Announcement) -> String {
    frame_named(by, announcement.name.as_str(), announcement)
}

fn frame_named(by: &str, name: &str, announcement: &Announcement) -> String {
    json!({
        "action": "message",
        "endpoint": "user_interaction",
        "user_id": by,
        "interaction_data": {
            "interactionName": name,
            "interactionValues": {
                "type": announcement.kind,
                "id": announcement.id,
                "manuscript_id": announcement.manuscript_id,
                "updated_at": announcement.updated_at,
            },
            "deviceUID": announcement.device,
        },
    })
    .to_string()
}
