//! Grabber's options: who removes first, the colour on a1, how many removals, the turn cap.

use serde::{Deserialize, Serialize};

use crate::rules::common_options::{Common, Description, PLY_CAP, WHITE_FIRST};
use crate::rules::game::{DEFAULT_PLY_CAP, GameOptions, OptionError, parse_colour};
use crate::rules::player::Player;

/// Grabber's options (the spec's table). The board size is not an option: the game id names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct GrabberOptions {
    /// The player to move in the start position.
    pub first_player: Player,
    /// The colour of the man on a1 in the start position.
    pub a1_colour: Player,
    /// Removal turns per player (1 or 2): the capture phase starts at twice this ply.
    pub removals_per_player: u8,
    /// The game is a draw once the ply reaches this.
    pub ply_cap: u32,
}

impl Default for GrabberOptions {
    fn default() -> Self {
        GrabberOptions {
            first_player: Player::White,
            a1_colour: Player::White,
            removals_per_player: 2,
            ply_cap: DEFAULT_PLY_CAP,
        }
    }
}

impl GameOptions for GrabberOptions {
    const DESCRIPTIONS: &'static [Description] = &[
        WHITE_FIRST,
        (
            "a1_colour",
            "white (default) or black: the man on a1 at the start",
        ),
        ("removals_per_player", "2 (default) or 1"),
        PLY_CAP,
    ];

    fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        let common = Common::of(&mut self.first_player, &mut self.ply_cap, None);
        if let Some(set) = common.set(name, value) {
            return set;
        }
        match name {
            "a1_colour" => self.a1_colour = parse_colour(name, value)?,
            "removals_per_player" => {
                self.removals_per_player = match value {
                    "1" => 1,
                    "2" => 2,
                    _ => {
                        return Err(OptionError::Value {
                            name: name.into(),
                            value: value.into(),
                            expected: "1 or 2",
                        });
                    }
                }
            }
            _ => {
                return Err(OptionError::unknown(name, Self::DESCRIPTIONS));
            }
        }
        Ok(())
    }

    fn ply_cap(&self) -> u32 {
        self.ply_cap
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_set_by_name_and_checked() {
        let o = GrabberOptions::default()
            .with_settings([
                "first_player=black",
                "a1_colour=black",
                "removals_per_player=1",
            ])
            .unwrap();
        assert_eq!(
            (o.first_player, o.a1_colour, o.removals_per_player),
            (Player::Black, Player::Black, 1)
        );
        let d = GrabberOptions::default();
        assert_eq!(d.first_player, Player::White);
        assert!(d.with_settings(["removals_per_player=3"]).is_err());
        assert!(d.with_settings(["size=6"]).is_err());
    }
}
