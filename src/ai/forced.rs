//! Forced wins proved exactly: whether the side to move can win within a number of its own
//! turns whatever the other side does, by an AND-OR search over single decisions (so Cash In
//! Hand's tall stacks, whose whole moves are astronomically many, cost only their decisions),
//! with a table of positions already proved and a node budget that answers "unknown" rather
//! than guess. What puzzles are made of, and what checks them. Draws by repetition or by turns
//! without a capture come from a game's history, not its position, and are not seen here.

use std::collections::HashMap;

use crate::rules::{ActionList, Game, Player};

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
}

impl Prover {
    /// A prover that visits at most `budget` positions over all its questions.
    #[must_use]
    pub fn new(budget: u64) -> Prover {
        Prover {
            budget,
            nodes: 0,
            proved: HashMap::new(),
        }
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

    /// Whether `attacker` wins from `position` with `turns` of its turns left (the one under
    /// way counted); `None` once the budget is spent.
    pub(crate) fn wins<G: Game>(
        &mut self,
        position: &G,
        attacker: Player,
        turns: u8,
    ) -> Option<bool> {
        if let Some(outcome) = position.outcome() {
            return Some(outcome.winner() == Some(attacker));
        }
        let attacking = position.to_move() == attacker;
        if attacking && turns == 0 {
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
