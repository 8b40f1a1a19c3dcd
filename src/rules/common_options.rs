//! The options every game shares (who moves first, the turn cap, the no-progress draw): their
//! descriptions once, and how a game's `set` hands them over.

use super::game::{OptionError, parse_colour, parse_ply_cap, parse_turns};
use super::player::Player;

/// An option's name and the values it takes, for help and error messages.
pub type Description = (&'static str, &'static str);

/// `first_player`, where Black moves first by default.
pub const BLACK_FIRST: Description = ("first_player", "black (default) or white");
/// `first_player`, where White moves first by default.
pub const WHITE_FIRST: Description = ("first_player", "white (default) or black");
/// `ply_cap`, the turn cap of every game.
pub const PLY_CAP: Description = ("ply_cap", "turns before a draw, 1000 by default");
/// `no_capture_turns`, the no-progress draw.
pub const NO_CAPTURE_TURNS: Description = (
    "no_capture_turns",
    "turns without a capture before a draw, 0 for never, 300 by default",
);

/// The shared options of one game's options, to be set by name.
pub struct Common<'a> {
    /// Who moves first.
    pub first_player: &'a mut Player,
    /// The turn cap.
    pub ply_cap: &'a mut u32,
    /// The no-progress draw, for the games that have it.
    pub no_capture_turns: Option<&'a mut u32>,
}

impl<'a> Common<'a> {
    /// A game's shared options (`no_capture_turns` for the games with the no-progress draw).
    pub fn of(
        first_player: &'a mut Player,
        ply_cap: &'a mut u32,
        no_capture_turns: Option<&'a mut u32>,
    ) -> Common<'a> {
        Common {
            first_player,
            ply_cap,
            no_capture_turns,
        }
    }

    /// Sets `name` if it is one of these options; `None` when it is not (the game's own option,
    /// or no option at all).
    pub fn set(self, name: &str, value: &str) -> Option<Result<(), OptionError>> {
        Some(match name {
            "first_player" => put(self.first_player, parse_colour(name, value)),
            "ply_cap" => put(self.ply_cap, parse_ply_cap(value)),
            "no_capture_turns" => put(self.no_capture_turns?, parse_turns(name, value)),
            _ => return None,
        })
    }
}

/// Puts a value read into its option.
fn put<T>(option: &mut T, read: Result<T, OptionError>) -> Result<(), OptionError> {
    *option = read?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shared_option_is_set_and_another_is_left_to_the_game() {
        let (mut first, mut cap, mut turns) = (Player::Black, 1000, 300);
        let set = Common::of(&mut first, &mut cap, Some(&mut turns)).set("ply_cap", "50");
        assert!(matches!(set, Some(Ok(()))));
        assert_eq!(cap, 50);
        let bad = Common::of(&mut first, &mut cap, None).set("no_capture_turns", "5");
        assert!(bad.is_none(), "a game without the draw has no such option");
        assert!(
            Common::of(&mut first, &mut cap, None)
                .set("a1_colour", "black")
                .is_none()
        );
        let refused = Common::of(&mut first, &mut cap, None).set("first_player", "red");
        assert!(matches!(refused, Some(Err(_))));
        assert_eq!(first, Player::Black);
    }
}
