//! A puzzle's proof: the side to move reaches its goal (a win, or a capture where material
//! decides) within a number of its turns by exactly one first move, every other first move
//! refuted, in a position with a real choice. Proved by [`Prover`](super::forced::Prover),
//! never sampled, one decision at a time: a decision from which no continuation of the turn
//! wins is refuted once, so Cash In Hand's tall stacks, whose whole moves are astronomically
//! many, cost only the decisions that matter.

use std::fmt;

use crate::rules::{ActionList, Game, GameId, Player, TurnActions, any_turn, any_turn_among};

use super::forced::{Goal, Prover};

/// The fewest legal first moves a puzzle's position may have.
pub const FEWEST_CHOICES: usize = 3;

/// The most first moves counted for a puzzle's record of its choices.
pub const CHOICES_COUNTED: usize = 1000;

/// The most first moves walked looking for another capture than the solution.
const MOST_WALKED: usize = 200_000;

/// What of a first move must be the only one that works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unique {
    /// The whole move: every other move is refuted.
    WholeMove,
    /// Its first decision (Cash In Hand's stack lifted): every move that starts otherwise is
    /// refuted, and how the stones are sown from there is the solver's to find.
    FirstDecision,
}

impl Unique {
    /// What a game's puzzles keep unique. A Cash In Hand stack sows along thousands of paths
    /// and several of them take the same stones, so exactly one winning whole move almost never
    /// happens there; the question its puzzles ask is which stack, the one the hint lights.
    #[must_use]
    pub fn of(game: GameId) -> Unique {
        if game == GameId::CashInHand {
            Unique::FirstDecision
        } else {
            Unique::WholeMove
        }
    }
}

/// What a proved puzzle's solution is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proved {
    /// The winning first move, in notation.
    pub first: String,
    /// Its decisions.
    pub actions: TurnActions,
    /// The legal first moves there were (counted up to [`CHOICES_COUNTED`]).
    pub choices: usize,
    /// Positions the proof visited (how much search it took).
    pub nodes: u64,
    /// What of it is the only way.
    pub unique: Unique,
}

impl Proved {
    /// Whether a solution's first move, in notation from `position`, is this one where it
    /// must be the only one (its first decision in Cash In Hand, else the whole move).
    #[must_use]
    pub fn agrees_with<G: Game>(&self, position: &G, first: &str) -> bool {
        match self.unique {
            Unique::WholeMove => self.first == first,
            Unique::FirstDecision => position
                .parse_actions(first)
                .is_ok_and(|actions| actions.first() == self.actions.first()),
        }
    }
}

/// Why a position is not a puzzle of that goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAPuzzle {
    /// The game is already over.
    Over,
    /// Fewer than [`FEWEST_CHOICES`] first moves.
    TooFewChoices(usize),
    /// No first move forces the goal.
    NoWin,
    /// More than one first move forces it (these, in notation).
    ManyWins(Vec<String>),
    /// The solution captures and no other first move does: no real choice.
    OnlyCapture,
    /// The budget ran out before the proof was complete.
    Unproved,
}

impl fmt::Display for NotAPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotAPuzzle::Over => f.write_str("the game is over"),
            NotAPuzzle::TooFewChoices(n) => write!(
                f,
                "{n} legal first moves: a puzzle needs at least {FEWEST_CHOICES}"
            ),
            NotAPuzzle::NoWin => f.write_str("no first move forces the goal"),
            NotAPuzzle::ManyWins(m) => {
                write!(f, "more than one first move wins: {}", m.join(", "))
            }
            NotAPuzzle::OnlyCapture => {
                f.write_str("the solution is the only first move that captures")
            }
            NotAPuzzle::Unproved => f.write_str("the search budget ran out before the proof"),
        }
    }
}

impl std::error::Error for NotAPuzzle {}

/// Proves that the side to move in `position` (at a turn boundary) wins within `turns` of its
/// turns by one first move only, visiting at most `budget` positions.
///
/// # Errors
/// [`NotAPuzzle`] says why not.
pub fn prove_unique_win<G: Game>(
    position: &G,
    turns: u8,
    budget: u64,
) -> Result<Proved, NotAPuzzle> {
    prove_unique(position, Goal::Win, turns, budget)
}

