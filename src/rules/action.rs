//! One decision of a turn ([`Action`]) and the fixed-capacity list that holds the legal ones.

use std::fmt;

use arrayvec::ArrayVec;

use super::cell::{Cell, Dir};

/// One small decision of a turn. The kinds are shared by all five games (docs/notation.md,
/// "Partial turns"): choose a cell, choose a count, choose a direction, stop, pass.
///
/// What a cell or a count means depends on where the turn stands (an origin, a step, a landing
/// cell, a placement; stones taken or dropped): the game's state knows which decision is pending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Choose a cell: an origin, a destination, a landing cell or a placement.
    Cell(Cell),
    /// Choose a number: stones taken up or dropped.
    Count(u8),
    /// Choose a direction: a splay or a push.
    Dir(Dir),
    /// End a turn that could go on (Grabber's optional further jumps).
    Stop,
    /// The whole turn of a player who has no move (Splay).
    Pass,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Cell(c) => write!(f, "{c}"),
            Action::Count(n) => write!(f, "{n}"),
            Action::Dir(d) => write!(f, "{d}"),
            Action::Stop => f.write_str("stop"),
            Action::Pass => f.write_str("pass"),
        }
    }
}

/// The most decisions offered at once. The largest lists are Cash In Hand's counts (taking or
/// dropping 1 to 127 stones) and a choice among the cells of a 10x10 board.
pub const MAX_ACTIONS: usize = 128;

/// The legal decisions at one point of a turn. Lives on the stack: listing never allocates.
pub type ActionList = ArrayVec<Action, MAX_ACTIONS>;

/// A whole turn as its decisions. Allocation-free too; a Cash In Hand turn with a long path and
/// a large redistribution is the longest (2 + 2·32 path decisions + up to 127 placements).
pub type TurnActions = ArrayVec<Action, 256>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_stay_small_and_print_as_notation_pieces() {
        assert!(std::mem::size_of::<Action>() <= 2);
        let c3: Cell = "c3".parse().unwrap();
        let shown: Vec<String> = [
            Action::Cell(c3),
            Action::Count(8),
            Action::Dir(Dir::Ne),
            Action::Stop,
            Action::Pass,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(shown, ["c3", "8", "ne", "stop", "pass"]);
    }
}
