//! Forced wins proved exactly: whether the side to move can win within a number of its own
//! turns whatever the other side does, by an AND-OR search over single decisions (so Cash In
//! Hand's tall stacks, whose whole moves are astronomically many, cost only their decisions),
//! with a table of positions already proved and a node budget that answers "unknown" rather
//! than guess. What puzzles are made of, and what checks them. Draws by repetition or by turns
//! without a capture come from a game's history, not its position, and are not seen here.

use std::collections::HashMap;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::{ActionList, Game, GameId, Player};

/// Cash In Hand's capture goal. Its captured stones go back on the board, so what is counted
/// is the stones a move captures, and within the move itself (the captures of both sides are
/// one count). Four is two stacks of two or a tall one taken at once, against the one or two
/// stones most captures there take.
const CASH_IN_HAND_TAKE: u8 = 4;

/// What the side to move is asked to force.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Goal {
    /// Win the game.
    #[default]
    Win,
    /// Capture at least this many more enemy stones (a win counts too).
    Take(u8),
}

impl Goal {
    /// The capture goal of a game where material decides, with its size. Support is won by 18
    /// captures and a move captures one stone at most, so two within two turns (a capture now
    /// and one the reply cannot stop) is the most a short puzzle can ask. Splay is won by 9 and a
    /// stack reaching the far row can lose several stones at once: two is what a capture
    /// worth the name takes there. Elsewhere material does not decide (Grabber's prisoners stay
    /// in play, Cash In Hand's captured stones go back on the board, Intermedium is won at the
    /// City), so there is none.
    #[must_use]
    pub fn capture_of(game: GameId) -> Option<Goal> {
        match game {
            GameId::Support => Some(Goal::Take(2)),
            GameId::Splay => Some(Goal::Take(2)),
            GameId::CashInHand => Some(Goal::Take(CASH_IN_HAND_TAKE)),
            _ => None,
        }
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Take(k) => write!(f, "take {k}"),
        }
    }
}

/// What the search proved about a forced win.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The side to move wins within the turns asked, whatever the defence.
    Wins,
    /// No such win exists: every line is refuted.
    Fails,
    /// The budget ran out before either was proved.
    Unknown,
}

/// An exact forced-win search with its table of proved positions.
#[derive(Debug)]
pub struct Prover {
    /// The most positions the search may visit.
    budget: u64,
    /// Positions visited so far.
    nodes: u64,
    /// Proved results by (position hash, the attacker's turns left).
    proved: HashMap<(u64, u8), bool>,
    /// The attacker's captures that reach the goal (`usize::MAX` for a win).
    target: usize,
    /// Whether captures are counted for both sides at once (Cash In Hand, which puts its
    /// captured stones back): the goal must then be reached within the turn under way.
    both_sides: bool,
    /// Whether only the attacker's own turns count: the defender's moves after the last of
    /// them are not searched (the coach asks what a reply itself does).
    own_turns_only: bool,
}

impl Prover {
    /// A prover that visits at most `budget` positions over all its questions.
    #[must_use]
    pub fn new(budget: u64) -> Prover {
        Prover {
            budget,
            nodes: 0,
            proved: HashMap::new(),
            target: usize::MAX,
            both_sides: false,
            own_turns_only: false,
        }
    }

    /// This prover, counting only what the attacker's own turns reach: a defender left with
    /// only losing moves after them does not count.
    #[must_use]
    pub fn own_turns_only(self) -> Prover {
        Prover {
            own_turns_only: true,
            ..self
        }
    }

    /// A prover of `goal` for the side to move in `start`, visiting at most `budget` positions.
    #[must_use]
    pub fn for_goal<G: Game>(budget: u64, goal: Goal, start: &G) -> Prover {
        let both_sides = start.id() == GameId::CashInHand;
        let target = match goal {
            Goal::Win => usize::MAX,
            Goal::Take(k) => taken(start, start.to_move(), both_sides) + usize::from(k),
        };
        Prover {
            target,
            both_sides: both_sides && goal != Goal::Win,
            ..Prover::new(budget)
        }
    }

    /// Whether `attacker` has reached the goal in `position`: won, or captured enough.
    #[must_use]
    pub fn reached<G: Game>(&self, position: &G, attacker: Player) -> bool {
        (self.target != usize::MAX && taken(position, attacker, self.both_sides) >= self.target)
            || position
                .outcome()
                .is_some_and(|o| o.winner() == Some(attacker))
    }

    /// Positions visited so far (how much search a proof took).
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the side to move in `position` (at a turn boundary or within its turn) wins
    /// within `turns` of its own turns, this one included.
    pub fn forced_win<G: Game>(&mut self, position: &G, turns: u8) -> Verdict {
        let attacker = position.to_move();
        match self.wins(position, attacker, turns) {
            Some(true) => Verdict::Wins,
            Some(false) => Verdict::Fails,
            None => Verdict::Unknown,
        }
    }

