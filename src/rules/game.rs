//! The one trait every game implements, built on actions; outcomes and options.
//!
//! # Why this shape: the five specs walked through it
//!
//! A turn is a sequence of [`Action`]s. The state itself knows which decision is pending, so the
//! same three calls (`legal_actions`, `play`, `in_turn`) drive every game, and the search, the
//! mouse and the referee all build turns the same way. Each spec's "How moves decompose into
//! actions" section maps onto it without special cases:
//!
//! | game | decisions of one turn | notes |
//! |---|---|---|
//! | Splay | `Cell` origin, then `Cell` step or `Dir` splay; or `Pass` alone | a step and a splay never share an action kind |
//! | Cash In Hand | `Cell` origin, `Count` taken, then (`Cell` step, `Count` dropped)+, then one `Cell` per captured stone placed | captures are worked out by `play`, no decision; placements in board order make each split one sequence |
//! | Intermedium | `Cell` origin, then one `Cell` per step (each drops a stone) | only completable steps are listed (corners, opening rule): the game runs its memoised check inside `legal_actions` |
//! | Grabber | removal: `Cell` alone; capture: `Cell` column, `Cell` landing per jump, then `Stop` | `Stop` is listed after every jump; when no jump is left it is the only action |
//! | Support | `Cell`; on an own stone then `Dir` (push) or `Cell` (support destination) | an empty edge cell completes the turn at once; a direction and a destination are different kinds even when they point at the same cell |
//!
//! Every game promises that each listed action can be completed into a legal turn and that each
//! legal move is exactly one sequence of actions. Whole moves, their notation, `moves`, `perft`
//! and `apply` are therefore derived from actions ([`super::turn`]), never the reverse.
//!
//! Speed: `legal_actions` fills a caller's [`ActionList`] (no allocation) and `play` mutates a
//! small state in place, updating an incremental hash. A search copies the state (copy-make).

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::action::{Action, ActionList, TurnActions};
use super::game_id::GameId;
use super::notation::NotationError;
use super::player::Player;
use super::setup::{PositionError, Setup};

