//! The Hocuspocus v4 framing, so that a stock `@hocuspocus/provider` is a valid client.
//!
//! A connection-level frame is a single byte: `Ping` (9) from the server, `Pong` (10) back.
//! Every other frame is `[varString docName][varUint type][payload]`, where the payload is:
//!
//! | type | name           | payload                                                         |
//! |------|----------------|-----------------------------------------------------------------|
//! | 0    | Sync           | `[varUint 0 step1][buf stateVector]`, `[1 step2][buf update]`,   |
//! |      |                | `[2 update][buf update]` (y-protocols sync)                     |
//! | 1    | Awareness      | `[buf awarenessUpdate]`                                         |
//! | 2    | Auth           | `[varUint 0 token][varString][varString providerVersion]?`,     |
//! |      |                | `[1 denied][varString reason]`,                                 |
//! |      |                | `[2 authenticated][varString scope]`                            |
//! | 3    | QueryAwareness | nothing                                                         |
//! | 5    | Stateless      | `[varString payload]`                                           |
//! | 7    | Close          | `[varString reason]`                                            |
//! | 8    | SyncStatus     | `[varUint 1 applied / 0 refused]` — the acknowledgement         |
//!
//! The document name may be a routing key `name\0sessionId` (the provider's session
//! awareness); the server answers with the key it was sent. Decoding never trusts a length: a
//! truncated or oversized field is an error, never a panic or a large allocation.

use yrs::encoding::read::{Cursor, Read};
use yrs::encoding::write::Write;

const SYNC: u32 = 0;
const AWARENESS: u32 = 1;
const AUTH: u32 = 2;
const QUERY_AWARENESS: u32 = 3;
const STATELESS: u32 = 5;
const CLOSE: u32 = 7;
const SYNC_STATUS: u32 = 8;
/// Connection-level keep-alive frames: one byte, no document name.
pub const PING: u8 = 9;
pub const PONG: u8 = 10;

const SYNC_STEP1: u32 = 0;
const SYNC_STEP2: u32 = 1;
const SYNC_UPDATE: u32 = 2;

const AUTH_TOKEN: u32 = 0;
const AUTH_DENIED: u32 = 1;
const AUTH_OK: u32 = 2;

/// Longest document name (routing key) accepted. Chapter ids are 22 characters; a session id
/// adds a few more.
pub const MAX_NAME_LEN: usize = 128;

/// One decoded frame from a client.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientFrame {
    Pong,
    /// A frame addressed to one document (by its routing key as sent).
    Doc {
        key: String,
        message: DocMessage,
    },
}

/// What a client says about one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DocMessage {
    /// `Auth` with a token (the provider sends one, possibly empty, before syncing).
    Auth {
        token: String,
    },
    /// Sync step 1: the client's state vector (v1), asking for what it lacks.
    SyncStep1 {
        state_vector: Vec<u8>,
    },
    /// Sync step 2: what the server lacks, answering the server's step 1 (a v1 update).
    SyncStep2 {
        update: Vec<u8>,
    },
    /// A live update (v1).
    Update {
        update: Vec<u8>,
    },
    /// An awareness update (cursors, names); relayed, never stored.
    Awareness {
        update: Vec<u8>,
    },
    QueryAwareness,
    Stateless {
        payload: String,
    },
    /// The provider detaches this document.
    Close,
}

/// Why a frame could not be decoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum FrameError {
    #[error("empty frame")]
    Empty,
    #[error("truncated or malformed frame")]
    Malformed,
    #[error("document name longer than {MAX_NAME_LEN} bytes")]
    NameTooLong,
    #[error("unknown message type {0}")]
    UnknownType(u32),
    #[error("unknown sync message type {0}")]
    UnknownSyncType(u32),
    #[error("unknown auth message type {0}")]
    UnknownAuthType(u32),
    #[error("trailing bytes after the message")]
    Trailing,
}

