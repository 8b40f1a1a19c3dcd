//! The playout policy: decisions for a few turns, guided by MAST and the evaluator's urgent and
//! tactical decisions, then the evaluator's judgement. It works on what a playout needs of its
//! own (a generator, the averages it follows, the trail it notes), so that threads sharing one
//! tree each run their playouts outside its lock.

use crate::rules::{Action, ActionList, Game, Player};

use super::super::Settings;
use super::super::eval::Evaluator;
use super::super::mast::{Mast, MastKey};
use super::super::rng::Rng;
use super::{CaptureClock, black_value, proof_reward};

/// The decisions of an iteration so far, each with who took it, for MAST.
pub(super) type Trail = Vec<(MastKey, Player)>;

/// Plays `action` (after `last` in the turn, if the turn is under way), noting it in `trail`
/// for MAST when MAST is on; returns the new context: the action, or `None` once the turn is
/// over.
pub(super) fn note_and_play<G: Game>(
    trail: &mut Trail,
    state: &mut G,
    last: Option<Action>,
    action: Action,
    settings: &Settings,
) -> Option<Action> {
    if settings.mast_greed > 0.0 {
        let player = state.to_move();
        trail.push((MastKey::new(player, last, action), player));
    }
    state.play(action);
    state.in_turn().then_some(action)
}

/// What one playout works with.
pub(super) struct Rollout<'a> {
    /// Its generator.
    pub rng: &'a mut Rng,
    /// The decisions' averages it follows.
    pub mast: &'a Mast,
    /// Where it notes its decisions.
    pub trail: &'a mut Trail,
    /// What a draw is worth, from Black's point of view (the searching side's contempt).
    pub draw: f32,
}

impl Rollout<'_> {
    /// A playout decision: with the chance `mast_greed`, the one that has done best so far
    /// (MAST), else a random one.
    pub fn pick<G: Game>(
        &mut self,
        state: &G,
        last: Option<Action>,
        list: &ActionList,
        settings: &Settings,
    ) -> Action {
        let n = list.len();
        if settings.mast_greed <= 0.0 || n == 1 || self.rng.unit() >= settings.mast_greed {
            return list[self.rng.below(n)];
        }
        let player = state.to_move();
        // Scanning from a random place breaks ties at random (unseen decisions count as 0).
        let start = self.rng.below(n);
        let mut best = (f32::NEG_INFINITY, list[start]);
        for k in 0..n {
            let a = list[(start + k) % n];
            let v = self.mast.average(MastKey::new(player, last, a), 0.0);
            if v > best.0 {
                best = (v, a);
            }
        }
        best.1
    }

    /// Decisions for a few turns (MAST-guided or random), then the evaluator's judgement
    /// (Black's view); a draw where the no-progress draw (`clock`) falls due.
    pub fn playout<G: Game, E: Evaluator<G>>(
        &mut self,
        mut state: G,
        mut last: Option<Action>,
        mut clock: CaptureClock,
        eval: &E,
        settings: &Settings,
    ) -> f32 {
        let mut list = ActionList::new();
        let mut urgent = ActionList::new();
        let mut tactical = ActionList::new();
        let mut greedy_turn = false;
        let end_ply = state.ply().saturating_add(settings.playout_turns);
        loop {
            list.clear();
            state.legal_actions(&mut list);
            if list.is_empty() {
                let v = state.outcome().map_or(0, black_value);
                return proof_reward(v, self.draw);
            }
            if !state.in_turn() {
                if clock.is_due(&state) {
                    return self.draw;
                }
                if state.ply() >= end_ply {
                    return eval.evaluate(&state);
                }
                // The whole turn goes for material or none of it does.
                greedy_turn =
                    settings.tactic_greed > 0.0 && self.rng.unit() < settings.tactic_greed;
            }
            // A threat that must be answered now is answered, if it can be.
            urgent.clear();
            eval.urgent(&state, &list, &mut urgent);
            tactical.clear();
            if urgent.is_empty() && greedy_turn {
                eval.tactical(&state, &list, &mut tactical);
            }
            let choices = if !urgent.is_empty() {
                &urgent
            } else if !tactical.is_empty() {
                &tactical
            } else {
                &list
            };
            let action = self.pick(&state, last, choices, settings);
            last = note_and_play(self.trail, &mut state, last, action, settings);
        }
    }
}
