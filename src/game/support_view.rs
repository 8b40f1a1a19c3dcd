//! Support on the board: an insertion or a stone is chosen by its cell; a push by an arrow
//! between the chosen edge stone and its neighbour (the chain's new cells dotted); a support move
//! by its destination cell.

use crate::rules::{Action, Cell, Game, Player, Support, support::GEOMETRY};

use super::view::{BoardView, MarkerKind, player_title};

impl BoardView for Support {
    fn action_cell(&self, action: Action) -> Option<Cell> {
        match action {
            Action::Cell(c) => Some(c),
            Action::Dir(d) => GEOMETRY.neighbour(self.chosen()?, d),
            _ => None,
        }
    }

    fn marker(&self, action: Action) -> MarkerKind {
        match action {
            Action::Dir(_) => MarkerKind::Push,
            Action::Cell(_) if self.in_turn() => MarkerKind::Step,
            Action::Cell(c) if self.stack(c).is_empty() => MarkerKind::Insert,
            _ => MarkerKind::Selectable,
        }
    }

    fn action_path(&self, action: Action) -> Vec<Cell> {
        match action {
            Action::Dir(d) => self.push_preview(d),
            other => self.action_cell(other).into_iter().collect(),
        }
    }

    fn prompt(&self) -> String {
        let who = player_title(self.to_move());
        match self.chosen() {
            None => format!(
                "{who}: insert on an edge cell (small rings), or choose one of your stones \
                 (an edge stone to push, a stone next to your base to move)"
            ),
            Some(c) if Support::is_insertion_cell(c) => format!(
                "{c}: click an arrow to insert and push, or a green cell to move the stone there"
            ),
            Some(c) => format!("{c}: click a green cell to move the stone there"),
        }
    }

    fn selected(&self) -> Option<Cell> {
        self.chosen()
    }

    fn goal(&self) -> &'static str {
        "Insert and push from the edge, move along your bases' groups; capture 18 stones, or hold \
         five centre cells through a reply."
    }

    fn captures_line(&self, p: Player) -> String {
        let mut line = format!(
            "{} has captured {} of 18; {} on the centre",
            player_title(p),
            self.captures(p),
            self.centre_stones(p)
        );
        if self.pending_holder() == Some(p) && self.outcome().is_none() {
            line.push_str(&format!(
                "\n{} holds the centre: {} must break it now",
                player_title(p),
                player_title(!p)
            ));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Dir, Setup, SupportOptions, play_prefix};

    #[test]
    fn a_push_is_an_arrow_with_the_chain_previewed() {
        let g = Support::from_setup(
            &Setup::parse("support 9/9/9/9/9/9/4,w,4/4,b,4/4,b,4 b 11 0 0 -").unwrap(),
            SupportOptions::default(),
        )
        .unwrap();
        let turn = play_prefix(&g, "e1").unwrap();
        let now = turn.now();
        assert_eq!(now.marker(Action::Dir(Dir::N)), MarkerKind::Push);
        assert_eq!(
            now.action_cell(Action::Dir(Dir::N)),
            Some("e2".parse().unwrap())
        );
        let path: Vec<String> = now
            .action_path(Action::Dir(Dir::N))
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(path, ["e2", "e3"]);
        assert_eq!(
            g.marker(Action::Cell("a5".parse().unwrap())),
            MarkerKind::Insert
        );
    }
}