impl From<yrs::encoding::read::Error> for FrameError {
    fn from(_: yrs::encoding::read::Error) -> Self {
        FrameError::Malformed
    }
}

/// Decodes one binary frame from a client.
pub fn decode(frame: &[u8]) -> Result<ClientFrame, FrameError> {
    match frame {
        [] => return Err(FrameError::Empty),
        [PONG] => return Ok(ClientFrame::Pong),
        _ => {}
    }
    let mut cursor = Cursor::new(frame);
    let key = read_name(&mut cursor)?;
    let kind: u32 = cursor.read_var()?;
    let message = match kind {
        SYNC => {
            let step: u32 = cursor.read_var()?;
            let bytes = cursor.read_buf()?.to_vec();
            match step {
                SYNC_STEP1 => DocMessage::SyncStep1 {
                    state_vector: bytes,
                },
                SYNC_STEP2 => DocMessage::SyncStep2 { update: bytes },
                SYNC_UPDATE => DocMessage::Update { update: bytes },
                other => return Err(FrameError::UnknownSyncType(other)),
            }
        }
        AWARENESS => DocMessage::Awareness {
            update: cursor.read_buf()?.to_vec(),
        },
        AUTH => match cursor.read_var::<u32>()? {
            AUTH_TOKEN => {
                // The provider always writes a token string; an older client may omit it.
                let token = if cursor.has_content() {
                    cursor.read_string()?.to_owned()
                } else {
                    String::new()
                };
                // Since v4 the provider follows it with its version (`4.8.0`); informational.
                if cursor.has_content() {
                    cursor.read_string()?;
                }
                DocMessage::Auth { token }
            }
            other => return Err(FrameError::UnknownAuthType(other)),
        },
        QUERY_AWARENESS => DocMessage::QueryAwareness,
        STATELESS => DocMessage::Stateless {
            payload: cursor.read_string()?.to_owned(),
        },
        CLOSE => {
            // The reason, if any, is informational.
            cursor.next = frame.len();
            DocMessage::Close
        }
        other => return Err(FrameError::UnknownType(other)),
    };
    if cursor.has_content() {
        return Err(FrameError::Trailing);
    }
    Ok(ClientFrame::Doc { key, message })
}

fn read_name(cursor: &mut Cursor<'_>) -> Result<String, FrameError> {
    let len: u32 = cursor.read_var()?;
    if len as usize > MAX_NAME_LEN {
        return Err(FrameError::NameTooLong);
    }
    let bytes = cursor.read_exact(len as usize)?;
    String::from_utf8(bytes.to_vec()).map_err(|_| FrameError::Malformed)
}

/// The document name inside a routing key (`name\0sessionId` or just `name`).
pub fn document_name(key: &str) -> &str {
    key.split('\0').next().unwrap_or(key)
}

/// The scope a client is told after authenticating.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    ReadWrite,
    ReadOnly,
}

impl Scope {
    fn as_str(self) -> &'static str {
        match self {
            Scope::ReadWrite => "read-write",
            Scope::ReadOnly => "readonly",
        }
    }
}

/// Encoders for what the server sends. Each returns one whole frame.
pub mod encode {
    use super::*;

    fn header(key: &str, kind: u32) -> Vec<u8> {
        let mut out = Vec::with_capacity(key.len() + 8);
        out.write_string(key);
        out.write_var(kind);
        out
    }

    pub fn ping() -> Vec<u8> {
        vec![PING]
    }

    pub fn authenticated(key: &str, scope: Scope) -> Vec<u8> {
        let mut out = header(key, AUTH);
        out.write_var(AUTH_OK);
        out.write_string(scope.as_str());
        out
    }

    pub fn permission_denied(key: &str, reason: &str) -> Vec<u8> {
        let mut out = header(key, AUTH);
        out.write_var(AUTH_DENIED);
        out.write_string(reason);
        out
    }

