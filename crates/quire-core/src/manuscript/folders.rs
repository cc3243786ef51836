//! Moving a folder (its `folder_id` is the parent, empty at the root). A folder may not go into
//! itself or any folder inside it.

use std::collections::{HashMap, HashSet};

use crate::Id;

use super::RuleError;
use super::containers::Move;
use super::order::{Node, append_order};

/// Moves folder `id` into `new_parent` (`None` = the root), as the last of its new siblings.
/// Refused with `not_found` when the folder or the new parent is missing or in the trash, and
/// `folder_cycle` when the new parent is the folder itself or inside it.
pub fn move_folder(folders: &[Node], id: &Id, new_parent: Option<&Id>) -> Result<Move, RuleError> {
    let by_id: HashMap<&Id, &Node> = folders
        .iter()
        .filter(|f| f.deleted_at.is_none())
        .map(|f| (&f.id, f))
        .collect();
    if !by_id.contains_key(id) {
        return Err(RuleError::NotFound);
    }
    if let Some(parent) = new_parent {
        if parent == id {
            return Err(RuleError::FolderCycle);
        }
        // Walk up from the new parent; meeting the folder (or a loop in corrupt data) is a cycle.
        let mut seen: HashSet<&Id> = HashSet::new();
        let mut current = Some(*by_id.get(parent).ok_or(RuleError::NotFound)?);
        while let Some(folder) = current {
            if &folder.id == id || !seen.insert(&folder.id) {
                return Err(RuleError::FolderCycle);
            }
            current = folder
                .parent_id
                .as_ref()
                .and_then(|p| by_id.get(p).copied());
        }
    }
    let siblings = folders
        .iter()
        .filter(|f| f.deleted_at.is_none() && f.parent_id.as_ref() == new_parent && &f.id != id);
    Ok(Move {
        id: id.clone(),
        parent_id: new_parent.cloned(),
        order: append_order(siblings.map(|f| f.order)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::test_id;

    fn folder(id: &str, parent: Option<&str>, order: f64) -> Node {
        Node {
            id: test_id(id),
            parent_id: parent.map(test_id),
            order,
            deleted_at: None,
        }
    }

    /// top holds mid (0) and other (3); mid holds leaf.
    fn folders() -> Vec<Node> {
        vec![
            folder("top", None, 0.0),
            folder("mid", Some("top"), 0.0),
            folder("other", Some("top"), 3.0),
            folder("leaf", Some("mid"), 0.0),
        ]
    }

    #[test]
    fn a_folder_moves_to_the_end_of_its_new_parent() {
        let m = move_folder(&folders(), &test_id("leaf"), Some(&test_id("top"))).unwrap();
        assert_eq!(m.parent_id, Some(test_id("top")));
        assert_eq!(m.order, 4.0);
        let root = move_folder(&folders(), &test_id("mid"), None).unwrap();
        assert_eq!((root.parent_id, root.order), (None, 1.0));
    }

    #[test]
    fn a_folder_moved_into_itself_or_its_own_subfolder_is_a_folder_cycle() {
        let f = folders();
        assert_eq!(
            move_folder(&f, &test_id("mid"), Some(&test_id("mid"))),
            Err(RuleError::FolderCycle)
        );
        assert_eq!(
            move_folder(&f, &test_id("top"), Some(&test_id("leaf"))),
            Err(RuleError::FolderCycle)
        );
    }

    #[test]
    fn a_folder_moved_into_a_missing_or_trashed_folder_is_not_found() {
        let mut f = folders();
        f[2].deleted_at = Some(1);
        assert_eq!(
            move_folder(&f, &test_id("leaf"), Some(&test_id("other"))),
            Err(RuleError::NotFound)
        );
        assert_eq!(
            move_folder(&f, &test_id("gone"), None),
            Err(RuleError::NotFound)
        );
    }
}
