//! Grabber on the board: a removal or a column is chosen by its cell, a jump by its landing
//! cell, and `stop` by clicking the moving column itself (or the panel's button).

use crate::rules::{Action, Cell, Game, Grabber, Player};

use crate::game::core::i18n::Tr;
use crate::game::core::view::{BoardView, MarkerKind, TileShade, from_to_words};

impl BoardView for Grabber {
    /// A plain chequer, as in Konane, its parent game.
    fn tile(&self, cell: Cell) -> TileShade {
        if (cell.x() + cell.y()).is_multiple_of(2) {
            TileShade::Between(0.7)
        } else {
            TileShade::Light
        }
    }

    fn action_cell(&self, action: Action) -> Option<Cell> {
        match action {
            Action::Cell(c) => Some(c),
            Action::Stop => self.moving_column(),
            _ => None,
        }
    }

    fn marker(&self, action: Action) -> MarkerKind {
        match action {
            Action::Stop => MarkerKind::Stop,
            _ if self.in_turn() => MarkerKind::Step,
            _ => MarkerKind::Pick,
        }
    }

    fn prompt(&self, tr: &Tr) -> String {
        let key = match self.moving_column() {
            _ if self.removal_phase() => "prompt.grabber.removal",
            None => "prompt.grabber.choose",
            Some(_) if self.has_jumped() => "prompt.grabber.again",
            Some(_) => "prompt.grabber.jump",
        };
        tr.tf(key, &[("player", &tr.player(self.to_move()))])
    }

    fn selected(&self) -> Option<Cell> {
        self.moving_column().filter(|_| !self.has_jumped())
    }

    /// A removal (`removes d4`) or a capture (`b2 jumps to d4`, with the jumps made).
    fn move_words(&self, actions: &[Action], tr: &Tr) -> String {
        let landings = actions
            .iter()
            .filter(|a| matches!(a, Action::Cell(_)))
            .count();
        match actions.first() {
            Some(Action::Cell(cell)) if self.removal_phase() => {
                tr.tf("say.grabber.removal", &[("cell", cell)])
            }
            Some(_) if landings > 2 => format!(
                "{} {}",
                from_to_words(actions, tr),
                tr.count("say.grabber.jumps", landings - 1)
            ),
            _ => from_to_words(actions, tr),
        }
    }

    fn goal<'a>(&self, tr: &'a Tr) -> &'a str {
        tr.t("goal.grabber")
    }

    fn captures_line(&self, tr: &Tr, p: Player) -> String {
        tr.tf(
            "captures.grabber",
            &[
                ("player", &tr.player(p)),
                ("men", &tr.count("count.men", self.men_controlled(p))),
                (
                    "jumps",
                    &tr.count("count.jumps_open", self.jumps_available(p)),
                ),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, GrabberOptions, Setup, play_prefix};

    #[test]
    fn stop_is_a_click_on_the_moving_column() {
        let g = Grabber::from_setup(
            &Setup::parse("grabber 8/8/8/8/2,b,5/1,b,1,b,4/1,w,b2,5/8 w 4").unwrap(),
            GrabberOptions::default(),
        )
        .unwrap();
        let turn = play_prefix(&g, "b2-d2").unwrap();
        let now = turn.now();
        assert_eq!(now.action_cell(Action::Stop), Some("d2".parse().unwrap()));
        assert_eq!(now.marker(Action::Stop), MarkerKind::Stop);
        assert!(now.prompt(&Tr::default()).contains("stop"));
        let start = Grabber::start_on(GameId::Grabber6, GrabberOptions::default());
        assert!(start.prompt(&Tr::default()).contains("single men"));
    }
}
