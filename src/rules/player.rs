//! The two players (and stone colours), and a table indexed by player.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

use serde::{Deserialize, Serialize};

/// A player, which is also the colour of that player's stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// Black: `b` in position strings.
    Black = 0,
    /// White: `w` in position strings.
    White = 1,
}

impl Player {
    /// Both players, Black first.
    pub const ALL: [Player; 2] = [Player::Black, Player::White];

    /// The letter of this colour in position strings: `b` or `w`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Player::Black => 'b',
            Player::White => 'w',
        }
    }

    /// Reads a colour letter (lower case only, as position strings are written).
    #[must_use]
    pub const fn from_letter(c: char) -> Option<Player> {
        match c {
            'b' => Some(Player::Black),
            'w' => Some(Player::White),
            _ => None,
        }
    }

    /// The word used in options and in the interface: `black` or `white`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Player::Black => "black",
            Player::White => "white",
        }
    }

    /// Reads `black` or `white`.
    #[must_use]
    pub fn from_name(s: &str) -> Option<Player> {
        match s {
            "black" => Some(Player::Black),
            "white" => Some(Player::White),
            _ => None,
        }
    }

    /// 0 for Black, 1 for White.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl Not for Player {
    type Output = Player;
    fn not(self) -> Player {
        match self {
            Player::Black => Player::White,
            Player::White => Player::Black,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ByPlayer<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByPlayer<T> {
    /// A table from its two values.
    pub const fn new(black: T, white: T) -> Self {
        ByPlayer { black, white }
    }
}

impl<T> Index<Player> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: Player) -> &T {
        match p {
            Player::Black => &self.black,
            Player::White => &self.white,
        }
    }
}

impl<T> IndexMut<Player> for ByPlayer<T> {
    fn index_mut(&mut self, p: Player) -> &mut T {
        match p {
            Player::Black => &mut self.black,
            Player::White => &mut self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_and_names_round_trip() {
        for p in Player::ALL {
            assert_eq!(Player::from_letter(p.letter()), Some(p));
            assert_eq!(Player::from_name(p.name()), Some(p));
            assert_eq!(!!p, p);
            assert_ne!(!p, p);
        }
        assert_eq!(Player::from_letter('B'), None);
        assert_eq!(Player::from_name("red"), None);
    }

    #[test]
    fn by_player_indexes_each_side() {
        let mut t = ByPlayer::new(1, 2);
        t[Player::White] += 10;
        assert_eq!((t[Player::Black], t[Player::White]), (1, 12));
    }
}
