//! The line the search expects: from the root, each side's best decision in turn (its
//! principal variation), read off the tree after a search, for analysis and the best line
//! shown on the board.

use crate::rules::{Action, Game};

use super::Search;

/// Playouts below which a node's best child is a guess rather than what the search found.
const LEAST_VISITS: u32 = 2;

impl<G: Game> Search<G> {
    /// The decisions the search expects from the root on, at most `max`: at each node its best
    /// child (the quickest proven win, else the most visited that is not a proven loss), while
    /// that child is proven or has been visited at least twice. Empty before any search.
    #[must_use]
    pub fn principal_line(&self, max: usize) -> Vec<Action> {
        let mut line = Vec::new();
        let mut n = 0;
        while line.len() < max {
            let Some(c) = self.best_child(n) else {
                break;
            };
            let node = self.nodes[c];
            if node.proof.is_none() && node.visits < LEAST_VISITS {
                break;
            }
            let Some(action) = node.action else {
                break;
            };
            line.push(action);
            n = c;
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use crate::ai::Level;
    use crate::ai::eval::AnyEval;
    use crate::rules::{AnyGame, GameId, Turn};

    use super::*;

    #[test]
    fn the_line_starts_with_the_decision_chosen_and_is_legal_throughout() {
        for id in [GameId::Splay, GameId::CashInHand, GameId::Support] {
            let start = AnyGame::start_with(id, []).unwrap();
            let mut search = Search::new(start.clone(), 7);
            let settings = crate::ai::Settings {
                iterations: 2_000,
                mistake: 0.0,
                ..Level::Casual.settings(std::time::Duration::from_secs(3))
            };
            assert!(search.principal_line(8).is_empty(), "{id}: before a search");
            let report = search.run(&AnyEval, &settings, None).unwrap();
            let line = search.principal_line(8);
            assert_eq!(line.first(), Some(&report.action), "{id}");
            let mut turn = Turn::new(start);
            for &a in &line {
                if turn.is_complete() {
                    turn = Turn::new(turn.now().clone());
                }
                assert!(turn.play(a).is_ok(), "{id}: {a:?} in {line:?}");
            }
        }
    }
}
