//! Grabber on the board: a removal or a column is chosen by its cell, a jump by its landing
//! cell, and `stop` by clicking the moving column itself (or the panel's button).

use crate::rules::{Action, Cell, Game, Grabber, Player};

use super::view::{BoardView, MarkerKind, player_title};

impl BoardView for Grabber {
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

    fn action_path(&self, action: Action) -> Vec<Cell> {
        self.action_cell(action).into_iter().collect()
    }

    fn prompt(&self) -> String {
        let who = player_title(self.to_move());
        if self.removal_phase() {
            return format!("{who}: take one of your single men off the board (opening removal)");
        }
        match self.moving_column() {
            None => format!("{who}: choose a column of yours that can jump"),
            Some(_) if self.has_jumped() => {
                "Jump again (green), or stop: click the column or Stop here".to_string()
            }
            Some(_) => "Click a green cell to jump the enemy column between".to_string(),
        }
    }

    fn selected(&self) -> Option<Cell> {
        self.moving_column().filter(|_| !self.has_jumped())
    }

    fn goal(&self) -> &'static str {
        "Jump enemy columns, taking their top man prisoner; whoever cannot capture loses."
    }

    fn captures_line(&self, p: Player) -> String {
        format!(
            "{} owns columns holding {} men; {} jumps open",
            player_title(p),
            self.men_controlled(p),
            self.jumps_available(p)
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
        assert!(now.prompt().contains("stop"));
        let start = Grabber::start_on(GameId::Grabber6, GrabberOptions::default());
        assert!(start.prompt().contains("single men"));
    }
}
