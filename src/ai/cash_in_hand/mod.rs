//! What the computer knows of Cash In Hand: material, stones about to be taken, and, once the
//! game is decided on material, how closely the losing side's stacks are hemmed in, so that the
//! winner presses on to the end instead of drifting towards the turn cap. Its weights are in
//! [`parameters`]; playouts and proofs keep the search's defaults.

pub mod parameters;
mod risk;

use crate::ai::eval::{Evaluator, Playouts, ThreatProofs};
use crate::rules::cash_in_hand::{GEOMETRY, diagonal_cells, orthogonal_cells};
use crate::rules::{CashInHand, Game, Player};

use parameters::{DECIDED_FROM, MATERIAL_SCALE, PRESS_WEIGHT, REACH, SAFE_SCALE, THREAT_WEIGHT};

/// Cash In Hand: the stones on the board are always 128, so owning more of them is what capturing
/// buys; stacks already hemmed in and outweighed are as good as taken by the side to move.
///
/// Material alone stops telling moves apart once one side is far ahead: every position then
/// looks won, and the search had a won game drift to the turn cap (a draw), waking only when
/// the cap came within its playouts. So from a lead of [`DECIDED_FROM`] stones on, a share of
/// the value (up to [`PRESS_WEIGHT`], in full at twice that lead) measures how near the losing
/// side's stones are to capture ([`closeness`]); below that lead the value is material alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct CashInHandEval;

/// How near the stack on cell `i` is to capture, from 0 (free) to 1 (hemmed in and
/// outweighed): the share of its orthogonal neighbours that are filled (an empty one counts
/// [`REACH`] when an enemy stack stands next to it), times how much of the weight that
/// outweighs it stands there.
#[must_use]
pub fn closeness(heights: &[u8; 64], i: usize) -> f32 {
    let (mut sides, mut cover, mut weight) = (0.0f32, 0.0f32, 0.0f32);
    for n in orthogonal_cells(i) {
        sides += 1.0;
        let h = heights[n];
        if h > 0 {
            cover += 1.0;
            weight += f32::from(h);
        } else if let Some(near) = diagonal_cells(n)
            .map(|m| heights[m])
            .max()
            .filter(|&m| m > 0)
        {
            cover += REACH;
            weight += REACH * f32::from(near);
        }
    }
    let needed = f32::from(heights[i]) + 1.0;
    cover / sides * (weight / needed).min(1.0)
}

/// The stones of `side` that are not about to be taken: each stack weighed by how far it is
/// from capture.
#[must_use]
pub fn safe_stones(p: &CashInHand, side: Player) -> f32 {
    let heights = p.heights();
    (0..64)
        .filter(|&i| heights[i] > 0 && CashInHand::cell_owner(GEOMETRY.cell(i)) == side)
        .map(|i| f32::from(heights[i]) * (1.0 - closeness(heights, i)))
        .sum()
}

impl Playouts<CashInHand> for CashInHandEval {}

impl ThreatProofs<CashInHand> for CashInHandEval {}

impl Evaluator<CashInHand> for CashInHandEval {
    fn evaluate(&self, p: &CashInHand) -> f32 {
        let black = p.stones(Player::Black) as f32;
        let white = p.stones(Player::White) as f32;
        // The side to move takes the other's stones at risk (twice: they change hands).
        let threat = match p.to_move() {
            Player::Black => 2.0 * p.stones_at_risk(Player::White) as f32,
            Player::White => -2.0 * p.stones_at_risk(Player::Black) as f32,
        };
        let material = ((black - white + THREAT_WEIGHT * threat) / MATERIAL_SCALE).tanh();
        let lead = black - white;
        let decided = ((lead.abs() - DECIDED_FROM) / DECIDED_FROM).clamp(0.0, 1.0);
        if decided == 0.0 {
            return material;
        }
        let loser = if lead > 0.0 {
            Player::White
        } else {
            Player::Black
        };
        let pressed = (-safe_stones(p, loser) / SAFE_SCALE).exp() * lead.signum();
        let share = PRESS_WEIGHT * decided;
        (1.0 - share) * material + share * pressed
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CashInHandOptions, Setup};

    fn at(s: &str) -> CashInHand {
        CashInHand::from_setup(&Setup::parse(s).unwrap(), CashInHandOptions::default()).unwrap()
    }

    #[test]
    fn the_start_is_even_and_stones_count() {
        let start = CashInHand::start(CashInHandOptions::default());
        assert!(CashInHandEval.evaluate(&start).abs() < 1e-5);
        // Black 40 stones to White's 24: ahead, but not yet pressing.
        let ahead = at("cash-in-hand w12,6,b20/8/8/8/8/8/8/b20,6,w12 b 20");
        let value = CashInHandEval.evaluate(&ahead);
        assert!(value > 0.5 && value < 1.0, "{value}");
    }

    #[test]
    fn a_stack_is_closer_to_capture_the_more_it_is_hemmed_in_and_outweighed() {
        // h8 (index 63) is a corner: its neighbours are g8 (62) and h7 (55).
        let mut heights = [0u8; 64];
        heights[63] = 3;
        assert_eq!(closeness(&heights, 63), 0.0);
        heights[53] = 1; // f7 stands next to g8 and could step in: a little.
        let near = closeness(&heights, 63);
        assert!(near > 0.0 && near < 0.1, "{near}");
        heights[62] = 2; // g8 filled, not yet outweighing.
        let half = closeness(&heights, 63);
        assert!(half > near && half < 0.5, "{half}");
        heights[55] = 2; // h7 too: hemmed in and outweighed (4 > 3).
        assert_eq!(closeness(&heights, 63), 1.0);
    }

    #[test]
    fn a_decided_game_is_worth_more_the_nearer_the_loser_is_to_capture() {
        // White has 70 stones to Black's 12 in both. In the second, White's g8 and h7 close
        // on Black's corner stack, not yet outweighing it: material alone saw no difference.
        let far = at("cash-in-hand 7,b12/8/w20,1,w20,1,w20,3/8/w10,7/8/8/8 w 300");
        let close = at("cash-in-hand 6,w5,b12/7,w5/w20,1,w20,1,w20,3/8/8/8/8/8 w 300");
        assert_eq!(far.stones(Player::White), close.stones(Player::White));
        assert_eq!(close.stones_at_risk(Player::Black), 0);
        let (far, close) = (
            CashInHandEval.evaluate(&far),
            CashInHandEval.evaluate(&close),
        );
        assert!(far < -0.5 && close < far - 0.02, "far {far}, close {close}");
        // The same for Black, around White's corner stack on h1.
        let won = at("cash-in-hand 8/8/8/b20,1,b20,1,b20,3/8/8/7,b5/6,b5,w12 b 300");
        let fled = at("cash-in-hand 8/8/8/b20,1,b20,1,b20,3/8/b10,7/8/7,w12 b 300");
        let (won, fled) = (
            CashInHandEval.evaluate(&won),
            CashInHandEval.evaluate(&fled),
        );
        assert!(fled > 0.5 && won > fled + 0.02, "won {won}, fled {fled}");
    }
}
