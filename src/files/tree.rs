//! A game with its variations: a tree of whole moves from the start position. Each node's first
//! child continues its line; the others are variations, kept until deleted. Saves, records and
//! the app's move list all read and write it.

use crate::rules::TurnActions;

/// The start position's node.
pub const ROOT: usize = 0;

/// A whole move in the tree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    /// The node it was played from (the root's is itself).
    pub parent: usize,
    /// Its decisions.
    pub actions: TurnActions,
    /// Its notation.
    pub notation: String,
    /// The moves played from here: the first continues the line, the others are variations.
    pub children: Vec<usize>,
    /// Whole moves from the start to here.
    pub depth: usize,
}

/// The moves of a game and its variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameTree {
    nodes: Vec<MoveNode>,
}

impl Default for GameTree {
    fn default() -> GameTree {
        GameTree::new()
    }
}

impl GameTree {
    /// A tree holding only the start.
    #[must_use]
    pub fn new() -> GameTree {
        GameTree {
            nodes: vec![MoveNode {
                parent: ROOT,
                actions: TurnActions::new(),
                notation: String::new(),
                children: Vec::new(),
                depth: 0,
            }],
        }
    }

    /// A tree of one line of moves (decisions and notation of each).
    #[must_use]
    pub fn of_line(moves: &[(TurnActions, String)]) -> GameTree {
        let mut tree = GameTree::new();
        let mut at = ROOT;
        for (actions, notation) in moves {
            at = tree.play(at, actions.clone(), notation.clone());
        }
        tree
    }

    /// The node `n` (the root for an index that is not in the tree).
    #[must_use]
    pub fn node(&self, n: usize) -> &MoveNode {
        self.nodes.get(n).unwrap_or(&self.nodes[ROOT])
    }

    /// How many nodes the tree holds, the start included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether no move has been played.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The node reached by playing `actions` from `from`: the child already there, or a new one
    /// (a variation, when `from` has moves already).
    pub fn play(&mut self, from: usize, actions: TurnActions, notation: String) -> usize {
        let from = from.min(self.nodes.len() - 1);
        if let Some(&c) = self.nodes[from]
            .children
            .iter()
            .find(|&&c| self.nodes[c].actions == actions)
        {
            return c;
        }
        let n = self.nodes.len();
        let depth = self.nodes[from].depth + 1;
        self.nodes.push(MoveNode {
            parent: from,
            actions,
            notation,
            children: Vec::new(),
            depth,
        });
        self.nodes[from].children.push(n);
        n
    }

    /// The nodes from the start's first move to `n`, in order (empty for the root).
    #[must_use]
    pub fn path_to(&self, n: usize) -> Vec<usize> {
        let mut path = Vec::new();
        let mut at = n.min(self.nodes.len() - 1);
        while at != ROOT {
            path.push(at);
            at = self.nodes[at].parent;
        }
        path.reverse();
        path
    }

    /// The line through `n`: the path to it, then its first children to the line's end.
    #[must_use]
    pub fn line_through(&self, n: usize) -> Vec<usize> {
        let mut line = self.path_to(n);
        let mut at = n.min(self.nodes.len() - 1);
        while let Some(&c) = self.nodes[at].children.first() {
            line.push(c);
            at = c;
        }
        line
    }

    /// The main line: the start's first children to the end.
    #[must_use]
    pub fn main_line(&self) -> Vec<usize> {
        self.line_through(ROOT)
    }

    /// The last node of the line through `n`.
    #[must_use]
    pub fn line_end(&self, n: usize) -> usize {
        self.line_through(n).last().copied().unwrap_or(ROOT)
    }

    /// Whether `n` lies on the main line.
    #[must_use]
    pub fn is_main(&self, n: usize) -> bool {
        self.path_to(n)
            .iter()
            .all(|&c| self.nodes[self.nodes[c].parent].children.first() == Some(&c))
    }

    /// Makes the line through `n` the main line: at each branching on the way to it, its
    /// branch becomes the first child (the line it replaced becomes a variation).
    pub fn promote(&mut self, n: usize) {
        for c in self.path_to(n) {
            let p = self.nodes[c].parent;
            let children = &mut self.nodes[p].children;
            if let Some(i) = children.iter().position(|&k| k == c) {
                let moved = children.remove(i);
                children.insert(0, moved);
            }
        }
    }

