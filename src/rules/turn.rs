//! Whole turns built from actions: a turn in progress, checked play of a move's notation, the
//! list of whole moves and perft. Everything here derives moves from actions, never the reverse.

use std::fmt;

use super::action::{Action, ActionList, TurnActions};
use super::game::{Game, Outcome};
use super::notation::NotationError;

/// A turn in progress: the position it started from, the decisions so far, and where they lead.
#[derive(Clone, Debug, PartialEq)]
pub struct Turn<G: Game> {
    start: G,
    now: G,
    actions: TurnActions,
}

impl<G: Game> Turn<G> {
    /// A turn starting from a position at a turn boundary.
    #[must_use]
    pub fn new(start: G) -> Turn<G> {
        Turn {
            now: start.clone(),
            start,
            actions: TurnActions::new(),
        }
    }

    /// The position the turn started from.
    #[must_use]
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The state after the decisions so far (the next position once the turn is complete).
    #[must_use]
    pub fn now(&self) -> &G {
        &self.now
    }

    /// The decisions so far.
    #[must_use]
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Whether the decisions so far make a whole turn.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        !self.actions.is_empty() && !self.now.in_turn()
    }

    /// The decisions that may come next (none once the turn is complete or the game is over).
    #[must_use]
    pub fn legal_actions(&self) -> ActionList {
        let mut list = ActionList::new();
        if !self.is_complete() {
            self.now.legal_actions(&mut list);
        }
        list
    }

    /// Takes a decision after checking that it is legal.
    ///
    /// # Errors
    /// [`IllegalAction`] (and nothing changes) when it is not among [`Turn::legal_actions`].
    pub fn play(&mut self, action: Action) -> Result<(), IllegalAction> {
        let legal = self.legal_actions();
        if !legal.contains(&action) || self.actions.is_full() {
            return Err(IllegalAction {
                partial: self.notation(),
                action,
                legal: legal.to_vec(),
            });
        }
        self.now.play(action);
        self.actions.push(action);
        Ok(())
    }

    /// Takes back the last decision, if any, by replaying the others from the start.
    pub fn undo(&mut self) -> Option<Action> {
        let last = self.actions.pop()?;
        self.now = self.start.clone();
        for &a in &self.actions {
            self.now.play(a);
        }
        Some(last)
    }

    /// The canonical notation of the decisions so far: a whole move, or a partial turn.
    #[must_use]
    pub fn notation(&self) -> String {
        let mut s = String::new();
        self.start.write_notation(&self.actions, &mut s);
        s
    }
}

/// A decision that is not legal at this point of the turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalAction {
    /// The partial turn it would have continued (empty at the start of a turn).
    pub partial: String,
    /// The refused decision.
    pub action: Action,
    /// The decisions that are legal there.
    pub legal: Vec<Action>,
}

