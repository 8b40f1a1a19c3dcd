//! Cash In Hand on the board: an origin, each step and each placement are chosen by their cell;
//! how many stones to lift or put down by the panel's count chooser (or digits and Enter).

use crate::rules::{Action, CashInHand, Cell, Game, Player};

use crate::game::core::i18n::Tr;
use crate::game::core::view::{BoardView, MarkerKind, TileShade};

impl BoardView for CashInHand {
    /// One plain shade: the colours of the stacks tell the squares apart.
    fn tile(&self, _cell: Cell) -> TileShade {
        TileShade::Between(0.2)
    }

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

    /// A sowing: how many stones were lifted and where from (`sows 8 from c3`).
    fn move_words(&self, actions: &[Action], tr: &Tr) -> String {
        match actions {
            [Action::Cell(from), Action::Count(n), ..] => {
                tr.tf("say.cash-in-hand.sow", &[("n", n), ("from", from)])
            }
            _ => crate::game::core::view::from_to_words(actions, tr),
        }
    }

    fn prompt(&self, tr: &Tr) -> String {
        if self.taking() {
            return tr.t("prompt.cash-in-hand.lift").to_owned();
        }
        if self.dropping() {
            return tr.tf("prompt.cash-in-hand.drop", &[("n", &self.cash())]);
        }
        if self.placing() {
            let stones = tr.count("count.stones", self.left_to_place());
            return tr.tf("prompt.cash-in-hand.place", &[("stones", &stones)]);
        }
        if self.cash() > 0 {
            return tr.tf("prompt.cash-in-hand.walk", &[("n", &self.cash())]);
        }
        tr.tf(
            "prompt.cash-in-hand.choose",
            &[("player", &tr.player(self.to_move()))],
        )
    }

    fn selected(&self) -> Option<Cell> {
        self.origin()
    }

    fn goal<'a>(&self, tr: &'a Tr) -> &'a str {
        tr.t("guide.cash-in-hand.line")
    }

    fn captures_line(&self, tr: &Tr, p: Player) -> String {
        tr.tf(
            "captures.cash-in-hand",
            &[("player", &tr.player(p)), ("n", &self.stones(p))],
        )
    }

    fn count_verb<'a>(&self, tr: &'a Tr) -> &'a str {
        tr.t(if self.taking() {
            "count.lift"
        } else {
            "count.put_down"
        })
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
        assert!(turn.now().prompt(&Tr::default()).starts_with("8 in hand"));
        assert_eq!(turn.now().count_verb(&Tr::default()), "Put down");
        let turn = play_prefix(&g, "c3:8 d4:3 e5:1 f4:4 (:d3 e4)").unwrap();
        assert!(turn.now().prompt(&Tr::default()).contains("Place 5"));
        assert_eq!(
            turn.now().marker(Action::Cell("g6".parse().unwrap())),
            MarkerKind::Place
        );
        assert_eq!(turn.now().trail().len(), 4);
    }
}
