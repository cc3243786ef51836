//! Deciding a socket's access to the documents it opens, and joining their rooms.
//!
//! A device opening a novel sends its chapters' `Auth` frames together, so the socket's
//! authoriser checks whatever has arrived in one statement (`Store::doc_opening_many`) while
//! the socket goes on reading; each document is then seeded if need be, told `Authenticated`
//! and joined to its room on its own task, and its answer goes back to the socket. It decides
//! the same as one check per document would: the rules are the store's.

use quire_collab::PeerLink;
use quire_collab::protocol::{self, Scope, encode};
use quire_core::Id;
use quire_store::StoreError;
use quire_store::docs::{DocOpening, TextAccess};
use tokio::sync::mpsc;

use super::{Authorised, Joined, Open, close};
use crate::AppState;
use crate::auth::Actor;

/// Chapters one statement checks at most.
const DOCS_PER_CHECK: usize = 64;

/// A socket's authoriser: its task starts with the socket's first `Auth` and ends with the
/// socket.
pub(super) struct Authoriser {
    app: AppState,
    actor: Actor,
    link: PeerLink,
    answers: mpsc::Sender<Authorised>,
    keys: Option<mpsc::UnboundedSender<String>>,
}

impl Authoriser {
    pub(super) fn new(
        app: &AppState,
        actor: &Actor,
        link: &PeerLink,
        answers: mpsc::Sender<Authorised>,
    ) -> Self {
        Self {
            app: app.clone(),
            actor: actor.clone(),
            link: link.clone(),
            answers,
            keys: None,
        }
    }

    /// Authorises the document of routing key `key`; its answer comes on the socket's channel.
    pub(super) fn request(&mut self, key: String) {
        let keys = self.keys.get_or_insert_with(|| {
            let (keys, requests) = mpsc::unbounded_channel();
            tokio::spawn(authorise_together(
                self.app.clone(),
                self.actor.clone(),
                self.link.clone(),
                self.answers.clone(),
                requests,
            ));
            keys
        });
        // The task ends only once this sender is dropped, so it is still there.
        let _ = keys.send(key);
    }
}

/// Checks every key waiting in one statement, then opens each document on its own task. An
/// answer nobody takes any more (the socket closed) leaves the room it joined.
async fn authorise_together(
    app: AppState,
    actor: Actor,
    link: PeerLink,
    answers: mpsc::Sender<Authorised>,
    mut requests: mpsc::UnboundedReceiver<String>,
) {
    loop {
        // A fresh buffer each time: a socket keeps its authoriser for its whole life, so a
        // kept buffer would hold the largest batch's room per socket while it idles.
        let mut keys = Vec::new();
        if requests.recv_many(&mut keys, DOCS_PER_CHECK).await == 0 {
            return;
        }
        let openings = check(&app, &actor, &keys).await;
        for (key, opening) in keys.into_iter().zip(openings) {
            let (app, link, answers) = (app.clone(), link.clone(), answers.clone());
            tokio::spawn(async move {
                let opened = open(&app, &link, &key, opening).await;
                if let Err(mpsc::error::SendError((_, Ok(Open::Joined(joined))))) =
                    answers.send((key, opened)).await
                {
                    joined.leave().await;
                }
            });
        }
    }
}

/// The actor's access to each key's document, in order: a name that is no chapter id is not
/// found. Should the grouped statement fail, each is checked alone.
async fn check(
    app: &AppState,
    actor: &Actor,
    keys: &[String],
) -> Vec<Result<DocOpening, StoreError>> {
    let names: Vec<&str> = keys
        .iter()
        .map(|key| protocol::document_name(key))
        .collect();
    let ids: Vec<&str> = names
        .iter()
        .copied()
        .filter(|name| Id::parse(name).is_ok())
        .collect();
    let mut found = match app.store.doc_opening_many(&actor.user_id, &ids).await {
        Ok(found) => found.into_iter(),
        Err(error) => {
            tracing::warn!(%error, documents = ids.len(), "a grouped access check failed; checking each alone");
            let mut alone = Vec::with_capacity(ids.len());
            for id in &ids {
                alone.push(app.store.doc_opening(&actor.user_id, id).await);
            }
            alone.into_iter()
        }
    };
    names
        .iter()
        .map(|name| match Id::parse(name) {
            Ok(_) => found.next().unwrap_or(Err(StoreError::NotFound)),
            Err(_) => Err(StoreError::NotFound),
        })
        .collect()
}

