//! Where stones go when an action is played: what the app animates, in the rules' own words.

use super::cell::Cell;
use super::player::Player;

/// A place a stone can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Place {
    /// On a cell, at a level of its stack (0 = bottom).
    Board {
        /// The cell.
        cell: Cell,
        /// The level in the stack, from the bottom.
        level: u8,
    },
    /// Lifted in the turn in progress, over a cell, at a level of the stones in hand.
    Hand {
        /// The cell the stones are over.
        cell: Cell,
        /// The level among the stones in hand, from the bottom.
        level: u8,
    },
    /// A new stone from a player's supply (Support's insertions).
    Supply(Player),
    /// Taken out of the game by its owner (Grabber's removals).
    Removed(Player),
    /// Off the board, captured by this player.
    Captured(Player),
}

impl Place {
    /// A place on the board.
    #[must_use]
    pub const fn on(cell: Cell, level: u8) -> Place {
        Place::Board { cell, level }
    }
}

/// One stone moving from one place to another.
///
/// Travels of one action come in stages: all travels of stage 0 happen first (together), then
/// stage 1, and so on. A travel's `from` names where the stone is when its stage starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Travel {
    /// The stage of the action in which this stone moves.
    pub stage: u8,
    /// Where the stone is at the start of the stage.
    pub from: Place,
    /// Where it ends up.
    pub to: Place,
    /// The stone is captured by this travel: off the board to its captor, or taken prisoner
    /// under the capturing column (Grabber). What the app celebrates as a capture.
    pub taken: bool,
}

impl Travel {
    /// A stone moving in `stage` from `from` to `to`, taken exactly when it goes to a captor.
    #[must_use]
    pub const fn new(stage: u8, from: Place, to: Place) -> Travel {
        Travel {
            stage,
            from,
            to,
            taken: matches!(to, Place::Captured(_)),
        }
    }

    /// A stone captured without leaving the board: taken prisoner from `from` to `to`.
    #[must_use]
    pub const fn prisoner(stage: u8, from: Place, to: Place) -> Travel {
        Travel {
            stage,
            from,
            to,
            taken: true,
        }
    }
}
