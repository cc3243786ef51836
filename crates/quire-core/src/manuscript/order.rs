//! The order of items among their siblings, and the offsets a move-up, a duplicate and new
//! research start from. Items carry an `order: f64` (the stored `_order`); a move or an insert
//! may leave gaps or fractions, and [`renumber`] closes them.

use crate::Id;
use crate::time::EpochMs;

/// Added to a child's order when its deleted container hands it to the container's parent, so
/// it lands after the parent's own children.
pub const MOVED_UP_ORDER_OFFSET: f64 = 99_999.0;
/// Added to the original's order for its duplicate, which so sits right after it.
pub const DUPLICATE_ORDER_OFFSET: f64 = 0.1;
/// The order of the first research item.
pub const RESEARCH_ORDER_START: f64 = 100.0;

/// Anything kept in order among its siblings.
pub trait Ordered {
    fn order(&self) -> f64;
    fn set_order(&mut self, order: f64);
    /// Breaks ties between equal orders, so every device renumbers the same way.
    fn id(&self) -> &str;
}

/// A row of a tree of containers (folders, groups, outlines, chapters …) as the ordering and
/// trash rules see it: its parent (`None` at the root), its order and whether it is in the
/// trash.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub id: Id,
    pub parent_id: Option<Id>,
    pub order: f64,
    pub deleted_at: Option<EpochMs>,
}

impl Ordered for Node {
    fn order(&self) -> f64 {
        self.order
    }
    fn set_order(&mut self, order: f64) {
        self.order = order;
    }
    fn id(&self) -> &str {
        self.id.as_str()
    }
}

/// Gives `items` the orders 0, 1, 2 … in their current relative order. Equal orders keep the
/// order of their ids; a NaN (corrupt data) sorts last. The slice itself is not reordered.
pub fn renumber<T: Ordered>(items: &mut [T]) {
    let mut ranks: Vec<usize> = (0..items.len()).collect();
    ranks.sort_by(|&a, &b| {
        let (a, b) = (&items[a], &items[b]);
        a.order()
            .total_cmp(&b.order())
            .then_with(|| a.id().cmp(b.id()))
    });
    for (rank, index) in ranks.into_iter().enumerate() {
        items[index].set_order(rank as f64);
    }
}

/// A duplicate's order: the original's plus 0.1.
pub fn duplicate_order(original: f64) -> f64 {
    original + DUPLICATE_ORDER_OFFSET
}

/// The order of an item added at the end: one past the highest, or 0 for the first.
pub fn append_order(existing: impl IntoIterator<Item = f64>) -> f64 {
    existing
        .into_iter()
        .reduce(f64::max)
        .map_or(0.0, |last| last + 1.0)
}

/// The order of a new research item: the first one gets 100 and each later one goes after the
/// highest existing order, so the next is `max(100, highest + 1)`.
pub fn next_research_order(existing: impl IntoIterator<Item = f64>) -> f64 {
    append_order(existing).max(RESEARCH_ORDER_START)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manuscript::test_id;

    fn node(id: &str, order: f64) -> Node {
        Node {
            id: test_id(id),
            parent_id: None,
            order,
            deleted_at: None,
        }
    }

    fn orders(nodes: &[Node]) -> Vec<f64> {
        nodes.iter().map(|n| n.order).collect()
    }

    #[test]
    fn renumbering_counts_from_zero_and_keeps_the_relative_order() {
        let mut items = vec![node("a", 7.5), node("b", -2.0), node("c", 100_003.0)];
        renumber(&mut items);
        assert_eq!(orders(&items), [1.0, 0.0, 2.0]);
    }

    #[test]
    fn renumbering_breaks_ties_by_id() {
        let mut items = vec![node("b", 1.0), node("a", 1.0), node("c", 0.5)];
        renumber(&mut items);
        assert_eq!(orders(&items), [2.0, 1.0, 0.0]);
    }

    #[test]
    fn renumbering_puts_a_corrupt_order_last() {
        let mut items = vec![node("a", f64::NAN), node("b", 3.0)];
        renumber(&mut items);
        assert_eq!(orders(&items), [1.0, 0.0]);
    }

    #[test]
    fn a_duplicate_sits_right_after_its_original() {
        assert_eq!(duplicate_order(2.0), 2.1);
        let mut items = vec![
            node("a", 2.0),
            node("z", duplicate_order(2.0)),
            node("b", 3.0),
        ];
        renumber(&mut items);
        assert_eq!(orders(&items), [0.0, 1.0, 2.0]);
    }

    #[test]
    fn an_appended_item_goes_after_the_highest_order() {
        assert_eq!(append_order([]), 0.0);
        assert_eq!(append_order([3.0, 9.0, 1.0]), 10.0);
    }

    #[test]
    fn new_research_starts_at_100_and_then_follows_the_last() {
        assert_eq!(next_research_order([]), 100.0);
        assert_eq!(next_research_order([0.0, 1.0]), 100.0);
        assert_eq!(next_research_order([100.0, 104.0]), 105.0);
    }
}
