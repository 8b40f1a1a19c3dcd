//! Who sits at each side of the board: a person, or the computer at a level; and the
//! computer's time and pace.

use std::time::Duration;

use bevy::prelude::*;

use crate::ai::Level;
use crate::rules::Player;

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Seat {
    /// A person at the screen.
    #[default]
    Human,
    /// The computer, at a level.
    Computer(Level),
}

/// The two seats, and the computer's time per turn at Master level.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct Seats {
    /// Black's seat.
    pub black: Seat,
    /// White's seat.
    pub white: Seat,
    /// Master's thinking time per turn.
    pub master_time: Duration,
    /// Pause before each of the computer's decisions, so people can follow.
    pub pace: Duration,
}

impl Default for Seats {
    fn default() -> Self {
        Seats {
            black: Seat::Human,
            white: Seat::Human,
            master_time: Duration::from_secs(3),
            pace: Duration::from_millis(450),
        }
    }
}

impl Seats {
    /// The seat of a player.
    #[must_use]
    pub fn of(&self, p: Player) -> Seat {
        match p {
            Player::Black => self.black,
            Player::White => self.white,
        }
    }
}
