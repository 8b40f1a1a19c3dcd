//! Refutations: the opponent's turns that proved a win set up three turns ahead somewhere in
//! the tree, tried again wherever the opponent moves. The same plan usually works whatever the
//! side searching did before, and the tree would otherwise have to come upon it again below
//! every one of that side's turns, among hundreds of answers (measured at 2846823, for
//! Intermedium's City).

use crate::rules::{Game, TurnActions, replay_turn};

use super::super::eval::Evaluator;
use super::{CaptureClock, Search};

/// How many of the opponent's proven set-ups [`Search`] keeps to try again elsewhere.
pub(super) const REFUTATIONS: usize = 8;

impl<G: Game> Search<G> {
    /// Keeps the opponent's turn that ends the line `path` (where
    /// [`Search::set_up_cannot_be_stopped`] just held) as the newest refutation.
    pub(super) fn note_refutation(&mut self, path: &[usize]) {
        let us = self.nodes[0].to_move;
        let mut turn = TurnActions::new();
        let mut j = path.len() - 1;
        while j > 0 && self.nodes[path[j - 1]].to_move != us {
            match self.nodes[path[j]].action {
                Some(a) => turn.push(a),
                None => return,
            }
            j -= 1;
        }
        if j == 0 || turn.is_empty() || self.refutations.contains(&turn) {
            return;
        }
        turn.reverse();
        if self.refutations.is_full() {
            self.refutations.pop();
        }
        self.refutations.insert(0, turn);
        self.recorded = self.recorded.wrapping_add(1);
    }

    /// Whether `state`, a whole turn's end with the opponent of the side searching to move (its
    /// hash already on the line), is won for the opponent by a turn that proved a set-up
    /// elsewhere in the tree ([`Search::set_up_cannot_be_stopped`] holds where it ends): the
    /// same plan usually works whatever the side searching did before, and the tree would
    /// otherwise have to come upon it again below every one of its turns.
    pub(super) fn refutation_holds<E: Evaluator<G>>(
        &mut self,
        eval: &E,
        state: &G,
        clock: CaptureClock,
        c: usize,
    ) -> bool {
        let new = usize::from(self.recorded.wrapping_sub(self.nodes[c].tried));
        self.nodes[c].tried = self.recorded;
        if new == 0 || state.to_move() == self.nodes[0].to_move || state.outcome().is_some() {
            return false;
        }
        for k in 0..new.min(self.refutations.len()) {
            let Some(end) = replay_turn(state, &self.refutations[k]) else {
                continue;
            };
            let mut after = clock;
            let h = end.hash();
            if end.outcome().is_some() || after.is_due(&end) || self.repeats(h, &end) {
                continue;
            }
            self.line.push(h);
            let lost = self.set_up_cannot_be_stopped(eval, &end, after);
            self.line.pop();
            if lost {
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::ai::eval::IntermediumEval;
    use crate::ai::{Level, Settings};
    use crate::rules::{Intermedium, IntermediumOptions, Player, Setup, any_turn, play_move};

    /// Seed 97's game 11 of a 200 ms match at ply 25, our search White to move, 22 stones to
    /// Black's 14. Black holds two cells around White's City; 72 of White's 98 turns lose within
    /// Black's next three whatever White does, most of them to one Black plan (b5-c6-d5-e6
    /// among them). The search played such a turn and lost by the City on Black's fourth turn.
    const CITY_PLAN_THREE_TURNS_AHEAD: &str = "intermedium 1,w,1,w2,b,w2,1/w,1,w2,b,w,b2,1/b2,w2,1,w,1,w2,1/1,b,w,1,w2,1,w2/b,1,b4,w2,1,w2,1/1,b3,1,b4,w2,1,w2/5,w2,1/6,w/b,6/1,b,1,b,3 w 25";

    fn at(text: &str) -> Intermedium {
        Intermedium::from_setup(&Setup::parse(text).unwrap(), IntermediumOptions::default())
            .unwrap()
    }

    /// Whether `p` (Black to move) has a turn after which every White turn leaves Black a turn
    /// that takes the City, or one after which White cannot keep it from being taken.
    fn black_takes_the_city_within_three_turns(p: &Intermedium) -> bool {
        let black_wins = |g: &Intermedium| {
            g.outcome()
                .is_some_and(|o| o.winner() == Some(Player::Black))
        };
        let city_stays_open = |g: &Intermedium| {
            g.outcome().is_none()
                && g.open_strikes(Player::Black).city
                && !any_turn(g, |w| {
                    w.outcome().is_some() || !w.open_strikes(Player::Black).city
                })
        };
        let wins_within_two =
            |g: &Intermedium| any_turn(g, |b| black_wins(b) || city_stays_open(b));
        any_turn(p, |b| {
            black_wins(b)
                || b.outcome().is_none() && !any_turn(b, |w| !black_wins(w) && !wins_within_two(w))
        })
    }

    /// The whole-turn ends of the root player's turns in the tree, with the node each ends on.
    fn turn_ends(search: &Search<Intermedium>) -> Vec<(usize, Intermedium)> {
        let mut ends = Vec::new();
        let mut stack = vec![(0, search.root.clone())];
        while let Some((n, state)) = stack.pop() {
            for c in search.children(n) {
                let mut next = state.clone();
                next.play(search.nodes[c].action.unwrap());
                if next.in_turn() {
                    stack.push((c, next));
                } else {
                    ends.push((c, next));
                }
            }
        }
        ends
    }

    #[test]
    fn a_plan_proven_below_one_turn_is_tried_below_the_others_and_holds() {
        let start = at(CITY_PLAN_THREE_TURNS_AHEAD);
        let settings = Settings {
            iterations: 4000,
            ..Level::Master.settings(Duration::from_secs(60))
        };
        let mut search = Search::new(start, 1);
        search.run(&IntermediumEval, &settings, None).unwrap();
        assert!(
            !search.refutations.is_empty(),
            "no set-up was proven three turns ahead"
        );
        let refuted: Vec<Intermedium> = turn_ends(&search)
            .into_iter()
            .filter(|(c, _)| search.nodes[*c].proof == Some(1) && search.nodes[*c].turns == 5)
            .map(|(_, end)| end)
            .collect();
        assert!(
            refuted.len() >= 40,
            "only {} turns refuted by a kept plan",
            refuted.len()
        );
        for end in refuted.iter().take(2) {
            assert!(
                black_takes_the_city_within_three_turns(end),
                "a turn refuted by a kept plan is not lost: {}",
                end.to_setup()
            );
        }
        let (safe, _) = play_move(&at(CITY_PLAN_THREE_TURNS_AHEAD), "d6-c5-b6").unwrap();
        assert!(
            !black_takes_the_city_within_three_turns(&safe),
            "the safe turn d6-c5-b6 is lost"
        );
    }
}
