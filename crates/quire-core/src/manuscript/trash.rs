//! The trash: soft delete sets `deleted_at`, undelete clears it, hard
//! delete removes the row, and a deleted item is purged 60 days after it was deleted. Each
//! operation takes the item's current `deleted_at` and answers its new one or the refusal;
//! deleting a container with its children is [`super::delete_container`].

use crate::time::EpochMs;

use super::RuleError;
use super::calendar::DAY_MS;

/// Days a deleted item stays in the trash before it is purged.
pub const TRASH_DAYS: i64 = 60;

/// Soft delete: the new `deleted_at` (`now`), or `was_not_deleted` when the item is already in
/// the trash (its purge clock is not restarted).
pub fn soft_delete(deleted_at: Option<EpochMs>, now: EpochMs) -> Result<EpochMs, RuleError> {
    match deleted_at {
        None => Ok(now),
        Some(_) => Err(RuleError::WasNotDeleted),
    }
}

/// Undelete (recover): allowed only for an item in the trash, whose `deleted_at` then becomes
/// null; otherwise `was_not_undeleted`.
pub fn undelete(deleted_at: Option<EpochMs>) -> Result<(), RuleError> {
    match deleted_at {
        Some(_) => Ok(()),
        None => Err(RuleError::WasNotUndeleted),
    }
}

/// Hard delete (permanent delete from Recently Deleted): allowed only for an item in the trash;
/// a live item is `is_not_deleted` and must be soft-deleted first.
pub fn hard_delete(deleted_at: Option<EpochMs>) -> Result<(), RuleError> {
    match deleted_at {
        Some(_) => Ok(()),
        None => Err(RuleError::IsNotDeleted),
    }
}

/// What deleting a stash does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StashDeletion {
    /// The first delete: set `deleted_at` to this time.
    MarkDeleted(EpochMs),
    /// A delete of an already deleted stash: remove the row.
    Remove,
}

/// A stash's delete: the first marks it deleted, the second removes it.
pub fn delete_stash(deleted_at: Option<EpochMs>, now: EpochMs) -> StashDeletion {
    match deleted_at {
        None => StashDeletion::MarkDeleted(now),
        Some(_) => StashDeletion::Remove,
    }
}

fn purge_at(deleted_at: EpochMs) -> EpochMs {
    deleted_at.saturating_add(TRASH_DAYS * DAY_MS)
}

/// Whole days until the item is purged, rounded up, never below 0: 60 just after the delete,
/// 1 during the last day, 0 once it may be purged.
pub fn days_left(deleted_at: EpochMs, now: EpochMs) -> i64 {
    let left = purge_at(deleted_at).saturating_sub(now);
    if left <= 0 {
        0
    } else {
        left / DAY_MS + i64::from(left % DAY_MS != 0)
    }
}

/// Whether the item has been in the trash for 60 days or more.
pub fn is_purgeable(deleted_at: EpochMs, now: EpochMs) -> bool {
    now >= purge_at(deleted_at)
}

#[cfg(test)]
mod tests {
    use super::*;

    const T: EpochMs = 1_772_000_000_000;

    #[test]
    fn deleting_a_live_item_sets_deleted_at_to_now() {
        assert_eq!(soft_delete(None, T), Ok(T));
    }

    #[test]
    fn deleting_an_item_already_in_the_trash_is_was_not_deleted() {
        assert_eq!(soft_delete(Some(T), T + 5), Err(RuleError::WasNotDeleted));
    }

    #[test]
    fn undeleting_an_item_in_the_trash_is_allowed() {
        assert_eq!(undelete(Some(T)), Ok(()));
    }

    #[test]
    fn undeleting_an_item_not_in_the_trash_is_was_not_undeleted() {
        assert_eq!(undelete(None), Err(RuleError::WasNotUndeleted));
    }

    #[test]
    fn hard_deleting_an_item_not_in_the_trash_is_is_not_deleted() {
        assert_eq!(hard_delete(None), Err(RuleError::IsNotDeleted));
        assert_eq!(hard_delete(Some(T)), Ok(()));
    }

    #[test]
    fn a_stash_is_marked_deleted_first_and_removed_on_the_second_delete() {
        assert_eq!(delete_stash(None, T), StashDeletion::MarkDeleted(T));
        assert_eq!(delete_stash(Some(T), T + 1), StashDeletion::Remove);
    }

    #[test]
    fn days_left_count_down_from_60_rounding_up_and_stop_at_0() {
        assert_eq!(days_left(T, T), 60);
        assert_eq!(days_left(T, T + 1), 60);
        assert_eq!(days_left(T, T + DAY_MS), 59);
        assert_eq!(days_left(T, T + 59 * DAY_MS + 1), 1);
        assert_eq!(days_left(T, T + 60 * DAY_MS), 0);
        assert_eq!(days_left(T, T + 90 * DAY_MS), 0);
    }

    #[test]
    fn an_item_is_purgeable_after_60_days_in_the_trash() {
        assert!(!is_purgeable(T, T + 60 * DAY_MS - 1));
        assert!(is_purgeable(T, T + 60 * DAY_MS));
    }
}