    /// Deletes `n` and every move after it (the start cannot be deleted). Returns where each
    /// kept node now is (`None` for the deleted), for whoever holds node numbers.
    pub fn delete(&mut self, n: usize) -> Vec<Option<usize>> {
        let count = self.nodes.len();
        let mut gone = vec![false; count];
        if n == ROOT || n >= count {
            return (0..count).map(Some).collect();
        }
        let mut stack = vec![n];
        while let Some(k) = stack.pop() {
            gone[k] = true;
            stack.extend(&self.nodes[k].children);
        }
        let mut renumbered = vec![None; count];
        let mut next = 0;
        for (old, g) in gone.iter().enumerate() {
            if !g {
                renumbered[old] = Some(next);
                next += 1;
            }
        }
        let old = std::mem::take(&mut self.nodes);
        for (i, mut node) in old.into_iter().enumerate() {
            if gone[i] {
                continue;
            }
            node.parent = renumbered[node.parent].unwrap_or(ROOT);
            node.children = node
                .children
                .iter()
                .filter_map(|&c| renumbered[c])
                .collect();
            self.nodes.push(node);
        }
        renumbered
    }

    /// The variations: for each node with more than one move after it, in the order of a
    /// depth-first walk along first children, each later child (a variation's first move).
    #[must_use]
    pub fn variation_starts(&self) -> Vec<usize> {
        let mut starts = Vec::new();
        let mut stack = vec![ROOT];
        while let Some(k) = stack.pop() {
            let children = &self.nodes[k].children;
            starts.extend(children.iter().skip(1));
            stack.extend(children.iter().rev());
        }
        starts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Action, Cell};

    fn mv(i: u8) -> (TurnActions, String) {
        let mut a = TurnActions::new();
        a.push(Action::Cell(Cell::new(i, 0)));
        (a, format!("m{i}"))
    }

    fn play(tree: &mut GameTree, from: usize, i: u8) -> usize {
        let (a, n) = mv(i);
        tree.play(from, a, n)
    }

    #[test]
    fn a_move_from_an_earlier_position_starts_a_variation_and_keeps_the_line() {
        let mut tree = GameTree::of_line(&[mv(1), mv(2), mv(3)]);
        let main = tree.main_line();
        assert_eq!(main.len(), 3);
        let side = play(&mut tree, main[0], 5);
        assert_eq!(tree.main_line(), main, "the old line stays the main line");
        assert_eq!(tree.path_to(side), vec![main[0], side]);
        assert!(!tree.is_main(side) && tree.is_main(main[2]));
        assert_eq!(tree.variation_starts(), vec![side]);
        assert_eq!(
            play(&mut tree, main[0], 2),
            main[1],
            "the same move is not a new line"
        );
        let deeper = play(&mut tree, side, 6);
        assert_eq!(tree.line_end(side), deeper);
        assert_eq!(tree.node(deeper).depth, 3);
    }

    #[test]
    fn promoting_makes_a_variation_the_main_line_and_deleting_removes_it_all() {
        let mut tree = GameTree::of_line(&[mv(1), mv(2), mv(3)]);
        let main = tree.main_line();
        let side = play(&mut tree, main[0], 5);
        let deeper = play(&mut tree, side, 6);
        tree.promote(deeper);
        assert_eq!(tree.main_line(), vec![main[0], side, deeper]);
        assert_eq!(tree.variation_starts(), vec![main[1]]);
        let renumbered = tree.delete(main[1]);
        assert_eq!(renumbered[main[2]], None);
        assert_eq!(tree.len(), 4);
        let names: Vec<&str> = tree
            .main_line()
            .iter()
            .map(|&n| tree.node(n).notation.as_str())
            .collect();
        assert_eq!(names, ["m1", "m5", "m6"]);
        assert!(tree.variation_starts().is_empty());
        assert_eq!(tree.delete(ROOT).len(), 4, "the start stays");
    }
}
