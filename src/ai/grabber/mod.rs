//! What the computer knows of Grabber: whoever cannot capture loses, so mobility (the jumps
//! open to each side) is most of the value, and the men held in one's columns count a little.
//! Every turn is a capture, so playouts and proofs keep the search's defaults. Its weights are
//! in [`parameters`].

pub mod parameters;

use crate::ai::eval::{Evaluator, Playouts, ThreatProofs};
use crate::rules::{Grabber, Player};

use parameters::{MEN, MOBILITY, STUCK};

/// Grabber's evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub struct GrabberEval;

impl Evaluator<Grabber> for GrabberEval {
    fn evaluate(&self, p: &Grabber) -> f32 {
        let side = |who: Player| {
            let jumps = p.jumps_available(who) as f32;
            let stuck = if jumps == 0.0 { STUCK } else { 0.0 };
            MOBILITY * jumps.sqrt() + MEN * p.men_controlled(who) as f32 + stuck
        };
        (side(Player::Black) - side(Player::White)).tanh()
    }
}

impl Playouts<Grabber> for GrabberEval {}

impl ThreatProofs<Grabber> for GrabberEval {}
