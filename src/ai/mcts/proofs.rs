//! The proofs a descent of the tree tries where a whole turn ends: a draw the line runs into, a
//! turn the enemy wins with at once, a threat set up one or two turns ahead, a set-up three turns
//! ahead, and the enemy plans kept from such proofs elsewhere ([`super::refutations`]). What wins
//! at once, and where each walk may hold, is the game's knowledge
//! ([`ThreatProofs`](crate::ai::eval::ThreatProofs)); the walks themselves know no game.

use crate::rules::{Game, Player, TurnActions, any_turn, any_turn_among, find_turn, replay_turn};

use super::super::eval::Evaluator;
use super::{CaptureClock, Search, for_player};

impl<G: Game> Search<G> {
    /// What `state`, the whole turn's end reached by `path` (whose last node is not yet proven),
    /// is proven to be, with the turns the proof plays: a draw where the line meets one (the
    /// capture clock is due or a position repeats), else a win or loss of the walks below, the
    /// deeper ones only on the node's first visit (`fresh`). `None` where nothing is proven;
    /// then the position's hash is on the line. `clock` is moved on to `state`.
    pub(super) fn prove_turn_end<E: Evaluator<G>>(
        &mut self,
        eval: &E,
        state: &G,
        clock: &mut CaptureClock,
        path: &[usize],
        fresh: bool,
    ) -> Option<(i8, u16)> {
        let h = state.hash();
        let due = clock.is_due(state) && state.outcome().is_none();
        if due || self.repeats(h, state) {
            return Some((0, 0));
        }
        let won = for_player(state.to_move(), 1.0) as i8;
        if self.threat_is_won(eval, state) {
            return Some((won, 1));
        }
        let clock = *clock;
        if fresh && self.threat_cannot_be_stopped(eval, state, clock, &mut TurnActions::new()) {
            return Some((-won, 2));
        }
        self.line.push(h);
        if fresh && self.threat_is_set_up(eval, state, clock) {
            return Some((won, 3));
        }
        if fresh && self.set_up_cannot_be_stopped(eval, state, clock) {
            self.note_refutation(path);
            return Some((-won, 4));
        }
        if self.refutation_holds(eval, state, clock, path[path.len() - 1]) {
            return Some((won, 5));
        }
        None
    }

    /// Whether `state`, a whole turn's end, is won for the opponent of the side searching because
    /// it has a turn that wins at once
    /// ([`ThreatProofs::wins_at_once`](crate::ai::eval::ThreatProofs::wins_at_once)): a proven loss
    /// for the searching side, which then looks no further below a turn that leaves such a threat
    /// open. The searching side's own threats are left to the playouts, so that among its proven
    /// wins the tree holds the quickest, a turn that ends the game.
    fn threat_is_won<E: Evaluator<G>>(&self, eval: &E, state: &G) -> bool {
        state.to_move() != self.nodes[0].to_move
            && eval.wins_at_once(state)
            && state.outcome().is_none()
    }

    /// Whether `state`, a whole turn's end with the side searching to move, is lost for it because
    /// every turn it has ends where the opponent has a turn that wins at once (and neither ends the
    /// game nor meets a draw on the line): a threat set up a turn ahead, proven on the node's first
    /// visit, one turn before [`Search::threat_is_won`] would prove each of its turns. Only where
    /// [`ThreatProofs::threatened`](crate::ai::eval::ThreatProofs::threatened) allows it, so
    /// seldom. `answer` is a turn that stopped such a threat before: tried first, it saves walking
    /// every turn where it works again, and it is replaced by the answer found.
    fn threat_cannot_be_stopped<E: Evaluator<G>>(
        &self,
        eval: &E,
        state: &G,
        clock: CaptureClock,
        answer: &mut TurnActions,
    ) -> bool {
        if state.to_move() != self.nodes[0].to_move
            || state.outcome().is_some()
            || !eval.threatened(state)
        {
            return false;
        }
        let enemy = !state.to_move();
        let only_captures = eval.only_captures_stop(state);
        let before = state.stones_captured();
        let still_wins =
            |end: &G| only_captures && end.stones_captured() == before || eval.wins_at_once(end);
        let stops = |end: &G| self.escapes(end, enemy, clock, |end, _| still_wins(end));
        if replay_turn(state, answer).is_some_and(|end| stops(&end)) {
            return false;
        }
        !find_turn(state, answer, stops)
    }