/// Proves that the side to move in `position` (at a turn boundary) forces `goal` within `turns`
/// of its turns by one first move only, that the position has a real choice, and that the
/// solution is not its only capture; visiting at most `budget` positions.
///
/// # Errors
/// [`NotAPuzzle`] says why not.
pub fn prove_unique<G: Game>(
    position: &G,
    goal: Goal,
    turns: u8,
    budget: u64,
) -> Result<Proved, NotAPuzzle> {
    if position.outcome().is_some() {
        return Err(NotAPuzzle::Over);
    }
    let choices = count_first_moves(position);
    if choices < FEWEST_CHOICES {
        return Err(NotAPuzzle::TooFewChoices(choices));
    }
    let unique = Unique::of(position.id());
    let mut hunt = Hunt {
        prover: Prover::for_goal(budget, goal, position),
        attacker: position.to_move(),
        turns,
        unique,
    };
    let mut found = Vec::new();
    hunt.winning_moves(position, &mut TurnActions::new(), &mut found, 2)
        .ok_or(NotAPuzzle::Unproved)?;
    let notation = |actions: &TurnActions| {
        let mut text = String::new();
        position.write_notation(actions, &mut text);
        text
    };
    if found.len() > 1 {
        return Err(NotAPuzzle::ManyWins(found.iter().map(notation).collect()));
    }
    let actions = found.pop().ok_or(NotAPuzzle::NoWin)?;
    if captures(position, &actions)
        && !another_capture(position, &actions, unique).ok_or(NotAPuzzle::Unproved)?
    {
        return Err(NotAPuzzle::OnlyCapture);
    }
    Ok(Proved {
        first: notation(&actions),
        actions,
        choices,
        nodes: hunt.prover.nodes(),
        unique,
    })
}

/// The whole first moves, counted up to [`CHOICES_COUNTED`].
fn count_first_moves<G: Game>(position: &G) -> usize {
    let mut n = 0;
    any_turn(position, |_| {
        n += 1;
        n >= CHOICES_COUNTED
    });
    n
}

/// The search for a puzzle's winning first moves.
struct Hunt {
    prover: Prover,
    attacker: Player,
    turns: u8,
    unique: Unique,
}

impl Hunt {
    /// Adds to `found` the completions of the turn under way in `node` (its decisions so far
    /// in `path`) that force the goal, stopping at `enough`. The ways to finish a turn that has
    /// reached the goal count as one, and so do those of a move past the decisions kept
    /// unique. `None` once the budget is spent.
    fn winning_moves<G: Game>(
        &mut self,
        node: &G,
        path: &mut TurnActions,
        found: &mut Vec<TurnActions>,
        enough: usize,
    ) -> Option<()> {
        if !self.prover.wins(node, self.attacker, self.turns)? {
            return Some(());
        }
        if self.prover.reached(node, self.attacker) {
            // How the turn is finished after (Cash In Hand's captured stones put back) makes
            // no other move of it: the first way stands for all.
            found.push(first_completion(node, path)?);
            return Some(());
        }
        if !path.is_empty() && self.unique == Unique::FirstDecision && enough > 1 {
            // Past the decision kept unique: one winning way on stands for all of them.
            let mut one = Vec::new();
            self.winning_moves(node, path, &mut one, 1)?;
            found.extend(one);
            return Some(());
        }
        let mut list = ActionList::new();
        node.legal_actions(&mut list);
        for &a in list.as_slice() {
            let mut next = node.clone();
            next.play(a);
            path.push(a);
            if next.in_turn() {
                self.winning_moves(&next, path, found, enough)?;
            } else if self.prover.wins(&next, self.attacker, self.turns - 1)? {
                found.push(path.clone());
            }
            path.pop();
            if found.len() >= enough {
                break;
            }
        }
        Some(())
    }
}

/// `path` finished by the first legal decisions of the turn under way in `node`.
fn first_completion<G: Game>(node: &G, path: &TurnActions) -> Option<TurnActions> {
    let mut rest = node.clone();
    let mut whole = path.clone();
    let mut list = ActionList::new();
    while rest.in_turn() {
        list.clear();
        rest.legal_actions(&mut list);
        let &a = list.first()?;
        rest.play(a);
        whole.push(a);
    }
    Some(whole)
}

