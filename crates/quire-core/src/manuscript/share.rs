//! Sharing permissions: what a named user given a manuscript may do with it.

/// The stored sharing values: Write 1 (shown as Editor), Comment 2 (Commenter), Read 3
/// (Viewer). Unknown 0 removes access and is never stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SharePermission {
    Write,
    Comment,
    Read,
}

impl SharePermission {
    /// The permission of a stored value; `None` for 0 (remove access) or an unknown value.
    pub fn from_value(value: i64) -> Option<SharePermission> {
        match value {
            1 => Some(SharePermission::Write),
            2 => Some(SharePermission::Comment),
            3 => Some(SharePermission::Read),
            _ => None,
        }
    }

    pub fn value(self) -> i64 {
        match self {
            SharePermission::Write => 1,
            SharePermission::Comment => 2,
            SharePermission::Read => 3,
        }
    }

    /// Whether the grantee may change the manuscript's rows (chapters, notes, …). Only an
    /// Editor may; a Commenter's comments belong to the editor's comment threads, not to the
    /// rows.
    pub fn can_write(self) -> bool {
        self == SharePermission::Write
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_values_round_trip_and_zero_removes_access() {
        for p in [
            SharePermission::Write,
            SharePermission::Comment,
            SharePermission::Read,
        ] {
            assert_eq!(SharePermission::from_value(p.value()), Some(p));
        }
        assert_eq!(SharePermission::from_value(0), None);
        assert_eq!(SharePermission::from_value(4), None);
    }

    #[test]
    fn only_an_editor_may_change_rows() {
        assert!(SharePermission::Write.can_write());
        assert!(!SharePermission::Comment.can_write());
        assert!(!SharePermission::Read.can_write());
    }
}
