//! Intermedium on the board: a stack is chosen by its cell, each step by the diagonal cell it
//! sows; the stones still in hand hover over the last cell entered.

use crate::rules::{Action, Cell, Game, Intermedium, Player};

use crate::game::core::i18n::Tr;
use crate::game::core::view::{BoardView, Decoration, MarkerKind, TileShade};

impl BoardView for Intermedium {
    /// Chequered by colour: each army keeps to its own cells.
    fn tile(&self, cell: Cell) -> TileShade {
        match Intermedium::cell_owner(cell) {
            Player::Black => TileShade::Dark,
            Player::White => TileShade::Light,
        }
    }

    /// The two Cities, d1 and d10.
    fn decorations(&self) -> Vec<Decoration> {
        Player::ALL
            .into_iter()
            .map(|p| Decoration::City(p, Intermedium::city_of(p)))
            .collect()
    }

    fn action_cell(&self, action: Action) -> Option<Cell> {
        match action {
            Action::Cell(c) => Some(c),
            _ => None,
        }
    }

    fn marker(&self, _action: Action) -> MarkerKind {
        if self.in_turn() {
            MarkerKind::Step
        } else {
            MarkerKind::Selectable
        }
    }

    fn prompt(&self, tr: &Tr) -> String {
        let opening = if self.opening_binds() {
            tr.t("prompt.intermedium.opening")
        } else {
            ""
        };
        match self.in_hand() {
            None => tr.tf("prompt.intermedium.choose", &[("opening", &opening)]),
            Some((_, 1)) => tr.t("prompt.intermedium.last").to_owned(),
            Some((_, n)) => tr.tf(
                "prompt.intermedium.walk",
                &[
                    ("stones", &tr.count("count.stones", n)),
                    ("opening", &opening),
                ],
            ),
        }
    }

    fn selected(&self) -> Option<Cell> {
        self.origin()
    }

    fn goal<'a>(&self, tr: &'a Tr) -> &'a str {
        tr.t("goal.intermedium")
    }

    fn captures_line(&self, tr: &Tr, p: Player) -> String {
        tr.tf(
            "captures.intermedium",
            &[
                ("player", &tr.player(p)),
                ("stones", &tr.count("count.stones", self.captured_by(p))),
                ("city", &self.city_pressure(p)),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::IntermediumOptions;

    #[test]
    fn the_prompt_follows_the_turn() {
        let mut g = Intermedium::start(IntermediumOptions::default());
        assert!(g.prompt(&Tr::default()).contains("opening"));
        g.play(Action::Cell("c4".parse().unwrap()));
        assert!(g.prompt(&Tr::default()).starts_with("4 stones in hand"));
        assert_eq!(g.selected(), Some("c4".parse().unwrap()));
        assert_eq!(
            g.marker(Action::Cell("d5".parse().unwrap())),
            MarkerKind::Step
        );
    }
}