/// A game's rules: positions, legal actions, applying them, outcomes and notation.
///
/// A value is a position *and* the turn in progress (the decisions taken so far this turn),
/// together with the options it is played under.
pub trait Game: Clone + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The game's options; they travel with the state since a position string omits them.
    type Options: GameOptions;

    /// The start position under the given options.
    fn start(options: Self::Options) -> Self;

    /// The start position of a game id this type plays (the board size, for Grabber).
    fn start_on_board(id: GameId, options: Self::Options) -> Self {
        let _ = id;
        Self::start(options)
    }

    /// A legal position from a parsed position string.
    ///
    /// # Errors
    /// [`PositionError`] when the string breaks the game's rules for valid positions.
    fn from_setup(setup: &Setup, options: Self::Options) -> Result<Self, PositionError>;

    /// The position as a [`Setup`], whose `Display` is the canonical position string. Meant for
    /// turn boundaries; mid-turn it shows the board as it stands.
    fn to_setup(&self) -> Setup;

    /// The game id of this position.
    fn id(&self) -> GameId;

    /// The options the game is played under.
    fn options(&self) -> Self::Options;

    /// The player whose decision is pending (the mover, for the whole turn).
    fn to_move(&self) -> Player;

    /// Turns played so far.
    fn ply(&self) -> u32;

    /// A hash of the position and the turn in progress, kept up to date incrementally.
    /// Equal positions (ply aside) have equal hashes.
    fn hash(&self) -> u64;

    /// Whether some but not all decisions of a turn have been taken.
    fn in_turn(&self) -> bool;

    /// The result at a turn boundary, `None` while the game goes on. Checked in docs/notation.md's
    /// order: wins (ignoring the cap), then the ply cap, then other draws.
    fn outcome(&self) -> Option<Outcome>;

    /// The stack on a cell, bottom first (empty off the board).
    fn stack(&self, c: super::cell::Cell) -> super::stack::Stack;

    /// Stones lifted and not yet put down in the turn in progress: the cell they are over, and
    /// the stones (bottom first). `None` when no stone is in hand.
    fn hand(&self) -> Option<(super::cell::Cell, super::stack::Stack)> {
        None
    }

    /// How many enemy stones a player has captured and keeps off the board.
    fn captured_by(&self, p: Player) -> usize;

    /// How many stones both players have captured so far, whatever became of them: what a
    /// game's history counts its turns without a capture by. The stones kept off the board
    /// ([`Game::captured_by`]) unless the game puts captured stones back (Cash In Hand).
    fn stones_captured(&self) -> usize {
        self.captured_by(Player::Black) + self.captured_by(Player::White)
    }

    /// How many of a player's own stones have been taken out of the game (Grabber's removals).
    fn removed(&self, p: Player) -> usize {
        let _ = p;
        0
    }

    /// The decision that a whole move's notation leaves unwritten at its end, if the turn in
    /// progress may end with it (Grabber's `stop` after a jump).
    fn implied_end(&self) -> Option<Action> {
        None
    }

    /// Appends the legal decisions now to `out`; callers clear it first (the list is reused
    /// across a playout so that nothing allocates). None exactly when the game is over.
    fn legal_actions(&self, out: &mut ActionList);

    /// Whether every decision listed now completes the turn (so a caller counting whole moves
    /// may count them without playing them). `false` when unsure, which is always correct.
    fn next_completes_turn(&self) -> bool {
        false
    }

    /// Takes a decision. It must be one of [`Game::legal_actions`]; anything else may leave a
    /// state that breaks the rules (use [`super::turn::Turn::play`] for checked play).
    fn play(&mut self, action: Action);

    /// The stones that playing `action` (a legal one) moves, in stages, for animation. Not a hot
    /// path: it may allocate. An action that moves nothing (choosing a stack) has none.
    fn travels(&self, action: Action) -> Vec<super::travel::Travel>;

    /// Reads a whole move or a partial turn of this game's notation into its decisions, checking
    /// syntax only (legality is checked by playing them). Accepts upper case in cells,
    /// directions and `pass`.
    ///
    /// # Errors
    /// [`NotationError`] when the text is not the game's notation.
    fn parse_actions(&self, text: &str) -> Result<TurnActions, NotationError>;

    /// Writes the canonical notation of `actions` played from `self` (a turn boundary): a whole
    /// move, or the prefix of docs/notation.md's "Partial turns" when the turn is unfinished.
    fn write_notation(&self, actions: &[Action], out: &mut String);
}

/// Why a game ended, as the referee's `status` words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The player to move had no legal move.
    NoMoves,
    /// A player has no stones left.
    Eliminated,
    /// Enough stones were captured.
    Captures,
    /// A City was taken (Intermedium).
    City,
    /// The centre was held (Support).
    Centre,
    /// Neither player can move (Splay).
    Passes,
    /// The turn cap was reached.
    PlyCap,
    /// A position occurred for the third time (game records only).
    Repetition,
    /// A player resigned (game records and the app only; never a position's status).
    Resignation,
    /// No stone was captured for the option `no_capture_turns`'s number of turns (Splay's
    /// no-progress draw; game records only).
    NoCapture,
}

impl Reason {
    /// The reason word of the referee's `status`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            Reason::NoMoves => "no-moves",
            Reason::Eliminated => "eliminated",
            Reason::Captures => "captures",
            Reason::City => "city",
            Reason::Centre => "centre",
            Reason::Passes => "passes",
            Reason::PlyCap => "ply-cap",
            Reason::Repetition => "repetition",
            Reason::Resignation => "resignation",
            Reason::NoCapture => "no-capture",
        }
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    /// A player won.
    Win(Player, Reason),
    /// Nobody won.
    Draw(Reason),
}

