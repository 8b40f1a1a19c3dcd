//! Editing an unchecked [`Setup`], as the position editor does: a brush on a cell, the fields
//! after the ply by kind, a cleared board. Whether the result is a position of the game is the
//! game's own `from_setup` to say.

use super::cell::Cell;
use super::game_id::GameId;
use super::player::Player;
use super::setup::Setup;
use super::stack::{MAX_STACK, Stack};

/// What a click on a cell does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Brush {
    /// Put a stone of this colour on top.
    Add(Player),
    /// Take the top stone off.
    #[default]
    TakeTop,
    /// Empty the cell.
    Clear,
}

impl Brush {
    /// The brushes in the order the editor offers them.
    pub const ALL: [Brush; 4] = [
        Brush::Add(Player::Black),
        Brush::Add(Player::White),
        Brush::TakeTop,
        Brush::Clear,
    ];
}

/// One field after the ply, by what it means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExtraField {
    /// The stones this player has captured (a count).
    Captured(Player),
    /// Support's pending centre holder: nobody, or a player.
    CentreHolder,
    /// Intermedium's `city`: the last move took the enemy City.
    CityTaken,
}

impl ExtraField {
    /// The fields a game's position string holds after the ply, in their order.
    #[must_use]
    pub fn of(game: GameId) -> &'static [ExtraField] {
        match game {
            GameId::Support => &[
                ExtraField::Captured(Player::White),
                ExtraField::Captured(Player::Black),
                ExtraField::CentreHolder,
            ],
            GameId::Splay => &[
                ExtraField::Captured(Player::White),
                ExtraField::Captured(Player::Black),
            ],
            GameId::Intermedium => &[ExtraField::CityTaken],
            _ => &[],
        }
    }

    /// The field's value on a cleared board.
    fn blank(self) -> Option<&'static str> {
        match self {
            ExtraField::Captured(_) => Some("0"),
            ExtraField::CentreHolder => Some("-"),
            ExtraField::CityTaken => None,
        }
    }
}

impl Setup {
    /// An empty board of the game, Black to move at ply 0, nothing captured.
    #[must_use]
    pub fn blank(game: GameId) -> Setup {
        let mut s = Setup::empty(game);
        s.extras = ExtraField::of(game)
            .iter()
            .filter_map(|f| f.blank().map(str::to_owned))
            .collect();
        s
    }

    /// Uses the brush on a cell (on the board); whether the cell changed.
    pub fn paint(&mut self, cell: Cell, brush: Brush) -> bool {
        if !self.game.geometry().contains(cell) {
            return false;
        }
        let before = self.stack(cell);
        let mut after = before;
        match brush {
            Brush::Add(p) if after.len() < MAX_STACK => after.push(p),
            Brush::Add(_) => {}
            Brush::TakeTop => {
                after.pop();
            }
            Brush::Clear => after = Stack::EMPTY,
        }
        self.set(cell, after);
        after != before
    }

    /// The index in `extras` of a field of this game, if it is written.
    fn extra_index(&self, field: ExtraField) -> Option<usize> {
        let i = ExtraField::of(self.game).iter().position(|f| *f == field)?;
        (i < self.extras.len()).then_some(i)
    }

    /// A count field's value (0 when it is unreadable or the game has none).
    #[must_use]
    pub fn extra_count(&self, field: ExtraField) -> u32 {
        self.extra_index(field)
            .and_then(|i| self.extras[i].parse().ok())
            .unwrap_or(0)
    }

    /// Sets a count field (the game must have it).
    pub fn set_extra_count(&mut self, field: ExtraField, n: u32) {
        if let Some(i) = self.extra_index(field) {
            self.extras[i] = n.to_string();
        }
    }

    /// Support's pending centre holder.
    #[must_use]
    pub fn centre_holder(&self) -> Option<Player> {
        let i = self.extra_index(ExtraField::CentreHolder)?;
        match self.extras[i].as_str() {
            "b" => Some(Player::Black),
            "w" => Some(Player::White),
            _ => None,
        }
    }

    /// Sets Support's pending centre holder.
    pub fn set_centre_holder(&mut self, holder: Option<Player>) {
        if let Some(i) = self.extra_index(ExtraField::CentreHolder) {
            self.extras[i] = holder.map_or("-".to_owned(), |p| p.letter().to_string());
        }
    }

    /// Whether Intermedium's `city` field is written.
    #[must_use]
    pub fn city_taken(&self) -> bool {
        self.extra_index(ExtraField::CityTaken).is_some()
    }

    /// Writes or drops Intermedium's `city` field.
    pub fn set_city_taken(&mut self, taken: bool) {
        if ExtraField::of(self.game).contains(&ExtraField::CityTaken) {
            self.extras = if taken {
                vec!["city".to_owned()]
            } else {
                Vec::new()
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{AnyGame, AnyOptions, Game};

    fn cell(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn blank_boards_are_positions_of_their_game_apart_from_the_board() {
        for game in GameId::ALL {
            let s = Setup::blank(game);
            // Reparsing checks the field count of each game.
            assert_eq!(Setup::parse(&s.to_string()).unwrap(), s, "{game}");
        }
    }

    #[test]
    fn brushes_add_take_and_clear() {
        let mut s = Setup::blank(GameId::Splay);
        assert!(s.paint(cell("c3"), Brush::Add(Player::White)));
        assert!(s.paint(cell("c3"), Brush::Add(Player::Black)));
        assert_eq!(s.stack(cell("c3")).to_string(), "wb");
        assert!(s.paint(cell("c3"), Brush::TakeTop));
        assert_eq!(s.stack(cell("c3")).to_string(), "w");
        assert!(s.paint(cell("c3"), Brush::Clear));
        assert!(!s.paint(cell("c3"), Brush::Clear), "nothing left to clear");
        assert!(
            !s.paint(Cell::new(9, 9), Brush::Add(Player::Black)),
            "off the board"
        );
    }

    #[test]
    fn the_fields_after_the_ply_are_edited_by_kind() {
        let mut s = Setup::blank(GameId::Support);
        s.set_extra_count(ExtraField::Captured(Player::Black), 4);
        s.set_centre_holder(Some(Player::White));
        assert_eq!(s.extras, ["0", "4", "w"]);
        assert_eq!(s.extra_count(ExtraField::Captured(Player::Black)), 4);
        assert_eq!(s.centre_holder(), Some(Player::White));
        let mut i = Setup::blank(GameId::Intermedium);
        i.set_city_taken(true);
        assert!(i.to_string().ends_with(" city"));
        i.set_city_taken(false);
        assert!(!i.city_taken());
    }

    #[test]
    fn an_edited_start_position_is_checked_by_the_game() {
        let options = AnyOptions::for_game(GameId::Splay);
        let mut s = AnyGame::start(options).to_setup();
        assert!(AnyGame::from_setup(&s, options).is_ok());
        for _ in 0..40 {
            s.paint(cell("d4"), Brush::Add(Player::Black));
        }
        let err = AnyGame::from_setup(&s, options).unwrap_err().to_string();
        assert!(err.contains("d4"), "{err}");
    }
}
