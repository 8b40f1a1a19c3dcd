//! Any built game on the board: each call goes to the view of the game held.

use crate::rules::{Action, AnyGame, Cell, Player, each_game};

use crate::game::core::i18n::Tr;
use crate::game::core::view::{BoardView, Decoration, MarkerKind, TileShade};

impl BoardView for AnyGame {
    fn action_cell(&self, action: Action) -> Option<Cell> {
        each_game!(self, g => g.action_cell(action))
    }

    fn marker(&self, action: Action) -> MarkerKind {
        each_game!(self, g => g.marker(action))
    }

    fn action_path(&self, action: Action) -> Vec<Cell> {
        each_game!(self, g => g.action_path(action))
    }

    fn prompt(&self, tr: &Tr) -> String {
        each_game!(self, g => g.prompt(tr))
    }

    fn selected(&self) -> Option<Cell> {
        each_game!(self, g => g.selected())
    }

    fn goal<'a>(&self, tr: &'a Tr) -> &'a str {
        each_game!(self, g => g.goal(tr))
    }

    fn captures_line(&self, tr: &Tr, p: Player) -> String {
        each_game!(self, g => g.captures_line(tr, p))
    }

    fn count_verb<'a>(&self, tr: &'a Tr) -> &'a str {
        each_game!(self, g => g.count_verb(tr))
    }

    fn left_to_place(&self) -> usize {
        each_game!(self, g => g.left_to_place())
    }

    fn trail(&self) -> Vec<Cell> {
        each_game!(self, g => g.trail())
    }

    fn tile(&self, cell: Cell) -> TileShade {
        each_game!(self, g => g.tile(cell))
    }

    fn decorations(&self) -> Vec<Decoration> {
        each_game!(self, g => g.decorations())
    }

    fn move_words(&self, actions: &[Action], tr: &Tr) -> String {
        each_game!(self, g => g.move_words(actions, tr))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::core::view::{Decoration, TileShade};
    use crate::rules::{AnyOptions, Game, GameId};

    #[test]
    fn each_game_says_how_its_tiles_and_fixed_pieces_look() {
        let start = |id| AnyGame::start(AnyOptions::for_game(id));
        let cell = |s: &str| -> Cell { s.parse().unwrap() };
        let intermedium = start(GameId::Intermedium);
        assert_eq!(
            intermedium.decorations(),
            [
                Decoration::City(Player::Black, cell("d1")),
                Decoration::City(Player::White, cell("d10"))
            ]
        );
        assert_ne!(intermedium.tile(cell("a1")), intermedium.tile(cell("b1")));
        let support = start(GameId::Support);
        let bases = support.decorations();
        assert_eq!(bases.len(), 8);
        assert!(bases.contains(&Decoration::Base(Player::White, cell("b7"))));
        assert!(bases.contains(&Decoration::Base(Player::Black, cell("h7"))));
        assert_eq!(support.tile(cell("e5")), TileShade::Special);
        assert_eq!(support.tile(cell("e1")), TileShade::Light);
        assert_eq!(support.tile(cell("a1")), TileShade::Between(0.2));
        // Splay by reach: the edge (reach 7) light, the centre (reach 4) half way to dark.
        let splay = start(GameId::Splay);
        assert_eq!(splay.tile(cell("a1")), TileShade::Between(0.0));
        assert_eq!(splay.tile(cell("d4")), TileShade::Between(0.5));
        for id in [GameId::CashInHand, GameId::Grabber8, GameId::Splay] {
            assert!(start(id).decorations().is_empty(), "{id}");
        }
    }
}