impl Outcome {
    /// The winner, if any.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Win(p, _) => Some(p),
            Outcome::Draw(_) => None,
        }
    }

    /// Why the game ended.
    #[must_use]
    pub const fn reason(self) -> Reason {
        match self {
            Outcome::Win(_, r) | Outcome::Draw(r) => r,
        }
    }
}

impl Reason {
    /// Every reason, in declaration order.
    pub const ALL: [Reason; 10] = [
        Reason::NoMoves,
        Reason::Eliminated,
        Reason::Captures,
        Reason::City,
        Reason::Centre,
        Reason::Passes,
        Reason::PlyCap,
        Reason::Repetition,
        Reason::Resignation,
        Reason::NoCapture,
    ];

    /// The reason a word of [`Reason::word`] names.
    #[must_use]
    pub fn from_word(word: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.word() == word)
    }
}

impl std::str::FromStr for Outcome {
    type Err = String;

    /// Reads what `Display` writes: `win b captures`, `draw ply-cap`.
    fn from_str(text: &str) -> Result<Outcome, String> {
        let bad = || format!("'{text}' is not a result such as 'win b captures' or 'draw ply-cap'");
        let words: Vec<&str> = text.split(' ').collect();
        match words[..] {
            ["win", p, r] => {
                let mut letters = p.chars();
                let player = match (letters.next(), letters.next()) {
                    (Some(c), None) => Player::from_letter(c),
                    _ => None,
                };
                Ok(Outcome::Win(
                    player.ok_or_else(bad)?,
                    Reason::from_word(r).ok_or_else(bad)?,
                ))
            }
            ["draw", r] => Ok(Outcome::Draw(Reason::from_word(r).ok_or_else(bad)?)),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Outcome {
    /// `win b captures`, `draw ply-cap`: the referee's `status` line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(p, r) => write!(f, "win {} {}", p.letter(), r.word()),
            Outcome::Draw(r) => write!(f, "draw {}", r.word()),
        }
    }
}

/// The default turn cap of every game (docs/notation.md).
pub const DEFAULT_PLY_CAP: u32 = 1000;

/// A game's typed options, settable by name as on the command line (`--opt name=value`).
pub trait GameOptions:
    Clone + Default + fmt::Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// Every option: its name and the values it takes, for help and error messages.
    const DESCRIPTIONS: &'static [(&'static str, &'static str)];

    /// Sets one option from its name and value as written on the command line.
    ///
    /// # Errors
    /// [`OptionError`] for an unknown name or a value the option does not take.
    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError>;

    /// The turn cap: the game is a draw once the ply reaches it.
    fn ply_cap(&self) -> u32;

    /// The no-progress draw: the game is a draw once this many turns in a row captured no
    /// stone (0: never). Applied from a game's history ([`super::History`]), never from a
    /// position alone.
    fn no_capture_turns(&self) -> u32 {
        0
    }

    /// Applies `name=value` settings in order, starting from `self`.
    ///
    /// # Errors
    /// [`OptionError`] for the first setting that is malformed, unknown or out of range.
    fn with_settings<'a>(
        mut self,
        settings: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, OptionError> {
        for s in settings {
            let (name, value) = s
                .split_once('=')
                .ok_or_else(|| OptionError::Syntax(s.to_string()))?;
            self.set(name, value)?;
        }
        Ok(self)
    }
}

/// Reads the value of the common option `ply_cap`: a positive decimal integer below 2^32.
///
/// # Errors
/// [`OptionError::Value`] otherwise.
pub fn parse_ply_cap(value: &str) -> Result<u32, OptionError> {
    match value.parse::<u32>() {
        Ok(n) if n > 0 && value.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(OptionError::Value {
            name: "ply_cap".into(),
            value: value.into(),
            expected: "a positive whole number below 2^32",
        }),
    }
}