    /// Whether `state`, a whole turn's end with the opponent of the side searching to move (its
    /// hash already on the line), is won for the opponent because it has a turn after which
    /// [`Search::threat_cannot_be_stopped`] holds: a threat set up two turns ahead, proven on the
    /// node's first visit where the tree would have to come upon that one turn among hundreds. Only
    /// where [`ThreatProofs::may_set_up`](crate::ai::eval::ThreatProofs::may_set_up) allows it, so
    /// seldom. Once the search's time is spent it tries no further set-up (the longest walk, tens
    /// of milliseconds) and holds only if one tried already did.
    fn threat_is_set_up<E: Evaluator<G>>(&self, eval: &E, state: &G, clock: CaptureClock) -> bool {
        if state.to_move() == self.nodes[0].to_move
            || state.outcome().is_some()
            || !eval.may_set_up(state)
        {
            return false;
        }
        let enemy = state.to_move();
        let mut answer = TurnActions::new();
        any_turn_among(
            state,
            |a| eval.set_up_turn(state, a),
            |mid| eval.set_up_within(state, mid),
            |end| match end.outcome() {
                Some(o) => o.winner() == Some(enemy),
                None => {
                    let mut after = clock;
                    eval.set_up_end(state, end)
                        && !after.is_due(end)
                        && !self.repeats(end.hash(), end)
                        && !self.out_of_time()
                        && self.threat_cannot_be_stopped(eval, end, after, &mut answer)
                }
            },
        )
    }

    /// Whether `state`, a whole turn's end with the side searching to move (its hash already on the
    /// line), is lost for it because every turn it has ends where [`Search::threat_is_set_up`]
    /// holds, or the opponent wins at once: a win set up three turns ahead, proven on the node's
    /// first visit, so that the tree needs to come upon only the opponent's turn that leads here,
    /// not every answer after it. Only where
    /// [`ThreatProofs::may_be_set_up`](crate::ai::eval::ThreatProofs::may_be_set_up) allows it, so
    /// seldom.
    pub(super) fn set_up_cannot_be_stopped<E: Evaluator<G>>(
        &self,
        eval: &E,
        state: &G,
        clock: CaptureClock,
    ) -> bool {
        if state.to_move() != self.nodes[0].to_move
            || state.outcome().is_some()
            || !eval.may_be_set_up(state)
        {
            return false;
        }
        let enemy = !state.to_move();
        !any_turn(state, |end| {
            self.escapes(end, enemy, clock, |end, after| {
                eval.wins_at_once(end) || self.threat_is_set_up(eval, end, after)
            })
        })
    }

    /// Whether `end`, where a turn of the side searching ended, escapes `enemy`: the game is
    /// over and not won by the enemy, the line meets a draw (the capture clock is due or a
    /// position repeats), or `enemy_wins` (given the clock after this turn) does not hold.
    fn escapes(
        &self,
        end: &G,
        enemy: Player,
        clock: CaptureClock,
        enemy_wins: impl FnOnce(&G, CaptureClock) -> bool,
    ) -> bool {
        match end.outcome() {
            Some(o) => o.winner() != Some(enemy),
            None => {
                let mut after = clock;
                after.is_due(end) || self.repeats(end.hash(), end) || !enemy_wins(end, after)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::platform::clock::Instant;

    use crate::ai::eval::IntermediumEval;
    use crate::rules::{Game, Intermedium, IntermediumOptions, Setup, play_move};

    use super::super::{CaptureClock, Search};

    /// White to move, from a `match --records` game: after White's `f8-e9-f10` Black's
    /// `f9-e8-d9` sets up its City and no White answer stops it (tests/core/ai_search.rs,
    /// `CITY_SET_UP_TWO_TURNS_AHEAD`).
    const CITY_SET_UP_TWO_TURNS_AHEAD: &str = "intermedium 1,w,b,w,b,2/1,b2,2,w2,b2,1/2,b,2,w2,1/w,3,w,1,w/b,w,1,w,2,b/1,b,2,w,2/1,w,4,b/w,1,w,1,w,2/1,w,b,w,b,2/7 w 65";

    #[test]
    fn a_search_whose_time_is_spent_tries_no_further_set_up() {
        let setup = Setup::parse(CITY_SET_UP_TWO_TURNS_AHEAD).expect("a position");
        let root = Intermedium::from_setup(&setup, IntermediumOptions::default()).expect("legal");
        let (after, _) = play_move(&root, "f8-e9-f10").expect("a legal turn");
        let clock = CaptureClock::at(&after, 0, after.stones_captured());
        let mut search = Search::new(root, 1);
        assert!(
            search.threat_is_set_up(&IntermediumEval, &after, clock),
            "with time left the walk finds Black's set-up"
        );
        search.deadline = Some(Instant::now());
        assert!(
            !search.threat_is_set_up(&IntermediumEval, &after, clock),
            "with the time spent the walk gives up unproven"
        );
    }
}
