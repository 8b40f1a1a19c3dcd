//! A puzzle's proof: the side to move wins within a number of its turns by exactly one first
//! move, every other first move refuted, in a position with a real choice. Proved by
//! [`Prover`](super::forced::Prover), never sampled, over whole first moves (so not for
//! positions whose moves are astronomically many, such as Cash In Hand's tall stacks).

use std::fmt;

use crate::rules::{Game, TurnActions, for_each_turn};

use super::forced::Prover;

/// The fewest legal first moves a puzzle's position may have.
pub const FEWEST_CHOICES: usize = 3;

/// What a proved puzzle's solution is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proved {
    /// The winning first move, in notation.
    pub first: String,
    /// Its decisions.
    pub actions: TurnActions,
    /// The legal first moves there were.
    pub choices: usize,
    /// Positions the proof visited (how much search it took).
    pub nodes: u64,
}

/// Why a position is not a puzzle of that goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotAPuzzle {
    /// The game is already over.
    Over,
    /// Fewer than [`FEWEST_CHOICES`] first moves.
    TooFewChoices(usize),
    /// No first move wins.
    NoWin,
    /// More than one first move wins (these, in notation).
    ManyWins(Vec<String>),
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
            NotAPuzzle::NoWin => f.write_str("no first move forces the win"),
            NotAPuzzle::ManyWins(m) => write!(f, "more than one first move wins: {}", m.join(", ")),
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
    if position.outcome().is_some() {
        return Err(NotAPuzzle::Over);
    }
    let attacker = position.to_move();
    let mut prover = Prover::new(budget);
    let mut winners: Vec<(String, TurnActions)> = Vec::new();
    let (mut choices, mut unproved) = (0, false);
    for_each_turn(position, |actions, after| {
        choices += 1;
        if unproved || winners.len() > 1 {
            return;
        }
        match prover.wins(after, attacker, turns.saturating_sub(1)) {
            Some(true) => {
                let mut notation = String::new();
                position.write_notation(actions, &mut notation);
                winners.push((notation, actions.iter().copied().collect()));
            }
            Some(false) => {}
            None => unproved = true,
        }
    });
    if choices < FEWEST_CHOICES {
        return Err(NotAPuzzle::TooFewChoices(choices));
    }
    if winners.len() > 1 {
        return Err(NotAPuzzle::ManyWins(
            winners.into_iter().map(|(m, _)| m).collect(),
        ));
    }
    if unproved {
        return Err(NotAPuzzle::Unproved);
    }
    let (first, actions) = winners.pop().ok_or(NotAPuzzle::NoWin)?;
    Ok(Proved {
        first,
        actions,
        choices,
        nodes: prover.nodes(),
    })
}

/// The solution line of a forced win within `turns`: the solver's quickest winning move, then
/// the defence that holds out longest, and so on to the win; `None` when there is no forced
/// win or the budget runs out.
#[must_use]
pub fn solution_line<G: Game>(position: &G, turns: u8, budget: u64) -> Option<Vec<String>> {
    let solver = position.to_move();
    let mut prover = Prover::new(budget);
    let mut now = position.clone();
    let mut left = turns;
    let mut line = Vec::new();
    loop {
        // The solver's move that wins in the fewest further turns.
        let (m, after, rest) = best_turn(
            &now,
            |after| (0..left).find(|&k| prover.wins(after, solver, k) == Some(true)),
            |a, b| a < b,
        )?;
        line.push(m);
        now = after;
        if now.outcome().is_some() {
            return Some(line);
        }
        left = rest;
        // The reply after which the win takes longest (every reply loses).
        let (m, after, rest) = best_turn(
            &now,
            |after| (1..=left).find(|&k| prover.wins(after, solver, k) == Some(true)),
            |a, b| a > b,
        )?;
        line.push(m);
        now = after;
        left = rest;
    }
}

/// The whole move whose score (where `score` gives one) `better` prefers, first found on ties.
fn best_turn<G: Game>(
    position: &G,
    mut score: impl FnMut(&G) -> Option<u8>,
    better: impl Fn(u8, u8) -> bool,
) -> Option<(String, G, u8)> {
    let mut best: Option<(String, G, u8)> = None;
    for_each_turn(position, |actions, after| {
        let Some(s) = score(after) else {
            return;
        };
        if best.as_ref().is_none_or(|(_, _, b)| better(s, *b)) {
            let mut notation = String::new();
            position.write_notation(actions, &mut notation);
            best = Some((notation, after.clone(), s));
        }
    });
    best
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
                    let line = solution_line(&now, 2, u64::MAX);
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