/// Reads a number of turns for the no-progress draw (`no_capture_turns`), 0 included: decimal
/// digits only, below 2^32.
///
/// # Errors
/// [`OptionError::Value`] otherwise.
pub fn parse_turns(name: &str, value: &str) -> Result<u32, OptionError> {
    match value.parse::<u32>() {
        Ok(n) if value.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(OptionError::Value {
            name: name.into(),
            value: value.into(),
            expected: "a number of turns (0 for never)",
        }),
    }
}

/// Reads a colour option (`first_player`, `a1_colour`): `black` or `white`.
///
/// # Errors
/// [`OptionError::Value`] otherwise.
pub fn parse_colour(name: &str, value: &str) -> Result<super::player::Player, OptionError> {
    super::player::Player::from_name(value).ok_or_else(|| OptionError::Value {
        name: name.into(),
        value: value.into(),
        expected: "black or white",
    })
}

/// Reads a two-valued option spelled as the game's spec spells it (`on`/`off`,
/// `allowed`/`forbidden`): `true` for the first word.
///
/// # Errors
/// [`OptionError::Value`] for any other word; `expected` names both.
pub fn parse_switch(
    name: &str,
    value: &str,
    (yes, no): (&str, &str),
    expected: &'static str,
) -> Result<bool, OptionError> {
    match value {
        v if v == yes => Ok(true),
        v if v == no => Ok(false),
        _ => Err(OptionError::Value {
            name: name.into(),
            value: value.into(),
            expected,
        }),
    }
}

impl OptionError {
    /// The option `name` is not one of the game's (listed in `descriptions`).
    #[must_use]
    pub fn unknown(name: &str, descriptions: &[(&'static str, &'static str)]) -> OptionError {
        OptionError::Unknown {
            name: name.into(),
            known: descriptions.iter().map(|d| d.0).collect(),
        }
    }
}

/// Why an option setting was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// Not of the form `name=value`.
    Syntax(String),
    /// The game has no option of this name.
    Unknown {
        /// The name given.
        name: String,
        /// The options the game has.
        known: Vec<&'static str>,
    },
    /// The option does not take this value.
    Value {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// What it takes.
        expected: &'static str,
    },
}

impl fmt::Display for OptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionError::Syntax(s) => write!(f, "option '{s}' is not of the form name=value"),
            OptionError::Unknown { name, known } => {
                write!(f, "unknown option '{name}' (options: {})", known.join(", "))
            }
            OptionError::Value {
                name,
                value,
                expected,
            } => write!(f, "option {name} cannot be '{value}': expected {expected}"),
        }
    }
}

impl std::error::Error for OptionError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_print_as_status_lines() {
        assert_eq!(
            Outcome::Win(Player::Black, Reason::Captures).to_string(),
            "win b captures"
        );
        assert_eq!(Outcome::Draw(Reason::PlyCap).to_string(), "draw ply-cap");
        assert_eq!(Outcome::Draw(Reason::NoMoves).reason().word(), "no-moves");
    }

    #[test]
    fn every_outcome_reads_back_from_its_status_line() {
        for r in Reason::ALL {
            for o in [
                Outcome::Win(Player::Black, r),
                Outcome::Win(Player::White, r),
                Outcome::Draw(r),
            ] {
                assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
            }
        }
        for bad in [
            "",
            "win",
            "win x captures",
            "win bw captures",
            "draw",
            "draw soon",
            "win b",
        ] {
            let e = bad.parse::<Outcome>().unwrap_err();
            assert!(e.contains(&format!("'{bad}'")), "{e}");
        }
    }

    #[test]
    fn ply_cap_values_are_checked() {
        assert_eq!(parse_ply_cap("1000"), Ok(1000));
        for bad in ["0", "-1", "+5", "x", "", "4294967296"] {
            assert!(parse_ply_cap(bad).is_err(), "{bad}");
        }
    }
}