/// Acts on the access found for the document of `key`: refuses it, or seeds it if it has no
/// document yet, says `Authenticated` and joins its room.
async fn open(
    app: &AppState,
    link: &PeerLink,
    key: &str,
    opening: Result<DocOpening, StoreError>,
) -> Result<Open, (u16, &'static str)> {
    let name = protocol::document_name(key);
    // A Commenter's device is told `read-write` (the framing knows no third scope) and its
    // updates are checked one by one instead (`Joined::deliver`).
    let (scope, commenting, has_document) = match opening {
        Ok(o) => match o.access {
            TextAccess::Write => (Scope::ReadWrite, false, o.has_document),
            TextAccess::Comment => (Scope::ReadWrite, true, o.has_document),
            TextAccess::Read => (Scope::ReadOnly, false, o.has_document),
        },
        Err(StoreError::NotFound | StoreError::NotAuthorized) => {
            deny(link, key, "not_found");
            return Ok(Open::Refused);
        }
        Err(error) => {
            tracing::error!(%error, doc = name, "could not check access to a document");
            deny(link, key, "server_error");
            return Ok(Open::Refused);
        }
    };
    if !has_document {
        seed_from_content_row(app, name).await;
    }
    // Authenticated goes out before the room can send anything for this socket.
    if link
        .frames
        .try_send(encode::authenticated(key, scope).into())
        .is_err()
    {
        return Err((close::RESET, "Reset Connection"));
    }
    match app
        .collab
        .join(name, key, link.clone(), scope == Scope::ReadWrite)
        .await
    {
        Ok(membership) => Ok(Open::Joined(Joined {
            membership,
            commenting,
        })),
        Err(error) => {
            tracing::error!(%error, doc = name, "could not open a document");
            Err((close::RESET, "Reset Connection"))
        }
    }
}

/// Gives a chapter with no document (as its access check found) the text of its content row (an older client's, an
/// import's or a copy's) as the document's first update, before an editor joins it, so that it
/// never opens empty while that text exists. Only an editor's join seeds: the server's own
/// writers (forward edits, copies) write the content row and then the document themselves. The
/// seed is the same bytes on every instance (ADR 0010), so two instances seeding at once store
/// it twice and Yjs applies it once. Failures are logged; the chapter then opens as it is.
async fn seed_from_content_row(app: &AppState, name: &str) {
    let html = match app.store.doc_seed_html(name).await {
        Ok(Some(html)) => html,
        Ok(None) => return,
        Err(error) => {
            tracing::error!(%error, doc = name, "cannot read a chapter's content row to seed it");
            return;
        }
    };
    let doc = name.to_owned();
    let seed = tokio::task::spawn_blocking(move || {
        quire_collab::forward::seed(&doc, &quire_collab::forward::blocks_from_html(&html))
    })
    .await;
    let seed = match seed {
        Ok(Ok(Some(seed))) => seed,
        Ok(Ok(None)) => return,
        Ok(Err(error)) => {
            tracing::error!(%error, doc = name, "cannot seed a document from its content row");
            return;
        }
        Err(error) => {
            tracing::error!(%error, doc = name, "seeding a document panicked");
            return;
        }
    };
    match app.collab.apply(name, seed).await {
        Ok(()) => tracing::info!(
            doc = name,
            "seeded a chapter's document from its content row"
        ),
        Err(error) => tracing::error!(%error, doc = name, "a seed was not stored"),
    }
}

/// Decides the socket's access to the document named by `key` and joins its room.
fn deny(link: &PeerLink, key: &str, reason: &str) {
    let _ = link
        .frames
        .try_send(encode::permission_denied(key, reason).into());
}
