//! Intermedium on the board: a stack is chosen by its cell, each step by the diagonal cell it
//! sows; the stones still in hand hover over the last cell entered.

use crate::rules::{Action, Cell, Game, Intermedium, Player};

use super::view::{BoardView, MarkerKind, player_title};

impl BoardView for Intermedium {
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

    fn action_path(&self, action: Action) -> Vec<Cell> {
        self.action_cell(action).into_iter().collect()
    }

    fn prompt(&self) -> String {
        let opening = if self.opening_binds() {
            " (opening: end on a rank further forward, and sow at least one empty cell)"
        } else {
            ""
        };
        match self.in_hand() {
            None => format!("Choose one of your stacks of two or more{opening}"),
            Some((_, 1)) => {
                "Last stone: on a single stone it captures enemy stacks it closes in".to_string()
            }
            Some((_, n)) => format!("{n} stones in hand: click a green diagonal cell{opening}"),
        }
    }

    fn selected(&self) -> Option<Cell> {
        self.origin()
    }

    fn goal(&self) -> &'static str {
        "Sow your stacks diagonally; close in enemy stacks or the enemy City to win."
    }

    fn captures_line(&self, p: Player) -> String {
        format!(
            "{} has taken {} stones; holds {} of 3 around the enemy City",
            player_title(p),
            self.captured_by(p),
            self.city_pressure(p)
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
        assert!(g.prompt().contains("opening"));
        g.play(Action::Cell("c4".parse().unwrap()));
        assert!(g.prompt().starts_with("4 stones in hand"));
        assert_eq!(g.selected(), Some("c4".parse().unwrap()));
        assert_eq!(
            g.marker(Action::Cell("d5".parse().unwrap())),
            MarkerKind::Step
        );
    }
}
