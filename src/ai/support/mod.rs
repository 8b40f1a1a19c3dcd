//! What the computer knows of Support: captures towards 18, stones on the centre and support
//! moves that reach it, and the stones each side could capture next ([`threats`]; the side to
//! move takes one). Five centre stones that the reply cannot break (six, or none of them within
//! the mover's reach) have won. Playouts answer a pending centre and otherwise go for material.
//! Its weights are in [`parameters`].

pub mod parameters;
pub mod threats;

use crate::ai::eval::{Evaluator, Playouts, ThreatProofs};
use crate::rules::support::CENTRE_MAJORITY;
use crate::rules::{ActionList, ByPlayer, Game, Player, Support};

use parameters::{
    CAPTURABLE, CAPTURABLE_CAP, CAPTURES_PER_POINT, CENTRE_REACH, CENTRE_STONE, CENTRE_WON,
    PENDING, TEMPO,
};

/// Support's evaluation and playout policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct SupportEval;

impl Evaluator<Support> for SupportEval {
    fn evaluate(&self, p: &Support) -> f32 {
        let mover = p.to_move();
        let threats = ByPlayer::new(p.threats(Player::Black), p.threats(Player::White));
        if let Some(holder) = p.pending_holder()
            && holder != mover
            && (p.centre_stones(holder) > CENTRE_MAJORITY || threats[mover].capturable_centre == 0)
        {
            return if holder == Player::Black {
                CENTRE_WON
            } else {
                -CENTRE_WON
            };
        }
        let side = |who: Player| {
            let t = threats[who];
            let tempo = if who == mover && t.capturable > 0 {
                TEMPO
            } else {
                0.0
            };
            let pending = if p.pending_holder() == Some(who) {
                PENDING
            } else {
                0.0
            };
            p.captures(who) as f32 / CAPTURES_PER_POINT
                + CENTRE_STONE * p.centre_stones(who) as f32
                + CENTRE_REACH * t.centre_reach as f32
                + CAPTURABLE * t.capturable.min(CAPTURABLE_CAP) as f32
                + tempo
                + pending
        };
        (side(Player::Black) - side(Player::White)).tanh()
    }
}

impl Playouts<Support> for SupportEval {
    /// When the opponent holds exactly five centre stones pending, only a decision that can
    /// still capture one of them avoids losing at once.
    fn urgent(&self, p: &Support, legal: &ActionList, urgent: &mut ActionList) {
        let holder = !p.to_move();
        if p.pending_holder() != Some(holder) || p.centre_stones(holder) != CENTRE_MAJORITY {
            return;
        }
        for &a in legal {
            if p.capture_targets(a).any(Support::is_centre) {
                urgent.push(a);
            }
        }
    }

    /// Support at short budgets is a capture race: playouts that take what they can play it
    /// more like people do than random ones, which almost never find a capture.
    fn tactical(&self, p: &Support, legal: &ActionList, out: &mut ActionList) {
        p.capturing_decisions(legal, out);
    }
}

impl ThreatProofs<Support> for SupportEval {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Setup;

    #[test]
    fn support_sees_whether_a_pending_centre_can_be_broken() {
        use crate::rules::{Action, Cell, SupportOptions};
        let at = |s: &str| {
            Support::from_setup(&Setup::parse(s).unwrap(), SupportOptions::default()).unwrap()
        };
        let cell = |s: &str| -> Cell { s.parse().unwrap() };
        // White holds d4, e4, f4, d5 and f5, pending; Black has no stone that reaches them.
        let lost = at("support 9/9/9/9/3,w,1,w,3/3,w,w,w,3/9/9/9 b 20 0 0 w");
        assert!(SupportEval.evaluate(&lost) < -0.9);
        let mut urgent = ActionList::new();
        let mut legal = ActionList::new();
        lost.legal_actions(&mut legal);
        SupportEval.urgent(&lost, &legal, &mut urgent);
        assert!(urgent.is_empty(), "nothing saves Black");
        // Black's g6 stands beside its base h7 and reaches f5: the centre can be broken, and
        // only that stone, then only f5, answers the threat.
        let saved = at("support 9/9/9/6,b,2/3,w,1,w,3/3,w,w,w,3/9/9/9 b 20 0 0 w");
        let value = SupportEval.evaluate(&saved);
        assert!(value > SupportEval.evaluate(&lost) + 0.1, "{value}");
        legal.clear();
        saved.legal_actions(&mut legal);
        assert!(legal.len() > 20);
        SupportEval.urgent(&saved, &legal, &mut urgent);
        assert_eq!(urgent.as_slice(), &[Action::Cell(cell("g6"))]);
        let mut chosen = saved.clone();
        chosen.play(Action::Cell(cell("g6")));
        legal.clear();
        urgent.clear();
        chosen.legal_actions(&mut legal);
        SupportEval.urgent(&chosen, &legal, &mut urgent);
        assert_eq!(urgent.as_slice(), &[Action::Cell(cell("f5"))]);
        // Without a pending holder nothing is urgent.
        let calm = at("support 9/9/9/6,b,2/3,w,1,w,3/3,w,w,4/9/9/9 b 20 0 0 -");
        legal.clear();
        urgent.clear();
        calm.legal_actions(&mut legal);
        SupportEval.urgent(&calm, &legal, &mut urgent);
        assert!(urgent.is_empty());
    }
}
