//! Move-average sampling (MAST) with a turn's context: how well each decision has done in the
//! search's playouts so far, keyed by who took it and the decision before it in the same turn
//! (so "this origin, then that destination" is one entry). Playouts prefer the decisions that
//! have done best; nothing about any game is built in, the averages are learnt while searching.

use crate::rules::{Action, Player};

/// Entries in the table (a power of two): small enough to stay in the processor's cache.
const SLOTS: usize = 1 << 14;

/// The key of a decision in its context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MastKey(u32);

/// Eleven bits per action: a tag and the action's payload.
fn code(action: Option<Action>) -> u32 {
    match action {
        None => 0,
        Some(Action::Cell(c)) => 0x400 | (u32::from(c.x()) << 5) | u32::from(c.y()),
        Some(Action::Count(n)) => 0x200 | u32::from(n),
        Some(Action::Dir(d)) => 0x100 | d.index() as u32,
        Some(Action::Stop) => 1,
        Some(Action::Pass) => 2,
    }
}

impl MastKey {
    /// The key of `action` taken by `player` after `before` in the same turn (`None` when the
    /// action starts a turn).
    #[must_use]
    pub fn new(player: Player, before: Option<Action>, action: Action) -> MastKey {
        let side = u32::from(player == Player::Black);
        MastKey((side << 22) | (code(before) << 11) | code(Some(action)))
    }

    fn slot(self) -> usize {
        // Fibonacci hashing spreads the structured keys over the table.
        (self.0.wrapping_mul(0x9E37_79B9) >> (32 - SLOTS.trailing_zeros())) as usize
    }
}

/// The learnt averages: per slot, the sum of results (for the player who decided) and the
/// count, side by side so that reading an average touches one cache line.
#[derive(Debug)]
pub struct Mast {
    slots: Vec<(f32, u32)>,
}

impl Clone for Mast {
    fn clone(&self) -> Mast {
        Mast {
            slots: self.slots.clone(),
        }
    }

    /// Copies into the table already there, without allocating.
    fn clone_from(&mut self, source: &Mast) {
        self.slots.clone_from(&source.slots);
    }
}

impl Default for Mast {
    fn default() -> Mast {
        Mast {
            slots: vec![(0.0, 0); SLOTS],
        }
    }
}

impl Mast {
    /// The average result of a decision, or `unseen` when it was never tried.
    #[must_use]
    pub fn average(&self, key: MastKey, unseen: f32) -> f32 {
        match self.slots[key.slot()] {
            (_, 0) => unseen,
            (sum, n) => sum / n as f32,
        }
    }

    /// Records a result (for the player who took the decision, -1 to 1).
    pub fn record(&mut self, key: MastKey, result: f32) {
        let (sum, count) = &mut self.slots[key.slot()];
        *sum += result;
        *count += 1;
    }

    /// Whether nothing has been recorded (or all of it has faded).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots.iter().all(|&(_, n)| n == 0)
    }

    /// Halves what was learnt, so that a new decision weighs fresh playouts more.
    pub fn fade(&mut self) {
        for (sum, count) in &mut self.slots {
            *count /= 2;
            *sum = if *count == 0 { 0.0 } else { *sum * 0.5 };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Cell, Dir};

    #[test]
    fn keys_tell_players_contexts_and_actions_apart() {
        let c3 = Action::Cell(Cell::new(2, 2));
        let d4 = Action::Cell(Cell::new(3, 3));
        let keys = [
            MastKey::new(Player::Black, None, c3),
            MastKey::new(Player::White, None, c3),
            MastKey::new(Player::Black, Some(d4), c3),
            MastKey::new(Player::Black, None, d4),
            MastKey::new(Player::Black, Some(c3), Action::Dir(Dir::N)),
            MastKey::new(Player::Black, Some(c3), Action::Count(1)),
        ];
        for (i, a) in keys.iter().enumerate() {
            for b in &keys[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }

    #[test]
    fn averages_learn_and_fade() {
        let mut m = Mast::default();
        let k = MastKey::new(Player::Black, None, Action::Stop);
        assert_eq!(m.average(k, 0.7), 0.7);
        m.record(k, 1.0);
        m.record(k, 0.0);
        assert!((m.average(k, 0.7) - 0.5).abs() < 1e-6);
        m.fade();
        assert!((m.average(k, 0.7) - 0.5).abs() < 1e-6);
        m.fade();
        assert_eq!(m.average(k, 0.7), 0.7, "one playout halved is none");
    }
}
