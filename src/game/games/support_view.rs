//! Support on the board: an insertion or a stone is chosen by its cell; a push by an arrow
//! between the chosen edge stone and its neighbour (the chain's new cells dotted); a support move
//! by its destination cell.

use crate::rules::{Action, Cell, Game, Player, Support, support::GEOMETRY};

use crate::game::core::i18n::Tr;
use crate::game::core::view::{
    BoardView, Decoration, MarkerKind, TileShade, direction_words, from_to_words,
};

impl BoardView for Support {
    /// The centre singled out, the insertion cells light, the rest a little darker.
    fn tile(&self, cell: Cell) -> TileShade {
        if Support::is_centre(cell) {
            TileShade::Special
        } else if Support::is_insertion_cell(cell) {
            TileShade::Light
        } else {
            TileShade::Between(0.2)
        }
    }

    /// The eight bases, four a side.
    fn decorations(&self) -> Vec<Decoration> {
        Player::ALL
            .into_iter()
            .flat_map(|p| {
                Support::bases(p)
                    .into_iter()
                    .map(move |c| Decoration::Base(p, c))
            })
            .collect()
    }

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

    /// An insertion (`enters at e1`), one that pushes (`enters at e1, pushing north`), or a
    /// move (`c6 to a8`).
    fn move_words(&self, actions: &[Action], tr: &Tr) -> String {
        match actions {
            [Action::Cell(cell)] => tr.tf("say.support.insert", &[("cell", cell)]),
            [Action::Cell(cell), Action::Dir(d)] => tr.tf(
                "say.support.push",
                &[("cell", cell), ("dir", &direction_words(tr, *d))],
            ),
            _ => from_to_words(actions, tr),
        }
    }

    fn action_path(&self, action: Action) -> Vec<Cell> {
        match action {
            Action::Dir(d) => self.push_preview(d),
            other => self.action_cell(other).into_iter().collect(),
        }
    }

    fn prompt(&self, tr: &Tr) -> String {
        let key = match self.chosen() {
            None => "prompt.support.choose",
            Some(c) if Support::is_insertion_cell(c) => "prompt.support.edge",
            Some(_) => "prompt.support.move",
        };
        let cell = self.chosen().map(|c| c.to_string()).unwrap_or_default();
        tr.tf(
            key,
            &[("player", &tr.player(self.to_move())), ("cell", &cell)],
        )
    }

    fn selected(&self) -> Option<Cell> {
        self.chosen()
    }

    fn goal<'a>(&self, tr: &'a Tr) -> &'a str {
        tr.t("goal.support")
    }

    fn captures_line(&self, tr: &Tr, p: Player) -> String {
        let mut line = tr.tf(
            "captures.support",
            &[
                ("player", &tr.player(p)),
                ("n", &self.captures(p)),
                ("centre", &self.centre_stones(p)),
            ],
        );
        if self.pending_holder() == Some(p) && self.outcome().is_none() {
            line.push('\n');
            line.push_str(&tr.tf(
                "captures.support.hold",
                &[("player", &tr.player(p)), ("other", &tr.player(!p))],
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
