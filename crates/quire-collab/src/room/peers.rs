//! A room's connections. A chapter is open on a few devices at a time, so they are kept in a
//! vector searched by connection number: one small allocation a room, where a hash table
//! costs a room hundreds of bytes before its first peer (thousands of idle rooms add up).

use super::{ConnId, Peer};

#[derive(Default)]
pub(super) struct Peers(Vec<Peer>);

impl Peers {
    pub(super) fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub(super) fn get(&self, conn: ConnId) -> Option<&Peer> {
        self.0.iter().find(|peer| peer.link.id == conn)
    }

    pub(super) fn get_mut(&mut self, conn: ConnId) -> Option<&mut Peer> {
        self.0.iter_mut().find(|peer| peer.link.id == conn)
    }

    /// Adds a peer, replacing one with the same connection number.
    pub(super) fn insert(&mut self, peer: Peer) {
        match self.get_mut(peer.link.id) {
            Some(slot) => *slot = peer,
            None => self.0.push(peer),
        }
    }

    pub(super) fn remove(&mut self, conn: ConnId) -> Option<Peer> {
        let at = self.0.iter().position(|peer| peer.link.id == conn)?;
        let peer = self.0.swap_remove(at);
        if self.0.is_empty() {
            // The last peer left: give the room's slots back while it waits to close.
            self.0 = Vec::new();
        }
        Some(peer)
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &Peer> {
        self.0.iter()
    }

    pub(super) fn drain(&mut self) -> impl Iterator<Item = Peer> + '_ {
        self.0.drain(..)
    }
}