    /// Whether `attacker` reaches the goal from `position` with `turns` of its turns left (the
    /// one under way counted); `None` once the budget is spent.
    pub(crate) fn wins<G: Game>(
        &mut self,
        position: &G,
        attacker: Player,
        turns: u8,
    ) -> Option<bool> {
        if self.reached(position, attacker) {
            return Some(true);
        }
        let attacking = position.to_move() == attacker;
        if position.outcome().is_some() || (self.both_sides && !attacking) {
            return Some(false);
        }
        if turns == 0 && (attacking || self.own_turns_only) {
            return Some(false);
        }
        let key = (position.hash(), turns);
        if let Some(&known) = self.proved.get(&key) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mut actions = ActionList::new();
        position.legal_actions(&mut actions);
        // The attacker needs one decision that wins; the defender, one that does not lose.
        let mut result = !attacking;
        for &a in actions.as_slice() {
            let mut next = position.clone();
            next.play(a);
            // The attacker's turn ends when the decision completes it.
            let left = if attacking && !next.in_turn() {
                turns - 1
            } else {
                turns
            };
            if self.wins(&next, attacker, left)? == attacking {
                result = attacking;
                break;
            }
        }
        self.proved.insert(key, result);
        Some(result)
    }
}

/// The stones `attacker` has captured, or both sides' captures where they are one count.
fn taken<G: Game>(position: &G, attacker: Player, both_sides: bool) -> usize {
    if both_sides {
        position.stones_captured()
    } else {
        position.captured_by(attacker)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyGame, Setup};

    fn position(s: &str) -> AnyGame {
        AnyGame::from_setup_with(&Setup::parse(s).unwrap(), []).unwrap()
    }

    #[test]
    fn a_win_in_one_is_proved_and_the_start_has_none() {
        // Black has eight captures; stepping b2 onto rank 1 brings the white stones home.
        let won = position("splay 8/8/8/8/8/8/1,w3b,6/8 b 60 2 6");
        let mut prover = Prover::new(1_000_000);
        assert_eq!(prover.forced_win(&won, 1), Verdict::Wins);
        let start = AnyGame::start_with(crate::rules::GameId::Splay, []).unwrap();
        assert_eq!(prover.forced_win(&start, 1), Verdict::Fails);
    }

    #[test]
    fn a_win_for_the_other_side_is_no_win() {
        // White to move in the same picture cannot win at once: Black's win is Black's.
        let other = position("splay 8/8/8/8/8/8/1,w3b,6/8 w 60 2 6");
        let mut prover = Prover::new(1_000_000);
        assert_ne!(prover.forced_win(&other, 1), Verdict::Wins);
    }

    /// The same question answered over whole moves by the rules' own move walk: a win within
    /// `turns` of the mover's turns.
    fn wins_by_whole_moves(position: &AnyGame, turns: u8) -> bool {
        let me = position.to_move();
        let mut found = false;
        crate::rules::for_each_turn(position, |_, after| {
            found = found || after.outcome().is_some_and(|o| o.winner() == Some(me)) || {
                turns > 1 && after.outcome().is_none() && {
                    let mut every_reply_loses = true;
                    crate::rules::for_each_turn(after, |_, reply| {
                        every_reply_loses = every_reply_loses
                            && match reply.outcome() {
                                Some(o) => o.winner() == Some(me),
                                None => wins_by_whole_moves(reply, turns - 1),
                            };
                    });
                    every_reply_loses
                }
            };
        });
        found
    }

    #[test]
    fn the_proofs_agree_with_a_walk_over_whole_moves() {
        // Positions along random games of Grabber on its two smaller boards.
        let mut seed = 7u64;
        let (mut wins, mut checked) = (0, 0);
        for game in [
            crate::rules::GameId::Grabber6,
            crate::rules::GameId::Grabber8,
        ] {
            for _ in 0..12 {
                let mut now = AnyGame::start_with(game, []).unwrap();
                let mut list = ActionList::new();
                while now.outcome().is_none() {
                    if !now.in_turn() && now.ply() >= 6 {
                        for turns in 1..=2 {
                            let mut prover = Prover::new(u64::MAX);
                            let proved = prover.forced_win(&now, turns) == Verdict::Wins;
                            assert_eq!(
                                proved,
                                wins_by_whole_moves(&now, turns),
                                "{} within {turns}",
                                now.to_setup()
                            );
                            wins += usize::from(proved);
                            checked += 1;
                        }
                    }
                    list.clear();
                    now.legal_actions(&mut list);
                    seed = crate::rules::zobrist::key(seed);
                    now.play(list[(seed % list.len() as u64) as usize]);
                }
            }
        }
        assert!(
            wins > 0 && wins < checked,
            "{wins} wins of {checked}: a test that can tell"
        );
    }

    #[test]
    fn a_spent_budget_says_unknown() {
        let start = AnyGame::start_with(crate::rules::GameId::Splay, []).unwrap();
        let mut prover = Prover::new(10);
        assert_eq!(prover.forced_win(&start, 2), Verdict::Unknown);
        assert!(prover.nodes() > 10);
    }
}
