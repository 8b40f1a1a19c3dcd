//! Splay on the board: a step is chosen by its target cell, a splay by the cell where its
//! bottom stone lands (never adjacent, so the two never share a target).

use crate::rules::{Action, Cell, Dir, Game, Player, Splay};

use super::view::{BoardView, MarkerKind, player_title};

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

    fn selected(&self) -> Option<Cell> {
        self.origin()
    }

    fn goal(&self) -> &'static str {
        "Step or splay your stacks; capture 9 enemy stones on your back rank."
    }

    fn captures_line(&self, p: Player) -> String {
        format!(
            "{} has captured {} of {}",
            player_title(p),
            self.captured_by(p),
            crate::rules::splay::WINNING_CAPTURES
        )
    }

    fn prompt(&self) -> String {
        let who = player_title(self.to_move());
        let colour = self.to_move();
        let mut legal = crate::rules::ActionList::new();
        self.legal_actions(&mut legal);
        if legal.as_slice() == [Action::Pass] {
            return format!("{who} has no legal move and must pass");
        }
        match self.origin() {
            None if self.must_splay() => {
                "A stack of yours is as tall as its cell allows: splay one of the orange ones"
                    .to_string()
            }
            None => format!("Choose a stack with a {colour} stone on top"),
            Some(c) if self.must_splay() => {
                format!("Splay {c}: click where its bottom stone should land (orange)")
            }
            Some(c) => format!(
                "Move {c}: green steps one cell; blue splays, clicked where the bottom stone lands"
            ),
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
        assert!(g.prompt().contains("Splay e5"));
    }

    #[test]
    fn the_prompt_says_when_a_player_must_pass() {
        let g = pos("splay 8/8/8/w,7/w2b5,2,w4,4/w,7/8/8 b 100 5 6");
        assert_eq!(g.prompt(), "Black has no legal move and must pass");
        assert_eq!(g.action_cell(Action::Pass), None);
    }
}