    pub fn sync_step1(key: &str, state_vector: &[u8]) -> Vec<u8> {
        sync(key, SYNC_STEP1, state_vector)
    }

    pub fn sync_step2(key: &str, update: &[u8]) -> Vec<u8> {
        sync(key, SYNC_STEP2, update)
    }

    pub fn update(key: &str, update: &[u8]) -> Vec<u8> {
        sync(key, SYNC_UPDATE, update)
    }

    fn sync(key: &str, step: u32, bytes: &[u8]) -> Vec<u8> {
        let mut out = header(key, SYNC);
        out.reserve(bytes.len() + 6);
        out.write_var(step);
        out.write_buf(bytes);
        out
    }

    pub fn awareness(key: &str, update: &[u8]) -> Vec<u8> {
        let mut out = header(key, AWARENESS);
        out.write_buf(update);
        out
    }

    pub fn stateless(key: &str, payload: &str) -> Vec<u8> {
        let mut out = header(key, STATELESS);
        out.write_string(payload);
        out
    }

    /// The acknowledgement: `true` once the update is durable, `false` when it was refused.
    pub fn sync_status(key: &str, applied: bool) -> Vec<u8> {
        let mut out = header(key, SYNC_STATUS);
        out.write_var(u32::from(applied));
        out
    }

    pub fn close(key: &str, reason: &str) -> Vec<u8> {
        let mut out = header(key, CLOSE);
        out.write_string(reason);
        out
    }
}

/// Client ids present in an awareness update (`[varUint n]([varUint client][varUint clock]
/// [varString state])*n`), with their clocks, so that a leaving connection's cursors can be
/// removed for everyone else.
pub fn awareness_clients(update: &[u8]) -> Result<Vec<(u64, u64)>, FrameError> {
    let mut cursor = Cursor::new(update);
    let count: u32 = cursor.read_var()?;
    let mut clients = Vec::with_capacity(count.min(64) as usize);
    for _ in 0..count {
        let client: u64 = cursor.read_var()?;
        let clock: u64 = cursor.read_var()?;
        let _state = cursor.read_string()?;
        clients.push((client, clock));
    }
    if cursor.has_content() {
        return Err(FrameError::Trailing);
    }
    Ok(clients)
}

