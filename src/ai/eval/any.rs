//! Any built game's knowledge behind one type, for the app and the command line: each question
//! goes to the evaluator of the game held.

use crate::ai::cash_in_hand::CashInHandEval;
use crate::ai::eval::{Evaluator, Playouts, ThreatProofs};
use crate::ai::grabber::GrabberEval;
use crate::ai::intermedium::IntermediumEval;
use crate::ai::splay::SplayEval;
use crate::ai::support::SupportEval;
use crate::rules::{Action, ActionList, AnyGame};

/// Any built game: the evaluator of the game held.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnyEval;

impl Evaluator<AnyGame> for AnyEval {
    fn evaluate(&self, position: &AnyGame) -> f32 {
        match position {
            AnyGame::CashInHand(g) => CashInHandEval.evaluate(g),
            AnyGame::Splay(g) => SplayEval.evaluate(g),
            AnyGame::Intermedium(g) => IntermediumEval.evaluate(g),
            AnyGame::Grabber(g) => GrabberEval.evaluate(g),
            AnyGame::Support(g) => SupportEval.evaluate(g),
        }
    }
}

impl Playouts<AnyGame> for AnyEval {
    fn urgent(&self, position: &AnyGame, legal: &ActionList, urgent: &mut ActionList) {
        if let AnyGame::Support(g) = position {
            SupportEval.urgent(g, legal, urgent);
        }
    }

    fn tactical(&self, position: &AnyGame, legal: &ActionList, out: &mut ActionList) {
        match position {
            AnyGame::Support(g) => SupportEval.tactical(g, legal, out),
            AnyGame::Intermedium(g) => IntermediumEval.tactical(g, legal, out),
            AnyGame::Splay(g) => SplayEval.tactical(g, legal, out),
            _ => {}
        }
    }
}

impl ThreatProofs<AnyGame> for AnyEval {
    fn wins_at_once(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.wins_at_once(g),
            _ => false,
        }
    }

    fn threatened(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.threatened(g),
            _ => false,
        }
    }

    fn only_captures_stop(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.only_captures_stop(g),
            _ => false,
        }
    }

    fn may_set_up(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.may_set_up(g),
            _ => false,
        }
    }

    fn set_up_end(&self, position: &AnyGame, end: &AnyGame) -> bool {
        match (position, end) {
            (AnyGame::Intermedium(g), AnyGame::Intermedium(e)) => IntermediumEval.set_up_end(g, e),
            _ => true,
        }
    }

    fn set_up_turn(&self, position: &AnyGame, first: Action) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.set_up_turn(g, first),
            _ => true,
        }
    }

    fn set_up_within(&self, position: &AnyGame, mid: &AnyGame) -> bool {
        match (position, mid) {
            (AnyGame::Intermedium(g), AnyGame::Intermedium(m)) => {
                IntermediumEval.set_up_within(g, m)
            }
            _ => true,
        }
    }

    fn may_be_set_up(&self, position: &AnyGame) -> bool {
        match position {
            AnyGame::Intermedium(g) => IntermediumEval.may_be_set_up(g),
            _ => false,
        }
    }
}
