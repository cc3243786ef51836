//! A structural check of a v1 update's bytes before yrs decodes them, refusing what Yjs would
//! refuse and what yrs 0.28.1 mishandles: a client id or a number beyond 2^53 (lib0 throws on
//! it; yrs panics on such a client id in a debug build and silently truncates it in release,
//! aliasing another client), a value nested deeper than [`MAX_DEPTH`] (yrs decodes values
//! recursively), an unknown content or type tag, a count larger than the bytes that remain.
//! It reads the format of Yjs's `UpdateDecoderV1`; it does not build anything.

use yrs::encoding::read::Error;

/// Values nest at most this deep; y-prosemirror writes at most 2 levels.
const MAX_DEPTH: usize = 64;

/// The largest integer lib0 reads: `Number.MAX_SAFE_INTEGER`.
const MAX_SAFE: u64 = (1 << 53) - 1;

/// Checks that `bytes` hold a v1 update as Yjs writes it. Trailing bytes are allowed, as in
/// Yjs.
pub(crate) fn check_v1(bytes: &[u8]) -> Result<(), Error> {
    let mut r = Reader { bytes, at: 0 };
    let clients = r.count()?;
    for _ in 0..clients {
        let structs = r.count()?;
        r.client()?;
        r.uint()?; // first clock
        for _ in 0..structs {
            r.item()?;
        }
    }
    let clients = r.count()?;
    for _ in 0..clients {
        r.client()?;
        let ranges = r.count()?;
        for _ in 0..ranges {
            r.uint()?;
            r.uint()?;
        }
    }
    Ok(())
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, Error> {
        let b = *self.bytes.get(self.at).ok_or(Error::EndOfBuffer(1))?;
        self.at += 1;
        Ok(b)
    }

    fn skip(&mut self, n: usize) -> Result<(), Error> {
        if self.bytes.len() - self.at < n {
            return Err(Error::EndOfBuffer(n));
        }
        self.at += n;
        Ok(())
    }

    /// lib0 `readVarUint`, refusing values beyond 2^53 - 1.
    fn uint(&mut self) -> Result<u64, Error> {
        let mut value: u64 = 0;
        for shift in (0..56).step_by(7) {
            let b = self.byte()?;
            value |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return if value > MAX_SAFE {
                    Err(Error::InvalidVarInt)
                } else {
                    Ok(value)
                };
            }
        }
        Err(Error::InvalidVarInt)
    }

    /// lib0 `readVarInt`: 6 bits and a sign in the first byte, then 7 bits a byte.
    fn int(&mut self) -> Result<(), Error> {
        let first = self.byte()?;
        let mut more = first & 0x80 != 0;
        let mut bits = 6;
        while more {
            let b = self.byte()?;
            bits += 7;
            if bits > 60 {
                return Err(Error::InvalidVarInt);
            }
            more = b & 0x80 != 0;
        }
        Ok(())
    }

    /// A number of elements to come: each takes at least one byte, so more than the bytes left
    /// is a lie.
    fn count(&mut self) -> Result<usize, Error> {
        let n = self.uint()?;
        let left = (self.bytes.len() - self.at) as u64;
        if n > left {
            return Err(Error::EndOfBuffer(n as usize));
        }
        Ok(n as usize)
    }

    fn client(&mut self) -> Result<(), Error> {
        self.uint().map(drop)
    }

    fn id(&mut self) -> Result<(), Error> {
        self.client()?;
        self.uint().map(drop)
    }

    fn string(&mut self) -> Result<(), Error> {
        let len = self.count()?;
        self.skip(len)
    }

    /// One struct: GC, Skip or Item (Yjs `readClientsStructRefs`).
    fn item(&mut self) -> Result<(), Error> {
        let info = self.byte()?;
        match info & 0x1f {
            0 | 10 => return self.uint().map(drop), // GC, Skip: a length
            _ => {}
        }
        if info & 0x80 != 0 {
            self.id()?; // origin
        }
        if info & 0x40 != 0 {
            self.id()?; // right origin
        }
        if info & 0xc0 == 0 {
            if self.uint()? == 1 {
                self.string()?; // a root type's name
            } else {
                self.id()?; // the parent item
            }
            if info & 0x20 != 0 {
                self.string()?; // a map key
            }
        }
        match info & 0x1f {
            1 => self.uint().map(drop), // deleted: a length
            2 => (0..self.count()?).try_for_each(|_| self.string()), // JSON strings
            3..=5 => self.string(),     // binary, string, embed (JSON)
            6 => self.string().and_then(|()| self.string()), // format: key, JSON
            7 => match self.uint()? {
                3 | 5 => self.string(), // XmlElement, XmlHook: a name
                0..=6 => Ok(()),
                _ => Err(Error::UnexpectedValue),
            },
            8 => (0..self.count()?).try_for_each(|_| self.any(0)),
            9 => self.string().and_then(|()| self.any(0)), // subdocument: guid, options
            _ => Err(Error::UnexpectedValue),
        }
    }

    /// lib0 `readAny`.
    fn any(&mut self, depth: usize) -> Result<(), Error> {
        if depth > MAX_DEPTH {
            return Err(Error::Custom(format!(
                "a value nested deeper than {MAX_DEPTH}"
            )));
        }
        match self.byte()? {
            120 | 121 | 126 | 127 => Ok(()),
            125 => self.int(),
            124 => self.skip(4),
            122 | 123 => self.skip(8),
            119 | 116 => self.string(),
            118 => (0..self.count()?).try_for_each(|_| {
                self.string()?;
                self.any(depth + 1)
            }),
            117 => (0..self.count()?).try_for_each(|_| self.any(depth + 1)),
            _ => Err(Error::UnexpectedValue),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn varuint(mut v: u64) -> Vec<u8> {
        let mut out = Vec::new();
        while v >= 0x80 {
            out.push((v as u8 & 0x7f) | 0x80);
            v >>= 7;
        }
        out.push(v as u8);
        out
    }

    /// One client with one string item at the root `default`.
    fn update(client: u64) -> Vec<u8> {
        let mut u = vec![1, 1];
        u.extend(varuint(client));
        u.extend([0, 4, 1, 7]); // clock 0; info: string, no origins; parent is a root name
        u.extend(b"default");
        u.extend([2, b'h', b'i', 0]); // "hi"; empty delete set
        u
    }

    #[test]
    fn updates_as_yjs_writes_them_pass() {
        assert!(check_v1(&[0, 0]).is_ok());
        assert!(check_v1(&update(7)).is_ok());
        assert!(check_v1(&update(MAX_SAFE)).is_ok());
    }

    #[test]
    fn a_client_id_beyond_2_pow_53_is_refused() {
        assert!(check_v1(&update(MAX_SAFE + 1)).is_err());
        assert!(check_v1(&update(1 << 60)).is_err());
        assert!(check_v1(&update(u64::MAX)).is_err());
    }

    #[test]
    fn counts_longer_than_the_bytes_and_truncations_are_refused() {
        assert!(check_v1(&[0xff, 0xff, 0x7f]).is_err());
        let whole = update(7);
        for cut in 0..whole.len() - 1 {
            assert!(check_v1(&whole[..cut]).is_err(), "cut at {cut}");
        }
    }

    #[test]
    fn deeply_nested_values_are_refused() {
        let any_item = |nesting: usize| {
            let mut u = vec![1, 1, 7, 0, 8, 1, 7];
            u.extend(b"default");
            u.push(1); // one value
            u.extend(std::iter::repeat_n([117u8, 1], nesting).flatten()); // [[[…]]]
            u.extend([126, 0]); // null; empty delete set
            u
        };
        assert!(check_v1(&any_item(3)).is_ok());
        assert!(check_v1(&any_item(MAX_DEPTH + 2)).is_err());
    }
}
