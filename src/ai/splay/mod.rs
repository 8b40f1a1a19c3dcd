//! What the computer knows of Splay: captured stones decide the game, so material is most of
//! the value. Enemy stones a side holds (under its top stone, so it can carry them home) count
//! nearly as much as captured ones when they are close to its back rank, and never as much, so
//! taking them always looks better; stones merely standing near the enemy's back rank count a
//! little against their owner ([`exposure`]). Playouts take a capture when one is open
//! ([`captures`]). Its weights are in [`parameters`].

pub mod captures;
pub mod exposure;
pub mod parameters;

use crate::ai::eval::{Evaluator, Playouts, ThreatProofs};
use crate::rules::splay::WINNING_CAPTURES;
use crate::rules::{ActionList, Game, Player, Splay};

use parameters::{EXPOSED_FALLOFF, EXPOSED_WEIGHT, HELD_FALLOFF, VALUE_SCALE};

/// Splay's evaluation and playout policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct SplayEval;

/// A side's stones weighed by how near they are to being captured: all of them (how exposed
/// they are) and those the enemy holds.
fn splay_exposure(p: &Splay, side: Player) -> (f32, f32) {
    let exposure = p.exposure(side);
    let (mut exposed, mut held) = (0.0, 0.0);
    for d in 0..8 {
        let near = 1.0 - d as f32 / EXPOSED_FALLOFF;
        exposed += f32::from(exposure.stones[d]) * near * near;
        held += f32::from(exposure.held[d]) * (1.0 - d as f32 / HELD_FALLOFF);
    }
    (exposed, held)
}

impl Evaluator<Splay> for SplayEval {
    fn evaluate(&self, p: &Splay) -> f32 {
        let caps = p.captured_by(Player::Black) as f32 - p.captured_by(Player::White) as f32;
        let (white_exposed, white_held) = splay_exposure(p, Player::White);
        let (black_exposed, black_held) = splay_exposure(p, Player::Black);
        let exposed = white_exposed - black_exposed;
        let held = white_held - black_held;
        let target = f32::from(WINNING_CAPTURES);
        ((caps + EXPOSED_WEIGHT * exposed + held) / (target * VALUE_SCALE)).tanh()
    }
}

impl Playouts<Splay> for SplayEval {
    fn tactical(&self, p: &Splay, legal: &ActionList, out: &mut ActionList) {
        p.capturing_decisions(legal, out);
    }
}

impl ThreatProofs<Splay> for SplayEval {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Game, Setup, SplayOptions};

    fn eval(s: &str) -> f32 {
        let g = Splay::from_setup(&Setup::parse(s).unwrap(), SplayOptions::default()).unwrap();
        SplayEval.evaluate(&g)
    }

    #[test]
    fn the_start_is_even_and_captures_count() {
        let start = Splay::start(SplayOptions::default());
        assert!(SplayEval.evaluate(&start).abs() < 1e-5);
        let ahead = eval("splay 8/8/3,w,4/8/8/8/1,b,6/8 b 60 2 6");
        assert!(ahead > 0.5, "Black has 6 captures to 2: {ahead}");
        assert!(eval("splay 8/8/3,w,4/8/8/8/1,b,6/8 b 60 6 2") < -0.5);
    }

    #[test]
    fn splay_values_the_enemy_stones_a_side_holds_and_taking_them_more() {
        // Black's c2 holds two white stones one step from rank 1; White's f7 holds two black
        // stones one step from rank 8: the same, mirrored.
        assert!(eval("splay 8/8/8/8/8/8/2,w2b,5/8 b 10 0 0") > 0.1);
        assert!(eval("splay 8/5,b2w,2/8/8/8/8/8/8 b 10 0 0") < -0.1);
        let even = eval("splay 8/5,b2w,2/8/8/8/8/2,w2b,5/8 b 10 0 0");
        assert!(even.abs() < 1e-5, "{even}");
        // Held further from home, the same stones are worth less.
        let far = eval("splay 8/8/8/2,w2b,5/8/8/8/8 b 10 0 0");
        assert!(far < eval("splay 8/8/8/8/8/8/2,w2b,5/8 b 10 0 0") && far > 0.0);
        // Taking them (the step c2-c1) is worth more than holding them.
        let held = eval("splay 8/8/3,w,4/8/8/8/2,w2b,5/8 b 10 0 0");
        let taken = eval("splay 8/8/3,w,4/8/8/8/8/2,b,5 w 11 0 2");
        assert!(taken > held, "taken {taken}, held {held}");
    }
}