impl fmt::Display for IllegalAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.legal.is_empty() {
            return write!(f, "no decision is legal here, so '{}' is not", self.action);
        }
        if self.partial.is_empty() {
            write!(f, "'{}' cannot start a turn here", self.action)?;
        } else {
            write!(
                f,
                "after '{}', '{}' is not legal",
                self.partial, self.action
            )?;
        }
        f.write_str(" (legal:")?;
        for (i, a) in self.legal.iter().enumerate() {
            if i == 24 {
                write!(f, " … {} in all", self.legal.len())?;
                break;
            }
            write!(f, " {a}")?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for IllegalAction {}

/// Why a move's text cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not the game's notation.
    Malformed(NotationError),
    /// The game is over: no move is legal.
    GameOver(Outcome),
    /// One of the move's decisions is not legal.
    Illegal(IllegalAction),
    /// The text stops before the turn is complete.
    Incomplete {
        /// The partial turn the text describes.
        partial: String,
    },
    /// The text goes on after the turn is complete.
    TooLong {
        /// The whole move the text starts with.
        complete: String,
    },
    /// Legal, but not written the one canonical way.
    NotCanonical {
        /// How the move is written.
        canonical: String,
    },
    /// The decisions read so far print differently from the text (a capture list that names
    /// other cells than the path captures, say).
    Diverges {
        /// How the decisions read so far are written.
        so_far: String,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed(e) => write!(f, "malformed: {e}"),
            MoveError::GameOver(o) => write!(f, "the game is over ({o}): no move is legal"),
            MoveError::Illegal(e) => write!(f, "illegal: {e}"),
            MoveError::Incomplete { partial } => {
                write!(f, "incomplete: '{partial}' does not finish the turn")
            }
            MoveError::TooLong { complete } => {
                write!(
                    f,
                    "malformed: the turn is complete after '{complete}', text follows"
                )
            }
            MoveError::NotCanonical { canonical } => {
                write!(f, "malformed: this move is written '{canonical}'")
            }
            MoveError::Diverges { so_far } => write!(
                f,
                "malformed: up to here the move is written '{so_far}', and the text says otherwise"
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Plays the whole move written `text` (checked): the position after it, and its decisions.
///
/// # Errors
/// [`MoveError`] says whether the text is malformed, illegal, incomplete or the game is over.
pub fn play_move<G: Game>(position: &G, text: &str) -> Result<(G, TurnActions), MoveError> {
    if text.is_empty() && position.outcome().is_none() {
        return Err(MoveError::Malformed(NotationError::Empty));
    }
    let mut turn = play_prefix(position, text)?;
    if !turn.is_complete()
        && let Some(end) = turn.now().implied_end()
    {
        turn.play(end).map_err(MoveError::Illegal)?;
    }
    if !turn.is_complete() {
        return Err(MoveError::Incomplete {
            partial: turn.notation(),
        });
    }
    Ok((turn.now, turn.actions))
}

/// Plays the start of a turn written as docs/notation.md's partial-turn prefix (checked). An empty
/// text is the turn before any decision. A complete move is accepted too.
///
/// # Errors
/// As [`play_move`], except that stopping before the end of the turn is allowed.
pub fn play_prefix<G: Game>(position: &G, text: &str) -> Result<Turn<G>, MoveError> {
    if let Some(o) = position.outcome() {
        return Err(MoveError::GameOver(o));
    }
    let mut turn = Turn::new(position.clone());
    if text.is_empty() {
        return Ok(turn);
    }
    let actions = position.parse_actions(text).map_err(MoveError::Malformed)?;
    let lower = text.to_ascii_lowercase();
    for &a in &actions {
        if turn.is_complete() {
            return Err(MoveError::TooLong {
                complete: turn.notation(),
            });
        }
        turn.play(a).map_err(MoveError::Illegal)?;
        // What the decisions so far print must be where the text is: a capture list is checked
        // as soon as the captures are made, and the error says what they were.
        // (A count at the end may still grow: Cash In Hand writes `g7:2` for two placements.)
        let so_far = turn.notation();
        if !lower.starts_with(so_far.trim_end_matches(|c: char| c.is_ascii_digit())) {
            return Err(MoveError::Diverges { so_far });
        }
    }
    let canonical = turn.notation();
    if canonical != text.to_ascii_lowercase() {
        return Err(MoveError::NotCanonical { canonical });
    }
    Ok(turn)
}

/// A whole legal move: its notation and its decisions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// The canonical notation.
    pub notation: String,
    /// The decisions, in order.
    pub actions: TurnActions,
}

/// Walks the whole legal moves from `g` depth first, in the order of the action lists, with
/// each move's decisions in `path`, until `visit` says to stop; whether it did. `path` then holds
/// the decisions of the move it stopped at.
fn walk_turns<G: Game>(
    g: &G,
    path: &mut TurnActions,
    visit: &mut impl FnMut(&[Action], &G) -> bool,
) -> bool {
    let mut list = ActionList::new();
    g.legal_actions(&mut list);
    for a in list {
        let mut next = g.clone();
        next.play(a);
        path.push(a);
        let stop = if next.in_turn() {
            walk_turns(&next, path, visit)
        } else {
            visit(path, &next)
        };
        if stop {
            return true;
        }
        path.pop();
    }
    false
}

/// Calls `visit` with the decisions of every whole legal move, in the order of the action lists.
/// Meant for positions whose move count is small (Cash In Hand's tall stacks have astronomically
/// many moves: use the actions there).
pub fn for_each_turn<G: Game>(position: &G, mut visit: impl FnMut(&[Action], &G)) {
    walk_turns(position, &mut TurnActions::new(), &mut |path, end| {
        visit(path, end);
        false
    });
}

/// Whether some whole legal move from `position` ends in a position where `wanted` holds,
/// stopping at the first. Nothing allocates, so the search may ask it (for positions with few
/// moves, as [`for_each_turn`]).
pub fn any_turn<G: Game>(position: &G, wanted: impl FnMut(&G) -> bool) -> bool {
    find_turn(position, &mut TurnActions::new(), wanted)
}

/// As [`any_turn`], writing the decisions of the move it found to `path` (emptied first).
pub fn find_turn<G: Game>(
    position: &G,
    path: &mut TurnActions,
    mut wanted: impl FnMut(&G) -> bool,
) -> bool {
    path.clear();
    walk_turns(position, path, &mut |_, end| wanted(end))
}

/// As [`any_turn`], walking only the moves whose first decision `first` keeps and, within a
/// turn, only on from the turns under way that `within` keeps: a walk whose cost the caller
/// bounds (Intermedium's short stacks, when its tall ones sow along thousands of paths, and the
/// sowings of a tall stack that can still close the enemy City's ring). Nothing allocates.
pub fn any_turn_among<G: Game>(
    position: &G,
    first: impl Fn(Action) -> bool,
    within: impl Fn(&G) -> bool,
    mut wanted: impl FnMut(&G) -> bool,
) -> bool {
    let mut list = ActionList::new();
    position.legal_actions(&mut list);
    list.into_iter()
        .filter(|&a| first(a))
        .any(|a| ends_within(position, a, &within, &mut wanted))
}

/// Plays `a` from `position` and walks on while `within` keeps the turn under way: whether an
/// end that `wanted` holds for was found.
fn ends_within<G: Game>(
    position: &G,
    a: Action,
    within: &impl Fn(&G) -> bool,
    wanted: &mut impl FnMut(&G) -> bool,
) -> bool {
    let mut next = position.clone();
    next.play(a);
    if !next.in_turn() {
        return wanted(&next);
    }
    if !within(&next) {
        return false;
    }
    let mut list = ActionList::new();
    next.legal_actions(&mut list);
    list.into_iter()
        .any(|b| ends_within(&next, b, within, wanted))
}

/// Where the decisions `actions` lead from `position` when they make one whole legal move;
/// `None` when one of them is not legal where it comes, or they stop short of the turn's end or
/// go on past it.
/// Nothing allocates.
#[must_use]
pub fn replay_turn<G: Game>(position: &G, actions: &[Action]) -> Option<G> {
    let mut now = position.clone();
    let mut list = ActionList::new();
    for (i, &a) in actions.iter().enumerate() {
        if i > 0 && !now.in_turn() {
            return None;
        }
        list.clear();
        now.legal_actions(&mut list);
        if !list.contains(&a) {
            return None;
        }
        now.play(a);
    }
    (!actions.is_empty() && !now.in_turn()).then_some(now)
}

/// Every whole legal move, sorted by the byte order of its notation (as the referee lists them).
#[must_use]
pub fn legal_moves<G: Game>(position: &G) -> Vec<Move> {
    let mut moves = Vec::new();
    for_each_turn(position, |actions, _| {
        let mut notation = String::new();
        position.write_notation(actions, &mut notation);
        moves.push(Move {
            notation,
            actions: actions.iter().copied().collect(),
        });
    });
    moves.sort_by(|a, b| a.notation.cmp(&b.notation));
    moves
}

/// The number of sequences of `depth` whole turns. Each legal move is exactly one sequence of
/// decisions, so this counts decision sequences without writing any notation.
#[must_use]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    fn within_turn<G: Game>(g: &G, depth: u32) -> u64 {
        let mut list = ActionList::new();
        g.legal_actions(&mut list);
        if depth == 1 && g.next_completes_turn() {
            return list.len() as u64;
        }
        let mut n = 0;
        for a in list {
            let mut next = g.clone();
            next.play(a);
            n += if next.in_turn() {
                within_turn(&next, depth)
            } else if depth == 1 {
                1
            } else {
                within_turn(&next, depth - 1)
            };
        }
        n
    }
    if depth == 0 {
        1
    } else {
        within_turn(position, depth)
    }
}

/// The referee's `status` line: `ongoing`, or the outcome.
#[must_use]
pub fn status_line<G: Game>(position: &G) -> String {
    position
        .outcome()
        .map_or_else(|| "ongoing".to_string(), |o| o.to_string())
}
