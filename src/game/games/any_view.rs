//! Any built game on the board: each call goes to the view of the game held.

use crate::rules::{Action, AnyGame, Cell, Player};

use crate::game::core::i18n::Tr;
use crate::game::core::view::{BoardView, MarkerKind};

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

    fn prompt(&self, tr: &Tr) -> String {
        each!(self, g => g.prompt(tr))
    }

    fn selected(&self) -> Option<Cell> {
        each!(self, g => g.selected())
    }

    fn goal<'a>(&self, tr: &'a Tr) -> &'a str {
        each!(self, g => g.goal(tr))
    }

    fn captures_line(&self, tr: &Tr, p: Player) -> String {
        each!(self, g => g.captures_line(tr, p))
    }

    fn count_verb<'a>(&self, tr: &'a Tr) -> &'a str {
        each!(self, g => g.count_verb(tr))
    }

    fn left_to_place(&self) -> usize {
        each!(self, g => g.left_to_place())
    }

    fn trail(&self) -> Vec<Cell> {
        each!(self, g => g.trail())
    }
}
