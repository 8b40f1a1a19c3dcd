//! Intermedium's evaluation and playout policy: stones taken, stacks left that can still move,
//! the cells held around the enemy City, a stack one feed short of sowing round the ring into
//! the City, and the strikes each side's sowing could make next.

use super::parameters::{
    CAPTURE_NEXT_TURN, CAPTURE_TO_MOVE, CITY_NEXT_TURN, CITY_PRESSURE, CITY_WON, MOBILITY,
    MOBILITY_CAP, ONCE_FED, RING_CELLS, STONES_PER_POINT, STUCK,
};
use crate::ai::eval::{Evaluator, Playouts};
use crate::rules::{ActionList, ByPlayer, Game, Intermedium, Player};

/// Intermedium: stones taken, stacks left that can still move (a player without one loses), how
/// many neighbours of the enemy City are held (holding all three sets up the City win), a stack
/// one feed short of sowing round the ring into the City ([`ONCE_FED`]), and the strikes each
/// side's sowing could make next: a City the side to move can take has fallen.
#[derive(Clone, Copy, Debug, Default)]
pub struct IntermediumEval;

impl Evaluator<Intermedium> for IntermediumEval {
    fn evaluate(&self, p: &Intermedium) -> f32 {
        let mover = p.to_move();
        let strikes = if p.in_turn() {
            ByPlayer::default()
        } else {
            ByPlayer::new(p.open_strikes(Player::Black), p.open_strikes(Player::White))
        };
        if strikes[mover].city {
            return if mover == Player::Black {
                CITY_WON
            } else {
                -CITY_WON
            };
        }
        let side = |who: Player| {
            let mobile = p.movable_stacks(who) as f32;
            let stuck = if mobile == 0.0 { STUCK } else { 0.0 };
            let threat = match (who == mover, strikes[who]) {
                (true, s) if s.capture => CAPTURE_TO_MOVE,
                (false, s) if s.city => CITY_NEXT_TURN,
                (false, s) if s.capture => CAPTURE_NEXT_TURN,
                _ => 0.0,
            };
            let once_fed = if p.in_turn() || !p.takes_city_once_fed(who) {
                0.0
            } else {
                ONCE_FED
            };
            p.captured_by(who) as f32 / STONES_PER_POINT
                + MOBILITY * mobile.min(MOBILITY_CAP)
                + once_fed
                + CITY_PRESSURE * (p.city_pressure(who) as f32).powi(2) / RING_CELLS
                + threat
                + stuck
        };
        (side(Player::Black) - side(Player::White)).tanh()
    }
}

impl Playouts<Intermedium> for IntermediumEval {
    /// Random sowings almost never end on a single stone beside a stack closed in: playouts
    /// that take the City or a capture when a turn can make one play far more like people do.
    fn tactical(&self, p: &Intermedium, legal: &ActionList, out: &mut ActionList) {
        p.striking_decisions(legal, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Setup;

    #[test]
    fn intermedium_values_captures_mobility_and_the_city() {
        use crate::rules::IntermediumOptions;
        let at = |s: &str| {
            let g =
                Intermedium::from_setup(&Setup::parse(s).unwrap(), IntermediumOptions::default())
                    .unwrap();
            IntermediumEval.evaluate(&g)
        };
        let start = Intermedium::start(IntermediumOptions::default());
        assert!(IntermediumEval.evaluate(&start).abs() < 1e-5);
        // Example 14's position before the City move: Black holds two City neighbours.
        assert!(at("intermedium 2,b,w3,b,2/7/7/w2,4,b2,1/7/7/7/1,b2,5/7/7 b 20") > 0.2);
        // Black can sow b7 onto d9 and take White's City (the position of the strikes tests).
        let city = "intermedium 2,b,1,b,2/w4,2,b,3/7/1,b2,1,b,3/2,b,w2,b,2/3,b,3/7/1,b2,5/7/7";
        assert!(at(&format!("{city} b 20")) > 0.95);
        assert!(
            at(&format!("{city} w 20")) > 0.5,
            "White to move still faces it"
        );
        // White's e3 can sow d2 and end on the single c1, holding e1: the sowing closes Black's
        // City in itself, and White to move has won.
        let sown_closed = "intermedium 7/1,b4,5/6,b4/7/7/7/7/4,w2,2/2,b,4/1,b,w,b,w,b2,1";
        assert!(at(&format!("{sown_closed} w 21")) < -0.95);
        // White has only single stones: lost at its turn.
        assert!(at("intermedium 7/6,w/7/7/2,b2,4/1,b5,1,b2,3/2,b,4/7/7/7 w 21") > 0.9);
    }
}
