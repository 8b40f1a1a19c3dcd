//! Splay on the board: a step is chosen by its target cell, a splay by the cell where its
//! bottom stone lands (never adjacent, so the two never share a target).

use crate::rules::{Action, Cell, Dir, Game, Splay};

use super::view::{BoardView, MarkerKind};

fn landing(position: &Splay, d: Dir) -> Option<Cell> {
    let origin = position.origin()?;
    let h = position.stack_height(origin) as i8;
    crate::rules::splay::GEOMETRY.offset(origin, d, h)
}

impl BoardView for Splay {
    fn action_cell(&self, action: Action) -> Option<Cell> {
        match action {
            Action::Cell(c) => Some(c),
            Action::Dir(d) => landing(self, d),
            _ => None,
        }
    }

    fn marker(&self, action: Action) -> MarkerKind {
        let forced = self.must_splay();
        match (self.in_turn(), action) {
            (false, _) if forced => MarkerKind::SelectableForced,
            (false, _) => MarkerKind::Selectable,
            (true, Action::Dir(_)) if forced => MarkerKind::SplayForced,
            (true, Action::Dir(_)) => MarkerKind::Splay,
            _ => MarkerKind::Step,
        }
    }

    fn action_path(&self, action: Action) -> Vec<Cell> {
        let Some(origin) = self.origin() else {
            return Vec::new();
        };
        match action {
            Action::Cell(c) => vec![c],
            Action::Dir(d) => {
                let h = self.stack_height(origin) as i8;
                (1..=h)
                    .filter_map(|k| crate::rules::splay::GEOMETRY.offset(origin, d, k))
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    fn prompt(&self) -> String {
        let who = self.to_move();
        match self.origin() {
            None if self.must_splay() => {
                "A stack of yours is as tall as its cell allows: splay one of the orange ones"
                    .to_string()
            }
            None => format!("Choose a stack with a {who} stone on top"),
            Some(c) if self.must_splay() => {
                format!("Splay {c}: click where its bottom stone should land (orange)")
            }
            Some(c) => format!(
                "Move {c}: green steps one cell; blue splays, clicked where the bottom stone lands"
            ),
        }
    }
}
