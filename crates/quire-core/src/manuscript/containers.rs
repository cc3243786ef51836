//! Deleting a container (a folder, group, outline or chapter with subchapters) and what happens
//! to what it holds: its children move up to its parent (the default) or are deleted with it.
//! The caller passes the flat list of rows of one tree with their parent ids; the answer lists
//! the rows to change, so the store can apply it in one transaction and the client can mirror
//! it.

use std::collections::HashSet;

use crate::Id;
use crate::time::EpochMs;

use super::RuleError;
use super::order::{MOVED_UP_ORDER_OFFSET, Node};

/// What happens to a deleted container's children.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DeleteMode {
    /// The default: its live children move to the container's own parent, their order offset by
    /// +99999 so they follow the parent's own children. Their descendants go with them.
    #[default]
    MoveChildrenUp,
    /// The container's live descendants, at every depth, go to the trash with it.
    DeleteChildren,
}

/// A row that gets a new parent and order.
#[derive(Debug, Clone, PartialEq)]
pub struct Move {
    pub id: Id,
    pub parent_id: Option<Id>,
    pub order: f64,
}

/// The changes a container deletion makes.
#[derive(Debug, Clone, PartialEq)]
pub struct ContainerDeletion {
    /// The `deleted_at` every row in `deleted` gets.
    pub deleted_at: EpochMs,
    /// The container first, then (with [`DeleteMode::DeleteChildren`]) its live descendants,
    /// parents before children. Rows already in the trash keep their own `deleted_at`.
    pub deleted: Vec<Id>,
    /// With [`DeleteMode::MoveChildrenUp`]: the live children, in their order.
    pub moved: Vec<Move>,
}

/// Deletes `container_id` from `nodes` under `mode` at `now`. Refused with `not_found` when the
/// container is not in `nodes` and `was_not_deleted` when it is already in the trash.
pub fn delete_container(
    container_id: &Id,
    nodes: &[Node],
    mode: DeleteMode,
    now: EpochMs,
) -> Result<ContainerDeletion, RuleError> {
    let container = nodes
        .iter()
        .find(|n| &n.id == container_id)
        .ok_or(RuleError::NotFound)?;
    if container.deleted_at.is_some() {
        return Err(RuleError::WasNotDeleted);
    }
    let mut deletion = ContainerDeletion {
        deleted_at: now,
        deleted: vec![container.id.clone()],
        moved: Vec::new(),
    };
    match mode {
        DeleteMode::MoveChildrenUp => {
            let mut children = live_children(nodes, container_id);
            children.sort_by(|a, b| a.order.total_cmp(&b.order).then_with(|| a.id.cmp(&b.id)));
            deletion.moved = children
                .into_iter()
                .map(|child| Move {
                    id: child.id.clone(),
                    parent_id: container.parent_id.clone(),
                    order: child.order + MOVED_UP_ORDER_OFFSET,
                })
                .collect();
        }
        DeleteMode::DeleteChildren => {
            // Breadth first, so parents come before children; `seen` guards against a cycle in
            // corrupt data. Rows already in the trash are walked through but not re-deleted.
            let mut seen: HashSet<&Id> = HashSet::from([container_id]);
            let mut level = vec![container_id];
            while !level.is_empty() {
                let mut next = Vec::new();
                for parent in level {
                    for child in nodes
                        .iter()
                        .filter(|n| n.parent_id.as_ref() == Some(parent))
                    {
                        if seen.insert(&child.id) {
                            if child.deleted_at.is_none() {
                                deletion.deleted.push(child.id.clone());
                            }
                            next.push(&child.id);
                        }
                    }
                }
                level = next;
            }
        }
    }
    Ok(deletion)
}

fn live_children<'a>(nodes: &'a [Node], parent: &Id) -> Vec<&'a Node> {
    nodes
        .iter()
        .filter(|n| n.parent_id.as_ref() == Some(parent) && n.deleted_at.is_none())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::test_id;

    const NOW: EpochMs = 1_772_000_000_000;

    fn node(id: &str, parent: Option<&str>, order: f64) -> Node {
        Node {
            id: test_id(id),
            parent_id: parent.map(test_id),
            order,
            deleted_at: None,
        }
    }

    /// root folder R holds A (orders 0) and B (1); A holds a1 (1), a2 (0) and a trashed a3;
    /// a1 holds a1x.
    fn tree() -> Vec<Node> {
        let mut trashed = node("a3", Some("A"), 2.0);
        trashed.deleted_at = Some(NOW - 1_000);
        vec![
            node("R", None, 0.0),
            node("A", Some("R"), 0.0),
            node("B", Some("R"), 1.0),
            node("a1", Some("A"), 1.0),
            node("a2", Some("A"), 0.0),
            trashed,
            node("a1x", Some("a1"), 0.0),
        ]
    }

    #[test]
    fn by_default_live_children_move_up_to_the_parent_with_their_order_offset_by_99999() {
        let d = delete_container(&test_id("A"), &tree(), DeleteMode::default(), NOW).unwrap();
        assert_eq!(d.deleted, [test_id("A")]);
        assert_eq!(d.deleted_at, NOW);
        assert_eq!(
            d.moved,
            [
                Move {
                    id: test_id("a2"),
                    parent_id: Some(test_id("R")),
                    order: 99_999.0
                },
                Move {
                    id: test_id("a1"),
                    parent_id: Some(test_id("R")),
                    order: 100_000.0
                },
            ]
        );
    }

    #[test]
    fn children_of_a_root_container_move_up_to_the_root() {
        let d = delete_container(&test_id("R"), &tree(), DeleteMode::MoveChildrenUp, NOW).unwrap();
        assert!(d.moved.iter().all(|m| m.parent_id.is_none()));
        assert_eq!(d.moved.len(), 2);
    }

    #[test]
    fn deleting_children_too_trashes_every_live_descendant_and_moves_nothing() {
        let d = delete_container(&test_id("A"), &tree(), DeleteMode::DeleteChildren, NOW).unwrap();
        assert_eq!(
            d.deleted,
            [test_id("A"), test_id("a1"), test_id("a2"), test_id("a1x")]
        );
        assert!(d.moved.is_empty());
    }

    #[test]
    fn deleting_a_container_already_in_the_trash_or_missing_is_refused() {
        let mut nodes = tree();
        nodes[1].deleted_at = Some(NOW - 5);
        let mode = DeleteMode::MoveChildrenUp;
        assert_eq!(
            delete_container(&test_id("A"), &nodes, mode, NOW),
            Err(RuleError::WasNotDeleted)
        );
        assert_eq!(
            delete_container(&test_id("zz"), &nodes, mode, NOW),
            Err(RuleError::NotFound)
        );
    }

    #[test]
    fn a_cycle_in_corrupt_data_does_not_loop_forever() {
        let nodes = vec![node("x", Some("y"), 0.0), node("y", Some("x"), 0.0)];
        let d = delete_container(&test_id("x"), &nodes, DeleteMode::DeleteChildren, NOW).unwrap();
        assert_eq!(d.deleted, [test_id("x"), test_id("y")]);
    }
}
