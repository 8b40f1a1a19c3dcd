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