/// Whether playing `actions` from `position` captures a stone.
fn captures<G: Game>(position: &G, actions: &[crate::rules::Action]) -> bool {
    let mut after = position.clone();
    for &a in actions {
        after.play(a);
    }
    after.stones_captured() > position.stones_captured()
}

/// Whether a first move other than `solution` (one that starts otherwise, where only the first
/// decision is kept unique) captures; `None` when [`MOST_WALKED`] moves were walked without
/// finding one (the position is then refused, not guessed at).
fn another_capture<G: Game>(
    position: &G,
    solution: &[crate::rules::Action],
    unique: Unique,
) -> Option<bool> {
    let mut walked = 0;
    let before = position.stones_captured();
    let mut solved = position.clone();
    for &a in solution {
        solved.play(a);
    }
    let mut other_captures = |end: &G, counts: bool| {
        walked += 1;
        walked > MOST_WALKED || (end.stones_captured() > before && counts)
    };
    let found = match unique {
        Unique::WholeMove => any_turn(position, |end| other_captures(end, *end != solved)),
        Unique::FirstDecision => any_turn_among(
            position,
            |a| Some(&a) != solution.first(),
            |_| true,
            |end| other_captures(end, true),
        ),
    };
    (walked <= MOST_WALKED).then_some(found)
}

/// The solution line of a goal forced within `turns`: the solver's quickest way, then the
/// defence that holds out longest, and so on until the goal is reached, chosen a decision at a
/// time; `None` when it is not forced or the budget runs out.
#[must_use]
pub fn solution_line<G: Game>(
    position: &G,
    goal: Goal,
    turns: u8,
    budget: u64,
) -> Option<Vec<String>> {
    let solver = position.to_move();
    let mut prover = Prover::for_goal(budget, goal, position);
    let mut now = position.clone();
    let mut line = Vec::new();
    loop {
        let start = now.clone();
        let mut actions = TurnActions::new();
        loop {
            let a = best_decision(&mut prover, &now, solver, turns)?;
            now.play(a);
            actions.push(a);
            if !now.in_turn() {
                break;
            }
        }
        let mut notation = String::new();
        start.write_notation(&actions, &mut notation);
        line.push(notation);
        if prover.reached(&now, solver) || now.outcome().is_some() {
            return prover.reached(&now, solver).then_some(line);
        }
    }
}

/// The decision the solver takes toward the goal soonest, or the one the defender takes to put
/// it off longest.
fn best_decision<G: Game>(
    prover: &mut Prover,
    node: &G,
    solver: Player,
    turns: u8,
) -> Option<crate::rules::Action> {
    let solving = node.to_move() == solver;
    let mut list = ActionList::new();
    node.legal_actions(&mut list);
    let mut best: Option<(crate::rules::Action, u8)> = None;
    for &a in list.as_slice() {
        let mut next = node.clone();
        next.play(a);
        let ends_solvers_turn = solving && !next.in_turn();
        let Some(need) = (0..=turns).find(|&k| prover.wins(&next, solver, k) == Some(true)) else {
            if solving {
                continue;
            }
            // A defence that escapes (or that the budget cannot refute): nothing is forced.
            return None;
        };
        if need == 0 && prover.reached(node, solver) && !next.in_turn() {
            // The goal is already reached: end the turn at once.
            return Some(a);
        }
        let cost = need + u8::from(ends_solvers_turn);
        let better = best.is_none_or(|(_, b)| if solving { cost < b } else { cost > b });
        if better {
            best = Some((a, cost));
        }
    }
    best.map(|(a, _)| a)
}

/// What a reply does to the solver: wins the game for the replier, or takes stones.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// The reply wins the game.
    pub wins: bool,
    /// Stones the reply captures.
    pub takes: usize,
}

/// The most replies weighed when choosing a refutation.
const MOST_REPLIES: usize = 20_000;

