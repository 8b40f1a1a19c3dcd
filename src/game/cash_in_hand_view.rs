//! Cash In Hand on the board: an origin, each step and each placement are chosen by their cell;
//! how many stones to lift or put down by the panel's count chooser (or digits and Enter).

use crate::rules::{Action, CashInHand, Cell, Game, Player};

use super::view::{BoardView, MarkerKind, player_title};

impl BoardView for CashInHand {
    fn action_cell(&self, action: Action) -> Option<Cell> {
        match action {
            Action::Cell(c) => Some(c),
            _ => None,
        }
    }

    fn marker(&self, _action: Action) -> MarkerKind {
        if self.placing() {
            MarkerKind::Place
        } else if self.in_turn() {
            MarkerKind::Step
        } else {
            MarkerKind::Selectable
        }
    }

    fn action_path(&self, action: Action) -> Vec<Cell> {
        self.action_cell(action).into_iter().collect()
    }

    fn prompt(&self) -> String {
        let who = player_title(self.to_move());
        if self.taking() {
            return "How many stones to lift? Choose below (or type digits and Enter)".to_string();
        }
        if self.dropping() {
            return format!(
                "{} in hand: how many to put down here? Choose below (digits and Enter)",
                self.cash()
            );
        }
        if self.placing() {
            return format!(
                "Captured! Place {} stone(s) back, one click each, on ringed stacks (in board order: a1, b1 … h8)",
                self.left_to_place()
            );
        }
        if self.cash() > 0 {
            return format!("{} in hand: click a green diagonal cell", self.cash());
        }
        format!("{who}: choose one of your stacks to lift stones from")
    }

    fn selected(&self) -> Option<Cell> {
        self.origin()
    }

    fn goal(&self) -> &'static str {
        "Sow stones along diagonal paths; hem in and outweigh enemy stacks to capture them."
    }

    fn captures_line(&self, p: Player) -> String {
        format!(
            "{} has {} of the 128 stones",
            player_title(p),
            self.stones(p)
        )
    }

    fn count_verb(&self) -> &'static str {
        if self.taking() { "Lift" } else { "Put down" }
    }

    fn left_to_place(&self) -> usize {
        CashInHand::left_to_place(self)
    }

    fn trail(&self) -> Vec<Cell> {
        self.origin().into_iter().chain(self.path()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{CashInHandOptions, Setup, play_prefix};

    #[test]
    fn the_prompt_and_markers_follow_the_turn() {
        let g = CashInHand::from_setup(
            &Setup::parse("cash-in-hand 8/6,b,1/6,w,1/8/4,w3,3/2,b14,w2,b2,3/3,b3,w3,3/8 b 30")
                .unwrap(),
            CashInHandOptions::default(),
        )
        .unwrap();
        let turn = play_prefix(&g, "c3:8 d4").unwrap();
        assert!(turn.now().prompt().starts_with("8 in hand"));
        assert_eq!(turn.now().count_verb(), "Put down");
        let turn = play_prefix(&g, "c3:8 d4:3 e5:1 f4:4 (:d3 e4)").unwrap();
        assert!(turn.now().prompt().contains("Place 5"));
        assert_eq!(
            turn.now().marker(Action::Cell("g6".parse().unwrap())),
            MarkerKind::Place
        );
        assert_eq!(turn.now().trail().len(), 4);
    }
}
