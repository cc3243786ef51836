//! User levels and per-area permissions.
//!
//! Levels: LW1 user −1, Writer 1, Ambassador 10, Admin 80, Superadmin 99. An administrator
//! always has write on every area; anyone else has write unless their settings restrict an
//! area to read or none.

use serde::{Deserialize, Serialize};

/// A user's level. Ordered, so a route's minimum level is a comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(i32);

impl Level {
    pub const LW1: Level = Level(-1);
    pub const WRITER: Level = Level(1);
    pub const AMBASSADOR: Level = Level(10);
    pub const ADMIN: Level = Level(80);
    pub const SUPERADMIN: Level = Level(99);

    pub fn new(value: i32) -> Self {
        Level(value)
    }

    pub fn value(self) -> i32 {
        self.0
    }

    pub fn is_admin(self) -> bool {
        self >= Level::ADMIN
    }
}

/// Access to one area of the product, on its numeric scale (None 0, Read 1, Write 2,
/// Custom 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AreaPermission {
    None = 0,
    Read = 1,
    Write = 2,
    Custom = 3,
}

/// The permission a user at `level` has on an area whose stored restriction is `restricted`.
pub fn area_permission(level: Level, restricted: Option<AreaPermission>) -> AreaPermission {
    if level.is_admin() {
        AreaPermission::Write
    } else {
        restricted.unwrap_or(AreaPermission::Write)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_ordered_as_the_spec_numbers_them() {
        assert!(Level::LW1 < Level::WRITER);
        assert!(Level::WRITER < Level::AMBASSADOR);
        assert!(Level::AMBASSADOR < Level::ADMIN);
        assert!(Level::ADMIN < Level::SUPERADMIN);
        assert_eq!(Level::SUPERADMIN.value(), 99);
    }

    #[test]
    fn an_admin_always_gets_write_even_when_restricted() {
        assert_eq!(
            area_permission(Level::ADMIN, Some(AreaPermission::None)),
            AreaPermission::Write
        );
        assert_eq!(
            area_permission(Level::SUPERADMIN, Some(AreaPermission::Read)),
            AreaPermission::Write
        );
    }

    #[test]
    fn a_writer_gets_write_unless_an_area_is_restricted() {
        assert_eq!(area_permission(Level::WRITER, None), AreaPermission::Write);
        assert_eq!(
            area_permission(Level::WRITER, Some(AreaPermission::Read)),
            AreaPermission::Read
        );
        assert_eq!(
            area_permission(Level::AMBASSADOR, Some(AreaPermission::None)),
            AreaPermission::None
        );
    }
}
