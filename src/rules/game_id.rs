//! The games by their ids in position strings (`splay`, `grabber-6`, …).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::cell::Geometry;

/// A game and board size, as the first field of a position string names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum GameId {
    /// Cash In Hand, 8x8.
    CashInHand,
    /// Intermedium, 7 files by 10 ranks.
    Intermedium,
    /// Grabber on 6x6 (`grabber-6`).
    Grabber6,
    /// Grabber on 8x8 (`grabber`).
    Grabber8,
    /// Grabber on 10x10 (`grabber-10`).
    Grabber10,
    /// Support, 9x9.
    Support,
    /// Splay, 8x8.
    Splay,
}

impl GameId {
    /// Every id, in the order the menus show the games.
    pub const ALL: [GameId; 7] = [
        GameId::CashInHand,
        GameId::Intermedium,
        GameId::Grabber8,
        GameId::Grabber6,
        GameId::Grabber10,
        GameId::Support,
        GameId::Splay,
    ];

    /// Grabber's boards, smallest first.
    pub const GRABBER_BOARDS: [GameId; 3] = [GameId::Grabber6, GameId::Grabber8, GameId::Grabber10];

    /// Whether this is Grabber, on any board.
    #[must_use]
    pub const fn is_grabber(self) -> bool {
        matches!(
            self,
            GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10
        )
    }

    /// The game whose card stands for this one: Grabber's 8x8 board for every Grabber board.
    #[must_use]
    pub const fn card(self) -> GameId {
        if self.is_grabber() {
            GameId::Grabber8
        } else {
            self
        }
    }

    /// The id as written in position strings and on the command line.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            GameId::CashInHand => "cash-in-hand",
            GameId::Intermedium => "intermedium",
            GameId::Grabber6 => "grabber-6",
            GameId::Grabber8 => "grabber",
            GameId::Grabber10 => "grabber-10",
            GameId::Support => "support",
            GameId::Splay => "splay",
        }
    }

    /// The game's name for people.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            GameId::CashInHand => "Cash In Hand",
            GameId::Intermedium => "Intermedium",
            GameId::Grabber6 | GameId::Grabber8 | GameId::Grabber10 => "Grabber",
            GameId::Support => "Support",
            GameId::Splay => "Splay",
        }
    }

    /// The board.
    #[must_use]
    pub const fn geometry(self) -> Geometry {
        match self {
            GameId::CashInHand | GameId::Grabber8 | GameId::Splay => Geometry::new(8, 8),
            GameId::Intermedium => Geometry::new(7, 10),
            GameId::Grabber6 => Geometry::new(6, 6),
            GameId::Grabber10 => Geometry::new(10, 10),
            GameId::Support => Geometry::new(9, 9),
        }
    }

    /// The names of the fields after the ply, and how many may be left out at the end.
    #[must_use]
    pub const fn extra_fields(self) -> (&'static [&'static str], usize) {
        match self {
            GameId::Support => (
                &[
                    "stones captured by white",
                    "stones captured by black",
                    "pending centre holder",
                ],
                0,
            ),
            GameId::Splay => (&["stones captured by white", "stones captured by black"], 0),
            GameId::Intermedium => (&["city"], 1),
            _ => (&[], 0),
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game id that names no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game '{}' (the games are:", self.0)?;
        for g in GameId::ALL {
            write!(f, " {}", g.id())?;
        }
        f.write_str(")")
    }
}

impl std::error::Error for UnknownGame {}

impl FromStr for GameId {
    type Err = UnknownGame;
    fn from_str(s: &str) -> Result<GameId, UnknownGame> {
        GameId::ALL
            .into_iter()
            .find(|g| g.id() == s)
            .ok_or_else(|| UnknownGame(s.to_string()))
    }
}

impl From<GameId> for String {
    fn from(g: GameId) -> String {
        g.id().to_string()
    }
}

impl TryFrom<String> for GameId {
    type Error = UnknownGame;
    fn try_from(s: String) -> Result<GameId, UnknownGame> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknowns_are_named() {
        for g in GameId::ALL {
            assert_eq!(g.id().parse::<GameId>(), Ok(g));
        }
        assert!("grabber-8".parse::<GameId>().is_err());
        let err = "chess".parse::<GameId>().unwrap_err().to_string();
        assert!(err.contains("'chess'") && err.contains("splay"), "{err}");
    }
}
