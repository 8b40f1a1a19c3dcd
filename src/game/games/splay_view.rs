//! Splay on the board: a step is chosen by its target cell, a splay by the cell where its
//! bottom stone lands (never adjacent, so the two never share a target).

use crate::rules::{Action, Cell, Dir, Game, Player, Splay};

use crate::game::core::i18n::Tr;
use crate::game::core::view::{BoardView, MarkerKind, TileShade, direction_words, from_to_words};

fn landing(position: &Splay, d: Dir) -> Option<Cell> {
    let origin = position.origin()?;
    let h = position.stack_height(origin) as i8;
    crate::rules::splay::GEOMETRY.offset(origin, d, h)
}

impl BoardView for Splay {
    /// Tinted by reach, ring by ring (lighter at the edge): the reach limits every stack.
    fn tile(&self, cell: Cell) -> TileShade {
        let ring = f32::from(7 - Splay::reach(cell)).min(3.0) / 3.0;
        TileShade::Between(0.5 * ring)
    }

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

    fn selected(&self) -> Option<Cell> {
        self.origin()
    }

    /// A pass, a step (`b2 to c3`) or a splay (`b2 splays north-east`).
    fn move_words(&self, actions: &[Action], tr: &Tr) -> String {
        match actions {
            [Action::Pass] => tr.t("say.splay.pass").to_owned(),
            [Action::Cell(from), Action::Dir(d)] => tr.tf(
                "say.splay.splay",
                &[("from", from), ("dir", &direction_words(tr, *d))],
            ),
            _ => from_to_words(actions, tr),
        }
    }

    fn goal<'a>(&self, tr: &'a Tr) -> &'a str {
        tr.t("goal.splay")
    }

    fn captures_line(&self, tr: &Tr, p: Player) -> String {
        tr.tf(
            "captures.splay",
            &[
                ("player", &tr.player(p)),
                ("n", &self.captured_by(p)),
                ("of", &crate::rules::splay::WINNING_CAPTURES),
            ],
        )
    }

    fn prompt(&self, tr: &Tr) -> String {
        let who = tr.player(self.to_move());
        let mut legal = crate::rules::ActionList::new();
        self.legal_actions(&mut legal);
        if legal.as_slice() == [Action::Pass] {
            return tr.tf("prompt.splay.pass", &[("player", &who)]);
        }
        let colour = tr.t(match self.to_move() {
            Player::Black => "colour.black",
            Player::White => "colour.white",
        });
        match self.origin() {
            None if self.must_splay() => tr.t("prompt.splay.forced").to_owned(),
            None => tr.tf("prompt.splay.choose", &[("colour", &colour)]),
            Some(c) if self.must_splay() => tr.tf("prompt.splay.forced_chosen", &[("cell", &c)]),
            Some(c) => tr.tf("prompt.splay.chosen", &[("cell", &c)]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Setup, SplayOptions};

    fn pos(s: &str) -> Splay {
        Splay::from_setup(&Setup::parse(s).unwrap(), SplayOptions::default()).unwrap()
    }

    #[test]
    fn splays_are_chosen_where_the_bottom_stone_lands() {
        let mut g = pos("splay 8/8/8/4,w4,3/8/5,wb,2/1,wb2,4,w,1/8 w 0 0 0");
        assert_eq!(
            g.marker(Action::Cell("e5".parse().unwrap())),
            MarkerKind::SelectableForced
        );
        g.play(Action::Cell("e5".parse().unwrap()));
        assert_eq!(
            g.action_cell(Action::Dir(Dir::S)),
            Some("e1".parse().unwrap())
        );
        assert_eq!(
            g.action_cell(Action::Dir(Dir::W)),
            Some("a5".parse().unwrap())
        );
        assert_eq!(g.marker(Action::Dir(Dir::W)), MarkerKind::SplayForced);
        assert_eq!(g.action_path(Action::Dir(Dir::W)).len(), 4);
        assert!(g.prompt(&Tr::default()).contains("Splay e5"));
    }

    #[test]
    fn the_prompt_says_when_a_player_must_pass() {
        let g = pos("splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6");
        assert_eq!(
            g.prompt(&Tr::default()),
            "Black has no legal move and must pass"
        );
        assert_eq!(g.action_cell(Action::Pass), None);
    }
}
