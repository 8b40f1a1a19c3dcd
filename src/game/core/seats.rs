//! Who sits at each side of the board: a person, or the computer at a level; and the
//! computer's time and pace.

use std::time::Duration;

use bevy::prelude::*;

use crate::ai::Level;
use crate::rules::Player;

pub use crate::files::settings::Coaching;

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
    /// The threads Strong and Master search on (0: every core but one, at least one).
    pub threads: usize,
    /// Each seat's coach, Black's then White's (it only ever coaches a person).
    pub coach: [Coaching; 2],
}

impl Seats {
    /// The threads a search at `level` uses: Strong and Master the chosen number, or every core
    /// but one (at least one); Beginner and Casual, whose budgets are a few thousand playouts,
    /// one.
    #[must_use]
    pub fn threads_for(&self, level: crate::ai::Level) -> usize {
        match level {
            crate::ai::Level::Strong | crate::ai::Level::Master => match self.threads {
                0 => automatic_threads(),
                n => n,
            },
            _ => 1,
        }
    }
}

/// Every core but one, at least one.
#[must_use]
pub fn automatic_threads() -> usize {
    crate::platform::compute::cores().saturating_sub(1).max(1)
}

impl Default for Seats {
    fn default() -> Self {
        Seats {
            black: Seat::Human,
            white: Seat::Human,
            master_time: Duration::from_secs(3),
            pace: Duration::from_millis(450),
            threads: 0,
            coach: [Coaching::Auto; 2],
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

    /// Whether the coach watches `p`'s turns: a person's, with the coach on, or left to itself
    /// and playing the computer at Beginner or Casual; in a kiosk (`kiosk_coach` is its
    /// profile's word) only where the profile asks, against the computer.
    #[must_use]
    pub fn coached(&self, p: Player, kiosk_coach: Option<bool>) -> bool {
        if self.of(p) != Seat::Human {
            return false;
        }
        let against_the_computer = matches!(self.of(!p), Seat::Computer(_));
        let against_a_learner =
            matches!(self.of(!p), Seat::Computer(Level::Beginner | Level::Casual));
        match (kiosk_coach, self.coach[p.index()]) {
            (Some(asked), _) => asked && against_the_computer,
            (None, Coaching::On) => true,
            (None, Coaching::Off) => false,
            (None, Coaching::Auto) => against_a_learner,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn strong_and_master_think_on_the_threads_chosen_or_every_core_but_one() {
        let mut seats = Seats::default();
        let auto = automatic_threads();
        assert!(auto >= 1);
        assert_eq!(seats.threads_for(Level::Master), auto);
        assert_eq!(seats.threads_for(Level::Strong), auto);
        seats.threads = 3;
        assert_eq!(seats.threads_for(Level::Master), 3);
        assert_eq!(seats.threads_for(Level::Beginner), 1);
        assert_eq!(seats.threads_for(Level::Casual), 1);
    }

    #[test]
    fn the_coach_watches_people_against_the_easy_levels_unless_told() {
        let against = |level| Seats {
            white: Seat::Computer(level),
            ..Seats::default()
        };
        assert!(against(Level::Beginner).coached(Player::Black, None));
        assert!(against(Level::Casual).coached(Player::Black, None));
        assert!(!against(Level::Strong).coached(Player::Black, None));
        assert!(
            !against(Level::Casual).coached(Player::White, None),
            "no coach for the computer"
        );
        assert!(
            !Seats::default().coached(Player::Black, None),
            "hot seat: off unless asked"
        );
        let asked = Seats {
            coach: [Coaching::On, Coaching::Off],
            ..Seats::default()
        };
        assert!(asked.coached(Player::Black, None) && !asked.coached(Player::White, None));
        let mut refused = against(Level::Beginner);
        refused.coach[0] = Coaching::Off;
        assert!(!refused.coached(Player::Black, None));
        // A kiosk follows its profile, whatever the settings say.
        assert!(!against(Level::Casual).coached(Player::Black, Some(false)));
        assert!(against(Level::Strong).coached(Player::Black, Some(true)));
        assert!(
            !Seats::default().coached(Player::Black, Some(true)),
            "two visitors: none"
        );
    }
}
