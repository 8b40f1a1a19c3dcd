//! Any built game on the board: each call goes to the view of the game held.

use crate::rules::{Action, AnyGame, Cell, Player};

use super::view::{BoardView, MarkerKind};

/// Calls the same view method on whichever game the value holds.
macro_rules! each {
    ($value:expr, $g:ident => $body:expr) => {
        match $value {
            AnyGame::CashInHand($g) => $body,
            AnyGame::Splay($g) => $body,
            AnyGame::Intermedium($g) => $body,
            AnyGame::Grabber($g) => $body,
            AnyGame::Support($g) => $body,
        }
    };
}

impl BoardView for AnyGame {
    fn action_cell(&self, action: Action) -> Option<Cell> {
        each!(self, g => g.action_cell(action))
    }

    fn marker(&self, action: Action) -> MarkerKind {
        each!(self, g => g.marker(action))
    }

    fn action_path(&self, action: Action) -> Vec<Cell> {
        each!(self, g => g.action_path(action))
    }

    fn prompt(&self) -> String {
        each!(self, g => g.prompt())
    }

    fn selected(&self) -> Option<Cell> {
        each!(self, g => g.selected())
    }

    fn goal(&self) -> &'static str {
        each!(self, g => g.goal())
    }

    fn captures_line(&self, p: Player) -> String {
        each!(self, g => g.captures_line(p))
    }

    fn count_verb(&self) -> &'static str {
        each!(self, g => g.count_verb())
    }

    fn left_to_place(&self) -> usize {
        each!(self, g => g.left_to_place())
    }

    fn trail(&self) -> Vec<Cell> {
        each!(self, g => g.trail())
    }
}
