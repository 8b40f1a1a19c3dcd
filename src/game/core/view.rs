//! How a game's decisions show on the board: which cell a click chooses an action by, and how
//! the choice is marked. One implementation per game keeps the board code game-agnostic.

use crate::rules::{Action, Cell, Game, Player};

use crate::game::core::i18n::Tr;

/// How a target on the board is marked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkerKind {
    /// A stack that may be chosen to start the turn.
    Selectable,
    /// A column that may be chosen on a crowded board: a ring on top, where a halo would hide.
    Pick,
    /// A stack that must be chosen (a forced splay in Splay).
    SelectableForced,
    /// The stack chosen for this turn.
    Selected,
    /// A step to this cell.
    Step,
    /// A splay whose bottom stone lands on this cell.
    Splay,
    /// A forced splay whose bottom stone lands here.
    SplayForced,
    /// A stack that may receive a captured stone (Cash In Hand's redistribution).
    Place,
    /// An empty cell where a stone may be inserted (Support).
    Insert,
    /// A push in a direction (Support): an arrow.
    Push,
    /// Ending a capture here (Grabber's `stop`).
    Stop,
    /// The decision the hint suggests.
    Hint,
}

/// A game's mapping from actions to the board.
pub trait BoardView: Game {
    /// The cell whose click chooses `action` (legal now), or `None` when a button chooses it.
    fn action_cell(&self, action: Action) -> Option<Cell>;

    /// How the target of `action` is marked.
    fn marker(&self, action: Action) -> MarkerKind;

    /// The cells an action would put stones on, in order (a splay's path), for a preview.
    fn action_path(&self, action: Action) -> Vec<Cell>;

    /// A one-line hint for the decision pending now.
    fn prompt(&self, tr: &Tr) -> String;

    /// The stack chosen this turn, shown as selected.
    fn selected(&self) -> Option<Cell>;

    /// How the game is won, in one line for the panel.
    fn goal<'a>(&self, tr: &'a Tr) -> &'a str;

    /// The panel's line on what a player has captured.
    fn captures_line(&self, tr: &Tr, p: Player) -> String;

    /// The word on the button that confirms a count (`Lift`, `Put down`).
    fn count_verb<'a>(&self, tr: &'a Tr) -> &'a str {
        tr.t("count.choose")
    }

    /// Stones still to place back after a capture (Cash In Hand).
    fn left_to_place(&self) -> usize {
        0
    }

    /// The cells the turn in progress has passed through, in order, drawn as a path.
    fn trail(&self) -> Vec<Cell> {
        Vec::new()
    }
}