/// An awareness update saying these clients are gone (state `null`, clock + 1).
pub fn awareness_removal(clients: &[(u64, u64)]) -> Vec<u8> {
    let mut out = Vec::new();
    out.write_var(clients.len() as u32);
    for &(client, clock) in clients {
        out.write_var(client);
        out.write_var(clock + 1);
        out.write_string("null");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(key: &str, kind: u32, body: impl FnOnce(&mut Vec<u8>)) -> Vec<u8> {
        let mut out = Vec::new();
        out.write_string(key);
        out.write_var(kind);
        body(&mut out);
        out
    }

    #[test]
    fn decodes_what_the_provider_sends() {
        let auth = frame("abc", AUTH, |o| {
            o.write_var(AUTH_TOKEN);
            o.write_string("");
        });
        assert_eq!(
            decode(&auth),
            Ok(ClientFrame::Doc {
                key: "abc".into(),
                message: DocMessage::Auth {
                    token: String::new()
                }
            })
        );
        let step1 = frame("abc", SYNC, |o| {
            o.write_var(SYNC_STEP1);
            o.write_buf([0u8]);
        });
        assert_eq!(
            decode(&step1),
            Ok(ClientFrame::Doc {
                key: "abc".into(),
                message: DocMessage::SyncStep1 {
                    state_vector: vec![0]
                }
            })
        );
        let update = frame("abc\0s1", SYNC, |o| {
            o.write_var(SYNC_UPDATE);
            o.write_buf([1u8, 2, 3]);
        });
        let ClientFrame::Doc { key, message } = decode(&update).unwrap() else {
            panic!("a doc frame")
        };
        assert_eq!(document_name(&key), "abc");
        assert_eq!(
            message,
            DocMessage::Update {
                update: vec![1, 2, 3]
            }
        );
        assert_eq!(decode(&[PONG]), Ok(ClientFrame::Pong));
        assert_eq!(
            decode(&frame("abc", QUERY_AWARENESS, |_| {})),
            Ok(ClientFrame::Doc {
                key: "abc".into(),
                message: DocMessage::QueryAwareness
            })
        );
    }

    #[test]
    fn decodes_the_auth_of_a_v4_provider_which_adds_its_version() {
        // `@hocuspocus/provider` 4.8 writes `[0][varString token][varString version]`.
        let with_version = frame("abc", AUTH, |o| {
            o.write_var(AUTH_TOKEN);
            o.write_string("");
            o.write_string("4.8.0");
        });
        assert_eq!(
            decode(&with_version),
            Ok(ClientFrame::Doc {
                key: "abc".into(),
                message: DocMessage::Auth {
                    token: String::new()
                }
            })
        );
        let mut extra = with_version.clone();
        extra.push(0);
        assert_eq!(decode(&extra), Err(FrameError::Trailing));
        let bare = frame("abc", AUTH, |o| o.write_var(AUTH_TOKEN));
        assert!(matches!(
            decode(&bare),
            Ok(ClientFrame::Doc {
                message: DocMessage::Auth { .. },
                ..
            })
        ));
    }

    #[test]
    fn refuses_what_is_malformed() {
        assert_eq!(decode(&[]), Err(FrameError::Empty));
        // A length that runs past the end of the frame.
        let mut lying = Vec::new();
        lying.write_string("abc");
        lying.write_var(SYNC);
        lying.write_var(SYNC_UPDATE);
        lying.write_var(1_000_000u32);
        lying.push(1);
        assert_eq!(decode(&lying), Err(FrameError::Malformed));
        assert_eq!(
            decode(&frame("abc", 42, |_| {})),
            Err(FrameError::UnknownType(42))
        );
        assert_eq!(
            decode(&frame("abc", SYNC, |o| {
                o.write_var(7u32);
                o.write_buf([0u8]);
            })),
            Err(FrameError::UnknownSyncType(7))
        );
        let long = "x".repeat(MAX_NAME_LEN + 1);
        assert_eq!(
            decode(&frame(&long, QUERY_AWARENESS, |_| {})),
            Err(FrameError::NameTooLong)
        );
        assert_eq!(
            decode(&frame("abc", QUERY_AWARENESS, |o| o.push(0))),
            Err(FrameError::Trailing)
        );
        // Invalid UTF-8 in the name.
        assert_eq!(decode(&[2, 0xff, 0xfe, 0]), Err(FrameError::Malformed));
    }

    #[test]
    fn encodes_the_acknowledgement_as_the_provider_reads_it() {
        // The provider reads `[varString][varUint 8][varInt]` and counts `1` as applied.
        let mut expected = Vec::new();
        expected.write_string("abc");
        expected.write_var(8u32);
        expected.push(1);
        assert_eq!(encode::sync_status("abc", true), expected);
        assert_eq!(*encode::sync_status("abc", false).last().unwrap(), 0);
    }

    #[test]
    fn round_trips_awareness_clients() {
        let mut update = Vec::new();
        update.write_var(2u32);
        for (client, clock) in [(7u64, 3u64), (9, 1)] {
            update.write_var(client);
            update.write_var(clock);
            update.write_string("{\"user\":{\"name\":\"A\"}}");
        }
        let clients = awareness_clients(&update).unwrap();
        assert_eq!(clients, vec![(7, 3), (9, 1)]);
        let removal = awareness_removal(&clients);
        assert_eq!(awareness_clients(&removal).unwrap(), vec![(7, 4), (9, 2)]);
        assert!(awareness_clients(&[5]).is_err());
    }
}
