//! Per-game evaluation: how good a position looks without searching further, used to cut
//! playouts short. Kept apart from the rules and from the search (Game / Evaluator / Strategy).

use crate::rules::{Game, Player, Splay, splay::WINNING_CAPTURES};

/// Judges positions of one game.
pub trait Evaluator<G: Game>: Send + Sync {
    /// How good `position` is for Black, from -1 (lost) to 1 (won).
    fn evaluate(&self, position: &G) -> f32;
}

/// Splay: captured stones decide the game, so material is most of it; stones already sitting on
/// the enemy's side (closer to being pushed onto the back rank) count a little.
#[derive(Clone, Copy, Debug, Default)]
pub struct SplayEval;

impl Evaluator<Splay> for SplayEval {
    fn evaluate(&self, p: &Splay) -> f32 {
        let caps = p.captured_by(Player::Black) as f32 - p.captured_by(Player::White) as f32;
        let target = f32::from(WINNING_CAPTURES);
        // Enemy stones near one's own back rank are future captures: white stones low on the
        // board are Black's chances, black stones high up are White's.
        let mut pressure = 0.0;
        for c in crate::rules::splay::GEOMETRY.cells() {
            let s = p.stack(c);
            if s.is_empty() {
                continue;
            }
            let height = f32::from(c.y()) / 7.0;
            pressure += s.count(Player::White) as f32 * (1.0 - height).powi(2);
            pressure -= s.count(Player::Black) as f32 * height.powi(2);
        }
        ((caps + 0.3 * pressure) / (target * 0.5)).tanh()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Setup, SplayOptions};

    fn eval(s: &str) -> f32 {
        let g = Splay::from_setup(&Setup::parse(s).unwrap(), SplayOptions::default()).unwrap();
        SplayEval.evaluate(&g)
    }

    #[test]
    fn the_start_is_even_and_captures_count() {
        let start = Splay::start(SplayOptions::default());
        assert!(SplayEval.evaluate(&start).abs() < 1e-5);
        let ahead = eval("splay 8/8/3,w,4/8/8/8/1,w3b,6/8 b 60 2 6");
        assert!(ahead > 0.5, "Black has 6 captures to 2: {ahead}");
        assert!(eval("splay 8/8/3,w,4/8/8/8/1,w3b,6/8 b 60 6 2") < -0.5);
    }
}
