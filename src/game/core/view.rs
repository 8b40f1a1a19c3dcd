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

impl MarkerKind {
    /// Every kind of target.
    pub const ALL: [MarkerKind; 12] = [
        MarkerKind::Selectable,
        MarkerKind::Pick,
        MarkerKind::SelectableForced,
        MarkerKind::Selected,
        MarkerKind::Step,
        MarkerKind::Splay,
        MarkerKind::SplayForced,
        MarkerKind::Place,
        MarkerKind::Insert,
        MarkerKind::Push,
        MarkerKind::Stop,
        MarkerKind::Hint,
    ];
}

/// How a cell's tile is shaded, in the theme's words: what matters about the cell in its game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TileShade {
    /// The theme's light tile colour.
    Light,
    /// The theme's dark tile colour.
    Dark,
    /// The light colour mixed towards the dark one by this share (0 light, 1 dark).
    Between(f32),
    /// The theme's colour for the cells a game singles out (Support's centre).
    Special,
}

/// A fixed piece of a game's board, drawn on its cell and never moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoration {
    /// A player's City (Intermedium): a stone disc inlaid in the cell, ringed in brass.
    City(Player, Cell),
    /// A player's base (Support): an enamelled block with a brass boss.
    Base(Player, Cell),
}

/// A game's mapping from actions to the board.
pub trait BoardView: Game {
    /// The cell whose click chooses `action` (legal now), or `None` when a button chooses it.
    fn action_cell(&self, action: Action) -> Option<Cell>;

    /// How the target of `action` is marked.
    fn marker(&self, action: Action) -> MarkerKind;

    /// The cells an action would put stones on, in order (a splay's path), for a preview: by
    /// default just the cell it is clicked on.
    fn action_path(&self, action: Action) -> Vec<Cell> {
        self.action_cell(action).into_iter().collect()
    }

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

    /// How the tile of `cell` is shaded.
    fn tile(&self, cell: Cell) -> TileShade;

    /// The fixed pieces of the board (none unless the game has some).
    fn decorations(&self) -> Vec<Decoration> {
        Vec::new()
    }

    /// The whole move `actions`, played from this position, in words for an announcement (no
    /// player, no captures): by default where it started and where it ended.
    fn move_words(&self, actions: &[Action], tr: &Tr) -> String {
        from_to_words(actions, tr)
    }
}

/// A move in words from its first and last cells (`c7 to c6`), or its one cell.
#[must_use]
pub fn from_to_words(actions: &[Action], tr: &Tr) -> String {
    let mut cells = actions.iter().filter_map(|a| match a {
        Action::Cell(c) => Some(*c),
        _ => None,
    });
    let first = cells.next();
    match (first, cells.next_back()) {
        (Some(from), Some(to)) if from != to => {
            tr.tf("say.from_to", &[("from", &from), ("to", &to)])
        }
        (Some(cell), _) => cell.to_string(),
        (None, _) => actions
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// A direction in words (`north`), for an announcement.
#[must_use]
pub fn direction_words(tr: &Tr, d: crate::rules::Dir) -> &str {
    tr.t(match d {
        crate::rules::Dir::N => "say.dir.n",
        crate::rules::Dir::Ne => "say.dir.ne",
        crate::rules::Dir::E => "say.dir.e",
        crate::rules::Dir::Se => "say.dir.se",
        crate::rules::Dir::S => "say.dir.s",
        crate::rules::Dir::Sw => "say.dir.sw",
        crate::rules::Dir::W => "say.dir.w",
        crate::rules::Dir::Nw => "say.dir.nw",
    })
}