/// The strongest answer to a wrong move, at a turn boundary of the side that refutes it: a
/// move that wins if there is one, else the one that captures most, first found on ties (of
/// the first [`MOST_REPLIES`] moves); with its notation and what it does. `None` when the game
/// is over.
#[must_use]
pub fn refutation<G: Game>(position: &G) -> Option<(String, TurnActions, Effect)> {
    let me = position.to_move();
    let before = position.stones_captured();
    let effect_of = |end: &G| Effect {
        wins: end.outcome().is_some_and(|o| o.winner() == Some(me)),
        takes: end.stones_captured().saturating_sub(before),
    };
    // The best effect first (the walk gives no path), then the first move that has it.
    let mut best: Option<Effect> = None;
    let mut weighed = 0;
    any_turn(position, |end| {
        weighed += 1;
        let effect = effect_of(end);
        if best.is_none_or(|b| (effect.wins, effect.takes) > (b.wins, b.takes)) {
            best = Some(effect);
        }
        weighed >= MOST_REPLIES || effect.wins
    });
    let best = best?;
    let mut path = TurnActions::new();
    crate::rules::find_turn(position, &mut path, |end| effect_of(end) == best);
    let mut notation = String::new();
    position.write_notation(&path, &mut notation);
    Some((notation, path, best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyGame, GameId, Setup, legal_moves, play_move};

    fn position(s: &str) -> AnyGame {
        AnyGame::from_setup_with(&Setup::parse(s).unwrap(), []).unwrap()
    }

    #[test]
    fn the_one_winning_move_is_found_and_the_others_refuted() {
        // Found along a random game of Grabber on its 6x6 board.
        let p = position(
            "grabber-6 b,w,b,2,bw/1,b,b2w,w,2/w,1,w,3/bw,w,w,w,b,w/2,w2b,b4,1,b2w/w,wb,4 w 22",
        );
        let proved = prove_unique_win(&p, 1, 1_000_000).unwrap();
        assert_eq!(proved.choices, legal_moves(&p).len());
        assert!(proved.choices >= FEWEST_CHOICES);
        // By the rules alone: the solution wins at once and no other move does.
        for m in legal_moves(&p) {
            let (after, _) = play_move(&p, &m.notation).unwrap();
            let wins = after
                .outcome()
                .is_some_and(|o| o.winner() == Some(p.to_move()));
            assert_eq!(wins, m.notation == proved.first, "{}", m.notation);
        }
    }

    #[test]
    fn a_solution_line_ends_in_the_solvers_win() {
        // The proofs' own random Grabber positions: every forced win within two turns found
        // gives a line of legal moves, alternating, that ends in the solver's win.
        let mut seed = 11u64;
        let mut lines = 0;
        for _ in 0..10 {
            let mut now = AnyGame::start_with(GameId::Grabber6, []).unwrap();
            let mut list = crate::rules::ActionList::new();
            while now.outcome().is_none() {
                if !now.in_turn() && now.ply() >= 6 {
                    let wins = Prover::new(u64::MAX).forced_win(&now, 2)
                        == crate::ai::forced::Verdict::Wins;
                    let line = solution_line(&now, Goal::Win, 2, u64::MAX);
                    assert_eq!(line.is_some(), wins, "{}", now.to_setup());
                    if let Some(line) = line {
                        assert!(line.len() == 1 || line.len() == 3, "{line:?}");
                        let mut at = now.clone();
                        for m in &line {
                            at = play_move(&at, m).unwrap().0;
                        }
                        assert_eq!(at.outcome().unwrap().winner(), Some(now.to_move()));
                        lines += 1;
                    }
                }
                list.clear();
                now.legal_actions(&mut list);
                seed = crate::rules::zobrist::key(seed);
                now.play(list[(seed % list.len() as u64) as usize]);
            }
        }
        assert!(lines > 0, "no forced win met");
    }

    #[test]
    fn two_winning_moves_make_no_puzzle() {
        // Black's b2 stack wins by stepping to b1 or to c1.
        let won = position("splay 8/8/8/8/8/8/1,w3b,6/8 b 60 2 6");
        match prove_unique_win(&won, 1, 1_000_000) {
            Err(NotAPuzzle::ManyWins(moves)) => assert_eq!(moves.len(), 2, "{moves:?}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn positions_that_are_not_puzzles_say_why() {
        let start = AnyGame::start_with(GameId::Splay, []).unwrap();
        assert_eq!(
            prove_unique_win(&start, 1, 1_000_000),
            Err(NotAPuzzle::NoWin)
        );
        assert_eq!(
            prove_unique_win(&start, 2, 5),
            Err(NotAPuzzle::Unproved),
            "a small budget proves nothing"
        );
    }
}
