//! What a change does on this instance, whichever instance committed it: the live channel's
//! announcements and dropped joins, closed sockets, and collaboration sockets reset to
//! authenticate again when the access they were opened with may have changed.

use serde_json::json;

use super::{Announcement, Event, TrashState};
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
                name: super::Name::Update,
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
            manuscript,
            user,
            revoked,
            ..
        } => {
            if revoked {
                app.live.revoke(&user, &manuscript, "access_revoked");
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
            match app.store.grants(&owner, &manuscript).await {
                Ok(grants) => {
                    for grant in grants {
                        app.collab_sockets.reset_user(&grant.user_id);
                    }
                }
                // Purged: its grants went with it, and its chapters with them.
                Err(quire_store::StoreError::NotFound) => {}
                Err(error) => {
                    tracing::error!(%error, "cannot list a trashed manuscript's grants");
                }
            }
        }
        Event::TrashAll { owner } => app.collab_sockets.reset_user(&owner),
        Event::SessionEnded { user, session } => app.live.close_session(&user, &session),
        Event::UserDeleted { user } => app.live.close_user(&user),
    }
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
